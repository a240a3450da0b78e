"""sandbox: what a page process may do, enforced by the kernel before its first block runs.

:func:`isolate` runs once in the page server: a mount, host-name and network namespace of its
own where the kernel allows one, shared by its pages (a fresh ``/dev/shm``, no network device).
:func:`confine` runs in each page process right after it is forked: a tmpfs as its folder,
resource limits (memory, file size), no capabilities, then a Landlock ruleset (landlockpy):
read only the interpreter, the venv, system libraries and ``snippets/``; write only the page's
own folder; no TCP bind or connect; no signal or abstract socket beyond the page's own
processes. :func:`status` says whether this kernel can (ABI >= 4), :func:`gaps` what not.

May not touch: anything but the calling process's own namespaces, limits and ruleset, and (in
the server) the folders and shared memory of its pages.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import functools
import os
import resource
import sys
from collections.abc import Iterable
from pathlib import Path

MIN_ABI = 4  # filesystem rules and TCP bind/connect (Linux 6.7): below this, pages run unconfined
FULL_ABI = 6  # signal and abstract-socket scoping too (Linux 6.12)

# Read (and run) only: what Python, torch and numpy need once forked from the warm server.
SYSTEM_READ = ("/usr", "/lib", "/lib64", "/bin", "/sbin", "/proc", "/sys", "/dev",
               "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime")
DEVICES_WRITE = ("/dev/null", "/dev/zero", "/dev/full", "/dev/tty")

_CLONE_NEWNS, _CLONE_NEWUTS, _CLONE_NEWNET, _CLONE_NEWUSER = 0x00020000, 0x04000000, 0x40000000, 0x10000000
_MS_REC, _MS_PRIVATE, _MS_NOSUID, _MS_NODEV, _MNT_DETACH = 0x4000, 0x40000, 0x2, 0x4, 0x2
_PR_CAPBSET_DROP, _PR_SET_CHILD_SUBREAPER = 24, 36


def status() -> str | None:
    """None when pages can be confined here, else why not (one line)."""
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


def gaps() -> str | None:
    """What this kernel's Landlock cannot hold a confined page to, or None (ABI >= 6)."""
    import landlockpy

    abi = landlockpy.abi_version() if status() is None else 0
    if MIN_ABI <= abi < FULL_ABI:
        return (f"Landlock ABI {abi}: a page can still signal processes outside it and reach abstract UNIX sockets"
                f" (scoping needs ABI {FULL_ABI}, Linux 6.12)")
    return None


@functools.cache
def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def warm() -> None:
    """What confining a page needs, loaded once in the server (landlockpy looks libc up with
    ``ldconfig``: 3 ms a page otherwise; PERFORMANCE.md)."""
    if status() is None:
        import landlockpy

        landlockpy.abi_version()
    _libc()


class _CapHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class _CapData(ctypes.Structure):
    _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32), ("inheritable", ctypes.c_uint32)]


def _check(result: int, what: str) -> None:
    if result != 0:
        code = ctypes.get_errno()
        raise OSError(code, f"{what}: {os.strerror(code)}")


def isolate() -> bool:
    """Give the calling server (single-threaded, before it imports torch) a mount, UTS and
    network namespace of its own, which every page it forks shares: a fresh ``/dev/shm``, host
    name "page", no network device but a down loopback. Once a server, not once a page: a
    namespace's teardown is what cost the build (PERFORMANCE.md). Root gets them directly,
    others through a user namespace; False when neither is allowed (then pages get Landlock only)."""
    global _PRIVATE  # noqa: PLW0603
    libc = _libc()
    uid, gid = os.getuid(), os.getgid()
    flags = _CLONE_NEWNS | _CLONE_NEWUTS | _CLONE_NEWNET
    if libc.unshare(flags) != 0:
        if libc.unshare(flags | _CLONE_NEWUSER) != 0:
            return False
        with contextlib.suppress(OSError):
            Path("/proc/self/setgroups").write_text("deny")
        Path("/proc/self/uid_map").write_text(f"{uid} {uid} 1")
        Path("/proc/self/gid_map").write_text(f"{gid} {gid} 1")
    _check(libc.mount(b"none", b"/", None, _MS_REC | _MS_PRIVATE, None), "mount --make-rprivate /")
    _check(libc.mount(b"tmpfs", b"/dev/shm", b"tmpfs", _MS_NOSUID | _MS_NODEV, b"size=256m,mode=1777"),
           "mount tmpfs /dev/shm")
    with contextlib.suppress(OSError):
        libc.sethostname(b"page", 4)
    _PRIVATE = True
    return True


_PRIVATE = False  # the server has its own namespaces (isolate()): pages get a tmpfs home and /dev/shm


def _own_home(home: Path, disk: int) -> None:
    """A tmpfs of ``disk`` bytes on the page's folder (what it writes in all, not a file at a time);
    mounted in the server's namespace, so the server unmounts it when the page ends (:func:`release`)."""
    _check(_libc().mount(b"tmpfs", str(home).encode(), b"tmpfs", _MS_NOSUID | _MS_NODEV,
                         f"size={disk},mode=0700".encode()), f"mount tmpfs {home}")


def release(home: Path) -> None:
    """In the server, after a page ended: its folder unmounted and removed; and when no page
    runs, what pages left in the server's ``/dev/shm`` (multiprocessing's semaphores, ...)."""
    import shutil

    if _PRIVATE:
        _libc().umount2(str(home).encode(), _MNT_DETACH)  # fails harmlessly when it was never mounted
    shutil.rmtree(home, ignore_errors=True)


def clear_shared_memory() -> None:
    """Empty the server's own ``/dev/shm`` (only when no page runs: the pages share it)."""
    import shutil

    if not _PRIVATE:
        return
    with contextlib.suppress(OSError), os.scandir("/dev/shm") as entries:
        for entry in entries:
            with contextlib.suppress(OSError):
                if entry.is_dir(follow_symlinks=False):
                    shutil.rmtree(entry.path, ignore_errors=True)
                else:
                    os.unlink(entry.path)


def _drop_capabilities() -> None:
    """A page process of root keeps root's uid but none of its powers (raising a limit, ...)."""
    libc = _libc()
    for cap in range(64):
        if libc.prctl(_PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 and ctypes.get_errno() == errno.EINVAL:
            break  # past the last capability this kernel knows
    header, data = _CapHeader(0x20080522, 0), (_CapData * 2)()  # _LINUX_CAPABILITY_VERSION_3: all zero
    _check(libc.capset(ctypes.byref(header), data), "capset")


def _limits(memory: int, file_size: int) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_FSIZE, (file_size, file_size))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def confine(home: Path, readable: Iterable[str | Path], memory: int, file_size: int) -> bool:
    """Confine the calling (single-threaded, just forked) page process for good; True when its
    server has namespaces of its own (then ``/dev/shm`` is writable and multiprocessing works)."""
    import landlockpy
    from landlockpy import AccessFS, Ruleset, Scope

    become_subreaper()
    private = _PRIVATE
    if private:
        _own_home(home, file_size)
    _limits(memory, file_size)
    if os.getuid() == 0 or private:
        _drop_capabilities()
    read = AccessFS.READ_FILE | AccessFS.READ_DIR | AccessFS.EXECUTE
    file_rights = AccessFS.READ_FILE | AccessFS.EXECUTE | AccessFS.WRITE_FILE | AccessFS.TRUNCATE | AccessFS.IOCTL_DEV
    every = landlockpy.fs_for_abi(landlockpy.abi_version())

    def allow(path: str | Path, access: AccessFS) -> None:
        with contextlib.suppress(FileNotFoundError):
            ruleset.allow_path(path, access if os.path.isdir(path) else access & file_rights)

    with Ruleset(scoped=Scope.SIGNAL | Scope.ABSTRACT_UNIX_SOCKET) as ruleset:
        for path in [*SYSTEM_READ, *map(str, readable)]:
            allow(path, read)
        for path in DEVICES_WRITE:
            allow(path, read | AccessFS.WRITE_FILE | AccessFS.IOCTL_DEV)
        allow(home, every)
        if private:
            allow("/dev/shm", every)
        ruleset.restrict()  # no TCP bind or connect: handled, and no port allowed
    return private


def become_subreaper() -> None:
    """Orphans of this process's descendants are re-parented to it, not to init (Linux)."""
    with contextlib.suppress(OSError, AttributeError):
        _check(_libc().prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0), "PR_SET_CHILD_SUBREAPER")


def kill_descendants(spare: set[int] | frozenset[int] = frozenset()) -> int:
    """SIGKILL every process below this one (it is their subreaper) but ``spare`` and what runs
    below those, and reap them; how many. Their children come back to it, so it goes on until none."""
    import signal

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
