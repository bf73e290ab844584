"""The browser edition in Debian's Chromium: the site built from this checkout (downloads from
``lite/.cache``), served on 127.0.0.1, every request to any other host blocked and recorded.

``TUTOR_LITE_SITE=DIR`` tests an already built site instead of building one. Screenshots of each
step go to ``lite/_screens/``.
"""
import json
import os
import shutil
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ROOT / "lite" / "_screens"
# the resolver knows no host but this machine's: nothing un-routed can leave it either
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    given = os.environ.get("TUTOR_LITE_SITE")
    if given:
        return Path(given)
    from tutor import lite
    report = lite.build(tmp_path_factory.mktemp("lite") / "site")
    print(report.summary())
    return report.out_dir


@pytest.fixture(scope="session")
def served(site):
    from tutor import lite
    server = lite.make_server(site, port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser():
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    pytest.importorskip("playwright")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, headless=True, args=LAUNCH_ARGS)
        yield browser
        browser.close()


class Guard:
    """Routes every request of a browser context: the site's own go through, anything else is
    aborted and recorded. The site's configuration is served with the app exposed to the page
    (``window.jupyterapp``), so a test can create notebooks and run their cells."""

    def __init__(self, base: str):
        self.base = base
        self.origin = urlparse(base)
        self.blocked: list[str] = []
        self.requests = 0

    def local(self, url: str) -> bool:
        if url.startswith(("data:", "blob:", "about:")):
            return True
        parsed = urlparse(url)
        return parsed.hostname == self.origin.hostname and parsed.port == self.origin.port

    def route(self, route):
        url = route.request.url
        self.requests += 1
        if not self.local(url):
            self.blocked.append(url)
            route.abort()
            return
        if urlparse(url).path == "/jupyter-lite.json":
            response = route.fetch()
            config = response.json()
            config["jupyter-config-data"]["exposeAppInBrowser"] = True
            route.fulfill(response=response, body=json.dumps(config),
                          headers={**response.headers, "content-type": "application/json"})
            return
        route.continue_()

    def watch(self, request):
        if not self.local(request.url) and request.url not in self.blocked:
            self.blocked.append(request.url)


def new_context(browser, served, **options):
    context = browser.new_context(viewport={"width": 1400, "height": 1000},
                                  service_workers="allow", **options)
    guard = Guard(served)
    context.route("**/*", guard.route)
    context.on("request", guard.watch)
    context.guard = guard
    return context


@pytest.fixture(scope="module")
def context(browser, served):
    context = new_context(browser, served)
    yield context
    context.close()


@pytest.fixture(autouse=True)
def nothing_leaves(request):
    """Fails a test during which the site asked for anything from another host, listing it."""
    if "context" not in request.fixturenames:
        yield
        return
    guard = request.getfixturevalue("context").guard
    before = len(guard.blocked)
    yield
    leaked = guard.blocked[before:]
    assert not leaked, "requests to other hosts (blocked):\n" + "\n".join(leaked[:20])


@pytest.fixture
def shoot(request):
    """``shoot(page, label)``: a screenshot in lite/_screens/ to look at."""
    SCREENS.mkdir(parents=True, exist_ok=True)

    def take(page, label):
        path = SCREENS / f"{request.node.name}-{label}.png"
        page.screenshot(path=str(path))
        return path

    return take


@pytest.fixture(autouse=True)
def show_failure(request):
    """After a failed test: a screenshot of each open page and what its notebook holds, printed,
    so a failure on another machine can be read from its log."""
    yield
    report = getattr(request.node, "rep_call", None)
    if report is None or not report.failed or "context" not in request.fixturenames:
        return
    SCREENS.mkdir(parents=True, exist_ok=True)
    for k, page in enumerate(request.getfixturevalue("context").pages):
        page.screenshot(path=str(SCREENS / f"{request.node.name}-failed-{k}.png"))
        panels = page.evaluate("() => Array.from(document.querySelectorAll('.jp-NotebookPanel'))"
                               ".map(p => p.className)")
        print(f"page {k}: {page.url}\n  panels: {panels}\n  notebook: "
              f"{page.evaluate(NOTEBOOK_STATE)}")


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


# ----------------------------------------------------------------------------- JupyterLite helpers
NOTEBOOK_STATE = """() => {
  const app = window.jupyterapp;
  const panel = app && app.shell.currentWidget;
  if (!panel || !panel.content || !panel.sessionContext) return null;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  const cells = panel.content.widgets.filter(c => c.model.type === 'code');
  const outputs = cells.map(c => c.model.outputs.toJSON());
  return {
    path: panel.context.path,
    kernel: kernel ? kernel.status : null,
    counts: cells.map(c => c.model.executionCount),
    shown: outputs.map(o => o.map(x => x.output_type + ' ' + Object.keys(x.data || {}).join('|'))),
    errors: outputs.flat().filter(o => o.output_type === 'error' ||
                                   (o.output_type === 'stream' && o.name === 'stderr'))
                   .map(o => o.output_type === 'error' ? o.ename + ': ' + o.evalue : o.text),
  };
}"""


CLOSE_ALL = """async () => {
  const app = window.jupyterapp;
  if (!app) return;
  for (const w of Array.from(app.shell.widgets('main'))) {
    if (w.context) w.context.model.dirty = false;   // nothing of a test's runs is to be saved
    w.close();
  }
  await app.serviceManager.sessions.shutdownAll();
}"""


def open_lab(page, base: str, path: str, timeout: float = 90.0):
    """Opens ``path`` (a notebook of the site) in JupyterLab, alone (the notebooks open before
    are closed with their kernels, so the lab does not restore them), and waits for its kernel."""
    if page.url.startswith(base):
        page.evaluate(CLOSE_ALL)
        time.sleep(1.0)            # the lab stores its closed layout
    page.goto(f"{base}/lab/index.html?path={path}")
    try:       # a notebook the lab cannot match to its kernel asks which to start: the proposed one
        page.locator(".jp-Dialog .jp-mod-accept").click(timeout=5_000)
    except Exception:
        pass
    page.wait_for_function(f"""() => {{
        const app = window.jupyterapp;
        const w = app && app.shell.currentWidget;
        if (!w || !w.context || !w.sessionContext) return false;
        const session = w.sessionContext.session;
        return w.context.path === {json.dumps(path)} && !!session && !!session.kernel &&
               session.kernel.status === 'idle';
    }}""", timeout=timeout * 1000)
    # the lab may have restored an earlier layout beside it (its closed layout is stored late on
    # a slow machine): only the notebook asked for stays open
    page.evaluate("""(path) => {
        for (const w of Array.from(window.jupyterapp.shell.widgets('main'))) {
            if (!w.context || w.context.path !== path) {
                if (w.context) w.context.model.dirty = false;
                w.close();
            }
        }
    }""", path)
    page.wait_for_function("() => document.querySelectorAll('.jp-NotebookPanel').length === 1",
                           timeout=timeout * 1000)


# the notebook on show (hidden tabs keep their cells in the page)
NOTEBOOK = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook"


def run_all(page, timeout: float = 300.0) -> dict:
    """Runs every cell of the open notebook (as Run > Run All Cells) and waits for the end."""
    page.evaluate("() => { window.__tutorRunAll = window.jupyterapp.commands.execute("
                  "'notebook:run-all-cells'); }")
    return wait_idle(page, timeout)


def wait_idle(page, timeout: float = 300.0) -> dict:
    end = time.time() + timeout
    state = None
    while time.time() < end:
        state = page.evaluate(NOTEBOOK_STATE)
        if state and state["kernel"] == "idle" and all(c is not None for c in state["counts"]):
            time.sleep(0.3)
            again = page.evaluate(NOTEBOOK_STATE)
            if again["kernel"] == "idle":
                return again
        time.sleep(0.25)
    raise AssertionError(f"the notebook did not finish running in {timeout:.0f} s: {state}")


def save_notebook(page, path: str, cells: list[str]) -> None:
    """Writes a notebook of code cells into the site's drive (the browser's storage)."""
    nb = {"nbformat": 4, "nbformat_minor": 5,
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                      "language": "python"},
                       "language_info": {"name": "python"}},
          "cells": [{"cell_type": "code", "id": f"c{i}", "metadata": {}, "execution_count": None,
                     "outputs": [], "source": src} for i, src in enumerate(cells)]}
    page.evaluate("""async ([path, nb]) => {
        await window.jupyterapp.serviceManager.contents.save(path,
            {type: 'notebook', format: 'json', content: nb});
    }""", [path, nb])
