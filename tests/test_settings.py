"""docexec/core/settings.py: one typed Settings from mkdocs.yml, the environment only as overrides."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from docexec.core import settings
from docexec.core.errors import DocExecError
from tests.sites import ROOT

pytestmark = pytest.mark.check

ZH_EN = [("zh", True), ("en", False)]
ENV = ("DOCEXEC", "DOCEXEC_PLACEHOLDERS", "DOCEXEC_SERVER")


@pytest.fixture(autouse=True)
def restore_settings():
    saved = settings._CURRENT[:]
    yield
    settings._CURRENT[:] = saved


def build(options=None, languages=ZH_EN, environ=None, root=Path("/p")) -> settings.Settings:
    return settings.build(root, options, languages, ["snippets"], environ={} if environ is None else environ)


def error(options=None, languages=ZH_EN, environ=None) -> str:
    with pytest.raises(DocExecError) as exc:
        build(options, languages, environ)
    return str(exc.value)


def write_config(folder: Path, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mkdocs.yml").write_text(textwrap.dedent(text).lstrip("\n"), "utf8")
    return folder / "mkdocs.yml"


# --- defaults and the plugin's options ----------------------------------------------------


def test_defaults():
    s = build()
    assert (s.execute, s.placeholders, s.server) == (True, "auto", None)
    assert (s.timeout, s.max_timeout, s.start_timeout) == (5.0, 600.0, 120.0)
    assert s.shared_inputs == ("overrides", "mkdocs.yml", "glossary.yml")
    assert (s.glossary, s.snapshots, s.segmented_language, s.fallback_language) == ("glossary.yml", "snapshots", "zh", "en")
    assert (s.max_output, s.page_output, s.page_processes) == (100_000, 2_000_000, 64)
    assert (s.root, s.snippets) == (Path("/p"), Path("/p/snippets"))
    assert (s.languages, s.default_language) == (("zh", "en"), "zh")


def test_options_are_read_as_their_type():
    s = build({"timeout": 7, "execute": "off", "shared_inputs": ["a", "b"], "page_processes": "12", "placeholders": "never"})
    assert s.timeout == 7.0 and isinstance(s.timeout, float)
    assert (s.execute, s.shared_inputs, s.page_processes, s.placeholders) == (False, ("a", "b"), 12, "never")
    assert build({"execute": True}).execute is True and build({"execute": "no"}).execute is False
    assert build(None) == build({})


def test_an_unknown_key_fails_naming_it():
    message = error({"timout": 3})
    assert message.startswith("mkdocs.yml: plugins: docexec: unknown option 'timout'; known: ["), message
    assert "'timeout'" in message and "'max_timeout'" in message
    assert "root" not in message  # not settable from mkdocs.yml
    assert error({"root": "/elsewhere"}).startswith("mkdocs.yml: plugins: docexec: unknown option 'root'")


def test_a_value_of_the_wrong_type_fails_naming_it():
    assert error({"timeout": "soon"}) == (
        "mkdocs.yml: plugins: docexec: option 'timeout': expected float, got 'soon'"
        ' (seconds a block may run unless it says timeout="...")')
    assert error({"page_processes": True}).startswith(
        "mkdocs.yml: plugins: docexec: option 'page_processes': expected int, got True (")
    assert error({"shared_inputs": "overrides"}).startswith(
        "mkdocs.yml: plugins: docexec: option 'shared_inputs': expected tuple, got 'overrides' (")
    assert error({"glossary": 3}).startswith("mkdocs.yml: plugins: docexec: option 'glossary': expected str, got 3 (")
    assert error({"execute": "maybe"}).startswith(
        "mkdocs.yml: plugins: docexec: option 'execute': expected bool, got 'maybe' (")
    assert error(["timeout"]) == (
        "mkdocs.yml: plugins: docexec: must be a mapping of options (see `python -m docexec settings`)")


def test_a_value_out_of_range_fails_naming_it_and_what_is_allowed():
    assert error({"timeout": -1}) == "mkdocs.yml: plugins: docexec: option 'timeout': -1.0: a number of seconds > 0"
    assert error({"page_processes": 5000}) == (
        "mkdocs.yml: plugins: docexec: option 'page_processes': 5000: a whole number in (0, 4096]")
    assert error({"placeholders": "sometimes"}) == (
        "mkdocs.yml: plugins: docexec: option 'placeholders': 'sometimes': use one of auto, always, never")


# --- the environment ----------------------------------------------------------------------


def test_the_environment_overrides_its_fields():
    s = build({"placeholders": "never", "execute": True},
              environ={"DOCEXEC": "off", "DOCEXEC_PLACEHOLDERS": "always", "DOCEXEC_SERVER": "/tmp/s"})
    assert (s.execute, s.placeholders, s.server) == (False, "always", "/tmp/s")
    assert build(environ={"DOCEXEC": "on"}).execute is True
    empty = build({"placeholders": "never"}, environ={"DOCEXEC": "", "DOCEXEC_PLACEHOLDERS": "", "DOCEXEC_SERVER": ""})
    assert (empty.execute, empty.placeholders, empty.server) == (True, "never", None)  # empty: not set


def test_a_wrong_environment_value_fails_naming_the_variable():
    assert error(environ={"DOCEXEC_PLACEHOLDERS": "sometimes"}) == (
        "DOCEXEC_PLACEHOLDERS='sometimes': use one of auto, always, never")
    assert error(environ={"DOCEXEC": "maybe"}).startswith("DOCEXEC='maybe': expected bool, got 'maybe' (run every page")


def test_early_reads_the_environment_before_any_mkdocs_yml(monkeypatch):
    for name in ENV:
        monkeypatch.delenv(name, raising=False)
    assert (settings.early("execute"), settings.early("placeholders"), settings.early("server")) == (True, "auto", None)
    monkeypatch.setenv("DOCEXEC", "off")
    monkeypatch.setenv("DOCEXEC_SERVER", "/tmp/socket")
    assert (settings.early("execute"), settings.early("server")) == (False, "/tmp/socket")
    monkeypatch.setenv("DOCEXEC_PLACEHOLDERS", "later")
    with pytest.raises(DocExecError, match=re.escape("DOCEXEC_PLACEHOLDERS='later': use one of auto, always, never")):
        settings.early("placeholders")


# --- languages --------------------------------------------------------------------------


def test_languages_come_default_first():
    s = build(languages=[("en", False), ("zh", True)])
    assert (s.languages, s.default_language) == (("zh", "en"), "zh")
    s = build(languages=[])
    assert (s.languages, s.default_language) == ((), None)


def test_a_language_without_labels_fails():
    assert error(languages=[("zh", True), ("fr", False)]) == (
        "mkdocs.yml: language 'fr' has no labels: add them to docexec/core/labels.py LABELS")
    assert error({"fallback_language": "de"}) == "mkdocs.yml: plugins: docexec: fallback_language 'de' has no labels"


def test_from_file_reads_the_plugins_options_the_i18n_languages_and_the_snippets_base(tmp_path, monkeypatch):
    for name in ENV:
        monkeypatch.delenv(name, raising=False)
    config = write_config(tmp_path, """
        site_name: t
        markdown_extensions:
          - admonition
          - pymdownx.snippets:
              base_path: [code]
        plugins:
          - search
          - i18n:
              languages:
                - locale: en
                  name: English
                - locale: zh
                  name: 中文
                  default: true
          - docexec:
              timeout: 9
    """)
    s = settings.from_file(config)
    assert (s.root, s.snippets, s.languages, s.default_language, s.timeout) == (
        tmp_path, tmp_path / "code", ("zh", "en"), "zh", 9.0)
    assert settings.from_file(config) is s  # read once per version of the file
    monkeypatch.setenv("DOCEXEC_PLACEHOLDERS", "always")
    assert settings.from_file(config).placeholders == "always"  # ... and of the environment's overrides
    config.write_text(config.read_text("utf8").replace("timeout: 9", "timeout: 10"), "utf8")
    os.utime(config, ns=(config.stat().st_atime_ns, config.stat().st_mtime_ns + 10**9))
    assert settings.from_file(config).timeout == 10.0


def test_from_file_names_the_file_in_its_errors(tmp_path):
    config = write_config(tmp_path, "site_name: t\nplugins:\n  - docexec:\n      timeout: never\n")
    with pytest.raises(DocExecError, match=r"^mkdocs\.yml: plugins: docexec: option 'timeout': expected float"):
        settings.from_file(config)


def test_configure_use_and_current(tmp_path):
    config = write_config(tmp_path, "site_name: t\n")
    s = settings.configure(config)
    assert settings.current() is s and s.root == tmp_path and s.languages == ()
    other = build()
    assert settings.use(other) is other and settings.current() is other



def test_the_project_default_never_replaces_settings_a_build_set_meanwhile(monkeypatch):
    """A page thread of an earlier build asks for the settings after its test cleared them and
    reads the project's mkdocs.yml (slowly, on a loaded machine) while the next build sets its
    own: the next build keeps its own (tests/test_predict.py's fixture builds once got the
    project's snippets and snapshots so)."""
    reading, go = threading.Event(), threading.Event()
    real = settings.from_file

    def slow(path):
        reading.set()
        assert go.wait(30)
        return real(path)

    monkeypatch.setattr(settings, "from_file", slow)
    settings._CURRENT.clear()
    seen: list[settings.Settings] = []
    page_thread = threading.Thread(target=lambda: seen.append(settings.current()))
    page_thread.start()
    assert reading.wait(30)
    mine = settings.use(build())  # the next build's on_config
    go.set()
    page_thread.join(30)
    assert settings.current() is mine and seen == [mine]

def test_labels_and_other_languages():
    s = build()
    assert (s.labels("zh").output, s.labels("en").output, s.labels(None).output, s.labels("fr").error) == (
        "输出", "Output", "Output", "This block failed")
    assert s.others("zh") == ["en"]


# --- python -m docexec settings ----------------------------------------------------------


def test_python_m_docexec_settings_lists_every_field():
    env = {**{k: v for k, v in os.environ.items() if k not in ENV}, "PYTHONDONTWRITEBYTECODE": "1"}
    proc = subprocess.run([sys.executable, "-m", "docexec", "settings"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    listed = re.findall(r"^(\w+): (\w+) = (.*)$", proc.stdout, re.M)
    assert [name for name, _, _ in listed] == [f.name for f in settings.fields()]
    assert "timeout" in dict((n, k) for n, k, _ in listed)
    assert not {"root", "snippets", "languages", "default_language"} & {n for n, _, _ in listed}  # not settable
    assert "timeout: float = 5.0\n    seconds a block may run unless it says timeout=\"...\"" in proc.stdout
    assert "placeholders: str = 'auto' (env DOCEXEC_PLACEHOLDERS)\n" in proc.stdout
    for f in settings.fields():
        assert f.metadata["help"] in proc.stdout, f.name


@pytest.mark.parametrize("argv", [["--help"], ["snapshot", "--help"], ["snapshot", "-h"], ["run", "docs/zh/index.md", "--help"]])
def test_help_prints_the_usage_and_runs_nothing(argv, capsys, monkeypatch):
    from docexec import cli

    ran = []
    monkeypatch.setitem(cli.COMMANDS, "snapshot", lambda a: ran.append(a) or 0)
    monkeypatch.setattr(cli, "run", lambda a: ran.append(a) or 0)
    assert cli.main(argv) == 0
    assert ran == [] and "python -m docexec snapshot" in capsys.readouterr().out
