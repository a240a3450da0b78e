"""docexec/site/pdf_style.py without a browser: where inline code may break in print, which
outputs print in two columns, which blocks may break across pages, and web-only text dropped."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from docexec.site import pdf_style

pytestmark = pytest.mark.check


def _marked(html: str) -> BeautifulSoup:
    soup = BeautifulSoup(f"<article>{html}</article>", "html.parser")
    pdf_style.for_print(soup.article)
    return soup


def test_inline_code_may_break_only_between_names():
    soup = _marked("<p><code>torch.autograd.grad(out, a1)</code> <code>x.requires_grad_()</code> <code>short.x</code>"
                   "<code>torch.float32 2.13.0 __name__</code></p><pre><code>torch.autograd.grad(out)</code></pre>")
    codes = [str(c) for c in soup.find_all("code")]
    assert codes[0] == "<code>torch<wbr/>.autograd<wbr/>.grad(<wbr/>out, a1)</code>", codes[0]
    assert codes[1] == "<code>x<wbr/>.requires_<wbr/>grad_()</code>", codes[1]
    assert codes[2] == "<code>short.x</code>"  # too short to need a break
    assert codes[3] == "<code>torch<wbr/>.float32 2.13.0 __<wbr/>name__</code>", codes[3]  # not inside a number
    assert "<wbr" not in codes[4], "a code block is not an inline span"
    assert soup.get_text().count("torch.autograd.grad(out") == 2  # the text is unchanged


def test_a_long_narrow_output_prints_in_two_columns_and_long_blocks_may_break():
    narrow = "\n".join(f"  (3, 4) · (4,) → [{n}]" for n in range(30))
    wide = "\n".join("x" * 60 for _ in range(30))
    cjk = "\n".join("形状" * 12 for _ in range(30))  # 24 characters, 48 cells
    long_ = "\n".join("y" for _ in range(50))
    soup = _marked("".join(f'<div class="docexec-output highlight"><pre><code>{text}</code></pre></div>'
                           for text in (narrow, wide, cjk, "a\nb", long_, "\n".join("z" for _ in range(100)))))
    classes = [div["class"] for div in soup.select("div.docexec-output")]
    assert "pdf-columns" in classes[0] and "pdf-long" not in classes[0]
    assert "pdf-columns" not in classes[1] and "pdf-columns" not in classes[2] and "pdf-columns" not in classes[3]
    assert "pdf-columns" in classes[4] and "pdf-long" not in classes[4]  # 50 lines in two columns: 25
    assert "pdf-long" in classes[5]


def test_web_only_text_is_left_out_and_the_css_has_no_scroll_cue_or_round_corner():
    soup = _marked('<p>Steps below.<span class="docexec-web-only"> Use the Next button.</span></p>')
    assert soup.get_text() == "Steps below."
    css = pdf_style.css()
    assert "FONT_" not in css and "border-radius: 0 !important" in css
    assert "background: var(--docexec-scroll-bg) !important" in css
