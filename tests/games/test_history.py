"""The search for earlier tricks (``tutor.games.history``): hand-built positions whose earlier
tricks cannot have been played, refused with a message that says so, and their real
counterparts accepted."""

import pytest

from tutor import games
from tutor.errors import PositionError
from tutor.games import history


def test_a_player_who_must_have_followed_suit_cannot_hold_that_suit_now():
    # Rules EX-03's trick with hands that no earlier trick leads to: the four cards out of play
    # (9D, 10C, 10H, KH) made the first trick, and whatever was led, a player still holding
    # that suit had none of it left to follow with (West holds hearts, diamonds and clubs).
    with pytest.raises(PositionError, match="no legal play of the 1 earlier trick") as err:
        games.position("clabber", hands={0: "AD KD QD JD", 1: "AC KC QC JC",
                                         2: "JH AH KS 10D 9C", 3: "AS QS JS 10S 9S"},
                       trump="H", leader=0, trick=["9H", "QH"])
    assert "duty to follow suit" in str(err.value)
    # the same trick after a real first trick (South's AC over KC, QC, JC) stands
    games.position("clabber", hands={0: "AD KD QD JD", 1: "10C 9D 10H KH",
                                     2: "JH AH KS 10D 9C", 3: "AS QS JS 10S 9S"},
                   trump="H", leader=0, trick=["9H", "QH"], dealer=3)


def test_the_winner_of_the_last_trick_must_be_able_to_win_it():
    # Lora, one trick played: the cards out of play are 7S 8S 9S 7H and every player still
    # holds hearts, so the heart cannot have been led (three players would have had to follow
    # with hearts that are not there): spades were led, and West and North, who hold spades,
    # followed with spades. Three spades: the fourth player threw the heart, and the winner is
    # the one who played 9S, West or North. East, who holds no spade, did not win it.
    hands = {0: "8H 7D 8D 9D 7C 8C 9C", 1: "9H TD JD QD TC JC QC",
             2: "TS JS TH JH KD AD KC", 3: "QS KS AS QH KH AH AC"}
    state = games.position("lora", contract="minimum", hands=hands, leader=3, dealer=3,
                           tricks_won={3: 1})
    assert state.to_move == 3
    with pytest.raises(PositionError, match="no legal play of the 1 earlier trick"):
        games.position("lora", contract="minimum", hands=hands, leader=1, dealer=3,
                       tricks_won={1: 1})


def test_trusted_positions_are_not_searched():
    spec = dict(hands={0: "AD KD QD JD", 1: "AC KC QC JC", 2: "JH AH KS 10D 9C",
                       3: "AS QS JS 10S 9S"}, trump="H", leader=0, trick=["9H", "QH"])
    with history.trusted():
        state = games.position("clabber", **spec)
    assert state.to_move == 2
    with pytest.raises(PositionError):
        games.position("clabber", **spec)


def test_a_search_given_a_budget_says_when_it_ran_out():
    facts = history.Facts(rules=games.lora.TRICK_RULES, seats=(0, 1, 2, 3),
                          held={0: frozenset(), 1: frozenset(), 2: frozenset(), 3: frozenset()},
                          pool=frozenset(games.lora.TRICK_CARDS), tricks=8, leader=0, first=1,
                          every_card=True)
    assert history.possible(facts, budget=5) is None       # undecided
    assert history.possible(facts) is True                  # without a budget: decided
