"""docexec/checks/parity.py: every zh page and its en twin match in all but prose."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from docexec.checks import parity
from tests.sites import ROOT

pytestmark = pytest.mark.check

PAIRS = parity.twins(ROOT / "docs")


@pytest.mark.parametrize("zh, en", PAIRS, ids=[p[0].relative_to(ROOT / "docs" / "zh").as_posix() for p in PAIRS])
def test_zh_and_en_twins_match(zh, en):
    assert zh.is_file(), f"{en.relative_to(ROOT)} has no zh twin"
    assert (message := parity.compare(zh, en)) is None, message


PAGE = """# Title { #title }

Text with a [link](other.md#part) and `{python} x.grad`.

## Part { #part }

```python
--8<-- "demo/01_a.py"
```

```python raises="RuntimeError"
--8<-- "demo/02_b.py"
```
"""


def pair(tmp_path, zh_text: str, en_text: str = PAGE):
    (tmp_path / "zh").mkdir()
    (tmp_path / "en").mkdir()
    (tmp_path / "zh" / "p.md").write_text(zh_text, "utf8")
    (tmp_path / "en" / "p.md").write_text(en_text, "utf8")
    return parity.compare(tmp_path / "zh" / "p.md", tmp_path / "en" / "p.md")


def test_the_same_structure_with_translated_prose_matches(tmp_path):
    zh = PAGE.replace("# Title", "# 标题").replace("Text with a [link]", "一段带[链接]").replace("## Part", "## 部分")
    assert pair(tmp_path, zh) is None


def test_a_block_removed_from_one_language_fails(tmp_path):
    zh = PAGE.replace('```python raises="RuntimeError"\n--8<-- "demo/02_b.py"\n```\n', "")
    message = pair(tmp_path, zh)
    assert message and "zh/p.md" in message and "en/p.md:12" in message and "snippet includes differ at #2" in message


def test_reordered_includes_fail(tmp_path):
    zh = PAGE.replace("demo/01_a.py", "TMP").replace("demo/02_b.py", "demo/01_a.py").replace("TMP", "demo/02_b.py")
    message = pair(tmp_path, zh)
    assert message and "snippet includes differ at #1: zh has 'demo/02_b.py', en has 'demo/01_a.py'" in message


def test_a_changed_anchor_fails(tmp_path):
    message = pair(tmp_path, PAGE.replace("{ #part }", "{ #section }"))
    assert message and "headings (level, anchor) differ at #2" in message and "zh/p.md:5" in message


def test_a_changed_block_option_or_inline_value_fails(tmp_path):
    assert "python blocks differ" in pair(tmp_path, PAGE.replace('raises="RuntimeError"', 'raises="ValueError"'))


def test_inline_values_must_match(tmp_path):
    assert "inline values differ" in pair(tmp_path, PAGE.replace("x.grad`", "y.grad`"))


def test_a_heading_without_anchor_fails(tmp_path):
    page = PAGE.replace(" { #part }", "")
    assert "heading without an explicit English anchor" in pair(tmp_path, page, page)


def test_stale_lists_a_page_whose_twin_changed_after_it(tmp_path):
    def git(*args, date="2026-01-01T00:00:00"):
        env = {**os.environ, "GIT_COMMITTER_DATE": date, "GIT_AUTHOR_DATE": date}
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=tmp_path, check=True,
                       capture_output=True, env=env)

    docs = tmp_path / "docs"
    for lang in ("zh", "en"):
        (docs / lang).mkdir(parents=True)
        (docs / lang / "p.md").write_text("# p { #p }\n", "utf8")
        (docs / lang / "q.md").write_text("# q { #q }\n", "utf8")
    git("init", "-q")
    git("add", ".")
    git("commit", "-q", "-m", "both")
    (docs / "zh" / "p.md").write_text("# p { #p }\n\n新的一段。\n", "utf8")
    git("add", ".")
    git("commit", "-q", "-m", "zh: a new paragraph", date="2026-01-02T00:00:00")
    report = parity.stale(docs)
    assert len(report) == 1, report
    assert report[0].startswith("docs/en/p.md is older than docs/zh/p.md")
    assert "zh: a new paragraph" in report[0]


def test_make_stale_runs_on_this_repository():
    result = subprocess.run([sys.executable, "-m", "docexec", "stale"], capture_output=True, text=True,
                            timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert "page(s) to reread" in result.stdout or "no page is older than its twin" in result.stdout


def test_notebook_pages_with_other_heading_anchors_fail(tmp_path):
    cell = "# %%%% [markdown]\n# # Title { #%s }\n\n# %%%%\nx = 1\n"
    for lang, anchor in (("zh", "title"), ("en", "other")):
        (tmp_path / lang).mkdir()
        (tmp_path / lang / "p.py").write_text(cell % anchor, "utf8")
    message = parity.compare(tmp_path / "zh" / "p.py", tmp_path / "en" / "p.py")
    assert message is not None and "explicit anchors differ" in message, message
    (tmp_path / "en" / "p.py").write_text(cell % "title", "utf8")
    assert parity.compare(tmp_path / "zh" / "p.py", tmp_path / "en" / "p.py") is None
