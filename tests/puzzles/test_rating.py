"""Glicko-2 against Glickman's worked example, and ratings stored through tutor.progress."""

import pytest

from tutor import progress
from tutor.puzzles import GoalSpec, Puzzle, rating
from tutor.puzzles.rating import Rating, update


def test_glickmans_worked_example():
    """"Example of the Glicko-2 system": 1500/200/0.06 against 1400/30 (won), 1550/100
    (lost), 1700/300 (lost) -> 1464.06, 151.52, 0.05999."""
    r = update(Rating(1500, 200, 0.06),
               [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
    assert r.rating == pytest.approx(1464.06, abs=0.02)
    assert r.rd == pytest.approx(151.52, abs=0.01)
    assert r.vol == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_rd():
    r = update(Rating(1500, 200, 0.06), [])
    assert r.rating == 1500
    assert r.rd == pytest.approx(200.271, abs=0.01)   # sqrt(phi^2 + sigma^2), Glicko scale


def test_attempts_update_and_store_both_ratings(tmp_path, monkeypatch):
    monkeypatch.setenv("TUTOR_DATA_DIR", str(tmp_path))
    store = progress.Store()
    p = Puzzle(id="euchre/t/1", title="t", game="euchre", position={}, hero=0,
               goal=GoalSpec(text="", target=1), difficulty={"level": 3})
    me, it = rating.record(store, p, solved=True, hints=1)
    assert me.rating > 1500 and it.rating < 1500
    again = progress.Store()                       # read back from the file
    assert again.rating("learner", "euchre")["rating"] == pytest.approx(me.rating)
    assert again.rating("puzzle", "euchre/t/1")["rating"] == pytest.approx(it.rating)
    assert again.attempts("euchre/t/1")[0]["solved"] is True
    assert again.attempts("euchre/t/1")[0]["hints"] == 1
    me2, _ = rating.record(again, p, solved=False)
    assert me2.rating < me.rating
