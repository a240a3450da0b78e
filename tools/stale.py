"""make stale: the pages whose twin in the other language was last changed (in git) before
them, with the commits the twin has not seen (d2l keeps _origin.md for the same purpose).

Exit code 0 either way: a stale twin is a reading list, not a failure; the parity test
(tests/test_parity.py) is what fails when the two stop matching in structure.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from docexec import parity  # noqa: E402

report = parity.stale(ROOT / "docs")
print("\n".join(report) if report else "no page is older than its twin")
print(f"\n{len(report)} page(s) to reread against their twin" if report else "")
