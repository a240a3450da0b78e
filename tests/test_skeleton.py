"""docexec/execute/skeleton.py and sandbox.py: what a page can see of the machine (issue 36).

The probes of the third red-team round, as hostile pages run through the build's runner under
the suite's shared server: a socket file the page cannot list, the build's terminal, metadata of
files outside the page, the machine's devices, other processes' command lines. Before the
skeleton root each of these reached the machine; each must now fail or see only the page's own.
"""

from __future__ import annotations

import os
import pty
import select
import socket
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

import docexec
from docexec.execute import skeleton
from tests.sites import ROOT, site
from tests.test_sandbox import failed, run

pytestmark = [pytest.mark.check, pytest.mark.sandbox]


@pytest.fixture(autouse=True)
def project_settings():
    docexec.configure(ROOT / "mkdocs.yml")


def test_a_page_sees_a_skeleton_root():
    (outcome,) = run("import os\nfor d in ['/', '/dev', '/etc', '/home']:\n    print(d, sorted(os.listdir(d)))")
    assert outcome.ok, outcome.text
    shown = dict(line.split(" ", 1) for line in outcome.text.split("\n"))
    top = {"usr", "lib", "lib64", "bin", "sbin", "etc", "dev", "proc", "sys", "home", "tmp"}
    # the first folder of each path the skeleton binds read-only (the project, the interpreter)
    bound = {Path(p).parts[1] for p in skeleton.readable_paths() if len(Path(p).parts) > 1}
    assert top <= set(eval(shown["/"])) <= top | bound | {"lib32", "libx32"}, shown["/"]  # noqa: S307
    assert eval(shown["/dev"]) == sorted(["fd", "full", "null", "random", "shm", "stderr", "stdin", "stdout",  # noqa: S307
                                          "urandom", "zero"]), shown["/dev"]
    assert set(eval(shown["/etc"])) <= {"ld.so.cache", "ld.so.conf", "ld.so.conf.d", "localtime", "passwd",  # noqa: S307
                                        "group", "hostname", "hosts"}, shown["/etc"]
    assert eval(shown["/home"]) == ["page"]  # noqa: S307


@pytest.fixture
def host_socket(tmp_path):
    """A UNIX socket file in a folder a page could neither list nor read, answering every
    connection with a secret (as docker.sock or an ssh agent would answer)."""
    folder = tmp_path / "private"
    folder.mkdir(mode=0o700)
    path = folder / "agent.sock"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.listen(4)
    server.settimeout(0.2)
    accepted: list[bool] = []
    stop = threading.Event()

    def answer() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except TimeoutError:
                continue
            accepted.append(True)
            conn.sendall(b"SECRET-FROM-THE-HOST")
            conn.close()

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    yield path, accepted
    stop.set()
    thread.join()
    server.close()


def test_a_page_cannot_connect_to_a_socket_file_of_the_machine(host_socket):
    path, accepted = host_socket
    (outcome,) = run(f"import socket\ns = socket.socket(socket.AF_UNIX)\ns.connect({str(path)!r})\nprint(s.recv(100))")
    failed(outcome, "unexpected FileNotFoundError")
    assert "SECRET" not in outcome.text and not accepted
    (well_known,) = run("import os\nprint([p for p in ['/var/run/docker.sock', '/run/docker.sock', "
                        f"'/run/user/{os.getuid()}/bus', '/run/dbus/system_bus_socket', '/tmp/.X11-unix'] "
                        "if os.path.exists(p)])")
    assert well_known.ok and well_known.text == "[]", well_known.text


HOSTILE_TTY = """
import fcntl, os, termios
tried = []
try:
    fd = os.open('/dev/tty', os.O_RDWR)
    tried.append('opened /dev/tty')
    os.write(fd, b'Documentation built in 0.01 seconds TTY-MARK\\n')
except OSError as exc:
    tried.append(type(exc).__name__)
for fd in range(256):
    try:
        fcntl.ioctl(fd, termios.TIOCSTI, b'#')
        tried.append(f'injected into {fd}')
    except OSError:
        pass
os.write(1, b'Documentation built in 0.01 seconds FD1-MARK\\n')
os.write(2, b'Documentation built in 0.01 seconds FD2-MARK\\n')
print(tried)
"""


def test_a_page_has_no_terminal_to_write_to_or_push_keys_into():
    (outcome,) = run(HOSTILE_TTY)
    assert outcome.ok and outcome.text == "['FileNotFoundError']", outcome.text


def test_under_a_real_terminal_a_page_neither_injects_keystrokes_nor_prints_to_it(site):
    """``python -m docexec`` on a hostile page with a pseudo-terminal as its controlling terminal,
    as an author's shell runs the build (its own page server: the terminal's session is the
    runner's): nothing reaches the terminal but the runner's report of the block."""
    site.page("zh/tty.md", "# tty\n\n```python\n" + textwrap.dedent(HOSTILE_TTY).strip() + "\n```\n")
    pid, master = pty.fork()
    if pid == 0:  # the child: the pty is its controlling terminal
        os.chdir(site.root)
        env = {k: v for k, v in os.environ.items() if k != docexec.execute.servers.SHARED_ENV}
        env["PYTHONPATH"] = str(ROOT)
        os.execve(sys.executable, [sys.executable, "-m", "docexec", "docs/zh/tty.md"], env)
    seen = b""
    while True:
        ready, _, _ = select.select([master], [], [], 60)
        if not ready:
            break
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the child ended: EIO
            break
        if not chunk:
            break
        seen += chunk
    _, status = os.waitpid(pid, 0)
    text = seen.decode("utf8", "replace")
    assert "['FileNotFoundError']" in text, text  # the block ran, and its output is the runner's report
    assert "TTY-MARK" not in text and "FD1-MARK" not in text and "FD2-MARK" not in text, text
    assert "injected" not in text, text


METADATA = """
import os
for path, (mode, atime, mtime, uid, gid, ours) in TARGETS.items():
    for name, change in [('chmod', lambda p: os.chmod(p, mode)), ('utime', lambda p: os.utime(p, ns=(atime, mtime))),
                         ('chown', lambda p: os.chown(p, uid, gid)),
                         *[('setxattr', lambda p: os.setxattr(p, 'user.docexec', b'x'))] * ours]:
        try:
            change(path)
            print('changed', name, path)
        except OSError as exc:
            print(type(exc).__name__)
"""


def test_a_page_cannot_change_metadata_outside_its_folder(tmp_path):
    """Each change would set what the file already has (its mode, times, owner), so the probe
    harms nothing where a sandbox fails; only the call's success or refusal is looked at
    (setxattr, which adds something, only on the test's own canaries)."""
    canary = ROOT / "docexec-metadata-canary.txt"
    canary.write_text("x")
    targets = [canary, tmp_path, Path(sys.prefix) / "pyvenv.cfg", ROOT / "docexec" / "__init__.py",
               Path(sys.executable).resolve(), ROOT / "mkdocs.yml", Path.home() / ".bashrc"]
    try:
        stats = {t: t.stat() for t in targets if t.exists()}
        facts = {str(t): (s.st_mode & 0o7777, s.st_atime_ns, s.st_mtime_ns, s.st_uid, s.st_gid, t in (canary, tmp_path))
                 for t, s in stats.items()}
        (outcome,) = run(METADATA.replace("TARGETS", repr(facts)))
        assert outcome.ok, outcome.text
        assert "changed" not in outcome.text, outcome.text
        assert set(outcome.text.split("\n")) <= {"PermissionError", "FileNotFoundError", "OSError"}, outcome.text
        assert {t: (t.stat().st_mode, t.stat().st_mtime_ns) for t in stats} == {t: (s.st_mode, s.st_mtime_ns)
                                                                              for t, s in stats.items()}
    finally:
        canary.unlink()


def test_a_page_of_root_is_nobody_and_reads_no_device():
    devices = [str(p) for p in Path("/dev").iterdir() if p.is_block_device()][:5]
    (outcome,) = run(f"import os\nprint(os.getuid(), os.getgid(), os.getgroups())\nfor d in {devices!r}:\n"
                     "    try:\n        open(d, 'rb').close()\n        print('read', d)\n"
                     "    except OSError as exc:\n        print(type(exc).__name__)")
    assert outcome.ok, outcome.text
    ids, *reads = outcome.text.split("\n")
    if os.getuid() == 0:
        assert ids == f"{skeleton.PAGE_UID} {skeleton.PAGE_UID} []", ids
    assert set(reads) <= {"FileNotFoundError"}, reads


def test_a_page_sees_its_own_processes_only():
    secret = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)", "--token=DOCEXEC-SECRET-TOKEN"])
    try:
        (outcome,) = run("import os, subprocess, sys\n"
                         "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(5)'])\n"
                         "pids = sorted(int(p) for p in os.listdir('/proc') if p.isdigit())\n"
                         "from pathlib import Path\nlines = [Path(f'/proc/{p}/cmdline').read_bytes() for p in pids]\n"
                         "print(pids, os.getpid(), any(b'DOCEXEC-SECRET' in line for line in lines))\n"
                         "child.kill()\nstatus = child.wait()")
    finally:
        secret.kill()
        secret.wait()
    assert outcome.ok and outcome.text == "[1, 2] 1 False", outcome.text


def test_a_page_is_in_cgroups_of_its_own_where_the_machine_has_them():
    (outcome,) = run("with open('/proc/self/cgroup') as f:\n    print(f.read())")
    assert outcome.ok, outcome.text
    ours = [line for line in outcome.text.split("\n") if "/docexec-" in line]
    if not ours:
        pytest.skip("no cgroup this user may write here (a failure under CI=true)")
    controllers = {c for line in ours for c in line.split(":")[1].split(",")} | ({"memory", "pids", "cpu"} if
                                                                                  ours[0].startswith("0::") else set())
    assert {"memory", "pids", "cpu"} <= controllers, outcome.text
    assert all(line.rsplit("/", 1)[1].startswith("p") for line in ours), outcome.text  # one of its own, per page
