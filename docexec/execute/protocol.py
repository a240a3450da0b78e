"""protocol: what the parent believes of a page process, one message at a time.

A page process runs the page's code, so everything it sends is a claim to check. One
:class:`PageProtocol` per page run takes each line the page sent on its data socket
(:meth:`~PageProtocol.line`), the server's report of how the process ended, sent on a socket
the page never holds (:meth:`~PageProtocol.exit`), a passed deadline (:meth:`~PageProtocol.timeout`)
and returns one :class:`Outcome` per block (:meth:`~PageProtocol.outcomes`). It believes one
``start`` and one ``ok``/``fail`` per block, with that block's index, in order (``names`` in
between), then ``end``, then a clean exit that the server saw; every output is screened here
(:mod:`screen`), where the page cannot reach. Anything else fails the page, and
:attr:`~PageProtocol.stop` tells the caller to have the server stop it. No I/O: the page pool
(:mod:`docexec.execute.pool`) feeds it lines cut by :class:`Lines`, its tests scripted messages.

May not touch: sockets, processes, rendering. Input: messages; output: one Outcome per block.
"""

from __future__ import annotations

import json
import signal
from collections.abc import Callable

from docexec.execute import names
from docexec.execute.outcome import Outcome
from docexec.page.blocks import Block

TOO_LONG = b""  # what the reader passes for a line longer than any output may be (read to its end, dropped)
AFTER_END = 5.0  # seconds a page process may take to exit after its last message, and the server to report it

Spans = tuple[tuple[int, int, int, str], ...]


def describe_end(how: str, value: int, stopped: str | None = None) -> str:
    """How the server saw a page process end, as a message names it."""
    if stopped == "time":
        return "the page ran past its time limit and was stopped by the page server"
    if how == "signal":
        name = signal.Signals(value).name if value in signal.Signals._value2member_map_ else str(value)
        hint = " (out of memory?)" if value == signal.SIGKILL else ""
        return f"the block ended the process (killed by {name}{hint})"
    return f"the block ended the process (exit code {value})"


def spans(value: object) -> Spans | None:
    """A ``names`` message checked: at most 2,000 (line, start, end, name) spans, each name a
    public torch path (what a page sends cannot become anything but a link it names)."""
    if not isinstance(value, list) or len(value) > 2000:
        return None
    found = []
    for span in value:
        if not (isinstance(span, list) and len(span) == 4 and all(type(n) is int and 0 <= n < 10**6 for n in span[:3])
                and isinstance(span[3], str) and len(span[3]) < 200 and names.PUBLIC.match(span[3])):
            return None
        found.append((span[0], span[1], span[2], span[3]))
    return tuple(found)


class Lines:
    """Lines out of a byte stream, with a size limit: a line longer than ``limit`` bytes is read
    to its end and given as :data:`TOO_LONG`, never held whole."""

    def __init__(self, limit: int) -> None:
        self.limit, self.buffer, self.dropping = limit, bytearray(), False

    def feed(self, chunk: bytes) -> list[bytes]:
        found = []
        self.buffer += chunk
        while (end := self.buffer.find(b"\n")) >= 0:
            line, self.buffer = bytes(self.buffer[:end + 1]), self.buffer[end + 1:]
            found.append(TOO_LONG if self.dropping else line)
            self.dropping = False
        if len(self.buffer) > self.limit:
            self.buffer.clear()
            self.dropping = True
        return found


class PageProtocol:
    """One page run as the parent sees it. ``screened(block, ok, text)`` makes a block's result
    an Outcome (the pool's output checks); ``timeouts``: seconds for the page to start, and per
    block; ``total``: the characters the page may send in all."""

    def __init__(self, path: str, blocks: list[Block], screened: Callable[[Block, bool, str], Outcome],
                 start_timeout: float, block_timeout: Callable[[Block], float], limit: Callable[[Block], int],
                 total: int) -> None:
        self.path, self.blocks, self.screened = path, blocks, screened
        self.start_timeout, self.block_timeout, self.limit, self.total = start_timeout, block_timeout, limit, total
        self.results: list[Outcome] = []
        self.current: int | None = None  # the block running now
        self.named: Spans = ()  # what the running block's code names
        self.finished = False  # the page process said "end": it ran what it could
        self.ended: str | None = None  # how the page ended, when not cleanly (first reason kept)
        self.broken: str | None = None  # the page broke the protocol: the whole page fails
        self.stop = False  # the caller should have the server stop the page process
        self.done = False  # the server reported its end: nothing more to wait for
        self.received = 0  # bytes of every line
        self.held = 0  # characters of every result
        self.seconds = start_timeout  # until the next message is due, from now

    def _broke(self, detail: str) -> None:
        if self.broken is None and self.ended is None:
            self.broken = (f"{self.path}: the page process sent {detail}; a block may not write to its page's socket"
                           " (the page fails: the parent believes one result per block, in order)")
        self.stop, self.seconds = True, AFTER_END

    def line(self, raw: bytes) -> None:
        """One line the page process sent (:data:`TOO_LONG` for one over the size limit)."""
        if self.stop:
            return
        self.received += len(raw)
        if self.received > self.total * 12 + 4096:  # JSON escapes a character in up to 12 bytes
            self._broke(f"more than its outputs may hold in all ({self.total:,} characters: page_output)")
            return
        if raw is TOO_LONG:
            if self.current is None:
                self._broke("a message over the size limit")
                return
            block = self.blocks[self.current]
            self.results.append(Outcome(False, f"{block.where()}: the output is over the limit of {self.limit(block):,}"
                                               " characters (print less, or give it more with max_output=\"...\" if a"
                                               " reader needs it all)"))
            self.current, self.seconds = None, self.start_timeout
            return
        try:
            kind, *rest = json.loads(raw)
        except (ValueError, TypeError):
            kind, rest = "(not a message)", []
        handler = {"start": self._start, "names": self._names, "ok": self._result, "fail": self._result,
                   "end": self._end}.get(kind) if isinstance(kind, str) else None
        if handler is None or not handler(kind, rest):
            known = kind in {"start", "names", "ok", "fail", "end"}
            self._broke(f"{kind!r} {rest!r}"[:2000] + (" out of order" if known else ""))

    def _start(self, _kind: str, rest: list) -> bool:
        expected = len(self.results)
        if self.current is not None or self.finished or rest != [expected] or expected >= len(self.blocks):
            return False
        self.current, self.named = expected, ()
        self.seconds = self.block_timeout(self.blocks[expected])
        return True

    def _names(self, _kind: str, rest: list) -> bool:
        if self.current is None or len(rest) != 2 or rest[0] != self.current or (found := spans(rest[1])) is None:
            return False
        self.named = found
        return True

    def _result(self, kind: str, rest: list) -> bool:
        if self.current is None or len(rest) != 2 or rest[0] != self.current or not isinstance(rest[1], str):
            return False
        self.held += len(rest[1])
        if self.held > self.total:
            self._broke(f"more than its outputs may hold in all ({self.total:,} characters: page_output)")
            return True
        self.results.append(self.screened(self.blocks[self.current], kind == "ok", rest[1]))
        self.results[-1].names, self.named = self.named, ()
        self.current, self.seconds = None, self.start_timeout
        return True

    def _end(self, _kind: str, _rest: list) -> bool:
        if self.current is not None or self.finished:
            return False
        self.finished, self.seconds = True, AFTER_END
        return True

    def timeout(self) -> None:
        """The deadline passed: the page process is stopped (or, once stopped, given up on)."""
        if self.stop:
            self.done = True
            self.ended = self.ended or f"{self.path}: the page server did not report the page's end"
            return
        if self.finished:
            self.ended = f"{self.path}: the page process went on after its last block (a block may not forge its end)"
        elif self.current is None:
            self.ended = f"{self.path}: the page process did not start within {self.start_timeout:.0f} s"
        else:
            block = self.blocks[self.current]
            self.ended = (f"{block.where()}: the block ran longer than {self.block_timeout(block):g} s and was stopped"
                          " (give it more with timeout=\"...\" if it needs it)")
        self.stop, self.seconds = True, AFTER_END

    def exit(self, report: object) -> None:
        """The server's report of the page process's end: ``["exit", how, value, stopped]``."""
        self.done = True
        if not (isinstance(report, list) and len(report) == 4 and report[0] == "exit" and report[1] in ("code", "signal")
                and type(report[2]) is int):
            self.ended = self.ended or f"{self.path}: the page server's report could not be read ({report!r:.80})"
            return
        _, how, value, stopped = report
        if not self.finished or (how, value) != ("code", 0) or stopped is not None:
            at = self.blocks[self.current].where() if self.current is not None else self.path
            self.ended = self.ended or f"{at}: {describe_end(how, value, stopped)}"

    def outcomes(self) -> list[Outcome]:
        """One Outcome per block: what was believed, then why the rest did not run."""
        if self.broken is not None:
            return [Outcome(False, self.broken)] + [Outcome(False, f"{b.where()}: not run: the page process broke the"
                                                                   " protocol") for b in self.blocks[1:]]
        results = list(self.results)
        if self.ended is not None and len(results) < len(self.blocks):
            results.append(Outcome(False, self.ended))
        elif self.ended is not None and results:  # every block reported, and then the page did not end cleanly
            results[-1] = Outcome(False, self.ended)
        while len(results) < len(self.blocks):
            results.append(Outcome(False, f"{self.blocks[len(results)].where()}: not run: an earlier block of the page"
                                          " ended it"))
        return results
