# bouts: two commands to start. `make play` installs and starts a game; `make test` installs and runs every test.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
GAME   ?= swordplay
SEATS  ?= human,random

.PHONY: play test install lint bench clean

$(BIN)/bouts: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	@touch $(BIN)/bouts

install: $(BIN)/bouts

play: install
	$(BIN)/bouts play $(GAME) --seats $(SEATS)

lint: install
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy

test: install lint
	$(BIN)/python -m pytest -n 2 --durations=15

bench: install
	$(BIN)/python bench/swordplay_balance.py 1000

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
