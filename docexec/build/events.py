"""build.events: one build of the site, as an object; the work behind every MkDocs event.

A :class:`Build` is made by the plugin (``docexec/plugin.py``) in ``on_config`` of the build
MkDocs started; mkdocs-static-i18n's builds of the other languages run inside it and share it.
It holds the build's state (settings, reporter, pages prepared and running ahead, each page's
:class:`~docexec.build.pages.PageState`, outputs recorded), so none lives in module globals;
what outlives a build under ``mkdocs serve`` is its :class:`~docexec.site.incremental.Memory`,
handed to the next one. The stages do the work; this module calls them in order.

May not touch: what the stages do (it holds their state, passes it in and calls them in order);
of MkDocs' objects, only what an event hands it: the config's ``extra`` (versions, build date),
the files list (links, notebook files), a page's meta, Markdown and content, and ``site/``
through the stages (notebooks, the search index, the offline zip).
"""

from __future__ import annotations

import datetime
import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING

from docexec.checks import record, snapshot
from docexec.core import errors, inputs, paths, settings, thirdparty
from docexec.core.errors import DocExecError
from docexec.core.identity import PageId, is_notebook
from docexec.execute import pool
from docexec.execute.outcome import Outcome
from docexec.notebooks import exercises, pagebook, practice, practice_page, styles
from docexec.page import blocks, glossary, links, reference, snippets
from docexec.page.blocks import Block
from docexec.render import mathml, output, placeholders, rendering, tooltips
from docexec.site import incremental, offline, pages, progress, search

if TYPE_CHECKING:
    import jinja2
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files
    from mkdocs.structure.nav import Navigation
    from mkdocs.structure.pages import Page as MkDocsPage
    from mkdocs.utils.templates import TemplateContext


from docexec.build.api import ApiLinks
from docexec.build.pages import Held, PageState, read_file, source_file


class Build(ApiLinks):
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
        self.few_ahead = False  # a dirty rebuild of a few pages: wait for their outputs, no placeholders
        self.pages: dict[str, PageState] = {}  # the path messages show -> the page's state this build
        self.api_urls: dict[str, str] | None = None  # torch-api.yml: name -> page below the reference (a site without one: no links)
        # links among the inputs (core/inputs): reported in on_config, never read
        self.refused = inputs.Refused(config.config_file_path, config.docs_dir, config.theme.custom_dir)
        self.chapters: dict[str, dict[str, int]] = {}  # page -> its nav section's questions by page (site/progress)
        if previous is not None:
            previous.ahead.cancel()

    # --- events ----------------------------------------------------------------------------

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        errors.not_strict_while_serving()  # under serve a warning is printed, never a hung server
        self._refuse_links()
        output.register(config.mdx_configs)  # outputs: plain text, message lines wrap (no pygments)
        config.extra["versions"] = paths.versions()  # shown in every page's footer
        config.extra["built"] = datetime.date.today().isoformat()  # "outputs verified at the last build (date)"
        thirdparty.on_older_git(config)
        thirdparty.theme_files_listed_once()  # not a walk of Material's templates in every build
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
                started = 0
                for path, found in pages.runnable_pages(Path(config.docs_dir), self.settings.languages,  # a link: not run
                                                        lambda f: self.rebuild.touched(f) and not self.refused.holds(f),
                                                        self.prepared):
                    self.ahead.start(path, found)
                    started += 1
                # An edit's rebuild: converting its pages with placeholders, then again with their
                # outputs, took longer than waiting for them (nothing else is built meanwhile)
                self.few_ahead = self.rebuild.dirty and started <= 4
        jupyter = config.plugins.get("mkdocs-jupyter")
        for file in [f for f in files if jupyter and is_notebook(f.src_uri) and jupyter.should_include(f)]:
            # published from its executed copy, written in on_pre_page (this build's, or the last one's)
            thirdparty.rewrap_notebook(file, files, config, practice.executed_copy(Path(read_file(file))))
        self.rebuild.note_pages(files, config.site_dir)
        self.rebuild.mark_files(files, source_file)
        return files

    def on_nav(self, nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
        """A page left out of ``nav:`` is named with the line that puts it in (MkDocs' own warning says neither)."""
        self.chapters.update(progress.chapters(nav))  # the questions of each chapter, for its pages' progress bar
        if config.nav and config.validation.nav.omitted_files >= logging.WARNING:
            in_nav = {page.file.src_uri for page in nav.pages}
            left_out = [f for f in files.documentation_pages() if f.src_uri not in in_nav and f.inclusion.is_in_nav()]
            for message in pages.nav_errors([(paths.rel(source_file(f)), PageId.of(f.src_uri).docs_rel)
                                             for f in left_out]):
                errors.report(message)
        return nav

    def on_env(self, env: jinja2.Environment, files: Files, outer: bool) -> jinja2.Environment:
        if outer and self.settings.execute and self.api_urls is not None:  # before i18n's builds, which may abort
            self._report_api_check()
        self.rebuild.restore_titles(files, source_file)  # pages a dirty rebuild did not read
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
        if here.id.notebook:  # notebooks ran in on_pre_page; mkdocs-jupyter publishes the executed copy
            name = Path(read_file(page.file)).name  # the executed copy, published under this name
            page.meta["notebook"] = {"href": name, "label": here.labels.notebook_button}
            return markdown
        src = Path(read_file(page.file))
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
        if here.id.docs_rel == self.settings.api_index and self.settings.execute:  # made once every page has run
            here.api_files = files
        links.check_links(markdown, src, path, offset)
        markdown = exercises.exercise_list(markdown, here.id.docs_rel, lang) if (lang := here.id.lang) else markdown
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
            pending = (lambda *_: False) if self.few_ahead else self.ahead.pending
            if placeholders.hold(path, runnable, pending):  # still running: outputs put in later
                held.append((runnable, tokens := placeholders.tokens(len(runnable))))
                return [Outcome(True, token) for token in tokens]
            ran.append((runnable, outcomes := self._run_and_keep(path, runnable)))
            return outcomes

        result = rendering.rewrite(markdown, path, offset, run=run, prepare=prepare)
        if held:  # its outputs go in in on_page_context, and its notebook is made there
            here.held = Held(markdown, offset, files, found[0], *held[0])
        elif ran:  # the page as a notebook to download, written next to it in on_post_page
            self._keep_pagebook(markdown, page, offset, config, *ran[0])
            self._note_inline_failures(page, *ran[0])
        return result


    def on_page_context(self, context: TemplateContext, page: MkDocsPage, config: MkDocsConfig,
                        nav: Navigation) -> TemplateContext:
        """Outputs into a page converted while its blocks still ran (placeholders); the API index."""
        here = self.page_of(page)
        if (api_files := here.api_files) is not None:
            here.api_files = None
            self._api_index(page, config, nav, api_files)
        if (held := here.held) is None:
            return context
        here.held = None
        start = time.perf_counter()
        path = here.path
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
        here = self.page_of(page)
        if here.held is not None:  # its outputs are not in yet: on_page_context calls this then
            return html
        if here.id.notebook:  # before search indexes the page: its own anchors
            html = practice_page.explicit_heading_ids(html, page.toc)
        html = mathml.render_math(html, paths.rel(read_file(page.file)))
        html = tooltips.for_page(html, here.id.lang)  # glossary terms: other language and note
        html = progress.insert_bar(html, here.id, self.chapters.get(progress.page_key(here.id), {}), here.labels)
        page.meta["docexec_math_first_screen"] = mathml.in_first_screen(html)  # main.html: preload its font
        html = self._link_names(html, page)
        if failed := here.inline_failed:
            here.inline_failed = []
            html = output.inline_failures(html, failed, here.labels.error)
        search.tune_page(page, self.memory.search)  # boost, notebooks left out, error-index pages noted
        self.rebuild.keep_title(page, source_file(page.file))
        return html

    def on_post_page(self, html: str, page: MkDocsPage, config: MkDocsConfig) -> str:
        here = self.page_of(page)
        if (notebook := here.notebook) is not None:
            here.notebook = None
            start = time.perf_counter()
            target = Path(config.site_dir) / Path(page.file.dest_uri).parent / pagebook.notebook_name(page.file.src_uri)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(pagebook.to_json(notebook), encoding="utf-8")
            self.record.spent("page notebooks (make, write)", time.perf_counter() - start)
        html = search.point_search_at_language(html, page.file.dest_uri, self.settings.languages,
                                               self.settings.default_language)
        if self.settings.offline:  # the PDFs and the zip are on the hosted site only
            html = offline.link_online(html, page.file.dest_uri, config.site_url or "/")
        if not here.id.notebook:
            return html
        html = practice_page.relative_links(html, page.url, pagebook.published_url(config.config_file_path),
                                            config.use_directory_urls)  # the notebook's links are absolute
        return styles.drop_dead_scripts(styles.hoist_styles(practice_page.fold_solutions(html)))


    def on_post_build(self, config: MkDocsConfig) -> None:
        self.rebuild.merge_index(Path(config.site_dir))  # a dirty rebuild indexed its pages only
        if self.settings.default_language is not None:
            search.split_index(Path(config.site_dir), self.settings.languages, self.settings.default_language,
                               self.memory.search, script=self.settings.offline)
        if self.settings.offline:  # the outputs recorded stay the hosted build's (snapshot test, make bench)
            offline.gather_notebooks(Path(config.site_dir), self.settings.languages, self.settings.default_language)
            offline.inline_fonts(Path(config.site_dir))
            offline.write_zip(Path(config.site_dir))
        elif self.settings.execute:
            self.record.write()
        self.rebuild.finish()


