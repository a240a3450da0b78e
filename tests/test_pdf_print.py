"""The print document's layout (docexec/site/pdf_style.py), laid out by Chromium for print as
`make pdf` lays it out (scripts off, print media), from the suite's build, both languages.

Issue 40's print fixes: every table spans the text box and no row splits across a page; the
shape table (an output wrapped for a phone) prints in two columns across the page; the practice
solution box has a thin grey frame, not a heavy black one; the stepper's "use the Next button"
is left out; practice outputs wrap between words and their prose is not in the code's font. A page of the PDF: `pdftoppm -r 60 -png`.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import docexec
from docexec.site import pdf, pdf_document
from tests.test_browser import browser

pytestmark = [pytest.mark.full, pytest.mark.skipif(not Path(pdf.CHROMIUM).exists() and os.environ.get("CI") != "true",
                                reason=f"{pdf.CHROMIUM} not found (apt-get install chromium)")]

ROOT = Path(__file__).resolve().parent.parent
PAGES = ["p-glossary", "p-errata", "p-tensors-dot-mm-matmul", "p-practice-autograd", "p-autograd-why-grad-none"]

LAYOUT = """() => {
  const box = document.body.getBoundingClientRect().width;
  const dark = c => { const [r, g, b] = c.match(/\\d+/g).map(Number); return 0.3 * r + 0.59 * g + 0.11 * b < 128; };
  const q = s => [...document.querySelectorAll(s)];
  return {
    box,
    narrowTables: q('table').filter(t => t.getBoundingClientRect().width < 0.99 * box)
      .map(t => [t.closest('section').id, Math.round(t.getBoundingClientRect().width)]),
    splittableRows: q('table tr').filter(r => getComputedStyle(r).breakInside !== 'avoid').length,
    rows: q('table tr').length,
    shape: q('#p-tensors-dot-mm-matmul .docexec-output').filter(o => o.querySelector('pre')?.textContent.trim().startsWith('torch.dot'))
      .map(o => [getComputedStyle(o.querySelector('pre')).columnCount, Math.round(o.getBoundingClientRect().width)]),
    solutions: q('details.docexec-solution').map(d => { const s = getComputedStyle(d);
      return [s.borderLeftWidth, s.borderTopWidth, dark(s.borderLeftColor) || dark(s.borderTopColor)]; }),
    webOnly: q('.docexec-web-only').length,
    stepper: document.querySelector('#p-autograd-why-grad-none').textContent,
    outputBreaks: [...new Set(q('#p-practice-autograd .jp-OutputArea pre').map(p => getComputedStyle(p).wordBreak))],
    proseFonts: [...new Set(q('#p-practice-autograd .jp-RenderedMarkdown p').map(p => getComputedStyle(p).fontFamily.split(',')[0]))],
  };
}"""


@pytest.fixture(scope="module")
def layouts(built_site, tmp_path_factory, browser) -> dict[str, dict]:
    from mkdocs.utils.yaml import yaml_load

    docexec.configure(ROOT / "mkdocs.yml")
    with open(ROOT / "mkdocs.yml", encoding="utf8") as f:
        raw = yaml_load(f)
    i18n = next(p["i18n"] for p in raw["plugins"] if isinstance(p, dict) and "i18n" in p)
    folder = tmp_path_factory.mktemp("print")
    documents = {}
    for lang in ("zh", "en"):
        translations = next((x.get("nav_translations") or {} for x in i18n["languages"] if x["locale"] == lang), {})
        entries = [p for e in pdf_document.nav(raw["nav"], lang, built_site, translations) for p in ([e] if e.file else e.pages)]
        chosen = [e for e in entries if e.slug in PAGES]
        assert sorted(e.slug for e in chosen) == sorted(PAGES), [e.slug for e in entries]
        documents[lang] = folder / f"print-{lang}.html"
        documents[lang].write_text(pdf_document.document(lang, chosen, built_site, "https://example.org/", {}, {}), "utf8")
    out = {}
    # the suite's one Chromium of this process (a second sync_playwright() in a worker that has one
    # fails: "Sync API inside the asyncio loop"); the print document's own context, as make pdf's
    context = pdf.sandbox(browser, built_site, set(documents.values()),
                          viewport={"width": round(pdf_document.TEXT_WIDTH_MM / 25.4 * 96), "height": 1000})
    try:
        page = context.new_page()
        for lang, document in documents.items():
            page.goto(document.as_uri(), wait_until="load")
            page.emulate_media(media="print")
            out[lang] = page.evaluate(LAYOUT)
    finally:
        context.close()
    return out


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_tables_span_the_text_box_and_keep_their_rows_whole(layouts, lang):
    layout = layouts[lang]
    assert layout["narrowTables"] == [], layout["narrowTables"]
    assert layout["rows"] > 40 and layout["splittableRows"] == 0, layout


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_shape_table_prints_in_two_columns_across_the_page(layouts, lang):
    (shape,) = layouts[lang]["shape"]
    assert shape[0] == "2" and shape[1] >= 0.95 * layouts[lang]["box"], shape


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_solutions_web_only_words_and_practice_pages(layouts, lang):
    solutions = layouts[lang]["solutions"]
    assert len(solutions) >= 5
    assert all(float(left[:-2]) <= 4 and float(top[:-2]) <= 2 and not dark for left, top, dark in solutions), solutions
    assert layouts[lang]["webOnly"] == 0
    assert not any(w in layouts[lang]["stepper"] for w in ("方向键", "arrow keys")), "the stepper's web-only hint is printed"
    assert layouts[lang]["outputBreaks"] == ["normal"], layouts[lang]["outputBreaks"]
    assert layouts[lang]["proseFonts"] == ['"DejaVu Sans"'], layouts[lang]["proseFonts"]  # not the code's font
