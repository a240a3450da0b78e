"""variants: a question's choices, every one executed or checked against the block's real output.

:func:`expand` adds to a page's job, for each ``predict="..."`` block, a block per executed
distractor before it (run in a fork of the page's state: :mod:`docexec.execute.variant_run`) and
the question's value after it; :func:`fold` turns their outcomes back into one per block, the
question's carrying its :class:`~docexec.execute.outcome.Question`. The right answer is never
typed: it is the block's output, the value's ``repr`` or its exception's head. A question fails,
naming ``file:line``, when a distractor gives the answer (a torch bump can do that), two give
the same, fewer than two or more than four choices remain, or a distractor fails unexpectedly.

May not touch: rendering, MkDocs. Input: blocks and their outcomes; output: outcomes.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable

from docexec.core import settings
from docexec.core.errors import DocExecError
from docexec.execute.outcome import Choice, Outcome, Question
from docexec.page import questions
from docexec.page.blocks import Block
from docexec.page.snippets import expand_snippets

MAX_LINES, MAX_CHARS = 12, 600  # a choice the reader can take in at a glance


@dataclasses.dataclass
class _Asked:
    """One question block of a job: its index there, its distractors' and its value's."""

    block: Block
    at: int
    variants: list[questions.Variant]
    runs: list[int]  # job indexes of the executed distractors, in the order of ``variants`` (.py only)
    value: int | None
    problem: str | None = None


def expand(blocks: list[Block]) -> tuple[list[Block], Callable[[list[Outcome]], list[Outcome]]]:
    """The page's job (its blocks with each question's distractors and value) and the function
    that folds the job's outcomes back into one per block of ``blocks``."""
    job: list[Block] = []
    asked: list[_Asked] = []
    for block in blocks:
        if not questions.is_question(block):
            job.append(block)
            continue
        mode = block.options["predict"]
        problem: str | None = None
        try:
            found = questions.variants(block)
        except DocExecError as exc:
            found, problem = [], str(exc)
        seconds = float(block.options.get("timeout", settings.current().timeout))
        runs = []
        for variant in (v for v in found if not v.literal):
            synthetic = Block(block.path, block.line, block.end_line, block.indent, block.fence, questions.VARIANT,
                              {"predict": mode, "seconds": f"{seconds:g}", "timeout": f"{seconds + 1:g}",
                               **{k: v for k, v in block.options.items() if k == "max_output"}},
                              f'--8<-- "{variant.name}"')
            expand_snippets(synthetic)
            runs.append(len(job))
            job.append(synthetic)
        job.append(block)
        at, value = len(job) - 1, None
        if mode != "output":
            value = len(job)
            job.append(Block(block.path, block.line, block.end_line, block.indent, block.fence, questions.VALUE,
                             {"predict": mode}, mode, mode))
        asked.append(_Asked(block, at, found, runs, value, problem))
    if not asked:
        return blocks, lambda outcomes: outcomes
    return job, lambda outcomes: _fold(asked, outcomes)


def _fold(asked: list[_Asked], outcomes: list[Outcome]) -> list[Outcome]:
    at = {a.at: a for a in asked}
    synthetic = {i for a in asked for i in [*a.runs, *([a.value] if a.value is not None else [])]}
    folded = []
    for i, outcome in enumerate(outcomes):
        if i not in synthetic:
            folded.append(question(at[i], outcomes) if i in at and outcome.ok else outcome)
    return folded


def question(asked: _Asked, outcomes: list[Outcome]) -> Outcome:
    """The block's outcome with its question, or a failure naming what is wrong with it."""
    own = outcomes[asked.at]
    try:
        return dataclasses.replace(own, question=_question(asked, outcomes))
    except DocExecError as exc:
        return Outcome(False, str(exc), own.names)


def _question(asked: _Asked, outcomes: list[Outcome]) -> Question:
    block, mode = asked.block, asked.block.options["predict"]
    if asked.problem:
        raise DocExecError(asked.problem)
    value = outcomes[asked.value] if asked.value is not None else None
    if value is not None and not value.ok:
        raise DocExecError(value.text)
    own = outcomes[asked.at].text
    answer = value.text if value is not None and (value.text or mode != "raises") else own
    if not answer.strip():
        raise DocExecError(f"{block.where()}: predict=\"{mode}\": the block prints nothing to predict (ask for a value"
                           ' with predict="<expression>", or print what the reader should predict)')
    choices = [Choice(answer)]
    runs = iter(asked.runs)
    for variant in asked.variants:
        where = f"{block.where()} ({variant.where()})"
        if variant.literal:
            choices.append(Choice(questions.literal(variant), variant.name, variant.file.read_text("utf8").rstrip("\n")))
            continue
        ran = outcomes[next(runs)]
        if not ran.ok:
            raise DocExecError(f"{where}: a distractor fails unexpectedly: {ran.text}")
        found = json.loads(ran.text)
        error = found["error"]
        if error and error.split(":")[0].rsplit(".", 1)[-1] in questions.AUTHOR_MISTAKES:
            raise DocExecError(f"{where}: the distractor raised {error}: a mistake in its code, not a belief (fix it)")
        text = found["value"] if questions.asks_expression(mode) else (error or found["output"])
        choices.append(Choice(text, variant.name, variant.file.read_text("utf8").rstrip("\n"), found["output"]))
    if mode == "raises":  # what every run printed before it raised or returned is no part of the choice
        choices = [dataclasses.replace(c, text=_after(c.text, own.split("\n")[:-1])) for c in choices]
    _check(block, choices, asked.variants)
    order = list(range(len(choices)))
    random.Random(questions.snippet_of(block)).shuffle(order)  # the same in every language and every build
    return Question(mode, [choices[k] for k in order], order.index(0))


def _check(block: Block, choices: list[Choice], found: list[questions.Variant]) -> None:
    """Every choice short, different from the answer and from each other; two to four of them."""
    if len(choices) < 2:
        raise DocExecError(f"{block.where()}: a question needs at least two choices: add a distractor beside its snippet,"
                           f" {questions.snippet_of(block).removesuffix('.py')}.wrong1.py (a belief as code) or"
                           " .wrong1.txt (an answer as text)")
    if len(choices) > questions.MAX_CHOICES:
        raise DocExecError(f"{block.where()} ({found[questions.MAX_CHOICES - 1].where()}): a question has at most"
                           f" {questions.MAX_CHOICES} choices; keep the distractors learners really believe")
    seen: dict[str, str] = {}
    for choice, variant in zip(choices, [None, *found], strict=True):
        where = f"{block.where()} ({variant.where()})" if variant else block.where()
        text = _same(choice.text)
        if len(text.split("\n")) > MAX_LINES or len(text) > MAX_CHARS:
            raise DocExecError(f"{where}: a choice of {len(text.split(chr(10)))} lines, {len(text)} characters: a"
                               f" question asks for at most {MAX_LINES} lines, {MAX_CHARS} characters (ask for one"
                               " value with predict=\"<expression>\")")
        if text in seen and variant is not None and not seen[text]:
            raise DocExecError(f"{where}: this distractor equals the answer ({choice.text!r}): the question would have two"
                               " right choices; change the distractor or remove it (after a torch update, the drift"
                               " report names the answer that changed)")
        if text in seen and variant is not None:
            raise DocExecError(f"{where}: this distractor gives the same choice as {seen[text]} ({choice.text!r});"
                               " change one of them or remove it")
        seen[text] = variant.name if variant else ""


def _after(text: str, printed: list[str]) -> str:
    """``text`` without its first lines where they are the block's own first ``printed`` lines (one line kept)."""
    lines = text.split("\n")
    k = 0
    while k < min(len(printed), len(lines) - 1) and lines[k] == printed[k]:
        k += 1
    return "\n".join(lines[k:])


def _same(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.strip("\n").split("\n"))


def screened(block: Block, text: str, screen: Callable[[str], str]) -> Outcome:
    """A distractor's result as the page process sent it (JSON), each text screened by ``screen``
    (the pool's output checks); anything else fails the block."""
    try:
        found = json.loads(text)
        if not (isinstance(found, dict) and set(found) == {"output", "error", "value"}
                and all(v is None or isinstance(v, str) for v in found.values()) and isinstance(found["output"], str)):
            raise ValueError(text[:80])
    except ValueError:
        return Outcome(False, f"{block.where()}: a distractor's result could not be read")
    try:
        return Outcome(True, json.dumps({k: v if v is None else screen(v) for k, v in found.items()}))
    except DocExecError as exc:
        return Outcome(False, str(exc))


def snapshot_text(q: Question) -> str:
    """A question as the snapshot keeps it: what it asks, the answer, then each distractor."""
    lines = [f"predict: {q.mode}", f"answer: {_indented(q.choices[q.answer].text)}"]
    lines += [f"{c.source}: {_indented(c.text)}" for c in sorted(q.choices, key=lambda c: c.source) if c.source]
    return "\n".join(lines)


def _indented(text: str) -> str:
    return text.replace("\n", "\n  ")
