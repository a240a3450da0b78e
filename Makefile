# Autograd 笔记 / Autograd Notes — every task of the project. `make help` lists them.
# All targets create .venv from requirements.txt first when it is missing or stale.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
PORT   ?= 8000
export NO_MKDOCS_2_WARNING := 1
# Bytecode (and pytest's rewritten tests) cached in the venv, not beside the sources: none in the
# tree that make serve watches, and no test module rewritten again on every run (4 s of make check)
export PYTHONPYCACHEPREFIX := $(CURDIR)/$(VENV)/pycache
# Test workers: one more than the cores. The suite waits on Chromium, Jupyter kernels and
# serve rebuilds about half the time, which the extra worker fills (PERFORMANCE.md, "The test suite").
WORKERS := $(shell echo $$(( $$(nproc) + 1 )))

.DEFAULT_GOAL := help
.PHONY: help check install serve build test doctest lint snapshot api-names drift stale bench math-font audit screenshots search-eval offline pdf clean

help: ## list the tasks
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-9s %s\n", $$1, $$2}'

check: $(STAMP) ## the inner loop (seconds): the sandbox's layers, ruff, mypy, the copy lint and every test of the "check" tier (no site build, browser, PDF or kernel)
	$(PY) -m docexec sandbox-report
	$(VENV)/bin/ruff check docexec tests tools conftest.py
	$(PY) -m mypy
	$(PY) -m pytest -n $(WORKERS) --dist loadgroup -m "check and not full" tests

# The packages' bytecode in both places: pip writes it into that prefix (the tests and tools read
# it there), and compileall, run without the prefix, beside the sources: the page server and the
# tests' kernel zygote run in a fixed environment that has no prefix, and without it each of them
# compiled torch from source on every start (~5 s of CPU; make check 35 -> 28 s in a fresh clone).
# -qq || true: a few files the packages ship for newer Pythons (torch's py312_intrinsics.py) do not
# compile and are never imported; tests/test_tools.py checks torch's and numpy's bytecode is there.
SITE_PACKAGES = $$($(PY) -c 'import sysconfig; print(sysconfig.get_path("purelib"))')

$(STAMP): requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip==26.3
	$(PY) -m pip install --quiet -r requirements.txt
	$(PY) -m pip install --quiet --no-deps --no-build-isolation -e .
	env -u PYTHONPYCACHEPREFIX $(PY) -W ignore -m compileall -qq -j0 $(SITE_PACKAGES) || true
	@touch $@

install: $(STAMP) ## create .venv from the pinned requirements (CPU-only torch) and install docexec, the MkDocs plugin, into it (editable)

serve: $(STAMP) ## build, then serve both languages on :8000 (PORT=8001 for another); an edit rebuilds only the pages it touches
	$(VENV)/bin/mkdocs serve --dev-addr 127.0.0.1:$(PORT) --livereload --dirty

build: $(STAMP) ## strict build of both languages into site/
	$(VENV)/bin/mkdocs build --strict

offline: build ## the copy to read without a network: a build for file:// (mkdocs.offline.yml) zipped into site/download/
	$(VENV)/bin/mkdocs build --strict -f mkdocs.offline.yml
	mkdir -p site/download
	cp build/offline/autograd-notes-offline.zip site/download/

pdf: build ## the PDF of each language (site/pdf/), printed by Chromium from the pages just built (no second run)
	@bash tools/system-packages.sh
	$(PY) -m docexec pdf site

test: $(STAMP) ## the whole suite: strict build into site/ (while tests that need no site run), module tests, snapshot, parity, doc tests, browser, copy lint, ruff and mypy
	$(PY) -m pytest -n $(WORKERS) --dist loadgroup

doctest: $(STAMP) ## only the doc tests (every block of every page, build semantics)
	$(PY) -m pytest docs

lint: $(STAMP) ## ruff on the code, snippet lines a phone shows whole (tools/code_width.py), then the copy lint of the pages (Chinese spacing and punctuation)
	$(VENV)/bin/ruff check docexec tests tools conftest.py
	$(PY) tools/code_width.py
	$(PY) -m pytest tests/test_copy.py

snapshot: $(STAMP) ## rewrite snapshots/ (every output, both languages) after reviewing a change
	$(PY) -m docexec snapshot

api-names: $(STAMP) ## build (not strict: a new name fails the strict build), then rewrite torch-api.yml from the names it used
	d=$$(mktemp -d) && $(VENV)/bin/mkdocs build --no-strict --quiet --site-dir "$$d"; rm -rf "$$d"
	$(PY) -m docexec api-names

drift: $(STAMP) ## TORCH=<version>: outputs under another torch, in a separate env; report in test-artifacts/
	@test -n "$(TORCH)" || { echo "usage: make drift TORCH=2.14.1"; exit 2; }
	$(PY) tools/drift.py $(TORCH)

stale: $(STAMP) ## pages whose twin in the other language was last changed before them (git)
	@$(PY) -m docexec stale

bench: $(STAMP) ## timings: clean build, no-exec build, import torch, warm rebuild, ratio
	$(PY) tools/bench.py

math-font: $(STAMP) ## the math font cut down to the characters formulas here use (tools/math_font.py; a new symbol: add it there)
	npm ci --ignore-scripts --no-audit --no-fund
	$(PY) tools/math_font.py

audit: $(STAMP) ## Lighthouse scores (perf, a11y, best practices, SEO) of key pages, both languages, desktop and mobile (median of 3 runs)
	npm ci --ignore-scripts --no-audit --no-fund
	$(VENV)/bin/mkdocs build --strict
	CHROME_PATH=$${CHROME_PATH:-/usr/bin/chromium} $(PY) tools/audit.py site

screenshots: $(STAMP) ## whole-page screenshots (1280 and 375 px) of every page, both languages, into test-artifacts/
	$(VENV)/bin/mkdocs build --strict
	$(PY) tools/screenshot.py site

search-eval: $(STAMP) ## hit@1 / hit@3 of the search of site/ on tests/search_queries.yml, per category (MISSES=1 lists the misses)
	$(PY) tools/search_eval.py site $(if $(MISSES),--misses)

clean: ## remove site/, build/ (the offline copy) and test artefacts (keeps .venv)
	rm -rf site build .pytest_cache test-artifacts
