"""The offline copy (`make offline`): the zip a reader unzips and opens by double-clicking
index.html, checked the way that reader uses it, in Chromium from file:// (no server).

Unzipped into a temporary folder: three pages of each language render with no failed request,
no console error and no request that leaves file://, and their language switcher leads to the
same page (and section) in the other language; search finds a Chinese glossary term and a
pasted error message on their pages; the notebook button leads to the home page's words on the
copy's notebooks folder (each page's notebook is there, none next to a page); copy
buttons, dark mode and a graph picture work; every link leads to a file of the copy or to the
hosted site. Without a browser: the zip's shape and size, each language's search script, the
vendored worker shim, the offline config (mkdocs.yml's plus the offline plugin), a hosted site
without the shim, and the two functions the copy needs (online links, alternates).

The zip: build/offline/autograd-notes-offline.zip when newer than every input, else a strict
build of mkdocs.offline.yml, once a run, under the suite's build lock (it writes the executed
notebook copies the hosted build writes). The browser is tests/test_browser.py's: without
Chromium these skip, under CI=true they fail.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests import test_browser
from tests.conftest import _newest_input
from tests.test_browser import LANGS, PAGES, Visit, _error_entries, _first_section, _search, _switch

pytestmark = pytest.mark.full

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "mkdocs.offline.yml"
FOLDER = "autograd-notes"  # the zip's top folder: mkdocs.offline.yml's site_dir
ZIP = ROOT / "build" / "offline" / f"{FOLDER}-offline.zip"
WORKER = "assets/javascripts/iframe-worker.js"
MAX_ZIP = 3 * 1024 * 1024  # bytes; 1.2 MB on 2026-12-01, 2.2 MB with the advanced chapter (12 pages, a practice notebook) and the inlined math font
CHECKED = ["", "autograd/why-grad-none/", "practice/autograd/"]  # home, a page, a notebook page
ERROR = "element 0 of tensors does not require grad and does not have a grad_fn"


def _html(page: str) -> str:
    """A page's file in the offline copy (no directory URLs): ``a/b/`` -> ``a/b.html``."""
    return page.rstrip("/") + ".html" if page else "index.html"


@pytest.fixture(scope="module")
def browser():
    """tests/test_browser.py's Chromium. A process runs one sync Playwright at a time: where the
    browser tests have started theirs (a session fixture), these use its browser; else they start
    it with that fixture's own code, for this module only, so the browser tests can start theirs
    after it (importing that fixture here would make a second one, which fails to start)."""
    import gc

    from playwright.sync_api import Browser

    running = next((o for o in gc.get_objects() if type(o) is Browser and o.is_connected()), None)  # not isinstance: torch's lazy attributes warn
    if running is not None:
        yield running
    else:
        yield from test_browser.browser.__wrapped__()


@pytest.fixture(scope="session")
def offline_zip() -> Path:
    """The offline zip, built once a run unless it is newer than every input."""
    from filelock import FileLock

    sys.path.insert(0, str(ROOT))
    import docexec

    docexec.configure(ROOT / "mkdocs.yml")  # another test may have pointed docexec at a fixture site

    def fresh() -> bool:
        newest = max(_newest_input(ROOT), CONFIG.stat().st_mtime)
        return ZIP.is_file() and ZIP.stat().st_mtime >= newest

    if fresh():
        return ZIP
    scratch = docexec.scratch_dir()
    scratch.mkdir(parents=True, exist_ok=True)
    with FileLock(str(scratch / "build.lock")):  # the hosted build's lock (tests/conftest.py built_site)
        if fresh():
            return ZIP
        ZIP.unlink(missing_ok=True)
        cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(CONFIG)]
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
        proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
        if proc.returncode or not ZIP.is_file():
            pytest.fail(f"mkdocs build -f mkdocs.offline.yml failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    return ZIP


@pytest.fixture(scope="module")
def tree(offline_zip, tmp_path_factory) -> Path:
    """The zip unzipped, as a reader does: the folder holding index.html."""
    target = tmp_path_factory.mktemp("offline")
    with zipfile.ZipFile(offline_zip) as archive:
        archive.extractall(target)
    return target / FOLDER


def _url(tree: Path, lang: str, page: str) -> str:
    return (tree / LANGS[lang] / _html(page)).as_uri()


def _outside(visit: Visit) -> list[str]:
    """Requests that are not for a file of the copy (data: URLs are inline, not requests off it)."""
    return [u for u in visit.requests if not u.startswith(("file://", "data:"))]


# ----------------------------------------------------------------------------- without a browser


def test_offline_config_is_the_hosted_one_with_the_offline_plugin():
    """INHERIT replaces lists, so mkdocs.offline.yml repeats mkdocs.yml's plugins: in their
    order, each with its options, then Material's offline plugin."""
    from mkdocs.utils.yaml import yaml_load

    with open(ROOT / "mkdocs.yml", encoding="utf8") as f:
        hosted = yaml_load(f)
    with open(CONFIG, encoding="utf8") as f:
        offline = yaml_load(f)  # mkdocs.yml merged in
    *before, offline_plugin, docexec = offline["plugins"]
    *hosted_before, hosted_docexec = hosted["plugins"]
    assert before == hosted_before, "mkdocs.offline.yml's plugins must be mkdocs.yml's, then offline, then docexec"
    assert offline_plugin in ("offline", "material/offline"), offline_plugin
    assert docexec == {"docexec": {**hosted_docexec["docexec"], "offline": True}}, docexec
    assert "offline" not in hosted_docexec["docexec"]
    assert Path(offline["site_dir"]).name == FOLDER and offline["site_dir"] != hosted["site_dir"]
    assert {k: v for k, v in offline.items() if k not in {"plugins", "extra", "site_dir"}} == \
           {k: v for k, v in hosted.items() if k not in {"plugins", "extra", "site_dir"}}


def test_the_vendored_worker_shim_is_the_npm_package_s_with_its_licence():
    text = (ROOT / "overrides" / WORKER).read_text("utf8")
    header, _, body = text.partition(" */\n")
    assert "iframe-worker 1.0.4" in header and "Permission is hereby granted" in header, header[:300]
    # shim/index.js of `npm pack iframe-worker@1.0.4`, unchanged
    assert hashlib.sha256(body.encode()).hexdigest() in header
    assert "https:" not in body and "http:" not in body


def test_the_hosted_site_does_not_ship_the_shim(built_site):
    assert not (built_site / WORKER).exists()
    html = (built_site / "index.html").read_text("utf8")
    assert "iframe-worker" not in html and "unpkg" not in html
    assert not (built_site / "search" / "search_index.js").exists()


def test_the_zip_is_one_folder_with_every_page_and_nothing_unused(offline_zip, tree):
    with zipfile.ZipFile(offline_zip) as archive:
        names = set(archive.namelist())
    assert {n.split("/", 1)[0] for n in names} == {FOLDER}
    assert (tree / "index.html").is_file()  # unzipped, index.html is in the one folder
    missing = [f"{FOLDER}/{prefix}{_html(page)}" for prefix in LANGS.values() for page in PAGES
               if f"{FOLDER}/{prefix}{_html(page)}" not in names]
    assert missing == [], f"pages missing from the zip: {missing}"
    for prefix in LANGS.values():
        assert f"{FOLDER}/{prefix}search/search_index.js" in names
    assert f"{FOLDER}/{WORKER}" in names
    left_in = sorted(n for n in names if n.endswith((".map", "search_index.json", "sitemap.xml", "wordcut.js")))
    assert left_in == [], f"files no reader of the copy uses: {left_in}"
    assert f"{FOLDER}/assets/javascripts/lunr/min/lunr.zh.min.js" in names
    assert offline_zip.stat().st_size <= MAX_ZIP, f"{offline_zip.stat().st_size / 1e6:.1f} MB"


@pytest.mark.parametrize("lang", list(LANGS))
def test_each_language_s_search_script_holds_its_own_pages(lang, tree):
    text = (tree / LANGS[lang] / "search" / "search_index.js").read_text("utf8")
    assert text.startswith("var __index = ")
    docs = json.loads(text.removeprefix("var __index = "))["docs"]
    assert len(docs) > 50
    pages = {d["location"].split("#")[0] for d in docs}
    missing = sorted(p for p in pages if not (tree / LANGS[lang] / (p or "index.html")).is_file())
    assert missing == [], f"{lang} index entries whose page is not in the copy: {missing[:5]}"
    assert all(p.endswith(".html") or p == "" for p in pages), sorted(pages)[:5]
    assert not any(p.startswith("en/") for p in pages)
    if lang == "zh":
        assert any("叶子张量" in d["title"] for d in docs)
    entries = [d for d in docs if d["location"].endswith("#element-0-does-not-require-grad")]
    assert len(entries) == 1 and ERROR in entries[0]["title"] and entries[0]["boost"] > 1, entries


def _links(tree: Path) -> dict[str, list[str]]:
    """Every relative link (href, src) of every page of the copy whose file the copy lacks."""
    import re
    from urllib.parse import unquote

    missing: dict[str, list[str]] = {}
    for page in sorted(tree.rglob("*.html")):
        if page == tree / "404.html":  # a server's page (absolute links); file:// never shows it
            continue
        for link in re.findall(r'(?:href|src)="([^"]*)"', page.read_text("utf8")):
            path = unquote(link.split("#")[0].split("?")[0])
            if path and not re.match(r"[a-z][a-z0-9+.-]*:", link) and not (page.parent / path).is_file():
                missing.setdefault(page.relative_to(tree).as_posix(), []).append(link)
    return missing


def test_every_link_of_the_copy_leads_to_a_file_of_it(tree):
    """No link ends on a folder (page/, which file:// lists instead of opening) or on nothing;
    links to what only the hosted site has (the PDFs, this zip) lead there."""
    missing = {page: [u for u in links if ".md" not in u] for page, links in _links(tree).items()}
    missing = {page: links for page, links in missing.items() if links}
    assert missing == {}, f"{len(missing)} pages: {dict(list(missing.items())[:5])}"
    home = (tree / "index.html").read_text("utf8")
    assert 'href="pdf/' not in home and "/pdf/autograd-notes-zh.pdf" in home


def test_the_notebook_pages_link_to_pages_not_to_their_sources(tree):
    """The practice pages' links were mkdocs-jupyter's ../x.md#a as written (ending on nothing):
    now the notebook holds the published address and the page a link within its copy."""
    assert not any(".md" in u for links in _links(tree).values() for u in links)


def test_links_to_the_pdfs_and_the_zip_lead_to_the_hosted_site():
    from docexec.site.offline import link_online

    kept = ('<a href="why-grad-none.html">page</a> <a href="../pdf/x.pdf">en/pdf/</a> '
            '<a href="https://pytorch.org/">torch</a> <a href="#top">top</a>')
    html = '<a href="../../pdf/autograd-notes-en.pdf">PDF</a> <a href="../../download/x.zip">zip</a> ' + kept
    assert link_online(html, "en/autograd/p.html", "https://example.org/notes/") == (
        '<a href="https://example.org/notes/pdf/autograd-notes-en.pdf">PDF</a> '
        '<a href="https://example.org/notes/download/x.zip">zip</a> ' + kept)


def test_a_notebook_page_gets_its_alternate_without_directory_urls():
    """As tests/test_i18n_fix.py, with the offline copy's URLs (the home page's is index.html)."""
    from types import SimpleNamespace as NS

    from docexec.core.thirdparty import complete_alternates

    zh, en = NS(src_uri="zh/index.md", url="index.html"), NS(src_uri="en/index.md", url="en/index.html")
    zh.alternates = en.alternates = {"zh": zh, "en": en}
    nb = NS(src_uri="en/practice/p1.ipynb", url="en/practice/p1.html", alternates={"en": NS(url="en/practice/p1.html")})
    complete_alternates(nb, [zh, en, nb])
    assert {lang: alt.url for lang, alt in nb.alternates.items()} == {"en": "en/practice/p1.html", "zh": "practice/p1.html"}


# ----------------------------------------------------------------------------- in Chromium, from file://


OTHER = {"zh": "en", "en": "zh"}


@pytest.mark.parametrize("page", CHECKED, ids=lambda p: p or "home")
@pytest.mark.parametrize("lang", list(LANGS))
def test_a_page_opened_from_the_file_renders_and_its_switcher_leads_to_its_twin(lang, page, tree, browser):
    """Nothing off file://, nothing failing; then the header's language menu, clicked, opens the
    same page (and section) in the other language, as a file of the copy."""
    anchor = "#computation-graph" if page == "autograd/why-grad-none/" else ""
    v = Visit(browser, _url(tree, lang, page) + anchor)
    try:
        p = v.page
        assert v.requests and _outside(v) == [], f"requests off file://: {_outside(v)}"
        assert v.errors == [], f"failed requests / console errors: {v.errors}"
        assert p.evaluate("document.documentElement.lang") == lang
        assert p.locator(".md-content h1").first.is_visible()
        assert p.evaluate("typeof IFrameWorker") == "function", "the vendored worker shim did not run"
        scripts = p.eval_on_selector_all("script[src]", "els => els.map(e => e.src)")
        assert any(s.endswith("/" + WORKER) and s.startswith("file://") for s in scripts), scripts
        if page.startswith("practice/"):
            assert p.locator(".jp-Notebook .jp-Cell").count() > 10, "the notebook page is not rendered"
        url, html_lang = _switch(p, OTHER[lang])
        assert (url, html_lang) == (_url(tree, OTHER[lang], page) + anchor, OTHER[lang])
        v.settle()
        assert _outside(v) == [] and v.errors == [], (_outside(v), v.errors)
    finally:
        v.close()


def _expected_entry() -> str:
    """The error index's page and anchor of ERROR, as the suite reads them off snapshots/."""
    return next(f"{_html(page)}#{anchor}" for page, anchor, message in _error_entries() if ERROR in message)


@pytest.mark.parametrize("lang", list(LANGS))
def test_search_finds_a_term_and_a_pasted_error_message(lang, tree, browser):
    v = Visit(browser, _url(tree, lang, ""))
    try:
        p = v.page
        term = {"zh": "叶子张量", "en": "leaf tensor"}[lang]
        hrefs = _search(p, term)
        assert hrefs, f"no result for {term!r}"
        first = hrefs[0].split("?")[0].split("#")[0]
        assert first == _url(tree, lang, "autograd/why-grad-none/"), f"{term!r}: first {first}; all {hrefs[:4]}"
        for query in (f"RuntimeError: {ERROR}", ERROR):
            found = _first_section(p, query)
            assert found == (tree / LANGS[lang]).as_uri() + "/" + _expected_entry(), f"{query!r}: first {found}"
        assert _outside(v) == [] and v.errors == [], (_outside(v), v.errors)
    finally:
        v.close()


def test_the_notebooks_are_in_one_folder_per_language_and_nowhere_else(offline_zip, tree):
    """From file:// a browser ignores a link's ``download`` (a file's origin is opaque) and shows
    the notebook as raw JSON (issue 40): the copy holds every page's notebook in notebooks/<lang>/,
    with the page's path, and none next to the pages."""
    from docexec.site.offline import NOTEBOOKS

    with zipfile.ZipFile(offline_zip) as archive:
        notebooks = sorted(n.removeprefix(f"{FOLDER}/") for n in archive.namelist() if n.endswith(".ipynb"))
    outside = [n for n in notebooks if not n.startswith(f"{NOTEBOOKS}/")]
    assert outside == [], f"notebooks outside {NOTEBOOKS}/: {outside[:5]}"
    for lang, prefix in LANGS.items():
        for page in ("autograd/why-grad-none/", "practice/autograd/"):
            assert f"{NOTEBOOKS}/{lang}/{page.rstrip('/')}.ipynb" in notebooks, (lang, page, notebooks[:5])
        buttons = [p for p in (tree / prefix).glob("**/*.html") if "docexec-notebook" in p.read_text("utf8")
                   and (lang != "zh" or not p.relative_to(tree).as_posix().startswith("en/"))]
        assert len([n for n in notebooks if n.startswith(f"{NOTEBOOKS}/{lang}/")]) == len(buttons) > 20


def test_gather_notebooks_moves_them_and_relabels_the_button(tmp_path):
    import docexec
    from docexec.core.labels import LABELS
    from docexec.site.offline import gather_notebooks

    docexec.configure(ROOT / "mkdocs.yml")
    button = ('<a href="p.ipynb" download class="md-content__button md-button docexec-notebook"\n   title="x">'
              '<svg></svg><span>x</span></a>')
    for rel in ("a/p.html", "en/a/p.html"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(f"<p>{button}</p>", "utf8")
        (tmp_path / rel).with_suffix(".ipynb").write_text("{}", "utf8")
    assert gather_notebooks(tmp_path, ("zh", "en"), "zh") == ["notebooks/en/a/p.ipynb", "notebooks/zh/a/p.ipynb"]
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.ipynb")) == \
        ["notebooks/en/a/p.ipynb", "notebooks/zh/a/p.ipynb"]
    en = (tmp_path / "en/a/p.html").read_text("utf8")
    label, title = LABELS["en"].notebook_offline
    assert 'href="../index.html#read-offline"' in en and " download" not in en, en
    assert f"<span>{label}</span>" in en and "notebooks/en/a/p.ipynb in this copy" in en, en
    assert 'href="../index.html#read-offline"' in (tmp_path / "a/p.html").read_text("utf8")


@pytest.mark.parametrize(("lang", "page"), [("zh", "autograd/why-grad-none/"), ("en", "practice/autograd/")])
def test_the_notebook_button_leads_to_the_home_page_s_words_on_the_notebooks_folder(lang, page, tree, browser):
    """Clicked from file://, the button opens the home page at its section on the notebooks, which
    names the folder and how to open a notebook; the file the button names is the page's notebook.
    Nothing is downloaded and no JSON is shown."""
    v = Visit(browser, _url(tree, lang, page))
    try:
        p = v.page
        link = p.locator("a.docexec-notebook")
        assert link.count() == 1 and link.is_visible()
        named = re.search(r"notebooks/\S+?\.ipynb", link.get_attribute("title") or "")
        assert named, link.get_attribute("title")
        notebook = tree / named.group(0)
        assert notebook.is_file() and json.loads(notebook.read_text("utf8"))["cells"], notebook
        assert notebook.stem == Path(page.rstrip("/")).name and f"/{lang}/" in named.group(0)
        downloads: list = []

        def saved(download) -> None:  # Playwright takes no bound method of a builtin (list.append)
            downloads.append(download)

        test_browser.listen(p, "download", saved)
        with p.expect_navigation():
            link.click()
        home = _url(tree, lang, "") + "#read-offline"
        assert p.url == home and not downloads, (p.url, downloads)
        section = p.evaluate("""() => { const h = document.getElementById('read-offline'); let text = '';
          for (let e = h.nextElementSibling; e && !/^H[1-6]$/.test(e.tagName); e = e.nextElementSibling) text += e.textContent;
          return text }""")
        assert f"notebooks/{lang}/" in section and "Jupyter" in section and "VS Code" in section, section
        assert _outside(v) == [] and v.errors == [], (_outside(v), v.errors)
    finally:
        v.close()


@pytest.mark.parametrize("lang", list(LANGS))
def test_copy_buttons_dark_mode_and_graph_pictures(lang, tree, browser):
    v = Visit(browser, _url(tree, lang, "autograd/why-grad-none/"))
    try:
        p = v.page
        block = p.locator("pre > code").first
        block.scroll_into_view_if_needed()
        p.wait_for_function("c => !!c.parentElement.querySelector(':scope > nav.md-code__nav > button[data-md-type=\"copy\"]')",
                            arg=block.element_handle(), timeout=2_000)
        picture = p.locator("svg.gradgraph").first
        picture.scroll_into_view_if_needed()  # a block far down is laid out once near the screen (extra.css)
        p.wait_for_function("s => { const r = s.getBoundingClientRect(); return r.width > 100 && r.height > 50 }",
                            arg=picture.element_handle(), timeout=2_000)
        p.evaluate("window.scrollTo(0, 0)")
        before = p.get_attribute("body", "data-md-color-scheme")
        p.click('label.md-header__button[for^="__palette_"]:visible')
        after = p.get_attribute("body", "data-md-color-scheme")
        assert {before, after} == {"default", "slate"}, (before, after)
        p.goto(_url(tree, lang, "tensors/dot-mm-matmul/"))  # the choice is kept across pages
        assert p.get_attribute("body", "data-md-color-scheme") == after
        assert _outside(v) == [] and v.errors == [], (_outside(v), v.errors)
    finally:
        v.close()
