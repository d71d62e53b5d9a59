# fourfold — the two commands are `make demo` and `make test`.
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

# Python keeps compiled bytecode beside the sources unless PYTHONDONTWRITEBYTECODE is set,
# as it is on some CI images and containers. fourfold is installed editable, so without the
# cache every `fourfold` process the tests, the demo and the benchmarks start compiles
# the package from source again (a third of a second each), and pytest rewrites every
# test module on every run. The cache folders are ignored by git.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: install demo test test-fast check lint types bench validate validate-local clean

install: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	@touch $(STAMP)

demo: install
	@FOURFOLD=$(VENV)/bin/fourfold bash examples/demo.sh

# The tests' temporary files (some 700 SQLite stores a run, each created, written and closed)
# go to RAM when /dev/shm has room (2 GB free): on this project's disk a new store waits
# ~40 ms for fsync, ~1 ms on tmpfs, and SQLite's fsync is not what the tests check.
# `make test-fast TEST_TMPDIR=` keeps them where TMPDIR says.
TEST_TMPDIR ?= $(shell df -Pk /dev/shm 2>/dev/null | awk 'NR == 2 && $$4 > 2097152 {print "/dev/shm"}')
TEST_ENV := $(if $(TEST_TMPDIR),TMPDIR=$(TEST_TMPDIR))

# Every test and every docstring example (pyproject's pytest options add --doctest-modules):
# on every core (pytest-xdist), then the browser tests one at a time (two headless Chromiums
# and the viewers they drive compete for the same two cores and time out).
test: install
	$(TEST_ENV) $(PY) -m pytest -q -n auto -m "not browser"
	$(TEST_ENV) $(PY) -m pytest -q -m browser

# The quick loop: without the tests marked slow (subprocesses, whole suites, timing) or
# browser (headless Chromium), on every core (pytest-xdist; a worker with nothing left steals
# from the other, so neither waits on a long tail), 10 examples per property. The
# README's Development section says how long it takes.
test-fast: install
	$(TEST_ENV) FOURFOLD_HYPOTHESIS_PROFILE=quick $(PY) -m pytest -q -n auto --dist worksteal -m "not slow and not browser"

lint: install
	$(VENV)/bin/ruff check src tests examples bench validation
	$(VENV)/bin/ruff format --check src tests examples bench validation

types: install
	$(VENV)/bin/mypy

check: lint types test

bench: install
	$(PY) bench/bench.py

# Reproduce published figures from ../shared/data (or $FOURFOLD_SHARED_DATA); fails on a
# mismatch, skips a dataset that is absent. See docs/validation.md.
validate: install
	$(PY) validation/run_all.py

# Opt-in, never part of test, check or CI: fourfold's judges on a small local model
# (Qwen2.5-Coder-1.5B, CPU) against LLMBar's plain prompt. The first run makes .venv-local
# (xllamacpp) and fetches the 1.1 GB model into .cache/local-model/; replies are cached,
# so a run on unchanged prompts makes no model call. Figures go to docs/validation.md.
validate-local: install
	$(PY) validation/local_judges.py $(ARGS)

clean:
	rm -rf $(VENV) .fourfold .pytest_cache .mypy_cache .ruff_cache build dist
