import json
import os

import pytest

from tutor import platform, progress
from tutor.errors import TutorError


@pytest.fixture
def browser(monkeypatch, tmp_path):
    """The browser edition simulated: the platform flag set and JupyterLite's drive a folder."""
    drive = tmp_path / "drive"
    drive.mkdir()
    monkeypatch.setattr(platform, "IN_BROWSER", True)
    monkeypatch.setattr(platform, "BROWSER_DRIVE", str(drive))
    monkeypatch.delenv("TUTOR_DATA_DIR", raising=False)
    monkeypatch.setattr(progress, "_drive_state", {})
    monkeypatch.setattr(progress, "_memory", {"data": None})
    monkeypatch.setattr(platform, "_drive", {"ready": False, "waited": False})
    monkeypatch.setattr(platform, "DRIVE_WAIT", 0.6)
    return drive


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


def test_reading_changes_nothing_and_gives_copies(tmp_path):
    path = tmp_path / "p.json"
    store = progress.Store(path)
    assert store.lesson("lora/01") == {"exercises": {}, "completed": None}
    assert not path.exists() and store.lessons() == {}
    store.record_exercise("lora/01", "a", correct=True)
    store.lesson("lora/01")["exercises"]["a"]["tries"] = 99
    store.lessons()["lora/01"]["completed"] = 1
    assert store.lesson("lora/01")["exercises"]["a"]["tries"] == 1
    assert store.lesson("lora/01")["completed"] is None


def test_a_broken_file_is_kept_aside_and_the_learner_told_in_one_line(tmp_path, capsys):
    path = tmp_path / "p.json"
    path.write_text("{not json", encoding="utf-8")
    store = progress.Store(path)
    told = capsys.readouterr().err
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("p.json.broken-")]
    assert len(kept) == 1 and kept[0].read_text() == "{not json"
    assert told.count("\n") == 1 and str(kept[0]) in told and "fresh record" in told
    assert store.notice == told.strip()
    assert store.lessons() == {} and not path.exists()
    store.complete_lesson("lora/01")
    assert json.loads(path.read_text())["lessons"]["lora/01"]["completed"]


def test_a_kept_file_never_overwrites_an_earlier_one(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(progress.time, "strftime", lambda fmt: "20240101-120000")
    path = tmp_path / "p.json"
    for text in ("first", "[1, 2]", '{"version": 99}', ""):
        path.write_text(text, encoding="utf-8")
        progress.Store(path)
    kept = sorted(p.name for p in tmp_path.iterdir() if ".broken-" in p.name)
    assert kept == ["p.json.broken-20240101-120000", "p.json.broken-20240101-120000-2",
                    "p.json.broken-20240101-120000-3", "p.json.broken-20240101-120000-4"]
    assert (tmp_path / kept[0]).read_text() == "first"
    told = capsys.readouterr().err.splitlines()
    assert len(told) == 4
    assert "not valid JSON" in told[0] and "no record" in told[1]
    assert "version 99" in told[2] and "it is empty" in told[3]


def test_a_damaged_record_is_kept_aside_too(tmp_path, capsys):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"version": 1, "lessons": {"x": {"exercises": []}}}), encoding="utf-8")
    store = progress.Store(path)
    assert "lesson 'x' is damaged" in capsys.readouterr().err
    store.record_exercise("x", "a", correct=True)       # works on the fresh record
    assert store.lesson("x")["exercises"]["a"]["tries"] == 1


def test_a_file_broken_while_open_is_kept_aside_at_the_next_read(tmp_path, capsys):
    path = tmp_path / "p.json"
    store = progress.Store(path)
    store.record_exercise("lora/01", "a", correct=True)
    path.write_text("garbage", encoding="utf-8")
    assert store.lessons() == {}
    assert "could not be read" in capsys.readouterr().err


def test_the_data_dir_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("TUTOR_DATA_DIR", str(tmp_path))
    assert progress.default_path() == tmp_path / "progress.json"


def test_bad_names_are_refused(tmp_path):
    store = progress.Store(tmp_path / "p.json")
    with pytest.raises(TutorError, match="lesson"):
        store.record_exercise("", "x", correct=True)
    assert not (tmp_path / "p.json").exists()


BAD_CALLS = [
    ("record_exercise", ("", "x", True), "a lesson"),
    ("record_exercise", ("l/1", None, True), "an exercise"),
    ("record_exercise", ("l/1", "x", "yes"), "correct must be True or False"),
    ("complete_lesson", (3,), "a lesson"),
    ("set_rating", ("", "euchre", {"rating": 1}), "a rating kind"),
    ("set_rating", ("learner", " ", {"rating": 1}), "a rating key"),
    ("set_rating", ("learner", "euchre", 1500), "a rating is a mapping"),
    ("set_rating", ("learner", "euchre", {}), "a rating is a mapping"),
    ("set_rating", ("learner", "euchre", {"rating": float("nan")}), "finite number"),
    ("set_rating", ("learner", "euchre", {"rating": "high"}), "finite number"),
    ("record_attempt", ("", True), "a puzzle"),
    ("record_attempt", ("p", None), "solved must be True or False"),
    ("lesson", ("",), "a lesson"),
    ("rating", ("learner", None), "a rating key"),
    ("attempts", ([],), "a puzzle"),
]


@pytest.mark.parametrize("method, args, message", BAD_CALLS, ids=[f"{c[0]}-{i}" for i, c in enumerate(BAD_CALLS)])
def test_bad_input_is_a_tutor_error_and_changes_nothing(tmp_path, method, args, message):
    path = tmp_path / "p.json"
    store = progress.Store(path)
    store.record_exercise("l/1", "x", correct=True)
    store.set_rating("learner", "euchre", {"rating": 1500.0, "rd": 350.0, "vol": 0.06})
    before = path.read_bytes()
    data = json.loads(json.dumps(store.data))
    with pytest.raises(progress.ProgressError, match=message):
        getattr(store, method)(*args)
    assert path.read_bytes() == before and store.data == data


@pytest.mark.parametrize("details, message", [
    ({"time": 3}, "may not be called 'time'"),
    ({"hints": object()}, "details must be text, numbers"),
    ({"score": float("inf")}, "details must be text, numbers"),
])
def test_bad_attempt_details_are_refused(tmp_path, details, message):
    store = progress.Store(tmp_path / "p.json")
    with pytest.raises(TutorError, match=message):
        store.record_attempt("p", True, **details)
    assert store.attempts("p") == [] and not (tmp_path / "p.json").exists()


def test_a_bad_file_name_is_refused(tmp_path):
    with pytest.raises(TutorError, match="is a folder"):
        progress.Store(tmp_path)
    with pytest.raises(TutorError, match="file name"):
        progress.Store(42)


def test_two_stores_on_one_file_see_and_keep_each_others_changes(tmp_path):
    path = tmp_path / "p.json"
    first, second = progress.Store(path), progress.Store(path)      # two kernels, in effect
    for i in range(10):
        first.record_exercise("euchre/01", "shared", correct=False)
        second.record_exercise("euchre/01", "shared", correct=True)
        (first if i % 2 else second).record_attempt("p", solved=bool(i % 2), n=i)
    entry = first.lesson("euchre/01")["exercises"]["shared"]
    assert entry["tries"] == 20 and entry["first_try"] is False and entry["solved"] is True
    assert [a["n"] for a in second.attempts("p")] == list(range(10))
    second.set_rating("learner", "euchre", {"rating": 1600.0})
    assert first.rating("learner", "euchre") == {"rating": 1600.0}


def test_a_transaction_writes_once_and_a_failed_one_writes_nothing(tmp_path, monkeypatch):
    path = tmp_path / "p.json"
    store = progress.Store(path)
    store.record_exercise("l/1", "a", correct=True)
    writes = []
    real_write = progress.Store._write
    monkeypatch.setattr(progress.Store, "_write",
                        lambda self, data, locked: writes.append(1) or real_write(self, data, locked))
    with store.transaction():
        store.set_rating("learner", "euchre", {"rating": 1510.0})
        store.record_attempt("p", solved=True)
        assert store.rating("learner", "euchre") == {"rating": 1510.0}   # seen inside
        assert not progress.Store(path).attempts("p")                  # not yet in the file
    assert writes == [1] and progress.Store(path).attempts("p")[0]["solved"] is True
    before = path.read_bytes()
    with pytest.raises(RuntimeError):
        with store.transaction():
            store.record_attempt("p", solved=False)
            raise RuntimeError("the block fails")
    assert path.read_bytes() == before and len(store.attempts("p")) == 1


def test_a_failed_write_leaves_the_previous_file_and_the_record_as_they_were(tmp_path, monkeypatch):
    path = tmp_path / "p.json"
    store = progress.Store(path)
    store.record_exercise("l/1", "a", correct=True)
    before, data = path.read_bytes(), json.loads(json.dumps(store.data))

    def no_room(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(progress.os, "replace", no_room)
    with pytest.raises(OSError, match="No space"):
        store.record_exercise("l/1", "b", correct=True)
    assert path.read_bytes() == before and store.data == data
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.json", "p.json.lock"]   # no temp left


def test_a_temporary_file_left_by_a_killed_kernel_is_cleared_at_the_next_write(tmp_path):
    path = tmp_path / "p.json"
    store = progress.Store(path)
    store.record_exercise("l/1", "a", correct=True)
    stale = tmp_path / ".p.json.abc123.tmp.txt"
    stale.write_text('{"half', encoding="utf-8")
    other = tmp_path / "notes.txt"
    other.write_text("mine", encoding="utf-8")
    store.record_exercise("l/1", "b", correct=True)
    assert not stale.exists() and other.exists()


def test_writes_are_synced_before_the_rename(tmp_path, monkeypatch):
    calls = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(progress.os, "fsync", lambda fd: calls.append("fsync") or real_fsync(fd))
    monkeypatch.setattr(progress.os, "replace",
                        lambda a, b: calls.append("replace") or real_replace(a, b))
    progress.Store(tmp_path / "p.json").record_exercise("l/1", "a", correct=True)
    assert calls[:2] == ["fsync", "replace"]


# -- the browser edition -------------------------------------------------------------------
def test_in_the_browser_progress_lives_in_the_drive_and_survives_a_reload(browser, monkeypatch):
    assert progress.default_path() == browser / "my-progress" / "progress.json"
    monkeypatch.setattr(progress.os, "fsync", lambda fd: pytest.fail("no fsync in the browser"))
    store = progress.Store()
    store.record_exercise("euchre/01-first-hand", "follow", correct=True)
    store.record_attempt("euchre/basics/E-001", solved=True)
    assert not store.in_memory
    assert sorted(p.name for p in (browser / "my-progress").iterdir()) == ["progress.json"]  # no lock file
    monkeypatch.setattr(progress, "_drive_state", {})             # a page reload: a fresh kernel
    again = progress.Store()
    assert again.lesson("euchre/01-first-hand")["exercises"]["follow"]["solved"] is True
    assert again.attempts("euchre/basics/E-001")[0]["solved"] is True


def test_in_the_browser_the_environment_still_chooses_the_folder(browser, monkeypatch, tmp_path):
    monkeypatch.setenv("TUTOR_DATA_DIR", str(tmp_path / "class"))
    assert progress.default_path() == tmp_path / "class" / "progress.json"
    progress.Store().complete_lesson("lora/01")
    assert (tmp_path / "class" / "progress.json").exists()


def test_a_browser_without_storage_keeps_the_record_in_memory_and_says_so_once(browser, monkeypatch,
                                                                               capsys, tmp_path):
    monkeypatch.setattr(platform, "BROWSER_DRIVE", str(tmp_path / "no-drive"))
    store = progress.Store()
    told = capsys.readouterr().err
    assert told.count("\n") == 1 and "cannot be kept in this browser" in told
    assert store.in_memory
    store.record_exercise("euchre/01", "a", correct=False)
    store.record_exercise("euchre/01", "a", correct=True)
    store.set_rating("learner", "euchre", {"rating": 1490.0})
    store.record_attempt("p", solved=True)
    with store.transaction():
        store.complete_lesson("euchre/01")
    assert store.lesson("euchre/01")["exercises"]["a"]["tries"] == 2
    assert store.lesson("euchre/01")["completed"] and store.attempts("p")[0]["solved"]
    with pytest.raises(TutorError):
        store.record_attempt("p", solved="maybe")
    assert len(store.attempts("p")) == 1
    other = progress.Store()                                      # another widget's store ...
    assert capsys.readouterr().err == ""                          # ... told once per kernel
    assert other.lesson("euchre/01")["completed"]                 # ... and the same record
    other.record_attempt("p", solved=False)
    assert len(store.attempts("p")) == 2
    assert not (tmp_path / "no-drive").exists()


def test_a_drive_whose_calls_fail_counts_as_no_storage(browser, monkeypatch, capsys):
    def broken_drive(*args, **kwargs):
        raise RuntimeError("the drive's service worker does not answer")   # what the browser raises

    monkeypatch.setattr(progress.os, "listdir", broken_drive)
    assert progress.Store().in_memory
    assert "cannot be kept in this browser" in capsys.readouterr().err


def test_a_drive_that_comes_up_late_is_waited_for(browser, monkeypatch, capsys):
    """On a first visit the drive answers only once the page's service worker has taken charge
    of it, a moment after the kernel started: the first look waits for it."""
    real, failures = os.listdir, []

    def slow_drive(path):
        if len(failures) < 2:
            failures.append(path)
            raise OSError(5, "the drive is not up yet")
        return real(path)

    monkeypatch.setattr(platform.os, "listdir", slow_drive)
    store = progress.Store()
    assert failures and not store.in_memory
    assert capsys.readouterr().err == ""
    store.record_exercise("euchre/01", "a", correct=True)
    assert (browser / "my-progress" / "progress.json").exists()


def test_a_drive_that_was_not_up_is_asked_again_by_the_next_store(browser, monkeypatch, capsys):
    real = os.listdir
    monkeypatch.setattr(platform.os, "listdir", lambda path: (_ for _ in ()).throw(OSError(5, "down")))
    assert progress.Store().in_memory
    assert "cannot be kept in this browser" in capsys.readouterr().err
    monkeypatch.setattr(platform.os, "listdir", real)
    later = progress.Store()
    assert not later.in_memory
    assert capsys.readouterr().err == ""


def test_a_rated_attempt_starts_from_the_rating_another_kernel_just_stored(tmp_path):
    from tutor.puzzles import rating
    from tutor.puzzles.format import GoalSpec, Puzzle

    def puzzle(n):
        return Puzzle(id=f"euchre/t/{n}", title="t", game="euchre", position={}, hero=0,
                      goal=GoalSpec(text="", target=1), difficulty={"level": 3})

    path = tmp_path / "p.json"
    first, second = progress.Store(path), progress.Store(path)   # two notebooks open at once
    after_first, _ = rating.record(first, puzzle(1), solved=True)
    after_second, _ = rating.record(second, puzzle(2), solved=True)
    assert after_second.rating > after_first.rating > rating.DEFAULT.rating    # built on the first
    stored = progress.Store(path)
    assert stored.rating("learner", "euchre")["rating"] == pytest.approx(after_second.rating)
    assert len(stored.attempts("euchre/t/1")) == len(stored.attempts("euchre/t/2")) == 1


def test_a_file_that_can_be_neither_read_nor_moved_aside_leaves_a_record_in_memory(tmp_path,
                                                                                   monkeypatch, capsys):
    path = tmp_path / "p.json"
    path.write_text("garbage", encoding="utf-8")
    real_replace = os.replace

    def read_only_folder(src, dst):
        if str(src) == str(path):
            raise PermissionError(13, "Permission denied")
        return real_replace(src, dst)

    monkeypatch.setattr(progress.os, "replace", read_only_folder)
    store = progress.Store(path)
    told = capsys.readouterr().err
    assert told.count("\n") == 1 and "nor moved aside" in told and "until the notebook closes" in told
    assert store.in_memory and path.read_text() == "garbage"
    store.record_exercise("l/1", "a", correct=True)
    assert store.lesson("l/1")["exercises"]["a"]["tries"] == 1 and path.read_text() == "garbage"
