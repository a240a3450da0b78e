"""request: what a client may ask of the page server for one page, clamped, and how both reply.

A request is a JSON header (the page's memory, disk, seconds and processes) with the sockets of
one page process, sent by :mod:`docexec.execute.servers`. The server, not the client, decides the
maxima: whatever a request asks is clamped to them here, and a malformed one is refused with its
descriptors closed. Messages back (the page's results, the server's report of its end) are JSON,
one per line (:func:`send`): nothing is unpickled on either side.

May not touch: processes, files, MkDocs; it only reads a header and writes a line.
"""

from __future__ import annotations

import json
import os
import socket
from dataclasses import dataclass

MAX_MEMORY = 64 << 30  # what a request may ask for at most: a page's memory, disk and time
MAX_DISK = 4 << 30
MAX_SECONDS = 3600
MAX_PROCESSES = 4096  # processes and threads of one page at once (its cgroup's pids.max)


def send(sock: socket.socket, *message: object) -> None:
    sock.sendall(json.dumps(message).encode("utf8") + b"\n")


@dataclass
class Request:
    """What a client asks of the server for one page: limits (clamped here) and its two sockets."""

    control: socket.socket
    data: socket.socket
    memory: int
    disk: int
    seconds: float
    processes: int

    @classmethod
    def parse(cls, header: bytes, control: socket.socket, fds: list[int]) -> Request | None:
        try:
            asked = json.loads(header)
            memory, disk, seconds, processes = (asked[k] for k in ("memory", "disk", "seconds", "processes"))
            if not all(type(v) in (int, float) and v > 0 for v in (memory, disk, seconds, processes)) or len(fds) != 1:
                raise ValueError(asked)
        except (ValueError, KeyError, TypeError):
            for fd in fds:
                os.close(fd)
            return None
        return cls(control, socket.socket(fileno=fds[0]), min(int(memory), MAX_MEMORY), min(int(disk), MAX_DISK),
                   min(float(seconds), MAX_SECONDS), min(int(processes), MAX_PROCESSES))
