"""progress: the bar over a page's questions: "predicted 3 of 5", the chapter's count, the switch.

A page with questions (:mod:`docexec.render.predict`) gets, under its title, a bar that
``predict.js`` keeps up to date from the reader's own ``localStorage`` (nothing is sent): how many
of the page's questions they predicted, how many of its chapter's (the nav section it is in,
whose pages' questions are counted here from their files), a "predict mode" switch (off: every
output shown at once, remembered) and a reset. Its words are the page's language's; the search
leaves it out (``data-search-exclude``: a result's preview began with it).

May not touch: execution, Markdown; of MkDocs' objects, only the nav it is handed (read).
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

from docexec.core.errors import DocExecError
from docexec.core.identity import PageId
from docexec.core.labels import Labels
from docexec.page.blocks import find_blocks, page_body
from docexec.page.questions import is_question

if TYPE_CHECKING:
    from mkdocs.structure.nav import Navigation

QUESTION = '<div class="docexec-predict"'


def page_key(page: PageId) -> str:
    """A page as the reader's progress names it: the same in every language (``autograd/why-grad-none``)."""
    return page.docs_rel.rsplit(".", 1)[0]


def count(file: Path) -> int:
    """How many questions a page's file asks (0 for a notebook page or a page that cannot be read)."""
    if file.suffix != ".md" or not file.is_file():
        return 0
    try:
        text, offset, _ = page_body(file.read_text("utf-8-sig"), str(file))
        return sum(1 for b in find_blocks(text, str(file), offset, {}) if is_question(b))
    except (DocExecError, OSError, UnicodeDecodeError):
        return 0


def chapters(nav: Navigation) -> dict[str, dict[str, int]]:
    """For each page of a nav section: its section's pages that ask questions, with how many."""
    found: dict[str, dict[str, int]] = {}

    def visit(items: list) -> None:
        pages = [item for item in items if getattr(item, "file", None) is not None]
        counts = {page_key(PageId.of(p.file.src_uri)): count(Path(p.file.abs_src_path or "")) for p in pages}
        counts = {k: n for k, n in counts.items() if n}
        for page in pages:
            found[page_key(PageId.of(page.file.src_uri))] = counts
        for item in items:
            if getattr(item, "children", None):
                visit(item.children)

    visit(list(nav.items))
    return found


def insert_bar(html: str, page: PageId, chapter: dict[str, int], labels: Labels) -> str:
    """``html`` with the bar under its title (unchanged when it asks no question)."""
    if QUESTION not in html:
        return html
    at = html.find("</h1>") + len("</h1>") if "</h1>" in html else 0
    words, total = labels.predict, html.count(QUESTION)
    key = page_key(page)
    chapter = {**chapter, key: total}
    shown = words["progress"].format(done=0, total=total)
    if len(chapter) > 1:  # as predict.js writes it
        shown += " · " + words["chapter"].format(done=0, total=sum(chapter.values()))
    bar = (f'<div class="docexec-predict-bar" data-search-exclude data-page="{escape(key)}" data-chapter="{escape(json.dumps(chapter))}">'
           f'<span class="docexec-predict-bar__title">{escape(words["bar"])}</span>'
           f'<span class="docexec-predict-bar__progress" aria-live="polite" data-page="{escape(words["progress"])}"'
           f' data-chapter="{escape(words["chapter"])}">{escape(shown)}</span>'
           f'<label class="docexec-predict-bar__mode"><input type="checkbox" role="switch" checked>'
           f'{escape(words["mode"])}</label>'
           f'<button type="button" class="docexec-predict-bar__reset">{escape(words["reset"])}</button></div>\n')
    return html[:at] + bar + html[at:]
