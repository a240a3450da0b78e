"""docexec: run a page's Python blocks like a notebook, for the build and the doc tests.

This is the only build-integration module of the site. MkDocs loads it as a hook
(``hooks:`` in ``mkdocs.yml``) and ``tests/conftest.py`` feeds the very same
functions to pytest-markdown-docs, so a block means the same thing in both.

A page's blocks
---------------
Every fenced ``python`` block (at any indentation: inside content tabs and
admonitions too) is executed, unless its fence says ``exec="off"``. Options::

    ```python                        run, show the code and its output as text
    ```python raises="RuntimeError"  must raise RuntimeError; the output shows
                                     ``RuntimeError: <message>`` like a REPL
    ```python source="tabbed-left"   markdown-exec's source placement
    ```python exec="off"             shown, never run (pseudo-code)
    ```python result="svg" source="none"
                                     the block prints one <svg> element (a
                                     picture drawn at build time), shown as is

A line ``--8<-- "slug/01_name.py"`` inside a block is replaced by that file of
``snippets/`` before the block runs (and that is the code the page shows).

Semantics
---------
* One fresh namespace per page and per language, created when the page is
  rendered: nothing leaks between pages, languages or ``mkdocs serve`` rebuilds.
* Blocks run in document order, seeded (``torch``, ``random``, ``numpy``) per page.
* Warnings are shown in the output, as ``Category: message``, with the
  "(Triggered internally at /path...)" suffix torch adds removed.
* Outputs may not contain memory addresses or paths of the build machine.
* ``DOCEXEC=off`` in the environment renders the code without running it
  (only ``make bench`` uses it, to measure what execution costs).
* Any failure is reported as ``docs/<lang>/<page>.md:<line>: ...`` (and the
  snippet's own file and line), which fails ``mkdocs build --strict``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import logging
import os
import platform
import random
import re
import sys
import traceback
import types
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent  # paths in messages are shown relative to this
SNIPPETS = ROOT / "snippets"  # the build takes it from pymdownx.snippets' base_path
EXEC_LANGS = {"python", "py"}
OPTIONS = {"exec", "raises", "source", "title", "result"}
SOURCES = {"above", "below", "tabbed-left", "tabbed-right", "none"}
RESULTS = {"text", "svg"}

log = logging.getLogger("mkdocs.hooks.docexec")

_FENCE_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^`]*)$")
_SNIPPET = re.compile(r"""^[ \t]*--8<--[ \t]+(["']?)(?P<path>[^"'\s]+)\1[ \t]*$""")
_OPTION = re.compile(r"""([A-Za-z_][\w-]*)=("[^"]*"|'[^']*'|\S+)""")
_ADDRESS = re.compile(r"\bat 0x[0-9a-fA-F]+|\b0x[0-9a-fA-F]{8,}\b")
_TRIGGERED = re.compile(r"\s*\(Triggered internally at [^)]*\)\.?")


class DocExecError(Exception):
    """A block failed; the message starts with ``path:line:``."""


@dataclasses.dataclass
class Block:
    path: str  # page path as shown in messages, e.g. docs/zh/why-grad-none.md
    line: int  # 1-based line of the opening fence in the page file
    end_line: int  # 1-based line of the closing fence
    indent: str
    fence: str
    lang: str
    options: dict[str, str]
    body: str  # the block as written (may hold --8<-- lines)
    code: str = ""  # after snippet expansion
    origins: list[tuple[str, int]] = dataclasses.field(default_factory=list)

    @property
    def executed(self) -> bool:
        return self.options.get("exec", "on").lower() not in {"off", "no", "false", "0"}

    def where(self, code_line: int | None = None) -> str:
        """``page:line`` of the block, plus the snippet line for a line of its code."""
        here = f"{self.path}:{self.line}"
        if code_line is None or not (0 < code_line <= len(self.origins)):
            return here
        origin, line = self.origins[code_line - 1]
        if origin == self.path:
            return f"{origin}:{line}"
        return f"{here} ({origin}:{line})"


def _rel(path: Path | str) -> str:
    path = Path(path).resolve()
    with contextlib.suppress(ValueError):
        return path.relative_to(ROOT).as_posix()
    return path.as_posix()


def parse_options(info: str, where: str) -> tuple[str, dict[str, str]]:
    info = info.strip()
    if info.startswith("{") and info.endswith("}"):  # superfences' {.python key=value}
        info = info[1:-1].strip().lstrip(".")
    lang, _, rest = info.partition(" ")
    options = {k: v.strip("\"'") for k, v in _OPTION.findall(rest)}
    if lang.lower() in EXEC_LANGS:
        leftover = _OPTION.sub("", rest).strip()
        unknown = sorted(set(options) - OPTIONS) + ([leftover] if leftover else [])
        if unknown:
            raise DocExecError(f"{where}: unknown block option(s) {unknown}; known: {sorted(OPTIONS)}")
        if options.get("source", "above") not in SOURCES:
            raise DocExecError(f"{where}: source must be one of {sorted(SOURCES)}")
        if options.get("result", "text") not in RESULTS:
            raise DocExecError(f"{where}: result must be one of {sorted(RESULTS)}")
    return lang.lower(), options


def find_blocks(text: str, path: str, line_offset: int = 0) -> list[Block]:
    """All fenced blocks whose language is python, in document order.

    Fences nested in other fences (a Markdown example showing a fence) are
    skipped; indented fences (tabs, admonitions, lists) are found.
    """
    lines = text.split("\n")
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        m = _FENCE_OPEN.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence = m["indent"], m["fence"]
        where = f"{path}:{i + 1 + line_offset}"
        lang, options = parse_options(m["info"], where)
        close = re.compile(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
        j = i + 1
        while j < len(lines) and not close.match(lines[j]):
            j += 1
        if j == len(lines):
            raise DocExecError(f"{where}: fence {fence} is never closed")
        if lang in EXEC_LANGS:
            body = "\n".join(_dedent(line, indent) for line in lines[i + 1 : j])
            blocks.append(Block(path, i + 1 + line_offset, j + 1 + line_offset, indent, fence, lang, options, body))
        i = j + 1
    return blocks


def _dedent(line: str, indent: str) -> str:
    return line[len(indent) :] if line.startswith(indent) else line.lstrip(" \t")


def expand_snippets(block: Block, base: Path | None = None) -> None:
    """Replace ``--8<-- "file"`` lines by the file's text; remember each line's origin."""
    base = base or SNIPPETS
    code: list[str] = []
    origins: list[tuple[str, int]] = []
    for n, line in enumerate(block.body.split("\n"), start=1):
        m = _SNIPPET.match(line)
        if not m:
            code.append(line)
            origins.append((block.path, block.line + n))
            continue
        target = base / m["path"]
        if not target.is_file():
            raise DocExecError(
                f"{block.path}:{block.line + n}: snippet {m['path']!r} not found (looked in {_rel(base)}/)"
            )
        snippet_lines = target.read_text("utf8").rstrip("\n").split("\n")
        code.extend(snippet_lines)
        origins.extend((_rel(target), k) for k in range(1, len(snippet_lines) + 1))
    block.code = "\n".join(code)
    block.origins = origins


# --------------------------------------------------------------------------- running


class PageRun:
    """The namespace of one page in one language: a fresh, seeded notebook."""

    def __init__(self, path: str) -> None:
        self.path = path
        module = types.ModuleType("__page__")
        self.namespace = module.__dict__
        self.namespace["__file__"] = path
        random.seed(0)
        with contextlib.suppress(ImportError):
            import numpy

            numpy.random.seed(0)
        with contextlib.suppress(ImportError):
            import torch

            torch.manual_seed(0)

    def run(self, block: Block) -> str:
        """Run one block; return its output text or raise DocExecError."""
        expected = block.options.get("raises")
        filename = f"<docexec {block.path}:{block.line}>"
        buffer = io.StringIO()

        def show(message, category, filename, lineno, file=None, line=None):  # noqa: ARG001
            text = _TRIGGERED.sub("", str(message))
            buffer.write(f"{category.__name__}: {text}\n")

        error: BaseException | None = None
        try:
            compiled = compile(block.code, filename, "exec", dont_inherit=True)
        except SyntaxError as exc:
            raise DocExecError(f"{block.where(exc.lineno)}: SyntaxError: {exc.msg}") from None
        with warnings.catch_warnings(), contextlib.redirect_stdout(buffer):
            warnings.simplefilter("always")
            warnings.showwarning = show
            try:
                exec(compiled, self.namespace)  # noqa: S102
            except Exception as exc:  # noqa: BLE001
                error = exc
        output = buffer.getvalue()

        if error is None and expected:
            raise DocExecError(f"{block.where()}: expected {expected} but the block raised nothing")
        if error is not None:
            line = _error_line(error, filename)
            kind = type(error).__name__
            if not expected:
                detail = "".join(traceback.format_exception_only(type(error), error)).strip()
                raise DocExecError(f"{block.where(line)}: unexpected {detail}") from error
            if expected not in {cls.__name__ for cls in type(error).__mro__}:
                raise DocExecError(
                    f"{block.where(line)}: expected {expected} but the block raised {kind}: {error}"
                ) from error
            output += f"{kind}: {_TRIGGERED.sub('', str(error))}\n"
        check_output(block, output)
        if block.options.get("result") == "svg" and not re.fullmatch(r"\s*<svg\b.*</svg>\s*", output, re.S):
            raise DocExecError(f"{block.where()}: result=\"svg\" but the block did not print one <svg> element")
        return output.rstrip("\n")


def _error_line(error: BaseException, filename: str) -> int | None:
    line = None
    for frame in traceback.extract_tb(error.__traceback__):
        if frame.filename == filename:
            line = frame.lineno
    return line


def check_output(block: Block, output: str) -> None:
    if m := _ADDRESS.search(output):
        raise DocExecError(f"{block.where()}: output shows a memory address ({m.group(0)!r}); print something stable")
    for prefix in {str(ROOT), sys.prefix, str(Path.home())}:
        if prefix and prefix in output:
            raise DocExecError(f"{block.where()}: output shows a path of this machine ({prefix})")


def run_page(text: str, path: str, line_offset: int = 0) -> list[tuple[Block, str]]:
    """Run every executed block of a page in one fresh namespace (the doc tests use this)."""
    page = PageRun(path)
    blocks = [b for b in find_blocks(text, path, line_offset) if b.executed]
    for b in blocks:
        expand_snippets(b)
    return [(b, page.run(b)) for b in blocks]


# --------------------------------------------------------------------------- rendering


def render(block: Block, output: str | None) -> str:
    """Markdown for a block: its code, then its output as a text block (markdown-exec's layout)."""
    from markdown_exec import add_source, code_block

    title = {"title": block.options["title"]} if "title" in block.options else {}
    if output is None:
        return code_block(block.lang, block.code, **title)
    location = block.options.get("source", "above")
    if not output:
        return "" if location == "none" else code_block(block.lang, block.code, **title)
    if block.options.get("result") == "svg":  # a picture the block printed (e.g. a grad_fn graph)
        svg = "\n".join(line for line in output.split("\n") if line.strip())
        result = f'<figure class="docexec-figure">\n{svg}\n</figure>'
    else:
        result = f"````````{{.text .docexec-output}}\n{output}\n````````"
    if location == "none":
        return result
    return add_source(
        source=block.code,
        location=location,
        output=result,
        language=block.lang,
        tabs=("Code", "Output"),
        **title,
    )


def rewrite(text: str, path: str, line_offset: int, errors: list[str]) -> str:
    """Execute a page's blocks and return its Markdown with code + output in their place."""
    lines = text.split("\n")
    execute = os.environ.get("DOCEXEC", "on") != "off"  # off: show code only (benchmark)
    page = PageRun(path) if execute else None
    try:
        blocks = find_blocks(text, path, line_offset)
    except DocExecError as exc:
        errors.append(str(exc))
        return text
    rendered: dict[int, str] = {}
    for block in blocks:
        output: str | None = None
        try:
            expand_snippets(block)
            if block.executed and page is not None:
                output = page.run(block)
        except DocExecError as exc:  # logged as an error (strict build fails), shown on the page
            errors.append(str(exc))
            block.code = block.code or "# (this block could not be prepared)"
            output = f"docexec error: {exc}"
        rendered[block.line] = render(block, output)
    for block in reversed(blocks):
        start, end = block.line - 1 - line_offset, block.end_line - line_offset
        body = rendered[block.line].split("\n")
        lines[start:end] = [(block.indent + line) if line.strip() else "" for line in body]
    return "\n".join(lines)


# --------------------------------------------------------------------------- MkDocs hooks

_LINK = re.compile(r"\]\((?P<target>[^)\s#]+\.md)(?:#[^)\s]*)?\)")


def versions() -> dict[str, str]:
    """Versions the outputs were produced with (read without importing torch)."""
    from importlib.metadata import version

    return {"torch": version("torch"), "python": platform.python_version()}


def configure(config_file: str | Path, mdx_configs: dict | None = None) -> None:
    """Project root = the folder of mkdocs.yml; snippets = pymdownx.snippets' base_path.

    The build calls this from ``on_config``, the doc tests with the mkdocs.yml
    above the page, so both expand ``--8<--`` from the same folder.
    """
    global ROOT, SNIPPETS  # noqa: PLW0603
    ROOT = Path(config_file).resolve().parent
    if mdx_configs is None:
        from mkdocs.utils.yaml import yaml_load

        with open(config_file, encoding="utf8") as f:
            extensions = yaml_load(f).get("markdown_extensions", [])
        mdx_configs = {}
        for ext in extensions:
            if isinstance(ext, dict):
                mdx_configs.update(ext)
    base = (mdx_configs.get("pymdownx.snippets") or {}).get("base_path", ["snippets"])
    SNIPPETS = ROOT / (base[0] if isinstance(base, list) else base)


def on_config(config, **kwargs):  # noqa: ARG001
    configure(config.config_file_path, config.mdx_configs)
    config.extra["versions"] = versions()  # shown in every page's footer
    return config


def on_page_markdown(markdown: str, page, config, files, **kwargs):  # noqa: ARG001
    src = Path(page.file.abs_src_path)
    path = _rel(src)
    offset = front_matter_lines(src.read_text("utf-8-sig")) if src.is_file() else 0
    errors: list[str] = []
    check_links(markdown, src, path, offset, errors)
    result = rewrite(markdown, path, offset, errors)
    for message in errors:
        log.error(message)
    return result


def front_matter_lines(raw: str) -> int:
    """How many lines MkDocs strips from the top of a page (YAML front matter)."""
    from mkdocs.utils.meta import YAML_RE

    m = YAML_RE.match(raw)
    if not m:
        return 0
    rest = raw[m.end() :]
    return raw[: m.end()].count("\n") + len(rest) - len(rest.lstrip("\n"))


def check_links(markdown: str, src: Path, path: str, offset: int, errors: list[str]) -> None:
    """Relative links to pages that do not exist, with the line they are on."""
    in_fence = False
    for n, line in enumerate(markdown.split("\n"), start=1 + offset):
        if _FENCE_OPEN.match(line) or line.strip().startswith(("```", "~~~")):
            in_fence = not in_fence
        if in_fence:
            continue
        for m in _LINK.finditer(line):
            target = m["target"]
            if "://" in target:
                continue
            if not (src.parent / target).is_file():
                errors.append(f"{path}:{n}: link to {target!r}, which does not exist")


if __name__ == "__main__":  # python docexec.py docs/zh/page.md: run a page's blocks
    for arg in sys.argv[1:]:
        for b, out in run_page(Path(arg).read_text("utf8"), _rel(arg)):
            print(f"--- {b.where()}\n{out}")
