# Two commands do all set-up on a fresh machine (lesson cells share a kernel, so each file
# stays on one test worker: --dist loadfile):
#   make lab   - JupyterLab on the lessons
#   make test  - the whole test suite (unit tests and every lesson under nbval)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: lab test test-slow bench clean

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

clean:
	rm -rf $(VENV)
