"""Running a lesson in a fresh kernel for a book, with the book's seed and edition.

Each notebook gets its own kernel (nbclient), started in the notebook's folder with:

- ``TUTOR_EDITION`` set to the edition being built (see :mod:`tutor.edition`), so widgets put the
  teacher's view into their static picture in the teacher edition only;
- ``TUTOR_DATA_DIR`` pointing at a fresh temporary folder, so a teacher's own progress record is
  never read into a book, nor touched by building one;
- ``PYTHONHASHSEED`` and Python's ``random`` seeded from the book's ``seed``, so a book built
  twice prints the same deals;
- the project on ``PYTHONPATH``, so the kernel imports this very ``tutor`` package.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

from ..edition import VARIABLE as EDITION_VARIABLE
from ..errors import BookError

__all__ = ["execute_notebook", "WIDGET_VIEW"]

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
_PROJECT = Path(__file__).resolve().parents[2]
_SEED_CELL = "import random as _book_random; _book_random.seed({seed}); del _book_random"


def _kernel_env(edition: str, seed: int, data_dir: str) -> dict:
    env = dict(os.environ)
    env[EDITION_VARIABLE] = edition
    env["TUTOR_DATA_DIR"] = data_dir
    env["PYTHONHASHSEED"] = str(seed)
    path = env.get("PYTHONPATH", "")
    env["PYTHONPATH"] = str(_PROJECT) + (os.pathsep + path if path else "")
    return env


def execute_notebook(path: Path, edition: str, seed: int, timeout: int, where: str):
    """The notebook at ``path`` run top to bottom in a fresh kernel; ``where`` (the book file and
    chapter) starts every error message."""
    try:
        nb = nbformat.read(str(path), as_version=4)
    except Exception as err:  # nbformat raises several kinds for unreadable notebooks
        raise BookError(f"{where}: the notebook cannot be read ({type(err).__name__}: "
                        f"{str(err)[:120]})") from None
    seed_cell = nbformat.v4.new_code_cell(_SEED_CELL.format(seed=seed))
    nb.cells.insert(0, seed_cell)
    for attempt in (1, 2):
        with tempfile.TemporaryDirectory(prefix="tutor-book-") as data_dir:
            client = NotebookClient(nb, timeout=timeout, kernel_name="python3",
                                    resources={"metadata": {"path": str(path.parent)}},
                                    allow_errors=False, record_timing=False)
            try:
                client.execute(env=_kernel_env(edition, seed, data_dir), stderr=subprocess.DEVNULL)
                break
            except CellTimeoutError:
                raise BookError(f"{where}: a cell ran longer than {timeout} s (raise 'timeout' in "
                                f"the book file if the lesson really needs it)") from None
            except CellExecutionError as err:
                index = _failed_cell(nb)
                detail = f"{err.ename}: {err.evalue}" if getattr(err, "ename", "") else str(err)[-300:]
                at = f" in cell {index}" if index else ""
                raise BookError(f"{where}: the notebook stopped with an error{at}: {detail}") from None
            except DeadKernelError:
                raise BookError(f"{where}: the kernel died while the notebook ran") from None
            except Exception as err:
                # the kernel did not start (a busy machine); once more, then give up clearly
                if attempt == 2 or client.code_cells_executed:
                    raise BookError(f"{where}: the notebook's kernel failed "
                                    f"({type(err).__name__}: {str(err)[:160]})") from None
    nb.cells.remove(seed_cell)
    return nb


def _failed_cell(nb) -> int | None:
    """The 1-based number (among the notebook's own cells) of the first cell with an error."""
    for number, cell in enumerate(nb.cells[1:], start=1):
        if any(o.get("output_type") == "error" for o in cell.get("outputs", ())):
            return number
    return None
