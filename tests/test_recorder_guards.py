"""The backward recorder's labels stay true on graphs no page draws yet (issue 39, item 4).

snippets/_shared/backward_steps.py records a pass from torch's own hooks, and the stepper words
it (docexec/render/stepper.py). Three graphs used to get a false sentence: a view kept by
retain_grad() was said to keep `.grad` None; a node whose tensor hook changed the gradient was
said to receive "the sum of" parts that do not add up to it; a Function returning None for an
input that requires grad was said to have an input that "does not require grad". Each graph is
built here, recorded, checked against the recording's schema and read in both languages, with
a control beside it that must keep the sentence (so the guard is not "never say it").
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from docexec.core.labels import LABELS
from docexec.execute import screen
from docexec.render import stepper

pytestmark = pytest.mark.check

SHARED = Path(__file__).resolve().parent.parent / "snippets" / "_shared"


def _record(build) -> tuple[dict, dict[str, list[str]]]:
    """The recording of the graph ``build(torch)`` returns (output, names), and its steps as
    each language's reader reads them."""
    import torch

    ns: dict = {"torch": torch}
    for name in ("gradgraph.py", "backward_steps.py"):
        exec(compile((SHARED / name).read_text("utf8"), name, "exec"), ns)  # noqa: S102 -- the pages' own helpers
    out, names = build(torch)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        ns["backward_steps"](out, names=names)
    text = screen.backward(printed.getvalue().rstrip("\n"), "test")  # the schema the build checks
    return json.loads(text), {lang: stepper.steps_text(text, LABELS[lang].stepper) for lang in ("zh", "en")}


def _view(retain: bool):
    def build(t):
        leaf = t.tensor([1., 2.], requires_grad=True)
        x = leaf.view(2, 1)
        if retain:
            x.retain_grad()
        out = (x * 2).sum()
        return out, {"leaf": leaf, "x": x, "out": out}
    return build


@pytest.mark.parametrize("retain", [True, False])
def test_a_view_kept_by_retain_grad_is_not_said_to_stay_none(retain):
    data, text = _record(_view(retain))
    write = next(s for s in data["steps"] if s["op"] == "AccumulateGrad")
    stays = {"zh": "仍是 None", "en": "stays None"}
    if retain:
        assert "views" not in write["writes"], write
        for lang, words in stays.items():
            assert not any(words in line for line in text[lang]), text[lang]
        assert any("retain_grad()" in line and "[[2.], [2.]]" in line for line in text["en"]), text["en"]
    else:  # the control: a view without retain_grad does keep .grad None, and says so
        assert write["writes"]["views"] == ["x"]
        for lang, words in stays.items():
            assert any(words in line for line in text[lang]), text[lang]


def _two_parents(hook: bool):
    def build(t):
        w = t.tensor([1., 2.], requires_grad=True)
        a = w * 2
        y = a * 3 + a  # two nodes send to a's node: the engine sums [3., 3.] and [1., 1.]
        if hook:
            a.register_hook(lambda g: g * 10)  # runs on that sum, before the node's prehook
        return y.sum(), {"w": w, "a": a, "y": y}
    return build


@pytest.mark.parametrize("hook", [True, False])
def test_a_gradient_a_tensor_hook_changed_is_not_called_the_sum_of_its_parts(hook):
    data, text = _record(_two_parents(hook))
    step = next(s for s in data["steps"] if s["name"] == "a")
    line = next(line for line in text["en"] if line.startswith("MulBackward0 (a) receives"))
    if hook:
        assert step["receives"] == "[40., 40.]" and step["from"] == [], step
        assert "the sum of" not in line, line
        zh = next(z for z in text["zh"] if z.startswith("MulBackward0（a）"))
        assert "相加而来" not in zh, zh
    else:  # the control: what arrived is the sum, and the step shows its parts
        assert step["receives"] == "[4., 4.]" and sorted(g for _, g in step["from"]) == ["[1., 1.]", "[3., 3.]"]
        assert "the sum of" in line, line


def _function_with_none(t):
    class Half(t.autograd.Function):
        @staticmethod
        def forward(ctx, p, q, r):  # noqa: ARG004 -- a Function's signature
            return p * q * r

        @staticmethod
        def backward(ctx, grad):  # noqa: ARG004 -- a Function's signature
            return grad, None, None  # None for q, which requires grad, and for r, which does not

    p = t.tensor([1., 2.], requires_grad=True)
    q = t.tensor([3., 4.], requires_grad=True)
    r = t.tensor([5., 6.])
    o = Half.apply(p, q, r)
    return o.sum(), {"p": p, "q": q, "r": r, "o": o}


def test_a_none_a_function_returned_is_not_called_an_input_that_does_not_require_grad():
    data, text = _record(_function_with_none)
    step = next(s for s in data["steps"] if s["op"] == "HalfBackward")
    sends = {s["input"]: s for s in step["sends"]}
    assert sends[1].get("grad") == "None" and sends[1].get("to_name") == "q" and "stops" not in sends[1], sends
    assert sends[2] == {"input": 2, "stops": True}  # the control: r does not require grad
    line = next(line for line in text["en"] if line.startswith("HalfBackward (o)"))
    assert "sends None to AccumulateGrad (q)" in line, line
    assert "index 1" not in line and line.count("does not require grad") == 1, line
    zh = next(line for line in text["zh"] if line.startswith("HalfBackward（o）"))
    assert "下标为 1" not in zh and "下标为 2" in zh, zh
    q = next(s for s in data["steps"] if s["op"] == "AccumulateGrad" and s["name"] == "q")
    assert "writes" not in q and q["edges"] == [], q  # nothing reached q.grad, and nothing says so
    assert data["leaves"]["q"] == "None"
