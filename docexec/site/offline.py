"""offline: the copy of the site a reader unzips and opens from file:// (``make offline``).

``mkdocs.offline.yml`` builds the site again with Material's offline plugin (no directory
URLs) and ``extra: docexec: offline: true``. :func:`use_vendored_worker` puts the vendored
iframe-worker in place of the plugin's unpkg.com script (the hosted build leaves it out:
:func:`leave_out_vendored_worker`); ``search.split_index`` writes each index as a script.
Links to what only the hosted site has (the PDFs, this zip) point to it (:func:`link_online`);
:func:`gather_notebooks` puts the notebooks in ``notebooks/<lang>/``, each page's button naming
its file and leading to the home page's words on them (from file:// Chromium ignores
``download``: a notebook showed as raw JSON); :func:`inline_fonts` puts fonts into the
stylesheets (file:// refuses font files); :func:`write_zip` zips the folder.

May not touch: execution, or pages' content but those links and the notebook button. Changes
``extra.polyfills``, the theme's file list (one file), moves the copy's notebooks, and writes the
zip next to the offline build's folder.
"""

from __future__ import annotations

import json
import posixpath
import re
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files

WORKER = "assets/javascripts/iframe-worker.js"  # below the theme's folder (overrides/) and the site's
HOSTED_ONLY = ("pdf/", "download/")  # below the site root: made by `make pdf` and `make offline` into site/
_HREF = re.compile(r'href="([^"]*)"')


def use_vendored_worker(config: MkDocsConfig) -> None:
    """``extra.polyfills``: the vendored iframe-worker in place of the offline plugin's URL."""
    polyfills = [p for p in config.extra.get("polyfills") or [] if "iframe-worker" not in str(p)]
    config.extra["polyfills"] = [*polyfills, WORKER]


def leave_out_vendored_worker(files: Files) -> None:
    """The hosted site does not ship the shim: browsers it serves over HTTP have Web Workers."""
    if (file := files.get_file_from_path(WORKER)) is not None:
        files.remove(file)


def link_online(html: str, dest_uri: str, site_url: str) -> str:
    """A page's relative links into :data:`HOSTED_ONLY` as absolute links to the hosted site:
    the copy holds neither the PDFs (7 MB each) nor itself."""
    here = posixpath.dirname(dest_uri)

    def swap(m: re.Match) -> str:
        href = m.group(1)
        if not href or re.match(r"[a-z][a-z0-9+.-]*:|[#/?]", href):
            return m.group(0)
        target = posixpath.normpath(posixpath.join(here, href))
        if not target.startswith(HOSTED_ONLY):
            return m.group(0)
        return f'href="{site_url.rstrip("/")}/{target}"'

    return _HREF.sub(swap, html)


NOTEBOOKS = "notebooks"  # the copy's folder of every page's notebook, a folder per language inside
HOME_SECTION = "read-offline"  # the home page's section saying how to open them (docs/<lang>/index.md)
_BUTTON = re.compile(r'<a\b(?P<attrs>[^>]*\bdocexec-notebook\b[^>]*)>(?P<inner>.*?)</a>', re.S)


def gather_notebooks(site_dir: Path, languages: tuple[str, ...], default: str | None) -> list[str]:
    """Each page's notebook (next to the page) moved to ``notebooks/<lang>/<its path>``, and the
    page's notebook button, which offered to download it, relabelled with that path and linked
    to the home page's :data:`HOME_SECTION`; the notebooks' paths in the copy, sorted."""
    import html as html_lib
    import urllib.parse

    from docexec.core import identity, settings

    site_dir = Path(site_dir)
    prefixes = {lang: identity.prefix(lang, default) for lang in languages}
    moved = []
    for page in sorted(site_dir.rglob("*.html")):
        text = page.read_text("utf8")
        if "docexec-notebook" not in text:
            continue
        rel = page.relative_to(site_dir).as_posix()
        lang = next((code for code, prefix in prefixes.items() if prefix and rel.startswith(prefix)), default or "")
        label, title = settings.current().labels(lang).notebook_offline

        def swap(m: re.Match, page: Path = page, rel: str = rel, lang: str = lang, label: str = label,
                 title: str = title) -> str:
            href = re.search(r'\bhref="([^"#?]+\.ipynb)"', m["attrs"])
            if href is None:
                return m.group(0)
            source = page.parent / urllib.parse.unquote(href.group(1))
            within = source.relative_to(site_dir / prefixes[lang]).as_posix()
            path = f"{NOTEBOOKS}/{lang}/{within}"
            if source.is_file():
                (site_dir / path).parent.mkdir(parents=True, exist_ok=True)
                source.replace(site_dir / path)
            moved.append(path)
            home = posixpath.relpath(f"{prefixes[lang]}index.html", posixpath.dirname(rel) or ".")
            attrs = m["attrs"].replace(href.group(0), f'href="{home}#{HOME_SECTION}"')
            attrs = re.sub(r"\sdownload(?:=\"[^\"]*\")?(?=[\s>]|$)", "", attrs)
            attrs = re.sub(r'\btitle="[^"]*"', f'title="{html_lib.escape(title.format(path=path))}"', attrs)
            inner = re.sub(r"<span>[^<]*</span>", f"<span>{html_lib.escape(label)}</span>", m["inner"])
            return f"<a{attrs}>{inner}</a>"

        if (changed := _BUTTON.sub(swap, text)) != text:
            page.write_text(changed, "utf8")
    return sorted(moved)


_FONT_URL = re.compile(r'url\("(\.\./fonts/[\w.-]+\.woff2)"\)')


def inline_fonts(site_dir: Path) -> None:
    """Every font a stylesheet of the copy loads, written into it as a ``data:`` URL: from file://
    Chromium refuses fonts (an opaque origin; font loads need CORS), so the math font would not
    load and matrix brackets would not stretch."""
    import base64

    for css in (Path(site_dir) / "assets" / "stylesheets").glob("*.css"):
        text = css.read_text("utf8")

        def embed(m: re.Match, folder: Path = css.parent) -> str:
            data = base64.b64encode((folder / m.group(1)).read_bytes()).decode("ascii")
            return f'url("data:font/woff2;base64,{data}")'

        if (inlined := _FONT_URL.sub(embed, text)) != text:
            css.write_text(inlined, "utf8")


def zip_path(site_dir: Path) -> Path:
    """``build/offline/autograd-notes`` -> ``build/offline/autograd-notes-offline.zip``."""
    return site_dir.parent / f"{site_dir.name}-offline.zip"


def left_out(site_dir: Path) -> set[str]:
    """Files of the built folder the zip leaves out: source maps (for developer tools), the
    sitemaps (for search engines: they list the hosted URLs), the search index as JSON (from
    file:// Material loads the script), and the search languages and word splitters Material's
    search worker does not load for the languages this site's index names."""
    config = json.loads((site_dir / "search" / "search_index.json").read_text("utf8"))["config"]
    langs = set(config.get("lang") or [])  # English needs no file of its own
    wanted = {"lunr.stemmer.support.min.js", "lunr.multi.min.js", *(f"lunr.{lang}.min.js" for lang in langs)}
    if "ja" in langs:
        wanted.add("tinyseg.js")
    if langs & {"hi", "th"}:
        wanted.add("wordcut.js")
    out = set()
    for file in site_dir.rglob("*"):
        rel = file.relative_to(site_dir).as_posix()
        if not file.is_file():
            continue
        if (file.suffix == ".map" or rel in {"sitemap.xml", "sitemap.xml.gz"} or file.name == "search_index.json"
                or (rel.startswith("assets/javascripts/lunr/") and file.name not in wanted)):
            out.add(rel)
    return out


def write_zip(site_dir: Path) -> Path:
    """The built folder as a zip of one top folder (its name) holding ``index.html``."""
    site_dir = Path(site_dir)
    target = zip_path(site_dir)
    skip = left_out(site_dir)
    partial = target.with_suffix(".zip.tmp")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for file in sorted(site_dir.rglob("*")):
            rel = file.relative_to(site_dir).as_posix()
            if file.is_file() and rel not in skip:
                archive.write(file, f"{site_dir.name}/{rel}")
    partial.replace(target)
    return target
