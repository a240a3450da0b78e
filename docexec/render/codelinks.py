"""codelinks: every torch name in a page's executed code, and in its inline code, links to the reference.

The page process said which spans of a block's code name which public torch object
(:mod:`docexec.execute.names`, from the page's own namespace: ``x.retain_grad`` is
``torch.Tensor.retain_grad`` because ``x`` is a tensor). Here each highlighted block of the
page's HTML is matched to its block by its text, and each such span (a whole Pygments token or
chain of tokens) is wrapped in a plain ``<a>`` to its page in torch's reference, so copying the
code still copies plain text and nothing is requested at read time. Inline code in prose that is
a ``torch.…`` or ``Tensor.…`` name links the same way, outside headings and links. Only names in
torch-api.yml link (:mod:`docexec.page.reference`); a name of the code that is not there is
reported with its ``file:line``.

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

_PRE = re.compile(r"(<pre\b[^>]*>)(.*?)(</pre>)", re.S)
_TOKEN = re.compile(r"<[^>]*>|[^<]+")
PROSE = re.compile(r"^(?:torch(?:\.[A-Za-z]\w*)+|Tensor\.[A-Za-z]\w*)(?:\(\))?$")


def _text(fragment: str) -> str:
    return htmllib.unescape(re.sub(r"<[^>]*>", "", fragment))


def shown(runs: Sequence[tuple[Block, Outcome]]) -> list[tuple[Block, Outcome]]:
    """The blocks whose code the page shows and names torch objects: not inline values, not a
    hidden helper's (``source="none"``, the graph drawer): the links' and the API index's."""
    return [(b, o) for b, o in runs if o.names and not b.inline and b.options.get("source") != "none"]


def link_blocks(page_html: str, runs: Sequence[tuple[Block, Outcome]], lang: str | None, urls: dict[str, str],
                base: str) -> tuple[str, list[tuple[str, Block]], list[str]]:
    """``page_html`` with the named spans of each executed block linked; the names used (with
    their block), and a message for each name that is not in ``urls``."""
    wanted = shown(runs)
    used: list[tuple[str, Block]] = []
    unknown: list[str] = []
    for block, outcome in wanted:
        for line, _, _, name in outcome.names:
            used.append((name, block))
            if name not in urls and not any(f"`{name}`" in m for m in unknown):  # once a page
                unknown.append(f"{block.where(line)}: `{name}` is not in torch-api.yml, the names the site links"
                               f" to: run `make api-names`, and review the page it gives the name")
    if not wanted:
        return page_html, used, unknown
    texts = [_shown(block, lang) for block, _ in wanted]
    position = 0

    def link(match: re.Match) -> str:
        nonlocal position
        text = _text(match[2]).rstrip("\n")
        for k in range(position, len(wanted)):
            code, line_map, raw = texts[k]
            if text == code:
                position = k + 1
                spans = [(at, _column(raw[at - 1], start), _column(raw[at - 1], end), name)
                         for line, start, end, name in wanted[k][1].names
                         if 0 < line <= len(line_map) and (at := line_map[line - 1]) is not None and urls.get(name)]
                return match[1] + _wrap(match[2], spans, urls, base) + match[3]
        return match[0]

    return _PRE.sub(link, page_html), used, unknown


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


def _wrap(inner: str, spans: Sequence[tuple[int | None, int, int, str]], urls: dict[str, str], base: str) -> str:
    """Pygments' HTML of one block with each (line, start, end) span wrapped in a link, where the
    span starts and ends at whole tokens (each name is a token of its own ``<span>``)."""
    tokens = _TOKEN.findall(inner)
    starts: dict[tuple[int, int], int] = {}  # (line, column) of a text token -> index of the tag opening it
    ends: dict[tuple[int, int], int] = {}  # (line, column) after a text token -> index of the tag closing it
    line, col = 1, 0
    for i, token in enumerate(tokens):
        if token.startswith("<"):
            continue
        text = htmllib.unescape(token)
        if i > 0 and tokens[i - 1].startswith("<span") and i + 1 < len(tokens) and tokens[i + 1] == "</span>" \
                and "\n" not in text:
            starts[(line, col)] = i - 1
            ends[(line, col + len(text))] = i + 1
        for ch in text:
            line, col = (line + 1, 0) if ch == "\n" else (line, col + 1)
    before: dict[int, str] = {}
    after: dict[int, str] = {}
    for span_line, start, end, name in spans:
        if span_line is None:
            continue
        a, b = starts.get((span_line, start)), ends.get((span_line, end))
        if a is None or b is None or a in before or b in after or b < a:
            continue
        before[a], after[b] = _anchor(name, urls, base), "</a>"
    return "".join(before.get(i, "") + t + after.get(i, "") for i, t in enumerate(tokens))


def link_prose(page_html: str, urls: dict[str, str], base: str) -> tuple[str, list[str]]:
    """Inline code outside headings, links and code blocks that is a torch name linked to its
    page; every such name found (linked or not: ``make api-names`` adds the real ones)."""
    found: list[str] = []
    out: list[str] = []
    blocked = 0  # inside <a>, <h1>-<h6> or <pre>
    tokens = _TOKEN.findall(page_html)
    i = 0
    while i < len(tokens):
        token = tokens[i]
        tag = re.match(r"<(/?)(a|h[1-6]|pre)\b", token)
        if tag:
            blocked += -1 if tag[1] else (0 if token.endswith("/>") else 1)
        if (token == "<code>" and not blocked and i + 2 < len(tokens) and tokens[i + 2] == "</code>"
                and PROSE.match(text := htmllib.unescape(tokens[i + 1]))):
            name = text.removesuffix("()")
            name = f"torch.{name}" if name.startswith("Tensor.") else name
            found.append(name)
            if urls.get(name):
                out.append(_anchor(name, urls, base) + "".join(tokens[i:i + 3]) + "</a>")
                i += 3
                continue
        out.append(token)
        i += 1
    return "".join(out), found
