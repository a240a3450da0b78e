"""``python -m docexec docs/zh/page.md ...``: run each page's blocks and print their outputs."""

import sys
from pathlib import Path

from docexec import project, run_page

for arg in sys.argv[1:]:
    for block, output in run_page(Path(arg).read_text("utf8"), project.rel(arg)):
        print(f"--- {block.where()}\n{output}")
