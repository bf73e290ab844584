"""The learner's local record: lessons and exercises done, puzzle attempts and ratings.

One JSON file, ``progress.json``, in the learner's data directory (:func:`data_dir`: the
environment variable ``TUTOR_DATA_DIR`` when set; in the browser edition the folder
``my-progress`` of JupyterLite's drive; otherwise the platform's user data folder, found with
``platformdirs``).

The file survives everything a notebook can do to it:

* every change is written at once and atomically: a temporary file in the same folder, flushed
  and synced, then renamed over the old one, so a kernel killed mid-write leaves the previous
  file whole;
* every change is a read-modify-write under a lock (``fcntl.flock`` on ``progress.json.lock``):
  the file is read again and the change applied to what is there, so two kernels (two notebooks
  open at once) never lose each other's answers. Where there is no locking (the browser) the
  record is still written atomically;
* a file that cannot be read is kept aside (``progress.json.broken-<date>-<time>``, never over
  an earlier one) and a fresh record is started; the learner is told so in one line. A
  learner's session never fails because of the file.

In the browser the drive keeps the file across page reloads. When the browser offers no storage
(the drive is missing, e.g. in a private window), the learner is told in one line that progress
cannot be kept, and the record lives in memory: the lessons still work.

    from tutor import progress
    store = progress.Store()                        # the default file
    store.record_exercise("euchre/02-ordering-up", "pick-follow", correct=True)
    store.lesson("euchre/02-ordering-up")          # {'exercises': {...}, 'completed': ...}
    store.rating("learner", "euchre")              # None until the first rated attempt
    store.set_rating("puzzle", "euchre/basics/E-001", {"rating": 1500, "rd": 350, "vol": 0.06})
    store.record_attempt("euchre/basics/E-001", solved=True)
    with store.transaction():                       # several changes read and written as one
        ...

Bad input to any method raises :class:`ProgressError` (a ``TutorError``) and changes nothing.
"""

from __future__ import annotations

import contextlib
import copy
import json
import math
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Mapping

from . import platform
from .errors import TutorError

__all__ = ["Store", "ProgressError", "data_dir", "default_path", "FILE_NAME", "BROWSER_FOLDER"]

FILE_NAME = "progress.json"
VERSION = 1
# the browser edition's folder in JupyterLite's drive: visible in the file browser, so a learner
# can see, download (back up) or delete the record, and named so that its purpose is plain
BROWSER_FOLDER = "my-progress"
LOCK_TIMEOUT = 10.0          # seconds to wait for another kernel's write before giving up
# ".txt": JupyterLite's drive keeps a .txt file as text, byte for byte
_TEMP_SUFFIX = ".tmp.txt"
_ATTEMPT_FIELDS = ("time",)   # set by the record ("solved" is an argument)


class ProgressError(TutorError, ValueError):
    """Bad input to the progress record (the message names the field), or a record that
    cannot be written now."""


def data_dir() -> Path:
    """The folder of the learner's data: ``TUTOR_DATA_DIR``; in the browser edition
    ``/drive/my-progress`` (kept in the browser's storage across reloads); otherwise the
    platform's user data folder."""
    override = os.environ.get("TUTOR_DATA_DIR")
    if override:
        return Path(override)
    if platform.in_browser():
        return Path(platform.BROWSER_DRIVE) / BROWSER_FOLDER
    import platformdirs
    return Path(platformdirs.user_data_dir("trick-tutor", appauthor=False))


def default_path() -> Path:
    return data_dir() / FILE_NAME


def _empty() -> dict:
    return {"version": VERSION, "lessons": {}, "ratings": {}, "attempts": {}}


def _tell(text: str) -> None:
    """One line for the learner, in the notebook's output."""
    print(text, file=sys.stderr)


# -- checks of input ---------------------------------------------------------------------
def _check_key(value, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ProgressError(f"{what} must be a non-empty name, not {value!r:.40}")
    return value


def _check_flag(value, what: str) -> bool:
    if value not in (True, False) or not isinstance(value, (bool, int)):
        raise ProgressError(f"{what} must be True or False, not {value!r:.40}")
    return bool(value)


def _check_json(value, what: str):
    """A value the file can hold: text, whole or finite numbers, True/False/None, lists and
    mappings with text keys of those. Returns a copy."""
    try:
        return json.loads(json.dumps(value, allow_nan=False))
    except (TypeError, ValueError) as err:
        raise ProgressError(f"{what} must be text, numbers, True/False, lists or mappings "
                            f"({err})") from None


def _check_rating(rating) -> dict:
    if not isinstance(rating, Mapping) or not rating:
        raise ProgressError(f"a rating is a mapping such as {{'rating': 1500, 'rd': 350, "
                            f"'vol': 0.06}}, not {rating!r:.60}")
    out = {}
    for name, value in rating.items():
        _check_key(name, "a rating's field")
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise ProgressError(f"the rating's field {name!r} must be a finite number, not {value!r:.40}")
        out[name] = value
    return out


# -- the shape of a record read from the file --------------------------------------------
def _shape_problem(data) -> str | None:
    """What makes ``data`` no progress record this version can use (None: it can)."""
    if not isinstance(data, dict):
        return "it holds no record"
    if data.get("version") != VERSION:
        return f"it is a record of version {data.get('version')!r}, this program reads version {VERSION}"
    lessons = data.get("lessons", {})
    ratings = data.get("ratings", {})
    attempts = data.get("attempts", {})
    if not (isinstance(lessons, dict) and isinstance(ratings, dict) and isinstance(attempts, dict)):
        return "its lessons, ratings or attempts are not tables"
    for name, entry in lessons.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("exercises", {}), dict) or \
                not all(isinstance(e, dict) for e in entry.get("exercises", {}).values()):
            return f"the lesson {name!r} is damaged"
    if not all(isinstance(v, dict) and all(isinstance(r, dict) for r in v.values())
               for v in ratings.values()):
        return "the ratings are damaged"
    if not all(isinstance(v, list) and all(isinstance(a, dict) for a in v)
               for v in attempts.values()):
        return "the puzzle attempts are damaged"
    return None


def _signature(st: os.stat_result) -> tuple:
    """What tells whether the file changed since it was read. The browser's drive gives no
    stable inode numbers: there the size and the time of the last change."""
    if platform.in_browser():
        return (st.st_size, st.st_mtime_ns)
    return (st.st_ino, st.st_size, st.st_mtime_ns)


# the record of a browser without storage: one per kernel, shared by every store there
_memory: dict = {"data": None}


class _Unreadable(Exception):
    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


# -- locking -------------------------------------------------------------------------------
class _PathLock:
    """The lock of one progress file within this process (threads, nested transactions) and,
    at its outermost level, the operating system's lock that other processes see."""

    def __init__(self):
        self.rlock = threading.RLock()
        self.depth = 0
        self.fd: int | None = None
        self.held = False       # whether other processes are locked out (not in the browser)


_locks: dict[str, _PathLock] = {}
_locks_guard = threading.Lock()


def _path_lock(path: Path) -> _PathLock:
    key = os.path.abspath(path)
    with _locks_guard:
        return _locks.setdefault(key, _PathLock())


def _os_lock(path: Path) -> tuple[int | None, bool]:
    """Lock ``path``'s side lock file against other processes: (its descriptor, whether it is
    locked). Without a locking call (the browser, an odd file system) the write goes on
    unlocked: it is still atomic."""
    if platform.in_browser():
        return None, False
    try:
        import fcntl
    except ImportError:        # Windows
        fcntl = None
    try:
        import msvcrt
    except ImportError:
        msvcrt = None
    if fcntl is None and msvcrt is None:
        return None, False
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path.with_name(path.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o644)
    deadline = time.monotonic() + LOCK_TIMEOUT
    pause = 0.001
    while True:
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            else:
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return fd, True
        except (BlockingIOError, PermissionError):
            pass                               # another kernel is writing: wait for it
        except OSError as err:
            if fcntl is not None and err.errno not in (11, 35):   # no locks here (ENOLCK ...)
                return fd, False
        if time.monotonic() > deadline:
            os.close(fd)
            raise ProgressError(f"the progress file {path} stayed locked by another program for "
                                f"{LOCK_TIMEOUT:.0f} s; your answer was not saved")
        time.sleep(pause)
        pause = min(pause * 2, 0.02)


def _os_unlock(fd: int | None) -> None:
    if fd is not None:
        os.close(fd)           # closing the descriptor releases the lock


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX; a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _replace(source: str, target: Path) -> None:
    """``os.replace``, retried briefly where a reader holding the file open blocks it (Windows)."""
    for pause in (0.01, 0.02, 0.05, 0.1, 0.2, 0.5, None):
        try:
            os.replace(source, target)
            return
        except PermissionError:
            if pause is None or os.name != "nt":
                raise
            time.sleep(pause)


_drive_state: dict[str, bool] = {}


def _drive_usable(folder: Path) -> bool:
    """Whether JupyterLite's drive can hold ``folder``. A drive that answered once is taken as
    usable for the kernel's life; one that did not is asked again next time (it may only have
    been coming up), and the learner is told once."""
    key = str(folder)
    if not _drive_state.get(key):
        def probe():
            folder.mkdir(parents=True, exist_ok=True)
            os.listdir(folder)

        usable = platform.drive_ready(probe)
        if not usable and key not in _drive_state:
            _tell("Your progress cannot be kept in this browser (it gives this site no storage, "
                  "e.g. in a private window): the lessons work, but what you do is forgotten "
                  "when the page closes.")
        _drive_state[key] = usable
    return _drive_state[key]


class Store:
    """The learner's record in one JSON file (``path``, default :func:`default_path`).

    Reads show the file as it is now (read again when another kernel has changed it); every
    update reads, changes and writes the file under its lock. ``notice`` holds the last
    one-line message the learner was told (a file kept aside), or "". ``path`` is None when the
    record lives in memory only (a browser without storage)."""

    def __init__(self, path: str | os.PathLike | None = None):
        self.notice = ""
        self._signature = None
        self._txn: dict | None = None
        self._txn_thread: int | None = None
        self.data: dict = _empty()
        if path is None:
            path = default_path()
            if (platform.in_browser() and not os.environ.get("TUTOR_DATA_DIR")
                    and not _drive_usable(path.parent)):
                path = None
        else:
            if not isinstance(path, (str, os.PathLike)) or not os.fspath(path).strip():
                raise ProgressError(f"the progress file is a file name such as 'progress.json', "
                                    f"not {path!r:.60}")
            path = Path(path)
            if path.is_dir():
                raise ProgressError(f"the progress file {path} is a folder; give a file in it, "
                                    f"e.g. {path / FILE_NAME}")
        self.path: Path | None = path
        self._memory = _memory if path is None else None
        if self._memory is not None and self._memory["data"] is None:
            self._memory["data"] = _empty()
        self._refresh()

    @property
    def in_memory(self) -> bool:
        """True when nothing is written to a file (a browser without storage)."""
        return self.path is None

    # -- reading the file -------------------------------------------------------------------
    def _read_file(self) -> tuple[dict, tuple | None]:
        """The record in the file and its signature; a missing file is an empty record.
        Raises _Unreadable with the reason."""
        try:
            with open(self.path, "rb") as fh:
                st = os.fstat(fh.fileno())
                raw = fh.read()
        except FileNotFoundError:
            return _empty(), None
        except OSError as err:
            raise _Unreadable(err.strerror or str(err)) from None
        try:
            data = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise _Unreadable("it is not text") from None
        except ValueError as err:
            raise _Unreadable(f"it is not valid JSON: {err}" if raw.strip() else "it is empty") from None
        problem = _shape_problem(data)
        if problem:
            raise _Unreadable(problem)
        for key, value in _empty().items():
            data.setdefault(key, value)
        return data, _signature(st)

    def _read_locked(self) -> tuple[dict, tuple | None]:
        """The record in the file, read under the lock; an unreadable file is kept aside and
        an empty record returned."""
        try:
            return self._read_file()
        except _Unreadable as err:
            return self._set_aside(err.reason)

    def _set_aside(self, reason: str) -> tuple[dict, tuple | None]:
        folder = self.path.parent
        base = f"{self.path.name}.broken-{time.strftime('%Y%m%d-%H%M%S')}"
        kept, n = folder / base, 1
        while kept.exists():
            n += 1
            kept = folder / f"{base}-{n}"
        try:
            os.replace(self.path, kept)
        except FileNotFoundError:      # gone meanwhile (no lock in the browser): nothing to keep
            return _empty(), None
        except OSError as err:
            self.notice = (f"Your progress file {self.path} could not be read ({reason}) nor moved "
                           f"aside ({err.strerror or err}): what you do now is kept only until "
                           f"the notebook closes.")
            _tell(self.notice)
            self.path, self._memory, self.data = None, None, _empty()
            return _empty(), None
        self.notice = (f"Your progress file could not be read ({reason}); it is kept as {kept} "
                       f"and a fresh record was started.")
        _tell(self.notice)
        return _empty(), None

    def _refresh(self) -> None:
        """Bring ``data`` up to date with the file (cheap when it has not changed)."""
        if self._txn is not None and self._txn_thread == threading.get_ident():
            return
        if self.path is None:
            if self._memory is not None:
                self.data = self._memory["data"]
            return
        try:
            signature = _signature(os.stat(self.path))
        except FileNotFoundError:
            signature = None
        except OSError:
            signature = ()
        if signature is not None and signature == self._signature:
            return
        try:
            data, signature = self._read_file()
        except _Unreadable:
            with self._locked():      # kept aside under the lock, after looking once more
                data, signature = self._read_locked()
        self.data, self._signature = data, signature

    def _current(self) -> dict:
        if self._txn is not None and self._txn_thread == threading.get_ident():
            return self._txn
        self._refresh()
        return self.data

    # -- writing the file -------------------------------------------------------------------
    @contextlib.contextmanager
    def _locked(self):
        if self.path is None:
            yield False
            return
        entry = _path_lock(self.path)
        with entry.rlock:
            if entry.depth == 0:
                entry.fd, entry.held = _os_lock(self.path)
            entry.depth += 1
            try:
                yield entry.held
            finally:
                entry.depth -= 1
                if entry.depth == 0:
                    _os_unlock(entry.fd)
                    entry.fd, entry.held = None, False

    def _write(self, data: dict, locked: bool) -> tuple | None:
        """Write ``data`` atomically; returns the file's new signature."""
        text = json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False)
        folder = self.path.parent
        folder.mkdir(parents=True, exist_ok=True)
        browser = platform.in_browser()
        if locked:
            self._remove_stale_temps()
        fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=_TEMP_SUFFIX, dir=folder)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(text.encode("utf-8"))
                fh.flush()
                if not browser:        # the browser's drive stores the file whole on close
                    os.fsync(fh.fileno())
                st = os.fstat(fh.fileno())
            _replace(tmp, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        if browser:
            return _signature(os.stat(self.path))     # the drive's own figures, not the temp's
        _fsync_folder(folder)
        return _signature(st)

    def _remove_stale_temps(self) -> None:
        """Temporary files left by a kernel killed mid-write (only the lock holder writes, so
        under the lock every one is stale)."""
        prefix = f".{self.path.name}."
        try:
            with os.scandir(self.path.parent) as entries:
                stale = [e.path for e in entries
                         if e.name.startswith(prefix) and e.name.endswith(_TEMP_SUFFIX)]
        except OSError:
            return
        for name in stale:
            with contextlib.suppress(OSError):
                os.unlink(name)

    def _update(self, change):
        """Apply ``change(record)`` to the record as it is in the file now, under the lock, and
        write it; inside a transaction, to the transaction's record."""
        if self._txn is not None and self._txn_thread == threading.get_ident():
            return change(self._txn)
        if self.path is None:
            self._refresh()
            data = copy.deepcopy(self.data)
            result = change(data)
            self._keep_in_memory(data)
            return result
        with self._locked() as locked:
            data, _ = self._read_locked()
            if self.path is None:            # the file could not even be moved aside
                return self._update(change)
            result = change(data)
            signature = self._write(data, locked)
            self.data, self._signature = data, signature
        return result

    @contextlib.contextmanager
    def transaction(self):
        """Several changes as one: the file is locked and read once, the changes made in the
        block are written together at its end (nothing is written if the block fails). Reads
        inside the block see the changes made so far."""
        if self._txn is not None and self._txn_thread == threading.get_ident():
            yield self
            return
        with self._locked() as locked:
            if self.path is not None:
                data, _ = self._read_locked()
            else:
                self._refresh()
                data = copy.deepcopy(self.data)
            self._txn, self._txn_thread = data, threading.get_ident()
            try:
                yield self
            finally:
                self._txn, self._txn_thread = None, None
            if self.path is not None:
                self._signature = self._write(data, locked)
                self.data = data
            else:
                self._keep_in_memory(data)

    def _keep_in_memory(self, data: dict) -> None:
        self.data = data
        if self._memory is not None:
            self._memory["data"] = data

    # -- lessons and exercises ---------------------------------------------------------
    def lesson(self, lesson: str) -> dict:
        """``{'exercises': {id: {...}}, 'completed': time or None}`` for one lesson (a copy)."""
        _check_key(lesson, "a lesson")
        entry = self._current()["lessons"].get(lesson)
        if entry is None:
            return {"exercises": {}, "completed": None}
        out = copy.deepcopy(entry)
        out.setdefault("exercises", {})
        out.setdefault("completed", None)
        return out

    def record_exercise(self, lesson: str, exercise: str, correct: bool) -> dict:
        """One answer to an exercise. The first answer decides 'right first time'; later ones
        count as tries and mark the exercise solved once one is right."""
        _check_key(lesson, "a lesson")
        _check_key(exercise, "an exercise")
        correct = _check_flag(correct, "correct")

        def change(data):
            entry = _lesson_entry(data, lesson)["exercises"].setdefault(
                exercise, {"first_try": correct, "tries": 0, "solved": False})
            entry["tries"] = entry.get("tries", 0) + 1
            entry["solved"] = bool(entry.get("solved")) or correct
            entry["last"] = time.time()
            return dict(entry)

        return self._update(change)

    def complete_lesson(self, lesson: str) -> None:
        _check_key(lesson, "a lesson")

        def change(data):
            _lesson_entry(data, lesson)["completed"] = time.time()

        self._update(change)

    def lessons(self) -> dict:
        """Every lesson's record (a copy)."""
        return copy.deepcopy(self._current()["lessons"])

    # -- puzzles -----------------------------------------------------------------------
    def rating(self, kind: str, key: str) -> dict | None:
        """A stored rating (``kind`` e.g. ``"learner"`` with the game as key, or ``"puzzle"``
        with the puzzle's id), or ``None``."""
        _check_key(kind, "a rating kind")
        _check_key(key, "a rating key")
        found = self._current()["ratings"].get(kind, {}).get(key)
        return dict(found) if found is not None else None

    def set_rating(self, kind: str, key: str, rating: Mapping[str, Any]) -> None:
        _check_key(kind, "a rating kind")
        _check_key(key, "a rating key")
        rating = _check_rating(rating)

        def change(data):
            data["ratings"].setdefault(kind, {})[key] = dict(rating)

        self._update(change)

    def record_attempt(self, puzzle: str, solved: bool, **details) -> None:
        """One attempt at a puzzle (its id); ``details`` e.g. the hints used."""
        _check_key(puzzle, "a puzzle")
        solved = _check_flag(solved, "solved")
        for name in _ATTEMPT_FIELDS:
            if name in details:
                raise ProgressError(f"an attempt's detail may not be called {name!r} "
                                    f"(the record sets it)")
        details = _check_json(details, "an attempt's details")

        def change(data):
            data["attempts"].setdefault(puzzle, []).append(
                {"solved": solved, "time": time.time(), **details})

        self._update(change)

    def attempts(self, puzzle: str) -> list[dict]:
        _check_key(puzzle, "a puzzle")
        return copy.deepcopy(self._current()["attempts"].get(puzzle, []))


def _lesson_entry(data: dict, lesson: str) -> dict:
    entry = data["lessons"].setdefault(lesson, {"exercises": {}, "completed": None})
    entry.setdefault("exercises", {})
    entry.setdefault("completed", None)
    return entry
