"""parity: a zh page and its en twin are the same page in two languages, not two pages.

Prose is translated; everything else must match, in order: the snippets included, the python
blocks and their options, the inline values, the headings level by level with their explicit
English anchors (``## 计算图 { #computation-graph }``; notebook pages too), and, as a set, the internal links.
:func:`compare` names both files and the first difference; :func:`stale` lists pages whose
twin was last changed (in git) before them, with the commits the twin has not seen.

May not touch: execution, rendering, MkDocs. Reads page files (and git history).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from docexec.core import paths, settings
from docexec.core.identity import is_notebook
from docexec.notebooks.practice import cell_raises, read_notebook
from docexec.page.blocks import fenced_lines, find_blocks, find_inline, page_body
from docexec.page.snippets import SNIPPET_LINE

HEADING = re.compile(r"^(?P<hashes>#{1,6})[ \t]+(?P<text>.*?)(?:[ \t]*\{[^}]*#(?P<anchor>[\w-]+)[^}]*\})?[ \t]*$")
LINK = re.compile(r"\]\((?P<target>[^)\s]+)\)")


def outline(file: Path) -> dict[str, list]:
    """What must be the same in both languages, read from one page."""
    raw = file.read_text("utf-8-sig")
    path = paths.rel(file)
    text, offset, _ = page_body(raw, path)
    lines = text.split("\n")
    fenced = fenced_lines(lines)
    headings, links = [], []
    for i, line in enumerate(lines):
        if i in fenced:
            continue
        if m := HEADING.match(line):
            headings.append((len(m["hashes"]), m["anchor"] or f"(no explicit anchor: {m['text']!r})", i + 1 + offset))
        links += [t for t in LINK.findall(line) if "://" not in t and not t.startswith("mailto:")]
    blocks = find_blocks(text, path, offset)
    return {
        "snippet includes": [(m["path"], i + 1 + offset) for i, line in enumerate(lines)
                             if (m := SNIPPET_LINE.match(line))],
        "python blocks": [(b.lang, sorted(b.options.items()), b.line) for b in blocks],
        "inline values": [(b.code, b.line) for b in find_inline(text, path, offset)],
        "headings (level, anchor)": headings,
        "internal links": sorted((t, 0) for t in links),
    }


def compare(zh: Path, en: Path) -> str | None:
    """None when the two pages match; else a message naming both files and the first difference."""
    if not en.is_file():
        return f"{paths.rel(zh)}: its twin {paths.rel(en)} does not exist"
    if is_notebook(zh):  # the code cells as written (snippet lines, not what they expand to)
        cells = [[(c.cell_type, c.source if c.cell_type == "code" else "", cell_raises(c) if c.cell_type == "code" else None,
                   sorted(c.metadata.get("tags", [])))  # starter, check, wrong-answer (internal): the same roles
                  for c in read_notebook(p).cells] for p in (zh, en)]
        if [c[0] for c in cells[0]] != [c[0] for c in cells[1]]:
            return f"{paths.rel(zh)} and {paths.rel(en)}: the cells differ in number or kind"
        for n, (a, b) in enumerate(zip(*cells, strict=True), start=1):
            if a != b:
                return f"{paths.rel(zh)}:{n} and {paths.rel(en)}:{n}: cell {n} differs (its code, what it raises or its tags)"
        anchors = [[(len(m["hashes"]), m["anchor"]) for c in read_notebook(p).cells if c.cell_type == "markdown"
                    for line in c.source.split("\n") if (m := HEADING.match(line))] for p in (zh, en)]
        if anchors[0] != anchors[1] or any(anchor is None for _, anchor in anchors[0]):
            return (f"{paths.rel(zh)} and {paths.rel(en)}: the notebook headings' levels and explicit anchors differ"
                    f" (or one has none): zh {anchors[0]}, en {anchors[1]}")
        return None
    left, right = outline(zh), outline(en)
    for what in left:
        a, b = left[what], right[what]
        for n in range(max(len(a), len(b))):
            x = a[n] if n < len(a) else None
            y = b[n] if n < len(b) else None
            if x is None or y is None or x[:-1] != y[:-1]:
                here = f"{paths.rel(zh)}:{x[-1]}" if x and x[-1] else paths.rel(zh)
                there = f"{paths.rel(en)}:{y[-1]}" if y and y[-1] else paths.rel(en)
                show = lambda v: "nothing" if v is None else repr(v[0] if len(v) == 2 else v[:-1])  # noqa: E731
                return f"{here} and {there}: {what} differ at #{n + 1}: zh has {show(x)}, en has {show(y)}"
    for _level, anchor, line in left["headings (level, anchor)"]:
        if anchor.startswith("(no explicit anchor"):
            return f"{paths.rel(zh)}:{line}: heading without an explicit English anchor {{ #... }}: {anchor}"
    return None


def twins(docs: Path, first: str | None = None, second: str | None = None) -> list[tuple[Path, Path]]:
    """(first-language page, second-language page) for every page of either (a missing twin is
    still listed); by default the settings' two languages, the default one first."""
    languages = settings.current().languages
    first, second = first or languages[0], second or languages[1]
    pairs: dict[Path, tuple[Path, Path]] = {}
    for lang in (first, second):
        for page in sorted((docs / lang).rglob("*")):
            if page.suffix in {".md", ".ipynb", ".py"}:
                rel = page.relative_to(docs / lang)
                pair = (docs / first / rel, docs / second / rel)
                pairs.setdefault(rel, pair)
    return list(pairs.values())


def _git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=False).stdout.strip()


def stale(docs: Path) -> list[str]:
    """Pages whose twin was last changed before them, each with the commits the twin has not seen."""
    report = []
    for zh, en in twins(docs):
        if not (zh.is_file() and en.is_file()):
            continue
        times = {p: int(_git(docs, "log", "-1", "--format=%ct", "--", str(p)) or 0) for p in (zh, en)}
        newer, older = (zh, en) if times[zh] > times[en] else (en, zh)
        if times[newer] == times[older]:
            continue
        since = _git(docs, "log", "-1", "--format=%H", "--", str(older))
        commits = _git(docs, "log", "--format=  %h %ad %s", "--date=short", f"{since}..HEAD", "--", str(newer))
        report.append(f"{older.relative_to(docs.parent)} is older than {newer.relative_to(docs.parent)};"
                      f" commits it has not seen:\n{commits}")
    return report
