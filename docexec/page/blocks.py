"""blocks: find a page's fenced Python blocks and inline values, and read its front matter.

Input is a page's Markdown text; output is a list of :class:`Block` (where it is, its options,
its code with each line's origin, snippets expanded by :mod:`docexec.page.snippets`). Every
``python`` fence is found, at any indentation (content tabs, admonitions, lists), but not one
inside another fence; its info string is read by :mod:`docexec.page.options`. An inline value,
`` `{python} x.grad` ``, is evaluated where it stands. :func:`prepare` is what the build runs: a
block that cannot run (a bad option or snippet, a non-ASCII name) is named, not run.

May not touch: execution, rendering, MkDocs. Reads only the page text and snippets.
"""

from __future__ import annotations

import dataclasses
import io
import re
import tokenize
import unicodedata

from docexec.core import errors
from docexec.core.errors import DocExecError
from docexec.page.options import EXEC_LANGS, read_options
from docexec.page.snippets import SNIPPET_LINE, expand_snippets

INLINE = "inline"  # Block.lang of an inline value
INLINE_VALUE = re.compile(r"(?<!`)`\{python\}[ \t]+(?P<expr>[^`\n]+?)[ \t]*`(?!`)")
FENCE_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^`]*)$")


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


PREDICT_KEY = "predict: "  # a question's snapshot entry (choices, answer): its block's key after this


def snapshot_keys(blocks: list[Block]) -> list[str]:
    """The ids of a page's executed items (its snapshot's keys, :mod:`docexec.checks.snapshot`; an
    output's report link names its block so), the same in both languages and stable when a block
    is added elsewhere: the snippets a block includes, ``inline: <expression>``, or
    ``code: <first line>``; a repeated id gets `` #2``, `` #3``."""
    out: list[str] = []
    seen: dict[str, int] = {}
    for block in blocks:
        if block.inline:
            k = f"inline: {block.code}"
        elif "localized" in block.options:  # prints words for the reader in the page's language
            k = f"localized: {block.options['localized']}"
        else:
            includes = [m["path"] for line in block.body.split("\n") if (m := SNIPPET_LINE.match(line))]
            first = next((line.strip() for line in block.code.split("\n") if line.strip()), "")
            k = " + ".join(includes) if includes else f"code: {first[:60]}"
        seen[k] = seen.get(k, 0) + 1
        out.append(k if seen[k] == 1 else f"{k} #{seen[k]}")
    return out


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
