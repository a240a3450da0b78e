"""`mkdocs serve` (what `make serve` runs) on a fixture site: both languages are served, and
editing a page or a snippet rebuilds it, re-executed in a fresh namespace (nothing leaks
from the previous build), with live reload injected into the pages."""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.sites import ZH_EN_SAME, Site, outputs

pytestmark = pytest.mark.full


def fetch(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.read().decode("utf8")
    except OSError:
        return None


def wait_for(url: str, predicate, timeout: float = 90) -> str:
    deadline = time.monotonic() + timeout
    html = None
    while time.monotonic() < deadline:
        html = fetch(url)
        if html is not None and predicate(html):
            return html
        time.sleep(0.1)
    raise AssertionError(f"{url}: condition not met within {timeout}s; last page:\n{(html or '')[:500]}")


def mtime_tick(folder: Path) -> None:
    """Return once a file written now gets an mtime later than any build started before: at once
    where the file system keeps sub-second mtimes (this one), else when the clock has reached the
    next whole second (the dirty rebuild compares mtimes with the last build's start)."""
    probe = folder / ".mtime-probe"
    probe.write_text("x", "utf8")
    fine = probe.stat().st_mtime_ns % 1_000_000_000 != 0  # (a whole second by chance: one in 10⁹)
    probe.unlink()
    second = int(time.time()) + 1
    while not fine and time.time() < second:
        time.sleep(0.02)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serving(root, *options: str, own_server: bool = False):
    """`mkdocs serve` of the fixture site at ``root``; yields its base URL, stops it afterwards.
    Its log goes to a file (a pipe nobody reads could fill up and stall the server).
    ``own_server``: it starts its own page server, as `make serve` does (not the suite's)."""
    port = free_port()
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    if own_server:
        env.pop("DOCEXEC_SERVER", None)
    with open(root / "serve.log", "w") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "serve", "--dev-addr", f"127.0.0.1:{port}", "--livereload", *options],
            cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT,
        )
        try:
            yield f"http://127.0.0.1:{port}/"
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()


def test_serve_both_languages_and_rebuild_on_edit(tmp_path):
    site = Site(tmp_path)
    site.snippet("demo/01_word.py", 'print("first")\n')
    page = ZH_EN_SAME + '\n```python\n--8<-- "demo/01_word.py"\n```\n'
    site.page("zh/index.md", page).page("en/index.md", page)
    (tmp_path / "mkdocs.yml").write_text(
        (tmp_path / "mkdocs.yml").read_text("utf8") + "watch:\n  - snippets\n", "utf8"
    )
    with serving(tmp_path) as base:
        for url in (base, base + "en/"):
            html = wait_for(url, lambda h: len(outputs(h)) == 2)
            assert outputs(html) == ["run 1", "first"]
            assert "livereload" in html

        site.page("zh/index.md", page + '\n```python\nprint("edited", n)\n```\n')
        html = wait_for(base, lambda h: "edited 1" in outputs(h))
        assert outputs(html) == ["run 1", "first", "edited 1"]  # a fresh namespace: n is 1 again

        site.snippet("demo/01_word.py", 'print("second")\n')
        for url in (base, base + "en/"):
            html = wait_for(url, lambda h: "second" in outputs(h))
            assert outputs(html)[:2] == ["run 1", "second"]


def test_serve_shows_a_failing_block_in_place_and_keeps_serving(tmp_path):
    site = Site(tmp_path)
    broken = "# t\n\n```python\n1 / 0\n```\n"
    site.both("index.md", broken)
    with serving(tmp_path) as base:
        for url in (base, base + "en/"):
            html = wait_for(url, lambda h: "admonition failure" in h)
            assert "docs/" in html and "index.md:4: unexpected ZeroDivisionError: division by zero" in html
        site.both("index.md", broken.replace("1 / 0", "print('fixed')"))
        for url in (base, base + "en/"):
            html = wait_for(url, lambda h: outputs(h) == ["fixed"])
            assert "admonition failure" not in html


def _serving_dir(root) -> Path:
    """The temporary folder `mkdocs serve` builds into, read off its log (static-i18n names it)."""
    found = re.findall(r"Building 'zh' documentation to directory: (\S+)", (root / "serve.log").read_text("utf8"))
    assert found, (root / "serve.log").read_text("utf8")[-2000:]
    return Path(found[-1])


def _index(base: str) -> list[dict]:
    return json.loads(fetch(base + "search/search_index.json"))["docs"]


def test_dirty_serve_rebuilds_only_the_pages_an_edit_touches(tmp_path):
    """`make serve` runs `mkdocs serve --dirty`: a snippet edit rebuilds the pages including it,
    in both languages, each from a fresh namespace; an unrelated page is not rebuilt, and keeps
    its title in the rebuilt page's navigation and its entries in the search index."""
    site = Site(tmp_path)
    site.snippet("demo/01_word.py", 'print("first")\n')
    uses = ZH_EN_SAME.replace("# p", "# Uses the snippet") + '\n```python\n--8<-- "demo/01_word.py"\n```\n'
    other = "# Unrelated page\n\n```python\nprint('unrelated')\n```\n"
    site.both("index.md", uses).both("other.md", other)
    config = (tmp_path / "mkdocs.yml").read_text("utf8").replace("plugins:\n", "plugins:\n  - search\n")
    (tmp_path / "mkdocs.yml").write_text(config + "watch:\n  - snippets\nnav:\n  - index.md\n  - other.md\n", "utf8")
    with serving(tmp_path, "--dirty") as base:
        for url in (base, base + "en/"):
            wait_for(url, lambda h: outputs(h) == ["run 1", "first"])
        wait_for(base + "other/", lambda h: outputs(h) == ["unrelated"])
        first = {prefix: _index(base + prefix) for prefix in ("", "en/")}
        served = _serving_dir(tmp_path)
        pages = {rel: served / rel for rel in ("index.html", "en/index.html", "other/index.html", "en/other/index.html")}
        before = {rel: p.stat().st_mtime_ns for rel, p in pages.items()}

        mtime_tick(tmp_path)  # an edit's mtime later than the last build's start, on any file system
        site.snippet("demo/01_word.py", 'print("second")\n')
        for url in (base, base + "en/"):
            html = wait_for(url, lambda h: "second" in outputs(h))
            assert outputs(html) == ["run 1", "second"]  # a fresh namespace: n is 1 again
            assert "Unrelated page" in html, "the page not rebuilt lost its title in the navigation"
        log = (tmp_path / "serve.log").read_text("utf8")
        assert "dirty rebuild of 2 of 4 pages" in log, log[-1500:]
        after = {rel: p.stat().st_mtime_ns for rel, p in pages.items()}
        assert after["index.html"] > before["index.html"] and after["en/index.html"] > before["en/index.html"]
        assert after["other/index.html"] == before["other/index.html"], "an unrelated page was rebuilt"
        assert after["en/other/index.html"] == before["en/other/index.html"], "an unrelated page was rebuilt"
        for prefix in ("", "en/"):
            docs = _index(base + prefix)
            assert {d["location"].split("#")[0] for d in docs} == {"", "other/"}, docs
            # Material's own dirty merge doubled the index on every rebuild (incremental.own_search_merge)
            assert len(docs) == len(first[prefix]), f"{prefix or 'zh'}: {len(first[prefix])} entries, now {len(docs)}"

        mtime_tick(tmp_path)
        site.page("en/other.md", other.replace("unrelated", "edited"))  # one page of one language
        wait_for(base + "en/other/", lambda h: outputs(h) == ["edited"])
        assert "dirty rebuild of 1 of 4 pages" in (tmp_path / "serve.log").read_text("utf8")
        assert pages["other/index.html"].stat().st_mtime_ns == before["other/index.html"]
        for prefix in ("", "en/"):
            docs = _index(base + prefix)
            assert len(docs) == len(first[prefix]), f"{prefix or 'zh'}: {len(first[prefix])} entries, now {len(docs)}"
            assert len({(d["location"], d["text"]) for d in docs}) == len(docs), "duplicate search entries"


def _processes() -> dict[int, tuple[int, str]]:
    """pid -> (parent pid, command line) of every process."""
    found = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError):
                stat = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
                found[int(entry)] = (int(stat[1]), Path(f"/proc/{entry}/cmdline").read_bytes().decode(errors="replace"))
    return found


def test_serve_leaves_no_process_behind_when_it_stops(tmp_path):
    """Stopped as a process manager, an editor's task or a CI timeout stops it (SIGTERM): no
    process of it is left, nor the folder it built the site into (MkDocs' /tmp/mkdocs_*: Python's
    default SIGTERM skipped its removal, and the suite had left 332 of them)."""
    import tempfile
    import uuid

    token = uuid.uuid4().hex  # this run's site, not one an earlier run left
    site = Site(tmp_path)
    page = ('# t\n\n```python\nimport subprocess, sys\n'
            'child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)  # serve-leftover-marker"],'
            f' start_new_session=True)\nprint("started")  # {token}\n```\n')
    site.both("index.md", page)
    with serving(tmp_path, own_server=True) as base:
        wait_for(base, lambda h: outputs(h) == ["started"])
        port = base.rsplit(":", 1)[1].strip("/")
        processes = _processes()
        serve = {pid for pid, (_, cmd) in processes.items() if "mkdocs" in cmd and f"127.0.0.1:{port}" in cmd}
        ours = {pid for pid, (parent, cmd) in processes.items()  # its page server (not another test's)
                if parent in serve and "docexec.execute.worker" in cmd}
        assert serve and ours, "serve started no page server of its own"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        left = {pid: cmd for pid, (_, cmd) in _processes().items()
                if pid in ours or "serve-leftover-marker" in cmd}
        if not left:
            break
        time.sleep(0.1)
    assert not left, left
    folders = [f for f in Path(tempfile.gettempdir()).glob("mkdocs_*")
               if (f / "index.html").is_file() and token in (f / "index.html").read_text("utf8", errors="replace")]
    assert not folders, f"mkdocs serve left the site it built: {folders}"


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def test_serve_reports_an_authors_mistakes_and_never_hangs(tmp_path):
    """One `make serve` session (issue 27, the author's day one): a new page not in the nav, a
    page without its snapshot or description, a failed inline value, a deleted page and a broken
    mkdocs.yml are each reported with how to fix them, and every URL keeps answering."""
    site = Site(tmp_path)
    (tmp_path / "snapshots").mkdir()  # a site that keeps snapshots, as this one does
    described = "---\ndescription: A page of the fixture site for the serve test.\n---\n\n"
    site.both("index.md", described + "# t\n\n```python\nx = 2\n```\n\nA value: `{python} x + 1`.\n")
    site.both("old.md", described + "# old\n\ntext\n")
    (tmp_path / "snapshots" / "index.yml").write_text("x = 2: ''\n", "utf8")
    config = (tmp_path / "mkdocs.yml").read_text("utf8") + (
        "nav:\n  - index.md\n  - old.md\nvalidation:\n  omitted_files: warn\n  unrecognized_links: warn\n")
    (tmp_path / "mkdocs.yml").write_text(config, "utf8")
    log = tmp_path / "serve.log"
    with serving(tmp_path, "--dirty") as base:
        wait_for(base, lambda h: "<code>3</code>" in h)
        assert _status(base + "old/") == 200
        mtime_tick(tmp_path)
        site.both("new.md", "# new\n\n```python\nprint('new page')\n```\n")  # no nav entry, description, snapshot
        site.both("index.md", described + "# t\n\n```python\nx = 2\n```\n\nA value: `{python} x.grad[0]`.\n"
                  "\n```python\nx.grad\n```\n")
        (tmp_path / "docs" / "zh" / "old.md").unlink()
        (tmp_path / "docs" / "en" / "old.md").unlink()
        html = wait_for(base + "new/", lambda h: outputs(h) == ["new page"], timeout=60)
        for url in (base, base + "en/"):  # the other pages still answer, the failures in red
            html = wait_for(url, lambda h: "docexec-inline-failure" in h, timeout=30)
            assert "~~" not in html
            assert html.count('class="admonition failure"') == 2, html  # the inline value's and the block's
            assert "AttributeError: &#x27;int&#x27; object has no attribute &#x27;grad&#x27;" in html \
                or "object has no attribute" in html
        for url in (base + "old/", base + "en/old/"):
            assert _status(url) == 404, f"{url}: a deleted page is still served"
        text = log.read_text("utf8")
        assert "Aborted" not in text and "appear stuck" not in text, text[-3000:]
        for lang in ("zh", "en"):
            assert f"docs/{lang}/new.md: not in the nav: add `- new.md`" in text, text[-3000:]
            assert f"WARNING -  docs/{lang}/new.md:1: no `description:`" in text, text[-3000:]
            assert f"WARNING -  docs/{lang}/new.md: no snapshot of its outputs (snapshots/new.yml): run `make snapshot`" \
                in text, text[-3000:]

        (tmp_path / "mkdocs.yml").write_text(config.replace("nav:", "nav: [\n"), "utf8")  # broken YAML
        html = wait_for(base, lambda h: "docexec-serve-failure" in h, timeout=30)
        assert "mkdocs.yml" in html and "line" in html
        (tmp_path / "mkdocs.yml").write_text(config.replace("  - old.md\n", "  - new.md\n"), "utf8")
        wait_for(base, lambda h: "docexec-serve-failure" not in h and "docexec-inline-failure" in h, timeout=60)


def _wait_for_log(root: Path, predicate, timeout: float = 90) -> str:
    deadline = time.monotonic() + timeout
    log = ""
    while time.monotonic() < deadline:
        log = (root / "serve.log").read_text("utf8")
        if predicate(log):
            return log
        time.sleep(0.2)  # polled: a rebuild takes what it takes
    raise AssertionError(f"condition not met within {timeout}s; serve's log:\n{log[-3000:]}")


def test_an_engine_edit_is_picked_up_by_the_next_rebuild(tmp_path):
    """`mkdocs serve` with the plugin imported from a copy of the package (PYTHONPATH first, as an
    author's checkout): an edit of a stage module is used by the next rebuild (a new page server
    too), and an edit of the plugin module itself asks, in one line, for a restart."""
    import shutil

    package = tmp_path / "package"
    shutil.copytree(Path(__file__).resolve().parent.parent / "docexec", package / "docexec",
                    ignore=shutil.ignore_patterns("__pycache__"))
    site_root = tmp_path / "site"
    site_root.mkdir()
    site = Site(site_root)
    site.both("index.md", "# t\n\n```python\nprint('page')\n```\n")
    label = package / "docexec" / "render" / "output.py"
    os.environ["PYTHONPATH"], saved = str(package), os.environ.get("PYTHONPATH")
    try:
        with serving(site_root, own_server=True) as base:
            html = wait_for(base, lambda h: outputs(h) == ["page"])
            assert "docexec-edited-engine" not in html
            edited = label.read_text("utf8").replace('<div class="{FENCE} highlight">', '<div class="{FENCE} highlight'
                                                                                     ' docexec-edited-engine">', 1)
            assert "docexec-edited-engine" in edited
            label.write_text(edited, "utf8")
            html = wait_for(base, lambda h: "docexec-edited-engine" in h)  # the edited module rendered it
            assert outputs(html) == ["page"]
            log = _wait_for_log(site_root, lambda text: "the engine changed: imported anew" in text)
            assert "restart" not in log
            plugin = package / "docexec" / "plugin.py"
            plugin.write_text(plugin.read_text("utf8") + "\n# edited\n", "utf8")
            log = _wait_for_log(site_root, lambda text: "docexec.plugin changed: restart `mkdocs serve`" in text)
    finally:
        if saved is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = saved
