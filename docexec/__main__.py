"""``python -m docexec docs/zh/page.md ...``: run each page's blocks (as the build does) and print them."""

import sys
from pathlib import Path

from docexec import project
from docexec.blocks import page_body
from docexec.pool import run_page

failed = False
for arg in sys.argv[1:]:
    raw = Path(arg).read_text("utf-8-sig")
    text, offset, _ = page_body(raw, project.rel(arg))
    for block, outcome in run_page(text, project.rel(arg), offset):
        print(f"--- {block.where()}{'' if outcome.ok else ' FAILED'}\n{outcome.text}")
        failed |= not outcome.ok
sys.exit(1 if failed else 0)
