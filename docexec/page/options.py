"""options: a fence's info string read: its language and its options, each one checked.

``python x="1"`` or superfences' ``{.python x="1"}``: the language, then ``key=value`` options.
Every option and what it does: AUTHORING.md ("Block options"); a wrong one fails, naming the
known ones, and every bad option of a fence is reported at once. ``pycon`` is refused unless
``exec="off"``, so nothing that looks like code is shown unrun by accident. Apart from
:mod:`docexec.page.blocks`, which finds the fences, since the rules of each option live here.

May not touch: the page text (it gets one info string), execution, rendering, MkDocs.
"""

from __future__ import annotations

import builtins
import contextlib
import re

from docexec.core import settings
from docexec.core.errors import DocExecError
from docexec.core.settings import MAX_OUTPUT

EXEC_LANGS = {"python", "py", "python3", "py3", "ipython"}
REFUSED_LANGS = {"pycon"}  # a transcript: its ">>>" lines are not a program; say so
OPTIONS = {"exec", "raises", "source", "title", "result", "timeout", "variable", "localized", "max_output", "memory",
           "predict"}
SOURCES = {"above", "below", "tabbed-left", "tabbed-right", "none"}
RESULTS = {"text", "svg", "backward"}

_EXCEPTION_NAME = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
_OPTION = re.compile(r"""([A-Za-z_][\w-]*)=("[^"]*"|'[^']*'|\S+)""")


def parse_options(info: str, where: str) -> tuple[str, dict[str, str]]:
    """A fence's language and options; a DocExecError naming every bad option (one line each)."""
    lang, options, problems = read_options(info, where)
    if problems:
        raise DocExecError("\n".join(problems))
    return lang, options


def read_options(info: str, where: str) -> tuple[str, dict[str, str], list[str]]:
    """A fence's language, options and a message for each bad option (all of them, each at ``where``)."""
    info = info.strip()
    if info.startswith("{") and info.endswith("}"):  # superfences' {.python key=value}
        info = info[1:-1].strip().lstrip(".")
    lang, _, rest = info.partition(" ")
    options = {k: v.strip("\"'") for k, v in _OPTION.findall(rest)}
    problems: list[str] = []
    if lang.lower() in REFUSED_LANGS and options.get("exec", "on").lower() not in {"off", "no", "false", "0"}:
        problems.append(f"{where}: ```{lang} blocks (REPL transcripts) are not run; write the code as a ```python"
                        " block (the build shows its output), or add exec=\"off\" to show it unrun")
    if lang.lower() in EXEC_LANGS:
        problems += _option_problems(options, _OPTION.sub("", rest).strip(), where)
    return lang.lower(), options, problems


def _option_problems(options: dict[str, str], leftover: str, where: str) -> list[str]:
    problems = []
    unknown = sorted(set(options) - OPTIONS) + ([leftover] if leftover else [])
    if unknown:
        problems.append(f"{where}: unknown block option(s) {unknown}; known: {sorted(OPTIONS)}")
    if options.get("source", "above") not in SOURCES:
        problems.append(f"{where}: source must be one of {sorted(SOURCES)}")
    if options.get("result", "text") not in RESULTS:
        problems.append(f"{where}: result must be one of {sorted(RESULTS)}")
    if "raises" in options and not _EXCEPTION_NAME.fullmatch(options["raises"]):
        problems.append(f"{where}: raises={options['raises']!r} is not an exception class name")
    elif "raises" in options and "." not in options["raises"]:
        cls = getattr(builtins, options["raises"], None)
        if not (isinstance(cls, type) and issubclass(cls, BaseException)):
            problems.append(f"{where}: raises={options['raises']!r} is not a builtin exception"
                            " (name one like RuntimeError, or torch's as torch.<name>)")
    if "predict" in options:
        problems += _predict_problems(options, where)
    if "timeout" in options:
        most = settings.current().max_timeout
        if not 0 < _number(options["timeout"]) <= most:
            problems.append(f"{where}: timeout must be a number of seconds in (0, {most:g}]")
    if "max_output" in options and not (options["max_output"].isdigit() and 0 < int(options["max_output"]) <= MAX_OUTPUT):
        problems.append(f"{where}: max_output must be a whole number of characters in (0, {MAX_OUTPUT:,}]")
    if "memory" in options:
        gib, default = _number(options["memory"]), settings.current().memory_limit
        if not 0 < gib <= 64:
            problems.append(f"{where}: memory must be a number of GiB in (0, 64] (the page's limit for all its blocks)")
        elif gib < default:
            problems.append(f"{where}: memory=\"{options['memory']}\" is below the default of {default:g} GiB: memory="
                            f" can only raise a page's limit (one for all its blocks), never lower it; leave it out,"
                            f" or give a number of GiB in [{default:g}, 64]")
    return problems


def _predict_problems(options: dict[str, str], where: str) -> list[str]:
    """A question (``predict=``) asks of a block that runs and prints text the same in every language."""
    mode = options["predict"]
    problems = []
    if mode not in {"output", "raises"}:
        try:
            compile(mode, "<predict>", "eval", dont_inherit=True)
        except SyntaxError:
            problems.append(f"{where}: predict={mode!r} is neither \"output\", \"raises\" nor a Python expression")
    clashes = [f'{k}="{options[k]}"' for k in ("variable", "localized") if k in options]
    clashes += [f'exec="{options["exec"]}"'] if options.get("exec", "on").lower() in {"off", "no", "false", "0"} else []
    clashes += [f'{k}="{options[k]}"' for k, ok in (("source", "above"), ("result", "text")) if options.get(k, ok) != ok]
    if clashes:
        problems.append(f"{where}: predict=\"...\" cannot go with {', '.join(clashes)}: a question is a block that runs,"
                        " shows its code above and prints text, the same in every language")
    return problems


def _number(text: str) -> float:
    with contextlib.suppress(ValueError):
        return float(text)
    return -1.0
