"""Doc tests: pytest-markdown-docs, given the build's semantics (see docexec/).

pytest-markdown-docs' own collector runs each fence on its own, executes ``--8<--``
lines as Python and misses indented fences. Here its collector is replaced by
one that reads pages with ``docexec.executed_blocks`` (the function the build uses),
and every block is an item of a registered runner that runs the page's blocks with
``docexec.run_blocks``, the build's runner: in order, in one fresh page process per page
and language, with the same snippet expansion, seeding, timeouts, expected errors and
output checks as ``mkdocs build``. Each item reports its own block. In a project with
``snapshots/``, each block's output must also equal the committed snapshot
(``docexec.checks.snapshot``): a block whose output changed, or changes between runs, fails here.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from pytest_markdown_docs._runners import _Runner, register_runner
from pytest_markdown_docs.definitions import FenceTestDefinition
from pytest_markdown_docs.plugin import MarkdownInlinePythonItem, MarkdownTextFile

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import docexec  # noqa: E402
from docexec.checks import snapshot  # noqa: E402
from docexec.execute import servers  # noqa: E402

_BLOCKS: dict[tuple[Path, Path, int], list[docexec.Block]] = {}


def _blocks(path: Path) -> list[docexec.Block]:
    """The page's executed blocks, read once per version of the page (each of its items asks).
    docexec is pointed at the page's project every time: another test may have moved it."""
    config = next((d / "mkdocs.yml" for d in path.resolve().parents if (d / "mkdocs.yml").is_file()), None)
    if config is not None:
        docexec.configure(config)
    key = (docexec.current().root, path, path.stat().st_mtime_ns)
    if key not in _BLOCKS:
        _BLOCKS[key] = _read_blocks(path)
    return _BLOCKS[key]


def _read_blocks(path: Path) -> list[docexec.Block]:
    if docexec.is_notebook(path):  # notebook pages: code cells, run like a page's blocks
        return docexec.notebook_blocks(path)
    raw = path.read_text("utf-8-sig")
    text, offset, problem = docexec.page_body(raw, docexec.rel(path))
    if problem:
        raise docexec.DocExecError(problem)
    return docexec.executed_blocks(text, docexec.rel(path), offset)


@register_runner()
class DocexecRunner(_Runner):
    """Block i of a page: the page runs once, whole, in its own process; item i reports block i."""

    outcomes: dict[Path, list[docexec.Outcome]] = {}
    snapshots: dict[tuple[Path, str], dict[str, str] | None] = {}

    def runtest(self, test: FenceTestDefinition, args, **kwargs) -> None:  # noqa: ARG002
        blocks = _blocks(test.source_path)
        index = next(i for i, b in enumerate(blocks) if b.line == test.start_line)
        if test.source_path not in self.outcomes:
            self.outcomes[test.source_path] = docexec.run_blocks(blocks[0].path, blocks)
        outcome = self.outcomes[test.source_path][index]
        block = blocks[index]
        if not outcome.ok:
            raise docexec.DocExecError(outcome.text)
        if snapshot.folder().is_dir() and "variable" not in block.options:
            page = (docexec.current().root, block.path)
            if page not in self.snapshots:  # read once per page, not once per block
                self.snapshots[page] = snapshot.load(block.path)
            expected = self.snapshots[page]
            k = snapshot.keys(blocks)[index]
            if expected is None or snapshot.expected_for(expected.get(k), block.path) != outcome.text:
                problems = snapshot.compare(block.path, {k: outcome.text}, {k: block.line})
                raise docexec.DocExecError("\n".join(p for p in problems if "no longer runs" not in p))

    def repr_failure(self, test, excinfo, style=None) -> str:  # noqa: ARG002
        if isinstance(excinfo.value, docexec.DocExecError):
            return str(excinfo.value)
        return excinfo.getrepr(style="short")


class DocPage(MarkdownTextFile):
    def collect(self):
        try:
            blocks = _blocks(self.path)
        except docexec.DocExecError as exc:  # a missing snippet, a bad option: a failing item
            yield BrokenPage.from_parent(self, name="[page]", error=exc)
            return
        for n, block in enumerate(blocks, start=1):
            definition = FenceTestDefinition(
                source=block.code,
                fixture_names=(),
                start_line=block.line,
                source_path=self.path,
                runner_name="DocexecRunner",
            )
            yield MarkdownInlinePythonItem.from_parent(
                self, name=f"[block#{n}][line:{block.line}]", test_definition=definition
            )


class BrokenPage(pytest.Item):
    def __init__(self, *, error: Exception, **kwargs) -> None:
        super().__init__(**kwargs)
        self.error = error

    def runtest(self) -> None:
        raise self.error

    def repr_failure(self, excinfo, style=None) -> str:  # noqa: ARG002
        return str(excinfo.value)

    def reportinfo(self):
        return self.path, 0, self.name


class DocPagesPlugin:
    """Collects every page (Markdown or notebook) under a ``docs`` folder (registered below)."""

    @staticmethod
    def pytest_collect_file(file_path: Path, parent):
        if file_path.suffix in {".md", ".ipynb", ".py"} and "docs" in file_path.parts:
            return DocPage.from_parent(parent, path=file_path)
        return None


@pytest.fixture(autouse=True)
def project_settings_again():
    """A test that configured another site (a fixture site's mkdocs.yml) leaves the project's
    settings in use for the next test of this worker, as a fresh process would have them."""
    yield
    from docexec.core import settings

    if settings._CURRENT and settings._CURRENT[0].root != settings.PACKAGE_ROOT:
        settings._CURRENT.clear()


@pytest.fixture(scope="session", autouse=True)
def shared_page_server(tmp_path_factory):
    """One warm page server for this test process and every build, snapshot and doc-test
    session it starts in a subprocess (they find it through DOCEXEC_SERVER; see
    servers.listen). Pages still run in fresh processes forked from it."""
    import os
    import tempfile

    if os.environ.get(servers.SHARED_ENV):  # a test session started by a test: its parent's
        yield os.environ[servers.SHARED_ENV]
        return
    folder = tempfile.mkdtemp(prefix="docexec-")  # short: a UNIX socket path has ~100 bytes
    path = os.path.join(folder, "server")
    process = servers.listen(path)
    os.environ[servers.SHARED_ENV] = path
    try:
        yield path
    finally:
        del os.environ[servers.SHARED_ENV]
        process.terminate()
        process.wait(timeout=10)
        import shutil

        shutil.rmtree(folder, ignore_errors=True)
        # The scratch folders of the fixture sites built under this process's temporary folder
        # (not another worker's, still running, nor another checkout's, built meanwhile).
        # A project's own site/, docs/... are not walked; a project folder named site is (test_serve's
        # engine-edit project is tmp/site: its scratch folder was left behind after every run).
        for folder, dirs, files in os.walk(tmp_path_factory.getbasetemp()):  # symlinks (.venv) not followed
            if "mkdocs.yml" in files:
                dirs[:] = [d for d in dirs if d not in {"site", "docs", "snippets", "node_modules"}]
                shutil.rmtree(docexec.scratch_dir(Path(folder).resolve()), ignore_errors=True)


SITE_INPUTS = ["docs", "snippets", "overrides", "mkdocs.yml", "docexec", "glossary.yml"]


def _newest_input(root: Path | None = None) -> float:
    """The newest modification time of the files the site at ``root`` is built from (and docexec/),
    and of git's index: a commit changes the pages' "last changed" dates, not their files."""
    root = root or docexec.current().root
    inputs = [root / n for n in SITE_INPUTS] + [Path(docexec.__file__).parent, root / ".git" / "index"]
    files = [f for p in inputs for f in ([p] if p.is_file() else p.rglob("*")) if f.is_file()]
    return max(f.stat().st_mtime for f in files)


@pytest.fixture(scope="session")
def built_site(request) -> Path:
    """The built site: a strict build into site/, made once for the whole test run.

    Under `make test` the first xdist worker that needs the site builds it while the other
    one goes on with tests that do not (they are scheduled first); a worker that needs it
    meanwhile waits on the lock, then finds site/ newer than every input. A failed build
    is recorded for this run, so every worker fails with its log instead of building again,
    and site/ is left without its search index, so no later run takes it as fresh."""
    import os
    import subprocess

    from filelock import FileLock

    site = ROOT / "site"
    stamp = site / "search" / "search_index.json"

    def fresh() -> bool:
        return stamp.is_file() and stamp.stat().st_mtime >= _newest_input(ROOT)

    if fresh():
        return site
    scratch = docexec.scratch_dir()
    scratch.mkdir(parents=True, exist_ok=True)
    run = getattr(request.config, "workerinput", {}).get("testrunuid", f"pid{os.getpid()}")
    failed = scratch / f"build-failed-{run}.log"
    with FileLock(str(scratch / "build.lock")):
        if failed.is_file():
            pytest.fail(failed.read_text("utf8"))
        if fresh():
            return site
        cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)]
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
        proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
        if proc.returncode:
            stamp.unlink(missing_ok=True)
            for old in scratch.glob("build-failed-*.log"):
                old.unlink()
            log = f"mkdocs build --strict failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
            failed.write_text(log, "utf8")
            pytest.fail(log)
    return site


def pytest_configure(config) -> None:
    # pytest-markdown-docs' own collector would run the same fences a second time
    # with other semantics: keep it off, whatever the command line says.
    config.option.markdowndocs = False
    if hasattr(config.option, "loadscopereorder"):  # keep the order pytest_collection_modifyitems gives
        config.option.loadscopereorder = False
    if not config.pluginmanager.has_plugin("docexec-pages"):
        config.pluginmanager.register(DocPagesPlugin(), "docexec-pages")
    # A run stopped with SIGTERM (a CI timeout, `kill`) ends as Ctrl-C does: pytest tears the
    # session down, so the shared page server's folder goes too (it was left in /tmp).
    from docexec.build import stop_on_sigterm_as_on_ctrl_c

    stop_on_sigterm_as_on_ctrl_c()


# Fixtures that make a test part of `make test` only, whatever its module's tier (pyproject.toml).
HEAVY = {"built_site", "site", "browser", "base_url", "visit", "forked_kernels", "kernel_runs", "pdfs"}


@pytest.hookimpl(tryfirst=True)  # before xdist's hook turns the markers into node id suffixes
def pytest_collection_modifyitems(config, items) -> None:
    """`make test` runs the suite on every core (pytest-xdist, ``--dist loadgroup``): tests that
    share a costly fixture or memo run in the same worker, each group whole.

    - a page's doc tests: its blocks run once, as one page (DocexecRunner.outcomes);
    - the browser tests of one page (it is visited once, page_facts); the search tests of a
      language (one search page each);
    - the notebook tests: one kernel zygote, one run of every page notebook (kernel_runs);
    - the tests that read the offline copy (``offline_zip``), whichever module: one offline build;
    - the tests of a module with a module-scoped fixture; every other test is its own unit.

    Units are handed out in this order (pytest_configure turns off xdist's reordering by
    size): the notebook tests first (their worker builds the site, then runs the longest
    group), then every test that needs no built site (the other worker's work while the site
    builds), then the browser's shared groups, then the rest."""
    for item in items:  # the tiers: what needs a build, a browser or kernels is not the inner loop
        if "docs" in Path(str(item.fspath)).parts or HEAVY & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.full)
    if not config.pluginmanager.hasplugin("xdist"):  # `-p no:xdist`: no such marker
        return
    order: dict[int, int] = {}
    for item in items:
        group, rank = _group(item)
        order[id(item)] = rank
        if group and item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(group))
    items.sort(key=lambda item: order[id(item)])  # stable: collection order within a rank


def _group(item) -> tuple[str | None, int]:
    """(xdist group or None for a unit of its own, scheduling rank) of a test."""
    path = Path(str(item.fspath))
    params = getattr(getattr(item, "callspec", None), "params", {})
    if path.name == "test_browser.py":  # needs the built site (page_facts asks for it)
        if "page" in params:  # the tests of one page, read off one visit
            return f"browser-{params['lang']}-{params['page']}", 3
        if any(w in item.name for w in ("search", "pasting", "concept")):  # one search page per language
            return "search-" + params.get("lang", "en" if "en_search" in item.name else "zh"), 2
        return None, 2  # the rest share nothing but the worker's Chromium: any worker (one group was 90 s in a row)
    if path.name in {"test_pagebooks.py", "test_notebooks.py"}:
        return "kernels", 0
    if path.name == "test_pdf.py":  # one worker prints both PDFs (~35 s), from the start of the run
        return path.as_posix(), 0
    rank = 3 if "built_site" in getattr(item, "fixturenames", ()) else 1
    if "offline_zip" in getattr(item, "fixturenames", ()):  # one offline build (~35 s CPU) a run, not one a module
        return "offline", rank
    if "docs" in path.parts or _has_module_fixture(item):
        return path.as_posix(), rank
    return None, rank


def _has_module_fixture(item) -> bool:
    defs = getattr(getattr(item, "_fixtureinfo", None), "name2fixturedefs", {})
    return any(d.scope in {"module", "class", "package"} for ds in defs.values() for d in ds)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport():
    """Under ``CI=true`` a skipped test is a failed one: a skip there hides a promise not tested
    (a missing browser, a sandbox layer this runner lacks). An expected failure (xfail) stays one."""
    import os

    outcome = yield
    report = outcome.get_result()
    if os.environ.get("CI") == "true" and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped under CI=true, which fails: {reason}"


def pytest_terminal_summary(terminalreporter) -> None:
    """With ``TIMINGS=1`` (the GitHub workflow's make test): every test's time, slowest first, and
    each module's, into test-artifacts/timings.txt (uploaded with the screenshots)."""
    import os
    from collections import Counter

    if os.environ.get("TIMINGS") != "1":
        return
    reports = [r for key in ("passed", "failed", "error", "skipped", "") for r in terminalreporter.stats.get(key, [])
               if getattr(r, "duration", None) is not None]
    per_test: Counter[str] = Counter()
    for report in reports:
        per_test[report.nodeid] += report.duration
    per_module: Counter[str] = Counter()
    for nodeid, seconds in per_test.items():
        per_module[nodeid.split("::")[0]] += seconds
    # each worker's busy time and when it finished: the suite's wall time is its last worker's
    spans: dict[str, list[float]] = {}
    for report in reports:
        worker = getattr(report, "node", None)
        name = getattr(getattr(worker, "gateway", None), "id", None) or getattr(report, "worker_id", None) or "main"
        start, stop = getattr(report, "start", None), getattr(report, "stop", None)
        if start is not None and stop is not None:
            spans.setdefault(str(name), []).extend([start, stop, report.duration])
    first = min((v[0] for v in spans.values()), default=0.0)
    lines = [f"{len(per_test)} tests, {sum(per_test.values()):.1f} s in all (setup, call and teardown)", "", "by worker:"]
    for name, v in sorted(spans.items()):
        busy = sum(v[2::3])
        lines.append(f"  {name}: busy {busy:7.1f} s, last test ended at {max(v[1::3]) - first:7.1f} s")
    lines += ["", "by module:"]
    lines += [f"{seconds:8.2f} s  {module}" for module, seconds in per_module.most_common()]
    lines += ["", "by test:"] + [f"{seconds:8.2f} s  {nodeid}" for nodeid, seconds in per_test.most_common()]
    target = ROOT / "test-artifacts" / "timings.txt"
    target.parent.mkdir(exist_ok=True)
    target.write_text("\n".join(lines) + "\n", "utf8")
    timeline = sorted((str(getattr(getattr(getattr(r, "node", None), "gateway", None), "id", None) or "main"),
                       round(r.start - first, 2), round(r.stop - first, 2), r.nodeid, r.when)
                      for r in reports if getattr(r, "start", None) is not None)
    (target.parent / "timeline.json").write_text(json.dumps(timeline, indent=0), "utf8")  # where a worker waited
