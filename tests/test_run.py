"""docexec/execute/run.py: one fresh seeded namespace per page and language, expected errors, warnings,
determinism, output checks; each rule shown failing when it should, on fixture sites.
"""

from __future__ import annotations

import re

import pytest

import docexec
from tests.sites import RAISES, ROOT, ZH_EN_SAME, outputs, run_doc_tests, site

pytestmark = pytest.mark.check


def _run(text: str, path: str = "docs/zh/index.md") -> list[docexec.Outcome]:
    """A page's blocks run as the build runs them (one fresh page process)."""
    docexec.configure(ROOT / "mkdocs.yml")
    return docexec.run_blocks(path, docexec.executed_blocks(text, path))

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


# --- rule 3: expected errors -----------------------------------------------------------


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


# --- a bare expression at the end of a block shows its value, like Jupyter ----------------


def test_last_bare_expression_shows_its_value_like_a_notebook(site, caplog):
    page = (
        "```python\nimport torch\nx = torch.tensor([1., 2.], requires_grad=True)\n(x * x).sum().backward()\nx.grad\n```\n\n"
        "```python\nx.grad;\n```\n\n"
        "```python\nprint('printed')\nNone\n```\n\n"
        "```python\nx.grad  # a comment\nx.requires_grad\n```\n"
    )
    site.both("index.md", page)
    ok, log = site.build(caplog)
    assert ok, log
    assert outputs(site.html("index.html")) == ["tensor([2., 4.])", "printed", "True"]


# --- inline values: `{python} expr` in prose, evaluated where it stands --------------------


INLINE = """# t

```python
import torch
x = torch.tensor([1., 2.], requires_grad=True)
```

Before backward, `x.grad` is `{python} x.grad`.

```python
(x * x).sum().backward()
```

After it, `{python} x.grad` (shape `{python} x.grad.shape`), and ``{python} x`` stays code.

```text
`{python} not_evaluated_in_a_fence`
```
"""


def test_inline_values_are_evaluated_where_they_stand(site, caplog):
    site.both("index.md", INLINE)
    ok, log = site.build(caplog)
    assert ok, log
    html = site.html("en/index.html")
    assert "Before backward, <code>x.grad</code> is <code>None</code>." in html
    assert "After it, <code>tensor([2., 4.])</code> (shape <code>torch.Size([2])</code>)" in html
    assert "<code>{python} x</code>" in html and "not_evaluated_in_a_fence" in html


def test_an_inline_value_with_an_unknown_name_fails_with_file_and_line(site, caplog):
    site.both("index.md", "# t\n\nThe value is `{python} nope.grad`.\n")
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/index.md:3: inline value `nope.grad`: unexpected NameError: name 'nope' is not defined" in log
    assert "docs/en/index.md:3: inline value `nope.grad`" in log


def test_the_doc_tests_run_inline_values_too(site):
    site.page("zh/index.md", INLINE).page("zh/bad.md", "# t\n\nThe value is `{python} nope.grad`.\n")
    result = run_doc_tests(site.root)
    assert re.search(r"\b1 failed, 5 passed\b", result.stdout), result.stdout
    assert "docs/zh/bad.md:3: inline value `nope.grad`: unexpected NameError" in result.stdout


# --- a careless author (issue 36, F) -------------------------------------------------------------


def test_the_out_of_memory_hint_is_for_running_out_of_memory_only():
    named, said, real = _run('```python raises="torch.NoSuchError"\nx = 1\n```\n\n'
                             '```python\nraise ValueError("a MemoryError, says the message")\n```\n\n'
                             '```python\nraise MemoryError("no room")\n```\n')
    assert not named.ok and "raises='torch.NoSuchError' is not an exception class" in named.text, named.text
    assert "out of memory" not in named.text and "out of memory" not in said.text, (named.text, said.text)
    assert real.text == ('docs/zh/index.md:10: unexpected MemoryError: no room (out of memory: a page may use 4 GiB;'
                         ' memory="..." on a block raises its page\'s limit)'), real.text


STREAMS = """
```python
import logging, sys
print("out 1")
print("err 1", file=sys.stderr)
logging.getLogger("demo").warning("careful")  # no handler: logging's last resort, on stderr
for i in range(1, 4):
    sys.stderr.write(f"\\rstep {i}/3")  # a progress bar
sys.stderr.write("\\n")
print("out 2")
logging.basicConfig(format="%(levelname)s %(message)s")  # a handler on this stderr
```

```python
logging.warning("later")
```
"""


def test_stderr_logging_and_progress_bars_show_in_order_as_in_jupyter():
    first, second = _run(STREAMS)
    assert first.ok and first.text == "out 1\nerr 1\ncareful\nstep 3/3\nout 2", first.text
    assert second.ok and second.text == "WARNING later", second.text  # as a later Jupyter cell shows it


WARNINGS = """
```python
import warnings
f = open("notes.txt", "w")
del f  # unclosed: a ResourceWarning, which Jupyter does not show
for _ in range(3):
    warnings.warn("every time")
warnings.warn("the page's own", DeprecationWarning)
warnings.warn_explicit("a library's", DeprecationWarning, "lib.py", 1, module="lib")
print("done")
```
"""


def test_warnings_are_filtered_as_a_jupyter_kernel_filters_them():
    (outcome,) = _run(WARNINGS)
    assert outcome.ok and outcome.text == ("UserWarning: every time\n" * 3 + "DeprecationWarning: the page's own\ndone"), \
        outcome.text  # what Jupyter shows is shown every time, as the notebook's setup cell has it
