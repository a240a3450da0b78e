"""practice: the notebook pages (the practice notebooks) read, run with the pages' semantics, and copied.

A notebook page (``docs/<lang>/**/*.py`` in jupytext's percent format, or an ``.ipynb``) has its
code cells run as blocks, ``--8<--`` lines expanded, in one fresh page process. A cell may raise
only what it declares (``docexec.raises``, or ``fails-on-starter``: a check run on the unsolved
starter must raise AssertionError; AUTHORING.md, "Notebooks"). A ``wrong-answer`` cell after it
runs a learner's mistake followed by the same check, which must reject it too (the cell is
internal: left out of the executed copy). The executed copy (what mkdocs-jupyter renders, and the
download) goes to the scratch folder: comment lines of its language only, links absolute to the
published site, each heading with its explicit anchor, each solution section marked and folded.
Messages name a cell by its number. The rendered page's HTML is practice_page's; the exercise
lists of the chapter pages are exercises'.

May not touch: MkDocs' file list (the i18n fix re-wraps the files), the notebook's source, other
pages, the rendered page's HTML. Writes only the executed copy, in the scratch folder.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from docexec.core import errors, paths, settings
from docexec.core.errors import DocExecError
from docexec.core.identity import PageId
from docexec.execute import pool
from docexec.execute.outcome import Outcome
from docexec.notebooks.pagebook import absolute_links, published_url, setup_cell
from docexec.page.blocks import Block
from docexec.page.snippets import expand_snippets, for_language

if TYPE_CHECKING:
    from nbformat import NotebookNode



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


WRONG_ANSWER = "wrong-answer"  # a learner's mistake, run before the exercise's check, which must reject it
WRONG_PASSES = "a wrong answer passes the check: make the check test what the exercise asks"
_WRONG_SNIPPET = re.compile(r"""^--8<--[ \t]+(["']?)(?:[^"'\s]+/)?\d{2}_\w+_wrong_\d+\.py\1$""")


def _cell_block(rel: str, n: int, source: str, raises: str | None) -> Block:
    here = f"{rel} cell {n}"
    block = Block(here, n, n, "", "", "python", {"raises": raises} if raises else {}, source)
    expand_snippets(block)  # a line of the cell itself is recorded as (here, n + its line)
    block.origins = [(origin, line - n if origin == here else line) for origin, line in block.origins]
    block.path = rel
    return block


def heading_cells(path: str | Path) -> list[tuple[int, str, str]]:
    """(cell number, anchor, title) of each heading with an explicit anchor in a notebook page.
    Its blocks' ``line`` is their cell number (:func:`_cell_block`), not a line of the file: the
    API index places a notebook's uses by these, as a Markdown page's by its headings' lines."""
    return [(n, m[2], m[1].lstrip("#").strip()) for n, cell in enumerate(read_notebook(path).cells, start=1)
            if cell.cell_type == "markdown" for line in cell.source.split("\n")
            if (m := EXPLICIT_HEADING.match(line)) and line.startswith("##")]  # as api_index.sections: not the title


def _parsed(code: str) -> ast.AST:
    try:
        return ast.parse(code)
    except SyntaxError:  # reported when it runs, with its line
        return ast.Module(body=[], type_ignores=[])


def is_wrong_answer(cell: NotebookNode) -> bool:
    return cell.cell_type == "code" and tagged(cell, WRONG_ANSWER)


def notebook_blocks(path: str | Path, notebook: NotebookNode | None = None) -> list[Block]:
    """The code cells of a notebook, as executed blocks (``line`` = 1-based cell number),
    ``--8<--`` snippet lines expanded (the practice notebooks write their code once, in snippets/).

    A ``wrong-answer`` cell (right after its exercise's ``fails-on-starter`` check, or another
    wrong answer; one ``--8<--`` line of a ``NN_<name>_wrong_<k>.py`` snippet) is one block: the
    wrong answer, then that check, which must raise AssertionError (:data:`WRONG_PASSES` if not)."""
    file = Path(path)
    rel = paths.rel(file)
    notebook = notebook if notebook is not None else read_notebook(file)
    blocks = []
    check: NotebookNode | None = None  # the fails-on-starter check a wrong answer may follow
    for n, cell in enumerate(notebook.cells, start=1):
        if cell.cell_type != "code":
            check = None
            continue
        if not is_wrong_answer(cell):
            raises = cell_raises(cell)
            blocks.append(_cell_block(rel, n, cell.source, raises))
            check = cell if tagged(cell, "fails-on-starter") else None
            continue
        if check is None:
            raise DocExecError(f"{rel}:{n}: a wrong-answer cell must come right after its exercise's"
                               " fails-on-starter check (or another wrong answer)")
        if not _WRONG_SNIPPET.match(cell.source.strip()):
            raise DocExecError(f"{rel}:{n}: a wrong-answer cell holds one line,"
                               ' `--8<-- "<folder>/NN_<name>_wrong_<k>.py"`')
        wrong = _cell_block(rel, n, cell.source.strip(), None)
        if asserts := [node.lineno for node in ast.walk(_parsed(wrong.code)) if isinstance(node, ast.Assert)]:
            raise DocExecError(f"{wrong.where(asserts[0])}: a wrong answer may not assert anything itself:"
                               " the exercise's check is what must reject it")
        against = _cell_block(rel, n, check.source, "AssertionError")
        wrong.body, wrong.code = f"{wrong.body}\n{against.body}", f"{wrong.code}\n{against.code}"
        wrong.origins += against.origins
        wrong.options = {"raises": "AssertionError", "source": "none"}  # shown nowhere: not linked, not in the API index
        blocks.append(wrong)
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
    page = PageId.of(src)
    lang = page.lang
    shown = [b for b in blocks if not is_wrong_answer(notebook.cells[b.line - 1])]
    for block in shown:
        cell = notebook.cells[block.line - 1]
        cell.source = for_language(block.code, lang)  # snippets expanded: the published notebook runs on its own
        if "raises" in block.options and "raises-exception" not in cell.metadata.get("tags", []):
            cell.metadata["tags"] = [*cell.metadata.get("tags", []), "raises-exception"]  # "Run all" goes on
    outcomes = (run or pool.run_blocks)(paths.rel(src), blocks) if blocks and settings.current().execute else []
    count = 0
    for block, outcome in zip(blocks, outcomes, strict=False):  # no outcomes: execution off
        cell = notebook.cells[block.line - 1]
        if is_wrong_answer(cell):  # internal: checked here, shown nowhere
            if not outcome.ok:
                passed = outcome.text == f"{block.where()}: expected AssertionError but the block raised nothing"
                errors.report(f"{block.where()}: {WRONG_PASSES}" if passed else outcome.text)
            continue
        output = outcome.text if outcome.ok else f"docexec error: {outcome.text}"
        if not outcome.ok:
            errors.report(outcome.text)
        count += 1
        cell.execution_count = count
        cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=output + "\n")] if output else []
    notebook.cells = [cell for cell in notebook.cells if not is_wrong_answer(cell)]
    # Prepared as the build prepares every page (seeds; warnings on one line, as shown), so that
    # "Run all" in Jupyter prints what the page shows (tests/test_notebooks.py checks it).
    site = published_url(settings.current().root / "mkdocs.yml")
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            cell.source = absolute_links(cell.source, page, site)
    _heading_anchors(notebook, src)
    _mark_solutions(notebook)
    first = 1 if notebook.cells and notebook.cells[0].cell_type == "markdown" else 0
    notebook.cells.insert(first, setup_cell(lang, paths.versions()["torch"]))
    for number, cell in enumerate(notebook.cells, start=1):  # not nbformat's random ids: the same
        folded = (cell.metadata.get("docexec") or {}).get("solution")  # notebook and page from every
        cell["id"] = f"cell-{number}" + (SOLUTION_ID if folded else "")  # build of the same source
    target = executed_copy(src)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(nbformat.writes(notebook) + "\n", "utf8")
    return target


# --- exercises and their solutions ----------------------------------------------------------
# An exercise starts at the Markdown cell before its `starter` cell; its solution is the Markdown
# cell before its `solution` cell (a heading, then the explanation), that cell and the `check`
# cells after it. In the notebook the solution's heading is collapsed (JupyterLab, and the
# classic notebook's collapsible headings) and the solution's code hidden; in the page the
# section is a <details> (practice_page.fold_solutions); the PDF prints it open (docexec/site/pdf_document.py).

SOLUTION_ID = "-solution"  # the cell ids of a solution section end so: practice_page.fold_solutions finds them
_HEADING_LINE = re.compile(r"^(#{1,6})\s+(.*?)\s*$")


def tagged(cell: NotebookNode, tag: str) -> bool:
    return tag in cell.metadata.get("tags", [])


EXPLICIT_HEADING = re.compile(r"^(#{1,6}\s.*?)\s*\{ #([A-Za-z][\w-]*) \}\s*$")


def _heading_anchors(notebook: NotebookNode, src: Path) -> None:
    """Every heading of a notebook page carries an explicit English anchor, ``## 练习 1 { #exercise-1 }``,
    the same in both languages (nbconvert's ids come from the heading's text: "" for 参考答案).
    In the executed copy it becomes ``<a id="exercise-1"></a>`` (Jupyter shows it as nothing, and
    links to it work there); the page's heading takes the id (practice_page.explicit_heading_ids)."""
    source_lines = src.read_text("utf8").split("\n")
    seen: set[str] = set()
    for cell in notebook.cells:
        if cell.cell_type != "markdown":
            continue
        lines = cell.source.split("\n")
        for i, line in enumerate(lines):
            if not _HEADING_LINE.match(line):
                continue
            where = next((n for n, s in enumerate(source_lines, 1) if s.lstrip("# ").strip() == line.lstrip("# ").strip()), 1)
            if (m := EXPLICIT_HEADING.match(line)) is None:
                errors.report(f"{paths.rel(src)}:{where}: a notebook heading needs an explicit English anchor:"
                              f" write it as `{line.strip()} {{ #some-anchor }}`, the same in both languages")
                continue
            if m[2] in seen:
                errors.report(f"{paths.rel(src)}:{where}: the anchor #{m[2]} is used twice in this notebook")
            seen.add(m[2])
            lines[i] = f'{m[1]} <a id="{m[2]}"></a>'
        cell.source = "\n".join(lines)


def _mark_solutions(notebook: NotebookNode) -> None:
    """Each solution section folded: its heading as a cell of its own, collapsed; its cells marked."""
    import nbformat

    cells = list(notebook.cells)
    out: list[NotebookNode] = []
    i = 0
    while i < len(cells):
        cell = cells[i]
        if (cell.cell_type == "markdown" and i + 1 < len(cells) and tagged(cells[i + 1], "solution")
                and _HEADING_LINE.match(cell.source.split("\n", 1)[0])):
            heading, _, rest = cell.source.partition("\n")
            head = nbformat.v4.new_markdown_cell(heading)
            head.metadata.update({"jp-MarkdownHeadingCollapsed": True, "heading_collapsed": True})
            section = [head]
            if rest.strip():
                cell.source = rest.strip("\n")
                section.append(cell)
            section.append(cells[i + 1])
            cells[i + 1].metadata["jupyter"] = {"source_hidden": True}
            j = i + 2
            while j < len(cells) and tagged(cells[j], "check"):
                section.append(cells[j])
                j += 1
            for member in section:
                member.metadata["docexec"] = {**(member.metadata.get("docexec") or {}), "solution": True}
                if member is not head:
                    member.metadata["hidden"] = True  # the classic notebook's collapsible headings
            out += section
            i = j
            continue
        out.append(cell)
        i += 1
    notebook.cells = out
