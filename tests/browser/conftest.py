"""A real JupyterLab started on a free port and Debian's Chromium driven by Playwright.

The lab runs on a temporary copy of the notebook under test, so nothing in the repository is
written. Screenshots go to ``$TUTOR_SCREENSHOTS`` (default: a temporary directory, printed):
one on every failure, and a few along the way for people to look at.
"""
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def shots_dir() -> Path:
    path = Path(os.environ.get("TUTOR_SCREENSHOTS") or Path(tempfile.gettempdir()) / "tutor-browser-shots")
    path.mkdir(parents=True, exist_ok=True)
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def notebook(cells: list[str]) -> dict:
    return {"nbformat": 4, "nbformat_minor": 5,
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                        "language": "python"}},
            "cells": [{"cell_type": "code", "id": uuid.uuid4().hex[:8], "metadata": {},
                       "execution_count": None, "outputs": [], "source": src} for src in cells]}


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    pytest.importorskip("playwright")
    work = tmp_path_factory.mktemp("lab")
    # the lessons' custom.css, served from the lab's configuration folder as `make lab` does
    shutil.copytree(ROOT / "lab-settings" / "config" / "custom", work / ".config" / "custom")
    port, token = free_port(), uuid.uuid4().hex
    env = dict(os.environ, PYTHONPATH=str(ROOT), JUPYTERLAB_SETTINGS_DIR=str(ROOT / "lab-settings"),
               JUPYTER_CONFIG_DIR=str(work / ".config"), JUPYTER_RUNTIME_DIR=str(work / ".runtime"))
    cmd = [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={port}",
           f"--ServerApp.token={token}", f"--ServerApp.root_dir={work}",
           "--ServerApp.ip=127.0.0.1", "--LabApp.custom_css=True", "--LabApp.news_url=", "--LabApp.check_for_updates_class="
           "jupyterlab.NeverCheckForUpdate"]
    if os.geteuid() == 0:
        cmd.append("--allow-root")
    log = open(work / "lab.log", "w")
    proc = subprocess.Popen(cmd, cwd=work, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    for _ in range(120):
        try:
            urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=1)
            break
        except OSError:
            if proc.poll() is not None:
                raise RuntimeError("JupyterLab did not start:\n" + (work / "lab.log").read_text())
            time.sleep(0.5)
    else:
        proc.terminate()
        raise RuntimeError("JupyterLab did not answer in 60 s")
    yield {"url": url, "token": token, "dir": work, "chromium": chromium}
    proc.terminate()
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


@pytest.fixture(scope="session")
def browser_context(lab, tmp_path_factory):
    from playwright.sync_api import sync_playwright
    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(profile), executable_path=lab["chromium"], headless=True, args=LAUNCH_ARGS,
            viewport={"width": 1400, "height": 1000})
        yield context
        context.close()


def open_notebook(lab, context, name: str, cells: list[str]):
    """Write the notebook, open it in the lab, accept the kernel dialog, run all cells."""
    (lab["dir"] / name).write_text(json.dumps(notebook(cells)))
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(f"{lab['url']}/lab/tree/{name}?token={lab['token']}")
    page.wait_for_selector(".jp-Notebook", timeout=90_000)
    # a kernel dialog may ask which kernel to start: accept the proposed one
    try:
        page.wait_for_selector(".jp-Dialog .jp-mod-accept", timeout=5_000)
        page.click(".jp-Dialog .jp-mod-accept")
    except Exception:
        pass
    page.wait_for_function("document.querySelector('.jp-Notebook-ExecutionIndicator') !== null"
                           " || true")
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
    return page


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


@pytest.fixture
def shoot(request):
    """``shoot(page, label)`` saves a screenshot to look at (failures are shot by the tests'
    own autouse fixture)."""
    def take(page, label):
        path = shots_dir() / f"{request.node.name}-{label}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take
