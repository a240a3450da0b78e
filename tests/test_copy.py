"""Copy lint of the pages: autocorrect (spaces between CJK and Latin/digits, full-width
punctuation in Chinese prose) over every docs/zh page; one Chinese name per concept (the
avoid_zh words of glossary.yml, over docs/zh and the `# zh:` comments of snippets/); values
quoted by hand in prose only where they quote the notes; and mirrored zh/en trees."""

from __future__ import annotations

import re
from pathlib import Path

import autocorrect_py as autocorrect
import pytest
import yaml

pytestmark = pytest.mark.check

ROOT = Path(__file__).resolve().parent.parent
ZH, EN = ROOT / "docs" / "zh", ROOT / "docs" / "en"
ZH_PAGES = sorted(ZH.rglob("*.md"))
autocorrect.load_config((ROOT / ".autocorrectrc").read_text("utf8"))
GLOSSARY = yaml.safe_load((ROOT / "glossary.yml").read_text("utf8"))
ZH_COMMENT = re.compile(r"^[ \t]*#[ \t]*zh: ?(.*)$")
EXEMPT = re.compile(r"<!-- autocorrect-disable -->\n.*?<!-- autocorrect-enable -->", re.S)


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


# --- one Chinese name per concept ---------------------------------------------------------


def avoided_terms(entries: list[dict]) -> list[tuple[re.Pattern[str], str, str]]:
    """(wrong word as a pattern, what to write instead, the entry's zh) from the avoid_zh of
    each glossary entry: a list (write the entry's zh) or a mapping {word: what instead}."""
    rules = []
    for entry in entries:
        avoid = entry.get("avoid_zh") or []
        pairs = avoid.items() if isinstance(avoid, dict) else ((w, entry["zh"]) for w in avoid)
        rules += [(re.compile(str(wrong)), str(right), str(entry["zh"])) for wrong, right in pairs]
    return rules


def glossary_words(entries: list[dict]) -> list[str]:
    """Every zh term and other name of the glossary: a wrong word inside one of them is allowed
    (检查点 inside 梯度检查点)."""
    return [str(w) for e in entries for w in [e["zh"], *(e.get("aka_zh") or [])]]


def wrong_terms(text: str, name: str, entries: list[dict], comments_only: bool = False) -> list[str]:
    """``name:line: 'wrong' -> 'right' (glossary.yml: entry)`` for each avoided word in ``text``
    (only its `# zh:` comment lines with ``comments_only``; a page's quotations of the notes,
    between autocorrect-disable and -enable, are the notes' words and are skipped)."""
    text = EXEMPT.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    words = glossary_words(entries)
    found = []
    for n, raw in enumerate(text.split("\n"), start=1):
        line = raw
        if comments_only:
            m = ZH_COMMENT.match(raw)
            if not m:
                continue
            line = m.group(1)
        allowed = [(m.start(), m.end()) for w in words for m in re.finditer(re.escape(w), line)]
        for pattern, right, term in avoided_terms(entries):
            for m in pattern.finditer(line):
                if not any(s <= m.start() and m.end() <= e and e - s > m.end() - m.start() for s, e in allowed):
                    found.append(f"{name}:{n}: {m.group(0)!r} -> {right!r} (glossary.yml: {term})")
    return found


def test_glossary_has_words_to_avoid():
    assert len(avoided_terms(GLOSSARY)) >= 10, "avoid_zh fields of glossary.yml not found: is the key stale?"


@pytest.mark.parametrize("lang_file", ZH_PAGES + sorted(ZH.rglob("*.py")), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_chinese_pages_use_one_name_per_concept(lang_file: Path):
    problems = wrong_terms(lang_file.read_text("utf8"), lang_file.relative_to(ROOT).as_posix(), GLOSSARY)
    assert not problems, "write the glossary's term (glossary.yml, avoid_zh):\n" + "\n".join(problems)


def test_chinese_comments_of_snippets_use_one_name_per_concept():
    snippets = sorted((ROOT / "snippets").rglob("*.py"))
    assert snippets
    problems = [p for f in snippets
                for p in wrong_terms(f.read_text("utf8"), f.relative_to(ROOT).as_posix(), GLOSSARY, comments_only=True)]
    assert not problems, "write the glossary's term (glossary.yml, avoid_zh):\n" + "\n".join(problems)


def test_the_term_lint_catches_a_wrong_name_and_allows_a_longer_term():
    entries = [{"zh": "梯度检查点", "avoid_zh": {"(?<!梯度)检查点": "取值点"}},
               {"zh": "批量维度", "avoid_zh": ["批维度", "批量维(?!度)"]},
               {"zh": "上下文管理器", "avoid_zh": ["上下文(?!管理器)"]}]
    assert wrong_terms("检查点避开 0\n", "x.md", entries) == ["x.md:1: '检查点' -> '取值点' (glossary.yml: 梯度检查点)"]
    assert not wrong_terms("用梯度检查点省内存，批量维度广播，一个上下文管理器\n", "x.md", entries)
    assert wrong_terms("批维度和批量维\n", "x.md", entries) == [
        "x.md:1: '批维度' -> '批量维度' (glossary.yml: 批量维度)",
        "x.md:1: '批量维' -> '批量维度' (glossary.yml: 批量维度)"]
    assert wrong_terms("x = 1\n# zh: 在上下文里\n# en: in a context\n", "s.py", entries, comments_only=True) == [
        "s.py:2: '上下文' -> '上下文管理器' (glossary.yml: 上下文管理器)"]
    assert not wrong_terms("<!-- autocorrect-disable -->\n> 笔记的检查点\n<!-- autocorrect-enable -->\n", "x.md", entries)


def test_the_glossary_notes_use_one_name_per_concept():
    """The glossary page shows each entry's note_zh: the same words apply to it."""
    notes = "\n".join(str(e["note_zh"]) for e in GLOSSARY)
    problems = wrong_terms(notes, "glossary.yml (note_zh, one line per entry)", GLOSSARY)
    assert not problems, "write the glossary's term (glossary.yml, avoid_zh):\n" + "\n".join(problems)


# --- values in prose come from execution -------------------------------------------------

# A value torch prints (`tensor(...)`, `[2., 4.]`) written by hand in prose, outside code blocks
# and inline values (`{python} x.grad`). AUTHORING.md: "Quotations of the notes' old output stay
# plain text, marked as the notes' words"; every other value is an inline value. These are the
# notes' words, per page (the same in both languages), and no more than MAX_QUOTED in all.
NOTES_QUOTES = {
    "autograd/turning-off-autograd.md": ["tensor(5.)"],  # the notes' no_grad example
    "autograd/vector-jacobian-product.md": ["tensor([6., 9.])"],  # "结果显然是错误的"
    "errata.md": ["(tensor([3.5]), 3.5, 3.5, 3)", "[6., 9.]", "tensor([3.5])"],
    "index.md": ["[6., 9.]"],
    "tensors/conversions.md": ["tensor([3.5])"],
    "tensors/matmul-gradient.md": ["tensor([[1., 3.]])"],  # what the notes expected x.grad to be
}
MAX_QUOTED = 20
VALUE = re.compile(r"\(?tensor\(.*|\[+-?\d+\.\d*(, *\[*-?\d+\.\d*\]*)*\]+")
_SPAN = re.compile(r"(`+)(.+?)\1")


def quoted_values(text: str) -> list[tuple[int, str]]:
    """(line, value) of each code span in the prose of a page that is a value as torch prints it."""
    found, fence = [], ""
    for n, line in enumerate(text.split("\n"), start=1):
        m = re.match(r"\s*(`{3,}|~{3,})", line)
        if m and (not fence or m.group(1).startswith(fence)):
            fence = "" if fence else m.group(1)
            continue
        if fence:
            continue
        found += [(n, s.group(2).strip()) for s in _SPAN.finditer(line)
                  if not s.group(2).strip().startswith("{python}") and VALUE.fullmatch(s.group(2).strip())]
    return found


def test_values_in_prose_are_inline_values_or_quote_the_notes():
    unexpected, count = [], 0
    for lang in ("zh", "en"):
        for page in sorted((ROOT / "docs" / lang).rglob("*.md")):
            rel = page.relative_to(ROOT / "docs" / lang).as_posix()
            for line, value in quoted_values(page.read_text("utf8")):
                count += 1
                if value not in NOTES_QUOTES.get(rel, []):
                    unexpected.append(f"docs/{lang}/{rel}:{line}: `{value}`")
    assert not unexpected, ("a value typed by hand: write it as an inline value, `{python} expr` "
                            "(AUTHORING.md, Inline values), unless it quotes the notes (NOTES_QUOTES):\n"
                            + "\n".join(unexpected))
    assert 0 < count <= MAX_QUOTED, f"{count} values quoted by hand, at most {MAX_QUOTED}"


def test_the_value_lint_finds_typed_values_only():
    text = ("x.grad is `[2., 4.]`, `tensor(5.)` or `{python} x.grad`; `x[0]`, `[1, 2]`, `torch.tensor([1.])`.\n"
            "```python\nprint(`[3., 4.]`)\n```\n")
    assert quoted_values(text) == [(1, "[2., 4.]"), (1, "tensor(5.)")]
