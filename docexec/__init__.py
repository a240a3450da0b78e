"""docexec: run a page's Python blocks like a notebook, for the build and the doc tests.

The stages, in the order data flows and imports go (one line per module: ARCHITECTURE.md):
``core`` -> ``page`` -> ``execute`` -> ``render`` -> ``notebooks`` -> ``site`` -> ``checks``
-> ``build`` -> ``hooks`` (mkdocs.yml) and ``cli`` (``python -m docexec``). This namespace is
the one import place of the public functions: the doc tests (tests/conftest.py), the tests and
the tools use ``docexec.<name>`` from here, so they and the build cannot drift apart.

May not touch: anything; it only names the stages' public functions.
"""

from docexec.core.errors import DocExecError, collecting, report
from docexec.core.identity import is_notebook
from docexec.core.paths import rel, scratch_dir, versions
from docexec.core.settings import Settings, configure, current
from docexec.execute.outcome import Outcome
from docexec.execute.pool import run_blocks, run_page
from docexec.execute.run import PageRun
from docexec.notebooks.practice import execute_notebook, notebook_blocks
from docexec.page.blocks import (
    Block,
    executed_blocks,
    find_blocks,
    front_matter,
    front_matter_lines,
    page_body,
)
from docexec.page.glossary import GLOSSARY_MARKER, glossary_table, glossary_terms, insert_glossary
from docexec.page.links import check_links
from docexec.page.options import parse_options
from docexec.page.snippets import expand_snippets
from docexec.render.mathml import render_math, tex_to_mathml
from docexec.render.rendering import rewrite  # not render: docexec.render is the stage
from docexec.site.search import jieba_user_words, write_jieba_user_dict

__all__ = [
    "GLOSSARY_MARKER",
    "Block",
    "DocExecError",
    "Outcome",
    "PageRun",
    "Settings",
    "check_links",
    "collecting",
    "configure",
    "current",
    "executed_blocks",
    "execute_notebook",
    "expand_snippets",
    "find_blocks",
    "front_matter",
    "front_matter_lines",
    "glossary_table",
    "glossary_terms",
    "insert_glossary",
    "is_notebook",
    "jieba_user_words",
    "notebook_blocks",
    "page_body",
    "parse_options",
    "rel",
    "render_math",
    "report",
    "rewrite",
    "run_blocks",
    "run_page",
    "scratch_dir",
    "tex_to_mathml",
    "versions",
    "write_jieba_user_dict",
]
