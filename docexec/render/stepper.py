"""stepper: a recorded backward pass as a figure: the graph, a numbered list of its steps, and
(with JavaScript) previous / next buttons that walk through them.

A ``result="backward"`` block printed the pass as torch ran it (snippets/_shared/backward_steps.py:
hooks on every node; checked by :func:`docexec.execute.screen.backward`). Here it becomes the
page's markup, words in the page's language (:data:`docexec.core.labels.LABELS`), every string
escaped: the picture, then one list item per step (what arrives, the sum when several parents
send, what goes to each input with the product written out, where the gradient stops, what is
written into a leaf's ``.grad``). Without JavaScript, and in print, the list is the figure;
``overrides/assets/javascripts/stepper.js`` (loaded only on pages with one) adds the buttons.
The picture sits in a box of its own that carries its drawn width, so that a phone shows it at
that size (labels at 12 px, not 7), the box scrolling sideways to the step's node (extra.css).

May not touch: MkDocs objects, execution, other blocks. Input: the block's JSON; output: HTML.
"""

from __future__ import annotations

import json
import re
from html import escape

CLASS = "docexec-stepper"


def figure(text: str, words: dict[str, str]) -> str:
    """The figure's HTML (no blank line: it stays one raw HTML block in Markdown)."""
    data = json.loads(text)
    steps = data["steps"]
    names = {s["node"]: _node(s["op"], s.get("name"), words) for s in steps}
    for step in steps:
        for send in step.get("sends", []):
            if "to" in send:
                names.setdefault(send["to"], _node(send["to_op"], send.get("to_name"), words))
    numbers = {s["node"]: i for i, s in enumerate(steps, 1)}  # a node runs once: its step
    items = [_item(step, names, words, numbers) for step in steps]
    counter = escape(words["counter"], quote=True)
    width = re.search(r'<svg\b[^>]*?\swidth="(\d+(?:\.\d+)?)"', data["svg"])
    size = f' style="--docexec-graph-width: {width[1]}px"' if width else ""
    return "".join([
        f'<figure class="docexec-figure {CLASS}" data-counter="{counter}">',
        f'<div class="{CLASS}__graph"{size}>', data["svg"].replace("\n\n", "\n"), "</div>",
        f'<div class="{CLASS}__controls" hidden>',
        f'<button type="button" class="md-button" data-step="-1" aria-label="{escape(words["previous"])}">'
        f'<span aria-hidden="true">←</span> {escape(words["previous"])}</button>',
        f'<button type="button" class="md-button" data-step="1" aria-label="{escape(words["next"])}">'
        f'{escape(words["next"])} <span aria-hidden="true">→</span></button>',
        "</div>",
        f'<div class="{CLASS}__now" aria-live="polite" hidden></div>',
        f'<ol class="{CLASS}__steps">', *items, "</ol>",
        f"<figcaption>{escape(words['caption'])}</figcaption>",
        "</figure>",
    ])


def steps_text(text: str, words: dict[str, str]) -> list[str]:
    """Each step as one line of plain text (a notebook shows them so)."""
    html = figure(text, words)
    items = re.findall(r"<li data-node=[^>]*>(.*?)</li>(?=<li data-node=|</ol>)", html)
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", item)).replace(" ，", "，").strip() for item in items]


def _node(op: str, name: str | None, words: dict[str, str]) -> str:
    return words["node"].format(op=op, name=name) if name else op


def _code(text: str) -> str:
    return f'<code>{escape(text)}</code>'


def _item(step: dict, names: dict[str, str], words: dict[str, str], numbers: dict[str, int]) -> str:
    node = escape(names[step["node"]])
    line = words["receives"].format(node=f"<strong>{node}</strong>", grad=_code(step["receives"]))
    if step.get("from"):  # several nodes sent to this one: the engine summed them
        parts = [words["part"].format(node=escape(names.get(n, n)), grad=_code(g), n=numbers.get(n, "?"))
                 for n, g in step["from"]]
        joined = words["and"].join(parts[:-1]) + words["last_and"] + parts[-1] if len(parts) > 1 else parts[0]
        line += words["sum"].format(parts=joined)
    inner: list[str] = []
    if "retains" in step:
        kept = step["retains"]["tensor"]
        inner.append(words["retains"].format(tensor=_code(kept), field=_code(f"{kept}.grad"),
                                             after=_code(step["retains"]["after"])))
    for send in step.get("sends", []):
        if send.get("stops"):
            inner.append(escape(words["stops"].format(k=send["input"])))
            continue
        text = words["sends"].format(node=escape(names[send["to"]]), grad=_code(send["grad"]))
        if send.get("formula"):
            text += f'<br><code class="{CLASS}__formula">{escape(send["formula"])}</code>'
        inner.append(text)
    if "writes" in step:
        w = step["writes"]
        if w["before"] == "None":
            inner.append(words["writes"].format(field=_code(f"{w['tensor']}.grad"), after=_code(w["after"])))
        else:
            inner.append(words["adds"].format(field=_code(f"{w['tensor']}.grad"), before=_code(w["before"]),
                                              grad=_code(step["receives"]), after=_code(w["after"])))
        if w.get("views"):
            views = ", ".join(w["views"])
            inner.append(words["views"].format(views=_code(views), tensor=_code(w["tensor"]),
                                               views_field=_code(f"{views}.grad")))
    attrs = f'data-node="{step["node"]}" data-edges="{" ".join(step.get("edges", []))}"'
    if step.get("leaf"):
        attrs += f' data-leaf="{step["leaf"]}"'
    body = "".join(f"<li>{i}</li>" for i in inner)
    return f"<li {attrs}><p>{line}</p>" + (f"<ul>{body}</ul>" if body else "") + "</li>"
