"""Every other package's internal that docexec relies on is still in the installed package.

docexec/core/thirdparty.py lists them (TARGETS; the templates copied from Material, COPIED and
REPLACED); overrides/assets/javascripts/search.js names Material's JavaScript internals in one
section. Each is looked for in the installed package (an attribute, a signature, a line of its
source, a template's block, a name in Material's bundle and search worker); a missing one fails
as "<package>==<pinned version>: <name> is gone; see docexec/core/thirdparty.py: <what to do>".
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import inspect
import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from docexec.core import thirdparty
from docexec.core.thirdparty import COPIED, COPIED_FROM, REPLACED, TARGETS

pytestmark = pytest.mark.check

ROOT = Path(__file__).resolve().parent.parent
SEARCH_JS = ROOT / "overrides" / "assets" / "javascripts" / "search.js"
SECTION = re.compile(r"/\* ---- mkdocs-material==(\S+) internals -+\n(.*?)/\* ---- end of mkdocs-material internals ---- \*/",
                     re.S)


def pinned(package: str) -> str:
    """``package``'s version in requirements.txt (the one place versions are set)."""
    key = re.sub(r"[-_.]+", "-", package).lower()
    for line in (ROOT / "requirements.txt").read_text("utf8").splitlines():
        name, sep, version = line.split("#")[0].strip().partition("==")
        if sep and re.sub(r"[-_.]+", "-", name).lower() == key:
            return version.strip()
    raise AssertionError(f"{package} is not pinned in requirements.txt")


def gone(package: str, name: str, todo: str, *notes: str) -> str:
    """The failure: the package, its pinned version, the name, this project's file and what to do."""
    installed = importlib.metadata.version(package)
    notes = (*notes, *([f"installed: {installed}"] if installed != pinned(package) else []))
    also = f" ({'; '.join(n for n in notes if n)})" if any(notes) else ""
    return f"{package}=={pinned(package)}: {name} is gone; see docexec/core/thirdparty.py: {todo}{also}"


def present(check: Callable[..., bool], *args: str) -> tuple[bool, str]:
    """(whether ``check`` finds its target, why not): a name an import or lookup misses is gone too."""
    try:
        return bool(check(*args)), ""
    except (ImportError, AttributeError, LookupError, TypeError, ValueError, OSError, AssertionError) as exc:
        return False, f"{type(exc).__name__}: {exc}"


def params(function: Callable) -> list[str]:
    return list(inspect.signature(function).parameters)


def source(obj: object) -> str:
    return inspect.getsource(obj)  # type: ignore[arg-type]


# --- mkdocs-material's files -----------------------------------------------------------------------


@cache
def templates() -> Path:
    import material

    return Path(material.__file__).parent / "templates"


@cache
def asset(pattern: str) -> str:
    """The text of the one file of Material's templates folder matching ``pattern``."""
    found = sorted(templates().glob(pattern))
    assert len(found) == 1, f"mkdocs-material: {len(found)} files {pattern}"
    return found[0].read_text("utf8")


def bundle() -> str:
    return asset("assets/javascripts/bundle.*.min.js")


def worker() -> str:
    return asset("assets/javascripts/workers/search.*.min.js")


def mapped(pattern: str, source_path: str) -> str:
    """The TypeScript ``source_path`` as a source map of Material's holds it."""
    data = json.loads(asset(pattern))
    return data["sourcesContent"][data["sources"].index(source_path)]


def message_types() -> list[str]:
    """``SearchMessageType``'s members in order (a const enum: 0, 1, 2...)."""
    text = mapped("assets/javascripts/bundle.*.min.js.map",
                  "src/templates/assets/javascripts/integrations/search/worker/message/index.ts")
    body = re.search(r"export const enum SearchMessageType \{(.*?)\}", text, re.S)
    return re.findall(r"^\s*([A-Z]+),?", body.group(1), re.M) if body else []


def block(text: str, name: str) -> str | None:
    """A Jinja block's text (``""``: the whole template)."""
    if not name:
        return text
    found = re.search(r"\{%-? block " + re.escape(name) + r" -?%\}(.*?)\{%-? endblock", text, re.S)
    return found.group(1) if found else None


def digest(text: str) -> str:
    version = importlib.metadata.version("mkdocs-material")
    return hashlib.sha256(text.replace(version, "VERSION").encode()).hexdigest()


def word(name: str, text: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None


def worker_handles() -> bool:
    """The worker answers SETUP with the index in ``data``, QUERY with the query in ``data``."""
    main = mapped("assets/javascripts/workers/search.*.min.js.map",
                  "src/templates/assets/javascripts/integrations/search/worker/main/index.ts")
    return (re.search(r"case SearchMessageType\.SETUP:.*?new Search\(message\.data\)", main, re.S) is not None
            and re.search(r"case SearchMessageType\.QUERY:\s*const query = message\.data", main) is not None
            and re.search(r"switch\(\w+\.type\)\{case 0:.*?\.data\.config.*?case 2:", worker()) is not None)


# --- the Python targets (thirdparty.TARGETS) ---------------------------------------------------------


def _git_util() -> type:
    from mkdocs_git_revision_date_localized_plugin.util import Util

    return Util


def _git_plugin() -> type:
    from mkdocs_git_revision_date_localized_plugin.plugin import GitRevisionDateLocalizedPlugin

    return GitRevisionDateLocalizedPlugin


def _server() -> type:
    from mkdocs.livereload import LiveReloadServer

    return LiveReloadServer


def _observer_handlers() -> bool:
    from watchdog.observers.api import BaseObserver

    return "self._handlers[watch].add(event_handler)" in source(BaseObserver._add_handler_for_watch)


def _theme_files() -> bool:
    from mkdocs.structure.files import Files

    own = getattr(Files.add_files_from_theme, "docexec_original", Files.add_files_from_theme)  # patched by a build here
    code = source(own)
    return params(own) == ["self", "env", "config"] and code.count("env.") == 1 \
        and "env.list_templates(filter_func=filter)" in code


def _i18n() -> type:
    from mkdocs_static_i18n.plugin import I18n

    return I18n


def _alternates_set() -> bool:
    import mkdocs_static_i18n.folder

    return "file.alternates = {" in source(mkdocs_static_i18n.folder)


def _notebook_file() -> bool:
    from mkdocs_jupyter.plugin import NotebookFile

    return params(NotebookFile.__init__)[:4] == ["self", "file", "use_directory_urls", "site_dir"]


def _should_include() -> bool:
    from mkdocs_jupyter.plugin import Plugin

    return params(Plugin.should_include) == ["self", "file"]


def _search_dirty() -> bool:
    from material.plugins.search.plugin import SearchPlugin

    plugin = SearchPlugin()
    return (hasattr(plugin, "is_dirty") and hasattr(plugin, "search_index_prev")
            and "self.search_index_prev" in source(SearchPlugin.on_post_build))


def _jieba_tokenizer() -> bool:
    import jieba

    fresh = jieba.Tokenizer()
    return all(hasattr(fresh, a) for a in ("FREQ", "total", "initialized")) and "self.FREQ, self.total =" in \
        source(jieba.Tokenizer.initialize)


def _tensor_base() -> bool:
    import torch

    base = getattr(getattr(torch, "_C", None), "TensorBase", None)
    return base is not None and base in torch.Tensor.__mro__


CHECKS: dict[str, Callable[[], bool]] = {
    "Util._get_repo": lambda: params(_git_util()._get_repo) == ["self", "path"],
    "GitRevisionDateLocalizedPlugin.util": lambda: "self.util = Util(" in source(_git_plugin()),
    'git.log(diff_filter="r")': lambda: 'diff_filter="r"' in source(_git_util()),
    "LiveReloadServer._inject_js_into_html": lambda: params(_server()._inject_js_into_html) == ["self", "content", "epoch"],
    "LiveReloadServer.builder": lambda: ("self.builder = builder" in source(_server().__init__)
                                         and "self.builder()" in source(_server())),
    "LiveReloadServer.observer, _watch_refs": lambda: ("self.observer = watchdog.observers.polling.PollingObserver("
                                                       in source(_server().__init__)
                                                       and "self._watch_refs[path] = self.observer.schedule(" in source(_server().watch)),
    "BaseObserver._handlers": _observer_handlers,
    "Files.add_files_from_theme(env, config): env.list_templates(filter_func=)": _theme_files,
    "I18n.building": lambda: hasattr(_i18n()(), "building") and "self.building = True" in source(_i18n().on_post_build),
    "File.alternates": _alternates_set,
    "NotebookFile(file, use_directory_urls, site_dir)": _notebook_file,
    "Plugin.should_include": _should_include,
    "SearchPlugin.is_dirty, search_index_prev": _search_dirty,
    "jieba.Tokenizer FREQ, total, initialized": _jieba_tokenizer,
    "torch._C.TensorBase": _tensor_base,
    'theme.features "content.lazy"': lambda: '"content.lazy"' in bundle(),
    "base.html scripts block: <script src=": lambda: "<script src=\"{{ 'assets/javascripts/bundle."
                                                      in (block(asset("base.html"), "scripts") or ""),
    "main.html has no block": lambda: "{% block" not in asset("main.html"),
    "bundle requests sitemap.xml, search_index.json by XMLHttpRequest": lambda: all(
        s in bundle() for s in ("new XMLHttpRequest", '"sitemap.xml"', '"search/search_index.json"')),
    "#__search, .md-search, a.md-select__link": lambda: ('id="__search"' in asset("base.html")
                                                         and 'class="md-search"' in asset("partials/search.html")
                                                         and re.search(r'<a [^>]*hreflang[^>]*class="md-select__link"',
                                                                       asset("partials/alternate.html")) is not None),
    "copy button .md-code__button[data-md-type=copy] copies the closest [data-copy]": lambda: all(
        s in bundle() for s in ('class:"md-code__button"', '"data-md-type":"copy"', 'closest("[data-copy]")',
                                'getAttribute("data-copy")')),
}


def test_every_target_has_a_check():
    assert set(CHECKS) == set(TARGETS), (f"targets without a check: {sorted(set(TARGETS) - set(CHECKS))};"
                                         f" checks of no target: {sorted(set(CHECKS) - set(TARGETS))}")


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_the_target_is_still_there(name):
    target = TARGETS[name]
    found, why = present(CHECKS[name])
    assert found, gone(target.package, name, target.todo, f"used by {target.used_by}", why)


def test_every_function_of_thirdparty_is_named_by_a_target():
    """A patch added to the module comes with its target (and so its check)."""
    used = " ".join(t.used_by for t in TARGETS.values())
    functions = [n for n, f in vars(thirdparty).items()
                 if inspect.isfunction(f) and f.__module__ == thirdparty.__name__]
    helpers = {"complete_alternates"}  # called by rewrap_notebook
    assert not [n for n in functions if n not in used and n not in helpers], functions


def test_a_check_fails_on_a_missing_name_with_package_version_and_fix():
    """The checks can fail: pointed at a name MkDocs does not have, at a message type Material's
    worker does not have."""
    assert present(lambda: params(_server()._inject_nothing)) == (
        False, "AttributeError: type object 'LiveReloadServer' has no attribute '_inject_nothing'")
    assert present(JS_CHECKS["QUERY"], "9")[0] is False
    assert present(JS_CHECKS["QUERY"], "1")[0] is False  # READY
    message = gone("mkdocs", "LiveReloadServer._inject_nothing", "do this", "used by x", "")
    assert message == f"mkdocs=={pinned('mkdocs')}: LiveReloadServer._inject_nothing is gone;" \
                      " see docexec/core/thirdparty.py: do this (used by x)"


# --- the templates copied from Material --------------------------------------------------------


@pytest.mark.parametrize("override", sorted(COPIED))
def test_materials_template_is_the_one_copied(override):
    template, name, recorded = COPIED[override]
    text = block(asset(template), name)
    what = f"{template}" + (f" block {name}" if name else "")
    assert text is not None, gone("mkdocs-material", what, f"{override} was copied from it: find where Material moved it")
    assert digest(text) == recorded, gone(
        "mkdocs-material", f"{what} as {override} copied it from mkdocs-material {COPIED_FROM}",
        f"Material changed it: carry its change into {override}, then record its new digest {digest(text)}"
        f" in COPIED:\n{text}")
    assert f"mkdocs-material {COPIED_FROM}" in (ROOT / override).read_text("utf8"), \
        f"{override}: say which Material it was copied from ('mkdocs-material {COPIED_FROM}')"


@pytest.mark.parametrize("template", REPLACED)
def test_a_replaced_template_is_still_materials(template):
    assert (ROOT / "overrides" / template).is_file(), f"overrides/{template}: gone; remove it from REPLACED"
    assert (templates() / template).is_file(), gone(
        "mkdocs-material", template, f"overrides/{template} no longer replaces anything: find its new name")


def test_every_override_of_a_material_template_is_listed():
    overrides = ROOT / "overrides"
    listed = set(REPLACED) | {Path(o).relative_to("overrides").as_posix() for o in COPIED}
    theirs = [p.relative_to(overrides).as_posix() for p in sorted(overrides.rglob("*.html"))
              if (templates() / p.relative_to(overrides)).is_file()]
    assert not [t for t in theirs if t not in listed], "add each to COPIED (with its digest) or REPLACED"


# --- Material's JavaScript internals (search.js's one section) ------------------------------------


def section() -> tuple[str, dict[str, str], str]:
    """search.js's section: (its version, {name: value as written}, the rest of the file)."""
    text = SEARCH_JS.read_text("utf8")
    found = SECTION.findall(text)
    assert len(found) == 1, f"{SEARCH_JS.name}: {len(found)} sections '/* ---- mkdocs-material==<version> internals'"
    version, body = found[0]
    values = dict(re.findall(r"^\s*([A-Z_]+): (\d+|\"[^\"]*\"),?\s*(?://.*)?$", body, re.M))
    return version, {k: v.strip('"') for k, v in values.items()}, SECTION.sub("", text)


def _in_templates(pattern: str) -> bool:
    return any(re.search(pattern, p.read_text("utf8")) for p in templates().rglob("*.html"))


def _class(selector: str) -> str:
    """``input.md-search__input`` -> ``md-search__input``."""
    return selector.split(".", 1)[1]


def _config(v: str) -> bool:
    """The bundle reads the element ``#v``; base.html writes it, a JSON object with ``base``."""
    return f'"#{v}"' in bundle() and re.search(rf'id="{v}"[^>]*>\s*\{{[^<]*"base":', asset("base.html")) is not None


def _field(v: str) -> bool:
    return re.search(rf'<input [^>]*class="{_class(v)}"', asset("partials/search.html")) is not None


def _result_link(v: str) -> bool:
    """The bundle makes each result an ``<a>`` of this class."""
    return re.search(rf'x\("a",\{{[^()]*?class:"{_class(v)}"', bundle()) is not None


def _article(v: str) -> bool:
    """The bundle makes each result an ``<article>`` of this class, its title an h1 or h2."""
    element, cls = v.split(".", 1)
    return (re.search(rf'x\("{element}",\{{class:"{cls}[ "]', bundle()) is not None
            and all(f'x("{h}",null,' in bundle() for h in ("h1", "h2")))


def _result(v: str) -> bool:
    """The worker answers a query with this type, ``data`` its result: ``items``, groups of
    entries with ``location``, ``title`` and ``score``, as search.js ranks them again."""
    main = mapped("assets/javascripts/workers/search.*.min.js.map",
                  "src/templates/assets/javascripts/integrations/search/worker/main/index.ts")
    search = mapped("assets/javascripts/workers/search.*.min.js.map",
                    "src/templates/assets/javascripts/integrations/search/_/index.ts")
    return (message_types()[int(v)] == "RESULT"
            and re.search(r"type: SearchMessageType\.RESULT,\s*data: index\.search\(query\)", main) is not None
            and "items: [...groups.values()]" in search and "score: score * (1 + boost ** 2)" in search)


def _query_event(v: str) -> bool:
    """The search field's value is read on this event (and focus): watchSearchQuery."""
    text = mapped("assets/javascripts/bundle.*.min.js.map", "src/templates/assets/javascripts/components/search/query/index.ts")
    return f'fromEvent(el, "{v}")' in text and re.search(rf'h\(\w,"{v}"\),\w\)\.pipe\(m\(\(\)=>\w\.value\)', bundle()) is not None


JS_CHECKS: dict[str, Callable[[str], bool]] = {
    "SETUP": lambda v: message_types()[int(v)] == "SETUP" and worker_handles(),
    "QUERY": lambda v: message_types()[int(v)] == "QUERY" and worker_handles(),
    "RESULT": _result,
    "INDEX_SCRIPT": lambda v: f"=>{v}" in bundle(),  # the script's global, read once it loaded
    "CONFIG": _config,
    "INDEX": lambda v: f'"{v}"' in bundle(),
    "FIELD": _field,
    "RESULTS": lambda v: _in_templates(f'class="{_class(v)}"'),
    "RESULT_LINK": _result_link,
    "CONTENT": lambda v: _in_templates('data-md-component="{}"'.format(v.split("=")[1].rstrip("]"))),
    "HIGHLIGHT": lambda v: f"<mark {v}>" in bundle(),
    "ARTICLE": _article,
    "QUERY_EVENT": _query_event,
    "SOURCE_FILE": lambda v: _in_templates(f'class="{_class(v)}"') and word(_class(v), asset("assets/stylesheets/main.*.min.css")),
}


def test_search_js_has_one_section_of_materials_internals_for_the_pinned_version():
    version, values, _ = section()
    assert version == pinned("mkdocs-material"), (
        f"{SEARCH_JS.name}: its section is headed mkdocs-material=={version}, requirements.txt pins"
        f" {pinned('mkdocs-material')}: once this file's checks pass, head it with the pinned version")
    assert set(values) == set(JS_CHECKS), f"each name of the section has a check here: {sorted(values)}"


@pytest.mark.parametrize("name", sorted(JS_CHECKS))
def test_materials_javascript_internal_is_still_there(name):
    value = section()[1][name]
    found, why = present(JS_CHECKS[name], value)
    assert found, gone("mkdocs-material", f"{name} = {value!r}",
                       "find its new form in Material's bundle, for search.js's one section of Material's names",
                       "used by overrides/assets/javascripts/search.js", why)


def test_search_js_names_materials_internals_only_in_its_section():
    rest = section()[2]
    found = re.findall(r"\bmd-[\w-]+|__config|__index|search_index|\btype\s*(?:===?|:)\s*\d", rest)
    assert not found, f"{SEARCH_JS.name}: {found} outside its mkdocs-material section: move them into it"


# --- what the Python patches do (through their call sites' entry points) -------------------------


def test_on_older_git_drops_only_the_rename_filter_once():
    from types import SimpleNamespace as NS

    calls: list[tuple] = []
    git = NS(log=lambda *args, **kwargs: calls.append((args, kwargs)) or "", rev_parse=lambda ref: f"{ref}: abc")
    util = NS(_get_repo=lambda path: git if path == "docs" else None)
    config = NS(plugins={"git-revision-date-localized": NS(util=util)})
    thirdparty.on_older_git(config)
    thirdparty.on_older_git(config)  # a second build (serve): not wrapped twice
    repo = util._get_repo("docs")
    repo.log("-n1", diff_filter="r", format="%at")
    repo.log("-n1", diff_filter="Ar")
    assert calls == [(("-n1",), {"format": "%at"}), (("-n1",), {"diff_filter": "Ar"})]
    assert repo.rev_parse("HEAD") == "HEAD: abc" and isinstance(repo, thirdparty.GitLog)
    assert not isinstance(repo._git, thirdparty.GitLog)


def test_patch_live_reload_wraps_the_rebuild_and_every_served_page():
    from types import SimpleNamespace as NS

    server = NS(builder=lambda: "built", _inject_js_into_html=lambda content, epoch: content + b"<script>%d" % epoch)
    thirdparty.patch_live_reload(server, lambda rebuild: lambda: f"kept {rebuild()}", lambda page: page.upper())
    assert server.builder() == "kept built"
    assert server._inject_js_into_html(b"<p>", 7) == b"<P><SCRIPT>7"


def test_i18n_building_and_tensor_classes():
    from types import SimpleNamespace as NS

    import torch

    assert thirdparty.i18n_building(NS(plugins={"i18n": NS(building=True)}))
    assert not thirdparty.i18n_building(NS(plugins={"i18n": NS(building=False)}))
    assert not thirdparty.i18n_building(NS(plugins={}))  # no i18n: every build is the outer one
    assert torch.Tensor in thirdparty.tensor_classes(torch)
    assert "retain_grad" in vars(thirdparty.tensor_classes(torch)[1])
