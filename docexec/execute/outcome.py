"""outcome: what a page process reports for a block, and the output rules both sides share.

May not touch: anything; plain data and one pattern, imported by the page processes too.
"""

from __future__ import annotations

import dataclasses
import re

# torch's note after a warning raised in C++ code: "(Triggered internally at /path/file.cpp:12.)".
# The page leaves it out (it names the build machine's paths); a notebook run compares without it.
TRIGGERED = re.compile(r"\s*\(Triggered internally at [^)]*\)\.?")


@dataclasses.dataclass
class Outcome:
    ok: bool
    text: str  # the output, or the error message (``path:line: ...``)
    # the spans of the block's code that name a public torch object: (line, start, end, name)
    names: tuple[tuple[int, int, int, str], ...] = ()
