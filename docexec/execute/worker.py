"""worker: the warm page server and the page processes. Runs only in processes of its own.

``python -m docexec.execute.worker`` is the *server*, started by :mod:`docexec.execute.pool`
in a session of its own with a fixed environment. It isolates itself first
(:func:`docexec.execute.sandbox.isolate`: namespaces, a skeleton root), imports torch and numpy
once, then forks a *page process* per request. A request brings two sockets: the *data* socket,
which the page process gets (its job in, its blocks' results out), and the *control* socket,
which only the server holds: on it the server reports how the page process ended, as it saw it
(through a pidfd and ``waitpid``), and the client asks for it to be stopped (or hangs up, which
stops it too). A page process keeps no descriptor but its data socket, starts confined, and is
stopped when its time is up, whatever the client does. Messages are JSON, one per line: nothing
a page sends is unpickled, and the client checks it (:mod:`docexec.execute.protocol`).

May not touch: MkDocs, files of the site. Imported by the server and its children only.
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import signal
import socket
import struct
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from docexec.execute import limits, sandbox
from docexec.execute.skeleton import HOME

MAX_MEMORY = 64 << 30  # what a request may ask for at most: a page's memory, disk and time
MAX_DISK = 4 << 30
MAX_SECONDS = 3600
MAX_PROCESSES = 4096  # processes and threads of one page at once (its cgroup's pids.max)


# The server's environment as it started, but where its pages' cgroups go: the fixed page environment
ENVIRONMENT = {k: v for k, v in os.environ.items() if k != limits.CGROUP_ENV}  # (servers.page_environment)


def send(sock: socket.socket, *message: object) -> None:
    sock.sendall(json.dumps(message).encode("utf8") + b"\n")


@dataclass
class Request:
    """What a client asks of the server for one page: limits (clamped here) and its two sockets."""

    control: socket.socket
    data: socket.socket
    memory: int
    disk: int
    seconds: float
    processes: int

    @classmethod
    def parse(cls, header: bytes, control: socket.socket, fds: list[int]) -> Request | None:
        try:
            asked = json.loads(header)
            memory, disk, seconds, processes = (asked[k] for k in ("memory", "disk", "seconds", "processes"))
            if not all(type(v) in (int, float) and v > 0 for v in (memory, disk, seconds, processes)) or len(fds) != 1:
                raise ValueError(asked)
        except (ValueError, KeyError, TypeError):
            for fd in fds:
                os.close(fd)
            return None
        return cls(control, socket.socket(fileno=fds[0]), min(int(memory), MAX_MEMORY), min(int(disk), MAX_DISK),
                   min(float(seconds), MAX_SECONDS), min(int(processes), MAX_PROCESSES))


def _page_process(request: Request, procs: list[int], folder: Path) -> None:
    """Run one page's job from its data socket, confined; report every block; never returns."""
    code = 0
    try:
        keep = sorted({request.data.fileno(), *procs})
        os.closerange(3, keep[0])
        for low, high in zip(keep, [*keep[1:], os.sysconf("SC_OPEN_MAX")], strict=True):
            os.closerange(low + 1, high)  # nothing of the server's: its sockets, other pages', its cgroup folders
        _detach_stdio()
        home = HOME if sandbox.ISOLATION is not None else str(folder / str(os.getpid()))
        if sandbox.ISOLATION is None:
            os.mkdir(home, 0o700)
            sandbox.become_subreaper()
        os.environ.clear()
        os.environ.update(ENVIRONMENT, HOME=home, TMPDIR=home)
        tempfile.tempdir = None  # from TMPDIR again
        if sandbox.ISOLATION is not None or sandbox.status() is None:
            sandbox.confine(home, request.memory, request.disk, int(request.seconds) + 1, procs)
        _run(request.data)
    except BaseException:  # noqa: BLE001 -- the page process itself broke: exit non-zero
        code = 70
    finally:
        if sandbox.ISOLATION is None:
            with contextlib.suppress(BaseException):
                sandbox.kill_descendants()
        os._exit(code)


def _run(sock: socket.socket) -> None:
    """The job's blocks in order, each reported: start, the names it used, ok or fail; then end."""
    from docexec.core.errors import DocExecError
    from docexec.execute.run import PageRun
    from docexec.page.blocks import Block

    job = json.loads(sock.makefile("rb").readline())
    blocks = [Block(**b) for b in job["blocks"]]
    page = PageRun(job["path"])
    sys.modules["__main__"] = page.module  # as in Jupyter: multiprocessing finds the page's functions
    for i, block in enumerate(blocks):
        send(sock, "start", i)
        try:
            text = page.run(block)
        except DocExecError as exc:
            send(sock, "names", i, page.names(block))
            send(sock, "fail", i, str(exc))
            if exc.fatal:
                break
        else:
            send(sock, "names", i, page.names(block))
            send(sock, "ok", i, text)
    send(sock, "end")


def _detach_stdio() -> None:
    """Standard input, output and error on /dev/null: nothing a page writes at the C level or
    leaves running holds the build's terminal or pipe (print() is captured per block anyway)."""
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)


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
            _page_process(request, procs, self.folder)
        for fd in procs:
            os.close(fd)
        request.data.close()
        page = _Page(self.count, pid, os.pidfd_open(pid), request, time.monotonic() + request.seconds)
        self.pages[page.pidfd] = page
        self.selector.register(page.pidfd, selectors.EVENT_READ, ("ended", page))
        self.selector.register(request.control, selectors.EVENT_READ, ("control", page))

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
            import shutil

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


def warm() -> None:
    """What every page process starts from: torch and numpy imported, one torch thread, and
    the one-time costs of torch paid once here, not in every page (the same for all pages)."""
    with contextlib.suppress(ImportError):
        import numpy  # noqa: F401
    with contextlib.suppress(ImportError):
        import torch
        import torch.autograd.functional
        import torch.optim

        torch.set_num_threads(1)
        # The first optimizer step imports torch._dynamo; the first backward sets up the autograd
        # engine (PERFORMANCE.md). Neither leaves state a page can see (the RNG is re-seeded).
        w = torch.zeros(1, requires_grad=True)
        (w * 2).sum().backward()
        torch.optim.SGD([w], lr=0.1).step()
        # A page's first printed tensor and first torch error run formatting code that is the same
        # for every page: 2.5 ms a page when each page paid it (PERFORMANCE.md). No state changes.
        for shown in (w, w * 2, w.grad, torch.ones(2, 3), torch.tensor([1, 2]), torch.tensor([True])):
            repr(shown)
        try:
            torch.mm(torch.ones(2, 3), torch.ones(5, 2))
        except RuntimeError as exc:
            import traceback

            traceback.format_exception_only(type(exc), exc)
    import docexec.execute.run  # the runner itself
    sandbox.warm()  # each page process confines itself: what that needs is loaded here, once

    with contextlib.suppress(ImportError):
        import torch

        docexec.execute.run.seed_torch(torch)  # every device's seed, once: a page re-seeds the CPU generator


def _start(folder: str, name: str) -> None:
    """What both servers do first: namespaces and a skeleton root (unshare needs a single-threaded
    process), a clean end on SIGTERM (their pages killed), torch warmed up."""
    if sys.platform.startswith("linux"):
        sandbox.isolate(folder, name)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    warm()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C in `mkdocs serve` is the parent's


def serve(control: socket.socket, folder: Path) -> None:
    """The build's own server: each request on ``control`` (from the pool) carries both sockets."""
    pages = Pages(folder, control)
    try:
        while True:
            if not pages.wait():
                continue
            try:
                header, fds, _, _ = socket.recv_fds(control, 4096, 2)
            except OSError:
                return
            if not header and not fds:  # the parent closed the control socket
                return
            if len(fds) != 2:
                for fd in fds:
                    os.close(fd)
                continue
            request = Request.parse(header, socket.socket(fileno=fds[0]), fds[1:])
            if request is not None:
                pages.fork(request)
    finally:
        pages.close()


def from_outside(conn: socket.socket) -> bool:
    """Whether the peer of ``conn`` is outside this server's PID namespace: a client. A page, and
    everything it starts, lives in a namespace below the server's, so its PID is visible here
    (also after it exited: the socket keeps it), while a client's is 0 here. (Pages have no path to
    the socket anyway: it is not in their skeleton.)"""
    pid, _, _ = struct.unpack("3i", conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12))
    if sandbox.ISOLATION is not None:
        return pid == 0
    while pid > 1:  # without namespaces: a peer whose ancestry cannot be read (it exited) is refused
        if pid == os.getpid():
            return False
        try:
            pid = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            return False
    return True


def serve_path(listener: socket.socket, parent: int, folder: Path) -> None:
    """The shared server: a client connects to its UNIX socket (the control socket) and sends the
    limits with the data socket; until the process that started it is gone."""
    pages = Pages(folder, listener)
    try:
        while os.getppid() == parent or sandbox.ISOLATION is not None:
            if not pages.wait(timeout=1.0):
                if sandbox.ISOLATION is None and os.getppid() != parent:
                    return
                continue
            conn, _ = listener.accept()
            if not from_outside(conn):  # Landlock (ABI <= 7) cannot stop a page connecting to a socket file
                conn.close()
                continue
            conn.settimeout(5)
            try:
                header, fds, _, _ = socket.recv_fds(conn, 4096, 1)
            except OSError:
                conn.close()
                continue
            conn.settimeout(None)
            request = Request.parse(header, conn, fds)
            if request is None:
                conn.close()
            else:
                pages.fork(request)
    finally:
        pages.close()


def main(argv: list[str]) -> None:
    """``--fd N FOLDER NAME`` (the build's own server) or ``--listen PATH FOLDER NAME`` (shared)."""
    kind, where, folder, name = argv
    if kind == "--listen":
        parent = os.getppid()
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        listener.bind(where + ".part")
        listener.listen(128)  # clients may connect (and wait) while torch is imported
        os.rename(where + ".part", where)
        _start(folder, name)
        serve_path(listener, parent, Path(folder))
    else:
        _start(folder, name)
        serve(socket.socket(fileno=int(where)), Path(folder))


if __name__ == "__main__":
    main(sys.argv[1:])
