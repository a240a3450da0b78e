"""glossary: glossary.yml, the one list of zh <-> en terms, and the glossary page made from it.

:func:`glossary_terms` reads and checks the file (every entry has zh, en, the page that
explains it and a note in each language; aka_zh / aka_en are other names). A page
holding the line ``<!-- glossary -->`` gets, in its place, the table of those terms in
the page's language (docs/zh/... or docs/en/...), each linked to its explaining page.
The search module takes its dictionary from here too.

May not touch: execution, HTML, MkDocs objects. Reads glossary.yml and page titles.
"""

from __future__ import annotations

import copy

import os
from pathlib import Path

from docexec import project
from docexec.blocks import front_matter_lines
from docexec.project import DocExecError

GLOSSARY_FILE = "glossary.yml"
GLOSSARY_MARKER = "<!-- glossary -->"
GLOSSARY_LANGS = ("zh", "en")
_GLOSSARY_REQUIRED = ("zh", "en", "page", "note_zh", "note_en")
_GLOSSARY_HEADERS = {
    "zh": ("术语", "English", "释义", "详见"),
    "en": ("Term", "中文", "Definition", "Explained in"),
}


def glossary_terms(file: str | Path | None = None) -> list[dict]:
    """The entries of glossary.yml, each with every key present.

    Keys: zh, en, page (relative to docs/<lang>/), note_zh, note_en, and the optional
    aka_zh / aka_en (other names, lists) and anchor_zh / anchor_en ("" when absent).
    """
    file = Path(file) if file is not None else project.ROOT / GLOSSARY_FILE
    stat = file.stat()
    key = (str(file.resolve()), stat.st_mtime_ns, stat.st_size)
    if key not in _parsed:  # read once per version of the file (search asks once per entry)
        _parsed.clear()
        _parsed[key] = _read_terms(file)
    return copy.deepcopy(_parsed[key])


_parsed: dict[tuple, list[dict]] = {}


def _read_terms(file: Path) -> list[dict]:
    import yaml

    data = yaml.load(file.read_text("utf8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or []
    if not isinstance(data, list):
        raise DocExecError(f"{project.rel(file)}: expected a list of entries")
    terms: list[dict] = []
    for n, entry in enumerate(data, start=1):
        missing = [k for k in _GLOSSARY_REQUIRED if not str((entry or {}).get(k, "")).strip()]
        if missing:
            raise DocExecError(f"{project.rel(file)}: entry {n} ({entry!r}) lacks {missing}")
        term = {k: str(entry[k]).strip() for k in _GLOSSARY_REQUIRED}
        term["page"], _, anchor = term["page"].partition("#")  # page#anchor: same anchor in both
        for lang in GLOSSARY_LANGS:
            aka = entry.get(f"aka_{lang}") or []
            term[f"aka_{lang}"] = [str(a) for a in ([aka] if isinstance(aka, str) else aka)]
            term[f"anchor_{lang}"] = str(entry.get(f"anchor_{lang}") or anchor).lstrip("#")
        terms.append(term)
    return terms


def page_language(path: str | Path) -> str:
    """``zh`` or ``en``: the folder right under ``docs/`` that holds the page."""
    parts = Path(path).parts
    for i in range(len(parts) - 2, -1, -1):
        if parts[i] == "docs" and parts[i + 1] in GLOSSARY_LANGS:
            return parts[i + 1]
    raise DocExecError(f"{path}: not under docs/zh/ or docs/en/, cannot tell the page's language")


def _page_title(file: Path) -> str | None:
    if not file.is_file():
        return None
    raw = file.read_text("utf-8-sig")
    for line in raw.split("\n")[front_matter_lines(raw) :]:
        if line.startswith("# "):
            return line[2:].strip()
    return None


def glossary_table(path: str | Path, terms: list[dict] | None = None) -> str:
    """The Markdown table of the glossary for the page at ``path`` (its language, its links)."""
    lang = page_language(path)
    other = "en" if lang == "zh" else "zh"
    page = Path(path) if Path(path).is_absolute() else project.ROOT / path
    parts = page.parts
    lang_root = Path(*parts[: len(parts) - parts[::-1].index(lang)])  # .../docs/<lang>
    terms = glossary_terms() if terms is None else terms

    def cell(text: str) -> str:
        return text.replace("|", "\\|").replace("\n", " ")

    rows = ["| " + " | ".join(_GLOSSARY_HEADERS[lang]) + " |", "|---|---|---|---|"]
    for t in terms:
        target = lang_root / t["page"]
        href = Path(os.path.relpath(target, page.parent)).as_posix()
        if t[f"anchor_{lang}"]:
            href += "#" + t[f"anchor_{lang}"]
        title = _page_title(target) or t["page"]
        name = f"**{t[lang]}**"
        if t[f"aka_{lang}"]:
            name += " (" + ", ".join(t[f"aka_{lang}"]) + ")" if lang == "en" else "（" + "、".join(t[f"aka_{lang}"]) + "）"
        rows.append(f"| {cell(name)} | {cell(t[other])} | {cell(t[f'note_{lang}'])} | [{cell(title)}]({href}) |")
    return "\n".join(rows)


def insert_glossary(markdown: str, path: str, errors: list[str] | None = None) -> str:
    """Replace each ``<!-- glossary -->`` line by the glossary table (called by on_page_markdown)."""
    if GLOSSARY_MARKER not in markdown:
        return markdown
    try:
        table = glossary_table(path)
    except (DocExecError, OSError, ValueError) as exc:
        if errors is None:
            raise
        errors.append(f"{path}: glossary: {exc}")
        return markdown
    lines = markdown.split("\n")
    return "\n".join(table if line.strip() == GLOSSARY_MARKER else line for line in lines)

