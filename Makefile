# Two commands on a fresh machine: `make run` and `make test`; `make check` for the edit loop.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
# pytest's parallel workers (pytest-xdist): one per core; each starts its own PostgreSQL server when it needs one.
# `worksteal` hands a worker that ran out of tests some of another's, so one long test does not end the run alone.
JOBS ?= auto
PYTEST := $(BIN)/python -m pytest -n $(JOBS) --dist worksteal

.PHONY: run test check lint bench gallery messages postgres postgres-stop clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

# The bot, or without DISCORD_TOKEN the local console; its options after ARGS: make run ARGS="--resume"
ARGS ?=
run: $(BIN)/.installed
	$(BIN)/python -m bot $(ARGS)

# What CI runs (.ci/run): lint, types and every test.
test: $(BIN)/.installed
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(PYTEST)

# The edit loop: lint, types and the tests not marked `slow` (whole games, other processes; see README).
check: $(BIN)/.installed
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(PYTEST) -m "not slow"

bench: $(BIN)/.installed
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/render.py
	$(BIN)/python bench/animation.py
	$(BIN)/python bench/bot.py
	$(BIN)/python bench/web.py
	$(BIN)/python bench/web_play.py

# The catalogues (lang/locale/*/LC_MESSAGES/tikal.po) brought up to date with the sources' messages; new or
# changed English arrives untranslated, and the tests fail until every language has it.
messages: $(BIN)/.installed
	$(BIN)/python -m lang.extract

# The example pictures, each also shrunk to the 400 px a phone shows: make gallery [GALLERY=dir]
GALLERY ?= gallery
gallery: $(BIN)/.installed
	$(BIN)/python -m render.gallery $(GALLERY)

# A PostgreSQL server of your own (data in .postgres/, 127.0.0.1:5433) for README's "Running at scale"
postgres:
	deploy/local-postgres.sh start

postgres-stop:
	deploy/local-postgres.sh stop

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
