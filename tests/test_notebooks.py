"""The notebook pages: the practice notebooks (docs/<lang>/practice/*.py, jupytext percent
text, code in snippets/), executed by the build (docexec/notebooks/practice.py), rendered by
mkdocs-jupyter and published for download.

* Each exercise is real: its self-check fails on the unsolved starter (the build runs the
  check after the starter and requires AssertionError; a Jupyter kernel must agree), rejects
  each of the exercise's wrong answers (internal cells, published nowhere) and passes after the
  worked solution.
* The published .ipynb runs in a fresh Jupyter kernel and prints what the page shows.
* A solution that does not pass fails the build, naming the file and the cell.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import nbformat
import pytest

import docexec
from docexec.core.identity import PageId
from docexec.notebooks import exercises, pagebook, practice, practice_page, styles
from tests.kernels import forked_kernels
from tests.sites import ROOT, site
from tests.test_pagebooks import _execute, _kernel_text

pytestmark = pytest.mark.full

PRACTICE = sorted(p.stem for p in (ROOT / "docs" / "zh" / "practice").glob("*.py"))
LANGS = {"zh": "", "en": "en/"}


def _exercises(path: Path) -> list[dict[str, Any]]:
    """Per exercise, the cell numbers (1-based) of its starter, failing check, wrong answers (a
    list), solution and check."""
    found, current = [], {}
    for n, cell in enumerate(practice.read_notebook(path).cells, start=1):
        tags = cell.metadata.get("tags", [])
        for tag in ("starter", "fails-on-starter", "wrong-answer", "solution", "check"):
            if tag in tags:
                if tag == "starter" and current:
                    found.append(current)
                    current = {}
                if tag == "wrong-answer":
                    current.setdefault(tag, []).append(n)
                else:
                    current[tag] = n
    return [*found, current] if current else found


def test_three_practice_notebooks_per_language():
    assert PRACTICE == ["advanced", "autograd", "tensors"], PRACTICE
    for lang in LANGS:
        for name in PRACTICE:
            assert (ROOT / "docs" / lang / "practice" / f"{name}.py").is_file()


@pytest.mark.parametrize("name", PRACTICE)
def test_every_exercise_has_a_starter_a_failing_check_a_solution_and_a_check(name):
    for lang in LANGS:
        path = ROOT / "docs" / lang / "practice" / f"{name}.py"
        exercises = _exercises(path)
        assert 8 <= len(exercises) <= 12, f"{path}: {len(exercises)} exercises"
        cells = practice.read_notebook(path).cells
        for ex in exercises:
            assert list(ex) == ["starter", "fails-on-starter", "wrong-answer", "solution", "check"], f"{path}: {ex}"
            assert cells[ex["fails-on-starter"] - 1].source == cells[ex["check"] - 1].source, \
                f"{path}: cell {ex['check']}: the check after the solution is not the same check"
            assert ex["wrong-answer"] == list(range(ex["fails-on-starter"] + 1, ex["solution"] - 1)), \
                f"{path}: {ex}: the wrong answers come right after the failing check"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", PRACTICE)
def test_built_practice_page_shows_each_check_failing_then_passing(built_site: Path, lang: str, name: str):
    folder = built_site / LANGS[lang] / "practice" / name
    html = (folder / "index.html").read_text("utf8")
    assert '"cell_type"' not in html, "the notebook was copied as raw JSON, not rendered as a page"
    published = nbformat.read(str(folder / f"{name}.ipynb"), as_version=4)  # include_source
    assert published.cells[1].metadata.docexec == {"setup": True}  # seeds, warnings as the page shows them
    exercises = _exercises(folder / f"{name}.ipynb")
    assert len(exercises) == len(_exercises(ROOT / "docs" / lang / "practice" / f"{name}.py"))
    assert not any("wrong-answer" in ex for ex in exercises)  # internal: run by the build, published nowhere
    assert "_wrong_" not in html and "wrong-answer" not in html
    for ex in exercises:
        failing = published.cells[ex["fails-on-starter"] - 1]
        assert failing.outputs and "AssertionError" in failing.outputs[-1].text, failing.outputs
        assert "raises-exception" in failing.metadata.tags  # "Run all" goes on past it
        passing = published.cells[ex["check"] - 1]
        assert not any("Error" in o.get("text", "") for o in passing.outputs), passing.outputs
    assert html.count("AssertionError") >= len(exercises)
    assert "--8&lt;--" not in html and "--8<--" not in html, "a snippet line was not expanded"
    for machine_path in {str(ROOT), sys.prefix}:
        assert machine_path not in html
    assert "<style" not in html.split("</head>", 1)[1]  # nbconvert's styles hoisted into <head>
    assert '<a href="' + name + '.ipynb" download' in html  # the download button


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", PRACTICE)
def test_practice_notebook_in_a_jupyter_kernel(built_site: Path, lang: str, name: str, forked_kernels):
    """The published notebook, run as a reader would: each self-check fails on its starter and
    passes after its solution, and every cell prints what the page shows."""
    path = built_site / LANGS[lang] / "practice" / name / f"{name}.ipynb"
    shown = nbformat.read(str(path), as_version=4)
    ran, _, error = _execute(path, forked_kernels)
    assert error is None, f"{path}: Run all stopped: {error}"
    wrong = []
    for n, (page, kernel) in enumerate(zip(shown.cells, ran.cells, strict=True), start=1):
        if page.cell_type != "code" or page.metadata.get("docexec", {}).get("setup"):
            continue  # the set-up cell prints the reader's torch version
        expected = pagebook.comparable("".join(o.get("text", "") for o in page.outputs))
        got = _kernel_text(kernel)
        if "fails-on-starter" in page.metadata.get("tags", []):
            errors = [o.ename for o in kernel.outputs if o.output_type == "error"]
            if errors != ["AssertionError"]:
                wrong.append(f"cell {n}: the check did not fail on the starter in Jupyter: {errors}")
                continue
        if got != expected:
            wrong.append(f"cell {n}: Jupyter printed\n{got}\n--- the page shows\n{expected}")
    assert not wrong, "\n\n".join(wrong)


WRONG_SOLUTION = '''\
# %% [markdown]
# # Practice { #practice }

# %% tags=["starter"]
--8<-- "ex/starter.py"

# %% tags=["fails-on-starter"]
--8<-- "ex/check.py"

# %% tags=["solution"]
--8<-- "ex/solution.py"

# %% tags=["check"]
--8<-- "ex/check.py"
'''

FIXTURE_CONFIG = """
  - mkdocs-jupyter:
      execute: false
      include: ["*.ipynb", "*.py"]
      include_source: true
      cache: false
"""


WRONG_ANSWER_CELL = '''
# %% tags=["wrong-answer"]
--8<-- "ex/01_answer_wrong_1.py"
'''
FAILING_CHECK = '# %% tags=["fails-on-starter"]\n--8<-- "ex/check.py"\n'


def _practice_site(site, solution: str, starter: str = "answer = None\n", wrong: str | None = None,
                   check: str = "assert answer == 42, answer\n"):
    """A practice notebook of one exercise; with ``wrong``, a wrong answer (cell 4) after its failing check."""
    config = (site.root / "mkdocs.yml").read_text("utf8")
    (site.root / "mkdocs.yml").write_text(config.replace("  - docexec\n", FIXTURE_CONFIG.lstrip("\n") + "  - docexec\n"),
                                          "utf8")
    notebook = WRONG_SOLUTION
    if wrong is not None:
        notebook = notebook.replace(FAILING_CHECK, FAILING_CHECK + WRONG_ANSWER_CELL, 1)
        site.snippet("ex/01_answer_wrong_1.py", wrong)
    site.both("index.md", "# Home\n").both("practice/p.py", notebook)
    site.snippet("ex/starter.py", starter).snippet("ex/check.py", check)
    site.snippet("ex/solution.py", solution)
    return site


def test_a_solution_that_fails_its_check_fails_the_build(site, caplog):
    ok, log = _practice_site(site, "answer = 41\n").build(caplog)
    assert not ok
    assert re.search(r"docs/zh/practice/p\.py:\d+ \(snippets/ex/check\.py:1\): unexpected AssertionError: 41", log), log


def test_a_check_that_passes_on_the_starter_fails_the_build(site, caplog):
    ok, log = _practice_site(site, "answer = 42\n", starter="answer = 42\n").build(caplog)
    assert not ok
    assert re.search(r"docs/zh/practice/p\.py:\d+: expected AssertionError but the block raised nothing", log), log


def test_a_good_exercise_builds(site, caplog):
    ok, log = _practice_site(site, "answer = 42\n").build(caplog)
    assert ok, log
    published = nbformat.read(str(site.root / "site" / "practice" / "p" / "p.ipynb"), as_version=4)
    code = [c for c in published.cells if c.cell_type == "code"]
    assert "torch.manual_seed(0)" in code.pop(0).source  # the set-up cell
    assert [c.source for c in code] == ["answer = None", "assert answer == 42, answer", "answer = 42",
                                        "assert answer == 42, answer"]
    assert code[1].outputs[0].text.strip() == "AssertionError: None"


def test_a_wrong_answer_that_passes_the_check_fails_the_build(site, caplog):
    """The check asks only for an int: the wrong answer 7 passes it, and the build says so,
    naming the wrong answer's cell."""
    ok, log = _practice_site(site, "answer = 42\n", wrong="answer = 7\n",
                             check="assert isinstance(answer, int), answer\n").build(caplog)
    assert not ok
    assert re.search(r"docs/zh/practice/p\.py:4: a wrong answer passes the check: make the check test what the"
                     r" exercise asks", log), log


def test_a_wrong_answer_the_check_rejects_builds_and_is_published_nowhere(site, caplog):
    ok, log = _practice_site(site, "answer = 42\n", wrong="answer = 7\n").build(caplog)
    assert ok, log
    folder = site.root / "site" / "practice" / "p"
    published = nbformat.read(str(folder / "p.ipynb"), as_version=4)
    code = [c for c in published.cells if c.cell_type == "code"][1:]  # after the set-up cell
    assert [c.source for c in code] == ["answer = None", "assert answer == 42, answer", "answer = 42",
                                        "assert answer == 42, answer"]
    assert [c.execution_count for c in code] == [1, 2, 3, 4]  # no gap where the wrong answer ran
    assert code[2].outputs == [] and code[3].outputs == []  # the solution ran after the wrong answer, and passed
    assert not any("wrong-answer" in c.metadata.get("tags", []) for c in published.cells)
    assert "answer = 7" not in (folder / "index.html").read_text("utf8")


@pytest.mark.parametrize(("after", "message"), [
    (FAILING_CHECK, None),
    ('# %% tags=["solution"]\n--8<-- "ex/solution.py"\n',
     r"docs/zh/practice/p\.py:5: a wrong-answer cell must come right after its exercise's fails-on-starter check"),
])
def test_a_wrong_answer_cell_stands_right_after_its_check(site, caplog, after, message):
    site = _practice_site(site, "answer = 42\n").snippet("ex/01_answer_wrong_1.py", "answer = 7\n")
    for lang in ("zh", "en"):
        path = site.root / "docs" / lang / "practice" / "p.py"
        path.write_text(path.read_text("utf8").replace(after, after + WRONG_ANSWER_CELL, 1), "utf8")
    ok, log = site.build(caplog)
    assert ok == (message is None), log
    if message:
        assert re.search(message, log), log


@pytest.mark.parametrize(("wrong", "message"), [
    ("answer = 7\nassert answer != 7\n", r"p\.py:4 \(snippets/ex/01_answer_wrong_1\.py:2\): a wrong answer may not"
                                         r" assert anything itself"),
    ("answer = int('x')\n", r"p\.py:4 \(snippets/ex/01_answer_wrong_1\.py:1\): expected AssertionError but the block"
                            r" raised ValueError"),
])
def test_a_wrong_answer_is_rejected_by_the_check_only(site, caplog, wrong, message):
    ok, log = _practice_site(site, "answer = 42\n", wrong=wrong).build(caplog)
    assert not ok
    assert re.search(message, log), log


def test_parity_sees_the_wrong_answer_cells_in_both_languages(tmp_path):
    from docexec.checks import parity

    text = WRONG_SOLUTION.replace(FAILING_CHECK, FAILING_CHECK + WRONG_ANSWER_CELL, 1)
    for lang, page in (("zh", text), ("en", text.replace('tags=["wrong-answer"]', 'tags=["check"]'))):
        (tmp_path / lang).mkdir()
        (tmp_path / lang / "p.py").write_text(page, "utf8")
    message = parity.compare(tmp_path / "zh" / "p.py", tmp_path / "en" / "p.py")
    assert message is not None and "p.py:4" in message and "its tags" in message, message
    (tmp_path / "en" / "p.py").write_text(text, "utf8")
    assert parity.compare(tmp_path / "zh" / "p.py", tmp_path / "en" / "p.py") is None


@pytest.mark.parametrize(("heading", "message"), [
    ("# # Practice", r"docs/zh/practice/p\.py:2: a notebook heading needs an explicit English anchor:"
                   r" write it as `# Practice \{ #some-anchor \}`"),
    ("# # Practice { #x }\n# %% [markdown]\n# ## Again { #x }", r"docs/zh/practice/p\.py:4: the anchor #x is used twice"),
])
def test_a_notebook_heading_without_its_own_anchor_fails_with_file_and_line(site, caplog, heading, message):
    site = _practice_site(site, "answer = 42\n")
    for lang in ("zh", "en"):
        path = site.root / "docs" / lang / "practice" / "p.py"
        path.write_text(path.read_text("utf8").replace("# # Practice { #practice }", heading, 1), "utf8")
    ok, log = site.build(caplog)
    assert not ok
    assert re.search(message, log), log


def test_notebook_headings_take_their_anchors_in_the_page_and_its_contents(site, caplog):
    site = _practice_site(site, "answer = 42\n")
    ok, log = site.build(caplog)
    assert ok, log
    html = (site.root / "site" / "practice" / "p" / "index.html").read_text("utf8")
    assert '<h1 id="practice">Practice' in html and '{ #' not in html
    assert 'href="#practice"' in html  # the table of contents' link
    published = nbformat.read(str(site.root / "site" / "practice" / "p" / "p.ipynb"), as_version=4)
    assert published.cells[0].source.startswith('# Practice <a id="practice"></a>')


def test_invalid_notebook_json_fails_with_file_and_line(tmp_path):
    bad = tmp_path / "docs" / "zh" / "notebooks" / "bad.ipynb"
    bad.parent.mkdir(parents=True)
    bad.write_text('{\n "cells": [\n  {"cell_type": "code",\n }\n', "utf8")
    with pytest.raises(docexec.DocExecError, match=r"bad\.ipynb:4: not valid notebook JSON"):
        docexec.notebook_blocks(bad)
    wrong = bad.with_name("wrong.ipynb")
    wrong.write_text('{"cells": 3}', "utf8")
    with pytest.raises(docexec.DocExecError, match=r"wrong\.ipynb:1: not a valid notebook"):
        docexec.notebook_blocks(wrong)


# ---------------------------------------------------------------------- the notebook stylesheet


def test_slim_css_keeps_what_can_match_and_the_properties_it_uses():
    css = """
    @charset "UTF-8";
    .w{--used:red;--chain:var(--used);--unused:blue}
    .w .present{color:var(--chain)}
    .w .absent{color:var(--unused)}
    .w .present, .w .absent{margin:0}
    .w :is(.absent, .present){padding:0}
    .w .present:not(.absent){border:0}
    @keyframes blink{50%{opacity:0}}
    """
    out = styles.slim_css(css, {"w", "present"})
    assert ".w{--used:red;--chain:var(--used)}" in out  # --unused: only a dropped rule used it
    assert ".w .present{color:var(--chain)}" in out
    assert ".absent{" not in out and "var(--unused)" not in out
    assert ".w .present{margin:0}" in out  # the selector list keeps its live member
    assert ".w :is(.absent, .present){padding:0}" in out  # :is() kept whole, commas and all
    assert ".w .present:not(.absent){border:0}" in out  # a class under :not() is no requirement
    assert "@keyframes blink" in out and "@charset" not in out


def test_built_notebook_page_carries_its_styles_in_head_cut_down(built_site: Path):
    """nbconvert's JupyterLab stylesheet (590 KB) cut to what the page uses, in <head>."""
    html = (built_site / "practice" / "autograd" / "index.html").read_text("utf8")
    head, body = html.split("</head>", 1)
    assert "<style" not in body
    css = "".join(re.findall(r"<style[^>]*>(.*?)</style>", head, re.S))
    assert ".jp-Cell" in css and ".clipboard-copy-txt{display:none}" in css
    assert len(css) < 60_000, f"{len(css)} characters of inline CSS"


NBCONVERT_SCRIPTS = """<p>cell</p>
<!-- Load mathjax -->
<script src=""> </script>
<!-- MathJax configuration -->
<script type="text/x-mathjax-config">
    init_mathjax = function() { if (window.MathJax) { MathJax.Hub.Queue(["Typeset", MathJax.Hub]); } }
</script><script type="module">
  document.addEventListener("DOMContentLoaded", async () => {
    const diagrams = document.querySelectorAll(".jp-Mermaid > pre.mermaid");
    if (!diagrams.length) { return; }
  });
</script>
<!-- End of mermaid configuration -->
<script>keep()</script>"""


def test_dead_nbconvert_scripts_are_dropped_and_a_mermaid_page_keeps_its_loader():
    out = styles.drop_dead_scripts(NBCONVERT_SCRIPTS)
    assert out.count("<script") == 1 and "<script>keep()</script>" in out and "<p>cell</p>" in out, out
    assert "<!--" not in out, out
    with_diagram = '<div class="jp-Mermaid"><pre class="mermaid">graph LR</pre></div>' + NBCONVERT_SCRIPTS
    out = styles.drop_dead_scripts(with_diagram)
    assert '<script type="module">' in out and "x-mathjax-config" not in out and 'src=""' not in out


def test_built_notebook_page_has_no_dead_script(built_site: Path):
    html = (built_site / "en" / "practice" / "autograd" / "index.html").read_text("utf8")
    assert 'src=""' not in html and "x-mathjax-config" not in html and "mermaid" not in html.lower()


# --- links, folded solutions, exercise lists (issue 27) -----------------------------------------


def test_notebook_links_lead_to_the_published_site_never_the_dev_server(tmp_path, monkeypatch):
    monkeypatch.delenv("SITE_URL", raising=False)
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_url: http://127.0.0.1:8000/\nrepo_url: https://github.com/Owner/notes\n", "utf8")
    assert pagebook.published_url(config) == "https://owner.github.io/notes/"  # where the deploy publishes
    config.write_text("site_url: https://example.org/n\nrepo_url: https://github.com/Owner/notes\n", "utf8")
    assert pagebook.published_url(config) == "https://example.org/n/"
    text = "[a](../autograd/why-grad-none.md#leaf) [b](tensors.py#exercise-2) [c](https://pytorch.org/)"
    assert pagebook.absolute_links(text, PageId("en", "practice/autograd.py", "zh"), "https://x.org/s/") == (
        "[a](https://x.org/s/en/autograd/why-grad-none/#leaf) [b](https://x.org/s/en/practice/tensors/#exercise-2) "
        "[c](https://pytorch.org/)")


def test_a_practice_page_links_within_its_own_site():
    html = '<a href="https://x.org/s/autograd/p/#a">p</a> <a href="https://x.org/s/en/">home</a> <a href="https://x.org/s/pdf/a.pdf">'
    assert practice_page.relative_links(html, "en/practice/autograd/", "https://x.org/s/", True) == (
        '<a href="../../../autograd/p/#a">p</a> <a href="../../">home</a> <a href="https://x.org/s/pdf/a.pdf">')
    assert practice_page.relative_links(html, "en/practice/autograd.html", "https://x.org/s/", False) == (  # offline
        '<a href="../../autograd/p.html#a">p</a> <a href="../index.html">home</a> <a href="https://x.org/s/pdf/a.pdf">')


def test_solution_cells_are_folded_in_one_details_with_their_heading_as_summary():
    cell = '<div class="jp-Cell jp-MarkdownCell" id="cell-id=cell-{n}">{body}</div>\n'
    code = '<div class="jp-Cell jp-CodeCell celltag_solution">\n<div class="jp-Cell jp-CodeCell" id="cell-id=cell-{n}"><div>x</div></div>\n</div>\n'
    html = (cell.format(n=1, body="<p>task</p>") + cell.format(n="2-solution", body='<h3 id="s">Solution<a class="anchor-link" href="#s">¶</a></h3>')
            + cell.format(n="3-solution", body="<p>why</p>") + code.format(n="4-solution") + cell.format(n=5, body="<p>next</p>"))
    folded = practice_page.fold_solutions(html)
    assert folded.count("<details") == 1 and folded.count("</details>") == 1
    before, inside = folded.split('<details class="docexec-solution">')
    inside, after = inside.split("</details>")
    assert "task" in before and "next" in after and "why" in inside and "cell-4-solution" in inside
    assert '<summary><h3 id="s">Solution</h3></summary>' in inside and "cell-2-solution" not in inside


@pytest.mark.parametrize("lang", LANGS)
def test_chapter_pages_list_the_exercises_their_solutions_link_to(lang):
    docexec.configure(ROOT / "mkdocs.yml")
    listed = exercises.exercises_for("autograd/why-grad-none.md", lang)
    assert [link for _, link in listed] == ["../practice/autograd.py#exercise-1", "../practice/autograd.py#exercise-3"]
    assert [text.split("：" if lang == "zh" else ":")[0] for text, _ in listed] == (
        ["练习 1", "练习 3"] if lang == "zh" else ["Exercise 1", "Exercise 3"])
    assert not any("{ #" in text for text, _ in listed), listed  # the heading's text, not its anchor
    markdown = exercises.exercise_list("# Page\n\ntext\n", "autograd/why-grad-none.md", lang)
    from docexec.core import settings

    heading = settings.current().labels(lang).exercises
    assert markdown.endswith(f"## {heading} {{ #exercises }}\n\n- [{listed[0][0]}]({listed[0][1]})\n- [{listed[1][0]}]({listed[1][1]})\n")
    assert exercises.exercise_list("# P\n", "glossary.md", lang) == "# P\n"  # no exercise draws on it


def test_exercise_lists_are_mirrored_in_both_languages():
    docexec.configure(ROOT / "mkdocs.yml")
    pages = sorted(p.relative_to(ROOT / "docs" / "zh").as_posix() for p in (ROOT / "docs" / "zh").rglob("*.md"))
    lists = {lang: {p: [link for _, link in exercises.exercises_for(p, lang)] for p in pages} for lang in LANGS}
    assert lists["zh"] == lists["en"]
    assert sum(map(bool, lists["zh"].values())) >= 10  # most chapter pages have one


@pytest.mark.parametrize("lang", LANGS)
def test_published_notebooks_link_to_the_site_and_fold_their_solutions(built_site: Path, lang: str):
    for path in sorted((built_site / LANGS[lang]).glob("**/*.ipynb")):
        if lang == "zh" and path.relative_to(built_site).parts[0] == "en":
            continue
        text = path.read_text("utf8")
        assert "127.0.0.1" not in text and "](../" not in text and ".md#" not in text, path
        notebook = nbformat.reads(text, as_version=4)
        setup = next(c for c in notebook.cells if (c.metadata.get("docexec") or {}).get("setup"))
        assert (re.search(r"[\u4e00-\u9fff]", setup.source.split("\n")[0]) is not None) == (lang == "zh"), path
        assert "# zh:" not in text and "# en:" not in text, path
        if "practice" in path.parts:
            heads = [c for c in notebook.cells if c.metadata.get("jp-MarkdownHeadingCollapsed")]
            assert len(heads) == 10 and all(c.source.startswith("### ") for c in heads)
            solutions = [c for c in notebook.cells if "solution" in c.metadata.get("tags", [])]
            assert all(c.metadata.jupyter.source_hidden for c in solutions)
