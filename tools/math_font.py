"""make math-font: the site's math font, cut down to the characters its formulas can use.

Every ``<math>`` of both languages is drawn in Noto Sans Math (overrides/assets/fonts/, extra.css),
an OpenType math font whose MATH table stretches brackets, bars and sums. The whole font is 265 KB;
a page with a formula on its first screen preloads it (overrides/main.html), so it shares a phone's
link with the stylesheets the first paint waits for. Cut to everything math here could reasonably
use (151 KB), the errata and VJP pages' mobile Lighthouse performance was 0.95-0.98 (largest paint
2.4 s); cut to the set below (37 KB) 0.99-1.00 (1.7-1.9 s).

The set: ASCII, the Greek letters, their math italic forms (Chromium draws a one-letter ``<mi>``
in U+1D434...), math bold Latin, and the operators, arrows and delimiters in CHARS. A formula that
uses anything else still shows (the browser takes the glyph from another font, without the MATH
table's stretching): tests/test_math_font.py fails on it, naming the page and the character; add
the character to CHARS and run ``make math-font``.

Source: ``@fontsource/noto-sans-math`` (package.json, pinned; SIL OFL 1.1), subset with fontTools
(requirements.txt, pinned). Writes overrides/assets/fonts/noto-sans-math.woff2.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "node_modules" / "@fontsource" / "noto-sans-math" / "files" / "noto-sans-math-latin-400-normal.woff2"
TARGET = ROOT / "overrides" / "assets" / "fonts" / "noto-sans-math.woff2"

# ASCII; × ÷ ± ·; Greek (and its variant letters); math bold and italic Latin; math italic Greek
RANGES = ("U+0020-007E,U+00D7,U+00F7,U+00B1,U+00B7,U+0391-03A9,U+03B1-03C9,U+03D1,U+03D5,U+03F0-03F1,"
          "U+03F5,U+1D400-1D433,U+1D434-1D467,U+1D6E2-1D71B")
# operators, relations, arrows, delimiters and letter-like symbols a page on autograd writes
CHARS = "‖…′″‴ℎℓℝℕℤℚℂ←→↔↦⇒⇔∂∇∈∉∋∑∏∫∬∮−∓∘√∛∞∝∼≃≅≈≠≡≤≥≪≫⊂⊃⊆⊇⊕⊖⊗⊘⊙⊤⊥⋅⋯⋮⋱⟨⟩⌈⌉⌊⌋∀∃∧∨¬∖∪∩∅∗"


def main() -> int:
    if not SOURCE.is_file():
        print(f"{SOURCE.relative_to(ROOT)} missing: run `npm ci` (make math-font does)", file=sys.stderr)
        return 2
    cmd = [sys.executable, "-m", "fontTools.subset", str(SOURCE), "--layout-features=*", "--flavor=woff2",
           f"--output-file={TARGET}", f"--unicodes={RANGES}", f"--text={CHARS}"]
    subprocess.run(cmd, check=True)
    print(f"{TARGET.relative_to(ROOT)}: {TARGET.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
