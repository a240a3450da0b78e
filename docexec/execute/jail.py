"""jail: one command confined as a page process is, for what runs page code outside the page server.

``python -m docexec.execute.jail [--write FOLDER]... -- COMMAND ARG...`` runs COMMAND in new
namespaces and a skeleton root (:func:`docexec.execute.sandbox.isolate`), PID 1 of a namespace
of its own, confined (:func:`docexec.execute.sandbox.confine`: its cgroup, limits, nobody or no
capabilities, Landlock), with the fixed page environment and a tmpfs folder; the FOLDERs are
bound writable at their paths (the tests' Jupyter kernel puts its sockets and connection file
there). The tests start their cold Jupyter kernel through it: a notebook's code runs as confined
as the page it comes from.

May not touch: anything but the process it starts (and, in the server role, its cgroup).
"""

from __future__ import annotations

import os
import sys

from docexec.execute import sandbox, servers
from docexec.execute.skeleton import HOME

MEMORY, DISK, SECONDS, PROCESSES = 4 << 30, 512 << 20, 3600, 64


def main(argv: list[str]) -> None:
    write: list[str] = []
    while argv and argv[0] == "--write":
        write.append(os.path.realpath(argv[1]))
        argv = argv[2:]
    if not argv or argv[0] != "--" or len(argv) < 2:
        sys.exit("usage: python -m docexec.execute.jail [--write FOLDER]... -- COMMAND ARG...")
    command = argv[1:]
    folder = sandbox.mount_point("jail")
    env = {**servers.page_environment(), "HOME": HOME, "TMPDIR": HOME}
    isolation = sandbox.isolate(folder, os.path.basename(folder), write)
    if isolation is None:
        sys.exit(f"docexec jail: no namespaces here: {' '.join(command)} not run")
    procs = isolation.cgroups.make(1, MEMORY, PROCESSES) if isolation.cgroups is not None else []
    sandbox.confine(HOME, MEMORY, DISK, SECONDS, procs, write)
    sandbox.die_with_parent()  # again: becoming nobody cleared it
    os.execve(command[0], command, env)


if __name__ == "__main__":
    main(sys.argv[1:])
