"""The browser edition's speed beside native CPython on the same machine, in one run.

    python benchmarks/lite.py                 # builds a site with two measuring notebooks first
    python benchmarks/lite.py --hands 3 --hint-hands 3
    python benchmarks/lite.py --no-browser    # native figures only

Prints, for native CPython (the compiled solver core and the Python one) and for Pyodide in
Debian's Chromium (headless, the site served on 127.0.0.1, every other host blocked):

- opening a lesson to its first table drawn: natively a new Python process that imports
  trick-tutor and draws a PlayTable; in the browser from loading the lesson's page (a notebook
  whose set-up cell installs trick-tutor from the site, then a table) to the table on screen,
  cold (new browser profile: nothing cached) and warm (the same profile again);
- a click to the updated table with basic bots: ``PlayTable.click`` inside the kernel (the
  learner's action, the bots' replies, the table redrawn), median and p90; in the browser also
  the whole round trip from a click on a card button to the new table on screen;
- the expert hint's sampled deals at its 1 s budget for the first lead of Euchre, Clabber and
  Lora Minimum (median over seeded hands, as benchmarks/hints.py counts them);
- one Euchre and one Lora Minimum double-dummy solve from the first lead.

Aims: first table <= 20 s cold, click <= 300 ms median, >= 16 sampled deals in Euchre.
Wall-clock times; the machine's load is printed with them.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# Runs natively and, as a notebook cell, in Pyodide: prints one JSON line of figures.
PROBE = r'''
import json, statistics, time
from tutor import bots, games, solver
from tutor.bots import basic
from tutor.widgets import PlayTable

HANDS, HINT_HANDS = {hands}, {hint_hands}

def _q(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else None

figures = {{"core": solver.backend()}}
clicks = []
table = PlayTable("euchre", seed=1, bots="basic", background=False)
for _ in range(HANDS):
    while not table.state.is_over:
        legal = list(table.state.view(0).legal)
        last = len(table.state.hands[0]) == 1 and table.state.phase == "play"
        t0 = time.perf_counter()
        table.click(legal[len(legal) // 2])
        if not last:                       # the hand's last click also solves the review
            clicks.append(time.perf_counter() - t0)
    if table.match.is_over or not table.next_hand():
        break
figures["click_ms"] = [1000 * statistics.median(clicks), 1000 * _q(clicks, 0.9), len(clicks)]

def first_lead(game, seed, **options):
    state = games.new_hand(game, seed=seed, **options)
    while not (state.phase == "play" and not state.tricks and not state.trick):
        if state.is_over:
            return None
        state.apply(basic.choose(state.view(state.to_move)))
    return state

hints = {{}}
for name, game, options in (("euchre", "euchre", {{}}), ("clabber", "clabber", {{}}),
                            ("lora minimum", "lora", {{"contract": "minimum"}})):
    samples = []
    for seed in range(1, 1 + HINT_HANDS + 8):
        state = first_lead(game, seed, **options)
        if state is None:
            continue
        if len(samples) == 0:
            bots.hint(state.view(state.to_move), level="expert", budget=1.0, seed=0)   # warm-up
        h = bots.hint(state.view(state.to_move), level="expert", budget=1.0, seed=seed)
        samples.append(h.samples or 0)
        if len(samples) >= HINT_HANDS:
            break
    hints[name] = [statistics.median(samples), min(samples), len(samples)] if samples else None
figures["hint_samples"] = hints

solves = {{}}
for name, game, options in (("euchre", "euchre", {{}}), ("lora minimum", "lora", {{"contract": "minimum"}})):
    state = first_lead(game, 7, **options)
    t0 = time.perf_counter()
    solver.solve(state)
    solves[name] = time.perf_counter() - t0
figures["solve_s"] = solves
print("TUTOR-FIGURES " + json.dumps(figures))
'''

FIRST_TABLE = ("import time\nt0 = time.perf_counter()\nfrom tutor.widgets import PlayTable\n"
               "t = PlayTable('euchre', seed=1, bots='basic')\nt._repr_mimebundle_()\n"
               "print(time.perf_counter() - t0)")


def load() -> str:
    try:
        one, five, _ = os.getloadavg()
        return f"load average {one:.2f} (5 min {five:.2f}) on {os.cpu_count()} cores"
    except OSError:
        return "load average unknown"


def native(hands: int, hint_hands: int, core: str) -> dict:
    env = dict(os.environ, TUTOR_SOLVER=core, TUTOR_DATA_DIR=tempfile.mkdtemp(prefix="tutor-bench-"))
    runs = []
    for _ in range(2):       # a new process each time: the first cold, the second with warm files
        t0 = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", FIRST_TABLE], env=env, cwd=ROOT,
                              capture_output=True, text=True, check=True)
        runs.append(time.perf_counter() - t0)
    done = subprocess.run([sys.executable, "-c", PROBE.format(hands=hands, hint_hands=hint_hands)],
                          env=env, cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"the native probe failed:\n{done.stderr[-2000:]}")
    line = next(ln for ln in done.stdout.splitlines() if ln.startswith("TUTOR-FIGURES "))
    figures = json.loads(line.split(" ", 1)[1])
    figures["first_table_s"] = runs
    return figures


# ----------------------------------------------------------------------------- browser
CLICK_JS = """async (node) => {
  const cards = node.querySelectorAll('button.tutor-card:enabled');
  const acts = node.querySelectorAll('button.tutor-action:not(.tutor-control):not(.tutor-retry):enabled');
  const button = cards.length ? cards[0] : (acts.length ? acts[acts.length - 1] : null);
  if (!button) return null;
  const before = node.innerText;
  const t0 = performance.now();
  button.click();
  while (performance.now() - t0 < 60000) {
    await new Promise(r => requestAnimationFrame(r));
    if (node.innerText !== before && !node.querySelector('.tutor-busy')) return performance.now() - t0;
  }
  return -1;
}"""


def _notebook(cells: list[str]) -> str:
    return json.dumps({"nbformat": 4, "nbformat_minor": 5,
                       "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                   "language": "python"},
                                    "language_info": {"name": "python"}},
                       "cells": [{"cell_type": "code", "id": f"c{i}", "metadata": {},
                                  "execution_count": None, "outputs": [], "source": src}
                                 for i, src in enumerate(cells)]})


def build_site(hands: int, hint_hands: int) -> Path:
    """The site of this checkout plus two notebooks that measure (a table; the probe), built
    from a copy of the sources so the checkout is left as it was."""
    from tutor import lite
    spec = importlib.util.spec_from_file_location("lesson_cells", ROOT / "tools" / "lesson_cells.py")
    cells = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cells)
    work = Path(tempfile.mkdtemp(prefix="tutor-lite-bench-"))
    src = work / "src"
    src.mkdir()
    for name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    for name in ("tutor", "puzzles", "lessons"):
        shutil.copytree(ROOT / name, src / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", ".ipynb_checkpoints"))
    (src / "lessons" / "bench-table.ipynb").write_text(_notebook(
        [cells.SETUP_SOURCE, "from tutor.widgets import PlayTable\n"
                             "table = PlayTable('euchre', seed=1, bots='basic')\ntable"]))
    (src / "lessons" / "bench-probe.ipynb").write_text(_notebook(
        [cells.SETUP_SOURCE, PROBE.format(hands=hands, hint_hands=hint_hands)]))
    report = lite.build(work / "site", root=src)
    print(report.summary(), flush=True)
    return report.out_dir


def browser(site: Path) -> dict:
    from playwright.sync_api import sync_playwright

    from tests.lite.conftest import LAUNCH_ARGS, new_context, open_lab, wait_idle
    from tutor import lite
    chromium = shutil.which("chromium")
    if chromium is None:
        raise SystemExit("Chromium is not installed (apt-get install chromium)")
    server = lite.make_server(site, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    figures: dict = {"first_table_s": [], "click_dom_ms": None}
    with sync_playwright() as pw:
        chrome = pw.chromium.launch(executable_path=chromium, headless=True, args=LAUNCH_ARGS)
        context = new_context(chrome, base)     # a new profile: nothing cached (cold)

        def first_table() -> tuple[float, object]:
            page = context.new_page()
            page.set_default_timeout(300_000)
            t0 = time.perf_counter()
            page.goto(f"{base}/lab/index.html?path=lessons/bench-table.ipynb")
            # the kernel first (a run before it exists asks which kernel to start)
            try:
                page.locator(".jp-Dialog .jp-mod-accept").click(timeout=10_000)
            except Exception:
                pass                           # no dialog: the kernel starts by itself
            page.wait_for_function("""() => {
                const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
                const s = w && w.sessionContext && w.sessionContext.session;
                return !!s && !!s.kernel && s.kernel.status === 'idle'; }""")
            page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
            page.locator(".jp-OutputArea .tutor-root button.tutor-action").first.wait_for(
                state="visible", timeout=300_000)
            return time.perf_counter() - t0, page

        took, page = first_table()
        figures["first_table_s"].append(took)
        print(f"  first table, cold: {took:.1f} s", flush=True)
        page.evaluate("async () => { await window.jupyterapp.serviceManager.sessions.shutdownAll(); }")
        page.close()
        took, page = first_table()            # warm: the same profile again
        figures["first_table_s"].append(took)
        print(f"  first table, warm: {took:.1f} s", flush=True)
        node = page.locator(".jp-OutputArea .tutor-root").first
        rounds = []
        for _ in range(12):
            ms = node.evaluate(CLICK_JS)
            if ms is None or ms < 0 or "The hand is over" in node.inner_text():
                break
            rounds.append(ms)
        if rounds:
            figures["click_dom_ms"] = [statistics.median(rounds),
                                       sorted(rounds)[min(len(rounds) - 1, int(0.9 * len(rounds)))],
                                       len(rounds)]
            print(f"  click -> screen: median {figures['click_dom_ms'][0]:.0f} ms", flush=True)
        open_lab(page, base, "lessons/bench-probe.ipynb", timeout=300)
        page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
        state = wait_idle(page, timeout=1800)
        text = page.evaluate("""() => window.jupyterapp.shell.currentWidget.content.widgets
            .filter(c => c.model.type === 'code')
            .map(c => c.model.outputs.toJSON().map(o => o.text || '').join('')).join('')""")
        lines = [ln for ln in text.splitlines() if ln.startswith("TUTOR-FIGURES ")]
        if not lines:
            raise SystemExit(f"the browser probe printed no figures: {state['errors'][:3]}")
        figures.update(json.loads(lines[0].split(" ", 1)[1]))
        if context.guard.blocked:
            raise SystemExit("requests to other hosts: " + ", ".join(context.guard.blocked[:5]))
        context.close()
        chrome.close()
    server.shutdown()
    return figures


def show(rows: list[tuple[str, dict]]) -> None:
    def cell(value, fmt):
        return "—" if value is None else format(value, fmt)

    width = 34
    print(f"\n{'':<{width}}" + "".join(f"{name:>22}" for name, _ in rows))
    lines = [
        ("first table, cold (s)", lambda f: cell(f["first_table_s"][0], ".1f")),
        ("first table, warm (s)", lambda f: cell(f["first_table_s"][1], ".1f")),
        ("click -> table, median (ms)", lambda f: cell(f["click_ms"][0], ".0f")),
        ("click -> table, p90 (ms)", lambda f: cell(f["click_ms"][1], ".0f")),
        ("click -> screen, median (ms)", lambda f: cell((f.get("click_dom_ms") or [None])[0], ".0f")),
        ("click -> screen, p90 (ms)", lambda f: cell((f.get("click_dom_ms") or [None, None])[1], ".0f")),
    ]
    for game in ("euchre", "clabber", "lora minimum"):
        lines.append((f"hint deals at 1 s, {game}",
                      lambda f, g=game: cell((f["hint_samples"].get(g) or [None])[0], ".0f")))
    for game in ("euchre", "lora minimum"):
        lines.append((f"solve {game} (s)", lambda f, g=game: cell(f["solve_s"].get(g), ".3f")))
    for label, get in lines:
        print(f"{label:<{width}}" + "".join(f"{get(f):>22}" for _, f in rows))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=2, help="hands of basic-bot clicks")
    parser.add_argument("--hint-hands", type=int, default=3, help="seeded hands per hint figure")
    parser.add_argument("--no-browser", action="store_true", help="native figures only")
    args = parser.parse_args()
    print(load(), flush=True)
    rows = [("native, compiled core", native(args.hands, args.hint_hands, "compiled")),
            ("native, Python core", native(args.hands, args.hint_hands, "python"))]
    if not args.no_browser:
        site = build_site(args.hands, args.hint_hands)
        rows.append(("Pyodide in Chromium", browser(site)))
    show(rows)
    print(load())
    print("aims: first table <= 20 s cold, click <= 300 ms median, >= 16 deals in Euchre")


if __name__ == "__main__":
    main()
