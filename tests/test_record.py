"""docexec/checks/record.py: every output of a build and what parts of it cost, written to the scratch folder."""

from __future__ import annotations

import json
import tempfile

import pytest

import docexec
from docexec.checks import record
from docexec.checks.record import Record
from docexec.core import paths, settings
from docexec.execute.outcome import Outcome

pytestmark = pytest.mark.check

PAGE = """\
# p

```python
x = 1
print(x)
```

```python variable="the time of day"
import time; print(time.time())
```

Inline: `{python} x + 1`.

```python
print(x)
```

```python
1 / 0
```
"""


@pytest.fixture(autouse=True)
def project(tmp_path, monkeypatch):
    """The settings of a project in tmp_path, its scratch folder under tmp_path too; put back after."""
    saved = settings._CURRENT[:]
    project_scratch = paths.scratch_dir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    (tmp_path / "project").mkdir()
    settings.use(settings.build(tmp_path / "project", None, [("zh", True), ("en", False)], ["snippets"], environ={}))
    assert paths.scratch_dir().parent == tmp_path / "tmp" and paths.scratch_dir() != project_scratch
    yield tmp_path / "project"
    settings._CURRENT[:] = saved


def ran() -> tuple[list[docexec.Block], list[Outcome]]:
    blocks = docexec.executed_blocks(PAGE, "docs/zh/p.md")
    outcomes = [Outcome(True, "1"), Outcome(True, "1712345678.9"), Outcome(True, "2"), Outcome(True, "1"),
                Outcome(False, "docs/zh/p.md:18: unexpected ZeroDivisionError: division by zero")]
    return blocks, outcomes


def test_keep_records_each_output_under_its_snapshot_key_with_its_line():
    rec = Record()
    rec.keep("docs/zh/p.md", *ran())
    assert rec.pages == {"docs/zh/p.md": {
        "outputs": {"code: x = 1": "1", "code: import time; print(time.time())": "(variable: the time of day)",
                    "inline: x + 1": "2", "code: print(x)": "1",
                    "code: 1 / 0": "FAILED: docs/zh/p.md:18: unexpected ZeroDivisionError: division by zero"},
        "lines": {"code: x = 1": 3, "code: import time; print(time.time())": 8, "inline: x + 1": 12,
                  "code: print(x)": 14, "code: 1 / 0": 18},
    }}
    blocks, outcomes = ran()
    with pytest.raises(ValueError):  # an outcome per block, or nothing is recorded
        rec.keep("docs/en/p.md", blocks, outcomes[:-1])
    assert list(rec.pages) == ["docs/zh/p.md"]


def test_a_dirty_rebuild_keeps_the_outputs_of_the_pages_it_does_not_run():
    memory_outputs = {"docs/zh/old.md": {"outputs": {"code: a": "a"}, "lines": {"code: a": 3}}}
    rec = Record(memory_outputs)
    rec.keep("docs/zh/p.md", *ran())
    assert rec.pages is memory_outputs and set(memory_outputs) == {"docs/zh/old.md", "docs/zh/p.md"}
    assert Record().pages == {} and Record().pages is not Record().pages


def test_spent_adds_up_what_each_part_cost():
    rec = Record()
    rec.spent("page notebooks (make, write)", 0.25)
    rec.spent("waiting for pages' outputs", 1.0)
    rec.spent("page notebooks (make, write)", 0.5)
    assert rec.seconds == {"page notebooks (make, write)": 0.75, "waiting for pages' outputs": 1.0}


def test_write_puts_outputs_and_timings_in_the_scratch_folder(tmp_path, project):
    assert record.read() == {}  # nothing written yet
    rec = Record()
    rec.keep("docs/zh/p.md", *ran())
    rec.spent("notebook pages (run, write)", 2.0)
    target = rec.write()
    assert target == record.file() == paths.scratch_dir() / "outputs.json"
    assert target.parent.parent == tmp_path / "tmp"  # not in the project
    assert not any(project.iterdir())
    assert json.loads(target.read_text("utf8")) == rec.pages == record.read()
    assert "inline: x + 1" in target.read_text("utf8")
    assert json.loads(record.timings_file().read_text("utf8")) == {"notebook pages (run, write)": 2.0}
    assert record.timings_file() == paths.scratch_dir() / "timings.json"
    Record().write()  # the next build's: written anew, not added to
    assert record.read() == {}
    assert json.loads(record.timings_file().read_text("utf8")) == {}
