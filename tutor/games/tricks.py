"""Shared trick mechanics: effective suits, follow / trump obligations and the trick winner.

Every trick game describes its play rules as data in a :class:`TrickRules`:

* ``trump`` — the trump suit, or ``None``;
* ``order`` — each card's strength (higher wins) as a mapping; trumps compare among trumps, the
  cards of the led suit among themselves;
* ``effective`` — each card's effective suit where it differs from the printed one (Euchre's left
  bower and Joker belong to trumps);
* ``when_void`` — what a player who cannot follow must do: ``"any"`` (free discard),
  ``"trump"`` (must trump if able) or ``"overtrump"`` (must trump, and beat the best trump in the
  trick when able);
* ``overtrump_on_trump_lead`` — when trumps are led, followers must beat the best trump if able.

The same description feeds the double-dummy solver, so these rules exist in one place only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from ..cards import Card, Suit

__all__ = ["TrickRules", "ranked_order", "VOID_RULES"]

VOID_RULES = ("any", "trump", "overtrump")


def ranked_order(cards_high_to_low: Iterable[Card]) -> dict[Card, int]:
    """Strength mapping from a list of cards given from the highest to the lowest."""
    cards = list(cards_high_to_low)
    return {c: len(cards) - i for i, c in enumerate(cards)}


@dataclass(frozen=True)
class TrickRules:
    trump: Suit | None
    order: Mapping[Card, int]
    effective: Mapping[Card, Suit] = field(default_factory=dict)
    when_void: str = "any"
    overtrump_on_trump_lead: bool = False

    def __post_init__(self):
        if self.when_void not in VOID_RULES:
            raise ValueError(f"when_void must be one of {VOID_RULES}")

    @classmethod
    def natural(cls, cards: Iterable[Card], trump: Suit | None = None, **kw) -> "TrickRules":
        """Ranks in natural order (A high, then K, Q, J, T, 9, ...), optionally with a trump suit."""
        order = {c: int(c.rank) for c in cards}
        return cls(trump=trump, order=order, **kw)

    # --- suits -------------------------------------------------------------------------
    def suit_of(self, card: Card) -> Suit:
        """The effective suit of a card during play."""
        return self.effective.get(card) or card.suit

    def is_trump(self, card: Card) -> bool:
        return self.trump is not None and self.suit_of(card) is self.trump

    def cards_of_suit(self, hand: Iterable[Card], suit: Suit) -> list[Card]:
        return [c for c in hand if self.suit_of(c) is suit]

    # --- legal cards -------------------------------------------------------------------
    def legal_cards(self, hand: Sequence[Card], trick: Sequence[Card]) -> list[Card]:
        """The cards of ``hand`` that may be played to ``trick`` (cards played so far, in order)."""
        if not trick:
            return list(hand)
        led = self.suit_of(trick[0])
        follow = self.cards_of_suit(hand, led)
        if follow:
            if self.overtrump_on_trump_lead and led is self.trump:
                return self._beat_best_trump(follow, trick) or follow
            return follow
        if self.when_void == "any" or self.trump is None:
            return list(hand)
        trumps = self.cards_of_suit(hand, self.trump)
        if not trumps:
            return list(hand)
        if self.when_void == "overtrump":
            return self._beat_best_trump(trumps, trick) or trumps
        return trumps

    def _beat_best_trump(self, trumps: list[Card], trick: Sequence[Card]) -> list[Card]:
        played = [self.order[c] for c in trick if self.is_trump(c)]
        if not played:
            return trumps
        top = max(played)
        return [c for c in trumps if self.order[c] > top]

    def why_illegal(self, card: Card, hand: Sequence[Card], trick: Sequence[Card]) -> str | None:
        """A learner-readable reason why ``card`` may not be played now, or ``None`` if it may."""
        if card not in hand:
            return f"you do not hold the {card.name}"
        legal = self.legal_cards(hand, trick)
        if card in legal:
            return None
        led = self.suit_of(trick[0])
        follow = self.cards_of_suit(hand, led)
        if follow and card not in follow:
            what = "trumps" if led is self.trump else led.noun
            notes = []
            if trick[0].suit is not led:
                notes.append(f"the {trick[0].name} that was led counts as a {_singular(led, self.trump)}")
            odd = [c for c in follow if c.suit is not led]
            if odd:
                notes.append(f"your {odd[0].name} counts as a {_singular(led, self.trump)}")
            if card.suit is not None and card.suit is led and self.suit_of(card) is not led:
                notes.append(f"your {card.name} is not a {led.noun[:-1]} here")
            extra = f" ({'; '.join(notes)})" if notes else ""
            return f"{what.capitalize()} were led and you hold {what}: you must follow suit{extra}"
        if follow:
            return "trumps were led: you must beat the highest trump in the trick when you can"
        trumps = self.cards_of_suit(hand, self.trump) if self.trump else []
        if trumps and not self.is_trump(card):
            return f"you cannot follow {led.noun}, so you must play a trump"
        return "you must play a trump higher than the best trump in the trick when you can"

    # --- winner -----------------------------------------------------------------------
    def winner_index(self, trick: Sequence[Card]) -> int:
        """Position (0 = the lead) of the card that wins a complete trick."""
        led = self.suit_of(trick[0])
        best, best_key = 0, None
        for i, card in enumerate(trick):
            suit = self.suit_of(card)
            if self.trump is not None and suit is self.trump:
                key = (2, self.order[card])
            elif suit is led:
                key = (1, self.order[card])
            else:
                continue
            if best_key is None or key > best_key:
                best, best_key = i, key
        return best

    def beats(self, card: Card, other: Card, led: Suit) -> bool:
        """Whether ``card`` ranks above ``other`` in a trick where ``led`` was led."""
        def key(c):
            s = self.suit_of(c)
            if self.trump is not None and s is self.trump:
                return (2, self.order[c])
            return (1, self.order[c]) if s is led else (0, 0)
        return key(card) > key(other)


def _singular(suit: Suit, trump: Suit | None) -> str:
    return "trump" if suit is trump else suit.noun[:-1]
