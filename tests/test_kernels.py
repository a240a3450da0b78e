"""tests/kernels.py: the Jupyter kernels the notebook tests run page code in are confined (issue 36).

A notebook that behaves in the build and attacks in the tests' kernels: before, it read the
test's environment (a CI token), the checkout's ``.git/config`` and the home, reached the
network, wrote into ``snippets/`` and the home, and left a process running after the tests.
Each attempt must now fail, in a kernel forked from the zygote and in the cold one alike.
"""

from __future__ import annotations

import socket
import time
from pathlib import Path

import nbformat
import pytest

from tests.kernels import forked_kernels
from tests.sites import ROOT
from tests.test_sandbox import _marked

pytestmark = [pytest.mark.full, pytest.mark.sandbox]

ATTACK = """
import os, socket, subprocess, sys
tried = {}
tried['token'] = os.environ.get('GITHUB_TOKEN')
for name, path in PATHS.items():
    try:
        with open(path) as f:
            tried[name] = f.read()[:40]
    except OSError as exc:
        tried[name] = type(exc).__name__
try:
    socket.create_connection(('127.0.0.1', PORT), timeout=2).sendall(b'leak')
    tried['network'] = 'connected'
except OSError as exc:
    tried['network'] = type(exc).__name__
for name, path in WRITES.items():
    try:
        with open(path, 'w') as f:
            f.write('forged')
        tried[name] = 'written'
    except OSError as exc:
        tried[name] = type(exc).__name__
subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(120)  # MARK'], start_new_session=True)
print(sorted(tried.items()))
"""


@pytest.mark.parametrize("cold", [False, True], ids=["forked", "cold"])
def test_a_notebook_cannot_reach_the_token_the_checkout_the_home_or_the_network(cold, forked_kernels, monkeypatch,
                                                                               tmp_path):
    from nbclient import NotebookClient

    monkeypatch.setenv("GITHUB_TOKEN", "ghs_docexec_canary_token")
    home_secret = tmp_path / "id_ed25519"  # a key where the test can plant one (the real ~/.ssh is left alone)
    home_secret.write_text("PRIVATE KEY CANARY")
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.5)
    mark = f"kernel-leftover-{cold}"
    writes = {"snippets": str(ROOT / "snippets" / "docexec-kernel-canary.py"), "home": str(Path.home() / ".docexec-kernel-canary")}
    code = (ATTACK.replace("PATHS", repr({"git": str(ROOT / ".git" / "config"), "key": str(home_secret),
                                          "mkdocs": str(ROOT / "mkdocs.yml")}))
            .replace("PORT", str(listener.getsockname()[1])).replace("WRITES", repr(writes)).replace("MARK", mark))
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])
    km = forked_kernels(cold)
    client = NotebookClient(notebook, timeout=60, startup_timeout=120, km=km)
    try:
        client.execute()
    finally:
        if km.has_kernel:
            km.shutdown_kernel()  # asked, not killed: the jail then removes its folders
    try:
        listener.accept()
        connected = True
    except TimeoutError:
        connected = False
    finally:
        listener.close()
    shown = notebook.cells[0].outputs[0]["text"]
    tried = dict(eval(shown))  # noqa: S307 -- the kernel's own printed dict of strings
    assert tried["token"] is None, shown
    assert tried["git"] == tried["key"] == tried["mkdocs"] == "FileNotFoundError", shown
    assert tried["network"] in {"PermissionError", "OSError", "ConnectionRefusedError"} and not connected, shown
    assert {tried["snippets"], tried["home"]} <= {"FileNotFoundError", "PermissionError", "OSError"}, shown
    assert not any(Path(p).exists() for p in writes.values())
    deadline = time.monotonic() + 10
    while _marked(mark) and time.monotonic() < deadline:  # the kernel ends once its launcher is gone
        time.sleep(0.05)
    assert not _marked(mark)  # ended with its kernel
