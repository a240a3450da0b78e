"""Code lines short enough for a phone: every line of snippets/ as a page shows it, in columns.

Measured at 375 px (Chromium, the site's own CSS; tests/test_practice_pages.py measures it
again): a chapter page's code box shows 37 monospace columns, a practice page's 31-35 with its
prompts hidden. LIMIT is 37: beyond it a line is cut and has to be swiped. A line is measured
as each language's reader sees it (``# zh:`` / ``# en:`` marker removed, a CJK character two
columns, wcwidth). Files not yet wrapped are listed in code_width_baseline.txt with their count
of long lines, which may only go down (a new file, or one more long line, fails).
Usage: python tools/code_width.py [--all] [paths...]; prints file:line: N columns > LIMIT.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from wcwidth import wcswidth

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 37
BASELINE = Path(__file__).resolve().parent / "code_width_baseline.txt"
MARKER = re.compile(r"^([ \t]*)#[ \t]*[a-z]{2}: ?")


def columns(line: str) -> int:
    shown = MARKER.sub(r"\1# ", line.expandtabs(4))
    width = wcswidth(shown)
    return width if width >= 0 else len(shown)


BELIEF = re.compile(r"\.wrong\d+\.py$")  # a question's distractor: its first comment lines are its summary, not code


def long_lines(path: Path, limit: int = LIMIT) -> list[tuple[int, int]]:
    """(line number, columns) of each line of ``path`` wider than ``limit`` (a distractor's belief
    lines, ``# zh: …`` / ``# en: …`` at its top, are shown as its summary, which wraps: not counted)."""
    lines = path.read_text("utf8").split("\n")
    skip = 0
    while BELIEF.search(path.name) and skip < len(lines) and MARKER.match(lines[skip]):
        skip += 1
    return [(n, w) for n, line in enumerate(lines, start=1) if n > skip and (w := columns(line)) > limit]


def baseline(file: Path = BASELINE) -> dict[str, int]:
    if not file.is_file():
        return {}
    rows = (line.rsplit(" ", 1) for line in file.read_text("utf8").splitlines() if line.strip() and not line.startswith("#"))
    return {name: int(count) for name, count in rows}


def problems(files: list[Path], root: Path = ROOT, allowed: dict[str, int] | None = None,
             limit: int = LIMIT) -> list[str]:
    """A message per long line of a file that has more long lines than its baseline allows."""
    allowed = baseline() if allowed is None else allowed
    out = []
    for path in sorted(files):
        rel = path.resolve().relative_to(root.resolve()).as_posix()
        found = long_lines(path, limit)
        if len(found) > allowed.get(rel, 0):
            hint = f" (baseline allows {allowed[rel]})" if rel in allowed else ""
            out += [f"{rel}:{n}: {w} columns > {limit}: wrap it (a phone shows {limit} at 375 px){hint}"
                    for n, w in found]
    return out


def shown_snippets(root: Path = ROOT) -> list[Path]:
    """Every snippet a page shows: all of snippets/ but _shared/, helpers the pages include with
    ``source="none"`` (run, never shown)."""
    return sorted(p for p in (root / "snippets").rglob("*.py") if "_shared" not in p.relative_to(root).parts)


def main(argv: list[str]) -> int:
    every = "--all" in argv
    args = [a for a in argv if a != "--all"]
    files = [Path(a) for a in args] or shown_snippets()
    messages = problems(files, allowed={} if every else None)
    print("\n".join(messages) if messages else f"code lines: none wider than {LIMIT} columns (or in the baseline)")
    return 1 if messages else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
