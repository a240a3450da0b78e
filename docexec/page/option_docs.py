"""option_docs: what each block option means, as one table the docs are generated from.

:mod:`docexec.page.options` checks the options; this module says, per option, its form, its
values and what it does, with the limits read from the code (the settings' defaults, the
largest timeout), so AUTHORING.md's table (``python -m docexec tables --write``) cannot drift
from what the build accepts. ``tests/test_docs.py`` compares the two.

May not touch: anything; it only describes.
"""

from __future__ import annotations

from docexec.core import settings
from docexec.page.options import OPTIONS, RESULTS, SOURCES


def rows() -> list[tuple[str, str, str]]:
    """(option as written, its values, what it does), one per option, in the docs' order."""
    s = settings.Settings.__dataclass_fields__
    timeout, max_timeout = s["timeout"].default, s["max_timeout"].default
    max_output, memory = s["max_output"].default, s["memory_limit"].default
    sources = ", ".join(f"`{v}`" + (" (default)" if v == "above" else "") for v in
                        sorted(SOURCES, key=["above", "below", "tabbed-left", "tabbed-right", "none"].index))
    results = ", ".join(f"`{v}`" + (" (default)" if v == "text" else "") for v in
                        sorted(RESULTS, key=["text", "svg", "backward"].index))
    return [
        ("(none)", "", "run; show the code, then its output as text, labelled 输出 / Output"),
        ('`exec="off"`', "`off`, `no`, `false`, `0`", "shown, never run (pseudo-code); its `--8<--` paths are still checked"),
        ('`raises="X"`', "a builtin exception, or torch's as `torch.<name>`",
         "must raise X; the output ends with `X: message`, as a REPL shows it"),
        ('`timeout="30"`', f"seconds, more than 0 and at most {max_timeout:g} (`max_timeout`)",
         f"may run that long (default {timeout:g} s, `timeout`)"),
        ('`max_output="500000"`', f"characters, more than 0 and at most {settings.MAX_OUTPUT:,}",
         f"its output (or raised message) may be that long (default {max_output:,}, `max_output`)"),
        ('`memory="8"`', "GiB, more than 0 and at most 64",
         f"its page's process may use that much memory (default {memory:g} GiB, `memory_limit`); below the default"
         " fails"),
        ('`source="…"`', sources, "where the code goes (markdown-exec's placement); tabs are titled 代码 / 输出 or"
         " Code / Output; `none` hides the code (a helper; a page's notebook keeps it, collapsed)"),
        ('`title="…"`', "text", "a title over the code"),
        ('`result="svg"`', results, "`svg`: the block prints one `<svg>` element (a picture drawn at build time),"
         " shown as is; usually with `source=\"none\"`. `backward`: the block calls `backward_steps(...)`, and"
         " shows the recorded backward pass as a stepper ([below](#a-backward-pass-step-by-step))"),
        ('`variable="why"`', "the reason",
         "its output may differ between runs: not compared with the snapshot (say why; avoid it)"),
        ('`localized="why"`', "the reason",
         "prints words in the page's language: its output (and code) may differ between zh and en"),
        ('`predict="output"`', "`output`, `raises`, or an expression such as `x.grad`",
         "a question: the reader picks what the block prints (`output`), whether and what it raises (`raises`),"
         " or the expression's `repr` after it, before the output shows; its distractors are files beside its one"
         " snippet, `NN_what.wrong1.py` (run in the page's state) or `.wrong1.txt` (a literal), and the paragraph"
         " after it ending in `{ .why }` says why ([below](#questions-predict-then-run))"),
    ]


def named() -> set[str]:
    """The options the table describes (a test: the same as :data:`options.OPTIONS`)."""
    return {r[0].strip("`").split("=")[0] for r in rows() if r[0].startswith("`")}


def markdown_table() -> str:
    lines = ["| option | values | what it does |", "|---|---|---|"]
    lines += [f"| {a} | {b} | {c} |" for a, b, c in rows()]
    return "\n".join(lines)


__all__ = ["OPTIONS", "markdown_table", "named", "rows"]
