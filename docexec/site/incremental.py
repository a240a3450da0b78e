"""incremental: in ``mkdocs serve --dirty`` (``make serve``), rebuild only the pages an edit touches.

MkDocs' dirty reload rebuilds a page only when its file is newer than its HTML: that misses the
snippets a page includes, and drops the pages not rebuilt from the navigation's titles and the
search index. Here a page is touched when this process has not built it yet, or it, a snippet
it includes or a shared input (overrides/, mkdocs.yml, glossary.yml: then every page) changed
since the last build started; a change to ``docexec/`` reloads the package, so all is rebuilt.
:func:`mark_files` sets each File's ``is_modified``; untouched pages keep their title, search
entries and error-index membership; a page deleted since is removed from the served site and the
index; the theme's templates are compiled once per process. :func:`keep_serving`: a failed
rebuild leaves the last good pages served, with the error on them (livereload would hang).

May not touch: execution or page content; only File.is_modified, titles of pages not rebuilt,
the search index before it is split, files of deleted pages, Material's own dirty merge and
the served pages' banner of a failed rebuild (both through :mod:`docexec.core.thirdparty`).
"""

from __future__ import annotations

import contextlib
import html
import json
import logging
import os
import re
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import jinja2
import jinja2.bccache

from docexec.core import settings, thirdparty
from docexec.core.errors import LOG
from docexec.page import questions
from docexec.site.search import SearchState

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.livereload import LiveReloadServer
    from mkdocs.structure.files import File, Files
    from mkdocs.structure.pages import Page

_INCLUDE = re.compile(r"""^\s*(?:#\s*)?--8<--\s+["']([^"']+)["']""", re.M)


class Memory:
    """What one process (a `make serve`) remembers from one build to the next."""

    def __init__(self) -> None:
        self.last_start: float | None = None  # when the last build started reading its inputs
        self.titles: dict[str, str] = {}  # page source -> title, from the build that last rendered it
        self.docs: list[dict] = []  # the combined search index of the last build
        self.search = SearchState()  # explaining pages and error-index pages, as last rendered
        self.outputs: dict[str, dict] = {}  # page path -> its recorded outputs (checks.record)
        self.api: dict[str, dict] = {}  # page path -> the torch names its code and prose use (checks.record)
        self.written: set[str] = set()  # the HTML files of the pages of the last build (absolute paths)


def dirty_command() -> bool:
    """MkDocs' dirty build was asked for (``--dirty``): read as static-i18n reads it, so that
    both languages' builds agree."""
    import sys

    return "--dirty" in sys.argv or "--dirtyreload" in sys.argv


class _DirtyWarning(logging.Filter):
    """MkDocs warns on every dirty build that navigation may be inaccurate (it would be: see
    above). Here it is not, and in strict mode the warning would abort the rebuild: dropped,
    and :func:`finish` says what was rebuilt instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith("A 'dirty' build is being performed")


_BUILD_LOG = logging.getLogger("mkdocs.commands.build")
for _old in [f for f in _BUILD_LOG.filters if type(f).__name__ == "_DirtyWarning"]:
    _BUILD_LOG.removeFilter(_old)  # the package was reloaded (an edit of docexec/ in serve)
_BUILD_LOG.addFilter(_DirtyWarning())


def _newest(paths: list[Path]) -> float:
    newest = 0.0
    for path in paths:
        files = path.rglob("*") if path.is_dir() else [path]
        newest = max([newest, *(f.stat().st_mtime for f in files if f.is_file())])
    return newest


_DISTRACTORS: dict[str, tuple[int, dict[str, list[str]]]] = {}  # folder -> (its mtime, {stem: names})


def _distractors(folder: Path) -> dict[str, list[str]]:
    """{snippet stem: its distractors' file names} in a snippet folder, listed again only when the
    folder changed (a file added, removed or renamed): a glob per snippet took 0.4 s of a reload."""
    try:
        mtime = os.stat(folder).st_mtime_ns
    except OSError:
        return {}
    kept = _DISTRACTORS.get(str(folder))
    if kept is None or kept[0] != mtime:
        found: dict[str, list[str]] = {}
        for name in sorted(os.listdir(folder)):
            if (stem := questions.distractor_of(name)) is not None:
                found.setdefault(stem, []).append(name)
        kept = _DISTRACTORS[str(folder)] = (mtime, found)
    return kept[1]


def includes(source: Path) -> list[Path]:
    """The snippet files a page (or notebook) includes with ``--8<--``, and the distractors of
    each (``NN_what.wrong1.py`` beside ``NN_what.py``: a question's, docexec/page/questions.py)."""
    try:
        text = source.read_text("utf-8-sig")
    except OSError:
        return []
    found = [settings.current().snippets / name for name in _INCLUDE.findall(text)]
    return found + [f.parent / name for f in found if f.suffix == ".py" for name in _distractors(f.parent).get(f.stem, [])]


class Rebuild:
    """One build as the dirty reload sees it: whether it renders touched pages only, and which it rendered."""

    def __init__(self, memory: Memory, dirty: bool) -> None:
        self.memory = memory
        self.dirty = dirty and memory.last_start is not None
        self.started = time.time()
        self.rebuilt: set[str] = set()  # URLs of the pages rendered by this build
        self.pages: set[str] = set()  # the HTML file of every page of this build, both languages

    def finish(self) -> None:
        """The build is over (on_post_build of the default language, after the other languages)."""
        self.memory.last_start = self.started
        if self.dirty:
            LOG.info(
                f"docexec: dirty rebuild of {len(self.rebuilt)} of {len(self.memory.titles)} pages, the rest kept"
                f" from the last build ({time.time() - self.started:.2f} s); `mkdocs build` rebuilds all")

    def touched(self, source: Path) -> bool:
        """Whether the page at ``source`` must be rebuilt in this build."""
        last = self.memory.last_start
        if not self.dirty or os.path.abspath(source) not in self.memory.titles or last is None:
            return True
        try:
            stats = [os.stat(p) for p in (source, *includes(source))]
        except OSError:  # a snippet removed (or while we looked): the page must show the error
            return True
        if not all(stat.S_ISREG(s.st_mode) for s in stats):  # a folder where a snippet was
            return True
        return max(s.st_mtime for s in stats) >= last

    def mark_files(self, files: Files, source_of: Callable[[File], str]) -> None:
        """Give each page File of this build an ``is_modified`` that answers "touched".

        ``source_of(file)``: the file the author edits (a notebook's File reads an executed copy)."""
        if not self.dirty:
            return
        root = settings.current().root
        everything = _newest([root / name for name in settings.current().shared_inputs]) >= (self.memory.last_start or 0)
        for file in files.documentation_pages():
            answer = everything or self.touched(Path(source_of(file)))
            file.is_modified = (lambda a: lambda: a)(answer)  # type: ignore[method-assign]

    def note_pages(self, files: Files, site_dir: str) -> None:
        """on_files of each language's build: the pages this build writes (to find deleted ones)."""
        self.pages |= {os.path.join(os.path.abspath(site_dir), f.dest_uri) for f in files.documentation_pages()}

    def remove_deleted(self, site_dir: Path) -> set[str]:
        """Delete the HTML (and notebook) of every page the last build wrote and this one has not
        (its source was deleted; a dirty build would serve it until the server restarts); their
        URLs below the site root, for the search index."""
        gone = set()
        root = Path(site_dir).resolve()
        for written in sorted(self.memory.written - self.pages):
            target = Path(written)
            target.unlink(missing_ok=True)
            folder = target.parent
            if folder != root and folder.is_dir() and all(f.suffix == ".ipynb" for f in folder.iterdir()):
                for notebook in folder.iterdir():  # the page's own download, nothing else is there
                    notebook.unlink()
                folder.rmdir()
            with contextlib.suppress(ValueError):
                rel = target.relative_to(root).as_posix()
                gone.add(rel[: -len("index.html")] if rel.endswith("index.html") else rel)
        self.memory.written = set(self.pages)
        return gone

    def keep_title(self, page: Page, source: str) -> None:
        """Remember a rendered page's title (on_page_content) and that it was rebuilt."""
        self.memory.titles[os.path.abspath(source)] = page.title or ""
        self.rebuilt.add(page.url)

    def restore_titles(self, files: Files, source_of: Callable[[File], str]) -> None:
        """Pages not read in this build get their title from the build that last rendered them."""
        if not self.dirty:
            return
        for file in files.documentation_pages():
            page = file.page
            if page is not None and page.markdown is None and (title := self.memory.titles.get(os.path.abspath(source_of(file)))):
                page.title = title

    def merge_index(self, site_dir: Path) -> None:
        """The search index of a dirty build holds the rebuilt pages only: add back every other
        page's entries from the last build (before ``search.split_index`` splits it)."""
        gone = self.remove_deleted(site_dir)
        source = Path(site_dir) / "search" / "search_index.json"
        if not source.is_file():
            return
        index = json.loads(source.read_text("utf8"))
        if self.dirty:
            index["docs"] = _merged(self.memory.docs, index["docs"], self.rebuilt)
            index["docs"] = [d for d in index["docs"] if d["location"].split("#")[0] not in gone]
            source.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), "utf8")
        self.memory.docs = index["docs"]


def own_search_merge(config: MkDocsConfig) -> None:
    """on_config of every build: this module alone puts back the entries of the pages a dirty
    rebuild did not render (:func:`merge_index`); Material's search plugin's own dirty merge
    is switched off.

    Material keeps its plugin across `mkdocs serve` rebuilds and, under ``--dirty``, merges the
    previous build's whole index into each new one, taking all the new entries as one page's.
    With static-i18n, which builds the languages one after the other and stacks their entries,
    every build doubled the index, and each dirty rebuild was slower than the one before
    (PERFORMANCE.md, "Edit to reload")."""
    thirdparty.material_dirty_merge_off(config)


def _merged(old: list[dict], new: list[dict], rebuilt: set[str]) -> list[dict]:
    """``old`` with each rebuilt page's entries replaced by its ``new`` ones, in place."""
    fresh: dict[str, list[dict]] = {}
    for doc in new:
        fresh.setdefault(doc["location"].split("#")[0], []).append(doc)
    out: list[dict] = []
    for doc in old:
        page = doc["location"].split("#")[0]
        if page not in rebuilt:
            out.append(doc)
        elif page in fresh:
            out += fresh.pop(page)
    return out + [d for docs in fresh.values() for d in docs]


def keep_serving(server: LiveReloadServer) -> LiveReloadServer:
    """on_serve: a rebuild that fails (a broken mkdocs.yml, a plugin's error) is reported, and the
    server goes on serving the last good pages, each showing the error in a red box until a
    rebuild succeeds. (Livereload would hold every request until a rebuild succeeds: "The
    server will appear stuck".)"""
    failure: list[str] = []

    def keeping(rebuild: Callable[..., None]) -> Callable[..., None]:
        def builder(*args: object, **kwargs: object) -> None:
            try:
                rebuild(*args, **kwargs)
            except (Exception, SystemExit) as exc:  # noqa: BLE001 (anything a rebuild raises, MkDocs' Abort included)
                message = str(exc) or type(exc).__name__
                if getattr(exc, "__module__", "").startswith("yaml") or "config" in type(exc).__name__.lower():
                    message = f"mkdocs.yml: {message}"
                failure[:] = [f"{message} (fix it and save: the site rebuilds; meanwhile the last good pages are served)"]
                LOG.error(f"docexec: the rebuild failed: {failure[0]}")
            else:
                failure.clear()

        return builder

    def with_failure(content: bytes) -> bytes:
        if failure:
            lang = re.search(rb'<html lang="([\w-]+)"', content)
            label = settings.current().labels(lang[1].decode() if lang else None).error
            box = (f'<div class="admonition failure docexec-serve-failure"><p class="admonition-title">'
                   f'{html.escape(label)}</p>'
                   f'<pre><code>{html.escape(failure[0])}</code></pre></div>').encode()
            at = content.find(b'<article class="md-content__inner md-typeset">')
            at = content.find(b">", at) + 1 if at >= 0 else content.find(b">", content.find(b"<body")) + 1
            content = content[:at] + box + content[at:]
        return content

    thirdparty.patch_live_reload(server, keeping, with_failure)
    return server


class _CompiledTemplates(jinja2.BytecodeCache):
    """Jinja's compiled theme templates, kept in memory across builds in one process.

    MkDocs makes a new Jinja environment for every build, and for each language's build, so
    every rebuild compiled Material's templates again (its cost: PERFORMANCE.md). A template is
    looked up by name and the checksum of its source, so an edited template (overrides/) is
    compiled anew."""

    def __init__(self) -> None:
        self._code: dict[tuple[str, str], bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        if (code := self._code.get((bucket.key, bucket.checksum))) is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._code[(bucket.key, bucket.checksum)] = bucket.bytecode_to_string()


TEMPLATES = _CompiledTemplates()


def share_templates(env: jinja2.Environment) -> jinja2.Environment:
    """on_env: the build's Jinja environment uses the compiled templates of earlier builds."""
    env.bytecode_cache = TEMPLATES
    return env
