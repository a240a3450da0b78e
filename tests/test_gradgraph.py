"""snippets/_shared/gradgraph.py: the computation-graph pictures drawn at build time."""

from __future__ import annotations

import re
import runpy
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import torch

from docexec.execute import screen

pytestmark = pytest.mark.check

ROOT = Path(__file__).resolve().parent.parent
draw_graph = runpy.run_path(str(ROOT / "snippets" / "_shared" / "gradgraph.py"))["draw_graph"]
SVG = "{http://www.w3.org/2000/svg}"


def notes_question1():
    """why-grad-none, question (1): the hidden leaf [2] -> view -> mm with the leaf y."""
    x = torch.tensor([2., 1.], requires_grad=True).view(1, 2)
    y = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
    return torch.mm(x, y), x, y


def nodes(svg: str) -> list[ET.Element]:
    return [g for g in ET.fromstring(svg).iter(f"{SVG}g") if "gg-node" in g.get("class", "").split()]


def labels(node: ET.Element) -> list[str]:
    return [t.text for t in node.iter(f"{SVG}text")]


def test_question1_graph_has_exactly_the_expected_nodes_and_edges():
    z, x, y = notes_question1()
    svg = draw_graph(z, names={"x": x, "y": y})
    firsts = sorted(labels(n)[0] for n in nodes(svg))
    assert firsts == sorted(["MmBackward0", "ViewBackward0", "AccumulateGrad", "AccumulateGrad", "leaf", "y"])
    root = ET.fromstring(svg)
    edges = [p for p in root.iter(f"{SVG}path") if p.get("class") == "gg-edge"]
    arrows = [p for p in root.iter(f"{SVG}path") if p.get("class") == "gg-arrow"]
    assert len(edges) == len(arrows) == 5  # Mm->View, Mm->Acc, View->Acc, Acc->leaf, Acc->y


def test_leaves_are_marked_as_receiving_grad_and_named_non_leaves_label_their_grad_fn():
    z, x, y = notes_question1()
    by_first = {labels(n)[0]: n for n in nodes(draw_graph(z, names={"x": x, "y": y}))}
    assert labels(by_first["leaf"]) == ["leaf", "[2]", "→ .grad"]
    assert labels(by_first["y"]) == ["y", "[2, 2]", "→ y.grad"]
    assert labels(by_first["ViewBackward0"]) == ["ViewBackward0", "x [1, 2]"]  # x is the view, not a leaf
    assert "gg-leaf" in by_first["leaf"].get("class")
    for name in ("leaf", "y"):
        assert by_first[name].find(f"{SVG}rect").get("stroke") != "currentColor"  # highlighted
    assert by_first["MmBackward0"].find(f"{SVG}rect").get("stroke") == "currentColor"


def test_retain_grad_marks_the_intermediate_tensor():
    x = torch.tensor([1., 2., 3.], requires_grad=True)
    a1 = x * 2
    a1.retain_grad()
    svg = draw_graph((a1 ** 2).sum(), names={"x": x, "a1": a1})
    mul = next(n for n in nodes(svg) if labels(n)[0] == "MulBackward0")
    assert labels(mul) == ["MulBackward0", "a1 [3]", "→ a1.grad"]


def test_shared_nodes_are_drawn_once():
    x = torch.tensor([2., 3.], requires_grad=True)
    y = torch.stack([x[0] ** 2 + 3 * x[1], x[1] ** 2 + 2 * x[0]])
    firsts = [labels(n)[0] for n in nodes(draw_graph(y, names={"x": x}))]
    assert firsts.count("AccumulateGrad") == 1 and firsts.count("x") == 1
    assert firsts.count("SelectBackward0") == 4 and firsts.count("StackBackward0") == 1


def test_svg_is_accessible_and_inline_safe():
    z, x, y = notes_question1()
    svg = draw_graph(z, names={"x": x, "y": y})
    root = ET.fromstring(svg)  # well-formed XML
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    assert "MmBackward0" in root.get("aria-label")
    title = root.find(f"{SVG}title")
    assert title is not None and "AccumulateGrad" in title.text
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert all(line.strip() for line in svg.split("\n")), "blank lines end an HTML block in Markdown"
    assert not re.search(r"0x[0-9a-f]{6,}", svg)
    assert screen.svg(svg, "p.md:1") == svg  # the build's allow-list takes it, and writes it anew byte for byte


def test_output_is_deterministic_and_ids_do_not_collide_across_graphs():
    first, second = notes_question1(), notes_question1()
    a = draw_graph(first[0], names={"x": first[1], "y": first[2]})
    b = draw_graph(second[0], names={"x": second[1], "y": second[2]})
    assert a == b and a == draw_graph(first[0], names={"x": first[1], "y": first[2]})
    other = draw_graph((first[2] * 2).sum(), names={"y": first[2]})
    ids = lambda s: set(re.findall(r'id="([^"]+)"', s))  # noqa: E731
    assert ids(a) and not ids(a) & ids(other)


@pytest.mark.parametrize("shape", [(3,), (2, 2)])
def test_a_leaf_root_without_grad_fn_is_a_single_node(shape):
    t = torch.ones(shape, requires_grad=True)
    (node,) = nodes(draw_graph(t, names={"t": t}))
    assert labels(node)[0] == "t"
