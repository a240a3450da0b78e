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
import re
import selectors
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Literal

from docexec.core import settings
from docexec.core.errors import DocExecError
from docexec.execute import limits, protocol, sandbox, screen
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


PASSED_ENV = ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")  # set on CPUs where older OpenBLAS builds miscompute
SHARED_ENV = "DOCEXEC_SERVER"  # the UNIX socket of a shared warm server (see listen(); the server setting)
__all__ = ["Outcome", "SHARED_ENV", "Ahead", "listen", "run_blocks", "run_page", "server", "shutdown", "submit"]


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


def _header(blocks: list[Block]) -> bytes:
    """What a request asks of the server for a page: its memory, disk and time in all (clamped there)."""
    conf = settings.current()
    gib = max([conf.memory_limit, *(float(b.options["memory"]) for b in blocks if "memory" in b.options)])
    seconds = conf.start_timeout + sum(block_timeout(b) for b in blocks) + protocol.AFTER_END
    return json.dumps({"memory": int(gib * 2**30), "disk": conf.page_disk * 2**20, "seconds": seconds,
                       "processes": conf.page_processes}).encode()


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

    def __init__(self) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        self.folder = _Folder()
        self.process = _start_worker("--fd", str(theirs.fileno()), self.folder.path, self.folder.name,
                                     pass_fds=[theirs.fileno()])
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
            if _server is not None:
                _server.close()  # dead: what it left behind goes
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


def _limit(block: Block) -> int:
    return int(block.options.get("max_output", settings.current().max_output))


# A failure that ran out of memory: the block raised MemoryError or torch's OutOfMemoryError (run.py
# words it "unexpected X" or "... but the block raised X"), torch's allocator or the kernel refused.
_OUT_OF_MEMORY = re.compile(r"^\S+: (?:unexpected |expected \S+ but the block raised )(?:MemoryError|torch\.OutOfMemoryError)\b"
                            r"|DefaultCPUAllocator: can't allocate memory|\[Errno 12\] Cannot allocate memory")


def _memory_hint(text: str, gib: float) -> str:
    if _OUT_OF_MEMORY.search(text):
        return text + f" (out of memory: a page may use {gib:g} GiB; memory=\"...\" on a block raises its page's limit)"
    return text


def run_blocks(path: str, blocks: list[Block]) -> list[Outcome]:
    """Run a page's blocks in order in a fresh page process; one Outcome per block. What the
    page sends is judged by a :class:`~docexec.execute.protocol.PageProtocol`; this function
    only moves bytes and keeps the deadlines."""
    if not blocks:
        return []
    conf = settings.current()
    confinement()
    machine = machine_paths()
    header = _header(blocks)
    gib = json.loads(header)["memory"] / 2**30
    judge = protocol.PageProtocol(
        path, blocks, lambda block, ok, text: _screened(block, ok, text, conf, machine, gib), conf.start_timeout,
        block_timeout, _limit, conf.page_output)
    control, data = server().connect(header)
    longest = max(map(_limit, blocks))
    try:
        data.sendall(json.dumps({"path": path, "blocks": [dataclasses.asdict(b) for b in blocks]}).encode("utf8") + b"\n")
        _exchange(judge, control, data, _Lines(longest * 12 + 4096))
    finally:
        control.close()
        data.close()
    return judge.outcomes()


def _exchange(judge: protocol.PageProtocol, control: socket.socket, data: socket.socket, lines: _Lines) -> None:
    """Feed ``judge`` what the page sends and what the server reports, until the server reported the
    end; ask the server to stop the page when the judge says so (a deadline, a broken protocol)."""
    with selectors.DefaultSelector() as selector:
        selector.register(data, selectors.EVENT_READ, "data")
        selector.register(control, selectors.EVENT_READ, "control")
        reports = _Lines(4096)
        deadline = time.monotonic() + judge.seconds
        asked = False
        while not judge.done:
            if judge.stop and not asked:
                with contextlib.suppress(OSError):
                    control.sendall(b"stop\n")
                asked = True
            events = selector.select(max(0.0, deadline - time.monotonic()))
            if not events and time.monotonic() >= deadline:
                judge.timeout()
                deadline = time.monotonic() + judge.seconds
                continue
            for key, _ in events:
                try:
                    chunk = key.fileobj.recv(1 << 20)  # type: ignore[union-attr]
                except ConnectionResetError:  # the page ended without reading all it was sent
                    chunk = b""
                if key.data == "control":
                    for report in reports.feed(chunk):
                        judge.exit(_json(report))
                    if not chunk and not judge.done:
                        judge.exit("the page server closed the connection")
                    continue
                if not chunk:
                    selector.unregister(data)
                    continue
                before = (judge.seconds, len(judge.results), judge.current, judge.finished, judge.stop)
                for line in lines.feed(chunk):
                    judge.line(line)
                if (judge.seconds, len(judge.results), judge.current, judge.finished, judge.stop) != before:
                    deadline = time.monotonic() + judge.seconds


def _json(line: bytes) -> object:
    try:
        return json.loads(line)
    except ValueError:
        return line[:80]


class _Lines:
    """Lines out of a byte stream, with a size limit: a line longer than ``limit`` bytes is read
    to its end and given as :data:`protocol.TOO_LONG`, never held whole."""

    def __init__(self, limit: int) -> None:
        self.limit, self.buffer, self.dropping = limit, bytearray(), False

    def feed(self, chunk: bytes) -> list[bytes]:
        found = []
        self.buffer += chunk
        while (end := self.buffer.find(b"\n")) >= 0:
            line, self.buffer = bytes(self.buffer[:end + 1]), self.buffer[end + 1:]
            found.append(protocol.TOO_LONG if self.dropping else line)
            self.dropping = False
        if len(self.buffer) > self.limit:
            self.buffer.clear()
            self.dropping = True
        return found


def machine_paths() -> set[str]:
    """The paths of this machine no output may show (:func:`docexec.execute.screen.output`): the
    project, the venv, the interpreter it was made from, the home, the pages' folders, each
    also as its real path (a checkout or a venv under a symlink)."""
    conf = settings.current()
    paths = {str(conf.root), sys.prefix, sys.exec_prefix, sys.base_prefix, sys.base_exec_prefix, str(Path.home()),
             str(Path(tempfile.gettempdir()) / "docexec-pages-")}
    return paths | {os.path.realpath(p) for p in paths}


def _screened(block: Block, ok: bool, text: str, conf: settings.Settings, machine: set[str], gib: float) -> Outcome:
    """A block's result as the page will show it, checked here, where the page cannot reach."""
    limit = int(block.options.get("max_output", conf.max_output))
    if not ok:
        return Outcome(False, _memory_hint(screen.message(text, limit), gib))
    try:
        text = screen.output(text, block.where(), limit, machine)
        if block.inline:  # shown inside a line of prose: one line, whatever the page process sent
            text = screen.one_line(text)
        if block.options.get("result") == "svg":  # published as written anew here, not as printed
            text = screen.svg(text, block.where())
        elif block.options.get("result") == "backward":
            text = screen.backward(text, block.where())
    except DocExecError as exc:
        return Outcome(False, str(exc))
    return Outcome(True, text)


def page_environment() -> dict[str, str]:
    """The environment of every page process (its HOME and TMPDIR are added: its own folder)."""
    env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "PYTHONPATH": str(settings.PACKAGE_ROOT), **WORKER_ENV}
    env.update({k: os.environ[k] for k in PASSED_ENV if k in os.environ})
    return env


_warned: list[str] = []


def confinement() -> bool:
    """Whether pages run confined here, checked once a process: where the kernel cannot confine
    at all (macOS, an old kernel) one line says so and pages run unconfined, so authors can still
    preview; where a layer of the sandbox does not hold (:mod:`docexec.execute.report`, observed
    by a probe page), one line names it. Under ``CI=true`` either fails."""
    if _warned:
        return _warned[0] == ""
    reason = sandbox.status()
    _warned.append("" if reason is None else reason)
    ci = os.environ.get("CI") == "true"
    if reason is not None:
        if ci:
            raise DocExecError(f"pages cannot be confined here: {reason}; under CI=true every page runs confined"
                               " (Linux with Landlock ABI >= 4)")
        print(f"docexec: pages run unconfined: {reason}", file=sys.stderr)
        return False
    from docexec.execute import report

    gone = report.missing(report.layers(report.observe(run_blocks)))
    if gone:
        said = ", ".join(f"{layer.name} (needs {layer.needs})" for layer in gone)
        if ci:
            raise DocExecError(f"the page sandbox lacks: {said}; under CI=true every layer holds"
                               " (python -m docexec sandbox-report)")
        print(f"docexec: pages run confined, but without: {said}", file=sys.stderr)
    return True


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

    def wait(self, path: str) -> tuple[list[Block], list[Outcome]] | None:
        """The blocks and Outcomes of a page run ahead and not yet taken, once it has finished
        (it stays to be taken); None for a page not run ahead."""
        ran, future = self._runs.get(path, (None, None))
        return None if ran is None or future is None or future.cancelled() else (ran, future.result())

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
