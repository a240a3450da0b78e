"""paths: paths as messages show them, the per-checkout scratch folder, the versions footer.

May not touch: pages, blocks or MkDocs objects. Reads the settings' root at call time.
"""

from __future__ import annotations

import contextlib
import hashlib
import platform
import tempfile
from pathlib import Path

from docexec.core import settings


def rel(path: Path | str) -> str:
    """``path`` relative to the project root (as messages show it), else absolute."""
    path = Path(path).resolve()
    with contextlib.suppress(ValueError):
        return path.relative_to(settings.current().root).as_posix()
    return path.as_posix()


def scratch_dir() -> Path:
    """A per-checkout temporary folder for generated build inputs (never committed)."""
    root = str(settings.current().root)
    return Path(tempfile.gettempdir()) / f"autograd-notes-{hashlib.sha1(root.encode()).hexdigest()[:10]}"


def versions() -> dict[str, str]:
    """Versions the outputs were produced with (read once a process, without importing torch;
    PERFORMANCE.md says why once)."""
    if not _VERSIONS:
        from importlib.metadata import version

        _VERSIONS.update(torch=version("torch"), python=platform.python_version())
    return dict(_VERSIONS)


_VERSIONS: dict[str, str] = {}
