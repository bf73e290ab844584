"""The book file: reading and validating ``book/<name>.toml``.

Every mistake raises :class:`~tutor.errors.BookError` naming the file, the chapter and the field,
e.g. ``book/euchre.toml: chapter 3: lesson 'lessons/euchre/09.ipynb' does not exist``. Nothing is
built from a book file that does not validate.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import BookError
from ..games import GAMES
from ..games.checks import quote

__all__ = ["Book", "Chapter", "EditionOptions", "PuzzleFilter", "load_book", "EDITIONS",
           "rules_reference_path"]

EDITIONS = ("student", "teacher")
KINDS = ("lesson", "page", "puzzles", "rules")
PUZZLE_LEVELS = range(1, 6)

_TOP_KEYS = {"title", "subtitle", "author", "audience", "root", "seed", "timeout", "student",
             "teacher", "chapter"}
_CHAPTER_KEYS = set(KINDS) | {"title", "editions"}
_FILTER_KEYS = {"game", "themes", "levels", "count", "seed", "folder"}
_EDITION_KEYS = {"label", "note", "show_code", "writing_lines", "answer_key"}
_EDITION_DEFAULTS = {
    "student": {"label": "Student's edition", "note": "", "show_code": False, "writing_lines": 5,
                "answer_key": False},
    "teacher": {"label": "Teacher's edition", "note": "", "show_code": True, "writing_lines": 5,
                "answer_key": True},
}


@dataclass(frozen=True)
class EditionOptions:
    """What one edition prints: its label, a note for the title page, whether code cells show
    their code, how many lines of room to write a puzzle sheet leaves, and (teacher edition)
    whether the puzzle chapters get an answer key. The student edition never has one."""

    name: str
    label: str
    note: str
    show_code: bool
    writing_lines: int
    answer_key: bool


@dataclass(frozen=True)
class PuzzleFilter:
    """Puzzles chosen from a game's collection: by themes and levels, ``count`` of them, picked
    with ``seed`` (the same book always prints the same puzzles)."""

    game: str
    folder: Path
    themes: tuple[str, ...] = ()
    levels: tuple[int, ...] = ()
    count: int | None = None
    seed: int = 0

    def describe(self) -> dict:
        return {"game": self.game, "folder": str(self.folder), "themes": list(self.themes),
                "levels": list(self.levels), "count": self.count, "seed": self.seed}


@dataclass(frozen=True)
class Chapter:
    """One chapter: ``kind`` is lesson, page, puzzles or rules; ``source`` the file (or, for a
    puzzle filter, the :class:`PuzzleFilter`; for rules, the game's reference file)."""

    number: int
    kind: str
    source: Any
    written: str          # the value as the book file gives it, for messages
    title: str | None
    editions: tuple[str, ...]
    game: str | None = None

    @property
    def where(self) -> str:
        return f"chapter {self.number}"


@dataclass(frozen=True)
class Book:
    path: Path
    title: str
    subtitle: str
    author: str
    audience: str
    root: Path
    seed: int
    timeout: int
    editions: dict[str, EditionOptions]
    chapters: tuple[Chapter, ...] = field(default_factory=tuple)

    @property
    def name(self) -> str:
        return self.path.stem

    def chapters_for(self, edition: str) -> list[Chapter]:
        return [c for c in self.chapters if edition in c.editions]


def _shown(path: Path) -> str:
    """A path as the user would write it: relative to the working directory when possible."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


class _Checker:
    def __init__(self, path: Path):
        self.file = _shown(path)
        self.lines: list[str] = []

    def line_of(self, key: str, value: str) -> int | None:
        """The number of the book file's line that gives ``key`` this value (for messages)."""
        for number, line in enumerate(self.lines, start=1):
            if line.split("=", 1)[0].strip().strip("{ ").endswith(key) and value in line:
                return number
        for number, line in enumerate(self.lines, start=1):
            if value in line:
                return number
        return None

    def inside(self, root: Path, value: str, where: str, key: str) -> Path:
        """``root / value``, refused unless it stays inside the book's folder (``root``)."""
        target = (root / value).resolve()
        base = root.resolve()
        if target != base and base not in target.parents:
            line = self.line_of(key, value)
            at = f"line {line}: " if line else ""
            raise BookError(f"{self.file}: {at}{where}: {key} {quote(value)} leaves the book's "
                            f"folder {_shown(base)}; a book may only name files inside it")
        return root / value

    def fail(self, where: str | None, message: str) -> BookError:
        prefix = f"{self.file}: {where}: " if where else f"{self.file}: "
        return BookError(prefix + message)

    def text(self, table: dict, key: str, where: str | None, required: bool = False) -> str:
        if key not in table:
            if required:
                raise self.fail(where, f"the field '{key}' is missing (a line like {key} = \"...\")")
            return ""
        value = table[key]
        if not isinstance(value, str) or (required and not value.strip()):
            raise self.fail(where, f"'{key}' must be a text in quotes, not {quote(value)}")
        return value.strip()

    def whole(self, table: dict, key: str, where: str | None, default: int, low: int,
              high: int | None = None) -> int:
        value = table.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool) or value < low or (
                high is not None and value > high):
            bound = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise self.fail(where, f"'{key}' must be a whole number {bound}, not {quote(value)}")
        return value

    def flag(self, table: dict, key: str, where: str | None, default: bool) -> bool:
        value = table.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(where, f"'{key}' must be true or false, not {quote(value)}")
        return value

    def unknown(self, table: dict, allowed: set, where: str | None) -> None:
        extra = sorted(set(table) - allowed)
        if extra:
            raise self.fail(where, f"unknown field '{extra[0]}' (the fields are: "
                                   f"{', '.join(sorted(allowed))})")


def rules_reference_path(root: Path, game: str) -> Path:
    """A game's rules reference: ``book/rules/<game>.md`` under the book's root, else the
    project's own copy beside the ``tutor`` package."""
    local = root / "book" / "rules" / f"{game}.md"
    if local.exists():
        return local
    return Path(__file__).resolve().parents[2] / "book" / "rules" / f"{game}.md"


def load_book(path) -> Book:
    """Read and validate a book file; every path in it is checked to exist."""
    path = Path(path)
    check = _Checker(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise BookError(f"{check.file}: no such book file") from None
    except OSError as err:
        raise BookError(f"{check.file}: cannot be read ({err.strerror or err})") from None
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise BookError(f"{check.file}: not a text file in UTF-8") from None
    except tomllib.TOMLDecodeError as err:
        raise BookError(f"{check.file}: not valid TOML: {err}") from None
    check.lines = raw.decode("utf-8").splitlines()
    check.unknown(data, _TOP_KEYS, None)
    title = check.text(data, "title", None, required=True)
    root_text = check.text(data, "root", None) or "."
    root = (path.parent / root_text)
    if not root.is_dir():
        raise check.fail(None, f"root {quote(root_text)} is not a folder (it is read relative "
                               f"to the book file's folder)")
    editions = {}
    for name in EDITIONS:
        table = data.get(name, {})
        if not isinstance(table, dict):
            raise check.fail(None, f"'{name}' must be a table ([{name}]) of edition options")
        where = f"[{name}]"
        check.unknown(table, _EDITION_KEYS, where)
        defaults = _EDITION_DEFAULTS[name]
        answer_key = check.flag(table, "answer_key", where, defaults["answer_key"])
        if name == "student" and answer_key:
            raise check.fail(where, "'answer_key' cannot be true in the student edition: "
                                    "answers are printed in the teacher edition only")
        editions[name] = EditionOptions(
            name=name, label=check.text(table, "label", where) or defaults["label"],
            note=check.text(table, "note", where), answer_key=answer_key,
            show_code=check.flag(table, "show_code", where, defaults["show_code"]),
            writing_lines=check.whole(table, "writing_lines", where, defaults["writing_lines"], 0, 40))
    chapters_raw = data.get("chapter")
    if not isinstance(chapters_raw, list) or not chapters_raw:
        raise check.fail(None, "a book needs at least one chapter: a [[chapter]] table with "
                               "lesson, page, puzzles or rules")
    chapters = tuple(_chapter(check, root, number, table)
                     for number, table in enumerate(chapters_raw, start=1))
    return Book(path=path, title=title, subtitle=check.text(data, "subtitle", None),
                author=check.text(data, "author", None), audience=check.text(data, "audience", None),
                root=root, seed=check.whole(data, "seed", None, 0, 0),
                timeout=check.whole(data, "timeout", None, 120, 1, 3600),
                editions=editions, chapters=chapters)


def _chapter(check: _Checker, root: Path, number: int, table) -> Chapter:
    where = f"chapter {number}"
    if not isinstance(table, dict):
        raise check.fail(where, "must be a [[chapter]] table")
    check.unknown(table, _CHAPTER_KEYS, where)
    kinds = [k for k in KINDS if k in table]
    if len(kinds) != 1:
        found = f"it has {', '.join(kinds)}" if kinds else "it has none"
        raise check.fail(where, f"give exactly one of lesson, page, puzzles or rules ({found})")
    kind = kinds[0]
    title = check.text(table, "title", where) or None
    editions = table.get("editions", list(EDITIONS))
    if (not isinstance(editions, list) or not editions
            or any(e not in EDITIONS for e in editions)):
        raise check.fail(where, f"'editions' must list \"student\" and/or \"teacher\", "
                                f"not {quote(editions)}")
    editions = tuple(e for e in EDITIONS if e in editions)
    value = table[kind]
    if kind == "puzzles" and isinstance(value, dict):
        puzzle_filter = _puzzle_filter(check, root, where, value)
        return Chapter(number, kind, puzzle_filter, f"{puzzle_filter.game} puzzles", title,
                       editions, game=puzzle_filter.game)
    if not isinstance(value, str) or not value.strip():
        expected = ("a game's name" if kind == "rules" else
                    "a file name in quotes" + (" or a table of game, themes, levels, count, seed"
                                               if kind == "puzzles" else ""))
        raise check.fail(where, f"'{kind}' must be {expected}, not {quote(value)}")
    value = value.strip()
    if kind == "rules":
        game = value.lower()
        if game not in GAMES:
            raise check.fail(where, f"rules {quote(value)}: there is no such game (the games are: "
                                    f"{', '.join(GAMES)})")
        source = rules_reference_path(root, game)
        if not source.exists():
            raise check.fail(where, f"rules {quote(value)}: the rules reference "
                                    f"book/rules/{game}.md does not exist")
        return Chapter(number, kind, source, value, title, editions, game=game)
    source = check.inside(root, value, where, kind)
    if not source.is_file():
        raise check.fail(where, f"{kind} {quote(value)} does not exist")
    suffixes = {"lesson": (".ipynb",), "page": (".md", ".ipynb"), "puzzles": (".toml",)}[kind]
    if source.suffix.lower() not in suffixes:
        raise check.fail(where, f"{kind} {quote(value)} must be a {' or '.join(suffixes)} file")
    return Chapter(number, kind, source, value, title, editions)


def _puzzle_filter(check: _Checker, root: Path, where: str, table: dict) -> PuzzleFilter:
    where = f"{where}: puzzles"
    check.unknown(table, _FILTER_KEYS, where)
    game = check.text(table, "game", where, required=True).lower()
    if game not in GAMES:
        raise check.fail(where, f"game {quote(game)} is not one of {', '.join(GAMES)}")
    folder_text = check.text(table, "folder", where) or f"puzzles/{game}"
    folder = check.inside(root, folder_text, where, "folder")
    if not folder.is_dir():
        raise check.fail(where, f"folder {quote(folder_text)} does not exist")
    themes = table.get("themes", [])
    if isinstance(themes, str):
        themes = [themes]
    if not isinstance(themes, list) or not all(isinstance(t, str) and t.strip() for t in themes):
        raise check.fail(where, f"'themes' must be a list of theme names, not {quote(themes)}")
    levels = table.get("levels", [])
    if isinstance(levels, int) and not isinstance(levels, bool):
        levels = [levels]
    if not isinstance(levels, list) or not all(
            isinstance(n, int) and not isinstance(n, bool) and n in PUZZLE_LEVELS for n in levels):
        raise check.fail(where, f"'levels' must be a list of levels from 1 to 5, not {quote(levels)}")
    count = None
    if "count" in table:
        count = check.whole(table, "count", where, 0, 1, 500)
    return PuzzleFilter(game=game, folder=folder, themes=tuple(t.strip() for t in themes),
                        levels=tuple(sorted(set(levels))), count=count,
                        seed=check.whole(table, "seed", where, 0, 0))
