"""record: what every executed block printed in this build, kept for the checks that follow.

The build records each block's output (page path and line -> text) and writes it, after
both languages are built, to ``outputs.json`` in the scratch folder. The doc tests run
every page again in fresh processes and compare: an output that differs between the two
runs (a clock, ``id()``, a random value not seeded) fails ``make test``.

May not touch: execution or rendering; it only keeps what it is given.
"""

from __future__ import annotations

import json
from pathlib import Path

from docexec import project
from docexec.blocks import Block
from docexec.pool import Outcome

_outputs: dict[str, dict[str, str]] = {}


def file() -> Path:
    return project.scratch_dir() / "outputs.json"


def start() -> None:
    _outputs.clear()


def keep(path: str, blocks: list[Block], outcomes: list[Outcome]) -> None:
    _outputs[path] = {str(b.line): o.text for b, o in zip(blocks, outcomes) if o.ok}


def write() -> Path:
    target = file()
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(_outputs, ensure_ascii=False, indent=1, sort_keys=True) + "\n", "utf8")
    return target


def read() -> dict[str, dict[str, str]]:
    return json.loads(file().read_text("utf8")) if file().is_file() else {}
