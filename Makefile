# Everything runs inside .venv, made from the system python3 on first use.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: demo test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,render,minizinc,plot,count]'
	touch $(STAMP)

## solve a bundled example and print the board
demo: $(STAMP)
	$(VENV)/bin/gridsat solve --example sudoku-9x9
	$(VENV)/bin/gridsat check --example jigsaw-9x9

## run the whole test suite
test: $(STAMP)
	$(PY) -m pytest -q -n 2 tests

clean:
	rm -rf $(VENV) build src/*.egg-info
