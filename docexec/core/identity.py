"""identity: which page a path names — its language, its path below ``docs/<lang>/``, its twin,
its URL, whether it is a notebook page — answered in one place.

MkDocs names a page by its source URI (``zh/a/b.md``), messages by its project path
(``docs/zh/a/b.md``), the build by an absolute path, search and the PDF by its URL (``a/b/``,
``en/a/b/``). Every stage turns any of them into one :class:`PageId` and reads the rest off it,
so a rule (the default language has no URL prefix, ``index.md`` is its folder) is written once.

May not touch: files, MkDocs objects, settings (it reads the languages it is given or the current ones).
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from docexec.core import settings

NOTEBOOK_SUFFIXES = (".ipynb", ".py")  # practice pages: notebooks, jupytext percent scripts


@dataclasses.dataclass(frozen=True)
class PageId:
    """One page: ``lang`` (None outside ``docs/<lang>/``) and ``docs_rel``, its path below
    ``docs/<lang>/`` (the same in every language)."""

    lang: str | None
    docs_rel: str
    default: str | None  # the site's default language (no URL prefix)

    @classmethod
    def of(cls, path: str | Path, languages: tuple[str, ...] | list[str] | None = None,
           default: str | None = None) -> PageId:
        """The page of any of its names: ``docs/zh/x.md``, an absolute path under ``docs/zh/``,
        a source URI ``zh/x.md``; the current settings' languages unless given."""
        if languages is None:
            current = settings.current()
            languages, default = current.languages, current.default_language
        parts = Path(path).parts
        for i in range(len(parts) - 2, -1, -1):
            if parts[i] == "docs" and parts[i + 1] in languages:
                return cls(parts[i + 1], "/".join(parts[i + 2:]), default)
        if parts and parts[0] in languages:
            return cls(parts[0], "/".join(parts[1:]), default)
        return cls(None, "/".join(parts[1:] if parts[:1] == ("docs",) else parts), default)

    @property
    def path(self) -> str:
        """As messages show it: ``docs/zh/a/b.md``."""
        return f"docs/{self.lang}/{self.docs_rel}" if self.lang else self.docs_rel

    @property
    def src_uri(self) -> str:
        """As MkDocs names it: ``zh/a/b.md``."""
        return f"{self.lang}/{self.docs_rel}" if self.lang else self.docs_rel

    @property
    def notebook(self) -> bool:
        """A notebook page (practice), published by mkdocs-jupyter."""
        return is_notebook(self.docs_rel)

    @property
    def within_url(self) -> str:
        """Its URL below its language's root: ``a/b.md`` -> ``a/b/``, ``index.md`` -> ``""``."""
        stem = re.sub(r"\.(md|py|ipynb)$", "", self.docs_rel)
        stem = stem.removesuffix("index").rstrip("/") if stem == "index" or stem.endswith("/index") else stem
        return f"{stem}/" if stem else ""

    @property
    def url(self) -> str:
        """Its URL below the site root: ``a/b/`` for the default language, ``en/a/b/`` for another."""
        return prefix(self.lang, self.default) + self.within_url

    def twin(self, lang: str) -> PageId:
        """The same page in ``lang`` (``docs/<lang>/`` are mirrored trees)."""
        return dataclasses.replace(self, lang=lang)


def is_notebook(path: str | Path) -> bool:
    """A notebook page's file (practice), by its suffix."""
    return Path(path).suffix in NOTEBOOK_SUFFIXES


def prefix(lang: str | None, default: str | None) -> str:
    """The URL prefix of a language's pages: none for the default language, ``en/`` for another."""
    return "" if lang is None or lang == default else f"{lang}/"
