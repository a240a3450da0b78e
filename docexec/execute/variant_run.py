"""variant_run: inside a page process, a question's distractor run in a fork of the page, and its value.

A distractor (``NN_what.wrong1.py``) is what a learner might believe, run where the question's
block would run: in the page's state, in the same sandbox. The page process forks; the child
runs the distractor's code in its copy of the page's namespace, takes what the question asks
(its output, its value, or the exception it raised) and writes it as one JSON object into a
pipe, then exits, so the page's own state is never touched. A value block (``predict="x.grad"``)
is the question's expression evaluated right after the block, its ``repr``; for
``predict="raises"``, the block's exception as a choice shows it. The parent screens both
(:func:`docexec.execute.variants.screened`).

May not touch: the page's namespace (the child has a copy), the data socket, files.
"""

from __future__ import annotations

import dataclasses
import json
import os
import select
import signal
import time
import traceback
import warnings
from typing import Any, Protocol

from docexec.core.errors import DocExecError
from docexec.page import questions
from docexec.page.blocks import Block


class PageRun(Protocol):  # docexec.execute.run.PageRun, which imports this module
    namespace: dict[str, Any]
    raised: str | None

    def run(self, block: Block) -> str: ...


def run(page: PageRun, block: Block) -> str:
    """A synthetic question block's text: a value, or a distractor's result as JSON."""
    mode = block.options["predict"]
    if block.lang == questions.VALUE:
        return (page.raised or "") if mode == "raises" else value(page, block, mode)
    return forked(page, block, mode)


def value(page: PageRun, block: Block, expression: str) -> str:
    """``repr`` of the question's expression in the page's namespace (warnings not shown: the block
    showed its own)."""
    try:
        compiled = compile(expression, f"<docexec {block.path}:{block.line}>", "eval", dont_inherit=True)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return repr(eval(compiled, page.namespace))  # noqa: S307
    except Exception as exc:  # noqa: BLE001
        detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        raise DocExecError(f"{block.where()}: predict=\"{expression}\": unexpected {detail}") from None


def forked(page: PageRun, block: Block, mode: str) -> str:
    """Run the distractor in a child process; its result, as JSON, or the child's failure raised."""
    seconds = float(block.options.get("seconds", "5"))
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(read)
        _child(page, block, mode, write)
    os.close(write)
    chunks: list[bytes] = []
    deadline = time.monotonic() + seconds
    try:
        while True:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([read], [], [], max(0.0, left))
            if not ready:
                os.kill(pid, signal.SIGKILL)
                raise DocExecError(f"{block.where()}: the distractor ran longer than {seconds:g} s and was stopped")
            chunk = os.read(read, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(read)
        os.waitpid(pid, 0)
    try:
        result = json.loads(b"".join(chunks))
    except ValueError:
        raise DocExecError(f"{block.where()}: the distractor ended its process before it reported") from None
    if "fail" in result:
        raise DocExecError(str(result["fail"]))
    return json.dumps(result)


def _child(page: PageRun, block: Block, mode: str, pipe: int) -> None:
    code = 0
    try:
        options = {k: v for k, v in block.options.items() if k in {"timeout", "max_output"}}
        if mode == "raises":
            options["raises"] = questions.MAY_RAISE
        try:
            output = page.run(dataclasses.replace(block, lang="python", options=options))
            found = {"output": output, "error": page.raised,
                     "value": value(page, block, mode) if questions.asks_expression(mode) else None}
        except DocExecError as exc:
            found = {"fail": str(exc)}
        data = json.dumps(found).encode("utf8")
        while data:
            data = data[os.write(pipe, data):]
    except BaseException:  # noqa: BLE001 -- the parent reports a child that did not report
        code = 70
    finally:
        os._exit(code)
