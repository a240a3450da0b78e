"""placeholders: a page converted while its blocks still run; its outputs go in before it is used.

A page whose blocks are still running when MkDocs reaches it is not waited for: it is converted
with a placeholder for each output (:func:`tokens`: a word no page can contain, with a random
part), and :func:`fill` puts the outputs in before the page's context is built (before the
search index and the template read it), exactly as Markdown would have written them; what it
cannot put in so, the build converts again with its outputs, as if it had waited. A page reads
the same either way: ``tests/test_placeholders.py`` builds the site both ways, every file
compared. The ``placeholders`` setting: ``auto`` (pages still running), ``always``, ``never``.

May not touch: execution, MkDocs objects. Input: a page's HTML and outcomes; output: HTML.
"""

from __future__ import annotations

import html
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING

from docexec.core import settings
from docexec.execute.outcome import Outcome
from docexec.page import questions
from docexec.page.blocks import Block
from docexec.render import output, rendering

if TYPE_CHECKING:
    from mkdocs.structure.toc import AnchorLink, TableOfContents

_REWRITTEN = "\t\r\x02\x03"  # Markdown changes these anywhere in a page (tabs to spaces, ...)
_WORD = "docexecslot" + secrets.token_hex(8)  # letters and digits only: Markdown leaves it alone


def hold(path: str, blocks: list[Block], pending: Callable[[str, list[Block]], bool]) -> bool:
    """Whether to convert the page ``path`` now, with placeholders, rather than wait for its
    outputs (``pending``: it was run ahead and has not finished)."""
    if not settings.current().execute or not blocks:
        return False
    how = settings.current().placeholders
    return how == "always" or (how == "auto" and pending(path, blocks))


def tokens(count: int) -> list[str]:
    """One placeholder per block, standing for its output (or inline value) until :func:`fill`."""
    return [f"{_WORD}n{i}x" for i in range(count)]


def _titles(toc: TableOfContents | list[AnchorLink]) -> list[str]:
    return [t for item in toc for t in (item.title, *_titles(item.children))]


def fill(content: str, toc: TableOfContents, blocks: list[Block], placeholders: list[str], outcomes: list[Outcome]) -> str | None:
    """``content`` (a page's HTML, converted with ``placeholders``) with each block's outcome
    in place of its placeholder, exactly as the page converted with its outputs would read;
    None when that cannot be done here (the caller converts the page again).

    Put in: an output that is text (:func:`docexec.render.output.output_code`: its label and report
    link were written with the placeholder), a picture
    (:func:`docexec.render.rendering.figure`), an empty output under its code or shown nowhere,
    an inline value as inline code. None for anything else: a block that failed, an empty
    output in tabs or below its code, a tab or carriage return in an output, an inline value
    with backticks or edge spaces or in a heading, a placeholder not found exactly once."""
    if any(_WORD in title for title in _titles(toc)):
        return None
    for block, token, outcome in zip(blocks, placeholders, outcomes, strict=True):
        if not outcome.ok or questions.is_question(block):  # an error box, or a question: not an output
            return None
        if block.inline:
            value = outcome.text
            if not value or value != value.strip() or any(c in value for c in "`\n" + _REWRITTEN):
                return None
            old, new = f"<code>{token}</code>", f"<code>{html.escape(value, quote=False)}</code>"
        else:
            text, svg = outcome.text, block.options.get("result") in {"svg", "backward"}
            old = rendering.figure(token) if svg else output.output_code(token)  # the label and link stay
            if block.options.get("result") == "backward":  # its figure is not the token's: convert again
                return None
            if any(c in text for c in _REWRITTEN):
                return None
            if not text:  # no output block: the code alone, or nothing (rendering.render)
                if block.options.get("source", "above") not in {"above", "none"} or "markdown-exec:" in block.code:
                    return None
                whole = _block_around(content, old, f'\n<div class="{output.FENCE} highlight">', "</div>") \
                    if not svg else "\n" + old  # an output block: its label and link too
                if whole is None:
                    return None
                old, new = whole, ""
            elif svg:
                new = rendering.figure(text)
            else:
                new = output.output_code(rendering.as_shown(text))
        if content.count(old) != 1:
            return None
        content = content.replace(old, new)
    return None if _WORD in content else content


def _block_around(content: str, inner: str, start: str, end: str) -> str | None:
    """The text of ``content`` from the ``start`` before its one ``inner`` to the ``end`` after it."""
    if content.count(inner) != 1:
        return None
    at = content.index(inner)
    begin, stop = content.rfind(start, 0, at), content.find(end, at + len(inner))
    return None if begin < 0 or stop < 0 else content[begin:stop + len(end)]
