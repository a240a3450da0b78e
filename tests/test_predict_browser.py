"""Questions in a real browser (docexec/render/predict.py, assets/javascripts/predict.js).

On the built site, in Chromium, both languages, each test at 375 px with touch and at 1280 px
with a mouse: a wrong choice then the right one on why-grad-none, dot-mm-matmul and a predict="raises"
question (each verdict in the live region, the answer and the wrong choice's own output shown);
keyboard only; JavaScript off (the choices and a folded answer, no button); progress kept across
a reload and cleared by the reset, counted for the chapter too; predict mode off shows every
output at once and is remembered; nothing scrolls sideways; a page's questions weigh at most
15 KB gzipped (their markup, script and inline style).
"""

from __future__ import annotations

import gzip
import re

import pytest

from tests.test_browser import LANGS, base_url, browser, leave, listen, shared_context, site, tab  # fixtures by name

pytestmark = pytest.mark.full

WIDTHS = (375, 1280)
# (page, the question's index on it): a value, a printed output, and a raises= question
RAISES = ("tensors/dot-mm-matmul/", 1)
PAGES = [("autograd/why-grad-none/", 0), ("tensors/dot-mm-matmul/", 0), RAISES]
VERDICT = ".docexec-predict__verdict"


def _open(browser, url: str, width: int, **options):
    """(page, errors) at ``width`` (375: touch), in the worker's shared context of its kind
    (tests/test_browser.py shared_context); the test ends it with ``leave(page)``."""
    touch = width < 500
    page = tab(shared_context(browser, {"width": width, "height": 900}, has_touch=touch, is_mobile=touch, **options))
    errors: list[str] = []
    listen(page, "pageerror", lambda e: errors.append(str(e)))
    listen(page, "console", lambda m: m.type == "error" and errors.append(m.text))
    page.goto(url, wait_until="load")
    return page, errors


def _press(locator, touch: bool) -> None:
    locator.scroll_into_view_if_needed()
    if touch:
        locator.tap()
    else:
        locator.click()


def _choose(question, index: int, touch: bool) -> str:
    _press(question.locator(".docexec-predict__choice").nth(index), touch)
    _press(question.locator(".docexec-predict__check"), touch)
    return question.locator(VERDICT).inner_text()


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("path", "nth"), PAGES)
def test_a_wrong_choice_then_the_right_one(browser, base_url, lang, width, path, nth):
    page, errors = _open(browser, base_url + LANGS[lang] + path, width)
    try:
        question = page.locator(".docexec-predict").nth(nth)
        answer = int(question.get_attribute("data-answer"))
        wrong = next(i for i in range(question.locator(".docexec-predict__choice").count()) if i != answer)
        if (path, nth) == RAISES:  # its right choice is the raised exception's class and message head
            right = question.locator(".docexec-predict__choice code").nth(answer).text_content()  # laid out or not
            assert re.match(r"\w+Error: ", right), right
        assert question.locator(VERDICT).get_attribute("aria-live") == "polite"
        assert not question.locator(".docexec-predict__answer").evaluate("d => d.open")  # hidden until chosen
        verdict = _choose(question, wrong, width < 500)
        assert verdict.startswith("✗") and "ABCD"[answer] in verdict, verdict
        assert question.locator(".docexec-predict__answer").evaluate("d => d.open")
        mine = question.locator(f'.docexec-predict__wrong[data-choice="{wrong}"]')
        assert mine.is_visible()  # what that belief prints (or why it is a guess)
        if mine.evaluate("e => e.tagName") == "DETAILS":
            assert mine.evaluate("d => d.open") and mine.locator(".docexec-output").is_visible()
        others = question.locator(f'.docexec-predict__wrong:not([data-choice="{wrong}"])')
        assert all(not others.nth(i).is_visible() for i in range(others.count()))
        verdict = _choose(question, answer, width < 500)
        assert verdict.startswith("✓") and "ABCD"[answer] in verdict, verdict
        assert question.locator(".docexec-predict__answer .docexec-output").first.is_visible()  # the real output
        assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing sideways
        assert not errors, errors
    finally:
        leave(page)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_keyboard_only(browser, base_url, lang, width):
    page, _ = _open(browser, base_url + LANGS[lang] + "autograd/why-grad-none/", width)
    try:
        question = page.locator(".docexec-predict").first
        answer = int(question.get_attribute("data-answer"))
        radios = question.locator("input[type=radio]")
        page.locator(".docexec-predict-bar__reset").focus()  # the control before the questions
        page.keyboard.press("Tab")  # the bar ends there: the next stop is the first question's choices
        for _ in range(10):
            if page.evaluate("document.activeElement.type") == "radio":
                break
            page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.name") == radios.first.get_attribute("name")
        page.keyboard.press("Space")  # the focused choice (A)
        for _ in range(answer):
            page.keyboard.press("ArrowDown")  # moves to the next choice and picks it
        assert radios.nth(answer).is_checked()
        page.keyboard.press("Tab")  # to Check
        assert page.evaluate("document.activeElement.classList.contains('docexec-predict__check')")
        page.keyboard.press("Enter")
        assert question.locator(VERDICT).inner_text().startswith("✓")
        radios.nth(answer).focus()
        page.keyboard.press("ArrowUp" if answer else "ArrowDown")  # another choice, then Enter on it
        page.keyboard.press("Enter")
        assert question.locator(VERDICT).inner_text().startswith("✗")
    finally:
        leave(page)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_without_javascript_the_question_its_choices_and_a_folded_answer(browser, base_url, lang, width):
    page, _ = _open(browser, base_url + LANGS[lang] + "tensors/dot-mm-matmul/", width, java_script_enabled=False)
    try:
        question = page.locator(".docexec-predict").first
        assert question.locator("legend").is_visible()
        assert question.locator(".docexec-predict__choice").count() >= 2
        assert all(c.is_visible() for c in question.locator(".docexec-predict__choice").all())
        assert not question.locator(".docexec-predict__check").is_visible()  # it would do nothing
        assert not page.locator(".docexec-predict-bar").is_visible()
        answer = question.locator(".docexec-predict__answer")
        assert not answer.evaluate("d => d.open")
        _press(answer.locator(":scope > summary"), width < 500)  # the browser opens it
        assert answer.locator(".docexec-predict__key").is_visible() and answer.locator(".docexec-output").first.is_visible()
    finally:
        leave(page)


def _progress(page) -> str:
    return page.locator(".docexec-predict-bar__progress").inner_text()


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_progress_is_kept_across_a_reload_and_reset(browser, base_url, lang, width):
    url = base_url + LANGS[lang] + "autograd/why-grad-none/"
    page, _ = _open(browser, url, width)
    try:
        total = page.locator(".docexec-predict").count()
        assert re.search(rf"\b0\D+{total}\b", _progress(page)), _progress(page)
        for nth in (0, 1):
            q = page.locator(".docexec-predict").nth(nth)
            _choose(q, int(q.get_attribute("data-answer")), width < 500)
        done = _progress(page)
        assert re.search(rf"\b2\D+{total}\b", done) and "·" in done, done  # the page's, then the chapter's
        page.reload(wait_until="load")
        assert _progress(page) == done
        first = page.locator(".docexec-predict").first
        assert first.locator("input[type=radio]:checked").count() == 1
        assert first.locator(VERDICT).inner_text().startswith("✓")
        page.goto(url.replace("why-grad-none", "requires-grad"), wait_until="load")  # same chapter
        chapter = _progress(page).split("·")[1]
        assert re.search(r"\b2\D", chapter), chapter  # the other page's two, counted for the chapter
        page.goto(url, wait_until="load")
        _press(page.locator(".docexec-predict-bar__reset"), width < 500)
        assert re.search(rf"\b0\D+{total}\b", _progress(page))
        assert page.locator(".docexec-predict input[type=radio]:checked").count() == 0
        page.reload(wait_until="load")
        assert re.search(rf"\b0\D+{total}\b", _progress(page))
        assert not page.locator(".docexec-predict__answer").first.evaluate("d => d.open")
    finally:
        leave(page)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_predict_mode_off_shows_every_output_and_is_remembered(browser, base_url, lang, width):
    page, _ = _open(browser, base_url + LANGS[lang] + "tensors/conversions/", width)
    try:
        answers = page.locator(".docexec-predict__answer")
        assert not any(a.evaluate("d => d.open") for a in answers.all())
        switch = page.locator(".docexec-predict-bar__mode input")
        assert switch.get_attribute("role") == "switch" and switch.is_checked()
        _press(switch, width < 500)
        assert all(a.evaluate("d => d.open") for a in answers.all())
        assert all(a.locator(".docexec-output").first.is_visible() for a in answers.all())
        page.reload(wait_until="load")
        assert not page.locator(".docexec-predict-bar__mode input").is_checked()
        assert all(a.evaluate("d => d.open") for a in page.locator(".docexec-predict__answer").all())
        _press(page.locator(".docexec-predict-bar__mode input"), width < 500)
        assert not any(a.evaluate("d => d.open") for a in page.locator(".docexec-predict__answer").all())
    finally:
        leave(page)


def _gzipped(data: bytes) -> int:
    return len(gzip.compress(data, 6))


@pytest.mark.parametrize("lang", LANGS)
def test_a_page_s_questions_weigh_at_most_15_kb_gzipped(site, lang):
    page = (site / LANGS[lang] / "autograd" / "why-grad-none" / "index.html").read_text("utf8")
    plain = re.sub(r'<div class="docexec-predict-bar".*?</button></div>\n?', "", page, flags=re.S)
    plain = re.sub(r'<div class="docexec-predict" .*?</details>\n</div>', "", plain, flags=re.S)
    plain = re.sub(r'<style id="docexec-predict-style">.*?</style>', "", plain, flags=re.S)  # their style, inline
    plain = re.sub(r"<noscript><style>\.docexec-predict.*?</noscript>", "", plain, flags=re.S)
    assert 'class="docexec-predict' not in plain and "docexec-predict" not in plain.split("</head>")[0]
    assert "predict.css" not in page  # inline: no request of its own before the first paint
    added = _gzipped(page.encode()) - _gzipped(plain.encode()) + _gzipped((site / "assets" / "javascripts" / "predict.js").read_bytes())
    assert added <= 15 * 1024, f"{added} bytes gzipped"
