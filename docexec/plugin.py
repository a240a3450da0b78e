"""plugin: docexec as a MkDocs plugin (``plugins: - docexec`` in mkdocs.yml, entry point ``docexec``).

The plugin's options are :class:`docexec.core.settings.Settings`' fields: each is typed, checked
and explained there (``python -m docexec settings``), and a wrong value or an unknown option
fails the config, naming it and the fix; ``DOCEXEC``, ``DOCEXEC_PLACEHOLDERS`` and
``DOCEXEC_SERVER`` still override three. The plugin instance holds the build (one
:class:`docexec.build.Build` per build MkDocs starts; mkdocs-static-i18n's builds of the other
languages run inside it and share it), and hands every event to it. MkDocs keeps the instance
across ``mkdocs serve`` rebuilds (it has ``on_startup``), and it watches the package: when a
module of ``docexec/`` changed, the next rebuild shuts the page server down, imports the engine
anew and rebuilds every page with it. Only this module cannot be reloaded so: an edit of it
(or of the settings' fields) says in one line to restart ``mkdocs serve``.

May not touch: anything but the wiring; the work is done in docexec.build and the stages.
"""

from __future__ import annotations

import importlib
import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.plugins import BasePlugin, event_priority

from docexec.core import settings

if TYPE_CHECKING:
    import jinja2
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.livereload import LiveReloadServer
    from mkdocs.structure.files import Files
    from mkdocs.structure.nav import Navigation
    from mkdocs.structure.pages import Page
    from mkdocs.utils.templates import TemplateContext

PACKAGE = Path(__file__).resolve().parent
STABLE = {"docexec.plugin", "docexec.core.settings", "docexec.core.errors", "docexec.core.labels", "docexec"}
log = logging.getLogger("mkdocs.plugins.docexec")


class _Setting(c.BaseConfigOption):
    """One of Settings' fields as a plugin option: its type, check and help are the field's."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name
        field = next(f for f in settings.fields() if f.name == name)
        self.default = field.default

    def run_validation(self, value: object) -> object:
        field = next(f for f in settings.fields() if f.name == self.name)
        if value is None and field.default is None:
            return None
        try:
            return settings.checked(self.name, value, field, "docexec")
        except settings.DocExecError as exc:  # MkDocs says "Plugin 'docexec' option 'x':" before it
            said = str(exc).split(f"option {self.name!r}: ", 1)[-1]
            raise c.ValidationError(f"{said} (`python -m docexec settings` explains every option)") from None


DocexecConfig = type("DocexecConfig", (base.Config,), {f.name: _Setting(f.name) for f in settings.fields()})


def _fingerprint() -> tuple:
    files = sorted(PACKAGE.rglob("*.py"))
    return tuple((p.relative_to(PACKAGE).as_posix(), p.stat().st_mtime_ns, p.stat().st_size) for p in files)


def _outer(config: MkDocsConfig) -> bool:
    """True in the build MkDocs started (the default language), False in i18n's builds of the others."""
    from docexec.core import thirdparty  # looked up each time: the one imported anew after an edit (serve)

    return not thirdparty.i18n_building(config)


class DocexecPlugin(BasePlugin):  # its config_class: DocexecConfig (options from Settings)
    """Every MkDocs event, handed to the build of the moment (see the module docstring)."""

    config_class = DocexecConfig

    def __init__(self) -> None:
        self.engine: Any = None  # docexec.build, as imported for the current fingerprint
        self.build: Any = None  # the Build of the build MkDocs started last
        self.fingerprint: tuple | None = None
        self.stable = {name: _module_fingerprint(name) for name in STABLE}

    def load_config(self, options: dict[str, Any], config_file_path: str | None = None) -> tuple[list, list]:
        """An unknown option is an error (MkDocs only warns), naming it and the known ones."""
        errors, warnings = super().load_config(options, config_file_path)
        known = sorted(f.name for f in settings.fields())
        for key, warning in list(warnings):
            if "Unrecognised configuration name" in str(warning):
                warnings.remove((key, warning))
                errors.append((key, c.ValidationError(f"unknown option {key!r} of the docexec plugin; known: {known}"
                                                      " (`python -m docexec settings` explains each)")))
        return errors, warnings

    def _engine(self) -> Any:
        """docexec.build, imported anew when a module of the package changed since (mkdocs serve)."""
        now = _fingerprint()
        if self.engine is not None and now != self.fingerprint:
            changed = [name for name, seen in self.stable.items() if _module_fingerprint(name) != seen]
            if changed:
                log.warning(f"docexec: {', '.join(changed)} changed: restart `mkdocs serve` to use it (the plugin"
                            " itself and its settings cannot be imported anew while MkDocs holds them)")
            self.engine.pool_shutdown()
            for name in [m for m in sys.modules if m.startswith("docexec.") and m not in STABLE]:
                del sys.modules[name]
            self.engine, self.build = None, None
            log.info("docexec: the engine changed: imported anew, with a new page server; every page is rebuilt")
        if self.engine is None:
            self.engine = importlib.import_module("docexec.build")
            self.fingerprint = now
        return self.engine

    def on_startup(self, command: str, dirty: bool, **kwargs: Any) -> None:  # noqa: ARG002
        engine = self._engine()
        engine.startup(command)

    def on_shutdown(self) -> None:
        if self.engine is not None:
            self.engine.pool_shutdown()

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        engine = self._engine()
        if _outer(config) or self.build is None:
            self.build = engine.Build(config, previous=self.build)
        return self.build.on_config(config)

    @event_priority(-200)  # after mkdocs-static-i18n's on_files (priority -100)
    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        return self.build.on_files(files, config, _outer(config))

    def on_nav(self, nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
        return self.build.on_nav(nav, config, files)

    def on_serve(self, server: LiveReloadServer, config: MkDocsConfig, builder: Any) -> LiveReloadServer:  # noqa: ARG002
        server.watch(str(PACKAGE))  # an edit of the engine rebuilds (with the engine imported anew)
        from docexec.core import thirdparty

        thirdparty.watch_natively(server)  # an edit seen at once (inotify), not at the next poll
        return self.engine.keep_serving(server)  # a failed rebuild: the last good pages, with the error

    def on_env(self, env: jinja2.Environment, config: MkDocsConfig, files: Files) -> jinja2.Environment:
        return self.build.on_env(env, files, _outer(config))

    def on_pre_page(self, page: Page, config: MkDocsConfig, files: Files) -> Page:  # noqa: ARG002
        return self.build.on_pre_page(page)

    def on_page_markdown(self, markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        return self.build.on_page_markdown(markdown, page, config, files)

    @event_priority(100)  # before i18n (50) and the search index (0) read the page
    def on_page_context(self, context: TemplateContext, page: Page, config: MkDocsConfig, nav: Navigation) -> TemplateContext:
        return self.build.on_page_context(context, page, config, nav)

    def on_page_content(self, html: str, page: Page, config: MkDocsConfig, files: Files) -> str:  # noqa: ARG002
        return self.build.on_page_content(html, page)

    def on_post_page(self, output: str, page: Page, config: MkDocsConfig) -> str:
        return self.build.on_post_page(output, page, config)

    @event_priority(-200)  # after i18n's on_post_build, which builds the other languages and the index
    def on_post_build(self, config: MkDocsConfig) -> None:
        if _outer(config):
            self.build.on_post_build(config)


def _module_fingerprint(name: str) -> tuple | None:
    path = PACKAGE.parent / (name.replace(".", "/") + ".py")
    if not path.is_file():
        path = PACKAGE.parent / name.replace(".", "/") / "__init__.py"
    return (path.stat().st_mtime_ns, path.stat().st_size) if path.is_file() else None
