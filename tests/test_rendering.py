"""docexec/rendering.py: what a block's output becomes on the page.
"""

from __future__ import annotations

from tests.sites import NESTED, RAISES, ZH_EN_SAME, Site, outputs, site  # noqa: F401


# --- rule 7: output is text ------------------------------------------------------------


def test_output_is_text_never_markdown(site, caplog):
    page = '```python\nprint("**bold** <b>tag</b> # not a heading")\n```\n'
    site.page("zh/index.md", page).page("en/index.md", page)
    ok, log = site.build(caplog)
    assert ok, log
    html = site.html("index.html")
    assert outputs(html) == ["**bold** <b>tag</b> # not a heading"]
    assert "<strong>bold" not in html and "<b>tag</b>" not in html
