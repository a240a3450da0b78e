"""pages: the site's page files as a whole: both language trees mirrored, every page's blocks.

:func:`mirror_errors` names each page that exists under one ``docs/<lang>/`` only (without its
twin, the other language's URL silently serves the default language's page).
:func:`runnable_pages` yields every page's executed blocks, prepared exactly as the page will be
rendered, so the build can run them all ahead while MkDocs is busy; :class:`Prepared` keeps
them for the page's own rendering in the same build, not read again.

May not touch: execution or rendering; reads page files only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from docexec.core import errors, paths
from docexec.core.errors import DocExecError
from docexec.core.identity import NOTEBOOK_SUFFIXES, is_notebook
from docexec.notebooks.practice import notebook_blocks
from docexec.page.blocks import Block, page_body, prepare

PAGE_SUFFIXES = (".md", *NOTEBOOK_SUFFIXES)


class Prepared:
    """What :func:`runnable_pages` prepared in one build's on_files, by (path, text, line offset):
    (blocks, broken, the problems found); taken once, by the page's own rendering."""

    def __init__(self) -> None:
        self._pages: dict[tuple[str, str, int], tuple[list[Block], dict[int, str], list[str]]] = {}

    def keep(self, path: str, text: str, offset: int) -> tuple[list[Block], dict[int, str]]:
        with errors.collecting() as found:
            blocks, broken = prepare(text, path, offset)
        self._pages[(path, text.rstrip("\n"), offset)] = (blocks, broken, list(found))
        return blocks, broken

    def take(self, text: str, path: str, line_offset: int) -> tuple[list[Block], dict[int, str]]:
        """:func:`docexec.page.blocks.prepare`, or what was prepared of exactly this text in this
        build (its problems reported again)."""
        kept = self._pages.pop((path, text.rstrip("\n"), line_offset), None)  # MkDocs drops the last newline
        if kept is None:
            return prepare(text, path, line_offset)
        for message in kept[2]:
            errors.report(message)
        return kept[0], kept[1]


def page_files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.suffix in PAGE_SUFFIXES}


def mirror_errors(docs_dir: Path, languages: list[str] | tuple[str, ...]) -> list[str]:
    """``docs/<lang>/x.md: ...`` for every page that has no twin in another language."""
    trees = {lang: page_files(docs_dir / lang) for lang in languages if (docs_dir / lang).is_dir()}
    problems = []
    for lang, pages in trees.items():
        for other, other_pages in trees.items():
            for rel in sorted(pages - other_pages):
                problems.append(
                    f"{paths.rel(docs_dir / lang / rel)}: no docs/{other}/{rel}: every page needs its twin in"
                    f" each language (without it the /{other}/ site serves the {lang} page)"
                )
    return problems


def nav_errors(left_out: list[tuple[str, str]]) -> list[str]:
    """``docs/<lang>/x.md: ...`` for each (page path, path below docs/<lang>/) missing from ``nav:``."""
    return [
        f"{path}: not in the nav: add `- {rel}` where it belongs under `nav:` in mkdocs.yml (paths below"
        f" docs/<lang>/, one entry for both languages; a new section's title also goes under each other"
        f" language's `nav_translations`)"
        for path, rel in left_out
    ]


def runnable_pages(docs_dir: Path, languages: list[str] | tuple[str, ...], wanted: Callable[[Path], bool] | None = None,
                   prepared: Prepared | None = None, problems: list[str] | None = None) -> Iterator[tuple[str, list[Block]]]:
    """(page path, executed blocks) for every page under ``docs_dir`` that has some
    (and for which ``wanted(file)`` is true, when given: a dirty rebuild's touched pages).
    A page whose front matter is broken is not run: its message goes into ``problems``.

    In the order the build needs them: language by language as ``languages`` lists them
    (i18n builds the first one first), notebooks before Markdown pages (MkDocs converts the
    notebooks last, but has to wait for their outputs then; a Markdown page converted before
    its outputs are in gets them later: :mod:`docexec.placeholders`).
    """

    def order(file: Path) -> tuple:
        lang = file.relative_to(docs_dir).parts[0]
        return (languages.index(lang) if lang in languages else len(languages), not is_notebook(file), file)

    for file in sorted(docs_dir.rglob("*"), key=order):
        if file.suffix not in PAGE_SUFFIXES or (wanted is not None and not wanted(file)):
            continue
        path = paths.rel(file)
        try:
            if is_notebook(file):
                blocks = notebook_blocks(file)
            elif file.suffix == ".md":
                raw = file.read_text("utf-8-sig")
                text, offset, problem = page_body(raw, path)
                if problem:  # the page's rendering reports it
                    if problems is not None:
                        problems.append(problem)
                    continue
                found, broken = (prepared or Prepared()).keep(path, text, offset)
                blocks = [b for b in found if b.executed and b.line not in broken]
            else:
                continue
        except (DocExecError, OSError, UnicodeDecodeError):
            continue  # reported when the page itself is rendered
        if blocks:
            yield path, blocks
