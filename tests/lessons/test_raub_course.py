"""The Raub course says what the engine does: each lesson's seeded table deal holds the situation
its text promises, no table asks for a decision taught in a later lesson, and every Decide
exercise asks a settled question."""
from pathlib import Path

import course_run
import pytest

from tutor import games
from tutor.lessons import raub as course
from tutor.widgets import Decide

COURSE = Path(__file__).resolve().parents[2] / "lessons" / "raub"
LESSONS = sorted(p.stem for p in COURSE.glob("[0-9][0-9]-*.ipynb"))


def run_lesson(stem, tmp_path_factory):
    return course_run.run_lesson(COURSE, stem, tmp_path_factory)


follow_advice_until = course_run.follow_advice_until


def plays_a_card(table):        # lesson 1: "you play the cards" (the table decides the rest)
    # ... of the first hand: no hand is played past before the learner's first card
    return follow_advice_until(table, lambda s: s.phase == "play") and not table.match.hands


def blind_choice(table):        # "you deal the first hand ... then comes your blind choice"
    state = table.state
    return state.dealer == 0 and state.phase == "blind" and state.to_move == 0


def everyone_passes(table):     # "when it comes round to you, will you declare, pass or turn?"
    return follow_advice_until(table, lambda s: s.phase == "dealer_choice")


def round_two(table):           # "the other three pass in round 1 ... watch the second round"
    state = table.state
    if not follow_advice_until(table, lambda s: s.phase == "dealer_choice"):
        return False
    table.click("turn")
    return follow_advice_until(table, lambda s: s.phase == "bid2") and state.dealer == 0


def play_or_idem(table):        # "think about each play or Idem decision"
    return follow_advice_until(table, lambda s: s.phase == "defend")


def draws(table):               # "use the draw"
    return follow_advice_until(table, lambda s: s.phase == "draw")


def must_trump(table):          # "when you cannot follow, the table lets you play only a trump"
    def void_with_trumps(state):
        if state.phase != "play" or not state.trick:
            return False
        led = state.trick[0][1].suit
        hand = state.hands[0]
        return (not any(c.suit is led for c in hand) and any(c.suit is state.trump for c in hand)
                and any(c.suit is not state.trump for c in hand))
    return follow_advice_until(table, void_with_trumps)


def deal_or_pass_the_deal(table):   # "you deal the first one: deal, or pass the deal?"
    state = table.state
    return state.dealer == 0 and state.phase == "predeal" and state.to_move == 0


def a_whole_game(table):        # "play a whole game to zero"
    return table.match is not None and table.state.to_move == 0


def raub_against_you(table):    # "East calls Raub blind, and your first decision is whether to stay in"
    state = table.state
    return (state.phase == "defend" and state.to_move == 0 and state.kind == "raub"
            and state.seat_name(state.declarer) == "East")


def three_players(table):       # "play a three-player game"
    return table.state.players == 3 and table.state.to_move == 0


PROMISES = {"01-one-against-the-rest": plays_a_card,
            "02-the-deal-and-blind-choices": blind_choice,
            "03-declare-or-pass": everyone_passes,
            "04-turning-a-card": round_two,
            "05-stay-in-or-drop-out": play_or_idem,
            "06-the-draw": draws,
            "07-playing-the-tricks": must_trump,
            "08-scoring-and-the-refa": deal_or_pass_the_deal,
            "09-muss-and-the-end": a_whole_game,
            "10-playing-well": raub_against_you,
            "11-variants-and-table-rules": three_players}


def test_every_lesson_has_a_promise_checked():
    assert sorted(PROMISES) == LESSONS


@pytest.mark.parametrize("stem", LESSONS)
def test_the_seeded_table_deal_holds_the_promised_situation(stem, tmp_path_factory):
    table = run_lesson(stem, tmp_path_factory)["play"]
    assert PROMISES[stem](table), f"{stem}: the table's deal does not show the lesson's idea"


@pytest.mark.parametrize("stem", LESSONS)
def test_no_table_asks_for_a_decision_taught_later(stem, tmp_path_factory):
    number = int(stem[:2])
    table = run_lesson(stem, tmp_path_factory)["play"]
    later = {topic for topic, n in course.TAUGHT_IN.items() if n > number}
    assert set(table.decides) == later
    state = table.state
    if state.to_move == 0 and not state.is_over:
        assert games.decision_topic(state) not in later


def test_every_decision_topic_has_a_lesson():
    assert set(course.TAUGHT_IN) | {"play", "seven exchange"} == set(games.module("raub").DECISION_TOPICS)


@pytest.mark.parametrize("stem", LESSONS)
def test_every_decision_asked_is_settled(stem, tmp_path_factory):
    lesson = run_lesson(stem, tmp_path_factory)["lesson"]
    for exercise in lesson.exercises.values():
        if isinstance(exercise, Decide):
            settled = exercise.settle()
            assert settled.settled, f"{stem}, {exercise.id}: {settled.reason}"
            assert exercise.best() in settled.accepted
