PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Lives inside the venv so that deleting .venv also forgets the install.
STAMP := $(VENV)/.installed

.PHONY: venv run test lint bench

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install -e '.[test]'
	touch $(STAMP)

run: venv
	$(BIN)/kortbord serve

test: venv
	$(BIN)/pytest

lint: venv
	$(BIN)/ruff check app tests bench migrations
	$(BIN)/ruff format --check app tests bench migrations
	$(BIN)/mypy app

bench: venv
	$(BIN)/python bench/engine.py
