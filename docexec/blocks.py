"""blocks: find a page's fenced Python blocks, read their options, expand their snippets.

Input is a page's Markdown text; output is a list of :class:`Block` (where it is, its
options, its code with each line's origin). Every fenced ``python`` block is found, at
any indentation (content tabs, admonitions, lists). Options::

    ```python                        run, show the code and its output as text
    ```python raises="RuntimeError"  must raise RuntimeError; the output shows
                                     ``RuntimeError: <message>`` like a REPL
    ```python source="tabbed-left"   markdown-exec's source placement
    ```python exec="off"             shown, never run (pseudo-code)
    ```python result="svg" source="none"
                                     the block prints one <svg> element (a
                                     picture drawn at build time), shown as is

A line ``--8<-- "slug/01_name.py"`` inside a block is replaced by that file of
``snippets/`` (the code the page shows and runs).

May not touch: execution, rendering, MkDocs. Reads only the page text and snippets.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from docexec import project
from docexec.project import DocExecError

EXEC_LANGS = {"python", "py"}
OPTIONS = {"exec", "raises", "source", "title", "result"}
SOURCES = {"above", "below", "tabbed-left", "tabbed-right", "none"}
RESULTS = {"text", "svg"}

FENCE_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^`]*)$")
SNIPPET_LINE = re.compile(r"""^[ \t]*--8<--[ \t]+(["']?)(?P<path>[^"'\s]+)\1[ \t]*$""")
_OPTION = re.compile(r"""([A-Za-z_][\w-]*)=("[^"]*"|'[^']*'|\S+)""")


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
        m = FENCE_OPEN.match(lines[i])
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
    base = base or project.SNIPPETS
    code: list[str] = []
    origins: list[tuple[str, int]] = []
    for n, line in enumerate(block.body.split("\n"), start=1):
        m = SNIPPET_LINE.match(line)
        if not m:
            code.append(line)
            origins.append((block.path, block.line + n))
            continue
        target = base / m["path"]
        if not target.is_file():
            raise DocExecError(
                f"{block.path}:{block.line + n}: snippet {m['path']!r} not found (looked in {project.rel(base)}/)"
            )
        snippet_lines = target.read_text("utf8").rstrip("\n").split("\n")
        code.extend(snippet_lines)
        origins.extend((project.rel(target), k) for k in range(1, len(snippet_lines) + 1))
    block.code = "\n".join(code)
    block.origins = origins


def front_matter_lines(raw: str) -> int:
    """How many lines MkDocs strips from the top of a page (YAML front matter)."""
    from mkdocs.utils.meta import YAML_RE

    m = YAML_RE.match(raw)
    if not m:
        return 0
    rest = raw[m.end() :]
    return raw[: m.end()].count("\n") + len(rest) - len(rest.lstrip("\n"))
