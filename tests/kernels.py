"""Jupyter kernels for the notebook tests: confined as pages are, and quick to start.

A notebook's cells are page code, so its kernel runs in the page sandbox
(:mod:`docexec.execute.sandbox`): namespaces and a skeleton root, a PID namespace of its own,
its cgroup, nobody or no capabilities, Landlock, the fixed page environment (not the test's:
no token reaches it), no network. The kernel talks to the test over ZeroMQ's ``ipc`` transport,
UNIX sockets in a runtime folder that is the one folder bound writable into its skeleton.

Starting ipykernel and importing torch took 4-6 s a kernel, so most kernels are forked from a
warm *zygote*: it isolates itself like a page server, imports ipykernel, prepares torch as the
page server does (``docexec.execute.worker.warm``) and forks one child per kernel, confined like
a page process, running an ordinary ipykernel (``IPKernelApp``) on jupyter_client's connection
file. The *launcher* (what jupyter_client starts and manages) asks the zygote for a kernel and
holds the connection: an interrupt becomes a message on it, and the kernel exits when it closes.
One notebook per language still runs in a cold kernel, started through ``docexec.execute.jail``.

    python -m tests.kernels zygote RUNTIME          # the zygote (confined_kernels starts it)
    python -m tests.kernels launch RUNTIME CONNFILE # a kernel spec's argv: ask for a child
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORKED, COLD = "autograd-notes-forked", "autograd-notes-cold"
KERNEL_ENV = {"PYTHONHASHSEED": "0", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}  # as the page processes'
MEMORY, DISK, SECONDS, PROCESSES = 4 << 30, 512 << 20, 1800, 64


def _zygote(runtime: str) -> None:
    from docexec.execute import sandbox
    from docexec.execute.skeleton import HOME

    folder = sandbox.mount_point("kernels")
    isolation = sandbox.isolate(folder, os.path.basename(folder), [runtime])  # first: one thread
    if isolation is None:
        sys.exit("kernel zygote: no namespaces here, so no confined kernels")

    import ipykernel.ipkernel  # noqa: F401
    import IPython  # noqa: F401
    from ipykernel.kernelapp import IPKernelApp

    from docexec.execute.page_process import ENVIRONMENT
    from docexec.execute.worker import warm

    warm()  # what every page process of the build starts from (torch's one-time costs paid)
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # children are reaped by the system
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))  # PID 1 of its namespace: its kernels end with it
    server = socket.socket(socket.AF_UNIX)
    server.bind(os.path.join(runtime, "zygote.sock"))
    server.listen(16)
    for n in itertools.count(1):
        conn, _ = server.accept()
        request = json.loads(conn.makefile().readline())
        procs = isolation.cgroups.make(n, MEMORY, PROCESSES) if isolation.cgroups is not None else []
        if sandbox.fork_page():
            for fd in procs:
                os.close(fd)
            conn.close()
            continue
        server.close()
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):  # nothing of the test's log: a kernel writes to its client only
            os.dup2(null, fd)
        os.close(null)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.environ.clear()
        os.environ.update(ENVIRONMENT, HOME=HOME, TMPDIR=HOME)
        sandbox.confine(HOME, MEMORY, DISK, SECONDS, procs, [runtime])
        threading.Thread(target=_obey, args=(conn,), daemon=True).start()
        # Minimal tracebacks: the tests compare an error's name and message, and IPython's
        # verbose traceback of a torch error (source of every frame) took up to 0.8 s a cell.
        IPKernelApp.launch_instance(argv=["-f", request["connection_file"], "--InteractiveShell.xmode=Minimal"])
        os._exit(0)


def _obey(conn: socket.socket) -> None:
    """In a kernel: its launcher's messages (an interrupt), and its end when the launcher is gone."""
    for line in conn.makefile():
        if line.strip() == "interrupt":
            os.kill(os.getpid(), signal.SIGINT)  # ipykernel's handler: delivered even to a namespace's PID 1
    os._exit(1)


def _launch(runtime: str, connection_file: str) -> int:
    """A kernel spec's process: asks the zygote for a kernel, passes interrupts on, and lives as long
    as the kernel does (jupyter_client kills it to kill the kernel: the kernel sees the connection close)."""
    conn = socket.socket(socket.AF_UNIX)
    conn.connect(os.path.join(runtime, "zygote.sock"))
    conn.sendall((json.dumps({"connection_file": connection_file}) + "\n").encode())
    signal.signal(signal.SIGINT, lambda *_: conn.sendall(b"interrupt\n"))
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    while conn.recv(64):
        pass
    return 0


def _manager_class() -> type:
    from jupyter_client import KernelManager

    class Manager(KernelManager):
        """A KernelManager whose connection file its kernel can read: a root test's kernel is nobody
        (the file is in the runtime folder, which only the test and its kernels reach)."""

        def write_connection_file(self, **kwargs: object) -> tuple[str, dict]:
            written = super().write_connection_file(**kwargs)  # type: ignore[arg-type]
            os.chmod(self.connection_file, 0o644)
            return written

    return Manager


@contextlib.contextmanager
def confined_kernels():
    """A running zygote; yields ``make_km(cold=False)``, which makes a jupyter_client
    KernelManager (give it to nbclient's ``NotebookClient(km=...)``) of a confined kernel: forked
    from the zygote, or, with ``cold``, the standard ipykernel started from nothing in the jail."""
    with tempfile.TemporaryDirectory(prefix="autograd-notes-kernels-") as tmp:
        runtime = Path(tmp) / "runtime"
        runtime.mkdir()
        runtime.chmod(0o1777)  # a root test's kernels are nobody; only this test reaches it (tmp is 0700)
        specs_dir = Path(tmp) / "kernels"
        argvs = {FORKED: [sys.executable, "-m", "tests.kernels", "launch", str(runtime), "{connection_file}"],
                 COLD: [sys.executable, "-m", "docexec.execute.jail", "--write", str(runtime), "--", sys.executable,
                        "-m", "ipykernel_launcher", "-f", "{connection_file}", "--InteractiveShell.xmode=Minimal"]}
        for name, argv in argvs.items():
            (specs_dir / name).mkdir(parents=True)
            (specs_dir / name / "kernel.json").write_text(json.dumps(
                {"argv": argv, "display_name": name, "language": "python", "interrupt_mode": "signal",
                 "env": {"PYTHONPATH": str(ROOT)}}), "utf8")
        from jupyter_client import KernelManager
        from jupyter_client.kernelspec import KernelSpecManager

        _Manager = _manager_class()

        from docexec.execute import servers

        specs = KernelSpecManager(kernel_dirs=[str(specs_dir)])
        env = {**servers.server_environment(), **KERNEL_ENV, "PYTHONPATH": str(ROOT)}
        counter = itertools.count(1)
        with open(Path(tmp) / "zygote.log", "w") as log:
            zygote = subprocess.Popen([sys.executable, "-m", "tests.kernels", "zygote", str(runtime)], env=env, cwd=ROOT,
                                      stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True)

            def make_km(cold: bool = False) -> KernelManager:
                sock = runtime / "zygote.sock"
                while not cold and not sock.exists():  # bound once the zygote is warm; a dead one is reported
                    if zygote.poll() is not None:
                        raise RuntimeError(f"kernel zygote ended: {(Path(tmp) / 'zygote.log').read_text()[-2000:]}")
                    threading.Event().wait(0.05)
                return _Manager(kernel_name=COLD if cold else FORKED, kernel_spec_manager=specs, transport="ipc",
                                connection_file=str(runtime / f"kernel-{next(counter)}.json"))

            try:
                yield make_km
            finally:
                zygote.terminate()
                zygote.wait(timeout=20)


if __name__ == "__main__":
    if sys.argv[1] == "zygote":
        _zygote(sys.argv[2])
    else:
        sys.exit(_launch(sys.argv[2], sys.argv[3]))


if __name__ != "__main__":  # the zygote and the launcher start without pytest
    import pytest

    @pytest.fixture(scope="session")
    def forked_kernels():
        """KernelManagers of confined kernels, for the whole session (see :func:`confined_kernels`)."""
        with confined_kernels() as make_km:
            yield make_km
