"""build: one build of the site, as an object; the work behind every MkDocs event.

A :class:`Build` is made by the plugin (``docexec/plugin.py``) in ``on_config`` of the build
MkDocs started; mkdocs-static-i18n's builds of the other languages run inside it and share it.
It holds the build's state (settings, reporter, pages prepared and running ahead, pages waiting
for their outputs, notebooks to write, outputs recorded), so none lives in module globals; what
outlives a build under ``mkdocs serve`` is its :class:`~docexec.site.incremental.Memory`, handed
to the next one. A :class:`Page` is one page of the site, its paths parsed once. The stages do
the work; this module calls them in order, and the plugin hands MkDocs' events here.

May not touch: what the stages do; it holds their state and passes it in.
"""

from __future__ import annotations

import dataclasses
import datetime
import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING

from docexec.checks import record, snapshot
from docexec.core import errors, inputs, paths, settings
from docexec.core.errors import DocExecError
from docexec.core.labels import Labels
from docexec.execute import pool
from docexec.execute.outcome import Outcome
from docexec.notebooks import exercises, pagebook, practice, practice_page, styles
from docexec.page import blocks, glossary, links, reference, snippets
from docexec.page.blocks import Block
from docexec.render import codelinks, mathml, output, placeholders, rendering, tooltips
from docexec.site import api_index, git_dates, i18n_fix, incremental, offline, pages, search

if TYPE_CHECKING:
    import jinja2
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import File, Files
    from mkdocs.structure.nav import Navigation
    from mkdocs.structure.pages import Page as MkDocsPage
    from mkdocs.utils.templates import TemplateContext
    from nbformat import NotebookNode


@dataclasses.dataclass(frozen=True)
class Page:
    """One page of the site: its source, language, path below ``docs/<lang>/``, twin and URL."""

    src_uri: str  # as MkDocs names it: zh/autograd/why-grad-none.md
    source: Path  # the file an author edits
    path: str  # as messages show it: docs/zh/autograd/why-grad-none.md
    lang: str | None
    docs_rel: str  # below docs/<lang>/: autograd/why-grad-none.md
    url: str  # below the site root: autograd/why-grad-none/ (en/autograd/... for English)
    notebook: bool  # a notebook page (practice), published by mkdocs-jupyter

    def twin(self, lang: str) -> Path:
        """The same page in ``lang`` (docs/<lang>/ are mirrored trees)."""
        return settings.current().root / "docs" / lang / self.docs_rel

    @property
    def labels(self) -> Labels:
        return settings.current().labels(self.lang)


@dataclasses.dataclass
class _Held:
    """A page converted with placeholders (on_page_markdown), waiting for its outputs."""

    markdown: str  # before rendering
    offset: int
    files: Files
    found: tuple[list[Block], dict[int, str]]  # the blocks rendering found, and the broken ones
    blocks: list[Block]
    tokens: list[str]  # placeholders.tokens, one per block


class Build:
    """The state of one build (both languages) and the work of each MkDocs event."""

    def __init__(self, config: MkDocsConfig, previous: Build | None = None) -> None:
        self.settings = settings.use(settings.from_config(config))
        self.reporter = errors.Reporter()
        errors.use(self.reporter)
        self.memory: incremental.Memory = previous.memory if previous is not None else incremental.Memory()
        self.rebuild = incremental.Rebuild(self.memory, dirty=False)
        self.record = record.Record()
        self.ahead = pool.Ahead()
        self.prepared = pages.Prepared()
        self.held: dict[str, _Held] = {}  # src_uri of a page -> its conversion waiting for outputs
        self.notebooks: dict[str, NotebookNode | None] = {}  # dest_uri of a page -> its notebook, written in on_post_page
        self._pages: dict[str, Page] = {}  # src_uri -> the page, parsed once
        self.inline_failed: dict[str, list[tuple[str, str]]] = {}  # src_uri -> (expression, message) of failed inline values
        self.runs: dict[str, tuple[list[Block], list[Outcome]]] = {}  # page path -> its blocks and outcomes
        self.api_pages: dict[str, Files] = {}  # src_uri of the API index of a language -> its files, until converted
        self.api_urls: dict[str, str] | None = None  # torch-api.yml: name -> page below the reference (a site without one: no links)
        # links among the inputs (core/inputs): reported in on_config, never read
        self.refused = inputs.Refused(config.config_file_path, config.docs_dir, config.theme.custom_dir)
        if previous is not None:
            previous.ahead.cancel()

    # --- the pages -------------------------------------------------------------------------

    def page_of(self, page: MkDocsPage) -> Page:
        """The Page of a MkDocs page, parsed once a build."""
        src_uri = page.file.src_uri
        if (known := self._pages.get(src_uri)) is None:
            source = _source(page.file)
            lang = self.settings.language_of(src_uri) or self.settings.default_language
            docs_rel = self.settings.within_language(src_uri)
            url = pagebook.page_url(docs_rel, lang or "", self.settings.default_language or lang or "")
            known = self._pages[src_uri] = Page(src_uri, Path(source), paths.rel(source), lang, docs_rel, url,
                                                practice.is_notebook(src_uri))
        return known

    def _run_and_keep(self, path: str, found: list[Block]) -> list[Outcome]:
        start = time.perf_counter()
        outcomes = self.ahead.take(path, found)
        self.runs[path] = (found, outcomes)
        self.record.spent("waiting for pages' outputs", time.perf_counter() - start)
        self.record.keep(path, found, outcomes)
        if found and (message := snapshot.missing(path)):  # a new page: make test would fail on it later
            errors.missing(message)
        return outcomes

    # --- events ----------------------------------------------------------------------------

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        errors.not_strict_while_serving()  # under serve a warning is printed, never a hung server
        self._refuse_links()
        output.register(config.mdx_configs)  # outputs: plain text, message lines wrap (no pygments)
        config.extra["versions"] = paths.versions()  # shown in every page's footer
        config.extra["built"] = datetime.date.today().isoformat()  # "outputs verified at the last build (date)"
        git_dates.on_older_git(config)
        try:
            self.api_urls = reference.load() if reference.file().is_file() else None
        except DocExecError as exc:
            errors.report(str(exc))
        search.configure_search(config, self.memory.search)  # glossary terms -> jieba user dictionary
        incremental.own_search_merge(config)  # serve --dirty: our merge of the index, not Material's
        if self.settings.offline:  # after Material's offline plugin added its polyfill (unpkg.com)
            offline.use_vendored_worker(config)
        return config

    def _refuse_links(self) -> None:
        """Every symlink and hard link among the build's inputs named before anything is read or
        written (:mod:`docexec.core.inputs`): ``mkdocs build`` stops; ``mkdocs serve`` goes on without them."""
        for message in self.refused.messages:
            errors.report(message)
        if self.refused.messages and not errors.serving():
            from mkdocs.exceptions import Abort

            raise Abort(f"Aborted with {len(self.refused.messages)} linked file(s) among the build's inputs (named above)")

    def on_files(self, files: Files, config: MkDocsConfig, outer: bool) -> Files:
        """Check the language trees and start every page; notebook pages read their executed copy."""
        for file in [f for f in files if f.abs_src_path and self.refused.holds(f.abs_src_path)]:
            files.remove(file)  # a link named in on_config (mkdocs serve): not read, not published
        if not self.settings.offline:
            offline.leave_out_vendored_worker(files)
        if outer:
            for message in pages.mirror_errors(Path(config.docs_dir), self.settings.languages):
                errors.report(message)
            self.rebuild = incremental.Rebuild(self.memory, dirty=incremental.dirty_command())
            if not self.rebuild.dirty:
                self.memory.search.error_pages.clear()  # known again once each page is rendered
                self.memory.outputs, self.memory.api = {}, {}
            self.record = record.Record(self.memory.outputs, self.memory.api)
            if self.settings.execute:
                if self.api_urls is not None:
                    self.ahead.start(*self._api_check())  # first: its answer is needed at the end
                for path, found in pages.runnable_pages(Path(config.docs_dir), self.settings.languages,  # a link: not run
                                                        lambda f: self.rebuild.touched(f) and not self.refused.holds(f),
                                                        self.prepared):
                    self.ahead.start(path, found)
        jupyter = config.plugins.get("mkdocs-jupyter")
        for file in [f for f in files if jupyter and practice.is_notebook(f.src_uri) and jupyter.should_include(f)]:
            # published from its executed copy, written in on_pre_page (this build's, or the last one's)
            i18n_fix.rewrap_notebook(file, files, config, practice.executed_copy(Path(_read(file))))
        self.rebuild.note_pages(files, config.site_dir)
        self.rebuild.mark_files(files, _source)
        return files

    def on_nav(self, nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
        """A page left out of ``nav:`` is named with the line that puts it in (MkDocs' own warning says neither)."""
        if config.nav and config.validation.nav.omitted_files >= logging.WARNING:
            in_nav = {page.file.src_uri for page in nav.pages}
            left_out = [f for f in files.documentation_pages() if f.src_uri not in in_nav and f.inclusion.is_in_nav()]
            for message in pages.nav_errors([(paths.rel(_source(f)), self.settings.within_language(f.src_uri))
                                             for f in left_out]):
                errors.report(message)
        return nav

    def on_env(self, env: jinja2.Environment, files: Files, outer: bool) -> jinja2.Environment:
        if outer and self.settings.execute and self.api_urls is not None:  # before i18n's builds, which may abort
            self._report_api_check()
        self.rebuild.restore_titles(files, _source)  # pages a dirty rebuild did not read
        return incremental.share_templates(env)  # compiled once per process, not once per build

    def on_pre_page(self, page: MkDocsPage) -> MkDocsPage:
        """A notebook page runs when MkDocs reaches it, not while it collects files: its blocks
        started ahead in on_files, and the server had the pages before it to warm up."""
        source = getattr(page.file, "docexec_source", None)
        if source is None or not self.rebuild.touched(Path(source)):  # not rebuilt: its last executed copy
            return page
        start = time.perf_counter()
        practice.execute_notebook(Path(source), run=self._run_and_keep)  # before MkDocs reads the copy
        self.record.spent("notebook pages (run, write)", time.perf_counter() - start)
        return page

    def on_page_markdown(self, markdown: str, page: MkDocsPage, config: MkDocsConfig, files: Files) -> str:
        here = self.page_of(page)
        if here.notebook:  # notebooks ran in on_pre_page; mkdocs-jupyter publishes the executed copy
            name = Path(_read(page.file)).name  # the executed copy, published under this name
            page.meta["notebook"] = {"href": name, "label": here.labels.notebook_button}
            return markdown
        src = Path(_read(page.file))
        path = here.path
        offset, problem = blocks.front_matter(src.read_text("utf-8-sig"), path) if src.is_file() else (0, None)
        if problem:  # not run: its blocks show as written, its outputs nowhere
            errors.report(problem)
            return markdown
        if snapshot.folder().is_dir() and not page.meta.get("description"):  # this site's pages each have one
            errors.missing(f"{path}:1: no `description:` in its front matter: start the page with the three lines"
                           f" `---`, `description: <one sentence on what the page shows>`, `---` (search engines"
                           f" show it; make test checks every page has its own)")
        markdown = glossary.insert_glossary(markdown, path)
        if here.docs_rel == self.settings.api_index and self.settings.execute:  # made once every page has run
            self.api_pages[page.file.src_uri] = files
        links.check_links(markdown, src, path, offset)
        markdown = exercises.exercise_list(markdown, here.docs_rel, lang) if (lang := here.lang) else markdown
        markdown = snippets.guard_snippet_lines(markdown, path, offset, blocks.python_lines(markdown, path, offset))
        for message in output.forged(markdown, path, offset):  # before rendering adds the real ones
            errors.report(message)
        ran: list[tuple[list[Block], list[Outcome]]] = []  # the page's run, or
        held: list[tuple[list[Block], list[str]]] = []  # (blocks, placeholders) while it still runs
        found: list[tuple[list[Block], dict[int, str]]] = []

        def prepare(text: str, path: str, offset: int) -> tuple[list[Block], dict[int, str]]:
            found.append(kept := self.prepared.take(text, path, offset))
            return kept

        def run(path: str, runnable: list[Block]) -> list[Outcome]:
            if placeholders.hold(path, runnable, self.ahead.pending):  # still running: outputs put in later
                held.append((runnable, tokens := placeholders.tokens(len(runnable))))
                return [Outcome(True, token) for token in tokens]
            ran.append((runnable, outcomes := self._run_and_keep(path, runnable)))
            return outcomes

        result = rendering.rewrite(markdown, path, offset, run=run, prepare=prepare)
        if held:  # its outputs go in in on_page_context, and its notebook is made there
            self.held[page.file.src_uri] = _Held(markdown, offset, files, found[0], *held[0])
        elif ran:  # the page as a notebook to download, written next to it in on_post_page
            self._keep_pagebook(markdown, page, offset, config, *ran[0])
            self._note_inline_failures(page, *ran[0])
        return result

    def _note_inline_failures(self, page: MkDocsPage, found: list[Block], outcomes: list[Outcome]) -> None:
        """Failed inline values, shown in red with their message in on_page_content."""
        self.inline_failed[page.file.src_uri] = [(b.code, o.text) for b, o in zip(found, outcomes, strict=True)
                                                 if b.inline and not o.ok]

    def _keep_pagebook(self, markdown: str, page: MkDocsPage, offset: int, config: MkDocsConfig,
                       found: list[Block], outcomes: list[Outcome]) -> None:
        start = time.perf_counter()
        here = self.page_of(page)
        lang = here.lang or ""
        notebook = pagebook.build(markdown, here.docs_rel, here.path, offset, lang, self.settings.default_language or lang,
                                  pagebook.published_url(config.config_file_path), found, outcomes,
                                  paths.versions()["torch"])
        if notebook is not None:
            name = pagebook.notebook_name(page.file.src_uri)
            page.meta["notebook"] = {"href": name, "label": here.labels.notebook_button}
        self.notebooks[page.file.dest_uri] = notebook
        self.record.spent("page notebooks (make, write)", time.perf_counter() - start)

    def on_page_context(self, context: TemplateContext, page: MkDocsPage, config: MkDocsConfig,
                        nav: Navigation) -> TemplateContext:
        """Outputs into a page converted while its blocks still ran (placeholders); the API index."""
        if (api_files := self.api_pages.pop(page.file.src_uri, None)) is not None:
            self._api_index(page, config, nav, api_files)
        if (held := self.held.pop(page.file.src_uri, None)) is None:
            return context
        start = time.perf_counter()
        path = self.page_of(page).path
        outcomes = self._run_and_keep(path, held.blocks)
        content = placeholders.fill(page.content or "", page.toc, held.blocks, held.tokens, outcomes)
        if content is None:  # converted again with its outputs, as if the build had waited for them
            page.markdown = rendering.rewrite(held.markdown, path, held.offset,
                                              run=lambda *_: outcomes, prepare=lambda *_: held.found)
            page.render(config, held.files)
            content = page.content or ""
        self._note_inline_failures(page, held.blocks, outcomes)
        # on_page_content, once, on the page as it will be published (it passed the held page by)
        page.content = config.plugins.on_page_content(content, page=page, config=config, files=held.files)
        self._keep_pagebook(held.markdown, page, held.offset, config, held.blocks, outcomes)
        self.record.spent("outputs into pages converted with placeholders", time.perf_counter() - start)
        return context

    def on_page_content(self, html: str, page: MkDocsPage) -> str:
        if page.file.src_uri in self.held:  # its outputs are not in yet: on_page_context calls this then
            return html
        if practice.is_notebook(page.file.src_uri):  # before search indexes the page: its own anchors
            html = practice_page.explicit_heading_ids(html, page.toc)
        html = mathml.render_math(html, paths.rel(_read(page.file)))
        html = tooltips.for_page(html, self.page_of(page).lang)  # glossary terms: other language and note
        html = self._link_names(html, page)
        if failed := self.inline_failed.pop(page.file.src_uri, None):
            html = output.inline_failures(html, failed, self.page_of(page).labels.error)
        search.tune_page(page, self.memory.search)  # boost, notebooks left out, error-index pages noted
        self.rebuild.keep_title(page, _source(page.file))
        return html

    def on_post_page(self, html: str, page: MkDocsPage, config: MkDocsConfig) -> str:
        if (notebook := self.notebooks.pop(page.file.dest_uri, None)) is not None:
            start = time.perf_counter()
            target = Path(config.site_dir) / Path(page.file.dest_uri).parent / pagebook.notebook_name(page.file.src_uri)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(pagebook.to_json(notebook), encoding="utf-8")
            self.record.spent("page notebooks (make, write)", time.perf_counter() - start)
        html = search.point_search_at_language(html, page.file.dest_uri, self.settings.languages,
                                               self.settings.default_language)
        if self.settings.offline:  # the PDFs and the zip are on the hosted site only
            html = offline.link_online(html, page.file.dest_uri, config.site_url or "/")
        if not practice.is_notebook(page.file.src_uri):
            return html
        html = practice_page.relative_links(html, page.url, pagebook.published_url(config.config_file_path),
                                            config.use_directory_urls)  # the notebook's links are absolute
        return styles.drop_dead_scripts(styles.hoist_styles(practice_page.fold_solutions(html)))

    # --- links to torch's reference, the API index ---------------------------------------------

    def _api_check(self) -> tuple[str, list[Block]]:
        """The job checking every name of torch-api.yml against the installed torch, run as a page."""
        return self.settings.api_names, [reference.check_block(sorted(self.api_urls or {}))]

    def _report_api_check(self) -> None:
        path, found = self._api_check()
        outcome = self.ahead.take(path, found)[0]
        if not outcome.ok:
            errors.report(outcome.text)
            return
        version = paths.versions()["torch"]
        for name in outcome.text.split():
            errors.report(f"{path}:{reference.line_of(name)}: `{name}` is not an object of the installed torch"
                          f" {version}: correct the name, or run `make api-names` once no page uses it")

    def _link_names(self, html: str, page: MkDocsPage) -> str:
        """Torch names in the page's code and inline code linked to the reference; what it used noted."""
        if not self.settings.execute:
            return html
        here = self.page_of(page)
        found, outcomes = self.runs.get(here.path, ([], []))
        base, urls = reference.base_url(), self.api_urls or {}
        html, used, unknown, prose = codelinks.link_page(html, list(zip(found, outcomes, strict=True)), here.lang,
                                                         urls, base)
        for message in unknown if self.api_urls is not None else []:
            errors.missing(message)
        explains = page.meta.get("explains") or []
        if not (isinstance(explains, list) and all(isinstance(n, str) for n in explains)):
            errors.report(f"{here.path}:1: `explains:` must be a list of torch names, like"
                          f" `explains: [torch.Tensor.retain_grad]`")
            explains = []
        for name in [n for n in explains if self.api_urls is not None and n not in self.api_urls]:
            errors.missing(f"{here.path}:1: explains: `{name}` is not in {self.settings.api_names}: run"
                           f" `make api-names` (a name the installed torch lacks fails there)")
        self.record.api[here.path] = {"code": sorted({(n, b.line) for n, b in used}), "prose": sorted(set(prose)),
                                      "explains": list(explains)}
        return html

    def _api_index(self, page: MkDocsPage, config: MkDocsConfig, nav: Navigation, files: Files) -> None:
        """Convert the API index once every page of its language has run (its uses are theirs)."""
        here = self.page_of(page)
        uses: dict[str, list[api_index.Use]] = {}
        explains: dict[str, list[api_index.Use]] = {}
        for other in nav.pages:
            there = self.page_of(other)
            if there.lang != here.lang or there.docs_rel == here.docs_rel:
                continue
            title = other.title or there.docs_rel
            for name in other.meta.get("explains") or []:
                explains.setdefault(name, []).append(api_index.Use(there.docs_rel, title, "", ""))
            if (ran := self.runs.get(there.path) or self.ahead.wait(there.path)) is not None:
                used = [(n, b.line) for b, o in codelinks.shown(list(zip(*ran, strict=True))) for *_, n in o.names]
            else:  # a dirty rebuild did not run it: its names as the last build noted them
                used = self.memory.api.get(there.path, {}).get("code", [])
            heads = api_index.sections(there.source.read_text("utf-8-sig")) if used else []
            for name, line in used:
                use = api_index.Use(there.docs_rel, title, *api_index.section_at(heads, line))
                if use not in uses.setdefault(name, []):
                    uses[name].append(use)
        body = api_index.markdown(uses, explains, self.api_urls or {}, reference.base_url(), here.docs_rel,
                                  here.labels.api_index)
        page.markdown = (page.markdown or "").replace(api_index.MARKER, body)
        page.render(config, files)
        page.content = config.plugins.on_page_content(page.content or "", page=page, config=config, files=files)

    def on_post_build(self, config: MkDocsConfig) -> None:
        self.rebuild.merge_index(Path(config.site_dir))  # a dirty rebuild indexed its pages only
        if self.settings.default_language is not None:
            search.split_index(Path(config.site_dir), self.settings.languages, self.settings.default_language,
                               self.memory.search, script=self.settings.offline)
        if self.settings.offline:  # the outputs recorded stay the hosted build's (snapshot test, make bench)
            offline.inline_fonts(Path(config.site_dir))
            offline.write_zip(Path(config.site_dir))
        elif self.settings.execute:
            self.record.write()
        self.rebuild.finish()


def _read(file: File) -> str:
    """The file MkDocs reads for this page (a notebook's: its executed copy)."""
    assert file.abs_src_path is not None, file.src_uri  # every page of docs_dir is read from one
    return file.abs_src_path


def _source(file: File) -> str:
    """The file an author edits for this page (a notebook's File reads its executed copy)."""
    source: str | None = getattr(file, "docexec_source", file.abs_src_path)
    assert source is not None, file.src_uri  # every page of docs_dir is read from one
    return source


# --- what the plugin calls besides a Build's events (docexec/plugin.py) ----------------------


def startup(command: str) -> None:
    """MkDocs starts: under ``mkdocs serve`` failures are shown, not fatal; the page server starts
    now, importing torch while MkDocs reads the pages."""
    errors.serve_mode(command == "serve")
    if settings.early("execute"):
        pool.start(settings.early("server"))


def pool_shutdown() -> None:
    """The page server and the threads stop (MkDocs ends, or the engine is imported anew)."""
    pool.shutdown()


keep_serving = incremental.keep_serving  # a failed serve rebuild: the last good pages, with the error
