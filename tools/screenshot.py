"""Whole-page screenshots of the built site, for review: python tools/screenshot.py [SITE_DIR] [PAGE...]

`make screenshots` runs it after a strict build. Serves SITE_DIR (default site/) on
127.0.0.1 and saves, for every page of both languages (or the PAGEs given, as URL paths such
as ``en/autograd/why-grad-none/``), a full-page JPEG at 1280 px and at 375 px into
test-artifacts/screenshots/full/. The browser tests (tests/test_browser.py) save only the
first screen of each page; this is the slower, whole-page look a reviewer wants.
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.test_browser import CHROMIUM, CHROMIUM_ARGS, LANGS, PAGES, Visit, _slug  # noqa: E402
from tools.audit import GzipHandler  # noqa: E402

OUT = ROOT / "test-artifacts" / "screenshots" / "full"


def main(argv: list[str]) -> int:
    site = Path(argv[0]).resolve() if argv else ROOT / "site"
    if not (site / "index.html").is_file():
        print(f"{site}: no built site (run `make build`)", file=sys.stderr)
        return 2
    wanted = argv[1:] or [prefix + page for prefix in LANGS.values() for page in PAGES]
    from playwright.sync_api import sync_playwright

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(GzipHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}/"
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        visit = Visit(browser, None)
        for path in wanted:
            lang = "en" if path.startswith("en/") else "zh"
            slug = _slug(lang, path.removeprefix("en/"))
            for width in (1280, 375):
                visit.go(base + path, width=width)
                # Blocks far from the screen are drawn only when scrolled near (extra.css,
                # content-visibility): a whole-page capture would show them blank.
                visit.page.add_style_tag(content="* { content-visibility: visible !important; }")
                out = OUT / f"{slug}-{width}.jpg"
                visit.page.screenshot(path=str(out), full_page=True, quality=70)
                print(out.relative_to(ROOT), "errors: " + "; ".join(visit.errors) if visit.errors else "")
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
