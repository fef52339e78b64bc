# tcforge: `make demo` runs the main job, `make test` runs the tests.
# Both create .venv/ and install tcforge (editable, with its test extra) when missing.
# `make lint` runs ruff and mypy (their configuration is in pyproject.toml); `make test` runs lint, then pytest without
# the tests marked slow (booklet builds, subprocesses, pools and Dask clusters); `make test-all` runs lint and every test,
# `make test-slow` only the slow ones. `make docs` builds the documentation site (docs/, mkdocs.yml) into site/.
# `make fuzz` searches for new failures of the property tests with fresh random examples (not part of `make test`,
# whose examples are the same on every run); `make test-stress` runs the whole suite 5 times under load (docs/guide/testing-and-benchmarks.md).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
COMPILED := $(VENV)/.compiled-stamp
COMPILED_SOURCES := $(wildcard tcforge/engine/*.py) $(addprefix tcforge/agents/,commander.py evaluate.py greedy.py playout.py) tcforge/compiled.py

.PHONY: install demo lint test test-slow test-all docs fuzz test-stress bench clean browser

# After the build: one made before but damaged since, unchecked or for another Python is made again (its stamp, newer
# than every source, would not make it); a line says why. TCFORGE_PURE=1: the check is ensure's, not the import's.
install: $(STAMP) $(COMPILED)
	@TCFORGE_PURE=1 $(BIN)/python -c 'import sys, tcforge.compiled as c; sys.exit(c.main(["ensure"]))'

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# The compiled build (tcforge/compiled.py): the engine's hot modules and greedy compiled by mypyc beside their sources,
# a few minutes on two cores, each step told on a line of its own; made again when one of them changes. Without mypy or a C compiler it says so and tcforge
# runs as pure Python (the same games). TCFORGE_PURE=1 runs the sources even where it is built; `make clean` removes it.
$(COMPILED): $(STAMP) $(COMPILED_SOURCES)
	TCFORGE_PURE=1 $(BIN)/python -c 'import sys, tcforge.compiled as c; sys.exit(c.main(["build"]))'
	touch $(COMPILED)

demo: install
	$(BIN)/tcforge validate
	$(BIN)/tcforge cards stats
	$(BIN)/tcforge errata list --official-only
	-$(BIN)/tcforge scenario check hill-621 kursk --play --games 60 --jobs 2
	$(BIN)/tcforge scenario play hill-621 --seed 1 --quiet --log output/hill-621-seed1.jsonl
	$(BIN)/tcforge scenario play kursk --seed 1 --quiet --log output/kursk-seed1.jsonl
	$(BIN)/tcforge scenario balance hill-621 --games 60 --jobs 2 --out output/hill-621-balance.png
	$(BIN)/tcforge print all --out output
	$(BIN)/tcforge print refcards --ruleset jeff-mike-2002 --lang en --out output/refcards-jeff-mike-2002-en.pdf
	$(BIN)/tcforge print refcards --ruleset jeff-mike-2002 --lang fr --out output/refcards-jeff-mike-2002-fr.pdf
	$(BIN)/tcforge print rulebook --lang en --out output/rulebook-en.pdf
	$(BIN)/tcforge print rulebook --lang fr --out output/rulebook-fr.pdf
	$(BIN)/tcforge i18n status --lang fr
	$(BIN)/tcforge deck odds russian-front-summer-1942 --no-sensitivity
	$(BIN)/tcforge deck print russian-front-summer-1942
	$(BIN)/tcforge export tts hill-621 --seed 1

lint: install
	$(BIN)/ruff check
	$(BIN)/mypy

# The quick tests on two worker processes (pytest-xdist): each test is independent of the others' order and process.
test: lint
	$(BIN)/python -m pytest -m "not slow" -n 2

test-slow: install
	$(BIN)/python -m pytest -m slow

# test-all runs every test, the documents' commands and the documentation site's build among them: the docs extra
# (mkdocs) is installed into .venv/ the first time, as `make docs` does.
test-all: lint
	$(BIN)/python -c "import mkdocs, material" 2>/dev/null || $(BIN)/python -m pip install --quiet -e '.[test,docs]'
	$(BIN)/python -m pytest

# The browser tests' browser: Debian's Chromium (as root, or with sudo) and the playwright Python package (the browser
# extra). Without them `make test` skips the browser tests; .ci/run calls this target and requires them.
browser: install
	test -x /usr/bin/chromium || { SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo -n ); \
	  $$SUDO apt-get install -y -q chromium >/dev/null || { $$SUDO apt-get update -q >/dev/null && $$SUDO apt-get install -y -q chromium >/dev/null; }; }
	$(BIN)/python -c "import playwright.sync_api" 2>/dev/null || $(BIN)/python -m pip install --quiet -e '.[test,browser]'

# The docs extra (mkdocs, mkdocs-material) is installed into .venv/ the first time; the build fails on any warning.
docs: install
	$(BIN)/python -c "import mkdocs, material" 2>/dev/null || $(BIN)/python -m pip install --quiet -e '.[test,docs]'
	NO_MKDOCS_2_WARNING=1 $(BIN)/python -m mkdocs build --strict --quiet

fuzz: install
	HYPOTHESIS_PROFILE=fuzz $(BIN)/python -m pytest tests/engine/test_properties.py tests/engine/test_agent_spec_text.py tests/scenarios/test_legal_scenarios_play.py -p no:cacheprovider --hypothesis-show-statistics
	HYPOTHESIS_PROFILE=fuzz TCFORGE_FUZZ=1 $(BIN)/python -m pytest -m fuzz -p no:cacheprovider --hypothesis-show-statistics

test-stress: install
	tests/stress.sh 5

bench: install
	$(BIN)/tcforge bench speed --baseline 268fee5 --record docs/results
	$(BIN)/tcforge bench validate
	$(BIN)/tcforge bench engine
	$(BIN)/tcforge bench odds
	$(BIN)/tcforge bench scenarios
	$(BIN)/tcforge bench cluster
	$(BIN)/tcforge bench search
	$(BIN)/tcforge bench ladder
	$(BIN)/tcforge bench puzzles
	$(BIN)/tcforge bench print
	$(BIN)/tcforge bench booklet
	$(BIN)/tcforge bench tts

# Rule coverage: each rule case, the code citing it, the tests named for it (a developer's tool, not in the wheel).
.PHONY: coverage
coverage: install
	$(BIN)/python tools/coverage.py

clean:
	rm -rf $(VENV) site output/*.pdf output/*.png output/*.csv tcforge/_compiled.json tcforge/_compiled.json.tmp tcforge/_native__mypyc.* tcforge/__pycache__/_compiled-hashes.json
	find tcforge -name '*.so' -delete
