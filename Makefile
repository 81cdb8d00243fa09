PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
# The stamps live inside the venv so that deleting .venv also forgets the installs. Serving
# needs only the package; the test toolchain (browsers' driver, linters, fuzzers) comes with
# the first `make test`, so that a first `make run` takes seconds.
SERVE := $(VENV)/.installed-serve
TOOLS := $(VENV)/.installed-test

.PHONY: venv run test lint bench

venv: $(TOOLS)

$(SERVE): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e .
	touch $(SERVE)

$(TOOLS): $(SERVE)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $(TOOLS)

run: $(SERVE)
	$(BIN)/kortbord serve

test: $(TOOLS)
	$(BIN)/pytest -n auto --durations=15

lint: $(TOOLS)
	$(BIN)/ruff check app tests bench migrations
	$(BIN)/ruff format --check app tests bench migrations
	$(BIN)/mypy app

bench: $(TOOLS)
	$(BIN)/python bench/engine.py
