"""screen: the parent's checks on what a page process sent, before anything else sees it.

A page process can say anything on its socket (it runs the page's code), so what it sends is
text to check, not a verdict: :func:`output` makes an output what a terminal would show
(``\\r\\n`` and a lone ``\\r`` as a carriage return: later text overwrites the line from its
start), shows every other control character visibly (``\\x1b``, ``\\u202e``), and fails it
when it holds a surrogate (not text), a memory address, a path of this machine, or more than
the size limit. The page, its notebook and the snapshot all get this one text.

May not touch: anything but the text it is given.
"""

from __future__ import annotations

import re

from docexec.core.errors import DocExecError

_ADDRESS = re.compile(r"\bat 0x[0-9a-fA-F]+|\b0x[0-9a-fA-F]{8,}\b")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
# Shown as escapes: C0/C1 controls but tab and newline, DEL, bidirectional controls, the line and
# paragraph separators (Markdown and JavaScript read them as line breaks) and the BOM.
_INVISIBLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]")


def carriage_returns(text: str) -> str:
    """``text`` as a terminal shows it: ``\\r\\n`` is a newline; after a lone ``\\r`` the text
    that follows overwrites the line from its start (a progress bar shows its last state)."""
    if "\r" not in text:
        return text
    lines = []
    for line in text.replace("\r\n", "\n").split("\n"):
        shown = ""
        for part in line.split("\r"):
            shown = part + shown[len(part):]
        lines.append(shown)
    return "\n".join(lines)


def visible(text: str) -> str:
    """Every control character but tab and newline as its escape (``\\x1b``, ``\\u202e``)."""
    def escape(m: re.Match) -> str:
        code = ord(m.group(0))
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"

    return _INVISIBLE.sub(escape, text)


def output(text: str, where: str, limit: int, machine_paths: set[str]) -> str:
    """An output (or an inline value, or a raised message) as every later stage will show it."""
    if len(text) > limit:
        raise DocExecError(f"{where}: the output is {len(text):,} characters, over the limit of {limit:,}"
                           f" (print less, or give it more with max_output=\"...\" if a reader needs it all)")
    if m := _SURROGATE.search(text):
        raise DocExecError(f"{where}: the output holds U+{ord(m.group(0)):04X}, half of a surrogate pair and not"
                           f" a character (bytes decoded with errors=\"surrogateescape\"?); print text")
    text = visible(carriage_returns(text))
    if m := _ADDRESS.search(text):
        raise DocExecError(f"{where}: output shows a memory address ({m.group(0)!r}); print something stable")
    for prefix in sorted(p for p in machine_paths if p and p != "/"):
        if prefix in text:
            raise DocExecError(f"{where}: output shows a path of this machine ({prefix})")
    return text


_SVG_FORBIDDEN = re.compile(r"<\s*(script|foreignObject|iframe|object|embed)\b|\son\w+\s*=|javascript:", re.I)


def svg(text: str, where: str) -> None:
    """A ``result="svg"`` block prints one ``<svg>`` element that only draws (it goes on the page as is)."""
    drawing = text.strip()
    if not re.fullmatch(r"<svg\b.*</svg>", drawing, re.S) or drawing.count("<svg") != 1:
        raise DocExecError(f"{where}: result=\"svg\" but the block did not print one <svg> element")
    if m := _SVG_FORBIDDEN.search(drawing):
        raise DocExecError(f"{where}: the <svg> it printed holds {m.group(0).strip()!r}; only drawing is allowed")


def message(text: str, limit: int) -> str:
    """A failure's message (it is logged and shown in red): visible, and cut at the limit."""
    text = visible(carriage_returns(_SURROGATE.sub("\ufffd", text)))
    if len(text) > limit:
        text = text[:limit] + f"... ({len(text) - limit:,} more characters)"
    return text


_STEP_ID = re.compile(r"gg-[0-9a-f]{8}-(n\d+|e\d+-\d+)")


def backward(text: str, where: str) -> None:
    """A ``result="backward"`` block prints the JSON of one recorded backward pass
    (snippets/_shared/backward_steps.py): a picture that only draws, and steps made of plain
    strings and numbers whose ids are the picture's. The page shows them through its own
    markup (:mod:`docexec.render.stepper`), never as the page's HTML."""
    import json

    try:
        data = json.loads(text)
    except ValueError:
        raise DocExecError(f"{where}: result=\"backward\" but the block did not print one JSON object"
                           " (print only what backward_steps(...) prints)") from None
    if not (isinstance(data, dict) and isinstance(data.get("svg"), str) and isinstance(data.get("steps"), list)
            and data["steps"] and isinstance(data.get("leaves"), dict)):
        raise DocExecError(f"{where}: result=\"backward\": expected {{\"svg\": ..., \"steps\": [...], \"leaves\": {{...}}}}")
    svg(data["svg"], where)

    def plain(value: object, key: str = "") -> bool:
        if isinstance(value, dict):
            return all(isinstance(k, str) and plain(v, k) for k, v in value.items())
        if isinstance(value, list):
            return all(plain(v, key) for v in value)
        if key in {"node", "leaf", "to", "edges"} and not (isinstance(value, str) and _STEP_ID.fullmatch(value)):
            return False
        return value is None or isinstance(value, (bool, int, float)) or (isinstance(value, str) and len(value) < 4000)

    if not plain({k: v for k, v in data.items() if k != "svg"}):
        raise DocExecError(f"{where}: result=\"backward\": a step holds something other than short strings,"
                           " numbers and the picture's ids")

