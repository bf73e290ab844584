"""Positions with known double-dummy values (the rules files' mini-puzzles and our own)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor import games, solver
from tutor.solver import goals

CORPUS = json.loads((Path(__file__).parent / "data" / "corpus.json").read_text())
VALUES = [e for e in CORPUS if "goal" not in e]
GOALS = [e for e in CORPUS if "goal" in e]


def _state(entry):
    spec = dict(entry["position"])
    spec["hands"] = {int(s): c for s, c in spec["hands"].items()}
    for key in ("won", "tricks_won"):
        if isinstance(spec.get(key), dict):
            spec[key] = {int(s) if s.isdigit() else s: v for s, v in spec[key].items()}
    return games.position(entry["game"], **spec)


@pytest.mark.parametrize("entry", VALUES, ids=[e["name"] for e in VALUES])
def test_corpus_position(entry):
    state = _state(entry)
    side = entry.get("side")
    hero = entry.get("hero", side[0] if side else None)
    res = solver.solve(state, hero=hero, side=side)
    _check_answer(res, state, entry)
    # the boolean query answers the puzzle form of the same question
    assert solver.can_reach(state, entry["value"], hero=hero, side=side)


def _check_answer(res, state, entry):
    """The entry's value, and each listed move's value (all the moves when any is listed)."""
    assert res.exact
    assert res.value == entry["value"]
    for action, value in entry.get("moves", {}).items():
        assert res.moves[state.parse_action(action)] == value, action
    if "moves" in entry:
        assert len(res.moves) == len(entry["moves"])


@pytest.mark.parametrize("entry", GOALS, ids=[e["name"] for e in GOALS])
def test_corpus_goal(entry):
    """A named objective of the game's presets: its answer and each move's."""
    state = _state(entry)
    spec = dict(entry["goal"])
    goal = getattr(goals, entry["game"])(spec.pop("name"), state, **spec)
    res = solver.solve(state, goal=goal)
    _check_answer(res, state, entry)
    if isinstance(goal, goals.Goal):
        assert solver.can_reach(state, goal) == bool(entry["value"])
