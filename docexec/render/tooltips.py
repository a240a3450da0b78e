"""tooltips: a glossary term's other-language name and note, where it first appears on a page.

:func:`add_tooltips` wraps the first use of each glossary.yml term (or of one of its other
names) in the page's prose in ``<span class="docexec-term" tabindex="0" data-term data-note>``;
the site's script (overrides/assets/javascripts/tooltips.js) shows them on hover, focus or tap
in one bubble under ``<body>`` (a bubble inside the content would be clipped by the blocks that
are drawn only near the screen). Attributes, not text: search indexes a page's text, so the
other language stays out of every page's entry, and copying a sentence copies the sentence.
Prose only: not in code, math, headings, links, labels, outputs or closed details; no tooltips
on the glossary page (every term is defined there) or on notebook pages; a paragraph (item,
cell) marks :data:`PER_PARAGRAPH` terms at most, the others where they are next used. Chinese
terms match only as whole jieba words (一次梯度 holds no 次梯度), English ones on word boundaries
in any case, plural or not; the longest name first (叶子张量 before 张量). Notes: plain text.

May not touch: execution, files, MkDocs objects. Reads glossary.yml (:func:`for_page`).
"""

from __future__ import annotations

import dataclasses
import functools
import html as htmllib
import re
from typing import Any

from docexec.core import errors, settings, thirdparty
from docexec.page.glossary import GLOSSARY_CLASS, glossary_file, glossary_terms, glossary_version
from docexec.render import html_walk

TERM_CLASS = "docexec-term"  # styled and brought to life by extra.css and tooltips.js
PER_PARAGRAPH = 3  # terms marked in one paragraph at most
_PARAGRAPHS = frozenset({"p", "li", "dd", "dt", "td", "blockquote", "figcaption"})  # what that counts in
NOTEBOOK_CLASS = "jupyter-wrapper"  # a notebook page (mkdocs-jupyter): left as it is
_PASSED_BY = frozenset({"pre", "svg"})  # walked past whole: never a tooltip inside, and most of a page's tags
_WHOLE_PAGE = frozenset({GLOSSARY_CLASS, NOTEBOOK_CLASS, TERM_CLASS})  # an element of one: no tooltips on the page

# No tooltip inside these elements, nor inside an element with one of these classes.
_SKIP_TAGS = frozenset({
    "a", "abbr", "button", "code", "dfn", "h1", "h2", "h3", "h4", "h5", "h6", "kbd", "label",
    "math", "option", "pre", "samp", "script", "select", "style", "summary", "svg", "textarea",
    "th", "title", "var",
})
_SKIP_CLASSES = frozenset({
    "admonition-title", "arithmatex", "docexec-output", "filename", "headerlink", "md-content__button",
    "tabbed-labels", TERM_CLASS, NOTEBOOK_CLASS,
})


@dataclasses.dataclass(frozen=True)
class _Term:
    """One glossary entry as a page in one language shows it: its names there, and the
    attributes its tooltip is made of (the other language's term and the note)."""

    names: tuple[str, ...]
    markup: str


class _Matcher:
    """The terms of one language: a regular expression of every name, longest first, and how
    a match is accepted (word boundaries; jieba's words in the segmented language)."""

    def __init__(self, terms: tuple[_Term, ...], segmented: bool) -> None:
        self.segmented = segmented
        self.by_name: dict[str, int] = {}
        for i, term in enumerate(terms):
            for name in term.names:
                self.by_name.setdefault(name.lower(), i)  # a name two entries share: the first's
        names = sorted(self.by_name, key=lambda n: (-len(n), n))
        alternatives = "|".join(re.escape(n) for n in names)
        if segmented:
            self.regex = re.compile(alternatives, re.I)
            self.longest_first = names
        else:  # word boundaries; not inside a dotted or path-like name; a plural s or es
            self.regex = re.compile(rf"(?<![\w\-./])(?P<name>{alternatives})(?:e?s)?(?![\w\-/]|\.\w)", re.I)
        self.tokenizer = _tokenizer(tuple(names)) if segmented else None

    def spans(self, text: str) -> list[tuple[int, int, int]]:
        """Every whole use of a name in ``text``: (start, end, term index), none overlapping."""
        if not self.segmented:
            return [(m.start(), m.end(), self.by_name[m["name"].lower()]) for m in self.regex.finditer(text)]
        found: list[tuple[int, int, int]] = []
        low = text.lower()
        if len(low) != len(text):  # a character whose lower case is longer: offsets must hold
            low = text
        bounds: set[int] | None = None
        pos = 0
        while (m := self.regex.search(text, pos)) is not None:
            start = m.start()
            if bounds is None:
                bounds = self._word_bounds(text)
            end = next((start + len(n) for n in self.longest_first
                        if low.startswith(n, start) and start in bounds and start + len(n) in bounds), None)
            if end is None:  # inside a word of another meaning (每次梯度): look on from the next character
                pos = start + 1
                continue
            found.append((start, end, self.by_name[low[start:end]]))
            pos = end
        return found

    def _word_bounds(self, text: str) -> set[int]:
        assert self.tokenizer is not None
        bounds, pos = {0}, 0
        for word in self.tokenizer.cut(text, HMM=False):
            pos += len(word)
            bounds.add(pos)
        return bounds


@functools.lru_cache(maxsize=4)
def _tokenizer(words: tuple[str, ...]) -> Any:  # a jieba.Tokenizer (jieba has no types)
    """A jieba tokenizer of its own (the search's is configured by the search plugin), with the
    glossary's names as words, so that 叶子张量 is one word and 非叶子张量 another."""
    import logging

    import jieba

    jieba.setLogLevel(logging.WARNING)
    tokenizer = thirdparty.jieba_tokenizer()  # the default dictionary, loaded once a process
    for word in words:
        if not re.search(r"\s", word):
            tokenizer.add_word(word)
    return tokenizer


@functools.lru_cache(maxsize=8)
def _matcher(terms: tuple[_Term, ...], segmented: bool) -> _Matcher:
    return _Matcher(terms, segmented)


def _page_terms(lang: str, entries: list[dict]) -> tuple[_Term, ...]:
    others = settings.current().others(lang)
    other = others[0] if others else lang
    return tuple(_Term((e[lang], *e.get(f"aka_{lang}", [])),
                       f' data-term="{htmllib.escape(e[other])}" data-lang="{htmllib.escape(other)}"'
                       f' data-note="{htmllib.escape(plain_note(e[f"note_{lang}"]))}"')
                 for e in entries)


# --- notes as plain text -----------------------------------------------------------------

_TEX_SYMBOLS = {r"\partial": "∂", r"\varepsilon": "ε", r"\epsilon": "ϵ", r"\times": "×", r"\top": "⊤",
                r"\cdot": "·", r"\,": "\u2009", r"\;": " ", r"\quad": " ", r"\lambda": "λ", r"\alpha": "α",
                r"\beta": "β", r"\sigma": "σ", r"\nabla": "∇", r"\sum": "∑", r"\to": "→", r"\le": "≤",
                r"\ge": "≥", r"\ne": "≠", r"\infty": "∞"}
_SUPERSCRIPT = dict(zip("0123456789+-=()niT⊤", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱᵀᵀ", strict=True))
_SUBSCRIPT = dict(zip("0123456789+-=()aeijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ", strict=True))


def _tex_plain(tex: str) -> str:
    """A short TeX formula as text: $J_{ij} = \\partial y_i / \\partial x_j$ -> Jᵢⱼ = ∂yᵢ / ∂xⱼ."""
    text = re.sub(r"\\[A-Za-z]+|\\[,;]", lambda m: _TEX_SYMBOLS.get(m.group(0), m.group(0)), tex)

    def script(m: re.Match) -> str:
        table = _SUPERSCRIPT if m["mark"] == "^" else _SUBSCRIPT
        body = m["group"] if m["group"] is not None else m["one"]
        if all(ch in table for ch in body):
            return "".join(table[ch] for ch in body)
        return m.group(0)  # no such character: left as TeX (test_tooltips checks every note)

    text = re.sub(r"(?P<mark>[\^_])(?:\{(?P<group>[^{}]*)\}|(?P<one>[^\s{}\\]))", script, text)
    text = re.sub(r"(∂|∇)\s+(?=\w)", r"\1", text)  # \partial y -> ∂y
    return re.sub(r"\s+(?=[ᵀ⊤])", "", text).replace("{", "").replace("}", "")


def plain_note(note: str) -> str:
    """A glossary note as a tooltip shows it: `code` and $math$ as plain text."""
    note = re.sub(r"`([^`]*)`", r"\1", note)
    return re.sub(r"\$([^$]+)\$", lambda m: _tex_plain(m.group(1)), note)


# --- the page ----------------------------------------------------------------------------


def add_tooltips(html: str, lang: str, terms: list[dict], page_terms: tuple[_Term, ...] | None = None) -> str:
    """The page's HTML with the first use of each term in its prose marked up for a tooltip.

    ``terms``: glossary entries (:func:`~docexec.page.glossary.glossary_terms`); ``lang``: the
    page's language; ``page_terms``: what :func:`_page_terms` makes of them (for_page keeps it
    per language and glossary version). The glossary page, notebook pages and a page that has its tooltips
    already (on_page_content twice would mark each term's second use) come back as they are."""
    if not terms:
        return html
    page_terms = page_terms or _page_terms(lang, terms)
    matcher = _matcher(page_terms, lang == settings.current().segmented_language)
    if matcher.regex.search(html) is None:
        return html
    tokens = html_walk.walk(html, _PASSED_BY)
    if any(not _WHOLE_PAGE.isdisjoint(token.classes) for token in tokens if token.kind == html_walk.START):
        return html
    quiet = {token for token in tokens if token.kind == html_walk.START and _no_tooltips_inside(token)}
    done: set[int] = set()
    edits: list[tuple[int, int, str]] = []
    marked: dict[html_walk.Token | None, int] = {}  # the innermost paragraph (None: outside any) -> terms marked in it
    for token in tokens:
        if len(done) == len(page_terms):
            break
        if token.kind != html_walk.TEXT or not token.raw.strip() or not quiet.isdisjoint(token.parents):
            continue
        chunk, out, last = token.raw, [], 0  # as written: entities stay as they are
        paragraph = next((p for p in reversed(token.parents) if p.tag in _PARAGRAPHS), None)
        for start, end, index in matcher.spans(chunk):
            if index in done:
                continue
            if marked.get(paragraph, 0) >= PER_PARAGRAPH:
                break
            marked[paragraph] = marked.get(paragraph, 0) + 1
            done.add(index)
            out += [chunk[last:start],
                    f'<span class="{TERM_CLASS}" tabindex="0"{page_terms[index].markup}>{chunk[start:end]}</span>']
            last = end
        if out:
            edits.append((token.start, token.end, "".join(out) + chunk[last:]))
    return html_walk.splice(html, edits)


def _no_tooltips_inside(element: html_walk.Token) -> bool:
    return (element.tag in _SKIP_TAGS or (element.tag == "details" and not element.has("open"))
            or not _SKIP_CLASSES.isdisjoint(element.classes))


def for_page(html: str, lang: str | None) -> str:
    """:func:`add_tooltips` with the site's glossary (the build's call; a site without
    glossary.yml, or a page of no language, gets none; a broken glossary is reported)."""
    if not lang or not glossary_file().is_file():
        return html
    try:
        terms = glossary_terms()
    except Exception as exc:  # noqa: BLE001 -- also yaml's errors: report once, do not crash
        errors.report(f"{settings.current().glossary}: tooltips: {type(exc).__name__}: {exc}")
        return html
    version = glossary_version()
    if _made.get("version") != version:  # a language's terms, made once per version of the glossary
        _made.clear()
        _made["version"] = version
    if lang not in _made:
        _made[lang] = _page_terms(lang, terms)
    return add_tooltips(html, lang, terms, _made[lang])


_made: dict[str, Any] = {}
