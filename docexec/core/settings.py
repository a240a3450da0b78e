"""settings: the one typed configuration of docexec, read once per build.

Read from ``mkdocs.yml``: the docexec plugin's options (``plugins: - docexec:``; the fields of
:class:`Settings` that have a help text: the plugin's schema is made from them), the i18n
plugin's languages (the default one first) and pymdownx.snippets' ``base_path``; ``DOCEXEC``,
``DOCEXEC_PLACEHOLDERS`` and ``DOCEXEC_SERVER`` override their fields. A wrong key or value
fails, naming it; ``python -m docexec settings`` prints every field. The build sets the settings once
(:func:`use`), the doc tests and the command line read the ``mkdocs.yml`` above a page
(:func:`from_file`); everything else reads :func:`current` at call time and never copies them.
The project's own settings are :func:`current`'s default only while no build or test set others.

May not touch: pages, blocks, files other than mkdocs.yml. Reads the environment once per load.
"""

from __future__ import annotations

import dataclasses
import os
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docexec.core.errors import DocExecError
from docexec.core.labels import LABELS, Labels

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig

PACKAGE_ROOT = Path(__file__).resolve().parent.parent.parent  # the project this package lives in


PLACEHOLDER_MODES = ("auto", "always", "never")
MAX_OUTPUT = 2_000_000  # the most characters a block's output may be allowed (max_output= included)


def _positive(value: float) -> bool:
    return value > 0


def _option(default: Any, help: str, check: Callable[[Any], bool] | None = None, why: str = "",  # noqa: A002
            env: str | None = None) -> Any:
    """An option of the plugin (``plugins: - docexec:``) with its help text, its check, and its
    environment override."""
    meta = {"help": help, "check": check, "why": why, "env": env}
    if isinstance(default, tuple | list):
        return dataclasses.field(default=tuple(default), metadata=meta)
    return dataclasses.field(default=default, metadata=meta)


@dataclasses.dataclass(frozen=True)
class Settings:
    """Everything the build is configured with (see the module docstring for where from)."""

    root: Path  # the folder of mkdocs.yml: paths in messages are shown relative to it
    snippets: Path  # pymdownx.snippets' base_path
    languages: tuple[str, ...] = ()  # the i18n plugin's, the default one first
    default_language: str | None = None

    execute: bool = _option(True, "run every page's blocks (DOCEXEC=off: show code only, as `make bench` "
                                  "measures the build without execution)", env="DOCEXEC")
    placeholders: str = _option("auto", "convert a page whose blocks still run with placeholders: auto (only "
                                        "those), always (every page: the sameness test), never (wait for each)",
                                lambda v: v in PLACEHOLDER_MODES, f"use one of {', '.join(PLACEHOLDER_MODES)}",
                                env="DOCEXEC_PLACEHOLDERS")
    server: str | None = _option(None, "UNIX socket of a shared warm page server (the test suite's); "
                                       "unset: each process starts its own", env="DOCEXEC_SERVER")
    timeout: float = _option(5.0, "seconds a block may run unless it says timeout=\"...\"", _positive,
                             "a number of seconds > 0")
    max_timeout: float = _option(600.0, "the largest timeout=\"...\" a block may ask for", _positive,
                                 "a number of seconds > 0")
    start_timeout: float = _option(120.0, "seconds the page server may take to start (it imports torch)",
                                   _positive, "a number of seconds > 0")
    max_output: int = _option(100_000, "characters a block's output (or a raised message) may have, unless it says"
                                        " max_output=\"...\"", lambda v: 0 < v <= MAX_OUTPUT,
                              f"a whole number in (0, {MAX_OUTPUT:,}]")
    page_output: int = _option(2_000_000, "characters a page's outputs, inline values and messages may have in all"
                                          " (the build holds no more of a page)", lambda v: 0 < v <= 10 * MAX_OUTPUT,
                               f"a whole number in (0, {10 * MAX_OUTPUT:,}]")
    page_processes: int = _option(64, "processes and threads a page may run at once (its cgroup, where the"
                                      " machine has one)", lambda v: 0 < v <= 4096, "a whole number in (0, 4096]")
    memory_limit: float = _option(4.0, "GiB of memory a page process may use (its blocks' memory=\"...\" may raise"
                                       " it for their page)", _positive, "a number of GiB > 0")
    page_disk: int = _option(512, "MiB a page may write into its own folder (the largest file, and the folder's"
                                  " size where the page has a namespace of its own)", _positive, "a whole number > 0")
    shared_inputs: tuple[str, ...] = _option(("overrides", "mkdocs.yml", "glossary.yml"),
                                             "files and folders whose change rebuilds every page under "
                                             "`make serve`")
    glossary: str = _option("glossary.yml", "the zh <-> en term list (project-relative)")
    api_names: str = _option("torch-api.yml", "the torch names the site links to, each with its reference page "
                                              "(project-relative; `make api-names` rewrites it)")
    reference: str = _option("https://docs.pytorch.org/docs/{version}/", "torch's reference; {version}: the "
                                                                         "installed torch's major.minor")
    api_index: str = _option("api-index.md", "the page (below docs/<lang>/) that lists every torch name the "
                                             "site's code uses, with its places")
    snapshots: str = _option("snapshots", "the folder of the committed outputs (project-relative)")
    segmented_language: str = _option("zh", "the language whose glossary terms become jieba's user dictionary")
    fallback_language: str = _option("en", "whose labels a page outside docs/<lang>/ gets")
    offline: bool = _option(False, "this build is the offline copy (mkdocs.offline.yml, `make offline`): the vendored "
                                   "iframe-worker as its polyfill, each language's index also as a script, links to "
                                   "the PDFs and the zip to site_url, the folder zipped next to it; the hosted build "
                                   "leaves the vendored script out")

    def labels(self, lang: str | None) -> Labels:
        """The words for ``lang``'s pages (the fallback language's for a page outside docs/<lang>/)."""
        return LABELS.get(lang or "", LABELS[self.fallback_language])

    def others(self, lang: str) -> list[str]:
        return [other for other in self.languages if other != lang]


def early(name: str) -> Any:
    """A setting's environment override, or its default, before any mkdocs.yml is read (MkDocs
    loads the hook module before its config is complete: the page server starts then)."""
    field = next(f for f in fields() if f.name == name)
    env = field.metadata.get("env")
    if env and os.environ.get(env) not in (None, ""):
        return checked(name, os.environ[env], field, "environment", env)
    return field.default


def fields() -> list[dataclasses.Field]:
    """The plugin's options (the fields with a help text)."""
    return [f for f in dataclasses.fields(Settings) if "help" in f.metadata]


def checked(name: str, value: Any, field: dataclasses.Field, where: str, env: str | None = None) -> Any:
    """``value`` as the field's type, or a DocExecError naming the setting (or the variable)."""
    said = f"{env}={value!r}" if env else f"{where}: option {name!r}"
    default = field.default
    kind: type = type(default) if default is not None else str
    try:
        if kind is bool:
            if isinstance(value, str):
                if value.lower() not in {"on", "off", "true", "false", "1", "0", "yes", "no"}:
                    raise ValueError
                value = value.lower() in {"on", "true", "1", "yes"}
            elif not isinstance(value, bool):
                raise ValueError
        elif kind is tuple:
            if isinstance(value, str) or not isinstance(value, list | tuple):
                raise ValueError
            value = tuple(str(v) for v in value)
        elif kind in (int, float):
            if isinstance(value, bool):
                raise ValueError
            value = kind(value)
        elif not isinstance(value, str):
            raise ValueError
    except (TypeError, ValueError):
        raise DocExecError(f"{said}: expected {kind.__name__}, got {value!r} ({field.metadata['help']})") from None
    check = field.metadata.get("check")
    if check is not None and not check(value):
        raise DocExecError(f"{said}: {field.metadata['why']}" if env else f"{said}: {value!r}: {field.metadata['why']}")
    return value


def build(root: Path, options: Mapping[str, Any] | None, languages: list[tuple[str, bool]],
          snippets_base: Any, where: str = "mkdocs.yml", environ: Mapping[str, str] | None = None) -> Settings:
    """Settings from the pieces of mkdocs.yml (the docexec plugin's options, the i18n languages as
    (locale, default) pairs, the snippets base path), then the environment's overrides."""
    environ = os.environ if environ is None else environ
    known = {f.name: f for f in fields()}
    values: dict[str, Any] = {}
    if options is not None and not isinstance(options, Mapping):
        raise DocExecError(f"{where}: plugins: docexec: must be a mapping of options (see `python -m docexec settings`)")
    for name, value in (options or {}).items():
        if value is None and name in known and known[name].default is None:
            continue  # unset (the plugin's schema fills every option in)
        if name not in known:
            raise DocExecError(f"{where}: plugins: docexec: unknown option {name!r}; known: {sorted(known)}")
        values[name] = checked(name, value, known[name], f"{where}: plugins: docexec")
    for name, field in known.items():
        env = field.metadata.get("env")
        if env and environ.get(env) not in (None, ""):
            values[name] = checked(name, environ[env], field, "environment", env)
    default = next((locale for locale, is_default in languages if is_default), None)
    ordered = sorted((locale for locale, _ in languages), key=lambda locale: locale != default)
    if (fallback := values.get("fallback_language", "en")) not in LABELS:
        raise DocExecError(f"{where}: plugins: docexec: fallback_language {fallback!r} has no labels")
    for lang in ordered:
        if lang not in LABELS:
            raise DocExecError(f"{where}: language {lang!r} has no labels: add them to docexec/core/labels.py LABELS")
    base = snippets_base[0] if isinstance(snippets_base, list) else (snippets_base or "snippets")
    return Settings(root=root, snippets=root / base, languages=tuple(ordered), default_language=default, **values)


def from_config(config: MkDocsConfig) -> Settings:
    """Settings of a build, from MkDocs' loaded config (``on_config``)."""
    i18n = config.plugins.get("i18n")
    languages = [(lang.locale, bool(lang.default)) for lang in i18n.config.languages] if i18n is not None else []
    base = (config.mdx_configs.get("pymdownx.snippets") or {}).get("base_path", ["snippets"])
    plugin = config.plugins.get("docexec")
    options = {f.name: plugin.config[f.name] for f in fields()} if plugin is not None else None
    return build(Path(config.config_file_path).resolve().parent, options, languages, base)


_FROM_FILE: dict[tuple[Path, int, int, tuple], Settings] = {}
_LOCK = threading.Lock()  # _CURRENT and _FROM_FILE: a build's page threads read them too


def from_file(config_file: str | Path) -> Settings:
    """Settings read from a ``mkdocs.yml`` without MkDocs' build (doc tests, command line),
    parsed once per version of the file and of the environment's overrides."""
    path = Path(config_file).resolve()
    stat = path.stat()
    env = tuple(os.environ.get(f.metadata["env"]) for f in fields() if f.metadata.get("env"))
    key = (path, stat.st_mtime_ns, stat.st_size, env)
    found = _FROM_FILE.get(key)
    if found is None:
        from mkdocs.utils.yaml import yaml_load

        with open(path, encoding="utf8") as f:
            raw = yaml_load(f) or {}
        base: Any = ["snippets"]
        for ext in raw.get("markdown_extensions", []):
            if isinstance(ext, dict) and "pymdownx.snippets" in ext:
                base = (ext["pymdownx.snippets"] or {}).get("base_path", base)
        languages: list[tuple[str, bool]] = []
        options: Any = None
        for plugin in raw.get("plugins", []):
            if isinstance(plugin, dict) and "i18n" in plugin:
                languages = [(lang["locale"], bool(lang.get("default"))) for lang in plugin["i18n"].get("languages", [])]
            if isinstance(plugin, dict) and "docexec" in plugin:
                options = plugin["docexec"]
        found = build(path.parent, options, languages, base, where=path.name)
        with _LOCK:
            _FROM_FILE.clear()
            _FROM_FILE[key] = found
    return found


_CURRENT: list[Settings] = []


def use(settings: Settings) -> Settings:
    """Make ``settings`` the ones :func:`current` returns (a build or a doc-test page starts)."""
    with _LOCK:
        _CURRENT[:] = [settings]
    return settings


def configure(config_file: str | Path) -> Settings:
    """:func:`use` the settings of the ``mkdocs.yml`` at ``config_file``."""
    return use(from_file(config_file))


def current() -> Settings:
    """The settings in use; this package's own project's until a build or a test says otherwise.
    That default is taken only while nothing else is in use: a page thread of an earlier build
    that asks while its mkdocs.yml is read never replaces the settings a build chose meanwhile."""
    with _LOCK:
        if _CURRENT:
            return _CURRENT[0]
    default = from_file(PACKAGE_ROOT / "mkdocs.yml")  # outside the lock: reading it takes a while
    with _LOCK:
        if not _CURRENT:
            _CURRENT.append(default)
        return _CURRENT[0]


def markdown_table() -> str:
    """Every option of the plugin as AUTHORING.md's table (``python -m docexec tables --write``)."""
    rows = ["| option | type | default | environment | what it sets |", "|---|---|---|---|---|"]
    for f in fields():
        kind = type(f.default).__name__ if f.default is not None else "str"
        default = "—" if f.default is None else f"`{list(f.default) if isinstance(f.default, tuple) else f.default!r}`"
        env = f"`{f.metadata['env']}`" if f.metadata.get("env") else ""
        text = f.metadata["help"].replace("|", "\\|")
        rows.append(f"| `{f.name}` | {kind} | {default} | {env} | {text} |")
    return "\n".join(rows)


def describe() -> str:
    """Every option of the plugin: name, type, default, environment override, help."""
    rows = []
    for f in fields():
        env = f" (env {f.metadata['env']})" if f.metadata.get("env") else ""
        kind = type(f.default).__name__ if f.default is not None else "str"
        rows.append(f"{f.name}: {kind} = {f.default!r}{env}\n    {f.metadata['help']}")
    return "\n".join(rows)
