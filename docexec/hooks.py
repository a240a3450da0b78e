"""hooks: the one module mkdocs.yml names (``hooks:``); it only wires MkDocs events to docexec.

    on_startup       in `mkdocs serve`, failures are shown and printed, not fatal (project)
    (import)         the warm page server starts importing torch (pool)
    on_config        project paths (project), versions footer, search dictionary (search),
                     the output fence (messages)
    on_files         pages in one language only fail (pages); every page's blocks start
                     running ahead, in parallel (pages, pool); notebook pages re-wrapped
                     for i18n (i18n_fix); in a dirty rebuild only the pages an edit
                     touched (incremental)
    on_pre_page      a notebook page runs (notebooks), when MkDocs reaches it
    on_page_markdown front matter (blocks), snippet paths (snippets) and hand-written outputs
                     (messages) checked, glossary table
                     (glossary), link check (links), blocks run and rendered
                     (rendering -> pool), outputs kept (record), the page as a notebook
                     (pagebook); a page still running is converted with placeholders
                     instead of waited for (placeholders)
    on_env           in a dirty rebuild (`make serve`), pages not rebuilt keep their titles
                     (incremental)
    on_page_content  TeX to MathML (mathml), search boost (search), title kept
                     (incremental)
    on_page_context  the outputs of a page converted with placeholders put in (placeholders),
                     or it is converted again with them; its notebook (pagebook)
    on_post_page     each language's search loads its own index (search); the page's
                     notebook written next to it (pagebook); notebook styles into
                     <head> (notebooks)
    on_post_build    the search index completed (incremental) and split by language
                     (search); the outputs of both languages written (record)

Every error is logged on the ``mkdocs.hooks.docexec`` logger as ``path:line: ...``,
which fails ``mkdocs build --strict``; ``mkdocs serve`` shows it on the page and goes on.
MkDocs loads this file by path, so it imports the package absolutely; when a file of the
package has changed since the last config load (an edit during ``mkdocs serve``), the
package and its page server are loaded anew.

May not touch: anything but the wiring; the work is done in the modules named above.
"""

from __future__ import annotations

import dataclasses
import sys
import time
from pathlib import Path

_PROJECT = Path(__file__).resolve().parent.parent
if str(_PROJECT) not in sys.path:
    sys.path.insert(0, str(_PROJECT))


def _fingerprint() -> tuple:
    return tuple(sorted((p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in (_PROJECT / "docexec").glob("*.py")))


if getattr(sys.modules.get("docexec"), "_fingerprint", None) != _fingerprint():
    if (_old_pool := sys.modules.get("docexec.pool")) is not None:
        _old_pool.shutdown()
    for _name in [m for m in sys.modules if m.startswith("docexec.") and m != __name__] + ["docexec"]:
        sys.modules.pop(_name, None)

import docexec  # noqa: E402
from mkdocs.plugins import event_priority  # noqa: E402

from docexec import glossary, i18n_fix, incremental, links, mathml, messages, notebooks, pagebook, pages, placeholders, pool, project, record, rendering, search  # noqa: E402,I001
from docexec.blocks import front_matter  # noqa: E402
from docexec.snippets import guard_snippet_lines  # noqa: E402

docexec._fingerprint = _fingerprint()
if project.executing():
    pool.start()  # MkDocs loads hooks early: the server imports torch while plugins load


def on_startup(command: str, dirty: bool, **kwargs) -> None:  # noqa: ARG001
    project.report_without_failing(command == "serve")


def _outer_build(config) -> bool:
    """True in the build MkDocs started (the default language), False in i18n's builds of the others."""
    return not getattr(config.plugins.get("i18n"), "building", False)


def _run_and_keep(path, blocks):
    start = time.perf_counter()
    outcomes = pool.take(path, blocks)
    record.spent("waiting for pages' outputs", time.perf_counter() - start)
    record.keep(path, blocks, outcomes)
    return outcomes


def on_config(config, **kwargs):  # noqa: ARG001
    project.configure(config.config_file_path, config.mdx_configs)
    messages.register(config.mdx_configs)  # outputs: plain text, message lines wrap (no pygments)
    config.extra["versions"] = project.versions()  # shown in every page's footer
    search.configure_search(config)  # glossary terms -> jieba user dictionary
    incremental.own_search_merge(config)  # serve --dirty: our merge of the index, not Material's
    return config


@event_priority(-200)  # after mkdocs-static-i18n's on_files (priority -100)
def on_files(files, config, **kwargs):
    """Check the language trees and start every page; notebook pages read their executed copy."""
    if _outer_build(config):
        languages, _ = _languages(config)
        for message in pages.mirror_errors(Path(config.docs_dir), languages):
            project.log.error(message)
        incremental.begin(dirty=incremental.dirty_command())  # serve --dirty: touched pages only
        if not incremental.active():
            search.forget_pages()
        pool.forget()
        pages.forget()
        _held.clear()
        record.start(keep_pages=incremental.active())
        if project.executing():
            for path, blocks in pages.runnable_pages(Path(config.docs_dir), languages, incremental.touched):
                pool.ahead(path, blocks)
    jupyter = config.plugins.get("mkdocs-jupyter")
    for file in [f for f in files if jupyter and notebooks.is_notebook(f.src_uri) and jupyter.should_include(f)]:
        # published from its executed copy, written in on_pre_page (this build's, or the last one's)
        i18n_fix.rewrap_notebook(file, files, config, notebooks.executed_copy(Path(file.abs_src_path)))
    incremental.mark_files(files, _source)
    return files


def _source(file) -> str:
    """The file an author edits for this page (a notebook's File reads its executed copy)."""
    return getattr(file, "docexec_source", file.abs_src_path)


def on_env(env, config, files, **kwargs):  # noqa: ARG001
    incremental.restore_titles(files, _source)  # pages a dirty rebuild did not read
    return incremental.share_templates(env)  # compiled once per process, not once per build


def on_pre_page(page, config, files, **kwargs):  # noqa: ARG001
    """A notebook page runs when MkDocs reaches it, not while it collects files: its blocks
    started ahead in on_files, and the server had the pages before it to warm up."""
    source = getattr(page.file, "docexec_source", None)
    if source is None or not incremental.touched(Path(source)):  # not rebuilt: its last executed copy
        return page
    errors: list[str] = []
    start = time.perf_counter()
    notebooks.execute_notebook(Path(source), errors, run=_run_and_keep)  # before MkDocs reads the copy
    record.spent("notebook pages (run, write)", time.perf_counter() - start)
    for message in errors:
        project.log.error(message)
    return page


def on_page_markdown(markdown: str, page, config, files, **kwargs):  # noqa: ARG001
    if notebooks.is_notebook(page.file.src_uri):  # notebooks ran in on_pre_page; mkdocs-jupyter publishes
        name = Path(page.file.abs_src_path).name   # the executed copy, under this name
        label = pagebook.LABELS.get(_page_lang(page, config), pagebook.LABELS["en"])["button"]
        page.meta["notebook"] = {"href": name, "label": label}
        return markdown
    src = Path(page.file.abs_src_path)
    path = project.rel(src)
    offset, problem = front_matter(src.read_text("utf-8-sig"), path) if src.is_file() else (0, None)
    errors: list[str] = [problem] if problem else []
    markdown = glossary.insert_glossary(markdown, path, errors)
    links.check_links(markdown, src, path, offset, errors)
    markdown = guard_snippet_lines(markdown, path, offset, errors)
    errors += messages.forged(markdown, path, offset)  # before rendering adds the real ones
    ran: list[tuple] = []  # (blocks, outcomes) of the page's run, or
    held: list[tuple] = []  # (blocks, placeholders) while it still runs
    found: list[tuple] = []

    def prepare(*args) -> tuple:
        found.append(kept := pages.prepared(*args))
        return kept

    def run(path: str, blocks: list) -> list:
        if placeholders.hold(path, blocks):  # still running: converted now, outputs put in later
            held.append((blocks, tokens := placeholders.tokens(len(blocks))))
            return [pool.Outcome(True, token) for token in tokens]
        ran.append((blocks, outcomes := _run_and_keep(path, blocks)))
        return outcomes

    result = rendering.rewrite(markdown, path, offset, errors, run=run, prepare=prepare)
    if held:  # its outputs go in in on_page_context, and its notebook is made there
        _held[page.file.src_uri] = _Held(markdown, path, offset, files, found[0], *held[0], reported=errors)
    elif ran:  # the page as a notebook to download, written next to it in on_post_page
        _keep_pagebook(markdown, page, path, offset, config, *ran[0])
    for message in errors:
        project.log.error(message)
    return result


def _keep_pagebook(markdown: str, page, path: str, offset: int, config, blocks: list, outcomes: list) -> None:
    start = time.perf_counter()
    _write_later[page.file.dest_uri] = _pagebook(markdown, page, path, offset, config, blocks, outcomes)
    record.spent("page notebooks (make, write)", time.perf_counter() - start)


@dataclasses.dataclass
class _Held:
    """A page converted with placeholders (on_page_markdown), waiting for its outputs."""

    markdown: str  # before rendering
    path: str
    offset: int
    files: object
    found: tuple  # the blocks rendering found, and the broken ones
    blocks: list
    tokens: list[str]  # placeholders.tokens, one per block
    reported: list[str]  # errors already logged for the page


_held: dict[str, _Held] = {}  # src_uri of a page -> its conversion waiting for outputs


@event_priority(100)  # before i18n (50) and the search index (0) read the page
def on_page_context(context, page, config, nav, **kwargs):  # noqa: ARG001
    """Outputs into a page converted while its blocks still ran (placeholders)."""
    if (held := _held.pop(page.file.src_uri, None)) is None:
        return context
    start = time.perf_counter()
    outcomes = _run_and_keep(held.path, held.blocks)
    content = placeholders.fill(page.content, page.toc, held.blocks, held.tokens, outcomes)
    if content is None:  # converted again with its outputs, as if the build had waited for them
        errors: list[str] = []
        page.markdown = rendering.rewrite(held.markdown, held.path, held.offset, errors,
                                          run=lambda *_: outcomes, prepare=lambda *_: held.found)
        page.render(config, held.files)
        content = page.content
        for message in errors:
            if message not in held.reported:
                project.log.error(message)
    # on_page_content, once, on the page as it will be published (it passed the held page by)
    page.content = config.plugins.on_page_content(content, page=page, config=config, files=held.files)
    _keep_pagebook(held.markdown, page, held.path, held.offset, config, held.blocks, outcomes)
    record.spent("outputs into pages converted with placeholders", time.perf_counter() - start)
    return context


_write_later: dict[str, object] = {}  # dest_uri of a page -> its notebook (pagebook)


def _page_lang(page, config) -> str:
    languages, default = _languages(config)
    first = Path(page.file.src_uri).parts[0]
    return first if first in languages else (default or "")


def _pagebook(markdown: str, page, path: str, offset: int, config, blocks: list, outcomes: list):
    languages, default = _languages(config)
    parts = Path(page.file.src_uri).parts
    lang = _page_lang(page, config)
    docs_rel = "/".join(parts[1:] if parts and parts[0] in languages else parts)
    notebook = pagebook.build(markdown, docs_rel, path, offset, lang, default or lang, config.site_url or "/",
                              blocks, outcomes, project.versions()["torch"])
    if notebook is not None:
        name = pagebook.notebook_name(page.file.src_uri)
        page.meta["notebook"] = {"href": name, "label": pagebook.LABELS.get(lang, pagebook.LABELS["en"])["button"]}
    return notebook


def on_page_content(html: str, page, config, files, **kwargs):  # noqa: ARG001
    if page.file.src_uri in _held:  # its outputs are not in yet: on_page_context calls this then
        return html
    errors: list[str] = []
    html = mathml.render_math(html, project.rel(page.file.abs_src_path), errors)
    search.tune_page(page)  # boost, notebooks left out, error-index pages noted
    incremental.keep_title(page, _source(page.file))
    for message in errors:
        project.log.error(message)
    return html


def _languages(config) -> tuple[list[str], str | None]:
    """The i18n languages, the default one first, and the default one."""
    i18n = config.plugins.get("i18n")
    if i18n is None:
        return [], None
    languages = [lang.locale for lang in i18n.config.languages]
    default = getattr(i18n, "default_language", None)
    return sorted(languages, key=lambda locale: locale != default), default


def on_post_page(output: str, page, config, **kwargs):  # noqa: ARG001
    if (notebook := _write_later.pop(page.file.dest_uri, None)) is not None:
        start = time.perf_counter()
        target = Path(config.site_dir) / Path(page.file.dest_uri).parent / pagebook.notebook_name(page.file.src_uri)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(pagebook.to_json(notebook), encoding="utf-8")
        record.spent("page notebooks (make, write)", time.perf_counter() - start)
    output = search.point_search_at_language(output, page.file.dest_uri, *_languages(config))
    if not notebooks.is_notebook(page.file.src_uri):
        return output
    return notebooks.drop_dead_scripts(notebooks.hoist_styles(output))


@event_priority(-200)  # after i18n's on_post_build, which builds the other languages and the index
def on_post_build(config, **kwargs):  # noqa: ARG001
    if not _outer_build(config):
        return
    languages, default = _languages(config)
    incremental.merge_index(Path(config.site_dir))  # a dirty rebuild indexed its pages only
    if default is not None:
        search.split_index(Path(config.site_dir), languages, default)
    if project.executing():
        record.write()
    incremental.finish()
