"""Jupyter kernels that start in a fraction of a second: forked from a warm zygote.

A reader's "Run all" starts ipykernel, and its first cell imports torch: about 4-6 s on this
machine before any cell of ours runs, so the 46 published notebooks spent most of the test
suite's time starting kernels (and 2 s more in each notebook that makes an optimizer, which
imports torch._dynamo). Here a zygote process imports ipykernel once, prepares torch exactly as
the build's page server does (``docexec.execute.worker.warm``: imported, its one-time costs paid, no
state a cell can see), runs no cell, and forks one child per kernel; the child is an ordinary ipykernel
(``IPKernelApp``) on the connection file jupyter_client wrote, so nbclient talks to it exactly
as to the ``python3`` kernel. Every child starts from the same pristine state: the zygote never
ran a torch operation or a cell (the page server of ``docexec.execute.pool`` works the same way).

What the fork does not check, the cold kernel does: ``tests/test_pagebooks.py`` still runs one
notebook per language in the standard ``python3`` kernel, started from nothing.

    python -m tests.kernels zygote SOCKET              # the zygote (ForkingKernels starts it)
    python -m tests.kernels launch SOCKET CONNFILE     # a kernel spec's argv: ask for a child

The launcher is the process jupyter_client manages: it forwards signals (interrupt, terminate)
to its child and exits with it; a child whose launcher is gone (killed) exits too.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KERNEL_NAME = "autograd-notes-forked"
# The environment every kernel runs with (as docexec.execute.pool's pages); the zygote starts with it,
# because the hash seed and torch's thread count are fixed when a process starts.
KERNEL_ENV = {"PYTHONHASHSEED": "0", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


def _zygote(path: str) -> None:
    import ipykernel.ipkernel  # noqa: F401
    import IPython  # noqa: F401
    from ipykernel.kernelapp import IPKernelApp

    from docexec.execute.worker import warm

    warm()  # what every page process of the build starts from (torch's one-time costs paid)

    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # children are reaped by the system
    children: list[int] = []

    def stop(_sig, _frame) -> None:  # the session is over: no kernel outlives it
        for pid in children:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)
    server = socket.socket(socket.AF_UNIX)
    server.bind(path)
    server.listen(16)
    print("ready", flush=True)
    while True:
        conn, _ = server.accept()
        with conn:
            request = json.loads(conn.makefile().readline())
            pid = os.fork()
            if pid:
                children.append(pid)
                conn.sendall(f"{pid}\n".encode())
                continue
        server.close()
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.environ.clear()
        os.environ.update(request["env"])
        os.chdir(request["cwd"])
        launcher = request["launcher"]

        def watch(launcher: int = launcher) -> None:
            while True:
                time.sleep(0.2)
                try:
                    os.kill(launcher, 0)
                except ProcessLookupError:
                    os._exit(1)

        threading.Thread(target=watch, daemon=True).start()
        # Minimal tracebacks: the tests compare an error's name and message, and IPython's
        # verbose traceback of a torch error (source of every frame) took up to 0.8 s a cell.
        IPKernelApp.launch_instance(argv=["-f", request["connection_file"], "--InteractiveShell.xmode=Minimal"])
        os._exit(0)


def _launch(path: str, connection_file: str) -> int:
    with socket.socket(socket.AF_UNIX) as conn:
        conn.connect(path)
        request = {"connection_file": connection_file, "launcher": os.getpid(), "cwd": os.getcwd(),
                   "env": dict(os.environ)}
        conn.sendall((json.dumps(request) + "\n").encode())
        child = int(conn.makefile().readline())
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, lambda s, _f: os.kill(child, s))
    while True:
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            return 0
        time.sleep(0.05)


@contextlib.contextmanager
def forking_kernels():
    """A running zygote; yields a function that makes a jupyter_client KernelManager whose
    kernels are forked from it (give it to nbclient's ``NotebookClient(km=...)``)."""
    with tempfile.TemporaryDirectory(prefix="autograd-notes-kernels-") as tmp:
        sock = str(Path(tmp) / "zygote.sock")
        spec = Path(tmp) / "kernels" / KERNEL_NAME
        spec.mkdir(parents=True)
        argv = [sys.executable, "-m", "tests.kernels", "launch", sock, "{connection_file}"]
        (spec / "kernel.json").write_text(json.dumps(
            {"argv": argv, "display_name": "Python 3 (forked)", "language": "python",
             "interrupt_mode": "signal", "env": {"PYTHONPATH": str(ROOT)}}), "utf8")
        env = {**os.environ, **KERNEL_ENV, "PYTHONPATH": str(ROOT)}
        from jupyter_client import KernelManager
        from jupyter_client.kernelspec import KernelSpecManager

        specs = KernelSpecManager(kernel_dirs=[str(spec.parent)])
        with open(Path(tmp) / "zygote.log", "w") as log:
            zygote = subprocess.Popen([sys.executable, "-m", "tests.kernels", "zygote", sock], env=env, cwd=ROOT,
                                      stdout=subprocess.PIPE, stderr=log, text=True)
            try:
                line = zygote.stdout.readline()
                if line.strip() != "ready":
                    raise RuntimeError(f"kernel zygote did not start: {(Path(tmp) / 'zygote.log').read_text()[-2000:]}")
                yield lambda: KernelManager(kernel_name=KERNEL_NAME, kernel_spec_manager=specs)
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
        """KernelManagers whose kernels fork from one warm zygote, for the whole session."""
        with forking_kernels() as make_km:
            yield make_km
