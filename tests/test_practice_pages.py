"""Practice pages and chapter pages in a real browser (issue 27): on a phone the notebook's
"In [ ]:" prompts are gone and its internal cell tags never show; each worked solution is folded
until the reader opens it; a snippet's comment lines show in the page's language only; and the
code width the lint (tools/code_width.py) allows is what a 375 px screen shows.

Reuses tests/test_browser.py's fixtures (site, base_url, browser): one context per width.
"""

from __future__ import annotations

import pytest

from tests.test_browser import base_url, browser, site  # the fixtures (pytest finds them by name)

pytestmark = pytest.mark.full

LANGS = {"zh": "", "en": "en/"}
TAGS = ("starter", "fails-on-starter", "raises-exception", "solution", "check")


@pytest.fixture(scope="module")
def phone(browser):
    context = browser.new_context(viewport={"width": 375, "height": 800})
    yield context.new_page()
    context.close()


@pytest.fixture(scope="module")
def desktop(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield context.new_page()
    context.close()


PROMPTS = """() => Array.from(document.querySelectorAll('.jp-InputPrompt, .jp-OutputPrompt'))
    .filter(e => e.getBoundingClientRect().width > 0).length"""
VISIBLE_TAGS = """() => Array.from(document.querySelectorAll('.celltoolbar, .cell-tag'))
    .filter(e => e.getClientRects().length > 0).map(e => e.textContent.trim())"""


@pytest.mark.parametrize("lang", LANGS)
def test_practice_page_on_a_phone_has_no_prompts_and_no_tags(phone, desktop, base_url, lang):
    url = f"{base_url}{LANGS[lang]}practice/autograd/"
    phone.goto(url)
    assert phone.locator(".jp-InputPrompt").count() > 10
    assert phone.evaluate(PROMPTS) == 0, "In [ ]: prompts take the code's width at 375 px"
    assert phone.evaluate(VISIBLE_TAGS) == []
    widths = phone.evaluate("() => Array.from(document.querySelectorAll('.jp-CodeCell .highlight-ipynb pre'))"
                            ".filter(e => !e.closest('details')).slice(0, 5).map(e => e.getBoundingClientRect().width)")
    assert widths and min(widths) >= 260, widths  # 225 px with the prompts
    desktop.goto(url)
    assert desktop.evaluate(PROMPTS) > 10  # a wide screen keeps Jupyter's look
    assert desktop.evaluate(VISIBLE_TAGS) == []


@pytest.mark.parametrize("lang", LANGS)
def test_each_solution_is_folded_until_the_reader_opens_it(phone, base_url, lang):
    phone.goto(f"{base_url}{LANGS[lang]}practice/autograd/")
    folds = phone.locator("details.docexec-solution")
    assert folds.count() == 10
    assert phone.evaluate("() => Array.from(document.querySelectorAll('details.docexec-solution')).filter(d => d.open).length") == 0
    solution = folds.nth(0).locator(".celltag_solution .highlight-ipynb").first
    assert not solution.is_visible()
    summary = folds.nth(0).locator("summary")
    assert summary.inner_text().strip() in {"参考答案", "Solution"}
    summary.click()
    assert solution.is_visible()
    assert phone.locator("#exercise-1").count() == 1  # where the chapter pages' exercise lists lead


COMMENTS = {  # a comment pair of snippets/why-grad-none/08_fix_view_first.py
    "zh": ("改法 2：先改形状，再让它需要梯度", "Fix 2: reshape first"),
    "en": ("Fix 2: reshape first", "改法 2：先改形状"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_a_page_shows_the_comment_lines_of_its_language_only(desktop, base_url, lang):
    shown, hidden = COMMENTS[lang]
    desktop.goto(f"{base_url}{LANGS[lang]}autograd/why-grad-none/")
    code = "\n".join(desktop.locator(".md-typeset pre > code").all_text_contents())
    assert shown in code and hidden not in code
    assert "# zh:" not in code and "# en:" not in code
    exercises = desktop.locator("#exercises ~ ul a")
    assert exercises.count() >= 1 and "practice/autograd/#exercise-" in exercises.first.get_attribute("href")
    desktop.goto(f"{base_url}{LANGS[lang]}practice/autograd/")
    practice = "\n".join(desktop.locator(".jp-CodeCell pre").all_text_contents())
    assert ("笔记问题 (1) 的原样代码" in practice) == (lang == "zh")
    assert ("The notes' question (1) verbatim" in practice) == (lang == "en")


COLUMNS = """(sel) => Array.from(document.querySelectorAll(sel)).filter(e => !e.closest('details')).slice(0, 5).map(code => {
  const s = getComputedStyle(code), probe = document.createElement('span');
  probe.textContent = '0'.repeat(100); code.appendChild(probe);
  const ch = probe.getBoundingClientRect().width / 100; probe.remove();
  return Math.floor((code.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight)) / ch); })"""


def test_the_code_width_lint_allows_what_a_phone_shows(phone, base_url):
    from tools.code_width import LIMIT

    phone.goto(f"{base_url}autograd/why-grad-none/")
    chapter = phone.evaluate(COLUMNS, ".md-typeset .highlight pre > code")
    phone.goto(f"{base_url}practice/autograd/")
    practice = phone.evaluate(COLUMNS, ".jupyter-wrapper .highlight-ipynb pre")
    assert chapter and practice
    assert min(chapter) >= LIMIT >= min(chapter) - 4, chapter  # the limit is what a phone shows, not less
    assert min(practice) >= LIMIT, practice  # a practice page's code box shows as much (practice.css)
