"""Keeps every lesson notebook in the shape both editions need.

* The first code cell is the **set-up cell** (tag ``setup``): in the browser edition it installs
  trick-tutor from the site's own package index; in JupyterLab (and under nbval, and in the book)
  it does nothing. Its text is ``SETUP_SOURCE``, the same in every notebook.
* Every code cell's input is hidden: ``metadata.jupyter.source_hidden`` (JupyterLab and
  JupyterLite collapse it) and the tag ``hide-input`` (the book leaves it out). A learner reads
  the markdown above a cell and its output, never its code.
* Run-time metadata (``execution`` timings, ``collapsed``, ``scrolled``) is dropped, so opening
  and running a lesson leaves no noise in its diff.

    python tools/lesson_cells.py            # rewrites every notebook under lessons/
    python tools/lesson_cells.py --check    # lists the notebooks that are not in shape; exit 1
    python tools/lesson_cells.py lessons/euchre/01-first-hand.ipynb   # just these
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"

SETUP_TAG = "setup"
HIDE_TAG = "hide-input"
SETUP_SOURCE = (
    "import sys\n"
    "if sys.platform == \"emscripten\":  # the browser edition installs trick-tutor from its own site\n"
    "    import piplite\n"
    "    await piplite.install(\"trick-tutor\")"
)
_RUNTIME_KEYS = ("execution", "collapsed", "scrolled")


def notebooks(paths=()) -> list[Path]:
    if paths:
        return [Path(p) for p in paths]
    return sorted(p for p in LESSONS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def _setup_cell() -> dict:
    return {"cell_type": "code", "execution_count": None, "id": "tutor-setup",
            "metadata": {"jupyter": {"source_hidden": True}, "tags": [SETUP_TAG, HIDE_TAG]},
            "outputs": [], "source": SETUP_SOURCE.splitlines(keepends=True)}


def problems(nb: dict) -> list[str]:
    """What is out of shape in a notebook (empty when it is in shape)."""
    found = []
    code = [(i, c) for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code"]
    if not code:
        return ["no code cell"]
    first_index, first = code[0]
    if SETUP_TAG not in first["metadata"].get("tags", []) or "".join(first["source"]) != SETUP_SOURCE:
        found.append("the first code cell is not the set-up cell")
    for i, cell in code:
        if not cell["metadata"].get("jupyter", {}).get("source_hidden"):
            found.append(f"cell {i}: code not hidden in JupyterLab (metadata.jupyter.source_hidden)")
        if HIDE_TAG not in cell["metadata"].get("tags", []):
            found.append(f"cell {i}: code not hidden in the book (tag {HIDE_TAG})")
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "code" and i != first_index and SETUP_TAG in cell["metadata"].get("tags", []):
            found.append(f"cell {i}: a second set-up cell")
        for key in _RUNTIME_KEYS:
            if key in cell["metadata"]:
                found.append(f"cell {i}: run-time metadata {key!r}")
    return found


def normalize(nb: dict) -> dict:
    """The notebook in shape (changed in place and returned)."""
    cells = [c for c in nb["cells"]
             if not (c["cell_type"] == "code" and SETUP_TAG in c["metadata"].get("tags", []))]
    # the set-up cell goes right after the title cell(s), before any other code
    first_code = next((i for i, c in enumerate(cells) if c["cell_type"] == "code"), len(cells))
    cells.insert(first_code, _setup_cell())
    for cell in cells:
        meta = cell["metadata"]
        for key in _RUNTIME_KEYS:
            meta.pop(key, None)
        if cell["cell_type"] == "code":
            meta.setdefault("jupyter", {})["source_hidden"] = True
            tags = meta.setdefault("tags", [])
            if HIDE_TAG not in tags:
                tags.append(HIDE_TAG)
    nb["cells"] = cells
    return nb


def write(path: Path, nb: dict) -> None:
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", help="notebooks (default: every one under lessons/)")
    parser.add_argument("--check", action="store_true", help="only report; exit 1 if any is out of shape")
    args = parser.parse_args(argv)
    bad = 0
    for path in notebooks(args.paths):
        nb = json.loads(path.read_text(encoding="utf-8"))
        found = problems(nb)
        if not found:
            continue
        bad += 1
        if args.check:
            print(f"{path}: {found[0]}" + (f" (and {len(found) - 1} more)" if len(found) > 1 else ""))
        else:
            write(path, normalize(nb))
            print(f"{path}: put in shape")
    return 1 if args.check and bad else 0


if __name__ == "__main__":
    sys.exit(main())
