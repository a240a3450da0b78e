"""practice_page: a practice notebook's rendered page (mkdocs-jupyter's HTML) made to work as the site's pages do.

mkdocs-jupyter renders the executed copy (:mod:`docexec.notebooks.practice`) with nbconvert's ids
and the copy's absolute links. Here, walking the page's HTML (:mod:`docexec.render.html_walk`),
each heading takes its explicit anchor as its id, in the HTML and in the table of contents
(:func:`explicit_heading_ids`); links to the published site become relative to the page, so
``mkdocs serve`` and the offline copy stay within themselves (:func:`relative_links`); each
solution section is folded in a ``<details>`` under its heading (:func:`fold_solutions`).

May not touch: execution, files, the executed copy, other pages. Input: a page's HTML (and its
table of contents, which :func:`explicit_heading_ids` renames in place); output: HTML.
"""

from __future__ import annotations

import posixpath
import re
from typing import Any

from docexec.core import settings
from docexec.notebooks.practice import SOLUTION_ID
from docexec.render import html_walk
from docexec.render.html_walk import HEADINGS, START, TEXT, Token

_ANCHOR = re.compile(r"[\w-]+")  # an explicit anchor, as the notebook's heading wrote it


def _only_id(tag: Token) -> bool:
    return [name for name, _ in tag.attrs] == ["id"]


def _link_to(tokens: list[Token], k: int, stop: int) -> bool:
    """Whether ``tokens[k:stop]`` is nbconvert's link to its heading, ``<a class="anchor-link" ...>¶</a>``."""
    link = tokens[k]
    return (link.is_tag(START, "a") and link.pair == stop - 1 and link.attr("class") == "anchor-link"
            and all(t.kind == TEXT for t in tokens[k + 1:stop - 1]))


def explicit_heading_ids(html: str, toc: Any) -> str:
    """A rendered notebook page's headings with their explicit anchors as ids, in the HTML and in
    the page's table of contents (mkdocs-jupyter made them apart, and they did not agree).

    nbconvert wrote ``<h2 id="its-own">Text <a id="anchor"></a><a class="anchor-link" ...>¶</a></h2>``
    (practice._heading_anchors put the empty ``<a id>`` there); it becomes
    ``<h2 id="anchor">Text<a class="anchor-link" href="#anchor">¶</a></h2>``."""
    tokens = html_walk.walk(html)
    renamed: list[tuple[str, str, str]] = []  # (nbconvert's id, the anchor, the title), in page order
    edits: list[tuple[int, int, str]] = []
    for i, heading in enumerate(tokens):
        if not (heading.kind == START and heading.tag in HEADINGS and heading.pair > i and _only_id(heading)):
            continue
        inner = range(i + 1, heading.pair)
        at = next((k for k in inner if tokens[k].is_tag(START, "a") and tokens[k].pair == k + 1 and _only_id(tokens[k])
                   and _ANCHOR.fullmatch(tokens[k].attr("id") or "")
                   and (k + 2 == heading.pair or _link_to(tokens, k + 2, heading.pair))), None)
        if at is None:
            continue
        new = tokens[at].attr("id") or ""
        text = html[heading.end:tokens[at].start].rstrip()
        title = "".join(tokens[k].raw for k in range(i + 1, at) if tokens[k].kind == TEXT).strip()
        renamed.append((heading.attr("id") or "", new, title))
        mark = "" if at + 2 == heading.pair else \
            f'<a class="anchor-link" href="#{new}">{html[tokens[at + 2].end:tokens[heading.pair - 1].start]}</a>'
        edits.append((heading.start, tokens[heading.pair].end, f'<{heading.tag} id="{new}">{text}{mark}</{heading.tag}>'))

    def walk(items: Any) -> None:  # the contents list every heading, in page order; its ids are
        for item in items or []:  # python-markdown's (mkdocs-jupyter converts the notebook to
            if renamed:  # Markdown for it): "_2" for a Chinese heading, not nbconvert's
                _, item.id, item.title = renamed.pop(0)
            walk(item.children)

    html = html_walk.splice(html, edits)
    walk(toc)
    return html


def _is_cell(token: Token) -> bool:
    return token.is_tag(START, "div") and "jp-Cell" in token.classes


def _cell_id(tokens: list[Token], i: int) -> str:
    """The notebook's id of the cell whose ``<div>`` is ``tokens[i]`` (a code cell's is on the
    cell's ``<div>`` right inside its wrapper)."""
    own = tokens[i].attr("id")
    if own is None:
        k = i + 2 if i + 2 < len(tokens) and tokens[i + 1].kind == TEXT and not tokens[i + 1].raw.strip() else i + 1
        own = tokens[k].attr("id") if k < len(tokens) and _is_cell(tokens[k]) else None
    return (own or "").removeprefix("cell-id=")


def _summary(tokens: list[Token], first: int, last: int, html: str) -> str | None:
    """The heading of the cell ``tokens[first:last + 1]`` for a ``<summary>``, without its link
    to itself; ``None`` unless the cell holds one heading."""
    headings = [k for k in range(first, last + 1) if tokens[k].kind == START and tokens[k].tag in HEADINGS]
    if len(headings) != 1 or not _only_id(heading := tokens[k := headings[0]]) or heading.pair < k:
        return None
    end = next((j for j in range(k + 1, heading.pair) if _link_to(tokens, j, heading.pair)), heading.pair)
    start, stop = heading.value_span("id") or (0, 0)
    text = html[heading.end:tokens[end].start].strip()
    return f'<{heading.tag} id="{html[start:stop]}">{text}</{heading.tag}>'


def fold_solutions(html: str) -> str:
    """A rendered practice page with each solution section (cells whose id ends in
    ``-solution``) in a ``<details class="docexec-solution">``, its heading as the summary."""
    if SOLUTION_ID not in html:  # no solution on the page: nothing to walk
        return html
    tokens = html_walk.walk(html)
    cells: list[tuple[int, int, bool]] = []  # the notebook's cells (the outermost): first token, last token, solution
    for i, token in enumerate(tokens):
        if _is_cell(token) and not any(_is_cell(parent) for parent in token.parents):
            cells.append((i, token.pair if token.pair > i else len(tokens) - 1, _cell_id(tokens, i).endswith(SOLUTION_ID)))
    parts: list[str] = []
    last = 0
    k = 0
    while k < len(cells):
        if not cells[k][2]:
            k += 1
            continue
        group: list[tuple[int, int]] = []
        while k < len(cells) and cells[k][2]:
            group.append((tokens[cells[k][0]].start, tokens[cells[k][1]].end))
            k += 1
        summary = _summary(tokens, *cells[k - len(group)][:2], html)
        body = [html[a:b] for a, b in (group[1:] if summary is not None else group)]
        parts += [html[last:group[0][0]], f'<details class="docexec-solution"><summary>{summary or ""}</summary>\n',
                  "\n".join(body), "\n</details>"]
        last = group[-1][1]
    parts.append(html[last:])
    return "".join(parts)


def relative_links(html: str, url: str, site: str, directory_urls: bool) -> str:
    """Links to the published site's pages (``site`` + ``x/y/#a``, as the notebook has them)
    made relative to the page at ``url`` (below the site root), so that the page links within the
    site it is part of (``mkdocs serve``; the offline copy's ``x/y.html``)."""
    prefix = site.rstrip("/") + "/"
    if prefix not in html:  # no such link: nothing to walk
        return html
    base = url.rstrip("/") if directory_urls else posixpath.dirname(url)
    roots = {"", *(f"{lang}/" for lang in settings.current().languages)}
    edits: list[tuple[int, int, str]] = []
    for token in html_walk.walk(html):
        if token.kind != START or not (token.attr("href") or "").startswith(prefix) or (span := token.value_span("href")) is None:
            continue
        value = html[span[0]:span[1]]  # as written (entities and all), as it is written back
        if not value.startswith(prefix):
            continue
        target, _, anchor = value[len(prefix):].partition("#")
        if not (target == "" or target.endswith("/")):
            continue  # a file (a PDF), not a page
        if directory_urls:
            rel = posixpath.relpath(target.rstrip("/") or ".", base or ".") + "/"
        else:
            file = target + "index.html" if target in roots else target.rstrip("/") + ".html"
            rel = posixpath.relpath(file, base or ".")
        edits.append((span[0], span[1], f'{rel}{"#" + anchor if anchor else ""}'))
    return html_walk.splice(html, edits)
