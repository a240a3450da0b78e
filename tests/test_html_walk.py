"""docexec/render/html_walk.py: the one reading of a page's HTML that tooltips, codelinks and the
practice pages rewrite. Each test is HTML a regular expression over tags gets wrong: a ``>`` in a
quoted attribute, a tag in a comment or a script, an entity, a self-closing or an uppercase tag.
Every walk must also give back its source byte for byte (what the site's build relies on)."""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import pytest

from docexec.notebooks import practice_page
from docexec.render import codelinks, html_walk
from docexec.render.html_walk import COMMENT, END, OTHER, START, TEXT

pytestmark = pytest.mark.check


def walk(html: str) -> list[html_walk.Token]:
    tokens = html_walk.walk(html)
    assert "".join(t.raw for t in tokens) == html
    assert all(t.raw == html[t.start:t.end] for t in tokens)
    assert all(a.end == b.start for a, b in itertools.pairwise(tokens))
    return tokens


def texts(tokens: list[html_walk.Token]) -> list[tuple[str, list[str]]]:
    """Each run of text, entities resolved, with the names of the elements open around it."""
    return [(t.data, [p.tag for p in t.parents]) for t in tokens if t.kind == TEXT]


def test_code_nested_in_a_link_is_inside_both():
    tokens = walk('<p><a href="x"><code>torch.<b>tensor</b></code></a> and <code>y</code></p>')
    assert texts(tokens) == [("torch.", ["p", "a", "code"]), ("tensor", ["p", "a", "code", "b"]),
                             (" and ", ["p"]), ("y", ["p", "code"])]
    first, second = [t for t in tokens if t.is_tag(START, "code")]
    assert first.inside("a") and not second.inside("a") and second.inside("p")
    link = tokens[1]
    assert link.is_tag(START, "a") and tokens[link.pair].is_tag(END, "a") and tokens[link.pair].pair == 1
    assert html_walk.text(tokens[2:link.pair]) == "torch.tensor"


def test_a_greater_than_sign_in_a_quoted_attribute_is_no_end_of_tag():
    html = """<a title="1 > 0" data-x='a>b' href=plain>x > y</a>"""
    tokens = walk(html)
    assert [t.kind for t in tokens] == [START, TEXT, END]
    link = tokens[0]
    assert link.attrs == (("title", "1 > 0"), ("data-x", "a>b"), ("href", "plain"))
    assert [html[slice(*link.value_span(name))] for name in ("title", "data-x", "href")] == ["1 > 0", "a>b", "plain"]
    assert texts(tokens) == [("x > y", ["a"])]


def test_markup_inside_a_comment_is_no_markup():
    tokens = walk('<!-- <pre> <a href="x"> --><code>torch.tensor</code><!---->')
    assert [t.kind for t in tokens] == [COMMENT, START, TEXT, END, COMMENT]
    assert texts(tokens) == [("torch.tensor", ["code"])]


def test_entities_are_resolved_in_the_text_and_kept_in_the_source():
    html = "<p title='&lt;&amp;'>a &amp; b &lt;c&gt; &#955; &nbsp;&#x3bb;</p>"
    tokens = walk(html)
    assert tokens[0].attr("title") == "<&"
    assert texts(tokens) == [("a & b <c> λ \xa0λ", ["p"])]
    assert tokens[1].raw == "a &amp; b &lt;c&gt; &#955; &nbsp;&#x3bb;"


def test_script_and_style_text_is_not_markup():
    html = ('<div><script>if (a<b && c>d) x = "</p><a href=y>";</script><style>p>a { color: red }</style>'
            "<p>after</p></div>")
    tokens = walk(html)
    assert texts(tokens) == [('if (a<b && c>d) x = "</p><a href=y>";', ["div", "script"]),
                             ("p>a { color: red }", ["div", "style"]), ("after", ["div", "p"])]
    assert not any(t.is_tag(START, "a") for t in tokens)
    assert tokens[0].pair == len(tokens) - 1


def test_a_script_never_closed_keeps_its_text():
    tokens = walk("<p>x</p><script>let s = '<b>';")
    assert texts(tokens)[-1] == ("let s = '<b>';", ["script"])


def test_void_and_self_closing_tags_contain_nothing():
    tokens = walk('<p>a<br>b<br/>c<img src="x.png" alt="i">d<span/>e<hr />f</p>')
    assert texts(tokens) == [(ch, ["p"]) for ch in "abcdef"]
    empty = [t.tag for t in tokens if t.kind == START and t.empty]
    assert empty == ["br", "br", "img", "span", "hr"]
    assert all(t.pair == -1 for t in tokens if t.kind == START and t.empty)


def test_uppercase_tags_and_attributes_read_as_lowercase():
    tokens = walk('<DIV CLASS="Cell jp-Cell"><Code>t</CODE></Div><H2 ID="x">h</h2>')
    div, code = tokens[0], tokens[1]
    assert (div.tag, div.classes, code.tag) == ("div", ["Cell", "jp-Cell"], "code")
    assert tokens[code.pair].raw == "</CODE>" and tokens[div.pair].raw == "</Div>"
    assert texts(tokens) == [("t", ["div", "code"]), ("h", ["h2"])]
    assert tokens[-3].attr("id") == "x" and tokens[-2].inside(*html_walk.HEADINGS)


def test_an_end_tag_closes_what_is_left_open_inside_and_a_stray_one_closes_nothing():
    tokens = walk("<div><p>a<i>b</div>c</p></>d")
    assert texts(tokens) == [("a", ["div", "p"]), ("b", ["div", "p", "i"]), ("c", []), ("d", [])]
    p, i = tokens[1], tokens[3]
    assert p.pair == -1 and i.pair == -1  # closed by </div>, not by tags of their own
    stray = next(t for t in tokens if t.raw == "</p>")
    assert stray.kind == END and stray.pair == -1
    assert any(t.kind == OTHER and t.raw == "</>" for t in tokens)


def test_text_around_a_lone_less_than_sign_is_one_run():
    tokens = walk("<p>1 < 2 and 3 <4</p>")
    assert texts(tokens) == [("1 < 2 and 3 <4", ["p"])]


def test_splice_replaces_slices_and_keeps_insertions_in_order():
    html = "<p>abc</p>"
    assert html_walk.splice(html, [(3, 4, "A"), (6, 6, "!"), (6, 6, "?"), (0, 0, "<div>")]) == "<div><p>Abc!?</p>"
    with pytest.raises(ValueError, match="overlapping"):
        html_walk.splice(html, [(1, 4, "x"), (3, 5, "y")])


def test_inline_code_in_an_uppercase_heading_or_link_is_not_linked():
    urls = {"torch.tensor": "generated/torch.tensor.html"}
    html = ('<H2>About <code>torch.tensor</code></H2><A HREF="x" title="a>b"><code>torch.tensor</code></A>'
            "<p><!-- <a> --><code>torch.tensor</code></p>")
    linked, found = codelinks.link_prose(html, urls, "https://ref/")
    assert found == ["torch.tensor"]
    assert linked == html.replace(
        "<p><!-- <a> --><code>torch.tensor</code>",
        '<p><!-- <a> --><a class="docexec-api" href="https://ref/generated/torch.tensor.html" title="torch.tensor">'
        "<code>torch.tensor</code></a>")


def test_only_href_attributes_of_tags_are_made_relative():
    site = "https://x.org/s/"
    html = ("<a title='see https://x.org/s/a/' href='https://x.org/s/a/#b'>a</a>"
            "<code>href=\"https://x.org/s/a/\"</code><!-- href=\"https://x.org/s/a/\" -->")
    assert practice_page.relative_links(html, "en/practice/p/", site, True) == html.replace(
        "href='https://x.org/s/a/#b'", "href='../../../a/#b'")


def test_a_notebook_heading_takes_its_explicit_anchor_and_no_other_heading_does():
    html = ('<h2 id="a">No anchor</h2><p title="x>y">t</p>'
            '<h2 id="Exercise-1:-x">Exercise 1: <code>x</code> &amp; y <a id="exercise-1"></a>'
            '<a class="anchor-link" href="#Exercise-1:-x">¶</a></h2>')
    toc = [SimpleNamespace(id="Exercise-1:-x", title="?", children=[SimpleNamespace(id="_2", title="?", children=[])])]
    assert practice_page.explicit_heading_ids(html, toc) == (
        '<h2 id="a">No anchor</h2><p title="x>y">t</p>'
        '<h2 id="exercise-1">Exercise 1: <code>x</code> &amp; y<a class="anchor-link" href="#exercise-1">¶</a></h2>')
    assert (toc[0].id, toc[0].title) == ("exercise-1", "Exercise 1: x &amp; y")
    assert (toc[0].children[0].id, toc[0].children[0].title) == ("_2", "?")  # one heading renamed, one entry


REGULAR = [
    '<p class="a">x &amp; y</p>', '<a href="x.md" title="a>b">t</a>', "<!doctype html><html><body>x</body></html>",
    '<clipboard-copy ,="" aria-label="Copy" for="c"></clipboard-copy>', "<script>if (a < b && c) {}</script><p>z</p>",
    "<STYLE>p > a {}</STYLE>", "<br/><img src='a.png'><hr>", "<!-- a -- b --><p>1 < 2</p>", "<input disabled value=3>",
    '<span data-x="&lt;tag&gt;">&#x41;&eacute;</span>', "a < b <c d", "</p>x<p>", "<p id=x>unquoted</p>",
]


@pytest.mark.parametrize("html", REGULAR)
def test_the_fast_reading_is_html_parser_s_reading(html):
    """What html_walk reads with its own expressions it reads as html.parser does; what it cannot,
    html.parser reads (None)."""
    regular = html_walk._regular_events(html)
    parsed, end = html_walk._parsed_events(html)
    if regular is not None:
        assert end == len(html) and [tuple(e) for e in parsed] == regular
    assert [t.raw for t in html_walk.walk(html)] and "".join(t.raw for t in html_walk.walk(html)) == html


def test_the_site_s_html_is_read_the_fast_way():
    page = ('<!doctype html><html><head><script>var a = "<b>";</script></head><body><article class="md-typeset">'
            '<h2 id="x">T<a class="headerlink" href="#x" title="Permanent link">&para;</a></h2>'
            '<div class="highlight"><pre><span></span><code><span class="n">x</span></code></pre></div>'
            '<!-- autocorrect-disable --></article></body></html>')
    assert html_walk._regular_events(page) is not None


CODE_BLOCK = ('<pre><span></span><code><a id="__codelineno-0-1" name="__codelineno-0-1" href="#__codelineno-0-1"></a>'
              '<span class="n">x</span> <span class="o">=</span> <span class="n">torch</span><span class="o">.</span>'
              '<span class="n">ones</span><span class="p">(</span><span class="mi">2</span><span class="p">)</span>\n'
              '<span class="nb">print</span><span class="p">(</span><span class="s2">&quot;a &lt; b&quot;</span>'
              '<span class="p">)</span>  <span class="c1"># zh: 注释</span>\n</code></pre>')


@pytest.mark.parametrize("html", [*REGULAR, CODE_BLOCK])
def test_the_light_pieces_are_the_walk_s_tokens(html):
    """html_walk.pieces (codelinks reads a code block so) cuts regular HTML where walk does, with
    the same text and tag names; where it cannot, it says so (None) and walk reads it."""
    light = html_walk.pieces(html)
    if light is None:
        assert any(mark in html.lower() for mark in ("<!doctype", "<script", "<style", "<c d")), html
        return
    tokens = [(t.kind, t.start, t.end, t.tag if t.kind in (html_walk.START, html_walk.END) else t.data)
              for t in html_walk.walk(html)]
    assert light == tokens
