"""Every lesson notebook has the set-up cell of the browser edition first and hides all its
code, in JupyterLab and in the book (tools/lesson_cells.py puts a notebook in shape)."""
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import lesson_cells  # noqa: E402

NOTEBOOKS = lesson_cells.notebooks()


def test_every_lesson_is_found():
    assert len(NOTEBOOKS) >= 30
    assert ROOT / "lessons" / "index.ipynb" in NOTEBOOKS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT / "lessons")))
def test_lesson_is_in_shape(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert lesson_cells.problems(nb) == []


def test_problems_are_found_and_fixed():
    nb = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": ["# Title"]},
                    {"cell_type": "code", "metadata": {"execution": {}}, "source": ["1 + 1"],
                     "outputs": [], "execution_count": None}]}
    found = lesson_cells.problems(nb)
    assert "the first code cell is not the set-up cell" in found
    assert any("run-time metadata" in f for f in found)
    fixed = lesson_cells.normalize(nb)
    assert lesson_cells.problems(fixed) == []
    assert [c["cell_type"] for c in fixed["cells"]] == ["markdown", "code", "code"]
    assert "".join(fixed["cells"][1]["source"]) == lesson_cells.SETUP_SOURCE
    # putting it in shape twice changes nothing
    assert lesson_cells.normalize(json.loads(json.dumps(fixed))) == fixed
