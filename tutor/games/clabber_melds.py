"""Clabber melds: finding them, ranking them, a player's best declaration and the side comparison.

Rules file sections 8 (melds, ranking, declarations, which side scores) and 9 step 4 (the
statements made when the best announced types are equal).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Mapping, NamedTuple, Sequence

from ..cards import SUITS, Card, Rank, Suit

__all__ = [
    "Meld", "MELD_TYPES", "MELD_POINTS", "SEQUENCE_ORDER", "category_rank", "find_melds",
    "meld_key", "declarations", "best_declaration", "declaration_key", "best_with_types",
    "type_options", "canonical_types", "compare_sides", "BELL_POINTS", "MELD_NAMES",
]

# Fixed listing order of the meld types (used for canonical announcement strings).
MELD_TYPES = ("six_run", "mule", "four_nines", "four_aces", "four_tens", "four_kings",
              "four_queens", "five_run", "fifty", "dad")

MELD_POINTS = {"six_run": 300, "mule": 200, "four_nines": 100, "four_aces": 100, "four_tens": 100,
               "four_kings": 100, "four_queens": 100, "five_run": 100, "fifty": 50, "dad": 20}
BELL_POINTS = 20

# What players call each meld (rules section 8.1); the identifiers above are the engine's.
MELD_NAMES = {"six_run": "six-card sequence", "mule": "mule", "four_nines": "four nines",
              "four_aces": "four aces", "four_tens": "four tens", "four_kings": "four kings",
              "four_queens": "four queens", "five_run": "hundred", "fifty": "fifty", "dad": "dad"}

_STANDARD = {"six_run": 10, "mule": 9, "four_nines": 8, "four_aces": 7, "four_tens": 6,
             "four_kings": 5, "four_queens": 4, "five_run": 3, "fifty": 2, "dad": 1}
_EVANSVILLE = {"six_run": 10, "mule": 9, "four_nines": 3, "four_aces": 7, "four_tens": 4,
               "four_kings": 6, "four_queens": 5, "five_run": 8, "fifty": 2, "dad": 1}

# Sequence order A K Q J 10 9 (natural order): the number is also the "top" value of a meld key.
SEQUENCE_ORDER = {Rank.ACE: 6, Rank.KING: 5, Rank.QUEEN: 4, Rank.JACK: 3, Rank.TEN: 2, Rank.NINE: 1}
_RANK_AT = {v: r for r, v in SEQUENCE_ORDER.items()}

_CARD = {(r, s): Card(r, s) for r in SEQUENCE_ORDER for s in SUITS}
_FOURS = {Rank.JACK: "mule", Rank.NINE: "four_nines", Rank.ACE: "four_aces", Rank.TEN: "four_tens",
          Rank.KING: "four_kings", Rank.QUEEN: "four_queens"}
_RUNS = {3: "dad", 4: "fifty", 5: "five_run", 6: "six_run"}


class Meld(NamedTuple):
    kind: str                  # an identifier of rules section 8.1
    cards: tuple[Card, ...]    # highest first (sequence order)
    suit: Suit | None          # the suit of a sequence; None for four of a kind
    top: int                   # sequences: 6 (ace) .. 1 (nine); four of a kind: 0

    @property
    def points(self) -> int:
        return MELD_POINTS[self.kind]

    @property
    def is_sequence(self) -> bool:
        return self.suit is not None

    @property
    def top_rank(self) -> Rank | None:
        return _RANK_AT.get(self.top)

    @property
    def name(self) -> str:
        """The players' name of the meld ("hundred" for a five-card sequence)."""
        return MELD_NAMES[self.kind]

    def text(self) -> str:
        """The meld in words for a learner: its name, and its cards for a sequence."""
        if self.is_sequence:
            return f"{self.name} {' '.join(c.symbol for c in self.cards)}"
        return self.name

    def describe(self) -> str:
        words = self.kind.replace("_", " ")
        if self.is_sequence:
            return f"{words} {' '.join(map(str, self.cards))}"
        return words

    def __str__(self) -> str:
        return self.describe()


def category_rank(kind: str, evansville: bool = False) -> int:
    """Rank number of a meld type (higher is better), rules section 8.2."""
    return (_EVANSVILLE if evansville else _STANDARD)[kind]


def find_melds(hand: Iterable[Card], six_sequence: bool = False) -> list[Meld]:
    """Every meld held in ``hand`` (overlapping ones included)."""
    return list(_find_melds(frozenset(hand), six_sequence))


_SEQ_BIT = {card: (card.suit, 1 << SEQUENCE_ORDER[rank]) for card in _CARD.values()
            for rank in (card.rank,)}
_FOUR_SETS = [(kind, tuple(_CARD[rank, s] for s in SUITS)) for rank, kind in _FOURS.items()]


@lru_cache(maxsize=8192)
def _find_melds(cards: frozenset, six_sequence: bool) -> tuple[Meld, ...]:
    found: list[Meld] = []
    for kind, four in _FOUR_SETS:
        if all(c in cards for c in four):
            found.append(Meld(kind, four, None, 0))
    held = {suit: 0 for suit in SUITS}
    for card in cards:
        suit, bit = _SEQ_BIT[card]
        held[suit] |= bit
    lengths = (3, 4, 5, 6) if six_sequence else (3, 4, 5)
    for suit in SUITS:
        bits = held[suit]
        if bits.bit_count() < 3:
            continue
        for length in lengths:
            mask = (1 << length) - 1
            for top in range(6, length - 1, -1):
                run = mask << (top - length + 1)
                if bits & run == run:
                    found.append(Meld(_RUNS[length], tuple(_CARD[_RANK_AT[v], suit]
                                                         for v in range(top, top - length, -1)),
                                      suit, top))
    return tuple(found)


def meld_key(meld: Meld, trump: Suit | None, evansville: bool = False) -> tuple[int, int, int]:
    """(category rank, top card, in trumps): compare two melds lexicographically (8.2)."""
    in_trumps = 1 if meld.is_sequence and meld.suit is trump else 0
    return (category_rank(meld.kind, evansville), meld.top, in_trumps)


def declarations(hand: Iterable[Card], six_sequence: bool = False) -> list[tuple[Meld, ...]]:
    """Every set of pairwise disjoint melds of ``hand``, the empty one included."""
    return list(_declarations(frozenset(hand), six_sequence))


@lru_cache(maxsize=8192)
def _declarations(cards: frozenset, six_sequence: bool) -> tuple[tuple[Meld, ...], ...]:
    melds = _find_melds(cards, six_sequence)
    masks = [sum(1 << c.index for c in m.cards) for m in melds]
    out: list[tuple[Meld, ...]] = []

    def extend(start: int, used: int, chosen: tuple[Meld, ...]) -> None:
        out.append(chosen)
        for i in range(start, len(melds)):
            if not masks[i] & used:
                extend(i + 1, used | masks[i], chosen + (melds[i],))

    extend(0, 0, ())
    return tuple(out)


def declaration_key(decl: Sequence[Meld], trump: Suit | None, evansville: bool = False):
    """Criteria 1-4 of rules section 8.3 (larger is better)."""
    keys = sorted((meld_key(m, trump, evansville) for m in decl), reverse=True)
    top = keys[0] if keys else (0, 0, 0)
    return (top[0], sum(m.points for m in decl), top, keys)


def _cards_listed(decl: Sequence[Meld]) -> list[Card]:
    return sorted(c for m in decl for c in m.cards)


def _best(decls: Sequence[tuple[Meld, ...]], trump, evansville) -> tuple[Meld, ...]:
    scored = [(declaration_key(d, trump, evansville), d) for d in decls]
    top = max(k for k, _ in scored)
    tied = [d for k, d in scored if k == top]
    # Criterion 5: the declaration whose cards, in canonical card order, come first.
    best = min(tied, key=_cards_listed)
    return _ordered(best, trump, evansville)


def _ordered(decl, trump, evansville) -> tuple[Meld, ...]:
    return tuple(sorted(decl, key=lambda m: (meld_key(m, trump, evansville), m.cards), reverse=True))


def best_declaration(hand: Iterable[Card], trump: Suit | None, evansville: bool = False,
                     six_sequence: bool = False) -> tuple[Meld, ...]:
    """The engine's best declaration (rules section 8.3), highest meld first."""
    return _best(declarations(hand, six_sequence), trump, evansville)


def canonical_types(kinds: Iterable[str]) -> tuple[str, ...]:
    """Meld types in the fixed listing order, repetitions kept."""
    return tuple(sorted(kinds, key=MELD_TYPES.index))


def type_options(hand: Iterable[Card], six_sequence: bool = False) -> list[tuple[str, ...]]:
    """Every distinct list of meld types a player could announce (the empty list included)."""
    seen = {canonical_types(m.kind for m in d) for d in declarations(hand, six_sequence)}
    return sorted(seen, key=lambda t: ([MELD_TYPES.index(k) for k in t], len(t)))


def best_with_types(hand: Iterable[Card], kinds: Sequence[str], trump: Suit | None,
                    evansville: bool = False, six_sequence: bool = False) -> tuple[Meld, ...] | None:
    """The best declaration whose types are exactly ``kinds`` (None if the hand has none)."""
    want = canonical_types(kinds)
    decls = [d for d in declarations(hand, six_sequence)
             if canonical_types(m.kind for m in d) == want]
    return _best(decls, trump, evansville) if decls else None


def compare_sides(announced: Mapping, trump: Suit | None, evansville: bool = False):
    """The meld comparison of rules sections 8.4 and 9 step 4.

    ``announced`` maps each side to a list of ``(seat, meld)`` it announced. Returns
    ``(winner, statements)``: the winning side or ``None`` (nobody scores melds), and the public
    statements made on the way, as ``("top", seat, rank_char)`` and ``("trumps", seat, bool)``.
    """
    best = {}
    for side, items in announced.items():
        if items:
            best[side] = max(items, key=lambda sm: meld_key(sm[1], trump, evansville))
    if not best:
        return None, ()
    top_cat = max(category_rank(m.kind, evansville) for _, m in best.values())
    # Each side's best meld of the highest announced type is the one it would state.
    alive = [side for side, (_, m) in best.items() if category_rank(m.kind, evansville) == top_cat]
    if len(alive) == 1:
        return alive[0], ()
    statements = []
    for side in alive:
        seat, meld = best[side]
        statements.append(("top", seat, meld.top_rank.char if meld.top_rank else "?"))
    top = max(best[s][1].top for s in alive)
    alive = [s for s in alive if best[s][1].top == top]
    if len(alive) == 1:
        return alive[0], tuple(statements)
    for side in alive:
        seat, meld = best[side]
        statements.append(("trumps", seat, meld.suit is trump))
    trumps = [s for s in alive if best[s][1].suit is trump]
    if len(trumps) == 1:
        return trumps[0], tuple(statements)
    return None, tuple(statements)
