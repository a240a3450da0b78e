"""make bench: what executing the pages costs, how it grows, and what an author waits for.

Every figure is the median of REPEAT runs (BENCH_REPEAT, default 3). Prints:

1. This site: a clean bilingual strict build; the same build with execution off
   (DOCEXEC=off); `import torch` alone; clean / (no-exec + import torch).
2. Scale: a generated site (tools/scale.py, in a temporary folder) of N = 15, 100 and 300
   realistic pages per language, built (a) as it is and (b) with execution off; time per
   page (both languages' pages counted) and (a) / (b + import torch); and (c) the same pages as
   plain Material builds them (tools/scale.py's write_plain: no docexec plugin, no overrides;
   the same Markdown, extensions and other plugins), with (b) / (c). Goals at N = 300:
   (a) / (b + import torch) <= 1.15 and (b) / (c) <= 1.10; the time per page of (a) does not
   grow with N more than (b)'s does (MkDocs' own share).
3. Edit-to-reload in `mkdocs serve --dirty` (what `make serve` runs), for this site and the
   N = 300 one: the time from writing a snippet (or a page) until the served pages of both
   languages (or that page) show the new output. Goals: <= 1 s here, <= 2 s at N = 300.
4. Notebooks: what the build spent making the page notebooks and running the practice ones,
   and what running every published notebook in a Jupyter kernel costs (the tests do).

5. The print and offline editions: what `make pdf` (both PDFs, from this site's build) and
   `make offline` (a second build for file://, zipped) add, with their sizes (a PDF's limit: 5 MB).

BENCH_SCALE=15,100 limits the scale run (and skips the N = 300 reload figure) for a quick look;
BENCH_PARTS=site,scale (any of site, scale, reload, notebooks, editions) runs only those parts.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PY = sys.executable
REPEAT = int(os.environ.get("BENCH_REPEAT", "3"))
SCALES = [int(n) for n in os.environ.get("BENCH_SCALE", "15,100,300").split(",")]
PARTS = set(os.environ.get("BENCH_PARTS", "site,scale,reload,notebooks,editions").split(","))
RATIO_TARGET = 1.15  # the build over (no-exec build + import torch), at N = 300
PLAIN_TARGET = 1.10  # the no-exec build over plain Material's build of the same pages, at N = 300
RELOAD_TARGET = {"site": 1.0, "N=300": 2.0}  # issue 38: <= 1 s here, <= 2 s at N = 300
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONDONTWRITEBYTECODE": "1"}  # no .pyc in watched docexec/
print = functools.partial(print, flush=True)  # noqa: A001 -- progress shows as it comes


def _timed(cmd: list[str], cwd: Path, **env: str) -> float:
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, env={**ENV, **env}, capture_output=True, text=True, check=False)
    took = time.perf_counter() - start
    if proc.returncode:
        raise SystemExit(f"{' '.join(cmd)} failed in {cwd}:\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}")
    return took


def median_time(cmd: list[str], cwd: Path, **env: str) -> float:
    return statistics.median(_timed(cmd, cwd, **env) for _ in range(REPEAT))


def build_times(cwd: Path, site: str, plain: Path | None = None) -> tuple[float, ...]:
    """(clean build, build with execution off[, plain Material's build of ``plain``]), medians.
    They alternate (a, b, c, a, b, c, ...): this machine's speed drifts by 10-20 % over minutes,
    and a ratio of a median taken in one stretch over a median taken in the next measured the
    drift as much as the build."""
    mkdocs = [PY, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", site]
    runs = []
    for _ in range(REPEAT):
        run = [_timed(mkdocs, cwd), _timed(mkdocs, cwd, DOCEXEC="off")]
        if plain is not None:
            run.append(_timed([*mkdocs, "-f", str(plain)], cwd))
        runs.append(run)
    return tuple(statistics.median(column) for column in zip(*runs, strict=True))


def main() -> None:
    site = tempfile.mkdtemp(prefix="autograd-notes-bench-site-")
    torch_import = median_time([PY, "-c", "import torch"], ROOT)
    if PARTS & {"site", "notebooks", "editions"}:
        clean, no_exec = build_times(ROOT, site)
        ratio = clean / (no_exec + torch_import)
        print(f"1. This site (median of {REPEAT})")
        print(f"   clean bilingual build        {clean:6.2f} s")
        print(f"   same build, execution off    {no_exec:6.2f} s")
        print(f"   import torch                 {torch_import:6.2f} s")
        print(f"   clean / (no-exec + import)   {ratio:6.2f}")
        print()
    scale_sites = scale(torch_import) if "scale" in PARTS else {}
    print()
    if "reload" in PARTS:
        print(f"3. Edit-to-reload in `mkdocs serve --dirty` (median of {REPEAT} edits)")
        reload_row("site", ROOT, snippet="why-grad-none/02_leaf_or_not.py", page="docs/zh/autograd/why-grad-none.md",
                   urls={"zh": "autograd/why-grad-none/", "en": "en/autograd/why-grad-none/"})
        if 300 in scale_sites:
            reload_row("N=300", scale_sites[300], snippet="page-150/10_dtype.py", page="docs/zh/pages/page-150.md",
                       urls={"zh": "pages/page-150/", "en": "en/pages/page-150/"})
        print()
    from docexec.core.paths import scratch_dir

    for folder in scale_sites.values():
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(scratch_dir(folder.resolve()), ignore_errors=True)  # its builds' scratch folder
    if "notebooks" in PARTS:
        notebooks(site)
        print()
    if "editions" in PARTS:
        editions(site)
    shutil.rmtree(site, ignore_errors=True)


def editions(site: str) -> None:
    """What the PDF (from the build in ``site``) and the offline copy (a build of its own) add."""
    print(f"5. Print and offline editions (median of {REPEAT})")
    subprocess.run([PY, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", site], cwd=ROOT, check=True,
                   capture_output=True, env=ENV)
    pdf = median_time([PY, "-m", "docexec", "pdf", site], ROOT)
    print(f"   make pdf (both languages)    {pdf:6.2f} s")
    print(f"   {pdf_sizes(Path(site) / 'pdf')}")
    offline_config = ROOT / "mkdocs.offline.yml"
    if offline_config.is_file():
        tmp = Path(tempfile.mkdtemp(prefix="autograd-notes-bench-offline-"))
        build = median_time([PY, "-m", "mkdocs", "build", "--strict", "--quiet", "-f", str(offline_config),
                             "--site-dir", str(tmp / "autograd-notes")], ROOT)
        archive = tmp / "autograd-notes-offline.zip"  # the offline build zips its folder next to it
        size = f"   {archive.stat().st_size / 2**20:.1f} MiB" if archive.is_file() else "   (no zip?)"
        print(f"   make offline (build + zip)   {build:6.2f} s{size}")
        shutil.rmtree(tmp, ignore_errors=True)


def pdf_sizes(folder: Path) -> str:
    """Each PDF's size and pages, with make pdf's limit (issue 40: 20.3 and 19.7 MB before)."""
    import pikepdf

    from docexec.site.pdf import MAX_BYTES

    sizes = []
    for path in sorted(folder.glob("*.pdf")):
        with pikepdf.open(path) as doc:
            sizes.append(f"{path.name} {path.stat().st_size / 1e6:.2f} MB ({len(doc.pages)} pages)")
    return ", ".join(sizes) + f"; at most {MAX_BYTES / 1e6:.0f} MB each"


def scale(torch_import: float) -> dict[int, Path]:
    from tools.scale import write_plain, write_site

    print(f"2. Scale: generated sites, N pages per language (median of {REPEAT}; per page = over 2N pages)")
    print(f"   {'N':>4} {'(a) build':>10} {'(b) no exec':>12} {'(c) plain':>10} {'(a)/page':>9} {'(b)/page':>9}"
          f" {'(a)/((b)+torch)':>16} {'(b)/(c)':>8}")
    sites, rows = {}, {}
    for n in SCALES:
        folder = Path(tempfile.mkdtemp(prefix=f"autograd-notes-scale-{n}-"))
        plain = write_plain(write_site(n, folder))
        a, b, c = build_times(folder, str(folder / "site"), plain)
        rows[n] = (a, b, a / (b + torch_import))
        sites[n] = folder
        verdict = ""
        if n == max(SCALES):
            verdict = (f"   targets <= {RATIO_TARGET} and <= {PLAIN_TARGET}: "
                       f"{'OK' if rows[n][2] <= RATIO_TARGET else 'OVER'}, {'OK' if b / c <= PLAIN_TARGET else 'OVER'}")
        print(f"   {n:4d} {a:9.2f}s {b:11.2f}s {c:9.2f}s {1000 * a / (2 * n):7.0f}ms {1000 * b / (2 * n):7.0f}ms"
              f" {rows[n][2]:16.2f} {b / c:8.2f}{verdict}")
    if len(rows) > 1:
        lo, hi = min(rows), max(rows)
        extra = [(rows[n][0] - rows[n][1]) / (2 * n) * 1000 for n in (lo, hi)]
        print(f"   execution's share per page ((a)-(b))/2N: {extra[0]:.0f} ms at N={lo}, {extra[1]:.0f} ms at N={hi}")
    return sites


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _fetch(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.read().decode("utf8")
    except OSError:
        return ""


def _wait(urls: list[str], token: str, timeout: float = 120) -> float:
    """Seconds until every URL serves a page containing ``token`` (polled every 20 ms)."""
    start = time.perf_counter()
    pending = list(urls)
    while pending and time.perf_counter() - start < timeout:
        pending = [u for u in pending if token not in _fetch(u)]
        if pending:
            time.sleep(0.02)
    if pending:
        raise SystemExit(f"{pending}: {token!r} not served within {timeout} s")
    return time.perf_counter() - start


def _not_copied(root: Path):
    """What a serve copy leaves out: the built site/ at the top only (docexec/site/ is code), the venv, ..."""
    anywhere = shutil.ignore_patterns(".venv", ".git", "node_modules", "test-artifacts", "__pycache__")

    def ignore(folder: str, names: list[str]) -> set[str]:
        return set(anywhere(folder, names)) | ({"site"} & set(names) if Path(folder) == root else set())

    return ignore


def reload_row(label: str, root: Path, *, snippet: str, page: str, urls: dict[str, str]) -> None:
    """Edit a snippet (both languages must show it) and a zh page, REPEAT times each, while
    `mkdocs serve --dirty` runs on a copy of ``root``."""
    with tempfile.TemporaryDirectory(prefix="autograd-notes-serve-") as tmp:
        work = Path(tmp) / "site"
        shutil.copytree(root, work, ignore=_not_copied(root))
        port = _free_port()
        base = f"http://127.0.0.1:{port}/"
        log = open(work / "serve.log", "w")
        proc = subprocess.Popen([PY, "-m", "mkdocs", "serve", "--dirty", "--livereload", "--dev-addr", f"127.0.0.1:{port}"],
                                cwd=work, env=ENV, stdout=log, stderr=subprocess.STDOUT)
        try:
            _wait([base + u for u in urls.values()], "</html>", timeout=600)
            deadline = time.perf_counter() + 600  # the first build is over (both languages, the index)
            while "Serving on" not in (work / "serve.log").read_text("utf8") and time.perf_counter() < deadline:
                time.sleep(0.2)
            snippet_file, page_file = work / "snippets" / snippet, work / page
            snippet_runs, page_runs = [], []
            for i in range(REPEAT):
                token = f"bench{os.getpid()}x{i}"
                time.sleep(1.0)  # a quiet server: the previous rebuild is over
                snippet_file.write_text(snippet_file.read_text("utf8") + f'print("{token}")\n', "utf8")
                snippet_runs.append(_wait([base + u for u in urls.values()], token))
                time.sleep(1.0)
                ptoken = f"page{os.getpid()}x{i}"
                page_file.write_text(page_file.read_text("utf8") + f"\n\n{ptoken}\n", "utf8")
                page_runs.append(_wait([base + urls["zh"]], ptoken))
            rebuilt = re.findall(r"dirty rebuild of (\d+) of (\d+) pages", (work / "serve.log").read_text("utf8"))
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
            log.close()
    target = RELOAD_TARGET[label]
    for what, runs in (("snippet, both languages", snippet_runs), ("zh page", page_runs)):
        m = statistics.median(runs)
        print(f"   {label:6} {what:24} {m:5.2f} s  (runs {', '.join(f'{r:.2f}' for r in runs)})"
              f"  target <= {target:.0f} s: {'OK' if m <= target else 'OVER'}")
    if rebuilt:
        print(f"   {label:6} pages rebuilt per edit: {sorted({r for r, _ in rebuilt})} of {rebuilt[-1][1]}")


def notebooks(site: str) -> None:
    """The notebooks' share of the build, and of the tests (a Jupyter kernel per notebook)."""
    import concurrent.futures
    import json

    print("4. Notebooks")
    subprocess.run([PY, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", site], cwd=ROOT, check=True,
                   capture_output=True, env=ENV)
    import docexec
    from docexec.checks import record

    docexec.configure(ROOT / "mkdocs.yml")
    for what, seconds in sorted(json.loads(record.timings_file().read_text("utf8")).items()):
        print(f"   build: {what:28s} {seconds:6.2f} s")
    from tests.kernels import confined_kernels
    from tests.test_pagebooks import _execute

    files = sorted(Path(site).rglob("*.ipynb"))
    workers = max(2, os.cpu_count() or 2)
    with confined_kernels() as make_km:  # the tests' kernels: forked from a warm zygote, confined
        start = time.perf_counter()
        with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
            runs = list(pool.map(lambda f: _execute(f, make_km), files))
        wall = time.perf_counter() - start
    failed = [str(f) for f, (_, _, error) in zip(files, runs, strict=True) if error]
    print(f"   tests: {len(files)} notebooks in Jupyter kernels, {workers} at a time  {wall:6.2f} s"
          f" (kernel time {sum(s for _, s, _ in runs):.1f} s){'  FAILED: ' + ', '.join(failed) if failed else ''}")


if __name__ == "__main__":
    main()
