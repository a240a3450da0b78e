"""docexec/checks/drift.py: what a drift report says of a changed block, and the prose it asks to reread."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from docexec.checks import snapshot
from docexec.checks.drift import classify, paragraph_after

pytestmark = pytest.mark.full

PAGE = """\
# p

```python
x = 1
```

The block sets x,
and this line is the same paragraph.

This is the next paragraph.

```python
y = 2
```
## Heading right after

```python
z = 3
```


!!! note

    Indented prose
    in a note.

```python
w = 4
```
--8<-- "demo/01.py"
Prose after a snippet line.

```python
v = 5
```
"""


@pytest.fixture
def page(tmp_path):
    path = tmp_path / "p.md"
    path.write_text(PAGE, "utf8")
    return path


def test_the_paragraph_right_after_a_block(page):
    assert paragraph_after(page, 5) == "The block sets x, and this line is the same paragraph."


def test_no_paragraph_before_a_heading_or_at_the_end(page):
    assert paragraph_after(page, 14) == ""  # a heading follows
    assert paragraph_after(page, 35) == ""  # the end of the page


def test_blank_lines_snippet_lines_and_indentation_are_skipped(page):
    assert paragraph_after(page, 19) == "!!! note"  # the admonition's title line is prose too
    assert paragraph_after(page, 23) == "Indented prose in a note."
    assert paragraph_after(page, 29) == "Prose after a snippet line."


def test_a_page_with_a_bom_is_read(tmp_path):
    path = tmp_path / "bom.md"
    path.write_text("\ufeff```python\nx\n```\nAfter.\n", "utf8")
    assert paragraph_after(path, 3) == "After."


def test_the_code_of_the_next_block_is_not_prose(tmp_path):
    path = tmp_path / "two.md"
    path.write_text("```python\nx = 1\n```\n\n```python\ny = 2\n```\n\nProse.\n", "utf8")
    assert paragraph_after(path, 3) in ("", "Prose.")


def block(**options: str) -> SimpleNamespace:
    return SimpleNamespace(options=options)


FAILED = snapshot.FAILED + "docs/zh/p.md:3: unexpected RuntimeError: boom"


def test_classify_a_new_block_and_a_changed_output():
    assert classify(block(), None, "1") == "new block (not in the snapshot)"
    assert classify(block(), "tensor([1.])", "tensor([1.0000])") == "output changed"
    assert classify(block(), FAILED, FAILED + "!") == "output changed"  # it failed before too


def test_classify_a_block_that_now_fails():
    assert classify(block(), "1", FAILED) == "block now fails"
    assert classify(block(raises="RuntimeError"), "RuntimeError: boom",
                    snapshot.FAILED + "docs/zh/p.md:3: expected RuntimeError but the block raised nothing") == (
        "expected error no longer raised")


def test_classify_an_expected_error_by_its_last_line():
    expected = block(raises="RuntimeError")
    assert classify(expected, "before\nRuntimeError: old words", "before\nRuntimeError: new words") == "expected error changed"
    assert classify(expected, "before\nRuntimeError: same", "after\nRuntimeError: same") == "output changed"
