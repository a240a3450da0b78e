"""docexec/render/placeholders.py: a page converted while its blocks still run reads exactly as one
that waited for them.

The build converts a page whose outputs are not in yet with placeholders and puts the
outputs in before the page is used (``DOCEXEC_PLACEHOLDERS=auto``, which pages that is
depends on timing). So every page must come out the same whether it waited (``never``) or
not (``always``): outputs of every kind, inline values, errors and their messages.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import docexec
from docexec.core.errors import DocExecError
from docexec.execute import pool
from docexec.page.blocks import executed_blocks
from docexec.render import output as messages
from docexec.render import placeholders
from tests.sites import ROOT, outputs, site

pytestmark = pytest.mark.full

SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8">\\n\\n<rect width="8" height="8"/></svg>'
PAGE = f"""\
# Every kind of output {{ #every-kind }}

```python
x = 3
print(f"{{x}} < 4 & ok")
print("UserWarning: a message line wraps")
print("    ")
print("end")
```

```python
y = 2  # prints nothing: the code alone
```

```python source="none"
helper = 1  # prints nothing, shows nothing
```

```python source="tabbed-left"
print(x * y)
```

```python source="below"
print("below")
```

```python result="svg" source="none"
print('{SVG}')
```

```python source="none"
print("no code shown")
```

Inline: `{{python}} x + y` and `{{python}} "<b>&amp;"` and `{{python}} "a  b"`, in a table:

| value | shown |
|---|---|
| x | `{{python}} x` |

!!! note "x is `{{python}} x`"

    ```python
    print("inside a note")
    ```
"""
AGAIN = """\
# Converted again with its outputs

```python source="tabbed-right"
z = 0  # nothing, in tabs
```

## A heading with `{python} 2 + 2` in it

```python
print("tab\\there")
```
"""
FAILING = ("# t\n\n```python\nprint('fine')\n```\n\n```python\n1 / 0\n```\n\nValue: `{python} 1 / 0`.\n\n"
           r'Math: <span class="arithmatex">\\(x^{2}\\)</span>, <span class="arithmatex">\\(\\frac{1}{\\)</span>.' "\n")


def _build(site, caplog, monkeypatch, mode: str) -> tuple[bool, str, dict[str, bytes]]:
    monkeypatch.setenv("DOCEXEC_PLACEHOLDERS", mode)
    ok, log = site.build(caplog)
    built = site.root / "site"
    files = {p.relative_to(built).as_posix(): p.read_bytes() for p in sorted(built.rglob("*")) if p.is_file()}
    return ok, log, files


@pytest.mark.parametrize(("page", "filled"), [(PAGE, True), (AGAIN, False), (FAILING, False)],
                         ids=["filled", "converted-again", "failing"])
def test_a_page_converted_with_placeholders_reads_as_one_that_waited(site, caplog, monkeypatch, page, filled):
    import sys

    site.both("index.md", "# home\n").both("page.md", page)
    waited = _build(site, caplog, monkeypatch, "never")
    live = sys.modules["docexec.render.placeholders"]  # the build's (the hook reloads the package once)
    results = []
    monkeypatch.setattr(live, "fill", lambda *args, fill=live.fill: results.append(fill(*args)) or results[-1])
    held = _build(site, caplog, monkeypatch, "always")
    assert len(results) == 2 and all((r is not None) == filled for r in results)  # zh and en
    assert held[0] == waited[0] == (page is not FAILING), waited[1]
    assert sorted(held[1].split("\n")) == sorted(waited[1].split("\n"))  # the same errors, once each
    assert sorted(held[2]) == sorted(waited[2])
    differ = [name for name in waited[2] if held[2][name] != waited[2][name]]
    assert not differ, differ
    html = site.html("page/index.html")
    if page is PAGE:
        assert outputs(html)[0] == "3 < 4 & ok\nUserWarning: a message line wraps\n\nend"
        assert "<code>&lt;b&gt;&amp;amp;</code>" in html and "<code>a b</code>" in html
    elif page is FAILING:  # a page converted again reports each error once, its TeX too
        assert "docs/zh/page.md:8: unexpected ZeroDivisionError: division by zero" in held[1]
        assert held[1].count("math: cannot convert") == 2 and "<math" in html, held[1]  # zh, en


def test_the_site_built_with_placeholders_is_the_site(built_site: Path, tmp_path: Path):
    """Every file of the site, built with every page converted with placeholders, is the
    file of the site `make test` built (where it was timing that decided)."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "DOCEXEC_PLACEHOLDERS": "always"}
    cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(tmp_path / "site")]
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    mine = {p.relative_to(tmp_path / "site").as_posix() for p in (tmp_path / "site").rglob("*") if p.is_file()}
    editions = ("pdf/", "download/")  # the PDFs and the offline zip go into site/ after the build (make pdf, make offline)
    theirs = {p.relative_to(built_site).as_posix() for p in built_site.rglob("*") if p.is_file()
              and not p.relative_to(built_site).as_posix().startswith(editions)}
    assert mine == theirs
    differ = [n for n in sorted(mine) if (tmp_path / "site" / n).read_bytes() != (built_site / n).read_bytes()]
    assert not differ, differ


def _blocks(text: str) -> list:
    return executed_blocks(text, "docs/en/t.md", 0)


def test_fill_gives_up_when_a_placeholder_is_not_there_exactly_once():
    blocks = _blocks("# t\n\n```python\nprint(1)\n```\n")
    (token,) = placeholders.tokens(1)
    box = messages.output_html(token, "Output")
    ok = [pool.Outcome(True, "1")]
    assert placeholders.fill(f"<p>a</p>\n{box}", [], blocks, [token], ok) == \
        f"<p>a</p>\n{messages.output_html('1', 'Output')}"
    assert placeholders.fill("<p>a</p>", [], blocks, [token], ok) is None  # not there
    assert placeholders.fill(box + box, [], blocks, [token], ok) is None  # twice
    assert placeholders.fill(box + f"<p>{token}</p>", [], blocks, [token], ok) is None  # elsewhere too
    assert placeholders.fill(box, [], blocks, [token], [pool.Outcome(False, "docs/en/t.md:4: boom")]) is None


def test_an_unknown_mode_is_refused(monkeypatch):
    monkeypatch.setenv("DOCEXEC_PLACEHOLDERS", "sometimes")
    with pytest.raises(DocExecError, match="DOCEXEC_PLACEHOLDERS='sometimes': use one of auto, always, never"):
        docexec.configure(ROOT / "mkdocs.yml")


def test_auto_holds_a_page_only_while_its_run_ahead_is_still_going(monkeypatch):
    monkeypatch.delenv("DOCEXEC_PLACEHOLDERS", raising=False)  # auto
    docexec.configure(ROOT / "mkdocs.yml")
    path = "docs/en/slow.md"
    blocks = executed_blocks("# t\n\n```python\nimport time\ntime.sleep(1)\nprint('done')\n```\n", path, 0)
    ahead = pool.Ahead()
    assert not placeholders.hold(path, blocks, ahead.pending)  # not run ahead: the build runs it when it needs it
    ahead.start(path, blocks)
    try:
        assert placeholders.hold(path, blocks, ahead.pending)  # still running
        assert not placeholders.hold(path, blocks[:0], ahead.pending)  # no blocks: nothing to wait for
        deadline = time.monotonic() + 60
        while placeholders.hold(path, blocks, ahead.pending) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert time.monotonic() < deadline  # finished: its outputs go in at once
        assert [o.text for o in ahead.take(path, blocks)] == ["done"]
    finally:
        ahead.cancel()
    monkeypatch.setenv("DOCEXEC_PLACEHOLDERS", "never")
    docexec.configure(ROOT / "mkdocs.yml")
    ahead.start(path, blocks)
    try:
        assert not placeholders.hold(path, blocks, ahead.pending)
    finally:
        ahead.cancel()
        monkeypatch.delenv("DOCEXEC_PLACEHOLDERS")
        docexec.configure(ROOT / "mkdocs.yml")
