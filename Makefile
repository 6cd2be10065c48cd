# bouts: two commands to start. `make play` installs and starts a game; `make test` installs and runs every test.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
GAME   ?= swordplay
SEATS  ?= human,random
PIP     = $(BIN)/python -m pip install --quiet --disable-pip-version-check

.PHONY: play test install install-test lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(PIP) -e .
	@touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(PIP) -e ".[dev,ray,rl]"
	@touch $@ $(VENV)/.installed

install: $(VENV)/.installed

install-test: $(VENV)/.installed-test

play: install
	$(BIN)/bouts play $(GAME) --seats $(SEATS)

lint: install-test
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy

test: install-test lint
	$(BIN)/python -m pytest -n 2 --durations=15

bench: install-test
	$(BIN)/python bench/swordplay_balance.py 1000

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
