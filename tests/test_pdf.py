"""docexec/site/pdf.py: a PDF per language, made from the suite's own build (no second run).

Read with pypdf: the pages, the outline (chapters and pages, as the nav), the text layer
(every page's title and every output the build recorded, Chinese as Chinese), the fonts (all
embedded), the links (inside the PDF and out). `make pdf` fails on a line wider than the text
box; a test shows that check failing. A page of hostile markup (issue 36) prints with no script
run, nothing from outside the site folder and no connection to a server.
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import subprocess
import sys
import threading
import unicodedata
import uuid
from pathlib import Path

import pytest

import docexec
from docexec.checks import record
from docexec.core import settings
from docexec.core.identity import PageId
from docexec.core.labels import LABELS
from docexec.render import stepper
from docexec.site import pdf, pdf_document, pdf_style

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("zh", "en")
pytestmark = [pytest.mark.full, pytest.mark.skipif(not Path(pdf.CHROMIUM).exists() and os.environ.get("CI") != "true",
                                reason=f"{pdf.CHROMIUM} not found (apt-get install chromium)")]


# The suite prints the first two pages of each chapter (every page outside one): what a test checks
# page by page holds for those; the whole PDFs are printed by `make pdf`, in the deploy workflow's
# build job (tests/test_workflow.py checks it runs there).
SAMPLE = 2


@pytest.fixture(scope="module")
def pdfs(built_site) -> dict[str, Path]:
    """The PDF of each language, printed once a run from the suite's build (a PDF names the commit
    it was made at, so one from an earlier run is not reused)."""
    docexec.configure(ROOT / "mkdocs.yml")
    proc = subprocess.run([sys.executable, "-m", "docexec", "pdf", str(built_site), "--sample", str(SAMPLE)], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return {lang: pdf.target(built_site, lang) for lang in LANGS}


def _nav(lang: str, site: Path) -> list[pdf_document.Entry]:
    from mkdocs.utils.yaml import yaml_load

    with open(ROOT / "mkdocs.yml", encoding="utf8") as f:
        raw = yaml_load(f)
    i18n = next(p["i18n"] for p in raw["plugins"] if isinstance(p, dict) and "i18n" in p)
    translations = next((lang_["nav_translations"] for lang_ in i18n["languages"] if lang_["locale"] == lang
                         and "nav_translations" in lang_), {})
    return pdf_document.sample(pdf_document.nav(raw["nav"], lang, site, translations), SAMPLE)


@functools.cache
def _text(path: Path) -> str:
    """The text layer (poppler's pdftotext: pypdf takes a minute for these), page by page, without
    the page-number footers, whitespace removed."""
    out = subprocess.run(["pdftotext", "-raw", "-enc", "UTF-8", str(path), "-"], capture_output=True, text=True, check=True).stdout
    pages = out.split("\f")
    total = len([p for p in pages if p.strip()])
    parts = [re.sub(rf"{n}\s*/\s*{total}\s*$", "", page.rstrip()) for n, page in enumerate(pages, start=1)]
    return unicodedata.normalize("NFC", re.sub(r"\s+", "", "".join(parts)))


@functools.cache
def _reader(path: Path):
    from pypdf import PdfReader

    return PdfReader(path)


@pytest.mark.parametrize("lang", LANGS)
def test_one_pdf_per_language_with_a_cover_contents_and_every_page(pdfs, built_site, lang):
    reader = _reader(pdfs[lang])
    nav = _nav(lang, built_site)
    pages = [p for e in nav for p in ([e] if e.file else e.pages)]
    assert len(reader.pages) >= 2 + len(pages), len(reader.pages)
    cover = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(pdfs[lang]), "-"], capture_output=True, text=True,
                           check=True).stdout
    versions = docexec.versions()
    assert f"torch {versions['torch']}" in cover and f"Python {versions['python']}" in cover, cover
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                            check=False).stdout.strip()
    assert commit and commit in cover, cover
    contents = re.sub(r"\s+", "", subprocess.run(["pdftotext", "-f", "2", "-l", "3", str(pdfs[lang]), "-"],
                                                 capture_output=True, text=True, check=True).stdout)
    for page in pages:
        assert re.sub(r"\s+", "", page.title) in contents, f"{page.title!r} is not in the contents"


@pytest.mark.parametrize("lang", LANGS)
def test_the_outline_is_the_nav_chapters_and_pages_with_their_page_numbers(pdfs, built_site, lang):
    reader = _reader(pdfs[lang])
    outline = []
    for item in reader.outline:
        if isinstance(item, list):
            outline[-1][1].extend(i.title.strip() for i in item if not isinstance(i, list))
            assert not any(isinstance(i, list) for i in item), "the outline goes deeper than chapter > page"
        else:
            outline.append((item.title.strip(), []))
    nav = _nav(lang, built_site)
    assert outline == [(e.title, [p.title for p in e.pages]) for e in nav]
    numbers = [reader.get_destination_page_number(i) for i in reader.outline if not isinstance(i, list)]
    assert numbers == sorted(numbers) and numbers[0] >= 2, numbers  # after the cover and the contents


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_title_and_every_executed_output_is_in_the_text_layer(pdfs, built_site, lang):
    text = _text(pdfs[lang])
    assert "autocorrect-" not in text, "an HTML comment of a page is printed as text"
    printed = [p for e in _nav(lang, built_site) for p in ([e] if e.file else e.pages)]
    for page in printed:
        assert re.sub(r"\s+", "", page.title) in text, page.title
    files = {page.file for page in printed}
    outputs = {path: data for path, data in record.read().items() if path.startswith(f"docs/{lang}/")
               and built_site / PageId.of(path).url / "index.html" in files}
    assert len(outputs) > 5, sorted(outputs)
    words = LABELS[lang].stepper

    def shown(value: str) -> list[str]:  # a recorded backward pass is printed as its list of steps
        return stepper.steps_text(value, words) if value.startswith('{\n "title"') else value.split("\n")

    missing = [(path, key, line) for path, data in outputs.items() for key, value in data["outputs"].items()
               if not value.startswith("<svg")  # a picture: drawn, not text
               and not re.search(r"_wrong_\d+\.py", key)  # a practice wrong answer: run, never published
               and not key.startswith("predict: ")  # a question's choices: printed as its choices, not as this
               for line in shown(value)  # line by line: a block split by a page break reads in pieces
               if line.strip() and re.sub(r"\s+", "", line) not in text]
    assert not missing, f"{len(missing)} outputs not in the PDF's text, e.g. {missing[:3]}"


def test_chinese_is_extractable_as_chinese(pdfs, built_site):
    text = _text(pdfs["zh"])
    title = next(p.title for e in _nav("zh", built_site) for p in e.pages if "grad" in p.slug)
    assert re.search(r"[\u4e00-\u9fff]", title) and re.sub(r"\s+", "", title) in text
    assert "叶子张量" in text and "计算图" in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_pdf_is_light_tags_and_all(pdfs, lang):
    """20 MB for 267 pages without a picture (issue 40): the tags and links written as plain
    objects, each with its cross-reference line, and scroll-shadow gradients on every code block,
    table and equation. Now: object streams, no shading, and <= 25 KB a page (76 KB before; the
    whole PDFs, 15 KB, are held to 5 MB by `make pdf` itself)."""
    import pikepdf

    with pikepdf.open(pdfs[lang]) as doc:
        assert "/StructTreeRoot" in doc.Root and doc.Root.MarkInfo.Marked, "the PDF lost its tags"
        assert any(obj.get("/Type") == "/ObjStm" for obj in doc.objects if isinstance(obj, pikepdf.Stream))
        shaded = [n for n, page in enumerate(doc.pages, start=1)
                  if "/Resources" in page and ("/Shading" in page.Resources or any(
                      "/Shading" in pattern for pattern in (page.Resources.get("/Pattern") or {}).values()))]
        assert shaded == [], f"gradients printed on pages {shaded[:10]}"
        size, pages = pdfs[lang].stat().st_size, len(doc.pages)
    assert size / pages <= 25 * 1024, f"{size / 2**20:.1f} MiB for {pages} pages"


@pytest.mark.parametrize("lang", LANGS)
def test_no_web_only_instruction_and_code_breaks_only_between_names(pdfs, built_site, lang):
    """Print shows no "use the Next button or the arrow keys" (issue 40), and code in the tables
    (the glossary's, the errata's) breaks at a line end only between names: "torch|.dot", never
    "torc|h.dot"."""
    from bs4 import BeautifulSoup

    assert not re.search("方向键|arrowkeys|Nextbutton", _text(pdfs[lang])), "a web-only instruction is printed"
    raw = subprocess.run(["pdftotext", "-raw", "-enc", "UTF-8", str(pdfs[lang]), "-"], capture_output=True, text=True,
                         check=True).stdout
    tokens = set()
    for page in (p for e in _nav(lang, built_site) for p in ([e] if e.file else e.pages)):
        soup = BeautifulSoup(page.file.read_text("utf8"), "html.parser")
        tokens |= {c.get_text() for c in soup.select("article table code") if len(c.get_text()) >= 6 and " " not in c.get_text()}
    assert len(tokens) > 10, tokens
    broken = []
    for token in tokens:
        for m in re.finditer(r"(?<![\w.])" + "\n?".join(map(re.escape, token)) + r"(?!\w)", raw):
            at = m.group(0).find("\n")
            if at > 0 and not (token[at] == "." or token[at - 1] in "_(,/"):
                broken.append(f"{token[:at]}|{token[at:]}")
    assert broken == [], f"code broken inside a name: {sorted(set(broken))[:10]}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_font_is_embedded(pdfs, lang):
    reader = _reader(pdfs[lang])
    unembedded = set()
    for page in reader.pages:
        fonts = (page.get("/Resources") or {}).get("/Font") or {}
        for ref in fonts.values():
            font = ref.get_object()
            if font.get("/Subtype") == "/Type3":  # glyphs drawn by the PDF itself (/CharProcs): embedded
                assert "/CharProcs" in font and "/ToUnicode" in font, font
                continue
            descriptor = font.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            if not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                unembedded.add(str(font.get("/BaseFont")))
    assert not unembedded, unembedded


@pytest.mark.parametrize("lang", LANGS)
def test_links_inside_the_pdf_and_out_of_it(pdfs, lang):
    internal = external = 0
    for page in _reader(pdfs[lang]).pages:
        for ref in page.get("/Annots") or []:
            annot = ref.get_object()
            if annot.get("/Subtype") != "/Link":
                continue
            action = annot.get("/A")
            action = action.get_object() if action is not None else {}
            if "/Dest" in annot or action.get("/S") == "/GoTo":
                internal += 1
            elif action.get("/S") == "/URI":
                external += 1
    assert internal > 50, internal  # the contents alone link every page
    assert external > 0, external


def test_a_line_wider_than_the_text_box_is_found(tmp_path):
    from playwright.sync_api import sync_playwright

    page_html = tmp_path / "wide.html"
    page_html.write_text(f"<html><head><style>{pdf_style.PRINT_CSS}</style></head><body><section id='p-wide'>"
                         "<table style='width:3000px'><tr><td>wide</td></tr></table><pre>fits</pre></section></body></html>",
                         "utf8")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=pdf.CHROMIUM, args=pdf.CHROMIUM_ARGS)
        try:
            page = pdf.sandbox(browser, tmp_path, set(), viewport={"width": 680, "height": 800}).new_page()  # scripts off
            page.goto(page_html.as_uri())
            page.emulate_media(media="print")
            wide = page.evaluate(pdf.OVERFLOW)
        finally:
            browser.close()
    assert ["p-wide", "table", "wide"] in wide and not any(w[1] == "pre" for w in wide), wide


class _Recorder(http.server.ThreadingHTTPServer):
    """A local server that notes every connection and every request it gets."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        recorder = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                recorder.seen.append(f"GET {self.path}")
                body = b"NET-CANARY"
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_POST = do_HEAD = do_GET

            def log_message(self, *args: object) -> None:
                pass

        super().__init__(("127.0.0.1", 0), Handler)

    def process_request(self, request, client_address) -> None:  # a preconnect opens a socket and sends nothing
        self.seen.append(f"connection from {client_address[0]}")
        super().process_request(request, client_address)


def test_a_page_s_markup_runs_no_script_and_reaches_nothing_outside_the_site(tmp_path, monkeypatch):
    """Hostile markup in a built page (issue 36): the printer runs none of it, frames no file
    outside the site folder and sends no request, whatever reaches site/."""
    server = _Recorder()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    net = f"http://127.0.0.1:{server.server_address[1]}"
    secret = f"CANARY{uuid.uuid4().hex}"  # no hyphen: pdftotext joins a word broken at one
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "canary.txt").write_text(secret, "utf8")
    site = tmp_path / "site"
    page_dir = site / "en" / "hostile"
    page_dir.mkdir(parents=True)
    (page_dir / "inside.txt").write_text("INSIDE-SITE-OK", "utf8")  # a file of the site: printed
    (page_dir / "leak.txt").symlink_to(outside / "canary.txt")  # inside by its name, outside by its target
    canary, leak, inside = (outside / "canary.txt").as_uri(), (page_dir / "leak.txt").as_uri(), (page_dir / "inside.txt").as_uri()
    dotdot = f"file://{page_dir}/../../../outside/canary.txt"
    script = "document.body.insertAdjacentText('beforeend','JS-RAN-CANARY')"
    article = f"""<h1>Hostile</h1><p>Body text.</p>
<img src=x onerror="{script}"><svg onload="{script}" width="10" height="10"></svg>
<details ontoggle="{script}"><summary>s</summary>d</details>
<iframe src="file:///etc/hostname"></iframe><iframe src="{canary}"></iframe><iframe src="{leak}"></iframe>
<iframe src="{dotdot}"></iframe><iframe src="{inside}"></iframe>
<object data="{canary}" type="text/plain"></object><embed src="file:///etc/hostname" type="text/plain">
<object data="{net}/object" type="text/plain"></object><embed src="{net}/embed" type="text/plain">
<iframe src="{net}/iframe"></iframe><iframe srcdoc="<img src='{net}/srcdoc.png'><iframe src='{canary}'></iframe>"></iframe>
<iframe src="data:text/html,<img src='{net}/data.png'>"></iframe>
<link rel="stylesheet" href="{net}/x.css"><link rel="preconnect" href="{net}"><link rel="prefetch" href="{net}/prefetch">
<img src="{net}/x.png"><div style="background: url('{net}/bg.png')">bg</div>
<style>@import url("{net}/body-import.css"); @import url("{canary}");</style>
<svg width="10" height="10"><image href="{net}/svg.png" width="10" height="10"/></svg>
<video poster="{net}/poster.png" src="{net}/video.mp4"></video><audio src="{net}/audio.mp3"></audio>
<iframe src="chrome://version"></iframe><iframe src="view-source:{canary}"></iframe><iframe src="about:version"></iframe>
<meta http-equiv="refresh" content="0; url={net}/refresh"><base href="{net}/base/"><img src="relative.png">"""
    (page_dir / "index.html").write_text(
        f'<!doctype html><html><head><style>@import url("{net}/head-import.css");</style></head><body>'
        f'<article class="md-content__inner md-typeset">{article}</article></body></html>', "utf8")
    docexec.configure(ROOT / "mkdocs.yml")
    entries = [pdf_document.Entry("Hostile", "p-hostile", page_dir / "index.html")]
    monkeypatch.setattr(pdf_document, "nav", lambda *_args: entries)
    try:
        (out,) = pdf.make(site, ["en"])
    finally:
        server.shutdown()
        server.server_close()
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(out), "-"], capture_output=True, text=True, check=True).stdout
    lines = {line.strip() for line in text.splitlines()}
    hostname = Path("/etc/hostname").read_text("utf8").strip() if Path("/etc/hostname").is_file() else ""
    assert "INSIDE-SITE-OK" in text, text  # the site's own files still print
    flat = re.sub(r"\s+", "", text)  # a line in a narrow frame wraps
    found = [s for s in ("JS-RAN-CANARY", secret, "NET-CANARY") if s in flat] + ([hostname] if hostname in lines else [])
    assert not found and not server.seen, (f"printed from outside the site or by a script: {found};"
                                           f" requests to the network: {server.seen}\n{text}")


def test_the_printer_loads_only_the_print_documents_and_the_files_of_the_site(tmp_path):
    site, doc = tmp_path / "site", tmp_path / "print" / "print-en-0.html"
    (site / "a").mkdir(parents=True)
    (site / "a" / "style.css").write_text("", "utf8")
    (site / "a" / "up.css").symlink_to(tmp_path / "secret.css")
    (site / "a" / "css").symlink_to(site / "a")  # a link that stays inside
    inside, documents = (site / "a" / "style.css").as_uri(), {doc}
    assert pdf.allows(inside, site, documents) and pdf.allows(doc.as_uri(), site, documents)
    assert pdf.allows(f"file://localhost{site}/a/css/style.css", site, documents)
    assert pdf.allows(inside.replace("style", "%73tyle"), site, documents)  # percent-encoded: the same file
    for url in (f"file://{site}/a/../../secret.css", f"file://{site}/a/%2E%2E/%2E%2E/secret.css", (site / "a" / "up.css").as_uri(),
                f"file://{site}-other/a.css", f"file://host{site}/a/style.css", "file:///etc/hostname", (tmp_path / "print" / "x.html").as_uri(),
                "http://127.0.0.1/x.css", "https://example.org/", "about:version", "chrome://version", "view-source:" + inside,
                "ftp://127.0.0.1/x", "blob:null/1", "data:text/css,"):
        assert not pdf.allows(url, site, documents), url


def test_the_suite_s_sample_keeps_the_first_pages_of_each_chapter_and_every_page_outside_one():
    E = pdf_document.Entry
    entries = [E("home", "home", Path("index.html")), E("c", "c", None, [E(str(i), str(i), Path(f"{i}.html")) for i in range(5)])]
    sampled = pdf_document.sample(entries, 2)
    assert [e.title for e in sampled] == ["home", "c"] and [p.title for p in sampled[1].pages] == ["0", "1"]
    assert pdf_document.sample(entries, None) is entries and len(entries[1].pages) == 5


@pytest.mark.parametrize("lang", LANGS)
def test_questions_print_in_place_and_their_answers_in_a_key_at_the_chapter_s_end(pdfs, built_site, lang):
    words = LABELS[lang].predict
    text = _text(pdfs[lang])
    page = (built_site / PageId(lang, "autograd/why-grad-none.md", settings.current().default_language).url
            / "index.html").read_text("utf8")
    first = re.search(r'<div class="docexec-predict"[^>]*data-answer="(\d)".*?</fieldset>', page, re.S)
    assert first, "no question on why-grad-none"
    choices = [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"</span><code>(.*?)</code>", first[0])]
    heading = re.sub(r'<a class="headerlink".*?</a>', "", re.search(r"<h1[^>]*>(.*?)</h1>", page, re.S)[1])
    title = re.sub(r"<[^>]+>", "", heading)
    letter = int(first[1])
    squeeze = functools.partial(re.sub, r"\s+", "")
    assert squeeze(words["pdf_question"].format(n=1) + ".") in text  # numbered in place
    assert squeeze(words["pdf_see"].format(n=1)) in text  # its answer is not there, but in the key:
    assert squeeze(words["key"].format(letter="")) not in text
    key = text[text.index(squeeze(words["pdf_key"]) + squeeze(words["pdf_question"].format(n=1))):]
    assert key.startswith(squeeze(words["pdf_key"] + words["pdf_question"].format(n=1) + f"({title}):"
                                  + "ABCD"[letter] + choices[letter])), key[:200]
