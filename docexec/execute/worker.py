"""worker: the warm fork server and the page processes. Runs only in processes of its own.

``python -m docexec.execute.worker FD`` is the *server*: started by :mod:`docexec.execute.pool`
with a fixed environment, it imports torch and numpy once, then waits on the control socket
``FD``. For each request (one end of a fresh socket pair) it forks a *page process*, which runs
one page's blocks in a :class:`~docexec.execute.run.PageRun` and reports each block; however the
page process ends, the server, watching it through a pidfd, kills what the page left running
(it is their subreaper), removes the page's folder and sends its exit status on that socket.
A page process keeps none of the server's descriptors but its own socket, starts confined
(:mod:`docexec.execute.sandbox`), in a folder of its own; one fork per page (PERFORMANCE.md).
Messages are JSON, one per line: nothing a page sends is unpickled, and the parent checks it.

May not touch: MkDocs, files of the site. Imported by the server and its children only.
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import shutil
import signal
import socket
import sys
import tempfile
from pathlib import Path
from typing import cast

from docexec.execute import sandbox


def send(sock: socket.socket, *message: object) -> None:
    sock.sendall(json.dumps(message).encode("utf8") + b"\n")


def _detach_stdio() -> None:
    """Standard input, output and error on /dev/null: nothing a page writes at the C level or
    leaves running holds the build's terminal or pipe (print() is captured per block anyway)."""
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)


def _page_process(sock: socket.socket, pages_dir: Path, confine: bool) -> None:
    """Run one page's job from ``sock`` in a folder of its own, confined when the server can
    (it decides, not the job); report every block; never returns."""
    from docexec.core.errors import DocExecError
    from docexec.execute.run import PageRun
    from docexec.page.blocks import Block

    code = 0
    try:
        send(sock, "pid", os.getpid())
        reader = sock.makefile("rb")
        job = json.loads(reader.readline())
        home = pages_dir / str(os.getpid())
        home.mkdir(mode=0o700)
        _detach_stdio()
        os.environ.clear()
        os.environ.update(job["env"], HOME=str(home), TMPDIR=str(home))
        tempfile.tempdir = None  # from TMPDIR again
        if confine:
            sandbox.confine(home, job["readable"], job["memory"], job["file_size"])
        os.chdir(home)
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
    except BaseException:  # noqa: BLE001 -- the page process itself broke: exit non-zero
        code = 70
    finally:
        with contextlib.suppress(BaseException):
            sandbox.kill_descendants()
        os._exit(code)


class _Pages:
    """The page processes the server has forked and not yet reported, each watched by a pidfd."""

    def __init__(self, folder: Path, *keep: socket.socket) -> None:
        self.selector = selectors.DefaultSelector()
        self.keep = keep  # the server's own sockets: a page process closes them too
        for sock in keep:
            self.selector.register(sock, selectors.EVENT_READ, None)
        self.folder = folder  # a folder per page, inside; the server's starter made it and removes it
        self.folder.mkdir(mode=0o700, exist_ok=True)
        sandbox.become_subreaper()  # what a page leaves running comes back to this server
        self.confine = sandbox.status() is None  # the server's decision: a job cannot ask for less

    def fork(self, sock: socket.socket) -> None:
        """Fork a page process for the job on ``sock``; its exit status goes to ``sock`` later."""
        pid = os.fork()
        if pid == 0:  # keep nothing of the server's: its sockets, other pages' sockets and pidfds
            running = self._running()
            self.selector.close()
            for other in [*self.keep, *(key.data[1] for key in running)]:
                other.close()
            for key in running:
                os.close(key.fd)
            signal.signal(signal.SIGINT, signal.default_int_handler)
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            _page_process(sock, self.folder, self.confine)
        self.selector.register(os.pidfd_open(pid), selectors.EVENT_READ, (pid, sock))

    def _running(self) -> list[selectors.SelectorKey]:
        return [k for k in self.selector.get_map().values() if k.data is not None]

    def wait(self, timeout: float | None = None) -> list[socket.socket]:
        """Report every page process that ended; the server sockets that are ready."""
        ready: list[socket.socket] = []
        for key, _ in self.selector.select(timeout):
            if key.data is None:
                ready.append(cast(socket.socket, key.fileobj))  # registered with no data: one of keep
                continue
            pid, sock = key.data
            self.selector.unregister(key.fd)
            os.close(key.fd)
            _, status = os.waitpid(pid, 0)
            self.reap()  # before the parent hears of it: nothing of the page outlives its run
            sandbox.release(self.folder / str(pid))
            if not self._running():
                sandbox.clear_shared_memory()  # what pages left in /dev/shm: none runs now
            with contextlib.suppress(OSError):
                if os.WIFSIGNALED(status):
                    send(sock, "exit", "signal", os.WTERMSIG(status))
                else:
                    send(sock, "exit", "code", os.waitstatus_to_exitcode(status))
            sock.close()
        return ready

    def reap(self) -> None:
        """Kill every process the server adopted from pages that ended (a page's orphans)."""
        sandbox.kill_descendants(spare={key.data[0] for key in self._running()})

    def close(self) -> None:
        """The server stops: every page and what it started are killed, their folders removed."""
        sandbox.kill_descendants()
        for home in self.folder.iterdir() if self.folder.is_dir() else ():
            sandbox.release(home)
        shutil.rmtree(self.folder, ignore_errors=True)


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


def _start() -> None:
    """What both servers do first: namespaces (unshare needs a single-threaded process), a clean
    end on SIGTERM (their pages killed, folders removed), torch warmed up."""
    sandbox.isolate()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    warm()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C in `mkdocs serve` is the parent's


def serve(control_fd: int, folder: Path) -> None:
    """The server loop: one page process per request, until the parent leaves."""
    _start()
    control = socket.socket(fileno=control_fd)
    pages = _Pages(folder, control)
    try:
        while True:
            if not pages.wait():
                continue
            try:
                _, fds, _, _ = socket.recv_fds(control, 16, 1)
            except OSError:
                return
            if not fds:  # the parent closed the control socket
                return
            sock = socket.socket(fileno=fds[0])
            pages.fork(sock)
    finally:
        pages.close()


def _from_a_page(conn: socket.socket) -> bool:
    """Whether the peer of ``conn`` is one of this server's pages or what they started: a page
    may not have its server fork pages for it (every page's process descends from the server)."""
    import struct

    pid, _, _ = struct.unpack("3i", conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12))
    me = os.getpid()
    while pid > 1:
        if pid == me:
            return True
        try:
            pid = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            return False
    return False


def serve_path(path: str) -> None:
    """The shared server (``--listen PATH``): one page process per connection to the UNIX
    socket ``path``, its pages' folders in ``PATH.pages``, until the process that started it is gone."""
    parent = os.getppid()
    _start()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path + ".part")
    listener.listen(128)  # clients may connect (and wait) while torch is imported
    os.rename(path + ".part", path)
    pages = _Pages(Path(path + ".pages"), listener)
    try:
        while os.getppid() == parent:
            if not pages.wait(timeout=1.0):
                continue
            conn, _ = listener.accept()
            if _from_a_page(conn):  # Landlock (ABI <= 7) cannot stop a page connecting to a socket file
                conn.close()
                continue
            conn.settimeout(None)
            pages.fork(conn)
    finally:
        pages.close()
        with contextlib.suppress(OSError):
            os.unlink(path)


if __name__ == "__main__":
    if sys.argv[1] == "--listen":
        serve_path(sys.argv[2])
    else:
        serve(int(sys.argv[1]), Path(sys.argv[2]))
