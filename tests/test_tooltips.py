"""docexec/render/tooltips.py: glossary terms in a page's HTML get their tooltip where they first
appear in its prose; small HTML, no build (the browser test at the end of test_browser.py taps
and hovers them on the built site)."""

from __future__ import annotations

import html as htmllib
import re
from pathlib import Path

import pytest

import docexec
from docexec.render.tooltips import add_tooltips, plain_note

pytestmark = pytest.mark.full

ROOT = Path(__file__).resolve().parent.parent


def _entry(zh: str, en: str, aka_zh: tuple[str, ...] = (), aka_en: tuple[str, ...] = (), note: str = "") -> dict:
    return {"zh": zh, "en": en, "aka_zh": list(aka_zh), "aka_en": list(aka_en),
            "note_zh": note or f"{zh}的释义。", "note_en": note or f"What {en} means.", "page": "x.md"}


TERMS = [
    _entry("张量", "tensor"),
    _entry("叶子张量", "leaf tensor", aka_zh=("叶子节点",), note="不是由运算得到的张量（`grad_fn` 为 `None`）。"),
    _entry("非叶子张量", "non-leaf tensor"),
    _entry("梯度", "gradient"),
    _entry("次梯度", "subgradient"),
    _entry("维数", "number of dimensions"),
    _entry("原地操作", "in-place", aka_en=("in-place operation",)),
    _entry("自动微分", "autograd"),
    _entry("版本计数器", "version counter", note='报 "modified by an inplace operation" & <b>'),
]
SPAN = re.compile(r'<span class="docexec-term" tabindex="0"([^>]*)>(.*?)</span>')


def marked(html: str, lang: str = "zh", terms: list[dict] | None = None) -> list[str]:
    """The words that got a tooltip, in order."""
    return [m[2] for m in SPAN.finditer(add_tooltips(html, lang, TERMS if terms is None else terms))]


def unmarked(html: str) -> str:
    """The HTML without the tooltips' markup: what the page was."""
    return SPAN.sub(r"\2", html)


def test_the_first_use_of_a_term_gets_the_other_language_and_the_note():
    out = add_tooltips("<p>x 是叶子张量。叶子张量的梯度</p>", "zh", TERMS)
    spans = SPAN.findall(out)
    assert [word for _, word in spans] == ["叶子张量", "梯度"]  # each once, at its first use
    attrs = dict(re.findall(r'data-(\w+)="([^"]*)"', spans[0][0]))
    assert attrs == {"term": "leaf tensor", "lang": "en", "note": "不是由运算得到的张量（grad_fn 为 None）。"}
    assert unmarked(out) == "<p>x 是叶子张量。叶子张量的梯度</p>"


def test_an_english_page_shows_the_chinese_term_and_the_english_note():
    out = add_tooltips("<p>Leaf tensors and a leaf tensor.</p>", "en", TERMS)
    (attrs, word), = SPAN.findall(out)
    assert word == "Leaf tensors"  # any case, plural too; once
    assert dict(re.findall(r'data-(\w+)="([^"]*)"', attrs)) == {
        "term": "叶子张量", "lang": "zh", "note": "不是由运算得到的张量（grad_fn 为 None）。"}


def test_the_longest_name_first():
    assert marked("<p>非叶子张量，不是叶子张量，也是张量</p>") == ["非叶子张量", "叶子张量", "张量"]
    assert marked("<p>a non-leaf tensor is a tensor</p>", "en") == ["non-leaf tensor", "tensor"]
    assert marked("<p>an in-place operation, in-place</p>", "en") == ["in-place operation"]


def test_an_other_name_counts_as_the_term():
    assert marked("<p>叶子节点就是叶子张量</p>") == ["叶子节点"]


@pytest.mark.parametrize(("text", "words"), [
    ("当 x 被求过一次梯度的时候", ["梯度"]),  # not 次梯度: 一次 / 梯度
    ("各批次梯度之和；次梯度的范围", ["梯度", "次梯度"]),
    ("多维数组的维数", ["维数"]),  # the first 维数 is 多维 / 数组
    ("自动微分（自动求导）", ["自动微分"]),
])
def test_chinese_terms_match_only_as_whole_words(text, words):
    assert marked(f"<p>{text}</p>") == words


@pytest.mark.parametrize("text", [
    "tensorflow", "a leaf-tensor", "torch.autograd.grad", "autograd/x.md", "gradients_of", "subtensor",
])
def test_english_terms_match_only_on_word_boundaries(text):
    assert marked(f"<p>{text}</p>", "en") == []


@pytest.mark.parametrize("where", [
    "<code>叶子张量</code>",
    "<pre><code>叶子张量 = 1</code></pre>",
    '<div class="language-python highlight"><pre><span></span><code><span class="c1"># 叶子张量</span></code></pre></div>',
    "<h2 id='a'>叶子张量<a class='headerlink' href='#a'>¶</a></h2>",
    "<h1>为什么<strong>叶子张量</strong></h1>",
    '<p><a href="x/">什么是叶子张量</a></p>',
    '<math alttext="x"><mi>叶子张量</mi></math>',
    '<div class="admonition note"><p class="admonition-title">叶子张量</p></div>',
    "<details><summary>例子</summary><p>叶子张量</p></details>",  # closed: not seen until opened
    '<div class="tabbed-set"><div class="tabbed-labels"><label>叶子张量</label></div></div>',
    '<div class="docexec-output"><span class="filename">输出</span><pre><code>叶子张量</code></pre></div>',
    "<table><thead><tr><th>叶子张量</th></tr></thead></table>",
    '<p><abbr title="x">叶子张量</abbr></p>',
    "<script>var a = '<a>叶子张量';</script>",  # its text is not markup: no <a> left open
    "<code><style>.x::after { content: '</code>' }</style>叶子张量</code>",
    "<!-- a > 叶子张量 -->",
    '<p title="叶子张量">x</p>',
])
def test_no_tooltip_in_code_math_headings_links_labels_or_outputs(where):
    """The term there stays as it is, and its first use in prose after it gets the tooltip."""
    out = add_tooltips(where + "<p>所以叶子张量</p>", "zh", TERMS)
    assert out.startswith(where + "<p>所以<span ")  # untouched up to the prose
    assert marked(where + "<p>所以叶子张量</p>") == ["叶子张量"]
    assert out.endswith("</span></p>")


def test_open_details_tables_admonitions_and_lists_get_tooltips():
    html = ('<details open><summary>s</summary><p>张量</p></details>'
            '<table><tbody><tr><td>叶子张量</td></tr></tbody></table>'
            '<div class="admonition note"><p class="admonition-title">t</p><p>梯度</p></div>'
            '<ol><li>原地操作</li></ol>')
    assert marked(html) == ["张量", "叶子张量", "梯度", "原地操作"]


def test_the_glossary_page_and_notebook_pages_get_none():
    assert marked('<p>叶子张量</p><div class="docexec-glossary"><table></table></div>') == []
    assert marked('<div class="jupyter-wrapper"><div class="jp-RenderedMarkdown"><p>叶子张量</p></div></div>') == []


def test_only_markup_is_added_and_the_text_stays_the_same():
    """The tooltip is in attributes: the page's text (what search indexes, what a copy copies)
    is unchanged, and so is every byte of the HTML around the inserted spans."""
    html = ('<!doctype html><p class="a>b" data-x=\'1>2\'>叶子张量 &amp; 梯度<br>张量<img src="x.png"/></p>'
            '<svg viewBox="0 0 1 1"><text>张量</text></svg><p>版本计数器<mspace/>原地操作</p><p>未闭合')
    out = add_tooltips(html, "zh", TERMS)
    assert unmarked(out) == html
    assert marked(html) == ["叶子张量", "梯度", "张量", "版本计数器", "原地操作"]
    text = re.sub(r"<[^>]*>", "", out)
    assert text == re.sub(r"<[^>]*>", "", html)
    note = re.search(r'data-note="([^"]*)"', out[out.index("版本计数器") - 200:])
    assert note and htmllib.unescape(note[1]) == '报 "modified by an inplace operation" & <b>'  # escaped


def test_a_page_with_its_tooltips_keeps_them_as_they_are():
    once = add_tooltips("<p>叶子张量，叶子张量</p>", "zh", TERMS)
    assert add_tooltips(once, "zh", TERMS) == once  # not the second 叶子张量 now


def test_a_page_without_terms_comes_back_as_it_is():
    html = "<p>nothing here</p>"
    assert add_tooltips(html, "zh", TERMS) is html
    assert add_tooltips("<p>叶子张量</p>", "zh", []) == "<p>叶子张量</p>"


def test_notes_become_plain_text():
    assert plain_note("`x.grad` 为 `None`") == "x.grad 为 None"
    assert plain_note(r"$J_{ij} = \partial y_i / \partial x_j$") == "Jᵢⱼ = ∂yᵢ / ∂xⱼ"
    assert plain_note(r"$v^\top J$, $G\,Y^\top$, $\varepsilon^2 = 0$, $n \times m$") == "vᵀ J, G\u2009Yᵀ, ε² = 0, n × m"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_glossary_note_reads_as_plain_text(lang):
    """A new note with TeX the tooltip cannot show (a command, a sub- or superscript without a
    Unicode character) fails here: add it to _TEX_SYMBOLS / _SUBSCRIPT, or write it in words."""
    bad = {t[lang]: plain_note(t[f"note_{lang}"]) for t in docexec.glossary_terms(ROOT / "glossary.yml")}
    bad = {term: note for term, note in bad.items() if re.search(r"[`$\\{}]|\^|_\{|(?<=[A-Za-z])_[A-Za-z]\b", note)}
    assert bad == {}
