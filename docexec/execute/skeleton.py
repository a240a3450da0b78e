"""skeleton: the root file system a page sees, built once per page server from a short list.

In the server's own mount namespace (:func:`docexec.execute.sandbox.isolate`), a tmpfs gets
read-only binds of what Python and torch need at their usual paths (``/usr``, ``/lib*``, the
interpreter, the venv, the ``docexec`` package), a ``/dev`` of five harmless devices (no
terminal, no block device), an ``/etc`` of six files (no users but the page's, no secrets),
``/proc`` and ``/home/page`` as mount points; then the server ``pivot_root``\\ s into it, so
that nothing else of the machine — the checkout, ``.git``, the home, socket files such as
``/var/run/docker.sock`` or an ssh agent's — has a path any more, for the server and its pages.

May not touch: anything outside the calling process's own mount namespace.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import os
import sys
from collections.abc import Iterable
from pathlib import Path

MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 1, 2, 4, 8, 32, 4096, 16384, 1 << 18
MNT_DETACH = 2
_SYS_PIVOT_ROOT = {"x86_64": 155, "aarch64": 41}

HOME = "/home/page"  # every page's folder (cwd, HOME, TMPDIR): one path, so no output shows a machine's
PAGE_UID = 65534  # a page of a root server runs as nobody (a page of another user's server keeps its uid)
DEVICES = ("null", "zero", "full", "random", "urandom")
SYSTEM = ("/usr", "/lib", "/lib32", "/lib64", "/libx32", "/bin", "/sbin")
ETC = ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime")
CPU_INFO = "/sys/devices/system/cpu"  # how many cores (glibc, os.cpu_count): read, nothing else of /sys
FILES = {  # written, not bound: the page's user, its host name; nothing of the machine's
    "etc/passwd": f"root:x:0:0::/:/usr/sbin/nologin\npage:x:{PAGE_UID}:{PAGE_UID}::{HOME}:/usr/sbin/nologin\n",
    "etc/group": f"root:x:0:\npage:x:{PAGE_UID}:\n",
    "etc/hostname": "page\n",
    "etc/hosts": "127.0.0.1 localhost page\n",
}


@functools.cache
def libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def check(result: int, what: str) -> None:
    if result != 0:
        code = ctypes.get_errno()
        raise OSError(code, f"{what}: {os.strerror(code)}")


def mount(source: str | None, target: str, fstype: str | None, flags: int, data: str | None = None) -> None:
    check(libc().mount(source and source.encode(), target.encode(), fstype and fstype.encode(), flags,
                       data and data.encode()), f"mount {source or ''} {target}")


@functools.cache
def readable_paths() -> tuple[str, ...]:
    """What a page reads, at the paths it has on the machine: the interpreter (and the files its
    venv links to), the venv and every other package folder on ``sys.path`` (``make drift``'s
    environment reads the project's venv), the ``docexec`` package (the page process's own code);
    never the project around it."""
    from docexec.core import settings

    packages = [p for p in sys.path if os.path.isdir(p) and ("site-packages" in p or "dist-packages" in p)]
    wanted = [sys.base_prefix, sys.prefix, os.path.dirname(os.path.realpath(sys.executable)),
              str(settings.PACKAGE_ROOT / "docexec"), *packages]
    paths: list[str] = []
    for path in sorted({os.path.realpath(p) for p in wanted} | set(wanted)):
        if os.path.exists(path) and not any(path.startswith(p.rstrip("/") + "/") or path == p for p in paths):
            paths.append(path)
    return tuple(paths)


def _bind(root: str, source: str, writable: bool = False, device: bool = False) -> None:
    """``source`` at the same path below ``root``, read-only unless ``writable``."""
    target = root + source
    if os.path.isdir(source):
        os.makedirs(target, mode=0o755, exist_ok=True)
    else:
        os.makedirs(os.path.dirname(target), mode=0o755, exist_ok=True)
        with contextlib.suppress(FileExistsError):
            os.close(os.open(target, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
    mount(source, target, None, MS_BIND | MS_REC)
    flags = MS_BIND | MS_REMOUNT | MS_NOSUID | (0 if device else MS_NODEV) | (0 if writable else MS_RDONLY)
    mount(None, target, None, flags)


def _system(root: str, path: str) -> None:
    """A top-level system folder: the same symlink where the machine has one (``/lib -> usr/lib``), else a bind."""
    if os.path.islink(path):
        os.symlink(os.readlink(path), root + path)
    elif os.path.isdir(path):
        _bind(root, path)


def build(root: str, read: Iterable[str], write: Iterable[str] = ()) -> None:
    """The skeleton in ``root`` (an empty folder of this mount namespace): system folders, the
    ``read`` paths read-only, the ``write`` paths (the tests' kernel sockets) writable."""
    mount("tmpfs", root, "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755,size=1m")
    for path in SYSTEM:
        _system(root, path)
    for path in ETC:
        if os.path.islink(path):
            os.makedirs(os.path.dirname(root + path), exist_ok=True)
            os.symlink(os.readlink(path), root + path)
        elif os.path.exists(path):
            _bind(root, path)
    for rel, text in FILES.items():
        Path(root, rel).parent.mkdir(parents=True, exist_ok=True)
        Path(root, rel).write_text(text)
    for path in read:
        _bind(root, path)
    for path in write:
        _bind(root, path, writable=True)
    if os.path.isdir(CPU_INFO):
        _bind(root, CPU_INFO)
    os.makedirs(root + "/dev/shm", mode=0o755)
    for name in DEVICES:
        _bind(root, f"/dev/{name}", writable=True, device=True)
    for name, target in (("fd", "/proc/self/fd"), ("stdin", "/proc/self/fd/0"), ("stdout", "/proc/self/fd/1"),
                         ("stderr", "/proc/self/fd/2")):
        os.symlink(target, f"{root}/dev/{name}")
    os.makedirs(root + "/proc", mode=0o555)
    os.makedirs(root + HOME, mode=0o755)
    if not os.path.exists(root + "/tmp"):  # (a project under /tmp has its binds there: then read-only)
        os.symlink(HOME, root + "/tmp")  # code that writes to /tmp writes into its page's folder
    os.chmod(root, 0o755)


def mount_proc(root: str = "") -> None:
    """A procfs of the calling process's PID namespace on ``root``/proc (over the one there)."""
    mount("proc", f"{root}/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC)


def enter(root: str) -> None:
    """Make ``root`` read-only and this mount namespace's root; the machine's root is detached."""
    mount(None, root, None, MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV)
    os.chdir(root)
    number = _SYS_PIVOT_ROOT.get(os.uname().machine)
    if number is None:
        raise OSError(f"pivot_root: no syscall number known for {os.uname().machine}")
    check(libc().syscall(number, b".", b"."), "pivot_root")
    check(libc().umount2(b".", MNT_DETACH), "umount the machine's root")
    os.chdir("/")


def page_mounts(disk: int, uid: int) -> None:
    """In a page's own mount namespace: its procfs, its folder (a tmpfs of ``disk`` bytes: what it
    writes in all) and its ``/dev/shm``; all gone with the namespace when the page ends."""
    mount_proc()
    mount("tmpfs", HOME, "tmpfs", MS_NOSUID | MS_NODEV, f"size={disk},mode=0700,uid={uid},gid={uid}")
    mount("tmpfs", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, f"size={min(disk, 256 << 20)},mode=1777")
