# Two commands do all set-up on a fresh machine (lesson cells share a kernel, so each file
# stays on one test worker: --dist loadfile):
#   make lab   - JupyterLab on the lessons
#   make test  - the whole test suite (unit tests and every lesson under nbval)
#   make test-browser - the play table in a real JupyterLab and Chromium (Playwright), the built
#                       lesson book in Chromium from disk with the network blocked
#   make book  - both sample lesson books, student and teacher editions, into book/_build/
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# JupyterLab refuses to start as root without --allow-root (common in containers)
ROOT_FLAG := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)
# The lab's settings live in the repository: widget state is not saved into the notebooks and
# nothing is saved automatically, so opening a lesson never rewrites the committed file.
LAB_SETTINGS := $(CURDIR)/lab-settings

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
	JUPYTERLAB_SETTINGS_DIR=$(LAB_SETTINGS) $(BIN)/jupyter lab $(ROOT_FLAG) lessons/

test: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n 2 --dist loadfile --nbval --nbval-current-env -p no:cacheprovider tests lessons

test-slow: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n 2 -m slow tests

# Needs Debian's Chromium (apt-get install chromium); Playwright drives it, no browser download.
test-browser: $(VENV)/.installed-test
# two runs: each suite keeps one Playwright session open, and two at once cannot share a process
	$(BIN)/python -m pytest -m browser -p no:cacheprovider tests/browser
	$(BIN)/python -m pytest -m browser -p no:cacheprovider tests/book

BOOKS := euchre-course four-games

book: $(VENV)/.installed-lab
	for name in $(BOOKS); do \
	  $(BIN)/tutor book build book/$$name.toml --edition both --out book/_build/$$name || exit 1; \
	done

clean:
	rm -rf $(VENV)
