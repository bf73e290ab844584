import json

import pytest

from tutor import progress
from tutor.errors import TutorError


def test_exercises_count_first_tries_and_survive_a_reload(tmp_path):
    path = tmp_path / "p.json"
    store = progress.Store(path)
    store.record_exercise("euchre/01", "follow", correct=False)
    store.record_exercise("euchre/01", "follow", correct=True)
    store.record_exercise("euchre/01", "bowers", correct=True)
    again = progress.Store(path)
    ex = again.lesson("euchre/01")["exercises"]
    assert ex["follow"]["first_try"] is False and ex["follow"]["solved"] and ex["follow"]["tries"] == 2
    assert ex["bowers"]["first_try"] is True


def test_ratings_and_attempts_round_trip(tmp_path):
    store = progress.Store(tmp_path / "p.json")
    assert store.rating("learner", "euchre") is None
    store.set_rating("learner", "euchre", {"rating": 1520.5, "rd": 200, "vol": 0.06})
    store.record_attempt("euchre/basics/E-001", solved=False, hints=1)
    again = progress.Store(tmp_path / "p.json")
    assert again.rating("learner", "euchre")["rating"] == 1520.5
    assert again.attempts("euchre/basics/E-001")[0]["hints"] == 1


def test_a_broken_file_is_set_aside_not_fatal(tmp_path):
    path = tmp_path / "p.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.warns(UserWarning, match="could not be read"):
        store = progress.Store(path)
    assert store.lessons() == {}
    assert (tmp_path / "p.json.broken").exists()
    store.complete_lesson("lora/01")
    assert json.loads(path.read_text())["lessons"]["lora/01"]["completed"]


def test_the_data_dir_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("TUTOR_DATA_DIR", str(tmp_path))
    assert progress.default_path() == tmp_path / "progress.json"


def test_bad_names_are_refused(tmp_path):
    store = progress.Store(tmp_path / "p.json")
    with pytest.raises(TutorError, match="lesson"):
        store.record_exercise("", "x", correct=True)
    assert not (tmp_path / "p.json").exists()
