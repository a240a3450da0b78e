"""build.api: a build's links to torch's reference and its API index (a part of Build).

The check of torch-api.yml against the installed torch runs as a page; each page's code and
inline code are linked to the reference once its blocks ran; the API index page is converted
once every page of its language has run, listing where each name is used.

May not touch: execution (it takes the outcomes of pages running ahead); of MkDocs' objects,
only the API index page's Markdown and content.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from docexec.core import errors, paths
from docexec.notebooks import practice
from docexec.page import reference
from docexec.page.blocks import Block
from docexec.render import codelinks
from docexec.site import api_index, incremental

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files
    from mkdocs.structure.nav import Navigation
    from mkdocs.structure.pages import Page as MkDocsPage


from docexec.build.pages import Pages


class ApiLinks(Pages):
    """Links to the reference and the API index (a part of Build)."""

    api_urls: dict[str, str] | None
    memory: incremental.Memory

    def _api_check(self) -> tuple[str, list[Block]]:
        """The job checking every name of torch-api.yml against the installed torch, run as a page."""
        return self.settings.api_names, [reference.check_block(sorted(self.api_urls or {}))]

    def _report_api_check(self) -> None:
        path, found = self._api_check()
        outcome = self.ahead.take(path, found)[0]
        if not outcome.ok:
            errors.report(outcome.text)
            return
        version = paths.versions()["torch"]
        for name in outcome.text.split():
            errors.report(f"{path}:{reference.line_of(name)}: `{name}` is not an object of the installed torch"
                          f" {version}: correct the name, or run `make api-names` once no page uses it")

    def _link_names(self, html: str, page: MkDocsPage) -> str:
        """Torch names in the page's code and inline code linked to the reference; what it used noted."""
        if not self.settings.execute:
            return html
        here = self.page_of(page)
        found, outcomes = here.run or ([], [])
        base, urls = reference.base_url(), self.api_urls or {}
        html, used, unknown, prose = codelinks.link_page(html, list(zip(found, outcomes, strict=True)), here.id.lang,
                                                         urls, base)
        for message in unknown if self.api_urls is not None else []:
            errors.missing(message)
        explains = page.meta.get("explains") or []
        if not (isinstance(explains, list) and all(isinstance(n, str) for n in explains)):
            errors.report(f"{here.path}:1: `explains:` must be a list of torch names, like"
                          f" `explains: [torch.Tensor.retain_grad]`")
            explains = []
        for name in [n for n in explains if self.api_urls is not None and n not in self.api_urls]:
            errors.missing(f"{here.path}:1: explains: `{name}` is not in {self.settings.api_names}: run"
                           f" `make api-names` (a name the installed torch lacks fails there)")
        self.record.api[here.path] = {"code": sorted({(n, b.line) for n, b in used}), "prose": sorted(set(prose)),
                                      "explains": list(explains)}
        return html

    def _api_index(self, page: MkDocsPage, config: MkDocsConfig, nav: Navigation, files: Files) -> None:
        """Convert the API index once every page of its language has run (its uses are theirs)."""
        here = self.page_of(page)
        uses: dict[str, list[api_index.Use]] = {}
        explains: dict[str, list[api_index.Use]] = {}
        for other in nav.pages:
            there = self.page_of(other)
            if there.id.lang != here.id.lang or there.id.docs_rel == here.id.docs_rel:
                continue
            title = other.title or there.id.docs_rel
            for name in other.meta.get("explains") or []:
                explains.setdefault(name, []).append(api_index.Use(there.id.docs_rel, title, "", ""))
            if (ran := there.run or self.ahead.wait(there.path)) is not None:
                used = [(n, b.line) for b, o in codelinks.shown(list(zip(*ran, strict=True))) for *_, n in o.names]
            else:  # a dirty rebuild did not run it: its names as the last build noted them
                used = self.memory.api.get(there.path, {}).get("code", [])
            heads = ([] if not used else practice.heading_cells(there.source) if there.id.notebook
                     else api_index.sections(there.source.read_text("utf-8-sig")))  # a notebook's lines: cells
            for name, line in used:
                use = api_index.Use(there.id.docs_rel, title, *api_index.section_at(heads, line))
                if use not in uses.setdefault(name, []):
                    uses[name].append(use)
        body = api_index.markdown(uses, explains, self.api_urls or {}, reference.base_url(), here.id.docs_rel,
                                  here.labels.api_index)
        page.markdown = (page.markdown or "").replace(api_index.MARKER, body)
        page.render(config, files)
        page.content = config.plugins.on_page_content(page.content or "", page=page, config=config, files=files)

