"""cli: every ``python -m docexec ...`` command.

    python -m docexec [run] docs/zh/page.md ...   run pages as the build does, print their outputs
    python -m docexec snapshot [--check]           rewrite (or only compare) snapshots/ (make snapshot)
    python -m docexec drift [REPORT.md]            every page under this environment's torch (make drift)
    python -m docexec stale                        pages older than their twin, with commits (make stale)
    python -m docexec pdf [SITE_DIR]               the PDF of each language, from the built site (make pdf)
    python -m docexec api-names                    rewrite torch-api.yml from the last build's names (make api-names)
    python -m docexec settings                     every option of the docexec plugin, with its help
    python -m docexec tables [--write]             AUTHORING.md's generated tables: compare (or rewrite)
    python -m docexec sandbox-report               which layers of the page sandbox hold here (fails under CI=true
                                                   if one does not)

May not touch: anything the commands it calls do not; it only parses arguments.
"""

from __future__ import annotations

import sys
from pathlib import Path

from docexec.core import paths, settings


def run(argv: list[str]) -> int:
    from docexec.execute.pool import run_page
    from docexec.page.blocks import page_body

    failed = False
    for arg in argv:
        raw = Path(arg).read_text("utf-8-sig")
        text, offset, problem = page_body(raw, paths.rel(arg))
        if problem:  # not run, as the build does not run it
            print(f"--- {problem}")
            failed = True
            continue
        for block, outcome in run_page(text, paths.rel(arg), offset):
            print(f"--- {block.where()}{'' if outcome.ok else ' FAILED'}\n{outcome.text}")
            failed |= not outcome.ok
    return 1 if failed else 0


def snapshot(argv: list[str]) -> int:
    from docexec.checks import snapshot

    return snapshot.main(argv)


def drift(argv: list[str]) -> int:
    from docexec.checks import drift

    return drift.main(argv)


def pdf(argv: list[str]) -> int:
    from docexec.site import pdf

    return pdf.main(argv)


def stale(argv: list[str]) -> int:  # noqa: ARG001
    from docexec.checks import parity

    report = parity.stale(settings.current().root / "docs")
    print("\n".join(report) if report else "no page is older than its twin")
    print(f"\n{len(report)} page(s) to reread against their twin" if report else "")
    return 0  # a stale twin is a reading list, not a failure (tests/test_parity.py fails on structure)


def api_names(argv: list[str]) -> int:  # noqa: ARG001
    from docexec.checks import record
    from docexec.execute import names
    from docexec.page import reference

    used = record.read_api()
    if not used:
        print(f"no names recorded: run `make build` first ({paths.rel(record.api_file())} is missing)")
        return 2
    wanted = reference.used_names(used, names.exists)
    added, removed = reference.write(wanted)
    print(f"{paths.rel(reference.file())}: {len(wanted)} names; added {added or 'none'}; removed {removed or 'none'}")
    wrong = [f"{page}:1: explains: `{name}` is not an object of the installed torch: correct the name"
             for page, data in sorted(used.items()) for name in data.get("explains", []) if name not in wanted]
    print("\n".join(wrong), file=sys.stderr) if wrong else None
    return 1 if wrong else 0


def describe(argv: list[str]) -> int:  # noqa: ARG001
    print(settings.describe())
    return 0


def doc_tables(argv: list[str]) -> int:
    from docexec.checks import doctables

    path = settings.current().root / "AUTHORING.md"
    differ = doctables.stale(path, write="--write" in argv)
    if differ and "--write" not in argv:
        print(f"{paths.rel(path)}: generated tables differ from the code: {', '.join(differ)}; run"
              " `python -m docexec tables --write`", file=sys.stderr)
        return 1
    print(f"{paths.rel(path)}: {'rewritten: ' + ', '.join(differ) if differ else 'generated tables up to date'}")
    return 0


def sandbox_report(argv: list[str]) -> int:  # noqa: ARG001
    import os

    from docexec.execute import pool, report, servers

    servers.server(bare=True)  # the probe imports no torch: its server need not either
    found = report.layers(report.observe(pool.run_blocks))
    print(report.table(found))
    gone = report.missing(found)
    if gone and os.environ.get("CI") == "true":
        print(f"docexec: under CI=true every layer must hold; missing: {', '.join(g.name for g in gone)}", file=sys.stderr)
        return 1
    return 0


COMMANDS = {"run": run, "snapshot": snapshot, "drift": drift, "pdf": pdf, "stale": stale, "api-names": api_names,
            "settings": describe, "tables": doc_tables, "sandbox-report": sandbox_report}


def main(argv: list[str]) -> int:
    if {"-h", "--help"} & set(argv):  # `snapshot --help` must not rewrite snapshots/
        print(__doc__.split("\n\n")[1])
        return 0
    if argv and argv[0] in COMMANDS:
        return COMMANDS[argv[0]](argv[1:])
    if not argv or argv[0].startswith("-"):
        print(__doc__.split("\n\n")[1])
        return 2
    return run(argv)  # python -m docexec docs/zh/page.md: run pages


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
