"""Review of a played hand: what each card cost, double dummy."""

from __future__ import annotations

import random

import pytest

from tutor import games
from tutor.games.actions import Play
from tutor.solver.review import review_hand


def _play_out(state, rng):
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_review_of_a_random_euchre_hand_costs_nothing_negative():
    for seed in range(6):
        rng = random.Random(seed)
        state = _play_out(games.new_hand("euchre", seed=seed), rng)
        rows = review_hand(state)
        if state.trick_rules is None:   # a thrown-in hand has no card play
            assert rows == []
            continue
        assert len(rows) == sum(len(cards) for _, cards, _ in state.tricks)
        for row in rows:
            assert row.exact and row.cost >= 0
            assert row.cost == row.best - row.played


def test_review_finds_the_losing_lead_of_DD1():
    # EX-06 deal, S (seat 2) to lead: KC gives away a trick (NS 3 -> 2), QS does not
    for card, cost in (("KC", 1), ("QS", 0)):
        state = games.position("euchre", hands={3: "JS TS AH KH AC", 1: "9S QH 9D TC QC",
                                                 0: "KS AD KD 9C 9H", 2: "AS JC QS KC TD"},
                               trump="S", leader=2, maker=3)
        state.apply(Play(card))
        first = review_hand(state)[0]
        assert (first.seat, first.best, first.cost) == (2, 3, cost)


def test_review_counts_lora_penalties_the_other_way_round():
    won = {0: "QH JH TH 9H 8H AC KC QC", 1: "JC TC 9C 8C AD KD QD JD", 2: "TD 9D 8D 7C",
           3: "AS KS QS 7S"}
    state = games.position("lora", contract="hearts",
                           hands={0: "AH 8S", 1: "KH 9S", 2: "7H TS", 3: "JS 7D"}, leader=0,
                           won=won, tricks_won={0: 2, 1: 2, 2: 1, 3: 1})
    state.apply(Play("8S"))
    first = review_hand(state, seats={0})[0]
    assert (first.best, first.played, first.cost) == (-8, 5, 13)


# every card's review against a fresh solve of the position before it: the review keeps one
# search per side along the hand, and what it reports must not depend on that
def _fresh_rows(state):
    from tutor.solver import solve
    from tutor.solver.review import _replay_start
    st = _replay_start(state)
    rows = []
    for seat, action in state.actions:
        if action.verb == "play" and st.phase == "play":
            res = solve(st, hero=seat)
            rows.append((seat, action, res.value, res.moves[action]))
        st.apply(action)
    return rows


@pytest.mark.parametrize("game", ["euchre", "raub", "clabber"] + [
    f"lora:{c}" for c in ("minimum", "hearts", "queens_libyan", "tricks",
                          "king_hearts_last_trick", "sixth_trick", "jack_of_clubs_libyan",
                          "two_players")])
def test_review_of_each_card_equals_a_fresh_solve_of_its_position(game):
    from tests.solver import test_engines as ends
    for seed in range(12):
        rng = random.Random(seed)
        if game.startswith("lora:"):
            state = ends.lora_ending(rng, game[5:], max_per=4)
        else:
            state = getattr(ends, f"{game}_ending")(rng)
        _play_out(state, rng)
        rows = review_hand(state)
        fresh = _fresh_rows(state)
        assert [(r.seat, r.action, r.best, r.played) for r in rows] == fresh
        assert all(r.exact and r.cost == abs(r.best - r.played) for r in rows)


def test_review_budget_holds_for_each_card_not_for_the_whole_hand():
    state = _play_out(games.position("euchre", hands={
        0: "JS TS AH KH AC", 1: "9S QH 9D TC QC", 2: "KS AD KD 9C 9H", 3: "AS JC QS KC TD"},
        trump="S", leader=1), random.Random(3))
    rows = review_hand(state, budget=40)
    # the first cards need more than 40 nodes; every card of the last tricks fits in 40
    assert not rows[0].exact and rows[0].cost is None
    assert all(r.exact for r in rows[-8:])
    assert [r.cost for r in rows[-8:]] == [r.cost for r in review_hand(state)[-8:]]
