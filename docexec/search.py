"""search: Material's search index, tuned with the glossary.

Material's search plugin segments Chinese text with jieba when it builds the index.
The glossary's Chinese terms (glossary.yml) go into a jieba user dictionary, written at
build time into the scratch folder (never committed), so that 叶子张量, 计算图 or
向量-雅可比积 stay one word in the index and a search for them finds them whole. A
page the glossary names as a term's explanation gets a search boost.

May not touch: page content or execution. Changes only the search plugin's config and
pages' ``search`` metadata.
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
