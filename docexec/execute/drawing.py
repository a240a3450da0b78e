"""drawing: a picture a page printed, checked against an allow-list and written anew.

A ``result="svg"`` block (and a recorded backward pass, ``result="backward"``) prints one
``<svg>`` that goes on the page. It is parsed with a real XML parser (lxml: no DTD, no entity,
no network), and every node is checked against an allow-list: the drawing elements
``snippets/_shared/gradgraph.py`` emits and a few more plain ones, SVG's geometry and
presentation attributes (no ``on*``; ``style`` only as sizes; ``href`` and ``url()`` only to
``#fragment``), no DOCTYPE, entity, comment, CDATA or processing instruction. What the page
gets is :func:`clean`'s own serialization of the checked tree, every text and attribute value
escaped, never the text the page printed: what the browser's HTML parser reads is ours.

May not touch: anything but the text it is given.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
# What gradgraph.py draws (svg, title, g, path, rect, text) and the other plain drawing elements.
ELEMENTS = frozenset({
    "svg", "title", "desc", "g", "defs", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
    "text", "tspan", "marker", "linearGradient", "radialGradient", "stop", "clipPath", "use",
})
ATTRIBUTES = frozenset({
    # identity and accessibility
    "id", "class", "role", "aria-label", "aria-labelledby", "aria-describedby", "aria-hidden", "lang",
    # geometry
    "viewBox", "preserveAspectRatio", "width", "height", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx",
    "ry", "d", "points", "pathLength", "transform", "dx", "dy", "rotate", "textLength", "lengthAdjust", "offset",
    "gradientUnits", "gradientTransform", "spreadMethod", "fx", "fy", "fr", "markerWidth", "markerHeight",
    "markerUnits", "refX", "refY", "orient", "clipPathUnits",
    # presentation
    "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-dasharray",
    "stroke-dashoffset", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "opacity", "color",
    "font-family", "font-size", "font-weight", "font-style", "text-anchor", "dominant-baseline",
    "alignment-baseline", "baseline-shift", "text-decoration", "letter-spacing", "word-spacing", "visibility",
    "display", "stop-color", "stop-opacity", "marker-start", "marker-mid", "marker-end", "clip-path", "clip-rule",
    "vector-effect", "shape-rendering", "paint-order",
    # checked by their own rule
    "style", "href",
})
_ID = r"[A-Za-z][\w-]*"
_RULES = {
    "id": re.compile(_ID),
    "class": re.compile(r"[\w-]+(?: [\w-]+)*"),
    "aria-labelledby": re.compile(rf"{_ID}(?: {_ID})*"),
    "aria-describedby": re.compile(rf"{_ID}(?: {_ID})*"),
    "href": re.compile(rf"#{_ID}"),
    # sizes only: no url(), no escapes, no other property
    "style": re.compile(r"(?:(?:max-|min-)?(?:width|height)\s*:\s*(?:auto|none|\d+(?:\.\d+)?(?:px|%|em|rem)?)\s*(?:;\s*|$))+"),
}
_URL = re.compile(r"url\s*\(", re.I)
_FRAGMENT_URL = re.compile(rf"url\(#{_ID}\)")


class Refused(ValueError):
    """What the picture holds that a picture may not (the message names it)."""


def _parse(text: str) -> Any:
    from lxml import etree

    for mark, what in (("<!DOCTYPE", "a <!DOCTYPE> (entities)"), ("<!--", "a comment"),
                       ("<![CDATA[", "a CDATA section"), ("<?", "a processing instruction or XML declaration"),
                       ("<!", "a markup declaration")):
        if mark.lower() in text.lower():
            raise Refused(f"it holds {what}; print the drawing's elements only")
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False,
                             strip_cdata=False, remove_comments=False, remove_pis=False, collect_ids=False)
    try:
        return etree.fromstring(text.encode("utf8"), parser)
    except etree.XMLSyntaxError as exc:
        raise Refused(f"it is not well-formed XML ({exc.msg} of what it printed)") from None


def _name(el: Any) -> str:
    from lxml import etree

    if not isinstance(el.tag, str):
        kind = {etree.Comment: "a comment", etree.Entity: "an entity reference",
                etree.ProcessingInstruction: "a processing instruction"}.get(el.tag, "a node")
        raise Refused(f"it holds {kind}; print the drawing's elements only")
    qname = etree.QName(el)
    if qname.namespace not in (None, SVG) or qname.localname not in ELEMENTS:
        raise Refused(f"it holds <{qname.localname}>, which is not a drawing element"
                      f" (allowed: {', '.join(sorted(ELEMENTS))})")
    return qname.localname


def _attributes(el: Any, tag: str) -> list[tuple[str, str]]:
    from lxml import etree

    out: list[tuple[str, str]] = []
    for key, value in el.attrib.items():
        qname = etree.QName(key)
        name = "href" if (qname.namespace, qname.localname) == (XLINK, "href") else qname.localname
        if (qname.namespace is not None and name != "href") or name not in ATTRIBUTES:
            shown = f"{{{qname.namespace}}}{name}" if qname.namespace and name != "href" else name
            hint = "an event handler: nothing on a page runs" if name.lower().startswith("on") else \
                "not a geometry or presentation attribute"
            raise Refused(f"<{tag}> has the attribute {shown}=, {hint}")
        rule = _RULES.get(name)
        if rule is not None and not rule.fullmatch(value):
            what = {"href": "a link only to #an-id of the picture", "style": "only sizes (max-width:100%;height:auto)"}
            raise Refused(f"<{tag}> has {name}={value[:80]!r}: {name}= may hold {what.get(name, 'names only')}")
        if "\\" in value or (_URL.search(value) and not _FRAGMENT_URL.fullmatch(value.strip())):
            raise Refused(f"<{tag}> has {name}={value[:80]!r}: a value may hold no escape, and url() only as url(#an-id)")
        if any(n == name for n, _ in out):
            raise Refused(f"<{tag}> has {name}= twice")
        out.append((name, value))
    return out


def clean(text: str) -> str:
    """The ``<svg>`` in ``text``, checked and written anew (:class:`Refused` says what it may not hold)."""
    root = _parse(text.strip())
    if _name(root) != "svg":
        raise Refused("it is not one <svg> element")
    out: list[str] = []

    def write(el: Any, top: bool) -> None:
        tag = _name(el)
        if tag == "svg" and not top:
            raise Refused("it holds an <svg> inside the <svg>")
        attrs = ([("xmlns", SVG)] if top else []) + _attributes(el, tag)
        out.append(f"<{tag}" + "".join(f' {n}="{escape(v)}"' for n, v in attrs))
        children = list(el)
        if not el.text and not children:
            out.append("/>")
        else:
            out.append(">" + escape(el.text or ""))
            for child in children:
                write(child, False)
            out.append(f"</{tag}>")
        if not top and el.tail:
            out.append(escape(el.tail))

    write(root, True)
    return "".join(out)
