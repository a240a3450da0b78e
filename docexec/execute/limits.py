"""limits: what one page may use in all — memory, processes, CPU — held by a cgroup of its own.

Resource limits (``setrlimit``) hold one process at a time; a page that starts 300 processes
holds 300 times its limit. A cgroup holds the page's processes together: memory (no swap),
the number of processes and threads, one core of CPU. :func:`open_cgroups` finds where this
server may make cgroups — a cgroup v1 hierarchy it can write (root), or cgroup v2 below the
folder ``DOCEXEC_CGROUP`` names (delegated to the user, as the GitHub workflow does) or its own
cgroup's parent (root) — and :class:`Cgroups` makes one per page, removed when the page ends.

May not touch: any cgroup but the folders it made, and the calling process's own limits.
"""

from __future__ import annotations

import contextlib
import os
import resource
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

CONTROLLERS = ("memory", "pids", "cpu")
CGROUP_ENV = "DOCEXEC_CGROUP"  # a cgroup v2 folder this user may write (delegated), for the pages' cgroups


@dataclass
class Cgroups:
    """The server's own cgroup folder in each hierarchy, held by descriptors (the server no longer
    has the machine's paths once it is in its skeleton root); one child folder per page."""

    folders: dict[str, Path]  # controller -> the server's folder (named once, then opened)
    version: int
    fds: dict[Path, tuple[int, int]] = field(default_factory=dict)  # folder -> (its parent's fd, its fd)
    pages: dict[int, list[int]] = field(default_factory=dict)  # page -> the folder fds it has a child in

    def make(self, key: int, memory: int, processes: int) -> list[int]:
        """A cgroup for page ``key`` with its limits; the ``cgroup.procs`` files to join it,
        opened here (the page process writes 0, itself, into each before its first block)."""
        name, made, procs = f"p{key}", [], []
        for controller, folder in self.folders.items():
            fd = self.fds[folder][1]
            if fd in made:
                continue
            os.mkdir(name, dir_fd=fd)
            made.append(fd)
            limits: Sequence[tuple[str, object]]
            if self.version == 1:
                limits = {"memory": [("memory.limit_in_bytes", memory), ("memory.memsw.limit_in_bytes", memory)],
                          "pids": [("pids.max", processes)],
                          "cpu": [("cpu.cfs_period_us", 100_000), ("cpu.cfs_quota_us", 100_000)]}[controller]
            else:
                limits = [("memory.max", memory), ("memory.swap.max", 0), ("pids.max", processes),
                          ("cpu.max", "100000 100000")]
            for file, value in limits:
                with contextlib.suppress(FileNotFoundError):
                    limit = os.open(f"{name}/{file}", os.O_WRONLY, dir_fd=fd)
                    try:
                        os.write(limit, str(value).encode())
                    finally:
                        os.close(limit)
            procs.append(os.open(f"{name}/cgroup.procs", os.O_WRONLY, dir_fd=fd))
        self.pages[key] = made
        return procs

    def remove(self, key: int) -> None:
        """After page ``key`` ended (its processes are gone): its cgroups removed."""
        for fd in self.pages.pop(key, []):
            with contextlib.suppress(OSError):
                os.rmdir(f"p{key}", dir_fd=fd)

    def descriptors(self) -> set[int]:
        return {fd for pair in self.fds.values() for fd in pair}

    def close(self) -> None:
        for key in list(self.pages):
            self.remove(key)
        for folder in set(self.folders.values()):
            if folder in self.fds:
                parent, fd = self.fds.pop(folder)
                os.close(fd)
                with contextlib.suppress(OSError):
                    os.rmdir(folder.name, dir_fd=parent)
                os.close(parent)
            else:  # made, then the next step failed (before it could be opened)
                with contextlib.suppress(OSError):
                    folder.rmdir()


def join(procs: list[int]) -> None:
    """In a page process: move itself into its cgroups (``0`` is the writer), then close them."""
    for fd in procs:
        os.write(fd, b"0")
        os.close(fd)


def _mounts() -> list[tuple[str, str, str]]:
    """(mount point, file system type, super options) of each cgroup mount of this machine."""
    found = []
    for line in Path("/proc/self/mountinfo").read_text().splitlines():
        fields = line.split()
        sep = fields.index("-")
        if fields[sep + 1] in ("cgroup", "cgroup2") and fields[3] == "/":
            found.append((fields[4], fields[sep + 1], fields[sep + 3]))
    return found


def _folders(name: str, version: int) -> dict[str, Path] | None:
    """Where the server's cgroup folder ``name`` goes, per controller: for cgroup v1 in each
    hierarchy of memory, pids and cpu below this process's own cgroup; for v2 below
    ``DOCEXEC_CGROUP``, else beside this process's own cgroup (root may write there)."""
    own = {}
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        for controller in controllers.split(",") if controllers else [""]:
            own[controller] = path
    if version == 1:
        mounts = {option: point for point, kind, options in _mounts() if kind == "cgroup" for option in options.split(",")}
        if not all(c in mounts and c in own for c in CONTROLLERS):
            return None
        return {c: Path(mounts[c] + own[c].rstrip("/")) / name for c in CONTROLLERS}
    point = next((p for p, kind, _ in _mounts() if kind == "cgroup2"), None)
    base = os.environ.get(CGROUP_ENV) or (str(Path(point + own[""]).parent) if point and own.get("", "/") != "/" else None)
    if base is None or not set(CONTROLLERS) <= set((Path(base) / "cgroup.subtree_control").read_text().split()):
        return None
    return dict.fromkeys(CONTROLLERS, Path(base) / name)


def _made(groups: Cgroups) -> Cgroups | None:
    try:
        for folder in set(groups.folders.values()):
            folder.mkdir()
            groups.fds[folder] = (os.open(folder.parent, os.O_RDONLY | os.O_DIRECTORY),
                                  os.open(folder, os.O_RDONLY | os.O_DIRECTORY))
        if groups.version == 2:
            (next(iter(groups.folders.values())) / "cgroup.subtree_control").write_text(
                " ".join(f"+{c}" for c in CONTROLLERS))
    except OSError:
        groups.close()
        return None
    return groups


def open_cgroups(name: str) -> Cgroups | None:
    """The server's cgroup folders (named ``name``), or None where it may make none."""
    for version in (2, 1):
        with contextlib.suppress(OSError, ValueError, IndexError, KeyError):
            folders = _folders(name, version)
            if folders is not None and (groups := _made(Cgroups(folders, version))) is not None:
                return groups
    return None


def remove(name: str) -> None:
    """The cgroup folders named ``name`` and their pages' (all empty once their processes are
    gone), wherever :func:`open_cgroups` could have made them: what a server killed outright left."""
    for version in (2, 1):
        with contextlib.suppress(OSError, ValueError, IndexError, KeyError):
            for folder in set((_folders(name, version) or {}).values()):
                for child in folder.glob("p*"):
                    with contextlib.suppress(OSError):
                        child.rmdir()
                with contextlib.suppress(OSError):
                    folder.rmdir()


def set_rlimits(memory: int, disk: int, seconds: int) -> None:
    """Each process of the page: ``memory`` bytes of address space, files of at most ``disk``
    bytes, ``seconds`` of CPU time, no core files."""
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_FSIZE, (disk, disk))
    resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
