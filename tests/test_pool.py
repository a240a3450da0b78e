"""docexec/execute/pool.py and docexec/execute/worker.py: every page runs in a process of its own.

Tried as a careless or hostile author would: a block that exits, interrupts, hangs,
changes torch's or the process's global state, or prints something that is different
on every run. Each must fail with the page and the block named, in the build and in
the doc tests alike, or (for state) leave the next page untouched.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time

import pytest

from tests.sites import ROOT, Site, outputs, run_doc_tests, site, snapshot_cli

pytestmark = pytest.mark.check

HOSTILE = {
    "exit0.md": "# t\n\n```python\nimport os\nos._exit(0)\n```\n\n```python\nprint('after')\n```\n",
    "sysexit.md": "# t\n\n```python\nimport sys\nsys.exit(0)\n```\n",
    "raise1.md": "# t\n\n```python\nraise SystemExit(1)\n```\n",
    "interrupt.md": "# t\n\n```python\nraise KeyboardInterrupt\n```\n",
    "hang.md": "# t\n\n```python\nprint('x')\n```\n\n```python\nwhile True:\n    pass\n```\n",
    "segv.md": "# t\n\n```python\nimport ctypes\nctypes.string_at(0)\n```\n",
    "fine.md": "# t\n\n```python\nprint('still here')\n```\n",
}
MESSAGES = [
    "docs/{lang}/exit0.md:3: the block ended the process (exit code 0)",
    "docs/{lang}/exit0.md:8: not run: an earlier block of the page ended it",
    "docs/{lang}/sysexit.md:5: the block raised SystemExit(0); a page may not end its process",
    "docs/{lang}/raise1.md:4: the block raised SystemExit(1); a page may not end its process",
    "docs/{lang}/interrupt.md:4: the block raised KeyboardInterrupt; a page may not end its process",
    "docs/{lang}/hang.md:7: the block ran longer than 5 s and was stopped",
    "docs/{lang}/segv.md:3: the block ended the process (killed by SIGSEGV)",
]


@pytest.mark.parametrize("placeholders", ["never", "always"])  # waited for, or converted first (auto: either)
def test_a_page_cannot_end_or_hang_the_build_and_is_named(site, caplog, monkeypatch, placeholders):
    monkeypatch.setenv("DOCEXEC_PLACEHOLDERS", placeholders)
    # The hang busy-waits on a core until it is stopped: 1 s here, not the default 5 s, four times
    # in this test (16 CPU-s saved); the doc tests below stop the same hang at the default.
    hostile = {**HOSTILE, "hang.md": HOSTILE["hang.md"].replace("```python\nwhile", '```python timeout="1"\nwhile')}
    assert hostile["hang.md"] != HOSTILE["hang.md"]
    for name, text in hostile.items():
        site.both(name, text)
    site.both("index.md", "# home\n")
    start = time.monotonic()
    ok, log = site.build(caplog)
    assert not ok
    assert time.monotonic() - start < 60  # the hang was stopped, twice (zh and en), in parallel
    for lang in ("zh", "en"):
        for message in (m.replace("longer than 5 s", "longer than 1 s") for m in MESSAGES):
            assert message.format(lang=lang) in log, (message, log)
    assert outputs(site.html("fine/index.html")) == ["still here"]  # the other pages went on
    assert outputs(site.html("exit0/index.html")) == []  # the block after os._exit never ran
    failure = site.html("en/exit0/index.html")
    assert 'class="admonition failure"' in failure and "docs/en/exit0.md:3: the block ended the process" in failure


def test_the_doc_tests_report_the_same_and_the_session_goes_on(site):
    for name, text in HOSTILE.items():
        site.page(f"zh/{name}", text)
    result = run_doc_tests(site.root)
    out = result.stdout
    assert result.returncode == 1, out
    for message in MESSAGES:
        assert message.format(lang="zh") in out, (message, out)
    assert re.search(r"\b7 failed, 2 passed\b", out), out  # KeyboardInterrupt did not stop the session


def test_timeout_option_gives_a_block_more_or_less_time(site, caplog):
    site.both("index.md", '# t\n\n```python timeout="0.5"\nimport time\ntime.sleep(2)\n```\n')
    site.both("slow.md", '# t\n\n```python timeout="9"\nimport time\ntime.sleep(5.5)\nprint("slept")\n```\n')
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/index.md:3: the block ran longer than 0.5 s" in log
    assert "docs/en/index.md:3: the block ran longer than 0.5 s" in log
    assert "slow.md" not in log  # over the default 5 s, within its own 9 s
    assert outputs(site.html("slow/index.html")) == ["slept"]


def test_a_bad_timeout_is_refused(site, caplog):
    site.both("index.md", '```python timeout="soon"\nx = 1\n```\n')
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/index.md:1: timeout must be a number of seconds" in log


POLLUTER = """
# polluter

```python
import os, sys
import numpy as np
import torch
torch.set_default_dtype(torch.float64)
torch.set_grad_enabled(False)
torch.set_printoptions(precision=1)
np.set_printoptions(precision=1)
torch.Tensor.__repr__ = lambda self: "patched"
os.chdir("/")
sys.path.insert(0, "/nowhere")
os.environ["DOCEXEC_LEAK"] = "1"
torch.manual_seed(123)
print("polluted")
```
"""

OBSERVER = """
# observer

```python
import os, sys
from pathlib import Path
import numpy as np
import torch
print(torch.tensor([1.0]).dtype, torch.is_grad_enabled())
print(torch.tensor([1 / 3]))
print(np.array([1 / 3]))
print(Path.cwd() == Path.home(), "/nowhere" in sys.path, os.environ.get("DOCEXEC_LEAK"))  # cwd: its own folder
print(torch.get_num_threads(), hash("docexec"))
```
"""


def test_global_state_a_page_changes_does_not_reach_any_other_page(site, caplog):
    for name in ("a1", "a2", "a3"):  # several polluters, so some run before the observers
        site.both(f"{name}.md", POLLUTER)
    site.both("b.md", OBSERVER).both("index.md", OBSERVER)
    ok, log = site.build(caplog)
    assert ok, log
    expected = None
    for page in ("b/index.html", "en/b/index.html", "index.html", "en/index.html"):
        (out,) = outputs(site.html(page))
        lines = out.split("\n")
        assert lines[:4] == [
            "torch.float32 True", "tensor([0.3333])", "[0.33333333]", "True False None",
        ], (page, out)
        assert lines[4].startswith("1 "), out  # one torch thread, whatever the machine
        expected = expected or lines[4]
        assert lines[4] == expected  # PYTHONHASHSEED=0: the same str hash in every page process
    ok, log = site.build(caplog)
    assert outputs(site.html("b/index.html"))[0].split("\n")[4] == expected  # ...and in every build


FD_SPY = """
# fd spy

```python
import os, time
time.sleep(0.3)  # the other pages' processes are running meanwhile
sockets = 0
for fd in os.listdir("/proc/self/fd"):  # (one of them is the listing's own, gone by now)
    if os.path.exists(f"/proc/self/fd/{fd}"):
        sockets += os.readlink(f"/proc/self/fd/{fd}").startswith("socket:")
print(sockets, "socket")
```
"""


def test_a_page_process_holds_no_socket_but_its_own(site, caplog):
    """The server forks every page process and holds the sockets of all running pages: a page
    process that kept them could write fake results into another page's output."""
    for name in ("a", "b", "c", "d", "index"):
        site.both(f"{name}.md", FD_SPY)
    ok, log = site.build(caplog)
    assert ok, log
    for page in ("a/", "b/", "c/", "d/", "", "en/a/", "en/d/", "en/"):
        assert outputs(site.html(page + "index.html")) == ["1 socket"], page


def test_the_doc_tests_see_the_same_pristine_state(site):
    site.page("zh/a.md", POLLUTER).page("zh/b.md", OBSERVER)
    result = run_doc_tests(site.root)
    assert re.search(r"\b2 passed\b", result.stdout), result.stdout


def test_non_determinism_fails_the_snapshot(site):
    """Two runs of the same block (zh and en, or build and doc test) must print the same."""
    site.both("index.md", "# t\n\n```python\nimport time\nprint(time.time())\n```\n")
    result = snapshot_cli(site.root)
    assert result.returncode == 1, result.stdout
    assert "block 'code: import time' prints different things in zh and en" in result.stdout
    site.page("en/index.md", "# t\n\n```python\nimport time\nprint(1)\n```\n")
    site.page("zh/index.md", "# t\n\n```python\nimport time\nprint(1)\n```\n")
    assert snapshot_cli(site.root).returncode == 0
    site.both("index.md", "# t\n\n```python\nimport time\nprint(time.time())\n```\n")
    result = run_doc_tests(site.root)  # the doc tests run it again and compare with the snapshot
    assert result.returncode == 1, result.stdout
    assert "docs/zh/index.md:3: output of block 'code: import time' changed" in result.stdout


@pytest.mark.full  # runs `make test` on a fixture project: a site build and a suite
def test_make_test_exits_non_zero_whatever_a_page_does(tmp_path):
    """`make test` itself, on a project whose page calls os._exit(0): it must not pass."""
    for name in ("Makefile", "requirements.txt", "pyproject.toml", "conftest.py"):
        shutil.copy2(ROOT / name, tmp_path / name)  # copy2 keeps mtimes: the venv stays up to date
    (tmp_path / "tests").mkdir()
    for name in ("__init__.py", "conftest.py"):
        shutil.copy2(ROOT / "tests" / name, tmp_path / "tests" / name)
    (tmp_path / ".venv").symlink_to(ROOT / ".venv")
    (tmp_path / "docexec").symlink_to(ROOT / "docexec")
    fixture = Site(tmp_path)
    fixture.both("index.md", "# t\n\n```python\nimport os\nos._exit(0)\n```\n")
    fixture.both("other.md", "# t\n\n```python\n1 / 0\n```\n")
    # its own page servers (the build's, then its suite's shared one), not this suite's
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MAKE", "PYTEST", "DOCEXEC_SERVER"))}
    for target in ("test",):  # `make doctest` is `pytest docs`, which make test runs too; test_doctests.py covers it
        result = subprocess.run(["make", target], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600,
                                check=False)
        assert result.returncode != 0, (target, result.stdout[-2000:], result.stderr[-2000:])
        assert "docs/zh/index.md:3: the block ended the process (exit code 0)" in result.stdout + result.stderr


def test_python_m_docexec_runs_a_page_in_a_worker_and_fails_on_failure(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("```python\nimport os\nprint('hi')\nos._exit(0)\n```\n", "utf8")
    result = subprocess.run([sys.executable, "-m", "docexec", str(page)], cwd=ROOT, capture_output=True,
                            text=True, timeout=120, check=False)
    assert result.returncode == 1
    assert "the block ended the process (exit code 0)" in result.stdout
