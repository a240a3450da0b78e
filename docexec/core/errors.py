"""errors: the one error type of the build, and the one place errors are reported.

A :class:`DocExecError`'s message starts with where it happened (``docs/zh/x.md:12``, and the
snippet's ``(snippets/x/01.py:3)``) and says how to fix it; :attr:`DocExecError.location` reads
that back. Code that can go on after a problem calls :func:`report`: the active
:class:`Reporter` (one per build) logs each message once on ``mkdocs.plugins.docexec``, which
fails ``mkdocs build --strict``; under ``mkdocs serve`` it is printed and the build goes on
(:func:`not_strict_while_serving`: MkDocs' own warnings do not abort a rebuild either).
:func:`collecting` gathers the messages instead (tests, and the build deciding what a page shows).

May not touch: pages, blocks, MkDocs objects. Only the logger.
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import logging
import re
from collections.abc import Iterator

LOG = logging.getLogger("mkdocs.plugins.docexec")  # errors logged here fail `mkdocs build --strict`

_WHERE = re.compile(r"^(?P<path>[^\s:]+)(?::(?P<line>\d+))?(?: \((?P<snippet>[^\s:()]+):(?P<sline>\d+)\))?(?::| and )")


@dataclasses.dataclass(frozen=True)
class Location:
    """Where an error is: a page (or file), its line, and the snippet file and line if any."""

    path: str
    line: int | None = None
    snippet: tuple[str, int] | None = None


class DocExecError(Exception):
    """A block or a page failed; the message starts with ``path:line:`` and says how to fix it.

    ``fatal``: the page cannot go on (a block tried to end its process); its later
    blocks are not run.
    """

    def __init__(self, message: str, fatal: bool = False) -> None:
        super().__init__(message)
        self.fatal = fatal

    @property
    def location(self) -> Location | None:
        return location_of(str(self))


def location_of(message: str) -> Location | None:
    """The location a message starts with (``path:line (snippet:line): ...``), or None."""
    m = _WHERE.match(message)
    if m is None:
        return None
    snippet = (m["snippet"], int(m["sline"])) if m["snippet"] else None
    return Location(m["path"], int(m["line"]) if m["line"] else None, snippet)


class Reporter:
    """The errors of one build (or of one collection): each message logged once, in order."""

    def __init__(self, log: bool = True) -> None:
        self.messages: list[str] = []
        self._log = log

    def report(self, error: DocExecError | str, level: int = logging.ERROR) -> None:
        message = str(error)
        if message in self.messages:  # e.g. a page converted again reports its problems again
            return
        self.messages.append(message)
        if self._log:
            LOG.log(level, message)


_DEFAULT = Reporter()  # until a build calls use()
_ACTIVE: contextvars.ContextVar[Reporter] = contextvars.ContextVar("docexec_reporter")


def report(error: DocExecError | str) -> None:
    """Report a problem that does not stop the caller (the build fails at its end)."""
    _ACTIVE.get(_DEFAULT).report(error)


def missing(message: str) -> None:
    """Something a new page still lacks (its snapshot, its description): an error of the strict
    build, a warning under ``mkdocs serve`` (the page is shown meanwhile)."""
    _ACTIVE.get(_DEFAULT).report(message, logging.WARNING if serving() else logging.ERROR)


def use(reporter: Reporter) -> None:
    """Make ``reporter`` the one :func:`report` sends to (a new build starts)."""
    _ACTIVE.set(reporter)


@contextlib.contextmanager
def collecting() -> Iterator[list[str]]:
    """Gather the messages reported inside the ``with`` block instead of logging them."""
    token = _ACTIVE.set(Reporter(log=False))
    try:
        yield _ACTIVE.get().messages
    finally:
        _ACTIVE.reset(token)


def serve_mode(on: bool) -> None:
    """``mkdocs serve``: failures are printed and shown on the page, but do not abort the
    build (MkDocs counts warnings on the ``mkdocs`` logger for strict mode before any hook
    could turn strict off); ``mkdocs build`` keeps them counted, so it stays strict."""
    for handler in [h for h in LOG.handlers if getattr(h, "docexec_serve", False)]:
        LOG.removeHandler(handler)
    LOG.propagate = not on
    if on:
        handler = logging.StreamHandler()
        parent = logging.getLogger("mkdocs").handlers
        handler.setFormatter(parent[0].formatter if parent else logging.Formatter("%(levelname)-8s-  %(message)s"))
        handler.docexec_serve = True  # type: ignore[attr-defined]
        LOG.addHandler(handler)


def serving() -> bool:
    """Whether this process runs ``mkdocs serve`` (read off the logger, which outlives a reload
    of the package after an edit of docexec/)."""
    return any(getattr(h, "docexec_serve", False) for h in LOG.handlers)


def not_strict_while_serving() -> None:
    """Under ``mkdocs serve``, detach MkDocs' strict-mode warning counter from the ``mkdocs``
    logger (each build attaches one before any hook runs): a warning (a page not in the nav, a
    broken link) would abort the rebuild, and livereload then holds every request, ``/``
    included. The warning is still printed; ``mkdocs build --strict`` still fails on it."""
    if not serving():
        return
    mkdocs_log = logging.getLogger("mkdocs")
    for handler in [h for h in mkdocs_log.handlers if type(h).__name__ == "CountHandler"]:
        mkdocs_log.removeHandler(handler)
