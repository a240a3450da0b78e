"""report: the "report this output" link of an executed output, a new issue filled in for it.

A reader who finds an output wrong gets, next to it, a plain link to a new issue on the
repository (mkdocs.yml's ``repo_url``) whose title and body name the page, the section (the
anchor of the heading above the block), the block's snapshot key
(:func:`docexec.page.blocks.snapshot_keys`: what ``snapshots/<page>.yml`` files it under), the
torch and Python the build ran and the commit it was built from. Nothing is requested until the
reader follows it; no script. A site without ``repo_url`` gets no link.

May not touch: execution, MkDocs objects, HTML. Reads mkdocs.yml and git's HEAD (core/paths).
"""

from __future__ import annotations

import re
from urllib.parse import quote

from docexec.core import paths, settings
from docexec.core.identity import PageId
from docexec.page.blocks import Block, fenced_lines

HEADING = re.compile(r"^ {0,3}#{1,6}[ \t].*?\{[^}]*?#(?P<id>[\w-]+)[^}]*\}[ \t]*$")


def sections(lines: list[str]) -> list[tuple[int, str]]:
    """(0-based line, anchor) of every heading with an explicit ``{ #anchor }`` in a page's Markdown,
    in order (every heading has one: tests/test_parity.py), not inside a fence."""
    fenced = fenced_lines(lines)
    return [(i, m["id"]) for i, line in enumerate(lines) if i not in fenced and (m := HEADING.match(line))]


def section(found: list[tuple[int, str]], line: int) -> str:
    """The anchor of the last heading above the 0-based ``line`` ("" above the first)."""
    return next((anchor for at, anchor in reversed(found) if at < line), "")


def issue_url(block: Block, key: str, anchor: str) -> str:
    """The new issue's address for ``block`` (its snapshot ``key``, under the heading ``anchor``), or
    "" when the site names no repository."""
    root = settings.current().root
    repo = paths.repo_url(root / "mkdocs.yml") if (root / "mkdocs.yml").is_file() else ""
    if not repo:
        return ""
    page = PageId.of(block.path)
    where = page.url + (f"#{anchor}" if anchor else "")
    _, title, body = settings.current().labels(page.lang).report
    fields = {"page": where, "url": paths.published_url(root / "mkdocs.yml") + where, "key": key,
              "commit": paths.commit(root), **paths.versions()}
    query = "&".join(f"{name}={_quoted(text.format(**fields))}" for name, text in (("title", title), ("body", body)))
    return f"{repo.rstrip('/')}/issues/new?{query}"


def _quoted(text: str) -> str:
    """``text`` for a URL's query, its letters beyond ASCII as they are (the browser encodes them
    when the link is followed): a Chinese character is then 3 bytes of the page, not 9."""
    return _ASCII_RUN.sub(lambda m: quote(m[0], safe=""), text)  # one quote() a run, not a character (6,000
    # outputs at N = 300: 1.3 million calls, 3.5 s of the build's main thread under cProfile)


_ASCII_RUN = re.compile(r"[\x00-\x7f]+")


def words(block: Block) -> str:
    """The link's words in the block's page's language."""
    return settings.current().labels(PageId.of(block.path).lang).report[0]
