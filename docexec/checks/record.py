"""record: what every executed block printed in this build, for the snapshot test.

Each page's outputs, under their snapshot keys (:func:`docexec.checks.snapshot.keys`) with each
block's line, are written after both languages are built to ``outputs.json`` in the scratch
folder, which ``tests/test_snapshot.py`` compares with snapshots/; the torch names each page
used to ``api-uses.json`` (``make api-names``). What some parts of the build
cost (:meth:`Record.spent`) goes to ``timings.json`` next to it, for ``make bench``.

May not touch: execution or rendering; it only keeps what it is given.
"""

from __future__ import annotations

import json
from pathlib import Path

from docexec.checks import snapshot
from docexec.core import paths
from docexec.execute.outcome import Outcome
from docexec.page.blocks import Block


def file() -> Path:
    return paths.scratch_dir() / "outputs.json"


def api_file() -> Path:
    """The torch names each page of the last build used (``make api-names`` reads it)."""
    return paths.scratch_dir() / "api-uses.json"


def read_api() -> dict[str, dict]:
    return json.loads(api_file().read_text("utf8")) if api_file().is_file() else {}


def timings_file() -> Path:
    return paths.scratch_dir() / "timings.json"


class Record:
    """The outputs and timings of one build. ``pages``: the outputs kept from the build before
    (a dirty rebuild renders some pages only: the others keep the outputs of the build that
    last ran them)."""

    def __init__(self, pages: dict[str, dict] | None = None, api: dict[str, dict] | None = None) -> None:
        self.pages: dict[str, dict] = {} if pages is None else pages
        # page path -> {"code": [[name, block line], ...], "prose": [names], "explains": [names]}
        self.api: dict[str, dict] = {} if api is None else api
        self.seconds: dict[str, float] = {}  # what parts of the build cost (make bench prints them)

    def spent(self, what: str, seconds: float) -> None:
        """Add ``seconds`` to the time spent on ``what`` in this build."""
        self.seconds[what] = self.seconds.get(what, 0.0) + seconds

    def keep(self, path: str, blocks: list[Block], outcomes: list[Outcome]) -> None:
        self.pages[path] = {
            "outputs": snapshot.entries(blocks, outcomes),
            "lines": dict(zip(snapshot.keys(blocks), (b.line for b in blocks), strict=True)),
        }

    def write(self) -> Path:
        target = file()
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(self.pages, ensure_ascii=False, indent=1, sort_keys=True) + "\n", "utf8")
        api_file().write_text(json.dumps(self.api, ensure_ascii=False, indent=1, sort_keys=True) + "\n", "utf8")
        timings_file().write_text(json.dumps(self.seconds, indent=1, sort_keys=True) + "\n", "utf8")
        return target


def read() -> dict[str, dict]:
    return json.loads(file().read_text("utf8")) if file().is_file() else {}
