# Two commands on a fresh machine: `make play` and `make test`.
VENV := .venv
PY := $(VENV)/bin/python

$(VENV)/.installed: requirements-dev.txt
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install -q -r requirements-dev.txt
	touch $@

.PHONY: test lint bench simulate
test: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(VENV)/bin/pytest

bench: $(VENV)/.installed
	$(PY) -m canasta bench

simulate: $(VENV)/.installed
	$(PY) -m canasta simulate --games 20
