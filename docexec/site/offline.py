"""offline: the copy of the site a reader unzips and opens from file:// (``make offline``).

``mkdocs.offline.yml`` builds the site again with Material's offline plugin (no directory
URLs) and ``extra: docexec: offline: true``, which this module serves. The plugin's polyfill
is a script from unpkg.com; :func:`use_vendored_worker` puts the vendored copy
(``overrides/assets/javascripts/iframe-worker.js``) in its place, so nothing leaves file://;
the hosted build leaves that file out (:func:`leave_out_vendored_worker`). Each language's
index is also written as the script Material loads from file:// (``search.split_index``).
Links to what only the hosted site has (the PDFs, this zip) point to it (:func:`link_online`);
:func:`inline_fonts` puts fonts into the stylesheets (file:// refuses font files);
:func:`write_zip` zips the built folder, as one top folder, without what no reader of it uses.

May not touch: execution, or pages' content but those links. Changes ``extra.polyfills``, the
theme's file list (one file), and writes the zip next to the offline build's folder.
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
