"""The suite's own grouping under `make test` (pytest-xdist, ``--dist loadgroup``).

Tests that share a costly memo (a page visited once, a page run once, one kernel zygote) must
run in one worker: xdist reads each item's ``xdist_group`` marker into a ``@group`` suffix of
its node id and schedules by that suffix. pytest 9.2 made node ids structured and xdist 3.8's
suffix silently stopped applying (pytest-dev/pytest-xdist#1386): every group was spread over
both workers and the browser suite visited each page three times. This fails if that happens
again (run under `make test`, i.e. in an xdist worker)."""

from __future__ import annotations

import os

import pytest

pytestmark = [pytest.mark.full, pytest.mark.xdist_group("groups")]  # tests with no shared fixture have no group of their own


def test_items_carry_their_group(request):
    marker = request.node.get_closest_marker("xdist_group")
    if os.environ.get("PYTEST_XDIST_WORKER") is None:  # plain `pytest`: no scheduling to check
        assert marker is None or request.config.pluginmanager.hasplugin("xdist")
        return
    assert marker is not None, "this module's xdist_group marker was lost"
    group = marker.args[0]
    assert request.node.nodeid.endswith("@" + group), (
        f"{request.node.nodeid}: xdist did not suffix the node id with @{group}, so --dist loadgroup"
        " schedules tests one by one (see pytest-dev/pytest-xdist#1386)")


def test_every_test_module_says_its_tier():
    """`make check` runs the tier "check", `make test` every tier (pyproject.toml's markers): a new
    test module must say which it is in, or it would silently join one."""
    import ast
    from pathlib import Path

    unmarked = []
    for module in sorted(Path(__file__).parent.glob("test_*.py")):
        tree = ast.parse(module.read_text("utf8"))
        marks = [node for node in tree.body if isinstance(node, ast.Assign)
                 and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets)]
        tiers = {a.attr for m in marks for a in ast.walk(m.value) if isinstance(a, ast.Attribute)
                 and isinstance(a.value, ast.Attribute) and a.value.attr == "mark" and a.attr in {"check", "full"}}
        if len(tiers) != 1:
            unmarked.append(f"{module.name}: {sorted(tiers) or 'no tier'} (pytestmark = pytest.mark.check or .full)")
    assert not unmarked, "\n".join(unmarked)
