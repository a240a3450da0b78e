"""record: what every executed block printed in this build, for the snapshot test.

The build records each page's outputs under their snapshot keys (:func:`docexec.snapshot.keys`)
with the line of each block, and writes them, after both languages are built, to
``outputs.json`` in the scratch folder. ``tests/test_snapshot.py`` compares them with the
committed snapshot: an output that changed, or that differs between zh and en, fails.

It also adds up what some parts of the build cost (:func:`spent`: the page notebooks, the
practice notebooks), written to ``timings.json`` next to it for ``make bench``.

May not touch: execution or rendering; it only keeps what it is given.
"""

from __future__ import annotations

import json
from pathlib import Path

from docexec import project, snapshot
from docexec.blocks import Block
from docexec.pool import Outcome

_pages: dict[str, dict] = {}
_seconds: dict[str, float] = {}  # what parts of the build cost (make bench prints them)


def file() -> Path:
    return project.scratch_dir() / "outputs.json"


def start(keep_pages: bool = False) -> None:
    """A build starts. ``keep_pages``: a dirty rebuild (incremental), which renders some pages
    only: the others keep the outputs of the build that last ran them."""
    if not keep_pages:
        _pages.clear()
    _seconds.clear()


def spent(what: str, seconds: float) -> None:
    """Add ``seconds`` to the time spent on ``what`` in this build."""
    _seconds[what] = _seconds.get(what, 0.0) + seconds


def timings_file() -> Path:
    return project.scratch_dir() / "timings.json"


def keep(path: str, blocks: list[Block], outcomes: list[Outcome]) -> None:
    _pages[path] = {
        "outputs": snapshot.entries(blocks, outcomes),
        "lines": dict(zip(snapshot.keys(blocks), (b.line for b in blocks))),
    }


def write() -> Path:
    target = file()
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(_pages, ensure_ascii=False, indent=1, sort_keys=True) + "\n", "utf8")
    timings_file().write_text(json.dumps(_seconds, indent=1, sort_keys=True) + "\n", "utf8")
    return target


def read() -> dict[str, dict]:
    return json.loads(file().read_text("utf8")) if file().is_file() else {}
