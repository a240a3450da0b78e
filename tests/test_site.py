"""The built site as a whole: every page of both languages is built, names the versions that
produced its outputs, has a meta description, and no executed output shows a memory address."""

from __future__ import annotations

import re
from importlib.metadata import version
from pathlib import Path

import pytest

pytestmark = pytest.mark.full


def pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("index.html"))


def test_every_page_of_both_languages_is_built(built_site: Path):
    root = Path(__file__).resolve().parent.parent / "docs"
    for lang, prefix in (("zh", ""), ("en", "en/")):
        for src in (root / lang).rglob("*"):
            if src.suffix not in {".md", ".ipynb"}:
                continue
            rel = src.relative_to(root / lang).with_suffix("").as_posix()
            rel = "" if rel == "index" else rel + "/"
            assert (built_site / prefix / rel / "index.html").is_file(), f"{src} was not built"


def test_footer_names_the_torch_and_python_that_produced_the_outputs(built_site: Path):
    import platform

    expected = f"torch {version('torch')}; Python {platform.python_version()}"
    missing = [p for p in pages(built_site) if f'data-versions="{expected}"' not in p.read_text("utf8")]
    assert pages(built_site) and not missing, f"no versions footer on: {missing[:5]}"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_footer_is_in_the_page_language(built_site: Path, lang: str):
    page = built_site / ("" if lang == "zh" else "en") / "autograd" / "why-grad-none" / "index.html"
    footer = re.search(r'<div class="md-copyright__highlight"[^>]*>(.*?)</div>', page.read_text("utf8"), re.S)
    assert footer, "no footer"
    assert ("本站输出由" in footer.group(1)) == (lang == "zh")


def test_every_page_has_its_own_description(built_site: Path):
    generic = []
    for page in pages(built_site):
        html = page.read_text("utf8")
        m = re.search(r'<meta name="description" content="([^"]*)"', html)
        assert m and len(m.group(1)) >= 20, f"{page}: no meta description"
        generic.append(m.group(1))
    assert len(set(generic)) >= len(generic) // 2, "most pages share one description"


OUTPUT = re.compile(r'<div class="[^"]*(?:docexec-output|jp-OutputArea-output)[^"]*"[^>]*>(.*?)</div>', re.S)


def test_no_memory_address_in_any_executed_output(built_site: Path):
    # (prose may quote the notes' "<ViewBackward object at 0x...>"; outputs never show one)
    outputs = {p: OUTPUT.findall(p.read_text("utf8")) for p in pages(built_site)}
    assert sum(map(len, outputs.values())) > 100, "found too few output blocks: is the pattern stale?"
    bad = [p for p, outs in outputs.items() if any(re.search(r"object at 0x[0-9a-fA-F]+", o) for o in outs)]
    assert not bad, bad


SCRIPT_SRC = re.compile(r"<script\b([^>]*)\bsrc=\"([^\"]+)\"", re.S)


def test_no_page_blocks_its_first_paint_on_a_script_download(built_site: Path):
    """Every script a page loads from a file is deferred (or async, or a module): a plain one
    stops the HTML parser until it has downloaded, and Chromium paints nothing before it
    (Material's bundle.js: first paint 1.5-1.8 s on Lighthouse's mobile preset, 1.05-1.2 s
    deferred; overrides/main.html)."""
    blocking = {}
    for page in pages(built_site):
        for attrs, src in SCRIPT_SRC.findall(page.read_text("utf8")):
            if not re.search(r"\b(defer|async)\b|type=\"module\"", attrs):
                blocking.setdefault(src, []).append(str(page.relative_to(built_site)))
    bundles = [p for p in pages(built_site) if re.search(r'<script defer src="[^"]*bundle\.\w+\.min\.js"', p.read_text("utf8"))]
    assert len(bundles) == len(pages(built_site)), "Material's bundle is not on every page, deferred"
    assert blocking == {}, {src: f"{len(ps)} pages, e.g. {ps[0]}" for src, ps in blocking.items()}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_page_says_when_it_changed_and_links_to_edit_and_report_it(built_site: Path, lang: str):
    """Trust and feedback (issue 27): the date of the page's last commit in its language, that its
    outputs were verified on this torch, "edit this page" on its own language's source, and a
    "report a mistake" link to a new issue with the page's URL and section filled in."""
    from urllib.parse import parse_qs, unquote, urlsplit

    prefix = "" if lang == "zh" else "en/"
    html = (built_site / prefix / "autograd" / "why-grad-none" / "index.html").read_text("utf8")
    date = re.search(r'class="md-source-file__fact docexec-updated">.*?(?:Last changed |最后更新：)([^<]+?)\s*</span>', html, re.S)
    assert date, "no last-changed date"
    if lang == "zh":
        assert re.fullmatch(r"\d{4}年\d{1,2}月\d{1,2}日", date[1]), date[1]
    else:
        assert re.fullmatch(r"[A-Z][a-z]+ \d{1,2}, \d{4}", date[1]), date[1]
    verified = re.search(r'class="md-source-file__fact docexec-verified">(.*?)</span>\s*$', html, re.S | re.M)
    assert verified and f"torch {version('torch')}" in verified[1]
    edits = set(re.findall(r'href="([^"]+)"[^>]*rel="edit"', html))
    assert edits == {f"https://github.com/autograd-notes/autograd-notes/edit/main/docs/{lang}/autograd/why-grad-none.md"}
    report = re.search(r'class="md-source-file__fact docexec-report"[^>]*\s+href="([^"]+)"', html)
    assert report, "no report-a-mistake link"
    url = urlsplit(report[1].replace("&amp;", "&"))
    assert url.netloc == "github.com" and url.path.endswith("/issues/new")
    body = parse_qs(url.query)["body"][0]
    page_url = re.search(r'<link rel="canonical" href="([^"]+)"', html)[1]
    assert body.splitlines()[0].endswith(page_url), body
    assert body.splitlines()[1].startswith("章节：" if lang == "zh" else "Section: "), body
    assert unquote(parse_qs(url.query)["title"][0])
