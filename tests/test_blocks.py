"""docexec/page/blocks.py: snippets, block options, line numbers, blocks in tabs and admonitions.

Each rule is checked in process, on one page's Markdown (``docexec.rewrite`` under
``docexec.collecting()``, the fixture site's settings), its HTML made by Python-Markdown with
the fixture's extensions; two builds check the wiring: a strict build fails with the message and
``file:line`` (front matter counted), and nothing outside ``snippets/`` reaches a built page.
"""

from __future__ import annotations

import re

import pytest

import docexec
from docexec.core.errors import DocExecError
from tests.sites import NESTED, outputs, site  # site: the fixture
from tests.test_rendering import page_html, rendered, restore_settings  # restore_settings: autouse

pytestmark = pytest.mark.check

# --- rule 2: snippets ------------------------------------------------------------------


def test_snippet_is_expanded_before_execution_and_shown(site):
    site.snippet("demo/01_hello.py", 'word = "from snippet"\nprint(word)\n')
    page = '```python\n--8<-- "demo/01_hello.py"\n```\n'
    docexec.configure(site.root / "mkdocs.yml")
    (block,) = docexec.executed_blocks(page, "docs/en/index.md")
    assert block.code == 'word = "from snippet"\nprint(word)'
    assert block.origins == [("snippets/demo/01_hello.py", 1), ("snippets/demo/01_hello.py", 2)]
    markdown, errors = rendered(site, page, "docs/en/index.md")
    assert errors == []
    html = page_html(site, markdown)
    assert "--8&lt;--" not in html and "from snippet" in html
    assert outputs(html) == ["from snippet"]


def test_missing_snippet_fails_with_page_and_line(site):
    _, errors = rendered(site, '# t\n\ntext\n\n```python\nx = 1\n--8<-- "demo/nope.py"\n```\n')
    assert len(errors) == 1
    assert errors[0].startswith("docs/zh/index.md:7: snippet 'demo/nope.py' not found"), errors


# --- options and line numbers -------------------------------------------------------


def test_misspelt_option_is_an_error_not_a_silent_pass(site):
    with pytest.raises(DocExecError) as exc:
        docexec.parse_options('python raise="RuntimeError"', "docs/zh/index.md:1")
    assert str(exc.value).startswith("docs/zh/index.md:1: unknown block option(s) ['raise']")
    assert docexec.parse_options('python raises="RuntimeError" timeout="30"', "x:1") == (
        "python", {"raises": "RuntimeError", "timeout": "30"})
    with pytest.raises(DocExecError, match=re.escape("x:1: unknown block option(s) ['lose']")):
        docexec.parse_options("python lose", "x:1")  # a bare word is not an option either
    _, errors = rendered(site, '```python raise="RuntimeError"\n1 / 0\n```\n')
    assert len(errors) == 1 and "docs/zh/index.md:1: unknown block option(s) ['raise']" in errors[0]


def test_memory_can_only_raise_the_pages_limit(site):
    _, errors = rendered(site, '# t\n\n```python memory="1"\nprint(1)\n```\n\n```python memory="8"\nprint(2)\n```\n')
    assert errors == ['docs/zh/index.md:3: memory="1" is below the default of 4 GiB: memory= can only raise a page\'s'
                      ' limit (one for all its blocks), never lower it; leave it out, or give a number of GiB in [4, 64]']


def test_every_bad_option_of_a_page_is_reported_with_its_line(site):
    page = ('# t\n\n```python raise="RuntimeError"\n1 / 0\n```\n\n'
            '```python timeout="soon" memory="lots"\nprint(1)\n```\n\n'
            '```python source="sideways"\nprint(2)\n```\n\n```python\nprint(3)\n```\n')
    markdown, errors = rendered(site, page)
    log = "\n".join(errors)
    for message in ["docs/zh/index.md:3: unknown block option(s) ['raise']",
                    "docs/zh/index.md:7: timeout must be a number of seconds",
                    "docs/zh/index.md:7: memory must be a number of GiB",
                    "docs/zh/index.md:11: source must be one of"]:
        assert message in log, (message, log)
    assert outputs(page_html(site, markdown)) == ["3"]  # the page's other blocks run


def test_line_numbers_count_front_matter_in_process(site):
    page = "---\ndescription: d\n---\n\n# t\n\n```python\n1 / 0\n```\n"
    text, offset, problem = docexec.page_body(page, "docs/zh/index.md")
    assert (offset, problem) == (4, None) and text.startswith("# t")  # the blank line after it too
    assert [b.line for b in docexec.find_blocks(text, "docs/zh/index.md", offset)] == [7]
    _, errors = rendered(site, page)
    assert len(errors) == 1 and "docs/zh/index.md:8: unexpected ZeroDivisionError" in errors[0]


def test_the_build_fails_with_page_and_line_front_matter_counted(site, caplog):
    """The wiring: the build counts the front matter MkDocs strips, and reports a broken one."""
    site.page("zh/index.md", "---\ndescription: d\n---\n\n# t\n\n```python\n1 / 0\n```\n").page("en/index.md", "# t\n")
    site.both("bad.md", "---\ntitle: [unclosed\n---\n\n# t\n\n```python\n1 / 0\n```\n")
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/index.md:8: unexpected ZeroDivisionError" in log
    assert re.search(r"docs/zh/bad\.md:[23]: front matter is not valid YAML", log), log
    assert "docs/zh/bad.md:8: unexpected ZeroDivisionError" not in log  # a page with broken front matter is not run


def test_a_page_with_broken_front_matter_is_not_run(site, caplog):
    site.both("index.md", "# t\n").both("bad.md", "---\ntitle: [unclosed\n---\n\n# t\n\n```python\nprint('ran')\n```\n\n"
                                                   "It is `{python} 6 * 7`.\n")
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/bad.md:3: front matter is not valid YAML" in log and "docs/en/bad.md:3:" in log, log
    assert "ran" not in "".join(outputs(site.html("bad/index.html"))) and "<code>42</code>" not in site.html("bad/index.html")


# --- rule 8: blocks in tabs and admonitions run too ------------------------------------


def test_blocks_inside_tabs_and_admonitions_are_executed(site):
    docexec.configure(site.root / "mkdocs.yml")
    blocks = docexec.find_blocks(NESTED, "docs/zh/index.md")
    assert [(b.line, b.indent, b.body) for b in blocks] == [
        (6, "    ", 't = "in a tab"\nprint(t)'), (13, "    ", 'print(t, "and in an admonition")')]
    markdown, errors = rendered(site, NESTED)
    assert errors == []
    assert outputs(page_html(site, markdown)) == ["in a tab", "in a tab and in an admonition"]


# --- snippets stay inside snippets/ ---------------------------------------------------


def test_snippet_paths_outside_snippets_fail_with_page_and_line(site):
    (site.root / "secret.py").write_text("print('secret')\n", "utf8")
    (site.root / "snippets").mkdir()
    (site.root / "snippets" / "link.py").symlink_to(site.root / "secret.py")
    page = (
        "# t\n\n```python\n--8<-- \"../secret.py\"\n```\n\n"
        "```python exec=\"off\"\n--8<-- \"/etc/passwd\"\n```\n\n"
        "```python\n--8<-- \"link.py\"\n```\n"
    )
    markdown, errors = rendered(site, page)
    log = "\n".join(errors)
    assert len(errors) == 3, log
    assert "docs/zh/index.md:4: snippet '../secret.py' points outside snippets/" in log
    assert "docs/zh/index.md:8: snippet '/etc/passwd' points outside snippets/" in log
    assert "docs/zh/index.md:12: snippet 'link.py' leads outside snippets/" in log
    html = page_html(site, markdown)
    assert "root:" not in html and "print(&#39;secret&#39;)" not in html and "print('secret')" not in html


def test_snippet_lines_outside_python_blocks_cannot_include_files_outside_either(site, caplog):
    """The wiring: the build checks the lines pymdownx.snippets expands, before it does."""
    site.both("index.md", '# t\n\n```text\n--8<-- "/etc/passwd"\n```\n')
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/index.md:4: snippet '/etc/passwd' points outside snippets/" in log
    assert "root:" not in site.html("index.html")


# --- fence languages and options ------------------------------------------------------


def test_python3_and_ipython_fences_run_pycon_is_refused(site):
    markdown, errors = rendered(site, "```python3\nprint(1)\n```\n\n```ipython\nprint(2)\n```\n", "docs/en/index.md")
    assert errors == []
    assert outputs(page_html(site, markdown)) == ["1", "2"]
    _, errors = rendered(site, "# t\n\n```pycon\n>>> print(3)\n3\n```\n", "docs/zh/repl.md")
    assert len(errors) == 1
    assert "docs/zh/repl.md:3: ```pycon blocks (REPL transcripts) are not run" in errors[0]


def test_pycon_shown_unrun_when_it_says_so(site):
    page = '```pycon exec="off"\n>>> 1 + 1\n2\n```\n'
    assert docexec.parse_options('pycon exec="off"', "x:1") == ("pycon", {"exec": "off"})
    assert docexec.find_blocks(page, "docs/zh/index.md") == []  # not a python block: shown as written
    markdown, errors = rendered(site, page)
    assert errors == []
    assert markdown == page


def test_raises_must_name_an_exception_class(site):
    _, errors = rendered(site, '# t\n\n```python raises="RuntimeErorr"\n1 / 0\n```\n')
    assert len(errors) == 1 and "docs/zh/index.md:3: raises='RuntimeErorr' is not a builtin exception" in errors[0]
    _, errors = rendered(site, '# t\n\n```python raises="torch.NotAnError"\n1 / 0\n```\n\n'
                               '```python raises="torch.OutOfMemoryError"\n1 / 0\n```\n', "docs/zh/torch.md")
    log = "\n".join(errors)
    assert len(errors) == 2, log
    assert "docs/zh/torch.md:3: raises='torch.NotAnError' is not an exception class" in log
    assert "docs/zh/torch.md:8: expected torch.OutOfMemoryError but the block raised ZeroDivisionError" in log
    with pytest.raises(DocExecError, match=re.escape("x:1: raises='1Error' is not an exception class name")):
        docexec.parse_options('python raises="1Error"', "x:1")


def test_a_torch_exception_class_can_be_expected(site):
    page = '```python raises="torch.linalg.LinAlgError"\nimport torch\ntorch.linalg.inv(torch.zeros(2, 2))\n```\n'
    markdown, errors = rendered(site, page)
    assert errors == []
    (out,) = outputs(page_html(site, markdown))  # named as a traceback names it
    assert out.startswith("torch._C._LinAlgError: linalg.inv: The diagonal element 1 is zero"), out


# --- front matter ----------------------------------------------------------------------


def test_malformed_front_matter_fails_with_its_line_and_block_lines_stay_right(site):
    page = "---\ntitle: [unclosed\n---\n\n# t\n\n```python\n1 / 0\n```\n"
    offset, problem = docexec.front_matter(page, "docs/zh/index.md")
    assert offset == 0  # MkDocs keeps a broken front matter as page text
    assert problem is not None and re.search(r"docs/zh/index\.md:[23]: front matter is not valid YAML", problem), problem
    _, errors = rendered(site, page)
    assert len(errors) == 1 and "docs/zh/index.md:8: unexpected ZeroDivisionError" in errors[0]
    assert docexec.front_matter("---\n- a list\n---\n# t\n", "p.md") == (
        0, "p.md:2: front matter must be 'key: value' lines (got list)")
