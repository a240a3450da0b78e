"""Copy lint of the pages: autocorrect (spaces between CJK and Latin/digits, full-width
punctuation in Chinese prose) over every docs/zh page, and mirrored zh/en trees."""

from __future__ import annotations

from pathlib import Path

import autocorrect_py as autocorrect
import pytest

pytestmark = pytest.mark.check

ROOT = Path(__file__).resolve().parent.parent
ZH, EN = ROOT / "docs" / "zh", ROOT / "docs" / "en"
ZH_PAGES = sorted(ZH.rglob("*.md"))
autocorrect.load_config((ROOT / ".autocorrectrc").read_text("utf8"))


def lint(text: str, name: str) -> list[str]:
    return [f"{name}:{r.line}:{r.col}: {r.old.strip()!r} -> {r.new.strip()!r}" for r in autocorrect.lint_for(text, name).lines]


@pytest.mark.parametrize("page", ZH_PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_chinese_copy_is_spaced_and_punctuated(page: Path):
    problems = lint(page.read_text("utf8"), page.relative_to(ROOT).as_posix())
    assert not problems, "autocorrect would change:\n" + "\n".join(problems)


def test_the_lint_catches_missing_spaces_and_half_width_commas():
    assert lint("今天用torch 2.13运行,结果是None。\n", "x.md")


def test_zh_and_en_trees_are_mirrored():
    def pages(d: Path) -> set[str]:
        return {p.relative_to(d).as_posix() for p in d.rglob("*") if p.suffix in {".md", ".ipynb"}}

    assert ZH_PAGES, "no Chinese pages found"
    assert pages(ZH) == pages(EN), {"only zh": pages(ZH) - pages(EN), "only en": pages(EN) - pages(ZH)}


def test_the_lint_is_switched_off_only_around_quotes_of_the_notes():
    """`<!-- autocorrect-disable -->` keeps a quotation of the notes verbatim (their spacing
    included); it may hold nothing but a blockquote or one fenced block, so no prose of ours
    escapes the lint."""
    import re

    found = 0
    for page in ZH_PAGES + sorted((ROOT / "docs" / "en").rglob("*.md")):
        text = page.read_text("utf8")
        for m in re.finditer(r"<!-- autocorrect-disable -->\n(.*?)<!-- autocorrect-enable -->", text, re.S):
            found += 1
            line = text[: m.start()].count("\n") + 2
            body = [ln for ln in m.group(1).split("\n") if ln.strip()]
            fenced = len(body) >= 2 and body[0].startswith("```") and body[-1].strip() == "```" \
                and not any(ln.startswith("```") for ln in body[1:-1])
            assert body and (fenced or all(ln.lstrip().startswith(">") for ln in body)), \
                f"{page.relative_to(ROOT)}:{line}: only a quotation (blockquote or fenced block) may be exempt from the lint"
        assert text.count("autocorrect-disable") == text.count("autocorrect-enable"), page
    assert found, "no exemption found: is the pattern stale?"


def test_an_exemption_around_prose_fails():
    import re

    text = "<!-- autocorrect-disable -->\n中文English混排\n<!-- autocorrect-enable -->\n"
    m = re.search(r"<!-- autocorrect-disable -->\n(.*?)<!-- autocorrect-enable -->", text, re.S)
    assert not all(ln.lstrip().startswith(">") for ln in m.group(1).split("\n") if ln.strip())
