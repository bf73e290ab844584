"""What the course tests share: running a lesson's code cells as a kernel would, and playing
the learner's seat by the basic advice until a promised situation arises."""
import json
import os

from tutor import bots

_RUN: dict = {}


def run_lesson(course, stem, tmp_path_factory):
    """A lesson's code cells run in order in one namespace, from the lesson's own folder (puzzle
    files are found relative to it), recording progress into a fresh directory."""
    path = course / f"{stem}.ipynb"
    if path not in _RUN:
        os.environ["TUTOR_DATA_DIR"] = str(tmp_path_factory.mktemp("progress"))
        nb = json.loads(path.read_text(encoding="utf-8"))
        namespace: dict = {"display": lambda *a, **k: None}
        here = os.getcwd()
        os.chdir(course)
        try:
            for cell in nb["cells"]:
                # the set-up cell only acts in the browser edition (and awaits there)
                if cell["cell_type"] == "code" and "setup" not in cell["metadata"].get("tags", []):
                    exec(compile("".join(cell["source"]), path.name, "exec"), namespace)
        finally:
            os.chdir(here)
        _RUN[path] = namespace
    return _RUN[path]


def follow_advice_until(table, wanted, limit=80):
    """Play the learner's seat by the basic advice until ``wanted(state)`` holds (True) or the
    first hand ends (False)."""
    for _ in range(limit):
        state = table.state
        if state.to_move == 0 and wanted(state):
            return True
        if state.is_over:
            return False
        table.click(str(bots.hint(state.view(0), level="basic").action))
    return False
