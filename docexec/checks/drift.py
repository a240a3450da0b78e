"""drift: what another torch would change on the site, before the pin moves.

Runs in a separate environment that has the other torch (``make drift TORCH=<version>``;
``tools/drift.py`` makes it): every page of the first language runs as the build runs it (its
twin prints the same: the snapshot test checks that), and each output is compared with the
committed snapshot (the pinned torch's). The report, printed and written as Markdown, lists
changed outputs, expected errors that changed or stopped raising, blocks that now fail and
questions whose answer (or choices) changed, each with the prose after it in both languages (a
question's: its why), for a reviewer to reread. No page it starts outlives the report.

May not touch: snapshots/, .venv, the site. Reads pages and snapshots; writes one report.
"""

from __future__ import annotations

import difflib
from pathlib import Path

from docexec.checks import snapshot
from docexec.checks.parity import twins
from docexec.core import paths, settings
from docexec.execute import pool
from docexec.page.blocks import Block, fenced_lines
from docexec.site.pages import runnable_pages


def paragraph_after(page: Path, end_line: int) -> str:
    """The first paragraph of prose after line ``end_line`` (1-based) of a page file."""
    lines = page.read_text("utf-8-sig").split("\n")
    fenced = {end_line + n for n in fenced_lines(lines[end_line:])}  # a block right after: not prose
    i = end_line
    while i < len(lines) and (i in fenced or not lines[i].strip() or lines[i].lstrip().startswith("--8<--")):
        i += 1
    text = []
    while i < len(lines) and lines[i].strip() and not lines[i].lstrip().startswith(("```", "#")):
        text.append(lines[i].strip())
        i += 1
    return " ".join(text)


def answer_of(question: str) -> str:
    """The answer of a question's snapshot entry (:func:`docexec.execute.variants.snapshot_text`)."""
    lines = question.split("\n")
    start = next((i for i, line in enumerate(lines) if line.startswith("answer: ")), len(lines))
    end = next((i for i in range(start + 1, len(lines)) if not lines[i].startswith("  ")), len(lines))
    return "\n".join(lines[start:end])


def classify(block: Block, old: snapshot.Snapshotted, new: str, key: str = "") -> str:
    if key.startswith(snapshot.PREDICT) and old is not None:
        return "question's answer changed" if answer_of(str(old)) != answer_of(new) else "question's choices changed"
    if old is None:
        return "new block (not in the snapshot)"
    if new.startswith(snapshot.FAILED) and not str(old).startswith(snapshot.FAILED):
        if "raised nothing" in new:
            return "expected error no longer raised"
        return "block now fails"
    if "raises" in block.options:
        return "expected error changed" if str(old).split("\n")[-1] != new.split("\n")[-1] else "output changed"
    return "output changed"


def report(version: str) -> tuple[str, int]:
    """(the Markdown report, how many blocks changed)."""
    docs = settings.current().root / "docs"
    first, second = settings.current().languages[:2]
    found = dict(runnable_pages(docs, settings.current().languages))  # the second's: where its prose is
    jobs = {path: (blocks, pool.submit(path, blocks)) for path, blocks in found.items()
            if path.startswith(f"docs/{first}/")}  # each waited for below: none runs on after the report
    rows: dict[str, list[str]] = {}
    compared = 0
    for zh, en in twins(docs):
        path = paths.rel(zh)
        if path not in jobs:
            continue
        blocks, future = jobs[path]
        outcomes = future.result()
        new = snapshot.entries(blocks, outcomes)
        old = snapshot.load(path) or {}
        en_blocks = found.get(paths.rel(en), [])
        for key, block, en_block in zip(snapshot.keys(blocks), blocks, en_blocks + [None] * len(blocks), strict=False):  # en padded
            for k in [key] + [snapshot.PREDICT + key] * (snapshot.PREDICT + key in new):  # a question: its answer too
                compared += 1
                before = snapshot.expected_for(old.get(k), path)
                if before == new[k]:
                    continue
                kind = classify(block, before, new[k], k)
                diff = "\n".join(difflib.unified_diff(str(before).split("\n"), new[k].split("\n"), "snapshot", version,
                                                      lineterm="", n=1))
                zh_text = paragraph_after(zh, block.end_line)
                en_text = paragraph_after(en, en_block.end_line) if en_block is not None else ""
                rows.setdefault(kind, []).append(
                    f"### `{path}:{block.line}` — `{k}`\n\n```diff\n{diff}\n```\n\n"
                    f"Reread ({first}): {zh_text or '(no paragraph after the block)'}\n\n"
                    f"Reread ({second}): {en_text or '(no paragraph after the block)'}\n"
                )
    changed = sum(len(v) for v in rows.values())
    lines = [f"# Drift report: snapshot (torch as pinned) → torch {version}", "",
             f"Environment: torch {version}; pages run as the build runs them; compared with snapshots/.", "",
             "| what | blocks |", "|---|---|", f"| compared ({first} pages; {second} prints the same) | {compared} |"]
    kinds = ["output changed", "expected error changed", "expected error no longer raised", "block now fails",
             "question's answer changed", "question's choices changed", "new block (not in the snapshot)"]
    lines += [f"| {kind} | {len(rows.get(kind, []))} |" for kind in kinds]
    lines += [f"| unchanged | {compared - changed} |", ""]
    for kind in kinds:
        if rows.get(kind):
            lines += [f"## {kind} ({len(rows[kind])})", "", *rows[kind]]
    return "\n".join(lines) + "\n", changed


def main(argv: list[str]) -> int:
    import torch

    settings.configure(settings.PACKAGE_ROOT / "mkdocs.yml")
    text, changed = report(torch.__version__)
    out = Path(argv[0]) if argv else settings.current().root / "test-artifacts" / f"drift-{torch.__version__}.md"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, "utf8")
    print(text)
    print(f"report written to {out}")
    return 0
