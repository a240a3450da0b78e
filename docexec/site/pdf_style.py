"""pdf_style: how the print document looks: PRINT_CSS and the marks :func:`for_print` puts in an article.

The web's styles are for a screen: PRINT_CSS overrides what prints badly or heavily (scroll-shadow
gradients and rounded corners: ~70 % of the PDF's bytes, issue 40), and :func:`for_print` marks
what CSS cannot find by itself: where inline code may break (after ``.``, ``_``, ``(``, ``,``,
``/``: a person's breaks, not ``torc|h``), outputs narrow and long enough to print in two columns
(the phone-width shape table), blocks too long to keep on one page, and text meant for the web
only (``class="docexec-web-only"``: "use the Next button"), which is left out.

May not touch: anything but the article it is given (a BeautifulSoup tree, changed in place).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

# Chromium (Skia) embeds TrueType fonts as such, but draws OpenType-CFF ones such as Noto CJK as
# Type 3 glyph programs (385 of them in the zh PDF, 8 MB): WenQuanYi Micro Hei is TrueType.
PDF_FONTS = ('"DejaVu Sans", "WenQuanYi Micro Hei", sans-serif', '"DejaVu Sans Mono", "WenQuanYi Micro Hei Mono", monospace')

# Nothing scrolls on paper: the scroll cues' four gradients (extra.css) were drawn on every code
# block, table and equation as shading patterns (4.7 MB of 20); rounded corners are Bezier curves
# on every inline code's background (4 MB of the 17.6 MB of drawing operators).
PRINT_CSS = """
@page { size: A4; margin: 16mm 15mm 18mm 15mm; }
html { font-size: 100%; }
body { margin: 0; background: #fff !important; color: #000; font-variant-ligatures: none; }
* { font-variant-ligatures: none !important; font-feature-settings: "kern" 1, "liga" 0, "clig" 0 !important; }
* { content-visibility: visible !important; border-radius: 0 !important; }
.md-typeset math[display="block"], .md-typeset table:not([class]), .md-typeset pre > code {
  background: var(--docexec-scroll-bg) !important; }
.md-typeset, .md-typeset .jp-Notebook, .md-typeset .jp-RenderedHTMLCommon { font-size: 10pt; line-height: 1.55; font-family: FONT_BODY !important; }
.md-typeset code, .md-typeset pre, .md-typeset kbd, .docexec-output, .jp-InputArea, .jp-OutputArea,
.jp-InputArea *, .jp-OutputArea * { font-family: FONT_MONO !important; }
.jp-RenderedMarkdown, .jp-RenderedMarkdown :not(code):not(pre) { font-family: FONT_BODY !important; }
.md-typeset pre, .md-typeset pre > code, .docexec-output pre, .docexec-output code, .jp-RenderedText pre,
.highlight pre, .highlight code { white-space: pre-wrap !important; overflow-wrap: anywhere; word-break: normal;
  overflow: visible !important; max-width: 100%; }
.jupyter-wrapper .jp-OutputArea-output pre { word-break: normal !important; overflow-wrap: anywhere !important; }
.jupyter-wrapper .jp-Cell { padding-left: 0 !important; padding-right: 0 !important; }
.md-typeset pre > code, .docexec-output code { font-size: 8pt; }
.docexec-output.pdf-columns pre { column-count: 2; column-gap: 8mm; column-rule: 0.2mm solid #ddd; }
details.docexec-solution { border: 0.3mm solid #b4b4b4 !important; border-left-width: 1mm !important;
  box-shadow: none !important; padding: 0 3mm 2mm; break-inside: auto; }
details.docexec-solution > summary { font-weight: 700; }
details.docexec-solution > summary::after { display: none; }
.md-typeset code { overflow-wrap: anywhere; word-break: normal; white-space: pre-wrap; }
.md-typeset :not(pre) > code { padding: 0 .1em; box-decoration-break: slice; }
.md-typeset table:not([class]) { display: table; width: 100%; table-layout: auto; font-size: 8.5pt; }
.md-typeset table:not([class]) td, .md-typeset table:not([class]) th,
.md-typeset table:not([class]) code { overflow-wrap: break-word; word-break: normal; }
.md-typeset table:not([class]) tr { break-inside: avoid; }
.md-typeset .tabbed-set > .tabbed-content > .tabbed-block { display: block !important; }
.md-typeset .tabbed-labels { display: none; }
.md-typeset svg, .md-typeset img, .md-typeset figure { max-width: 100%; height: auto; }
.md-typeset math[display="block"] { overflow: visible; max-width: 100%; }
.md-typeset a { color: #8a2c00; }
.md-typeset h1, .md-typeset h2 { break-after: avoid; }
.md-typeset pre { break-inside: auto; }
.docexec-output, .md-typeset .highlight, .jp-Cell { break-inside: avoid; }
.md-typeset .pdf-long, .md-typeset details:has(.pdf-long), .md-typeset .admonition:has(.pdf-long) { break-inside: auto; }
.md-clipboard, .md-content__button, .headerlink, .jp-InputPrompt, .jp-OutputPrompt, .docexec-web-only { display: none !important; }
.pdf-cover { height: 240mm; display: flex; flex-direction: column; justify-content: center; text-align: center; }
.pdf-cover .pdf-title { font-size: 30pt; font-weight: 700; margin-bottom: 8mm; }
.pdf-cover .pdf-subtitle { font-size: 13pt; margin-bottom: 30mm; }
.pdf-cover .pdf-build { font-size: 9pt; color: #333; }
.pdf-toc { break-before: page; }
.pdf-toc .pdf-toc-title { font-size: 18pt; font-weight: 700; margin: 0 0 6mm; }
.md-typeset .pdf-toc ol { list-style: none !important; padding: 0; margin: 0 !important; }
.md-typeset .pdf-toc li { margin: 1.2mm 0 !important; list-style: none !important; }
.md-typeset .pdf-toc li li { margin-left: 6mm !important; }
.pdf-toc a { color: #000; text-decoration: none; display: flex; }
.pdf-toc a .pdf-dots { flex: 1; border-bottom: 1px dotted #777; margin: 0 2mm 1.2mm; }
.pdf-toc a .pdf-num { width: 10mm; text-align: right; font-variant-numeric: tabular-nums; }
.pdf-chapter { break-before: page; font-size: 20pt; }
section.pdf-page { break-before: page; }
.pdf-chapter + section.pdf-page { break-before: avoid; }
"""

COLUMN_WIDTH = 46  # monospace cells of a column when an output prints in two (8 pt, 180 mm text box)
COLUMN_LINES = 16  # outputs shorter than this keep one column
LONG_LINES = 40  # a block longer than this may break across pages (else it moves whole to the next)
# after _ ( , / and before a . between names: "requires_|grad", "torch|.dot|(", not "2|.13"
_BREAKS = re.compile(r"(?<=[_(,/])(?=[A-Za-z0-9])|(?<=[A-Za-z_)\]])(?=\.[A-Za-z_])")


def css() -> str:
    """PRINT_CSS with the PDF's fonts."""
    body, mono = PDF_FONTS
    return PRINT_CSS.replace("FONT_BODY", body).replace("FONT_MONO", mono)


def width(line: str) -> int:
    """Monospace cells of ``line``: a CJK character takes two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


def for_print(article: Any) -> None:
    """Mark ``article`` (a BeautifulSoup tag) for print, as the module says."""
    for web_only in article.select(".docexec-web-only"):
        web_only.decompose()
    for code in article.find_all("code"):
        if code.find_parent("pre") is None:
            _break_points(code)
    for block in article.select(".docexec-output, .highlight, .jp-Cell"):
        pre = block.find("pre")
        lines = pre.get_text().rstrip("\n").split("\n") if pre is not None else []
        classes = block.get("class") or []
        columns = ("docexec-output" in classes and len(lines) >= COLUMN_LINES
                   and max(map(width, lines)) <= COLUMN_WIDTH)
        if columns:
            classes = [*classes, "pdf-columns"]
        if len(lines) > LONG_LINES * (2 if columns else 1):
            classes = [*classes, "pdf-long"]
        block["class"] = classes


def _break_points(code: Any) -> None:
    """A <wbr> at each place of :data:`_BREAKS` in the text of an inline ``code``."""
    from bs4 import NavigableString

    soup = code
    while soup.parent is not None:
        soup = soup.parent
    for text in [s for s in code.find_all(string=True) if type(s) is NavigableString and len(s) > 8]:
        parts = _BREAKS.split(str(text))
        if len(parts) == 1:
            continue
        for i, part in enumerate(parts):
            if i:
                text.insert_before(soup.new_tag("wbr"))
            text.insert_before(NavigableString(part))
        text.extract()
