"""The suite's own rules that a test cannot check about itself: the shared tabs' rule (below),
and that a run stopped with SIGTERM fails and leaves no page server folder behind.

Browser tests load their pages in tabs earlier tests left (tests/test_browser.py ``tab`` and
``leave``: a third of a new tab's CPU). A tab is reused only if nothing a test did to it outlives
the test, so a module that uses the shared tabs adds a handler with ``listen`` (removed when the
tab is left), never with ``.on(``, and marks a tab with ``changed(...)`` before it changes it in a
way ``leave`` cannot undo (such a tab is closed, not reused)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.check

TESTS = Path(__file__).resolve().parent
SHARED = {"tab", "Visit", "visit", "shared_context", "search_page"}  # what hands out shared tabs
LASTING = {"route", "add_init_script", "emulate_media", "expose_function", "expose_binding",
           "set_extra_http_headers", "route_from_har", "route_web_socket"}


def _uses_shared_tabs(tree: ast.Module, name: str) -> bool:
    if name == "test_browser.py":
        return True
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "tests.test_browser":
            if any(a.name in SHARED for a in node.names):
                return True
        if isinstance(node, ast.ImportFrom) and node.module == "tests" and any(a.name == "test_browser" for a in node.names):
            return True
    return False


def _is_changed(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and (
        (isinstance(node.func, ast.Name) and node.func.id == "changed")
        or (isinstance(node.func, ast.Attribute) and node.func.attr == "changed"))


def tab_rule_breaches(source: str, name: str) -> list[str]:
    """Where ``source`` (a test module called ``name``) adds a handler or changes a shared tab
    without saying so, as 'name:line: what'."""
    tree = ast.parse(source)
    if not _uses_shared_tabs(tree, name):
        return []
    listen = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "listen"]
    inside_listen = {id(n) for f in listen for n in ast.walk(f)}
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        attr, receiver = node.func.attr, node.func.value
        if attr in {"on", "once"} and id(node) not in inside_listen:
            found.append(f"{name}:{node.lineno}: .{attr}( on a tab outlives the test in a reused tab;"
                         " use listen(page, event, handler) from tests/test_browser.py")
        elif attr in LASTING and not _is_changed(receiver):
            found.append(f"{name}:{node.lineno}: .{attr}( lasts beyond the test; write changed(page).{attr}(...)"
                         " so that the tab is closed, not reused")
        elif attr == "new_cdp_session" and not (node.args and _is_changed(node.args[0])):
            found.append(f"{name}:{node.lineno}: a DevTools session on a tab lasts beyond the test;"
                         " write new_cdp_session(changed(page))")
    return sorted(found, key=lambda f: int(f.split(":")[1]))


def test_no_test_leaves_a_handler_or_a_lasting_change_in_a_shared_tab():
    breaches = [b for module in sorted(TESTS.glob("test_*.py"))
                for b in tab_rule_breaches(module.read_text("utf8"), module.name)]
    assert breaches == [], "\n".join(breaches)


def test_the_tab_rule_finds_what_a_careless_test_writes():
    careless = '''from tests.test_browser import visit, changed
def test_x(visit):
    p = visit("a/").page
    p.on("console", print)
    p.route("**", lambda r: r.abort())
    p.add_init_script("1")
    changed(p).emulate_media(media="print")
    p.context.new_cdp_session(p)
    p.context.new_cdp_session(changed(p))
'''
    assert [b.split(":")[1] for b in tab_rule_breaches(careless, "test_x.py")] == ["4", "5", "6", "8"]
    own = careless.replace("visit, changed", "browser")  # a module with contexts of its own only
    assert tab_rule_breaches(own, "test_x.py") == []


@pytest.mark.full  # a pytest session of its own: it starts the shared page server (torch, ~4 s)
def test_a_run_stopped_with_sigterm_fails_and_leaves_no_page_server_folder(tmp_path):
    """A CI timeout or `kill` ends pytest with SIGTERM: the run must not pass, and the shared
    page server's folder in /tmp must go (tests/conftest.py turns SIGTERM into Ctrl-C; before,
    the folder and its socket stayed)."""
    import os
    import signal
    import subprocess
    import sys
    import time

    told = tmp_path / "server"
    (tmp_path / "test_waits.py").write_text(
        "import os, pathlib, time\n"
        "def test_waits():\n"
        f"    pathlib.Path({str(told)!r}).write_text(os.environ['DOCEXEC_SERVER'])\n"
        "    while True:\n"
        "        time.sleep(0.05)\n", "utf8")
    env = {k: v for k, v in os.environ.items() if k not in {"DOCEXEC_SERVER", "PYTEST_XDIST_WORKER"}}
    run = subprocess.Popen([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tests.conftest",
                            "-n", "0", str(tmp_path / "test_waits.py")], cwd=TESTS.parent, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 60
    while not told.exists() and run.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert told.exists(), run.communicate(timeout=30)[0][-2000:] if run.poll() is not None else "no server in 60 s"
    folder = Path(told.read_text()).parent
    assert folder.is_dir()
    run.send_signal(signal.SIGTERM)
    out = run.communicate(timeout=30)[0]
    assert run.returncode != 0, out[-2000:]
    assert not folder.exists(), f"{folder} was left behind: {sorted(p.name for p in folder.iterdir())}"
