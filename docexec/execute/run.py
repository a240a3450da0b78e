"""run: execute a page's blocks like a notebook, and check what they print.

One :class:`PageRun` is one page in one language: a fresh namespace, seeded (``random``,
``numpy``, ``torch``), its blocks run in order. Standard output and error are a block's output,
in order; warnings, filtered as a Jupyter kernel filters them, go into it as ``Category:
message``; ``raises="X"`` makes raising X the expected outcome, shown as ``X: message``; raising
nothing or something else is a :class:`~docexec.core.errors.DocExecError` naming ``page:line``,
as is a name that is not ASCII. As in Jupyter, a last bare expression shows its ``repr`` (not
``None``, not after ``;``); a block that raises ``SystemExit`` or ``KeyboardInterrupt`` stops
the page. Runs inside a page process (:mod:`docexec.execute.page_process`); the parent checks what it
sends (:mod:`docexec.execute.screen`).

May not touch: rendering, MkDocs objects, files. Input: blocks; output: text.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import importlib
import io
import random
import sys
import traceback
import types
import warnings
from typing import TextIO

from docexec.core.errors import DocExecError
from docexec.execute import names
from docexec.execute.outcome import TRIGGERED
from docexec.page import questions
from docexec.page.blocks import Block, ascii_names


class PageRun:
    """The namespace of one page in one language: a fresh, seeded notebook."""

    def __init__(self, path: str) -> None:
        self.path = path
        # Named __main__, as a notebook's cells are the kernel's; the page process registers it as
        # its __main__ module, so that a function of the page pickles by reference (multiprocessing).
        self.module = types.ModuleType("__main__")
        self.namespace = self.module.__dict__
        self.namespace["__file__"] = path
        self.aliases: dict[str, str] = {}  # the page's `from torch... import` names (docexec.execute.names)
        self.output = _Output()  # sys.stdout and sys.stderr while a block runs
        self.raised: str | None = None  # the last block's expected exception, as a question's choice shows it
        # A Jupyter kernel's warning filters: Python's defaults (ResourceWarning, ImportWarning and
        # libraries' DeprecationWarnings hidden), the libraries' own and IPython's (the notebook's own
        # DeprecationWarnings shown); what they show, shown every time (the notebook's setup cell
        # does the same: docexec.notebooks.pagebook.SETUP). Set once: a block's own filters hold
        # for the blocks after it, as a cell's hold for the cells after it.
        warnings.filterwarnings("always", append=True)
        warnings.filterwarnings("always", category=DeprecationWarning, module="__main__")
        random.seed(0)
        # numpy and torch as the server imported them (worker.warm: always, but for the sandbox
        # report's bare server, whose probe page would otherwise import torch, 1.5 s, to seed it)
        if (numpy := sys.modules.get("numpy")) is not None:
            numpy.random.seed(0)
        if (torch := sys.modules.get("torch")) is not None:
            seed_torch(torch)

    def run(self, block: Block) -> str:
        """Run one block (or evaluate one inline value); return its output text or raise DocExecError."""
        if block.inline:
            return self.value(block)
        if block.lang in questions.SYNTHETIC:  # a question's distractor or value (docexec.execute.variants)
            from docexec.execute import variant_run

            return variant_run.run(self, block)
        self.raised = None
        expected = block.options.get("raises")
        optional = expected == questions.MAY_RAISE  # a distractor of predict="raises": it may raise, or not
        expected_class = exception_class(expected.rstrip("?"), block) if expected else None
        filename = f"<docexec {block.path}:{block.line}>"
        buffer = io.StringIO()

        def show(message: Warning | str, category: type[Warning], filename: str, lineno: int,  # noqa: ARG001
                 file: TextIO | None = None, line: str | None = None) -> None:  # noqa: ARG001
            text = TRIGGERED.sub("", str(message))
            buffer.write(f"{category.__name__}: {text}\n")

        error: BaseException | None = None
        ascii_names(block)
        try:
            body, last = compile_block(block.code, filename)
        except SyntaxError as exc:
            raise DocExecError(f"{block.where(exc.lineno)}: SyntaxError: {exc.msg}") from None
        saved = sys.stdout, sys.stderr, warnings.showwarning
        self.output.target = buffer
        sys.stdout, sys.stderr, warnings.showwarning = self.output, self.output, show
        try:
            exec(body, self.namespace)  # noqa: S102
            if last is not None and (value := eval(last, self.namespace)) is not None:  # noqa: S307
                print(repr(value))
        except Exception as exc:  # noqa: BLE001
            error = exc
        except BaseException as exc:  # noqa: BLE001 -- SystemExit, KeyboardInterrupt: a page may not end its process
            line = _error_line(exc, filename)
            raise DocExecError(
                f"{block.where(line)}: the block raised {type(exc).__name__}"
                f"{'(' + repr(exc.args[0]) + ')' if exc.args else ''}; a page may not end its process,"
                " so the page stops here",
                fatal=True,
            ) from None
        finally:
            sys.stdout, sys.stderr, warnings.showwarning = saved
            self.output.target = None
        output = buffer.getvalue()

        if error is None and expected and not optional:
            raise DocExecError(f"{block.where()}: expected {expected} but the block raised nothing")
        if error is not None:
            line = _error_line(error, filename)
            kind = error_name(type(error))
            if expected_class is None:  # no raises= option
                detail = "".join(traceback.format_exception_only(type(error), error)).strip()
                raise DocExecError(f"{block.where(line)}: unexpected {detail}") from error
            if not isinstance(error, expected_class):
                raise DocExecError(
                    f"{block.where(line)}: expected {expected} but the block raised {kind}: {error}"
                ) from error
            output += f"{kind}: {TRIGGERED.sub('', str(error))}\n"
            self.raised = questions.head(kind, TRIGGERED.sub("", str(error)))
        return output.rstrip("\n")  # checked by the parent (docexec.execute.screen), not here

    def names(self, block: Block) -> list[names.Span]:
        """The spans of the block's code that name a public torch object (links to the reference)."""
        if block.inline or block.lang in questions.SYNTHETIC:
            return []
        return names.resolve(block.code, self.namespace, self.aliases)

    def value(self, block: Block) -> str:
        """An inline value: ``str()`` of the expression in the page's namespace, on one line."""
        filename = f"<docexec {block.path}:{block.line}>"
        ascii_names(block)
        try:
            compiled = compile(block.code, filename, "eval", dont_inherit=True)
        except SyntaxError as exc:
            raise DocExecError(f"{block.where()}: inline value `{block.code}`: SyntaxError: {exc.msg}") from None
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                text = " ".join(str(eval(compiled, self.namespace)).split())  # noqa: S307
        except Exception as exc:  # noqa: BLE001
            detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
            raise DocExecError(f"{block.where()}: inline value `{block.code}`: unexpected {detail}") from None
        return text


class _Output(io.TextIOBase):
    """A page's standard output and error while its blocks run: both write into the running block's
    output, in the order written, as Jupyter shows a cell's streams (a progress bar's ``\\r`` is the
    parent's to show, :func:`docexec.execute.screen.carriage_returns`). One object for the whole
    page, so a logging handler or a ``sys.stderr`` kept by one block writes into a later block's
    output, as into a later cell."""

    encoding = "utf-8"

    def __init__(self) -> None:
        super().__init__()
        self.target: io.StringIO | None = None  # the running block's output; between blocks, nowhere

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        if self.target is not None:
            self.target.write(text)
        return len(text)


def seed_torch(torch: types.ModuleType) -> None:
    """``torch.manual_seed(0)``. The page server calls it once (:func:`docexec.execute.worker.warm`);
    a page process, forked from it, seeds only the CPU generator again, which is all a page
    on CPU torch draws from: the full call also queues the seed for every accelerator
    torch knows (CUDA, XPU, MTIA), each with a captured stack (its cost: PERFORMANCE.md)."""
    global _EVERY_DEVICE_SEEDED  # noqa: PLW0603
    if _EVERY_DEVICE_SEEDED:
        torch.default_generator.manual_seed(0)
    else:
        torch.manual_seed(0)
        _EVERY_DEVICE_SEEDED = True


_EVERY_DEVICE_SEEDED = False


def compile_block(code: str, filename: str) -> tuple[types.CodeType, types.CodeType | None]:
    """The block compiled as (statements, last bare expression or None), like a notebook cell."""
    tree = ast.parse(code, filename)
    last = None
    if tree.body and isinstance(end := tree.body[-1], ast.Expr) and not _ends_with_semicolon(code, end):
        tree.body.pop()
        last = compile(ast.Expression(end.value), filename, "eval", dont_inherit=True)
    return compile(tree, filename, "exec", dont_inherit=True), last


def _ends_with_semicolon(code: str, node: ast.stmt) -> bool:
    assert node.end_lineno is not None and node.end_col_offset is not None  # ast.parse sets them
    lines = code.split("\n")
    end = lines[node.end_lineno - 1][node.end_col_offset :]
    return end.split("#", 1)[0].strip().startswith(";")


def exception_class(name: str, block: Block) -> type[BaseException]:
    """The class a ``raises=`` option names: a builtin exception or one of torch's (``torch.…``)."""
    target = None
    if "." not in name:
        target = getattr(builtins, name, None)
    elif name.startswith("torch."):
        module, _, attr = name.rpartition(".")
        for mod, rest in ((module, [attr]), ("torch", name.split(".")[1:])):
            with contextlib.suppress(ImportError, AttributeError):
                target = importlib.import_module(mod)
                for part in rest:
                    target = getattr(target, part)
                break
            target = None
    if not (isinstance(target, type) and issubclass(target, BaseException)):
        raise DocExecError(
            f"{block.where()}: raises={name!r} is not an exception class"
            " (name a builtin one, like RuntimeError, or torch's, like torch.OutOfMemoryError)"
        )
    return target


def error_name(cls: type[BaseException]) -> str:
    """The exception's name as a traceback prints it: ``RuntimeError``, ``torch._C._LinAlgError``."""
    return cls.__qualname__ if cls.__module__ == "builtins" else f"{cls.__module__}.{cls.__qualname__}"


def _error_line(error: BaseException, filename: str) -> int | None:
    line = None
    for frame in traceback.extract_tb(error.__traceback__):
        if frame.filename == filename:
            line = frame.lineno
    return line
