"""docexec/core/identity.py: one answer to which page a path names (issue 37, item 3)."""

from __future__ import annotations

import pytest

from docexec.core.identity import PageId, is_notebook, prefix

pytestmark = pytest.mark.check

LANGS = ("zh", "en")


@pytest.mark.parametrize("name", ["docs/en/a/b.md", "en/a/b.md", "/home/x/site/docs/en/a/b.md",
                                  "/srv/docs/zh/docs/en/a/b.md"])
def test_every_name_of_a_page_is_the_same_page(name):
    assert PageId.of(name, LANGS, "zh") == PageId("en", "a/b.md", "zh")


def test_outside_the_language_trees_a_page_has_no_language():
    for name in ("docs/fr/a.md", "snippets/a.py", "fr/a.md", "a.md"):
        assert PageId.of(name, LANGS, "zh").lang is None, name
    assert PageId.of("docs/fr/a.md", LANGS, "zh").docs_rel == "fr/a.md"
    assert PageId.of("a.md", (), None).url == "a/"  # a site without languages: no prefix


@pytest.mark.parametrize(("lang", "rel", "url"), [
    ("zh", "autograd/leaf.md", "autograd/leaf/"), ("zh", "index.md", ""), ("zh", "tensors/index.md", "tensors/"),
    ("en", "index.md", "en/"), ("en", "tensors/index.md", "en/tensors/"), ("en", "practice/autograd.py", "en/practice/autograd/"),
    ("zh", "practice/x.ipynb", "practice/x/"), ("en", "a/index.py", "en/a/"),
])
def test_a_page_s_url_is_its_folder_below_its_language_s_root(lang, rel, url):
    page = PageId(lang, rel, "zh")
    assert page.url == url
    assert page.within_url == url.removeprefix("en/")


def test_paths_twins_and_notebooks():
    page = PageId.of("docs/zh/practice/tensors.py", LANGS, "zh")
    assert (page.path, page.src_uri, page.notebook) == ("docs/zh/practice/tensors.py", "zh/practice/tensors.py", True)
    twin = page.twin("en")
    assert (twin.path, twin.url) == ("docs/en/practice/tensors.py", "en/practice/tensors/")
    assert not PageId("zh", "a.md", "zh").notebook and is_notebook("a/b.ipynb") and not is_notebook("a.md")
    assert (prefix("zh", "zh"), prefix("en", "zh"), prefix(None, "zh")) == ("", "en/", "")


def test_the_current_settings_give_the_languages():
    assert PageId.of("docs/en/a.md") == PageId("en", "a.md", "zh")  # this project's mkdocs.yml
