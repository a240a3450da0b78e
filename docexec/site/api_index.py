"""api_index: the "API 索引 / API index" page: every torch name the site's code uses, and where.

Made at build time from the same names that link the code (:mod:`docexec.render.codelinks`):
grouped by module, each name links to its reference page, then the page that explains it
(front matter ``explains: [torch.Tensor.retain_grad]``) first, then every page whose code
uses it, with the sections (their explicit ``{ #anchor }``) where it does. The page itself is
hand-written prose ending in :data:`MARKER`; the build converts it once every page has run.

May not touch: other pages, execution. Input: names, headings and titles; output: Markdown.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass

MARKER = "<!-- api-index -->"
_HEADING = re.compile(r"^(?:# )?#{2,6} (?P<title>.+?) \{ *#(?P<anchor>[\w-]+)[^}]*\} *$", re.M)


@dataclass(frozen=True)
class Use:
    """A page's use of a name: the page (below docs/<lang>/), its title, the section's anchor
    ('' above the first section) and title."""

    page: str
    title: str
    anchor: str
    section: str


def sections(source: str) -> list[tuple[int, str, str]]:
    """(line, anchor, title) of each heading with an explicit anchor in a page's source
    (a notebook page's Markdown cells say ``# ## Title { #anchor }``)."""
    return [(source[: m.start()].count("\n") + 1, m["anchor"], m["title"].strip()) for m in _HEADING.finditer(source)]


def section_at(found: list[tuple[int, str, str]], line: int) -> tuple[str, str]:
    """The (anchor, title) of the section a page's line is in ('' and '' above the first)."""
    here = ("", "")
    for start, anchor, title in found:
        if start > line:
            break
        here = (anchor, title)
    return here


def group(name: str) -> str:
    """The module a name is listed under: ``torch.autograd.grad`` -> ``torch.autograd``; a
    class's member under its module, ``torch.Tensor``'s under ``torch.Tensor``."""
    if name.startswith("torch.Tensor.") or name == "torch.Tensor":
        return "torch.Tensor"
    parts = name.split(".")
    modules = []
    for part in parts[:-1]:
        if part[:1].isupper():
            break
        modules.append(part)
    return ".".join(modules) or "torch"


def markdown(uses: dict[str, list[Use]], explains: dict[str, list[Use]], urls: dict[str, str], base: str,
             here: str, labels: tuple[str, str]) -> str:
    """The index's Markdown, linked from the page ``here`` (below docs/<lang>/); ``labels``: the
    words before an explaining page, and between a page and its sections."""
    explained_label, colon = labels

    def link(page: str, anchor: str = "") -> str:
        return posixpath.relpath(page, posixpath.dirname(here) or ".") + (f"#{anchor}" if anchor else "")

    names = sorted(set(uses) | set(explains), key=lambda n: (group(n).lower(), n.lower()))
    out: list[str] = []
    current = None
    for name in names:
        if group(name) != current:
            current = group(name)
            out += ["", f"## `{current}` {{ #{current.replace('.', '-').lower()} }}", ""]
        ref = f"[`{name}`]({base}{urls[name]}){{ .docexec-api }}" if urls.get(name) else f"`{name}`"
        explainers = explains.get(name, [])
        said = " · ".join(f"[{u.title}]({link(u.page)})" for u in explainers)
        out.append(f"- {ref}" + (f" — {explained_label} {said}" if said else ""))
        by_page: dict[str, list[Use]] = {}
        for use in uses.get(name, []):
            by_page.setdefault(use.page, []).append(use)
        first = [u.page for u in explainers]
        for page in sorted(by_page, key=lambda p: p not in first):  # the explaining page first, then in order
            found = by_page[page]
            parts = []
            for use in found:
                item = f"[{use.section}]({link(page, use.anchor)})" if use.anchor else ""
                if item and item not in parts:
                    parts.append(item)
            line = f"    - [{found[0].title}]({link(page)})"
            out.append(line + (colon + " · ".join(parts) if parts else ""))
    return "\n".join(out).strip("\n") + "\n"
