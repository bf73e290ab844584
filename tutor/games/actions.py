"""Actions: small immutable values whose ``str()`` is canonical and parses back.

An action is a verb with optional cards and an optional word argument::

    play JH        Play(card)          pass          Pass()
    discard 9S     Discard(card)       name H        Name(suit)
    draw 7C 8D     Draw(cards)         choose queens Choose("queens")

Each game declares its verbs and what each takes (``VerbTable``); parsing checks that.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from ..cards import Card, Suit, parse_card, parse_cards
from ..errors import CardError, IllegalAction

__all__ = ["Action", "Play", "Pass", "Discard", "Draw", "Choose", "Name", "parse_action"]

# What a verb takes: None (nothing), "card", "cards" (zero or more), "suit", "word".
ARGUMENT_KINDS = (None, "card", "cards", "suit", "word")


@dataclass(frozen=True, order=True)
class Action:
    verb: str
    cards: tuple[Card, ...] = ()
    arg: str | None = None

    def __str__(self) -> str:
        parts = [self.verb, *map(str, self.cards)]
        if self.arg is not None:
            parts.append(self.arg)
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Action('{self}')"

    @property
    def card(self) -> Card | None:
        """The single card of a one-card action (``play``, ``discard``), else ``None``."""
        return self.cards[0] if len(self.cards) == 1 else None

    @property
    def suit(self) -> Suit | None:
        return Suit.parse(self.arg) if self.arg in ("C", "D", "H", "S") else None


def Play(card) -> Action:
    return Action("play", (parse_card(card),))


def Discard(card) -> Action:
    return Action("discard", (parse_card(card),))


def Draw(cards: Iterable = ()) -> Action:
    return Action("draw", tuple(parse_cards(cards) if isinstance(cards, str) else map(parse_card, cards)))


def Pass() -> Action:
    return Action("pass")


def Name(suit) -> Action:
    return Action("name", (), Suit.parse(suit).value)


def Choose(word: str) -> Action:
    return Action("choose", (), str(word))


def parse_action(text: "str | Action", verbs: Mapping[str, str | None]) -> Action:
    """Read an action string against a game's verb table; errors name what was wrong."""
    if isinstance(text, Action):
        if text.verb not in verbs:
            raise IllegalAction(f"'{text}' is not an action of this game")
        return text
    if not isinstance(text, str) or not text.strip():
        raise IllegalAction(f"expected an action such as 'play JH' or 'pass', got {text!r}")
    words = text.strip().split()
    verb = words[0].lower().replace("-", "_")
    rest = words[1:]
    if verb not in verbs and rest and f"{verb}_{rest[0].lower()}" in verbs:
        verb, rest = f"{verb}_{rest[0].lower()}", rest[1:]
    if verb not in verbs:
        known = ", ".join(sorted(verbs))
        raise IllegalAction(f"'{words[0]}' is not an action here; the actions of this game are: {known}")
    kind = verbs[verb]
    try:
        if kind is None:
            if rest:
                raise IllegalAction(f"'{verb}' takes nothing after it (got '{' '.join(rest)}')")
            return Action(verb)
        if kind == "card":
            if len(rest) != 1:
                raise IllegalAction(f"'{verb}' needs exactly one card, e.g. '{verb} JH'")
            return Action(verb, (parse_card(rest[0]),))
        if kind == "cards":
            return Action(verb, parse_cards(" ".join(rest)))
        if kind == "suit":
            if len(rest) != 1:
                raise IllegalAction(f"'{verb}' needs one suit, e.g. '{verb} H'")
            return Action(verb, (), Suit.parse(rest[0]).value)
        if len(rest) != 1:
            raise IllegalAction(f"'{verb}' needs one word after it")
        return Action(verb, (), rest[0].lower())
    except CardError as err:
        raise CardError(f"cannot read '{text.strip()}': {err}", err.token) from err
