r"""mathml: TeX formulas become MathML when the site is built.

``$...$`` and ``$$...$$`` (pymdownx.arithmatex, generic mode) reach the HTML as
``\(...\)`` / ``\[...\]`` wrappers; :func:`render_math` replaces them by ``<math>``
elements (latex2mathml), which browsers render natively: no JavaScript, no CDN, no
fonts to fetch. A formula latex2mathml cannot convert fails the build with the page's path.
A page whose every formula is one letter (the home page's $J$) gets them as ``<var>`` instead:
no <math> on it, so it loads no math font (extra.css; 155 KB for one letter, issue 40).

May not touch: anything but the HTML of one page.
"""

from __future__ import annotations

import re

from docexec.core import errors

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
