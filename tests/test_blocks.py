"""docexec/blocks.py: snippets, block options, line numbers, blocks in tabs and admonitions.
"""

from __future__ import annotations

import re

from tests.sites import NESTED, outputs, site  # noqa: F401 -- the site fixture


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


# --- snippets stay inside snippets/ ---------------------------------------------------


def test_snippet_paths_outside_snippets_fail_with_page_and_line(site, caplog, tmp_path):
    (site.root / "secret.py").write_text("print('secret')\n", "utf8")
    (site.root / "snippets").mkdir()
    (site.root / "snippets" / "link.py").symlink_to(site.root / "secret.py")
    page = (
        "# t\n\n```python\n--8<-- \"../secret.py\"\n```\n\n"
        "```python exec=\"off\"\n--8<-- \"/etc/passwd\"\n```\n\n"
        "```python\n--8<-- \"link.py\"\n```\n"
    )
    site.both("index.md", page)
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/index.md:4: snippet '../secret.py' points outside snippets/" in log
    assert "docs/zh/index.md:8: snippet '/etc/passwd' points outside snippets/" in log
    assert "docs/zh/index.md:12: snippet 'link.py' leads outside snippets/" in log
    html = site.html("index.html")
    assert "root:" not in html and "print(&#39;secret&#39;)" not in html and "print('secret')" not in html


def test_snippet_lines_outside_python_blocks_cannot_include_files_outside_either(site, caplog):
    site.both("index.md", '# t\n\n```text\n--8<-- "/etc/passwd"\n```\n')
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/index.md:4: snippet '/etc/passwd' points outside snippets/" in log
    assert "root:" not in site.html("index.html")


# --- fence languages and options ------------------------------------------------------


def test_python3_and_ipython_fences_run_pycon_is_refused(site, caplog):
    site.both("index.md", "```python3\nprint(1)\n```\n\n```ipython\nprint(2)\n```\n")
    site.both("repl.md", "# t\n\n```pycon\n>>> print(3)\n3\n```\n")
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/repl.md:3: ```pycon blocks (REPL transcripts) are not run" in log
    assert outputs(site.html("en/index.html")) == ["1", "2"]


def test_pycon_shown_unrun_when_it_says_so(site, caplog):
    site.both("index.md", '```pycon exec="off"\n>>> 1 + 1\n2\n```\n')
    ok, log = site.build(caplog)
    assert ok, log


def test_raises_must_name_an_exception_class(site, caplog):
    site.both("index.md", '# t\n\n```python raises="RuntimeErorr"\n1 / 0\n```\n')
    site.both("torch.md", '# t\n\n```python raises="torch.NotAnError"\n1 / 0\n```\n\n'
                          '```python raises="torch.OutOfMemoryError"\n1 / 0\n```\n')
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/index.md:3: raises='RuntimeErorr' is not a builtin exception" in log
    assert "docs/zh/torch.md:3: raises='torch.NotAnError' is not an exception class" in log
    assert "docs/zh/torch.md:8: expected torch.OutOfMemoryError but the block raised ZeroDivisionError" in log


def test_a_torch_exception_class_can_be_expected(site, caplog):
    page = '```python raises="torch.linalg.LinAlgError"\nimport torch\ntorch.linalg.inv(torch.zeros(2, 2))\n```\n'
    site.both("index.md", page)
    ok, log = site.build(caplog)
    assert ok, log
    (out,) = outputs(site.html("index.html"))  # named as a traceback names it
    assert out.startswith("torch._C._LinAlgError: linalg.inv: The diagonal element 1 is zero"), out


# --- front matter ----------------------------------------------------------------------


def test_malformed_front_matter_fails_with_its_line_and_block_lines_stay_right(site, caplog):
    site.both("index.md", "---\ntitle: [unclosed\n---\n\n# t\n\n```python\n1 / 0\n```\n")
    ok, log = site.build(caplog)
    assert not ok
    assert re.search(r"docs/zh/index\.md:[23]: front matter is not valid YAML", log), log
    assert "docs/zh/index.md:8: unexpected ZeroDivisionError" in log
