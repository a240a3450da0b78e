"""The project's own docs are true (issue 37, item 8): every repository path they name exists,
and ARCHITECTURE.md's event table is in the order MkDocs really sends the events.

Read: README.md, ARCHITECTURE.md, AUTHORING.md, PERFORMANCE.md, every module docstring and
comment of docexec/, tools/ and tests/, and mkdocs.yml's comments.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.sites import ROOT

pytestmark = pytest.mark.check

DOCS = ["README.md", "ARCHITECTURE.md", "AUTHORING.md", "PERFORMANCE.md"]
TOP = r"(?:docexec|tests|tools|docs|snippets|overrides|snapshots|examples|\.github|\.ci)"
# a path: a top folder and at least one more part, or a stage-relative module (execute/pool.py)
PATH = re.compile(rf"(?<![\w./-])((?:{TOP}/[\w.@*<>{{}}-]+(?:/[\w.@*<>{{}}-]+)*/?)"
                  r"|(?:(?:core|page|execute|render|notebooks|site|checks)/[\w-]+\.(?:py|js|css)))(?![\w/-])")
FILES = re.compile(r"(?<![\w./-])((?:mkdocs(?:\.offline)?|glossary|torch-api|requirements|pyproject|package|"
                   r"package-lock)\.(?:yml|txt|toml|json)|Makefile|README\.md|ARCHITECTURE\.md|AUTHORING\.md|"
                   r"PERFORMANCE\.md)(?![\w/-])")
PLACEHOLDER = re.compile(r"<|>|\*|\{|\}|NN|\.\.\.|…")
# named as examples of what a build or a test makes, not as files of the repository
EXAMPLES = {"docs/zh/page.md", "docs/zh/x.md", "docs/en/x.md", "docs/zh/a/b.md", "snippets/x/01.py", "docs/zh/p.md",
            "docs/zh/leak.txt", "docs/zh/repl.md", "docs/zh/practice/p", "docs/zh/index.md",
            "docs/source/autograd.md"}  # the last: in pytorch/pytorch, where its reference is written


def _texts() -> list[tuple[str, str]]:
    found = [(name, (ROOT / name).read_text("utf8")) for name in DOCS]
    for py in sorted([*ROOT.glob("docexec/**/*.py"), *ROOT.glob("tools/*.py"), *ROOT.glob("tests/*.py")]):
        text = py.read_text("utf8")
        prose = re.findall(r'"""(.*?)"""', text, re.S) + re.findall(r"#\s(.*)$", text, re.M)
        found.append((py.relative_to(ROOT).as_posix(), "\n".join(prose)))
    config = (ROOT / "mkdocs.yml").read_text("utf8")
    found.append(("mkdocs.yml", "\n".join(re.findall(r"#\s(.*)$", config, re.M))))
    return found


def _exists(name: str) -> bool:
    name = name.rstrip("/").rstrip(".")
    return any((base / name).exists() for base in (ROOT, ROOT / "docexec"))


def test_every_repository_path_the_docs_name_exists():
    missing = []
    for where, text in _texts():
        for lineno, line in enumerate(text.split("\n"), start=1):
            for name in [*PATH.findall(line), *FILES.findall(line)]:
                if PLACEHOLDER.search(name) or name.rstrip('.') in EXAMPLES or name.startswith("tests/test_") and "::" in line:
                    continue
                if not _exists(name):
                    missing.append(f"{where}:{lineno}: {name}")
    assert not missing, "paths named in the docs that do not exist (rename them, or remove the mention):\n" + \
        "\n".join(missing)


def test_the_path_check_finds_a_stale_path():
    assert PATH.findall("see `docexec/hooks.py` and execute/pool.py, not docs/ alone") == [
        "docexec/hooks.py", "execute/pool.py"]
    assert not _exists("docexec/hooks.py") and _exists("execute/pool.py")


# --- ARCHITECTURE.md's event table ------------------------------------------------------------


def _sent_order(tmp_path: Path) -> list[str]:
    """The events MkDocs sends a plugin during a real build of a one-page site, in order."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.plugins import EVENTS, BasePlugin

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# t\n", "utf8")
    (tmp_path / "mkdocs.yml").write_text("site_name: t\n", "utf8")
    seen: list[str] = []
    events = [f"on_{name}" for name in EVENTS]

    def recorder(event: str):
        def record(*args, **kwargs):  # noqa: ARG001 (MkDocs passes config, files, ... by name)
            if event not in seen:
                seen.append(event)
            return args[0] if args else None  # an event without an item (page_read_source: None reads the file)
        return record

    class Recorder(BasePlugin):
        pass

    for event in events:
        setattr(Recorder, event, staticmethod(recorder(event)))
    config = load_config(str(tmp_path / "mkdocs.yml"), site_dir=str(tmp_path / "site"))
    config.plugins["recorder"] = Recorder()
    config.plugins.on_startup(command="build", dirty=False)
    build(config)
    config.plugins.on_shutdown()
    return seen


def test_the_event_table_is_in_the_order_mkdocs_sends_the_events(tmp_path):
    from docexec.plugin import DocexecPlugin

    text = (ROOT / "ARCHITECTURE.md").read_text("utf8")
    section = text.split("## A build, step by step", 1)[1].split("\n## ", 1)[0]
    table = re.findall(r"^\| `(on_\w+)` \|", section, re.M)
    handled = sorted(n for n in vars(DocexecPlugin) if n.startswith("on_"))
    assert sorted(table) == handled, f"the table's events {sorted(table)} are not the plugin's {handled}"
    sent = _sent_order(tmp_path)
    # on_serve comes after the first build under `mkdocs serve`, then on_shutdown: not in a build
    expected = [e for e in sent if e in table and e != "on_shutdown"] + ["on_serve", "on_shutdown"]
    assert table == expected, f"ARCHITECTURE.md lists {table}; MkDocs sends {expected}"


# --- tables generated from the code ---------------------------------------------------------


def test_authoring_s_tables_are_the_code_s():
    from docexec.checks import doctables

    assert doctables.stale(ROOT / "AUTHORING.md") == [], "run `python -m docexec tables --write`"


def test_a_hand_edited_table_is_found_and_rewritten(tmp_path):
    from docexec.checks import doctables

    copy = tmp_path / "AUTHORING.md"
    text = (ROOT / "AUTHORING.md").read_text("utf8")
    copy.write_text(text.replace("may run that long (default 5 s", "may run that long (default 9 s"), "utf8")
    assert doctables.stale(copy) == ["block-options"]
    assert doctables.stale(copy, write=True) == ["block-options"] and copy.read_text("utf8") == text
    copy.write_text(text.replace("<!-- generated: plugin-options -->", "<!-- plugin options -->"), "utf8")
    assert doctables.stale(copy)[0].startswith("plugin-options (missing")


def test_the_block_option_table_names_every_option_the_build_accepts():
    from docexec.page import option_docs, options

    assert option_docs.named() == options.OPTIONS
