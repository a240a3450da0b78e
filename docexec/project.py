"""project: where the site's files are, and the one error type of the build.

Holds the project root (the folder of ``mkdocs.yml``) and the snippets folder
(pymdownx.snippets' ``base_path``), set by :func:`configure` from ``on_config`` in the
build and from the ``mkdocs.yml`` above a page in the doc tests, so both read the same
files. Also: paths as shown in messages, the per-checkout scratch folder, the
``DOCEXEC=off`` switch and the versions footer.

May not touch: pages, blocks or MkDocs objects. Every other module reads ``ROOT`` and
``SNIPPETS`` from here at call time (``project.ROOT``), never copies them at import.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import platform
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent  # paths in messages are shown relative to this
SNIPPETS = ROOT / "snippets"  # the build takes it from pymdownx.snippets' base_path
log = logging.getLogger("mkdocs.hooks.docexec")  # errors logged here fail `mkdocs build --strict`


class DocExecError(Exception):
    """A block or a page failed; the message starts with ``path:line:``.

    ``fatal``: the page cannot go on (a block tried to end its process); its later
    blocks are not run.
    """

    def __init__(self, message: str, fatal: bool = False) -> None:
        super().__init__(message)
        self.fatal = fatal


def report_without_failing(on: bool) -> None:
    """``mkdocs serve``: page failures are printed and shown on the page, but do not abort the
    build (MkDocs counts warnings on the ``mkdocs`` logger for strict mode before any hook
    could turn strict off); ``mkdocs build`` keeps them counted, so it stays strict."""
    for handler in [h for h in log.handlers if getattr(h, "docexec_serve", False)]:
        log.removeHandler(handler)
    log.propagate = not on
    if on:
        handler = logging.StreamHandler()
        parent = logging.getLogger("mkdocs").handlers
        handler.setFormatter(parent[0].formatter if parent else logging.Formatter("%(levelname)-8s-  %(message)s"))
        handler.docexec_serve = True
        log.addHandler(handler)


def configure(config_file: str | Path, mdx_configs: dict | None = None) -> None:
    """Project root = the folder of mkdocs.yml; snippets = pymdownx.snippets' base_path.

    The build calls this from ``on_config``, the doc tests with the mkdocs.yml
    above the page, so both expand ``--8<--`` from the same folder.
    """
    global ROOT, SNIPPETS  # noqa: PLW0603
    ROOT = Path(config_file).resolve().parent
    if mdx_configs is None:
        mdx_configs = _extension_configs(Path(config_file).resolve())
    base = (mdx_configs.get("pymdownx.snippets") or {}).get("base_path", ["snippets"])
    SNIPPETS = ROOT / (base[0] if isinstance(base, list) else base)


_EXTENSIONS: dict[tuple[Path, int, int], dict] = {}


def _extension_configs(config_file: Path) -> dict:
    """The markdown_extensions options of mkdocs.yml, parsed once per version of the file
    (the doc tests configure once per block: MkDocs' YAML loader took 40 ms a time)."""
    stat = config_file.stat()
    key = (config_file, stat.st_mtime_ns, stat.st_size)
    if key not in _EXTENSIONS:
        from mkdocs.utils.yaml import yaml_load

        with open(config_file, encoding="utf8") as f:
            extensions = yaml_load(f).get("markdown_extensions", [])
        configs: dict = {}
        for ext in extensions:
            if isinstance(ext, dict):
                configs.update(ext)
        _EXTENSIONS[key] = configs
    return _EXTENSIONS[key]


def rel(path: Path | str) -> str:
    """``path`` relative to the project root (as messages show it), else absolute."""
    path = Path(path).resolve()
    with contextlib.suppress(ValueError):
        return path.relative_to(ROOT).as_posix()
    return path.as_posix()


def scratch_dir() -> Path:
    """A per-checkout temporary folder for generated build inputs (never committed)."""
    return Path(tempfile.gettempdir()) / f"autograd-notes-{hashlib.sha1(str(ROOT).encode()).hexdigest()[:10]}"


def executing() -> bool:
    """False under ``DOCEXEC=off``: pages and notebooks show code only (``make bench``)."""
    return os.environ.get("DOCEXEC", "on") != "off"


def versions() -> dict[str, str]:
    """Versions the outputs were produced with (read without importing torch), read once a
    process, like the page server's torch (importlib.metadata scans every installed package:
    ~5 ms a call, and every page's notebook names the version)."""
    if not _VERSIONS:
        from importlib.metadata import version

        _VERSIONS.update(torch=version("torch"), python=platform.python_version())
    return dict(_VERSIONS)


_VERSIONS: dict[str, str] = {}

