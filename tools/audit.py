"""Lighthouse scores of built pages: python tools/audit.py [SITE_DIR] (default: site/).

`make audit` runs it after `npm ci` (lighthouse, pinned in package.json) and a strict
build. Serves SITE_DIR on 127.0.0.1 (gzip, as GitHub Pages does) and runs Lighthouse
with Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) on every page type (PAGES:
home, text, tables, stepper, practice notebook, error index), in both languages. Prints the four scores
per page and exits 1 if accessibility, best practices or SEO is below 1.00 or
performance below 0.99, under both of Lighthouse's presets: desktop, then mobile (4x CPU
slowdown, slow 4G: what most readers' phones get). AUDIT_PRESET=desktop or =mobile runs one.
Each page also prints its paint and blocking-time figures, to show what to fix.

Lighthouse's scores move from one run to the next on the same page (its own docs advise the
median of several runs; here the same page scored 0.93, 0.92 and 0.93, or 0.90, 0.88 and 0.98):
each page is audited AUDIT_RUNS times (default 3); performance is gated on the run with the
median score (whose figures are printed), accessibility, best practices and SEO on their lowest
score in any run. The row shows every run's performance score.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import io
import json
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# every page type a reader meets: home, text (with a stepper and questions), tables, the largest
# stepper, a practice notebook, the error index (issue 40)
PAGES = ["", "autograd/why-grad-none/", "tensors/dot-mm-matmul/", "errata/", "autograd/vector-jacobian-product/",
         "practice/autograd/", "errors/autograd-errors/"]
LANGS = ["", "en/"]
TARGETS = {"performance": 0.99, "accessibility": 1.0, "best-practices": 1.0, "seo": 1.0}
# AUDIT_PRESET=desktop or mobile (Lighthouse's CLI default: 4x CPU slowdown, slow 4G); both if unset
PRESETS = [os.environ["AUDIT_PRESET"]] if os.environ.get("AUDIT_PRESET") else ["desktop", "mobile"]
RUNS = int(os.environ.get("AUDIT_RUNS", "3"))
FLAGS = "--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run"


class GzipHandler(http.server.SimpleHTTPRequestHandler):
    """Static files, gzip-compressed like GitHub Pages serves them (text types only).

    Also used by tests/test_browser.py, so both measure the same transfer sizes. A file is
    compressed once while it is unchanged, and sent with an ETag that a browser asks again with
    (304: the cached copy): re-compressing the site's 325 kB of scripts and styles on every page
    load of the browser tests took ~0.1 s a load, and an uncacheable script is compiled again by
    Chromium each time. ``no-cache`` (GitHub Pages says ``max-age=600``) keeps every load asking,
    so the tests still see each request a page makes."""

    _compressed: dict[tuple[str, int, int], tuple[bytes, str]] = {}  # (path, mtime_ns, size) -> (gzip, etag)

    def log_message(self, *args):  # quiet
        pass

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?")[0].endswith("/"):
                return super().send_head()  # the base class redirects to the slash URL
            path = path / "index.html"
        compressible = path.suffix in {".html", ".css", ".js", ".json", ".xml", ".svg", ".txt"}
        if not (path.is_file() and compressible and "gzip" in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        stat = path.stat()
        key = (str(path), stat.st_mtime_ns, stat.st_size)
        if key not in self._compressed:
            body = gzip.compress(path.read_bytes(), 6)
            self._compressed[key] = (body, f'"{stat.st_mtime_ns:x}-{stat.st_size:x}-gz"')
        body, etag = self._compressed[key]
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            return None
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("ETag", etag)
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)


def main() -> int:
    site = Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "site").resolve()
    lighthouse = ROOT / "node_modules" / ".bin" / "lighthouse"
    if not lighthouse.exists():
        print("node_modules/.bin/lighthouse missing: run `npm ci` (make audit does)", file=sys.stderr)
        return 2
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(GzipHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for preset in PRESETS:
            print(f"Lighthouse, {preset} preset")
            print(f"{'page':38} {'perf':>5} {'a11y':>5} {'best':>5} {'seo':>5}")
            for page in PAGES:
                if not (site / page / "index.html").is_file():
                    print(f"{page:38} not built: run a strict build first")
                    failed = True
                    continue
                for lang in LANGS:
                    url = f"http://127.0.0.1:{server.server_port}/{lang}{page}"
                    out = Path(tmp) / "report.json"
                    cmd = [str(lighthouse), url, "--quiet", "--output=json", f"--output-path={out}",
                           f"--chrome-flags={FLAGS}", "--only-categories=" + ",".join(TARGETS)]
                    if preset == "desktop":
                        cmd.append("--preset=desktop")
                    reports = []
                    for _ in range(RUNS):
                        out.unlink(missing_ok=True)
                        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
                        if proc.returncode or not out.is_file():
                            print(f"{lang}{page:38} lighthouse failed: {proc.stderr[-500:]}")
                            break
                        reports.append(json.loads(out.read_text("utf8")))
                    if len(reports) < RUNS:
                        failed = True
                        continue
                    runs = sorted(reports, key=lambda r: r["categories"]["performance"]["score"] or 0)
                    report = runs[len(runs) // 2]  # the median run
                    # performance from the median run; the others, which do not drift, from the worst
                    scores = {k: min((r["categories"][k]["score"] or 0) for r in reports) for k in TARGETS}
                    scores["performance"] = report["categories"]["performance"]["score"]
                    low = [k for k, v in scores.items() if v is None or v < TARGETS[k]]
                    failed |= bool(low)
                    row = " ".join(f"{scores[k]:5.2f}" for k in TARGETS)
                    each = "/".join(f"{r['categories']['performance']['score']:.2f}" for r in reports)
                    print(f"{lang + page:38} {row}   (perf of the {RUNS} runs: {each})"
                          + (f"   below target: {', '.join(low)}" if low else ""))
                    metrics = ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time",
                               "cumulative-layout-shift", "speed-index")
                    print("    " + ", ".join(f"{m.replace('-', ' ')} {report['audits'][m].get('displayValue', '?')}"
                                             for m in metrics if m in report["audits"]))
                    for k in low:  # what to fix, from the run that scored it
                        shown = report if k == "performance" else min(reports, key=lambda r: r["categories"][k]["score"] or 0)
                        for ref in shown["categories"][k]["auditRefs"]:
                            a = shown["audits"][ref["id"]]
                            if a.get("score") is not None and a["score"] < 1 and ref.get("weight", 0) > 0:
                                print(f"    {k}: {a['id']}: {a['title']} ({a.get('displayValue', a['score'])})")
    server.shutdown()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
