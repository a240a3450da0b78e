"""search: Material's search index, tuned with the glossary, one index per language.

The glossary's Chinese terms go into a jieba user dictionary (in the scratch folder, at build
time), so 叶子张量 or 向量-雅可比积 stay one word in the index; a term's explaining section is
boosted, and so is the section of a page that ``explains:`` a torch name, so that an API name
lands there. :func:`split_index` writes one index per language (the offline copy gets each as
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

from docexec.core import errors, identity, paths, settings
from docexec.core.identity import PageId
from docexec.page.glossary import glossary_file, glossary_terms

# Search tuning, measured on the committed query set (tests/search_queries.yml; PERFORMANCE.md):
EXPLAINING_BOOST = 2.0  # a page the glossary names as a term's explanation
SECTION_BOOST = 3.0  # the section that explains a glossary term
ERROR_BOOST = 2.9  # an error-index entry: just below an explaining section
API_BOOST = 5.0  # the section whose title says a torch name its page's `explains:` lists
API_TEXT_BOOST = 4.0  # the section whose text (not title) says such a name (its search title then says it too)
NESTED_FACTOR = 0.93  # an error entry whose message holds another's (0.9-0.97 separate them; 0.8 is too much)
MESSAGE_WORDS = 20  # words of an error message an entry is indexed under

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
        docs = [tune_error_entry(d, state.error_pages) for d in docs]
        docs = boost_explained_names(boost_explaining_sections(docs, lang, terms), state.explains)
        docs = separate_nested_messages(docs, state.error_pages)
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


def _plain(title: str) -> str:
    """A search title as text: no markup, no zero-width spaces, lower case."""
    return re.sub(r"<[^>]*>", "", title).replace("\u200b", "").lower()


def boost_explaining_sections(docs: list[dict], lang: str, terms: list[dict] | None = None) -> list[dict]:
    """The section that explains a glossary term ranks above pages that only use the term
    (a whole-page boost was not enough once other pages used the same words: PERFORMANCE.md).

    That section is the one the glossary names (``page: file.md#anchor``); without an anchor, for
    each of the term's names, the first section of its page whose title says it, else the page
    if its title does. One entry a name: when every section of a page says 原地, ranking each of
    them first for every query put 需要梯度的叶子张量不能原地修改 above the page on 叶子张量; and a
    section before the page, which Material already ranks about 2.5 times above its sections
    (海森矩阵 ranked the page on Hessians first for 雅可比矩阵, its title says both). A name no
    title of the page says is added to the search title of the term's entry (关闭自动微分 +
    自动求导): a query for another name of a term finds the term's section."""
    terms = glossary_terms() if terms is None else terms
    chosen: set[int] = set()
    titles: dict[int, str] = {}
    for term in terms:
        page = term["page"].removesuffix(".md") + "/"
        mine = [i for i, d in enumerate(docs) if page_key(d["location"].partition("#")[0]) == page]
        mine = [i for i in mine if "#" in docs[i]["location"]] + [i for i in mine if "#" not in docs[i]["location"]]
        names = [n for n in [term.get(lang, ""), *term.get(f"aka_{lang}", [])] if n]
        wanted = term.get(f"anchor_{lang}", "")
        if wanted:
            mine_chosen = [i for i in mine if docs[i]["location"].partition("#")[2] == wanted]
        else:
            mine_chosen = [first for name in names
                           if (first := next((i for i in mine if name.lower() in _plain(docs[i]["title"])), None)) is not None]
        chosen.update(mine_chosen)
        unsaid = [n for n in names if not any(n.lower() in _plain(docs[i]["title"]) for i in mine)]
        if mine_chosen and unsaid:
            first = mine_chosen[0]
            titles[first] = " \u200b".join([titles.get(first, docs[first]["title"]), *unsaid])
    boost = SECTION_BOOST
    return [{**d, "title": titles.get(i, d["title"]), "boost": max(d.get("boost", 1.0), boost)} if i in chosen else d
            for i, d in enumerate(docs)]


def _spellings(name: str) -> list[str]:
    """How a title may name a torch name, the longest first: ``torch.autograd.grad`` ->
    ``torch.autograd.grad``, ``autograd.grad``, ``grad``."""
    parts = name.lower().split(".")
    return [".".join(parts[i:]) for i in range(len(parts))]


def _says(spelling: str, text: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(spelling)}(?!\w)", text) is not None


def boost_explained_names(docs: list[dict], explains: dict[str, list[str]]) -> list[dict]:
    """A query that is an API name lands on the page that ``explains:`` it, not on an error
    entry whose message merely says it (issue 30; PERFORMANCE.md, "Search ranking").

    For each name a page explains, one section of the page ranks above an error entry: the
    first whose title says the name (``retain_grad`` in 方法 1：retain_grad(), the longest
    spelling any title has). When no title of the page says it, the section whose text says it
    and whose title shares the most of its words, and its search title then says it too
    (数一数保存了多少 + saved_tensors_hooks; Material weighs a title 1000 times its text); one
    name a title, and not a name another section's title says already (register_hook: the
    tensor's, not the graph node's). A page whose title says a name ranks as an explaining
    section only: Material already ranks a page about 2.5 times above its sections. A section
    whose heading starts with code (``dir()``: ...) explains that code, a torch name or not."""
    chosen: set[int] = set()
    titles: dict[int, str] = {}
    later: list[tuple[list[int], str]] = []
    for page, names in explains.items():
        mine = [i for i, d in enumerate(docs) if page_key(d["location"].partition("#")[0]) == page]
        sections = [i for i in mine if "#" in docs[i]["location"]]
        for name in names:
            found = None
            for spelling in _spellings(name):
                found = next((i for i in sections if _says(spelling, _plain(docs[i]["title"]))), None)
                if found is not None:
                    break
            if found is not None:
                chosen.add(found)
            elif not any(_says(sp, _plain(docs[i]["title"])) for i in mine for sp in _spellings(name)):
                later.append((sections, name))
    said = {_plain(docs[i]["title"]) for i in chosen}
    for sections, name in later:  # no title of its page says it
        short = _spellings(name)[-1]
        if any(_says(short, title) for title in said):
            continue
        words = set(re.split(r"[\W_]+", short))
        candidates = [i for i in sections if i not in titles and _says(short, _plain(docs[i].get("text", "")))]
        if candidates:
            best = max(candidates, key=lambda i: len(words & set(re.split(r"[\W_]+", _plain(docs[i]["title"])))))
            titles[best] = f"{docs[best]['title']} \u200b{short}"
            said.add(short)
            chosen.add(best)
    chosen.update(i for i, d in enumerate(docs) if "#" in d["location"] and d["title"].startswith("<code>"))
    pages = {i for page, names in explains.items() for i, d in enumerate(docs)
             if d["location"] == page or page_key(d["location"]) == page
             if any(_says(sp, _plain(d["title"])) for name in names for sp in _spellings(name))}
    boost, by_text, less = API_BOOST, API_TEXT_BOOST, SECTION_BOOST
    return [{**d, "title": titles[i], "boost": max(d.get("boost", 1.0), by_text)} if i in titles else
            {**d, "boost": max(d.get("boost", 1.0), boost)} if i in chosen else
            {**d, "boost": max(d.get("boost", 1.0), less)} if i in pages else d for i, d in enumerate(docs)]


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
    doc = {**doc, "boost": max(doc.get("boost", 1.0), ERROR_BOOST)}
    message = error_message(doc.get("text", ""))
    if message:
        # The message's first words (20), and no word twice where it can be helped: Material
        # does not normalise by length, so a longer title (or a repeated word) outranks a
        # shorter one that matches the same query. Not only its first sentence: "Inference
        # tensors cannot be saved for backward." lost its own paste to the section on
        # torch.inference_mode, which the message's second sentence names (issue 30).
        first = message.split()[:MESSAGE_WORDS]
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
    factor = NESTED_FACTOR
    return [{**d, "boost": d["boost"] * factor} if d["location"] in nested else d for d in docs]


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
