"""docexec/site/search.py: the jieba dictionary from the glossary, one index per language, error
entries and explaining sections ranked first (on a small fake index, no build)."""

from __future__ import annotations

import json
import os
import sys
import textwrap
from pathlib import Path
from types import SimpleNamespace

import pytest

from docexec.core import settings
from docexec.page.glossary import glossary_terms
from docexec.site import search
from docexec.site.ranking import boost_explained_names, boost_explaining_sections, separate_nested_messages, tune_error_entry
from docexec.site.search import (
    SearchState,
    jieba_user_words,
    point_search_at_language,
    split_index,
    tune_page,
    write_jieba_user_dict,
)

pytestmark = pytest.mark.check

GLOSSARY = """
- zh: 叶子张量
  en: leaf tensor
  page: autograd/leaf.md
  aka_zh: [叶张量, 叶子 节点]
  aka_en: [leaf]
  note_zh: 用户创建的张量
  note_en: a tensor the user made
- zh: 向量-雅可比积
  en: vector-Jacobian product
  page: autograd/vjp.md#vjp
  note_zh: 反向传播算的东西
  note_en: what backward computes
- zh: grad
  en: grad
  page: autograd/grad.md
  note_zh: 梯度属性
  note_en: the gradient attribute
"""
LEAF = "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation."
VIEW = "RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation."


@pytest.fixture(autouse=True)
def project(tmp_path):
    """The settings of a zh/en project in tmp_path (with its glossary.yml), put back after the test."""
    saved = settings._CURRENT[:]
    (tmp_path / "glossary.yml").write_text(textwrap.dedent(GLOSSARY).lstrip("\n"), "utf8")
    settings.use(settings.build(tmp_path, None, [("zh", True), ("en", False)], ["snippets"], environ={}))
    yield tmp_path
    settings._CURRENT[:] = saved


# --- the jieba dictionary ----------------------------------------------------------------


def test_jieba_user_words_from_a_glossary_list():
    terms = [{"zh": "叶子张量", "aka_zh": ["叶张量", "leaf"]}, {"zh": "向量-雅可比积"}, {"zh": "grad"},
             {"zh": "计算 图"}, {"zh": "叶子张量"}]
    assert jieba_user_words(terms) == ["向量-雅可比积", "叶子张量", "雅可比积", "叶张量", "向量", "计算"]


def test_jieba_user_words_from_the_project_glossary(project):
    assert jieba_user_words() == ["向量-雅可比积", "叶子张量", "雅可比积", "叶张量", "叶子", "向量", "节点"]
    assert jieba_user_words() == jieba_user_words(glossary_terms(project / "glossary.yml"))


def test_the_user_dictionary_is_one_word_a_line_and_written_only_when_it_changes(tmp_path):
    target = write_jieba_user_dict(["叶子张量", "向量"], tmp_path / "search")
    assert target == tmp_path / "search" / "jieba_user_dict.txt"
    assert target.read_text("utf8") == "叶子张量\n向量\n"
    os.utime(target, ns=(0, 0))
    write_jieba_user_dict(["叶子张量", "向量"], tmp_path / "search")
    assert target.stat().st_mtime_ns == 0  # the same words: not written again
    write_jieba_user_dict(["计算图"], tmp_path / "search")
    assert target.read_text("utf8") == "计算图\n"
    assert [p.name for p in target.parent.iterdir()] == ["jieba_user_dict.txt"]  # no temporary file left


# --- a page's search metadata --------------------------------------------------------------


def page(src_uri: str, **meta) -> SimpleNamespace:
    return SimpleNamespace(file=SimpleNamespace(src_uri=src_uri), meta=dict(meta))


def test_tune_page_boosts_explaining_pages_leaves_notebooks_out_and_notes_the_error_index():
    state = SearchState()
    state.explaining.update({"autograd/leaf.md"})
    leaf, own, other = page("en/autograd/leaf.md"), page("zh/autograd/leaf.md", search={"boost": 5}), page("zh/x.md")
    for p in (leaf, own, other):
        tune_page(p, state)
    assert leaf.meta["search"] == {"boost": 2.0}
    assert own.meta["search"] == {"boost": 5}  # the page's own boost stays
    assert "search" not in other.meta
    notebook = page("zh/practice/p1.ipynb")
    tune_page(notebook, state)
    assert notebook.meta["search"] == {"exclude": True}
    tune_page(page("zh/errors/shape.md", error_index=True), state)
    tune_page(page("en/errors/grad.md", error_index=True), state)
    assert state.error_pages == {"errors/shape/", "errors/grad/"}
    tune_page(page("en/errors/grad.md"), state)  # no longer in the error index
    assert state.error_pages == {"errors/shape/"}


# --- index entries ------------------------------------------------------------------------


def entry(location: str, title: str, text: str = "", **more) -> dict:
    return {"location": location, "title": title, "text": text, **more}


def test_an_error_entry_is_indexed_under_its_message_and_ranks_high():
    doc = entry("errors/#in-place", "原地修改叶子张量", f"<p>运行：</p><pre><code>{LEAF}\nmore</code></pre>")
    tuned = tune_error_entry(doc, {"errors/"})
    assert tuned["title"] == f"原地修改叶子张量 \ufeff{LEAF}"
    assert tuned["boost"] == 2.9 and tuned["text"] == doc["text"]
    assert "boost" not in doc and doc["title"] == "原地修改叶子张量"  # a new entry, the old one unchanged


def test_an_error_entry_keeps_to_the_first_words_and_a_stronger_boost():
    words = " ".join(f"w{n}" for n in range(30))
    doc = entry("errors/#long", "Long", f"UserWarning: {words}. Second sentence.", boost=5.0)
    tuned = tune_error_entry(doc, {"errors/"})
    assert tuned["title"] == "Long \ufeffUserWarning: " + " ".join(f"w{n}" for n in range(19))  # 20 words
    assert tuned["boost"] == 5.0
    short = entry("errors/#inf", "推理张量", "<pre>RuntimeError: Inference tensors cannot be saved for backward. Please do"
                                         " not use Tensors created in inference mode in computation tracked by autograd.</pre>")
    assert tune_error_entry(short, {"errors/"})["title"] == (  # on into the second sentence, up to 20 words
        "推理张量 \ufeffRuntimeError: Inference tensors cannot be saved for backward. Please do not use Tensors created"
        " in inference mode in computation tracked")


def test_an_error_entry_whose_heading_is_the_message_shows_it_whole():
    heading = entry("errors/#leaf", "RuntimeError: a leaf Variable that requires grad", f"<pre>{LEAF}</pre>")
    assert tune_error_entry(heading, {"errors/"})["title"] == LEAF
    named = entry("errors/#leaf", "When a leaf variable that requires grad is being used in an in-place operation.",
                  f"<pre>{LEAF}</pre>")
    assert tune_error_entry(named, {"errors/"})["title"] == named["title"]  # it says the message already


@pytest.mark.parametrize("message", [
    "RuntimeError: shape '[4]' is invalid for input of size 6",
    "RuntimeError: Tensor on device cpu is not on the expected device meta!",
    "ValueError: Expected input batch_size (2) to match target batch_size (3).",
    "RuntimeError: cannot register a hook on a tensor that doesn't require gradient",
    "RuntimeError: inconsistent tensor size, expected tensor [3] and src [4] to have the same number of elements,"
    " but got 3 and 4 elements respectively",
])
def test_a_message_as_the_page_escapes_it_is_the_entry_title(message):
    """Quotes and brackets come HTML-escaped, a message may end in "!" or be a ValueError."""
    import html

    doc = entry("errors/#e", "中文标题", f"<pre><code>{html.escape(message)}\nmore</code></pre>")
    first = " ".join(message.split()[:20])  # the first sentence, at most 20 words
    assert tune_error_entry(doc, {"errors/"})["title"] == f"中文标题 \ufeff{first}"


def test_only_sections_of_error_pages_are_error_entries():
    doc = entry("errors/#leaf", "Leaf", LEAF)
    assert tune_error_entry(doc, {"other/"}) is doc
    top = entry("errors/", "Errors", LEAF)
    assert tune_error_entry(top, {"errors/"}) is top
    silent = tune_error_entry(entry("errors/#quiet", "Quiet", "no message here"), {"errors/"})
    assert (silent["title"], silent["boost"]) == ("Quiet", 2.9)


def boosts(docs: list[dict]) -> dict[str, float]:
    return {d["location"]: d.get("boost", 1.0) for d in docs}


def test_the_section_that_explains_a_term_ranks_first():
    terms = glossary_terms()
    docs = [entry("autograd/leaf/", "Leaves"), entry("autograd/leaf/#what", "What is a leaf\u200b tensor?"),
            entry("autograd/leaf/#other", "Other things"), entry("elsewhere/#leaf", "Leaf tensor")]
    assert boosts(boost_explaining_sections(docs, "en", terms)) == {
        "autograd/leaf/": 1.0, "autograd/leaf/#what": 3.0, "autograd/leaf/#other": 1.0, "elsewhere/#leaf": 1.0}
    zh = [entry("autograd/leaf/#what", "叶张量是什么")]  # another name
    assert boosts(boost_explaining_sections(zh, "zh", terms)) == {"autograd/leaf/#what": 3.0}
    anchored = [entry("autograd/vjp/#intro", "Vector-Jacobian product"), entry("autograd/vjp/#vjp", "Backward")]
    assert boosts(boost_explaining_sections(anchored, "en", terms)) == {  # the glossary names the section
        "autograd/vjp/#intro": 1.0, "autograd/vjp/#vjp": 3.0}
    assert boosts(boost_explaining_sections([{**docs[1], "boost": 4.0}], "en", terms)) == {"autograd/leaf/#what": 4.0}
    assert boosts(boost_explaining_sections(docs[1:2], "en")) == {"autograd/leaf/#what": 3.0}  # the project's glossary
    assert "boost" not in docs[1]  # new entries, the old ones unchanged


def test_only_the_first_entry_that_names_a_term_ranks_first():
    """Every section of the in-place page says 原地: ranking each of them first for every query
    put the one about leaf tensors above the page that explains 叶子张量. One entry a name."""
    docs = [entry("autograd/leaf/#a", "Just a leaf"), entry("autograd/leaf/#b", "Leaf tensors"),
            entry("autograd/leaf/#c", "Leaf tensors again"), entry("autograd/leaf/#d", "A leaf, once more")]
    assert boosts(boost_explaining_sections(docs, "en")) == {  # "leaf tensor", and its other name "leaf"
        "autograd/leaf/#a": 3.0, "autograd/leaf/#b": 3.0, "autograd/leaf/#c": 1.0, "autograd/leaf/#d": 1.0}
    # a section before the page (Material ranks a page about 2.5 times above its sections already)
    page = [entry("autograd/leaf/", "Leaf tensors"), entry("autograd/leaf/#a", "Leaf tensors")]
    assert boosts(boost_explaining_sections(page, "en")) == {"autograd/leaf/": 1.0, "autograd/leaf/#a": 3.0}
    alone = [entry("autograd/leaf/", "Leaf tensors"), entry("autograd/leaf/#a", "Other")]
    assert boosts(boost_explaining_sections(alone, "en")) == {"autograd/leaf/": 3.0, "autograd/leaf/#a": 1.0}


def test_a_name_of_a_term_no_title_says_goes_into_the_search_title_of_its_section():
    """叶子张量's other names are 叶张量 and 叶子 节点: a reader who types one finds the section."""
    docs = [entry("autograd/leaf/", "为什么"), entry("autograd/leaf/#what", "叶子张量与非叶子张量"),
            entry("autograd/leaf/#more", "叶子")]
    out = boost_explaining_sections(docs, "zh")
    assert [d["title"] for d in out] == ["为什么", "叶子张量与非叶子张量 \ufeff叶张量 \ufeff叶子 节点", "叶子"]
    assert boosts(out) == {"autograd/leaf/": 1.0, "autograd/leaf/#what": 3.0, "autograd/leaf/#more": 1.0}


def test_tune_page_notes_what_a_page_explains():
    state = SearchState()
    tune_page(page("zh/autograd/leaf.md", explains=["torch.Tensor.retain_grad", "torch.autograd.grad"]), state)
    tune_page(page("en/autograd/leaf.md", explains=["torch.Tensor.retain_grad", "torch.autograd.grad"]), state)
    tune_page(page("zh/index.md", explains=["torch.no_grad"]), state)
    assert state.explains == {"autograd/leaf/": ["torch.Tensor.retain_grad", "torch.autograd.grad"], "": ["torch.no_grad"]}
    tune_page(page("zh/index.md", explains="torch.no_grad"), state)  # not a list: build.py reports it
    tune_page(page("zh/autograd/leaf.md"), state)  # no longer explains anything (a serve rebuild)
    assert state.explains == {}


GRAD_PAGE = [
    entry("autograd/grad/", "backward() and torch.autograd.grad()", "<p>Intro: x.retain_grad(), saved_tensors_hooks</p>"),
    entry("autograd/grad/#backward", "tensor.backward() is torch.autograd.backward()"),
    entry("autograd/grad/#grad", "torch.autograd.grad(): returns gradients"),
    entry("autograd/grad/#retain", "Method 1: retain_grad()", "<p>retain_grad() and retains_grad</p>"),
    entry("autograd/grad/#count", "Counting what is saved",
          "<pre><code>torch.autograd.graph.saved_tensors_hooks(pack, unpack)</code></pre>"),
    entry("autograd/grad/#hooks", "Registering every kind of hook", "<p>saved_tensors_hooks, register_hook</p>"),
    entry("errors/#retain", "can't retain_grad on Tensor that has requires_grad=False", boost=2.9),
]


def test_an_api_name_ranks_the_section_whose_title_says_it_first():
    explains = {"autograd/grad/": ["torch.autograd.grad", "torch.Tensor.retain_grad", "torch.Tensor.backward"]}
    out = {d["location"]: d for d in boost_explained_names(GRAD_PAGE, explains)}
    assert out["autograd/grad/#grad"]["boost"] == 5.0  # "autograd.grad", not backward's "torch.autograd.backward"
    assert out["autograd/grad/#retain"]["boost"] == 5.0
    assert out["autograd/grad/#backward"]["boost"] == 5.0
    assert out["autograd/grad/"]["boost"] == 3.0  # the page's title says a name: as an explaining section
    assert out["errors/#retain"]["boost"] == 2.9 and out["autograd/grad/#count"].get("boost", 1.0) == 1.0
    assert [d["title"] for d in out.values()] == [d["title"] for d in GRAD_PAGE]  # titles said them already
    assert boost_explained_names(GRAD_PAGE, {"elsewhere/": ["torch.Tensor.retain_grad"]}) == GRAD_PAGE


def test_a_name_no_title_says_goes_to_the_section_whose_text_says_it():
    """Its search title then says it (Material weighs a title 1000 times its text); a section
    other than the page's top; one name a title; the section whose title shares most of its words."""
    explains = {"autograd/grad/": ["torch.autograd.graph.saved_tensors_hooks", "torch.Tensor.retains_grad",
                                   "torch.Tensor.register_hook", "torch.nn.Module.register_full_backward_hook"]}
    out = {d["location"]: d for d in boost_explained_names(GRAD_PAGE, explains)}
    assert out["autograd/grad/#count"]["title"] == "Counting what is saved \ufeffsaved_tensors_hooks"
    assert out["autograd/grad/#count"]["boost"] == 4.0
    assert out["autograd/grad/#retain"]["title"] == "Method 1: retain_grad() \ufeffretains_grad"
    assert out["autograd/grad/#hooks"]["title"] == "Registering every kind of hook \ufeffregister_hook"
    assert "boost" not in out["autograd/grad/"]  # its intro says saved_tensors_hooks first: not the page
    assert not any(d["title"].endswith("register_full_backward_hook") for d in out.values())  # said nowhere


def test_a_name_another_title_says_is_not_added_to_a_second_one():
    """register_hook: the tensor's (its section's title says it), not the graph node's too."""
    docs = [entry("autograd/inter/#hook", "Method 2: register_hook()"),
            entry("advanced/hooks/#every", "Registering every kind of hook", "<p>h.grad_fn.register_hook(f)</p>")]
    explains = {"autograd/inter/": ["torch.Tensor.register_hook"],
                "advanced/hooks/": ["torch.autograd.graph.Node.register_hook"]}
    out = boost_explained_names(docs, explains)
    assert [(d["title"], d.get("boost")) for d in out] == [
        ("Method 2: register_hook()", 5.0), ("Registering every kind of hook", None)]


def test_a_section_whose_heading_starts_with_code_explains_that_code():
    docs = [entry("tensors/docs/", "<code>dir()</code> in a page title"),
            entry("tensors/docs/#dir", "<code>dir()</code>: which names a module has"),
            entry("tensors/docs/#more", "More about <code>help()</code>")]
    assert boosts(boost_explained_names(docs, {})) == {
        "tensors/docs/": 1.0, "tensors/docs/#dir": 5.0, "tensors/docs/#more": 1.0}


def test_an_entry_whose_message_holds_another_ranks_a_little_lower():
    docs = [entry("errors/#leaf", "Leaf", f"<pre>{LEAF}</pre>", boost=2.9),
            entry("errors/#view", "View", f"<pre>{VIEW}</pre>", boost=2.9),
            entry("other/#view", "Other", f"<pre>{VIEW}</pre>", boost=1.0),
            entry("errors/#none", "None", "no message", boost=2.9)]
    out = separate_nested_messages(docs, {"errors/"})
    assert [d["boost"] for d in out] == [2.9, pytest.approx(2.9 * 0.93), 1.0, 2.9]
    assert docs[1]["boost"] == 2.9  # new entries


# --- one index per language -----------------------------------------------------------------


def write_index(site_dir: Path, docs: list[dict]) -> None:
    (site_dir / "search").mkdir(parents=True)
    index = {"config": {"lang": ["zh", "en"], "separator": "x"}, "docs": docs}
    (site_dir / "search" / "search_index.json").write_text(json.dumps(index), "utf8")


def read_index(path: Path) -> dict:
    return json.loads(path.read_text("utf8"))


def test_split_index_writes_one_index_per_language_each_tuned(tmp_path):
    site_dir = tmp_path / "site"
    write_index(site_dir, [
        entry("", "首页"), entry("errors/#leaf", "叶子", f"<pre>{LEAF}</pre>"), entry("autograd/leaf/#x", "叶子张量"),
        entry("en/", "Home"), entry("en/errors/#leaf", "Leaf", f"<pre>{LEAF}</pre>"),
        entry("en/errors/#view", "View", f"<pre>{VIEW}</pre>"), entry("english/", "a zh page named english"),
    ])
    state = SearchState()
    state.error_pages.add("errors/")
    assert split_index(site_dir, ("zh", "en"), "zh", state) == {"zh": 4, "en": 3}
    zh = read_index(site_dir / "search" / "search_index.json")
    en = read_index(site_dir / "en" / "search" / "search_index.json")
    assert zh["config"] == en["config"] == {"lang": ["zh", "en"], "separator": "x"}
    assert [d["location"] for d in zh["docs"]] == ["", "errors/#leaf", "autograd/leaf/#x", "english/"]
    assert [d["location"] for d in en["docs"]] == ["", "errors/#leaf", "errors/#view"]  # without en/
    assert zh["docs"][1]["title"] == f"叶子 \ufeff{LEAF} \ufeffleaf" and zh["docs"][1]["boost"] == 2.9
    assert not any(d["title"].endswith((" \ufeffleaf", " \ufeffview")) for d in en["docs"])  # no anchor: English
    assert zh["docs"][2]["boost"] == 3.0  # the section explaining 叶子张量
    assert en["docs"][1]["boost"] == 2.9 and en["docs"][2]["boost"] == pytest.approx(2.9 * 0.93)
    assert "boost" not in en["docs"][0]


def test_split_index_ranks_what_a_page_explains_in_each_language(tmp_path):
    site_dir = tmp_path / "site"
    write_index(site_dir, [
        entry("autograd/inter/#m1", "方法 1：retain_grad()"), entry("errors/#r", "调用 retain_grad()", f"<pre>{LEAF}</pre>"),
        entry("en/autograd/inter/#m1", "Method 1: retain_grad()"), entry("en/autograd/inter/#other", "Other"),
    ])
    state = SearchState()
    state.error_pages.add("errors/")
    tune_page(page("zh/autograd/inter.md", explains=["torch.Tensor.retain_grad"]), state)
    split_index(site_dir, ("zh", "en"), "zh", state)
    zh = read_index(site_dir / "search" / "search_index.json")["docs"]
    en = read_index(site_dir / "en" / "search" / "search_index.json")["docs"]
    assert [d.get("boost") for d in zh] == [5.0, 2.9] and [d.get("boost") for d in en] == [5.0, None]


def test_split_index_without_an_index_or_a_glossary(tmp_path, project):
    assert split_index(tmp_path / "nothing", ("zh", "en"), "zh", SearchState()) == {}
    (project / "glossary.yml").unlink()
    write_index(tmp_path / "site", [entry("autograd/leaf/#x", "叶子张量"), entry("en/", "Home")])
    assert split_index(tmp_path / "site", ("zh", "en"), "zh", SearchState()) == {"zh": 1, "en": 1}
    assert "boost" not in read_index(tmp_path / "site" / "search" / "search_index.json")["docs"][0]


def test_a_page_of_another_language_loads_its_own_index():
    def config(base: str) -> str:
        return f'<head><script id="__config" type="application/json">{{"base": "{base}", "features": []}}</script></head>'

    langs = ("zh", "en")
    assert point_search_at_language(config("../../.."), "en/autograd/leaf/index.html", langs, "zh") == config("../..")
    assert point_search_at_language(config(".."), "en/index.html", langs, "zh") == config(".")
    assert point_search_at_language(config(".."), "en/404.html", langs, "zh") == config(".")
    for dest in ("autograd/leaf/index.html", "zh/index.html", "fr/index.html"):
        assert point_search_at_language(config("../.."), dest, langs, "zh") == config("../.."), dest
    assert point_search_at_language("<p>no config</p>", "en/index.html", langs, "zh") == "<p>no config</p>"


def test_configure_search_points_the_plugin_at_the_dictionary(project, monkeypatch):
    monkeypatch.setattr(search.paths, "scratch_dir", lambda: project / "scratch")
    loaded: list[str] = []  # jieba itself takes 2 s to load its dictionary
    monkeypatch.setitem(sys.modules, "jieba", SimpleNamespace(load_userdict=loaded.append))
    monkeypatch.setattr(search.thirdparty, "jieba_pristine", lambda: None)  # it would keep the fake's dictionary
    plugin = SimpleNamespace(config=SimpleNamespace(jieba_dict_user=None))
    config = SimpleNamespace(plugins={"material/search": plugin})
    state = SearchState()
    search.configure_search(config, state)
    assert plugin.config.jieba_dict_user == str(project / "scratch" / "search" / "jieba_user_dict.txt")
    assert Path(plugin.config.jieba_dict_user).read_text("utf8").split("\n")[:2] == ["向量-雅可比积", "叶子张量"]
    assert state.explaining == {"autograd/leaf.md", "autograd/vjp.md", "autograd/grad.md"}
    assert loaded == [plugin.config.jieba_dict_user]  # the plugin loaded its dictionary before this hook ran
    search.configure_search(SimpleNamespace(plugins={}), state)  # no search plugin: nothing to do


def test_a_pilcrow_is_no_part_of_a_search_title(tmp_path):
    """The practice pages' headings (Jupyter's permalink sign) showed "参考答案¶" in the results."""
    from docexec.site.ranking import without_pilcrows

    docs = [entry("practice/a/#s", "参考答案\u200b¶"), entry("practice/a/#e", "Exercise 1: a leaf¶"),
            entry("x/#y", "A ¶ in the middle")]
    assert [d["title"] for d in without_pilcrows(docs)] == ["参考答案", "Exercise 1: a leaf", "A ¶ in the middle"]
    site_dir = tmp_path / "site"
    write_index(site_dir, [entry("practice/a/#s", "参考答案\u200b¶"), entry("en/practice/a/#s", "Solution¶")])
    split_index(site_dir, ("zh", "en"), "zh", SearchState())
    assert read_index(site_dir / "search" / "search_index.json")["docs"][0]["title"] == "参考答案 \ufeffs"  # its anchor
    assert read_index(site_dir / "en" / "search" / "search_index.json")["docs"][0]["title"] == "Solution"


def test_other_names_of_a_title_follow_the_mark_the_results_cut_at():
    """search.js leaves a title out from ALIAS on (the reader saw "Forward-mode AD forward mode");
    the mark is whitespace to the search's separator (JavaScript's \\s), so each name ranks as a word."""
    from docexec.site.ranking import ALIAS

    js = (Path(__file__).resolve().parent.parent / "overrides" / "assets" / "javascripts" / "search.js").read_text("utf8")
    assert f'var ALIAS = "\\u{ord(ALIAS.strip()):04x}"' in js
    assert ALIAS.strip() == "\ufeff" and ALIAS.startswith(" ")  # U+FEFF is in ECMAScript's WhiteSpace
    tuned = tune_error_entry(entry("errors/#leaf", "叶子", f"<pre>{LEAF}</pre>"), {"errors/"})
    assert tuned["title"].split(ALIAS) == ["叶子", LEAF]


def test_a_chinese_section_is_also_indexed_under_its_english_anchor():
    """A Chinese reader types "backward twice" for 同一张图反向传播两次 (issue 40)."""
    from docexec.site.ranking import with_english_anchors

    docs = [entry("autograd/grad/", "backward() 与 grad()"), entry("autograd/grad/#backward-twice", "同一张图反向传播两次", boost=2.0)]
    out = with_english_anchors(docs)
    assert [d["title"] for d in out] == ["backward() 与 grad()", "同一张图反向传播两次 \ufeffbackward twice"]
    assert out[1]["boost"] == 2.0 and docs[1]["title"] == "同一张图反向传播两次"
