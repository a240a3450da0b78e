"""pool: run each page in a process of its own, forked from one warm server, in parallel.

:func:`run_blocks` runs one page's blocks (for the build, ``python -m docexec`` and the doc
tests alike) in a fresh process forked from the warm server (:mod:`docexec.execute.servers`),
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
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

from docexec.core import settings
from docexec.core.errors import DocExecError
from docexec.execute import confinement, protocol, screen, servers, variants
from docexec.execute.outcome import Outcome
from docexec.page import questions
from docexec.page.blocks import Block, executed_blocks

__all__ = ["Outcome", "Ahead", "run_blocks", "run_page", "shutdown", "start", "submit"]

_executor: concurrent.futures.ThreadPoolExecutor | None = None
_executor_lock = threading.Lock()


def start(shared: str | None) -> None:
    """Start the warm server now, in the background (the build does, as MkDocs loads the plugin)."""
    servers.server(shared)


def shutdown() -> None:
    """Stop the threads and the server (at exit, and before the package is reloaded)."""
    global _executor  # noqa: PLW0603
    with _executor_lock:
        if _executor is not None:
            _executor.shutdown(wait=False, cancel_futures=True)
            _executor = None
    servers.stop()


atexit.register(shutdown)


def _header(blocks: list[Block]) -> bytes:
    """What a request asks of the server for a page: its memory, disk and time in all (clamped there)."""
    conf = settings.current()
    gib = max([conf.memory_limit, *(float(b.options["memory"]) for b in blocks if "memory" in b.options)])
    seconds = conf.start_timeout + sum(block_timeout(b) for b in blocks) + protocol.AFTER_END
    return json.dumps({"memory": int(gib * 2**30), "disk": conf.page_disk * 2**20, "seconds": seconds,
                       "processes": conf.page_processes}).encode()


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
    blocks, fold = variants.expand(blocks)  # a question's distractors and value: run, then folded into it
    conf = settings.current()
    confinement.check(run_blocks)
    machine = machine_paths()
    header = _header(blocks)
    gib = json.loads(header)["memory"] / 2**30
    judge = protocol.PageProtocol(
        path, blocks, lambda block, ok, text: _screened(block, ok, text, conf, machine, gib), conf.start_timeout,
        block_timeout, _limit, conf.page_output)
    control, data = servers.server().connect(header)
    longest = max(map(_limit, blocks))
    try:
        data.sendall(json.dumps({"path": path, "blocks": [dataclasses.asdict(b) for b in blocks]}).encode("utf8") + b"\n")
        _exchange(judge, control, data, protocol.Lines(longest * 12 + 4096))
    finally:
        control.close()
        data.close()
    return fold(judge.outcomes())


def _exchange(judge: protocol.PageProtocol, control: socket.socket, data: socket.socket, lines: protocol.Lines) -> None:
    """Feed ``judge`` what the page sends and what the server reports, until the server reported the
    end; ask the server to stop the page when the judge says so (a deadline, a broken protocol)."""
    with selectors.DefaultSelector() as selector:
        selector.register(data, selectors.EVENT_READ, "data")
        selector.register(control, selectors.EVENT_READ, "control")
        reports = protocol.Lines(4096)
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
    if block.lang == questions.VARIANT:  # its output, error and value, each screened
        return variants.screened(block, text, lambda part: screen.output(part, block.where(), limit, machine))
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


def ahead_threads() -> int:
    """How many pages run at once ahead of the build: a core each, but for the one MkDocs'
    own thread needs the whole build (it converts and renders every page, and no longer waits
    for outputs: :mod:`docexec.render.placeholders`); measured in PERFORMANCE.md."""
    return max(1, (os.cpu_count() or 2) - 1)


def submit(path: str, blocks: list[Block]) -> concurrent.futures.Future:
    """Run a page ahead, on one of :func:`ahead_threads` threads; the Future holds its Outcomes."""
    global _executor  # noqa: PLW0603
    with _executor_lock:
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
