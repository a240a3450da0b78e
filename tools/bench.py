"""make bench: what executing the pages costs.

Prints: a clean bilingual strict build; the same build with execution off
(DOCEXEC=off); `import torch` alone; a warm rebuild (second build in one process,
as `mkdocs serve` does on each edit); and clean / (no-exec + import torch),
whose target is <= 1.3. Each figure is the best of REPEAT runs.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
REPEAT = int(os.environ.get("BENCH_REPEAT", "3"))
TARGET = 1.3


def timed(cmd: list[str], **env: str) -> float:
    best = float("inf")
    for _ in range(REPEAT):
        start = time.perf_counter()
        subprocess.run(cmd, cwd=ROOT, env={**os.environ, **env}, check=True, capture_output=True)
        best = min(best, time.perf_counter() - start)
    return best


WARM = """
import time
from mkdocs.commands.build import build
from mkdocs.config import load_config
build(load_config("mkdocs.yml", site_dir="{site}"))
start = time.perf_counter()
build(load_config("mkdocs.yml", site_dir="{site}"))
print(time.perf_counter() - start)
"""


def main() -> None:
    mkdocs = [PY, "-m", "mkdocs", "build", "--strict", "--quiet"]
    site = "/tmp/autograd-notes-bench-site"
    clean = timed([*mkdocs, "--site-dir", site])
    no_exec = timed([*mkdocs, "--site-dir", site], DOCEXEC="off")
    torch_import = timed([PY, "-c", "import torch"])
    warm = min(
        float(subprocess.run([PY, "-c", WARM.format(site=site)], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split()[-1])
        for _ in range(REPEAT)
    )
    ratio = clean / (no_exec + torch_import)
    print(f"clean bilingual build        {clean:6.2f} s")
    print(f"same build, execution off    {no_exec:6.2f} s")
    print(f"import torch                 {torch_import:6.2f} s")
    print(f"warm rebuild (same process)  {warm:6.2f} s")
    print(f"clean / (no-exec + import)   {ratio:6.2f}   target <= {TARGET}  {'OK' if ratio <= TARGET else 'OVER'}")


if __name__ == "__main__":
    main()
