"""worker: the warm fork server and the page processes. Runs only in processes of its own.

``python -m docexec.worker FD`` is the *server*: started once by :mod:`docexec.pool`
with a fixed environment (``PYTHONHASHSEED=0``, one torch thread), it imports torch
and numpy once, then waits on the control socket ``FD``. Each request carries one end
of a fresh socket pair; for it the server forks a *monitor*, which forks the *page
process*. The page process reads its job (one page's blocks), runs them in order in
one :class:`~docexec.run.PageRun` and reports each block; when it is gone, however it
ended (normally, ``os._exit``, a signal, the OOM killer), the monitor sends its exit
status. Nothing a page does can reach the server, another page or the build.

Messages are JSON, one per line: the parent never unpickles what a page process sends.

May not touch: MkDocs, files of the site. Imported by the server and its children only.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import sys


def send(sock: socket.socket, *message) -> None:
    sock.sendall(json.dumps(message).encode("utf8") + b"\n")


def _page_process(sock: socket.socket) -> None:
    """Run one page's job from ``sock``; report every block; never returns."""
    from docexec import project
    from docexec.blocks import Block
    from docexec.project import DocExecError
    from docexec.run import PageRun

    code = 0
    try:
        send(sock, "pid", os.getpid())
        reader = sock.makefile("rb")
        job = json.loads(reader.readline())
        project.ROOT = type(project.ROOT)(job["root"])
        project.SNIPPETS = type(project.SNIPPETS)(job["snippets"])
        os.chdir(job["root"])
        blocks = [Block(**b) for b in job["blocks"]]
        page = PageRun(job["path"])
        for i, block in enumerate(blocks):
            send(sock, "start", i)
            try:
                send(sock, "ok", i, page.run(block))
            except DocExecError as exc:
                send(sock, "fail", i, str(exc))
                if exc.fatal:
                    break
        send(sock, "end")
    except BaseException:  # noqa: BLE001 -- the page process itself broke: say so, exit non-zero
        import traceback

        traceback.print_exc()
        code = 70
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def _monitor(sock: socket.socket) -> None:
    """Fork the page process, wait for it, send how it ended; never returns."""
    pid = os.fork()
    if pid == 0:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        _page_process(sock)
    _, status = os.waitpid(pid, 0)
    with contextlib.suppress(OSError):
        if os.WIFSIGNALED(status):
            send(sock, "exit", "signal", os.WTERMSIG(status))
        else:
            send(sock, "exit", "code", os.waitstatus_to_exitcode(status))
    os._exit(0)


def warm() -> None:
    """What every page process starts from: torch and numpy imported, one torch thread, and
    the one-time costs of torch paid once here, not in every page (the same for all pages)."""
    with contextlib.suppress(ImportError):
        import numpy  # noqa: F401
    with contextlib.suppress(ImportError):
        import torch
        import torch.autograd.functional  # noqa: F401
        import torch.optim

        torch.set_num_threads(1)
        # The first optimizer step imports torch._dynamo (about 2 s); the first backward sets
        # up the autograd engine. Neither leaves state a page can see (the RNG is re-seeded).
        w = torch.zeros(1, requires_grad=True)
        (w * 2).sum().backward()
        torch.optim.SGD([w], lr=0.1).step()
    import docexec.run  # noqa: F401 -- and the runner itself


def serve(control_fd: int) -> None:
    """The server loop: one monitor (and page process) per request, until the parent leaves."""
    warm()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C in `mkdocs serve` is the parent's
    control = socket.socket(fileno=control_fd)
    while True:
        try:
            _, fds, _, _ = socket.recv_fds(control, 16, 1)
        except OSError:
            return
        if not fds:  # the parent closed the control socket
            return
        with contextlib.suppress(ChildProcessError):
            while os.waitpid(-1, os.WNOHANG)[0]:  # reap finished monitors
                pass
        if os.fork() == 0:
            control.close()
            _monitor(socket.socket(fileno=fds[0]))
        os.close(fds[0])


def serve_path(path: str) -> None:
    """The shared server (``--listen PATH``): one monitor (and page process) per connection to
    the UNIX socket ``path``, until the process that started it is gone."""
    parent = os.getppid()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path + ".part")
    listener.listen(128)  # clients may connect (and wait) while torch is imported
    os.rename(path + ".part", path)
    warm()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    listener.settimeout(1.0)
    try:
        while os.getppid() == parent:
            with contextlib.suppress(ChildProcessError):
                while os.waitpid(-1, os.WNOHANG)[0]:  # reap finished monitors
                    pass
            try:
                conn, _ = listener.accept()
            except (TimeoutError, socket.timeout):
                continue
            conn.settimeout(None)
            if os.fork() == 0:
                listener.close()
                _monitor(conn)
            conn.close()
    finally:
        with contextlib.suppress(OSError):
            os.unlink(path)


if __name__ == "__main__":
    if sys.argv[1] == "--listen":
        serve_path(sys.argv[2])
    else:
        serve(int(sys.argv[1]))
