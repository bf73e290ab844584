# Two commands do all set-up on a fresh machine (lesson cells share a kernel, so each file
# stays on one test worker: --dist loadfile):
#   make lab   - JupyterLab on the lessons
#   make test  - the whole test suite (unit tests and every lesson under nbval)
#   make book  - both sample lesson books, student and teacher editions, into book/_build/
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: lab test test-slow test-browser book bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.installed-lab: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

lab: $(VENV)/.installed-lab
	$(BIN)/jupyter lab lessons/

test: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n 2 --dist loadfile --nbval --nbval-current-env -p no:cacheprovider tests lessons

test-slow: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n 2 -m slow tests

test-browser: $(VENV)/.installed-test
	$(BIN)/python -m pytest -m browser tests

BOOKS := euchre-course four-games

book: $(VENV)/.installed-lab
	for name in $(BOOKS); do \
	  $(BIN)/tutor book build book/$$name.toml --edition both --out book/_build/$$name || exit 1; \
	done

clean:
	rm -rf $(VENV)
