"""page_process: inside a page process, from the fork to its exit: made safe, confined, run.

The page server (:class:`docexec.execute.pages.Pages`) forks one per page and calls :func:`main`
in the child, which never returns: of what it inherits from the server it keeps only its data
socket and its cgroup folders (no other page's socket, which it could write fake results into),
puts its standard streams on /dev/null, sets the fixed environment and its own folder,
confines itself (:func:`docexec.execute.sandbox.confine`) before any page code runs, then runs
the job's blocks (:mod:`docexec.execute.run`) and reports each on the data socket, one JSON line
at a time. Apart from the server's loop, since this side runs the page's code.

May not touch: the server's descriptors (closed first), MkDocs, files of the site.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sys
import tempfile
from pathlib import Path

from docexec.execute import limits, sandbox
from docexec.execute.request import Request, send
from docexec.execute.skeleton import HOME

# The server's environment as it started, but where its pages' cgroups go: the fixed page environment
ENVIRONMENT = {k: v for k, v in os.environ.items() if k != limits.CGROUP_ENV}  # (servers.page_environment)


def main(request: Request, procs: list[int], folder: Path) -> None:
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
