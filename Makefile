# Two commands do all set-up on a fresh machine (lesson cells share a kernel, so each file
# stays on one test worker: --dist loadfile):
#   make lab   - JupyterLab on the lessons
#   make test  - the whole test suite (unit tests and every lesson under nbval)
#   make test-browser - the play table in a real JupyterLab and Chromium (Playwright), the built
#                       lesson book in Chromium from disk with the network blocked
#   make book  - both sample lesson books, student and teacher editions, into book/_build/
#   make lite  - the zero-install browser edition (JupyterLite) into lite/_output/
#   make serve-lite - serves it on http://127.0.0.1:8000/ (LITE_PORT=...)
#   make test-lite  - the browser edition in Chromium, every request to another host blocked
# Each target installs the extras it needs: lab, book, lite, test (test = lab + book + lite).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# JupyterLab refuses to start as root without --allow-root (common in containers)
ROOT_FLAG := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)
# The lab's settings live in the repository: widget state is not saved into the notebooks and
# nothing is saved automatically, so opening a lesson never rewrites the committed file.
LAB_SETTINGS := $(CURDIR)/lab-settings

.PHONY: lab test test-slow test-browser book lite serve-lite test-lite bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.installed-lab: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[lab]'
	touch $@

$(VENV)/.installed-book: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[book]'
	touch $@

$(VENV)/.installed-lite: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[lite]'
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

# The lab's own configuration folder holds custom/custom.css, which shows nothing where a lesson
# hides a cell's code (JupyterLab serves custom.css only from the configuration folder).
lab: $(VENV)/.installed-lab
	JUPYTERLAB_SETTINGS_DIR=$(LAB_SETTINGS) JUPYTER_CONFIG_DIR=$(LAB_SETTINGS)/config \
	  $(BIN)/jupyter lab $(ROOT_FLAG) --LabApp.custom_css=True lessons/

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

book: $(VENV)/.installed-book
	for name in $(BOOKS); do \
	  $(BIN)/tutor book build book/$$name.toml --edition both --out book/_build/$$name || exit 1; \
	done

# The browser edition: Pyodide from npm, wheels from PyPI (kept in lite/.cache/), prints the
# site's size and the build time
lite: $(VENV)/.installed-lite
	$(BIN)/tutor lite build

LITE_PORT ?= 8000
serve-lite: $(VENV)/.installed-lite
	[ -f lite/_output/index.html ] || $(BIN)/tutor lite build
	$(BIN)/tutor lite serve --port $(LITE_PORT)

# Builds the site and plays it in Debian's Chromium (screenshots in lite/_screens/)
test-lite: $(VENV)/.installed-test
	$(BIN)/python -m pytest -m browser -p no:cacheprovider tests/lite

clean:
	rm -rf $(VENV) lite/_output
