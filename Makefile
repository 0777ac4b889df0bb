# Two commands on a fresh machine: `make play` (serve and open the game) and
# `make test` (install everything, then lint, type-check and run every test).
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000

.PHONY: play test test-unit test-browser lint dist bench simulate soak arena perf shots docs-shots runtime engine chromium clean

$(VENV)/.installed: requirements-dev.txt
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install -q -r requirements-dev.txt
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

static/pyodide/.vendored: node_modules/.installed tools/build.py tools/cards.py tools/stdlib.py tools/stdlib_modules.txt tools/minify_stdlib.mjs
	python3 tools/build.py vendor
	touch $@

runtime: static/pyodide/.vendored

engine: $(VENV)/.installed
	python3 tools/build.py engine

# Debian's Chromium for the browser tests (Playwright cannot download its own here).
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else echo "Install Chromium: sudo apt-get install chromium"; exit 1; fi; fi

play: $(VENV)/.installed runtime engine
	$(PY) tools/serve.py --port $(PORT) --open

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

# tools/suite.py runs the parts in turn — lint, the engine and AI tests in two processes
# (pytest-xdist: CI has two cores; an idle one takes tests queued for the other), then the
# browser tests, also in two (each worker drives its own Chromium; the first builds the
# site while the other waits: tests/e2e/conftest.py `site`) — and prints each part's
# minutes against its allowance (docs/TESTING.md, "The budget"), the slowest tests of
# each, and the total. `make test-unit`, `make test-browser`: one part.
test: $(VENV)/.installed runtime engine chromium
	$(PY) tools/suite.py

test-unit: $(VENV)/.installed runtime engine
	$(PY) tools/suite.py unit

test-browser: $(VENV)/.installed runtime engine chromium
	$(PY) tools/suite.py browser

dist: runtime engine
	python3 tools/build.py dist dist

bench: $(VENV)/.installed
	$(PY) -m canasta bench

simulate: $(VENV)/.installed
	$(PY) -m canasta simulate --games 20

# Every part runs, and each prints its counts; the target fails if any part found a failure.
soak: $(VENV)/.installed
	status=0; \
	$(PY) -m tests.engine.soak --actions 100000 || status=1; \
	$(PY) -m tests.engine.explorer --states 1000000 || status=1; \
	$(PY) -m tests.engine.brute --hands 2000 || status=1; \
	$(PY) -m canasta fuzz --variant all --cases 100000 --seed 1 || status=1; \
	CANASTA_SOAK=1 $(VENV)/bin/pytest -q -n 2 tests/engine tests/ai -k "level" || status=1; \
	exit $$status

arena: $(VENV)/.installed
	$(PY) -m canasta arena --a normal --b easy --rounds 100 --seed 1

perf: $(VENV)/.installed runtime engine chromium
	$(PY) tools/perf.py

# The layout budget's screenshots (tests/e2e/test_layout.py): every fixture position of
# tests/fixtures/layout/ at every screen size, written to shots/ for review.
shots: $(VENV)/.installed runtime engine chromium
	CANASTA_SHOTS=$(CURDIR)/shots $(VENV)/bin/pytest -q tests/e2e/test_layout.py

# The screenshots kept in docs/screenshots/ (docs/SCREENSHOTS.md): four fixtures at every
# size, as small JPEG files.
docs-shots: $(VENV)/.installed runtime engine chromium
	CANASTA_SHOTS=$(CURDIR)/docs/screenshots CANASTA_SHOTS_JPEG=1 $(VENV)/bin/pytest -q \
		tests/e2e/test_layout.py -k "deal or ten-melds or mexicana-hand or pennies-six"

clean:
	rm -rf $(VENV) node_modules static/pyodide static/pyscript static/micropython static/canasta.zip dist
