"""notebooks: notebook pages (docs/<lang>/notebooks/*.ipynb) run with the pages' semantics.

The notebooks (generated from snippets by tools/make_notebooks.py, no outputs) are
pages too. Their code cells become blocks (a cell may raise only what its metadata
``docexec.raises`` declares) and run in one fresh page process (:mod:`docexec.pool`); the
executed copy, written to the scratch folder, is what mkdocs-jupyter renders
(``execute: false``) and publishes (``include_source``). Messages name a cell as
``docs/zh/notebooks/x.ipynb:<cell number>``. :func:`hoist_styles` moves nbconvert's
inline ``<style>`` blocks into ``<head>`` of the rendered page.

May not touch: MkDocs' file list (the i18n fix re-wraps the files), other pages.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from docexec import pool, project
from docexec.blocks import Block
from docexec.pool import Outcome
from docexec.project import DocExecError

def read_notebook(path: str | Path):
    """The notebook at ``path`` (nbformat 4), or a DocExecError naming the file and line."""
    import json

    import nbformat

    file = Path(path)
    text = file.read_text("utf8")
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        raise DocExecError(f"{project.rel(file)}:{exc.lineno}: not valid notebook JSON: {exc.msg}") from None
    try:
        notebook = nbformat.reads(text, as_version=4)
        nbformat.validate(notebook)
    except Exception as exc:  # noqa: BLE001 -- nbformat raises several kinds
        first = str(exc).strip().split("\n")[0]
        raise DocExecError(f"{project.rel(file)}:1: not a valid notebook: {first}") from None
    return notebook


def notebook_blocks(path: str | Path, notebook=None) -> list[Block]:
    """The code cells of a notebook, as executed blocks (``line`` = 1-based cell number)."""
    file = Path(path)
    rel = project.rel(file)
    notebook = notebook if notebook is not None else read_notebook(file)
    blocks = []
    for n, cell in enumerate(notebook.cells, start=1):
        if cell.cell_type != "code":
            continue
        raises = (cell.metadata.get("docexec") or {}).get("raises")
        block = Block(rel, n, n, "", "", "python", {"raises": raises} if raises else {}, cell.source)
        block.code = cell.source
        block.origins = [(f"{rel} cell {n}", k) for k in range(1, cell.source.count("\n") + 2)]
        blocks.append(block)
    return blocks


def execute_notebook(src: Path, errors: list[str], run: Callable[[str, list[Block]], list[Outcome]] | None = None) -> Path:
    """Run a notebook's cells in one page process; write the executed copy and return its path.

    ``run`` as in :func:`docexec.rendering.rewrite` (the build passes :func:`docexec.pool.take`).
    """
    import nbformat

    try:
        notebook = read_notebook(src)
    except DocExecError as exc:
        errors.append(str(exc))
        notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(f"**{exc}**")])
    blocks = notebook_blocks(src, notebook) if project.executing() and notebook.cells else []
    outcomes = (run or pool.run_blocks)(project.rel(src), blocks) if blocks else []
    for count, (block, outcome) in enumerate(zip(blocks, outcomes), start=1):
        cell = notebook.cells[block.line - 1]
        output = outcome.text if outcome.ok else f"docexec error: {outcome.text}"
        if not outcome.ok:
            errors.append(outcome.text)
        cell.execution_count = count
        cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=output + "\n")] if output else []
    target = project.scratch_dir() / "notebooks" / project.rel(src)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(nbformat.writes(notebook) + "\n", "utf8")
    return target


_STYLE = re.compile(r"<style[^>]*>.*?</style>", re.S)


def hoist_styles(output: str) -> str:
    """Move nbconvert's inline <style> blocks from the body of a page into <head>.

    Left in the body they apply only once the browser reaches them, after the header has
    been painted, and the page jumps (Lighthouse measured a layout shift of 0.16).
    """
    if "</head>" not in output:
        return output
    head, body = output.split("</head>", 1)
    styles = _STYLE.findall(body)
    return head + "".join(styles) + "</head>" + _STYLE.sub("", body) if styles else output
