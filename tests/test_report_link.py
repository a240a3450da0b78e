"""Issue 40 in small HTML, no build: an output's "report this output" link (docexec/render/report.py)
names the page, its section, the block's snapshot key, torch, Python and the commit; a page
converted with placeholders gets the same link; a paragraph marks three glossary terms at most;
the stepper's graph box carries the graph's width; the link is not in the search index. The browser
tests are tests/test_phone_reader.py."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
import yaml

from docexec.core import paths
from docexec.core.labels import LABELS
from docexec.execute.outcome import Outcome
from docexec.page.blocks import executed_blocks, snapshot_keys
from docexec.render import output, placeholders, rendering, report, stepper, tooltips

pytestmark = pytest.mark.check

ROOT = Path(__file__).resolve().parent.parent
PAGE = """# Title { #title }

```python
print("before any section")
```

## First part { #first-part }

```python
# a heading in code is no heading
print(1)
```

```python
x = 2
```

### Deeper { #deeper }

```python
print(x)
```
"""
LINK = re.compile(r'<a class="docexec-report-output" href="([^"]+)" rel="nofollow" data-search-exclude>([^<]+)</a>')


def _issue(href: str) -> tuple[str, str, str]:
    url = urlsplit(href.replace("&amp;", "&"))
    query = parse_qs(url.query)
    return f"{url.scheme}://{url.netloc}{url.path}", query["title"][0], query["body"][0]


def _rewrite(lang: str, outputs: dict[str, str]) -> str:
    path = f"docs/{lang}/autograd/page.md"

    def run(_path: str, blocks: list) -> list[Outcome]:
        return [Outcome(True, outputs.get(b.code.strip().split("\n")[-1], "")) for b in blocks]

    return rendering.rewrite(PAGE, path, 0, run=run)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_each_output_links_a_new_issue_naming_its_page_section_block_versions_and_commit(lang):
    markdown = _rewrite(lang, {'print("before any section")': "first", "print(1)": "1", "print(x)": "2"})
    html = "".join(output.output_html(m["text"], m["label"], m["report"], m["words"]) for m in re.finditer(
        r'docexec-output title="(?P<label>[^"]*)" report="(?P<report>[^"]*)" report_words="(?P<words>[^"]*)"\n'
        r"(?P<text>[^`]*)\n`", markdown))
    links = LINK.findall(html)
    assert len(links) == 3, markdown  # "x = 2" prints nothing: no output, no link
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text("utf8").replace("!ENV", ""))
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.strip()
    versions = paths.versions()
    keys = snapshot_keys(executed_blocks(PAGE, f"docs/{lang}/autograd/page.md"))
    site = paths.published_url(ROOT / "mkdocs.yml")
    where = "" if lang == "zh" else "en/"
    for (href, words), key, anchor in zip(links, [keys[0], keys[1], keys[3]], ["title", "first-part", "deeper"],
                                          strict=True):
        target, title, body = _issue(href)
        assert target == config["repo_url"].rstrip("/") + "/issues/new"
        assert words == LABELS[lang].report[0]
        assert f"{where}autograd/page/#{anchor}" in title
        assert f"{site}{where}autograd/page/#{anchor}\n" in body
        assert f"{key}\n" in body and f"torch {versions['torch']}" in body and f"Python {versions['python']}" in body
        assert body.split("\n")[2].endswith(commit)
    assert "code: # a heading in code is no heading" in keys[1]  # the fenced "#" line named no section


def test_a_site_without_a_repository_gets_no_link(tmp_path):
    import dataclasses

    from docexec.core import settings

    (tmp_path / "mkdocs.yml").write_text("site_name: x\n", "utf8")
    settings.use(dataclasses.replace(settings.current(), root=tmp_path))  # the project's again after the test
    markdown = _rewrite("en", {"print(1)": "1"})
    assert "docexec-output" in markdown and "report=" not in markdown


def test_the_link_is_escaped_and_a_placeholder_keeps_it():
    blocks = executed_blocks("# t { #t }\n\n```python\nprint(1)\n```\n", "docs/en/x.md", 0)
    (token,) = placeholders.tokens(1)
    issue = 'https://github.com/o/r/issues/new?title=a&body="<b>'
    held = output.output_html(token, "Output", issue, "Report <this>")
    assert '&quot;&lt;b&gt;' in held and "Report &lt;this&gt;" in held and 'body="' not in held
    assert placeholders.fill(f"<p>a</p>\n{held}", [], blocks, [token], [Outcome(True, "1")]) == \
        f"<p>a</p>\n{output.output_html('1', 'Output', issue, 'Report <this>')}"
    # an output that turns out empty: its whole block goes, label and link too (as if it had waited)
    assert placeholders.fill(f"<p>a</p>\n{held}<p>b</p>", [], blocks, [token], [Outcome(True, "")]) == \
        "<p>a</p><p>b</p>"


def test_sections_are_the_explicit_anchors_outside_fences():
    found = report.sections(PAGE.split("\n"))
    assert [a for _, a in found] == ["title", "first-part", "deeper"]
    assert report.section(found, 0) == "" and report.section(found, 3) == "title"


TERMS = [{"zh": zh, "en": en, "aka_zh": [], "aka_en": [], "note_zh": "。", "note_en": ".", "page": "x.md"}
         for zh, en in [("张量", "tensor"), ("梯度", "gradient"), ("叶子", "leaf"), ("视图", "view"), ("钩子", "hook")]]


def test_a_paragraph_marks_three_terms_at_most_the_others_where_next_used():
    html = ("<p>A tensor, a gradient, a leaf, a view and a hook.</p>"
            "<ul><li>Again a view, a hook and a tensor.</li></ul>")
    marked = tooltips.add_tooltips(html, "en", TERMS)
    first, second = marked.split("</p>")
    assert first.count("docexec-term") == tooltips.PER_PARAGRAPH == 3
    assert re.findall(r">(\w+)</span>", second) == ["view", "hook"]


def test_the_stepper_graph_sits_in_a_box_that_knows_its_width():
    svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 559 472" width="559" height="472"><path stroke-width="2"/></svg>'
    words = LABELS["en"].stepper
    html = stepper.figure(json.dumps({"svg": svg, "steps": [{"node": "n0", "op": "SumBackward0", "receives": "1."}]}),
                          words)
    assert '<div class="docexec-stepper__graph" style="--docexec-graph-width: 559px"><svg' in html


def test_the_link_is_left_out_of_the_search_index():
    """Material's search reads a page's text: the link's words on every output made each section with
    an output a result for "report" (346 sections of the English site). The output stays indexed."""
    from material.plugins.search.plugin import Parser

    issue = "https://github.com/o/r/issues/new?title=a"
    for words, excluded in [("Report this output", True), ("Report this output", False)]:
        held = output.output_html("tensor([1.])", "Output", issue, words)
        if not excluded:
            held = held.replace(" data-search-exclude", "")
        parser = Parser()
        parser.feed(f'<h1 id="t">Title</h1><p>Before.</p>{held}<p>After <a href="#t">a link</a>.</p>')
        parser.close()
        text = "".join(parser.data[0].text)
        assert "tensor([1.])" in text and "After" in text and "a link" in text, text
        assert ("Report this output" in text) is not excluded, text


QUESTION = """# Title { #title }

## Asked { #asked }

```python predict="x.grad"
--8<-- "why-grad-none/01_notes_question1.py"
```

It is not a leaf: see [the section](#asked). { .why }
"""


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_question_s_folded_outputs_link_too_its_distractors_to_its_snapshot_entry(lang):
    """A question folds its block's output (and each executed distractor's) into its answer: each
    gets the link, the block's under its snapshot key, a distractor's under the question's entry."""
    from docexec.execute.outcome import Choice, Question

    question = Question("x.grad", [Choice("None"), Choice("tensor([[1., 3.]])", "why-grad-none/01_notes_question1.wrong1.py",
                                                          "x.grad", "tensor([[1., 3.]])")], 0)
    path = f"docs/{lang}/autograd/page.md"
    markdown = rendering.rewrite(QUESTION, path, 0, run=lambda _p, blocks: [Outcome(True, "z: 1", question=question)
                                                                             for _ in blocks])
    (key,) = snapshot_keys(executed_blocks(QUESTION, path))
    found = re.findall(r'docexec-output title="[^"]*" report="([^"]*)" report_words="([^"]*)"\n(.*?)\n`', markdown)
    assert [text for _, _, text in found] == ["z: 1", "tensor([[1., 3.]])"], markdown
    (own, words, _), (wrong, _, _) = found
    block_line = "代码块：" if lang == "zh" else "Block: "
    assert words == LABELS[lang].report[0]
    assert _issue(own)[2].split("\n")[1] == block_line + key and "#asked" in _issue(own)[1]
    assert _issue(wrong)[2].split("\n")[1] == block_line + "predict: " + key and "#asked" in _issue(wrong)[1]
