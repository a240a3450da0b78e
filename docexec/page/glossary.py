"""glossary: glossary.yml, the one list of zh <-> en terms, and the glossary page made from it.

:func:`glossary_terms` reads and checks the file (every entry has zh, en, the page that
explains it and a note in each language; aka_zh / aka_en are other names). A page
holding the line ``<!-- glossary -->`` gets, in its place, the table of those terms in
the page's language (docs/zh/... or docs/en/...), each linked to its explaining page.
The search module takes its dictionary from here too.

May not touch: execution, HTML, MkDocs objects. Reads glossary.yml and page titles.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from docexec.core import errors, paths, settings
from docexec.core.errors import DocExecError
from docexec.core.identity import PageId
from docexec.page.blocks import front_matter_lines

GLOSSARY_MARKER = "<!-- glossary -->"
GLOSSARY_CLASS = "docexec-glossary"  # the table's wrapper: stacked rows on phones (extra.css)


def glossary_terms(file: str | Path | None = None) -> list[dict]:
    """The entries of glossary.yml, each with every key present.

    Keys: zh, en, page (relative to docs/<lang>/), note_zh, note_en, and the optional
    aka_zh / aka_en (other names, lists) and anchor_zh / anchor_en ("" when absent).
    """
    file = Path(file) if file is not None else glossary_file()
    languages = settings.current().languages
    stat = file.stat()
    key = (str(file.resolve()), stat.st_mtime_ns, stat.st_size, languages)
    if key not in _parsed:  # read once per version of the file (search asks once per entry)
        _parsed.clear()
        _parsed[key] = _read_terms(file, languages)
    # each caller its own copy (values are strings and lists of strings): deepcopy cost 10 ms
    # a page, the tooltips' largest share of a build (PERFORMANCE.md)
    return [{k: list(v) if isinstance(v, list) else v for k, v in term.items()} for term in _parsed[key]]


def glossary_version() -> tuple | None:
    """Which version of glossary.yml :func:`glossary_terms` last read (a key for what is made
    from it: the tooltips' terms of a language), None before it read one."""
    return next(iter(_parsed), None)


_parsed: dict[tuple, list[dict]] = {}


def glossary_file() -> Path:
    return settings.current().root / settings.current().glossary


def _read_terms(file: Path, languages: tuple[str, ...]) -> list[dict]:
    import yaml

    data = yaml.load(file.read_text("utf8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or []
    if not isinstance(data, list):
        raise DocExecError(f"{paths.rel(file)}: expected a list of entries")
    terms: list[dict] = []
    required = (*languages[:1], *languages[1:], "page", *(f"note_{lang}" for lang in languages))
    for n, entry in enumerate(data, start=1):
        missing = [k for k in required if not str((entry or {}).get(k, "")).strip()]
        if missing:
            raise DocExecError(f"{paths.rel(file)}: entry {n} ({entry!r}) lacks {missing}")
        term: dict[str, Any] = {k: str(entry[k]).strip() for k in required}
        term["page"], _, anchor = term["page"].partition("#")  # page#anchor: same anchor in both
        for lang in languages:
            aka = entry.get(f"aka_{lang}") or []
            term[f"aka_{lang}"] = [str(a) for a in ([aka] if isinstance(aka, str) else aka)]
            term[f"anchor_{lang}"] = str(entry.get(f"anchor_{lang}") or anchor).lstrip("#")
        terms.append(term)
    return terms


_ATTRIBUTES = re.compile(r"\s*\{[^{}]*\}\s*$")  # a heading's { #anchor .class } (attr_list)


def _page_title(file: Path) -> str | None:
    """The page's title as a reader sees it: its first ``# `` heading, without its ``{ #anchor }``."""
    if not file.is_file():
        return None
    raw = file.read_text("utf-8-sig")
    for line in raw.split("\n")[front_matter_lines(raw) :]:
        if line.startswith("# "):
            return _ATTRIBUTES.sub("", line[2:]).strip()
    return None


def glossary_table(path: str | Path, terms: list[dict] | None = None) -> str:
    """The Markdown table of the glossary for the page at ``path`` (its language, its links)."""
    lang = PageId.of(path).lang
    if lang is None:
        folders = " or ".join(f"docs/{lang}/" for lang in settings.current().languages)
        raise DocExecError(f"{path}: not under {folders}, cannot tell the page's language")
    other = settings.current().others(lang)[0]
    labels = settings.current().labels(lang)
    page = Path(path) if Path(path).is_absolute() else settings.current().root / path
    parts = page.parts
    lang_root = Path(*parts[: len(parts) - parts[::-1].index(lang)])  # .../docs/<lang>
    terms = glossary_terms() if terms is None else terms

    def cell(text: str) -> str:
        return text.replace("|", "\\|").replace("\n", " ")

    rows = ["| " + " | ".join(labels.glossary_headers) + " |", "|---|---|---|---|"]
    for t in terms:
        target = lang_root / t["page"]
        href = Path(os.path.relpath(target, page.parent)).as_posix()
        if t[f"anchor_{lang}"]:
            href += "#" + t[f"anchor_{lang}"]
        title = _page_title(target) or t["page"]
        name = f"**{t[lang]}**"
        if t[f"aka_{lang}"]:
            opening, separator, closing = labels.aka
            name += opening + separator.join(t[f"aka_{lang}"]) + closing
        rows.append(f"| {cell(name)} | {cell(t[other])} | {cell(t[f'note_{lang}'])} | [{cell(title)}]({href}) |")
    return "\n".join(rows)


def insert_glossary(markdown: str, path: str) -> str:
    """Replace each ``<!-- glossary -->`` line by the glossary table (a problem is reported)."""
    if GLOSSARY_MARKER not in markdown:
        return markdown
    try:
        table = glossary_table(path)
    except (DocExecError, OSError, ValueError) as exc:
        errors.report(f"{path}: glossary: {exc}")
        return markdown
    # In a block of its own class (md_in_html): on phones the stylesheet stacks each row
    # (overrides/assets/stylesheets/extra.css, "The glossary"), since four columns do not fit.
    table = f'<div class="{GLOSSARY_CLASS}" markdown>\n\n{table}\n\n</div>'
    lines = markdown.split("\n")
    return "\n".join(table if line.strip() == GLOSSARY_MARKER else line for line in lines)

