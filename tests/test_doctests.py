"""tests/conftest.py: the doc tests (pytest-markdown-docs) run the fixture pages with the build's semantics.
"""

from __future__ import annotations

import re

import pytest

from tests.sites import NESTED, RAISES, run_doc_tests, site

pytestmark = pytest.mark.full

# --- the doc tests mean the same ------------------------------------------------------


def test_doc_tests_agree_with_the_build(site, caplog):
    site.snippet("demo/01_hello.py", 'print("hi")\n')
    site.page("zh/good.md", NESTED + '\n```python\n--8<-- "demo/01_hello.py"\n```\n' + RAISES)
    site.page("zh/leak.md", "```python\nprint(t)\n```\n")  # t is only defined in good.md
    site.page("zh/noraise.md", '# t\n\n```python raises="RuntimeError"\nx = 1\n```\n')
    site.page("zh/snippet.md", '# t\n\n```python\n--8<-- "demo/nope.py"\n```\n')
    site.page("en/index.md", "# t\n")
    result = run_doc_tests(site.root)
    out = result.stdout
    # good.md: tab, admonition, snippet and expected-error blocks: 4 passing items
    assert re.search(r"\b4 passed\b", out), out
    assert "3 failed" in out, out
    assert "docs/zh/leak.md:2: unexpected NameError: name 't' is not defined" in out
    assert "docs/zh/noraise.md:3: expected RuntimeError but the block raised nothing" in out
    assert "docs/zh/snippet.md:4: snippet 'demo/nope.py' not found" in out
    # ...and the build reports the very same messages
    ok, log = site.build(caplog)
    assert not ok
    for message in ("docs/zh/leak.md:2: unexpected NameError", "docs/zh/noraise.md:3: expected RuntimeError",
                    "docs/zh/snippet.md:4: snippet 'demo/nope.py' not found"):
        assert message in log
