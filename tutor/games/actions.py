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
from .checks import quote

__all__ = ["Action", "Play", "Pass", "Discard", "Draw", "Choose", "Name", "parse_action"]

# What a verb takes: None (nothing), "card", "cards" (zero or more), "suit", "word".
ARGUMENT_KINDS = (None, "card", "cards", "suit", "word")


@dataclass(frozen=True, order=True)
class Action:
    verb: str
    cards: tuple[Card, ...] = ()
    arg: str | None = None

    def __str__(self) -> str:
        # written once: views spell the whole history of a hand in text
        text = self.__dict__.get("_text")
        if text is None:
            cards = self.cards if isinstance(self.cards, tuple) else (self.cards,)  # hand-made
            parts = [self.verb, *cards]
            if self.arg is not None:
                parts.append(self.arg)
            text = " ".join(map(str, parts))
            object.__setattr__(self, "_text", text)
        return text

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
        return check_action(text, verbs)
    if not isinstance(text, str) or not text.strip():
        raise IllegalAction(f"expected an action such as 'play JH' or 'pass', got {quote(text)}")
    words = text.strip().split()
    verb = words[0].lower().replace("-", "_")
    rest = words[1:]
    if verb not in verbs and rest and f"{verb}_{rest[0].lower()}" in verbs:
        verb, rest = f"{verb}_{rest[0].lower()}", rest[1:]
    if verb not in verbs:
        known = ", ".join(sorted(verbs))
        raise IllegalAction(f"{quote(words[0])} is not an action here; the actions of this game "
                            f"are: {known}")
    kind = verbs[verb]
    try:
        if kind is None:
            if rest:
                raise IllegalAction(f"'{verb}' takes nothing after it "
                                    f"(got {quote(' '.join(rest))})")
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
        raise CardError(f"cannot read {quote(' '.join(words))}: {err}", err.token) from err


_NEEDS = {None: "nothing after it", "card": "exactly one card, e.g. '{verb} JH'",
          "cards": "cards, e.g. '{verb} 7C 8D'", "suit": "one suit, e.g. '{verb} H'",
          "word": "one word after it"}


def check_action(action: Action, verbs: Mapping[str, str | None]) -> Action:
    """A hand-made :class:`Action` checked like its text: a verb of this game with the cards
    or word that verb takes (``Action('play')`` has no card, so it is refused)."""
    verb, cards, arg = action.verb, action.cards, action.arg
    if not isinstance(verb, str) or verb not in verbs:
        raise IllegalAction(f"{quote(verb)} is not an action of this game; the actions are: "
                            f"{', '.join(sorted(verbs))}")
    if not isinstance(cards, tuple) or not all(isinstance(c, Card) for c in cards):
        raise IllegalAction(f"the cards of an action are a tuple of Cards, not {quote(cards)}")
    if arg is not None and not isinstance(arg, str):
        raise IllegalAction(f"the word of an action is text, not {quote(arg)}")
    kind = verbs[verb]
    fits = {None: not cards and arg is None,
            "card": len(cards) == 1 and arg is None,
            "cards": arg is None,
            "suit": not cards and arg in ("C", "D", "H", "S"),
            "word": not cards and bool(arg) and bool(arg.strip())}[kind]
    if not fits:
        raise IllegalAction(f"{quote(str(action))} is not a complete action: '{verb}' needs "
                            f"{_NEEDS[kind].format(verb=verb)}")
    return action
