"""docexec/blocks.py: snippets, block options, line numbers, blocks in tabs and admonitions.
"""

from __future__ import annotations

from tests.sites import NESTED, RAISES, ZH_EN_SAME, Site, outputs, site  # noqa: F401


# --- rule 2: snippets ------------------------------------------------------------------


def test_snippet_is_expanded_before_execution_and_shown(site, caplog):
    site.snippet("demo/01_hello.py", 'word = "from snippet"\nprint(word)\n')
    for lang in ("zh", "en"):
        site.page(f"{lang}/index.md", '```python\n--8<-- "demo/01_hello.py"\n```\n')
    ok, log = site.build(caplog)
    assert ok, log
    html = site.html("en/index.html")
    assert "--8&lt;--" not in html and "from snippet" in html
    assert outputs(html) == ["from snippet"]


def test_missing_snippet_fails_with_page_and_line(site, caplog):
    site.page("zh/index.md", '# t\n\ntext\n\n```python\nx = 1\n--8<-- "demo/nope.py"\n```\n')
    site.page("en/index.md", "# t\n")
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/index.md:7: snippet 'demo/nope.py' not found" in log



# --- options and line numbers -------------------------------------------------------


def test_misspelt_option_is_an_error_not_a_silent_pass(site, caplog):
    site.page("zh/index.md", '```python raise="RuntimeError"\n1 / 0\n```\n').page("en/index.md", "# t\n")
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/index.md:1: unknown block option(s) ['raise']" in log


def test_line_numbers_count_front_matter(site, caplog):
    site.page("zh/index.md", "---\ndescription: d\n---\n\n# t\n\n```python\n1 / 0\n```\n").page("en/index.md", "# t\n")
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/index.md:8: unexpected ZeroDivisionError" in log


# --- rule 8: blocks in tabs and admonitions run too ------------------------------------


def test_blocks_inside_tabs_and_admonitions_are_executed(site, caplog):
    site.page("zh/index.md", NESTED).page("en/index.md", NESTED)
    ok, log = site.build(caplog)
    assert ok, log
    assert outputs(site.html("index.html")) == ["in a tab", "in a tab and in an admonition"]
