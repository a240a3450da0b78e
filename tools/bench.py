"""make bench: what executing the pages costs.

Prints: a clean bilingual strict build; the same build with execution off
(DOCEXEC=off); `import torch` alone; a warm rebuild (second build in one process,
as `mkdocs serve` does on each edit); and clean / (no-exec + import torch),
whose target is <= 1.3. Each figure is the best of REPEAT runs.

Notebooks, separately: what the clean build spent making the page notebooks and running
the practice notebooks (docexec.record's timings), and what the tests spend running every
published notebook in a fresh Jupyter kernel (tests/test_pagebooks.py, tests/test_notebooks.py),
with the workers the tests use.
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
    notebooks(site)


def notebooks(site: str) -> None:
    """The notebooks' share of the build, and of the tests (a Jupyter kernel per notebook)."""
    import concurrent.futures
    import json

    sys.path.insert(0, str(ROOT))
    subprocess.run([PY, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", site], cwd=ROOT, check=True,
                   capture_output=True)
    from docexec import project, record

    project.configure(ROOT / "mkdocs.yml")
    for what, seconds in sorted(json.loads(record.timings_file().read_text("utf8")).items()):
        print(f"build: {what:28s} {seconds:6.2f} s")
    from tests.test_pagebooks import _execute

    files = sorted(Path(site).rglob("*.ipynb"))
    workers = max(2, os.cpu_count() or 2)
    start = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
        runs = list(pool.map(_execute, files))
    wall = time.perf_counter() - start
    failed = [str(f) for f, (_, _, error) in zip(files, runs) if error]
    print(f"tests: {len(files)} notebooks in Jupyter kernels, {workers} at a time  {wall:6.2f} s"
          f" (kernel time {sum(s for _, s, _ in runs):.1f} s){'  FAILED: ' + ', '.join(failed) if failed else ''}")


if __name__ == "__main__":
    main()
