"""The execution rules of docexec.py, each shown failing when it should.

Every test builds a tiny bilingual site (zh at /, en at /en/) in a temporary
folder with the project's hook, in this process, like `mkdocs serve` does.
The last tests run the doc tests (pytest-markdown-docs + tests/conftest.py) on
the same fixture pages in a subprocess and check they agree with the build.
"""

from __future__ import annotations

import logging
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort

ROOT = Path(__file__).resolve().parent.parent

CONFIG = """\
site_name: fixture
site_url: https://example.invalid/
strict: true
hooks:
  - {hook}
theme:
  name: material
  language: zh
markdown_extensions:
  - admonition
  - pymdownx.superfences
  - pymdownx.tabbed:
      alternate_style: true
  - pymdownx.snippets:
      base_path: [snippets]
      check_paths: true
plugins:
  - i18n:
      docs_structure: folder
      languages:
        - locale: zh
          name: 中文
          default: true
        - locale: en
          name: English
"""


class Site:
    def __init__(self, root: Path) -> None:
        self.root = root
        (root / "mkdocs.yml").write_text(CONFIG.format(hook=ROOT / "docexec.py"), "utf8")

    def page(self, rel: str, text: str) -> Site:
        path = self.root / "docs" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), "utf8")
        return self

    def snippet(self, rel: str, text: str) -> Site:
        path = self.root / "snippets" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), "utf8")
        return self

    def build(self, caplog) -> tuple[bool, str]:
        """Strict build in this process; (succeeded, the warnings and errors logged)."""
        caplog.clear()
        cwd = os.getcwd()
        os.chdir(self.root)
        try:
            with caplog.at_level(logging.WARNING):
                build(load_config(str(self.root / "mkdocs.yml")))
            ok = True
        except Abort:
            ok = False
        finally:
            os.chdir(cwd)
        messages = "\n".join(r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING)
        return ok, messages

    def html(self, rel: str) -> str:
        return (self.root / "site" / rel).read_text("utf8")


def outputs(html: str) -> list[str]:
    """The text of every executed output block (language-text code blocks) of a page."""
    blocks = re.findall(r'<div class="[^"]*docexec-output[^"]*"><pre>(.*?)</pre></div>', html, re.S)
    text = [re.sub(r"<[^>]+>", "", b) for b in blocks]
    return [t.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&").strip() for t in text]


@pytest.fixture
def site(tmp_path: Path) -> Site:
    return Site(tmp_path)


ZH_EN_SAME = """
# p

```python
n = globals().get("n", 0) + 1
print("run", n)
```
"""


# --- rule 1: one namespace per page and language, fresh on every build ----------------


def test_blocks_of_a_page_share_one_namespace_in_order(site, caplog):
    site.page("zh/index.md", "```python\na = 2\n```\n\n```python\nprint(a * 21)\n```\n")
    site.page("en/index.md", "```python\na = 3\n```\n\n```python\nprint(a * 21)\n```\n")
    ok, log = site.build(caplog)
    assert ok, log
    assert outputs(site.html("index.html")) == ["42"]
    assert outputs(site.html("en/index.html")) == ["63"]


def test_en_page_cannot_read_a_variable_only_the_zh_page_defines(site, caplog):
    site.page("zh/index.md", "```python\nsecret = 42\n```\n")
    site.page("en/index.md", "# en\n\n```python\nprint(secret)\n```\n")
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/en/index.md:4: unexpected NameError: name 'secret' is not defined" in log


def test_zh_page_cannot_read_a_variable_only_the_en_page_defines_even_on_rebuild(site, caplog):
    site.page("zh/index.md", "# zh\n\n```python\nprint(only_en)\n```\n")
    site.page("en/index.md", "```python\nonly_en = 1\n```\n")
    for _ in range(2):  # the second build runs after the en page defined it once
        ok, log = site.build(caplog)
        assert not ok
        assert "docs/zh/index.md:4: unexpected NameError: name 'only_en' is not defined" in log


def test_pages_of_one_language_do_not_share_state(site, caplog):
    for lang in ("zh", "en"):
        site.page(f"{lang}/index.md", "```python\nshared = 1\n```\n")
        site.page(f"{lang}/other.md", "```python\nprint(shared)\n```\n")
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/other.md:2: unexpected NameError" in log
    assert "docs/en/other.md:2: unexpected NameError" in log


def test_a_second_build_in_the_same_process_starts_fresh(site, caplog):
    site.page("zh/index.md", ZH_EN_SAME).page("en/index.md", ZH_EN_SAME)
    for _ in range(2):  # what `mkdocs serve` does on every edit
        ok, log = site.build(caplog)
        assert ok, log
        assert outputs(site.html("index.html")) == ["run 1"]
        assert outputs(site.html("en/index.html")) == ["run 1"]


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


# --- rule 3: expected errors -----------------------------------------------------------


RAISES = """
# t

```python raises="RuntimeError"
import torch
print("before")
torch.mm(torch.ones(2), torch.ones(2, 2))
```
"""


def test_expected_error_is_shown_like_a_repl(site, caplog):
    site.page("zh/index.md", RAISES).page("en/index.md", RAISES)
    ok, log = site.build(caplog)
    assert ok, log
    (out,) = outputs(site.html("index.html"))
    assert out == "before\nRuntimeError: self must be a matrix"
    for internal in ("Traceback", "File ", "markdown_exec", "docexec", "<module>"):
        assert internal not in out


def test_block_that_should_raise_but_does_not_fails(site, caplog):
    site.page("zh/index.md", '# t\n\n```python raises="RuntimeError"\nx = 1\n```\n')
    site.page("en/index.md", "# t\n")
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/index.md:3: expected RuntimeError but the block raised nothing" in log


def test_block_raising_another_exception_fails(site, caplog):
    site.page("zh/index.md", '# t\n\n```python raises="RuntimeError"\nx = 1\n{}["k"]\n```\n')
    site.page("en/index.md", "# t\n")
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/index.md:5: expected RuntimeError but the block raised KeyError: 'k'" in log


def test_misspelt_option_is_an_error_not_a_silent_pass(site, caplog):
    site.page("zh/index.md", '```python raise="RuntimeError"\n1 / 0\n```\n').page("en/index.md", "# t\n")
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/index.md:1: unknown block option(s) ['raise']" in log


# --- rule 4: warnings ------------------------------------------------------------------


WARNS = """
```python
import warnings
import torch
warnings.warn("look out")
x = torch.ones(2, requires_grad=True) * 2
print(x.grad)
```
"""


def test_warnings_appear_in_the_output_without_paths(site, caplog):
    site.page("zh/index.md", WARNS).page("en/index.md", WARNS)
    ok, log = site.build(caplog)
    assert ok, log
    (out,) = outputs(site.html("index.html"))
    lines = out.splitlines()
    assert lines[0] == "UserWarning: look out"
    assert lines[1].startswith("UserWarning: The .grad attribute of a Tensor that is not a leaf Tensor")
    assert lines[2] == "None"
    assert "/" not in out.replace("github.com/pytorch/pytorch/pull/30531", "")
    assert "Triggered internally" not in out


# --- rule 5: deterministic -------------------------------------------------------------


RANDOM = """
```python
import torch
print(torch.rand(3))
```
"""


def test_rng_is_seeded_per_page_and_builds_are_identical(site, caplog):
    for lang in ("zh", "en"):
        site.page(f"{lang}/index.md", RANDOM).page(f"{lang}/other.md", RANDOM)
    ok, log = site.build(caplog)
    assert ok, log
    first = {p: site.html(p) for p in ("index.html", "other/index.html", "en/index.html", "en/other/index.html")}
    values = {p: outputs(h) for p, h in first.items()}
    assert len({str(v) for v in values.values()}) == 1, values  # same seed on every page
    ok, log = site.build(caplog)
    assert ok, log
    assert {p: site.html(p) for p in first} == first  # byte-identical pages


def test_memory_address_in_output_fails(site, caplog):
    site.page("zh/index.md", "```python\nprint(object())\n```\n").page("en/index.md", "# t\n")
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/index.md:1: output shows a memory address" in log


# --- rule 6: failures fail the strict build with path and line --------------------------


def test_unexpected_exception_names_page_and_line(site, caplog):
    site.page("zh/index.md", "# t\n\n```python\nx = 1\ny = x / 0\n```\n").page("en/index.md", "# t\n")
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/index.md:5: unexpected ZeroDivisionError: division by zero" in log


def test_exception_in_a_snippet_names_page_and_snippet_line(site, caplog):
    site.snippet("demo/01_bad.py", "x = 1\nx.nope\n")
    site.page("zh/index.md", "# t\n\n```python\n--8<-- \"demo/01_bad.py\"\n```\n").page("en/index.md", "# t\n")
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/index.md:3 (snippets/demo/01_bad.py:2): unexpected AttributeError" in log.replace(
        str(site.root) + "/", ""
    )


def test_line_numbers_count_front_matter(site, caplog):
    site.page("zh/index.md", "---\ndescription: d\n---\n\n# t\n\n```python\n1 / 0\n```\n").page("en/index.md", "# t\n")
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/index.md:8: unexpected ZeroDivisionError" in log


def test_broken_link_fails_with_page_and_line(site, caplog):
    site.page("zh/index.md", "# t\n\nsee [there](missing.md)\n").page("en/index.md", "# t\n")
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/index.md:3: link to 'missing.md', which does not exist" in log


# --- rule 7: output is text ------------------------------------------------------------


def test_output_is_text_never_markdown(site, caplog):
    page = '```python\nprint("**bold** <b>tag</b> # not a heading")\n```\n'
    site.page("zh/index.md", page).page("en/index.md", page)
    ok, log = site.build(caplog)
    assert ok, log
    html = site.html("index.html")
    assert outputs(html) == ["**bold** <b>tag</b> # not a heading"]
    assert "<strong>bold" not in html and "<b>tag</b>" not in html


# --- rule 8: blocks in tabs and admonitions run too ------------------------------------


NESTED = """
# t

=== "Tab"

    ```python
    t = "in a tab"
    print(t)
    ```

!!! note

    ```python
    print(t, "and in an admonition")
    ```
"""


def test_blocks_inside_tabs_and_admonitions_are_executed(site, caplog):
    site.page("zh/index.md", NESTED).page("en/index.md", NESTED)
    ok, log = site.build(caplog)
    assert ok, log
    assert outputs(site.html("index.html")) == ["in a tab", "in a tab and in an admonition"]


# --- the doc tests mean the same ------------------------------------------------------


def run_doc_tests(root: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "tests.conftest", "-p", "no:cacheprovider", "-q", "docs"],
        cwd=root, env=env, capture_output=True, text=True, timeout=300,
    )


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
