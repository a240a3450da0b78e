"""The phone reader, round 2 (issue 40, items 5, 6, 7, 12 and the report link), in a real browser.

Each item at 375 px (a phone: touch, mobile) and 1280 px, in both languages, in light and dark
where colour matters: code and names break only where a reader accepts it, tables of three or
more columns are stacked rows on a phone that use its width, a practice page's code is as wide as
a chapter page's; every stepper's labels are 11 px or more and the step's node stays in view, the
Next button is not left filled after a tap; an output's copy button never covers it; the title
comes first, with no empty line under it; a paragraph shows three term underlines at most; a
copied error-index entry runs on its own; every output links a new issue that names its page,
section, snapshot key, torch, Python and commit, and asks for nothing until it is followed.
Reuses tests/test_browser.py's site, server and browser.
"""

from __future__ import annotations

import ast
import builtins
import re
import subprocess
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
import yaml

import docexec
from docexec.core import paths
from tests.test_browser import LANGS, PAGES, base_url, browser, changed, leave, listen, shared_context, site
from tests.test_browser import tab as open_tab

pytestmark = pytest.mark.full

ROOT = Path(__file__).resolve().parent.parent
WIDTHS = [375, 1280]
TABLES = ["errata/", "tensors/dot-mm-matmul/", "tensors/size-and-shape/", "tensors/conversions/",
          "autograd/intermediate-gradients/"]
STEPPERS = ["autograd/vector-jacobian-product/", "autograd/why-grad-none/", "autograd/backward-and-grad/",
            "autograd/intermediate-gradients/", "autograd/detach-and-data/", "advanced/custom-function/"]
ERRORS = ["errors/autograd-errors/", "errors/shape-errors/"]


@pytest.fixture
def tab(browser, base_url):
    """open(path, width, scheme) -> a page at ``width`` (375: touch and mobile, as a phone), its
    requests recorded in ``page.requests``; left after the test (tests/test_browser.py leave).

    The pages of one kind (width, scheme, motion) share one browser context per worker
    (tests/test_browser.py shared_context), so its HTTP cache: a new context per page fetched the
    site's scripts, styles and fonts again on every load, which was most of this module's time
    (a 559 s module); and a page is loaded in a tab an earlier test left (tests/test_browser.py
    tab: a third of a new tab's CPU). Opening a page leaves the test's earlier page of that kind,
    so a test that reads seven pages in a row reads them in one tab, not in seven new ones (each
    such test had made a worker open seven tabs per kind): a test holds one page of a kind at a time."""
    pages = []

    def open_(path: str, width: int = 375, scheme: str = "light", motion: str = "no-preference"):
        phone = {"has_touch": True, "is_mobile": True} if width < 500 else {}
        context = shared_context(browser, {"width": width, "height": 812 if width < 500 else 900},
                                 color_scheme=scheme, reduced_motion=motion, **phone)
        for earlier in [q for q in pages if q.context is context]:  # the test has moved on from it
            pages.remove(earlier)
            leave(earlier)  # so the next line takes this tab again: a test reads its pages in one tab
        page = open_tab(context)
        pages.append(page)
        page.requests = []
        listen(page, "request", lambda r: page.requests.append(r.url))
        page.goto(base_url + path, wait_until="load")
        return page

    yield open_
    for page in pages:
        leave(page)


# Everything laid out, also what extra.css draws only near the screen (content-visibility).
_ALL_DRAWN = """() => document.querySelectorAll('.md-content > .md-typeset > *, .jp-Cell')
                   .forEach(e => e.style.contentVisibility = 'visible')"""

# Each place where a line of `sel`'s text breaks, between two characters, that a reader would not
# accept: inside a name ("MmBackwar|d"), not after a space, ".", "_", "(", ",", "-", "/" or
# between two characters of Chinese prose.
_BAD_BREAKS = r"""(sel) => {
  const ok = (a, b) => /[\s.,_(\-\/:;)\]]/.test(a) || /\s/.test(b) || a > '\u2e7f' || b > '\u2e7f';
  const bad = [];
  for (const el of document.querySelectorAll(sel)) {
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let prev = null;
    while (walk.nextNode()) {
      const node = walk.currentNode, text = node.textContent;
      for (let i = 0; i < text.length; i++) {
        if (text[i] === '\n') { prev = null; continue; }
        const range = document.createRange();
        range.setStart(node, i); range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect || !rect.width) {  // a space where a line ends takes no room: the break is after it
          if (/\s/.test(text[i]) && prev) prev = {ch: ' ', top: prev.top};
          continue;
        }
        if (prev && rect.top > prev.top + 2 && !ok(prev.ch, text[i]))
          bad.push(el.textContent.trim().slice(0, 30) + ' ... ' + text.slice(Math.max(0, i - 20), i) + '|' + text.slice(i, i + 12));
        prev = {ch: text[i], top: rect.top};
      }
    }
  }
  return bad;
}"""


# ----------------------------------------------------------------------------- item 5


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", list(LANGS))
def test_code_and_names_break_only_where_a_reader_accepts(lang, width, tab):
    problems = []
    for path in [*TABLES, "errors/autograd-errors/", "practice/autograd/"]:
        p = tab(LANGS[lang] + path, width)
        p.evaluate(_ALL_DRAWN)
        bad = p.evaluate(_BAD_BREAKS, ".md-content table code, .md-content p code, .md-content li code, "
                                      ".md-content .docexec-msg, .jupyter-wrapper .jp-OutputArea-output pre")
        problems += [f"{path}: {b}" for b in bad]
        assert p.evaluate("document.documentElement.scrollWidth") <= width, f"{path} scrolls sideways"
    assert not problems, problems


_TABLE_BOXES = """() => { const a = document.querySelector('.md-content__inner').getBoundingClientRect();
  return [...document.querySelectorAll('.md-content table')].map(t => { const r = t.getBoundingClientRect();
    const heads = [...t.querySelectorAll('thead th')].map(th => th.getBoundingClientRect().top);
    return {display: getComputedStyle(t).display, left: r.left - a.left, right: a.right - r.right,
            fits: t.scrollWidth <= t.clientWidth + 1, columns: t.querySelectorAll('thead th').length,
            oneHeaderRow: heads.every(y => Math.abs(y - heads[0]) < 2),
            text: t.textContent.trim().slice(0, 30)}; }) }"""


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", list(LANGS))
def test_tables_on_a_phone_are_stacked_rows_across_the_whole_width(lang, width, tab):
    for path in TABLES:
        p = tab(LANGS[lang] + path, width)
        p.evaluate(_ALL_DRAWN)
        tables = p.evaluate(_TABLE_BOXES)
        assert tables, path
        for t in tables:
            assert t["left"] >= -1 and t["right"] >= -1, (path, t)
            if width == 1280:  # a table, its header one row
                assert t["display"] != "grid" and t["oneHeaderRow"], (path, t)
                continue
            # the whole width of the text: it left 48 px unused on the right (max-width on Material's box)
            assert t["right"] <= 1 and t["left"] <= 1, (path, t)
            if t["columns"] >= 3:
                assert t["display"] == "grid", (path, t)
            if path != "autograd/intermediate-gradients/":  # its 3 columns of code names need 450 px: it scrolls
                assert t["fits"], (path, t)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", list(LANGS))
def test_a_practice_page_is_as_wide_as_a_chapter_page(lang, width, tab):
    code_width = """sel => { const c = document.querySelector(sel), s = getComputedStyle(c);
                     return c.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight); }"""
    p = tab(LANGS[lang] + "autograd/why-grad-none/", width)
    chapter = p.evaluate(code_width, ".md-content .highlight:not(.docexec-output) pre > code")
    article = p.evaluate("document.querySelector('.md-content__inner').getBoundingClientRect().width")
    p = tab(LANGS[lang] + "practice/autograd/", width)
    practice = p.evaluate(code_width, ".jupyter-wrapper .jp-CodeCell .highlight-ipynb > pre")
    cells = p.evaluate("[...document.querySelectorAll('.jp-Notebook > .jp-MarkdownCell .jp-RenderedMarkdown')]"
                       ".map(e => e.getBoundingClientRect().width)")
    notebook = p.evaluate("document.querySelector('.jupyter-wrapper .jp-Notebook').getBoundingClientRect().width")
    # beside the page actions floated right of the title, the notebook (and its first cell) were narrower
    assert abs(notebook - article) <= 1 and abs(cells[0] - max(cells)) <= 1, (notebook, article, cells[:3])
    if width == 375:  # 32 px narrower before (the page actions' float), 47 px with its padding
        assert practice >= chapter - 1, (practice, chapter)


# ----------------------------------------------------------------------------- item 6


_LABEL_PX = """f => { const svg = f.querySelector('svg'), size = parseFloat(svg.getAttribute('font-size') || 12);
  return size * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width; }"""
_IN_VIEW = """f => { const g = f.querySelector('.docexec-stepper__graph').getBoundingClientRect();
  const n = f.querySelector('svg .gg-node.is-active').getBoundingClientRect();
  return n.left >= g.left - 1 && n.right <= g.right + 1; }"""


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", list(LANGS))
def test_every_stepper_has_labels_of_11_px_and_keeps_the_step_in_view(lang, width, tab):
    for path in STEPPERS:
        p = tab(LANGS[lang] + path, width, motion="reduce")  # the graph scrolls at once, not smoothly
        figure = p.locator("figure.docexec-stepper").first
        figure.scroll_into_view_if_needed()
        assert figure.evaluate(_LABEL_PX) >= 11, (path, figure.evaluate(_LABEL_PX))
        steps = figure.locator(":scope > ol > li").count()
        button = figure.locator("button[data-step='1']")
        for _ in range(steps - 1):
            button.tap() if width < 500 else button.click()
            assert figure.evaluate(_IN_VIEW), (path, figure.locator(".docexec-stepper__counter").text_content())
        assert p.evaluate("document.documentElement.scrollWidth") <= width


_BUTTON = """b => { const s = getComputedStyle(b);
  return {background: s.backgroundColor, outline: s.outlineStyle,
          accent: getComputedStyle(document.body).getPropertyValue('--md-accent-fg-color').trim()}; }"""


_SETTLED = """b => { const calm = !b.matches(':active') && getComputedStyle(b).backgroundColor === 'rgba(0, 0, 0, 0)';
  window.docexecCalm = calm ? (window.docexecCalm || 0) + 1 : 0; return window.docexecCalm >= 10; }"""


def _filled(style: dict) -> bool:
    return style["background"] not in ("rgba(0, 0, 0, 0)", "transparent")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", list(LANGS))
def test_the_next_button_is_not_left_filled_after_a_tap_or_click(lang, width, scheme, tab):
    p = tab(LANGS[lang] + STEPPERS[0], width, scheme)
    figure = p.locator("figure.docexec-stepper").first
    figure.scroll_into_view_if_needed()
    button = figure.locator("button[data-step='1']")
    if width < 500:
        button.tap()
    else:
        button.click()
        p.mouse.move(0, 0)  # the mouse leaves it: its hover fill goes
    try:  # the press is over and Material's fade (125 ms) done: unfilled for 10 frames in a row (a loaded
        # machine ends a tap's :active late; one unfilled frame may come before the press shows)
        p.wait_for_function(_SETTLED, arg=button.element_handle(), timeout=5_000)
    except Exception:  # noqa: BLE001 -- the assertion below names the colour it stayed in
        pass
    style = button.evaluate(_BUTTON)
    assert not _filled(style) and style["outline"] == "none", style
    if width >= 500:  # a keyboard's focus is shown, as an outline
        p.keyboard.press("ArrowRight")
        style = button.evaluate(_BUTTON)
        assert style["outline"] == "solid" and not _filled(style), style


# ----------------------------------------------------------------------------- item 7


# Each output of the page in turn brought on screen (Material adds its copy button only then), and
# whether that button covers the output's first line, its label or its report link: one round
# trip per page (one per output took ~36 s a case).
_COPY_COVERS = """async () => {
  const found = [];
  for (const o of document.querySelectorAll('.md-content .docexec-output')) {
    const pre = o.querySelector(':scope > pre');
    o.scrollIntoView({block: 'center'});
    let nav = null;
    for (let i = 0; i < 200 && !(nav = pre.querySelector('.md-code__nav')); i++)
      await new Promise(r => requestAnimationFrame(r));
    if (!nav) { found.push({missing: true, text: o.innerText.slice(0, 40)}); continue; }
    const box = pre.getBoundingClientRect(), b = nav.getBoundingClientRect();
    const label = o.querySelector(':scope > .filename').getBoundingClientRect();
    const link = o.querySelector(':scope > .docexec-report-output');
    const l = link ? link.getBoundingClientRect() : null;
    found.push({over: b.bottom > box.top + 0.5, label: b.left < label.right,
                link: !!l && (l.right > b.left || l.left < label.right || l.bottom > box.top + 0.5),
                folded: !!o.closest('details'), text: o.innerText.slice(0, 40)});
  }
  return found; }"""


# A question (issue 41) folds its block's output, and each executed distractor's, in <details>.
_OPEN_ANSWERS = "() => document.querySelectorAll('.md-content details').forEach(d => { d.open = true; })"


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", list(LANGS))
def test_the_copy_button_never_covers_an_output(lang, width, tab):
    problems = []
    folded = 0
    for path in [*ERRORS, "tensors/dot-mm-matmul/", "autograd/why-grad-none/"]:
        p = tab(LANGS[lang] + path, width)
        p.evaluate(_OPEN_ANSWERS)  # a question's outputs too, as a reader who answered sees them
        found = p.evaluate(_COPY_COVERS)
        assert found, path
        for i, f in enumerate(found):
            folded += f["folded"]
            if f.get("missing") or f["over"] or f["label"] or f["link"]:
                problems.append(f"{path} #{i}: {f}")
    assert not problems, problems
    assert folded >= 4, folded  # why-grad-none's questions: their outputs were looked at too


# ----------------------------------------------------------------------------- item 12


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", list(LANGS))
def test_the_title_comes_first_and_the_notebook_is_a_page_action(lang, width, tab):
    for path in ["autograd/why-grad-none/", "practice/autograd/"]:
        p = tab(LANGS[lang] + path, width)
        facts = p.evaluate("""() => { const a = document.querySelector('.md-content__inner');
          const h = a.querySelector('h1'), n = a.querySelector('.docexec-notebook');
          const line = parseFloat(getComputedStyle(h).lineHeight), r = h.getBoundingClientRect();
          const b = n.getBoundingClientRect(), label = n.querySelector('span');
          return {above: r.top - a.getBoundingClientRect().top, line, beside: b.top >= r.top - line / 2 && b.bottom <= r.top + line,
                  label: label.textContent.trim(), shown: label.getBoundingClientRect().width > 2,
                  title: n.title, download: n.hasAttribute('download')}; }""")
        assert facts["above"] < facts["line"], (path, facts)  # no line above the title
        assert facts["beside"], (path, facts)  # the button beside the title's first line, not above it
        assert facts["label"] == facts["title"] == docexec.current().labels(lang).notebook_button, facts
        assert facts["shown"] == (width >= 500) and facts["download"], (path, facts)


_EMPTY_LAST_LINE = """() => { const h = document.querySelector('.md-content h1'); if (!h) return 0;
  const range = document.createRange(); range.selectNodeContents(h);
  const rects = [...range.getClientRects()].filter(r => r.width > 0 && getComputedStyle(h).visibility !== 'hidden');
  const text = [...h.childNodes].filter(n => n.nodeType === 3 || !n.classList.contains('headerlink'));
  const r2 = document.createRange(); r2.setStartBefore(text[0]); r2.setEndAfter(text[text.length - 1]);
  const last = [...r2.getClientRects()].filter(r => r.width > 0).pop();
  return h.getBoundingClientRect().bottom - last.bottom; }"""


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", list(LANGS))
def test_no_title_ends_in_an_empty_line(lang, width, tab):
    gaps = {}
    for path in ["advanced/non-differentiable-points/", "autograd/backward-and-grad/", "tensors/dot-mm-matmul/",
                 "tensors/reading-docs/", "advanced/forward-mode/", "autograd/intermediate-gradients/"]:
        p = tab(LANGS[lang] + path, width)
        if (gap := p.evaluate(_EMPTY_LAST_LINE)) > 8:
            gaps[path] = gap
    assert not gaps, gaps


_TERMS_PER_PARAGRAPH = """() => { const n = new Map();
  document.querySelectorAll('.md-content .docexec-term').forEach(t => {
    const p = t.closest('p, li, dd, dt, td, blockquote, figcaption'); n.set(p, (n.get(p) || 0) + 1); });
  return [document.querySelectorAll('.md-content .docexec-term').length, Math.max(0, ...n.values())]; }"""


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", list(LANGS))
def test_a_paragraph_underlines_three_terms_at_most(lang, width, tab):
    for path in ["", "advanced/hooks/", "advanced/saved-tensors-and-checkpointing/", "autograd/turning-off-autograd/",
                 "autograd/dynamic-graph/", "autograd/vector-jacobian-product/"]:  # 6-8 in a paragraph before
        p = tab(LANGS[lang] + path, width)
        total, most = p.evaluate(_TERMS_PER_PARAGRAPH)
        assert most <= 3, (path, most)
        assert path == "" or total >= 3, (path, total)  # the terms are still marked, further on


def _free_names(code: str) -> set[str]:
    """The names ``code`` uses that nothing in it binds (nor Python's builtins): what it needs from
    the blocks above it."""
    import symtable

    module = symtable.symtable(code, "<copied>", "exec")
    bound = {s.get_name() for s in module.get_symbols() if s.is_assigned() or s.is_imported()}
    used: set[str] = set()
    tables = [module]
    while tables:
        table = tables.pop()
        tables += table.get_children()
        used |= {s.get_name() for s in table.get_symbols()
                 if s.is_referenced() and (table is module or s.is_global())}
    return used - bound - set(dir(builtins))


_COPY_ALL = """async () => {
  const out = [];
  for (const pre of document.querySelectorAll('.md-content .highlight:not(.docexec-output) > pre')) {
    pre.scrollIntoView();
    for (let i = 0; i < 60 && !pre.querySelector('.md-code__button'); i++) await new Promise(r => setTimeout(r, 25));
    pre.querySelector('.md-code__button').click();
    out.push([pre.querySelector('code').innerText, pre.getAttribute('data-copy')]);
  }
  return out; }"""


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", list(LANGS))
def test_a_copied_error_entry_has_the_imports_it_needs(lang, width, tab, base_url):
    for path in ERRORS:
        p = tab(LANGS[lang] + path, width)
        p.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url.rstrip("/"))
        copied = p.evaluate(_COPY_ALL)
        imported: set[str] = set()
        for shown, text in copied:
            assert text is not None and text.rstrip().endswith(shown.rstrip()), shown[:60]
            missing = _free_names(text) & imported
            assert not missing, (path, missing, text[:200])
            imported |= _import_names(shown)
        torch_blocks = [t for s, t in copied if "torch" in _free_names(s)]
        assert torch_blocks and all(t.startswith("import torch\n") for t in torch_blocks), path
        block = p.locator(".md-content .highlight:not(.docexec-output) > pre").nth(1)
        block.scroll_into_view_if_needed()
        block.hover()
        block.locator(".md-code__button").click()  # what the clipboard really gets
        assert p.evaluate("navigator.clipboard.readText()") == copied[1][1].rstrip()


def _import_names(code: str) -> set[str]:
    tree = ast.parse(code)
    return {(a.asname or a.name).split(".")[0] for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)
            for a in n.names}


def test_a_copied_error_entry_runs_on_its_own(tab):
    """Every entry of the Chinese error index that needs nothing but imports runs as copied, alone,
    in a fresh page process (the build's sandbox), as the page ran it: the same outcome."""
    ran = 0
    for path in ERRORS:
        p = tab(path, 1280)
        copied = p.evaluate(_COPY_ALL)
        source = ROOT / "docs" / "zh" / (path.rstrip("/") + ".md")
        page = f"docs/zh/{path.rstrip('/')}.md"
        body, offset, _ = docexec.page_body(source.read_text("utf8"), page)
        blocks = {_shown(b): b for b in docexec.executed_blocks(body, page, offset) if not b.inline}
        for shown, text in copied:
            block = blocks.get(shown.strip())
            if block is None or _free_names(text):
                continue  # not run by the build, or it goes on from the entry above (its variables)
            alone = docexec.Block(page, block.line, block.end_line, "", "```", "python", dict(block.options), text, text)
            (outcome,) = docexec.run_blocks(page, [alone])
            assert outcome.ok, (shown[:80], outcome.text[-300:])
            ran += 1
    assert ran >= 40, ran


def _shown(block) -> str:
    from docexec.render.rendering import shown_code

    return shown_code(block).strip()


# ----------------------------------------------------------------------------- the report link


def _snapshot_keys(path: str) -> set[str]:
    return set(yaml.safe_load((ROOT / "snapshots" / (path.rstrip("/") + ".yml")).read_text("utf8")))


_REPORTS = """() => [...document.querySelectorAll('.md-content .docexec-output')].map(o => {
  const a = o.querySelector(':scope > a.docexec-report-output');
  let h = null;  // the last heading with an id above the output
  for (const e of document.querySelectorAll('.md-content :is(h1, h2, h3, h4, h5, h6)[id]'))
    if (e.compareDocumentPosition(o) & Node.DOCUMENT_POSITION_FOLLOWING) h = e;
  const s = a && getComputedStyle(a);
  return a && {href: a.href, text: a.textContent, heading: h && h.id, size: parseFloat(s.fontSize),
               color: s.color, display: s.display}; })"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", list(LANGS))
def test_each_output_links_a_new_issue_about_it_and_asks_nothing_until_followed(lang, width, scheme, tab):
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text("utf8").replace("!ENV", ""))
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.strip()
    versions = docexec.versions()
    for path in ["errors/autograd-errors/", "autograd/why-grad-none/"]:
        p = tab(LANGS[lang] + path, width, scheme)
        reports = p.evaluate(_REPORTS)
        assert reports and all(reports), f"{path}: an output without its report link"
        keys = _snapshot_keys(path)
        for r in reports:
            url = urlsplit(r["href"])
            assert f"{url.scheme}://{url.netloc}{url.path}" == config["repo_url"] + "/issues/new"
            query = parse_qs(url.query)
            body = query["body"][0]
            page_line, key_line, build_line = body.split("\n")[:3]
            assert page_line.endswith(f"{LANGS[lang]}{path}#{r['heading']}"), (page_line, r["heading"])
            assert key_line.split("：" if lang == "zh" else ": ", 1)[1] in keys, key_line
            assert f"torch {versions['torch']}" in build_line and f"Python {versions['python']}" in build_line
            assert build_line.endswith(commit) and f"#{r['heading']}" in query["title"][0]
            assert r["text"] == docexec.current().labels(lang).report[0] and r["size"] >= 11, r
        p.evaluate(_OPEN_ANSWERS)  # a question's folded outputs: their links read as well
        link, folded = p.locator(".md-content a.docexec-report-output").first, \
            p.locator(".md-content details a.docexec-report-output")
        assert folded.count() or path != "autograd/why-grad-none/", "the questions' outputs have no link"
        for shown in [link, *([folded.first] if folded.count() else [])]:
            shown.scroll_into_view_if_needed()
            assert _contrast(shown) >= 4.5, (scheme, _contrast(shown))  # small text: WCAG AA
        link.scroll_into_view_if_needed()
        before = len(p.requests)
        link.hover()
        link.focus()
        p.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        assert p.requests[before:] == [] and not [u for u in p.requests if "github.com" in u], p.requests[before:]
        changed(p).emulate_media(media="print")
        assert link.evaluate("a => getComputedStyle(a).display") == "none"  # not on paper


def _contrast(link) -> float:
    def lum(rgb: list[float]) -> float:
        c = [v / 255 for v in rgb]
        c = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]

    fg, bg = link.evaluate("""a => { const parse = c => c.match(/[\\d.]+/g).map(Number);
      let e = a, bg = 'rgba(0, 0, 0, 0)';
      while (e && parse(bg = getComputedStyle(e).backgroundColor)[3] === 0) e = e.parentElement;
      return [parse(getComputedStyle(a).color), parse(bg)]; }""")
    alpha = fg[3] if len(fg) > 3 else 1
    mixed = [alpha * f + (1 - alpha) * b for f, b in zip(fg[:3], bg[:3], strict=True)]
    high, low = sorted([lum(mixed), lum(bg[:3])], reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_page_lists_cover_the_pages_the_items_name():
    """The pages these tests walk exist in both languages (a renamed page fails here, not silently)."""
    for path in {*TABLES, *STEPPERS, *ERRORS, "practice/autograd/"}:
        assert path in PAGES, path
    assert re.fullmatch(r"[0-9a-f]{4,40}|unknown", paths.commit(ROOT))
