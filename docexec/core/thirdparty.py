"""thirdparty: every patch of, or reliance on, another package's internals, in one place.

Each function here reaches past a pinned package's documented interface (requirements.txt): a
private method, an undocumented attribute or class. :data:`TARGETS` names each such target with
its package and what to do should an upgrade remove it; tests/test_thirdparty.py checks every
one against the installed package, and fails naming the package, its pinned version and this
file. Material's JavaScript internals are the one "mkdocs-material==… internals" section of
overrides/assets/javascripts/search.js (and overrides/main.html's inline script and
copy-imports.js, checked from :data:`TARGETS`); the templates copied from Material are :data:`COPIED`, with the digest of the
text they were copied from. Here so that a dependency upgrade is checked in one place.

May not touch: anything but the objects named in TARGETS. Imports no other docexec module and
no third-party package at import time (page processes import it, for torch's name).
"""

from __future__ import annotations

import types
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.livereload import LiveReloadServer
    from mkdocs.structure.files import File, Files


class Target(NamedTuple):
    package: str  # as requirements.txt names it
    used_by: str  # where this project relies on it
    todo: str  # what to do when an upgrade removes it


TARGETS: dict[str, Target] = {
    "Util._get_repo": Target("mkdocs-git-revision-date-localized-plugin", "on_older_git",
                             "give the plugin GitLog wherever it now makes its git object"),
    "GitRevisionDateLocalizedPlugin.util": Target("mkdocs-git-revision-date-localized-plugin", "on_older_git",
                                                  "find the plugin's Util object anew"),
    'git.log(diff_filter="r")': Target("mkdocs-git-revision-date-localized-plugin", "on_older_git",
                                       "the plugin no longer asks for it: remove GitLog, on_older_git and its call"),
    "LiveReloadServer._inject_js_into_html": Target("mkdocs", "patch_live_reload",
                                                    "find where MkDocs now edits a served page (keep_serving's banner)"),
    "LiveReloadServer.builder": Target("mkdocs", "patch_live_reload", "find how MkDocs now calls a rebuild"),
    "LiveReloadServer.observer, _watch_refs": Target("mkdocs", "watch_natively",
                                                     "give MkDocs' watches to an inotify observer as it now keeps them"),
    "BaseObserver._handlers": Target("watchdog", "watch_natively", "find the handlers of a watch anew"),
    "Files.add_files_from_theme(env, config): env.list_templates(filter_func=)": Target(
        "mkdocs", "theme_files_listed_once", "give MkDocs the theme's list as it now asks for it, or drop the patch"),
    "I18n.building": Target("mkdocs-static-i18n", "i18n_building (plugin._outer)",
                            "find how i18n now marks its builds of the other languages"),
    "File.alternates": Target("mkdocs-static-i18n", "complete_alternates", "find where i18n now keeps a file's alternates"),
    "NotebookFile(file, use_directory_urls, site_dir)": Target("mkdocs-jupyter", "rewrap_notebook",
                                                               "wrap the notebook as mkdocs-jupyter now does"),
    "Plugin.should_include": Target("mkdocs-jupyter", "docexec/build.py on_files",
                                    "tell notebooks as mkdocs-jupyter now does"),
    "SearchPlugin.is_dirty, search_index_prev": Target("mkdocs-material", "material_dirty_merge_off",
                                                       "switch Material's dirty merge off anew (test_serve)"),
    "jieba.Tokenizer FREQ, total, initialized": Target("jieba", "jieba_pristine, jieba_tokenizer (render/tooltips.py)",
                                                       "make the tooltips' tokenizer with jieba.Tokenizer() again"
                                                       " (it loads the dictionary a second time: 1.3 s a build)"),
    "torch._C.TensorBase": Target("torch", "tensor_classes (execute/names.py)",
                                  "name the class Tensor's methods are now defined on"),
    'theme.features "content.lazy"': Target("mkdocs-material", "mkdocs.yml",
                                            "drop the flag, or use the new name of the lazy code blocks"),
    "base.html scripts block: <script src=": Target("mkdocs-material", "overrides/main.html (defer)",
                                                    "defer Material's bundle as its block now writes it"),
    "main.html has no block": Target("mkdocs-material", "overrides/main.html (replaces it)",
                                     "carry Material's new main.html blocks into overrides/main.html"),
    "bundle requests sitemap.xml, search_index.json by XMLHttpRequest": Target(
        "mkdocs-material", "overrides/main.html (its script)", "hold and cancel Material's requests as it now makes them"),
    "#__search, .md-search, a.md-select__link": Target("mkdocs-material", "overrides/main.html (its script)",
                                                       "use the search toggle's and language links' new markup"),
    "copy button .md-code__button[data-md-type=copy] copies the closest [data-copy]": Target(
        "mkdocs-material", "overrides/assets/javascripts/copy-imports.js",
        "give the copied text to Material's copy button as it now reads it, or copy it ourselves"),
}

COPIED_FROM = "9.8.2"  # the mkdocs-material whose templates COPIED were copied from
# override (and its block): Material's template and block ("": the whole file), the sha256 of
# that text in COPIED_FROM (Material's version in it read as VERSION). A new digest means
# Material changed what the override was copied from: carry the change over, then record it.
COPIED: dict[str, tuple[str, str, str]] = {
    "overrides/main.html": ("base.html", "site_meta", "2606eb0daf0931c702b4de23ff8dffa3c814395c1fd349e0f282c879017dd563"),
    "overrides/partials/actions.html": ("partials/actions.html", "",
                                        "1bcd66d6f428194e9b9842764f0a5f7a5b3679d008e9d2e5b75b5ba344c39073"),
    "overrides/partials/alternate.html": ("partials/alternate.html", "",
                                          "572b1d4dae611aa5fd65107edec95e44331b6141abf86834ea4dc6c1ddd7241b"),
    "overrides/partials/search.html": ("partials/search.html", "",
                                       "bfd556535abcddb99396ab2a7e3acc2ebcd3f36756007d3969396caa4126be30"),
    "overrides/partials/source.html": ("partials/source.html", "",
                                       "6847616d67be4920d39c278c2799bf20222bbc02ee2a8393aca85e3eaa518752"),
}
# Material's templates replaced whole by one of overrides/ (not copied): only the name is relied on.
REPLACED = ("404.html", "main.html", "partials/copyright.html", "partials/source-file.html")


# --- mkdocs-git-revision-date-localized-plugin --------------------------------------------


class GitLog:
    """A GitPython ``Git`` whose ``log`` drops ``--diff-filter=r``; everything else passes through.

    The plugin asks ``git log --diff-filter=r`` (exclude renames); git before 2.41 (Debian 12's
    2.39) lists no commit at all for a filter of exclusions only, and every page was then dated
    with the build's day. A log without ``--follow`` lists no renames anyway."""

    def __init__(self, git: object) -> None:
        self._git = git

    def __getattr__(self, name: str) -> object:
        return getattr(self._git, name)

    def log(self, *args: object, **kwargs: object) -> str:
        if kwargs.get("diff_filter") == "r":
            del kwargs["diff_filter"]
        return self._git.log(*args, **kwargs)  # type: ignore[attr-defined]


def on_older_git(config: MkDocsConfig) -> None:
    """The git-revision-date-localized plugin's page dates, right on older git (:class:`GitLog`)."""
    util = getattr(config.plugins.get("git-revision-date-localized"), "util", None)
    if util is None or getattr(util, "docexec_git_log", False):
        return
    get_repo = util._get_repo
    util._get_repo = lambda path: GitLog(get_repo(path))
    util.docexec_git_log = True


# --- mkdocs ----------------------------------------------------------------------------------


def patch_live_reload(server: LiveReloadServer, rebuild: Callable[[Callable[..., None]], Callable[..., None]],
                      served: Callable[[bytes], bytes]) -> None:
    """``mkdocs serve``'s server: each rebuild runs ``rebuild(its builder)``, and every HTML page
    it serves passes through ``served`` after its live-reload script went in."""
    server.builder = rebuild(server.builder)
    inject = server._inject_js_into_html

    def injected(content: bytes, epoch: int) -> bytes:
        return served(inject(content, epoch))

    server._inject_js_into_html = injected  # type: ignore[method-assign]


def watch_natively(server: LiveReloadServer) -> bool:
    """``mkdocs serve`` polls what it watches every 0.5 s (watchdog's PollingObserver): an edit
    waited 0.25 s on average before its rebuild began, and each poll walked every watched file,
    during rebuilds too. Here an inotify observer takes over MkDocs' watches (its handlers, and
    the later ``server.watch`` calls): an edit is seen at once. Only changes pass (created,
    deleted, moved, written): MkDocs rebuilds on any event, and a build opens and reads the files
    it watches. False, and the polling kept, where inotify is not available (not Linux, no
    inotify instance or watch left)."""
    try:
        from watchdog.events import (
            DirCreatedEvent,
            DirDeletedEvent,
            DirModifiedEvent,
            DirMovedEvent,
            FileCreatedEvent,
            FileDeletedEvent,
            FileModifiedEvent,
            FileMovedEvent,
        )
        from watchdog.observers.inotify import InotifyObserver
    except ImportError:
        return False
    changes = [FileCreatedEvent, FileDeletedEvent, FileModifiedEvent, FileMovedEvent,
               DirCreatedEvent, DirDeletedEvent, DirModifiedEvent, DirMovedEvent]

    class Observer(InotifyObserver):
        def schedule(self, event_handler: Any, path: Any, *, recursive: bool = False, **kwargs: Any) -> Any:
            return super().schedule(event_handler, path, recursive=recursive, **{**kwargs, "event_filter": changes})

        def start(self) -> None:  # started here; MkDocs' serve() starts it again
            if not self.is_alive():
                super().start()

    polling, native = server.observer, Observer()
    refs = dict(server._watch_refs)
    try:
        moved = {path: native.schedule(next(iter(polling._handlers[ref])), path, recursive=ref.is_recursive)
                 for path, ref in refs.items()}
        native.start()  # an inotify instance or watch refused: raised here, not in serve()
    except OSError:
        native.stop()
        return False
    server.observer = native  # type: ignore[assignment]
    server._watch_refs.update(moved)
    return True


# --- mkdocs-static-i18n and mkdocs-jupyter ---------------------------------------------------


def i18n_building(config: MkDocsConfig) -> bool:
    """Whether this is one of mkdocs-static-i18n's builds of the other languages (inside the
    build MkDocs started, during its ``on_post_build``)."""
    return bool(getattr(config.plugins.get("i18n"), "building", False))


def rewrap_notebook(file: File, files: Files, config: MkDocsConfig, executed: Path) -> File:
    """A NotebookFile in place of i18n's plain File ``file``, reading ``executed``.

    static-i18n rebuilds every file as a plain File after the other plugins, dropping
    mkdocs-jupyter's NotebookFile wrapper (ultrabug/mkdocs-static-i18n#198), so notebooks came
    out as raw JSON: the file is wrapped again, keeping the destination and URL i18n gave it."""
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


# --- mkdocs-material ---------------------------------------------------------------------------


def material_dirty_merge_off(config: MkDocsConfig) -> None:
    """Material's search plugin's own merge of the last index into a dirty build's, switched off
    (docexec.site.incremental merges it instead)."""
    plugin = config.plugins.get("material/search") or config.plugins.get("search")
    if plugin is not None and hasattr(plugin, "search_index_prev"):
        plugin.is_dirty = False
        plugin.search_index_prev = None


_THEME_LISTS: dict[tuple, list[str]] = {}


def theme_files_listed_once() -> None:
    """MkDocs lists the theme's static files anew in every build (each language's too): a walk of
    every file of Material's templates, its icons included, each matched against a dozen
    patterns, 0.1 s a build and a tenth of a serve reload. ``Files.add_files_from_theme`` gets the
    list from an environment that keeps it: walked once per process for the installed theme, and
    again whenever the names under a theme folder outside the installed packages (``overrides/``,
    which an author edits) change. Installed once; the list MkDocs makes of it is its own."""
    import os
    import sysconfig

    from mkdocs import utils
    from mkdocs.structure.files import Files

    if getattr(Files.add_files_from_theme, "docexec_listed_once", False):
        return
    original = Files.add_files_from_theme
    installed = tuple(os.path.realpath(sysconfig.get_paths()[k]) + os.sep for k in ("purelib", "platlib"))

    def names(folder: str) -> tuple[str, ...]:
        if os.path.realpath(folder).startswith(installed):
            return ()
        return tuple(sorted(os.path.join(d, f) for d, _, fs in os.walk(folder) for f in fs))

    class Listed:
        def __init__(self, env: Any, config: MkDocsConfig) -> None:
            self.env, self.config = env, config

        def list_templates(self, *, filter_func: Callable[[str], bool]) -> list[str]:
            theme = self.config.theme
            key = (tuple(theme.dirs), tuple(sorted(theme.static_templates)), tuple(utils.markdown_extensions),
                   tuple(names(d) for d in theme.dirs))
            if key not in _THEME_LISTS:
                if len(_THEME_LISTS) >= 8:  # one a language, a few sites in one test process
                    _THEME_LISTS.pop(next(iter(_THEME_LISTS)))
                _THEME_LISTS[key] = self.env.list_templates(filter_func=filter_func)
            return list(_THEME_LISTS[key])

    def add_files_from_theme(self: Files, env: Any, config: MkDocsConfig) -> None:
        original(self, Listed(env, config), config)  # type: ignore[arg-type]  # only list_templates is used (TARGETS)

    add_files_from_theme.docexec_listed_once = True  # type: ignore[attr-defined]
    add_files_from_theme.docexec_original = original  # type: ignore[attr-defined]
    Files.add_files_from_theme = add_files_from_theme  # type: ignore[method-assign]


# --- torch -------------------------------------------------------------------------------------


def tensor_classes(torch: Any) -> tuple[type, ...]:
    """``torch.Tensor`` and the C class most of its methods are defined on: both are
    "torch.Tensor" to a reader."""
    return (torch.Tensor, torch._C.TensorBase)


_PRISTINE: list[tuple[dict[str, int], int]] = []  # jieba's own dictionary, before any user word


def jieba_pristine() -> None:
    """Load jieba's default dictionary now and keep a copy of it, before a user dictionary (the
    search's glossary words) is added to it: :func:`jieba_tokenizer` starts from the copy."""
    import jieba

    if not _PRISTINE:
        jieba.dt.check_initialized()
        _PRISTINE.append((dict(jieba.dt.FREQ), jieba.dt.total))


def jieba_tokenizer() -> Any:
    """A jieba tokenizer of its own with jieba's default dictionary, without loading that
    dictionary again (the search's tokenizer loaded it: a second load costs ~1.3 s a build)."""
    import jieba

    tokenizer = jieba.Tokenizer()
    if not _PRISTINE:  # nothing loaded it yet: as jieba does
        return tokenizer
    freq, total = _PRISTINE[0]
    tokenizer.FREQ, tokenizer.total, tokenizer.initialized = dict(freq), total, True
    return tokenizer

