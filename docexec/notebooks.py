"""notebooks: notebook pages (the practice notebooks) run with the pages' semantics.

A notebook page is ``docs/<lang>/**/*.py`` in jupytext's percent format (reviewable text)
or an ``.ipynb``. Its code cells become blocks, ``--8<--`` snippet lines expanded (code is
written once, in snippets/), and run in one fresh page process (:mod:`docexec.pool`). A
cell may raise only what it declares: metadata ``docexec.raises``, or the tag
``fails-on-starter`` (a practice self-check run on the unsolved starter must raise
AssertionError, so a check that passes on the starter fails the build, as does a solution
that does not pass). The executed copy (``.ipynb``, snippets expanded, raising cells
tagged ``raises-exception`` so that Jupyter's "Run all" goes on) is written to the scratch
folder; mkdocs-jupyter renders it (``execute: false``) and publishes it (``include_source``).
Messages name a cell as ``docs/zh/practice/x.py:<cell number>``. :func:`hoist_styles`
moves nbconvert's inline ``<style>`` blocks into ``<head>`` of the rendered page;
:func:`drop_dead_scripts` removes the scripts it adds for features these pages never have.

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
from docexec.snippets import expand_snippets

NOTEBOOK_SUFFIXES = (".ipynb", ".py")  # .py: jupytext percent format


def is_notebook(path: str | Path) -> bool:
    return Path(path).suffix in NOTEBOOK_SUFFIXES


def read_notebook(path: str | Path):
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
            raise DocExecError(f"{project.rel(file)}:1: not a valid percent notebook: {first}") from None
        return notebook
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


RAISING_TAGS = {"fails-on-starter": "AssertionError"}  # a practice check, run on the unsolved starter


def cell_raises(cell) -> str | None:
    """The exception a cell must raise: metadata ``docexec.raises``, or a tag that implies one."""
    raises = (cell.metadata.get("docexec") or {}).get("raises")
    for tag in cell.metadata.get("tags", []):
        raises = raises or RAISING_TAGS.get(tag)
    return raises


def notebook_blocks(path: str | Path, notebook=None) -> list[Block]:
    """The code cells of a notebook, as executed blocks (``line`` = 1-based cell number),
    ``--8<--`` snippet lines expanded (the practice notebooks write their code once, in snippets/)."""
    file = Path(path)
    rel = project.rel(file)
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
    return (project.scratch_dir() / "notebooks" / project.rel(src)).with_suffix(".ipynb")


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
    try:
        blocks = notebook_blocks(src, notebook)
    except DocExecError as exc:  # a snippet line naming a missing file or one outside snippets/
        errors.append(str(exc))
        blocks = []
    for block in blocks:
        cell = notebook.cells[block.line - 1]
        cell.source = block.code  # snippets expanded: the published notebook runs on its own
        if "raises" in block.options and "raises-exception" not in cell.metadata.get("tags", []):
            cell.metadata["tags"] = [*cell.metadata.get("tags", []), "raises-exception"]  # "Run all" goes on
    outcomes = (run or pool.run_blocks)(project.rel(src), blocks) if blocks and project.executing() else []
    for count, (block, outcome) in enumerate(zip(blocks, outcomes), start=1):
        cell = notebook.cells[block.line - 1]
        output = outcome.text if outcome.ok else f"docexec error: {outcome.text}"
        if not outcome.ok:
            errors.append(outcome.text)
        cell.execution_count = count
        cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=output + "\n")] if output else []
    # Prepared as the build prepares every page (seeds; warnings on one line, as shown), so that
    # "Run all" in Jupyter prints what the page shows (tests/test_notebooks.py checks it).
    from docexec.pagebook import setup_cell

    parts = Path(project.rel(src)).parts
    lang = parts[1] if len(parts) > 2 and parts[0] == "docs" else "en"
    first = 1 if notebook.cells and notebook.cells[0].cell_type == "markdown" else 0
    notebook.cells.insert(first, setup_cell(lang, project.versions()["torch"]))
    for number, cell in enumerate(notebook.cells, start=1):  # not nbformat's random ids: the same
        cell["id"] = f"cell-{number}"  # notebook and page from every build of the same source
    target = executed_copy(src)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(nbformat.writes(notebook) + "\n", "utf8")
    return target


_STYLE = re.compile(r"<style[^>]*>(.*?)</style>", re.S)
_CLASS_ATTR = re.compile(r'class="([^"]*)"')
_CLASS = re.compile(r"\.(-?[_a-zA-Z][\w-]*)")
_VAR_USE = re.compile(r"var\(\s*(--[\w-]+)")
_parsed: dict[int, list] = {}


def hoist_styles(output: str) -> str:
    """Move nbconvert's inline <style> blocks from the body of a notebook page into <head>,
    cut down to the rules that can match the page.

    Left in the body they apply only once the browser reaches them, after the header has
    been painted, and the page jumps (Lighthouse measured a layout shift of 0.16). Whole,
    they are JupyterLab's stylesheet: 590 KB in every notebook page, most of it for widgets
    a static page never has; on a phone its parsing and style matching alone delayed the
    first paint by 2 s (Lighthouse, mobile). :func:`slim_css` keeps what the page uses.
    """
    if "</head>" not in output:
        return output
    head, body = output.split("</head>", 1)
    styles = _STYLE.findall(body)
    if not styles:
        return output
    classes = {c for m in _CLASS_ATTR.finditer(body) for c in m.group(1).split()}
    css = slim_css("\n".join(styles), classes)
    return head + f"<style>{css}</style></head>" + _STYLE.sub("", body)


# What nbconvert's page template adds for features a static notebook page here never has: a
# MathJax <script src=""> (no MathJax URL is configured: the browser only reports an error
# event), MathJax's configuration (a no-op without MathJax) and, when no cell is a Mermaid
# diagram, the module that would fetch Mermaid from cdnjs (11 KB of inline script a page);
# and the comments around them.
_DEAD_SCRIPTS = (
    re.compile(r'<script src="">\s*</script>'),
    re.compile(r'<script type="text/x-mathjax-config">.*?</script>', re.S),
    re.compile(r"<!-- (?:Load mathjax|(?:End of )?(?:MathJax|mathjax|mermaid) configuration) -->"),
)
_MERMAID = re.compile(r'<script type="module">(?:(?!</script>).)*?\.jp-Mermaid(?:(?!</script>).)*?</script>', re.S)


def drop_dead_scripts(output: str) -> str:
    """A rendered notebook page without the scripts of :data:`_DEAD_SCRIPTS`, and without the
    Mermaid loader unless a cell is a Mermaid diagram."""
    for dead in _DEAD_SCRIPTS:
        output = dead.sub("", output)
    if 'class="jp-Mermaid' not in output:
        output = _MERMAID.sub("", output)
    return output


def _selector_may_match(selector: str, classes: set[str]) -> bool:
    """False only when ``selector`` needs a class the page does not have (conservative:
    classes inside :not() and selectors with :is()/:where()/:has() are kept)."""
    if any(f in selector for f in (":is(", ":where(", ":has(", ":matches(")):
        return True
    plain = re.sub(r":not\([^)]*\)", "", selector)
    return all(name in classes for name in _CLASS.findall(plain))


def _split_selectors(text: str) -> list[str]:
    """A selector list split at its top-level commas (not those inside :is(...) or [...])."""
    parts, depth, start, quote = [], 0, 0, ""
    for i, ch in enumerate(text):
        if quote:
            quote = "" if ch == quote and text[i - 1] != "\\" else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return [p for p in parts if p]


def _parse_rules(css: str) -> list[tuple[str, list[str], list[tuple[str, str]]]]:
    """``css`` as (at-rule text, [], []) or ("", selectors, [(property, value)]) entries."""
    import tinycss2

    entries = []
    for rule in tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True):
        if rule.type == "at-rule":
            if rule.at_keyword.lower() != "charset":
                entries.append((tinycss2.serialize([rule]), [], []))
        elif rule.type == "qualified-rule":
            selectors = _split_selectors(tinycss2.serialize(rule.prelude))
            decls = [(d.name, tinycss2.serialize(d.value).strip() + ("!important" if d.important else ""))
                     for d in tinycss2.parse_blocks_contents(rule.content, skip_comments=True, skip_whitespace=True)
                     if d.type == "declaration"]
            entries.append(("", selectors, decls))
    return entries


def slim_css(css: str, classes: set[str]) -> str:
    """The rules of ``css`` that may match an element with ``classes`` (a selector list keeps
    its selectors that may), and of the custom properties only those some kept rule uses."""
    key = hash(css)
    if key not in _parsed:  # every notebook page carries the same stylesheet: parse it once
        _parsed.clear()
        _parsed[key] = _parse_rules(css)
    kept = []
    for at_rule, selectors, decls in _parsed[key]:
        if at_rule:
            kept.append((at_rule, decls))
            continue
        live = [sel for sel in selectors if _selector_may_match(sel, classes)]
        if live:
            kept.append((",".join(live), decls))
    # custom properties: keep the definitions that a kept rule, or a kept definition, uses
    definitions: dict[str, list[str]] = {}
    used: set[str] = set()
    for _, decls in kept:
        for name, value in decls:
            if name.startswith("--"):
                definitions.setdefault(name, []).append(value)
            else:
                used.update(_VAR_USE.findall(value))
    frontier = list(used)
    while frontier:
        for value in definitions.get(frontier.pop(), []):
            for v in _VAR_USE.findall(value):
                if v not in used:
                    used.add(v)
                    frontier.append(v)
    out = []
    for prelude, decls in kept:
        if not selectors_of(prelude):
            out.append(prelude)
            continue
        text = ";".join(f"{name}:{value}" for name, value in decls if not name.startswith("--") or name in used)
        if text:
            out.append(f"{prelude}{{{text}}}")
    return "\n".join(out)


def selectors_of(prelude: str) -> bool:
    """True for a rule's selector list, False for an at-rule kept whole."""
    return not prelude.startswith("@")
