"""pages: the page processes a server has forked, as the server watches them until it reports.

:class:`Pages` forks a page process per request (its child side: :mod:`docexec.execute.page_process`),
each PID 1 of a namespace of its own, in cgroups of its own, and watches it through a pidfd and
``waitpid``. It stops a page whose time is up, whose client asks or hangs up, or when the server
stops (killing PID 1 ends every process the page started), and reports how each ended on the
request's control socket, which the page never holds. Apart from the server's loops
(:mod:`docexec.execute.worker`) so that one class holds every page's state.

May not touch: what a page sends (it never reads the data socket), MkDocs, files of the site.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import shutil
import signal
import socket
import time
from dataclasses import dataclass
from pathlib import Path

from docexec.execute import page_process, sandbox
from docexec.execute.request import Request, send


@dataclass
class _Page:
    key: int
    pid: int
    pidfd: int
    request: Request
    deadline: float
    stopped: str | None = None  # why the server stopped it ("time": its time was up)


class Pages:
    """The page processes the server has forked and not yet reported."""

    def __init__(self, folder: Path, *keep: socket.socket) -> None:
        self.selector = selectors.DefaultSelector()
        for sock in keep:
            self.selector.register(sock, selectors.EVENT_READ, None)
        self.folder = folder  # without namespaces: a folder per page, inside; its starter removes it
        self.pages: dict[int, _Page] = {}
        self.count = 0
        if sandbox.ISOLATION is None:
            sandbox.become_subreaper()

    def fork(self, request: Request) -> None:
        """Fork a page process for ``request``; its end goes to the request's control socket."""
        self.count += 1
        cgroups = sandbox.ISOLATION.cgroups if sandbox.ISOLATION is not None else None
        procs = cgroups.make(self.count, request.memory, request.processes) if cgroups is not None else []
        # The server's SIGTERM (its end: close() kills and reports every page it knows) waits until
        # this page is one of them; it came between the fork and this page's entry under load, and
        # the page's end went unreported (test_a_server_ended_by_sigterm_ends_its_pages...).
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
        try:
            try:
                pid = sandbox.fork_page()
            except OSError:
                for fd in procs:
                    os.close(fd)
                send(request.control, "exit", "code", 71, "fork")
                request.control.close()
                request.data.close()
                return
            if pid == 0:
                signal.signal(signal.SIGINT, signal.default_int_handler)
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                signal.pthread_sigmask(signal.SIG_SETMASK, mask)
                page_process.main(request, procs, self.folder)
            for fd in procs:
                os.close(fd)
            request.data.close()
            page = _Page(self.count, pid, os.pidfd_open(pid), request, time.monotonic() + request.seconds)
            self.pages[page.pidfd] = page
            self.selector.register(page.pidfd, selectors.EVENT_READ, ("ended", page))
            self.selector.register(request.control, selectors.EVENT_READ, ("control", page))
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)

    def wait(self, timeout: float | None = None) -> list[socket.socket]:
        """Handle what happened to the pages (ended, stop asked, time up); the ready server sockets."""
        now = time.monotonic()
        for page in self.pages.values():
            if page.stopped is None and now >= page.deadline:
                self._stop(page, "time")
        if self.pages:
            soonest = min(p.deadline for p in self.pages.values()) - now
            timeout = max(0.0, soonest) if timeout is None else min(timeout, max(0.0, soonest))
        ready: list[socket.socket] = []
        for key, _ in self.selector.select(timeout):
            if key.data is None:
                ready.append(key.fileobj)  # type: ignore[arg-type]  # registered with no data: a server socket
                continue
            what, page = key.data
            if what == "control":
                with contextlib.suppress(OSError):
                    asked = page.request.control.recv(64)
                    if asked in (b"", b"stop\n") and page.stopped is None:  # hung up, or asked: stopped
                        self._stop(page, "asked")
                    if asked == b"":
                        self.selector.unregister(page.request.control)
                continue
            self._ended(page)
        return ready

    def _stop(self, page: _Page, why: str) -> None:
        page.stopped = why
        with contextlib.suppress(ProcessLookupError):
            os.kill(page.pid, signal.SIGKILL)  # PID 1 of its namespace: every process of the page ends

    def _ended(self, page: _Page) -> None:
        del self.pages[page.pidfd]
        self.selector.unregister(page.pidfd)
        with contextlib.suppress(KeyError, ValueError):
            self.selector.unregister(page.request.control)
        os.close(page.pidfd)
        _, status = os.waitpid(page.pid, 0)
        if sandbox.ISOLATION is None:
            sandbox.kill_descendants(spare={p.pid for p in self.pages.values()})
            shutil.rmtree(self.folder / str(page.pid), ignore_errors=True)
        elif sandbox.ISOLATION.cgroups is not None:
            sandbox.ISOLATION.cgroups.remove(page.key)
        with contextlib.suppress(OSError):
            if os.WIFSIGNALED(status):
                send(page.request.control, "exit", "signal", os.WTERMSIG(status), page.stopped)
            else:
                send(page.request.control, "exit", "code", os.waitstatus_to_exitcode(status), page.stopped)
        page.request.control.close()

    def close(self) -> None:
        """The server stops: every page is killed (and, with it, everything it started)."""
        for page in list(self.pages.values()):
            self._stop(page, "server")
        for page in list(self.pages.values()):
            self._ended(page)
        if sandbox.ISOLATION is not None and sandbox.ISOLATION.cgroups is not None:
            sandbox.ISOLATION.cgroups.close()
