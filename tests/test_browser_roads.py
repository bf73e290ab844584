"""What the browser edition (Pyodide: no threads, no processes, no file locks) needs of the
package: tournaments and mining in one process there, and nothing a lesson can reach importing
or starting what Pyodide cannot run."""
import ast
import concurrent.futures
import functools
from pathlib import Path

import pytest

from tutor import TutorError, platform
from tutor.bots import duplicate

PACKAGE = Path(__file__).resolve().parents[1] / "tutor"

# tools that never run in a lesson: building books and the browser site, the command line
NOT_IN_LESSONS = ("book/", "lite.py", "cli.py", "puzzles/cli.py")
# modules Pyodide cannot use (or imports only to fail at the first call)
UNUSABLE = {"multiprocessing", "concurrent", "subprocess", "signal", "fcntl", "msvcrt",
            "resource", "socket", "ctypes", "mmap"}
# where the package may start a thread or a process pool: each checks the platform first
ALLOWED_CALLS = {("widgets/common.py", "Thread"), ("bots/duplicate.py", "ProcessPoolExecutor"),
                 ("puzzles/mine.py", "ProcessPoolExecutor")}


@pytest.fixture
def browser(monkeypatch):
    monkeypatch.setattr(platform, "IN_BROWSER", True)
    monkeypatch.setattr(platform, "_told", set())

    def no_processes(*args, **kwargs):
        raise AssertionError("no process pool in the browser")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_processes)


@functools.lru_cache(maxsize=1)
def lesson_modules() -> tuple:
    parsed = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        if not name.startswith(NOT_IN_LESSONS):
            parsed.append((name, ast.parse(path.read_text(encoding="utf-8"))))
    return tuple(parsed)


def test_no_module_a_lesson_reaches_imports_what_the_browser_cannot_run():
    found = []
    for name, tree in lesson_modules():
        for node in tree.body:                       # module level: runs at import
            if isinstance(node, ast.Import):
                roots = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                roots = [node.module.split(".")[0]]
            else:
                continue
            found += [f"{name}: {r}" for r in roots if r in UNUSABLE]
    assert found == []


def test_threads_and_process_pools_are_started_only_where_the_browser_is_handled():
    found = set()
    for name, tree in lesson_modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if called in ("Thread", "ProcessPoolExecutor", "ThreadPoolExecutor", "Pool",
                              "fork", "Popen", "run_in_executor"):
                    found.add((name, called))
    assert found == ALLOWED_CALLS


def test_a_tournament_in_the_browser_plays_in_one_process_and_says_so(browser, capsys):
    two = duplicate.compare("raub", "basic", "random", deals=4, seed=5, jobs=2)
    told = capsys.readouterr().err
    assert told.count("\n") == 1 and "one process" in told and "jobs=2 becomes 1" in told
    one = duplicate.compare("raub", "basic", "random", deals=4, seed=5, jobs=1)
    assert two.diffs == one.diffs
    duplicate.compare("raub", "basic", "random", deals=1, seed=5, jobs=3)
    assert capsys.readouterr().err == ""                 # said once


def test_mining_in_the_browser_runs_in_one_process(browser, capsys):
    from tutor.puzzles.mine import mine
    found, tried, _ = mine("euchre", 1, seed=4, cards=3, jobs=2, progress=False, batch=8)
    assert "puzzle mining" in capsys.readouterr().err
    again, tried_again, _ = mine("euchre", 1, seed=4, cards=3, jobs=1, progress=False, batch=8)
    assert [p.id for p in found] == [p.id for p in again] and tried == tried_again


@pytest.mark.parametrize("jobs", [0, -1, 1.5, "2", True])
def test_a_bad_number_of_jobs_is_a_tutor_error(jobs):
    with pytest.raises(TutorError, match="jobs"):
        duplicate.compare("euchre", "basic", "random", deals=1, jobs=jobs)
    from tutor.puzzles.mine import mine
    with pytest.raises(TutorError, match="jobs"):
        mine("euchre", 1, jobs=jobs, progress=False)
