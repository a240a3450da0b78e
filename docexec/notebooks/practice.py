"""practice: notebook pages (the practice notebooks) run with the pages' semantics.

A notebook page (``docs/<lang>/**/*.py`` in jupytext's percent format, or an ``.ipynb``) has its
code cells run as blocks, ``--8<--`` lines expanded, in one fresh page process. A cell may raise
only what it declares (``docexec.raises``, or ``fails-on-starter``: a check run on the unsolved
starter must raise AssertionError; AUTHORING.md, "Notebooks"). The executed copy goes to the
scratch folder, for mkdocs-jupyter to render and publish; messages name a cell by its number.

May not touch: MkDocs' file list (the i18n fix re-wraps the files), other pages.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from docexec.core import errors, paths, settings
from docexec.core.errors import DocExecError
from docexec.execute import pool
from docexec.execute.outcome import Outcome
from docexec.notebooks.pagebook import setup_cell
from docexec.page.blocks import Block
from docexec.page.snippets import expand_snippets

if TYPE_CHECKING:
    from nbformat import NotebookNode

NOTEBOOK_SUFFIXES = (".ipynb", ".py")  # .py: jupytext percent format


def is_notebook(path: str | Path) -> bool:
    return Path(path).suffix in NOTEBOOK_SUFFIXES


def read_notebook(path: str | Path) -> NotebookNode:
    """The notebook at ``path`` (nbformat 4), or a DocExecError naming the file and line."""
    import json

    import nbformat

    file = Path(path)
    text = file.read_text("utf8")
    if file.suffix == ".py":  # a jupytext "percent" notebook (the practice notebooks)
        import jupytext

        try:
            notebook = jupytext.reads(text, fmt="py:percent")
            nbformat.validate(notebook)
        except Exception as exc:  # noqa: BLE001 -- jupytext and nbformat raise several kinds
            first = str(exc).strip().split("\n")[0]
            raise DocExecError(f"{paths.rel(file)}:1: not a valid percent notebook: {first}") from None
        return notebook
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        raise DocExecError(f"{paths.rel(file)}:{exc.lineno}: not valid notebook JSON: {exc.msg}") from None
    try:
        notebook = nbformat.reads(text, as_version=4)
        nbformat.validate(notebook)
    except Exception as exc:  # noqa: BLE001 -- nbformat raises several kinds
        first = str(exc).strip().split("\n")[0]
        raise DocExecError(f"{paths.rel(file)}:1: not a valid notebook: {first}") from None
    return notebook


RAISING_TAGS = {"fails-on-starter": "AssertionError"}  # a practice check, run on the unsolved starter


def cell_raises(cell: NotebookNode) -> str | None:
    """The exception a cell must raise: metadata ``docexec.raises``, or a tag that implies one."""
    raises = (cell.metadata.get("docexec") or {}).get("raises")
    for tag in cell.metadata.get("tags", []):
        raises = raises or RAISING_TAGS.get(tag)
    return raises


def notebook_blocks(path: str | Path, notebook: NotebookNode | None = None) -> list[Block]:
    """The code cells of a notebook, as executed blocks (``line`` = 1-based cell number),
    ``--8<--`` snippet lines expanded (the practice notebooks write their code once, in snippets/)."""
    file = Path(path)
    rel = paths.rel(file)
    notebook = notebook if notebook is not None else read_notebook(file)
    blocks = []
    for n, cell in enumerate(notebook.cells, start=1):
        if cell.cell_type != "code":
            continue
        raises = cell_raises(cell)
        here = f"{rel} cell {n}"
        block = Block(here, n, n, "", "", "python", {"raises": raises} if raises else {}, cell.source)
        expand_snippets(block)  # a line of the cell itself is recorded as (here, n + its line)
        block.origins = [(origin, line - n if origin == here else line) for origin, line in block.origins]
        block.path = rel
        blocks.append(block)
    return blocks


def executed_copy(src: Path) -> Path:
    """Where :func:`execute_notebook` writes the executed copy of the notebook at ``src``."""
    return (paths.scratch_dir() / "notebooks" / paths.rel(src)).with_suffix(".ipynb")


def execute_notebook(src: Path, run: Callable[[str, list[Block]], list[Outcome]] | None = None) -> Path:
    """Run a notebook's cells in one page process; write the executed copy and return its path.
    Problems are reported (:func:`docexec.core.errors.report`).

    ``run`` as in :func:`docexec.render.rendering.rewrite` (the build passes the run it started ahead).
    """
    import nbformat

    try:
        notebook = read_notebook(src)
    except DocExecError as exc:
        errors.report(exc)
        notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(f"**{exc}**")])
    try:
        blocks = notebook_blocks(src, notebook)
    except DocExecError as exc:  # a snippet line naming a missing file or one outside snippets/
        errors.report(exc)
        blocks = []
    for block in blocks:
        cell = notebook.cells[block.line - 1]
        cell.source = block.code  # snippets expanded: the published notebook runs on its own
        if "raises" in block.options and "raises-exception" not in cell.metadata.get("tags", []):
            cell.metadata["tags"] = [*cell.metadata.get("tags", []), "raises-exception"]  # "Run all" goes on
    outcomes = (run or pool.run_blocks)(paths.rel(src), blocks) if blocks and settings.current().execute else []
    for count, (block, outcome) in enumerate(zip(blocks, outcomes, strict=False), start=1):  # no outcomes: execution off
        cell = notebook.cells[block.line - 1]
        output = outcome.text if outcome.ok else f"docexec error: {outcome.text}"
        if not outcome.ok:
            errors.report(outcome.text)
        cell.execution_count = count
        cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=output + "\n")] if output else []
    # Prepared as the build prepares every page (seeds; warnings on one line, as shown), so that
    # "Run all" in Jupyter prints what the page shows (tests/test_notebooks.py checks it).
    lang = settings.current().language_of(paths.rel(src))
    first = 1 if notebook.cells and notebook.cells[0].cell_type == "markdown" else 0
    notebook.cells.insert(first, setup_cell(lang, paths.versions()["torch"]))
    for number, cell in enumerate(notebook.cells, start=1):  # not nbformat's random ids: the same
        cell["id"] = f"cell-{number}"  # notebook and page from every build of the same source
    target = executed_copy(src)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(nbformat.writes(notebook) + "\n", "utf8")
    return target
