"""Cards, decks and card notation.

Canonical ASCII form: one character per rank then the suit letter (``TH`` is the ten of hearts,
``JK`` the Joker). Parsing is lenient: ``10H``, ``TH``, ``th``, ``T♥``, ``♥10``, ``10♥`` and
``Joker`` are all read. ``card.symbol`` is the Unicode display form (``10♥``).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Mapping

from .errors import CardError

__all__ = [
    "Suit", "Rank", "Card", "JOKER", "deck", "DECKS", "parse_card", "parse_cards",
    "format_cards", "SUITS",
]


class Suit(enum.Enum):
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]

    @property
    def colour(self) -> str:
        return "red" if self in (Suit.DIAMONDS, Suit.HEARTS) else "black"

    @property
    def same_colour(self) -> "Suit":
        """The other suit of the same colour (clubs and spades, diamonds and hearts)."""
        return _SAME_COLOUR[self]

    @property
    def index(self) -> int:
        return _SUIT_INDEX[self]

    @property
    def noun(self) -> str:
        return self.name.lower()

    def __str__(self) -> str:
        return self.value

    def __lt__(self, other: "Suit") -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return self.index < other.index

    @classmethod
    def parse(cls, text: "str | Suit") -> "Suit":
        """Read a suit from a letter, a symbol or a name (``H``, ``♥``, ``hearts``)."""
        if isinstance(text, Suit):
            return text
        key = text.strip().upper() if isinstance(text, str) else None
        if key in _SUIT_BY_TOKEN:
            return _SUIT_BY_TOKEN[key]
        raise CardError(f"{_quote(text)} is not a suit: use C, D, H, S (or ♣ ♦ ♥ ♠)",
                        _quote(text))


SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_SUIT_SYMBOL = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SAME_COLOUR = {Suit.CLUBS: Suit.SPADES, Suit.SPADES: Suit.CLUBS,
                Suit.DIAMONDS: Suit.HEARTS, Suit.HEARTS: Suit.DIAMONDS}
_SUIT_BY_TOKEN = {}
for _s in SUITS:
    _SUIT_BY_TOKEN[_s.value] = _s
    _SUIT_BY_TOKEN[_s.name] = _s
    _SUIT_BY_TOKEN[_s.name[:-1]] = _s
    _SUIT_BY_TOKEN[_SUIT_SYMBOL[_s]] = _s
for _sym, _s in zip("♧♢♡♤", SUITS):
    _SUIT_BY_TOKEN[_sym] = _s


class Rank(enum.IntEnum):
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def char(self) -> str:
        """One-character ASCII form (``T`` for the ten); the Joker is ``JK``."""
        return _RANK_CHAR[self]

    @property
    def label(self) -> str:
        """Display form (``10`` for the ten)."""
        return "10" if self is Rank.TEN else self.char

    @property
    def noun(self) -> str:
        return self.name.lower()


_RANK_VALUES = frozenset(int(r) for r in Rank)
_RANK_CHAR = {Rank(v): str(v) for v in range(2, 10)}
_RANK_CHAR.update({Rank.TEN: "T", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K",
                   Rank.ACE: "A", Rank.JOKER: "JK"})
_RANK_BY_TOKEN = {c: r for r, c in _RANK_CHAR.items() if r is not Rank.JOKER}
_RANK_BY_TOKEN["10"] = Rank.TEN


class Card:
    """An immutable playing card. Instances are interned: ``Card(r, s) is Card(r, s)``.

    Cards sort by suit (clubs, diamonds, hearts, spades) then rank; the Joker sorts last.
    ``card.index`` is a small distinct integer (0–52) for bitmask hands.
    """

    __slots__ = ("rank", "suit", "index", "_str")
    _cache: dict = {}

    def __new__(cls, rank: Rank | int, suit: Suit | str | None = None):
        if isinstance(rank, bool) or not isinstance(rank, int) or rank not in _RANK_VALUES:
            raise CardError(f"{_quote(rank)} is not a rank: ranks are 2 to 14 (14 the ace) and "
                            f"15 the Joker, or a Rank", _quote(rank))
        rank = Rank(rank)
        if rank is Rank.JOKER:
            suit = None
        else:
            if suit is None:
                raise CardError(f"the {rank.noun} needs a suit", str(rank))
            suit = Suit.parse(suit)
        key = (rank, suit)
        card = cls._cache.get(key)
        if card is None:
            card = object.__new__(cls)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", suit)
            object.__setattr__(card, "index", 52 if suit is None else suit.index * 13 + rank - 2)
            object.__setattr__(card, "_str", "JK" if suit is None else rank.char + suit.value)
            cls._cache[key] = card
        return card

    def __setattr__(self, name, value):
        raise AttributeError("cards are immutable")

    def __reduce__(self):
        return (Card, (int(self.rank), None if self.suit is None else self.suit.value))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def symbol(self) -> str:
        """Unicode display form, e.g. ``10♥``; the Joker is ``🃏``."""
        return "🃏" if self.suit is None else self.rank.label + self.suit.symbol

    @property
    def name(self) -> str:
        """Plain English name, e.g. ``ten of hearts``."""
        return "Joker" if self.suit is None else f"{self.rank.noun} of {self.suit.noun}"

    @property
    def colour(self) -> str | None:
        return None if self.suit is None else self.suit.colour

    def _sort_key(self):
        return (4 if self.suit is None else self.suit.index, self.rank)

    def __lt__(self, other):
        if not isinstance(other, Card):
            return NotImplemented
        return self._sort_key() < other._sort_key()

    def __le__(self, other):
        if not isinstance(other, Card):
            return NotImplemented
        return self._sort_key() <= other._sort_key()

    def __gt__(self, other):
        if not isinstance(other, Card):
            return NotImplemented
        return self._sort_key() > other._sort_key()

    def __ge__(self, other):
        if not isinstance(other, Card):
            return NotImplemented
        return self._sort_key() >= other._sort_key()

    def __hash__(self):
        return self.index

    def __str__(self) -> str:
        return self._str

    def __repr__(self) -> str:
        return f"Card('{self._str}')"

    def _repr_html_(self) -> str:
        from . import render
        return render.STYLE + render.card_html(self)


JOKER = Card(Rank.JOKER)

_JOKER_TOKENS = {"JK", "JKR", "JOKER", "🃏", "★"}
_CARD_RE = re.compile(r"^(?:(?P<r1>10|[2-9TJQKA])(?P<s1>[CDHS♣♦♥♠♧♢♡♤])"
                      r"|(?P<s2>[CDHS♣♦♥♠♧♢♡♤])(?P<r2>10|[2-9TJQKA]))$")


def _quote(value) -> str:
    from .games.checks import quote  # imported late: tutor.games imports this module
    return quote(value)


# texts already read (views and records spell their cards as text, and bots read them often)
_PARSED: dict = {}


def parse_card(text: "str | Card") -> Card:
    """Read one card: ``10H``, ``TH``, ``th``, ``T♥``, ``♥10`` and ``Joker`` are accepted."""
    if isinstance(text, Card):
        return text
    card = _PARSED.get(text) if isinstance(text, str) else None
    if card is not None:
        return card
    card = _parse_card(text)
    if len(_PARSED) >= 4096:
        _PARSED.clear()
    _PARSED[text] = card
    return card


def _parse_card(text) -> Card:
    if not isinstance(text, str):
        raise CardError(f"expected a card such as 'TH' or '10♥', got {_quote(text)}",
                        _quote(text))
    token = text.strip()
    key = token.upper().replace("\ufe0f", "")
    if key in _JOKER_TOKENS:
        return JOKER
    m = _CARD_RE.match(key)
    if not m:
        hint = " (write the ten as T or 10)" if key[:1] == "1" and key[1:2] != "0" else ""
        raise CardError(
            f"{_quote(token)} is not a card: write the rank then the suit, such as 'TH', '10H' or "
            f"'A♠'{hint}", token[:40])
    rank = _RANK_BY_TOKEN[m.group("r1") or m.group("r2")]
    suit = Suit.parse(m.group("s1") or m.group("s2"))
    return Card(rank, suit)


def parse_cards(text: "str | Iterable[str | Card]") -> tuple[Card, ...]:
    """Read several cards from ``"AS KS 10H"`` (spaces or commas), from one ``Card``, or from an
    iterable of card texts and Cards (a list, tuple, generator ...; a set is read in card order,
    since it has no order of its own).

    Repeated cards are an error: a card exists once in a deck. Anything else (bytes, a dict, a
    number, a nested list, an iterable that fails) is a :class:`CardError`.
    """
    if isinstance(text, str):
        tokens = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    elif isinstance(text, Card):
        tokens = [text]
    elif isinstance(text, (bytes, bytearray, memoryview, Mapping)) or not isinstance(
            text, Iterable):
        raise CardError(f"cards must be text such as 'AS KS TH' or a list of cards, not "
                        f"{_quote(text)}", _quote(text))
    else:
        try:
            tokens = list(text)
        except CardError:
            raise
        except Exception as err:  # noqa: BLE001 - a caller's iterable failed while read
            raise CardError("the cards could not be read: the list of cards failed while it "
                            "was read") from None
    cards = tuple(parse_card(t) for t in tokens)
    seen = set()
    for token, card in zip(tokens, cards):
        if card in seen:
            raise CardError(f"{_quote(str(token))} appears twice: each card exists only once",
                            str(token)[:40])
        seen.add(card)
    return tuple(sorted(cards)) if isinstance(text, (set, frozenset)) else cards


def format_cards(cards: Iterable[Card], unicode: bool = False) -> str:
    """Join cards with spaces, in ASCII (``TH``) or Unicode (``10♥``) form."""
    return " ".join(c.symbol if unicode else str(c) for c in cards)


def _ranks(low: int) -> list[Rank]:
    return [Rank(v) for v in range(low, 15)]


DECKS = {
    "52": tuple(Card(r, s) for s in SUITS for r in _ranks(2)),
    "32": tuple(Card(r, s) for s in SUITS for r in _ranks(7)),
    "24": tuple(Card(r, s) for s in SUITS for r in _ranks(9)),
}
DECKS["25-joker"] = DECKS["24"] + (JOKER,)
DECKS["33-joker"] = DECKS["32"] + (JOKER,)


def deck(kind: str = "32") -> tuple[Card, ...]:
    """A fresh, ordered deck: ``"32"`` (7–A), ``"24"`` (9–A), ``"25-joker"``, ``"33-joker"``, ``"52"``."""
    try:
        return DECKS[str(kind)]
    except KeyError:
        raise CardError(f"unknown deck {_quote(kind)}: choose one of {', '.join(DECKS)}",
                        _quote(kind)) from None
