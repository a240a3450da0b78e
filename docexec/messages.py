"""messages: in a page's HTML, the message lines of executed outputs wrap.

An output is one text block (:func:`docexec.rendering.output_fence`). Tensors and tables in
it must keep their columns (the block scrolls sideways on a narrow screen), but a warning or
an error is a long sentence that should wrap. :func:`mark_messages` wraps each line of an
output that torch or Python printed as a message (``UserWarning: ...``, ``RuntimeError: ...``)
in ``<span class="docexec-msg">``, which the stylesheet lets wrap; the text is unchanged, so
copying the block copies the output exactly.

May not touch: anything but the ``<code>`` of ``docexec-output`` blocks.
"""

from __future__ import annotations

import re

MESSAGE_LINE = re.compile(r"^(?:[\w.]+\.)?\w*(?:Warning|Error|Exception)\w*: ")
_OUTPUT_CODE = re.compile(r'(<div class="[^"]*\bdocexec-output\b[^"]*">.*?<code>)(.*?)(</code>)', re.S)
_TAG = re.compile(r"<[^>]+>")


def mark_messages(html: str) -> str:
    """``html`` with every message line of every output wrapped in ``<span class="docexec-msg">``."""

    def lines(m: re.Match) -> str:
        marked = []
        for line in m.group(2).split("\n"):
            text = _TAG.sub("", line).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
            marked.append(f'<span class="docexec-msg">{line}</span>' if MESSAGE_LINE.match(text) else line)
        return m.group(1) + "\n".join(marked) + m.group(3)

    return _OUTPUT_CODE.sub(lines, html)
