"""hit@1 / hit@3 of the site's search on a query set: python tools/search_eval.py [SITE_DIR] [--misses] [--ui]

`make search-eval` runs it on site/ (build it first). The queries are tests/search_queries.yml
(API names, Chinese and English concepts, pasted error messages), each with the page, or the
section, it must land on. A query lands where Enter takes the reader: in the first result, the
link with the best score (the page or one of its sections), as Material's search dialog picks
it; hit@3 looks at the best link of each of the first three results.

The queries go to Material's own search worker, in a page of the built site, with the index
that page's search loads, and through the site's assets/javascripts/search.js (which rewrites
every query a page sends a worker): the same ranking as the search field, at a few
milliseconds a query instead of a quarter second (`--ui` also types each one into the field
and compares the rendered results: they agree). tests/test_browser.py asserts the rates with
the same functions.
"""

from __future__ import annotations

import dataclasses
import functools
import http.server
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUERIES = ROOT / "tests" / "search_queries.yml"


@dataclasses.dataclass(frozen=True)
class Query:
    category: str
    lang: str
    text: str
    expect: tuple[str, ...]  # "page/" or "page/#anchor", below the language root

    def hit(self, landing: str) -> bool:
        """Whether a landing link (``page/`` or ``page/#anchor``) is what the query expects."""
        return any(landing == e if "#" in e else landing.split("#")[0] == e for e in self.expect)


def load_queries(path: Path = QUERIES) -> list[Query]:
    """Every query of the set, once per language it runs in."""
    import yaml

    data = yaml.safe_load(path.read_text("utf8"))
    languages = data.pop("languages")
    queries = []
    for category, entries in data.items():
        for entry in entries:
            expect = entry["expect"] if isinstance(entry["expect"], list) else [entry["expect"]]
            for lang in [entry["lang"]] if "lang" in entry else languages[category]:
                queries.append(Query(category, lang, str(entry["q"]), tuple(expect)))
    return queries


# In a page of the built site: Material's search worker (the script its config names) set up
# with the index the page's search loads, then each query in turn; per result, the landing:
# of the page (listed first) and its sections, the best score as the dialog shows it (two
# decimals), the first of equals (what Enter opens, components/search/_/index.ts).
_WORKER_QUERIES = """async (queries) => {
  const config = JSON.parse(document.getElementById("__config").textContent);
  const base = new URL(config.base, location.href);
  const index = await (await fetch(new URL("search/search_index.json", base))).json();
  const worker = new Worker(new URL(config.search, location.href));
  const ask = message => new Promise(resolve => {
    worker.onmessage = event => resolve(event.data);
    worker.postMessage(message);
  });
  await ask({type: 0, data: {config: index.config, docs: index.docs, options: {suggest: false}}});
  const answers = [];
  for (const query of queries) {
    const result = await ask({type: 2, data: query});
    answers.push(result.data.items.slice(0, 3).map(group => {
      const page = group.find(item => !item.location.includes("#")) || group[0];
      const links = [page, ...group.filter(item => item !== page)];
      let best = links[0];
      for (const item of links)
        if (+item.score.toFixed(2) > +best.score.toFixed(2)) best = item;
      return best.location;
    }));
  }
  worker.terminate();
  return answers;
}"""

# The same, read off the results the search dialog rendered for the query in its field.
_RENDERED_LANDINGS = """(base) => [...document.querySelectorAll(".md-search-result__list > .md-search-result__item")]
  .slice(0, 3).map(item => {
    let best = null, score = -1;
    for (const link of item.querySelectorAll("a.md-search-result__link")) {
      const s = parseFloat(link.firstElementChild.getAttribute("data-md-score"));
      if (s > score) { best = link; score = s; }
    }
    const url = new URL(best.href);
    return (url.origin + url.pathname).slice(base.length) + url.hash;
  })"""


def landings(page, texts: list[str]) -> list[list[str]]:
    """The landing links of the first three results of each query, from ``page`` (a loaded
    page of the site, of the queries' language) through Material's search worker."""
    return page.evaluate(_WORKER_QUERIES, texts)


def rendered_landings(page, text: str) -> list[str]:
    """The same for one query typed into the page's search field, once the rendered results
    have stopped changing (or stayed empty for a second)."""
    field = page.locator("input.md-search__input")
    field.click()
    field.fill("")
    field.press("End")  # Material searches on key events; an empty query empties the list
    page.wait_for_function("!document.querySelector('.md-search-result__item')", timeout=5_000)
    field.fill(text)
    field.press("End")
    base = page.evaluate("() => new URL(JSON.parse(document.getElementById('__config').textContent).base,"
                         " location.href).href")
    seen, same, waited = None, 0, 0
    while same < 2 and not (seen == [] and waited >= 1000):
        page.wait_for_timeout(50)
        waited += 50
        now = page.evaluate(_RENDERED_LANDINGS, base)
        same = same + 1 if now == seen and now else 0
        seen = now
    return seen or []


@dataclasses.dataclass
class Outcome:
    query: Query
    landed: list[str]

    @property
    def hit1(self) -> bool:
        return bool(self.landed) and self.query.hit(self.landed[0])

    @property
    def hit3(self) -> bool:
        return any(self.query.hit(link) for link in self.landed[:3])


def evaluate(page_for, queries: list[Query] | None = None) -> list[Outcome]:
    """Every query through the search of its language's page (``page_for(lang)``)."""
    queries = load_queries() if queries is None else queries
    outcomes = []
    for lang in dict.fromkeys(q.lang for q in queries):
        mine = [q for q in queries if q.lang == lang]
        outcomes += [Outcome(q, landed) for q, landed in zip(mine, landings(page_for(lang), [q.text for q in mine]),
                                                             strict=True)]
    return outcomes


def rates(outcomes: list[Outcome]) -> dict[str, tuple[int, int, int]]:
    """{row: (queries, hits at 1, hits at 3)}: per category and language, per category, the
    advanced/ pages' queries, and all."""
    rows: dict[str, list[Outcome]] = {}
    for o in outcomes:
        for row in (f"{o.query.category} {o.query.lang}", o.query.category, "all"):
            rows.setdefault(row, []).append(o)
        if any(e.startswith("advanced/") for e in o.query.expect):
            rows.setdefault("advanced/ pages", []).append(o)
    order = sorted(rows, key=lambda r: (r == "all", r == "advanced/ pages", r.split()[0], " " in r, r))
    return {row: (len(rows[row]), sum(o.hit1 for o in rows[row]), sum(o.hit3 for o in rows[row])) for row in order}


def table(outcomes: list[Outcome]) -> str:
    lines = [f"{'':<18} {'n':>4}  {'hit@1':>11}  {'hit@3':>11}"]
    for row, (n, h1, h3) in rates(outcomes).items():
        lines.append(f"{row:<18} {n:>4}  {h1:>4} {h1 / n:>6.1%}  {h3:>4} {h3 / n:>6.1%}")
    return "\n".join(lines)


def misses(outcomes: list[Outcome]) -> str:
    return "\n".join(f"{o.query.lang} {o.query.category:<10} {o.query.text[:70]!r}: got {o.landed[:3]},"
                     f" expected {' or '.join(o.query.expect)}" for o in outcomes if not o.hit1)


def run(site: Path, ui: bool = False) -> list[Outcome]:
    """Serve ``site`` on 127.0.0.1, run every query in Chromium; with ``ui``, also type each
    into the search field and print where the two disagree."""
    from playwright.sync_api import sync_playwright

    from tests.test_browser import CHROMIUM, CHROMIUM_ARGS, LANGS
    from tools.audit import GzipHandler

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(GzipHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}/"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            pages = {}

            def page_for(lang: str):
                if lang not in pages:
                    pages[lang] = browser.new_page()
                    pages[lang].goto(base + LANGS[lang], wait_until="load")
                return pages[lang]

            outcomes = evaluate(page_for)
            if ui:
                differ = []
                for o in outcomes:
                    typed = rendered_landings(page_for(o.query.lang), o.query.text)
                    if typed != o.landed[:3]:
                        differ.append(f"{o.query.lang} {o.query.text[:60]!r}: worker {o.landed}, field {typed}")
                print("search field and worker agree on every query" if not differ else "\n".join(differ))
            browser.close()
    finally:
        server.shutdown()
    return outcomes


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("--")]
    site = Path(args[0]).resolve() if args else ROOT / "site"
    if not (site / "search" / "search_index.json").is_file():
        print(f"{site}: no built site with a search index (run `make build`)", file=sys.stderr)
        return 2
    sys.path.insert(0, str(ROOT))
    outcomes = run(site, ui="--ui" in argv)
    print(table(outcomes))
    if "--misses" in argv:
        print("\nmisses at 1:\n" + misses(outcomes))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
