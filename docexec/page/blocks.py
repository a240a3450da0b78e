"""blocks: find a page's fenced Python blocks and read their options and front matter.

Input is a page's Markdown text; output is a list of :class:`Block` (where it is, its options,
its code with each line's origin, snippets expanded by :mod:`docexec.page.snippets`). Every
``python`` fence is found, at any indentation (content tabs, admonitions, lists); ``pycon`` is
refused unless ``exec="off"``, so nothing that looks like code is shown unrun by accident. An
inline value, `` `{python} x.grad` ``, is evaluated where it stands. Every option and what it
does: AUTHORING.md ("Block options"); a wrong one fails, naming the known ones.

May not touch: execution, rendering, MkDocs. Reads only the page text and snippets.
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import io
import re
import tokenize
import unicodedata

from docexec.core import errors, settings
from docexec.core.errors import DocExecError
from docexec.core.settings import MAX_OUTPUT
from docexec.page.snippets import expand_snippets

EXEC_LANGS = {"python", "py", "python3", "py3", "ipython"}
REFUSED_LANGS = {"pycon"}  # a transcript: its ">>>" lines are not a program; say so
OPTIONS = {"exec", "raises", "source", "title", "result", "timeout", "variable", "localized", "max_output", "memory"}
INLINE = "inline"  # Block.lang of an inline value
INLINE_VALUE = re.compile(r"(?<!`)`\{python\}[ \t]+(?P<expr>[^`\n]+?)[ \t]*`(?!`)")
SOURCES = {"above", "below", "tabbed-left", "tabbed-right", "none"}
RESULTS = {"text", "svg", "backward"}

FENCE_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^`]*)$")
_EXCEPTION_NAME = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
_OPTION = re.compile(r"""([A-Za-z_][\w-]*)=("[^"]*"|'[^']*'|\S+)""")


@dataclasses.dataclass
class Block:
    path: str  # page path as shown in messages, e.g. docs/zh/autograd/why-grad-none.md
    line: int  # 1-based line of the opening fence in the page file
    end_line: int  # 1-based line of the closing fence
    indent: str
    fence: str
    lang: str
    options: dict[str, str]
    body: str  # the block as written (may hold --8<-- lines)
    code: str = ""  # after snippet expansion
    origins: list[tuple[str, int]] = dataclasses.field(default_factory=list)
    column: int = 0  # inline values: 0-based column of the opening backtick in its line

    @property
    def inline(self) -> bool:
        return self.lang == INLINE

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
    """A fence's language and options; a DocExecError naming every bad option (one line each)."""
    lang, options, problems = read_options(info, where)
    if problems:
        raise DocExecError("\n".join(problems))
    return lang, options


def read_options(info: str, where: str) -> tuple[str, dict[str, str], list[str]]:
    """A fence's language, options and a message for each bad option (all of them, each at ``where``)."""
    info = info.strip()
    if info.startswith("{") and info.endswith("}"):  # superfences' {.python key=value}
        info = info[1:-1].strip().lstrip(".")
    lang, _, rest = info.partition(" ")
    options = {k: v.strip("\"'") for k, v in _OPTION.findall(rest)}
    problems: list[str] = []
    if lang.lower() in REFUSED_LANGS and options.get("exec", "on").lower() not in {"off", "no", "false", "0"}:
        problems.append(f"{where}: ```{lang} blocks (REPL transcripts) are not run; write the code as a ```python"
                        " block (the build shows its output), or add exec=\"off\" to show it unrun")
    if lang.lower() in EXEC_LANGS:
        problems += _option_problems(options, _OPTION.sub("", rest).strip(), where)
    return lang.lower(), options, problems


def _option_problems(options: dict[str, str], leftover: str, where: str) -> list[str]:
    problems = []
    unknown = sorted(set(options) - OPTIONS) + ([leftover] if leftover else [])
    if unknown:
        problems.append(f"{where}: unknown block option(s) {unknown}; known: {sorted(OPTIONS)}")
    if options.get("source", "above") not in SOURCES:
        problems.append(f"{where}: source must be one of {sorted(SOURCES)}")
    if options.get("result", "text") not in RESULTS:
        problems.append(f"{where}: result must be one of {sorted(RESULTS)}")
    if "raises" in options and not _EXCEPTION_NAME.fullmatch(options["raises"]):
        problems.append(f"{where}: raises={options['raises']!r} is not an exception class name")
    elif "raises" in options and "." not in options["raises"]:
        cls = getattr(builtins, options["raises"], None)
        if not (isinstance(cls, type) and issubclass(cls, BaseException)):
            problems.append(f"{where}: raises={options['raises']!r} is not a builtin exception"
                            " (name one like RuntimeError, or torch's as torch.<name>)")
    if "timeout" in options:
        most = settings.current().max_timeout
        if not 0 < _number(options["timeout"]) <= most:
            problems.append(f"{where}: timeout must be a number of seconds in (0, {most:g}]")
    if "max_output" in options and not (options["max_output"].isdigit() and 0 < int(options["max_output"]) <= MAX_OUTPUT):
        problems.append(f"{where}: max_output must be a whole number of characters in (0, {MAX_OUTPUT:,}]")
    if "memory" in options:
        gib, default = _number(options["memory"]), settings.current().memory_limit
        if not 0 < gib <= 64:
            problems.append(f"{where}: memory must be a number of GiB in (0, 64] (the page's limit for all its blocks)")
        elif gib < default:
            problems.append(f"{where}: memory=\"{options['memory']}\" is below the default of {default:g} GiB: memory="
                            f" can only raise a page's limit (one for all its blocks), never lower it; leave it out,"
                            f" or give a number of GiB in [{default:g}, 64]")
    return problems


def _number(text: str) -> float:
    with contextlib.suppress(ValueError):
        return float(text)
    return -1.0


def ascii_names(block: Block) -> None:
    """A DocExecError at the line of a name in the block's code that is not ASCII, naming its code point
    (``tоrch``, a Cyrillic ``о``, reads as ``torch``); strings and comments may hold any text."""
    if block.code.isascii():
        return
    try:
        for token in tokenize.generate_tokens(io.StringIO(block.code).readline):
            if token.type == tokenize.NAME and not token.string.isascii():
                char = next(c for c in token.string if not c.isascii())
                raise DocExecError(
                    f"{block.where(token.start[0] if not block.inline else None)}: the name {token.string!r} holds"
                    f" U+{ord(char):04X} ({unicodedata.name(char, 'unnamed')}), not an ASCII letter: a name that looks"
                    f" like another misleads the reader (write names in ASCII; strings and comments may hold any text)")
    except (tokenize.TokenError, SyntaxError):
        return  # not Python: compiling it says so


def find_blocks(text: str, path: str, line_offset: int = 0, problems: dict[int, list[str]] | None = None) -> list[Block]:
    """All fenced blocks whose language is python, in document order: indented ones (tabs,
    admonitions, lists) too, not those inside another fence. Every bad option goes into
    ``problems`` by its fence's line (its block is still returned); without it, a DocExecError names them all."""
    found: dict[int, list[str]] = {} if problems is None else problems
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
        lang, options, bad = read_options(m["info"], where)
        if bad:
            found[i + 1 + line_offset] = bad
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
    if problems is None and found:
        raise DocExecError("\n".join(message for messages in found.values() for message in messages))
    return blocks


def _dedent(line: str, indent: str) -> str:
    return line[len(indent) :] if line.startswith(indent) else line.lstrip(" \t")


def fenced_lines(lines: list[str]) -> set[int]:
    """0-based indexes of the lines inside any fence (the fence lines included)."""
    fenced: set[int] = set()
    fence: str | None = None
    for i, line in enumerate(lines):
        if fence is None and (m := FENCE_OPEN.match(line)):
            fence = m["fence"]
            fenced.add(i)
        elif fence is not None:
            fenced.add(i)
            if re.match(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$", line):
                fence = None
    return fenced


def find_inline(text: str, path: str, line_offset: int = 0) -> list[Block]:
    """The page's inline values, `` `{python} expr` `` in prose (not inside any fence), in order."""
    lines = text.split("\n")
    fenced = fenced_lines(lines)
    found: list[Block] = []
    for i, line in enumerate(lines):
        if i in fenced:
            continue
        for v in INLINE_VALUE.finditer(line):
            n = i + 1 + line_offset
            found.append(Block(path, n, n, "", "", INLINE, {}, v["expr"], v["expr"], [], v.start()))
    return found


def python_lines(text: str, path: str, line_offset: int = 0) -> set[int]:
    """The 1-based lines of the page's python blocks, fences included (none if a fence is broken:
    :func:`prepare` reports that)."""
    try:
        return {n for b in find_blocks(text, path, line_offset, {}) for n in range(b.line, b.end_line + 1)}
    except DocExecError:
        return set()


def prepare(text: str, path: str, line_offset: int) -> tuple[list[Block], dict[int, str]]:
    """The page's blocks and inline values in document order, snippets expanded; ``{line: message}``
    for the blocks that cannot run. A broken fence is reported (and no block returned)."""
    bad: dict[int, list[str]] = {}  # each fence's bad options: its block does not run
    try:
        blocks = sorted(find_blocks(text, path, line_offset, bad) + find_inline(text, path, line_offset),
                        key=lambda b: (b.line, b.column))
    except DocExecError as exc:
        errors.report(exc)
        return [], {}
    python = {b.line for b in blocks if not b.inline}
    for message in (m for line, messages in bad.items() if line not in python for m in messages):
        errors.report(message)  # a fence that is not python (pycon): shown as written
    broken: dict[int, str] = {line: "\n".join(messages) for line, messages in bad.items() if line in python}
    for block in (b for b in blocks if not b.inline and b.line not in broken):
        try:
            expand_snippets(block)
            if block.executed:  # also checked in the page process, for every runner (docexec.execute.run)
                ascii_names(block)
            if re.search(r"^[ \t]*`{8,}", block.code, re.M):
                raise DocExecError(f"{block.where()}: the code holds a line of 8 or more backticks, which would"
                                   " end the code block early; write it another way")
        except DocExecError as exc:
            broken[block.line] = str(exc)
    return blocks, broken


def executed_blocks(text: str, path: str, line_offset: int = 0) -> list[Block]:
    """A page's blocks that run and its inline values, snippets expanded, in order (what the
    doc tests run; the build runs the same through :func:`prepare`)."""
    blocks = sorted([b for b in find_blocks(text, path, line_offset) if b.executed] + find_inline(text, path, line_offset),
                    key=lambda b: (b.line, b.column))
    for b in blocks:
        if not b.inline:
            expand_snippets(b)
    return blocks


def front_matter(raw: str, path: str) -> tuple[int, str | None]:
    """(lines MkDocs strips from the top of the page, an error if its front matter is broken).

    The count is taken from MkDocs' own reader, so block line numbers stay right also when
    the front matter is malformed (MkDocs then keeps it as page text).
    """
    import yaml
    from mkdocs.utils.meta import YAML_RE, get_data

    doc, _ = get_data(raw)
    offset = raw[: len(raw) - len(doc)].count("\n")
    m = YAML_RE.match(raw)
    if offset or not m:
        return offset, None
    try:
        data = yaml.safe_load(m.group(1))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 2 if mark is not None else 1  # + the opening '---' line, 1-based
        problem = getattr(exc, "problem", None) or str(exc).split("\n")[0]
        return 0, f"{path}:{line}: front matter is not valid YAML: {problem}"
    if not isinstance(data, dict):
        return 0, f"{path}:2: front matter must be 'key: value' lines (got {type(data).__name__})"
    return 0, None


def page_body(raw: str, path: str) -> tuple[str, int, str | None]:
    """(the Markdown MkDocs renders, the lines stripped above it, a front-matter error or None)."""
    offset, problem = front_matter(raw, path)
    return (raw.split("\n", offset)[-1] if offset else raw), offset, problem


def front_matter_lines(raw: str) -> int:
    """How many lines MkDocs strips from the top of a page (YAML front matter)."""
    return front_matter(raw, "<page>")[0]
