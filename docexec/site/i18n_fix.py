"""i18n_fix: keep mkdocs-jupyter's notebook pages working under mkdocs-static-i18n.

static-i18n rebuilds every file as a plain File after the other plugins, dropping
mkdocs-jupyter's NotebookFile wrapper (ultrabug/mkdocs-static-i18n#198), so notebooks came out
as raw JSON: :func:`rewrap_notebook` wraps such a file again, keeping the destination and URL
i18n gave it, and points it at the executed copy. In the en build i18n also leaves a notebook
without its zh alternate (the switcher led to the zh home page): :func:`complete_alternates`
fills it in from the mirrored tree.

May not touch: execution or page content; only the File objects of notebooks.
"""

from __future__ import annotations

import types
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import File, Files


def rewrap_notebook(file: File, files: Files, config: MkDocsConfig, executed: Path) -> File:
    """A NotebookFile in place of i18n's plain File ``file``, reading ``executed``."""
    from mkdocs_jupyter.plugin import NotebookFile

    wrapped = NotebookFile(file, use_directory_urls=config.use_directory_urls, site_dir=config.site_dir)
    wrapped.dest_path, wrapped.abs_dest_path, wrapped.url = file.dest_path, file.abs_dest_path, file.url
    wrapped.abs_src_path = str(executed)
    wrapped.docexec_source = file.abs_src_path  # what the author edits (incremental)
    complete_alternates(file, files)
    files.remove(file)
    files.append(wrapped)
    return wrapped


def complete_alternates(file: File, files: Files) -> None:
    """Give a notebook the language-switcher links static-i18n leaves out of some builds.

    (Seen: in the en build the en notebook has no zh alternate, so the switcher led to the
    zh home page.) docs/zh and docs/en are mirrored trees, so the other language's URL is
    this URL under the other language's prefix, read off the home page's alternates
    (``en/`` or, without directory URLs, ``en/index.html``).
    """
    alternates = getattr(file, "alternates", None)
    home = next((f for f in files if f.src_uri.split("/", 1)[-1] == "index.md" and len(getattr(f, "alternates", {})) > 1), None)
    if alternates is None or home is None:
        return
    prefixes = {lang: alt.url.removeprefix(".").removeprefix("/").removesuffix("index.html")  # no directory URLs: offline
                for lang, alt in getattr(home, "alternates", {}).items()}
    current = next((lang for lang, alt in alternates.items() if alt.url == file.url), None)
    if current not in prefixes or not file.url.startswith(prefixes[current]):
        return
    rest = file.url[len(prefixes[current]) :]
    for lang, prefix in prefixes.items():
        alternates.setdefault(lang, types.SimpleNamespace(url=prefix + rest))
