"""The Clabber course keeps its promises: each lesson's seeded table deal contains the situation
its text announces, the syllabus covers every section 2-13 of the rules, and every lesson,
exercise and puzzle theme it names exists.

The learner's seat is played by the table's hints (what a newcomer who presses Hint would do),
the other seats by the table's own bots, exactly as in the notebook."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tutor import bots
from tutor.cards import Rank
from tutor.games.clabber import trick_rules_for
from tutor.widgets import PlayTable

ROOT = Path(__file__).resolve().parents[2]
COURSE = ROOT / "lessons" / "clabber"


def table_cells(path: Path) -> list[str]:
    """The source of every cell of a lesson that builds a PlayTable."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"]
            if c["cell_type"] == "code" and "PlayTable(" in "".join(c["source"])]


def table_arguments(path: Path) -> dict:
    """The keyword arguments of the lesson's table, read from the notebook itself."""
    [source] = table_cells(path)
    call = source[source.index("PlayTable("):]
    args = {}
    for key in ("seed", "dealer", "players"):
        found = re.search(rf"\b{key}=(\d+)", call)
        if found:
            args[key] = int(found.group(1))
    return args


def play_by_hints(path: Path):
    """Build the lesson's table and play the learner's seat by the hints; returns the finished
    hand and every decision the learner met as (state before, legal action strings)."""
    table = PlayTable("clabber", seat=0, bots="basic", **table_arguments(path))
    met = []
    for _ in range(60):
        state = table.state
        if state.is_over:
            break
        view = state.view(0)
        met.append((snapshot(state), [str(a) for a in view.legal]))
        assert table.click(bots.hint(view, level="basic").action)
    assert table.state.is_over
    return table.state, met


def snapshot(state) -> dict:
    return {"phase": state.phase, "trick": tuple(state.trick), "trump": state.trump,
            "hand": tuple(state.hands[0]), "trick_number": state.trick_number,
            "bids": tuple(state.bids)}


def lesson(number: int) -> Path:
    [path] = sorted(COURSE.glob(f"{number:02d}-*.ipynb"))
    return path


def duty_to_overtrump(snap: dict, legal: list[str]) -> bool:
    """The learner must beat a trump already in the trick and holds a trump that may not go."""
    trump = snap["trump"]
    trick_trumps = [c for _, c in snap["trick"] if c.suit is trump]
    mine = [c for c in snap["hand"] if c.suit is trump]
    if snap["phase"] != "play" or not trick_trumps or not mine:
        return False
    led = snap["trick"][0][1].suit
    if led is not trump and any(c.suit is led for c in snap["hand"]):
        return False
    playable = {a.split()[-1] for a in legal}
    forbidden = [c for c in mine if str(c) not in playable]
    return bool(forbidden) and all(any(str(c) == p for c in mine) for p in playable)


def duty_to_trump(snap: dict, legal: list[str]) -> bool:
    """A plain suit led, the learner void in it, and he must trump though he holds other cards."""
    trump = snap["trump"]
    if snap["phase"] != "play" or not snap["trick"]:
        return False
    led = snap["trick"][0][1].suit
    hand = snap["hand"]
    if led is trump or any(c.suit is led for c in hand):
        return False
    mine = [c for c in hand if c.suit is trump]
    return bool(mine) and len(mine) < len(hand) and len(legal) <= len(mine)


def test_lesson1_nine_of_trumps_captures_the_ace():
    state, _ = play_by_hints(lesson(1))
    trump = state.trump
    captures = [plays for _, plays, win in state.tricks
                if any(c.suit is trump and c.rank is Rank.ACE for _, c in plays)
                and dict(plays)[win].suit is trump and dict(plays)[win].rank is Rank.NINE]
    assert captures


def test_lesson2_the_choice_comes_to_the_dealer():
    path = lesson(2)
    table = PlayTable("clabber", seat=0, bots="basic", **table_arguments(path))
    state = table.state
    assert state.dealer == 0 and state.to_move == 0 and state.bid_round == 1
    assert [str(b[1]) if isinstance(b, tuple) else str(b) for b in state.bids] == ["pass"] * 3
    assert {str(a) for a in state.legal_actions()} == {"accept", "pass"}


def test_lesson3_the_learner_must_overtrump_his_partner_in_trick_one_and_trump_later():
    _, met = play_by_hints(lesson(3))
    first = [(s, legal) for s, legal in met if s["phase"] == "play" and s["trick_number"] == 0]
    assert first and duty_to_overtrump(*first[0])
    snap = first[0][0]
    rules = trick_rules_for(snap["trump"])
    best = max((pc for pc in snap["trick"] if pc[1].suit is snap["trump"]),
               key=lambda pc: rules.order[pc[1]])
    assert best[0] == 2                       # the trump to beat is the partner's (North)
    assert any(duty_to_trump(s, legal) for s, legal in met if s["trick_number"] > 0)


def test_lesson4_the_learner_holds_the_bell():
    state, _ = play_by_hints(lesson(4))
    assert state.bell_holder == 0
    assert ("bell", 0) in state.events


def test_lesson5_the_makers_are_set():
    state, _ = play_by_hints(lesson(5))
    assert "XX" in state.result().details["marks"].values()


def test_lesson6_the_learner_makes_trumps_and_holds_the_bell():
    state, _ = play_by_hints(lesson(6))
    assert state.maker == 0 and state.bell_holder == 0


def test_lesson7_three_players_and_the_maker_must_beat_both():
    path = lesson(7)
    assert table_arguments(path).get("players") == 3
    state, _ = play_by_hints(path)
    assert state.players == 3 and state.maker is not None
    assert state.result().details["made"] is not None
