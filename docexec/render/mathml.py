r"""mathml: TeX formulas become MathML when the site is built.

``$...$`` and ``$$...$$`` (pymdownx.arithmatex, generic mode) reach the HTML as
``\(...\)`` / ``\[...\]`` wrappers; :func:`render_math` replaces them by ``<math>``
elements (latex2mathml), which browsers render natively: no JavaScript, no CDN, no
fonts to fetch. A formula latex2mathml cannot convert fails the build with the page's path.
A page whose every formula is one letter (the home page's $J$) gets them as ``<var>`` instead:
no <math> on it, so it loads no math font (extra.css; 155 KB for one letter then, 37 KB since tools/math_font.py cut it; issue 40).
:func:`in_first_screen` says whether a formula can show on the page's first screen: only then
is the font asked for before the page's stylesheets are in (overrides/main.html preloads it).

May not touch: anything but the HTML of one page.
"""

from __future__ import annotations

import re

from docexec.core import errors
from docexec.render import html_walk

# The most top-level elements of a page's article (its title and the question bar counted, the
# edit and report links not) that start within a first screen: 10, on any page here at 375 x 900,
# 412 x 823 (Lighthouse's phone) or 1280 x 900 (tests/test_browser.py checks every page).
FIRST_SCREEN = 10

_MATH = re.compile(
    r'<(?P<tag>span|div) class="arithmatex">\s*(?:\\\((?P<inline>.*?)\\\)|\\\[(?P<display>.*?)\\\])\s*</(?P=tag)>',
    re.S,
)


def tex_to_mathml(tex: str, display: bool = False) -> str:
    """One TeX formula as a ``<math>`` element (``display="block"`` for display math)."""
    from html import escape

    from latex2mathml.converter import convert

    mathml = convert(tex.strip(), display="block" if display else "inline")
    # alttext keeps the TeX source with the formula
    return mathml.replace("<math ", f'<math alttext="{escape(tex.strip(), quote=True)}" ', 1)


def render_math(html: str, path: str = "<page>") -> str:
    """Replace arithmatex's ``\\(...\\)`` / ``\\[...\\]`` wrappers in a page's HTML by MathML
    (a formula that cannot be converted is reported and left as TeX)."""
    from html import unescape

    def replace(m: re.Match) -> str:
        display = m["display"] is not None
        tex = unescape(m["display"] if display else m["inline"])
        try:
            return tex_to_mathml(tex, display)
        except Exception as exc:  # noqa: BLE001 -- latex2mathml raises many kinds
            errors.report(f"{path}: math: cannot convert {tex!r}: {type(exc).__name__}: {exc}")
            return m.group(0)

    if "arithmatex" not in html:
        return html
    found = list(_MATH.finditer(html))
    if found and all(m["inline"] is not None and _LETTER.fullmatch(m["inline"].strip()) for m in found):
        return _MATH.sub(lambda m: f"<var>{m['inline'].strip()}</var>", html)
    return _MATH.sub(replace, html)


_LETTER = re.compile(r"[A-Za-z]")


def in_first_screen(html: str) -> bool:
    """Whether a ``<math>`` stands in one of the first :data:`FIRST_SCREEN` top-level elements
    of a page's article HTML. Preloaded, the math font (155 KB then, 37 KB now) shares a phone's link with the
    stylesheets the first paint waits for: on why-grad-none, whose one formula is its 54th
    element, Lighthouse's mobile largest paint was 2.4 s with the preload and 1.4-1.8 s without.
    Further down, it is asked for when the formula is laid out, once the stylesheets are in."""
    first = html.find("<math")
    if first < 0:
        return False
    tokens = html_walk.walk(html[:first] + "<math>", skip=frozenset({"pre", "svg"}))  # up to the first formula
    return sum(1 for t in tokens if t.kind == html_walk.START and not t.parents) <= FIRST_SCREEN  # it, or its ancestor
