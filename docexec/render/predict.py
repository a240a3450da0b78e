"""predict: a question block as the reader meets it: its code, its choices, the answer folded away.

A ``predict="..."`` block (:mod:`docexec.page.questions`) is shown as its code, then a radio group
with the question in the page's language and two to four choices, a Check button (left out of
the search index) and a live region for the verdict, then a ``<details>`` holding the answer: which letter, the block's real
output, the page's one-line why (with its link) and, for each executed distractor, a folded
"where it comes from": its code and what it printed (each output with its report link: the
block's under its snapshot key, a distractor's under the question's ``predict: <key>``). Without
JavaScript and in print, that is the question, its choices and the answer to open;
``overrides/assets/javascripts/predict.js`` (loaded only on pages with a question) checks a
choice, opens the answer and keeps progress.
The notebook's question cell (:func:`notebook_text`) is written here too, in the page's language.

May not touch: MkDocs objects, execution, other blocks. Input: a block's question; output: Markdown.
"""

from __future__ import annotations

import html
import re
from html import escape

from docexec.core.errors import DocExecError
from docexec.core.labels import Labels
from docexec.execute.outcome import Question
from docexec.execute.screen import visible
from docexec.page import questions
from docexec.page.blocks import Block
from docexec.page.snippets import for_language
from docexec.render.output import FENCE

CLASS = "docexec-predict"
LETTERS = "ABCD"


def ask(q: Question, words: dict[str, str], code: str = "<code>{}</code>") -> str:
    """The question, in the page's language (HTML: an expression as code)."""
    if questions.asks_expression(q.mode):
        return words["value"].format(expr=code.format(escape(q.mode)))
    return escape(words[q.mode])


def name_of(block: Block) -> str:
    """The question's id: its snippet, the same in every language (the reader's progress is kept by it)."""
    return questions.snippet_of(block)


def markdown(block: Block, q: Question, output: str, lines: list[str], offset: int, code: str,
             labels: Labels, lang: str | None, issues: tuple[str, str] = ("", "")) -> tuple[str, int]:
    """The block's Markdown as a question (``code``: its code block) and the index of the first
    line after its why paragraph, which goes into the answer; ``issues``: the report links
    (:func:`docexec.render.report.issue_url`) of its real output and of its distractors' outputs
    (their snapshot entry, ``predict: <key>``), "" for none."""
    why = questions.why_span(lines, block.end_line - offset)
    if why is None:
        raise DocExecError(f"{block.where()}: a question needs its why: the paragraph right after the block, one line"
                           " in the page's language with a link to the section that explains it, ending in { .why }")
    if "](" not in why[2]:
        raise DocExecError(f"{block.path}:{why[0] + 1 + offset}: the why of a question links to the section that"
                           " explains it: add a link, like [the section](#anchor)")
    words = labels.predict
    qid = name_of(block)
    radio = "predict-" + re.sub(r"[^\w-]+", "-", qid)
    choices = "".join(
        f'<label class="{CLASS}__choice"><input type="radio" name="{radio}" value="{i}">'
        f'<span class="{CLASS}__letter">{LETTERS[i]}</span><code>{_one(c.text)}</code></label>'
        for i, c in enumerate(q.choices))
    right = LETTERS[q.answer]
    parts = [code, "",
             f'<div class="{CLASS}" data-predict="{escape(qid)}" data-answer="{q.answer}" markdown="1">',
             f'<fieldset class="{CLASS}__choices"><legend>{ask(q, words)}</legend>{choices}</fieldset>',
             f'<p class="{CLASS}__act" data-search-exclude><button type="button" class="md-button {CLASS}__check">{escape(words["check"])}'
             f'</button><span class="{CLASS}__verdict" aria-live="polite" data-right="{escape(words["right"])}"'
             f' data-wrong="{escape(words["wrong"])}" data-choose="{escape(words["choose"])}"></span></p>',
             f'<details class="{CLASS}__answer" markdown="1">',
             f'<summary>{escape(words["answer"])}</summary>', "",
             f'<p class="{CLASS}__key">{escape(words["key"].format(letter=right))}</p>', ""]
    if questions.asks_expression(q.mode):
        value = words["value_is"].format(expr=f"<code>{escape(q.mode)}</code>",
                                         value=f"<code>{_one(q.choices[q.answer].text)}</code>")
        parts += [f'<p class="{CLASS}__value">{value}</p>', ""]
    if output:
        parts += [_fence(output, labels.output, issues[0], labels.report[0]), ""]
    parts += [why[2], ""]
    for i, choice in enumerate(q.choices):
        said, rest = questions.belief(choice.code, lang)
        if choice.source.endswith(".txt"):
            note = words["belief"].format(letter=LETTERS[i], belief=said or words["literal"])
            parts += [f'<p class="{CLASS}__wrong" data-choice="{i}">{escape(note)}</p>', ""]
        elif choice.source:
            from markdown_exec import code_block

            note = words["belief"].format(letter=LETTERS[i], belief=said or words["ran"])
            parts += [f'<details class="{CLASS}__wrong" data-choice="{i}" markdown="1">',
                      f'<summary>{escape(note)}</summary>', "",
                      code_block(block.lang, visible(for_language(rest, lang))), ""]
            parts += [_fence(choice.output, labels.output, issues[1], labels.report[0]), ""] if choice.output else []
            parts += ["</details>", ""]
    parts += ["</details>", "</div>"]
    return "\n".join(parts), why[1]


def _one(text: str) -> str:
    """A choice's text inside one ``<code>`` on one line of HTML (its newlines as character references)."""
    return escape(text, quote=False).replace("\n", "&#10;")


def _fence(text: str, label: str, issue: str = "", words: str = "") -> str:
    """An output as the build's output fence (:func:`docexec.render.rendering.output_fence`'s form),
    with its report link to ``issue`` in ``words`` if given."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(8, longest + 1)
    link = f' report="{issue}" report_words="{words}"' if issue else ""
    return f'{fence}{FENCE} title="{label}"{link}\n{text}\n{fence}'


def notebook_text(q: Question, labels: Labels) -> str:
    """The question as a notebook's Markdown cell, before the code cell: ask, then the choices."""
    words = labels.predict
    choices = "\n".join(f"- **{LETTERS[i]}**: `{c.text}`" if "\n" not in c.text and "`" not in c.text
                        else f"- **{LETTERS[i]}**:\n\n  ```text\n  " + c.text.replace("\n", "\n  ") + "\n  ```"
                        for i, c in enumerate(q.choices))
    return words["notebook"].format(ask=html.unescape(ask(q, words, "`{}`")), choices=choices)
