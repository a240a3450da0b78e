"""output: an executed output as HTML, its message lines marked to wrap.

An output is one fenced block (:func:`docexec.render.rendering.output_fence`), which
pymdownx.superfences hands to :func:`format_output` (a custom fence, :func:`register`): escaped
text in ``<pre><code>`` under its label, not highlighted, since an output is not code (what
highlighting cost: PERFORMANCE.md). Tensors keep their columns; each line printed as a message
(``UserWarning: ...``) is wrapped in ``<span class="docexec-msg">``, which may wrap, a long name
at its dots (``<wbr>``); the text is unchanged. Beside the label, the "report this output" link
the fence names (:mod:`docexec.render.report`). Only the build writes this fence: one typed into
a page would pass for an executed output, so :func:`forged` names it and the build fails.
:func:`inline_failures`: a failing inline value, struck through in red, and its message in a
red box after its paragraph.

May not touch: anything but ``docexec-output`` blocks and failed inline values (their HTML), and
the one entry :func:`register` adds to MkDocs' ``mdx_configs`` (superfences' custom fences).
"""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from markdown import Markdown

FENCE = "docexec-output"  # an output's fence: ```docexec-output title="..." (written by rendering)

MESSAGE_LINE = re.compile(r"^(?:[\w.]+\.)?\w*(?:Warning|Error|Exception)\w*: ")


def format_output(source: str, language: str, class_name: str, options: dict, md: Markdown, **kwargs: Any) -> str:  # noqa: ARG001
    """The HTML of one output block (superfences' custom fence format)."""
    return output_html(source, options.get("title", ""), options.get("report", ""), options.get("report_words", ""))


def output_html(text: str, label: str, issue: str = "", words: str = "") -> str:
    """The HTML of an output ``text`` under ``label``, with a link in ``words`` to ``issue`` (a new
    issue about it) beside the label: what the page shows for its fence."""
    title = f'<span class="filename">{html.escape(label)}</span>' if label else ""
    if issue:
        title += f'<a class="docexec-report-output" href="{html.escape(issue)}" rel="nofollow" data-search-exclude>{html.escape(words)}</a>'
    return f'<div class="{FENCE} highlight">{title}{output_code(text)}</div>'


def output_code(text: str) -> str:
    """The text part of an output's HTML (what :mod:`docexec.render.placeholders` puts in place
    of a placeholder's)."""
    lines = [
        f'<span class="docexec-msg">{_breakable(html.escape(line, quote=False))}</span>' if MESSAGE_LINE.match(line)
        else html.escape(line, quote=False)
        for line in text.split("\n")
    ]
    return "<pre><code>" + "\n".join(lines) + "\n</code></pre>"


def _breakable(line: str) -> str:
    """A message line whose names too long for a phone's line (24 characters and more:
    ``torch.autograd.gradcheck.GradcheckError:``) may break after their dots, underscores and
    brackets (``<wbr>``), not inside a word; the text is the same."""
    return LONG.sub(lambda m: BREAK.sub(r"\1<wbr>", m[0]), line)


LONG = re.compile(r"\S{24,}")
BREAK = re.compile(r"(?<=[\w\])])([._(])(?=\w)")


def inline_failures(content: str, failures: list[tuple[str, str]], label: str) -> str:
    """A page's HTML with each failed inline value (``(expression, message)``; rendering writes
    it as ``~~`expression`~~``, which no Markdown extension here turns into ``<del>``) struck
    through in red, and its message under ``label`` in a red box after the paragraph holding it,
    as a failing block's is shown (wrapped)."""
    for code, message in failures:
        old = f"~~<code>{html.escape(code, quote=False)}</code>~~"
        if (at := content.find(old)) < 0:
            continue
        new = f'<del class="docexec-inline-failure"><code>{html.escape(code, quote=False)}</code></del>'
        content = content[:at] + new + content[at + len(old):]
        box = (f'<div class="admonition failure"><p class="admonition-title">{html.escape(label)}</p>'
               f'<pre class="docexec-failure"><code>{html.escape(message, quote=False)}</code></pre></div>')
        end = content.find("</p>", at)
        end = len(content) if end < 0 else end + len("</p>")
        content = content[:end] + box + content[end:]
    return content


def _options(language: str, inputs: dict, options: dict, attrs: dict, md: Markdown) -> bool:  # noqa: ARG001
    """The fence's options: its label (``title="..."``), its report link (``report``, ``report_words``)."""
    options.update(inputs)
    return set(inputs) <= {"title", "report", "report_words"}


_WRITTEN = re.compile(r"^[ \t>]*(?:`{3,}|~{3,})[ \t]*(?:\{[^}]*)?\.?" + FENCE + r"\b")


def forged(markdown: str, path: str, line_offset: int) -> list[str]:
    """``path:line: ...`` for every output block written by hand in a page: an output shown
    as one must come from running the code above it."""
    return [
        f"{path}:{i + 1 + line_offset}: an output block written by hand; outputs come from running"
        f" the code (write the ```python block, the build shows what it prints)"
        for i, line in enumerate(markdown.split("\n"))
        if _WRITTEN.match(line)
    ]


def register(mdx_configs: dict) -> None:
    """Add the output fence to pymdownx.superfences' custom fences in ``mdx_configs``."""
    fences = mdx_configs.setdefault("pymdownx.superfences", {}).setdefault("custom_fences", [])
    if not any(f.get("name") == FENCE for f in fences):
        fences.append({"name": FENCE, "class": FENCE, "format": format_output, "validator": _options})
