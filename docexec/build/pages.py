"""build.pages: what a build knows of each page, and what it keeps for it.

:class:`PageState` is one page during a build: its :class:`~docexec.core.identity.PageId`, the
file an author edits, and what one event hands the next about it (a conversion waiting for its
outputs, its notebook, failed inline values, its run, the API index's files). :class:`Pages`,
a part of :class:`~docexec.build.events.Build`, makes them and keeps a page's run and notebook.

May not touch: MkDocs' objects but a page's meta (its notebook button); execution (it takes the
outcomes of pages running ahead).
"""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import TYPE_CHECKING

from docexec.checks import record, snapshot
from docexec.core import errors, paths, settings
from docexec.core.identity import PageId
from docexec.core.labels import Labels
from docexec.execute import pool
from docexec.execute.outcome import Outcome
from docexec.notebooks import pagebook
from docexec.page.blocks import Block

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import File, Files
    from mkdocs.structure.pages import Page as MkDocsPage
    from nbformat import NotebookNode


@dataclasses.dataclass
class Held:
    """A page converted with placeholders (on_page_markdown), waiting for its outputs."""

    markdown: str  # before rendering
    offset: int
    files: Files
    found: tuple[list[Block], dict[int, str]]  # the blocks rendering found, and the broken ones
    blocks: list[Block]
    tokens: list[str]  # placeholders.tokens, one per block


@dataclasses.dataclass
class PageState:
    """One page during a build: which page it is (:class:`PageId`), the file an author edits,
    and what the events hand each other about it."""

    id: PageId
    source: Path
    path: str  # as messages show it: docs/zh/autograd/why-grad-none.md
    held: Held | None = None  # converted with placeholders, waiting for its outputs
    notebook: NotebookNode | None = None  # its notebook, written next to it in on_post_page
    inline_failed: list[tuple[str, str]] = dataclasses.field(default_factory=list)  # (expression, message)
    run: tuple[list[Block], list[Outcome]] | None = None  # its blocks and their outcomes
    api_files: Files | None = None  # the API index of its language: its files, until converted

    @property
    def labels(self) -> Labels:
        return settings.current().labels(self.id.lang)


class Pages:
    """The pages of a build: their state, their runs, their notebooks (a part of Build)."""

    settings: settings.Settings
    ahead: pool.Ahead
    record: record.Record
    pages: dict[str, PageState]

    def page_of(self, page: MkDocsPage) -> PageState:
        """The state of a MkDocs page this build (made on first use)."""
        source = source_file(page.file)
        return self._state(paths.rel(source), PageId.of(page.file.src_uri), Path(source))

    def _state(self, path: str, page: PageId | None = None, source: Path | None = None) -> PageState:
        if (known := self.pages.get(path)) is None:
            known = self.pages[path] = PageState(page or PageId.of(path), source or self.settings.root / path, path)
        return known

    def _run_and_keep(self, path: str, found: list[Block]) -> list[Outcome]:
        start = time.perf_counter()
        outcomes = self.ahead.take(path, found)
        self._state(path).run = (found, outcomes)
        self.record.spent("waiting for pages' outputs", time.perf_counter() - start)
        self.record.keep(path, found, outcomes)
        if found and (message := snapshot.missing(path)):  # a new page: make test would fail on it later
            errors.missing(message)
        return outcomes


    def _note_inline_failures(self, page: MkDocsPage, found: list[Block], outcomes: list[Outcome]) -> None:
        """Failed inline values, shown in red with their message in on_page_content."""
        self.page_of(page).inline_failed = [(b.code, o.text) for b, o in zip(found, outcomes, strict=True)
                                            if b.inline and not o.ok]

    def _keep_pagebook(self, markdown: str, page: MkDocsPage, offset: int, config: MkDocsConfig,
                       found: list[Block], outcomes: list[Outcome]) -> None:
        start = time.perf_counter()
        here = self.page_of(page)
        notebook = pagebook.build(markdown, here.id, offset, pagebook.published_url(config.config_file_path), found,
                                  outcomes, paths.versions()["torch"])
        if notebook is not None:
            name = pagebook.notebook_name(page.file.src_uri)
            page.meta["notebook"] = {"href": name, "label": here.labels.notebook_button}
        here.notebook = notebook
        self.record.spent("page notebooks (make, write)", time.perf_counter() - start)


def read_file(file: File) -> str:
    """The file MkDocs reads for this page (a notebook's: its executed copy)."""
    assert file.abs_src_path is not None, file.src_uri  # every page of docs_dir is read from one
    return file.abs_src_path


def source_file(file: File) -> str:
    """The file an author edits for this page (a notebook's File reads its executed copy)."""
    source: str | None = getattr(file, "docexec_source", file.abs_src_path)
    assert source is not None, file.src_uri  # every page of docs_dir is read from one
    return source


