"""pdf: one PDF per language, made from the built site's own pages (its executed outputs, no second run).

:func:`make` prints each language's print document (docexec/site/pdf_document.py: its pages in
nav order, a cover, a table of contents) with headless Chromium (Playwright): once to learn where
each page starts (from the PDF's outline), again with those page numbers in the contents; the
outline is then cut to chapters and pages and the file saved with object streams (pikepdf).
A line wider than the text box fails it, and so does a whole PDF over MAX_BYTES (issue 40: 20 MB).
Chromium prints with JavaScript off and refuses every request but the print document and the
files of the site folder (issue 36: a page's markup reached the network and the machine's files).

May not touch: the built pages (read only); writes site/pdf/ only.
"""

from __future__ import annotations

import re
import tempfile
import unicodedata
import urllib.parse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docexec.core import paths, settings
from docexec.core.errors import DocExecError
from docexec.site import pdf_document
from docexec.site.pdf_document import Entry

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Route

CHROMIUM = "/usr/bin/chromium"
# No extensions, no background requests of the browser's own, and no host resolves (not even an IP address): a
# <link rel="preconnect"> opens a socket without a request the route below could refuse.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-extensions", "--disable-background-networking",
                 "--disable-component-update", "--disable-default-apps", "--disable-sync", "--disable-domain-reliability",
                 "--no-first-run", "--no-default-browser-check", "--no-pings", "--host-resolver-rules=MAP * ~NOTFOUND"]


MAX_BYTES = 5 * 10**6  # a whole PDF (267 pages: 4.1 MB zh, 3.3 MB en on 2026-12-04)


def file_name(lang: str) -> str:
    return f"autograd-notes-{lang}.pdf"


def target(site_dir: Path, lang: str) -> Path:
    """site/pdf/<name>: both languages' PDFs side by side, linked from every page's footer."""
    return site_dir / "pdf" / file_name(lang)


def local_file(url: str) -> Path | None:
    """The real path (symlinks resolved) of a ``file:`` URL of this machine; None for any other
    URL, and for one whose path has a ``..`` (Chromium removes them; one left is not ours)."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
        return None
    path = urllib.parse.unquote(parts.path)
    if not path.startswith("/") or "\0" in path or ".." in path.split("/"):
        return None
    return Path(path).resolve()


def allows(url: str, site_dir: Path, documents: set[Path]) -> bool:
    """Whether the printer may load ``url``: a print document, or a file inside ``site_dir``."""
    path = local_file(url)
    return path is not None and (path in {d.resolve() for d in documents} or path.is_relative_to(site_dir.resolve()))


def sandbox(browser: Browser, site_dir: Path, documents: set[Path], **options: Any) -> BrowserContext:
    """A browser context that runs no script of the pages and loads only what :func:`allows`: the
    rest (http(s), other files, frames and objects of them) is refused before it is fetched.
    data: URLs never reach the handler (Chromium decodes them itself; Material's icons are some)."""

    def handle(route: Route) -> None:
        if allows(route.request.url, site_dir, documents):
            route.continue_()
        else:
            route.abort("blockedbyclient")

    context = browser.new_context(java_script_enabled=False, service_workers="block", accept_downloads=False, **options)
    context.route(lambda _url: True, handle)  # every URL, whatever its scheme
    return context


# Elements that stick out of the text box. An inline code span may reach into the margin by its own
# padding (its text wraps inside the box): 8 px of slack for those, 1 px for blocks.
OVERFLOW = """() => {
  const box = document.body.getBoundingClientRect().right;
  return [...document.querySelectorAll('pre, code, table, svg, math, img, figure, .jp-Cell, .docexec-output')]
    .filter(e => {
      const inline = getComputedStyle(e).display === 'inline';
      return e.getBoundingClientRect().right > box + (inline ? 8 : 1) || (!inline && e.scrollWidth > e.clientWidth + 1);
    })
    .map(e => [e.closest('section')?.id || '', e.tagName.toLowerCase(), (e.textContent || '').trim().slice(0, 60)]);
}"""


def _outline(pdf: Path) -> list[tuple[int, list[int]]]:
    """(page number, [page numbers of its children]) of each top entry of the outline Chromium wrote
    (1-based): the chapters and top pages (h1), and under a chapter its pages (h2)."""
    import pikepdf

    with pikepdf.open(pdf) as doc:
        numbers = {page.objgen: n for n, page in enumerate(doc.pages, start=1)}
        named = pikepdf.NameTree(doc.Root.Names.Dests) if "/Names" in doc.Root and "/Dests" in doc.Root.Names else {}

        def page_of(item: Any) -> int:
            dest = item.destination
            if isinstance(dest, pikepdf.String | pikepdf.Name | str):
                dest = named[str(dest)]
            if isinstance(dest, pikepdf.Dictionary):
                dest = dest.D
            if dest is None or dest[0].objgen not in numbers:
                raise DocExecError(f"{paths.rel(pdf)}: outline entry {item.title!r} points at no page")
            return numbers[dest[0].objgen]

        with doc.open_outline() as outline:
            return [(page_of(item), [page_of(c) for c in item.children]) for item in outline.root]


def _numbers(entries: list[Entry], outline: list[tuple[int, list[int]]], pdf: Path) -> dict[str, int]:
    """Where each chapter and page starts, read off the outline in nav order (its titles are
    Chromium's reading of the headings; the order and the count are what is checked)."""
    if len(outline) != len(entries):
        raise DocExecError(f"{paths.rel(pdf)}: the outline has {len(outline)} top entries for {len(entries)} in the nav"
                           " (a page without its h1, or with a second one?)")
    numbers = {}
    for entry, (number, children) in zip(entries, outline, strict=True):
        numbers[entry.slug] = number
        if entry.file is None:
            if len(children) != len(entry.pages):
                raise DocExecError(f"{paths.rel(pdf)}: chapter {entry.title!r} has {len(children)} pages in the outline,"
                                   f" {len(entry.pages)} in the nav")
            numbers.update((page.slug, n) for page, n in zip(entry.pages, children, strict=True))
    return numbers


def _cut_outline(pdf: Path, entries: list[Entry]) -> None:
    """Keep two levels of the outline, titled as the nav: chapters (and top pages), and the pages
    of a chapter; and unify the text layer's ideographs (pikepdf: pypdf took 8 s a PDF here)."""
    import pikepdf

    with pikepdf.open(pdf, allow_overwriting_input=True) as doc:
        with doc.open_outline() as outline:
            for entry, item in zip(entries, outline.root, strict=True):
                item.title = entry.title
                if entry.file is None:
                    for page, child in zip(entry.pages, item.children, strict=True):
                        child.title = page.title
                        child.children.clear()
                else:
                    item.children.clear()
        seen: set[tuple[int, int]] = set()
        for sheet in doc.pages:
            fonts: Any = sheet.Resources.get("/Font", {}) if "/Resources" in sheet else {}
            for _, font in fonts.items():
                if font.objgen not in seen and "/ToUnicode" in font:
                    seen.add(font.objgen)
                    data = font.ToUnicode.read_bytes().decode("latin-1")
                    if (fixed := _unified_ideographs(data)) != data:
                        font.ToUnicode = pikepdf.Stream(doc, fixed.encode("latin-1"))
        # Object streams: the tags (~67k small objects) and the links packed and compressed, not
        # each written out plain with its line in the cross-reference table (20 MB -> 8.7 MB).
        doc.save(pdf, object_stream_mode=pikepdf.ObjectStreamMode.generate, compress_streams=True)


_RADICAL = re.compile(r"<(2[EF][89A-F][0-9A-F])>", re.I)  # U+2E80-U+2FFF: CJK and Kangxi radicals


def _unified_ideographs(cmap: str) -> str:
    """Copying 自 out of the PDF gives 自, not the Kangxi radical ⾃ (U+2F83): a CJK font draws both
    with one glyph, and Chromium writes the lower code point into the text layer's map."""

    def unified(m: re.Match) -> str:
        char = unicodedata.normalize("NFKC", chr(int(m.group(1), 16)))
        return f"<{ord(char):04X}>" if len(char) == 1 else m.group(0)

    return _RADICAL.sub(unified, cmap)


FOOTER = ('<div style="font-size:8px;width:100%;text-align:center;color:#444;font-family:DejaVu Sans,sans-serif">'
          '<span class="pageNumber"></span> / <span class="totalPages"></span></div>')


def make(site_dir: Path, languages: list[str] | None = None, per_chapter: int | None = None) -> list[Path]:
    """Write the PDF of each language from the built site in ``site_dir``; the files written.
    ``per_chapter``: only that many pages of each chapter (the suite's sample, :func:`pdf_document.sample`)."""
    from mkdocs.utils.yaml import yaml_load
    from playwright.sync_api import sync_playwright

    conf = settings.current()
    with open(conf.root / "mkdocs.yml", encoding="utf8") as f:
        raw = yaml_load(f)
    translations: dict[str, dict[str, str]] = {}
    for plugin in raw.get("plugins", []):
        if isinstance(plugin, dict) and "i18n" in plugin:
            for lang in plugin["i18n"].get("languages", []):
                translations[lang["locale"]] = lang.get("nav_translations") or {}
    site_url = raw.get("site_url") or "http://127.0.0.1:8000/"
    written = []
    langs = languages or list(conf.languages)
    with sync_playwright() as p, tempfile.TemporaryDirectory(prefix="docexec-pdf-") as tmp:
        documents = {Path(tmp) / f"print-{lang}-{attempt}.html" for lang in langs for attempt in range(2)}
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            context = sandbox(browser, site_dir, documents,
                              viewport={"width": round(pdf_document.TEXT_WIDTH_MM / 25.4 * 96), "height": 1000})
            for lang in langs:
                entries = pdf_document.sample(pdf_document.nav(raw["nav"], lang, site_dir, translations.get(lang, {})),
                                              per_chapter)
                articles: dict[str, tuple[str, list[str]]] = {}  # each page's article, read once for both prints
                out = target(site_dir, lang)
                out.parent.mkdir(parents=True, exist_ok=True)
                page = context.new_page()
                numbers: dict[str, int] = {}
                for attempt in range(2):  # the second time with the page numbers the first found
                    doc = Path(tmp) / f"print-{lang}-{attempt}.html"
                    doc.write_text(pdf_document.document(lang, entries, site_dir, site_url, numbers, articles), "utf8")
                    page.goto(doc.as_uri(), wait_until="load")
                    page.emulate_media(media="print")
                    if attempt == 0 and (wide := page.evaluate(OVERFLOW)):  # evaluated by Playwright: runs with scripts off
                        shown = "; ".join(f"{s or 'cover'}: <{t}> {x!r}" for s, t, x in wide[:5])
                        raise DocExecError(f"{paths.rel(out)}: {len(wide)} element(s) wider than the text box ({shown});"
                                           " make them wrap in PRINT_CSS (docexec/site/pdf_style.py)")
                    if page.url != doc.as_uri():
                        raise DocExecError(f"{paths.rel(out)}: the print document went to {page.url}")
                    page.pdf(path=str(out), format="A4", print_background=True, outline=True, tagged=True,  # the outline needs the tags
                             display_header_footer=True, header_template="<span></span>", footer_template=FOOTER,
                             margin={"top": "16mm", "bottom": "18mm", "left": "15mm", "right": "15mm"})
                    numbers = _numbers(entries, _outline(out), out)
                page.close()
                _cut_outline(out, entries)
                if per_chapter is None and out.stat().st_size > MAX_BYTES:
                    raise DocExecError(f"{paths.rel(out)}: {out.stat().st_size / 1e6:.1f} MB, over {MAX_BYTES / 1e6:.0f} MB:"
                                       " see what prints heavily (docexec/site/pdf_style.py's PRINT_CSS)")
                written.append(out)
        finally:
            browser.close()
    return written


def main(argv: list[str]) -> int:
    """``[SITE_DIR] [--sample N]``: every page, or the first N of each chapter (the test suite's)."""
    per_chapter = int(argv[argv.index("--sample") + 1]) if "--sample" in argv else None
    rest = [a for i, a in enumerate(argv) if a != "--sample" and (i == 0 or argv[i - 1] != "--sample")]
    site_dir = Path(rest[0]) if rest else settings.current().root / "site"
    for out in make(site_dir, per_chapter=per_chapter):
        print(f"{paths.rel(out)}: {out.stat().st_size / 1e6:.2f} MB" + ("" if per_chapter else f" (at most {MAX_BYTES / 1e6:.0f} MB)"))
    return 0
