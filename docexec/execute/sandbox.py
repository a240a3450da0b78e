"""sandbox: what a page process may do, enforced by the kernel before its first block runs.

:func:`isolate` runs once, first thing in a page server: new user (unless root), mount, PID,
network, IPC and UTS namespaces, a :mod:`skeleton` root, and a cgroup folder for its pages
(:mod:`limits`); the process that called it stays outside and only waits. :func:`fork_page`
forks each page as PID 1 of a PID namespace of its own, and :func:`confine` confines it for
good before any of its code runs: its own mount namespace (procfs, a tmpfs folder, /dev/shm),
its cgroup, resource limits, a new session, the user ``nobody`` (root's pages) or no
capabilities, then Landlock (landlockpy): write only its folder, no TCP, no signal or abstract
socket beyond its own processes. What holds on this machine: ``python -m docexec sandbox-report`` (:mod:`report`).

May not touch: anything but the calling process's own namespaces, limits and ruleset, and (in
the server) the cgroups of its pages.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import signal
import sys
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass

from docexec.execute import limits, skeleton
from docexec.execute.skeleton import HOME, check, libc

MIN_ABI = 4  # filesystem rules and TCP bind/connect (Linux 6.7): below this, pages run unconfined

# Read (and run) only: what a page reads in its skeleton (the rest of it is mount points and devices).
SYSTEM_READ = (*skeleton.SYSTEM, "/proc", skeleton.CPU_INFO, "/etc", "/dev")
DEVICES_WRITE = tuple(f"/dev/{name}" for name in skeleton.DEVICES)

_CLONE_NEWNS, _CLONE_NEWUTS, _CLONE_NEWIPC = 0x00020000, 0x04000000, 0x08000000
_CLONE_NEWUSER, _CLONE_NEWPID, _CLONE_NEWNET = 0x10000000, 0x20000000, 0x40000000
_PR_SET_PDEATHSIG, _PR_CAPBSET_DROP = 1, 24


def status() -> str | None:
    """None when pages can be confined by Landlock here, else why not (one line)."""
    if not sys.platform.startswith("linux"):
        return f"{sys.platform} has no Landlock"
    try:
        import landlockpy
    except ImportError as exc:  # pragma: no cover - pinned in requirements.txt
        return f"landlockpy is not installed ({exc})"
    abi = landlockpy.abi_version()
    if abi < MIN_ABI:
        return f"this kernel's Landlock ABI is {abi} (0: none); confining pages needs {MIN_ABI} (Linux 6.7 or later)"
    return None


@dataclass
class Isolation:
    """What :func:`isolate` got for the server: namespaces, a skeleton root, cgroups."""

    root: bool  # the server is the machine's root (its pages become nobody)
    pid_ns: int  # a descriptor of the server's own PID namespace (each page gets a child of it)
    cgroups: limits.Cgroups | None
    why_not: str | None = None  # a layer missing here, in one line (layers() names them all)


ISOLATION: Isolation | None = None  # set in the server by isolate(); None: pages get Landlock only


def _namespaces() -> bool:
    """The calling process in new namespaces (user ones unless root); False if the kernel refuses."""
    uid, gid = os.getuid(), os.getgid()
    flags = _CLONE_NEWNS | _CLONE_NEWUTS | _CLONE_NEWIPC | _CLONE_NEWNET | _CLONE_NEWPID
    if uid != 0 or libc().unshare(flags) != 0:
        if libc().unshare(flags | _CLONE_NEWUSER) != 0:
            return False
        with contextlib.suppress(OSError), open("/proc/self/setgroups", "w") as f:
            f.write("deny")
        with open("/proc/self/uid_map", "w") as f:
            f.write(f"{uid} {uid} 1")
        with open("/proc/self/gid_map", "w") as f:
            f.write(f"{gid} {gid} 1")
    skeleton.mount(None, "/", None, skeleton.MS_REC | skeleton.MS_PRIVATE)
    return True


def _wait_for(child: int, parent: int, folder: str, name: str) -> None:
    """The caller of :func:`isolate` after the fork: it holds nothing, passes SIGTERM on (also
    when the process that started it is gone; a server that does not end within 5 s of it is
    killed), and exits as the server does (the server dies with it: PR_SET_PDEATHSIG), after
    removing what a server killed outright leaves: the skeleton's mount point, its cgroup folders."""
    import time

    os.closerange(3, os.sysconf("SC_OPEN_MAX"))
    asked: list[float] = []

    def stop(*_: object) -> None:
        asked.append(time.monotonic())
        with contextlib.suppress(ProcessLookupError):
            os.kill(child, signal.SIGTERM)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        pid, status = os.waitpid(child, os.WNOHANG)
        if pid:
            with contextlib.suppress(OSError):
                os.rmdir(folder)
            limits.remove(name)
            os._exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 1)
        if os.getppid() != parent and not asked:
            stop()
        if asked and time.monotonic() - asked[0] > 5:
            with contextlib.suppress(ProcessLookupError):
                os.kill(child, signal.SIGKILL)
        time.sleep(0.1)  # a poll on three conditions (the server's end, the starter's, a stop overdue), not a wait


def mount_point(kind: str) -> str:
    """An empty folder of the system's temporary folder for a server's skeleton root (named after
    its maker, ``docexec-KIND-PID-...``; its cgroups take the same name). Those of makers that are
    gone (a server killed outright leaves them) are removed first, with their cgroups."""
    temp = tempfile.gettempdir()
    for entry in os.scandir(temp):
        parts = entry.name.split("-")
        if len(parts) >= 4 and parts[0] == "docexec" and parts[2].isdigit() and entry.is_dir(follow_symlinks=False):
            try:
                os.kill(int(parts[2]), 0)
            except ProcessLookupError:
                with contextlib.suppress(OSError):
                    os.rmdir(entry.path)  # empty outside its server's namespace
                limits.remove(entry.name)
            except PermissionError:
                pass
    return tempfile.mkdtemp(prefix=f"docexec-{kind}-{os.getpid()}-", dir=temp)


def isolate(folder: str, name: str, write: Iterable[str] = ()) -> Isolation | None:
    """Put the calling server (single-threaded, before it imports torch) into namespaces of its
    own and a skeleton root built in ``folder`` (an empty folder; ``write``: folders to bind
    writable, the tests' kernel sockets); its pages' cgroups are named ``name``. Returns in the
    server, which is PID 1 of its namespace; the caller stays behind and waits. None (nothing
    changed) where the kernel allows no namespaces: then pages get Landlock only."""
    global ISOLATION  # noqa: PLW0603
    root = os.getuid() == 0
    cgroups = limits.open_cgroups(name)  # before the machine's /sys is out of reach
    if not _namespaces():
        if cgroups is not None:
            cgroups.close()
        return None
    read = skeleton.readable_paths()
    parent = os.getppid()
    child = os.fork()
    if child:
        _wait_for(child, parent, folder, name)
    die_with_parent()
    check(libc().unshare(_CLONE_NEWNS), "unshare(CLONE_NEWNS)")  # the caller keeps the machine's root
    skeleton.build(folder, read, write)
    skeleton.mount_proc(folder)
    skeleton.enter(folder)
    skeleton.mount("tmpfs", HOME, "tmpfs", skeleton.MS_NOSUID | skeleton.MS_NODEV, "size=16m,mode=0700")  # the server's
    os.environ["TMPDIR"] = HOME  # (torch asks for a temporary folder as it is imported)
    tempfile.tempdir = None  # asked again, not the machine's /tmp the caller may have used
    with contextlib.suppress(OSError):
        libc().sethostname(b"page", 4)
    why = None if cgroups is not None else "no cgroup this server may write (memory and processes held per process only)"
    ISOLATION = Isolation(root, os.open("/proc/self/ns/pid", os.O_RDONLY), cgroups, why)
    return ISOLATION


def die_with_parent() -> None:
    """SIGKILL when the parent dies (a change of user, as :func:`confine`'s, clears it: set it again)."""
    check(libc().prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0), "PR_SET_PDEATHSIG")


def fork_page() -> int:
    """Fork a page process: PID 1 of a new PID namespace (its processes see no others, and all
    of them end with it) where the server has namespaces, a plain fork elsewhere."""
    if ISOLATION is None:
        return os.fork()
    check(libc().unshare(_CLONE_NEWPID), "unshare(CLONE_NEWPID)")
    pid = -1
    try:
        pid = os.fork()
    finally:
        if pid != 0:  # the server: its next child is not in this page's namespace
            check(libc().setns(ISOLATION.pid_ns, _CLONE_NEWPID), "setns(own PID namespace)")
    return pid


class _CapHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class _CapData(ctypes.Structure):
    _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32), ("inheritable", ctypes.c_uint32)]


def _drop_capabilities(nobody: bool = False) -> None:
    """No capability left, none to gain again (bounding set emptied); with ``nobody``, a root
    server's page also gives up root for good: the user and group nobody, no groups."""
    for cap in range(64):
        if libc().prctl(_PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 and ctypes.get_errno() == errno.EINVAL:
            break  # past the last capability this kernel knows
    if nobody:
        os.setgroups([])
        os.setresgid(skeleton.PAGE_UID, skeleton.PAGE_UID, skeleton.PAGE_UID)
        os.setresuid(skeleton.PAGE_UID, skeleton.PAGE_UID, skeleton.PAGE_UID)
    header, data = _CapHeader(0x20080522, 0), (_CapData * 2)()  # _LINUX_CAPABILITY_VERSION_3: all zero
    check(libc().capset(ctypes.byref(header), data), "capset")


def confine(home: str, memory: int, disk: int, seconds: int, procs: list[int], write: Iterable[str] = ()) -> None:
    """Confine the calling page process (just forked, single-threaded) for good: its mounts and
    cgroup, limits, a session of its own, an unprivileged user, then Landlock where the kernel
    has it. ``home``: its folder where the server has no namespaces (else :data:`skeleton.HOME`)."""
    isolation = ISOLATION
    uid = os.getuid()
    if isolation is not None:
        check(libc().unshare(_CLONE_NEWNS), "unshare(CLONE_NEWNS)")
        uid = skeleton.PAGE_UID if isolation.root else uid
        skeleton.page_mounts(disk, uid)
        limits.join(procs)
    limits.set_rlimits(memory, disk, seconds)
    with contextlib.suppress(PermissionError):
        os.setsid()  # no controlling terminal, a process group of its own
    if isolation is not None or os.getuid() == 0:
        _drop_capabilities(nobody=isolation is not None and isolation.root)
    if status() is None:
        _landlock([home, *write], isolation is not None)
    os.chdir(home)


def _landlock(writable: list[str], isolated: bool) -> None:
    """Landlock: read the skeleton's paths, write only ``writable`` (and ``/dev/shm``), no TCP, and
    (ABI 6) no signal or abstract UNIX socket beyond the page's own processes."""
    import landlockpy
    from landlockpy import AccessFS, Ruleset, Scope

    read = AccessFS.READ_FILE | AccessFS.READ_DIR | AccessFS.EXECUTE
    file_rights = AccessFS.READ_FILE | AccessFS.EXECUTE | AccessFS.WRITE_FILE | AccessFS.TRUNCATE | AccessFS.IOCTL_DEV
    every = landlockpy.fs_for_abi(landlockpy.abi_version())

    def allow(path: str, access: AccessFS) -> None:
        with contextlib.suppress(FileNotFoundError):
            ruleset.allow_path(path, access if os.path.isdir(path) else access & file_rights)

    with Ruleset(scoped=Scope.SIGNAL | Scope.ABSTRACT_UNIX_SOCKET) as ruleset:
        for path in ["/"] if isolated else [*SYSTEM_READ, *skeleton.readable_paths()]:  # a skeleton: all of it
            allow(path, read)
        for path in DEVICES_WRITE:
            allow(path, read | AccessFS.WRITE_FILE)
        for path in writable:
            allow(path, every)
        if isolated:
            allow("/dev/shm", every)
        ruleset.restrict()  # no TCP bind or connect: handled, and no port allowed


def become_subreaper() -> None:
    """Without namespaces: orphans of this process's descendants come back to it, not to init."""
    with contextlib.suppress(OSError, AttributeError):
        check(libc().prctl(36, 1, 0, 0, 0), "PR_SET_CHILD_SUBREAPER")


def kill_descendants(spare: set[int] | frozenset[int] = frozenset()) -> int:
    """Without namespaces: SIGKILL every process below this one (it is their subreaper) but
    ``spare`` and what runs below those, and reap them; how many."""
    from pathlib import Path

    killed = 0
    tasks = Path(f"/proc/{os.getpid()}/task")
    if not tasks.is_dir():
        return 0  # no /proc: nothing to walk (not Linux)
    while True:
        children: set[int] = set()
        for task in tasks.iterdir():
            with contextlib.suppress(OSError):
                children.update(int(pid) for pid in (task / "children").read_text().split())
        children -= spare
        if not children:
            return killed
        for pid in children:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
                killed += 1
        for pid in children:
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)


def warm() -> None:
    """What confining a page needs, loaded once in the server (landlockpy looks libc up with
    ``ldconfig``: 3 ms a page otherwise; PERFORMANCE.md)."""
    if status() is None:
        import landlockpy

        landlockpy.abi_version()
    skeleton.readable_paths()
