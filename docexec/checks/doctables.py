"""doctables: the tables of AUTHORING.md that are generated from the code, never typed.

Between ``<!-- generated: NAME -->`` and ``<!-- /generated -->`` AUTHORING.md holds the
plugin's options (:func:`docexec.core.settings.markdown_table`, from Settings' fields) and the
block options (:func:`docexec.page.option_docs.markdown_table`). ``python -m docexec tables
--write`` rewrites them; ``tests/test_docs.py`` fails while one differs from the code.

May not touch: any file but the one it is asked to rewrite, and there only the generated regions.
"""

from __future__ import annotations

import re
from pathlib import Path

from docexec.core import settings
from docexec.page import option_docs

REGION = re.compile(r"(^<!-- generated: (?P<name>[\w-]+) -->\n)(?P<body>(?:(?!<!-- generated:).)*?)(\n<!-- /generated -->$)",
                    re.S | re.M)


def tables() -> dict[str, str]:
    return {"plugin-options": settings.markdown_table(), "block-options": option_docs.markdown_table()}


def stale(path: Path, write: bool = False) -> list[str]:
    """The generated regions of ``path`` that differ from the code (rewritten when ``write``)."""
    text = path.read_text("utf8")
    wanted = tables()
    found: list[str] = []
    differ: list[str] = []

    def swap(m: re.Match) -> str:
        name = m["name"]
        found.append(name)
        if name not in wanted:
            differ.append(f"{name} (no such table; known: {sorted(wanted)})")
            return m.group(0)
        if m["body"] != wanted[name]:
            differ.append(name)
        return m.group(1) + wanted[name] + m.group(4)

    new = REGION.sub(swap, text)
    differ += [f"{name} (missing: add `<!-- generated: {name} -->` and `<!-- /generated -->`)"
               for name in wanted if name not in found]
    if write and new != text:
        path.write_text(new, "utf8")
    return differ
