# Everything runs inside .venv, made from the system python3 on first use.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
DOCS_STAMP := $(VENV)/.installed-docs

.PHONY: demo test docs bench clean fuzz serve axe

# setup.py builds the optional C code (src/gridsat/native/, the logical solver's native/) in place: a change there reinstalls
$(STAMP): pyproject.toml setup.py $(wildcard src/gridsat/native/*.c src/gridsat/native/*.h src/gridsat/kinds/sudoku/logic/native/*.c src/gridsat/kinds/sudoku/logic/native/*.h)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip 'setuptools>=77'
	$(PY) -m pip install --quiet -e '.[test,render,minizinc,plot,count,web,jobs,dask]'
	touch $(STAMP)

$(DOCS_STAMP): $(STAMP) pyproject.toml
	$(PY) -m pip install --quiet -e '.[docs]'
	touch $(DOCS_STAMP)

## solve a bundled example and print the board
demo: $(STAMP)
	$(VENV)/bin/gridsat solve --example sudoku-9x9
	$(VENV)/bin/gridsat check --example jigsaw-9x9

## the web workbench on http://127.0.0.1:8000/ (PORT=8080 for another port; Ctrl-C stops it)
PORT ?= 8000
serve: $(STAMP)
	$(VENV)/bin/gridsat serve --port $(PORT)

## axe-core (npm, pinned) for the workbench's accessibility tests, into .venv/npm; without npm
## or the registry it says so and the tests skip with the reason
AXE_VERSION := 4.10.3
AXE := $(VENV)/npm/node_modules/axe-core/axe.min.js
$(AXE):
	@if command -v npm >/dev/null 2>&1; then \
	    npm install --silent --no-audit --no-fund --no-save --prefix $(VENV)/npm axe-core@$(AXE_VERSION) \
	    || echo "axe-core could not be installed: the accessibility tests will skip"; \
	else echo "npm is not installed: the accessibility tests will skip"; fi
axe: $(AXE)

## run the whole test suite (and the doctests in src/gridsat, collected by conftest.py)
test: $(STAMP) $(AXE)
	$(PY) -m pytest -q -n 2 tests src/gridsat

## long fuzzing campaigns: the readers and the CLI, then the web server on 127.0.0.1 (niced; see docs/howto/fuzzing.md)
FUZZ_INPUTS ?= 100000
FUZZ_REQUESTS ?= 20000
fuzz: $(STAMP)
	nice -n 10 $(PY) -m tests.fuzz.campaign --inputs $(FUZZ_INPUTS)
	nice -n 10 $(PY) -m tests.fuzz.web --requests $(FUZZ_REQUESTS)

## build the documentation site into docs/_build/html (warnings are errors)
docs: $(DOCS_STAMP)
	rm -rf docs/reference/generated  # (pages of modules that moved or went must not linger)
	$(PY) -m sphinx -b html -W --keep-going -q docs docs/_build/html
	@echo "docs: open docs/_build/html/index.html"

clean:
	rm -rf $(VENV) build src/*.egg-info src/gridsat/_native*.so
