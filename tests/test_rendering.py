"""docexec/render/rendering.py: what a block's output becomes on the page.

Each rule is checked in process: one page's Markdown through ``docexec.rewrite`` under
``docexec.collecting()`` with a fixture site's settings (:func:`rendered`), made HTML by
Python-Markdown with the fixture's extensions and the output fence (:func:`page_html`), as
MkDocs would convert it. Two builds check the wiring: an output written by hand fails the
build with its line, and a failing block is shown in place, in red, in both languages.
"""

from __future__ import annotations

import html as htmllib
import re

import markdown as python_markdown
import pytest
import yaml

import docexec
from docexec.core import settings
from docexec.page import blocks
from docexec.render import output, rendering
from tests.sites import outputs, site  # site: the fixture

pytestmark = pytest.mark.check


@pytest.fixture(autouse=True)
def restore_settings():
    """The settings in use before the test, put back after it (a test or a build changes them)."""
    saved = settings._CURRENT[:]
    yield
    settings._CURRENT[:] = saved


def rendered(site, text: str, path: str = "docs/zh/index.md") -> tuple[str, list[str]]:
    """(the Markdown the build makes of page ``text`` at ``path`` of ``site``, the messages reported)."""
    docexec.configure(site.root / "mkdocs.yml")
    body, offset, _ = docexec.page_body(text, path)
    with docexec.collecting() as errors:
        markdown = docexec.rewrite(body, path, offset)
    return markdown, list(errors)


def page_html(site, markdown: str) -> str:
    """``markdown`` converted as MkDocs converts the site's pages (its extensions, the output fence)."""
    config = yaml.safe_load((site.root / "mkdocs.yml").read_text("utf8"))
    extensions, configs = ["toc", "tables", "fenced_code"], {}  # MkDocs' own, then the site's
    for entry in config["markdown_extensions"]:
        name, options = next(iter(entry.items())) if isinstance(entry, dict) else (entry, None)
        extensions.append(name)
        configs[name] = dict(options or {})
    snippets = configs["pymdownx.snippets"]
    snippets["base_path"] = [str(site.root / base) for base in snippets["base_path"]]  # MkDocs runs in the site
    output.register(configs)
    return python_markdown.Markdown(extensions=extensions, extension_configs=configs).convert(markdown)


# --- rule 7: output is text ------------------------------------------------------------


def test_output_is_text_never_markdown(site):
    markdown, errors = rendered(site, '```python\nprint("**bold** <b>tag</b> # not a heading")\n```\n')
    assert errors == []
    html = page_html(site, markdown)
    assert outputs(html) == ["**bold** <b>tag</b> # not a heading"]
    assert "<strong>bold" not in html and "<b>tag</b>" not in html


def test_output_cannot_close_its_block_or_inject_html(site):
    page = '```python\nprint("`" * 8)\nprint("<script>alert(1)</script>")\nprint("`" * 12 + " # heading?")\n```\n'
    markdown, errors = rendered(site, page)
    assert errors == []
    assert "`" * 13 + 'docexec-output title="输出"' in markdown  # a fence longer than any run in the output
    html = page_html(site, markdown)
    assert outputs(html) == ["`" * 8 + "\n<script>alert(1)</script>\n" + "`" * 12 + " # heading?"]
    assert "<script>alert(1)" not in html and "&lt;script&gt;alert(1)" in html
    assert "<h1" not in html.split("docexec-output", 1)[1]


INLINE_VALUES = ["</code><img src=x onerror=alert(1)>", "a\n\n<script>alert(1)</script>", "``` `` `x` ```` ` ```"]


@pytest.mark.parametrize("value", INLINE_VALUES, ids=["closing tag", "blank line", "backticks"])
@pytest.mark.parametrize("where", ["a line", "a line's start", "a table cell"])
def test_no_inline_value_becomes_markup(site, value, where):
    """An inline value comes from the page process: whatever it is, it shows as one line of code."""
    docexec.configure(site.root / "mkdocs.yml")
    block = blocks.find_inline("It is `{python} v`.", "docs/zh/index.md")[0]
    code = rendering.render_inline(value, block)
    text = {"a line": f"It is {code}, no more.", "a line's start": f"{code} is it.",
            "a table cell": f"| a | b |\n|---|---|\n| {code} | z |"}[where]
    html = page_html(site, text)
    assert "<script" not in html and "<img" not in html and "<p>" + "`" not in html, html
    (shown,) = re.findall(r"<code>(.*?)</code>", html, re.S)
    assert htmllib.unescape(shown) == " ".join(value.split()), html


BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"


def test_shown_code_shows_bidi_controls_visibly(site):
    """Trojan Source: the code a reader sees is the code that runs, every control character visible."""
    code = f'access = "user{BIDI}"  # \u202e admin \u2066\nprint(len(access))'
    markdown, errors = rendered(site, f"```python\n{code}\n```\n")
    assert errors == []
    html = page_html(site, markdown)
    assert not any(c in html for c in BIDI), [hex(ord(c)) for c in BIDI if c in html]
    assert "\\u202e" in markdown and "\\u2066" in markdown and "\\u061c" in markdown
    assert outputs(html) == ["16"]


def test_the_build_does_not_run_a_block_with_a_name_that_only_looks_ascii(site):
    markdown, errors = rendered(site, "```python\nimport torch\nprint(t\u043erch.ones(2))\n```\n")
    assert errors == ["docs/zh/index.md:3: the name 't\u043erch' holds U+043E (CYRILLIC SMALL LETTER O), not an ASCII"
                      " letter: a name that looks like another misleads the reader (write names in ASCII; strings and"
                      " comments may hold any text)"]
    assert "!!! failure" in markdown


FORGED = (
    '# t\n\n```python\nprint(1)\n```\n\n````docexec-output title="输出"\ntensor([6., 9.])\n````\n\n'
    "!!! note\n\n    ```{.text .docexec-output}\n    tensor([6., 9.])\n    ```\n"
)


def test_an_output_written_by_hand_is_named_with_its_line(site):
    """An output block is what the build shows under code it ran; one typed into a page would
    look the same and never be checked."""
    for lang in ("zh", "en"):
        found = output.forged(FORGED, f"docs/{lang}/index.md", 0)
        assert len(found) == 2, found
        for message, line in zip(found, (7, 13), strict=True):  # the opening fences
            assert message.startswith(f"docs/{lang}/index.md:{line}: an output block written by hand"), message
    assert output.forged(FORGED, "docs/zh/index.md", 3)[0].startswith("docs/zh/index.md:10: ")  # front matter counted
    assert output.forged("```python\nprint(1)\n```\n", "p.md", 0) == []
    markdown, errors = rendered(site, FORGED)
    assert errors == []
    assert outputs(page_html(site, markdown))[0] == "1"  # the real one is still shown


def test_an_output_written_by_hand_fails_the_build_with_its_line(site, caplog):
    """The wiring: the build checks the page before rendering adds the real outputs."""
    site.both("index.md", FORGED)
    ok, log = site.build(caplog)
    assert not ok
    for lang in ("zh", "en"):
        for line in (7, 13):  # the opening fences
            assert f"docs/{lang}/index.md:{line}: an output block written by hand" in log, log
    assert outputs(site.html("index.html"))[0] == "1"  # the real one is still shown


def test_code_with_a_long_backtick_line_is_refused(site):
    site.snippet("demo/01_ticks.py", "s = '''\n````````\n'''\n")
    markdown, errors = rendered(site, '# t\n\n```python\n--8<-- "demo/01_ticks.py"\n```\n')
    assert len(errors) == 1
    assert "docs/zh/index.md:3: the code holds a line of 8 or more backticks" in errors[0]
    assert '!!! failure "这段代码运行出错"' in markdown  # shown in place, not run


def test_svg_result_may_only_draw(site):
    markdown, errors = rendered(site, '# t\n\n```python result="svg" source="none"\n'
                                      'print(\'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>\')\n```\n\n'
                                      '```python result="svg" source="none"\n'
                                      'print(\'<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>\')\n```\n')
    log = "\n".join(errors)
    assert len(errors) == 2, log
    assert 'docs/zh/index.md:3: result="svg": the picture it printed was refused: it holds <script>, which is not a' \
           " drawing element" in log
    assert 'docs/zh/index.md:7: result="svg": the picture it printed was refused: <svg> has the attribute onload=,' \
           " an event handler: nothing on a page runs" in log
    assert "alert(1)</script>" not in page_html(site, markdown).replace("&lt;", "<").split("</code>")[-1]


def test_an_svg_that_only_draws_is_placed_as_a_figure(site):
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8">\\n\\n<rect width="8" height="8"/></svg>'
    markdown, errors = rendered(site, f'```python result="svg" source="none"\nprint(\'{svg}\')\n```\n')
    assert errors == []
    assert markdown == ('<figure class="docexec-figure">\n<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8">\n'
                        '<rect width="8" height="8"/></svg>\n</figure>\n')  # its blank line left out


def test_a_failing_block_is_shown_in_place_in_red_in_its_language(site):
    page = "# t\n\n```python\n1 / 0\n```\n"
    markdown, errors = rendered(site, page)
    assert errors == ["docs/zh/index.md:4: unexpected ZeroDivisionError: division by zero"]
    html = page_html(site, markdown)
    assert '<div class="admonition failure">' in html and "这段代码运行出错" in html
    assert "docs/zh/index.md:4: unexpected ZeroDivisionError: division by zero" in html
    assert html.index("ZeroDivisionError") > html.index('class="admonition failure"') > html.index("<code")  # code, error
    markdown, errors = rendered(site, page, "docs/en/index.md")
    assert errors == ["docs/en/index.md:4: unexpected ZeroDivisionError: division by zero"]
    assert "This block failed" in page_html(site, markdown)


def test_a_failing_block_is_shown_in_place_in_red(site, caplog):
    """The wiring: the build fails, and the page (what `mkdocs serve` shows) has the error in place."""
    site.both("index.md", "# t\n\n```python\n1 / 0\n```\n")
    ok, log = site.build(caplog)
    assert not ok
    html = site.html("index.html")
    assert '<div class="admonition failure">' in html and "这段代码运行出错" in html
    assert "docs/zh/index.md:4: unexpected ZeroDivisionError: division by zero" in html
    assert "This block failed" in site.html("en/index.html")
