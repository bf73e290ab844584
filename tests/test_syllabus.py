"""The syllabus loader and its checks, on small hand-written courses."""
import json

import pytest

from tutor import syllabus
from tutor.errors import TutorError


def notebook(path, *cells):
    nb = {"cells": [{"cell_type": "code", "source": src, "metadata": {}, "outputs": [],
                     "execution_count": None} for src in cells],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(nb), encoding="utf-8")


GOOD = """
[course]
game = "demo"
title = "Demo"
sections = ["1", "2"]

[[lesson]]
file = "01-a.ipynb"
title = "First"
minutes = 10

[[topic]]
id = "deck"
title = "The deck"
section = "1"
lesson = "01-a.ipynb"
exercises = ["q1"]

[[topic]]
id = "bowers"
title = "The bowers"
section = "2.2"
lesson = "01-a.ipynb"
exercises = ["q2"]
"""


@pytest.fixture
def course_dir(tmp_path):
    folder = tmp_path / "demo"
    folder.mkdir()
    (folder / "syllabus.toml").write_text(GOOD, encoding="utf-8")
    notebook(folder / "01-a.ipynb", 'lesson = Lesson("demo/01-a")',
             'Quiz("?", ["a", "b"], answer="a", explanations=["x", "y"], lesson=lesson, id="q1")',
             "PickCards(state, lesson=lesson, id='q2')")
    return folder


def test_a_complete_course_has_no_problems(course_dir):
    course = syllabus.load(course_dir)
    assert [t.id for t in course.topics] == ["deck", "bowers"]
    assert course.lesson_name(course.lessons[0]) == "demo/01-a"
    assert syllabus.check(course) == []
    assert [c.game for c in syllabus.courses(course_dir.parent)] == ["demo"]


def test_missing_exercise_lesson_and_section_are_each_reported(course_dir):
    text = GOOD.replace('exercises = ["q2"]', 'exercises = []').replace('"1", "2"', '"1", "2", "6"')
    text += '\n[[lesson]]\nfile = "02-b.ipynb"\ntitle = "Second"\nminutes = 12\n'
    text += '\n[[topic]]\nid = "alone"\ntitle = "Alone"\nsection = "1.1"\nexercises = ["q9"]\n'
    (course_dir / "syllabus.toml").write_text(text, encoding="utf-8")
    problems = syllabus.check(syllabus.load(course_dir))
    joined = "\n".join(problems)
    assert "topic 'bowers': no exercise checks it" in joined
    assert "lesson file 02-b.ipynb does not exist" in joined
    assert "topic 'alone': no lesson teaches it" in joined
    assert "exercise 'q2' checks no topic" in joined
    assert "no topic covers section 6" in joined


def test_an_exercise_id_not_in_the_notebook_and_a_lesson_without_topic(course_dir):
    text = GOOD.replace('exercises = ["q1"]', 'exercises = ["q1", "q7"]')
    text += '\n[[lesson]]\nfile = "02-b.ipynb"\ntitle = "Second"\nminutes = 12\n'
    (course_dir / "syllabus.toml").write_text(text, encoding="utf-8")
    notebook(course_dir / "02-b.ipynb", 'lesson = Lesson("demo/02-c")')
    joined = "\n".join(syllabus.check(syllabus.load(course_dir)))
    assert "the exercise 'q7' is not in 01-a.ipynb" in joined
    assert "lesson 02-b.ipynb teaches no topic" in joined
    assert "should name its lesson Lesson('demo/02-b')" in joined


def test_sections_are_checked_against_the_rules_file(course_dir, tmp_path):
    rules = tmp_path / "demo.md"
    rules.write_text("# Demo\n\n## 1. Players\n\n## 2. Cards\n\n### 2.1 Decks\n", encoding="utf-8")
    joined = "\n".join(syllabus.check(syllabus.load(course_dir), rules_path=rules))
    assert "section 2.2 is not a section of demo.md" in joined
    assert "deck" not in joined


@pytest.mark.parametrize("broken, message", [
    ("[course]\ntitle = 'x'\n", "'game' is missing"),
    (GOOD.replace('section = "1"', 'section = "one"'), "rules-file section"),
    (GOOD.replace("minutes = 10", "minutes = 'ten'"), "whole number"),
    ("[course\n", "not a readable TOML"),
])
def test_a_broken_syllabus_names_the_file_and_field(course_dir, broken, message):
    (course_dir / "syllabus.toml").write_text(broken, encoding="utf-8")
    with pytest.raises(syllabus.SyllabusError, match=message) as err:
        syllabus.load(course_dir)
    assert "syllabus.toml" in str(err.value) and isinstance(err.value, TutorError)
