"""links: relative links from a page to pages that do not exist, with the line they are on.

MkDocs' own validation warns about unrecognised links without a line number; this
check names ``docs/<lang>/<page>.md:<line>`` so a broken link fails the strict build
where it is written. Links inside fenced blocks and absolute URLs are skipped.

May not touch: anything but the page's Markdown and the existence of files.
"""

from __future__ import annotations

import re
from pathlib import Path

from docexec.core import errors
from docexec.page.blocks import FENCE_OPEN

_LINK = re.compile(r"\]\((?P<target>[^)\s#]+\.md)(?:#[^)\s]*)?\)")


def check_links(markdown: str, src: Path, path: str, offset: int) -> None:
    """Relative links to pages that do not exist, with the line they are on."""
    in_fence = False
    for n, line in enumerate(markdown.split("\n"), start=1 + offset):
        if FENCE_OPEN.match(line) or line.strip().startswith(("```", "~~~")):
            in_fence = not in_fence
        if in_fence:
            continue
        for m in _LINK.finditer(line):
            target = m["target"]
            if "://" in target:
                continue
            if not (src.parent / target).is_file():
                errors.report(f"{path}:{n}: link to {target!r}, which does not exist")
