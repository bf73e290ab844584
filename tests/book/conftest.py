"""The test book: two chapters (a tiny lesson with a ``solution`` cell, a ``teacher`` cell and a
widget with a teacher view; a set of two puzzles), built once per test run in both editions.

Its sources (``data/``) are data, not tests: the notebook runs inside the book build, not
under nbval."""

import shutil
from pathlib import Path

import pytest

from tutor import book

collect_ignore_glob = ["data/*"]

DATA = Path(__file__).parent / "data"


def copy_data(target: Path) -> Path:
    """A private copy of the test book's sources (tests that edit them use it)."""
    shutil.copytree(DATA, target, ignore=shutil.ignore_patterns("_build", "__pycache__"))
    return target


@pytest.fixture(scope="session")
def built_book(tmp_path_factory):
    out = tmp_path_factory.mktemp("book") / "out"
    return book.build(DATA / "test-book.toml", editions="both", out=out, progress=False)
