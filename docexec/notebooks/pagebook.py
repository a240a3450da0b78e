"""pagebook: every page with executed code, as a Jupyter notebook a reader can download.

Made from the page itself after its run, in its language (what becomes what: AUTHORING.md,
"Notebooks"): a cell naming its source and torch, a set-up cell that prepares the run as the
build does, the prose as Markdown cells, each executed block as a code cell with the page's
output (a question, ``predict=``, as a Markdown cell before it). Each cell's ``docexec`` metadata
names its block, which ``tests/test_pagebooks.py`` uses to compare a kernel's outputs with the
page's. Written next to the page's HTML; ``page.meta["notebook"]`` feeds the download button.

May not touch: execution (it is given the outcomes) or the page's Markdown.
"""

from __future__ import annotations

import ast
import dataclasses
import json
import posixpath
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docexec.core import settings
from docexec.core.identity import PageId, prefix
from docexec.core.paths import published_url as published_url  # its home is core: rendering uses it too
from docexec.execute.outcome import TRIGGERED, Outcome
from docexec.page.blocks import INLINE_VALUE, Block, fenced_lines
from docexec.page.questions import WHY
from docexec.page.snippets import for_language
from docexec.render import predict, stepper
from docexec.render.rendering import render_inline

if TYPE_CHECKING:
    from nbformat import NotebookNode

SETUP = '''\
{comment}
import random
import warnings

import torch

random.seed(0)
torch.manual_seed(0)
try:
    import numpy

    numpy.random.seed(0)
except ImportError:
    pass
warnings.filterwarnings("always", append=True)
warnings.filterwarnings("always", category=DeprecationWarning, module="__main__")
warnings.showwarning = lambda message, category, *rest, **kwargs: print(f"{{category.__name__}}: {{message}}")
print("torch", torch.__version__, "|", {built!r})'''

METADATA = {
    "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
    "language_info": {"name": "python"},
}

_HEADING = re.compile(r"^(?P<hashes>#{1,6})\s+(?P<text>.*?)\s*\{\s*#(?P<anchor>[\w-]+)\s*\}\s*$")
_ADMONITION = re.compile(r'^(?P<indent>\s*)(?:!!!|\?\?\?\+?)\s+(?P<kind>[\w-]+)(?:\s+"(?P<title>[^"]*)")?\s*$')
_LINK = re.compile(r"(?<!!)\]\((?P<target>[^)\s]+)\)")
_COMMENT = re.compile(r"<!--.*?-->", re.S)


# Cells and outputs as nbformat.v4's new_* functions make them, without their validation of each
# cell; nor is the whole notebook validated in the build (what both cost: PERFORMANCE.md, "Page
# notebooks"). Its shape comes from this module alone, not from what a page says, and
# tests/test_pagebooks.py validates every notebook of the built site against nbformat's schema.
def _cell(kind: str, source: str, **fields: Any) -> NotebookNode:
    from nbformat import NotebookNode

    cell = NotebookNode(cell_type=kind, metadata=NotebookNode(), source=source, **fields)
    if kind == "code":
        cell.setdefault("execution_count", None)
        cell.setdefault("outputs", [])
    return cell


def _output(output_type: str, **fields: Any) -> NotebookNode:
    from nbformat import NotebookNode

    if output_type == "execute_result":
        fields = {"metadata": NotebookNode(), **fields, "data": NotebookNode(fields["data"])}
    return NotebookNode(output_type=output_type, **fields)


def notebook_name(src_uri: str) -> str:
    """``autograd/why-grad-none.md`` -> ``why-grad-none.ipynb`` (saved next to the page)."""
    return Path(src_uri).stem + ".ipynb"


def absolute_links(text: str, page: PageId, site_url: str) -> str:
    """Links to other pages (``x.md#a``) as absolute URLs: a downloaded notebook has no site around it."""
    here = posixpath.dirname(page.docs_rel)

    def swap(m: re.Match) -> str:
        target = m["target"]
        if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
            return m.group(0)
        path, _, anchor = target.partition("#")
        resolved = posixpath.normpath(posixpath.join(here, path)) if path else page.docs_rel
        if resolved.endswith((".md", ".py", ".ipynb")):  # a page, or a notebook page
            url = dataclasses.replace(page, docs_rel=resolved).url
        else:  # a built URL such as ../../autograd/why-grad-none/
            url = prefix(page.lang, page.default) + resolved.strip("/") + "/"
        return f"]({site_url.rstrip('/')}/{url}{'#' + anchor if anchor else ''})"

    return _LINK.sub(swap, text)


def _prose(lines: list[str], page: PageId, site_url: str, quote: str | None = None) -> tuple[str, str | None]:
    """Page Markdown as Jupyter Markdown (headings, admonitions, links), code fences untouched;
    and the indentation of the admonition still open at the end (a block may sit inside one)."""
    fenced = fenced_lines(lines)
    out: list[str] = []
    for i, line in enumerate(lines):
        if quote is not None:
            if line.strip() and not line.startswith(quote + "    "):
                quote = None
            else:
                out.append(("> " + line[len(quote) + 4 :]).rstrip() if line.strip() else ">")
                continue
        if i in fenced:
            out.append(line)
            continue
        if m := _HEADING.match(line):
            out += [f'<a id="{m["anchor"]}"></a>', "", f"{m['hashes']} {m['text']}"]
        elif m := _ADMONITION.match(line):
            quote = m["indent"]
            out.append(f"> **{m['title'] or m['kind'].capitalize()}**")
        else:
            out.append(m["text"] if (m := WHY.match(line)) else line)  # a question's why: a plain paragraph
    text = _COMMENT.sub("", "\n".join(out))
    return absolute_links(text, page, site_url).strip("\n").rstrip(">\n"), quote


def setup_cell(lang: str | None, version: str) -> NotebookNode:
    """The first code cell of every published notebook: prepared as the build prepares a page."""
    built = settings.current().labels(lang).notebook_version.format(version=version)
    cell = _cell("code", SETUP.format(built=built, comment=settings.current().labels(lang).notebook_setup), id="setup")
    cell.metadata["docexec"] = {"setup": True}
    return cell


def _picture_source(code: str) -> str | None:
    """``print(EXPR)`` -> ``HTML(EXPR)``: Jupyter shows the SVG the block prints as a picture."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return None
    if not (len(tree.body) == 1 and isinstance(call := tree.body[0], ast.Expr)
            and isinstance(call.value, ast.Call) and getattr(call.value.func, "id", None) == "print"
            and len(call.value.args) == 1 and not call.value.keywords):
        return None
    inner = ast.get_source_segment(code, call.value.args[0])
    return f"from IPython.display import HTML  # the page shows this SVG as a picture\n\nHTML({inner})"


def _outputs(block: Block, outcome: Outcome) -> list[NotebookNode]:
    """The page's output for a block, as notebook outputs (what the reader sees before running)."""
    text = outcome.text
    if not text:
        return []
    if block.options.get("result") == "svg":
        return [_output("execute_result", data={"text/html": text}, execution_count=None)]
    if block.options.get("result") == "backward":  # the stepper's figure: its list of steps (no script)
        lang = PageId.of(block.path).lang
        html = stepper.figure(text, settings.current().labels(lang).stepper)
        return [_output("execute_result", data={"text/html": html}, execution_count=None)]
    expected = block.options.get("raises")
    lines = text.split("\n")
    if expected and lines and ": " in lines[-1]:
        before, last = "\n".join(lines[:-1]), lines[-1]
        ename, _, evalue = last.partition(": ")
        outputs = [_output("stream", name="stdout", text=before + "\n")] if before else []
        return [*outputs, _output("error", ename=ename, evalue=evalue, traceback=[last])]
    return [_output("stream", name="stdout", text=text + "\n")]


def build(markdown: str, page: PageId, offset: int, site_url: str, blocks: list[Block], outcomes: list[Outcome],
          version: str) -> NotebookNode | None:
    """The notebook of one page (nbformat 4), or None if the page runs no block.

    ``markdown`` is ``page`` as MkDocs read it (front matter removed: ``offset`` lines);
    ``blocks``/``outcomes`` are what the build ran for it, inline values included.
    """
    import nbformat
    from nbformat import NotebookNode

    done = dict(zip(((b.line, b.column) for b in blocks), outcomes, strict=True))
    cells_blocks = [b for b in blocks if not b.inline]
    if not cells_blocks:
        return None
    lang, path = page.lang, page.path
    labels = settings.current().labels(lang)
    lines = markdown.split("\n")
    for block in sorted((b for b in blocks if b.inline), key=lambda b: (b.line, -b.column)):
        outcome = done[(block.line, block.column)]
        i = block.line - 1 - offset
        if m := INLINE_VALUE.match(lines[i], block.column):
            value = outcome.text if outcome.ok else None
            lines[i] = lines[i][: m.start()] + render_inline(value, block) + lines[i][m.end() :]
    title = next((m["text"] for ln in lines if (m := _HEADING.match(ln)) and m["hashes"] == "#"), page.docs_rel)
    url = f"{site_url.rstrip('/')}/{page.url}"
    cells = [
        _cell("markdown", labels.notebook_intro.format(title=title, url=url, version=version), id="about"),
        setup_cell(lang, version),
    ]
    start, quote = 0, None
    for n, block in enumerate(cells_blocks, start=1):
        first, last = block.line - 1 - offset, block.end_line - 1 - offset
        prose, quote = _prose(lines[start:first], page, site_url, quote)
        if not block.indent:
            quote = None
        if prose.strip():
            cells.append(_cell("markdown", prose, id=f"text-{n}"))
        start = last + 1
        ran = done.get((block.line, 0))
        if ran is not None and ran.ok and ran.question is not None:  # asked before the cell that answers it
            cells.append(_cell("markdown", predict.notebook_text(ran.question, labels), id=f"predict-{n}"))
        source = for_language(block.code, lang)  # the page's language's comment lines only
        if block.options.get("result") == "svg":
            source = _picture_source(source) or source
        cell = _cell("code", source, id=f"block-{n}")
        meta = {"page": f"{path}:{block.line}"}
        for option in ("raises", "result"):
            if option in block.options:
                meta[option] = block.options[option]
        cell.metadata["docexec"] = meta
        if "raises" in block.options:
            cell.metadata["tags"] = ["raises-exception"]  # Jupyter's "Run all" goes on past it
        if block.options.get("source") == "none":
            cell.metadata["jupyter"] = {"source_hidden": True}  # helper code the page does not show
        if ran is not None and ran.ok:
            cell.outputs = _outputs(block, ran)
        cells.append(cell)
    rest, _ = _prose(lines[start:], page, site_url, quote)
    if rest.strip():
        cells.append(_cell("markdown", rest, id="text-end"))
    notebook = NotebookNode(nbformat=4, nbformat_minor=nbformat.v4.nbformat_minor, cells=cells,
                            metadata=NotebookNode({**METADATA, "language": lang}))
    return notebook


def to_json(notebook: NotebookNode) -> str:
    """The notebook's file: compact JSON (a reader downloads it; Jupyter, VS Code and Colab read
    any valid notebook JSON and write their own layout on save). nbformat's own layout (indent,
    sources split into lines) is slower and larger (PERFORMANCE.md). Validated by the tests (see _cell)."""
    return json.dumps(notebook, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"


def comparable(text: str) -> str:
    """An output as compared between a Jupyter kernel and the page (torch's "Triggered
    internally at <C++ file>" note, which the page leaves out, removed)."""
    return TRIGGERED.sub("", text).rstrip("\n")
