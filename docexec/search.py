"""search: Material's search index, tuned with the glossary.

Material's search plugin segments Chinese text with jieba when it builds the index.
The glossary's Chinese terms (glossary.yml) go into a jieba user dictionary, written at
build time into the scratch folder (never committed), so that 叶子张量, 计算图 or
向量-雅可比积 stay one word in the index and a search for them finds them whole. A
page the glossary names as a term's explanation gets a search boost.

One index per language: MkDocs and static-i18n write a single index holding both
languages, so a Chinese reader searching an error message (Latin letters) got English
pages first. :func:`split_index` writes ``search/search_index.json`` with the default
language's pages only and ``<lang>/search/search_index.json`` for each other language,
and :func:`point_search_at_language` makes each page's search load its own language's
index (Material loads ``<base>/search/search_index.json``; the base of an ``en/`` page is
set to ``en/``). A pasted error message should land on its entry in the error index
(``docs/<lang>/errors/``): those sections get a boost, and in Chinese their title also
carries torch's English message (:func:`tune_error_entry`); measured with the browser
tests, which paste every indexed message.

May not touch: page content or execution. Changes the search plugin's config, pages'
``search`` metadata, the built index files and the ``base`` of a page's Material config.
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path

from docexec import project
from docexec.glossary import GLOSSARY_FILE, GLOSSARY_LANGS, glossary_terms

def jieba_user_words(terms: list[dict] | None = None) -> list[str]:
    """The Chinese glossary terms (and their other names), longest first, no duplicates."""
    terms = glossary_terms() if terms is None else terms
    words: set[str] = set()
    for t in terms:
        for word in [t["zh"], *t.get("aka_zh", [])]:
            word = word.strip()
            if word and re.search(r"[\u4e00-\u9fff]", word) and not re.search(r"\s", word):
                words.add(word)
            # Material hands jieba only runs of Han characters: 向量-雅可比积 arrives as
            # 向量 and 雅可比积, so each run of a mixed term is a word of its own too.
            words.update(run for run in re.findall(r"[\u4e00-\u9fff]+", word) if len(run) > 1)
    return sorted(words, key=lambda w: (-len(w), w))


def write_jieba_user_dict(words: list[str], folder: Path | None = None) -> Path:
    """Write jieba's user-dictionary format (one word a line) and return the file."""
    folder = folder or project.scratch_dir() / "search"
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / "jieba_user_dict.txt"
    text = "".join(f"{w}\n" for w in words)
    if not target.is_file() or target.read_text("utf8") != text:
        tmp = target.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(text, "utf8")
        os.replace(tmp, target)  # parallel builds never see half a file
    return target


EXPLAINING_PAGES: set[str] = set()  # glossary "page" values, relative to docs/<lang>/
EXPLAINING_BOOST = 2.0


def boost_explaining_page(page) -> None:
    """Rank a page the glossary names as a term's explanation above pages that only use it.

    (Material's search boost, set unless the page's front matter sets its own.)
    """
    rel = Path(page.file.src_uri).parts
    rel = "/".join(rel[1:] if rel and rel[0] in GLOSSARY_LANGS else rel)
    if rel in EXPLAINING_PAGES and "boost" not in (page.meta.get("search") or {}):
        page.meta["search"] = {**(page.meta.get("search") or {}), "boost": EXPLAINING_BOOST}


def configure_search(config) -> None:
    """Point the search plugin at the glossary's jieba dictionary (called by on_config)."""
    plugin = config.plugins.get("material/search") or config.plugins.get("search")
    if plugin is None or not (project.ROOT / GLOSSARY_FILE).is_file():
        return
    try:
        words = jieba_user_words()
    except Exception as exc:  # noqa: BLE001 -- also yaml's errors: report, do not crash
        project.log.error(f"{GLOSSARY_FILE}: search dictionary: {type(exc).__name__}: {exc}")
        return
    path = write_jieba_user_dict(words)
    EXPLAINING_PAGES.clear()
    EXPLAINING_PAGES.update(t["page"] for t in glossary_terms())
    plugin.config.jieba_dict_user = str(path)
    # The search plugin's on_config (which loads jieba_dict_user) ran before this hook's,
    # so load the words into jieba here as well; loading them twice is harmless.
    with contextlib.suppress(ImportError):
        import jieba

        jieba.load_userdict(str(path))


# --- glossary -----------------------------------------------------------------------
# glossary.yml (project root) fixes the zh <-> en terms of the site. A page holding the
# line ``<!-- glossary -->`` gets, in its place, a table of those terms in the page's


def split_index(site_dir: Path, languages: list[str], default: str) -> dict[str, int]:
    """Split the built search index into one index per language; {language: entries}."""
    import json

    source = Path(site_dir) / "search" / "search_index.json"
    if not source.is_file():
        return {}
    index = json.loads(source.read_text("utf8"))
    others = [lang for lang in languages if lang != default]
    english = {d["location"][len("en/"):]: d["title"] for d in index["docs"] if d["location"].startswith("en/")}
    counts = {}
    for lang in [default, *others]:
        prefix = "" if lang == default else f"{lang}/"
        if lang == default:
            docs = [d for d in index["docs"] if not d["location"].startswith(tuple(f"{o}/" for o in others))]
        else:
            docs = [{**d, "location": d["location"][len(prefix):]} for d in index["docs"] if d["location"].startswith(prefix)]
        docs = [boost_explaining_section(tune_error_entry(d, english, lang), lang) for d in docs]
        target = Path(site_dir) / prefix / "search" / "search_index.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps({**index, "docs": docs}, ensure_ascii=False, separators=(",", ":")), "utf8")
        counts[lang] = len(docs)
    return counts


ERROR_INDEX = "errors/"  # the error-message index: one section per message
ERROR_BOOST = 1.0


SECTION_BOOST = 3.0


def boost_explaining_section(doc: dict, lang: str) -> dict:
    """The section of a term's explaining page whose title names the term (or an alias) ranks
    above pages that only use the term (measured: a whole-page boost was not enough once
    other pages used the same words)."""
    location = doc["location"]
    if "#" not in location:
        return doc
    page = location.split("#")[0]
    title = doc["title"].lower()
    for term in glossary_terms():
        if term["page"].removesuffix(".md") + "/" != page:
            continue
        names = [term.get(lang, ""), *term.get(f"aka_{lang}", [])]
        if any(name and name.lower() in title for name in names):
            return {**doc, "boost": max(doc.get("boost", 1.0), SECTION_BOOST)}
    return doc


def tune_error_entry(doc: dict, english: dict[str, str], lang: str) -> dict:
    """A section of the error index ranks above chapters that merely print the same message,
    and (outside English) is titled with torch's English message too, as a reader pastes it."""
    location = doc["location"]
    if not (location.startswith(ERROR_INDEX) and "#" in location):
        return doc
    doc = {**doc, "boost": ERROR_BOOST}
    if lang != "en" and location in english and english[location] not in doc["title"]:
        doc["title"] = f"{doc['title']} \u200b{english[location]}"
    return doc


_CONFIG_BASE = re.compile(r'(<script id="__config" type="application/json">\{[^<]*?"base": ")([^"]*)(")')


def point_search_at_language(html: str, dest_uri: str, languages: list[str], default: str) -> str:
    """For a page of a non-default language, set Material's ``base`` to that language's root."""
    import posixpath

    lang = dest_uri.split("/", 1)[0]
    if lang == default or lang not in languages:
        return html
    page_dir = posixpath.dirname(dest_uri) or "."
    base = posixpath.relpath(lang, page_dir)
    return _CONFIG_BASE.sub(lambda m: m.group(1) + base + m.group(3), html, count=1)
