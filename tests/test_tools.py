"""The tools: ruff on the code and mypy on docexec/, both clean (pinned in requirements.txt,
configured in pyproject.toml). `make lint` runs ruff too; `make test` runs both here.

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
