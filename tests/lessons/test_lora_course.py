"""The Lora course says what the engine does: each lesson's seeded table deal holds the situation
its text promises."""
from pathlib import Path

import course_run
import pytest

from tutor.cards import Rank, Suit
from tutor.games.lora_layout import legal_cards

COURSE = Path(__file__).resolve().parents[2] / "lessons" / "lora"
LESSONS = sorted(p.stem for p in COURSE.glob("[0-9][0-9]-*.ipynb"))


def run_lesson(stem, tmp_path_factory):
    return course_run.run_lesson(COURSE, stem, tmp_path_factory)


follow_advice_until = course_run.follow_advice_until


def practising(contract):
    def promise(table):
        return table.state.contract == contract and table.state.to_move == 0
    return promise


def must_follow_with_a_choice(table):   # "practise following suit"
    def follow_while_holding_another_suit(state):
        if not state.trick:
            return False
        led = state.trick[0][1].suit
        hand = state.hands[0]
        return any(c.suit is led for c in hand) and any(c.suit is not led for c in hand)
    return table.state.contract == "minimum" and follow_advice_until(table, follow_while_holding_another_suit)


def first_hand_of_a_game(table):  # "a whole game of 28 hands, starting with Minimum"
    return (table.match is not None and table.match.total_hands == 28
            and table.state.contract == "minimum" and table.state.to_move == 0)


def queen_to_throw(table):      # "when you cannot follow suit, look for a queen to throw away"
    def void_with_a_queen(state):
        if not state.trick:
            return False
        led = state.trick[0][1].suit
        hand = state.hands[0]
        return not any(c.suit is led for c in hand) and any(c.rank is Rank.QUEEN for c in hand)
    return table.state.contract == "queens" and follow_advice_until(table, void_with_a_queen)


def king_of_hearts_held(table):  # "in this deal you hold the K♥"
    state = table.state
    return (state.contract == "king_hearts_last_trick"
            and any(c.rank is Rank.KING and c.suit is Suit.HEARTS for c in state.hands[0]))


def a_suit_to_open(table):      # "before opening a new suit, ask who else is waiting for it"
    def may_open_a_suit(state):
        if state.start_rank is None:
            return False
        cards = legal_cards(state.hands[0], state.piles, state.start_rank)
        opening = [c for c in cards if state.piles[c.suit.index] == 0]
        return bool(opening) and len(cards) > 1
    return table.state.contract == "lora" and follow_advice_until(table, may_open_a_suit)


def whole_game(table):          # "a whole game of 28 hands, the score sheet kept for you"
    return table.match is not None and table.match.total_hands == 28 and table.state.to_move == 0


def choosing_first(table):      # "you (South) choose first"
    state = table.state
    return state.rules.contract_choice and state.phase == "choose" and state.chooser == 0


def libyan(table):              # "the Libyan game": clockwise, its first contract is Hearts
    state = table.state
    return state.rules.direction == "clockwise" and state.contract == "hearts"


PROMISES = {"01-cards-and-tricks": must_follow_with_a_choice,
            "02-seven-games-in-one": first_hand_of_a_game,
            "03-minimum-and-maximum": practising("maximum"),
            "04-queens-and-hearts": queen_to_throw,
            "05-jack-king-and-last-trick": king_of_hearts_held,
            "06-the-layout": practising("lora"),
            "07-layout-strategy": a_suit_to_open,
            "08-a-whole-game": whole_game,
            "09-choosing-and-other-variants": choosing_first,
            "10-the-libyan-game-and-the-strict-table": libyan}


def test_every_lesson_has_a_promise_checked():
    assert sorted(PROMISES) == LESSONS


@pytest.mark.parametrize("stem", LESSONS)
def test_the_seeded_table_deal_holds_the_promised_situation(stem, tmp_path_factory):
    table = run_lesson(stem, tmp_path_factory)["play"]
    assert PROMISES[stem](table), f"{stem}: the table's deal does not show the lesson's idea"
