"""inputs: every file the build reads is the project's own: no symbolic link, no hard link.

A committed symlink makes the build read, and publish, a file that is not the project's
(``docs/zh/leak.txt -> ../../.git/config``; a snapshot linked to a key, shown whole in a diff);
so does a regular file with more than one hard link, which a checkout never makes.
:func:`of_project` names each one in the folders and files a build reads (:class:`Refused`:
at the build's start, which stops there; ``make snapshot``'s too); :func:`problem` checks one
file (the snapshot reader's). Each message says the fix: replace the link with the file's content.

May not touch: the files themselves; it reads their metadata only (lstat, never following a link).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path

from docexec.core import settings

FIX = "the build reads only the project's own files: replace the link with the file's content"


def _check(shown: str, info: os.stat_result) -> str | None:
    if stat.S_ISLNK(info.st_mode):
        return f"{shown}: a symbolic link ({FIX})"
    if stat.S_ISREG(info.st_mode) and info.st_nlink > 1:
        return (f"{shown}: a file with {info.st_nlink} hard links, which a checkout never makes"
                f" ({FIX}: `cp --remove-destination`)")
    return None


def problem(path: Path, root: Path) -> str | None:
    """Why ``path`` is not the project's own file (a folder between ``root`` and it, or it, is a
    symbolic link; it has more than one hard link); None when it is, or does not exist."""
    inside = path.is_relative_to(root)  # else a setting names a path outside: the file alone
    here, parts = (root, path.relative_to(root).parts) if inside else (path.parent, (path.name,))
    for part in parts:
        here = here / part
        try:
            info = os.lstat(here)
        except OSError:
            return None  # missing: whoever reads it says so
        if (found := _check(here.relative_to(root).as_posix() if inside else str(here), info)) is not None:
            return found
    return None


def problems(root: Path, folders: Iterable[Path], files: Iterable[Path]) -> dict[Path, str]:
    """Every link among ``files`` and in ``folders`` (walked without following links), in order:
    {its path: the message naming it}. A build leaves them, and what is below them, out."""
    found: dict[Path, str] = {}
    folders = list(dict.fromkeys(folders))
    for path in [*files, *folders]:
        if (message := problem(path, root)) is not None:
            found.setdefault(path, message)
    for folder in folders:
        if folder in found:
            continue
        for here, dirs, names in os.walk(folder):  # a linked folder is listed in dirs, not entered
            dirs.sort()
            for name in dirs + sorted(names):
                path = Path(here) / name
                try:
                    info = os.lstat(path)
                except OSError:
                    continue
                shown = path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)
                if (message := _check(shown, info)) is not None:
                    found.setdefault(path, message)
    return found


def of_project(docs: Path | None = None, config_file: Path | None = None, theme: Path | None = None) -> dict[Path, str]:
    """:func:`problems` of what a build (or ``make snapshot``) reads: ``docs`` (docs/), snippets/,
    snapshots/, the theme's ``custom_dir``, the config file, the glossary, torch-api.yml, and
    the shared inputs (overrides/, mkdocs.yml, ...)."""
    conf = settings.current()
    root = conf.root
    folders = [docs or root / "docs", conf.snippets, root / conf.snapshots, *([theme] if theme else [])]
    files = [config_file or root / "mkdocs.yml", root / conf.glossary, root / conf.api_names]
    for name in conf.shared_inputs:
        path = root / name
        (folders if os.path.isdir(path) and not os.path.islink(path) else files).append(path)
    return problems(root, folders, files)


class Refused:
    """The links among what a build with this MkDocs config reads (:func:`of_project`): their
    messages, and whether a path is one or lies below one (the build leaves it out)."""

    def __init__(self, config_file: str, docs_dir: str, theme: str | None) -> None:
        self._here = os.path.dirname(config_file)  # MkDocs' paths are below it, as MkDocs spells them
        found = of_project(self._ours(docs_dir), self._ours(config_file), self._ours(theme) if theme else None)
        self.messages, self._paths = list(found.values()), set(found)

    def _ours(self, path: str) -> Path:
        relative = os.path.relpath(path, self._here)
        return Path(path) if relative.startswith("..") else settings.current().root / relative

    def holds(self, path: str | Path) -> bool:
        mine = self._ours(str(path))
        return any(mine == p or mine.is_relative_to(p) for p in self._paths)
