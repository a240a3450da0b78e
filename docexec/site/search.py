"""search: Material's search index, tuned with the glossary, one index per language.

The glossary's Chinese terms go into a jieba user dictionary (in the scratch folder, at build
time), so 叶子张量 or 向量-雅可比积 stay one word in the index; a term's explaining section is
boosted, and so is the section of a page that ``explains:`` a torch name, so that an API name
lands there (the ranking: :mod:`docexec.site.ranking`). :func:`split_index` writes one index per language (the offline copy gets each as
a script too), :func:`point_search_at_language` makes each page load its own. An error-index
entry (``error_index: true``) is indexed under the message its blocks printed. The query side
(Chinese cut into words, exact words weighted, the highlight) is overrides/assets/javascripts/
search.js. How Material scores, the numbers tuned to it: PERFORMANCE.md ("Search ranking").

May not touch: page content or execution. Changes the search plugin's config, pages'
``search`` metadata, the built index files and the ``base`` of a page's Material config.
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

from docexec.core import errors, identity, paths, settings, thirdparty
from docexec.core.identity import PageId
from docexec.page.glossary import glossary_file, glossary_terms
from docexec.site.ranking import (
    EXPLAINING_BOOST,
    boost_explained_names,
    boost_explaining_sections,
    separate_nested_messages,
    tune_error_entry,
    with_english_anchors,
    without_pilcrows,
)

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.pages import Page


class SearchState:
    """What the index needs to know of the pages, kept across `make serve` rebuilds (a dirty
    rebuild renders some pages only; the others keep what they said last time)."""

    def __init__(self) -> None:
        self.explaining: set[str] = set()  # glossary "page" values, relative to docs/<lang>/
        self.error_pages: set[str] = set()  # URLs of the error index's pages (``error_index: true``)
        self.explains: dict[str, list[str]] = {}  # page URL -> the torch names its ``explains:`` lists


def jieba_user_words(terms: list[dict] | None = None) -> list[str]:
    """The Chinese glossary terms (and their other names), longest first, no duplicates."""
    terms = glossary_terms() if terms is None else terms
    lang = settings.current().segmented_language
    words: set[str] = set()
    for t in terms:
        for name in [t[lang], *t.get(f"aka_{lang}", [])]:
            word = name.strip()
            if word and re.search(r"[\u4e00-\u9fff]", word) and not re.search(r"\s", word):
                words.add(word)
            # Material hands jieba only runs of Han characters: 向量-雅可比积 arrives as
            # 向量 and 雅可比积, so each run of a mixed term is a word of its own too.
            words.update(run for run in re.findall(r"[\u4e00-\u9fff]+", word) if len(run) > 1)
    return sorted(words, key=lambda w: (-len(w), w))


def write_jieba_user_dict(words: list[str], folder: Path | None = None) -> Path:
    """Write jieba's user-dictionary format (one word a line) and return the file."""
    folder = folder or paths.scratch_dir() / "search"
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / "jieba_user_dict.txt"
    text = "".join(f"{w}\n" for w in words)
    if not target.is_file() or target.read_text("utf8") != text:
        tmp = target.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(text, "utf8")
        os.replace(tmp, target)  # parallel builds never see half a file
    return target


def tune_page(page: Page, state: SearchState) -> None:
    """Set a page's search metadata (called by on_page_content, before Material indexes it).

    - A page the glossary names as a term's explanation ranks above pages that only use it
      (Material's search boost, unless the page's front matter sets its own).
    - A notebook is left out: it repeats its page, whose sections are what a search should
      land on.
    - A page of the error index is noted, so that :func:`split_index` can index each entry
      under its message; so are the torch names a page ``explains:``, so that an API name
      lands on it (:func:`boost_explained_names`).
    """
    rel = PageId.of(page.file.src_uri).docs_rel
    meta = dict(page.meta.get("search") or {})
    if page.file.src_uri.endswith(".ipynb"):
        meta["exclude"] = True
    elif rel in state.explaining and "boost" not in meta:
        meta["boost"] = EXPLAINING_BOOST
    if meta:
        page.meta["search"] = meta
    url = PageId.of(page.file.src_uri).within_url
    if page.meta.get("error_index"):
        state.error_pages.add(url)
    else:
        state.error_pages.discard(url)
    names = page.meta.get("explains")
    if isinstance(names, list) and names and all(isinstance(n, str) for n in names):  # build.py reports others
        state.explains[url] = list(names)
    else:
        state.explains.pop(url, None)


def configure_search(config: MkDocsConfig, state: SearchState) -> None:
    """Point the search plugin at the glossary's jieba dictionary (called by on_config)."""
    plugin = config.plugins.get("material/search") or config.plugins.get("search")
    if plugin is None or not glossary_file().is_file():
        return
    name = settings.current().glossary
    try:
        words = jieba_user_words()
    except Exception as exc:  # noqa: BLE001 -- also yaml's errors: report, do not crash
        errors.report(f"{name}: search dictionary: {type(exc).__name__}: {exc}")
        return
    path = write_jieba_user_dict(words)
    state.explaining.clear()
    state.explaining.update(t["page"] for t in glossary_terms())
    plugin.config.jieba_dict_user = str(path)
    # The search plugin's on_config (which loads jieba_dict_user) ran before this hook's,
    # so load the words into jieba here as well; loading them twice is harmless.
    with contextlib.suppress(ImportError):
        import jieba

        thirdparty.jieba_pristine()  # before the user words: the tooltips' tokenizer starts from it
        jieba.load_userdict(str(path))


def split_index(site_dir: Path, languages: list[str] | tuple[str, ...], default: str,
                state: SearchState, script: bool = False) -> dict[str, int]:
    """Split the built search index into one index per language; {language: entries}.

    With ``script``, each is also written as ``search_index.js``, which Material loads instead
    from file:// (the offline copy: it replaces the offline plugin's, made of the whole index)."""
    import json

    source = Path(site_dir) / "search" / "search_index.json"
    if not source.is_file():
        return {}
    index = json.loads(source.read_text("utf8"))
    others = [lang for lang in languages if lang != default]
    counts = {}
    for lang in [default, *others]:
        prefix = identity.prefix(lang, default)
        if lang == default:
            docs = [d for d in index["docs"] if not d["location"].startswith(tuple(f"{o}/" for o in others))]
        else:
            docs = [{**d, "location": d["location"][len(prefix):]} for d in index["docs"] if d["location"].startswith(prefix)]
        terms = glossary_terms() if glossary_file().is_file() else []  # a site without one
        docs = [tune_error_entry(d, state.error_pages) for d in without_pilcrows(docs)]
        docs = boost_explained_names(boost_explaining_sections(docs, lang, terms), state.explains)
        docs = separate_nested_messages(docs, state.error_pages)
        if lang == settings.current().segmented_language:  # the anchors are English (tests/test_parity.py)
            docs = with_english_anchors(docs)
        target = Path(site_dir) / prefix / "search" / "search_index.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        data = json.dumps({**index, "docs": docs}, ensure_ascii=False, separators=(",", ":"))
        target.write_text(data, "utf8")
        if script:  # as Material's offline plugin writes it
            target.with_suffix(".js").write_text(f"var __index = {data}", "utf8")
        counts[lang] = len(docs)
    return counts


_CONFIG_BASE = re.compile(r'(<script id="__config" type="application/json">\{[^<]*?"base": ")([^"]*)(")')


def point_search_at_language(html: str, dest_uri: str, languages: list[str] | tuple[str, ...], default: str | None) -> str:
    """For a page of a non-default language, set Material's ``base`` to that language's root."""
    import posixpath

    lang = PageId.of(dest_uri, languages, default).lang
    if lang is None or lang == default:
        return html
    page_dir = posixpath.dirname(dest_uri) or "."
    base = posixpath.relpath(lang, page_dir)
    return _CONFIG_BASE.sub(lambda m: m.group(1) + base + m.group(3), html, count=1)
