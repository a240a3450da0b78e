"""docexec/render/mathml.py: TeX in a page's HTML becomes MathML at build time."""

from __future__ import annotations

import pytest

import docexec
from docexec.render.mathml import FIRST_SCREEN, in_first_screen, render_math, tex_to_mathml

pytestmark = pytest.mark.check

MATHML = 'xmlns="http://www.w3.org/1998/Math/MathML"'


def test_a_formula_becomes_a_math_element_keeping_its_tex():
    assert tex_to_mathml(" x^2 ") == (
        f'<math alttext="x^2" {MATHML} display="inline"><mrow><msup><mi>x</mi><mn>2</mn></msup></mrow></math>')
    block = tex_to_mathml('a<b "c"', display=True)
    assert block.startswith(f'<math alttext="a&lt;b &quot;c&quot;" {MATHML} display="block">'), block
    assert block.count("<math ") == 1


def test_arithmatex_wrappers_are_replaced_inline_and_display():
    html = ('<p>Inline <span class="arithmatex">\\(x^2\\)</span> and</p>\n'
            '<div class="arithmatex">\n\\[\\frac{\\partial y}{\\partial x}\\]\n</div>\n'
            '<p><span class="arithmatex">\\(a &lt; b\\)</span></p>')
    with docexec.collecting() as errors:
        out = render_math(html, "docs/zh/x.md")
    assert errors == []
    assert "arithmatex" not in out and "\\(" not in out and "\\[" not in out
    assert out.startswith(f'<p>Inline <math alttext="x^2" {MATHML} display="inline">')
    assert f'<math alttext="\\frac{{\\partial y}}{{\\partial x}}" {MATHML} display="block"><mrow><mfrac>' in out
    assert '<math alttext="a &lt; b"' in out and "<mo>&#x0003C;</mo>" in out  # the TeX unescaped, then escaped again
    assert out.endswith("</math></p>")


def test_a_page_without_math_is_returned_as_it_is():
    html = "<p>no formula: \\(x\\) is not in an arithmatex wrapper</p>"
    assert render_math(html) is html
    assert render_math('<p class="arithmatex-like">\\(x\\)</p>') == '<p class="arithmatex-like">\\(x\\)</p>'


def test_a_formula_that_cannot_be_converted_is_reported_with_its_page_and_left_as_tex():
    html = '<p><span class="arithmatex">\\(x^\\)</span> and <span class="arithmatex">\\(y\\)</span></p>'
    with docexec.collecting() as errors:
        out = render_math(html, "docs/en/x.md")
    assert len(errors) == 1
    assert errors[0].startswith("docs/en/x.md: math: cannot convert 'x^': MissingSuperScriptOrSubscriptError"), errors
    assert '<span class="arithmatex">\\(x^\\)</span>' in out  # left as it was
    assert '<math alttext="y"' in out  # the others still converted


def test_a_page_whose_formulas_are_single_letters_gets_no_math_element():
    """The home page's one $J$ loaded a 155 KB math font (issue 40): a lone letter needs none."""
    letters = '<p>a column of <span class="arithmatex">\\(J\\)</span> and <span class="arithmatex">\\( v \\)</span></p>'
    assert render_math(letters) == "<p>a column of <var>J</var> and <var>v</var></p>"
    mixed = letters + '<p><span class="arithmatex">\\(v^\\top J\\)</span></p>'
    out = render_math(mixed)
    assert out.count("<math ") == 3 and "<var>" not in out  # one page draws its formulas in one font
    display = '<div class="arithmatex">\\[J\\]</div>'
    assert "<math " in render_math(display)


def test_a_formula_is_on_the_first_screen_only_among_the_first_top_level_elements():
    formula = "<p>See <math><mi>x</mi></math>.</p>"
    before = "<h1>T</h1>" + "<p>a</p>" * (FIRST_SCREEN - 2)  # the formula's paragraph is the last of the first screen
    assert in_first_screen(before + formula) and in_first_screen(f"<div><div>{formula}</div></div>")
    assert not in_first_screen(before + "<p>b</p>" + formula)  # one element later: the font can wait for its layout
    assert not in_first_screen(before + "<p>no formula</p>")
    code = '<div class="highlight"><pre><code>&lt;math&gt;</code></pre></div>'
    assert not in_first_screen(code + "<p>b</p>" * FIRST_SCREEN + formula)  # code that only mentions <math>
