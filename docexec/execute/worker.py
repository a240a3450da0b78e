"""worker: the warm page server. Runs only in processes of its own.

``python -m docexec.execute.worker`` is the *server*, started by :mod:`docexec.execute.servers`
in a session of its own with a fixed environment. It isolates itself first
(:func:`docexec.execute.sandbox.isolate`: namespaces, a skeleton root), imports torch and numpy
once (:func:`warm`), then forks a *page process* per request (:class:`~docexec.execute.pages.Pages`).
A request (:mod:`docexec.execute.request`) brings two sockets: the *data* socket, which the page
process gets, and the *control* socket, which only the server holds: on it the server reports
how the page process ended and the client asks for it to be stopped (or hangs up). The build's
own server reads requests on a socket pair (:func:`serve`), the shared one on a UNIX socket that
only processes outside its PID namespace may use (:func:`serve_path`).

May not touch: MkDocs, files of the site. Imported by the server and its children only.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import struct
import sys
from pathlib import Path

from docexec.execute import sandbox
from docexec.execute.pages import Pages
from docexec.execute.request import Request


def warm(torch_too: bool = True) -> None:
    """What every page process starts from: torch and numpy imported, one torch thread, and
    the one-time costs of torch paid once here, not in every page (the same for all pages).
    ``torch_too=False``: the runner and the sandbox only (``python -m docexec sandbox-report``,
    whose probe page imports neither: 0.5 s instead of 4 s in ``make check``)."""
    if torch_too:
        _warm_torch()
    import docexec.execute.run  # the runner itself
    sandbox.warm()  # each page process confines itself: what that needs is loaded here, once

    if torch_too:
        with contextlib.suppress(ImportError):
            import torch

            docexec.execute.run.seed_torch(torch)  # every device's seed, once: a page re-seeds the CPU generator


def _warm_torch() -> None:
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


def _start(folder: str, name: str, warm_now: bool = True, torch_too: bool = True) -> None:
    """What both servers do first: namespaces and a skeleton root (unshare needs a single-threaded
    process), a clean end on SIGTERM (their pages killed), torch warmed up (the shared server:
    when its first client connects, so a test run that runs no page never imports torch)."""
    if sys.platform.startswith("linux"):
        sandbox.isolate(folder, name)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    if warm_now:
        warm(torch_too)
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
    warmed = False
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
                continue
            if not warmed:  # the first page: torch imported now, before the fork (every page shares it)
                warm()
                warmed = True
            pages.fork(request)
    finally:
        pages.close()


def main(argv: list[str]) -> None:
    """``--fd N FOLDER NAME [--bare]`` (the build's own server; bare: torch not imported) or
    ``--listen PATH FOLDER NAME`` (shared)."""
    kind, where, folder, name, *rest = argv
    if kind == "--listen":
        parent = os.getppid()
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        listener.bind(where + ".part")
        listener.listen(128)  # clients may connect (and wait) while torch is imported
        os.rename(where + ".part", where)
        _start(folder, name, warm_now=False)
        serve_path(listener, parent, Path(folder))
    else:
        _start(folder, name, torch_too=rest != ["--bare"])
        serve(socket.socket(fileno=int(where)), Path(folder))


if __name__ == "__main__":
    main(sys.argv[1:])
