"""servers: the warm page server as the build's process sees it: started, connected to, stopped.

A page process is forked from a warm server (:mod:`docexec.execute.worker`), which has imported
torch; this module starts one (:class:`Server`, the process's own, asked through a socket pair),
or listens for a shared one (:func:`listen`; :class:`SharedServer`, found through
``DOCEXEC_SERVER``: the test suite's builds and doc tests share one), with the fixed page
environment, and gives every page a control and a data socket (:meth:`Server.connect`). It is
apart from :mod:`docexec.execute.pool` so that the runner reads as the exchange with one page.

May not touch: page text, outputs, MkDocs. Input: a request's header; output: two sockets.
"""

from __future__ import annotations

import atexit
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Literal

from docexec.core import settings
from docexec.core.errors import DocExecError
from docexec.execute import limits, sandbox

WORKER_ENV = {  # every page process runs with these, whatever the caller's environment
    "PYTHONHASHSEED": "0",  # str hashes and set order are the same in every build
    "OMP_NUM_THREADS": "1",  # one torch thread: outputs do not depend on the core count
    "MKL_NUM_THREADS": "1",
    "PYTHONDONTWRITEBYTECODE": "1",
    "PYTHONUNBUFFERED": "1",
    # A page process is a fork of the server: copying its page tables (then tearing them down)
    # is most of what a page costs. Python's objects in malloc'd memory that glibc backs with
    # transparent huge pages (glibc >= 2.35; ignored elsewhere) make that a fraction
    # (PERFORMANCE.md, "Huge pages").
    "PYTHONMALLOC": "malloc",
    "GLIBC_TUNABLES": "glibc.malloc.hugetlb=1",
}


PASSED_ENV = ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")  # set on CPUs where older OpenBLAS builds miscompute
SHARED_ENV = "DOCEXEC_SERVER"  # the UNIX socket of a shared warm server (see listen(); the server setting)


def page_environment() -> dict[str, str]:
    """The environment of every page process (its HOME and TMPDIR are added: its own folder)."""
    env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "PYTHONPATH": str(settings.PACKAGE_ROOT), **WORKER_ENV}
    env.update({k: os.environ[k] for k in PASSED_ENV if k in os.environ})
    return env


def server_environment() -> dict[str, str]:
    """A page server's (or the tests' kernel zygote's) environment: the pages', and where it may
    make its pages' cgroups (``DOCEXEC_CGROUP``, which it takes out of what pages get)."""
    env = page_environment()
    if limits.CGROUP_ENV in os.environ:
        env[limits.CGROUP_ENV] = os.environ[limits.CGROUP_ENV]
    return env


def _start_worker(*args: str, **popen: Any) -> subprocess.Popen:
    """``python -m docexec.execute.worker ARGS`` with the fixed worker environment (not the
    caller's), in a session of its own: no controlling terminal for it or its pages."""
    return subprocess.Popen([sys.executable, "-m", "docexec.execute.worker", *args], env=server_environment(),
                            cwd=str(settings.PACKAGE_ROOT), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            start_new_session=True, **popen)


class _Folder:
    """A folder of the system's temporary folder for one server (its skeleton's mount point), and
    the name of its pages' cgroups; removed when the server is gone."""

    def __init__(self) -> None:
        self.path = sandbox.mount_point("pages")
        self.name = Path(self.path).name

    def remove(self) -> None:
        shutil.rmtree(self.path, ignore_errors=True)


def listen(path: str) -> subprocess.Popen:
    """Start a warm server that forks a page process for every connection to the UNIX socket
    ``path`` (it ends with the process that started it). Processes started with
    ``DOCEXEC_SERVER=path`` in their environment use it instead of starting their own: the
    test suite runs many builds and doc-test sessions in subprocesses, and each would import
    torch again. A page still runs in a fresh process forked from the same pristine server; the
    server's pages cannot reach the socket (it is not in their skeleton root). The caller removes
    ``path`` and ``path.pages`` after the server ended."""
    os.makedirs(path + ".pages", mode=0o700)
    process = _start_worker("--listen", path, path + ".pages", "docexec-" + Path(path).parent.name)
    deadline = time.monotonic() + settings.current().start_timeout
    while not os.path.exists(path):  # bound and listening before it warms up
        if process.poll() is not None or time.monotonic() > deadline:
            raise DocExecError(f"the shared page server did not start (exit code {process.poll()})")
        time.sleep(0.01)
    return process


class SharedServer:
    """A warm server started by :func:`listen`, found through ``DOCEXEC_SERVER``."""

    def __init__(self, path: str) -> None:
        self.path = path

    def connect(self, header: bytes) -> tuple[socket.socket, socket.socket]:
        """The control and data sockets of a new page process (see :class:`Server`)."""
        control = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            control.connect(self.path)
        except OSError as exc:
            control.close()
            raise DocExecError(f"{SHARED_ENV}={self.path}: no page server answers there ({exc})") from None
        data, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            socket.send_fds(control, [header], [theirs.fileno()])
        finally:
            theirs.close()
        return control, data

    def alive(self) -> bool:
        return os.path.exists(self.path)

    def close(self) -> None:  # not ours to stop
        pass


class Server:
    """The warm server process, and the socket that asks it for page processes."""

    def __init__(self, bare: bool = False) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        self.folder = _Folder()
        self.process = _start_worker("--fd", str(theirs.fileno()), self.folder.path, self.folder.name,
                                     *(["--bare"] if bare else []), pass_fds=[theirs.fileno()])
        theirs.close()
        self.control = ours
        self.lock = threading.Lock()

    def connect(self, header: bytes) -> tuple[socket.socket, socket.socket]:
        """Two sockets to a new page process (forked when the server reads this request): the
        *control* socket, which only the server holds on its side (it reports the end there,
        and stops the page when asked or hung up on), and the *data* socket, the page's."""
        control, control_theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        data, data_theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            with self.lock:
                socket.send_fds(self.control, [header], [control_theirs.fileno(), data_theirs.fileno()])
        finally:
            control_theirs.close()
            data_theirs.close()
        return control, data

    def alive(self) -> bool:
        return self.process.poll() is None

    def close(self) -> None:
        self.control.close()  # the server's loop ends when the control socket closes
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.folder.remove()


_server: Server | SharedServer | None = None
_server_lock = threading.Lock()


def server(shared: str | None | Literal[False] = False, bare: bool = False) -> Server | SharedServer:
    """The warm server, started on first use (:func:`docexec.execute.pool.start` starts it early,
    in the background). ``shared``: the shared server's socket (default: the ``server`` setting);
    ``bare``: a server of this process's own that does not import torch, for pages that do not
    use it (the sandbox report's probe), when none is running yet."""
    global _server  # noqa: PLW0603
    if shared is False:
        shared = settings.current().server if not bare else None
    with _server_lock:
        if shared and not (isinstance(_server, SharedServer) and _server.path == shared):
            if _server is not None:
                _server.close()
            _server = SharedServer(shared)
        elif _server is None or not _server.alive():
            if _server is not None:
                _server.close()  # dead: what it left behind goes
            _server = Server(bare)
        return _server


def stop() -> None:
    """Stop this process's own server (at exit, and before the package is reloaded)."""
    global _server  # noqa: PLW0603
    with _server_lock:
        if _server is not None:
            _server.close()
            _server = None


atexit.register(stop)
