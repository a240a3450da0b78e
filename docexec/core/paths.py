"""paths: paths as messages show them, the per-checkout scratch folder, the versions footer.

May not touch: pages, blocks or MkDocs objects. Reads the settings' root at call time.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import platform
import tempfile
from pathlib import Path

from docexec.core import settings


def rel(path: Path | str) -> str:
    """``path`` relative to the project root (as messages show it), else absolute."""
    text = str(path)
    return _rel(text if os.path.isabs(text) else os.path.join(os.getcwd(), text), settings.current().root)


@functools.lru_cache(maxsize=8192)
def _rel(path: str, root: Path) -> str:
    """rel(), once per path and root: resolving walks every component of the path (80 us; a
    build asks for each page's and snippet's several times, PERFORMANCE.md)."""
    resolved = Path(path).resolve()
    with contextlib.suppress(ValueError):
        return resolved.relative_to(root).as_posix()
    return resolved.as_posix()


def scratch_dir(root: Path | None = None) -> Path:
    """A per-checkout temporary folder for generated build inputs (never committed); ``root``:
    that checkout's (default: the configured one)."""
    checkout = str(root or settings.current().root)
    return Path(tempfile.gettempdir()) / f"autograd-notes-{hashlib.sha1(checkout.encode()).hexdigest()[:10]}"


def versions() -> dict[str, str]:
    """Versions the outputs were produced with (read once a process, without importing torch;
    PERFORMANCE.md says why once)."""
    if not _VERSIONS:
        from importlib.metadata import version

        _VERSIONS.update(torch=version("torch"), python=platform.python_version())
    return dict(_VERSIONS)


_VERSIONS: dict[str, str] = {}
