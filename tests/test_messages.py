"""docexec/messages.py: message lines of outputs are marked to wrap; nothing else changes."""

from __future__ import annotations

from docexec.messages import mark_messages


def test_only_message_lines_of_outputs_are_marked_and_the_text_is_unchanged():
    html = (
        '<div class="language-text highlight docexec-output"><span class="filename">输出</span><pre><span></span>'
        '<code><a id="l1"></a>tensor([1., 2.])\n<a id="l2"></a>UserWarning: a long sentence &lt;here&gt;\n'
        "torch._C._LinAlgError: linalg.inv: singular\nnot: a message\n</code></pre></div>"
        '<div class="highlight"><pre><code>RuntimeError: in code, not an output\n</code></pre></div>'
    )
    out = mark_messages(html)
    assert out.count('<span class="docexec-msg">') == 2
    assert '<span class="docexec-msg"><a id="l2"></a>UserWarning: a long sentence &lt;here&gt;</span>' in out
    assert '<span class="docexec-msg">torch._C._LinAlgError: linalg.inv: singular</span>' in out
    assert "<a id=\"l1\"></a>tensor([1., 2.])\n" in out  # a tensor keeps its columns
    assert out.replace('<span class="docexec-msg">', "").replace("</span>", "") == html.replace("</span>", "")
    assert "<code>RuntimeError: in code, not an output\n</code>" in out  # not an output: untouched
