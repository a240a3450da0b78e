"""notebooks: notebook pages (docs/<lang>/notebooks/*.ipynb) run with the pages' semantics.

The notebooks (generated from snippets by tools/make_notebooks.py, no outputs) are
pages too. Their code cells become blocks (a cell may raise only what its metadata
``docexec.raises`` declares) and run in one fresh :class:`~docexec.run.PageRun`; the
executed copy, written to the scratch folder, is what mkdocs-jupyter renders
(``execute: false``) and publishes (``include_source``). Messages name a cell as
``docs/zh/notebooks/x.ipynb:<cell number>``. :func:`hoist_styles` moves nbconvert's
inline ``<style>`` blocks into ``<head>`` of the rendered page.

May not touch: MkDocs' file list (the i18n fix re-wraps the files), other pages.
"""

from __future__ import annotations

import re
from pathlib import Path

from docexec import project
from docexec.blocks import Block
from docexec.project import DocExecError
from docexec.run import PageRun

def notebook_blocks(path: str | Path) -> list[Block]:
    """The code cells of a notebook, as executed blocks (``line`` = 1-based cell number)."""
    import nbformat

    file = Path(path)
    rel = project.rel(file)
    notebook = nbformat.reads(file.read_text("utf8"), as_version=4)
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


def execute_notebook(src: Path, errors: list[str]) -> Path:
    """Run a notebook's cells in one PageRun; write the executed copy and return its path."""
    import nbformat

    notebook = nbformat.reads(src.read_text("utf8"), as_version=4)
    page = PageRun(project.rel(src)) if project.executing() else None
    count = 0
    for block in notebook_blocks(src) if page is not None else []:
        cell = notebook.cells[block.line - 1]
        try:
            output = page.run(block)
        except DocExecError as exc:
            errors.append(str(exc))
            output = f"docexec error: {exc}"
        count += 1
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
