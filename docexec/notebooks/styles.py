"""styles: a rendered notebook page without what it does not use.

:func:`hoist_styles` moves nbconvert's inline ``<style>`` blocks into ``<head>``, cut down to
the rules that can match the page (:func:`slim_css`); :func:`drop_dead_scripts` removes the
scripts nbconvert adds for features these pages never have. PERFORMANCE.md has the figures.

May not touch: anything but the HTML of one notebook page.
"""

from __future__ import annotations

import re

_STYLE = re.compile(r"<style[^>]*>(.*?)</style>", re.S)
_CLASS_ATTR = re.compile(r'class="([^"]*)"')
_CLASS = re.compile(r"\.(-?[_a-zA-Z][\w-]*)")
_VAR_USE = re.compile(r"var\(\s*(--[\w-]+)")
_parsed: dict[int, list] = {}


def hoist_styles(output: str) -> str:
    """Move nbconvert's inline <style> blocks from the body of a notebook page into <head>,
    cut down to the rules that can match the page.

    Left in the body they apply only once the browser reaches them, after the header has
    been painted, and the page jumps. Whole, they are JupyterLab's stylesheet, most of it for
    widgets a static page never has, and a phone's first paint waits for it (figures:
    PERFORMANCE.md). :func:`slim_css` keeps what the page uses.
    """
    if "</head>" not in output:
        return output
    head, body = output.split("</head>", 1)
    styles = _STYLE.findall(body)
    if not styles:
        return output
    classes = {c for m in _CLASS_ATTR.finditer(body) for c in m.group(1).split()}
    css = slim_css("\n".join(styles), classes)
    return head + f"<style>{css}</style></head>" + _STYLE.sub("", body)


# What nbconvert's page template adds for features a static notebook page here never has: a
# MathJax <script src=""> (no MathJax URL is configured: the browser only reports an error
# event), MathJax's configuration (a no-op without MathJax) and, when no cell is a Mermaid
# diagram, the module that would fetch Mermaid from cdnjs (inline script in every page);
# and the comments around them.
_DEAD_SCRIPTS = (
    re.compile(r'<script src="">\s*</script>'),
    re.compile(r'<script type="text/x-mathjax-config">.*?</script>', re.S),
    re.compile(r"<!-- (?:Load mathjax|(?:End of )?(?:MathJax|mathjax|mermaid) configuration) -->"),
)
_MERMAID = re.compile(r'<script type="module">(?:(?!</script>).)*?\.jp-Mermaid(?:(?!</script>).)*?</script>', re.S)


def drop_dead_scripts(output: str) -> str:
    """A rendered notebook page without the scripts of :data:`_DEAD_SCRIPTS`, and without the
    Mermaid loader unless a cell is a Mermaid diagram."""
    for dead in _DEAD_SCRIPTS:
        output = dead.sub("", output)
    if 'class="jp-Mermaid' not in output:
        output = _MERMAID.sub("", output)
    return output


def _selector_may_match(selector: str, classes: set[str]) -> bool:
    """False only when ``selector`` needs a class the page does not have (conservative:
    classes inside :not() and selectors with :is()/:where()/:has() are kept)."""
    if any(f in selector for f in (":is(", ":where(", ":has(", ":matches(")):
        return True
    plain = re.sub(r":not\([^)]*\)", "", selector)
    return all(name in classes for name in _CLASS.findall(plain))


def _split_selectors(text: str) -> list[str]:
    """A selector list split at its top-level commas (not those inside :is(...) or [...])."""
    parts, depth, start, quote = [], 0, 0, ""
    for i, ch in enumerate(text):
        if quote:
            quote = "" if ch == quote and text[i - 1] != "\\" else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return [p for p in parts if p]


def _parse_rules(css: str) -> list[tuple[str, list[str], list[tuple[str, str]]]]:
    """``css`` as (at-rule text, [], []) or ("", selectors, [(property, value)]) entries."""
    import tinycss2

    entries: list[tuple[str, list[str], list[tuple[str, str]]]] = []
    for rule in tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True):
        if rule.type == "at-rule":
            if rule.at_keyword.lower() != "charset":
                entries.append((tinycss2.serialize([rule]), [], []))
        elif rule.type == "qualified-rule":
            selectors = _split_selectors(tinycss2.serialize(rule.prelude))
            decls = [(d.name, tinycss2.serialize(d.value).strip() + ("!important" if d.important else ""))
                     for d in tinycss2.parse_blocks_contents(rule.content, skip_comments=True, skip_whitespace=True)
                     if d.type == "declaration"]
            entries.append(("", selectors, decls))
    return entries


def slim_css(css: str, classes: set[str]) -> str:
    """The rules of ``css`` that may match an element with ``classes`` (a selector list keeps
    its selectors that may), and of the custom properties only those some kept rule uses."""
    key = hash(css)
    if key not in _parsed:  # every notebook page carries the same stylesheet: parse it once
        _parsed.clear()
        _parsed[key] = _parse_rules(css)
    kept = []
    for at_rule, selectors, decls in _parsed[key]:
        if at_rule:
            kept.append((at_rule, decls))
            continue
        live = [sel for sel in selectors if _selector_may_match(sel, classes)]
        if live:
            kept.append((",".join(live), decls))
    # custom properties: keep the definitions that a kept rule, or a kept definition, uses
    definitions: dict[str, list[str]] = {}
    used: set[str] = set()
    for _, decls in kept:
        for name, value in decls:
            if name.startswith("--"):
                definitions.setdefault(name, []).append(value)
            else:
                used.update(_VAR_USE.findall(value))
    frontier = list(used)
    while frontier:
        for value in definitions.get(frontier.pop(), []):
            for v in _VAR_USE.findall(value):
                if v not in used:
                    used.add(v)
                    frontier.append(v)
    out = []
    for prelude, decls in kept:
        if not selectors_of(prelude):
            out.append(prelude)
            continue
        text = ";".join(f"{name}:{value}" for name, value in decls if not name.startswith("--") or name in used)
        if text:
            out.append(f"{prelude}{{{text}}}")
    return "\n".join(out)


def selectors_of(prelude: str) -> bool:
    """True for a rule's selector list, False for an at-rule kept whole."""
    return not prelude.startswith("@")
