"""docexec/site/incremental.py: which pages a `make serve` edit touches, and what the others keep."""

from __future__ import annotations

import json
import logging
import os
import sys
from pathlib import Path
from types import SimpleNamespace

import jinja2
import pytest

from docexec.core import settings
from docexec.site import incremental
from docexec.site.incremental import Memory, Rebuild, _merged, includes

pytestmark = pytest.mark.full

LAST = 1_000_000.0  # when the last build started (file times are set around it)


@pytest.fixture(autouse=True)
def project(tmp_path):
    """The settings of a zh/en project in tmp_path, put back after the test."""
    saved = settings._CURRENT[:]
    settings.use(settings.build(tmp_path, None, [("zh", True), ("en", False)], ["snippets"], environ={}))
    yield tmp_path
    settings._CURRENT[:] = saved


def write(path: Path, text: str, mtime: float) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, "utf8")
    os.utime(path, (mtime, mtime))
    return path


def memory_of(*built: Path) -> Memory:
    """The memory of a serve process whose last build started at LAST and rendered ``built``."""
    memory = Memory()
    memory.last_start = LAST
    memory.titles = {os.path.abspath(p): p.stem for p in built}
    return memory


@pytest.fixture
def pages(project):
    snippet = write(project / "snippets" / "demo" / "01.py", "x = 1\n", LAST - 10)
    page = write(project / "docs" / "zh" / "p.md", '# p\n\n```python\n--8<-- "demo/01.py"\n```\n', LAST - 10)
    plain = write(project / "docs" / "zh" / "plain.md", "# plain\n", LAST - 10)
    return SimpleNamespace(snippet=snippet, page=page, plain=plain)


# --- which pages are touched ---------------------------------------------------------------


def test_a_full_build_touches_every_page(pages):
    assert Rebuild(memory_of(pages.page, pages.plain), dirty=False).touched(pages.plain)
    first = Rebuild(Memory(), dirty=True)  # the first build of a serve: nothing to keep yet
    assert not first.dirty and first.touched(pages.plain)


def test_a_dirty_rebuild_touches_only_what_changed(pages):
    rebuild = Rebuild(memory_of(pages.page, pages.plain), dirty=True)
    assert rebuild.dirty
    assert not rebuild.touched(pages.page) and not rebuild.touched(pages.plain)
    os.utime(pages.plain, (LAST + 1, LAST + 1))  # the page edited since
    assert rebuild.touched(pages.plain) and not rebuild.touched(pages.page)
    os.utime(pages.plain, (LAST, LAST))  # edited the moment the last build started: may not have been read
    assert rebuild.touched(pages.plain)


def test_a_snippet_edit_touches_the_pages_that_include_it(pages):
    rebuild = Rebuild(memory_of(pages.page, pages.plain), dirty=True)
    os.utime(pages.snippet, (LAST + 1, LAST + 1))
    assert rebuild.touched(pages.page) and not rebuild.touched(pages.plain)


def test_a_page_not_built_by_this_process_is_touched(pages):
    rebuild = Rebuild(memory_of(pages.page), dirty=True)
    assert rebuild.touched(pages.plain)


def test_a_page_whose_snippet_was_removed_is_touched(pages):
    rebuild = Rebuild(memory_of(pages.page, pages.plain), dirty=True)
    pages.snippet.unlink()
    assert rebuild.touched(pages.page)  # it must show the error


def test_includes_are_the_snippets_a_page_names(project):
    page = write(project / "docs" / "zh" / "p.md", '```python\n--8<-- "a/01.py"\n  # --8<-- \'b/02.py\'\nx = 1\n```\n'
                 'Prose: --8<-- "not/a-line.py"\n\n    --8<-- "c/03.py"\n', LAST)
    snippets = project / "snippets"
    assert includes(page) == [snippets / "a" / "01.py", snippets / "b" / "02.py", snippets / "c" / "03.py"]
    assert includes(project / "docs" / "zh" / "missing.md") == []


def file(source: Path) -> SimpleNamespace:
    return SimpleNamespace(abs_src_path=str(source), is_modified=lambda: "MkDocs' own answer")


class FakeFiles(list):
    def documentation_pages(self) -> list:
        return list(self)


def test_mark_files_answers_is_modified_with_touched(pages, project):
    files = FakeFiles([file(pages.page), file(pages.plain)])
    write(project / "mkdocs.yml", "site_name: t\n", LAST - 10)
    os.utime(pages.plain, (LAST + 1, LAST + 1))
    Rebuild(memory_of(pages.page, pages.plain), dirty=True).mark_files(files, lambda f: f.abs_src_path)
    assert [f.is_modified() for f in files] == [False, True]
    full = FakeFiles([file(pages.page)])
    Rebuild(memory_of(pages.page, pages.plain), dirty=False).mark_files(full, lambda f: f.abs_src_path)
    assert full[0].is_modified() == "MkDocs' own answer"  # a full build marks nothing


def test_a_shared_input_edit_touches_every_page(pages, project):
    files = FakeFiles([file(pages.page), file(pages.plain)])
    write(project / "overrides" / "main.html", "{% extends 'base.html' %}\n", LAST + 1)
    Rebuild(memory_of(pages.page, pages.plain), dirty=True).mark_files(files, lambda f: f.abs_src_path)
    assert [f.is_modified() for f in files] == [True, True]


# --- what the pages not rebuilt keep -----------------------------------------------------------


def test_titles_are_kept_and_given_back_to_pages_not_read(pages):
    memory = memory_of()
    rebuild = Rebuild(memory, dirty=True)
    rebuild.keep_title(SimpleNamespace(title="Why grad is None", url="p/"), str(pages.page))
    assert memory.titles == {os.path.abspath(pages.page): "Why grad is None"} and rebuild.rebuilt == {"p/"}
    unread = SimpleNamespace(abs_src_path=str(pages.page), page=SimpleNamespace(markdown=None, title="P"))
    read = SimpleNamespace(abs_src_path=str(pages.page), page=SimpleNamespace(markdown="# read", title="Read"))
    Rebuild(memory, dirty=True).restore_titles(FakeFiles([unread, read]), lambda f: f.abs_src_path)
    assert (unread.page.title, read.page.title) == ("Why grad is None", "Read")


def test_merged_replaces_the_rebuilt_pages_entries_in_place():
    old = [{"location": "a/"}, {"location": "b/", "v": 1}, {"location": "b/#s", "v": 1}, {"location": "c/"},
           {"location": "e/#x"}]
    new = [{"location": "d/"}, {"location": "b/", "v": 2}]
    assert _merged(old, new, {"b/", "c/", "d/"}) == [
        {"location": "a/"}, {"location": "b/", "v": 2}, {"location": "e/#x"}, {"location": "d/"}]
    assert _merged([], new, {"b/", "d/"}) == [{"location": "d/"}, {"location": "b/", "v": 2}]


def test_merge_index_puts_back_the_entries_of_pages_not_rebuilt(tmp_path):
    site = tmp_path / "site"
    (site / "search").mkdir(parents=True)
    index = site / "search" / "search_index.json"
    memory = Memory()
    index.write_text(json.dumps({"config": {}, "docs": [{"location": "a/"}, {"location": "b/"}]}), "utf8")
    full = Rebuild(memory, dirty=False)
    full.merge_index(site)
    full.finish()
    assert memory.docs == [{"location": "a/"}, {"location": "b/"}] and memory.last_start == full.started
    index.write_text(json.dumps({"config": {}, "docs": [{"location": "b/", "new": True}]}), "utf8")
    dirty = Rebuild(memory, dirty=True)
    dirty.rebuilt.add("b/")
    dirty.merge_index(site)
    expected = [{"location": "a/"}, {"location": "b/", "new": True}]
    assert json.loads(index.read_text("utf8"))["docs"] == expected and memory.docs == expected
    Rebuild(memory, dirty=True).merge_index(tmp_path / "no-site")  # no index: nothing to do
    assert memory.docs == expected


def test_finish_of_a_dirty_rebuild_says_what_was_rebuilt(caplog, pages):
    rebuild = Rebuild(memory_of(pages.page, pages.plain), dirty=True)
    rebuild.rebuilt.add("p/")
    with caplog.at_level(logging.INFO, logger="mkdocs.plugins.docexec"):
        rebuild.finish()
    assert any(r.getMessage().startswith("docexec: dirty rebuild of 1 of 2 pages, the rest kept from the last build")
               for r in caplog.records), caplog.records
    assert rebuild.memory.last_start == rebuild.started


# --- the rest of the wiring --------------------------------------------------------------------


def test_dirty_command_reads_the_command_line(monkeypatch):
    monkeypatch.setattr(sys, "argv", ["mkdocs", "serve", "--dirty"])
    assert incremental.dirty_command()
    monkeypatch.setattr(sys, "argv", ["mkdocs", "serve"])
    assert not incremental.dirty_command()


def test_mkdocs_dirty_warning_is_dropped_and_nothing_else():
    keep = incremental._DirtyWarning()
    record = logging.LogRecord("mkdocs.commands.build", logging.WARNING, "", 0, "A 'dirty' build is being performed, "
                               "this will likely lead to inaccurate navigation and other links within your site.", None, None)
    assert not keep.filter(record)
    record.msg = "Documentation built"
    assert keep.filter(record)


def test_own_search_merge_turns_materials_off():
    plugin = SimpleNamespace(is_dirty=True, search_index_prev={"docs": []})
    incremental.own_search_merge(SimpleNamespace(plugins={"material/search": plugin}))
    assert (plugin.is_dirty, plugin.search_index_prev) == (False, None)


def test_templates_are_compiled_once_per_process():
    loader = jinja2.DictLoader({"t.html": "{{ x }}!"})
    compiled = len(incremental.TEMPLATES._code)
    first = incremental.share_templates(jinja2.Environment(loader=loader, autoescape=True))
    assert first.bytecode_cache is incremental.TEMPLATES
    assert first.get_template("t.html").render(x=1) == "1!"
    assert len(incremental.TEMPLATES._code) == compiled + 1
    second = incremental.share_templates(jinja2.Environment(loader=loader, autoescape=True))
    assert second.get_template("t.html").render(x=2) == "2!"  # from the bytecode the first compiled
    assert len(incremental.TEMPLATES._code) == compiled + 1
    edited = jinja2.DictLoader({"t.html": "{{ x }}?"})  # an edited template is compiled anew
    assert incremental.share_templates(jinja2.Environment(loader=edited, autoescape=True)).get_template(
        "t.html").render(x=3) == "3?"
    assert len(incremental.TEMPLATES._code) == compiled + 2
