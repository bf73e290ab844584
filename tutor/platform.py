"""Where the package runs: natively (CPython) or in the browser edition (Pyodide in JupyterLite).

The browser has no threads, no processes and no file locks, and its files persist only under
JupyterLite's drive (mounted at ``/drive``). Code that must take another road there asks
:func:`in_browser` at call time (tests force the browser road by setting ``IN_BROWSER``).
Nothing heavy is imported here.
"""

from __future__ import annotations

import os
import sys
import time

__all__ = ["IN_BROWSER", "BROWSER_DRIVE", "in_browser", "single_process_jobs", "drive_ready"]

IN_BROWSER = sys.platform == "emscripten"

# JupyterLite's kernel mounts the site's drive here; what is written under it is kept in the
# browser's storage (IndexedDB) and survives a reload
BROWSER_DRIVE = "/drive"

_told: set[str] = set()
_drive = {"ready": False, "waited": False}

# On a first visit the page's service worker, which carries the kernel's file calls to the
# browser's storage, may take charge a moment after the kernel has started: until then every
# call on the drive fails. So the first look waits for it a few seconds.
DRIVE_WAIT = 8.0


def in_browser() -> bool:
    """True in the browser edition (read at call time, so tests can force either road)."""
    return IN_BROWSER


def single_process_jobs(jobs, what: str) -> int:
    """The number of processes ``what`` may use: ``jobs`` natively, 1 in the browser (which has
    no processes), saying so in one line the first time. ``jobs`` must be a whole number >= 1."""
    from .errors import TutorError
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise TutorError(f"jobs (the number of processes) must be a whole number of at least 1, "
                         f"not {jobs!r:.40}")
    if jobs > 1 and in_browser():
        if what not in _told:
            _told.add(what)
            print(f"The browser runs {what} in one process (it has no others): "
                  f"jobs={jobs} becomes 1.", file=sys.stderr)
        return 1
    return jobs


def drive_ready(probe=None, wait: float | None = None) -> bool:
    """In the browser: whether JupyterLite's drive answers (the lessons' files and the
    learner's record live there), tried by ``probe()`` (default: listing the drive). The first
    call waits up to ``DRIVE_WAIT`` seconds for the drive to come up; later calls try once.
    Natively always True."""
    if not in_browser():
        return True
    if probe is None and _drive["ready"]:
        return True
    first = not _drive["waited"]
    deadline = time.monotonic() + (wait if wait is not None else DRIVE_WAIT if first else 0)
    while True:
        try:
            os.listdir(BROWSER_DRIVE)
            if probe is not None:
                probe()
            _drive["ready"] = True
            return True
        except Exception as err:      # the drive's calls fail in odd ways while it is not up
            _drive["last_error"] = f"{type(err).__name__}: {err}"
        if time.monotonic() >= deadline:
            _drive["waited"] = True
            return False
        time.sleep(0.25)
