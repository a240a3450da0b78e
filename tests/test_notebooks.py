"""The notebook pages: generated from the snippets, executed by the build (docexec/notebooks.py), rendered by mkdocs-jupyter.

* The committed docs/<lang>/notebooks/*.ipynb equal what tools/make_notebooks.py generates,
  so they cannot drift from snippets/ (fix: `python tools/make_notebooks.py`).
* The built page shows the outputs of a real execution (the `built_site` fixture, tests/conftest.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import make_notebooks  # noqa: E402

NOTEBOOKS = sorted(make_notebooks.targets())


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_committed_notebook_is_generated_from_the_snippets(path: Path):
    expected = make_notebooks.targets()[path]
    assert path.is_file(), "missing; run: python tools/make_notebooks.py"
    assert path.read_text("utf8") == expected, "stale; run: python tools/make_notebooks.py"


def test_every_snippet_is_a_cell_in_order():
    import nbformat

    for path in NOTEBOOKS:
        slug = path.stem
        nb = nbformat.reads(path.read_text("utf8"), as_version=4)
        code = [c.source for c in nb.cells if c.cell_type == "code"]
        assert code == [p.read_text("utf8").rstrip("\n") for p in make_notebooks.snippets(slug)]
        assert all(not c.outputs for c in nb.cells if c.cell_type == "code"), "outputs must be empty"
        # the built URL of docs/<lang>/autograd/<slug>.md, relative to notebooks/<slug>/
        assert f"](../../autograd/{slug}/)" in nb.cells[0].source
        assert (path.parent.parent / "autograd" / f"{slug}.md").is_file()


@pytest.mark.parametrize("prefix", ["", "en/"])
def test_built_notebook_page_shows_executed_output(built_site: Path, prefix: str):
    page = built_site / prefix / "notebooks" / "why-grad-none" / "index.html"
    html = page.read_text("utf8")
    assert '"cell_type"' not in html, "the notebook was copied as raw JSON, not rendered as a page"
    assert "tensor([[1., 3.]])" in html  # printed by the fix cells: the notebook really ran
    assert "RuntimeError: self must be a matrix" in html  # the cell whose metadata declares it
    for machine_path in {str(ROOT), sys.prefix}:
        assert machine_path not in html
    assert 'href="../../autograd/why-grad-none/"' in html
    # nbconvert's styles sit in <head>: in the body they made the page jump (layout shift)
    assert "<style" not in html.split("</head>", 1)[1]
    assert (page.parent / "../../autograd/why-grad-none/index.html").resolve().is_file()
    # include_source: the .ipynb is published next to the page
    assert (built_site / prefix / "notebooks" / "why-grad-none" / "why-grad-none.ipynb").is_file()


def test_invalid_notebook_json_fails_with_file_and_line(tmp_path):
    import docexec

    bad = tmp_path / "docs" / "zh" / "notebooks" / "bad.ipynb"
    bad.parent.mkdir(parents=True)
    bad.write_text('{\n "cells": [\n  {"cell_type": "code",\n }\n', "utf8")
    with pytest.raises(docexec.DocExecError, match=r"bad\.ipynb:4: not valid notebook JSON"):
        docexec.notebook_blocks(bad)
    wrong = bad.with_name("wrong.ipynb")
    wrong.write_text('{"cells": 3}', "utf8")
    with pytest.raises(docexec.DocExecError, match=r"wrong\.ipynb:1: not a valid notebook"):
        docexec.notebook_blocks(wrong)
