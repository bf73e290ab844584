"""Optional outside check: Euchre deals mapped to bridge endings give DDS's trick counts."""

from __future__ import annotations

import random

import pytest

from tutor import games, solver
from tutor.cards import DECKS, SUITS, format_cards
from tutor.solver.dds_bridge import bridge_card, euchre_to_pbn

endplay = pytest.importorskip("endplay")


def test_euchre_matches_dds_on_random_deals():
    from endplay import dds
    from endplay.types import Deal, Denom, Player
    denom = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs}
    players = [Player.north, Player.east, Player.south, Player.west]
    for seed in range(60):
        rng = random.Random(seed)
        deck = list(DECKS["24"])
        rng.shuffle(deck)
        trump = rng.choice(SUITS)
        leader = rng.randrange(4)
        hands = {s: deck[5 * s:5 * s + 5] for s in range(4)}
        state = games.position("euchre", hands={s: format_cards(h) for s, h in hands.items()},
                               trump=trump.value, leader=leader)
        res = solver.solve(state)
        deal = Deal(euchre_to_pbn(hands, trump))
        deal.first = players[leader]
        deal.trump = denom[trump.value]
        dds_values = {str(card): tricks for card, tricks in dds.solve_board(deal)}
        mapped = {}
        for action, value in res.moves.items():
            b = bridge_card(action.card, trump)
            mapped[b.suit.symbol + b.rank.char] = value
        assert set(mapped) == set(dds_values), (mapped, dds_values)
        assert mapped == dds_values, (seed, mapped, dds_values)
        assert res.value == max(dds_values.values())
