"""snippets: ``--8<--`` lines, expanded inside python blocks and checked everywhere else.

A line ``--8<-- "slug/01_name.py"`` inside a block is replaced by that file of
``snippets/`` (the code the page shows and runs), each line remembering its origin for
messages. The path must stay inside ``snippets/``: no absolute path, no ``..``, no symlink
leading out; the same holds for ``exec="off"`` blocks and for the snippet lines that
pymdownx.snippets expands outside python blocks (checked first, with their line).

May not touch: execution, rendering, MkDocs. Reads page text and files under snippets/.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from docexec import project
from docexec.project import DocExecError

if TYPE_CHECKING:
    from docexec.blocks import Block

SNIPPET_LINE = re.compile(r"""^[ \t]*--8<--[ \t]+(["']?)(?P<path>[^"'\s]+)\1[ \t]*$""")


def expand_snippets(block: Block, base: Path | None = None) -> None:
    """Replace ``--8<-- "file"`` lines by the file's text; remember each line's origin."""
    base = base or project.SNIPPETS
    code: list[str] = []
    origins: list[tuple[str, int]] = []
    for n, line in enumerate(block.body.split("\n"), start=1):
        m = SNIPPET_LINE.match(line)
        if not m:
            code.append(line)
            origins.append((block.path, block.line + n))
            continue
        target = snippet_path(m["path"], base, f"{block.path}:{block.line + n}")
        snippet_lines = target.read_text("utf8").rstrip("\n").split("\n")
        code.extend(snippet_lines)
        origin = project.rel(target)  # once per snippet, not once per line (it resolves the path)
        origins.extend((origin, k) for k in range(1, len(snippet_lines) + 1))
    block.code = "\n".join(code)
    block.origins = origins


_ANY_SNIPPET = re.compile(r"""^[ \t]*-+8<-+[ \t]+(["'])(?P<path>.+?)\1[ \t]*$""")
_SNIPPET_BLOCK = re.compile(r"^[ \t]*-+8<-+[ \t]*$")


def guard_snippet_lines(text: str, path: str, line_offset: int, errors: list[str]) -> str:
    """Check the snippet lines pymdownx.snippets will expand outside python blocks (a ``text``
    fence, prose): a path outside ``snippets/`` is an error with its line, and the line is
    replaced by a note, so that nothing from outside the project reaches the page."""
    try:
        from docexec.blocks import find_blocks  # blocks imports this module

        skip = {n for b in find_blocks(text, path, line_offset) for n in range(b.line, b.end_line + 1)}
    except DocExecError:
        skip = set()  # rewrite() reports the broken fence
    lines = text.split("\n")
    in_block = False
    for i, line in enumerate(lines):
        n = i + 1 + line_offset
        if n in skip:
            continue
        if _SNIPPET_BLOCK.match(line):
            in_block = not in_block
            continue
        m = _ANY_SNIPPET.match(line)
        name = m["path"] if m else (line.strip() if in_block and line.strip() else None)
        if name is None or name.startswith(";"):
            continue
        try:
            snippet_path(name, project.SNIPPETS, f"{path}:{n}")
        except DocExecError as exc:
            errors.append(str(exc))
            lines[i] = line[: len(line) - len(line.lstrip())] + "(snippet refused: see the build log)"
    return "\n".join(lines)


def snippet_path(name: str, base: Path, where: str) -> Path:
    """The file ``--8<-- "name"`` includes: inside ``base`` (snippets/) and nowhere else."""
    target = base / name
    if Path(name).is_absolute() or ".." in Path(name).parts:
        raise DocExecError(f"{where}: snippet {name!r} points outside {project.rel(base)}/ (use a path inside it)")
    try:
        target.resolve().relative_to(base.resolve())
    except ValueError:
        raise DocExecError(f"{where}: snippet {name!r} leads outside {project.rel(base)}/ (a symlink?)") from None
    if not target.is_file():
        raise DocExecError(f"{where}: snippet {name!r} not found (looked in {project.rel(base)}/)")
    return target
