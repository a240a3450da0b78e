"""build: the build of the site behind the plugin's events (:class:`~docexec.build.events.Build`),
in three parts: ``events`` (each MkDocs event's work, in order), ``pages`` (each page's state
this build) and ``api`` (links to torch's reference, the API index); and what the plugin calls
besides a Build's events.

May not touch: anything but starting and stopping the page server and, under ``mkdocs serve``,
the process's SIGTERM handler when none is set (it stops as Ctrl-C does); the parts say theirs.
"""

from __future__ import annotations

import signal
import threading

from docexec.build.events import Build
from docexec.core import errors, settings
from docexec.execute import pool
from docexec.site import incremental

# --- what the plugin calls besides a Build's events (docexec/plugin.py) ----------------------


def startup(command: str) -> None:
    """MkDocs starts: under ``mkdocs serve`` failures are shown, not fatal, and SIGTERM stops it as
    Ctrl-C does; the page server starts now, importing torch while MkDocs reads the pages."""
    errors.serve_mode(command == "serve")
    if command == "serve":
        stop_on_sigterm_as_on_ctrl_c()
    if settings.early("execute"):
        pool.start(settings.early("server"))


def stop_on_sigterm_as_on_ctrl_c() -> None:
    """This process, stopped with SIGTERM (a process manager, an editor's task, a CI timeout),
    ends as with Ctrl-C, so its ``finally`` blocks run: `mkdocs serve` shuts its server down,
    calls on_shutdown (the page server stops) and removes the folder it built the site into
    (/tmp/mkdocs_*; Python's default SIGTERM skipped that, and the suite's serve tests had left
    332 of them); the test suite tears its session down (tests/conftest.py). Only from the main
    thread, and only when nothing else has claimed the signal."""
    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        signal.signal(signal.SIGTERM, _interrupt)


def _interrupt(signum: int, frame: object) -> None:  # noqa: ARG001 -- a signal handler's signature
    raise KeyboardInterrupt(f"stopped by signal {signum}")


def pool_shutdown() -> None:
    """The page server and the threads stop (MkDocs ends, or the engine is imported anew)."""
    pool.shutdown()


keep_serving = incremental.keep_serving  # a failed serve rebuild: the last good pages, with the error


__all__ = ["Build", "keep_serving", "pool_shutdown", "startup", "stop_on_sigterm_as_on_ctrl_c"]
