"""The shape table of docs/{zh,en}/tensors/dot-mm-matmul.md.

Its rows are data (snippets/dot-mm-matmul/01_cases.py), run at build time by
02_table.py, which prints them grouped by function, one "input 1 · input 2 -> result"
row each, narrow enough for a phone. These tests check that the table is really
computed from that data: edit a row's shapes and the rendered page changes with no
other edit; error rows carry torch's own message; both languages print the same
table; no line is wider than a 375 px screen shows.
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

pytestmark = pytest.mark.check

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


PHONE_COLUMNS = 36  # what a 375 px screen shows of an output line (tests/test_reader_layout.py)


def parse(lines: list[str]) -> list[list[str]]:
    """The printed table back as rows [function, input 1, input 2, result]."""
    rows: list[list[str]] = []
    function = ""
    for line in lines:
        if not line.startswith(" "):
            function = line
        elif line.startswith("    → "):
            rows[-1][3] = line[len("    → "):]
        elif line.startswith("      "):
            rows[-1][3] += " " + line.strip()
        else:
            inputs, _, result = line.strip().partition(" → ")
            a, b = inputs.split(" · ")
            rows.append([function, a, b, result])
    return rows


def rendered_rows(markdown: str) -> list[list[str]]:
    """The table's rows as the rendered page shows them (the output that follows the table block)."""
    import textwrap

    start = markdown.index("torch.dot\n", markdown.find("\n# ") + 1)  # below the front matter (explains: ...)
    start = markdown.rindex("\n", 0, start) + 1  # from the start of its line (its indent)
    end = markdown.index("```", start)
    return parse(textwrap.dedent(markdown[start:end]).rstrip().split("\n"))


def rendered_row(markdown: str, function: str, input1: str) -> list[str]:
    found = [row for row in rendered_rows(markdown) if row[0] == function and row[1] == input1]
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
    assert len(parse(lines)) == len(ns["CASES"])  # one row per case


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
    for (function, a, b), row, shown in zip(ns["CASES"], ns["ROWS"], parse(lines), strict=True):
        expected = torch_result(function, a, b)
        assert row[3] == expected, (function, a, b)
        assert shown == list(row), (shown, row)
        errors += not expected.startswith("[")
    assert errors >= 5  # dot of 2-D, mm of 1-D, mm mismatch, batch dims that do not broadcast, ...
    messages = {row[3] for row in ns["ROWS"]}
    assert "self must be a matrix" in messages
    assert any(m.startswith("mat1 and mat2 shapes cannot be multiplied") for m in messages)
    assert any(m.startswith("The size of tensor a (10) must match the size of tensor b (2)") for m in messages)


def test_zh_and_en_print_the_same_table():
    zh_lines, zh = run("zh")
    en_lines, en = run("en")
    assert zh["ROWS"] == en["ROWS"]
    assert zh_lines == en_lines


def test_every_line_fits_a_phone():
    lines, _ = run("en")
    wide = [line for line in lines if wcswidth(line) > PHONE_COLUMNS]
    assert not wide, f"{len(wide)} lines wider than {PHONE_COLUMNS} columns: {wide[:3]}"


@pytest.mark.parametrize("lang", LANGS)
def test_editing_a_rows_shapes_changes_the_rendered_page(lang, tmp_path, monkeypatch):
    snippets = tmp_path / "snippets"
    shutil.copytree(ROOT / "snippets" / SLUG, snippets / SLUG)
    data = snippets / DATA
    text = data.read_text("utf8")
    edits = {
        '("torch.matmul",\n     (10, 1, 3, 4), (2, 4, 5)),': '("torch.matmul",\n     (10, 1, 3, 4), (7, 4, 6)),',
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
    assert ["torch.matmul", "(3, 4)", "(4,)", "[3]"] in rendered_rows(before)

    data.write_text(text, "utf8")  # the only edit: the data
    monkeypatch.setattr(docexec.core.settings, "_CURRENT", [dataclasses.replace(docexec.current(), snippets=snippets)])
    after = render()
    assert rendered_row(after, "torch.matmul", "(10, 1, 3, 4)") == ["torch.matmul", "(10, 1, 3, 4)", "(7, 4, 6)", "[10, 7, 3, 6]"]
    mismatch = torch_result("torch.matmul", (3, 4), (5,))
    assert not mismatch.startswith("[")
    rows = [row for row in rendered_rows(after) if row[0] == "torch.matmul"]
    assert ["torch.matmul", "(3, 4)", "(5,)", mismatch] in rows
    assert ["torch.matmul", "(3, 4)", "(4,)", "[3]"] not in rows
