"""The API index credits a practice notebook's use of a name to the exercise whose cell uses it
(issue 39, item 1). A notebook's blocks carry their cell number as their line
(docexec/notebooks/practice.py), so its headings are placed by cell too
(:func:`practice.heading_cells`); compared with the file's line numbers, every use fell under
Exercise 1 or 2. Both a unit check and a fixture build whose name is used in Exercise 8 only.
"""

from __future__ import annotations

import re

import pytest

from docexec.notebooks import practice
from docexec.site import api_index
from tests.sites import site

pytestmark = pytest.mark.check

EXERCISES = 10


def _notebook() -> str:
    """A percent notebook of ten exercises, each a heading, a starter cell and a solution; the
    code of exercise 8 alone calls torch.zeros, that of the others torch.ones."""
    cells = ["# %% [markdown]\n# # Practice { #practice }\n#\n# Some words.\n",
             "# %%\nimport torch\n"]
    for n in range(1, EXERCISES + 1):
        call = "torch.zeros(2)" if n == 8 else "torch.ones(2)"
        cells += [f"# %% [markdown]\n# ## Exercise {n}: e{n} {{ #exercise-{n} }}\n#\n# Words.\n",
                  f"# %%\nx{n} = {call}\n",
                  f"# %% [markdown]\n# ### Solution {{ #solution-{n} }}\n",
                  f"# %%\ny{n} = x{n} + 1\n"]
    return "\n".join(cells)


def test_a_notebook_block_falls_under_the_heading_of_its_own_cell(tmp_path):
    path = tmp_path / "p.py"
    path.write_text(_notebook(), "utf8")
    heads = practice.heading_cells(path)
    assert [a for _, a, _ in heads] == [f"{k}-{n}" for n in range(1, EXERCISES + 1) for k in ("exercise", "solution")]
    assert heads[0][2] == "Exercise 1: e1"  # the title as api_index.sections reads it; the page title (#) left out
    blocks = practice.notebook_blocks(path)
    where = {b.code.strip(): api_index.section_at(heads, b.line)[0] for b in blocks}
    assert where["import torch"] == ""  # above the first exercise
    for n in range(1, EXERCISES + 1):
        assert where[f"x{n} = {'torch.zeros(2)' if n == 8 else 'torch.ones(2)'}"] == f"exercise-{n}"
        assert where[f"y{n} = x{n} + 1"] == f"solution-{n}"


def test_the_api_index_links_a_name_used_only_in_exercise_8_to_exercise_8(site, caplog):
    config = (site.root / "mkdocs.yml").read_text("utf8")
    (site.root / "mkdocs.yml").write_text(config.replace("  - docexec\n", (
        "  - mkdocs-jupyter:\n      execute: false\n      include: [\"*.py\"]\n      include_source: true\n"
        "      cache: false\n  - docexec\n")), "utf8")
    (site.root / "torch-api.yml").write_text(
        "torch.ones: generated/torch.ones.html\ntorch.zeros: generated/torch.zeros.html\n", "utf8")
    site.both("index.md", "---\ndescription: home\n---\n\n# Home\n")
    site.both("api-index.md", f"---\ndescription: index\n---\n\n# API\n\n{api_index.MARKER}\n")
    site.both("practice/p.py", _notebook())
    ok, log = site.build(caplog)
    assert ok, log
    html = site.html("api-index/index.html")
    item = re.search(r"<code>torch\.zeros</code>.*?</ul>", html, re.S)
    assert item, html
    sections = re.findall(r'href="[^"]*practice/p/#([\w-]+)"', item[0])
    assert sections == ["exercise-8"], item[0]
    ones = re.search(r"<code>torch\.ones</code>.*?</ul>", html, re.S)
    assert ones and re.findall(r'href="[^"]*practice/p/#([\w-]+)"', ones[0]) == [
        f"exercise-{n}" for n in range(1, EXERCISES + 1) if n != 8], ones and ones[0]
