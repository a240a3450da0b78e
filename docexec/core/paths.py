"""paths: paths as messages show them, the per-checkout scratch folder, the versions footer; the
published site's address, the repository and the commit a build is made from.

May not touch: pages, blocks or MkDocs objects. Reads the settings' root at call time, the
``mkdocs.yml`` it is given and git's HEAD.
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


_CONFIGS: dict[str, tuple[tuple[int, str | None], str, str]] = {}  # path -> (version, site, repo_url)


def published_url(config_file: str | Path) -> str:
    """The published site's address, for the links of a notebook a reader downloads: mkdocs.yml's
    ``site_url`` as written (``SITE_URL`` in the deploy), not the address ``mkdocs serve`` puts in
    its place. Where that is this machine (the default, ``http://127.0.0.1:8000/``), the GitHub
    Pages address of ``repo_url``, where the deploy workflow publishes the site."""
    return _config(config_file)[1]


def repo_url(config_file: str | Path) -> str:
    """``repo_url`` of the ``mkdocs.yml`` at ``config_file`` ("" without one)."""
    return _config(config_file)[2]


def _config(config_file: str | Path) -> tuple[tuple[int, str | None], str, str]:
    """What :func:`published_url` and :func:`repo_url` read, once per version of the file and of
    ``SITE_URL``."""
    import os
    from urllib.parse import urlsplit

    path = Path(config_file)
    version = (path.stat().st_mtime_ns if path.is_file() else 0, os.environ.get("SITE_URL"))
    known = _CONFIGS.get(str(path))
    if known is None or known[0] != version:
        from mkdocs.utils.yaml import yaml_load

        with open(path, encoding="utf8") as f:
            raw = yaml_load(f) or {}
        url = str(raw.get("site_url") or "")
        host = urlsplit(url).hostname or ""
        repo = urlsplit(str(raw.get("repo_url") or ""))
        owner, _, name = repo.path.strip("/").partition("/")
        if (not host or host in ("localhost", "0.0.0.0") or host.startswith("127.")) and repo.hostname == "github.com" \
                and owner and name:
            url = f"https://{owner.lower()}.github.io/{name}/"
        known = _CONFIGS[str(path)] = (version, url.rstrip("/") + "/" if url else "/", str(raw.get("repo_url") or ""))
    return known


@functools.lru_cache(maxsize=4)
def commit(root: Path) -> str:
    """The commit of the checkout at ``root``, short; "unknown" outside git (read once a process)."""
    import subprocess

    found = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True,
                           check=False)
    return found.stdout.strip() or "unknown"
