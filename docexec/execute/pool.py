"""pool: run each page in a process of its own, forked from one warm server, in parallel.

:func:`run_blocks` runs one page's blocks (for the build, ``python -m docexec`` and the doc
tests alike) in a fresh process forked from the warm server of :mod:`docexec.execute.worker`,
which has imported torch (a fork is cheap, the import is not: PERFORMANCE.md). The process is
discarded after the page, so nothing a page does reaches another page or the build. How a page
ends is reported, never taken as success: a block over its time limit is killed and named; a
process that exits, is killed or crashes names the block it was running; the blocks after it
are reported as not run. :func:`submit` runs pages ahead on a thread per core but one, kept by
a build in an :class:`Ahead`; the server and the threads are reused by every serve rebuild.

May not touch: rendering, MkDocs objects. Input: blocks; output: one Outcome per block.
"""

from __future__ import annotations

import atexit
import concurrent.futures
import contextlib
import dataclasses
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from typing import Any, Literal

from docexec.core import settings
from docexec.core.errors import DocExecError
from docexec.execute.outcome import Outcome
from docexec.page.blocks import Block, executed_blocks

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


SHARED_ENV = "DOCEXEC_SERVER"  # the UNIX socket of a shared warm server (see listen(); the server setting)
__all__ = ["Outcome", "SHARED_ENV", "Ahead", "listen", "run_blocks", "run_page", "server", "shutdown", "submit"]


def _start_worker(*args: str, **popen: Any) -> subprocess.Popen:
    """``python -m docexec.execute.worker ARGS`` with the fixed worker environment."""
    package_parent = str(settings.PACKAGE_ROOT)
    env = {k: v for k, v in os.environ.items() if k != SHARED_ENV}
    env.update(WORKER_ENV)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package_parent, env.get("PYTHONPATH")) if p)
    return subprocess.Popen([sys.executable, "-m", "docexec.execute.worker", *args], env=env, cwd=package_parent,
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, **popen)


def listen(path: str) -> subprocess.Popen:
    """Start a warm server that forks a page process for every connection to the UNIX socket
    ``path`` (it ends with the process that started it). Processes started with
    ``DOCEXEC_SERVER=path`` in their environment use it instead of starting their own: the
    test suite runs many builds and doc-test sessions in subprocesses, and each would import
    torch again. A page still runs in a fresh process forked from the same pristine server."""
    process = _start_worker("--listen", path)
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

    def connect(self) -> socket.socket:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.connect(self.path)
        except OSError as exc:
            sock.close()
            raise DocExecError(f"{SHARED_ENV}={self.path}: no page server answers there ({exc})") from None
        return sock

    def alive(self) -> bool:
        return os.path.exists(self.path)

    def close(self) -> None:  # not ours to stop
        pass


class Server:
    """The warm server process, and the control socket that asks it for page processes."""

    def __init__(self) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        self.process = _start_worker(str(theirs.fileno()), pass_fds=[theirs.fileno()])
        theirs.close()
        self.control = ours
        self.lock = threading.Lock()

    def connect(self) -> socket.socket:
        """A socket to a new page process (forked by the server when it reads this request)."""
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            with self.lock:
                socket.send_fds(self.control, [b"p"], [theirs.fileno()])
        finally:
            theirs.close()
        return mine

    def alive(self) -> bool:
        return self.process.poll() is None

    def close(self) -> None:
        self.control.close()  # the server's loop ends when the control socket closes
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


_server: Server | SharedServer | None = None
_server_lock = threading.Lock()
_executor: concurrent.futures.ThreadPoolExecutor | None = None


def server(shared: str | None | Literal[False] = False) -> Server | SharedServer:
    """The warm server, started on first use (``start()`` starts it early, in the background).
    ``shared``: the shared server's socket (default: the ``server`` setting)."""
    global _server  # noqa: PLW0603
    if shared is False:
        shared = settings.current().server
    with _server_lock:
        if shared and not (isinstance(_server, SharedServer) and _server.path == shared):
            if _server is not None:
                _server.close()
            _server = SharedServer(shared)
        elif _server is None or not _server.alive():
            _server = Server()
        return _server


def start(shared: str | None) -> None:
    """Start the warm server now, in the background (the hook module does, as MkDocs loads it)."""
    server(shared)


def shutdown() -> None:
    """Stop the server and the threads (at exit, and before the package is reloaded)."""
    global _server, _executor  # noqa: PLW0603
    with _server_lock:
        if _executor is not None:
            _executor.shutdown(wait=False, cancel_futures=True)
            _executor = None
        if _server is not None:
            _server.close()
            _server = None


atexit.register(shutdown)


def block_timeout(block: Block) -> float:
    return float(block.options.get("timeout", settings.current().timeout))


def _describe_end(how: str, value: int) -> str:
    if how == "signal":
        name = signal.Signals(value).name if value in signal.Signals._value2member_map_ else str(value)
        hint = " (out of memory?)" if value == signal.SIGKILL else ""
        return f"the block ended the process (killed by {name}{hint})"
    return f"the block ended the process (exit code {value})"


def run_blocks(path: str, blocks: list[Block]) -> list[Outcome]:
    """Run a page's blocks in order in a fresh page process; one Outcome per block."""
    if not blocks:
        return []
    sock = server().connect()
    outcomes: list[Outcome] = []
    start_timeout = settings.current().start_timeout
    try:
        job = {"root": str(settings.current().root), "path": path, "blocks": [dataclasses.asdict(b) for b in blocks]}
        sock.sendall(json.dumps(job).encode("utf8") + b"\n")
        reader = sock.makefile("rb")
        pid = None
        current: int | None = None
        deadline = time.monotonic() + start_timeout
        ended: str | None = None
        finished = False  # the page process said "end": it ran what it could
        while True:
            sock.settimeout(max(0.0, deadline - time.monotonic()))
            try:
                line = reader.readline()
            except TimeoutError:
                if pid is not None:
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGKILL)
                if current is None:
                    ended = f"{path}: the page process did not start within {start_timeout:.0f} s"
                else:
                    limit = block_timeout(blocks[current])
                    ended = (f"{blocks[current].where()}: the block ran longer than {limit:g} s and was stopped"
                             f" (give it more with timeout=\"...\" if it needs it)")
                break
            if not line:
                ended = ended or f"{path}: the page process ended without saying how"
                break
            kind, *rest = json.loads(line)
            if kind == "pid":
                pid = rest[0]
            elif kind == "start":
                current = rest[0]
                deadline = time.monotonic() + block_timeout(blocks[current])
            elif kind in {"ok", "fail"}:
                outcomes.append(Outcome(kind == "ok", rest[1]))
                current = None
                deadline = time.monotonic() + start_timeout
            elif kind == "end":
                current, finished = None, True
            elif kind == "exit":
                how, value = rest
                if not finished or (how, value) != ("code", 0):
                    at = blocks[current].where() if current is not None else path
                    ended = f"{at}: {_describe_end(how, value)}"
                break
    finally:
        sock.close()
    if ended is not None and len(outcomes) < len(blocks):
        outcomes.append(Outcome(False, ended))
    while len(outcomes) < len(blocks):
        outcomes.append(Outcome(False, f"{blocks[len(outcomes)].where()}: not run: an earlier block of the page ended it"))
    return outcomes


def ahead_threads() -> int:
    """How many pages run at once ahead of the build: a core each, but for the one MkDocs'
    own thread needs the whole build (it converts and renders every page, and no longer waits
    for outputs: :mod:`docexec.render.placeholders`); measured in PERFORMANCE.md."""
    return max(1, (os.cpu_count() or 2) - 1)


def submit(path: str, blocks: list[Block]) -> concurrent.futures.Future:
    """Run a page ahead, on one of :func:`ahead_threads` threads; the Future holds its Outcomes."""
    global _executor  # noqa: PLW0603
    with _server_lock:
        if _executor is None:
            _executor = concurrent.futures.ThreadPoolExecutor(max_workers=ahead_threads(),
                                                              thread_name_prefix="docexec")
        executor = _executor
    return executor.submit(run_blocks, path, blocks)


def run_page(text: str, path: str, line_offset: int = 0) -> list[tuple[Block, Outcome]]:
    """Every executed block of a page with its Outcome, run in one fresh page process."""
    blocks = executed_blocks(text, path, line_offset)
    return list(zip(blocks, run_blocks(path, blocks), strict=True))


class Ahead:
    """The pages one build started running ahead (:meth:`start`), collected by :meth:`take`."""

    def __init__(self) -> None:
        self._runs: dict[str, tuple[list[Block], concurrent.futures.Future]] = {}

    def start(self, path: str, blocks: list[Block]) -> None:
        """Start running a page now (the build does, for every page)."""
        if path in self._runs and self._runs[path][0] == blocks:
            return
        self._runs[path] = (list(blocks), submit(path, blocks))

    def pending(self, path: str, blocks: list[Block]) -> bool:
        """True while a page run ahead with exactly these blocks has not finished (:meth:`take`
        would wait for it)."""
        ran, future = self._runs.get(path, (None, None))
        return future is not None and ran == blocks and not future.done()

    def take(self, path: str, blocks: list[Block]) -> list[Outcome]:
        """The Outcomes of a page run ahead with exactly these blocks, else a run now."""
        ran, future = self._runs.pop(path, (None, None))
        if future is not None and ran == blocks:
            return future.result()
        if future is not None:
            future.cancel()
        return run_blocks(path, blocks)

    def cancel(self) -> None:
        """Drop every page not yet collected (the build is over or replaced)."""
        for _, future in self._runs.values():
            future.cancel()
        self._runs.clear()
