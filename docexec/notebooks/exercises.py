"""exercises: the list of practice exercises that ends a chapter page, read from the notebooks.

An exercise of a practice notebook (``docs/<lang>/practice/*.py``) starts at the Markdown cell
before its ``starter`` cell, headed by its anchored heading; the Markdown cell before its
``solution`` cell explains the solution and links to the chapter pages it draws on. Those links
are the one source: :func:`exercise_list` ends each chapter page's Markdown with a
"练习 / Exercises" section linking to the exercises that draw on it, so no list is kept by hand
and none can disagree with the notebooks. The notebooks are read, never run or rewritten.

May not touch: execution, files (it only reads the practice notebooks), the notebooks' pages,
any page's Markdown but the chapter page's it is given (which it returns with the list added).
"""

from __future__ import annotations

import functools
import posixpath
import re
from pathlib import Path

from docexec.core import settings
from docexec.core.identity import PageId
from docexec.notebooks.practice import EXPLICIT_HEADING, read_notebook, tagged

_MD_LINK = re.compile(r"(?<!!)\]\((?P<target>[^)\s#]+\.md)(?:#[\w-]+)?\)")


def _exercises(path: Path) -> list[tuple[str, str, set[str]]]:
    """Per exercise of a practice notebook: its heading's anchor and text, and the pages (below
    docs/<lang>/) its solution links to. Read once per version of the file (every chapter page asks)."""
    return _read_exercises(path, path.stat().st_mtime_ns, PageId.of(path).docs_rel)


@functools.lru_cache(maxsize=16)
def _read_exercises(path: Path, _version: int, docs_rel: str) -> list[tuple[str, str, set[str]]]:
    here = posixpath.dirname(docs_rel)
    found: list[tuple[str, str, set[str]]] = []
    cells = read_notebook(path).cells
    for i, cell in enumerate(cells):
        if tagged(cell, "starter") and i and cells[i - 1].cell_type == "markdown":
            heading = cells[i - 1].source.split("\n", 1)[0]
            # the heading's own anchor (a missing one fails the build: practice._heading_anchors)
            anchor, text = ((m[2], m[1].lstrip("# ")) if (m := EXPLICIT_HEADING.match(heading))
                            else ("", heading.lstrip("# ")))
            found.append((anchor, text, set()))
        elif tagged(cell, "solution") and found and i and cells[i - 1].cell_type == "markdown":
            found[-1][2].update(posixpath.normpath(posixpath.join(here, t["target"]))
                                for t in _MD_LINK.finditer(cells[i - 1].source))
    return found


    return found


def exercises_for(docs_rel: str, lang: str) -> list[tuple[str, str]]:
    """The practice exercises whose solutions link to the page ``docs_rel`` (below docs/<lang>/),
    in order: (the exercise's heading, its link from that page: ``../practice/x.py#<its anchor>``).
    One source: the links the solutions make, read from the practice notebooks themselves."""
    folder = settings.current().root / "docs" / lang / "practice"
    found: list[tuple[str, str]] = []
    for path in sorted(folder.glob("*.py")) if folder.is_dir() else []:
        target = posixpath.relpath(f"practice/{path.name}", posixpath.dirname(docs_rel) or ".")
        for anchor, heading, pages in _exercises(path):
            if docs_rel in pages:
                found.append((heading, f"{target}#{anchor}" if anchor else target))
    return found


def exercise_list(markdown: str, docs_rel: str, lang: str) -> str:
    """A chapter page's Markdown ending with its "练习 / Exercises" section (the exercises that
    draw on it, :func:`exercises_for`), or as it was when none does."""
    found = exercises_for(docs_rel, lang)
    if not found:
        return markdown
    heading = settings.current().labels(lang).exercises
    items = "\n".join(f"- [{text}]({link})" for text, link in found)
    return f"{markdown.rstrip()}\n\n## {heading} {{ #exercises }}\n\n{items}\n"
