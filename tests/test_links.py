"""docexec/page/links.py: broken relative links fail the build with page and line.
"""

from __future__ import annotations

import pytest

from tests.sites import site

pytestmark = pytest.mark.check


def test_broken_link_fails_with_page_and_line(site, caplog):
    site.page("zh/index.md", "# t\n\nsee [there](missing.md)\n").page("en/index.md", "# t\n")
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/index.md:3: link to 'missing.md', which does not exist" in log
