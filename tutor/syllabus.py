"""A course's syllabus: every topic a player must know, the lesson that teaches it and the
exercises that check it, read from ``lessons/<game>/syllabus.toml``.

    from tutor import syllabus
    course = syllabus.load("lessons/euchre")          # or syllabus.load("euchre", root="lessons")
    problems = syllabus.check(course)                 # [] when the course is complete
    syllabus.courses("lessons")                       # every course that has a syllabus, in order

The file (TOML)::

    [course]
    game = "euchre"
    title = "Euchre"
    order = 1                                 # place in the course index
    summary = "The four-handed partnership game ..."
    rules = "euchre.md"                       # the rules file its sections refer to
    sections = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "12"]   # all must be covered

    [[lesson]]                                # in course order
    file = "01-first-hand.ipynb"
    title = "Your first hand"
    minutes = 15

    [[topic]]
    id = "left-bower"
    title = "The left bower is a trump"
    section = "2.4"                           # a section (or subsection) of the rules file
    lesson = "01-first-hand.ipynb"
    exercises = ["follow-left", "trump-order"]

:func:`check` reports (as a list of sentences, each naming the file and the field):

* a topic without a lesson or without an exercise, a lesson that teaches no topic;
* a lesson file that does not exist, an exercise id that does not occur in its lesson's
  notebook (an exercise is found by its literal ``id="..."`` keyword in a code cell), an
  exercise of a notebook that no topic names, an id used twice in one notebook;
* a notebook that does not name its lesson ``Lesson("<game>/<file name without .ipynb>")``;
* a required section (``sections``) that no topic covers; a topic's section ``"6.3"`` covers
  ``"6"``.

:class:`SyllabusError` (a :class:`tutor.TutorError`) is raised when the file itself cannot be read.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from .errors import TutorError

__all__ = ["SyllabusError", "Course", "LessonEntry", "Topic", "load", "check", "courses",
           "notebook_exercises", "notebook_lessons", "rules_sections"]

FILE_NAME = "syllabus.toml"
_ID = re.compile(r"""\bid\s*=\s*(["'])([^"']+)\1""")
_LESSON = re.compile(r"""\bLesson\(\s*(["'])([^"']+)\1""")


class SyllabusError(TutorError):
    """A syllabus file that cannot be read (the message names the file and the field)."""


@dataclass(frozen=True)
class LessonEntry:
    file: str
    title: str
    minutes: int
    path: Path

    @property
    def stem(self) -> str:
        return self.file.removesuffix(".ipynb")


@dataclass(frozen=True)
class Topic:
    id: str
    title: str
    section: str
    lesson: str
    exercises: tuple[str, ...]


@dataclass(frozen=True)
class Course:
    game: str
    title: str
    order: int
    summary: str
    rules: str
    sections: tuple[str, ...]
    lessons: tuple[LessonEntry, ...]
    topics: tuple[Topic, ...]
    path: Path             # the syllabus file

    @property
    def folder(self) -> Path:
        return self.path.parent

    def lesson_name(self, entry: LessonEntry) -> str:
        """The name the lesson's record has in the progress store: ``euchre/01-first-hand``."""
        return f"{self.game}/{entry.stem}"

    def topics_of(self, entry: LessonEntry) -> list[Topic]:
        return [t for t in self.topics if t.lesson in (entry.file, entry.stem)]


def _field(table: dict, key: str, kind, where: str, default=None):
    if key not in table:
        if default is not None:
            return default
        raise SyllabusError(f"{where}: the field '{key}' is missing")
    value = table[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise SyllabusError(f"{where}: '{key}' must be a whole number, not {value!r:.40}")
    if kind is str and (not isinstance(value, str) or not value.strip()):
        raise SyllabusError(f"{where}: '{key}' must be a non-empty text, not {value!r:.40}")
    if kind is list and (not isinstance(value, list) or not all(isinstance(v, str) for v in value)):
        raise SyllabusError(f"{where}: '{key}' must be a list of texts, not {value!r:.40}")
    return value


def load(path, root=None) -> Course:
    """Read a syllabus: ``path`` is the file, its folder, or a game name under ``root``."""
    path = Path(path)
    if root is not None and not path.exists():
        path = Path(root) / path
    if path.is_dir():
        path = path / FILE_NAME
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SyllabusError(f"{path}: no such syllabus file") from None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        raise SyllabusError(f"{path}: not a readable TOML file ({err})") from None
    name = str(path)
    course = data.get("course")
    if not isinstance(course, dict):
        raise SyllabusError(f"{name}: the [course] table is missing")
    where = f"{name}, [course]"
    game = _field(course, "game", str, where)
    lessons = []
    for i, table in enumerate(data.get("lesson", [])):
        w = f"{name}, lesson {i + 1}"
        file = _field(table, "file", str, w)
        if not file.endswith(".ipynb"):
            raise SyllabusError(f"{w}: 'file' must name a notebook (.ipynb), not {file!r:.40}")
        lessons.append(LessonEntry(file, _field(table, "title", str, w),
                                   _field(table, "minutes", int, w), path.parent / file))
    topics = []
    for i, table in enumerate(data.get("topic", [])):
        w = f"{name}, topic {table.get('id', i + 1)!s:.40}"
        section = table.get("section")
        if not isinstance(section, str) or not re.fullmatch(r"\d+(\.\d+)*", section):
            raise SyllabusError(f"{w}: 'section' must be a rules-file section such as \"6\" or "
                                f"\"6.3\", not {section!r:.40}")
        topics.append(Topic(_field(table, "id", str, w), _field(table, "title", str, w), section,
                            table.get("lesson", ""), tuple(table.get("exercises", ()))))
        if not isinstance(topics[-1].lesson, str) or not isinstance(table.get("exercises", []), list):
            raise SyllabusError(f"{w}: 'lesson' is a file name and 'exercises' a list of ids")
    return Course(game=game, title=_field(course, "title", str, where),
                  order=_field(course, "order", int, where, default=99),
                  summary=course.get("summary", ""), rules=course.get("rules", f"{game}.md"),
                  sections=tuple(_field(course, "sections", list, where, default=[])),
                  lessons=tuple(lessons), topics=tuple(topics), path=path)


def _code_cells(path: Path) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(c.get("source", "")) for c in nb.get("cells", []) if c.get("cell_type") == "code"]


def notebook_exercises(path) -> list[str]:
    """The exercise ids of a notebook, in order (the literal ``id="..."`` of its code cells)."""
    return [m.group(2) for src in _code_cells(Path(path)) for m in _ID.finditer(src)]


def notebook_lessons(path) -> list[str]:
    """The lesson names a notebook gives ``Lesson(...)``."""
    return [m.group(2) for src in _code_cells(Path(path)) for m in _LESSON.finditer(src)]


def _covers(section: str, required: str) -> bool:
    return section == required or section.startswith(required + ".")


def rules_sections(rules_path) -> set[str]:
    """The section numbers of a rules file (its ``## 6.`` and ``### 6.3`` headings)."""
    text = Path(rules_path).read_text(encoding="utf-8")
    return set(re.findall(r"^#{2,4}\s+(\d+(?:\.\d+)*)\.?\s", text, flags=re.M))


def check(course: Course, rules_path=None) -> list[str]:
    """Every way the course falls short of its syllabus, as sentences ([] when complete).
    With ``rules_path`` (the rules file) every topic's section must also exist there."""
    name = str(course.path)
    problems = []
    if rules_path is not None:
        known = rules_sections(rules_path)
        for topic in course.topics:
            if topic.section not in known:
                problems.append(f"{name}, topic {topic.id!r}: section {topic.section} is not a "
                                f"section of {Path(rules_path).name}")
    files = {e.file: e for e in course.lessons}
    files.update({e.stem: e for e in course.lessons})
    if not course.lessons:
        problems.append(f"{name}: no [[lesson]] is listed")
    ids = [t.id for t in course.topics]
    for dup in sorted({i for i in ids if ids.count(i) > 1}):
        problems.append(f"{name}: topic {dup!r} is listed twice")
    found: dict[str, list[str]] = {}
    for entry in course.lessons:
        if not entry.path.exists():
            problems.append(f"{name}: lesson file {entry.file} does not exist")
            continue
        try:
            found[entry.file] = notebook_exercises(entry.path)
            named = notebook_lessons(entry.path)
        except (OSError, ValueError) as err:
            problems.append(f"{name}: lesson file {entry.file} is not a readable notebook ({err})")
            continue
        for dup in sorted({i for i in found[entry.file] if found[entry.file].count(i) > 1}):
            problems.append(f"{entry.file}: the exercise id {dup!r} is used twice")
        want = course.lesson_name(entry)
        if want not in named:
            problems.append(f"{entry.file}: the notebook should name its lesson "
                            f"Lesson({want!r}) (it names {', '.join(map(repr, named)) or 'none'})")
        if not course.topics_of(entry):
            problems.append(f"{name}: lesson {entry.file} teaches no topic")
    listed: dict[str, set[str]] = {}
    for topic in course.topics:
        where = f"{name}, topic {topic.id!r}"
        if not topic.lesson:
            problems.append(f"{where}: no lesson teaches it")
            continue
        entry = files.get(topic.lesson)
        if entry is None:
            problems.append(f"{where}: its lesson {topic.lesson} is not a [[lesson]] of the course")
            continue
        if not topic.exercises:
            problems.append(f"{where}: no exercise checks it")
        have = found.get(entry.file)
        if have is None:
            continue
        for ex in topic.exercises:
            listed.setdefault(entry.file, set()).add(ex)
            if ex not in have:
                problems.append(f"{where}: the exercise {ex!r} is not in {entry.file}")
    for file, have in found.items():
        for ex in have:
            if ex not in listed.get(file, set()):
                problems.append(f"{file}: the exercise {ex!r} checks no topic of the syllabus")
    for required in course.sections:
        if not any(_covers(t.section, required) for t in course.topics):
            problems.append(f"{name}: no topic covers section {required} of {course.rules}")
    return problems


def courses(root) -> list[Course]:
    """Every course under ``root`` (each ``<root>/<game>/syllabus.toml``), in course order."""
    from .platform import drive_ready
    drive_ready()          # in the browser the lessons' folder is on the drive: let it come up
    found = [load(p) for p in sorted(Path(root).glob(f"*/{FILE_NAME}"))]
    return sorted(found, key=lambda c: (c.order, c.title))
