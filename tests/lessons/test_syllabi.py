"""Every course's syllabus is complete: each topic has a lesson and an exercise, each lesson a
topic, every named file and exercise exists, every required rules section is covered."""
from pathlib import Path

import pytest

from tutor import syllabus

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
# the rules files live beside the repository (../shared/rules), when they are there at all
RULES = next((p / "shared" / "rules" for p in Path(__file__).resolve().parents
              if (p / "shared" / "rules").is_dir()), None)
COURSES = sorted(p.parent.name for p in LESSONS.glob("*/syllabus.toml"))


@pytest.mark.parametrize("game", COURSES)
def test_syllabus_is_complete(game):
    course = syllabus.load(LESSONS / game)
    assert course.game == game
    rules = RULES / course.rules if RULES is not None else None
    assert syllabus.check(course, rules_path=rules if rules and rules.exists() else None) == []
