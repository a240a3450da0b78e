"""snippets: ``--8<--`` lines, expanded inside python blocks and checked everywhere else.

A line ``--8<-- "slug/01_name.py"`` inside a block is replaced by that file of
``snippets/`` (the code the page shows and runs), each line remembering its origin for
messages. The path must stay inside ``snippets/``: no absolute path, no ``..``, no symlink
leading out; the same holds for ``exec="off"`` blocks and for the snippet lines that
pymdownx.snippets expands outside python blocks (checked first, with their line). A comment
line marked with a language (``# zh: …``, ``# en: …``) is shown only on that language's page and
notebooks (:func:`for_language`); the code that runs, and so the snapshot, keeps every line.

May not touch: execution, rendering, MkDocs. Reads page text and files under snippets/.
"""

from __future__ import annotations

import functools
import os
import re
import stat
from collections.abc import Container
from pathlib import Path
from typing import Protocol

from docexec.core import errors, paths, settings
from docexec.core.errors import DocExecError


class _Block(Protocol):  # docexec.page.blocks.Block, which imports this module
    path: str
    line: int
    body: str
    code: str
    origins: list[tuple[str, int]]

# A comment line for one language's readers: ``    # zh: 先调用 backward()`` (indentation kept).
LANGUAGE_COMMENT = re.compile(r"^(?P<indent>[ \t]*)#[ \t]*(?P<lang>[a-z]{2}(?:-[A-Za-z]+)?):(?:[ ]|$)(?P<text>.*)$")


def shown_lines(code: str, lang: str | None) -> list[int | None]:
    """For each line of ``code``, its 0-based line in :func:`for_language`'s text, or None
    (another language's comment line, left out)."""
    current = settings.current()
    languages = set(current.languages) or {current.fallback_language}
    lang = lang if lang in languages else current.fallback_language
    out: list[int | None] = []
    n = 0
    for line in code.split("\n"):
        m = LANGUAGE_COMMENT.match(line)
        if m is None or m["lang"] not in languages or m["lang"] == lang:
            out.append(n)
            n += 1
        else:
            out.append(None)
    return out


def for_language(code: str, lang: str | None) -> str:
    """``code`` as the readers of ``lang`` see it: its ``# <lang>: …`` lines as plain comments
    (marker removed, indentation kept), the other languages' lines left out. Only a site
    language counts as a marker (``# note: x`` stays); ``lang`` None (outside docs/<lang>/) keeps
    the fallback language's lines. Comments only: what runs is the same in every language."""
    current = settings.current()
    languages = set(current.languages) or {current.fallback_language}
    lang = lang if lang in languages else current.fallback_language
    if "#" not in code:
        return code
    shown: list[str] = []
    for line in code.split("\n"):
        m = LANGUAGE_COMMENT.match(line)
        if m is None or m["lang"] not in languages:
            shown.append(line)
        elif m["lang"] == lang:
            shown.append(f"{m['indent']}# {m['text']}".rstrip() if m["text"].strip() else f"{m['indent']}#")
    return "\n".join(shown)


SNIPPET_LINE = re.compile(r"""^[ \t]*--8<--[ \t]+(["']?)(?P<path>[^"'\s]+)\1[ \t]*$""")


def expand_snippets(block: _Block, base: Path | None = None) -> None:
    """Replace ``--8<-- "file"`` lines by the file's text; remember each line's origin."""
    base = base or settings.current().snippets
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
        origin = paths.rel(target)  # once per snippet, not once per line (it resolves the path)
        origins.extend((origin, k) for k in range(1, len(snippet_lines) + 1))
    block.code = "\n".join(code)
    block.origins = origins


_ANY_SNIPPET = re.compile(r"""^[ \t]*-+8<-+[ \t]+(["'])(?P<path>.+?)\1[ \t]*$""")
_SNIPPET_BLOCK = re.compile(r"^[ \t]*-+8<-+[ \t]*$")


def guard_snippet_lines(text: str, path: str, line_offset: int, skip: Container[int] = ()) -> str:
    """Check the snippet lines pymdownx.snippets will expand outside python blocks (a ``text``
    fence, prose; ``skip``: the lines of python blocks, 1-based): a path outside ``snippets/``
    is reported with its line, and the line is replaced by a note, so that nothing from
    outside the project reaches the page."""
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
            snippet_path(name, settings.current().snippets, f"{path}:{n}")
        except DocExecError as exc:
            errors.report(exc)
            lines[i] = line[: len(line) - len(line.lstrip())] + "(snippet refused: see the build log)"
    return "\n".join(lines)


@functools.lru_cache(maxsize=64)
def _resolved(base: Path) -> Path:
    """The snippets folder resolved once (each resolve walks every component of the path)."""
    return base.resolve()


def snippet_path(name: str, base: Path, where: str) -> Path:
    """The file ``--8<-- "name"`` includes: inside ``base`` (snippets/) and nowhere else."""
    target = base / name
    if Path(name).is_absolute() or ".." in Path(name).parts:
        raise DocExecError(f"{where}: snippet {name!r} points outside {paths.rel(base)}/ (use a path inside it)")
    if _links_below(base, Path(name).parts):  # lstat a component at a time: cheaper than resolve()
        try:
            target.resolve().relative_to(_resolved(base))
        except ValueError:
            raise DocExecError(f"{where}: snippet {name!r} leads outside {paths.rel(base)}/ (a symlink?)") from None
    if not target.is_file():
        raise DocExecError(f"{where}: snippet {name!r} not found (looked in {paths.rel(base)}/)")
    return target


def _links_below(base: Path, parts: tuple[str, ...]) -> bool:
    """Whether a component of ``base / parts`` below ``base`` is a symlink (or cannot be read)."""
    here = str(base)
    for part in parts:
        here = os.path.join(here, part)
        try:
            if stat.S_ISLNK(os.lstat(here).st_mode):
                return True
        except OSError:
            return False  # missing: "not found" below
    return False
