"""questions: a block marked ``predict="..."`` is a question; what it asks, its distractors, its why.

``predict="output"`` asks for what the block prints, ``predict="raises"`` whether it raises and
what, any other value is an expression whose ``repr`` after the block is asked for. The block
includes one snippet, ``<page>/NN_what.py``; its distractors are the files beside it named
``NN_what.wrong1.py`` (a belief as code, run in the page's state: :mod:`docexec.execute.variants`)
or ``NN_what.wrong2.txt`` (a literal answer), numbered from 1. The paragraph right after the
block that ends with ``{ .why }`` says in one line why, with a link to the explaining section.
Read from page text and snippets/ only, so the page process and every stage can use it.

May not touch: execution, rendering, MkDocs. Reads page text and files under snippets/.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from docexec.core import paths, settings
from docexec.core.errors import DocExecError
from docexec.page.blocks import Block
from docexec.page.snippets import LANGUAGE_COMMENT, SNIPPET_LINE, snippet_path

VARIANT = "predict-variant"  # Block.lang of a distractor run in a fork of the page (never shown)
VALUE = "predict-value"  # Block.lang of what a question asks, taken right after its block ran
SYNTHETIC = frozenset({VARIANT, VALUE})
MAY_RAISE = "Exception?"  # a variant's raises=: it may raise (predict="raises"), or not
MODES = ("output", "raises")  # anything else is an expression
MAX_CHOICES = 4
AUTHOR_MISTAKES = ("NameError", "UnboundLocalError", "ImportError", "ModuleNotFoundError", "SyntaxError")
WHY = re.compile(r"^(?P<text>.*?)[ \t]*\{[ \t]*:?[ \t]*\.why[ \t]*\}[ \t]*$")
_VARIANT_NAME = re.compile(r"^(?P<stem>.+)\.wrong(?P<k>[1-9]\d*)\.(?P<kind>py|txt)$")


def distractor_of(name: str) -> str | None:
    """The stem of the snippet a file named ``name`` is a distractor of (``NN_what`` for
    ``NN_what.wrong1.py``), or None: the one rule, for the questions and the serve reload."""
    m = _VARIANT_NAME.match(name)
    return m["stem"] if m else None


def is_question(block: Block) -> bool:
    return "predict" in block.options and not block.inline and block.executed


def asks_expression(mode: str) -> bool:
    """Whether ``predict=`` names an expression (not "output" nor "raises")."""
    return mode not in MODES


@dataclasses.dataclass
class Variant:
    """A distractor's file: ``name`` below snippets/, run (``.py``) or read as a literal (``.txt``)."""

    name: str
    file: Path

    @property
    def literal(self) -> bool:
        return self.name.endswith(".txt")

    def where(self) -> str:
        return f"{paths.rel(self.file)}:1"


def snippet_of(block: Block) -> str:
    """The one snippet a question block includes; a DocExecError when it holds anything else."""
    lines = [line for line in block.body.split("\n") if line.strip()]
    m = SNIPPET_LINE.match(lines[0]) if len(lines) == 1 else None
    if m is None:
        raise DocExecError(f"{block.path}:{block.line}: a predict=\"...\" block holds one line,"
                           ' `--8<-- "<page>/NN_what.py"` (its distractors are files beside that snippet)')
    return m["path"]


def variants(block: Block) -> list[Variant]:
    """The distractors of a question block, by number: ``NN_what.wrong<k>.py`` or ``.txt``."""
    name = snippet_of(block)
    base = settings.current().snippets
    target = snippet_path(name, base, f"{block.path}:{block.line}")
    folder, stem = name.rpartition("/")[0], target.name.removesuffix(".py")
    found: dict[int, Variant] = {}
    for file in sorted(target.parent.iterdir()):
        m = _VARIANT_NAME.match(file.name)
        if m is None or m["stem"] != stem:
            continue
        rel = f"{folder}/{file.name}" if folder else file.name
        if int(m["k"]) in found:
            raise DocExecError(f"{paths.rel(file)}:1: {found[int(m['k'])].name} has the same number: number each"
                               f" distractor of {name} once (wrong1, wrong2, ...)")
        found[int(m["k"])] = Variant(rel, snippet_path(rel, base, f"{block.path}:{block.line}"))
    return [found[k] for k in sorted(found)]


def literal(variant: Variant) -> str:
    """A literal distractor's text: its file without its belief lines (:func:`belief`)."""
    return belief(variant.file.read_text("utf8"), None)[1]


def belief(text: str, lang: str | None) -> tuple[str | None, str]:
    """A distractor's first lines, ``# zh: …`` / ``# en: …``, say the belief in each language:
    (the one of ``lang``, or None; the rest of the text, its leading blank lines dropped)."""
    lines = text.rstrip("\n").split("\n")
    said = None
    while lines and (m := LANGUAGE_COMMENT.match(lines[0])) and not m["indent"]:
        said = m["text"].strip() if m["lang"] == lang else said
        lines.pop(0)
    while lines and not lines[0].strip():
        lines.pop(0)
    return said, "\n".join(lines)


def why_span(lines: list[str], end: int) -> tuple[int, int, str] | None:
    """The why paragraph after a block whose closing fence is ``lines[end - 1]``: (its first
    line, the line after it, its Markdown without the ``{ .why }`` marker), or None."""
    i = end
    while i < len(lines) and not lines[i].strip():
        i += 1
    start = i
    while i < len(lines) and lines[i].strip() and not lines[i].lstrip().startswith(("```", "~~~", "#")):
        if m := WHY.match(lines[i]):
            body = [line.strip() for line in lines[start:i]] + ([m["text"].strip()] if m["text"].strip() else [])
            return start, i + 1, "\n".join(body)
        i += 1
    return None


def head(kind: str, message: str) -> str:
    """How a choice shows a raised exception: its class and the first line of its message."""
    first = message.strip().split("\n")[0]
    return f"{kind}: {first[:157] + '…' if len(first) > 160 else first}"
