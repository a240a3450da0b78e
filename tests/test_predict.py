"""Questions (predict="..."): docexec/page/questions.py, execute/variants.py, execute/variant_run.py,
render/predict.py, site/progress.py, site/answer_key.py, and the snapshot and drift report of them.

Built as fixture sites: a question's distractors run in the page's state without changing it;
the build fails with file:line when a distractor equals the answer, fails unexpectedly or is
missing, when the why is missing; the snapshot keeps question, choices and answer, and a torch
bump (an edited snapshot) shows in the drift report as a changed answer.
"""

from __future__ import annotations

import html
import json
import re
from concurrent.futures import Future

import pytest

import docexec
from docexec.checks import drift
from docexec.site.answer_key import Key
from tests.sites import CONFIG, site, snapshot_cli

pytestmark = pytest.mark.check

PAGE = """
# q

```python
a = 1
```

## The section { #the-section }

```python predict="output"
--8<-- "q/01_add.py"
```

It adds one to `a`: see [the section](#the-section). { .why }

```python
print("after", a)
```
"""


def questions_site(site, page: str = PAGE, **snippets: str):
    """A fixture site whose Markdown has what a question needs (md_in_html, attr_list)."""
    (site.root / "mkdocs.yml").write_text(CONFIG.replace("  - admonition\n", "  - admonition\n  - attr_list\n"
                                                                              "  - md_in_html\n"), "utf8")
    site.snippet("q/01_add.py", "a += 1\nprint(a)\n")
    for name, text in {"wrong1.py": "# zh: 以为加的是十\n# en: if it added ten\na += 10\nprint(a)\n",
                       "wrong2.txt": "# zh: 以为没变\n# en: if nothing changed\n1\n", **snippets}.items():
        if text:
            site.snippet(f"q/01_add.{name}", text)
    site.both("q.md", page)
    site.both("index.md", "# home\n")
    return site


def _choices(page_html: str) -> list[str]:
    return [html.unescape(c) for c in re.findall(r'class="docexec-predict__letter">[A-D]</span><code>(.*?)</code>',
                                                 page_html)]


def test_a_question_runs_its_distractors_in_the_page_s_state_without_changing_it(site, caplog):
    ok, log = questions_site(site).build(caplog)
    assert ok, log
    for lang, rel in (("zh", "q/index.html"), ("en", "en/q/index.html")):
        page = site.html(rel)
        choices = _choices(page)
        assert sorted(choices) == ["1", "11", "2"], choices  # the answer, the executed belief (a was 1), the literal
        answer = int(re.search(r'class="docexec-predict"[^>]*data-answer="(\d)"', page)[1])
        assert choices[answer] == "2"
        assert "after 2" in page  # the distractor ran in a fork: the page's own a is 1 + 1
        assert "if it added ten" in page if lang == "en" else "以为加的是十" in page
        assert "{ .why }" not in page and re.search(r'<details class="docexec-predict__answer">.*It adds one.*</details>',
                                                     page, re.S), "the why goes into the folded answer"
        assert 'class="docexec-predict-bar"' in page  # (its script and style: overrides/main.html, the browser tests)
    assert "docexec-predict" not in site.html("index.html")


def test_a_distractor_equal_to_the_answer_fails_with_its_file_and_line(site, caplog):
    ok, log = questions_site(site, **{"wrong2.txt": "2\n"}).build(caplog)
    assert not ok
    for lang in ("zh", "en"):
        assert f"docs/{lang}/q.md:9 (snippets/q/01_add.wrong2.txt:1): this distractor equals the answer ('2')" in log, log


def test_an_executed_distractor_equal_to_the_answer_fails_too(site, caplog):
    ok, log = questions_site(site, **{"wrong1.py": "a = a + 1\nprint(a)\n"}).build(caplog)
    assert not ok
    assert "docs/zh/q.md:9 (snippets/q/01_add.wrong1.py:1): this distractor equals the answer ('2')" in log, log


def test_a_distractor_that_raises_unexpectedly_fails_naming_its_line(site, caplog):
    ok, log = questions_site(site, **{"wrong1.py": "a += 10\nprint(a / 0)\n"}).build(caplog)
    assert not ok
    assert ("docs/zh/q.md:9 (snippets/q/01_add.wrong1.py:1): a distractor fails unexpectedly:"
            " docs/zh/q.md:9 (snippets/q/01_add.wrong1.py:2): unexpected ZeroDivisionError: division by zero") in log, log


def test_fewer_than_two_choices_or_no_why_fail(site, caplog):
    ok, log = questions_site(site, **{"wrong1.py": "", "wrong2.txt": ""}).build(caplog)
    assert not ok
    assert "docs/zh/q.md:9: a question needs at least two choices" in log, log
    ok, log = questions_site(site, PAGE.replace(" { .why }", "")).build(caplog)
    assert not ok
    assert "docs/en/q.md:9: a question needs its why" in log, log


def test_a_question_asks_of_a_block_that_shows_text(site, caplog):
    ok, log = questions_site(site, PAGE.replace('predict="output"', 'predict="output" source="none"')
                             .replace("```python\nprint", '```python predict="x +"\nprint')).build(caplog)
    assert not ok
    assert 'docs/zh/q.md:9: predict="..." cannot go with source="none"' in log, log
    assert "docs/zh/q.md:15: predict='x +' is neither \"output\", \"raises\" nor a Python expression" in log, log


RAISES = """
# r

```python predict="raises" raises="RuntimeError"
--8<-- "q/01_add.py"
```

It raises: see [the page](#r). { .why }
"""


def test_predict_raises_and_a_value(site, caplog):
    questions_site(site, RAISES, **{"wrong1.py": "import torch\nprint(torch.ones(2) @ torch.ones(2))\n",
                                    "wrong2.txt": ""})
    site.snippet("q/01_add.py", "import torch\nprint('before')\ntorch.mm(torch.ones(2), torch.ones(2))\n")
    site.both("v.md", '# v\n\n```python predict="x.shape"\n--8<-- "q/02_shape.py"\n```\n\n'
                      "The shape: [here](#v). { .why }\n")
    site.snippet("q/02_shape.py", "import torch\nx = torch.ones(1, 2)\n")
    site.snippet("q/02_shape.wrong1.py", "import torch\nx = torch.ones(2)\n")
    ok, log = site.build(caplog)
    assert ok, log
    assert sorted(_choices(site.html("q/index.html"))) == ["RuntimeError: self must be a matrix", "tensor(2.)"]
    assert sorted(_choices(site.html("en/v/index.html"))) == ["torch.Size([1, 2])", "torch.Size([2])"]


def test_the_snapshot_keeps_the_question_and_drift_reports_a_changed_answer(site, monkeypatch):
    questions_site(site)
    written = snapshot_cli(site.root)
    assert written.returncode == 0, written.stdout + written.stderr
    snap = site.root / "snapshots" / "q.yml"
    text = snap.read_text("utf8")
    assert "'predict: q/01_add.py': |-\n  predict: output\n  answer: 2\n  q/01_add.wrong1.py: 11\n  q/01_add.wrong2.txt: 1" in text
    snap.write_text(text.replace("  answer: 2", "  answer: 3"), "utf8")  # as if the pinned torch had printed 3
    docexec.configure(site.root / "mkdocs.yml")
    started: list[tuple[str, Future]] = []
    submit = drift.pool.submit
    monkeypatch.setattr(drift.pool, "submit", lambda path, blocks: started.append((path, f := submit(path, blocks))) or f)
    report, changed = drift.report("simulated")
    # it runs the first language's pages and waits for each: none runs on into the next test, as
    # the English ones once did, with the project's settings by then (tests/test_settings.py)
    assert [p for p, _ in started] == ["docs/zh/q.md"] and all(f.done() for _, f in started)
    assert changed == 1, report
    assert "| question's answer changed | 1 |" in report
    assert "#" * 3 + " `docs/zh/q.md:9` — `predict: q/01_add.py`" in report  # the heading of its entry
    assert "-answer: 3\n+answer: 2" in report and "It adds one" in report  # the why, to reread


def test_the_page_s_notebook_asks_before_the_code_cell(site, caplog):
    ok, log = questions_site(site).build(caplog)
    assert ok, log
    cells = json.loads((site.root / "site" / "en" / "q" / "q.ipynb").read_text("utf8"))["cells"]
    at = next(i for i, c in enumerate(cells) if c["cell_type"] == "code" and "a += 1" in c["source"])
    assert cells[at - 1]["cell_type"] == "markdown" and cells[at - 1]["source"].startswith("**Predict: what does this block print?**")
    assert "- **A**:" in cells[at - 1]["source"]
    assert "{ .why }" not in "".join(c["source"] for c in cells)


def test_the_pdf_key_takes_the_answers_out_and_lists_them_at_the_chapter_s_end():
    docexec.configure(docexec.current().root / "mkdocs.yml")
    article = ('<h1>P</h1><div class="docexec-predict-bar">bar</div><div class="docexec-predict" data-answer="1">'
               '<fieldset><legend>Predict?</legend><label class="docexec-predict__choice"><code>A1</code></label>'
               '<label class="docexec-predict__choice"><code>B2</code></label></fieldset><p class="docexec-predict__act">'
               '</p><details class="docexec-predict__answer"><summary>Answer</summary><p class="docexec-predict__key">k</p>'
               '<p>Because <a href="#x">x</a>.</p><div class="docexec-output highlight"><pre><code>B2</code></pre></div>'
               '</details></div>')
    key = Key("en")
    printed = key.take(article, "p-a", "Page A")
    assert "docexec-predict-bar" not in printed and "<details" not in printed and "docexec-predict__act" not in printed
    assert "Question 1. Predict?" in printed and "Answer at the end of this chapter, question 1." in printed
    section = key.section("c-1")
    assert ('Question 1</a> (Page A): <strong>B</strong> <code>B2</code><br>Because <a href="#x">x</a>.</p>'
            '<div class="docexec-output highlight"><pre><code>B2</code></pre></div>') in section  # the real output too
    assert key.section("c-2") == ""  # the next chapter starts its own key


def test_editing_a_distractor_rebuilds_its_page_under_serve(site):
    from docexec.site import incremental

    questions_site(site)
    docexec.configure(site.root / "mkdocs.yml")
    found = {p.name for p in incremental.includes(site.root / "docs" / "en" / "q.md")}
    assert found == {"01_add.py", "01_add.wrong1.py", "01_add.wrong2.txt"}


NOTES_PAGES = ["autograd/why-grad-none", "autograd/backward-and-grad", "autograd/vector-jacobian-product",
               "autograd/requires-grad", "autograd/turning-off-autograd", "autograd/detach-and-data",
               "autograd/intermediate-gradients", "tensors/size-and-shape", "tensors/conversions", "tensors/dot-mm-matmul"]


def test_coverage_three_on_each_notes_page_one_on_each_advanced_page_40_a_language_the_same_in_both():
    """Issue 41, item 6: counted from the pages' fences (predict="..." in a block's options)."""
    docs = docexec.current().root / "docs"
    asked = {lang: {p.relative_to(docs / lang).with_suffix("").as_posix():
                    len(re.findall(r'^[ \t]*```+python\b[^\n]*\bpredict="', p.read_text("utf8"), re.M))
                    for p in (docs / lang).rglob("*.md")} for lang in ("zh", "en")}
    assert asked["zh"] == asked["en"]  # parity: the same questions on the same pages
    few = [p for p in NOTES_PAGES if asked["zh"][p] < 3]
    few += [p for p in asked["zh"] if p.startswith("advanced/") and asked["zh"][p] < 1]
    assert not few, few
    assert sum(asked["zh"].values()) >= 40, sum(asked["zh"].values())
