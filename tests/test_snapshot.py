"""docexec/checks/snapshot.py: every output of the site equals the committed snapshot (snapshots/)."""

from __future__ import annotations

import os

import pytest

import docexec
from docexec.checks import record, snapshot
from tests.sites import ROOT, run_doc_tests, site, snapshot_cli

pytestmark = pytest.mark.check


@pytest.fixture(scope="module")
def built_outputs(built_site) -> dict[str, dict]:  # noqa: ARG001 -- the build records them
    docexec.configure(ROOT / "mkdocs.yml")
    data = record.read()
    assert data, f"the build left no outputs in {record.file()}"
    return data


def test_every_output_of_the_build_equals_the_snapshot(built_outputs):
    problems = [p for path, page in sorted(built_outputs.items())
                for p in snapshot.compare(path, page["outputs"], page["lines"])]
    assert not problems, "\n\n".join(problems) + "\n\nIf the change is right: make snapshot, review the diff."


def test_zh_and_en_print_the_same(built_outputs):
    problems = snapshot.twins_differ({path: page["outputs"] for path, page in built_outputs.items()})
    assert not problems, "\n\n".join(problems)


def test_every_snapshot_file_belongs_to_a_page(built_outputs):
    known = {snapshot.file_for(path) for path in built_outputs}
    files = set(snapshot.folder().rglob("*.yml"))
    assert files, "no snapshots/"
    assert not files - known, f"snapshot files of no page: {sorted(map(str, files - known))}"


def test_no_output_is_marked_variable():
    text = "\n".join(p.read_text("utf8") for p in (ROOT / "docs").rglob("*.md"))
    assert 'variable="' not in text  # outputs are seeded and stable; add a reason here if one must vary


def test_a_changed_output_fails_with_a_diff_until_make_snapshot(site):
    site.snippet("demo/01_value.py", "import torch\nprint(torch.tensor([1., 2.]) * 2)\n")
    site.both("index.md", '# t\n\n```python\n--8<-- "demo/01_value.py"\n```\n\nIt is `{python} 6 * 7`.\n')
    written = snapshot_cli(site.root)
    assert written.returncode == 0, written.stdout + written.stderr
    assert "tensor([2., 4.])" in (site.root / "snapshots" / "index.yml").read_text("utf8")
    assert snapshot_cli(site.root, "--check").returncode == 0
    assert run_doc_tests(site.root).returncode == 0

    site.snippet("demo/01_value.py", "import torch\nprint(torch.tensor([1., 2.]) * 3)\n")
    check = snapshot_cli(site.root, "--check")
    assert check.returncode == 1
    assert "docs/zh/index.md: output of block 'demo/01_value.py' changed" in check.stdout
    assert "-tensor([2., 4.])\n+tensor([3., 6.])" in check.stdout
    doc = run_doc_tests(site.root)
    assert doc.returncode == 1 and "docs/zh/index.md:3: output of block 'demo/01_value.py' changed" in doc.stdout

    assert snapshot_cli(site.root).returncode == 0  # make snapshot, after review
    assert snapshot_cli(site.root, "--check").returncode == 0
    assert run_doc_tests(site.root).returncode == 0


def test_zh_and_en_outputs_that_differ_are_refused(site):
    site.both("index.md", '```python\nprint(__file__.split("/")[1])\n```\n')
    result = snapshot_cli(site.root)
    assert result.returncode == 1
    assert "docs/zh/index.md and docs/en/index.md: block 'code: print(__file__.split(\"/\")[1])' prints different" \
        " things in zh and en:\n--- zh\nzh\n--- en\nen" in result.stdout
    assert not (site.root / "snapshots").exists()


def test_a_block_marked_variable_is_kept_out_of_the_comparison(site):
    site.both("index.md", '# t\n\n```python variable="a clock, to show the option"\nimport time\nprint(time.time())\n```\n')
    assert snapshot_cli(site.root).returncode == 0
    assert "(variable: a clock, to show the option)" in (site.root / "snapshots" / "index.yml").read_text("utf8")
    result = run_doc_tests(site.root)
    assert result.returncode == 0, result.stdout


@pytest.mark.parametrize("how", ["symlink", "hard link"])
def test_a_linked_snapshot_is_refused_and_neither_shown_nor_written_through(site, tmp_path_factory, how):
    secret = tmp_path_factory.mktemp("outside") / "id_rsa"
    secret.write_text("'code: print(1)': docexec-secret-key\n", "utf8")  # a diff would print it
    site.both("index.md", "# t\n\n```python\nprint(1)\n```\n")
    (site.root / "snapshots").mkdir()
    link = site.root / "snapshots" / "index.yml"
    link.symlink_to(secret) if how == "symlink" else os.link(secret, link)
    what = "a symbolic link" if how == "symlink" else "a file with 2 hard links"
    for args in [("--check",), ()]:  # the snapshot test's comparison, then make snapshot
        result = snapshot_cli(site.root, *args)
        assert result.returncode == 1, result.stdout + result.stderr
        assert f"snapshots/index.yml: {what}" in result.stdout, result.stdout + result.stderr
        assert "replace the link with the file's content" in result.stdout
        assert "docexec-secret-key" not in result.stdout + result.stderr
    assert "docexec-secret-key" in secret.read_text("utf8")  # not written through the link
    docexec.configure(site.root / "mkdocs.yml")
    (problem,) = snapshot.compare("docs/zh/index.md", {"code: print(1)": "1"})
    assert problem.startswith(f"snapshots/index.yml: {what}") and "secret" not in problem


def test_make_snapshot_refuses_a_page_with_broken_front_matter_and_keeps_its_snapshot(site):
    site.both("index.md", "# t\n\n```python\nprint(1)\n```\n")
    assert snapshot_cli(site.root).returncode == 0
    site.both("index.md", "---\ntitle: [unclosed\n---\n\n# t\n\n```python\nprint(1)\n```\n")
    result = snapshot_cli(site.root)
    assert result.returncode == 1 and "docs/zh/index.md:3: front matter is not valid YAML" in result.stdout, result.stdout
    assert (site.root / "snapshots" / "index.yml").is_file()
