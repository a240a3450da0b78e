"""pdf_document: the document the PDF is printed from, one per language, as HTML (no script).

:func:`nav` lists each language's pages from ``site/`` in nav order; :func:`document` joins their
articles (ids prefixed per page, so links between pages become links inside the PDF; scripts,
buttons, forms, <meta> and <base> dropped; solutions open) after a cover (title, torch and
Python, build date, commit) and a table of contents with the page numbers it is given.
Its print style and the marks it puts in each article are docexec/site/pdf_style.py's. Nothing in
it needs JavaScript: pdf.py prints it with JavaScript off.

May not touch: the built pages (read only); writes nothing (returns the HTML).
"""

from __future__ import annotations

import dataclasses
import datetime
import html
import posixpath
import re
import subprocess
from pathlib import Path

from docexec.core import identity, paths, settings
from docexec.core.errors import DocExecError
from docexec.core.identity import PageId
from docexec.site import answer_key, pdf_style

TEXT_WIDTH_MM = 180  # A4 (210 mm) less the left and right margins of pdf_style.PRINT_CSS


@dataclasses.dataclass
class Entry:
    """A page of the PDF (or a chapter, holding pages)."""

    title: str
    slug: str
    file: Path | None = None  # the built page (None: a chapter)
    pages: list[Entry] = dataclasses.field(default_factory=list)


def sample(entries: list[Entry], per_chapter: int | None) -> list[Entry]:
    """The first ``per_chapter`` pages of each chapter, and every page outside one: the test
    suite's PDF (``python -m docexec pdf --sample N``), whose tests read what the whole PDF has,
    page by page. None: every page (``make pdf``, the deploy)."""
    if per_chapter is None:
        return entries
    return [e if e.file else dataclasses.replace(e, pages=e.pages[:per_chapter]) for e in entries]


def nav(raw_nav: list, lang: str, site_dir: Path, translations: dict[str, str]) -> list[Entry]:
    default = settings.current().default_language or lang

    def page(path: str) -> Entry:
        docs_rel = re.sub(r"\.(py|ipynb)$", ".md", path)
        file = site_dir / PageId(lang, docs_rel, default).url / "index.html"  # en/... for English
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
    styles = [str(s) for s in soup.head.find_all("style")  # not the questions' screen style (overrides/main.html):
              if s.get("id") != "docexec-predict-style"] if soup.head else []  # the print's is pdf_style's
    article = soup.select_one("article.md-content__inner")
    if article is None:
        raise DocExecError(f"{paths.rel(entry.file)}: no article in the built page")
    for junk in article.select("a.md-content__button, a.headerlink, a.anchor-link, script, button, clipboard-copy,"
                               " .md-source-file, form, meta, base"):  # a <meta> refresh would leave the print
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
    pdf_style.for_print(article)
    return article.decode_contents(), styles


def document(lang: str, entries: list[Entry], site_dir: Path, site_url: str, numbers: dict[str, int],
             articles: dict[str, tuple[str, list[str]]]) -> str:
    """The print document of ``lang`` with the page numbers ``numbers`` (slug -> page; 0 where
    not known yet) in its contents; ``articles`` keeps each page's article for the next print."""
    prefix = identity.prefix(lang, settings.current().default_language)
    flat = [p for e in entries for p in ([e] if e.file else e.pages)]
    known = {}
    for p in flat:
        assert p.file is not None
        url = p.file.parent.relative_to(site_dir / prefix).as_posix()
        known["" if url == "." else url + "/"] = p.slug
    styles: list[str] = []
    body: list[str] = []
    for entry in entries:
        key = answer_key.Key(lang)  # the chapter's questions' answers, printed after its last page
        if entry.file is None:
            body.append(f'<h1 class="pdf-chapter" id="{entry.slug}">{html.escape(entry.title)}</h1>')
        for page in ([entry] if entry.file else entry.pages):
            content, page_styles = articles.get(page.slug) or articles.setdefault(
                page.slug, _article(page, known, site_url, prefix, 0 if entry.file else 1))
            styles += [s for s in page_styles if s not in styles]
            content = key.take(content, page.slug, page.title)
            body.append(f'<section class="pdf-page md-typeset" id="{page.slug}">{content}</section>')
        body.append(key.section(entry.slug))
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
    print_css = pdf_style.css()
    return (f'<!doctype html><html lang="{lang}" dir="ltr"><head><meta charset="utf-8"><title>{html.escape(title)}</title>{css}'
            f'{"".join(styles)}<style>{print_css}</style></head>'
            f'<body data-md-color-scheme="default" data-md-color-primary="deep-orange"><div class="md-typeset">'
            f'<div class="pdf-cover"><div class="pdf-title">{html.escape(title)}</div>'
            f'<div class="pdf-subtitle">{html.escape(subtitle)}</div><div class="pdf-build">'
            f'{html.escape(build.format(date=date, commit=commit, **versions))}</div></div>'
            f'<nav class="pdf-toc"><div class="pdf-toc-title">{html.escape(contents)}</div><ol>{"".join(toc)}</ol></nav>'
            f'</div>{"".join(body)}</body></html>')
