"""Doc tests: pytest-markdown-docs, given the build's semantics (see docexec/).

pytest-markdown-docs' own collector runs each fence on its own, executes ``--8<--``
lines as Python and misses indented fences. Here its collector is replaced by
one that reads pages with ``docexec.find_blocks`` (the function the build uses),
and every block runs through a registered runner that keeps one ``docexec.PageRun``
per page: blocks run in order in one fresh namespace per page and language, with
the same snippet expansion, seeding, expected errors and output checks as
``mkdocs build``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from pytest_markdown_docs._runners import _Runner, register_runner
from pytest_markdown_docs.definitions import FenceTestDefinition
from pytest_markdown_docs.plugin import MarkdownInlinePythonItem, MarkdownTextFile

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import docexec  # noqa: E402


def _blocks(path: Path) -> list[docexec.Block]:
    config = next((d / "mkdocs.yml" for d in path.resolve().parents if (d / "mkdocs.yml").is_file()), None)
    if config is not None:
        docexec.configure(config)
    if path.suffix == ".ipynb":  # notebook pages: code cells, run like a page's blocks
        return docexec.notebook_blocks(path)
    return docexec.executed_blocks(path.read_text("utf8"), docexec.rel(path))


@register_runner()
class DocexecRunner(_Runner):
    """Runs block i of a page after blocks 0..i-1 of the same page, in one namespace."""

    state: dict[Path, tuple[docexec.PageRun, int]] = {}

    def runtest(self, test: FenceTestDefinition, args, **kwargs) -> None:  # noqa: ARG002
        blocks = _blocks(test.source_path)
        index = next(i for i, b in enumerate(blocks) if b.line == test.start_line)
        page, done = self.state.get(test.source_path, (None, -1))
        if page is None or done != index - 1:  # run alone (-k) or after a failure: replay
            page = docexec.PageRun(blocks[0].path)
            for earlier in blocks[:index]:
                page.run(earlier)
        self.state[test.source_path] = (page, index - 1)
        page.run(blocks[index])
        self.state[test.source_path] = (page, index)

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
        if file_path.suffix in {".md", ".ipynb"} and "docs" in file_path.parts:
            return DocPage.from_parent(parent, path=file_path)
        return None


SITE_INPUTS = ["docs", "snippets", "overrides", "mkdocs.yml", "docexec", "glossary.yml"]


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The built site: site/ when it is newer than every input (make test builds it first),
    else a fresh strict build into a temporary folder."""
    import os
    import subprocess

    inputs = [ROOT / n for n in SITE_INPUTS]
    files = [f for p in inputs for f in ([p] if p.is_file() else p.rglob("*")) if f.is_file()]
    stamp = ROOT / "site" / "search" / "search_index.json"
    if stamp.is_file() and stamp.stat().st_mtime >= max(f.stat().st_mtime for f in files):
        return ROOT / "site"
    out = tmp_path_factory.mktemp("site")
    cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)]
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    if proc.returncode:
        pytest.fail(f"mkdocs build --strict failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    return out


def pytest_configure(config) -> None:
    # pytest-markdown-docs' own collector would run the same fences a second time
    # with other semantics: keep it off, whatever the command line says.
    config.option.markdowndocs = False
    if not config.pluginmanager.has_plugin("docexec-pages"):
        config.pluginmanager.register(DocPagesPlugin(), "docexec-pages")
