"""Every page with executed code has a notebook, and Jupyter agrees with the page.

docexec/notebooks/pagebook.py writes ``<page>/<name>.ipynb`` next to every page that runs code. Here
every one of them, in both languages, runs in a fresh Jupyter kernel (nbclient, ipykernel:
what a reader's "Run all" uses), and each code cell's output must equal what the page shows
for the same block (the build's record); an expected-error cell must raise what the page
says. The fixture-site tests check how a page becomes a notebook.
"""

from __future__ import annotations

import concurrent.futures
import gc
import json
import os
import re
import time
import warnings
from pathlib import Path

import nbformat
import pytest

import docexec
from docexec.checks import record
from docexec.core.identity import PageId
from docexec.notebooks import pagebook
from tests.kernels import forked_kernels
from tests.sites import ROOT, site

pytestmark = pytest.mark.full

LANGS = {"zh": "", "en": "en/"}


def _pages_with_code() -> list[str]:
    """docs/<lang>/... pages that run at least one block (known before the build)."""
    found = []
    for lang in LANGS:
        for page in sorted((ROOT / "docs" / lang).rglob("*.md")):
            rel = f"docs/{lang}/{page.relative_to(ROOT / 'docs' / lang).as_posix()}"
            if any(not b.inline for b in docexec.executed_blocks(page.read_text("utf8"), rel)):
                found.append(rel)
    return found


PAGES = _pages_with_code()


def _notebook_file(site_dir: Path, rel: str) -> Path:
    page = PageId.of(rel)
    return site_dir / page.url / pagebook.notebook_name(page.docs_rel)


def _execute(path: Path, make_km, cold: bool = False) -> tuple[object, float, str | None]:
    """The notebook run in a fresh confined kernel; (notebook with its new outputs, seconds, error).

    ``make_km``: the session's :func:`tests.kernels.confined_kernels`; a kernel forked from its
    warm zygote (ready in well under a second), or with ``cold`` the standard ipykernel started
    from nothing, as a reader's Jupyter does (both confined as pages are)."""
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    notebook = nbformat.read(str(path), as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs = []  # what the kernel prints, not what was saved
    start = time.perf_counter()
    km = make_km(cold)
    client = NotebookClient(notebook, timeout=120, startup_timeout=300, km=km, resources={"metadata": {"path": str(ROOT)}})
    try:
        client.execute()
    except CellExecutionError as exc:
        return notebook, time.perf_counter() - start, str(exc).strip().split("\n")[-1]
    except Exception as exc:  # noqa: BLE001 -- a kernel that does not start fails this notebook only
        return notebook, time.perf_counter() - start, f"{type(exc).__name__}: {exc}"
    finally:
        if client.kc is not None:
            client.kc.stop_channels()
        if km is not None and km.has_kernel:
            km.shutdown_kernel()  # asked, not killed: the jail then removes its folders
        # Collect the clients' zmq sockets now, quietly: collected later, inside a page that a
        # test runs in this process (test_shape_table), their ResourceWarnings landed in its
        # output (seen in CI, with both in one xdist worker).
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ResourceWarning)
            gc.collect()
    return notebook, time.perf_counter() - start, None


@pytest.fixture(scope="session")  # once, even when another module's tests run in between (xdist)
def kernel_runs(built_site, forked_kernels) -> dict[str, tuple]:
    """Every page's notebook, run in its own kernel (forked: tests/kernels.py); two at a time."""
    files = {rel: _notebook_file(built_site, rel) for rel in PAGES}
    missing = [f"{rel}: no {path.relative_to(built_site)}" for rel, path in files.items() if not path.is_file()]
    assert not missing, "\n".join(missing)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as workers:
        runs = dict(zip(files, workers.map(lambda f: _execute(f, forked_kernels), files.values()), strict=True))
    total = sum(seconds for _, seconds, _ in runs.values())
    print(f"\n{len(runs)} notebooks in Jupyter kernels: {total:.1f} s of kernel time")
    return runs


@pytest.fixture(scope="module")
def page_outputs(built_site) -> dict[str, dict[int, str]]:  # noqa: ARG001 -- the build records them
    """{page: {block line: output}} of the build (what the pages show)."""
    docexec.configure(ROOT / "mkdocs.yml")
    data = record.read()
    assert data, f"the build left no outputs in {record.file()}"
    return {path: {data[path]["lines"][k]: v for k, v in data[path]["outputs"].items()
                   if not k.startswith("predict: ")}  # a question's record: its answer and choices, no line of its own
            for path in data}


def _kernel_text(cell) -> str:
    """A cell's outputs in a Jupyter kernel, as the page would print them."""
    svg = (cell.metadata.get("docexec") or {}).get("result") == "svg"
    parts = []
    for out in cell.outputs:
        if out.output_type == "stream":
            parts.append(out.text)
        elif out.output_type == "execute_result":
            parts.append(out.data["text/html"] if svg else out.data["text/plain"] + "\n")
        elif out.output_type == "error":
            parts.append(f"{out.ename}: {out.evalue}\n")
        elif out.output_type == "display_data":
            parts.append(json.dumps(out.data) + "\n")
    return pagebook.comparable("".join(parts))


def _page_text(text: str, raises: bool) -> str:
    """The page's output as Jupyter prints it: the page names torch's exceptions with their
    module (``torch._C._LinAlgError: ...``), Jupyter by class name."""
    if raises:
        *before, last = text.split("\n")
        text = "\n".join([*before, re.sub(r"^(?:\w+\.)+(?=\w+: )", "", last)])
    return pagebook.comparable(text)


@pytest.mark.parametrize("rel", PAGES)
def test_the_page_notebook_runs_in_jupyter_and_prints_what_the_page_shows(rel, kernel_runs, page_outputs):
    notebook, _, error = kernel_runs[rel]
    assert error is None, f"{rel}: Run all stopped: {error}"
    shown = page_outputs[rel]
    cells = [c for c in notebook.cells if c.cell_type == "code" and "page" in c.metadata.get("docexec", {})]
    blocks = [b.line for b in docexec.executed_blocks((ROOT / rel).read_text("utf8"), rel) if not b.inline]
    assert [int(c.metadata.docexec["page"].rsplit(":", 1)[1]) for c in cells] == blocks, f"{rel}: not one cell per block"
    wrong = []
    for cell in cells:
        where = cell.metadata.docexec["page"]
        expected = _page_text(shown.get(int(where.rsplit(":", 1)[1]), ""), "raises" in cell.metadata.docexec)
        got = _kernel_text(cell)
        if "raises" in cell.metadata.docexec:
            errors = [o for o in cell.outputs if o.output_type == "error"]
            name = cell.metadata.docexec["raises"].rsplit(".", 1)[-1]
            if not errors or errors[0].ename != name:
                wrong.append(f"{where}: expected {name} in Jupyter, got {[o.get('ename') for o in errors]}")
                continue
            # the page names a class outside builtins with its module (torch.autograd.gradcheck.GradcheckError),
            # Jupyter by its name
            expected = re.sub(rf"^[\w.]+\.{re.escape(name)}:", f"{name}:", expected, flags=re.M)
        if got != expected:
            wrong.append(f"{where}: Jupyter printed\n{got}\n--- the page shows\n{expected}")
    assert not wrong, "\n\n".join(wrong)


def _code_only(source: str) -> str:
    """A cell's source without its comment lines (what runs)."""
    return "\n".join(line for line in source.split("\n") if not line.lstrip().startswith("#"))


def test_every_page_notebook_has_both_languages_and_the_same_code(built_site):
    """The code is written once: a page's two notebooks differ only in prose, in comment lines
    (``# zh:`` / ``# en:`` ones show in their language only) and in blocks that print words in
    the page's language."""
    for rel in [p for p in PAGES if p.startswith("docs/zh/")]:
        zh = nbformat.read(str(_notebook_file(built_site, rel)), as_version=4)
        en = nbformat.read(str(_notebook_file(built_site, rel.replace("docs/zh/", "docs/en/", 1))), as_version=4)
        code = [[_code_only(c.source) for c in nb.cells if c.cell_type == "code" and "page" in c.metadata.get("docexec", {})]
                for nb in (zh, en)]
        assert len(code[0]) == len(code[1]), rel
        localized = [i for i, (a, b) in enumerate(zip(*code, strict=True)) if a != b]
        for i in localized:
            page = [c for c in zh.cells if c.cell_type == "code" and "page" in c.metadata.get("docexec", {})][i].metadata.docexec["page"]
            text = (ROOT / page.rsplit(":", 1)[0]).read_text("utf8").split("\n")[int(page.rsplit(":", 1)[1]) - 1]
            assert "localized=" in text, f"{page}: the zh and en notebooks run different code here"


def test_every_page_with_code_links_its_notebook(built_site):
    for rel in PAGES:
        page = PageId.of(rel)
        lang, docs_rel = page.lang, page.docs_rel
        html = (built_site / page.url / "index.html").read_text("utf8")
        name = pagebook.notebook_name(docs_rel)
        label = docexec.current().labels(lang).notebook_button
        assert re.search(rf'<a href="{re.escape(name)}" download[^>]*>', html), f"{rel}: no download link"
        assert label in html, f"{rel}: the link is not labelled {label!r}"


def test_every_notebook_of_the_built_site_is_valid_nbformat(built_site):
    """The build does not validate the notebooks it writes (docexec/notebooks/pagebook.py: their shape
    comes from that module alone); this does, for every one, against nbformat's schema."""
    files = sorted(built_site.rglob("*.ipynb"))
    assert len(files) >= len(PAGES) > 0, f"{len(files)} notebooks for {len(PAGES)} pages with code"
    invalid = []
    for file in files:
        try:
            nbformat.validate(nbformat.reads(file.read_text("utf8"), as_version=nbformat.NO_CONVERT))
        except nbformat.ValidationError as exc:
            invalid.append(f"{file.relative_to(built_site)}: {str(exc).splitlines()[0]}")
    assert invalid == [], invalid


# --- how a page becomes a notebook (fixture site) ------------------------------------

PAGE = '''
# Title { #title }

Some text with a value `{python} 6 * 7` and a [link](other.md#there).

```python
import torch
x = torch.tensor([1., 2.])
print(x * 2)
```

!!! warning "Careful"

    Inside an admonition.

    ```python
    x.sum()
    ```

    Still inside.

```python exec="off"
while True: pass
```

```python raises="RuntimeError"
print("before")
torch.mm(torch.ones(2), torch.ones(2, 2))
```

```python source="none"
def picture():
    return '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'
```

```python result="svg" source="none"
print(picture())
```

## End { #end }
'''


def test_a_page_becomes_a_notebook_of_its_prose_code_and_outputs(site, caplog):
    site.both("index.md", "# Home\n").both("page.md", PAGE).both("other.md", "# Other\n\n## There { #there }\n")
    ok, log = site.build(caplog)
    assert ok, log
    notebook = nbformat.read(str(site.root / "site" / "page" / "page.ipynb"), as_version=4)
    nbformat.validate(notebook)
    kinds = [c.cell_type for c in notebook.cells]
    assert kinds[:2] == ["markdown", "code"], kinds  # where it comes from; the set-up cell
    assert "torch.manual_seed(0)" in notebook.cells[1].source
    text = "\n".join(c.source for c in notebook.cells if c.cell_type == "markdown")
    assert "`42`" in text and "{python}" not in text  # the inline value, as the build computed it
    assert "](https://example.invalid/other/#there)" in text  # links work outside the site
    assert '<a id="title"></a>' in text and "{ #" not in text
    assert "> **Careful**" in text and "> Still inside." in text
    assert "```python exec=\"off\"\nwhile True: pass\n```" in text  # not a code cell: Run all must not hang
    code = [c for c in notebook.cells if c.cell_type == "code"][1:]
    assert [c.metadata.docexec["page"] for c in code] == [f"docs/zh/page.md:{n}" for n in (5, 15, 25, 30, 35)]
    assert code[0].outputs[0].text == "tensor([2., 4.])\n"
    assert code[2].metadata.tags == ["raises-exception"] and code[2].outputs[-1].ename == "RuntimeError"
    assert code[3].metadata.jupyter == {"source_hidden": True}
    assert code[4].source.endswith("HTML(picture())") and "text/html" in code[4].outputs[0].data
    assert not (site.root / "site" / "other" / "other.ipynb").exists()  # no code, no notebook


def test_a_fixture_notebook_runs_in_jupyter_like_the_page(site, caplog, forked_kernels):
    """In the standard python3 kernel, started cold as a reader's is (the other notebook tests
    use kernels forked from a warm zygote: tests/kernels.py)."""
    site.both("index.md", "# Home\n").both("page.md", PAGE).both("other.md", "# Other\n\n## There { #there }\n")
    ok, log = site.build(caplog)
    assert ok, log
    notebook, _, error = _execute(site.root / "site" / "page" / "page.ipynb", forked_kernels, cold=True)
    assert error is None, error
    code = [c for c in notebook.cells if c.cell_type == "code" and "page" in c.metadata.get("docexec", {})]
    assert _kernel_text(code[0]) == "tensor([2., 4.])"
    assert _kernel_text(code[1]) == "tensor(3.)"
    assert _kernel_text(code[2]).startswith("before\nRuntimeError: ")
    assert _kernel_text(code[4]).startswith("<svg")
