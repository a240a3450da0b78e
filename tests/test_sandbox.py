"""docexec/execute/sandbox.py and screen.py: a page cannot reach outside itself.

Each hostile block runs through ``docexec.run_blocks``, the runner the build, ``mkdocs serve``,
the doc tests and ``python -m docexec`` share (in the suite: under the shared page server), and
must fail with its page and line, or do nothing outside its page. The build-level tests build
a fixture site with such pages (waited for and converted with placeholders) and run the doc
tests on it; afterwards the project tree, the venv and the process table are as before.
"""

from __future__ import annotations

import hashlib
import html as htmllib
import json
import os
import re
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import docexec
from docexec.execute import sandbox, screen
from tests.sites import ROOT, outputs, run_doc_tests, site

PAGE = "docs/zh/hostile.md"

pytestmark = [pytest.mark.check, pytest.mark.sandbox, pytest.mark.skipif(sandbox.status() is not None and os.environ.get("CI") != "true",
                                reason=f"pages cannot be confined here: {sandbox.status()}")]


@pytest.fixture(autouse=True)
def project_settings():
    docexec.configure(ROOT / "mkdocs.yml")


def run(*codes: str, **options: str) -> list[docexec.Outcome]:
    """Run one page of blocks (line 3, 10, 17, ...) in its own page process, as the build does."""
    text = "# hostile\n\n" + "".join(
        f"```python {' '.join(f'{k}={v!r}' for k, v in options.items())}\n{textwrap.dedent(c).strip()}\n```\n\n"
        for c in codes)
    return docexec.run_blocks(PAGE, docexec.executed_blocks(text, PAGE))


def failed(outcome: docexec.Outcome, *words: str) -> None:
    assert not outcome.ok, f"passed: {outcome.text!r}"
    assert re.match(rf"{re.escape(PAGE)}:\d+: ", outcome.text), outcome.text  # the page and the line
    for word in words:
        assert word in outcome.text, outcome.text


# A path outside the page's skeleton is not there (FileNotFoundError); one inside it is read-only
# (Landlock: PermissionError; the mount: OSError "Read-only file system").
DENIED = re.compile(r"unexpected (FileNotFoundError|PermissionError|OSError): \[Errno (2|13|30)\]")


def denied(outcome: docexec.Outcome) -> None:
    failed(outcome)
    assert DENIED.search(outcome.text), outcome.text


def test_this_kernel_confines_pages():
    assert sandbox.status() is None, "CI must run pages confined (Landlock ABI >= 4)"


# Where a block must not write. New files only (canaries, removed after each test whatever
# happens), so that a sandbox that fails lets a test fail without harming the checkout.
WRITES = {
    "another page's folder": ROOT / "docs" / "en" / "docexec-canary.md",
    "the snapshots": ROOT / "snapshots" / "docexec-canary.yml",
    "the tests": ROOT / "tests" / "docexec-canary.txt",
    "the site": ROOT / "site" / "docexec-canary.html",
    "the venv": Path(sys.prefix) / "lib" / "python3.11" / "site-packages" / "docexec-canary.txt",
    "the real home": Path.home() / ".docexec-canary",
    "the project root": ROOT / "docexec-canary.pt",
    "the package": ROOT / "docexec" / "docexec-canary.py",
}
# Existing files a block must not open for writing (opened without writing: nothing changes
# even where the sandbox fails).
EXISTING = {"another page": ROOT / "docs" / "en" / "index.md", "the real home's shell": Path.home() / ".bashrc",
            "the venv's python": Path(sys.prefix) / "pyvenv.cfg", "a snapshot": ROOT / "snapshots" / "errata.yml"}


@pytest.fixture(autouse=True)
def no_canary_left():
    yield
    for canary in WRITES.values():
        canary.unlink(missing_ok=True)


@pytest.mark.parametrize("target", WRITES.values(), ids=WRITES.keys())
def test_a_block_cannot_create_a_file_outside_its_page(target):
    (outcome,) = run(f"import os\nos.close(os.open({str(target)!r}, os.O_WRONLY | os.O_CREAT | os.O_EXCL))")
    denied(outcome)
    assert not target.exists()


@pytest.mark.parametrize("target", EXISTING.values(), ids=EXISTING.keys())
def test_a_block_cannot_open_a_file_outside_its_page_for_writing(target):
    assert target.exists(), target
    (outcome,) = run(f"import os\nos.close(os.open({str(target)!r}, os.O_WRONLY))")
    denied(outcome)


def test_a_pages_tmp_is_its_own_folder_not_the_machines():
    """/tmp is a link to the page's folder; for a project that lives under /tmp the skeleton
    holds the project's package there, so /tmp is a read-only folder of the skeleton and only
    TMPDIR (tempfile) leads to the page's folder: either way nothing reaches the machine's /tmp."""
    canary = Path("/tmp") / "docexec-canary"
    temp, outcome = run("import os, tempfile\nprint(tempfile.gettempdir() == os.getcwd())",
                        f"with open({str(canary)!r}, 'w') as f:\n    f.write('x')\nprint(os.listdir('.'))")
    assert temp.ok and temp.text == "True", temp.text
    if str(ROOT).startswith("/tmp/"):
        assert outcome.text.endswith("unexpected OSError: [Errno 30] Read-only file system: '/tmp/docexec-canary'"), \
            outcome.text
    else:
        assert outcome.ok and outcome.text == "['docexec-canary']", outcome.text
    assert not canary.exists()


def test_a_block_writes_in_its_own_folder_which_is_gone_after_the_page():
    first, second = run(
        "import os, torch\ntorch.save(torch.ones(2), 'model.pt')\nprint(sorted(os.listdir('.')), os.getcwd() == os.environ['HOME'])",
        "print(torch.load('model.pt'))\nhome = os.getcwd()",
    )
    assert first.ok and first.text == "['model.pt'] True", first.text
    assert second.ok and second.text == "tensor([1., 1.])", second.text
    (again,) = run("import os\nprint(os.listdir('.'))")  # a new page starts empty
    assert again.ok and again.text == "[]", again.text


READS = {
    "the repository": ROOT / ".git" / "config",
    "the real home": Path.home() / ".bashrc",
    "the project": ROOT / "mkdocs.yml",
    "the snippets": ROOT / "snippets" / "why-grad-none" / "01_setup.py",
}


@pytest.mark.parametrize("target", READS.values(), ids=READS.keys())
def test_a_block_cannot_read_the_repository_the_home_or_the_snippets(target, tmp_path):
    if not target.exists():  # a file of one's own where this machine has none
        target = tmp_path / target.name
        target.write_text("secret")
    (outcome,) = run(f"print(open({str(target)!r}).read())")
    denied(outcome)


def test_the_machines_users_are_not_the_pages():
    (outcome,) = run("with open('/etc/passwd') as f:\n    print(f.read(), end='')")
    assert outcome.ok and outcome.text == docexec.execute.skeleton.FILES["etc/passwd"].rstrip("\n"), outcome.text


def test_a_block_reads_the_interpreter_and_the_venv_not_the_checkout():
    (outcome,) = run("import os, numpy, torch\n"
                     f"print(numpy.__name__, torch.__name__, sorted(os.listdir({str(ROOT)!r})))")
    assert outcome.ok and outcome.text == f"numpy torch {sorted({'.venv', 'docexec'})}", outcome.text


def test_the_environment_is_the_worker_environment_not_the_callers(monkeypatch):
    monkeypatch.setenv("GITHUB_TOKEN", "secret-token")
    (outcome,) = run("import os, socket\nprint(sorted(os.environ))\nprint(socket.gethostname())")
    assert outcome.ok, outcome.text
    names, host = outcome.text.split("\n")
    assert "GITHUB_TOKEN" not in names and "secret" not in outcome.text
    assert set(eval(names)) <= {"HOME", "TMPDIR", "PATH", "LANG", "PYTHONPATH",  # noqa: S307
                                *docexec.execute.servers.WORKER_ENV, "OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE"}, names
    assert host == "page", host


def test_a_block_cannot_connect_or_listen():
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    try:
        connect, listen, udp = run(
            f"import socket\nsocket.create_connection(('127.0.0.1', {port}), timeout=2)",
            "import socket\ns = socket.socket()\ns.bind(('127.0.0.1', 0))\ns.listen()",
            "import socket\nsocket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b'x', ('127.0.0.1', 9))",
        )
    finally:
        listener.close()
    failed(connect, "unexpected PermissionError")
    assert not listen.ok and "PermissionError" in listen.text, listen.text
    assert not udp.ok and "OSError" in udp.text, udp.text


def test_a_page_cannot_reach_the_shared_server():
    path = docexec.current().server
    assert path, "the suite runs its pages under a shared server"
    (outcome,) = run(f"import socket\ns = socket.socket(socket.AF_UNIX)\ns.connect({path!r})")
    failed(outcome, "unexpected FileNotFoundError")  # not in the page's skeleton root


def test_a_page_writes_at_most_its_disk_share_in_all():
    disk = docexec.current().page_disk
    (outcome,) = run(f"import pathlib\nfor i in range(3):\n    pathlib.Path(f'part{{i}}').write_bytes(b'x' * ({disk} * 2**20 // 2))",
                     timeout="30")  # writing the page's share takes seconds on a loaded machine: the limit is the point
    failed(outcome, "unexpected OSError", "No space left on device")


def test_shared_memory_is_the_servers_own_and_emptied_between_pages():
    first, = run("import os, pathlib\npathlib.Path('/dev/shm/docexec-left').write_text('x')\nprint(os.listdir('/dev/shm'))")
    assert first.ok and first.text == "['docexec-left']", first.text
    assert not Path("/dev/shm/docexec-left").exists()  # not the machine's /dev/shm
    second, = run("import os\nprint(os.listdir('/dev/shm'))")
    assert second.ok and second.text == "[]", second.text


@pytest.mark.full  # starts a server of its own (torch import, 4 s): too slow for the inner loop
def test_a_server_ended_by_sigterm_ends_its_pages_and_leaves_nothing(tmp_path):
    path = str(tmp_path / "server")
    process = docexec.execute.servers.listen(path)
    server = docexec.execute.servers.SharedServer(path)
    blocks = docexec.executed_blocks("```python\nimport subprocess, sys, time\nsubprocess.Popen([sys.executable, '-c',"
                                     " 'import time; time.sleep(30)  # sigterm-ends-pages'])\ntime.sleep(30)\n```\n", PAGE)
    control, data = server.connect(docexec.execute.pool._header(blocks))
    data.sendall(json.dumps({"path": PAGE, "blocks": [b.__dict__ for b in blocks]}).encode() + b"\n")
    assert json.loads(data.makefile().readline()) == ["start", 0]  # the block sleeps
    deadline = time.monotonic() + 10
    while not _marked("sigterm-ends-pages") and time.monotonic() < deadline:  # its child starts
        time.sleep(0.05)
    assert _marked("sigterm-ends-pages")
    process.terminate()
    assert process.wait(timeout=10) == 0
    assert json.loads(control.makefile().readline())[:3] == ["exit", "signal", 9]  # reported, on the control socket
    control.close()
    data.close()
    assert not _marked("sigterm-ends-pages")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["server"]  # the socket: the starter's to remove


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    except OSError:  # gone meanwhile
        return ""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        return "zombie" not in Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False


def _marked(mark: str) -> list[int]:
    """The live processes of this machine whose command line holds ``mark`` (a page's pids are
    its namespace's: the machine's are found by what they run)."""
    return [p for p in map(int, filter(str.isdigit, os.listdir("/proc"))) if mark in _cmdline(p) and _alive(p)]


DAEMONS = """
import os, signal, subprocess, sys, time
r, w = os.pipe()
if os.fork() == 0:  # a daemon: fork, setsid, fork again
    os.setsid()
    if os.fork() == 0:
        os.write(w, f"{os.getpid()}\\n".encode())
        time.sleep(60)
    os._exit(0)
stubborn = subprocess.Popen([sys.executable, "-c", "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(60)  # MARK"],
                            start_new_session=True)
print(int(os.read(r, 64)), stubborn.pid)
"""


def test_nothing_a_page_starts_outlives_it():
    (outcome,) = run(DAEMONS.replace("MARK", "outlives-1").replace("time.sleep(60)\n", "os.execv(sys.executable, [sys.executable, '-c', 'import time; time.sleep(60)  # outlives-1'])\n"))
    assert outcome.ok, outcome.text
    assert len(outcome.text.split()) == 2, outcome.text
    assert not _marked("outlives-1")  # gone when run_blocks returned: the server reports after they are


def test_nothing_outlives_a_block_stopped_at_its_timeout_or_one_that_ends_its_process():
    timed_out, = run(DAEMONS.replace("MARK", "outlives-2").replace('print(int(os.read(r, 64)), stubborn.pid)',
                                     'open("pids", "w").write(f"{int(os.read(r, 64))} {stubborn.pid}")\n'
                                     'print(open("pids").read(), flush=True)\ntime.sleep(30)'), timeout="2")
    failed(timed_out, "ran longer than 2 s")
    exited, = run(DAEMONS.replace("MARK", "outlives-2").replace('print(int(os.read(r, 64)), stubborn.pid)', 'os._exit(3)'))
    failed(exited, "exit code 3")
    assert not _marked("outlives-2")


@pytest.mark.parametrize("server", ["shared", "private"])
@pytest.mark.parametrize("sig", ["SIGKILL", "SIGSTOP"])
def test_a_page_cannot_signal_its_server_or_the_build(sig, server, monkeypatch):
    if server == "private":  # the build's own server, as `make build` and `make serve` start it
        monkeypatch.delenv("DOCEXEC_SERVER", raising=False)
        docexec.configure(ROOT / "mkdocs.yml")
    else:
        assert docexec.current().server, "the suite runs its pages under a shared server"
    (warm,) = run("print('up')")
    assert warm.ok
    servers = [p for p in map(int, filter(str.isdigit, os.listdir("/proc"))) if "docexec.execute.worker" in _cmdline(p)]
    assert servers
    targets = [*servers, os.getpid(), os.getppid()]
    (outcome,) = run(f"import os, signal\nfor pid in {targets!r}:\n    try:\n        os.kill(pid, signal.{sig})\n"
                     "    except OSError as exc:\n        print(type(exc).__name__)")
    assert outcome.ok and outcome.text.split() == ["ProcessLookupError"] * len(targets), outcome.text  # not there
    (after,) = run("print('the server still serves')")
    assert after.ok and after.text == "the server still serves"


FORGE = """
import json, os, stat
for fd in map(int, os.listdir('/proc/self/fd')):
    try:
        if stat.S_ISSOCK(os.fstat(fd).st_mode):
            os.write(fd, json.dumps(MESSAGE).encode() + b"\\n")
    except OSError:
        pass
"""


@pytest.mark.parametrize("message", [["ok", 1, "forged"], ["ok", 0, "twice"], ["end"], ["fail", 7, "x"], ["nonsense"]],
                         ids=["later block", "again", "early end", "unknown block", "unknown kind"])
def test_the_parent_believes_one_result_per_block_in_order(message):
    first, second = run(FORGE.replace("MESSAGE", repr(message)), "print('second')")
    assert not first.ok and first.text.startswith(f"{PAGE}: the page process sent"), first.text
    assert "a block may not write to its page's socket" in first.text, first.text
    assert not second.ok, second.text


def test_a_block_cannot_publish_a_failure_as_fine():
    first, = run("import docexec.execute.screen as s\ns.output = lambda text, *a: text\nprint('at 0x7f0000001234')")
    failed(first, "memory address")


def test_output_and_raised_messages_have_a_size_limit():
    big, raised, allowed = run(
        "print('x' * 50_000_000)",
        "raise ValueError('y' * 20_000_000)",
        "print('z' * 150_000)",
    )
    failed(big, "the output is over the limit of 100,000 characters")
    assert not raised.ok and raised.text.startswith(f"{PAGE}:7") and "over the limit of 100,000" in raised.text, raised.text[:300]
    assert not allowed.ok
    (more,) = run("print('z' * 150_000)", max_output="200000")
    assert more.ok and len(more.text) == 150_000


def test_a_touched_large_allocation_fails_its_block_only():
    (outcome,) = run("import torch\nx = torch.ones(20 * 2**30, dtype=torch.uint8)")
    failed(outcome, "out of memory")
    (after,) = run("print('fine')")
    assert after.ok


def test_multiprocessing_with_a_function_of_the_page_works_as_in_jupyter():
    (outcome,) = run("import multiprocessing\n\ndef square(x):\n    return x * x\n\n"
                     "with multiprocessing.Pool(2) as pool:\n    print(pool.map(square, [1, 2, 3]))")
    assert outcome.ok and outcome.text == "[1, 4, 9]", outcome.text


@pytest.mark.parametrize(("printed", "shown"), [
    ("'a\\r\\nb'", "a\nb"),
    ("'10%\\r20%\\r100%'", "100%"),
    ("'abcdef\\rXY'", "XYcdef"),
    ("'tab\\r\\r<script>alert(1)</script>\\r\\r'", "<script>alert(1)</script>"),
    ("'nul\\x00 esc\\x1b[31m red\\x1b[0m'", "nul\\x00 esc\\x1b[31m red\\x1b[0m"),
    ("'stx\\x02 etx\\x03 rlo\\u202e end'", "stx\\x02 etx\\x03 rlo\\u202e end"),
])
def test_control_characters_are_shown_as_a_terminal_would_or_visibly(printed, shown):
    (outcome,) = run(f"print({printed}, end='')")
    assert outcome.ok and outcome.text == shown, outcome.text
    assert screen.visible(screen.carriage_returns(eval(printed))) == shown  # noqa: S307


def test_a_surrogate_fails_with_its_line():
    block, inline = docexec.run_blocks(PAGE, docexec.executed_blocks(
        "# t\n\n```python\nprint('\\udcff')\n```\n\nValue `{python} '\\udcff'`.\n", PAGE))
    failed(block, "U+DCFF")
    assert not inline.ok and inline.text.startswith(f"{PAGE}:7") and "U+DCFF" in inline.text, inline.text


# --- markup in pictures and recordings (issue 36, A) ----------------------------------------

XMLNS = 'xmlns="http://www.w3.org/2000/svg"'
PICTURES = {  # each passed the pattern check that came before the allow-list
    "slash before an event handler": ("<svg/onload=alert(1)></svg>", "not well-formed XML"),
    "an event handler set by <set>": (f'<svg {XMLNS}><set attributeName="onmouseover" to="alert(1)"/></svg>', "<set>"),
    "an event handler": (f'<svg {XMLNS} onload="alert(1)"><rect width="1" height="1"/></svg>', "onload="),
    "<img onerror> inside": (f'<svg {XMLNS}><img src="x"/onerror=alert(1)></svg>', "not well-formed XML"),
    "<img> inside, well-formed": (f'<svg {XMLNS}><img src="x" onerror="alert(1)"/></svg>', "<img>"),
    "entity-encoded javascript: link": (f'<svg {XMLNS}><a href="&#106;avascript:alert(1)"><text>go</text></a></svg>', "<a>"),
    "entity-encoded javascript: href": (f'<svg {XMLNS}><use href="&#106;avascript:alert(1)"/></svg>', "href="),
    "a third-party style sheet": (f'<svg {XMLNS}><style>@import url(https://evil.example/x.css)</style></svg>', "<style>"),
    "a form": (f'<svg {XMLNS}><form action="https://evil.example/"><input name="q"/></form></svg>', "<form>"),
    "<use> of another site": (f'<svg {XMLNS}><use href="https://evil.example/x.svg#a"/></svg>', "href="),
    "xlink:href of another site": (f'<svg {XMLNS} xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="https://evil.example/x.svg#a"/></svg>', "href="),
    "a style with url()": (f'<svg {XMLNS}><rect style="background:url(https://evil.example/t.png)"/></svg>', "style="),
    "a fill with url() of another site": (f'<svg {XMLNS}><rect fill="url(https://evil.example/p.svg#g)"/></svg>', "url()"),
    "a CSS escape": (f'<svg {XMLNS}><rect fill="\\75 rl(https://evil.example/p.svg#g)"/></svg>', "escape"),
    "a DOCTYPE": (f'<svg {XMLNS}><!DOCTYPE svg><text>x</text></svg>', "DOCTYPE"),
    "an entity": (f'<!DOCTYPE svg [<!ENTITY x "<script>alert(1)</script>">]><svg {XMLNS}><text>&x;</text></svg>', "DOCTYPE"),
    "a comment": (f'<svg {XMLNS}><!-- a note --><text>x</text></svg>', "comment"),
    "a CDATA section": (f'<svg {XMLNS}><title><![CDATA[</title><img src=x onerror=alert(1)>]]></title></svg>', "CDATA"),
    "a processing instruction": (f'<svg {XMLNS}><?xml-stylesheet href="https://evil.example/x.css"?><text>x</text></svg>', "processing instruction"),
}


@pytest.mark.parametrize(("printed", "refused"), PICTURES.values(), ids=PICTURES.keys())
def test_a_picture_holds_only_drawing(printed, refused):
    (outcome,) = run(f"print({printed!r})", result="svg")
    failed(outcome, 'result="svg"', refused)


@pytest.mark.parametrize(("printed", "refused"), PICTURES.values(), ids=PICTURES.keys())
def test_a_recorded_pass_draws_only_too(printed, refused):
    record = {"svg": printed, "steps": [{"node": "gg-0123abcd-n0", "op": "SumBackward0", "receives": "1."}], "leaves": {}}
    (outcome,) = run(f"import json\nprint(json.dumps({record!r}))", result="backward")
    failed(outcome, "result=", refused)


def test_what_the_page_gets_is_the_picture_written_anew():
    printed = (f"<svg {XMLNS} viewBox='0 0 10 10'>\n<text x='1' y='2'>&#60;b&#62; &amp; <tspan>t</tspan> tail</text>\n"
               f"<rect fill='url(#g)' width='1' height='1'></rect>\n</svg>")
    (outcome,) = run(f"print({printed!r})", result="svg")
    assert outcome.ok, outcome.text
    assert outcome.text == (f'<svg {XMLNS} viewBox="0 0 10 10">\n<text x="1" y="2">&lt;b&gt; &amp; <tspan>t</tspan> tail</text>\n'
                            '<rect fill="url(#g)" width="1" height="1"/>\n</svg>')


def test_a_recording_with_a_number_for_a_text_fails_with_its_line():
    svg = f'<svg {XMLNS}><g id="gg-0123abcd-n0"><rect width="1" height="1"/></g></svg>'
    record = {"svg": svg, "steps": [{"node": "gg-0123abcd-n0", "op": 5, "receives": "1."}], "leaves": {}}
    (outcome,) = run(f"import json\nprint(json.dumps({record!r}))", result="backward")
    failed(outcome, 'result="backward"', "steps[0].op", "5 is not of type 'string'")


# --- inline values (issue 36, B) -------------------------------------------------------------

VALUES = ["</code><img src=x onerror=alert(1)>", "a\n\n<script>alert(1)</script>", "``` `` `x` ```` ` ```"]
FORGED_VALUES = f"""
import docexec.execute.run as run
values = iter({VALUES!r})
run.PageRun.value = lambda self, block: next(values)  # the page process sends what it likes
"""


def test_the_parent_makes_an_inline_value_one_line():
    outcomes = docexec.run_blocks(PAGE, docexec.executed_blocks(
        f"# t\n\n```python\n{FORGED_VALUES}\n```\n\n`{{python}} 1`, `{{python}} 2` and `{{python}} 3`.\n", PAGE))
    assert [o.ok for o in outcomes] == [True] * 4, outcomes
    assert [o.text for o in outcomes[1:]] == [" ".join(v.split()) for v in VALUES]


@pytest.mark.parametrize("mode", ["never", "always"])
def test_inline_values_cannot_break_out_of_their_code(site, caplog, monkeypatch, mode):
    monkeypatch.setenv("DOCEXEC_PLACEHOLDERS", mode)
    page = f"# p\n\n```python\n{FORGED_VALUES}\n```\n\n`{{python}} 1` at the start, `{{python}} 2` and\n\n| a | b |\n|---|---|\n| `{{python}} 3` | z |\n"
    site.both("index.md", "# home\n").both("p.md", page)
    ok, log = site.build(caplog)
    assert ok, log
    for lang in ("", "en/"):
        html = site.html(f"{lang}p/index.html")
        article = html[html.index('<article'):html.index('</article>')]
        assert "<script>alert" not in article and "<img src=x" not in article, article
        prose = article.split("</pre>", 1)[1]  # after the block's code
        shown = [htmllib.unescape(c) for c in re.findall(r"<code>(.*?)</code>", prose, re.S)]
        assert shown == [" ".join(v.split()) for v in VALUES], shown


# --- links to files outside the project (issue 36, C) --------------------------------------------


@pytest.fixture
def secret(tmp_path_factory):
    """A file outside the fixture site, as a repository's .git/config or a home's key would be."""
    path = tmp_path_factory.mktemp("outside") / "config"
    path.write_text("[remote]\n  token = docexec-secret-token\n", "utf8")
    return path


def _published(site) -> list[str]:
    return [str(p.relative_to(site.root / "site")) for p in (site.root / "site").rglob("*")
            if p.is_file() and "docexec-secret-token" in p.read_text("utf8", errors="replace")]


@pytest.mark.parametrize("how", ["symlink", "hard link"])
def test_a_linked_file_in_docs_fails_the_build_and_is_not_published(site, caplog, secret, how):
    site.both("index.md", "# home\n")
    for lang in ("zh", "en"):
        link = site.root / "docs" / lang / "leak.txt"
        link.symlink_to(secret) if how == "symlink" else os.link(secret, link)
    ok, log = site.build(caplog)
    assert not ok, log
    what = "a symbolic link" if how == "symlink" else "a file with 3 hard links"
    assert f"docs/zh/leak.txt: {what}" in log and "replace the link with the file's content" in log, log
    assert not _published(site)


@pytest.mark.parametrize("target", ["snippets", "glossary.yml", "overrides/main.html"])
def test_a_linked_input_of_the_build_fails_it(site, caplog, secret, target):
    site.both("index.md", "# home\n")
    (site.root / "overrides").mkdir()
    path = site.root / target
    path.symlink_to(secret.parent if target == "snippets" else secret)
    ok, log = site.build(caplog)
    assert not ok, log
    assert f"{target}: a symbolic link" in log and "replace the link with the file's content" in log, log
    assert not _published(site)


# --- shown code is the code that runs (issue 36, D) ------------------------------------------


def test_a_name_that_only_looks_ascii_fails_with_its_line_and_code_point():
    block, inline, chinese = docexec.run_blocks(PAGE, docexec.executed_blocks(
        "# t\n\n```python\nimport torch\ntоrch = type('T', (), {'ones': staticmethod(lambda n: 'tensor([9., 9.])')})\n"
        "print(tоrch.ones(2))\n```\n\nIt is `{python} tоrch.ones(2)`.\n\n"
        "```python\n梯度 = 1\n```\n", PAGE))
    failed(block, "docs/zh/hostile.md:5: the name 'tоrch' holds U+043E (CYRILLIC SMALL LETTER O)")
    assert not inline.ok and inline.text.startswith(f"{PAGE}:9: the name 'tоrch' holds U+043E"), inline.text
    failed(chinese, "docs/zh/hostile.md:12: the name '梯度' holds U+68AF (CJK UNIFIED IDEOGRAPH-68AF)")


def test_strings_and_comments_may_hold_any_text():
    (outcome,) = run("s = '梯度 tоrch'  # 中文注释 tоrch\nprint(s)")
    assert outcome.ok and outcome.text == "梯度 tоrch", outcome.text


# --- what an output may not show (issue 36, E) ----------------------------------------------

HOME_SSH = str(Path.home() / ".ssh")
SHOWS = {
    # named as the longest path it shows (here the home, /root, holds the interpreter; not so on every machine)
    "the interpreter's prefix": ("import sys\nprint(sys.base_prefix)", f"a path of this machine ({sys.base_prefix})"),
    "the interpreter's real path": ("import os, sys\nprint(os.path.realpath(sys.executable))",
                                    f"a path of this machine ({sys.base_prefix})"),
    "id() in decimal": ("print(id(object()))", "a memory address"),
    "a pointer in decimal": ("print(f'object {0x7f3a5c2b1e40}')", "a memory address"),
    "a hex-encoded path": (f"print({HOME_SSH!r}.encode().hex())", "a path of this machine"),
    "an upper-case hex-encoded path": (f"print({HOME_SSH!r}.encode().hex().upper())", "a path of this machine"),
}


@pytest.mark.parametrize(("code", "what"), SHOWS.values(), ids=SHOWS.keys())
def test_an_output_may_not_show_the_machine(code, what):
    (outcome,) = run(code)
    failed(outcome, what)


def test_numbers_that_are_no_address_pass():
    (outcome,) = run("print(2**46, 2**47, 10**15, 0.12345678901234, 1.40000000000001e14, 123456789012345678)")
    assert outcome.ok, outcome.text


def test_the_machine_paths_include_the_interpreter_and_real_paths():
    paths = docexec.execute.pool.machine_paths()
    assert {sys.base_prefix, os.path.realpath(sys.prefix), str(ROOT), os.path.realpath(ROOT)} <= paths, paths


# --- the whole build, the doc tests, the tree ------------------------------------------------

BREAKOUT = '''
# 页面

=== "Tab"

    ```python
    print("tab\\r\\r<script>alert(1)</script>\\r\\r")
    ```

!!! note

    ```python
    print("note\\r<img src=x onerror=alert(2)>\\x1b[31m\\x00")
    ```

??? tip "folded"

    ```python
    print("details\\r\\n\\u202eok")
    ```

- a list item

    ```python
    print("progress 10%\\rprogress 100%")
    ```

Inline `{python} "x\\ry\\x02"` and an error:

```python raises="ValueError"
raise ValueError("msg\\r<b>bold</b>\\x1b")
```
'''

WRITES_PAGE = '''
# w

```python
import os, subprocess, sys
for target in TARGETS:
    try:
        with open(target, "a") as f:
            f.write("forged")
    except OSError as exc:
        print(type(exc).__name__)
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)  # docexec-leftover-marker"], start_new_session=True)
```
'''


def _tree_state() -> tuple[str, str]:
    status = subprocess.run(["git", "status", "--porcelain", "--ignored=no"], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout
    venv = hashlib.sha1("\n".join(sorted(f"{p}:{p.stat().st_size}:{p.stat().st_mtime_ns}"
                                         for p in Path(sys.prefix).rglob("*.pth"))).encode()).hexdigest()
    return status, venv


def _leftovers() -> list[int]:
    return [p for p in map(int, filter(str.isdigit, os.listdir("/proc")))
            if "docexec-leftover-marker" in _cmdline(p) and _alive(p)]


@pytest.mark.parametrize("mode", ["never", "always"])
def test_outputs_cannot_break_out_of_their_block_in_any_container(site, caplog, monkeypatch, mode):
    monkeypatch.setenv("DOCEXEC_PLACEHOLDERS", mode)
    site.both("index.md", "# home\n").both("p.md", BREAKOUT)
    ok, log = site.build(caplog)
    assert ok, log
    for lang in ("", "en/"):
        html = site.html(f"{lang}p/index.html")
        assert "<script>alert" not in html and "<img src=x" not in html and "<b>bold" not in html
        assert "\x00" not in html and "\x1b" not in html and "\u202e" not in html
        shown = outputs(html)
        assert "<script>alert(1)</script>" in shown
        assert "note<img src=x onerror=alert(2)>\\x1b[31m\\x00"[5:] in "".join(shown)
        assert "progress 100%" in shown
        assert "<b>bold</b>\\x1bmsg" in shown  # "ValueError: msg", then overwritten from its start
        assert "<code>x\\x02</code>" in html.replace("y\\x02", "x\\x02") or "\\x02" in html


def test_a_build_of_a_page_that_tries_every_write_leaves_the_tree_the_venv_and_the_process_table_as_they_were(
        site, caplog):
    targets = [str(t) for t in WRITES.values()] + [str(site.root / "docs" / "zh" / "index.md"), str(site.root / "x.txt")]
    before = _tree_state()
    site.both("index.md", "# home\n").both("w.md", WRITES_PAGE.replace("TARGETS", repr(targets)))
    ok, log = site.build(caplog)
    assert ok, log
    (shown,) = outputs(site.html("w/index.html"))
    assert len(shown.split("\n")) == len(targets) and set(shown.split("\n")) <= {"FileNotFoundError", "PermissionError", "OSError"}
    assert _tree_state() == before
    assert (site.root / "docs" / "zh" / "index.md").read_text("utf8") == "# home\n"
    assert not (site.root / "x.txt").exists()
    assert not _leftovers()


def test_the_doc_tests_report_a_hostile_block_with_its_page_and_line(site):
    site.both("index.md", "# home\n").both("w.md", f"# w\n\n```python\nopen({str(site.root / 'mkdocs.yml')!r}).read()\n```\n")
    result = run_doc_tests(site.root)
    assert result.returncode == 1, result.stdout
    assert "docs/zh/w.md:4: unexpected FileNotFoundError" in result.stdout, result.stdout
    assert "docs/en/w.md:4: unexpected FileNotFoundError" in result.stdout, result.stdout


def test_an_unconfined_run_warns_once_and_fails_under_ci(monkeypatch, capsys):
    from docexec.execute import confinement, pool

    monkeypatch.setattr(confinement.sandbox, "status", lambda: "a kernel without Landlock (test)")  # the build's copy
    monkeypatch.setattr(confinement, "_warned", [])
    monkeypatch.setenv("CI", "true")
    with pytest.raises(confinement.DocExecError, match="pages cannot be confined here: a kernel without Landlock"):
        confinement.check(pool.run_blocks)
    monkeypatch.setattr(confinement, "_warned", [])
    monkeypatch.delenv("CI")
    assert confinement.check(pool.run_blocks) is False
    assert confinement.check(pool.run_blocks) is False
    assert capsys.readouterr().err == "docexec: pages run unconfined: a kernel without Landlock (test)\n"


def test_a_missing_layer_is_named_once_and_fails_under_ci(monkeypatch, capsys):
    from docexec.execute import confinement, pool, report

    facts = report.observe(pool.run_blocks)
    assert not report.missing(report.layers(facts)) or os.environ.get("CI") != "true"
    monkeypatch.setattr(report, "observe", lambda _run: {**facts, "pid": 7, "cgroups": []})  # no PID namespace, no cgroup
    monkeypatch.setattr(confinement, "_warned", [])
    monkeypatch.setenv("CI", "true")
    with pytest.raises(confinement.DocExecError, match=r"the page sandbox lacks: PID namespace per page \(needs user namespaces"
                                                       r" \(or root\)\), cgroup \(needs"):
        confinement.check(pool.run_blocks)
    monkeypatch.setattr(confinement, "_warned", [])
    monkeypatch.delenv("CI")
    assert confinement.check(pool.run_blocks) is True
    assert confinement.check(pool.run_blocks) is True
    assert capsys.readouterr().err.count("docexec: pages run confined, but without: PID namespace per page") == 1


def test_the_sandbox_report_shows_every_layer_holding_here():
    result = subprocess.run([sys.executable, "-m", "docexec", "sandbox-report"], cwd=ROOT, capture_output=True, text=True, check=False,
                            timeout=120, env={**os.environ, "CI": "true"})
    lines = result.stdout.strip().split("\n")
    assert lines[0].split() == ["layer", "active", "stops", "(needs)"] and len(lines) == 10, result.stdout
    missing = [line for line in lines[1:] if "  NO " in line]
    assert (result.returncode == 1) == bool(missing), result.stderr
    if missing:  # a kernel or machine without a layer: a failure under CI=true, where every one must hold
        pytest.skip(f"layers missing on this machine: {missing}")
