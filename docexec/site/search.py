"""search: Material's search index, tuned with the glossary, one index per language.

The glossary's Chinese terms go into a jieba user dictionary (in the scratch folder, at build
time), so 叶子张量 or 向量-雅可比积 stay one word in the index; a page the glossary names as a
term's explanation is boosted. :func:`split_index` writes one index per language (a single one
put English pages first for a Chinese reader pasting an error message; the offline copy gets
each as a script too), and :func:`point_search_at_language` makes each page load its own. An
error-index entry (``error_index: true``) is indexed under the message its blocks printed, so a
pasted message finds it. How Material scores, and the numbers tuned to it: PERFORMANCE.md
("Search ranking").

May not touch: page content or execution. Changes the search plugin's config, pages'
``search`` metadata, the built index files and the ``base`` of a page's Material config.
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

from docexec.core import errors, paths, settings
from docexec.page.glossary import glossary_file, glossary_terms

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.pages import Page


class SearchState:
    """What the index needs to know of the pages, kept across `make serve` rebuilds (a dirty
    rebuild renders some pages only; the others keep what they said last time)."""

    def __init__(self) -> None:
        self.explaining: set[str] = set()  # glossary "page" values, relative to docs/<lang>/
        self.error_pages: set[str] = set()  # URLs of the error index's pages (``error_index: true``)


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
      under its message.
    """
    rel = settings.current().within_language(page.file.src_uri)
    meta = dict(page.meta.get("search") or {})
    if page.file.src_uri.endswith(".ipynb"):
        meta["exclude"] = True
    elif rel in state.explaining and "boost" not in meta:
        meta["boost"] = settings.current().explaining_boost
    if meta:
        page.meta["search"] = meta
    if page.meta.get("error_index"):
        state.error_pages.add(rel.removesuffix(".md") + "/")
    else:
        state.error_pages.discard(rel.removesuffix(".md") + "/")


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
        prefix = "" if lang == default else f"{lang}/"
        if lang == default:
            docs = [d for d in index["docs"] if not d["location"].startswith(tuple(f"{o}/" for o in others))]
        else:
            docs = [{**d, "location": d["location"][len(prefix):]} for d in index["docs"] if d["location"].startswith(prefix)]
        terms = glossary_terms() if glossary_file().is_file() else []  # a site without one
        docs = separate_nested_messages([boost_explaining_section(tune_error_entry(d, state.error_pages), lang, terms)
                                         for d in docs], state.error_pages)
        target = Path(site_dir) / prefix / "search" / "search_index.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        data = json.dumps({**index, "docs": docs}, ensure_ascii=False, separators=(",", ":"))
        target.write_text(data, "utf8")
        if script:  # as Material's offline plugin writes it
            target.with_suffix(".js").write_text(f"var __index = {data}", "utf8")
        counts[lang] = len(docs)
    return counts


# The first line torch printed for the entry: ``RuntimeError: ...`` or ``UserWarning: ...``.
_MESSAGE = re.compile(r"(?:^|\n|>|: )((?:\w+\.)*\w+(?:Error|Warning): [^\n<]+)")


def page_key(url: str) -> str:
    """A page's URL in an index entry as the state names pages, with directory URLs:
    ``errors/x.html`` (the offline copy's) -> ``errors/x/``; ``errors/x/`` stays."""
    if not url.endswith(".html"):
        return url
    stem = url.removesuffix(".html")
    return stem.removesuffix("index") if stem == "index" or stem.endswith("/index") else stem + "/"


def boost_explaining_section(doc: dict, lang: str, terms: list[dict] | None = None) -> dict:
    """The section that explains a glossary term ranks above pages that only use the term
    (a whole-page boost was not enough once other pages used the same words: PERFORMANCE.md).

    That section is the one the glossary names (``page: file.md#anchor``); without an anchor,
    the section of the term's page (or its top) whose title names the term or another name."""
    location = doc["location"]
    page, _, anchor = location.partition("#")
    page = page_key(page)
    title = doc["title"].replace("\u200b", "").lower()
    for term in glossary_terms() if terms is None else terms:
        if term["page"].removesuffix(".md") + "/" != page:
            continue
        names = [term.get(lang, ""), *term.get(f"aka_{lang}", [])]
        wanted = term.get(f"anchor_{lang}", "")
        if (anchor and anchor == wanted) or (
                not wanted and any(name and name.lower() in title for name in names)):
            return {**doc, "boost": max(doc.get("boost", 1.0), settings.current().section_boost)}
    return doc


def error_message(text: str) -> str | None:
    """The first ``SomeError: ...`` / ``SomeWarning: ...`` line in a section's indexed text."""
    import html

    match = _MESSAGE.search(html.unescape(text))
    return match.group(1).strip() if match else None


def tune_error_entry(doc: dict, error_pages: set[str]) -> dict:
    """An entry of the error index is indexed under the message torch printed, as a reader
    pastes it (Material weighs a title 1000 times its text), and ranks like an explaining page.

    The heading stays what the reader sees on the page; only the search title grows."""
    location = doc["location"]
    if not (page_key(location.split("#")[0]) in error_pages and "#" in location):
        return doc
    doc = {**doc, "boost": max(doc.get("boost", 1.0), settings.current().error_boost)}
    message = error_message(doc.get("text", ""))
    if message:
        # Only the message's first sentence, and no word twice where it can be helped: Material
        # adds a trailing wildcard to every query word and does not normalise by length, so a
        # longer title (or a repeated word) outranks a shorter one that matches the same query.
        first = re.split(r"(?<=[.!?]) ", message, maxsplit=1)[0].split()[:settings.current().message_words]
        sentence = " ".join(first)
        plain = doc["title"].replace("\u200b", "").strip().lower()
        if plain.rstrip(". ") in sentence.lower():
            doc["title"] = sentence  # the heading is the message (English): show it whole
        elif sentence.split(": ", 1)[-1].lower() not in plain:
            doc["title"] = f"{doc['title']} \u200b{sentence}"
    return doc


def separate_nested_messages(docs: list[dict], error_pages: set[str]) -> list[dict]:
    """When one entry's message contains another's whole ("a view of a leaf Variable ..."
    contains "a leaf Variable ..."), the longer entry matches the shorter message as well, with
    a repeated word to spare: it ranks a little lower, so that each message finds its own
    entry (its extra words still win it its own message)."""
    messages = {}
    for d in docs:
        page = page_key(d["location"].split("#")[0])
        if page in error_pages and "#" in d["location"] and (m := error_message(d.get("text", ""))):
            messages[d["location"]] = m.split(": ", 1)[-1].split(". ")[0].lower()
    nested = {loc for loc, m in messages.items() if any(o != m and o in m for o in messages.values())}
    factor = settings.current().nested_factor
    return [{**d, "boost": d["boost"] * factor} if d["location"] in nested else d for d in docs]


_CONFIG_BASE = re.compile(r'(<script id="__config" type="application/json">\{[^<]*?"base": ")([^"]*)(")')


def point_search_at_language(html: str, dest_uri: str, languages: list[str] | tuple[str, ...], default: str | None) -> str:
    """For a page of a non-default language, set Material's ``base`` to that language's root."""
    import posixpath

    lang = dest_uri.split("/", 1)[0]
    if lang == default or lang not in languages:
        return html
    page_dir = posixpath.dirname(dest_uri) or "."
    base = posixpath.relpath(lang, page_dir)
    return _CONFIG_BASE.sub(lambda m: m.group(1) + base + m.group(3), html, count=1)
