"""The Euchre course says what the engine does: each lesson's seeded table deal holds the
situation its text promises, and every Decide exercise asks a settled question (the same
answer for every seed, its lead clear of the sampling error)."""
from pathlib import Path

import course_run
import pytest

from tutor import bots
from tutor.cards import Rank
from tutor.widgets import Decide

COURSE = Path(__file__).resolve().parents[2] / "lessons" / "euchre"
LESSONS = sorted(p.stem for p in COURSE.glob("[0-9][0-9]-*.ipynb"))


def run_lesson(stem, tmp_path_factory):
    return course_run.run_lesson(COURSE, stem, tmp_path_factory)


def bowers(state, seat=0):
    suit = state.up_card.suit
    return {c for c in state.hands[seat] if c.rank is Rank.JACK and c.suit.colour == suit.colour}


def advice(state, seat=0):
    return bots.hint(state.view(seat), level="basic").action


def first_hand(table):      # "you hold both bowers of the up-card's suit, and the table orders it up for you"
    state = table.state
    return (state.phase == "play" and state.maker == 0 and state.trump is state.up_card.suit
            and len(bowers(state)) == 2 and state.exchange == "taken"
            and table.decides.keys() >= {"bidding", "discard", "going alone"})


def ordering_up(table):     # "your partner will order up ... take the up-card and discard, or leave it"
    state = table.state
    return (state.phase == "exchange" and state.to_move == 0 == state.dealer and state.maker == 2
            and "going alone" in table.decides)      # taught in lesson 4


def second_round(table):    # "pass in round 1 ... in round 2 the choice comes back to you, you may not pass"
    state = table.state
    if "going alone" not in table.decides:                # taught in lesson 4
        return False
    if not (state.phase == "bid1" and state.to_move == 0 and advice(state).verb == "pass"):
        return False
    table.click("pass")
    state = table.state
    return (state.phase == "bid2" and state.to_move == 0 == state.dealer
            and "pass" not in [str(a) for a in state.legal_actions()])


def going_alone(table):     # "order up, and when you are asked, consider going alone"
    state = table.state
    if not (state.phase == "bid1" and state.to_move == 0 and advice(state).verb == "order_up"):
        return False
    table.click("order_up")
    state = table.state
    return state.phase == "alone" and state.to_move == 0 and advice(state).verb == "go_alone"


def scoring(table):         # "you hold the left bower and three diamonds with a diamond turned up: order up"
    state = table.state
    up = state.up_card.suit
    left = [c for c in bowers(state) if c.suit is not up]
    diamonds = [c for c in state.hands[0] if c.suit is up and c.rank is not Rank.JACK]
    return (up.value == "D" and left and len(diamonds) == 3 and state.to_move == 0
            and advice(state).verb == "order_up")


def card_play(table):       # "you hold both black jacks and a club is turned up. Order up"
    state = table.state
    held = {str(c) for c in state.hands[0]}
    return (state.up_card.suit.value == "C" and {"JC", "JS"} <= held and state.to_move == 0
            and advice(state).verb == "order_up")


def three_players(table):   # "a three-handed game against two computer players"
    return table.state.players == 3 and table.state.to_move == 0


def joker(table):           # "you hold the Joker and both red jacks", the queen of hearts turned up
    state = table.state
    held = {str(c) for c in state.hands[0]}
    return (state.rules.joker and {"JK", "JH", "JD"} <= held and str(state.up_card) == "QH"
            and state.to_move == 0 and advice(state).verb == "order_up")


def railroad(table):        # "you hold the Joker, the right bower and two more hearts", 10 of hearts up
    state = table.state
    held = {str(c) for c in state.hands[0]}
    hearts = [c for c in state.hands[0] if c.suit is not None and c.suit.value == "H"
              and c.rank is not Rank.JACK]
    return (state.rules.call_for_best and str(state.up_card) == "TH" and {"JK", "JH"} <= held
            and len(hearts) == 2 and state.to_move == 0)


PROMISES = {"01-first-hand": first_hand, "02-ordering-up": ordering_up,
            "03-second-round": second_round, "04-going-alone": going_alone,
            "05-scoring": scoring, "06-card-play": card_play,
            "07-two-and-three-players": three_players, "08-bigger-packs-and-the-joker": joker,
            "09-railroad": railroad}


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


# Euchre 7-9 (the variants) have no puzzles: the collection holds only positions of the
# four-handed default game.
PUZZLE_THEMES = {"01-first-hand": "the left bower ruffs", "02-ordering-up": "draw trumps",
                 "03-second-round": "keep the trump", "04-going-alone": "lone-hand ending",
                 "05-scoring": "cash the winner", "06-card-play": "let partner win"}


@pytest.mark.parametrize("stem", sorted(PUZZLE_THEMES))
def test_each_lesson_ends_with_two_or_three_certified_puzzles_on_its_theme(stem, tmp_path_factory):
    board = run_lesson(stem, tmp_path_factory)["board"]
    chosen = [coach.puzzle for coach in board.all]
    assert 2 <= len(chosen) <= 3
    assert all(p.is_certified and p.game == "euchre" for p in chosen)
    assert all(PUZZLE_THEMES[stem] in p.themes for p in chosen), [p.themes for p in chosen]


def test_no_puzzle_is_shown_in_two_lessons(tmp_path_factory):
    shown = [coach.puzzle.id for stem in sorted(PUZZLE_THEMES)
             for coach in run_lesson(stem, tmp_path_factory)["board"].all]
    assert len(shown) == len(set(shown)), shown
