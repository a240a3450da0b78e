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

Sections below: parsing, running, rendering, the MkDocs hooks, then "math" (TeX to
MathML at build time), "search" (jieba dictionary from the glossary), "glossary"
(the glossary page from glossary.yml) and "notebooks" (notebook pages run with the
same semantics).
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

from mkdocs.plugins import event_priority

ROOT = Path(__file__).resolve().parent  # paths in messages are shown relative to this
SNIPPETS = ROOT / "snippets"  # the build takes it from pymdownx.snippets' base_path
EXEC_LANGS = {"python", "py"}
OPTIONS = {"exec", "raises", "source", "title", "result"}
SOURCES = {"above", "below", "tabbed-left", "tabbed-right", "none"}
RESULTS = {"text", "svg"}
TAB_TITLES = {"zh": ("代码", "输出"), "en": ("Code", "Output")}  # source="tabbed-*", by docs/<lang>/

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


def _scratch_dir() -> Path:
    """A per-checkout temporary folder for generated build inputs (never committed)."""
    import hashlib
    import tempfile

    return Path(tempfile.gettempdir()) / f"autograd-notes-{hashlib.sha1(str(ROOT).encode()).hexdigest()[:10]}"


def executing() -> bool:
    """False under ``DOCEXEC=off``: pages and notebooks show code only (``make bench``)."""
    return os.environ.get("DOCEXEC", "on") != "off"


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


def executed_blocks(text: str, path: str, line_offset: int = 0) -> list[Block]:
    """A page's blocks that run, snippets expanded, in order (what the doc tests run)."""
    blocks = [b for b in find_blocks(text, path, line_offset) if b.executed]
    for b in blocks:
        expand_snippets(b)
    return blocks


def run_page(text: str, path: str, line_offset: int = 0) -> list[tuple[Block, str]]:
    """Run every executed block of a page in one fresh namespace."""
    page = PageRun(path)
    return [(b, page.run(b)) for b in executed_blocks(text, path, line_offset)]


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
        tabs=TAB_TITLES.get(block.path.split("/")[1] if block.path.startswith("docs/") else "", ("Code", "Output")),
        **title,
    )


def rewrite(text: str, path: str, line_offset: int, errors: list[str]) -> str:
    """Execute a page's blocks and return its Markdown with code + output in their place."""
    lines = text.split("\n")
    page = PageRun(path) if executing() else None
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
    configure_search(config)  # glossary terms -> jieba user dictionary (see "# --- search")
    return config


def on_page_markdown(markdown: str, page, config, files, **kwargs):  # noqa: ARG001
    if page.file.src_uri.endswith(".ipynb"):  # notebooks run in on_files ("# --- notebooks")
        return markdown
    src = Path(page.file.abs_src_path)
    path = _rel(src)
    offset = front_matter_lines(src.read_text("utf-8-sig")) if src.is_file() else 0
    errors: list[str] = []
    markdown = insert_glossary(markdown, path, errors)
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


# --- math ---------------------------------------------------------------------------
# $...$ and $$...$$ (pymdownx.arithmatex, generic mode) become MathML when the site is
# built (latex2mathml), which browsers render natively: no JavaScript, no CDN, no fonts
# to fetch. A formula latex2mathml cannot convert fails the build with the page's path.

_MATH = re.compile(
    r'<(?P<tag>span|div) class="arithmatex">\s*(?:\\\((?P<inline>.*?)\\\)|\\\[(?P<display>.*?)\\\])\s*</(?P=tag)>',
    re.S,
)


def tex_to_mathml(tex: str, display: bool = False) -> str:
    """One TeX formula as a ``<math>`` element (``display="block"`` for display math)."""
    from html import escape

    from latex2mathml.converter import convert

    mathml = convert(tex.strip(), display="block" if display else "inline")
    # alttext keeps the TeX source with the formula
    return mathml.replace("<math ", f'<math alttext="{escape(tex.strip(), quote=True)}" ', 1)


def render_math(html: str, path: str = "<page>", errors: list[str] | None = None) -> str:
    """Replace arithmatex's ``\\(...\\)`` / ``\\[...\\]`` wrappers in a page's HTML by MathML."""
    from html import unescape

    def replace(m: re.Match) -> str:
        display = m["display"] is not None
        tex = unescape(m["display"] if display else m["inline"])
        try:
            return tex_to_mathml(tex, display)
        except Exception as exc:  # noqa: BLE001 -- latex2mathml raises many kinds
            message = f"{path}: math: cannot convert {tex!r}: {type(exc).__name__}: {exc}"
            if errors is None:
                raise DocExecError(message) from exc
            errors.append(message)
            return m.group(0)

    return _MATH.sub(replace, html) if "arithmatex" in html else html


def on_page_content(html: str, page, config, files, **kwargs):  # noqa: ARG001
    errors: list[str] = []
    html = render_math(html, _rel(page.file.abs_src_path), errors)
    boost_explaining_page(page)  # "# --- search"
    for message in errors:
        log.error(message)
    return html


# --- search -------------------------------------------------------------------------
# Material's search plugin segments Chinese text with jieba when it builds the index.
# The glossary's Chinese terms (glossary.yml) go into a jieba user dictionary, written
# at build time into a temporary folder (never committed), so that 叶子张量, 计算图 or
# 向量-雅可比积 stay one word in the index and a search for them finds them whole.


def jieba_user_words(terms: list[dict] | None = None) -> list[str]:
    """The Chinese glossary terms (and their other names), longest first, no duplicates."""
    terms = glossary_terms() if terms is None else terms
    words: set[str] = set()
    for t in terms:
        for word in [t["zh"], *t.get("aka_zh", [])]:
            word = word.strip()
            if word and re.search(r"[\u4e00-\u9fff]", word) and not re.search(r"\s", word):
                words.add(word)
            # Material hands jieba only runs of Han characters: 向量-雅可比积 arrives as
            # 向量 and 雅可比积, so each run of a mixed term is a word of its own too.
            words.update(run for run in re.findall(r"[\u4e00-\u9fff]+", word) if len(run) > 1)
    return sorted(words, key=lambda w: (-len(w), w))


def write_jieba_user_dict(words: list[str], folder: Path | None = None) -> Path:
    """Write jieba's user-dictionary format (one word a line) and return the file."""
    folder = folder or _scratch_dir() / "search"
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / "jieba_user_dict.txt"
    text = "".join(f"{w}\n" for w in words)
    if not target.is_file() or target.read_text("utf8") != text:
        tmp = target.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(text, "utf8")
        os.replace(tmp, target)  # parallel builds never see half a file
    return target


EXPLAINING_PAGES: set[str] = set()  # glossary "page" values, relative to docs/<lang>/
EXPLAINING_BOOST = 2.0


def boost_explaining_page(page) -> None:
    """Rank a page the glossary names as a term's explanation above pages that only use it.

    (Material's search boost, set unless the page's front matter sets its own.)
    """
    rel = Path(page.file.src_uri).parts
    rel = "/".join(rel[1:] if rel and rel[0] in GLOSSARY_LANGS else rel)
    if rel in EXPLAINING_PAGES and "boost" not in (page.meta.get("search") or {}):
        page.meta["search"] = {**(page.meta.get("search") or {}), "boost": EXPLAINING_BOOST}


def configure_search(config) -> None:
    """Point the search plugin at the glossary's jieba dictionary (called by on_config)."""
    plugin = config.plugins.get("material/search") or config.plugins.get("search")
    if plugin is None or not (ROOT / GLOSSARY_FILE).is_file():
        return
    try:
        words = jieba_user_words()
    except Exception as exc:  # noqa: BLE001 -- also yaml's errors: report, do not crash
        log.error(f"{GLOSSARY_FILE}: search dictionary: {type(exc).__name__}: {exc}")
        return
    path = write_jieba_user_dict(words)
    EXPLAINING_PAGES.clear()
    EXPLAINING_PAGES.update(t["page"] for t in glossary_terms())
    plugin.config.jieba_dict_user = str(path)
    # The search plugin's on_config (which loads jieba_dict_user) ran before this hook's,
    # so load the words into jieba here as well; loading them twice is harmless.
    with contextlib.suppress(ImportError):
        import jieba

        jieba.load_userdict(str(path))


# --- glossary -----------------------------------------------------------------------
# glossary.yml (project root) fixes the zh <-> en terms of the site. A page holding the
# line ``<!-- glossary -->`` gets, in its place, a table of those terms in the page's
# language (docs/zh/... or docs/en/...). glossary_terms() is the list other tools use.

GLOSSARY_FILE = "glossary.yml"
GLOSSARY_MARKER = "<!-- glossary -->"
GLOSSARY_LANGS = ("zh", "en")
_GLOSSARY_REQUIRED = ("zh", "en", "page", "note_zh", "note_en")
_GLOSSARY_HEADERS = {
    "zh": ("术语", "English", "释义", "详见"),
    "en": ("Term", "中文", "Definition", "Explained in"),
}


def glossary_terms(file: str | Path | None = None) -> list[dict]:
    """The entries of glossary.yml, each with every key present.

    Keys: zh, en, page (relative to docs/<lang>/), note_zh, note_en, and the optional
    aka_zh / aka_en (other names, lists) and anchor_zh / anchor_en ("" when absent).
    """
    import yaml

    file = Path(file) if file is not None else ROOT / GLOSSARY_FILE
    data = yaml.safe_load(file.read_text("utf8")) or []
    if not isinstance(data, list):
        raise DocExecError(f"{_rel(file)}: expected a list of entries")
    terms: list[dict] = []
    for n, entry in enumerate(data, start=1):
        missing = [k for k in _GLOSSARY_REQUIRED if not str((entry or {}).get(k, "")).strip()]
        if missing:
            raise DocExecError(f"{_rel(file)}: entry {n} ({entry!r}) lacks {missing}")
        term = {k: str(entry[k]).strip() for k in _GLOSSARY_REQUIRED}
        term["page"], _, anchor = term["page"].partition("#")  # page#anchor: same anchor in both
        for lang in GLOSSARY_LANGS:
            aka = entry.get(f"aka_{lang}") or []
            term[f"aka_{lang}"] = [str(a) for a in ([aka] if isinstance(aka, str) else aka)]
            term[f"anchor_{lang}"] = str(entry.get(f"anchor_{lang}") or anchor).lstrip("#")
        terms.append(term)
    return terms


def page_language(path: str | Path) -> str:
    """``zh`` or ``en``: the folder right under ``docs/`` that holds the page."""
    parts = Path(path).parts
    for i in range(len(parts) - 2, -1, -1):
        if parts[i] == "docs" and parts[i + 1] in GLOSSARY_LANGS:
            return parts[i + 1]
    raise DocExecError(f"{path}: not under docs/zh/ or docs/en/, cannot tell the page's language")


def _page_title(file: Path) -> str | None:
    if not file.is_file():
        return None
    raw = file.read_text("utf-8-sig")
    for line in raw.split("\n")[front_matter_lines(raw) :]:
        if line.startswith("# "):
            return line[2:].strip()
    return None


def glossary_table(path: str | Path, terms: list[dict] | None = None) -> str:
    """The Markdown table of the glossary for the page at ``path`` (its language, its links)."""
    lang = page_language(path)
    other = "en" if lang == "zh" else "zh"
    page = Path(path) if Path(path).is_absolute() else ROOT / path
    parts = page.parts
    lang_root = Path(*parts[: len(parts) - parts[::-1].index(lang)])  # .../docs/<lang>
    terms = glossary_terms() if terms is None else terms

    def cell(text: str) -> str:
        return text.replace("|", "\\|").replace("\n", " ")

    rows = ["| " + " | ".join(_GLOSSARY_HEADERS[lang]) + " |", "|---|---|---|---|"]
    for t in terms:
        target = lang_root / t["page"]
        href = Path(os.path.relpath(target, page.parent)).as_posix()
        if t[f"anchor_{lang}"]:
            href += "#" + t[f"anchor_{lang}"]
        title = _page_title(target) or t["page"]
        name = f"**{t[lang]}**"
        if t[f"aka_{lang}"]:
            name += " (" + ", ".join(t[f"aka_{lang}"]) + ")" if lang == "en" else "（" + "、".join(t[f"aka_{lang}"]) + "）"
        rows.append(f"| {cell(name)} | {cell(t[other])} | {cell(t[f'note_{lang}'])} | [{cell(title)}]({href}) |")
    return "\n".join(rows)


def insert_glossary(markdown: str, path: str, errors: list[str] | None = None) -> str:
    """Replace each ``<!-- glossary -->`` line by the glossary table (called by on_page_markdown)."""
    if GLOSSARY_MARKER not in markdown:
        return markdown
    try:
        table = glossary_table(path)
    except (DocExecError, OSError, ValueError) as exc:
        if errors is None:
            raise
        errors.append(f"{path}: glossary: {exc}")
        return markdown
    lines = markdown.split("\n")
    return "\n".join(table if line.strip() == GLOSSARY_MARKER else line for line in lines)


# --- notebooks ----------------------------------------------------------------------
# docs/<lang>/notebooks/*.ipynb (generated from snippets by tools/make_notebooks.py, no
# outputs) are pages too. They run here with the same semantics as a Markdown page (one
# fresh PageRun, a cell may raise only what its metadata ``docexec.raises`` declares),
# not in a Jupyter kernel; the executed copy, written to a temporary folder, is what
# mkdocs-jupyter renders (``execute: false``) and publishes (``include_source``).
# Messages name a cell as ``docs/zh/notebooks/x.ipynb:<cell number>``.


def notebook_blocks(path: str | Path) -> list[Block]:
    """The code cells of a notebook, as executed blocks (``line`` = 1-based cell number)."""
    import nbformat

    file = Path(path)
    rel = _rel(file)
    notebook = nbformat.reads(file.read_text("utf8"), as_version=4)
    blocks = []
    for n, cell in enumerate(notebook.cells, start=1):
        if cell.cell_type != "code":
            continue
        raises = (cell.metadata.get("docexec") or {}).get("raises")
        block = Block(rel, n, n, "", "", "python", {"raises": raises} if raises else {}, cell.source)
        block.code = cell.source
        block.origins = [(f"{rel} cell {n}", k) for k in range(1, cell.source.count("\n") + 2)]
        blocks.append(block)
    return blocks


def execute_notebook(src: Path, errors: list[str]) -> Path:
    """Run a notebook's cells in one PageRun; write the executed copy and return its path."""
    import nbformat

    notebook = nbformat.reads(src.read_text("utf8"), as_version=4)
    page = PageRun(_rel(src)) if executing() else None
    count = 0
    for block in notebook_blocks(src) if page is not None else []:
        cell = notebook.cells[block.line - 1]
        try:
            output = page.run(block)
        except DocExecError as exc:
            errors.append(str(exc))
            output = f"docexec error: {exc}"
        count += 1
        cell.execution_count = count
        cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=output + "\n")] if output else []
    target = _scratch_dir() / "notebooks" / _rel(src)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(nbformat.writes(notebook) + "\n", "utf8")
    return target


@event_priority(-200)  # after mkdocs-static-i18n's on_files (priority -100)
def on_files(files, config, **kwargs):  # noqa: ARG001
    """Execute the notebook pages and hand the executed copies to mkdocs-jupyter.

    static-i18n rebuilds every file as a plain File after the other plugins, dropping
    mkdocs-jupyter's NotebookFile wrapper (ultrabug/mkdocs-static-i18n#198): wrap them
    again here, keeping the destination and URL i18n gave them.
    """
    jupyter = config.plugins.get("mkdocs-jupyter")
    if jupyter is None:
        return files
    from mkdocs_jupyter.plugin import NotebookFile

    for file in [f for f in files if f.src_uri.endswith(".ipynb") and jupyter.should_include(f)]:
        errors: list[str] = []
        executed = execute_notebook(Path(file.abs_src_path), errors)
        for message in errors:
            log.error(message)
        wrapped = NotebookFile(file, use_directory_urls=config.use_directory_urls, site_dir=config.site_dir)
        wrapped.dest_path, wrapped.abs_dest_path, wrapped.url = file.dest_path, file.abs_dest_path, file.url
        wrapped.abs_src_path = str(executed)
        _complete_alternates(file, files)
        files.remove(file)
        files.append(wrapped)
    return files


_STYLE = re.compile(r"<style[^>]*>.*?</style>", re.S)


def on_post_page(output: str, page, config, **kwargs):  # noqa: ARG001
    """Notebook pages: move nbconvert's inline <style> blocks from the body into <head>.

    Left in the body they apply only once the browser reaches them, after the header has
    been painted, and the page jumps (Lighthouse measured a layout shift of 0.16).
    """
    if not page.file.src_uri.endswith(".ipynb") or "</head>" not in output:
        return output
    head, body = output.split("</head>", 1)
    styles = _STYLE.findall(body)
    return head + "".join(styles) + "</head>" + _STYLE.sub("", body) if styles else output


def _complete_alternates(file, files) -> None:
    """Give a notebook the language-switcher links static-i18n leaves out of some builds.

    (Seen: in the en build the en notebook has no zh alternate, so the switcher led to the
    zh home page.) docs/zh and docs/en are mirrored trees, so the other language's URL is
    this URL under the other language's prefix, read off the home page's alternates.
    """
    alternates = getattr(file, "alternates", None)
    home = next((f for f in files if f.src_uri.split("/", 1)[-1] == "index.md" and len(getattr(f, "alternates", {})) > 1), None)
    if alternates is None or home is None:
        return
    prefixes = {lang: alt.url.removeprefix(".").removeprefix("/") for lang, alt in home.alternates.items()}
    current = next((lang for lang, alt in alternates.items() if alt.url == file.url), None)
    if current not in prefixes or not file.url.startswith(prefixes[current]):
        return
    rest = file.url[len(prefixes[current]) :]
    for lang, prefix in prefixes.items():
        alternates.setdefault(lang, types.SimpleNamespace(url=prefix + rest))


if __name__ == "__main__":  # python docexec.py docs/zh/page.md: run a page's blocks
    for arg in sys.argv[1:]:
        for b, out in run_page(Path(arg).read_text("utf8"), _rel(arg)):
            print(f"--- {b.where()}\n{out}")
