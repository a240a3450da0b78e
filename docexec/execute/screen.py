"""screen: the parent's checks on what a page process sent, before anything else sees it.

A page process can say anything on its socket (it runs the page's code), so what it sends is
text to check, not a verdict: :func:`output` makes an output what a terminal would show
(``\\r\\n`` and a lone ``\\r`` as a carriage return: later text overwrites the line from its
start), shows every other control character visibly (``\\x1b``, ``\\u202e``), and fails it
when it holds a surrogate (not text), a memory address (also an ``id()`` in decimal), a path of
this machine (also hex-encoded), or more than the size limit. The page, its notebook and the
snapshot all get this one text; an inline value as one line, a picture or a recorded pass
written anew from what was checked (:mod:`docexec.execute.drawing`, :data:`BACKWARD`).

May not touch: anything but the text it is given.
"""

from __future__ import annotations

import re

from docexec.core.errors import DocExecError
from docexec.execute import drawing

_ADDRESS = re.compile(r"\bat 0x[0-9a-fA-F]+|\b0x[0-9a-fA-F]{8,}\b")
_DECIMAL = re.compile(r"(?<![\d.])\d{14,15}(?![\d.])")  # a whole number, not a float's digits
_POINTERS = (0x550000000000, 0x7FFFFFFFFFFF)  # where user-space pointers are (PIE binaries, heap, mmap, stacks)
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
    for m in _DECIMAL.finditer(text):  # id() and the like: a user-space pointer of x86-64 and arm64
        if _POINTERS[0] <= int(m.group(0)) <= _POINTERS[1]:
            raise DocExecError(f"{where}: output shows a memory address ({m.group(0)}, in decimal: an id()?);"
                               " print something stable")
    lowered = text.lower()
    for prefix in sorted((p for p in machine_paths if p and p != "/"), key=lambda p: (-len(p), p)):  # the longest named
        if prefix in text:
            raise DocExecError(f"{where}: output shows a path of this machine ({prefix})")
        if prefix.encode().hex() in lowered:
            raise DocExecError(f"{where}: output shows a path of this machine ({prefix}), hex-encoded")
    return text


def one_line(text: str) -> str:
    """An inline value as a line of prose shows it: every run of whitespace one space."""
    return " ".join(text.split())


def svg(text: str, where: str) -> str:
    """A ``result="svg"`` block prints one ``<svg>`` element that only draws; what the page shows
    is :func:`docexec.execute.drawing.clean`'s serialization of it, not the text printed."""
    try:
        return drawing.clean(text)
    except drawing.Refused as exc:
        raise DocExecError(f"{where}: result=\"svg\": the picture it printed was refused: {exc}") from None


def message(text: str, limit: int) -> str:
    """A failure's message (it is logged and shown in red): visible, and cut at the limit."""
    text = visible(carriage_returns(_SURROGATE.sub("\ufffd", text)))
    if len(text) > limit:
        text = text[:limit] + f"... ({len(text) - limit:,} more characters)"
    return text


_NODE = {"type": "string", "pattern": r"^gg-[0-9a-f]{8}-n[0-9]+$"}  # ids of the picture's elements
_EDGE = {"type": "string", "pattern": r"^gg-[0-9a-f]{8}-e[0-9]+-[0-9]+$"}
_TEXT = {"type": "string", "maxLength": 4000}
_NAME = {"type": ["string", "null"], "maxLength": 4000}


def _record(required: list[str], **properties: object) -> dict:
    return {"type": "object", "required": required, "properties": properties, "additionalProperties": False}


_SEND = {**_record(["input"], input={"type": "integer", "minimum": 0}, stops={"const": True}, to=_NODE, to_op=_TEXT,
                   to_name=_NAME, grad=_TEXT, formula=_TEXT),
         "oneOf": [{"required": ["stops"]}, {"required": ["to", "to_op", "grad"]}]}
_STEP = _record(["node", "op", "receives"], node=_NODE, op=_TEXT, name=_NAME, receives=_TEXT,
                **{"from": {"type": "array", "items": {"type": "array", "prefixItems": [_NODE, _TEXT], "items": False,
                                                       "minItems": 2}}},
                edges={"type": "array", "items": _EDGE}, leaf=_NODE, sends={"type": "array", "items": _SEND},
                writes=_record(["tensor", "before", "after"], tensor=_TEXT, before=_TEXT, after=_TEXT,
                               views={"type": "array", "items": _TEXT}),
                retains=_record(["tensor", "after"], tensor=_TEXT, after=_TEXT))
# A recorded backward pass (snippets/_shared/backward_steps.py), every field with its type.
BACKWARD = _record(["svg", "steps", "leaves"], title=_TEXT, svg={"type": "string"},
                   steps={"type": "array", "minItems": 1, "maxItems": 2000, "items": _STEP},
                   leaves={"type": "object", "additionalProperties": _TEXT})


def _visible_strings(value: object) -> object:
    if isinstance(value, str):
        return visible(value)
    if isinstance(value, list):
        return [_visible_strings(v) for v in value]
    if isinstance(value, dict):
        return {k: _visible_strings(v) for k, v in value.items()}
    return value


def backward(text: str, where: str) -> str:
    """A ``result="backward"`` block prints the JSON of one recorded backward pass
    (snippets/_shared/backward_steps.py), checked against :data:`BACKWARD`: a picture that only
    draws (written anew, :func:`svg`), and steps of short strings and numbers whose ids are the
    picture's. The page shows them through its own markup (:mod:`docexec.render.stepper`);
    what it gets is this JSON written anew, every string's control characters visible."""
    import json

    import jsonschema

    try:
        data = json.loads(text)
    except ValueError:
        raise DocExecError(f"{where}: result=\"backward\" but the block did not print one JSON object"
                           " (print only what backward_steps(...) prints)") from None
    errors = sorted(jsonschema.Draft202012Validator(BACKWARD).iter_errors(data), key=lambda e: list(map(str, e.path)))
    if errors:
        first = errors[0]
        at = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in first.path).lstrip(".") or "the JSON"
        raise DocExecError(f"{where}: result=\"backward\": {at}: {first.message[:300]} (print only what"
                           f" backward_steps(...) prints: {{\"svg\": ..., \"steps\": [...], \"leaves\": {{...}}}})")
    data = _visible_strings(data)
    assert isinstance(data, dict)  # checked above
    data["svg"] = svg(data["svg"], where)
    return json.dumps(data, ensure_ascii=False, indent=1)
