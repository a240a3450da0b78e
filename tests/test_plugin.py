"""docexec/plugin.py: the engine as a MkDocs plugin another site can use from a plain mkdocs.yml.

examples/minimal/ is such a site: one language, no i18n, no snippets folder, three blocks
written in their fences (one expected error), and `plugins: - docexec`. It builds strictly from
its own folder; a wrong or unknown option fails, naming it. Installed by `make install` (an
editable install of this repository: `pip show docexec` knows it).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import docexec
from tests.sites import ROOT, outputs

pytestmark = pytest.mark.full  # builds a site (small, but a build)

EXAMPLE = ROOT / "examples" / "minimal"


def _build(folder: Path, site_dir: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site_dir)], cwd=folder,
                          env=env, capture_output=True, text=True, check=False, timeout=300)


@pytest.fixture
def example(tmp_path: Path):
    """A copy of examples/minimal (its scratch folder removed after)."""
    folder = tmp_path / "minimal"
    shutil.copytree(EXAMPLE, folder, ignore=shutil.ignore_patterns("site"))
    yield folder
    shutil.rmtree(docexec.scratch_dir(folder.resolve()), ignore_errors=True)


def test_the_minimal_site_builds_from_a_plain_mkdocs_yml(example, tmp_path):
    config = (example / "mkdocs.yml").read_text("utf8")
    assert re.findall(r"^  - (\S+)", config, re.M) == ["pymdownx.superfences", "docexec"]  # nothing else
    assert "hooks:" not in config and "extra:" not in config and not (example / "snippets").exists()
    result = _build(example, tmp_path / "site")
    assert result.returncode == 0, result.stderr[-3000:]
    shown = outputs((tmp_path / "site" / "index.html").read_text("utf8"))
    assert shown[:2] == ["tensor([2., 4.])", "tensor(6.)"], shown
    assert shown[2].startswith("RuntimeError: Trying to backward through the graph a second time"), shown


@pytest.mark.parametrize(("option", "message"), [
    ("timeout: soon", "Plugin 'docexec' option 'timeout': expected float, got 'soon' (seconds a block may run"),
    ("timout: 3", "Plugin 'docexec' option 'timout': unknown option 'timout' of the docexec plugin; known: ['api_index'"),
    ("memory_limit: -1", "Plugin 'docexec' option 'memory_limit': -1.0: a number of GiB > 0"),
], ids=["wrong type", "unknown", "out of range"])
def test_a_wrong_option_fails_naming_it(example, tmp_path, option, message):
    config = example / "mkdocs.yml"
    config.write_text(config.read_text("utf8").replace("  - docexec\n", f"  - docexec:\n      {option}\n"), "utf8")
    result = _build(example, tmp_path / "site")
    assert result.returncode == 1 and message in result.stderr, result.stderr[-2000:]
    assert "`python -m docexec settings` explains" in result.stderr


def test_docexec_is_an_installed_plugin():
    shown = subprocess.run([sys.executable, "-m", "pip", "show", "docexec"], capture_output=True, text=True, check=False)
    assert shown.returncode == 0 and "Name: docexec" in shown.stdout, shown.stderr
    from importlib.metadata import entry_points

    (plugin,) = [e for e in entry_points(group="mkdocs.plugins") if e.name == "docexec"]
    assert plugin.value == "docexec.plugin:DocexecPlugin"


def test_no_sys_path_manipulation_and_no_hook_in_the_project():
    changes = re.compile(r"sys\.path\.(insert|append|extend|remove|pop)\(|sys\.path\s*(\[[^]]*\])?\s*[+]?=[^=]")
    assert not [p for p in (ROOT / "docexec").rglob("*.py") if changes.search(p.read_text("utf8"))]
    config = (ROOT / "mkdocs.yml").read_text("utf8")
    assert not re.search(r"^hooks:", config, re.M) and not re.search(r"^\s+docexec:", config.split("extra:")[-1], re.M)
    assert re.search(r"^  - docexec:$", config, re.M)
