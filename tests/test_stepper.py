"""The backward stepper (issue 31): the recording is torch's own pass, the figure shows it safely,
and the browser walks through it with buttons and keys, with a list when JavaScript is off.

The recorder (snippets/_shared/backward_steps.py) runs here on the graphs the pages record; each
is built twice, and the second, independent run (plain pre-hooks only, no recorder) gives the
order the engine runs the nodes in and the leaves' gradients to compare with.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest

from docexec.core import settings
from docexec.core.errors import DocExecError
from docexec.core.labels import LABELS
from docexec.execute import screen
from docexec.render import stepper
from tests.test_browser import LANGS, base_url, browser, site, visit

pytestmark = pytest.mark.check

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT / "snippets" / "_shared"


def _namespace() -> dict:
    import torch

    ns: dict = {"torch": torch}
    for name in ("gradgraph.py", "backward_steps.py"):
        exec(compile((SHARED / name).read_text("utf8"), name, "exec"), ns)  # noqa: S102 -- the pages' own helpers
    return ns


# Each graph as a function of the namespace: (output, gradient or None, names); built fresh per call.
def _view(t):
    x = t.tensor([2., 1.], requires_grad=True).view(1, 2)
    y = t.tensor([[1., 2.], [3., 4.]], requires_grad=True)
    z = t.mm(x, y)
    return z, t.Tensor([[1., 0]]), {"x": x, "y": y, "z": z, "x._base": x._base}


def _notes_vjp(t):
    x = t.tensor([2, 3], dtype=t.float, requires_grad=True)
    y = t.zeros(1, 2)
    y[0, 0] = x[0] ** 2 + 3 * x[1]
    y[0, 1] = x[1] ** 2 + 2 * x[0]
    return y, t.Tensor([[1, 1]]), {"x": x, "y": y}


def _used_three_times(t):
    w = t.tensor(2., requires_grad=True)
    y = w * 3 + w ** 2 + t.sin(w)
    return y, None, {"w": w, "y": y}


def _retained(t):
    x = t.tensor([1., 2., 3.], requires_grad=True)
    a1 = x * 2
    a1.retain_grad()
    out = (a1 ** 2).sum()
    return out, None, {"x": x, "a1": a1, "out": out}


def _detached(t):
    x = t.arange(4.0, requires_grad=True)
    y = x * x
    u = y.detach()
    z = u * x
    return z.sum(), None, {"x": x, "y": y, "u": u, "z": z}


def _custom(t):
    class Exp(t.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            y = x.exp()
            ctx.save_for_backward(y)
            return y

        @staticmethod
        def backward(ctx, grad_y):
            (y,) = ctx.saved_tensors
            print("a backward that prints")  # kept out of the recording
            return grad_y * y

    x = t.tensor([0., 1.], dtype=t.float64, requires_grad=True)
    y = Exp.apply(x)
    return y.sum(), None, {"x": x, "y": y}


GRAPHS = [_view, _notes_vjp, _used_three_times, _retained, _detached, _custom]


def _printed(graph) -> tuple[str, dict]:
    ns = _namespace()
    out, gradient, names = graph(ns["torch"])
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        ns["backward_steps"](out, gradient, names=names)
    return buffer.getvalue().rstrip("\n"), names  # as the block's output (docexec.execute.run)


def _record(graph) -> tuple[dict, dict]:
    printed, names = _printed(graph)
    return json.loads(printed), names


def _fmt(t) -> str:
    text = " ".join(repr(t.detach()).split())
    return text[len("tensor("):-1].split(", dtype=")[0]


@pytest.mark.parametrize("graph", GRAPHS, ids=[g.__name__ for g in GRAPHS])
def test_the_recording_is_torchs_own_pass(graph):
    import torch

    data, names = _record(graph)
    screen.backward(json.dumps(data), "test")  # what the build accepts
    # an independent run: the same graph built again, only pre-hooks recording the order
    out, gradient, fresh = graph(torch)
    order, seen, stack = [], [], [out.grad_fn]
    while stack:
        fn = stack.pop()
        if fn is None or any(fn is s for s in seen):
            continue
        seen.append(fn)
        fn.register_prehook(lambda _grads, fn=fn: order.append(type(fn).__name__))
        stack += [child for child, _ in fn.next_functions]
    with contextlib.redirect_stdout(io.StringIO()):
        out.backward(gradient)
    assert [s["op"] for s in data["steps"]] == order
    leaves = {n: t for n, t in fresh.items() if t.is_leaf and t.requires_grad}
    assert data["leaves"] == {n: _fmt(t.grad) for n, t in leaves.items()}
    writes = {s["writes"]["tensor"]: s["writes"]["after"] for s in data["steps"] if "writes" in s}
    assert writes == data["leaves"]  # each leaf's last write is its .grad
    for t in fresh.values():
        if t.retains_grad:
            assert [s["retains"]["after"] for s in data["steps"] if "retains" in s] == [_fmt(t.grad)]


@pytest.mark.parametrize("graph", GRAPHS, ids=[g.__name__ for g in GRAPHS])
def test_the_build_publishes_a_recording_written_anew_as_the_recorder_printed_it(graph):
    printed, _ = _printed(graph)
    assert screen.backward(printed, "p.md:1") == printed


def test_the_sum_before_the_one_write_and_where_the_pass_stops():
    data, _ = _record(_used_three_times)
    last = data["steps"][-1]
    assert last["op"] == "AccumulateGrad" and len(last["from"]) == 3 and last["writes"]["before"] == "None"
    data, _ = _record(_detached)
    mul = next(s for s in data["steps"] if s["op"] == "MulBackward0")
    assert [s.get("stops", False) for s in mul["sends"]] == [True, False]  # u = y.detach(): the path ends
    data, _ = _record(_view)
    base = next(s["writes"] for s in data["steps"] if s.get("writes", {}).get("tensor") == "x._base")
    assert base == {"tensor": "x._base", "before": "None", "after": "[1., 3.]", "views": ["x"]}
    mm = data["steps"][0]["sends"][0]["formula"]
    assert mm == "grad_x = grad_z @ yᵀ = [[1., 0.]] @ [[1., 3.], [2., 4.]] = [[1., 3.]]"


def test_the_build_refuses_a_recording_that_is_not_plain_data():
    good, _ = _record(_view)
    screen.backward(json.dumps(good), "p.md:1")
    bad = [
        "not json",
        json.dumps({**good, "svg": good["svg"].replace("<title", "<script>x</script><title", 1)}),
        json.dumps({**good, "steps": [{**good["steps"][0], "node": 'gg-00000000-n0" onclick="x'}]}),
        json.dumps({**good, "steps": [{**good["steps"][0], "receives": "x" * 5000}]}),
        json.dumps({**good, "steps": []}),
        json.dumps([good]),
    ]
    for text in bad:
        with pytest.raises(DocExecError, match=r"p\.md:1: "):
            screen.backward(text, "p.md:1")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_figure_escapes_every_string_and_lists_every_step(lang):
    data, _ = _record(_retained)
    data["steps"][0]["name"] = "<img src=x onerror=alert(1)>"
    words = LABELS[lang].stepper
    html = stepper.figure(json.dumps(data), words)
    assert "<img" not in html and "&lt;img" in html
    assert html.count("<li data-node=") == len(data["steps"])
    assert 'aria-live="polite"' in html and "hidden" in html  # the buttons come with the script
    assert f'data-counter="{words["counter"]}"' in html
    lines = stepper.steps_text(json.dumps(data), words)
    assert len(lines) == len(data["steps"]) and "a1.grad" in " ".join(lines)


# --- in the browser ---------------------------------------------------------------------------

PAGES = ["autograd/why-grad-none/", "autograd/vector-jacobian-product/", "autograd/backward-and-grad/",
         "autograd/intermediate-gradients/", "autograd/detach-and-data/", "advanced/custom-function/"]


@pytest.mark.parametrize(("lang", "width"), [("zh", 375), ("en", 1280)])
def test_stepping_through_with_buttons_and_keys(lang, width, visit):
    """A phone in Chinese and a desktop in English (the other two pairs add nothing a layout
    rule could break differently: the words come from the same template, the width from CSS)."""
    v = visit(LANGS[lang] + "autograd/why-grad-none/", width)
    p = v.page
    figure = p.locator("figure.docexec-stepper").first
    figure.scroll_into_view_if_needed()
    total = figure.locator(":scope > ol > li").count()
    assert total >= 3
    counter = figure.locator(".docexec-stepper__counter")
    words = LABELS[lang].stepper
    nxt, prev = figure.locator("button[data-step='1']"), figure.locator("button[data-step='-1']")
    assert counter.text_content() == words["counter"].format(n=1, total=total)
    assert prev.is_disabled() and nxt.get_attribute("aria-label") == words["next"]
    active = "f => [...f.querySelectorAll('svg .is-active')].map(e => e.id).join(' ')"
    first = figure.evaluate(active)
    nxt.click()
    assert counter.text_content() == words["counter"].format(n=2, total=total)
    assert figure.evaluate(active) != first  # the highlighted node and edges moved
    p.keyboard.press("ArrowLeft")  # the focus is on a button of the figure
    assert counter.text_content() == words["counter"].format(n=1, total=total)
    for _ in range(total + 2):
        p.keyboard.press("ArrowRight")
    assert counter.text_content() == words["counter"].format(n=total, total=total) and nxt.is_disabled()
    # the page prints the leaf's gradient below the figure; the last write shows the same numbers
    printed = p.locator(".docexec-output pre").all_text_contents()
    now = figure.locator(".docexec-stepper__now").text_content()
    leaf = re.search(r"\[1\., 3\.\]", now)
    assert leaf and any("tensor([1., 3.])" in t for t in printed), (now, printed[:3])
    assert not v.errors, v.errors
    assert figure.evaluate("f => f.getBoundingClientRect().width") <= width


@pytest.mark.parametrize("lang", list(LANGS))
def test_without_javascript_every_step_is_a_numbered_list(lang, browser, base_url):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 375, "height": 900})
    try:
        p = context.new_page()
        for page in PAGES:
            p.goto(base_url + LANGS[lang] + page)
            figures = p.locator("figure.docexec-stepper")
            assert figures.count() >= 1, page
            steps = figures.first.locator(":scope > ol > li")
            figures.first.evaluate("f => f.scrollIntoView()")  # late blocks are drawn near the screen only
            p.wait_for_timeout(100)
            assert steps.count() >= 2 and steps.first.is_visible(), page
            assert figures.first.locator(".docexec-stepper__controls").is_hidden(), page
    finally:
        context.close()
