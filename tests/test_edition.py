"""The edition switch that static pictures read while a lesson book is built."""

from tutor import edition


def test_unset_is_student(monkeypatch):
    monkeypatch.delenv(edition.VARIABLE, raising=False)
    assert edition.edition() == "student"
    assert not edition.is_teacher()


def test_teacher(monkeypatch):
    monkeypatch.setenv(edition.VARIABLE, "Teacher ")
    assert edition.edition() == "teacher"
    assert edition.is_teacher()


def test_unknown_value_is_the_safe_side(monkeypatch):
    for value in ("student", "both", "yes", "1"):
        monkeypatch.setenv(edition.VARIABLE, value)
        assert edition.edition() == "student"


def test_teacher_block_is_marked_and_escapes_its_label():
    html = edition.teacher_block("<b>A♠</b>", label="Answer <key>")
    assert f'class="{edition.TEACHER_CLASS}"' in html
    assert "<b>A♠</b>" in html and "Answer &lt;key&gt;" in html
