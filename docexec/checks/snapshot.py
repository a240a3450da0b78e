"""snapshot: every executed output, committed in snapshots/, so that a change is seen and reviewed.

One YAML file per page, ``snapshots/<page path below docs/<lang>/>.yml``, shared by the page's
languages, whose outputs must be the same. :func:`keys` names a block alike in every language
(the snippets it includes, ``inline: <expression>`` or ``code: <first line>``); a failing block
is stored as ``FAILED: <message>``, a ``localized="why"`` block once per language, a question's
answer and choices as ``predict: <key>``.
``python -m docexec snapshot`` (``make snapshot``) runs every page as the build does and rewrites
the files, refusing when the languages disagree; ``--check`` only compares. :func:`compare` gives
readable differences, for the tests, the doc tests and the drift report; :func:`missing` names a
page that has none yet.

May not touch: rendering, MkDocs. Reads pages and snippets/, writes snapshots/ only when asked;
reads and writes nothing through a link (:mod:`docexec.core.inputs`).
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from docexec.core import inputs, paths, settings
from docexec.core.errors import DocExecError
from docexec.core.identity import PageId
from docexec.execute import variants
from docexec.execute.outcome import Outcome
from docexec.page.blocks import PREDICT_KEY as PREDICT  # a question's entry: its key is its block's, after this
from docexec.page.blocks import Block
from docexec.page.blocks import snapshot_keys as keys  # what names a block in a snapshot

if TYPE_CHECKING:
    import yaml

FAILED = "FAILED: "
Snapshotted = str | dict[str, str | None] | None  # a block's entry in a snapshot: localized blocks have one per language


def entries(blocks: list[Block], outcomes: list[Outcome]) -> dict[str, str]:
    """{key: output} for a page's run (variable blocks say so instead of their output); a
    question's choices and answer follow its block's output, keyed ``predict: <key>``."""
    out = {}
    for k, block, outcome in zip(keys(blocks), blocks, outcomes, strict=True):
        if "variable" in block.options:
            out[k] = f"(variable: {block.options['variable']})"
        else:
            out[k] = outcome.text if outcome.ok else FAILED + outcome.text
        if outcome.question is not None:
            out[PREDICT + k] = variants.snapshot_text(outcome.question)
    return out


def file_for(page: str) -> Path:
    """snapshots/<path below docs/<lang>/ without its suffix>.yml for docs/<lang>/<path>."""
    parts = Path(page).parts
    rest = Path(*parts[2:]) if len(parts) > 2 and parts[0] == "docs" else Path(page)
    return folder() / rest.with_suffix(".yml")


def missing(page: str) -> str | None:
    """``page: ...`` when the site keeps snapshots (its folder exists) but none for ``page``
    (docs/<lang>/x.md) yet, saying the command that writes it."""
    target = file_for(page)
    if not folder().is_dir() or target.is_file():
        return None
    return (f"{page}: no snapshot of its outputs ({paths.rel(target)}): run `make snapshot`, review the file"
            f" and commit it with the page (`make test` compares every output with it)")


def folder() -> Path:
    return settings.current().root / settings.current().snapshots


def _literal(dumper: yaml.SafeDumper, text: str) -> yaml.ScalarNode:
    style = "|" if "\n" in text else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style=style)


def dump(page: str, data: Mapping[str, str | Mapping[str, str | None]]) -> str:
    import yaml

    class Dumper(yaml.SafeDumper):
        pass

    Dumper.add_representer(str, _literal)
    versions = paths.versions()
    rel = "/".join(Path(page).parts[2:]) if Path(page).parts[:1] == ("docs",) else page
    languages = ",".join(settings.current().languages)
    head = (f"# Outputs of docs/{{{languages}}}/{rel}, torch {versions['torch']}, Python {versions['python']}.\n"
            "# Written by `make snapshot`; `make test` fails when an output differs. Review diffs here.\n")
    return head + yaml.dump(data, Dumper=Dumper, allow_unicode=True, sort_keys=False, width=10_000)


def load(page: str) -> dict[str, Snapshotted] | None:
    """The snapshot of ``page``, or None; a DocExecError when it is a link (read nothing through one)."""
    import yaml

    file = file_for(page)
    if (problem := inputs.problem(file, settings.current().root)) is not None:
        raise DocExecError(problem)
    return yaml.safe_load(file.read_text("utf8")) or {} if file.is_file() else None


def expected_for(value: Snapshotted, page: str) -> Snapshotted:
    if isinstance(value, dict):  # a localized block: one output per language
        return value.get(PageId.of(page).lang or "", value)
    return value


def compare(page: str, data: dict[str, str], lines: dict[str, int] | None = None) -> list[str]:
    """Readable differences between a page's outputs and its snapshot (empty: the same)."""
    try:
        old = load(page)
    except DocExecError as exc:
        return [str(exc)]
    snap = paths.rel(file_for(page))
    if old is None:
        return [f"{page}: no snapshot ({snap}); run `make snapshot` and review the file"]
    problems = []
    for k in list(dict.fromkeys([*old, *data])):
        line = (lines or {}).get(k) or (lines or {}).get(k.removeprefix(PREDICT))  # a question: its block's line
        where = f"{page}:{line}" if line else page
        expected = expected_for(old.get(k), page)
        if k not in data:
            problems.append(f"{where}: block {k!r} is in {snap} but the page no longer runs it")
        elif k not in old:
            problems.append(f"{where}: block {k!r} is new: not in {snap}")
        elif expected != data[k] and not str(expected).startswith("(variable: "):
            diff = "\n".join(difflib.unified_diff(str(expected).split("\n"), data[k].split("\n"),
                                                  f"{snap} (snapshot)", "this run", lineterm="", n=2))
            problems.append(f"{where}: output of block {k!r} changed:\n{diff}")
    return problems


def run_all(problems: list[str] | None = None) -> dict[str, dict[str, str]]:
    """Every page of both languages, run as the build runs it: {page path: entries}; a page the
    build would not run (broken front matter) is left out, its message put into ``problems``."""
    from docexec.execute import pool
    from docexec.site.pages import runnable_pages

    found = runnable_pages(settings.current().root / "docs", settings.current().languages, problems=problems)
    jobs = [(path, blocks, pool.submit(path, blocks)) for path, blocks in found]
    return {path: entries(blocks, future.result()) for path, blocks, future in jobs}


def twins_differ(results: dict[str, dict[str, str]]) -> list[str]:
    first, *others = settings.current().languages
    problems = []
    for path, data in results.items():
        if not path.startswith(f"docs/{first}/"):
            continue
        for lang in others:
            twin = f"docs/{lang}/" + path[len(f"docs/{first}/"):]
            other = results.get(twin, {})
            for k in dict.fromkeys([*data, *other]):
                if k.startswith("localized: ") or data.get(k) == other.get(k):
                    continue
                if k not in data or k not in other:
                    problems.append(f"{path} and {twin}: block {k!r} runs in {first if k in data else lang} only")
                else:
                    problems.append(f"{path} and {twin}: block {k!r} prints different things in {first} and {lang}:\n"
                                    f"--- {first}\n{data[k]}\n--- {lang}\n{other[k]}")
                break
    return problems


def main(argv: list[str]) -> int:
    here = Path.cwd() / "mkdocs.yml"  # the project in the current folder (a fixture in the tests)
    settings.configure(here if here.is_file() else settings.PACKAGE_ROOT / "mkdocs.yml")
    first, *others = settings.current().languages
    if linked := inputs.of_project():  # nothing read, nothing written through a link
        print("\n".join(linked.values()))
        return 1
    problems: list[str] = []
    results = run_all(problems)
    problems += twins_differ(results)
    if "--check" in argv:
        problems += [p for path, data in results.items() for p in compare(path, data)]
    if problems:
        print("\n\n".join(problems))
        return 1
    if "--check" not in argv:
        written = 0
        for path, data in sorted(results.items()):
            if path.startswith(f"docs/{first}/"):
                target = file_for(path)
                twins = {lang: results.get(f"docs/{lang}/" + path[len(f"docs/{first}/"):], {}) for lang in others}
                merged = {k: {first: v, **{lang: twin.get(k) for lang, twin in twins.items()}}
                          if k.startswith("localized: ") else v for k, v in data.items()}
                text = dump(path, merged)
                if not target.is_file() or target.read_text("utf8") != text:
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_text(text, "utf8")
                    written += 1
        known = {file_for(p) for p in results}
        for stale in folder().rglob("*.yml"):
            if stale not in known:
                stale.unlink()
                print(f"removed {paths.rel(stale)} (no such page)")
        print(f"{written} snapshot file(s) written under {settings.current().snapshots}/"
              f" ({len(results) // len(settings.current().languages)} pages)")
    return 0
