# bouts: `make play` installs and starts a game in the terminal; `make serve` starts the browser server
# and prints its URL; `make test` installs and runs every test.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
GAME   ?= swordplay
SEATS  ?= human,random
PIP     = $(BIN)/python -m pip install --quiet --disable-pip-version-check

HOST   ?= 127.0.0.1
PORT   ?= 8000
DB     ?= bouts.sqlite

.PHONY: play serve test install install-test install-web lint bench bench-server catalogs transcripts clean fast test-fast

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(PIP) -e .
	@touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(PIP) -e ".[dev,ray,rl,web,bench]"
	@touch $@ $(VENV)/.installed $(VENV)/.installed-web

$(VENV)/.installed-web: pyproject.toml | $(BIN)/python
	$(PIP) -e ".[web]"
	@touch $@ $(VENV)/.installed

install: $(VENV)/.installed

install-test: $(VENV)/.installed-test

install-web: $(VENV)/.installed-web

play: install
	$(BIN)/bouts play $(GAME) --seats $(SEATS)

serve: install-web
	$(BIN)/bouts serve --host $(HOST) --port $(PORT) --db $(DB)

lint: install-test
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy

test: install-test lint
	$(BIN)/python -m pytest -n 2 --durations=15

transcripts: install-test
	BOUTS_UPDATE_TRANSCRIPTS=1 $(BIN)/python -m pytest -q -n 2 tests -k a_seeded_game_reads_as_its_transcript

catalogs: install-test
	$(BIN)/python -m bouts.core.catalogs update
	$(BIN)/python -m bouts.core.catalogs check

bench: install-test
	$(BIN)/python bench/swordplay_balance.py 1000

bench-server: install-test
	$(BIN)/python bench/server_load.py

clean:
	rm -rf $(VENV) $(FAST_VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis .mypyc

# The optional compiled build (mypyc, from the same sources): `make fast` builds it into its own venv;
# `make test-fast` runs the conformance suite on it and checks that it plays every seeded game as the
# pure-Python sources do. A machine without a C compiler gets pure Python from `BOUTS_COMPILE=1 pip install .`;
# `make test-fast COMPILE=require` (CI) fails instead when the build cannot compile.
FAST_VENV ?= .venv-fast
COMPILE   ?= 1

$(FAST_VENV)/bin/python:
	$(PYTHON) -m venv $(FAST_VENV)

fast: | $(FAST_VENV)/bin/python
	BOUTS_COMPILE=$(COMPILE) $(FAST_VENV)/bin/python -m pip install --quiet --disable-pip-version-check ".[dev,rl]"
	$(FAST_VENV)/bin/python -c "import bouts.core.match as m, sys; sys.exit(m.__file__.endswith('.py'))" \
	  && echo "compiled build in $(FAST_VENV)" || echo "pure-Python build in $(FAST_VENV) (no compiler or mypyc failed)"

# The conformance suite but its terminal-rendering checks (Rich drawing the views, which are interpreted code
# reading the JSON views the seeded digests of tests/build already compare bit for bit), two workers as `make test`.
test-fast: fast
	BOUTS_EXPECT_COMPILED=1 $(FAST_VENV)/bin/python -m pytest -q -n 2 -p no:cacheprovider tests/build tests/conformance \
	  tests/rl/test_action_index_conformance.py tests/rl/test_state_observations.py \
	  -k "not (reaches_the_screen or fits_a_160 or holds_markup or on_the_acting_seats_table)"
