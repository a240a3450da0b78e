"""rendering: a page's Markdown with each block replaced by its code and its executed output.

:func:`rewrite` is the page flow: find the blocks, expand snippets, run the executed ones in a
page process (:mod:`docexec.execute.pool`, or what the build ran ahead) and put
:func:`render`'s Markdown in their place. An output is text in a fence longer than any run of
backticks in it, so nothing it prints becomes Markdown or HTML; a ``result="svg"`` output is
placed as a figure, a ``result="backward"`` one as a stepper (:mod:`docexec.render.stepper`). The layout (code above, below, in tabs) is markdown-exec's. A failing block
is reported and shown in place in red, naming ``file:line``: ``mkdocs serve`` shows it,
``mkdocs build --strict`` fails. Code is shown with its page's language's comment lines only,
every control character as its escape (what a reader sees is what runs). A text output carries
its "report this output" link (:mod:`docexec.render.report`: the page, section, snapshot key).

May not touch: MkDocs objects, HTML, other pages. Input: Markdown text; output: Markdown.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from docexec.core import errors, settings
from docexec.core.errors import DocExecError
from docexec.core.identity import PageId
from docexec.core.labels import Labels
from docexec.execute import pool, screen
from docexec.page.blocks import INLINE_VALUE, PREDICT_KEY, Block, prepare, snapshot_keys
from docexec.page.snippets import for_language
from docexec.render import predict, report, stepper
from docexec.render.output import FENCE as OUTPUT_FENCE


def fence_for(text: str, minimum: int = 8) -> str:
    """A backtick fence longer than any run of backticks in ``text``."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    return "`" * max(minimum, longest + 1)


def _labels(block: Block) -> Labels:
    """The words of the block's page's language (the tabs, the output label, the error box)."""
    return settings.current().labels(PageId.of(block.path).lang)


def shown_text(code: str, lang: str | None) -> str:
    """Code as a page in ``lang`` shows it: comment lines of that language only (``# zh: …`` /
    ``# en: …``, :func:`docexec.page.snippets.for_language`), every control character visible
    as its escape (:func:`docexec.execute.screen.visible`: a bidirectional control in a string
    or comment would show the reader code that is not what runs)."""
    return screen.visible(for_language(code, lang))


def shown_code(block: Block) -> str:
    """The block's code as its page shows it (:func:`shown_text`)."""
    return shown_text(block.code, PageId.of(block.path).lang)


def render(block: Block, output: str | None, issue: str = "") -> str:
    """Markdown for a block: its code, then its output as a text block (markdown-exec's layout);
    ``issue``: the output's report link (:func:`docexec.render.report.issue_url`), if any."""
    from markdown_exec import add_source, code_block

    code = shown_code(block)
    title = {"title": block.options["title"]} if "title" in block.options else {}
    if output is None:
        return code_block(block.lang, code, **title)
    location = block.options.get("source", "above")
    if not output:
        return "" if location == "none" else code_block(block.lang, code, **title)
    if block.options.get("result") in {"svg", "backward"}:  # a picture the block printed (a grad_fn graph)
        result = picture(block, output)
    else:
        result = output_fence(output, output_label(block), issue, report.words(block) if issue else "")
    if location == "none":
        return result
    return add_source(
        source=code,
        location=location,
        output=result,
        language=block.lang,
        tabs=(_labels(block).code, _labels(block).output),
        **title,
    )


def figure(svg: str) -> str:
    """A picture a block printed (one plain ``<svg>``, checked by :func:`docexec.execute.screen.svg`)
    as a raw HTML figure, its blank lines left out (a blank line would end Markdown's HTML block)."""
    svg = "\n".join(line for line in svg.split("\n") if line.strip())
    return f'<figure class="docexec-figure">\n{svg}\n</figure>'


def picture(block: Block, output: str) -> str:
    """A ``result="svg"`` or ``result="backward"`` block's output as its figure."""
    if block.options.get("result") == "backward" and output.startswith("{"):  # not a placeholder's token
        return stepper.figure(output, _labels(block).stepper)
    return figure(output)


def as_shown(output: str) -> str:
    """An output's text as its page shows it: a line of only spaces comes out blank (:func:`rewrite`
    blanks every such line of a block's Markdown)."""
    return "\n".join(line if line.strip() else "" for line in output.split("\n"))


def output_label(block: Block) -> str:
    """The label over the block's output, in its page's language (输出 / Output)."""
    return _labels(block).output


def output_fence(output: str, label: str, issue: str = "", words: str = "") -> str:
    """An output as a text block labelled ``label`` (输出 / Output): real text outside ``<code>``,
    so screen readers announce it and the copy button copies the output only; with a link in
    ``words`` to ``issue``, a new issue about it. Its HTML is
    :func:`docexec.render.output.format_output`'s (no highlighting; message lines wrap)."""
    fence = fence_for(output)
    link = f' report="{issue}" report_words="{words}"' if issue else ""
    return f'{fence}{OUTPUT_FENCE} title="{label}"{link}\n{output}\n{fence}'


def render_inline(value: str | None, block: Block) -> str:
    """Inline code showing an inline value (its expression, struck through, if it failed or did not run).

    The value is made one line (the parent already did: :func:`docexec.execute.screen.one_line`)
    and fenced by more backticks than its longest run, a space between it and a fence where it
    starts or ends with a backtick: Markdown's code span can then end only at our fence, and
    everything inside it is text."""
    if value is None:
        code = screen.visible(block.code)
        return f"~~`{code}`~~" if settings.current().execute else f"`{code}`"
    value = " ".join(value.split())
    ticks = "`" * (max((len(r) for r in re.findall(r"`+", value)), default=0) + 1)
    pad = " " if value.startswith("`") or value.endswith("`") else ""
    return f"{ticks}{pad}{value}{pad}{ticks}"


def render_error(block: Block, message: str) -> str:
    """The block's code, then its error in a red admonition (what ``mkdocs serve`` shows)."""
    from markdown_exec import code_block

    fence = fence_for(message)
    title = _labels(block).error
    box = f'!!! failure "{title}"\n\n' + "\n".join(
        "    " + line if line else "" for line in f"{fence}text\n{message}\n{fence}".split("\n")
    )
    code = shown_code(block) or "# (this block could not be prepared)"
    return code_block(block.lang, code) + "\n\n" + box


def rewrite(text: str, path: str, line_offset: int,
            run: Callable[[str, list[Block]], list[pool.Outcome]] | None = None,
            prepare: Callable[[str, str, int], tuple[list[Block], dict[int, str]]] = prepare) -> str:
    """Execute a page's blocks and return its Markdown with code + output in their place; each
    failing block is reported (:func:`docexec.core.errors.report`) and shown in red.

    ``run(path, blocks)`` runs the executed blocks (default: :func:`docexec.execute.pool.run_blocks`;
    the build passes the run it started ahead), and ``prepare`` finds them (the build passes
    what it prepared ahead).
    """
    lines = text.split("\n")
    blocks, broken = prepare(text, path, line_offset)
    runnable = [b for b in blocks if b.executed and b.line not in broken]
    outcomes = dict(zip(((b.line, b.column) for b in runnable), (run or pool.run_blocks)(path, runnable), strict=True)) \
        if settings.current().execute and runnable else {}
    rendered: dict[int, str] = {}
    ends: dict[int, int] = {}  # a question's why paragraph goes into its answer (docexec.render.predict)
    found = report.sections(lines)
    keys = dict(zip(((b.line, b.column) for b in runnable), snapshot_keys(runnable), strict=True))
    for block in reversed([b for b in blocks if b.inline]):  # right to left: columns stay valid
        outcome = outcomes.get((block.line, block.column))
        value = outcome.text if outcome is not None and outcome.ok else None
        if outcome is not None and not outcome.ok:
            errors.report(outcome.text)
        i = block.line - 1 - line_offset
        m = INLINE_VALUE.match(lines[i], block.column)
        assert m is not None  # the block was found there
        lines[i] = lines[i][: m.start()] + render_inline(value, block) + lines[i][m.end() :]
    blocks = [b for b in blocks if not b.inline]
    for block in blocks:
        message = broken.get(block.line)
        output: str | None = None
        question = None
        if message is None and (block.line, 0) in outcomes:
            outcome = outcomes[(block.line, 0)]
            output, message = (outcome.text, None) if outcome.ok else (None, outcome.text)
            question = outcome.question
        if message is None:
            try:
                key, anchor = keys.get((block.line, 0)), report.section(found, block.line - 1 - line_offset)
                issue = report.issue_url(block, key, anchor) if key is not None and output else ""
                if question is not None and output is not None:  # its outputs in the folded answer, with links
                    wrong = report.issue_url(block, PREDICT_KEY + key, anchor) if key is not None else ""
                    rendered[block.line], ends[block.line] = predict.markdown(
                        block, question, output, lines, line_offset, render(block, None), _labels(block),
                        PageId.of(block.path).lang, (issue, wrong))
                else:
                    rendered[block.line] = render(block, output, issue)
                continue
            except DocExecError as exc:
                message = str(exc)
        errors.report(message)
        rendered[block.line] = render_error(block, message)
    for block in reversed(blocks):
        start, end = block.line - 1 - line_offset, ends.get(block.line, block.end_line - line_offset)
        body = rendered[block.line].split("\n")
        lines[start:end] = [(block.indent + line) if line.strip() else "" for line in body]  # as_shown
    return "\n".join(lines)
