"""The advanced practice notebook's checks test what their exercises ask (issue 39, item 2).

Each exercise runs here as a learner runs it, in one namespace and in the notebook's order:
the starter, then every wrong answer the notebook lists followed by the exercise's check (which
must reject it with AssertionError, and for the mistakes the review found, with the message that
names it), then the worked solution and the check, which must pass. Right answers written
another way must pass too, so that a check does not reject forward mode done with torch.func.
The build runs the same cells in the page process (docexec/notebooks/practice.py); this runs
them in the test's own, from the snippets, without a build.
"""

from __future__ import annotations

import contextlib
import io
import re
import warnings
from pathlib import Path

import pytest

from docexec.notebooks import practice
from docexec.page.snippets import SNIPPET_LINE

pytestmark = pytest.mark.check

ROOT = Path(__file__).resolve().parent.parent
SNIPPETS = ROOT / "snippets"
NOTEBOOKS = {lang: ROOT / "docs" / lang / "practice" / "advanced.py" for lang in ("zh", "en")}

# The message each check gives for a wrong answer (a regular expression); a wrong answer not
# named here must still be rejected with AssertionError.
REJECTED = {
    "01_cube_backward_wrong_3": r"nan",  # the formula written in y: a negative number to the power 2/3
    "05_forward_twin_wrong_4": r"^backward: reverse mode$",  # jacobian(f, x) @ v
    "05_forward_twin_wrong_5": r"^backward: reverse mode$",  # torch.autograd.functional.jvp
    "05_forward_twin_wrong_6": r"= None != J v = ",  # the tangent read after leaving dual_level
    "05_forward_twin_wrong_7": r"^backward: reverse mode$",  # torch.func.jacrev
    "05_forward_twin_wrong_8": r"= tensor\(\[13\., 13\.\]\) != J v = tensor\(\[7\., 8\.\]\)$",  # the primal
    # J v worked out by hand: right for f, wrong once the check swaps f for 2 * f(x)
    "05_forward_twin_wrong_9": r"= tensor\(\[4\., 4\.\]\) != 2 J v = tensor\(\[8\., 8\.\]\)$",
    "07_remove_hook_wrong_4": r"^x\._backward_hooks = None$",  # x = x.detach().requires_grad_()
    "07_remove_hook_wrong_5": r"^x\._backward_hooks = None$",  # x created anew
    "07_remove_hook_wrong_6": r"^tensor\(\[20\., 40\.\]\)$",  # a second hook registered
    "08_checkpoint_count_wrong_3": r"^use_reentrant=True$",  # checkpoint(block, x)
    "08_checkpoint_count_wrong_4": r"^use_reentrant=True$",  # use_reentrant=True
    "08_checkpoint_count_wrong_5": r"^\(1, 1\)$",  # torch.sum checkpointed, not the block
    "08_checkpoint_count_wrong_6": r"^run\(x\)\.requires_grad = False$",  # a detached input
}

# Right answers written otherwise than the solution: the check must let them pass.
RIGHT = {
    "01_cube_backward": [  # the formula written in y, on |y|: right up to rounding
        "import torch\n\nclass Cube(torch.autograd.Function):\n    @staticmethod\n"
        "    def forward(ctx, x):\n        y = x ** 3\n        ctx.save_for_backward(y)\n        return y\n\n"
        "    @staticmethod\n    def backward(ctx, grad_output):\n        y, = ctx.saved_tensors\n"
        "        return grad_output * 3 * y.abs() ** (2 / 3)\n",
    ],
    "05_forward_twin": [
        "from torch.func import jvp\n\ndef jv_at(x, v):\n    return jvp(f, (x,), (v,))[1]\n",
        "from torch.func import jacfwd\n\ndef jv_at(x, v):\n    return jacfwd(f)(x) @ v\n",
        "def jv_at(x, v):\n    with fwAD.dual_level():\n        out = f(fwAD.make_dual(x, v))\n"
        "        return fwAD.unpack_dual(out)[1]\n",
    ],
    "07_remove_hook": [],
    "08_checkpoint_count": [
        "import torch.utils.checkpoint\n\ndef run(x):\n    return torch.utils.checkpoint.checkpoint(\n"
        "        lambda t: block(t).sum(), x, use_reentrant=False)\n",
    ],
}


def _snippet(cell_source: str) -> str:
    m = SNIPPET_LINE.match(cell_source.strip())
    assert m, cell_source
    return m["path"]


def _exercises(path: Path) -> dict[str, dict]:
    """Per exercise (its snippets' prefix, e.g. 05_forward_twin): the snippet of its starter,
    failing check, wrong answers (in order) and solution, as the notebook lists them."""
    found: dict[str, dict] = {}
    current: dict = {}
    for cell in practice.read_notebook(path).cells:
        tags = cell.metadata.get("tags", [])
        if cell.cell_type != "code" or not tags:
            continue
        snippet = _snippet(cell.source)
        if "starter" in tags:
            current = found.setdefault(Path(snippet).stem.removesuffix("_starter"), {"wrong": []})
            current["starter"] = snippet
        elif "fails-on-starter" in tags:
            current["check"] = snippet
        elif "wrong-answer" in tags:
            current["wrong"].append(snippet)
        elif "solution" in tags:
            current["solution"] = snippet
    return found


def _run(ns: dict, code: str, name: str) -> None:
    with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # checkpoint(block, x) warns about use_reentrant
        exec(compile(code, name, "exec"), ns)  # noqa: S102 -- the site's own exercise code


def _read(snippet: str) -> str:
    return (SNIPPETS / snippet).read_text("utf8")


def test_both_languages_list_the_same_wrong_answers_and_every_named_one():
    zh, en = (_exercises(p) for p in NOTEBOOKS.values())
    assert zh == en
    listed = {Path(w).stem for ex in en.values() for w in ex["wrong"]}
    assert set(REJECTED) <= listed, set(REJECTED) - listed
    for prefix in RIGHT:
        assert len(en[prefix]["wrong"]) >= 2 + {"01_cube_backward": 1, "05_forward_twin": 4,
                                                  "07_remove_hook": 3, "08_checkpoint_count": 2}[prefix]


@pytest.mark.parametrize("prefix", ["01_cube_backward", "05_forward_twin", "07_remove_hook", "08_checkpoint_count"])
def test_the_check_rejects_each_wrong_answer_and_passes_the_solution(prefix):
    exercise = _exercises(NOTEBOOKS["en"])[prefix]
    check = _read(exercise["check"])
    ns: dict = {"__name__": "__main__"}
    _run(ns, _read(exercise["starter"]), exercise["starter"])
    with pytest.raises(AssertionError):
        _run(ns, check, exercise["check"])
    for wrong in exercise["wrong"]:
        _run(ns, _read(wrong), wrong)
        with pytest.raises(AssertionError) as caught:
            _run(ns, check, exercise["check"])
        expected = REJECTED.get(Path(wrong).stem)
        if expected:
            assert re.search(expected, str(caught.value)), (wrong, str(caught.value))
    _run(ns, _read(exercise["solution"]), exercise["solution"])
    _run(ns, check, exercise["check"])  # passes
    for right in RIGHT.get(prefix, []):
        _run(ns, right, "right answer")
        _run(ns, check, exercise["check"])  # passes too


def test_the_forward_mode_check_leaves_f_as_it_was():
    """The check swaps f for a custom Function and must put it back, also when the answer fails."""
    exercise = _exercises(NOTEBOOKS["en"])["05_forward_twin"]
    ns: dict = {"__name__": "__main__"}
    _run(ns, _read(exercise["starter"]), exercise["starter"])
    f = ns["f"]
    _run(ns, _read("practice-advanced/05_forward_twin_wrong_4.py"), "wrong_4")
    with pytest.raises(AssertionError):
        _run(ns, _read(exercise["check"]), exercise["check"])
    assert ns["f"] is f
