"""hooks: the one module mkdocs.yml names (``hooks:``); it dispatches MkDocs events to the Build.

Every event, also those of mkdocs-static-i18n's builds of the other languages, goes to the
:class:`docexec.build.Build` of the current build; only the build MkDocs started (``outer``)
starts the pages and finishes the site. MkDocs loads this file by path, anew for every config,
so it imports the package absolutely, and loads the package and its page server anew when a
file of the package has changed since (an edit during ``mkdocs serve``).

May not touch: anything but the wiring; the work is done in docexec.build and the stages.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

_PROJECT = Path(__file__).resolve().parent.parent
if str(_PROJECT) not in sys.path:
    sys.path.insert(0, str(_PROJECT))


def _fingerprint() -> tuple:
    files = sorted((_PROJECT / "docexec").rglob("*.py"))
    return tuple((p.relative_to(_PROJECT).as_posix(), p.stat().st_mtime_ns, p.stat().st_size) for p in files)


if getattr(sys.modules.get("docexec"), "_fingerprint", None) != _fingerprint():
    if (_old_pool := sys.modules.get("docexec.execute.pool")) is not None:
        _old_pool.shutdown()
    for _name in [m for m in sys.modules if m.startswith("docexec.") and m != __name__] + ["docexec"]:
        sys.modules.pop(_name, None)

from mkdocs.plugins import event_priority  # noqa: E402

import docexec  # noqa: E402
from docexec import build  # noqa: E402
from docexec.core import errors, settings  # noqa: E402
from docexec.execute import pool  # noqa: E402
from docexec.site import incremental  # noqa: E402

if TYPE_CHECKING:
    import jinja2
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.livereload import LiveReloadServer
    from mkdocs.structure.files import Files
    from mkdocs.structure.nav import Navigation
    from mkdocs.structure.pages import Page
    from mkdocs.utils.templates import TemplateContext

docexec._fingerprint = _fingerprint()  # type: ignore[attr-defined]
if settings.early("execute"):
    pool.start(settings.early("server"))  # MkDocs loads hooks early: torch is imported while plugins load


def _outer(config: MkDocsConfig) -> bool:
    """True in the build MkDocs started (the default language), False in i18n's builds of the others."""
    return not getattr(config.plugins.get("i18n"), "building", False)


def on_startup(command: str, dirty: bool, **kwargs: Any) -> None:  # noqa: ARG001
    errors.serve_mode(command == "serve")  # under serve, failures are shown, not fatal


def on_config(config: MkDocsConfig, **kwargs: Any) -> MkDocsConfig:  # noqa: ARG001
    return build.start(config, _outer(config)).on_config(config)


@event_priority(-200)  # after mkdocs-static-i18n's on_files (priority -100)
def on_files(files: Files, config: MkDocsConfig, **kwargs: Any) -> Files:  # noqa: ARG001
    return build.current().on_files(files, config, _outer(config))


def on_nav(nav: Navigation, config: MkDocsConfig, files: Files, **kwargs: Any) -> Navigation:  # noqa: ARG001
    return build.current().on_nav(nav, config, files)


def on_serve(server: LiveReloadServer, config: MkDocsConfig, builder: Any, **kwargs: Any) -> LiveReloadServer:  # noqa: ARG001
    return incremental.keep_serving(server)  # a failed rebuild: the last good pages, with the error


def on_env(env: jinja2.Environment, config: MkDocsConfig, files: Files, **kwargs: Any) -> jinja2.Environment:  # noqa: ARG001
    return build.current().on_env(env, files, _outer(config))


def on_pre_page(page: Page, config: MkDocsConfig, files: Files, **kwargs: Any) -> Page:  # noqa: ARG001
    return build.current().on_pre_page(page)


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files, **kwargs: Any) -> str:  # noqa: ARG001
    return build.current().on_page_markdown(markdown, page, config, files)


@event_priority(100)  # before i18n (50) and the search index (0) read the page
def on_page_context(context: TemplateContext, page: Page, config: MkDocsConfig, nav: Navigation, **kwargs: Any) -> TemplateContext:  # noqa: ARG001
    return build.current().on_page_context(context, page, config, nav)


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files, **kwargs: Any) -> str:  # noqa: ARG001
    return build.current().on_page_content(html, page)


def on_post_page(output: str, page: Page, config: MkDocsConfig, **kwargs: Any) -> str:  # noqa: ARG001
    return build.current().on_post_page(output, page, config)


@event_priority(-200)  # after i18n's on_post_build, which builds the other languages and the index
def on_post_build(config: MkDocsConfig, **kwargs: Any) -> None:  # noqa: ARG001
    if _outer(config):
        build.current().on_post_build(config)
