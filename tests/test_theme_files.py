"""The theme's static files are listed once per process, and the list is MkDocs' own.

docexec/core/thirdparty.py ``theme_files_listed_once``: MkDocs walked all of Material's templates
in every build (each language's too); the list is kept, and made again when the names under a
theme folder outside the installed packages (``overrides/``) change.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from docexec.core import thirdparty

pytestmark = pytest.mark.check


def _theme_files(add, config) -> list[str]:
    from mkdocs.structure.files import Files

    files = Files([])
    add(files, config.theme.get_env(), config)
    return sorted(f.src_uri for f in files)


def test_the_list_is_mkdocs_own_and_an_added_override_is_in_the_next(tmp_path: Path):
    from mkdocs.config import load_config
    from mkdocs.structure.files import Files

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n", "utf8")
    (tmp_path / "overrides").mkdir()
    (tmp_path / "mkdocs.yml").write_text("site_name: x\ntheme:\n  name: material\n  custom_dir: overrides\n", "utf8")
    config = load_config(str(tmp_path / "mkdocs.yml"))
    thirdparty.theme_files_listed_once()
    thirdparty.theme_files_listed_once()  # installed once
    patched = Files.add_files_from_theme
    original = patched.docexec_original
    assert original.__qualname__ == "Files.add_files_from_theme", "patched twice"
    mkdocs_own = _theme_files(original, config)
    assert len(mkdocs_own) > 20 and _theme_files(patched, config) == mkdocs_own
    assert _theme_files(patched, config) == mkdocs_own  # from the kept list
    (tmp_path / "overrides" / "extra.css").write_text("a {}\n", "utf8")
    assert "extra.css" in _theme_files(original, config)
    assert _theme_files(patched, config) == _theme_files(original, config)
