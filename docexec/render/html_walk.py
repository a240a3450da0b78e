"""html_walk: a page's HTML as one flat list of tokens (tags, text, comments), each with its place.

The stages that rewrite a page's HTML (tooltips, codelinks, the practice pages) walk this list
instead of matching HTML with regular expressions of their own: it is read by the standard
library's ``html.parser``, as Material's search plugin reads pages, so a ``>`` in a quoted
attribute, a comment, an entity, ``<script>`` text, ``<br/>`` or ``<CODE>`` mean what they mean.
Each token keeps its exact slice of the source (the slices joined are the HTML, byte for byte),
the elements open around it (:meth:`Token.inside`) and, for a tag, the other tag of its pair; a
rewrite names the slices it replaces (:func:`splice`), so what it leaves alone stays as it was.

May not touch: anything but the string it is given (files, settings, MkDocs objects, execution).
"""

from __future__ import annotations

import dataclasses
import functools
import html as htmllib
import re
from collections.abc import Iterable
from html.parser import HTMLParser

START, END, TEXT, COMMENT, OTHER = "start", "end", "text", "comment", "other"  # OTHER: <!doctype>, <?x>, "</>"
HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
                  "source", "track", "wbr"})  # elements without content or end tag


@dataclasses.dataclass(eq=False, slots=True)
class Token:
    """One tag, run of text, comment or declaration, at ``html[start:end] == raw``."""

    kind: str
    start: int
    end: int
    raw: str
    tag: str = ""  # START and END: the element's name, in lower case
    attrs: tuple[tuple[str, str | None], ...] = ()  # START: names in lower case, values with entities resolved
    data: str = ""  # TEXT: the text, entities resolved (inside <script> and <style>: as written)
    parents: tuple[Token, ...] = ()  # the START tokens of the elements open around it, outermost first
    pair: int = -1  # START: the index of the END closing it; END: of the START it closes; -1: none
    empty: bool = False  # START: void (<br>) or self-closing (<x/>): no content, no END

    def attr(self, name: str) -> str | None:
        return next((value for key, value in self.attrs if key == name), None)

    def has(self, name: str) -> bool:
        return any(key == name for key, _ in self.attrs)

    @property
    def classes(self) -> list[str]:
        return (self.attr("class") or "").split()

    def inside(self, *tags: str) -> bool:
        """Whether an element named one of ``tags`` is open around this token."""
        return any(parent.tag in tags for parent in self.parents)

    def is_tag(self, kind: str, *tags: str) -> bool:
        return self.kind == kind and self.tag in tags

    def value_span(self, name: str) -> tuple[int, int] | None:
        """Where the value of this START tag's attribute ``name`` is in the source, quotes left
        out (``None``: no such attribute, or none with a value)."""
        return next(((a, b) for key, a, b in _attribute_spans(self) if key == name and b >= a), None)


class _Parser(HTMLParser):
    def __init__(self, source: str) -> None:
        super().__init__(convert_charrefs=True)
        self.lines = [0]  # the offset at which each line starts (getpos() gives line and column)
        while (at := source.find("\n", self.lines[-1])) >= 0:
            self.lines.append(at + 1)
        self.events: list[tuple[str, int, str, tuple[tuple[str, str | None], ...], str, bool]] = []

    def _add(self, kind: str, tag: str = "", attrs: tuple = (), value: str = "", empty: bool = False) -> None:
        line, column = self.getpos()  # where the token starts
        self.events.append((kind, self.lines[line - 1] + column, tag, attrs, value, empty))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._add(START, tag, tuple(attrs), self.get_starttag_text() or "", tag in VOID)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._add(START, tag, tuple(attrs), self.get_starttag_text() or "", True)

    def handle_endtag(self, tag: str) -> None:
        self._add(END, tag)

    def handle_data(self, data: str) -> None:
        self._add(TEXT, value=data)

    def handle_comment(self, data: str) -> None:  # noqa: ARG002 -- html.parser calls it so
        self._add(COMMENT)

    def handle_decl(self, decl: str) -> None:  # noqa: ARG002 -- html.parser calls it so
        self._add(OTHER)

    def handle_pi(self, data: str) -> None:  # noqa: ARG002 -- html.parser calls it so
        self._add(OTHER)

    def unknown_decl(self, data: str) -> None:  # noqa: ARG002 -- html.parser calls it so
        self._add(OTHER)


# The HTML a Markdown page becomes is regular: tags, comments, text, <script> text. Such HTML is
# cut into pieces by these expressions and each tag read with html.parser's own expressions, as
# html.parser reads it, several times faster (measured on the site's pages: PERFORMANCE.md);
# anything else (a declaration, a processing instruction, a tag html.parser would read its own
# way) is read by html.parser itself. tests/test_html_walk.py compares the two on every page.
_PIECE = re.compile(r"<!--(?s:.*?)-->|<!(?i:doctype)[^>]*>|</[A-Za-z][^>]*>|<[A-Za-z](?:[^>\"']|\"[^\"]*\"|'[^']*')*>|<[A-Za-z!?/]|[^<]+|<")
_END = re.compile(r"</([A-Za-z][^\s/>]*)\s*>\Z")
_RAW_TEXT = frozenset({"script", "style"})
# html.parser's own expressions for a start tag's name and attributes (module names, untyped)
_TAG_NAME: re.Pattern[str] = getattr(__import__("html.parser").parser, "tagfind_tolerant")  # noqa: B009
_ATTRIBUTE: re.Pattern[str] = getattr(__import__("html.parser").parser, "attrfind_tolerant")  # noqa: B009


@functools.lru_cache(maxsize=4096)  # a page repeats a few tags (<span class="n">) hundreds of times
def _start_tag(piece: str) -> tuple[str, tuple[tuple[str, str | None], ...], bool] | None:
    """(name, attributes, self-closing) of a start tag, read as html.parser's parse_starttag reads it."""
    m = _TAG_NAME.match(piece, 1)
    if m is None:
        return None
    tag, k, attrs = m.group(1).lower(), m.end(), []
    while (m := _ATTRIBUTE.match(piece, k)) and m.end() > k:
        name, rest, written = m.group(1, 2, 3)
        value: str | None = None
        if rest:
            value = written[1:-1] if written[:1] == "'" == written[-1:] or written[:1] == '"' == written[-1:] else written
        attrs.append((name.lower(), htmllib.unescape(value) if value else value))
        k = m.end()
    end = piece[k:].strip()
    return (tag, tuple(attrs), end == "/>") if end in (">", "/>") else None


def _regular_events(html: str) -> list[tuple] | None:
    """The events html.parser would report for ``html``, or None where it is not regular HTML."""
    events: list[tuple] = []
    raw_until = 0  # inside <script> or <style>: its text is read as it is, up to its end tag
    for m in _PIECE.finditer(html):
        piece, start = m.group(), m.start()
        if start < raw_until:
            continue
        if piece[0] != "<" or piece == "<":
            events.append((TEXT, start, "", (), htmllib.unescape(piece), False))
        elif piece.startswith("<!--"):
            events.append((COMMENT, start, "", (), "", False))
        elif piece.startswith("<!") and piece.endswith(">") and len(piece) > 9:  # <!doctype ...>
            events.append((OTHER, start, "", (), "", False))
        elif piece[1] == "/" and (end := _END.match(piece)) is not None:
            events.append((END, start, end[1].lower(), (), "", False))
        elif piece[-1] == ">" and piece[1] != "/" and (tag := _start_tag(piece)) is not None:
            name, attrs, closed = tag
            events.append((START, start, name, attrs, piece, closed or name in VOID))
            if name in _RAW_TEXT and not closed:
                close = re.compile(rf"</{name}(?=[\t\n\r\f />])", re.I).search(html, m.end())
                if close is None:
                    return None
                if close.start() > m.end():
                    events.append((TEXT, m.end(), "", (), html[m.end():close.start()], False))
                raw_until = close.start()
        else:  # a declaration, a processing instruction, a tag html.parser reads its own way
            return None
    return events


def _parsed_events(html: str) -> tuple[list[tuple], int]:
    """html.parser's events for ``html``, and how much of it it parsed."""
    parser = _Parser(html)
    parser.feed(html)
    parser.close()
    return parser.events, len(html) - len(parser.rawdata)  # what is left: the text of a <script> never closed


def _masked(html: str, skip: frozenset[str]) -> str:
    """``html`` with each element named in ``skip`` (its tags and content) turned into a comment of
    the same length: a caller that never looks inside them (tooltips: code blocks, pictures) walks
    past them as one token (a code block is most of a page's tokens)."""
    pattern = _SKIPPED.get(skip)
    if pattern is None:
        names = "|".join(sorted(skip))
        pattern = _SKIPPED[skip] = re.compile(rf"<({names})(?=[\s>/])[^>]*>.*?</\1\s*>", re.S | re.I)
    return pattern.sub(lambda m: "<!--" + " " * (len(m.group()) - 7) + "-->", html)


_SKIPPED: dict[frozenset[str], re.Pattern[str]] = {}


def walk(html: str, skip: frozenset[str] = frozenset()) -> list[Token]:
    """Every token of ``html`` in order; their ``raw`` joined is ``html``.

    Nesting as browsers mostly read it: an end tag closes the latest open element of its name
    and whatever is still open inside it; an end tag nothing opened closes nothing. Each element
    named in ``skip`` (that does not nest in itself: ``pre``, ``svg``) is one COMMENT token whose
    ``raw`` is the element as written."""
    source, html = html, _masked(html, skip) if skip else html
    regular = _regular_events(html)
    events, parsed = (regular, len(html)) if regular is not None else _parsed_events(html)
    events.append((OTHER, parsed, "", (), "", False))  # where the parsed part ends
    tokens: list[Token] = []
    stack: list[int] = []  # the indices of the open START tokens
    parents: tuple[Token, ...] = ()
    at = 0  # where the last token ends
    for n in range(len(events) - 1):
        kind, start, tag, attrs, value, empty = events[n]
        if start > at:  # a piece the parser reported nothing for (a stray "</>")
            tokens.append(Token(OTHER, at, start, html[at:start], parents=parents))
        if kind == START:
            at = start + len(value)
            tokens.append(Token(START, start, at, value, tag, attrs, parents=parents, empty=empty))
            if not empty:
                stack.append(len(tokens) - 1)
                parents = (*parents, tokens[-1])
            continue
        if kind != END:
            at = events[n + 1][1]
            if kind == TEXT and tokens and tokens[-1].kind == TEXT:  # one run of text ("a < b")
                last = tokens[-1]
                last.end, last.raw, last.data = at, html[last.start:at], last.data + value
            else:
                tokens.append(Token(kind, start, at, html[start:at], data=value, parents=parents))
            continue
        opened = len(stack) - 1
        while opened >= 0 and tokens[stack[opened]].tag != tag:
            opened -= 1
        if opened >= 0:
            first = stack[opened]
            del stack[opened:]
            parents = parents[:opened]
        end = html.find(">", start) + 1
        at = end if start < end <= events[n + 1][1] else events[n + 1][1]
        tokens.append(Token(END, start, at, html[start:at], tag, parents=parents))
        if opened >= 0:
            tokens[first].pair, tokens[-1].pair = len(tokens) - 1, first
    if at < parsed:
        tokens.append(Token(OTHER, at, parsed, html[at:parsed], parents=parents))
    if parsed < len(html):
        tokens.append(Token(TEXT, parsed, len(html), html[parsed:], data=html[parsed:], parents=parents))
    if source is not html:  # the skipped elements' tokens: their text as written
        for token in tokens:
            if token.kind == COMMENT and token.raw != source[token.start:token.end]:
                token.raw = source[token.start:token.end]
    return tokens


Piece = tuple[str, int, int, str]  # (kind, start, end, START/END: the tag's name, TEXT: the text) of :func:`pieces`


def pieces(html: str) -> list[Piece] | None:
    """``html`` as :func:`walk` cuts it, lighter: each tag by its name only (attributes not read),
    each run of text joined and its entities resolved, comments as COMMENT; no nesting. None where
    the HTML is not regular (a declaration, ``<script>``, a tag html.parser reads its own way):
    :func:`walk` reads that. For a code block, whose highlighted HTML is hundreds of ``<span>``
    tags (codelinks: a fourth of what walking it costs)."""
    out: list[Piece] = []
    for m in _PIECE.finditer(html):
        piece, start, end = m.group(), m.start(), m.end()
        if piece[0] != "<" or piece == "<":
            data = htmllib.unescape(piece) if "&" in piece else piece
            if out and out[-1][0] == TEXT:  # one run of text ("a < b"), as walk joins it
                out[-1] = (TEXT, out[-1][1], end, out[-1][3] + data)
            else:
                out.append((TEXT, start, end, data))
        elif piece.startswith("<!--"):
            out.append((COMMENT, start, end, ""))
        elif piece[1] == "/" and (close := _END.match(piece)) is not None:
            out.append((END, start, end, close[1].lower()))
        elif piece[-1] == ">" and piece[1] not in "/!" and (tag := _start_tag(piece)) is not None \
                and tag[0] not in _RAW_TEXT:
            out.append((START, start, end, tag[0]))
        else:
            return None
    return out


def text(tokens: Iterable[Token]) -> str:
    """The text of ``tokens``, entities resolved, tags and comments left out."""
    return "".join(token.data for token in tokens if token.kind == TEXT)


def splice(html: str, edits: Iterable[tuple[int, int, str]]) -> str:
    """``html`` with the slice of each edit ``(start, end, text)`` replaced by its text (edits
    may not overlap; insertions at one place keep their order)."""
    out: list[str] = []
    last = 0
    for start, end, new in sorted(edits, key=lambda edit: (edit[0], edit[1])):
        if start < last:
            raise ValueError(f"overlapping edits of the HTML at {start}")
        out += [html[last:start], new]
        last = end
    out.append(html[last:])
    return "".join(out)


def _attribute_spans(token: Token) -> list[tuple[str, int, int]]:
    """Each attribute of a START tag as (name, where its value starts, ends) in the source; a
    value-less attribute ends before it starts. Read as html.parser reads attributes, and
    nothing when the two disagree (a tag too broken to rewrite)."""
    raw, found = token.raw, []
    i = 1
    while i < len(raw) and not raw[i].isspace() and raw[i] not in "/>":  # the tag's name
        i += 1
    while True:
        while i < len(raw) and (raw[i].isspace() or (raw[i] == "/" and not raw.startswith("/>", i))):
            i += 1
        if i >= len(raw) or raw[i] == ">" or raw.startswith("/>", i):
            break
        name = i
        i += 1  # a name may start with "="
        while i < len(raw) and not raw[i].isspace() and raw[i] not in "/=>":
            i += 1
        key, j = raw[name:i].lower(), i
        while j < len(raw) and raw[j].isspace():
            j += 1
        if not raw.startswith("=", j):
            found.append((key, i, i - 1))
            continue
        while j < len(raw) and (raw[j].isspace() or raw[j] == "="):
            j += 1
        if raw[j:j + 1] in ("'", '"'):
            close = raw.find(raw[j], j + 1)
            if close < 0:
                return []
            found.append((key, j + 1, close))
            i = close + 1
        else:
            i = j
            while i < len(raw) and not raw[i].isspace() and raw[i] != ">":
                i += 1
            found.append((key, j, i))
    if [key for key, _, _ in found] != [key for key, _ in token.attrs]:
        return []
    return [(key, token.start + a, token.start + b) for key, a, b in found]
