"""outcome: what a page process reports for a block, and the output rules both sides share.

A question block (``predict="..."``) also carries its :class:`Question`: the choices the reader
picks from, each executed or checked (:mod:`docexec.execute.variants`), and which one is right.

May not touch: anything; plain data and one pattern, imported by the page processes too.
"""

from __future__ import annotations

import dataclasses
import re

# torch's note after a warning raised in C++ code: "(Triggered internally at /path/file.cpp:12.)".
# The page leaves it out (it names the build machine's paths); a notebook run compares without it.
TRIGGERED = re.compile(r"\s*\(Triggered internally at [^)]*\)\.?")


@dataclasses.dataclass
class Choice:
    """One answer a reader may pick: the block's own (``source`` empty) or a distractor's."""

    text: str  # what the reader picks: an output, a value's repr, or "Error: message head"
    source: str = ""  # the distractor's file below snippets/ (…wrong1.py executed, …wrong2.txt a literal)
    code: str = ""  # an executed distractor's code, shown with what it printed
    output: str = ""  # what that code printed


@dataclasses.dataclass
class Question:
    """A block the reader predicts before its output shows (``predict="output"``, ``"raises"`` or an expression)."""

    mode: str
    choices: list[Choice]  # in the order the reader sees them
    answer: int  # the index of the block's own choice


@dataclasses.dataclass
class Outcome:
    ok: bool
    text: str  # the output, or the error message (``path:line: ...``)
    # the spans of the block's code that name a public torch object: (line, start, end, name)
    names: tuple[tuple[int, int, int, str], ...] = ()
    question: Question | None = None  # a predict="..." block's choices (docexec.execute.variants)
