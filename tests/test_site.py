"""The built site as a whole: every page of both languages is built, names the versions that
produced its outputs, has a meta description, and no executed output shows a memory address."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from importlib.metadata import version

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
