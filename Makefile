# Quick start: `make play` serves the table, `make test` runs the whole suite. Both create .venv if missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8866

.PHONY: play test lessons lint bench chromium clean site

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.play-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,dev]'
	touch $@ $(VENV)/.play-installed

play: $(VENV)/.play-installed
	$(BIN)/hearts-tutor play --port $(PORT)

lessons: $(VENV)/.play-installed
	$(BIN)/hearts-tutor lessons

# Debian's Chromium for the browser tests: installed when missing and we can (root with apt-get).
chromium:
	@if [ -x /usr/bin/chromium ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "installing Debian's chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else \
		echo "NOTE: /usr/bin/chromium is missing; browser tests will skip. Enable them with: sudo apt-get install -y chromium"; \
	fi

# The static site (SPEC 12): every input pinned in sitebuild/; rebuilt only when an input changed.
SITE_INPUTS := $(wildcard sitebuild/* sitebuild/play/*) pyproject.toml $(shell find hearts_tutor lessons -type f \
	-not -path '*/__pycache__/*' -not -path '*/.ipynb_checkpoints/*')

site/.built: $(SITE_INPUTS)
	$(PYTHON) sitebuild/build.py
	touch $@

site: site/.built

# Python writes the bytecode it compiles, whatever the environment says (PYTHONDONTWRITEBYTECODE, set on some
# machines): the suite's hundreds of Python processes (test workers, Voila servers, kernels, the coach's worker
# processes) then read hearts_tutor and the tests compiled once instead of each compiling them again.
test: export PYTHONDONTWRITEBYTECODE :=

# Two test files at a time (a file's tests stay together, sharing its servers; no test needs the machine to itself:
# a test that times something allows for the file beside it, and speed targets are the benchmarks'), the slowest
# files first (tests/conftest.py SLOW_FIRST; xdist would otherwise start the files with the most tests first and
# leave the few-test browser files to the end, one worker idle), then the lessons, two notebooks at a time.
test: $(VENV)/.test-installed chromium site
	$(BIN)/python -m pytest tests -n 2 --dist loadfile --no-loadscope-reorder -p no:nbval
	$(BIN)/python -m pytest --nbval-lax lessons -n 2 --dist loadfile

lint: $(VENV)/.test-installed
	$(BIN)/ruff check hearts_tutor tests benchmarks sitebuild lessons
	$(BIN)/mypy

bench: $(VENV)/.test-installed
	$(BIN)/python benchmarks/bench_engine.py

clean:
	rm -rf $(VENV) .sitevenv build site *.egg-info
