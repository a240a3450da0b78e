"""rendering: a page's Markdown with each block replaced by its code and its executed output.

:func:`rewrite` is the page-level flow: find the blocks, expand snippets, run them in one
fresh :class:`~docexec.run.PageRun`, and put :func:`render`'s Markdown in their place.
Output is shown as text (a ``text`` fence longer than any fence a page uses), never
re-rendered as Markdown; ``result="svg"`` output is a figure. Layout (code above,
below, in tabs titled in the page's language) is markdown-exec's ``add_source``. A block
that fails is logged by the caller and shown on the page as ``docexec error: ...``.

May not touch: MkDocs objects, HTML, other pages. Input: Markdown text; output: Markdown.
"""

from __future__ import annotations

from docexec import project
from docexec.blocks import Block, expand_snippets, find_blocks
from docexec.project import DocExecError
from docexec.run import PageRun

TAB_TITLES = {"zh": ("代码", "输出"), "en": ("Code", "Output")}  # source="tabbed-*", by docs/<lang>/


def render(block: Block, output: str | None) -> str:
    """Markdown for a block: its code, then its output as a text block (markdown-exec's layout)."""
    from markdown_exec import add_source, code_block

    title = {"title": block.options["title"]} if "title" in block.options else {}
    if output is None:
        return code_block(block.lang, block.code, **title)
    location = block.options.get("source", "above")
    if not output:
        return "" if location == "none" else code_block(block.lang, block.code, **title)
    if block.options.get("result") == "svg":  # a picture the block printed (e.g. a grad_fn graph)
        svg = "\n".join(line for line in output.split("\n") if line.strip())
        result = f'<figure class="docexec-figure">\n{svg}\n</figure>'
    else:
        result = f"````````{{.text .docexec-output}}\n{output}\n````````"
    if location == "none":
        return result
    return add_source(
        source=block.code,
        location=location,
        output=result,
        language=block.lang,
        tabs=TAB_TITLES.get(block.path.split("/")[1] if block.path.startswith("docs/") else "", ("Code", "Output")),
        **title,
    )


def rewrite(text: str, path: str, line_offset: int, errors: list[str]) -> str:
    """Execute a page's blocks and return its Markdown with code + output in their place."""
    lines = text.split("\n")
    page = PageRun(path) if project.executing() else None
    try:
        blocks = find_blocks(text, path, line_offset)
    except DocExecError as exc:
        errors.append(str(exc))
        return text
    rendered: dict[int, str] = {}
    for block in blocks:
        output: str | None = None
        try:
            expand_snippets(block)
            if block.executed and page is not None:
                output = page.run(block)
        except DocExecError as exc:  # logged as an error (strict build fails), shown on the page
            errors.append(str(exc))
            block.code = block.code or "# (this block could not be prepared)"
            output = f"docexec error: {exc}"
        rendered[block.line] = render(block, output)
    for block in reversed(blocks):
        start, end = block.line - 1 - line_offset, block.end_line - line_offset
        body = rendered[block.line].split("\n")
        lines[start:end] = [(block.indent + line) if line.strip() else "" for line in body]
    return "\n".join(lines)
