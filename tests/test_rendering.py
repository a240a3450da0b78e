"""docexec/rendering.py: what a block's output becomes on the page.
"""

from __future__ import annotations

from tests.sites import outputs, site  # noqa: F401 -- the site fixture


# --- rule 7: output is text ------------------------------------------------------------


def test_output_is_text_never_markdown(site, caplog):
    page = '```python\nprint("**bold** <b>tag</b> # not a heading")\n```\n'
    site.page("zh/index.md", page).page("en/index.md", page)
    ok, log = site.build(caplog)
    assert ok, log
    html = site.html("index.html")
    assert outputs(html) == ["**bold** <b>tag</b> # not a heading"]
    assert "<strong>bold" not in html and "<b>tag</b>" not in html


def test_output_cannot_close_its_block_or_inject_html(site, caplog):
    page = '```python\nprint("`" * 8)\nprint("<script>alert(1)</script>")\nprint("`" * 12 + " # heading?")\n```\n'
    site.both("index.md", page)
    ok, log = site.build(caplog)
    assert ok, log
    html = site.html("index.html")
    assert outputs(html) == ["`" * 8 + "\n<script>alert(1)</script>\n" + "`" * 12 + " # heading?"]
    assert "<script>alert(1)" not in html and "&lt;script&gt;alert(1)" in html
    assert "<h1" not in html.split("docexec-output", 1)[1]


def test_an_output_written_by_hand_fails_the_build_with_its_line(site, caplog):
    """An output block is what the build shows under code it ran; one typed into a page would
    look the same and never be checked."""
    forged = (
        '# t\n\n```python\nprint(1)\n```\n\n````docexec-output title="输出"\ntensor([6., 9.])\n````\n\n'
        "!!! note\n\n    ```{.text .docexec-output}\n    tensor([6., 9.])\n    ```\n"
    )
    site.both("index.md", forged)
    ok, log = site.build(caplog)
    assert not ok
    for lang in ("zh", "en"):
        for line in (7, 13):  # the opening fences
            assert f"docs/{lang}/index.md:{line}: an output block written by hand" in log, log
    assert outputs(site.html("index.html"))[0] == "1"  # the real one is still shown


def test_code_with_a_long_backtick_line_is_refused(site, caplog):
    site.snippet("demo/01_ticks.py", "s = '''\n````````\n'''\n")
    site.both("index.md", '# t\n\n```python\n--8<-- "demo/01_ticks.py"\n```\n')
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/index.md:3: the code holds a line of 8 or more backticks" in log


def test_svg_result_may_only_draw(site, caplog):
    site.both("index.md", '# t\n\n```python result="svg" source="none"\n'
                          'print(\'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>\')\n```\n\n'
                          '```python result="svg" source="none"\n'
                          'print(\'<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>\')\n```\n')
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/index.md:3: the <svg> it printed holds '<script'" in log
    assert "docs/zh/index.md:7: the <svg> it printed holds 'onload='" in log
    assert "alert(1)</script>" not in site.html("index.html").replace("&lt;", "<").split("</code>")[-1]


def test_a_failing_block_is_shown_in_place_in_red(site, caplog):
    site.both("index.md", "# t\n\n```python\n1 / 0\n```\n")
    ok, log = site.build(caplog)
    assert not ok
    html = site.html("index.html")
    assert '<div class="admonition failure">' in html and "这段代码运行出错" in html
    assert "docs/zh/index.md:4: unexpected ZeroDivisionError: division by zero" in html
    assert "This block failed" in site.html("en/index.html")
