"""The learner's local record: lessons and exercises done, puzzle attempts and ratings.

One JSON file, ``progress.json``, in the user's data directory (found with ``platformdirs``;
the environment variable ``TUTOR_DATA_DIR`` points it elsewhere, e.g. for tests or a class
computer). Every change is written at once and atomically (a temporary file renamed over the
old one), so a crash never leaves half a file. A file that cannot be read is set aside as
``progress.json.broken`` and a fresh record is started, with a warning: a learner's session must
never fail because of it.

    from tutor import progress
    store = progress.Store()                        # the default file
    store.record_exercise("euchre/02-ordering-up", "pick-follow", correct=True)
    store.lesson("euchre/02-ordering-up")          # {'exercises': {...}, 'completed': ...}
    store.rating("learner", "euchre")              # None until the first rated attempt
    store.set_rating("puzzle", "euchre/basics/E-001", {"rating": 1500, "rd": 350, "vol": 0.06})
    store.record_attempt("euchre/basics/E-001", solved=True)
"""

from __future__ import annotations

import json
import os
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

from .errors import TutorError

__all__ = ["Store", "data_dir", "default_path"]

FILE_NAME = "progress.json"
VERSION = 1


def data_dir() -> Path:
    """The directory of the learner's data (``TUTOR_DATA_DIR`` or the platform's user data dir)."""
    override = os.environ.get("TUTOR_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs
    return Path(platformdirs.user_data_dir("trick-tutor", appauthor=False))


def default_path() -> Path:
    return data_dir() / FILE_NAME


def _empty() -> dict:
    return {"version": VERSION, "lessons": {}, "ratings": {}, "attempts": {}}


def _check_key(value, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise TutorError(f"{what} must be a non-empty name, not {value!r:.40}")
    return value


class Store:
    """The learner's record in one JSON file (``path``, default :func:`default_path`)."""

    def __init__(self, path: str | os.PathLike | None = None):
        self.path = Path(path) if path is not None else default_path()
        self.data = self._read()

    # -- file --------------------------------------------------------------------------
    def _read(self) -> dict:
        if not self.path.exists():
            return _empty()
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get("version") != VERSION:
                raise ValueError("not a progress record of this version")
        except (OSError, ValueError) as err:
            broken = self.path.with_name(self.path.name + ".broken")
            try:
                os.replace(self.path, broken)
            except OSError:
                pass
            warnings.warn(f"the progress file {self.path} could not be read ({err}); "
                          f"it was kept as {broken.name} and a new record was started")
            return _empty()
        for key, value in _empty().items():
            data.setdefault(key, value)
        return data

    def save(self) -> None:
        """Write the record atomically."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".progress-", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(self.data, fh, indent=1, sort_keys=True)
            os.replace(tmp, self.path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise

    # -- lessons and exercises ---------------------------------------------------------
    def lesson(self, lesson: str) -> dict:
        """``{'exercises': {id: {...}}, 'completed': time or None}`` for one lesson."""
        _check_key(lesson, "a lesson")
        return self.data["lessons"].setdefault(lesson, {"exercises": {}, "completed": None})

    def record_exercise(self, lesson: str, exercise: str, correct: bool) -> dict:
        """One answer to an exercise. The first answer decides 'right first time'; later ones
        count as tries and mark the exercise solved once one is right."""
        _check_key(exercise, "an exercise")
        entry = self.lesson(lesson)["exercises"].setdefault(
            exercise, {"first_try": bool(correct), "tries": 0, "solved": False})
        entry["tries"] += 1
        entry["solved"] = entry["solved"] or bool(correct)
        entry["last"] = time.time()
        self.save()
        return dict(entry)

    def complete_lesson(self, lesson: str) -> None:
        self.lesson(lesson)["completed"] = time.time()
        self.save()

    def lessons(self) -> dict:
        return self.data["lessons"]

    # -- puzzles -----------------------------------------------------------------------
    def rating(self, kind: str, key: str) -> dict | None:
        """A stored rating (``kind`` e.g. ``"learner"`` with the game as key, or ``"puzzle"``
        with the puzzle's id), or ``None``."""
        return self.data["ratings"].get(_check_key(kind, "a rating kind"), {}).get(
            _check_key(key, "a rating key"))

    def set_rating(self, kind: str, key: str, rating: dict[str, Any]) -> None:
        self.data["ratings"].setdefault(_check_key(kind, "a rating kind"), {})[
            _check_key(key, "a rating key")] = dict(rating)
        self.save()

    def record_attempt(self, puzzle: str, solved: bool, **details) -> None:
        """One attempt at a puzzle (its id); ``details`` e.g. the hints used."""
        self.data["attempts"].setdefault(_check_key(puzzle, "a puzzle"), []).append(
            {"solved": bool(solved), "time": time.time(), **details})
        self.save()

    def attempts(self, puzzle: str) -> list[dict]:
        return list(self.data["attempts"].get(puzzle, []))
