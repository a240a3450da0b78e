"""pdf: one PDF per language, made from the built site's own pages (its executed outputs, no second run).

:func:`make` takes each language's pages from ``site/`` in nav order (each page's article; ids
prefixed per page, so links between pages become links inside the PDF), adds a cover (title,
torch and Python, build date, commit) and a table of contents, and prints that one document
with headless Chromium (Playwright): once to learn where each page starts (from the PDF's
outline), again with those page numbers in the contents; the outline is then cut to chapters
and pages (pypdf). A line of code or output wider than the text box fails it, with the page.

May not touch: the built pages (read only); writes site/pdf/ only.
"""

from __future__ import annotations

import dataclasses
import datetime
import html
import posixpath
import re
import subprocess
import tempfile
import unicodedata
from pathlib import Path
from typing import Any

from docexec.core import paths, settings
from docexec.core.errors import DocExecError
from docexec.notebooks.pagebook import page_url

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--no-first-run"]
TEXT_WIDTH_MM = 180  # A4 (210 mm) less the left and right margins of PRINT_CSS
@dataclasses.dataclass
class Entry:
    """A page of the PDF (or a chapter, holding pages)."""

    title: str
    slug: str
    file: Path | None = None  # the built page (None: a chapter)
    pages: list[Entry] = dataclasses.field(default_factory=list)


def file_name(lang: str) -> str:
    return f"autograd-notes-{lang}.pdf"


def target(site_dir: Path, lang: str) -> Path:
    """site/pdf/<name>: both languages' PDFs side by side, linked from every page's footer."""
    return site_dir / "pdf" / file_name(lang)


def _nav(raw_nav: list, lang: str, site_dir: Path, translations: dict[str, str]) -> list[Entry]:
    default = settings.current().default_language or lang

    def page(path: str) -> Entry:
        docs_rel = re.sub(r"\.(py|ipynb)$", ".md", path)
        file = site_dir / page_url(docs_rel, lang, default) / "index.html"  # en/... for English
        if not file.is_file():
            raise DocExecError(f"{paths.rel(file)}: not built (run `make build` before `make pdf`)")
        title = re.search(r"<h1[^>]*>(.*?)</h1>", file.read_text("utf8"), re.S)
        heading = re.sub(r'<a class="(?:headerlink|anchor-link)".*?</a>', "", title.group(1), flags=re.S) if title else ""
        text = html.unescape(re.sub(r"<[^>]+>", "", heading)).strip() or path
        return Entry(text, "p-" + re.sub(r"[^\w-]+", "-", docs_rel.removesuffix(".md")).strip("-"), file)

    def printed(path: str) -> bool:  # the API index is the web site's lookup table, 26 pages of links in print:
        return path != settings.current().api_index  # left out (the offline copy has it)

    entries = []
    for item in raw_nav:
        name, value = next(iter(item.items())) if isinstance(item, dict) else ("", item)
        if isinstance(value, list):
            chapter = Entry(translations.get(name, name) if lang != default else name,
                            "c-" + re.sub(r"\W+", "-", str(name)).strip("-"))
            paths_ = [next(iter(v.values())) if isinstance(v, dict) else v for v in value]
            chapter.pages = [page(v) for v in paths_ if printed(v)]
            entries.append(chapter)
        elif printed(value):
            entries.append(page(value))
    return entries


def _article(entry: Entry, known: dict[str, str], site_url: str, prefix: str, level: int) -> tuple[str, list[str]]:
    """The page's article for the PDF (its ids prefixed, links inside the PDF, headings shifted
    by ``level``), and the <style> blocks of its head (notebook pages carry their own)."""
    from bs4 import BeautifulSoup, Comment

    assert entry.file is not None
    soup = BeautifulSoup(entry.file.read_text("utf8"), "html.parser")
    styles = [str(s) for s in soup.head.find_all("style")] if soup.head else []
    article = soup.select_one("article.md-content__inner")
    if article is None:
        raise DocExecError(f"{paths.rel(entry.file)}: no article in the built page")
    for junk in article.select("a.md-content__button, a.headerlink, a.anchor-link, script, button, clipboard-copy,"
                               " .md-source-file, form"):
        junk.decompose()
    for details in article.find_all("details"):
        details["open"] = ""
    for tag in article.find_all(id=True):
        tag["id"] = f"{entry.slug}--{tag['id']}"
    page_dir = next(url for url, slug in known.items() if slug == entry.slug)  # its folder below the language root
    for a in article.find_all("a", href=True):
        href = str(a["href"])
        if href.startswith("#"):
            a["href"] = f"#{entry.slug}--{href[1:]}" if href[1:] else f"#{entry.slug}"
        elif not re.match(r"^[a-z][a-z0-9+.-]*:", href):
            path, _, anchor = href.partition("#")
            resolved = posixpath.normpath(posixpath.join(page_dir, path)) + ("/" if path.endswith("/") else "")
            resolved = resolved.lstrip("./") if resolved != "." else ""
            if resolved in known:
                a["href"] = f"#{known[resolved]}--{anchor}" if anchor else f"#{known[resolved]}"
            else:  # a file of the site (a notebook): where the site publishes it
                a["href"] = f"{site_url.rstrip('/')}/{prefix}{resolved}" + (f"#{anchor}" if anchor else "")
    for n in range(5, 0, -1) if level else ():
        for heading in article.find_all(f"h{n}"):
            heading.name = f"h{n + level}"
    for comment in article.find_all(string=lambda s: isinstance(s, Comment)):  # <!-- autocorrect-... -->
        comment.extract()
    return article.decode_contents(), styles


# Chromium (Skia) embeds TrueType fonts as such, but draws OpenType-CFF ones such as Noto CJK as
# Type 3 glyph programs (385 of them in the zh PDF, 8 MB): WenQuanYi Micro Hei is TrueType.
PDF_FONTS = ('"DejaVu Sans", "WenQuanYi Micro Hei", sans-serif', '"DejaVu Sans Mono", "WenQuanYi Micro Hei Mono", monospace')

PRINT_CSS = """
@page { size: A4; margin: 16mm 15mm 18mm 15mm; }
html { font-size: 100%; }
body { margin: 0; background: #fff !important; color: #000; font-variant-ligatures: none; }
* { font-variant-ligatures: none !important; font-feature-settings: "kern" 1, "liga" 0, "clig" 0 !important; }
* { content-visibility: visible !important; }
.md-typeset, .md-typeset .jp-Notebook, .md-typeset .jp-RenderedHTMLCommon { font-size: 10pt; line-height: 1.55; font-family: FONT_BODY !important; }
.md-typeset code, .md-typeset pre, .md-typeset kbd, .docexec-output, .jp-InputArea, .jp-OutputArea,
.jp-InputArea *, .jp-OutputArea * { font-family: FONT_MONO !important; }
.md-typeset pre, .md-typeset pre > code, .docexec-output pre, .docexec-output code, .jp-RenderedText pre,
.highlight pre, .highlight code { white-space: pre-wrap !important; overflow-wrap: anywhere; word-break: break-all;
  overflow: visible !important; max-width: 100%; }
.md-typeset pre > code, .docexec-output code { font-size: 8pt; }
details.docexec-solution { border: 0.4mm solid #000 !important; border-left-width: 1.6mm !important; padding: 0 3mm 2mm; break-inside: auto; }
details.docexec-solution > summary { font-weight: 700; }
details.docexec-solution > summary::after { display: none; }
.md-typeset code { overflow-wrap: anywhere; word-break: break-word; white-space: pre-wrap; }
.md-typeset :not(pre) > code { padding: 0 .1em; box-decoration-break: slice; }
.md-typeset table:not([class]) code { word-break: break-all; }
.md-typeset table:not([class]) { display: table; width: 100%; table-layout: fixed; font-size: 8.5pt; }
.md-typeset table:not([class]) td, .md-typeset table:not([class]) th { overflow-wrap: anywhere; word-break: break-word; }
.md-typeset .tabbed-set > .tabbed-content > .tabbed-block { display: block !important; }
.md-typeset .tabbed-labels { display: none; }
.md-typeset svg, .md-typeset img, .md-typeset figure { max-width: 100%; height: auto; }
.md-typeset math[display="block"] { overflow: visible; max-width: 100%; }
.md-typeset a { color: #8a2c00; }
.md-typeset h1, .md-typeset h2 { break-after: avoid; }
.md-typeset pre { break-inside: auto; }
.docexec-output, .md-typeset .highlight, .jp-Cell { break-inside: avoid; }
.md-clipboard, .md-content__button, .headerlink, .jp-InputPrompt, .jp-OutputPrompt { display: none !important; }
.pdf-cover { height: 240mm; display: flex; flex-direction: column; justify-content: center; text-align: center; }
.pdf-cover .pdf-title { font-size: 30pt; font-weight: 700; margin-bottom: 8mm; }
.pdf-cover .pdf-subtitle { font-size: 13pt; margin-bottom: 30mm; }
.pdf-cover .pdf-build { font-size: 9pt; color: #333; }
.pdf-toc { break-before: page; }
.pdf-toc .pdf-toc-title { font-size: 18pt; font-weight: 700; margin: 0 0 6mm; }
.md-typeset .pdf-toc ol { list-style: none !important; padding: 0; margin: 0 !important; }
.md-typeset .pdf-toc li { margin: 1.2mm 0 !important; list-style: none !important; }
.md-typeset .pdf-toc li li { margin-left: 6mm !important; }
.pdf-toc a { color: #000; text-decoration: none; display: flex; }
.pdf-toc a .pdf-dots { flex: 1; border-bottom: 1px dotted #777; margin: 0 2mm 1.2mm; }
.pdf-toc a .pdf-num { width: 10mm; text-align: right; font-variant-numeric: tabular-nums; }
.pdf-chapter { break-before: page; font-size: 20pt; }
section.pdf-page { break-before: page; }
.pdf-chapter + section.pdf-page { break-before: avoid; }
"""

_ARTICLES: dict[str, tuple[str, list[str]]] = {}  # slug -> its article, read once for both prints


def _document(lang: str, entries: list[Entry], site_dir: Path, site_url: str, numbers: dict[str, int]) -> str:
    default = settings.current().default_language or lang
    prefix = "" if lang == default else f"{lang}/"
    flat = [p for e in entries for p in ([e] if e.file else e.pages)]
    known = {}
    for p in flat:
        assert p.file is not None
        url = p.file.parent.relative_to(site_dir / prefix).as_posix()
        known["" if url == "." else url + "/"] = p.slug
    styles: list[str] = []
    body: list[str] = []
    for entry in entries:
        if entry.file is None:
            body.append(f'<h1 class="pdf-chapter" id="{entry.slug}">{html.escape(entry.title)}</h1>')
        for page in ([entry] if entry.file else entry.pages):
            content, page_styles = _ARTICLES.get(page.slug) or _ARTICLES.setdefault(
                page.slug, _article(page, known, site_url, prefix, 0 if entry.file else 1))
            styles += [s for s in page_styles if s not in styles]
            body.append(f'<section class="pdf-page md-typeset" id="{page.slug}">{content}</section>')
    first = flat[0].file
    assert first is not None
    head = first.read_text("utf8").split("</head>", 1)[0]
    links = [site_dir / prefix / first.parent.relative_to(site_dir / prefix) / h
             for h in re.findall(r'<link rel="stylesheet" href="([^"]+)"', head)]
    css = "".join(f'<link rel="stylesheet" href="{p.resolve().as_uri()}">' for p in links)
    labels = settings.current().labels(lang)
    title, subtitle, contents, build = labels.pdf
    versions = paths.versions()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=settings.current().root, capture_output=True,
                            text=True, check=False).stdout.strip() or "unknown"
    date = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d")

    def num(slug: str) -> str:
        return f'<span class="pdf-num">{numbers.get(slug, 0)}</span>'

    toc = []
    for entry in entries:
        row = f'<a href="#{entry.slug}">{html.escape(entry.title)}<span class="pdf-dots"></span>{num(entry.slug)}</a>'
        inner = "".join(f'<li><a href="#{p.slug}">{html.escape(p.title)}<span class="pdf-dots"></span>{num(p.slug)}</a></li>'
                        for p in entry.pages)
        toc.append(f"<li>{row}{f'<ol>{inner}</ol>' if inner else ''}</li>")
    body_font, mono_font = PDF_FONTS
    print_css = PRINT_CSS.replace("FONT_BODY", body_font).replace("FONT_MONO", mono_font)
    return (f'<!doctype html><html lang="{lang}" dir="ltr"><head><meta charset="utf-8"><title>{html.escape(title)}</title>{css}'
            f'{"".join(styles)}<style>{print_css}</style></head>'
            f'<body data-md-color-scheme="default" data-md-color-primary="deep-orange"><div class="md-typeset">'
            f'<div class="pdf-cover"><div class="pdf-title">{html.escape(title)}</div>'
            f'<div class="pdf-subtitle">{html.escape(subtitle)}</div><div class="pdf-build">'
            f'{html.escape(build.format(date=date, commit=commit, **versions))}</div></div>'
            f'<nav class="pdf-toc"><div class="pdf-toc-title">{html.escape(contents)}</div><ol>{"".join(toc)}</ol></nav>'
            f'</div>{"".join(body)}</body></html>')


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
        doc.save(pdf)


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


def make(site_dir: Path, languages: list[str] | None = None) -> list[Path]:
    """Write the PDF of each language from the built site in ``site_dir``; the files written."""
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
    with sync_playwright() as p, tempfile.TemporaryDirectory(prefix="docexec-pdf-") as tmp:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for lang in languages or list(conf.languages):
                _ARTICLES.clear()
                entries = _nav(raw["nav"], lang, site_dir, translations.get(lang, {}))
                out = target(site_dir, lang)
                out.parent.mkdir(parents=True, exist_ok=True)
                page = browser.new_page(viewport={"width": round(TEXT_WIDTH_MM / 25.4 * 96), "height": 1000})
                numbers: dict[str, int] = {}
                for attempt in range(2):  # the second time with the page numbers the first found
                    doc = Path(tmp) / f"print-{lang}-{attempt}.html"
                    doc.write_text(_document(lang, entries, site_dir, site_url, numbers), "utf8")
                    page.goto(doc.as_uri(), wait_until="load")
                    page.emulate_media(media="print")
                    if attempt == 0 and (wide := page.evaluate(OVERFLOW)):
                        shown = "; ".join(f"{s or 'cover'}: <{t}> {x!r}" for s, t, x in wide[:5])
                        raise DocExecError(f"{paths.rel(out)}: {len(wide)} element(s) wider than the text box ({shown});"
                                           " make them wrap in PRINT_CSS (docexec/site/pdf.py)")
                    page.pdf(path=str(out), format="A4", print_background=True, outline=True, tagged=True,  # the outline needs the tags
                             display_header_footer=True, header_template="<span></span>", footer_template=FOOTER,
                             margin={"top": "16mm", "bottom": "18mm", "left": "15mm", "right": "15mm"})
                    numbers = _numbers(entries, _outline(out), out)
                page.close()
                _cut_outline(out, entries)
                written.append(out)
        finally:
            browser.close()
    return written


def main(argv: list[str]) -> int:
    site_dir = Path(argv[0]) if argv else settings.current().root / "site"
    for out in make(site_dir):
        print(f"{paths.rel(out)}: {out.stat().st_size / 2**20:.1f} MiB")
    return 0
