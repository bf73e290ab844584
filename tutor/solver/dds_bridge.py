"""Euchre deals as bridge endings, for an outside check of the solver against DDS.

The trump order right bower, left bower, A, K, Q, 10, 9 becomes trump A, K, Q, J, 10, 9, 8; the
left bower leaves its own suit; plain suits keep their ranks. Only four-handed deals map (DDS
plays four hands). Needs the ``endplay`` package.
"""

from __future__ import annotations

from ..cards import Card, Rank, Suit

__all__ = ["bridge_card", "euchre_to_pbn"]

_TRUMP_ORDER = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT)
_PBN_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def bridge_card(card: Card, trump: Suit) -> Card:
    """The bridge card that plays the role of a Euchre card (24-card pack, no Joker)."""
    left = Card(Rank.JACK, trump.same_colour)
    if card is Card(Rank.JACK, trump):
        return Card(Rank.ACE, trump)
    if card is left:
        return Card(Rank.KING, trump)
    if card.suit is trump:
        order = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TEN, Rank.NINE)
        return Card(_TRUMP_ORDER[2 + order.index(card.rank)], trump)
    return card


def euchre_to_pbn(hands, trump: Suit, first_seat: int = 0) -> str:
    """A PBN deal string ``N:... E... S... W...`` for four Euchre hands (seats 0-3 = N E S W)."""
    parts = []
    for seat in range(4):
        cards = [bridge_card(c, trump) for c in hands[seat]]
        suits = []
        for suit in _PBN_SUITS:
            ranks = sorted((c.rank for c in cards if c.suit is suit), reverse=True)
            suits.append("".join(r.char for r in ranks))
        parts.append(".".join(suits))
    return "N:" + " ".join(parts)
