"""docexec/core/thirdparty.py complete_alternates: a notebook page gets the language alternates static-i18n leaves out."""

from __future__ import annotations

from types import SimpleNamespace as NS

import pytest

from docexec.core.thirdparty import complete_alternates

pytestmark = pytest.mark.check


def home_pages() -> list[NS]:
    """The two home pages as static-i18n leaves them: each with both alternates (MkDocs' URLs)."""
    zh = NS(src_uri="zh/index.md", url="./")
    en = NS(src_uri="en/index.md", url="en/")
    zh.alternates = en.alternates = {"zh": zh, "en": en}
    return [zh, en]


def notebook(src_uri: str, url: str, **alternates: str) -> NS:
    return NS(src_uri=src_uri, url=url, alternates={lang: NS(url=u) for lang, u in alternates.items()})


def test_the_en_notebook_gets_its_zh_alternate():
    nb = notebook("en/practice/p1.ipynb", "en/practice/p1/", en="en/practice/p1/")
    complete_alternates(nb, [*home_pages(), nb])
    assert {lang: alt.url for lang, alt in nb.alternates.items()} == {"en": "en/practice/p1/", "zh": "practice/p1/"}


def test_the_zh_notebook_gets_its_en_alternate():
    nb = notebook("zh/practice/p1.ipynb", "practice/p1/", zh="practice/p1/")
    complete_alternates(nb, [nb, *home_pages()])
    assert {lang: alt.url for lang, alt in nb.alternates.items()} == {"zh": "practice/p1/", "en": "en/practice/p1/"}


def test_an_alternate_i18n_gave_is_kept():
    nb = notebook("en/practice/p1.ipynb", "en/practice/p1/", en="en/practice/p1/", zh="practice/elsewhere/")
    theirs = nb.alternates["zh"]
    complete_alternates(nb, [*home_pages(), nb])
    assert nb.alternates["zh"] is theirs and theirs.url == "practice/elsewhere/"


def test_nothing_is_guessed_without_what_it_needs():
    nb = notebook("en/practice/p1.ipynb", "en/practice/p1/", en="en/practice/p1/")
    lone_home = NS(src_uri="en/index.md", url="en/", alternates={"en": NS(url="en/")})
    complete_alternates(nb, [lone_home, nb])  # no home page with the other languages
    assert set(nb.alternates) == {"en"}
    stranger = notebook("en/practice/p1.ipynb", "en/practice/p1/", en="en/practice/other/")
    complete_alternates(stranger, [*home_pages(), stranger])  # not one of its own alternates: language unknown
    assert set(stranger.alternates) == {"en"}
    outside = notebook("en/practice/p1.ipynb", "practice/p1/", en="practice/p1/")
    complete_alternates(outside, [*home_pages(), outside])  # its URL is not under its language's prefix
    assert set(outside.alternates) == {"en"}
    plain = NS(src_uri="en/practice/p1.ipynb", url="en/practice/p1/")  # no alternates at all
    complete_alternates(plain, home_pages())
    assert not hasattr(plain, "alternates")
