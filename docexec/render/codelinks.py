"""codelinks: every torch name in a page's executed code, and in its inline code, links to the reference.

The page process said which spans of a block's code name which public torch object
(:mod:`docexec.execute.names`, from the page's own namespace: ``x.retain_grad`` is
``torch.Tensor.retain_grad`` because ``x`` is a tensor). Here each highlighted block (``<pre>``)
of the page's HTML (:mod:`~docexec.render.html_walk`: one token each, its own HTML then cut into
light pieces) is matched to its block by its text, and each such span (a whole Pygments token or chain of tokens) is wrapped in a plain
``<a>`` to its page in torch's reference, so copying the code still copies plain text and nothing
is requested at read time. Inline code in prose that is a ``torch.…`` or ``Tensor.…`` name links
the same way, outside headings and links. Only names in torch-api.yml link
(:mod:`docexec.page.reference`); a name of the code that is not there is reported with its ``file:line``.

May not touch: execution, Markdown, other pages. Input: a page's HTML and its run; output: HTML.
"""

from __future__ import annotations

import html as htmllib
import re
from collections.abc import Sequence

from docexec.execute.outcome import Outcome
from docexec.execute.screen import visible
from docexec.page.blocks import Block
from docexec.page.snippets import for_language, shown_lines
from docexec.render import html_walk
from docexec.render.html_walk import COMMENT, END, HEADINGS, START, TEXT, Token

PROSE = re.compile(r"^(?:torch(?:\.[A-Za-z]\w*)+|Tensor\.[A-Za-z]\w*)(?:\(\))?$")


def shown(runs: Sequence[tuple[Block, Outcome]]) -> list[tuple[Block, Outcome]]:
    """The blocks whose code the page shows and names torch objects: not inline values, not a
    hidden helper's (``source="none"``, the graph drawer): the links' and the API index's."""
    return [(b, o) for b, o in runs if o.names and not b.inline and b.options.get("source") != "none"]


def link_page(page_html: str, runs: Sequence[tuple[Block, Outcome]], lang: str | None, urls: dict[str, str],
              base: str) -> tuple[str, list[tuple[str, Block]], list[str], list[str]]:
    """The build's pass, in one walk of the page: :func:`link_blocks` and :func:`link_prose`
    (the links do not overlap: prose code is outside ``<pre>``). Returns the HTML, the names
    used in code (with their block), the messages of names not in ``urls``, the prose's names."""
    tokens = html_walk.walk(page_html, _PRE)
    edits, used, unknown = _block_links(tokens, runs, lang, urls, base)
    prose, found = _prose_links(tokens, page_html, urls, base)
    return html_walk.splice(page_html, edits + prose), used, unknown, found


def link_blocks(page_html: str, runs: Sequence[tuple[Block, Outcome]], lang: str | None, urls: dict[str, str],
                base: str) -> tuple[str, list[tuple[str, Block]], list[str]]:
    """``page_html`` with the named spans of each executed block linked; the names used (with
    their block), and a message for each name that is not in ``urls``."""
    edits, used, unknown = _block_links(html_walk.walk(page_html, _PRE), runs, lang, urls, base)
    return html_walk.splice(page_html, edits), used, unknown


# The page is walked with each code block as one token (most of a page's tokens are a code block's
# highlighting); a block's own HTML is then cut into light pieces (html_walk.pieces), only there.
_PRE = frozenset({"pre"})


def _block_links(tokens: list[Token], runs: Sequence[tuple[Block, Outcome]], lang: str | None, urls: dict[str, str],
                 base: str) -> tuple[list[tuple[int, int, str]], list[tuple[str, Block]], list[str]]:
    wanted = shown(runs)
    used: list[tuple[str, Block]] = []
    unknown: list[str] = []
    for block, outcome in wanted:
        for line, _, _, name in outcome.names:
            used.append((name, block))
            if name not in urls and not any(f"`{name}`" in m for m in unknown):  # once a page
                unknown.append(f"{block.where(line)}: `{name}` is not in torch-api.yml, the names the site links"
                               f" to: run `make api-names`, and review the page it gives the name")
    edits: list[tuple[int, int, str]] = []
    if not wanted:
        return edits, used, unknown
    texts = [_shown(block, lang) for block, _ in wanted]
    position = 0
    for pre in tokens:
        if pre.kind != COMMENT or pre.raw[:4].lower() != "<pre":  # a code block, one token of the walk
            continue
        inner = _pieces(pre.raw)
        text = "".join(data for kind, _, _, data in inner if kind == TEXT).rstrip("\n")
        for k in range(position, len(wanted)):
            code, line_map, raw = texts[k]
            if text == code:
                position = k + 1
                spans = [(at, _column(raw[at - 1], start), _column(raw[at - 1], end), name)
                         for line, start, end, name in wanted[k][1].names
                         if 0 < line <= len(line_map) and (at := line_map[line - 1]) is not None and urls.get(name)]
                edits += [(pre.start + a, pre.start + b, new) for a, b, new in _wrap(pre.raw, inner, spans, urls, base)]
                break
    return edits, used, unknown


def _pieces(pre: str) -> list[html_walk.Piece]:
    """What is inside one ``<pre>`` element (its HTML as written), as light pieces."""
    light = html_walk.pieces(pre)
    if light is None:  # not regular HTML: the walk's tokens, as pieces
        light = [(t.kind, t.start, t.end, t.tag if t.kind in (START, END) else t.data) for t in html_walk.walk(pre)]
    first = next((i for i, p in enumerate(light) if p[0] == START and p[3] == "pre"), 0)
    last = max((i for i, p in enumerate(light) if p[0] == END and p[3] == "pre"), default=len(light))
    return light[first + 1:last]


def _shown(block: Block, lang: str | None) -> tuple[str, list[int | None], list[str]]:
    """The block's code as its page shows it, the 1-based line there of each of its lines, and
    the shown lines before control characters became escapes (a span's columns are theirs)."""
    from docexec.render.rendering import shown_text

    lines = [None if m is None else m + 1 for m in shown_lines(block.code, lang)]
    return shown_text(block.code, lang).rstrip("\n"), lines, for_language(block.code, lang).split("\n")


def _column(line: str, column: int) -> int:
    """A column of ``line`` in the line as shown, where a control character is its escape."""
    return len(visible(line[:column]))


def _anchor(name: str, urls: dict[str, str], base: str) -> str:
    return f'<a class="docexec-api" href="{htmllib.escape(base + urls[name])}" title="{name}">'


def _wrap(html: str, pieces: Sequence[html_walk.Piece], spans: Sequence[tuple[int | None, int, int, str]],
          urls: dict[str, str], base: str) -> list[tuple[int, int, str]]:
    """The edits of ``html`` (one block's highlighted code) that wrap each (line, start, end) span
    of its ``pieces`` in a link, where the span starts and ends at whole tokens (each name is a
    ``<span>`` of its own)."""
    starts: dict[tuple[int, int], int] = {}  # (line, column) of a text piece -> index of the tag opening it
    ends: dict[tuple[int, int], int] = {}  # (line, column) after a text piece -> index of the tag closing it
    line, col = 1, 0
    last = len(pieces) - 1
    for i, (kind, _, _, data) in enumerate(pieces):
        if kind != TEXT:
            continue
        newlines = data.count("\n")
        if not newlines and 0 < i < last and pieces[i - 1][0] == START and pieces[i - 1][3] == "span" \
                and pieces[i + 1][0] == END and pieces[i + 1][3] == "span":
            starts[(line, col)] = i - 1
            ends[(line, col + len(data))] = i + 1
        line, col = (line + newlines, len(data) - data.rfind("\n") - 1) if newlines else (line, col + len(data))
    before: dict[int, str] = {}
    after: dict[int, str] = {}
    for span_line, start, end, name in spans:
        if span_line is None:
            continue
        a, b = starts.get((span_line, start)), ends.get((span_line, end))
        if a is None or b is None or a in before or b in after or b < a:
            continue
        before[a], after[b] = _anchor(name, urls, base), "</a>"
    return [(pieces[i][1], pieces[i][2], before.get(i, "") + html[pieces[i][1]:pieces[i][2]] + after.get(i, ""))
            for i in sorted({*before, *after})]


def link_prose(page_html: str, urls: dict[str, str], base: str) -> tuple[str, list[str]]:
    """Inline code outside headings, links and code blocks that is a torch name linked to its
    page; every such name found (linked or not: ``make api-names`` adds the real ones)."""
    edits, found = _prose_links(html_walk.walk(page_html), page_html, urls, base)
    return html_walk.splice(page_html, edits), found


def _prose_links(tokens: list[Token], page_html: str, urls: dict[str, str],
                 base: str) -> tuple[list[tuple[int, int, str]], list[str]]:
    found: list[str] = []
    edits: list[tuple[int, int, str]] = []
    for i, token in enumerate(tokens[:-2]):
        text, end = tokens[i + 1], tokens[i + 2]
        if (token.is_tag(START, "code") and not token.attrs and text.kind == TEXT and end.is_tag(END, "code")
                and not token.inside("a", "pre", *HEADINGS) and PROSE.match(text.data)):
            name = text.data.removesuffix("()")
            name = f"torch.{name}" if name.startswith("Tensor.") else name
            found.append(name)
            if urls.get(name):
                edits.append((token.start, end.end, _anchor(name, urls, base) + page_html[token.start:end.end] + "</a>"))
    return edits, found
