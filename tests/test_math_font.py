"""The math font (37 KB; 155 KB before tools/math_font.py cut it) loads only where a formula needs it (issue 40, item 11), in a real browser.

The home page's one formula, $J$, made it 64 % of that page's weight: a page whose formulas are
all single letters shows them as <var> (docexec/render/mathml.py), so it has no <math>, no
preload and no request for the font, at 375 and 1280 px, in both languages; a page with matrices
still gets it. The font is preloaded only for a formula on the first screen (matmul-gradient's);
why-grad-none's one formula, far down, gets it when the reader reaches it (a preload shared a
phone's link with the stylesheets: Lighthouse's mobile largest paint 2.4 s, 1.4-1.8 s without).
Reuses tests/test_browser.py's site, server and browser.
"""

from __future__ import annotations

import pytest

from tests.test_browser import LANGS, base_url, browser, site, visit

pytestmark = pytest.mark.full

FONT = "noto-sans-math.woff2"


@pytest.mark.parametrize("width", [375, 1280])
@pytest.mark.parametrize("lang", list(LANGS))
def test_the_home_page_asks_for_no_math_font_and_a_page_of_matrices_does(lang, width, visit):
    v = visit(LANGS[lang], width=width, new_tab=True)  # a renderer that drew a formula before asks for the font again
    p = v.page
    assert p.locator("math").count() == 0 and p.locator(f'link[href$="{FONT}"]').count() == 0
    letters = p.eval_on_selector_all(".md-content var", "els => els.map(e => [e.textContent, getComputedStyle(e).fontStyle])")
    assert ["J", "italic"] in letters, letters
    assert [u for u in v.requests if u.endswith(FONT)] == [], v.requests
    assert v.errors == [], v.errors
    v.go(v.page.url.split("#")[0].rstrip("/") + "/autograd/vector-jacobian-product/", width=width)
    v.page.wait_for_function("document.fonts.status === 'loaded'")
    assert [u for u in v.requests if u.endswith(FONT)], "a page of matrices no longer loads the math font"


@pytest.mark.parametrize("width", [375, 1280])
@pytest.mark.parametrize("lang", list(LANGS))
def test_the_font_is_preloaded_only_for_a_formula_on_the_first_screen(lang, width, visit):
    preload = f'link[rel="preload"][href$="{FONT}"]'
    v = visit(LANGS[lang] + "autograd/why-grad-none/", width=width, new_tab=True)  # no font in this tab yet
    assert v.page.locator(preload).count() == 0 and v.page.locator("math").count() >= 1
    assert [u for u in v.requests if u.endswith(FONT)] == [], "asked for before its formula is near"
    v.page.locator("math").first.scroll_into_view_if_needed()
    v.page.wait_for_function("[...document.fonts].some(f => f.family.includes('Noto Sans Math') && f.status === 'loaded')")
    assert [u for u in v.requests if u.endswith(FONT)]
    assert v.errors == [], v.errors
    v.go(v.page.url.split("#")[0].rstrip("/").rsplit("/autograd/", 1)[0] + "/tensors/matmul-gradient/", width=width)
    assert v.page.locator(preload).count() == 1  # its second element is a formula


def _italic(ch: str) -> str:
    """The letter Chromium draws for a one-letter ``<mi>`` (MathML Core's italic mapping)."""
    o = ord(ch)
    if ch == "h":
        return "\u210e"
    if "a" <= ch <= "z":
        return chr(0x1D44E + o - ord("a"))
    if "A" <= ch <= "Z":
        return chr(0x1D434 + o - ord("A"))
    if "\u03b1" <= ch <= "\u03c9":
        return chr(0x1D6FC + o - 0x3B1)
    if "\u0391" <= ch <= "\u03a9":
        return chr(0x1D6E2 + o - 0x391)
    return {"\u2202": "\U0001d715", "\u2207": "\U0001d6fb"}.get(ch, ch)


def test_the_font_has_every_character_the_site_s_formulas_use(site):
    """tools/math_font.py cuts the font to a set of characters (37 KB, not 151 KB: the first screen
    of errata and the VJP page, issue 40). A formula with a character outside it would take that
    glyph from another font, unstretched: add it to CHARS there and run `make math-font`."""
    import html as html_
    import re
    from pathlib import Path

    from fontTools.ttLib import TTFont

    covered = set(TTFont(Path(__file__).resolve().parent.parent / "overrides/assets/fonts" / FONT).getBestCmap())
    missing: dict[str, set[str]] = {}
    formulas = 0
    for page in sorted(site.rglob("index.html")):
        for math in re.findall(r"<math\b.*?</math>", page.read_text("utf8"), flags=re.S):
            formulas += 1
            used = set(html_.unescape(re.sub(r"<[^>]+>", "", math)))
            for attrs, letter in re.findall(r"<mi\b([^>]*)>([^<])</mi>", math):
                if 'mathvariant="normal"' not in attrs:
                    used.add(_italic(html_.unescape(letter)))
            lost = {c for c in used if not c.isspace() and ord(c) not in covered}
            if lost:
                missing.setdefault(str(page.relative_to(site)), set()).update(lost)
    assert formulas >= 50, formulas  # the site's formulas were read
    assert not missing, ("characters the math font lacks (add them to tools/math_font.py's CHARS, then "
                         f"`make math-font`): { {p: ''.join(sorted(c)) for p, c in missing.items()} }")
