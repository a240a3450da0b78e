"""Links from code to torch's reference, torch-api.yml and the API index (issue 30).

Name resolution runs in a real page process (the build's runner); the HTML rules on Markdown
converted as the site converts it; the committed name list and the API index against the built
site; the build's failures on fixture sites; a click and a copy in the browser.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import markdown
import pytest

import docexec
from docexec.checks import record
from docexec.execute import names, pool, protocol
from docexec.execute.outcome import Outcome
from docexec.page import reference
from docexec.render import codelinks, html_walk, rendering
from docexec.site import api_index
from tests.sites import Site
from tests.test_browser import LANGS, base_url, browser, changed, site, visit

pytestmark = pytest.mark.check

ROOT = Path(__file__).resolve().parent.parent

CODE = textwrap.dedent('''\
    import torch
    import torch.nn as nn
    from torch.func import jacrev
    x = torch.tensor([1., 2.], requires_grad=True)
    # zh: 中文注释
    # en: an English comment
    y = (x * 2).sum()
    y.backward()
    print("梯度", x.grad, torch.autograd.grad is not None)
    m = nn.Linear(2, 1)
    m.zero_grad()
    n = y.grad_fn.next_functions
    g = jacrev(torch.sin)(x)
    grad = 3
    print(grad, x._base, torch.Tensor.backward is not None)
    ''')


@pytest.fixture(autouse=True)
def project_settings():
    """The project's settings (another test in this worker may have pointed docexec at a fixture
    site: the build's record is read from the project's scratch folder)."""
    docexec.configure(ROOT / "mkdocs.yml")


def _names(code: str = CODE) -> list[tuple[int, int, int, str]]:
    text = f"```python\n{code}```\n"
    blocks = docexec.executed_blocks(text, "docs/zh/x.md")
    outcomes = pool.run_blocks("docs/zh/x.md", blocks)
    assert outcomes[0].ok, outcomes[0].text
    return list(outcomes[0].names)


def test_names_are_resolved_from_the_pages_own_namespace():
    lines = CODE.split("\n")
    spans = {(line, lines[line - 1][start:end], name) for line, start, end, name in _names()}
    assert spans >= {
        (3, "jacrev", "torch.func.jacrev"),  # from an import
        (4, "torch.tensor", "torch.tensor"),  # a module path: one link for the chain
        (8, "backward", "torch.Tensor.backward"),  # y is a tensor: its method
        (9, "grad", "torch.Tensor.grad"),  # the column is right after Chinese text
        (9, "torch.autograd.grad", "torch.autograd.grad"),
        (10, "nn.Linear", "torch.nn.Linear"),  # through an alias of a module
        (11, "zero_grad", "torch.nn.Module.zero_grad"),  # defined on a base class: its public name
        (12, "grad_fn", "torch.Tensor.grad_fn"),
        (12, "next_functions", "torch.autograd.graph.Node.next_functions"),  # a node the page made
        (13, "jacrev", "torch.func.jacrev"),
        (13, "torch.sin", "torch.sin"),
        (15, "torch.Tensor.backward", "torch.Tensor.backward"),
    }
    assert not [s for s in spans if s[0] in (5, 6)]  # comments name nothing
    assert not [s for s in spans if s[0] == 15 and s[1] in ("grad", "_base")]  # a page's own name; private


def test_a_page_message_naming_anything_but_a_public_torch_name_is_refused():
    assert protocol.spans([[1, 0, 5, "torch.ones"]]) == ((1, 0, 5, "torch.ones"),)
    for bad in ([[1, 0, 5, "os.system"]], [[1, 0, 5, "torch._C"]], [[1, 0, "5", "torch.ones"]], [[1, 0, 5]],
                "torch.ones", [[1, 0, 5, "torch.ones"]] * 2001, [[-1, 0, 5, "torch.ones"]],
                [[1, 0, 5, 'torch.ones" onclick="x']]):
        assert protocol.spans(bad) is None, bad


# --- the HTML ----------------------------------------------------------------------------------

URLS = {"torch.tensor": "generated/torch.tensor.html", "torch.Tensor.backward": "generated/torch.Tensor.backward.html",
        "torch.Tensor.grad": "generated/torch.Tensor.grad.html", "torch.autograd.grad": "generated/torch.autograd.grad.html",
        "torch.Tensor.data": ""}
BASE = "https://docs.example/2.13/"


def _html(code: str, prose: str = "") -> str:
    md = markdown.Markdown(extensions=["pymdownx.highlight", "pymdownx.superfences"],
                           extension_configs={"pymdownx.highlight": {"anchor_linenums": True}})
    return md.convert(f"```python\n{code}\n```\n\n{prose}")


def _block(code: str) -> docexec.Block:
    return docexec.Block(path="docs/zh/x.md", line=3, end_line=9, indent="", fence="```", lang="python",
                         options={}, body=code, code=code)


def _text(fragment: str) -> str:
    return html_walk.text(html_walk.walk(fragment))


def _plain(html: str) -> str:
    return _text(re.search(r"<pre.*?</pre>", html, re.S)[0])


def test_each_named_span_of_a_block_links_and_its_text_stays_the_same():
    code = 'x = torch.tensor([1.])  # 和\n# en: English only\ny.backward()\nprint("梯度", x.grad, x.data, torch.autograd.grad)'
    names = ((1, 4, 16, "torch.tensor"), (3, 2, 10, "torch.Tensor.backward"), (4, 14, 18, "torch.Tensor.grad"),
             (4, 22, 26, "torch.Tensor.data"), (4, 28, 47, "torch.autograd.grad"), (4, 0, 5, "torch.print"))
    html = _html(codelinks.for_language(code, "zh"))
    linked, used, unknown = codelinks.link_blocks(html, [(_block(code), Outcome(True, "", names))], "zh", URLS, BASE)
    assert _plain(linked) == _plain(html)  # copying the code copies the same text
    links = re.findall(r'<a class="docexec-api" href="([^"]+)"[^>]*>(.*?)</a>', linked)
    assert [(href.removeprefix(BASE), _text(text)) for href, text in links] == [
        ("generated/torch.tensor.html", "torch.tensor"), ("generated/torch.Tensor.backward.html", "backward"),
        ("generated/torch.Tensor.grad.html", "grad"), ("generated/torch.autograd.grad.html", "torch.autograd.grad")]
    # the English comment line is not on the zh page: the names below it moved up a line, and still link
    assert [n for n, _ in used] == [s[3] for s in names]
    assert unknown == ["docs/zh/x.md:3: `torch.print` is not in torch-api.yml, the names the site links to: run"
                       " `make api-names`, and review the page it gives the name"]
    assert "torch.Tensor.data" not in str(links)  # "": the reference does not document it


def test_a_name_after_a_control_character_shown_visibly_still_links():
    code = 'print("\u202e\u2066"); x = torch.tensor([1.])'
    shown = rendering.shown_text(code, "zh")
    assert shown == 'print("\\u202e\\u2066"); x = torch.tensor([1.])'
    linked, *_ = codelinks.link_blocks(_html(shown), [(_block(code), Outcome(True, "", ((1, 17, 29, "torch.tensor"),)))],
                                       "zh", URLS, BASE)
    assert re.findall(r'<a class="docexec-api"[^>]*>(.*?)</a>', linked) and "\u202e" not in linked
    assert [_text(t) for t in re.findall(r'<a class="docexec-api"[^>]*>(.*?)</a>', linked)] == ["torch.tensor"]


def test_a_span_that_is_not_whole_tokens_is_not_linked():
    code = "x = torch.tensor([1.])"
    html = _html(code)
    for span in ((1, 5, 16, "torch.tensor"), (1, 4, 15, "torch.tensor"), (2, 4, 16, "torch.tensor")):
        linked, *_ = codelinks.link_blocks(html, [(_block(code), Outcome(True, "", (span,)))], "zh", URLS, BASE)
        assert "docexec-api" not in linked, span


def test_inline_code_in_prose_links_outside_headings_and_links():
    html = _html("x = 1", "See `torch.autograd.grad`, `Tensor.backward()` and `x.grad`.\n\n"
                          "## `torch.tensor` { #t }\n\n[`torch.tensor`](elsewhere.md) and `torch.nothing`\n")
    linked, found = codelinks.link_prose(html, URLS, BASE)
    assert found == ["torch.autograd.grad", "torch.Tensor.backward", "torch.nothing"]
    assert linked.count('class="docexec-api"') == 2
    assert '<h2 id="t"><code>torch.tensor</code>' in linked or "<h2><code>torch.tensor</code>" in linked


def test_the_builds_one_walk_links_as_the_two_passes_do():
    code = "x = torch.tensor([1.])\ny = torch.autograd.grad"
    names = ((1, 4, 16, "torch.tensor"), (2, 4, 23, "torch.autograd.grad"))
    html = _html(code, "See `torch.autograd.grad` and [`torch.tensor`](x.md).")
    runs = [(_block(code), Outcome(True, "", names))]
    blocks, used, unknown = codelinks.link_blocks(html, runs, "zh", URLS, BASE)
    both, found = codelinks.link_prose(blocks, URLS, BASE)
    assert codelinks.link_page(html, runs, "zh", URLS, BASE) == (both, used, unknown, found)
    assert both.count('class="docexec-api"') == 3 and found == ["torch.autograd.grad"]


# --- torch-api.yml ------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "page"), [
    ("torch.autograd.grad", "generated/torch.autograd.grad.html"),
    ("torch.Tensor.retain_grad", "generated/torch.Tensor.retain_grad.html"),
    ("torch.Tensor.T", "tensors.html#torch.Tensor.T"),
    ("torch.nn.Module.zero_grad", "generated/torch.nn.Module.html#torch.nn.Module.zero_grad"),
    ("torch.autograd.graph.Node.register_hook", "generated/torch.autograd.graph.Node.register_hook.html"),
    ("torch.autograd.graph.saved_tensors_hooks", "autograd.html#torch.autograd.graph.saved_tensors_hooks"),
    ("torch.utils.checkpoint.checkpoint", "checkpoint.html#torch.utils.checkpoint.checkpoint"),
    ("torch.autograd.gradcheck", "generated/torch.autograd.gradcheck.gradcheck.html"),
    ("torch.float32", "tensor_attributes.html#torch.dtype"),
    ("torch.Tensor.data", ""),
])
def test_a_new_names_page_is_derived_as_the_reference_names_it(name, page):
    assert reference.derived(name) == page


def test_api_names_keeps_corrections_adds_new_names_and_drops_unused(tmp_path):
    target = tmp_path / "torch-api.yml"
    target.write_text("torch.ones: somewhere/else.html\ntorch.gone: generated/torch.gone.html\ntorch.x: \"\"\n", "utf8")
    added, removed = reference.write({"torch.ones", "torch.zeros", "torch.x"}, target)
    assert (added, removed) == (["torch.zeros"], ["torch.gone"])
    assert reference.load(target) == {"torch.ones": "somewhere/else.html", "torch.zeros": "generated/torch.zeros.html",
                                      "torch.x": ""}
    target.write_text("- torch.ones\n", "utf8")
    with pytest.raises(docexec.DocExecError, match="expected `name: page` lines"):
        reference.load(target)


def test_the_committed_name_list_is_the_one_the_site_uses(built_site):  # noqa: ARG001 -- it records the names
    """Every name the built site's code, inline code and `explains:` use is in torch-api.yml,
    and nothing else (make api-names writes it so)."""
    used = reference.used_names(record.read_api(), names.exists)
    listed = set(reference.load(ROOT / "torch-api.yml"))
    assert not used - listed, f"not in torch-api.yml (run make api-names): {sorted(used - listed)}"
    assert not listed - used, f"in torch-api.yml but used nowhere (run make api-names): {sorted(listed - used)}"


# --- the API index ------------------------------------------------------------------------------


def test_sections_and_groups():
    source = "# Title\n\n## One { #one }\n\ntext\n\n### Two `x` { #two .cls }\n"
    assert api_index.sections(source) == [(3, "one", "One"), (7, "two", "Two `x`")]
    notebook = "# %% [markdown]\n# ## 练习 1 { #exercise-1 }\n"
    assert api_index.sections(notebook) == [(2, "exercise-1", "练习 1")]
    assert api_index.section_at([(3, "one", "One"), (7, "two", "Two")], 5) == ("one", "One")
    assert api_index.section_at([(3, "one", "One")], 1) == ("", "")
    assert [api_index.group(n) for n in ("torch.autograd.grad", "torch.Tensor.grad", "torch.nn.Module.zero_grad",
                                         "torch.tensor", "torch.autograd.graph.Node.register_hook")] == [
        "torch.autograd", "torch.Tensor", "torch.nn", "torch", "torch.autograd.graph"]


def test_the_index_lists_the_explaining_page_first():
    use = api_index.Use
    uses = {"torch.Tensor.retain_grad": [use("a.md", "A", "s1", "S1"), use("b/c.md", "C", "", ""),
                                         use("a.md", "A", "s2", "S2")]}
    explains = {"torch.Tensor.retain_grad": [use("b/c.md", "C", "", "")]}
    text = api_index.markdown(uses, explains, {"torch.Tensor.retain_grad": "r.html"}, BASE, "api-index.md", ("讲解", "："))
    assert text.split("\n") == [
        "## `torch.Tensor` { #torch-tensor }", "",
        f"- [`torch.Tensor.retain_grad`]({BASE}r.html){{ .docexec-api }} — 讲解 [C](b/c.md)",
        "    - [C](b/c.md)", "    - [A](a.md)：[S1](a.md#s1) · [S2](a.md#s2)", ""]


def _index_names(html: str) -> set[str]:
    return set(re.findall(r'<li><a class="docexec-api" href="[^"]+"><code>([\w.]+)</code>', html))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_api_index_lists_every_api_the_sites_code_uses(built_site, lang):
    api = {p: d for p, d in record.read_api().items() if p.startswith(f"docs/{lang}/")}
    used = {name for page in api.values() for name, _ in page["code"]}
    urls = reference.load(ROOT / "torch-api.yml")
    html = (built_site / LANGS[lang] / "api-index" / "index.html").read_text("utf8")
    listed = _index_names(html)
    assert len(used) > 100
    assert listed == {n for n in used if urls.get(n)} | {n for p in api.values() for n in p["explains"] if urls.get(n)}
    explained = {n: p for p, d in api.items() for n in d["explains"]}
    for name, page in explained.items():  # the explaining page is the first place listed
        item = re.search(rf'<code>{re.escape(name)}</code>(?:</a>)?[^<]*<a href="([^"]+)"', html, re.S)
        expected = page.removeprefix(f"docs/{lang}/").removesuffix(".md").removesuffix(".py") + "/"
        assert item and item[1].endswith(expected), (name, item and item[1], expected)


# --- the build's failures -----------------------------------------------------------------------


def test_the_build_fails_on_a_name_the_list_lacks_and_on_a_listed_name_torch_lacks(tmp_path, caplog):
    site = Site(tmp_path)
    site.both("index.md", "```python\nimport torch\nx = torch.ones(2)\ny = torch.zeros(2)\n```\n")
    site.both("other.md", "---\nexplains: [torch.ones, torch.nowhere]\n---\n\n# Other\n")
    (site.root / "torch-api.yml").write_text(
        "torch.not_a_thing: generated/x.html\ntorch.ones: generated/torch.ones.html\n", "utf8")
    ok, log = site.build(caplog)
    assert not ok
    assert "docs/zh/index.md:4: `torch.zeros` is not in torch-api.yml" in log and "make api-names" in log
    assert "torch-api.yml:1: `torch.not_a_thing` is not an object of the installed torch" in log
    assert "docs/zh/other.md:1: explains: `torch.nowhere` is not in torch-api.yml" in log
    assert "`torch.ones` is not in" not in log  # listed: no complaint
    assert 'href="https://docs.pytorch.org/docs/' in site.html("index.html")  # torch.ones still links


# --- in the browser -----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", list(LANGS))
def test_a_name_in_a_code_block_opens_its_reference_page_and_copying_gives_plain_text(lang, visit):
    v = visit(LANGS[lang] + "autograd/intermediate-gradients/")
    p = v.page
    opened: list[str] = []
    changed(p).route("https://docs.pytorch.org/**", lambda route: (opened.append(route.request.url),
                                                          route.fulfill(status=200, body="reference")))
    block = p.locator("pre > code", has=p.locator("a.docexec-api", has_text="retain_grad")).first
    code = block.inner_text()
    link = block.locator("a.docexec-api", has_text="retain_grad").first
    assert link.get_attribute("title") == "torch.Tensor.retain_grad"
    link.scroll_into_view_if_needed()
    link.click()
    p.wait_for_url("https://docs.pytorch.org/**")
    assert opened == ["https://docs.pytorch.org/docs/2.13/generated/torch.Tensor.retain_grad.html"]
    p.go_back()
    v.context.grant_permissions(["clipboard-read", "clipboard-write"])
    block = p.locator("pre > code", has=p.locator("a.docexec-api", has_text="retain_grad")).first
    block.scroll_into_view_if_needed()
    button = block.locator("xpath=..").locator("button[data-md-type='copy']")
    button.wait_for(timeout=5_000)
    button.click()
    copied = p.evaluate("navigator.clipboard.readText()")
    assert copied.rstrip("\n") == code.rstrip("\n")
    assert "<" not in copied and "docexec" not in copied


def test_a_hidden_blocks_names_are_neither_linked_nor_the_pages_uses():
    code = "x = torch.tensor([1.])"
    block = _block(code)
    block.options["source"] = "none"  # a helper the page runs but does not show (the graph drawer)
    html = _html(code)
    linked, used, unknown = codelinks.link_blocks(
        html, [(block, Outcome(True, "", ((1, 4, 16, "torch.tensor"), (1, 0, 1, "torch.nowhere"))))], "zh", URLS, BASE)
    assert (linked, used, unknown) == (html, [], [])
