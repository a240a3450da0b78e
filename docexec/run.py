"""run: execute a page's blocks like a notebook, and check what they print.

One :class:`PageRun` is the state of one page in one language: a fresh module
namespace, seeded (``random``, ``numpy``, ``torch``) when it is created. Its blocks run
in document order. Warnings are captured into the output as ``Category: message``
(torch's "(Triggered internally at /path)" suffix removed); ``raises="X"`` makes an
exception of type X the expected outcome (shown as ``X: message``); raising nothing,
or something else, is a :class:`~docexec.project.DocExecError` naming ``page:line``
(and the snippet's file and line). Outputs may not show memory addresses or paths of
this machine.

May not touch: rendering, MkDocs objects, files. Input: blocks; output: text.
"""

from __future__ import annotations

import contextlib
import io
import random
import re
import sys
import traceback
import types
import warnings
from pathlib import Path

from docexec import project
from docexec.blocks import Block, expand_snippets, find_blocks
from docexec.project import DocExecError

_ADDRESS = re.compile(r"\bat 0x[0-9a-fA-F]+|\b0x[0-9a-fA-F]{8,}\b")
TRIGGERED = re.compile(r"\s*\(Triggered internally at [^)]*\)\.?")


class PageRun:
    """The namespace of one page in one language: a fresh, seeded notebook."""

    def __init__(self, path: str) -> None:
        self.path = path
        module = types.ModuleType("__page__")
        self.namespace = module.__dict__
        self.namespace["__file__"] = path
        random.seed(0)
        with contextlib.suppress(ImportError):
            import numpy

            numpy.random.seed(0)
        with contextlib.suppress(ImportError):
            import torch

            torch.manual_seed(0)

    def run(self, block: Block) -> str:
        """Run one block; return its output text or raise DocExecError."""
        expected = block.options.get("raises")
        filename = f"<docexec {block.path}:{block.line}>"
        buffer = io.StringIO()

        def show(message, category, filename, lineno, file=None, line=None):  # noqa: ARG001
            text = TRIGGERED.sub("", str(message))
            buffer.write(f"{category.__name__}: {text}\n")

        error: BaseException | None = None
        try:
            compiled = compile(block.code, filename, "exec", dont_inherit=True)
        except SyntaxError as exc:
            raise DocExecError(f"{block.where(exc.lineno)}: SyntaxError: {exc.msg}") from None
        with warnings.catch_warnings(), contextlib.redirect_stdout(buffer):
            warnings.simplefilter("always")
            warnings.showwarning = show
            try:
                exec(compiled, self.namespace)  # noqa: S102
            except Exception as exc:  # noqa: BLE001
                error = exc
        output = buffer.getvalue()

        if error is None and expected:
            raise DocExecError(f"{block.where()}: expected {expected} but the block raised nothing")
        if error is not None:
            line = _error_line(error, filename)
            kind = type(error).__name__
            if not expected:
                detail = "".join(traceback.format_exception_only(type(error), error)).strip()
                raise DocExecError(f"{block.where(line)}: unexpected {detail}") from error
            if expected not in {cls.__name__ for cls in type(error).__mro__}:
                raise DocExecError(
                    f"{block.where(line)}: expected {expected} but the block raised {kind}: {error}"
                ) from error
            output += f"{kind}: {TRIGGERED.sub('', str(error))}\n"
        check_output(block, output)
        if block.options.get("result") == "svg" and not re.fullmatch(r"\s*<svg\b.*</svg>\s*", output, re.S):
            raise DocExecError(f"{block.where()}: result=\"svg\" but the block did not print one <svg> element")
        return output.rstrip("\n")


def _error_line(error: BaseException, filename: str) -> int | None:
    line = None
    for frame in traceback.extract_tb(error.__traceback__):
        if frame.filename == filename:
            line = frame.lineno
    return line


def check_output(block: Block, output: str) -> None:
    if m := _ADDRESS.search(output):
        raise DocExecError(f"{block.where()}: output shows a memory address ({m.group(0)!r}); print something stable")
    for prefix in {str(project.ROOT), sys.prefix, str(Path.home())}:
        if prefix and prefix in output:
            raise DocExecError(f"{block.where()}: output shows a path of this machine ({prefix})")


def executed_blocks(text: str, path: str, line_offset: int = 0) -> list[Block]:
    """A page's blocks that run, snippets expanded, in order (what the doc tests run)."""
    blocks = [b for b in find_blocks(text, path, line_offset) if b.executed]
    for b in blocks:
        expand_snippets(b)
    return blocks


def run_page(text: str, path: str, line_offset: int = 0) -> list[tuple[Block, str]]:
    """Run every executed block of a page in one fresh namespace."""
    page = PageRun(path)
    return [(b, page.run(b)) for b in executed_blocks(text, path, line_offset)]
