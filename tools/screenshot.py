"""Screenshot built pages in headless Chromium: python tools/screenshot.py SITE_DIR PAGE... [--width N] [--prefix /tmp/shot]

Serves SITE_DIR on 127.0.0.1 (a free port) and saves <prefix>_<i>_<width>.png for each page.
"""
import sys, http.server, threading, functools, socket
from playwright.sync_api import sync_playwright
args = sys.argv[1:]
width, prefix = 1280, "/tmp/shot"
if "--prefix" in args:
    i = args.index("--prefix"); prefix = args[i + 1]; del args[i:i + 2]
if "--width" in args:
    i = args.index("--width"); width = int(args[i + 1]); del args[i:i + 2]
root, pages = args[0], args[1:]
h = functools.partial(http.server.SimpleHTTPRequestHandler, directory=root)
h.log_message = lambda *a: None
srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), h)
threading.Thread(target=srv.serve_forever, daemon=True).start()
with sync_playwright() as p:
    b = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update","--no-first-run"])
    for i, pg in enumerate(pages):
        for w in (width,):
            page = b.new_page(viewport={"width": w, "height": 900})
            page.goto(f"http://127.0.0.1:{srv.server_port}/{pg}")
            page.wait_for_timeout(300)
            out = f"{prefix}_{i}_{w}.png"
            page.screenshot(path=out, full_page=True)
            print(out)
    b.close()
srv.shutdown()
