"""docexec/render/output.py: an output's HTML: escaped text under its label, message lines marked to wrap."""

from __future__ import annotations

import html
import re

import markdown
import pytest

from docexec.render import output as messages
from docexec.render.rendering import output_fence

pytestmark = pytest.mark.check

OUTPUT = (
    "tensor([1., 2.])\nUserWarning: a long sentence <here> & there\n"
    "torch._C._LinAlgError: linalg.inv: singular\nnot: a message\n    RuntimeError: indented, not a message"
)


def _html(text: str) -> str:
    configs: dict = {}
    messages.register(configs)
    messages.register(configs)  # once is enough: registering again changes nothing
    assert len(configs["pymdownx.superfences"]["custom_fences"]) == 1
    return markdown.markdown(text, extensions=["pymdownx.superfences", "attr_list"], extension_configs=configs)


def test_only_message_lines_are_marked_and_the_text_is_unchanged():
    out = _html(output_fence(OUTPUT, "输出") + "\n\n```python\nRuntimeError: in code, not an output\n```\n")
    block = re.search(r'<div class="docexec-output highlight"><span class="filename">输出</span><pre><code>(.*?)</code>'
                      r"</pre></div>", out, re.S)
    assert block, out
    assert block.group(1).count('<span class="docexec-msg">') == 2
    assert '<span class="docexec-msg">UserWarning: a long sentence &lt;here&gt; &amp; there</span>' in block.group(1)
    assert '<span class="docexec-msg">torch._C._LinAlgError: linalg.inv: singular</span>' in block.group(1)
    assert block.group(1).startswith("tensor([1., 2.])\n")  # a tensor keeps its columns, and is not highlighted
    text = html.unescape(re.sub(r"<[^>]+>", "", block.group(1)))
    assert text == OUTPUT + "\n"  # copying the block copies the output exactly
    assert "docexec-msg" not in out.split("</pre></div>", 1)[1]  # code is not an output: untouched


def test_the_label_is_escaped_and_an_unknown_option_is_not_an_output():
    assert '<span class="filename">a &lt;b&gt;</span>' in _html(output_fence("x", "a <b>"))
    out = _html('````docexec-output title="t" colour="red"\nx\n````\n')
    assert 'class="docexec-output' not in out  # refused by the fence's validator: not shown as an output
