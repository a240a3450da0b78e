"""The tools: ruff on the code and mypy on docexec/, both clean (pinned in requirements.txt,
configured in pyproject.toml). `make lint` runs ruff too; `make test` runs both here. And
`make bench`'s plain baseline (tools/scale.py): the same pages, every block a highlighted fence.

Neither needs the built site, so each is a unit of its own under `make test` (conftest's
grouping gives it no group) and runs in any worker while the site builds. mypy keeps its
cache under /tmp (pyproject.toml), not in the project tree.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.check

ROOT = Path(__file__).resolve().parent.parent
LINTED = ["docexec", "tests", "tools", "conftest.py"]  # as `make lint`


def _clean(*args: str) -> None:
    """Run ``python -m ARGS`` from the project root; fail with its output if it reports anything."""
    result = subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=300,
                            check=False)
    if result.returncode != 0:
        pytest.fail(f"{' '.join(args)}:\n{result.stdout}{result.stderr}", pytrace=False)


def test_ruff_reports_nothing():
    _clean("ruff", "check", *LINTED)


def test_mypy_reports_nothing():
    _clean("mypy")  # the package and its options: pyproject.toml [tool.mypy]


@pytest.mark.full  # a MkDocs build of a generated site (~5 s)
def test_the_bench_s_plain_build_highlights_every_block_the_pages_have(tmp_path):
    """`make bench` compares the no-exec build with plain Material's build of the same pages
    (tools/scale.py write_plain). Plain Material refuses a fence with the engine's options
    (```python raises="RuntimeError"```) and printed it as a paragraph, so its build did less
    work than "the same pages": each fence must come out highlighted."""
    import re

    from tools.scale import write_plain, write_site

    plain = write_plain(write_site(2, tmp_path))
    out = tmp_path / "plain-site"
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(plain), "-d", str(out)],
                            cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    pages = sorted((tmp_path / "docs").glob("*/pages/*.md"))
    assert len(pages) == 4, pages
    for page in pages:
        fences = len(re.findall(r"^\s*```+python", page.read_text("utf8"), re.MULTILINE))
        lang = page.parent.parent.name
        html = (out / ("" if lang == "zh" else lang) / "pages" / page.stem / "index.html").read_text("utf8")
        assert fences >= 10 and html.count('class="highlight"') == fences, (page, fences, html.count('class="highlight"'))


@pytest.mark.parametrize("module", ["torch", "numpy"])
def test_the_page_server_finds_the_packages_bytecode_beside_their_sources(module):
    """The page server and the kernel zygote run with a fixed environment that has no
    PYTHONPYCACHEPREFIX (docexec/execute/servers.py), so they read bytecode only from each
    package's own __pycache__; the Makefile's install writes it there too (compileall without the prefix).
    Without it every server start compiled torch from source: make check 35 s instead of 28 s."""
    import importlib.util

    origin = importlib.util.find_spec(module).origin
    assert origin is not None
    source = Path(origin)
    compiled = source.parent / "__pycache__" / f"{source.stem}.{sys.implementation.cache_tag}.pyc"
    assert compiled.is_file(), (
        f"{compiled} is missing: every page server compiles {module} from source. Fix: "
        f"env -u PYTHONPYCACHEPREFIX {sys.executable} -m compileall -q -j0 {source.parent.parent}")
