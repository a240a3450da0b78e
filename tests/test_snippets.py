"""docexec/page/snippets.py: --8<-- lines expanded in blocks, with their origins, and kept inside snippets/."""

from __future__ import annotations

import re

import pytest

import docexec
from docexec.core import settings
from docexec.core.errors import DocExecError
from docexec.page.snippets import guard_snippet_lines, snippet_path
from tests.sites import site  # site: the fixture

REFUSED = "(snippet refused: see the build log)"


@pytest.fixture(autouse=True)
def restore_settings():
    saved = settings._CURRENT[:]
    yield
    settings._CURRENT[:] = saved


@pytest.fixture
def project(site):
    """A fixture site in use, with two snippets, a file outside snippets/ and a symlink to it."""
    site.snippet("demo/01_a.py", "a = 1\nprint(a)\n").snippet("demo/02_b.py", "b = 2\n")
    (site.root / "secret.py").write_text("print('secret')\n", "utf8")
    (site.root / "snippets" / "out.py").symlink_to(site.root / "secret.py")
    (site.root / "snippets" / "in.py").symlink_to(site.root / "snippets" / "demo" / "02_b.py")
    docexec.configure(site.root / "mkdocs.yml")
    return site


def one_block(text: str, offset: int = 0):
    (block,) = docexec.find_blocks(text, "docs/zh/p.md", offset)
    return block


@pytest.mark.usefixtures("project")
def test_snippet_lines_are_expanded_and_every_line_keeps_its_origin():
    block = one_block('# t\n\n```python\nx = 0\n--8<-- "demo/01_a.py"\n    --8<-- \'demo/02_b.py\'\nprint(x)\n```\n', 2)
    docexec.expand_snippets(block)
    assert block.body.count("--8<--") == 2  # the block as written
    assert block.code == "x = 0\na = 1\nprint(a)\nb = 2\nprint(x)"
    assert block.origins == [("docs/zh/p.md", 6), ("snippets/demo/01_a.py", 1), ("snippets/demo/01_a.py", 2),
                             ("snippets/demo/02_b.py", 1), ("docs/zh/p.md", 9)]
    assert block.where() == "docs/zh/p.md:5"
    assert block.where(3) == "docs/zh/p.md:5 (snippets/demo/01_a.py:2)"  # an error in a snippet names both
    assert block.where(5) == "docs/zh/p.md:9"  # a line of the page: its own line
    assert block.where(99) == "docs/zh/p.md:5"


@pytest.mark.usefixtures("project")
def test_executed_blocks_expand_their_snippets():
    blocks = docexec.executed_blocks('```python\n--8<-- "in.py"\n```\n\n```python exec="off"\nnot run\n```\n', "docs/zh/p.md")
    assert [(b.code, b.origins) for b in blocks] == [("b = 2", [("snippets/demo/02_b.py", 1)])]  # a symlink inside snippets/: its file


@pytest.mark.parametrize(("name", "message"), [
    ("../secret.py", "docs/zh/p.md:2: snippet '../secret.py' points outside snippets/ (use a path inside it)"),
    ("demo/../demo/01_a.py", "docs/zh/p.md:2: snippet 'demo/../demo/01_a.py' points outside snippets/ (use a path inside it)"),
    ("/etc/passwd", "docs/zh/p.md:2: snippet '/etc/passwd' points outside snippets/ (use a path inside it)"),
    ("out.py", "docs/zh/p.md:2: snippet 'out.py' leads outside snippets/ (a symlink?)"),
    ("demo/03_none.py", "docs/zh/p.md:2: snippet 'demo/03_none.py' not found (looked in snippets/)"),
])
@pytest.mark.usefixtures("project")
def test_a_path_outside_snippets_is_refused_with_its_line(name, message):
    block = one_block(f'```python\n--8<-- "{name}"\n```\n')
    with pytest.raises(DocExecError) as exc:
        docexec.expand_snippets(block)
    assert str(exc.value) == message
    assert block.code == "" and "secret" not in block.code


def test_snippet_path_is_the_file_inside_snippets(project):
    base = settings.current().snippets
    assert snippet_path("demo/01_a.py", base, "w") == project.root / "snippets" / "demo" / "01_a.py"
    with pytest.raises(DocExecError, match=re.escape("w: snippet 'demo' not found (looked in snippets/)")):
        snippet_path("demo", base, "w")  # a folder is not a snippet


@pytest.mark.usefixtures("project")
def test_guard_refuses_paths_outside_in_prose_and_text_fences_and_replaces_the_line():
    text = "\n".join([
        "# t",  # 4 (the line offset is 3)
        '--8<-- "/etc/passwd"',
        "",
        "```text",
        '--8<-- "../secret.py"',
        "```",
        "",
        "!!! note",
        '    --8<-- "out.py"',
        "",
        '--8<-- "demo/01_a.py"',
        "--8<--",
        "/etc/hosts",
        "demo/02_b.py",
        ";/etc/skipped",
        "--8<--",
        "```python",
        '--8<-- "/etc/group"',  # a python block's line: checked when the block is expanded
        "```",
    ])
    with docexec.collecting() as errors:
        guarded = guard_snippet_lines(text, "docs/zh/p.md", 3, skip={20, 21, 22})
    assert errors == [
        "docs/zh/p.md:5: snippet '/etc/passwd' points outside snippets/ (use a path inside it)",
        "docs/zh/p.md:8: snippet '../secret.py' points outside snippets/ (use a path inside it)",
        "docs/zh/p.md:12: snippet 'out.py' leads outside snippets/ (a symlink?)",
        "docs/zh/p.md:16: snippet '/etc/hosts' points outside snippets/ (use a path inside it)",
    ]
    lines = guarded.split("\n")
    assert [lines[i] for i in (1, 4, 8, 12)] == [REFUSED, REFUSED, "    " + REFUSED, REFUSED]  # indentation kept
    kept = [i for i in range(len(lines)) if i not in (1, 4, 8, 12)]
    assert [lines[i] for i in kept] == [text.split("\n")[i] for i in kept]  # every other line as it was
    assert "/etc" not in guarded.replace(";/etc/skipped", "").replace('"/etc/group"', "")


@pytest.mark.usefixtures("project")
def test_guard_leaves_a_page_without_bad_snippet_lines_alone():
    text = '# t\n\n--8<-- "demo/01_a.py"\n\n```text\n--8<-- "demo/02_b.py"\n```\n'
    with docexec.collecting() as errors:
        assert guard_snippet_lines(text, "docs/zh/p.md", 0) == text
    assert errors == []


# --- comment lines per language (# zh: / # en:) and the phone-width lint ------------------------

from docexec.page.snippets import for_language  # noqa: E402

pytestmark = pytest.mark.check

CODE = "x = 1\n# zh: 中文说明\n# en: English note\n    # en: indented\n# note: kept\ny = x  # plain, kept\n#en:no space: not a marker\n"


def test_a_comment_line_shows_only_in_its_language_marker_removed_indentation_kept():
    assert for_language(CODE, "zh") == "x = 1\n# 中文说明\n# note: kept\ny = x  # plain, kept\n#en:no space: not a marker\n"
    assert for_language(CODE, "en") == ("x = 1\n# English note\n    # indented\n# note: kept\ny = x  # plain, kept\n"
                                        "#en:no space: not a marker\n")
    assert for_language(CODE, None) == for_language(CODE, "en")  # outside docs/<lang>/: the fallback language


def test_the_page_shows_its_language_s_comments_and_runs_the_same_code():
    from docexec.page.blocks import Block
    from docexec.render.rendering import render

    for lang, shown, hidden in (("zh", "# 中文说明", "English note"), ("en", "# English note", "中文说明")):
        block = Block(f"docs/{lang}/p.md", 3, 5, "", "", "python", {}, "")
        block.code = CODE
        markdown = render(block, "1")
        assert shown in markdown and hidden not in markdown, markdown
        assert block.code == CODE  # what runs (and what the snapshot records) keeps every line


def test_every_snippet_comment_pair_has_both_languages():
    """A `# zh:` line without an `# en:` line near it (or the reverse) shows one language nothing."""
    from tests.sites import ROOT

    odd = []
    for path in sorted((ROOT / "snippets").rglob("*.py")):
        text = path.read_text("utf8")
        if ("# zh:" in text) != ("# en:" in text):
            odd.append(path.relative_to(ROOT).as_posix())
    assert odd == []


def test_the_code_width_lint_names_file_and_line_of_each_long_line(tmp_path):
    from tools.code_width import LIMIT, columns, problems

    assert columns("# zh: 中文") == columns("# 中文") == 6  # marker removed, a CJK character is two columns
    snippets = tmp_path / "snippets" / "p"
    snippets.mkdir(parents=True)
    ok, long = snippets / "01_ok.py", snippets / "02_long.py"
    ok.write_text("x = 1\n" + "y" * LIMIT + "\n", "utf8")
    long.write_text("x = 1\n" + "# zh: " + "长" * ((LIMIT - 1) // 2) + "\n", "utf8")
    found = problems([ok, long], root=tmp_path, allowed={})
    assert found == [f"snippets/p/02_long.py:2: {LIMIT + 1} columns > {LIMIT}: wrap it (a phone shows {LIMIT} at 375 px)"]
    assert problems([ok, long], root=tmp_path, allowed={"snippets/p/02_long.py": 1}) == []  # the baseline's count
    long.write_text("z" * 99 + "\n" + "z" * 99 + "\n", "utf8")
    assert len(problems([ok, long], root=tmp_path, allowed={"snippets/p/02_long.py": 1})) == 2  # it may only go down


def test_the_snippets_pass_the_code_width_lint():
    from tools.code_width import ROOT, problems, shown_snippets

    assert problems(shown_snippets(ROOT)) == []
