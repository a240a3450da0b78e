"""build: the build of the site behind the plugin's events (:class:`~docexec.build.events.Build`),
in three parts: ``events`` (each MkDocs event's work, in order), ``pages`` (each page's state
this build) and ``api`` (links to torch's reference, the API index); and what the plugin calls
besides a Build's events.

May not touch: anything but starting and stopping the page server; the parts say theirs.
"""

from __future__ import annotations

from docexec.build.events import Build
from docexec.core import errors, settings
from docexec.execute import pool
from docexec.site import incremental

# --- what the plugin calls besides a Build's events (docexec/plugin.py) ----------------------


def startup(command: str) -> None:
    """MkDocs starts: under ``mkdocs serve`` failures are shown, not fatal; the page server starts
    now, importing torch while MkDocs reads the pages."""
    errors.serve_mode(command == "serve")
    if settings.early("execute"):
        pool.start(settings.early("server"))


def pool_shutdown() -> None:
    """The page server and the threads stop (MkDocs ends, or the engine is imported anew)."""
    pool.shutdown()


keep_serving = incremental.keep_serving  # a failed serve rebuild: the last good pages, with the error


__all__ = ["Build", "keep_serving", "pool_shutdown", "startup"]
