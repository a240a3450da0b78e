"""The shape table of docs/{zh,en}/tensors/dot-mm-matmul.md.

Its rows are data (snippets/dot-mm-matmul/01_cases.py), run at build time by
02_table.py under headers each language sets inline. These tests check that the
table is really computed from that data: edit a row's shapes and the rendered
page changes with no other edit; error rows carry torch's own message; both
languages print the same cells.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
import sys
from pathlib import Path

import pytest
import torch
from wcwidth import wcswidth

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import docexec  # noqa: E402
import docexec.core.settings  # noqa: E402

SLUG = "dot-mm-matmul"
DATA = f"{SLUG}/01_cases.py"
TABLE_LINE = f'--8<-- "{SLUG}/02_table.py"'
LANGS = ("zh", "en")


def page_path(lang: str) -> str:
    return f"docs/{lang}/tensors/{SLUG}.md"


def page_text(lang: str) -> str:
    return (ROOT / page_path(lang)).read_text("utf8")


@pytest.fixture(autouse=True)
def real_snippets():
    docexec.configure(ROOT / "mkdocs.yml")  # another test may have pointed docexec elsewhere


def run(lang: str) -> tuple[list[str], dict]:
    """Run the page like the build does; return the table's printed lines and the namespace."""
    path = page_path(lang)
    page = docexec.PageRun(path)
    table = None
    for block in docexec.find_blocks(page_text(lang), path):
        if not block.executed:
            continue
        docexec.expand_snippets(block)
        output = page.run(block)
        if TABLE_LINE in block.body:
            table = output
    assert table is not None, f"{path} has no block including {TABLE_LINE}"
    return table.split("\n"), page.namespace


def cells(line: str) -> list[str]:
    return re.split(r" {2,}", line.strip())


def rendered_row(markdown: str, function: str, input1: str) -> list[str]:
    rows = [cells(line) for line in markdown.split("\n") if line.strip().startswith(function + " ")]
    found = [row for row in rows if len(row) == 4 and row[1] == input1]
    assert len(found) == 1, f"expected one {function} row with input {input1}, got {found}"
    return found[0]


def torch_result(function: str, a, b) -> str:
    """The expected cell, computed here independently of the page's code."""
    make = lambda spec: torch.ones(spec) if isinstance(spec, tuple) else torch.tensor(spec)  # noqa: E731
    a, b = make(a), make(b)
    try:
        if function == "@":
            out = a @ b
        elif function.startswith("einsum "):
            out = torch.einsum(function.split()[1], a, b)
        else:
            out = getattr(torch, function.split(".")[1])(a, b)
    except RuntimeError as error:
        return str(error).splitlines()[0]
    return str(list(out.shape)) + (f" = {out.item()}" if out.dim() == 0 else "")


def test_table_has_at_least_20_rows_one_per_case():
    lines, ns = run("en")
    assert len(ns["CASES"]) >= 20
    assert len(ns["ROWS"]) == len(ns["CASES"])
    assert len(lines) == 2 + len(ns["CASES"])  # header, rule, one line per case


def test_the_notes_examples_are_rows():
    _, ns = run("en")
    rows = set(ns["ROWS"])
    for row in [
        ("torch.dot", "(3,)", "(3,)", "[] = 3.0"),
        ("torch.dot", "tensor([2, 3])", "tensor([2, 1])", "[] = 7"),
        ("torch.dot", "(2, 3)", "(2, 2)", "1D tensors expected, but got 2D and 2D tensors"),
        ("torch.mm", "(2, 3)", "(3, 3)", "[2, 3]"),
        ("torch.matmul", "(3,)", "(3,)", "[] = 3.0"),
        ("torch.matmul", "(3, 4)", "(4, 5)", "[3, 5]"),
        ("torch.matmul", "(3,)", "(3, 4)", "[4]"),
        ("torch.matmul", "(3, 4)", "(4,)", "[3]"),
        ("torch.matmul", "(10, 3, 4)", "(4,)", "[10, 3]"),
        ("torch.matmul", "(10, 3, 4)", "(10, 4, 5)", "[10, 3, 5]"),
        ("torch.matmul", "(10, 3, 4)", "(4, 5)", "[10, 3, 5]"),
        ("torch.matmul", "(10, 1, 3, 4)", "(2, 4, 5)", "[10, 2, 3, 5]"),
    ]:
        assert row in rows, row
    functions = {row[0].split()[0] for row in rows}
    assert {"@", "torch.bmm", "torch.mv", "einsum"} <= functions


def test_every_cell_is_what_torch_gives_and_errors_show_its_message():
    lines, ns = run("en")
    errors = 0
    for (function, a, b), row, line in zip(ns["CASES"], ns["ROWS"], lines[2:], strict=True):
        expected = torch_result(function, a, b)
        assert row[3] == expected, (function, a, b)
        assert line.rstrip().endswith(expected)
        errors += not expected.startswith("[")
    assert errors >= 5  # dot of 2-D, mm of 1-D, mm mismatch, batch dims that do not broadcast, ...
    messages = {row[3] for row in ns["ROWS"]}
    assert "self must be a matrix" in messages
    assert any(m.startswith("mat1 and mat2 shapes cannot be multiplied") for m in messages)
    assert any(m.startswith("The size of tensor a (10) must match the size of tensor b (2)") for m in messages)


def test_zh_and_en_print_identical_cells_under_their_own_headers():
    zh_lines, zh = run("zh")
    en_lines, en = run("en")
    assert zh["ROWS"] == en["ROWS"]
    assert [cells(line) for line in zh_lines[2:]] == [cells(line) for line in en_lines[2:]]
    assert cells(zh_lines[0]) == list(zh["HEADERS"]) and "函数" in zh["HEADERS"]
    assert cells(en_lines[0]) == list(en["HEADERS"]) and "function" in en["HEADERS"]


@pytest.mark.parametrize("lang", LANGS)
def test_columns_line_up_in_display_width(lang):
    lines, _ = run(lang)
    starts = set()
    for line in lines:  # where each cell starts, counting CJK characters as two columns
        spans = [m.start() for m in re.finditer(r"\S+(?: \S+)*", line)]
        assert len(spans) == 4, line
        starts.add(tuple(wcswidth(line[:i]) for i in spans))
    assert len(starts) == 1, (lang, starts)


@pytest.mark.parametrize("lang", LANGS)
def test_editing_a_rows_shapes_changes_the_rendered_page(lang, tmp_path, monkeypatch):
    snippets = tmp_path / "snippets"
    shutil.copytree(ROOT / "snippets" / SLUG, snippets / SLUG)
    data = snippets / DATA
    text = data.read_text("utf8")
    edits = {
        '("torch.matmul", (10, 1, 3, 4), (2, 4, 5)),': '("torch.matmul", (10, 1, 3, 4), (7, 4, 6)),',
        '("torch.matmul", (3, 4), (4,)),': '("torch.matmul", (3, 4), (5,)),',
    }
    for old, new in edits.items():
        assert text.count(old) == 1, f"{DATA} no longer holds the row {old}"
        text = text.replace(old, new)

    def render() -> str:
        with docexec.collecting() as errors:
            markdown = docexec.rewrite(page_text(lang), page_path(lang), 0)
        assert not errors, errors
        return markdown

    before = render()
    assert rendered_row(before, "torch.matmul", "(10, 1, 3, 4)") == ["torch.matmul", "(10, 1, 3, 4)", "(2, 4, 5)", "[10, 2, 3, 5]"]
    assert ["torch.matmul", "(3, 4)", "(4,)", "[3]"] in [cells(line) for line in before.split("\n")]

    data.write_text(text, "utf8")  # the only edit: the data
    monkeypatch.setattr(docexec.core.settings, "_CURRENT", [dataclasses.replace(docexec.current(), snippets=snippets)])
    after = render()
    assert rendered_row(after, "torch.matmul", "(10, 1, 3, 4)") == ["torch.matmul", "(10, 1, 3, 4)", "(7, 4, 6)", "[10, 7, 3, 6]"]
    mismatch = torch_result("torch.matmul", (3, 4), (5,))
    assert not mismatch.startswith("[")
    rows = [cells(line) for line in after.split("\n") if line.strip().startswith("torch.matmul ")]
    assert ["torch.matmul", "(3, 4)", "(5,)", mismatch] in rows
    assert ["torch.matmul", "(3, 4)", "(4,)", "[3]"] not in rows
