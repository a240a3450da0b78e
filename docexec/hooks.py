"""hooks: the one module mkdocs.yml names (``hooks:``); it only wires MkDocs events to docexec.

    on_config        project paths (project), versions footer, search dictionary (search)
    on_files         notebook pages: run (notebooks), re-wrapped for i18n (i18n_fix)
    on_page_markdown glossary table (glossary), link check (links), blocks run and
                     rendered (rendering -> run -> blocks)
    on_page_content  TeX to MathML (mathml), search boost (search)
    on_post_page     notebook styles into <head> (notebooks)

Every error is logged on the ``mkdocs.hooks.docexec`` logger as ``path:line: ...``,
which fails ``mkdocs build --strict``. MkDocs loads this file by path, so it imports
the package absolutely, and re-imports it on every config load (each ``mkdocs serve``
rebuild), so that an edit to the package takes effect like an edit to a page.

May not touch: anything but the wiring; the work is done in the modules named above.
"""

from __future__ import annotations

import sys
from pathlib import Path

_PROJECT = str(Path(__file__).resolve().parent.parent)
if _PROJECT not in sys.path:
    sys.path.insert(0, _PROJECT)
for _name in [m for m in sys.modules if m.startswith("docexec.") and m != __name__] + ["docexec"]:
    sys.modules.pop(_name, None)  # fresh package code on every config load (mkdocs serve)

from mkdocs.plugins import event_priority  # noqa: E402

from docexec import glossary, i18n_fix, links, mathml, notebooks, project, rendering, search  # noqa: E402
from docexec.blocks import front_matter_lines  # noqa: E402


def on_config(config, **kwargs):  # noqa: ARG001
    project.configure(config.config_file_path, config.mdx_configs)
    config.extra["versions"] = project.versions()  # shown in every page's footer
    search.configure_search(config)  # glossary terms -> jieba user dictionary
    return config


@event_priority(-200)  # after mkdocs-static-i18n's on_files (priority -100)
def on_files(files, config, **kwargs):  # noqa: ARG001
    """Execute the notebook pages and hand the executed copies to mkdocs-jupyter."""
    jupyter = config.plugins.get("mkdocs-jupyter")
    if jupyter is None:
        return files
    for file in [f for f in files if f.src_uri.endswith(".ipynb") and jupyter.should_include(f)]:
        errors: list[str] = []
        executed = notebooks.execute_notebook(Path(file.abs_src_path), errors)
        for message in errors:
            project.log.error(message)
        i18n_fix.rewrap_notebook(file, files, config, executed)
    return files


def on_page_markdown(markdown: str, page, config, files, **kwargs):  # noqa: ARG001
    if page.file.src_uri.endswith(".ipynb"):  # notebooks run in on_files
        return markdown
    src = Path(page.file.abs_src_path)
    path = project.rel(src)
    offset = front_matter_lines(src.read_text("utf-8-sig")) if src.is_file() else 0
    errors: list[str] = []
    markdown = glossary.insert_glossary(markdown, path, errors)
    links.check_links(markdown, src, path, offset, errors)
    result = rendering.rewrite(markdown, path, offset, errors)
    for message in errors:
        project.log.error(message)
    return result


def on_page_content(html: str, page, config, files, **kwargs):  # noqa: ARG001
    errors: list[str] = []
    html = mathml.render_math(html, project.rel(page.file.abs_src_path), errors)
    search.boost_explaining_page(page)
    for message in errors:
        project.log.error(message)
    return html


def on_post_page(output: str, page, config, **kwargs):  # noqa: ARG001
    if not page.file.src_uri.endswith(".ipynb"):
        return output
    return notebooks.hoist_styles(output)
