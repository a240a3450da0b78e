"""pages: the site's page files as a whole: both language trees mirrored, every page's blocks.

:func:`mirror_errors` names each page (Markdown or notebook) that exists under one
``docs/<lang>/`` only; without its twin, the other language's URL silently serves the
default language's page. :func:`runnable_pages` yields every page's executed blocks,
prepared exactly as the page will be rendered, so the build can run them all ahead, in
parallel, while MkDocs is still busy (:func:`docexec.pool.ahead`); what it prepared is
kept for the page's own rendering in the same build (:func:`prepared`), not read again.

May not touch: execution or rendering; reads page files only.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from docexec import project
from docexec.blocks import Block, page_body, prepare
from docexec.notebooks import NOTEBOOK_SUFFIXES, is_notebook, notebook_blocks
from docexec.project import DocExecError

PAGE_SUFFIXES = (".md", *NOTEBOOK_SUFFIXES)

# (path, text, line offset) -> (blocks, broken, errors) of prepare(), as runnable_pages found
# them in this build's on_files; taken (once) by the page's rendering. Cleared by forget().
_PREPARED: dict[tuple[str, str, int], tuple[list[Block], dict[int, str], list[str]]] = {}


def page_files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.suffix in PAGE_SUFFIXES}


def mirror_errors(docs_dir: Path, languages: list[str]) -> list[str]:
    """``docs/<lang>/x.md: ...`` for every page that has no twin in another language."""
    trees = {lang: page_files(docs_dir / lang) for lang in languages if (docs_dir / lang).is_dir()}
    errors = []
    for lang, pages in trees.items():
        for other, other_pages in trees.items():
            for rel in sorted(pages - other_pages):
                errors.append(
                    f"{project.rel(docs_dir / lang / rel)}: no docs/{other}/{rel}: every page needs its twin in"
                    f" each language (without it the /{other}/ site serves the {lang} page)"
                )
    return errors


def runnable_pages(docs_dir: Path, languages: list[str], wanted=None) -> Iterator[tuple[str, list[Block]]]:
    """(page path, executed blocks) for every page under ``docs_dir`` that has some
    (and for which ``wanted(file)`` is true, when given: a dirty rebuild's touched pages).

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
        path = project.rel(file)
        try:
            if is_notebook(file):
                blocks = notebook_blocks(file)
            elif file.suffix == ".md":
                raw = file.read_text("utf-8-sig")
                text, offset, _ = page_body(raw, path)
                found, broken = prepare(text, path, offset, errors := [])
                _PREPARED[(path, text.rstrip("\n"), offset)] = (found, broken, errors)
                blocks = [b for b in found if b.executed and b.line not in broken]
            else:
                continue
        except (DocExecError, OSError, UnicodeDecodeError):
            continue  # reported when the page itself is rendered
        if blocks:
            yield path, blocks


def prepared(text: str, path: str, line_offset: int, errors: list[str]) -> tuple[list[Block], dict[int, str]]:
    """:func:`docexec.blocks.prepare`, or what :func:`runnable_pages` prepared of exactly this text
    in this build (its errors reported again to ``errors``)."""
    kept = _PREPARED.pop((path, text.rstrip("\n"), line_offset), None)  # MkDocs drops the last newline
    if kept is None:
        return prepare(text, path, line_offset, errors)
    errors.extend(kept[2])
    return kept[0], kept[1]


def forget() -> None:
    """A new build starts: nothing prepared for the last one is used (snippets may have changed)."""
    _PREPARED.clear()
