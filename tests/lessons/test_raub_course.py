"""The Raub course says what the engine does: each lesson's seeded table deal holds the situation
its text promises, and every Decide exercise asks a settled question."""
from pathlib import Path

import course_run
import pytest

from tutor.widgets import Decide

COURSE = Path(__file__).resolve().parents[2] / "lessons" / "raub"
LESSONS = sorted(p.stem for p in COURSE.glob("[0-9][0-9]-*.ipynb"))


def run_lesson(stem, tmp_path_factory):
    return course_run.run_lesson(COURSE, stem, tmp_path_factory)


follow_advice_until = course_run.follow_advice_until


def first_decision(table):      # the guided first hand opens on a decision of yours
    return table.state.to_move == 0 and not table.state.is_over and table.guided


def dealer_and_blind_choice(table):   # "you deal the first hand: deal, then your blind choice"
    state = table.state
    if not (state.dealer == 0 and state.phase == "predeal" and state.to_move == 0):
        return False
    table.click("deal")
    return table.state.phase == "blind" and table.state.to_move == 0


def everyone_passes(table):     # "watch for the moment when everyone passes: what does the dealer do?"
    return follow_advice_until(table, lambda s: s.phase == "dealer_choice")


def play_or_idem(table):        # "think about each play or Idem decision"
    return follow_advice_until(table, lambda s: s.phase == "defend")


def must_trump(table):          # "when you cannot follow, the table only lets you trump"
    def void_with_trumps(state):
        if state.phase != "play" or not state.trick:
            return False
        led = state.trick[0][1].suit
        hand = state.hands[0]
        return (not any(c.suit is led for c in hand) and any(c.suit is state.trump for c in hand)
                and any(c.suit is not state.trump for c in hand))
    return follow_advice_until(table, void_with_trumps)


def a_whole_game(table):        # "play a whole game to zero"
    return table.match is not None and table.state.to_move == 0


def three_players(table):       # "play a three-player game"
    return table.state.players == 3 and table.state.to_move == 0


PROMISES = {"01-one-against-the-rest": first_decision,
            "02-the-deal-and-blind-choices": dealer_and_blind_choice,
            "03-bidding-and-muss": everyone_passes, "04-defenders-and-the-draw": play_or_idem,
            "05-tricks-and-scoring": must_trump, "06-ending-and-strategy": a_whole_game,
            "07-variants-and-table-rules": three_players}


def test_every_lesson_has_a_promise_checked():
    assert sorted(PROMISES) == LESSONS


@pytest.mark.parametrize("stem", LESSONS)
def test_the_seeded_table_deal_holds_the_promised_situation(stem, tmp_path_factory):
    table = run_lesson(stem, tmp_path_factory)["play"]
    assert PROMISES[stem](table), f"{stem}: the table's deal does not show the lesson's idea"


@pytest.mark.parametrize("stem", LESSONS)
def test_every_decision_asked_is_settled(stem, tmp_path_factory):
    lesson = run_lesson(stem, tmp_path_factory)["lesson"]
    for exercise in lesson.exercises.values():
        if isinstance(exercise, Decide):
            settled = exercise.settle()
            assert settled.settled, f"{stem}, {exercise.id}: {settled.reason}"
            assert exercise.best() in settled.accepted
