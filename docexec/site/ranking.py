"""ranking: how the search index ranks, tuned on the committed query set.

What :func:`docexec.site.search.split_index` does to each language's entries: a glossary
term's explaining section and a page's ``explains:`` names boosted, an error-index entry
indexed under the message its block printed (and one whose message holds another's put just
below it), a Chinese section under its English anchor's words too, no "¶" in a title. The
other names a title is indexed under follow ``ALIAS``, which the results leave out. The
numbers are tuned to Material's scoring: PERFORMANCE.md ("Search ranking").

May not touch: anything but the index entries it is handed (it returns new ones).
"""

from __future__ import annotations

import re

from docexec.page.glossary import glossary_terms

# Search tuning, measured on the committed query set (tests/search_queries.yml; PERFORMANCE.md):
EXPLAINING_BOOST = 2.0  # a page the glossary names as a term's explanation
SECTION_BOOST = 3.0  # the section that explains a glossary term
ERROR_BOOST = 2.9  # an error-index entry: just below an explaining section
API_BOOST = 5.0  # the section whose title says a torch name its page's `explains:` lists
API_TEXT_BOOST = 4.0  # the section whose text (not title) says such a name (its search title then says it too)
NESTED_FACTOR = 0.93  # an error entry whose message holds another's (0.9-0.97 separate them; 0.8 is too much)
MESSAGE_WORDS = 20  # words of an error message an entry is indexed under
# Before each other name a search title is indexed under (a term's, an API name, an error's
# message): a space to the search's separator (JavaScript's \s), and the mark after which
# the results leave a title out (overrides/assets/javascripts/search.js ALIAS).
ALIAS = " \ufeff"


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
    return re.sub(r"<[^>]*>", "", title).replace("\u200b", "").replace(ALIAS.strip(), "").lower()


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
            titles[first] = ALIAS.join([titles.get(first, docs[first]["title"]), *unsaid])
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
            titles[best] = f"{docs[best]['title']}{ALIAS}{short}"
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
            doc["title"] = f"{doc['title']}{ALIAS}{sentence}"
    return doc


def without_pilcrows(docs: list[dict]) -> list[dict]:
    """A heading's permalink sign (Jupyter's "¶", on the practice pages) is no part of its title:
    the results showed "参考答案¶"."""
    return [{**d, "title": _PILCROW.sub("", d["title"])} if "¶" in d["title"] else d for d in docs]


_PILCROW = re.compile(r"[\s\u200b]*¶\s*$")


def with_english_anchors(docs: list[dict]) -> list[dict]:
    """A section is also indexed under the words of its anchor, which both languages share in
    English (tests/test_parity.py): a Chinese reader types English as often ("backward twice"
    for 同一张图反向传播两次). For the segmented language (Chinese), after every other tuning."""
    return [{**d, "title": d["title"] + ALIAS + anchor.replace("-", " ")}
            if (anchor := d["location"].partition("#")[2]) else d for d in docs]


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
