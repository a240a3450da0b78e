"""docexec: run a page's Python blocks like a notebook, for the build and the doc tests.

The build integration of the site, one module per concern; data flows one way::

    page text ──blocks──▶ Block list ──pool/worker/run──▶ outputs ──render──▶ Markdown ──MkDocs──▶ HTML
                                                                  (mathml, search on the HTML)

    project    paths, the error type, DOCEXEC=off, versions
    blocks     fences, options, front matter
    snippets   --8<-- lines: expanded in blocks, kept inside snippets/ everywhere
    pool       each page in a fresh process forked from a warm server; timeouts; parallel
    worker     the warm server and the page processes (runs outside MkDocs' process)
    run        inside a page process: one seeded namespace; warnings, raises=, output checks
    rendering  code + output Markdown in place of each block (rewrite = the page flow)
    placeholders  a page still running is converted first; its outputs go in before it is used
    links      relative links to missing pages, with their line
    notebooks  notebook pages (practice) run with the same semantics
    pagebook   every page with code as a notebook to download
    messages   warning and error lines of outputs wrap (HTML)
    mathml     TeX to MathML at build time
    glossary   glossary.yml and the glossary table
    search     jieba dictionary from the glossary, search boosts
    i18n_fix   mkdocs-static-i18n #198 workaround for notebook pages
    incremental  make serve --dirty: only the pages an edit touches are rebuilt
    hooks      the MkDocs hook module (mkdocs.yml names only this one)

This package's namespace is the one import place of the public functions: the doc tests
(tests/conftest.py), the tests and the tools use ``docexec.<name>`` from here, so they
and the build cannot drift apart. ``python -m docexec docs/zh/page.md`` runs a page.
"""

from docexec.blocks import (
    Block,
    executed_blocks,
    expand_snippets,
    find_blocks,
    front_matter,
    front_matter_lines,
    page_body,
    parse_options,
)
from docexec.glossary import (
    GLOSSARY_FILE,
    GLOSSARY_LANGS,
    GLOSSARY_MARKER,
    glossary_table,
    glossary_terms,
    insert_glossary,
    page_language,
)
from docexec.links import check_links
from docexec.mathml import render_math, tex_to_mathml
from docexec.notebooks import execute_notebook, notebook_blocks
from docexec.project import DocExecError, configure, executing, rel, scratch_dir, versions
from docexec.rendering import render, rewrite
from docexec.pool import Outcome, run_blocks, run_page
from docexec.run import PageRun
from docexec.search import jieba_user_words, write_jieba_user_dict

__all__ = [
    "GLOSSARY_FILE",
    "GLOSSARY_LANGS",
    "GLOSSARY_MARKER",
    "Block",
    "DocExecError",
    "Outcome",
    "PageRun",
    "check_links",
    "configure",
    "executed_blocks",
    "execute_notebook",
    "executing",
    "expand_snippets",
    "find_blocks",
    "front_matter",
    "page_body",
    "front_matter_lines",
    "glossary_table",
    "glossary_terms",
    "insert_glossary",
    "jieba_user_words",
    "notebook_blocks",
    "page_language",
    "parse_options",
    "rel",
    "render",
    "render_math",
    "rewrite",
    "run_blocks",
    "run_page",
    "scratch_dir",
    "tex_to_mathml",
    "versions",
    "write_jieba_user_dict",
]
