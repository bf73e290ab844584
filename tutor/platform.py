"""Where the package runs: natively (CPython) or in the browser edition (Pyodide in JupyterLite).

The browser has no threads, no processes and no file locks, and its files persist only under
JupyterLite's drive (mounted at ``/drive``). Code that must take another road there asks
:func:`in_browser` at call time (tests force the browser road by setting ``IN_BROWSER``).
Nothing heavy is imported here.
"""

from __future__ import annotations

import sys

__all__ = ["IN_BROWSER", "BROWSER_DRIVE", "in_browser", "single_process_jobs"]

IN_BROWSER = sys.platform == "emscripten"

# JupyterLite's kernel mounts the site's drive here; what is written under it is kept in the
# browser's storage (IndexedDB) and survives a reload
BROWSER_DRIVE = "/drive"

_told: set[str] = set()


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
