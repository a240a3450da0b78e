"""glossary.yml and the glossary pages built from it (docexec/page/glossary.py).

Every term must be explained where the glossary says: its page exists in both languages
and the term (zh on the zh page, en on the en page) really appears there. The glossary
page is generated through docexec's own functions, without a full mkdocs build.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import docexec

pytestmark = pytest.mark.check

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LANGS = ("zh", "en")
TERMS = docexec.glossary_terms(ROOT / "glossary.yml")
_LINK = re.compile(r"\]\(([^)\s]+)\)")


def _ids(term: dict) -> str:
    return f"{term['zh']}/{term['en']}"


def _page_text(lang: str, page: str) -> str:
    """The page as written: the term must be in its prose (snippets hold code only)."""
    return (DOCS / lang / page).read_text("utf8")


def _built(lang: str) -> str:
    path = f"docs/{lang}/glossary.md"
    return docexec.insert_glossary((ROOT / path).read_text("utf8"), path)


def test_glossary_has_the_site_terms():
    """The terms the site was planned with: each is an entry, or another name (aka) of one."""
    zh = {t["zh"] for t in TERMS} | {a for t in TERMS for a in t["aka_zh"]}
    required = {
        "叶子张量", "非叶子张量", "计算图", "雅可比矩阵", "向量-雅可比积", "广播", "反向传播", "梯度累加",
        "上游梯度", "自动微分", "标量", "张量", "视图", "原地操作", "推理模式", "点积", "矩阵乘法",
        "批量矩阵乘法", "形状", "数据类型",
    }  # fmt: skip
    assert required <= zh, sorted(required - zh)


def test_terms_are_unique():
    for lang in LANGS:
        names = [t[lang].lower() for t in TERMS]
        assert len(names) == len(set(names)), [n for n in names if names.count(n) > 1]


@pytest.mark.parametrize("term", TERMS, ids=_ids)
def test_term_page_exists_in_both_languages(term):
    for lang in LANGS:
        assert (DOCS / lang / term["page"]).is_file(), f"docs/{lang}/{term['page']} does not exist"


@pytest.mark.parametrize("term", TERMS, ids=_ids)
def test_term_appears_on_its_page(term):
    zh_text = _page_text("zh", term["page"])
    en_text = _page_text("en", term["page"]).lower()
    assert term["zh"] in zh_text, f"{term['zh']!r} does not appear in docs/zh/{term['page']}"
    assert term["en"].lower() in en_text, f"{term['en']!r} does not appear in docs/en/{term['page']}"


@pytest.mark.parametrize("lang", LANGS)
def test_built_glossary_page_lists_every_term(lang):
    built = _built(lang)
    assert docexec.GLOSSARY_MARKER not in built
    other = "en" if lang == "zh" else "zh"
    rows = [line for line in built.split("\n") if line.startswith("| **")]
    assert len(rows) == len(TERMS)
    for term, row in zip(TERMS, rows, strict=True):
        assert f"**{term[lang]}**" in row and term[other] in row and term[f"note_{lang}"] in row


@pytest.mark.parametrize("lang", LANGS)
def test_glossary_links_resolve(lang):
    built = _built(lang)
    page = DOCS / lang / "glossary.md"
    links = _LINK.findall(built)
    assert len(links) >= len(TERMS)
    with docexec.collecting() as errors:
        docexec.check_links(built, page, f"docs/{lang}/glossary.md", 0)
    assert not errors, errors
    for href in links:
        target, _, anchor = href.partition("#")
        assert (page.parent / target).is_file(), href
        if anchor:
            assert anchor in _anchors(page.parent / target), f"{href}: no such anchor"


def _anchors(page: Path) -> set[str]:
    """Heading ids of a page, rendered with the site's toc settings."""
    import markdown
    from mkdocs.utils.meta import get_data

    text, _ = get_data(page.read_text("utf8"))
    html = markdown.markdown(
        text, extensions=["toc", "attr_list", "admonition", "pymdownx.superfences", "pymdownx.tabbed"]
    )
    return set(re.findall(r'<h[1-6][^>]* id="([^"]+)"', html))


def test_glossary_table_follows_the_page_language():
    terms = [
        {"zh": "叶子张量", "en": "leaf tensor", "page": "a/b.md", "note_zh": "甲", "note_en": "A",
         "aka_zh": [], "aka_en": ["leaf"], "anchor_zh": "", "anchor_en": "x"},
    ]  # fmt: skip
    zh = docexec.glossary_table("docs/zh/glossary.md", terms)
    en = docexec.glossary_table("docs/en/sub/glossary.md", terms)
    assert "| **叶子张量** | leaf tensor | 甲 | [a/b.md](a/b.md) |" in zh
    assert "| **leaf tensor** (leaf) | 叶子张量 | A | [a/b.md](../a/b.md#x) |" in en
    with pytest.raises(docexec.DocExecError, match="not under docs/zh/ or docs/en/"):
        docexec.glossary_table("docs/fr/glossary.md", terms)
    with docexec.collecting() as errors:
        assert docexec.insert_glossary("x\n<!-- glossary -->\n", "elsewhere/g.md") == "x\n<!-- glossary -->\n"
    assert errors and "cannot tell the page's language" in errors[0]


@pytest.mark.parametrize("lang", LANGS)
def test_glossary_links_show_page_titles_not_their_anchors(lang):
    built = _built(lang)
    texts = re.findall(r"\[([^\]]+)\]\([^)]+\)", built)
    assert texts, built[:500]
    assert not [t for t in texts if "{" in t or "#" in t], [t for t in texts if "{" in t or "#" in t][:3]
