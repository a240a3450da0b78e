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
import shutil
import signal
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
from docexec.execute import names, sandbox, screen
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


def _start_worker(*args: str, **popen: Any) -> subprocess.Popen:
    """``python -m docexec.execute.worker ARGS`` with the fixed worker environment (not the caller's)."""
    package_parent = str(settings.PACKAGE_ROOT)
    env = page_environment()
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
        self.folder = tempfile.mkdtemp(prefix="docexec-pages-")  # its pages' folders; removed here too
        self.process = _start_worker(str(theirs.fileno()), self.folder, pass_fds=[theirs.fileno()])
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
        shutil.rmtree(self.folder, ignore_errors=True)  # the server's job, unless it was killed


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


def _describe_end(how: str, value: int) -> str:
    if how == "signal":
        name = signal.Signals(value).name if value in signal.Signals._value2member_map_ else str(value)
        hint = " (out of memory?)" if value == signal.SIGKILL else ""
        return f"the block ended the process (killed by {name}{hint})"
    return f"the block ended the process (exit code {value})"


class _Lines:
    """The lines a page process sends, read with a deadline and a size limit (a line longer than
    ``limit`` bytes is read to its end and dropped: :data:`TOO_LONG`)."""

    TOO_LONG = b""

    def __init__(self, sock: socket.socket, limit: int) -> None:
        self.sock, self.limit, self.buffer = sock, limit, bytearray()
        self.dropping = False

    def next(self, deadline: float) -> bytes | None:
        """The next line, :data:`TOO_LONG`, or None at the end; TimeoutError at ``deadline``."""
        while True:
            end = self.buffer.find(b"\n")
            if end >= 0:
                line, self.buffer = bytes(self.buffer[:end + 1]), self.buffer[end + 1:]
                if self.dropping:
                    self.dropping = False
                    return self.TOO_LONG
                return line
            if len(self.buffer) > self.limit:
                self.buffer.clear()
                self.dropping = True
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            self.sock.settimeout(remaining)
            try:
                data = self.sock.recv(1 << 20)
            except TimeoutError:
                raise TimeoutError from None
            if not data:
                return None
            self.buffer += data


def _stop(pid: int | None) -> bool:
    """Kill a page process (the server then kills what it started and reports it); True."""
    if pid is not None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    return True


def _protocol(path: str, detail: str) -> str:
    return (f"{path}: the page process sent {detail}; a block may not write to its page's socket"
            " (the page fails: the parent believes one result per block, in order)")


# A failure that ran out of memory: the block raised MemoryError or torch's OutOfMemoryError (run.py
# words it "unexpected X" or "... but the block raised X"), torch's allocator or the kernel refused.
_OUT_OF_MEMORY = re.compile(r"^\S+: (?:unexpected |expected \S+ but the block raised )(?:MemoryError|torch\.OutOfMemoryError)\b"
                            r"|DefaultCPUAllocator: can't allocate memory|\[Errno 12\] Cannot allocate memory")


def _memory_hint(text: str, gib: float) -> str:
    if _OUT_OF_MEMORY.search(text):
        return text + f" (out of memory: a page may use {gib:g} GiB; memory=\"...\" on a block raises its page's limit)"
    return text


def _job(path: str, blocks: list[Block]) -> dict[str, Any]:
    """What a page process is told: its blocks and its limits. Whether it is confined is the
    server's to decide (a job cannot ask for less); here an unconfined run warns, or fails under CI."""
    conf = settings.current()
    confinement()
    gib = max([conf.memory_limit, *(float(b.options["memory"]) for b in blocks if "memory" in b.options)])
    return {
        "path": path, "blocks": [dataclasses.asdict(b) for b in blocks], "env": page_environment(),
        "memory": int(gib * 2**30), "file_size": conf.page_disk * 2**20,
        "readable": [sys.prefix, sys.base_prefix, str(conf.snippets), str(settings.PACKAGE_ROOT / "docexec")],
    }


def run_blocks(path: str, blocks: list[Block]) -> list[Outcome]:
    """Run a page's blocks in order in a fresh page process; one Outcome per block.

    Only what the parent checks is believed: one "start" and one result per block, in order,
    then "end"; anything else fails the page. Each output is screened here (:mod:`screen`)."""
    if not blocks:
        return []
    conf = settings.current()
    job = _job(path, blocks)
    machine = machine_paths()
    longest = max(int(b.options.get("max_output", conf.max_output)) for b in blocks)
    sock = server().connect()
    outcomes: list[Outcome] = []
    start_timeout = conf.start_timeout
    try:
        sock.sendall(json.dumps(job).encode("utf8") + b"\n")
        lines = _Lines(sock, longest * 12 + 4096)  # JSON escapes a character in up to 12 bytes
        pid = None
        current: int | None = None
        deadline = time.monotonic() + start_timeout
        ended: str | None = None
        broken: str | None = None  # the page process broke the protocol: the whole page fails
        finished = False  # the page process said "end": it ran what it could
        named: tuple[tuple[int, int, int, str], ...] = ()  # what the running block's code names (names.py)
        stopped = False  # killed here (timeout, protocol): wait for the server to say it is gone
        while True:
            try:
                line = lines.next(deadline)
            except TimeoutError:
                if stopped:
                    break
                if pid is not None:
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGKILL)
                if current is None:
                    ended = f"{path}: the page process did not start within {start_timeout:.0f} s"
                else:
                    limit = block_timeout(blocks[current])
                    ended = (f"{blocks[current].where()}: the block ran longer than {limit:g} s and was stopped"
                             f" (give it more with timeout=\"...\" if it needs it)")
                stopped, deadline = True, time.monotonic() + 10  # until the server reports it gone
                continue
            if line is None:
                ended = ended or f"{path}: the page process ended without saying how"
                break
            if line is _Lines.TOO_LONG:  # longer than any output the page may print: that block fails
                if current is not None and not stopped:
                    limit = int(blocks[current].options.get("max_output", conf.max_output))
                    outcomes.append(Outcome(False, f"{blocks[current].where()}: the output is over the limit of"
                                                   f" {limit:,} characters (print less, or give it more with"
                                                   f" max_output=\"...\" if a reader needs it all)"))
                    current = None
                    deadline = time.monotonic() + start_timeout
                elif not stopped:
                    broken = _protocol(path, "a message over the size limit")
                    stopped, deadline = _stop(pid), time.monotonic() + 10
                continue
            try:
                kind, *rest = json.loads(line)
            except (ValueError, TypeError):
                kind, rest = "(not a message)", []
            if stopped and kind != "exit":
                continue
            expected = len(outcomes)
            if kind == "pid" and pid is None and len(rest) == 1 and isinstance(rest[0], int):
                pid = rest[0]
            elif kind == "start" and pid is not None and current is None and not finished and rest == [expected] \
                    and expected < len(blocks):
                current, named = expected, ()
                deadline = time.monotonic() + block_timeout(blocks[current])
            elif kind == "names" and current is not None and len(rest) == 2 and rest[0] == current \
                    and (spans := _spans(rest[1])) is not None:
                named = spans
            elif kind in {"ok", "fail"} and current is not None and len(rest) == 2 and rest[0] == current \
                    and isinstance(rest[1], str):
                outcomes.append(_screened(blocks[current], kind == "ok", rest[1], conf, machine, job["memory"] / 2**30))
                outcomes[-1].names, named = named, ()
                current = None
                deadline = time.monotonic() + start_timeout
            elif kind == "end" and current is None and pid is not None and not finished:
                finished = True
            elif kind == "exit" and len(rest) == 2:
                how, value = rest
                if not finished or (how, value) != ("code", 0):
                    at = blocks[current].where() if current is not None else path
                    ended = ended or f"{at}: {_describe_end(how, value)}"
                break
            else:
                known = kind in {"pid", "start", "names", "ok", "fail", "end"}
                broken = _protocol(path, f"{kind!r} {rest!r}"[:200] + (" out of order" if known else ""))
                stopped, deadline = _stop(pid), time.monotonic() + 10
    finally:
        sock.close()
    if broken is not None:
        return [Outcome(False, broken)] + [Outcome(False, f"{b.where()}: not run: the page process broke the protocol")
                                           for b in blocks[1:]]
    if ended is not None and len(outcomes) < len(blocks):
        outcomes.append(Outcome(False, ended))
    while len(outcomes) < len(blocks):
        outcomes.append(Outcome(False, f"{blocks[len(outcomes)].where()}: not run: an earlier block of the page ended it"))
    return outcomes


def machine_paths() -> set[str]:
    """The paths of this machine no output may show (:func:`docexec.execute.screen.output`): the
    project, the venv, the interpreter it was made from, the home, the pages' folders, each
    also as its real path (a checkout or a venv under a symlink)."""
    conf = settings.current()
    paths = {str(conf.root), sys.prefix, sys.exec_prefix, sys.base_prefix, sys.base_exec_prefix, str(Path.home()),
             str(Path(tempfile.gettempdir()) / "docexec-pages-")}
    return paths | {os.path.realpath(p) for p in paths}


def _spans(value: object) -> tuple[tuple[int, int, int, str], ...] | None:
    """A page's ``names`` message checked: at most 2,000 (line, start, end, name) spans, each
    name a public torch path (what a page sends cannot become anything but a link it names)."""
    if not isinstance(value, list) or len(value) > 2000:
        return None
    spans = []
    for span in value:
        if not (isinstance(span, list) and len(span) == 4 and all(type(n) is int and 0 <= n < 10**6 for n in span[:3])
                and isinstance(span[3], str) and len(span[3]) < 200 and names.PUBLIC.match(span[3])):
            return None
        spans.append((span[0], span[1], span[2], span[3]))
    return tuple(spans)


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
    """Whether pages run confined here. Where the kernel cannot (macOS, an old kernel) one line
    says so and pages run unconfined, so authors can still preview; under ``CI=true`` that fails."""
    reason = sandbox.status()
    if reason is None:
        if (gap := sandbox.gaps()) is not None and gap not in _warned:
            _warned.append(gap)
            print(f"docexec: pages run confined, but {gap}", file=sys.stderr)
        return True
    if os.environ.get("CI") == "true":
        raise DocExecError(f"pages cannot be confined here: {reason}; under CI=true every page runs confined"
                           " (Linux with Landlock ABI >= 4)")
    if reason not in _warned:
        _warned.append(reason)
        print(f"docexec: pages run unconfined: {reason}", file=sys.stderr)
    return False


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
