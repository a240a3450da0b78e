"""Fixture sites: a tiny bilingual site (zh at /, en at /en/) in a temporary folder, built
with the docexec plugin in this process, like `mkdocs serve` does. Shared by the tests of
the docexec modules (tests/test_<module>.py) and the serve test.
"""

from __future__ import annotations

import logging
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort

ROOT = Path(__file__).resolve().parent.parent

CONFIG = """\
site_name: fixture
site_url: https://example.invalid/
strict: true
theme:
  name: material
  language: zh
markdown_extensions:
  - admonition
  - pymdownx.superfences
  - pymdownx.tabbed:
      alternate_style: true
  - pymdownx.snippets:
      base_path: [snippets]
      check_paths: true
plugins:
  - i18n:
      docs_structure: folder
      languages:
        - locale: zh
          name: 中文
          default: true
        - locale: en
          name: English
  - docexec
"""


class Site:
    def __init__(self, root: Path) -> None:
        self.root = root
        (root / "mkdocs.yml").write_text(CONFIG, "utf8")

    def _write(self, path: Path, text: str) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf8")

    def page(self, rel: str, text: str) -> Site:
        self._write(self.root / "docs" / rel, textwrap.dedent(text).lstrip("\n"))
        return self

    def both(self, rel: str, text: str) -> Site:
        """The same page in docs/zh/ and docs/en/ (every page needs its twin)."""
        return self.page(f"zh/{rel}", text).page(f"en/{rel}", text)

    def snippet(self, rel: str, text: str) -> Site:
        self._write(self.root / "snippets" / rel, textwrap.dedent(text).lstrip("\n"))
        return self

    def build(self, caplog) -> tuple[bool, str]:
        """Strict build in this process; (succeeded, the warnings and errors logged)."""
        caplog.clear()
        cwd = os.getcwd()
        os.chdir(self.root)
        try:
            with caplog.at_level(logging.WARNING):
                build(load_config(str(self.root / "mkdocs.yml")))
            ok = True
        except Abort:
            ok = False
        finally:
            os.chdir(cwd)
        messages = "\n".join(r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING)
        return ok, messages

    def html(self, rel: str) -> str:
        return (self.root / "site" / rel).read_text("utf8")


def outputs(html: str) -> list[str]:
    """The text of every executed output block of a page (its label left out)."""
    pattern = r'<div class="[^"]*docexec-output[^"]*">(?:<span class="filename">[^<]*</span>)?<pre>(.*?)</pre></div>'
    text = [re.sub(r"<[^>]+>", "", b) for b in re.findall(pattern, html, re.S)]
    return [t.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&").strip() for t in text]


def run_doc_tests(root: Path, *args: str) -> subprocess.CompletedProcess:
    """The doc tests (pytest-markdown-docs + tests/conftest.py) on a fixture site, in a subprocess."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "tests.conftest", "-p", "no:cacheprovider", "-q", *args, "docs"],
        cwd=root, env=env, capture_output=True, text=True, timeout=300, check=False,
    )


def snapshot_cli(root, *args: str) -> subprocess.CompletedProcess:
    """`make snapshot` (python -m docexec snapshot) on a fixture site."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "docexec", "snapshot", *args], cwd=root, env=env,
                          capture_output=True, text=True, timeout=300, check=False)


@pytest.fixture
def site(tmp_path: Path) -> Site:
    return Site(tmp_path)


ZH_EN_SAME = """
# p

```python
n = globals().get("n", 0) + 1
print("run", n)
```
"""


RAISES = """
# t

```python raises="RuntimeError"
import torch
print("before")
torch.mm(torch.ones(2), torch.ones(2, 2))
```
"""


NESTED = """
# t

=== "Tab"

    ```python
    t = "in a tab"
    print(t)
    ```

!!! note

    ```python
    print(t, "and in an admonition")
    ```
"""
