"""docexec/site/pages.py: the language trees are mirrored; every page is run ahead."""

from __future__ import annotations

import pytest

from tests.sites import outputs, site

pytestmark = pytest.mark.check


def test_a_page_in_one_language_only_fails_the_build(site, caplog):
    site.both("index.md", "# home\n")
    site.page("zh/only-zh.md", "# zh\n")
    site.page("en/sub/only-en.md", "# en\n")
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/only-zh.md: no docs/en/only-zh.md: every page needs its twin" in log
    assert "docs/en/sub/only-en.md: no docs/zh/sub/only-en.md" in log


def test_every_page_of_both_languages_runs_and_comes_out_right(site, caplog):
    for n in range(6):
        site.page(f"zh/p{n}.md", f"```python\nprint('zh {n}')\n```\n").page(f"en/p{n}.md", f"```python\nprint('en {n}')\n```\n")
    site.both("index.md", "# t\n")
    ok, log = site.build(caplog)
    assert ok, log
    for n in range(6):
        assert outputs(site.html(f"p{n}/index.html")) == [f"zh {n}"]
        assert outputs(site.html(f"en/p{n}/index.html")) == [f"en {n}"]
