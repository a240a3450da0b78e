"""Generate the notebook pages (docs/<lang>/notebooks/<slug>.ipynb) from snippets/<slug>/.

One code cell per snippet, in file order, after one Markdown cell (title + a sentence
pointing to the page the snippets belong to). Outputs are left empty: the build runs the
notebooks with the pages' semantics (docexec/notebooks.py). The files are generated, never edited by hand:
tests/test_notebooks.py fails when a committed notebook differs from this output.

    python tools/make_notebooks.py           (re)write the notebooks
    python tools/make_notebooks.py --check   exit 1 if a notebook is missing or stale
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
SNIPPETS = ROOT / "snippets"
DOCS = ROOT / "docs"

# slug -> language -> (title, introduction). The page is docs/<lang>/autograd/<slug>.md.
# Its link is written as the built URL (../../autograd/<slug>/, relative to the notebook page
# notebooks/<slug>/): MkDocs rewrites .md links only in Markdown pages, not inside notebooks.
NOTEBOOKS: dict[str, dict[str, tuple[str, str]]] = {
    "why-grad-none": {
        "zh": (
            "为什么 x.grad 是 None？（Notebook 版）",
            "这里按顺序收录了[为什么 x.grad 是 None？](../../autograd/why-grad-none/)一页的全部代码，"
            "输出由构建时运行得到，讲解请看那一页。",
        ),
        "en": (
            "Why is x.grad None? (notebook)",
            "This notebook runs, in order, all the code of the page "
            "[Why is x.grad None?](../../autograd/why-grad-none/); the explanations are on that page.",
        ),
    },
}

METADATA = {
    "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
    "language_info": {"name": "python"},
}


def snippets(slug: str) -> list[Path]:
    files = sorted((SNIPPETS / slug).glob("*.py"))
    if not files:
        raise SystemExit(f"no snippets in {SNIPPETS / slug}")
    return files


def expected_errors(slug: str) -> dict[str, str]:
    """Snippets the page runs with ``raises="..."``, and the exception each must raise."""
    sys.path.insert(0, str(ROOT))
    import docexec  # noqa: PLC0415

    page = DOCS / "zh" / "autograd" / f"{slug}.md"
    found = {}
    for block in docexec.find_blocks(page.read_text("utf8"), page.name):
        if "raises" in block.options:
            for line in block.body.split("\n"):
                if m := docexec.snippets.SNIPPET_LINE.match(line):
                    found[m["path"]] = block.options["raises"]
    return found


def notebook(slug: str, lang: str) -> str:
    """The notebook's JSON text, the same on every run (fixed cell ids, no outputs)."""
    title, intro = NOTEBOOKS[slug][lang]
    cells = [nbformat.v4.new_markdown_cell(f"# {title}\n\n{intro}", id="intro")]
    raising = expected_errors(slug)
    for path in snippets(slug):
        source = path.read_text("utf8").rstrip("\n")
        cell = nbformat.v4.new_code_cell(source, id=path.stem.replace("_", "-"))
        if raises := raising.get(f"{slug}/{path.name}"):
            cell.metadata["docexec"] = {"raises": raises}  # the build asserts it (docexec/notebooks.py)
            cell.metadata["tags"] = ["raises-exception"]  # Jupyter's "run all" goes on past it
        cells.append(cell)
    nb = nbformat.v4.new_notebook(cells=cells, metadata=METADATA)
    nbformat.validate(nb)
    return nbformat.writes(nb) + "\n"


def targets() -> dict[Path, str]:
    """Every notebook file this script owns, with its expected text."""
    return {
        DOCS / lang / "notebooks" / f"{slug}.ipynb": notebook(slug, lang)
        for slug, langs in NOTEBOOKS.items()
        for lang in langs
    }


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for path, text in targets().items():
        current = path.read_text("utf8") if path.is_file() else None
        if current == text:
            continue
        stale.append(path.relative_to(ROOT).as_posix())
        if not check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, "utf8")
    verb = "stale or missing" if check else "written"
    for name in stale:
        print(f"{verb}: {name}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
