"""A trick-play position and its objective described as data, for a search that knows no game.

Cards become bits. Each effective suit owns a block of ``width`` bits; inside a block the bit
order is the card's strength (``TrickRules.order``), and the trump block is the highest one, so
"the best card of the trick" is simply the highest bit among the trumps and the led suit.
Only cards still in play (in a hand or in the current trick) get a bit: cards out of play never
separate two cards, which is exactly what double-dummy equivalence needs.

The objective is linear in what each seat wins, plus "one player takes all of a set" rules:

    score = sum over seats s of  weights[s] * (points s wins)
    points of a trick = trick_value + trick_index_values[index] + sum of card_values of its cards
    a sweep (cards, all_value): if one seat ends with every card of ``cards`` (earlier tricks
    included), the points those cards gave that seat are replaced by ``all_value``

The hero's side chooses its moves to maximise ``score`` (or to minimise it when ``minimise`` is
set, e.g. Lora's penalty points); every other active seat plays for the opposite.
``banked`` is what the hero's score already holds from earlier tricks in the game's units.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from ..cards import Card, parse_card, parse_cards
from ..errors import TutorError

__all__ = ["Problem", "Sweep", "problem_from_rules", "SPLIT", "NOBODY"]

NOBODY = -1   # sweep status: nobody has taken a card of the set yet
SPLIT = -2    # sweep status: two different seats have taken cards of the set


@dataclass(frozen=True)
class Sweep:
    """A "one player takes all of a set" rule: ``cards`` as a bit mask of the cards still in
    play, ``bonus`` = all_value minus the set's ordinary points (what a sweep adds to the
    sweeping seat), ``status`` = the seat position that has taken all set cards so far,
    ``NOBODY`` or ``SPLIT``."""

    mask: int
    bonus: int
    status: int = NOBODY


@dataclass(frozen=True)
class Problem:
    """A perfect-information trick-play position with its objective, in bits.

    Seat positions ``0..n-1`` follow the turn order of the active seats (``seats[i]`` is the
    real seat number of position ``i``).
    """

    seats: tuple[int, ...]
    hands: tuple[int, ...]            # one bit mask per position
    trick: tuple[int, ...]            # bits already played to the current trick, in order
    leader: int                       # position that led (or leads) the current trick
    width: int                        # bits per suit block (a power of two)
    suit_masks: tuple[int, ...]       # one mask per effective-suit block, trump block last
    trump_mask: int                   # 0 without trumps
    when_void: str                    # "any", "trump" or "overtrump"
    overtrump_on_trump_lead: bool
    cards: tuple                      # bit index -> Card (None for unused bits)
    hero_side: tuple[bool, ...]       # per position: plays for the hero
    weights: tuple[int, ...]          # per position: how that seat's points count for the hero
    card_values: Mapping[int, int] = field(default_factory=dict)   # bit -> points (nonzero only)
    trick_value: int = 1
    trick_index_values: tuple[int, ...] = ()   # per trick index of the hand (0 = first trick)
    tricks_played: int = 0
    sweeps: tuple[Sweep, ...] = ()
    minimise: bool = False
    banked: int = 0

    # -- derived facts ------------------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.seats)

    @property
    def to_move(self) -> int:
        """Position on move."""
        return (self.leader + len(self.trick)) % self.n

    @property
    def to_move_seat(self) -> int:
        return self.seats[self.to_move]

    @property
    def tricks_left(self) -> int:
        """Tricks still to finish, the current one included."""
        return self.hands[self.leader].bit_count() + (1 if self.trick else 0)

    @property
    def is_tricks(self) -> bool:
        """A pure trick count: each trick is worth 0 or 1 to the hero, nothing else counts."""
        return (not self.card_values and not self.sweeps and self.trick_value == 1
                and not any(self.trick_index_values) and set(self.weights) <= {0, 1}
                and not self.minimise)

    def card(self, bit: int) -> Card:
        return self.cards[bit.bit_length() - 1]

    def bit(self, card) -> int:
        card = parse_card(card)
        for i, c in enumerate(self.cards):
            if c is card:
                return 1 << i
        raise TutorError(f"the {card.name} is not in play in this position")

    def hand_cards(self, position: int) -> tuple[Card, ...]:
        return tuple(self.card(b) for b in bits_of(self.hands[position]))

    def legal_bits(self, hand: int | None = None, trick: Sequence[int] | None = None) -> int:
        """Mask of the cards the player on move may play (the follow obligation as data)."""
        if hand is None:
            hand = self.hands[self.to_move]
        if trick is None:
            trick = self.trick
        if not trick:
            return hand
        led = self.suit_mask_of(trick[0])
        return self.legal_rule()(hand, len(trick), _best(trick, led | self.trump_mask), led)

    def legal_rule(self):
        """``legal(hand, k, best, led)``: the cards of ``hand`` that may be played as the k-th
        card of a trick led in the block ``led`` whose best card so far is ``best``. The one
        statement of the follow obligation that the searches share."""
        return _legal_rule(self.trump_mask, self.when_void, self.overtrump_on_trump_lead)

    def suit_mask_of(self, bit: int) -> int:
        return self.suit_masks[(bit.bit_length() - 1) // self.width]

    def describe(self) -> str:
        lines = []
        for p in range(self.n):
            mark = "*" if self.hero_side[p] else " "
            lines.append(f"{mark}seat {self.seats[p]}: "
                         + " ".join(str(c) for c in self.hand_cards(p)))
        if self.trick:
            lines.append("trick: " + " ".join(str(self.card(b)) for b in self.trick))
        lines.append(f"to move: seat {self.to_move_seat}")
        return "\n".join(lines)


@functools.lru_cache(maxsize=None)
def _legal_rule(trumps: int, when_void: str, overtrump_on_trump_lead: bool):
    void_any = when_void == "any" or not trumps
    void_over = when_void == "overtrump"
    otl = overtrump_on_trump_lead and bool(trumps)

    def legal(h, k, best, led):
        if k == 0:
            return h
        follow = h & led
        if follow:
            if otl and led == trumps:
                return (follow & ~((best << 1) - 1)) or follow
            return follow
        if void_any:
            return h
        mine = h & trumps
        if not mine:
            return h
        if void_over and best & trumps:
            return (mine & ~((best << 1) - 1)) or mine
        return mine

    return legal


def bits_of(mask: int):
    """The single bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


def _best(trick: Sequence[int], winning: int) -> int:
    best = 0
    for b in trick:
        if b & winning and b > best:
            best = b
    return best


_CARD_TYPE = {Card}


def _cards_of(value) -> tuple[Card, ...]:
    if isinstance(value, str):
        return parse_cards(value)
    cards = tuple(value)
    if set(map(type, cards)) <= _CARD_TYPE:   # already cards (the game adapters' case)
        return cards
    return tuple(parse_card(c) for c in cards)


# id(rules) -> (rules, card -> sort key, card -> effective suit); the games keep one TrickRules
# per trump, so the few in use are read once
_CARD_ORDERS: dict = {}


def _card_order(trick_rules):
    """Each card's place in the bit layout under ``trick_rules`` as a sort key (its effective
    suit's block, trumps last, then its strength), and its effective suit (memoised)."""
    entry = _CARD_ORDERS.get(id(trick_rules))
    if entry is not None and entry[0] is trick_rules:
        return entry[1], entry[2]
    if len(_CARD_ORDERS) >= 64:
        _CARD_ORDERS.clear()
    trump = trick_rules.trump
    suit_of = {c: trick_rules.suit_of(c) for c in trick_rules.order}
    sort_key = {c: (s is not None and s is trump, -1 if s is None else s.index,
                    trick_rules.order[c]) for c, s in suit_of.items()}
    _CARD_ORDERS[id(trick_rules)] = (trick_rules, sort_key, suit_of)
    return sort_key, suit_of


# (id(rules), the cards in play as a mask of card indices) -> (rules, their layout): the
# layout depends on nothing else, and the positions of one hand (a review, the deals a bot
# samples at one decision) share a few
_LAYOUTS: dict = {}


def _layout(trick_rules, live):
    """The bits of the cards ``live`` under ``trick_rules``: (card index -> bit, block width,
    suit masks, trump mask, bit position -> card). Effective suits are blocks, trumps last,
    each from its weakest card up."""
    mask = 0
    for c in live:
        mask |= 1 << c.index
    if mask.bit_count() != len(live):
        raise TutorError("a card appears twice in the position")
    entry = _LAYOUTS.get((id(trick_rules), mask))
    if entry is not None and entry[0] is trick_rules:
        return entry[1]
    if len(_LAYOUTS) >= 4096:
        _LAYOUTS.clear()
    trump = trick_rules.trump
    sort_key, suit_of = _card_order(trick_rules)
    suits = []
    groups = []
    for c in sorted(live, key=sort_key.__getitem__):
        suit = suit_of[c]
        if suits and suits[-1] is suit:
            groups[-1].append(c)
        else:
            suits.append(suit)
            groups.append([c])
    if trump is not None and trump not in suits:
        suits.append(trump)
        groups.append([])
    longest = max(map(len, groups), default=1)
    width = 4
    while width < longest:
        width *= 2
    bit_of = [0] * 53
    cards = [None] * (width * len(suits))
    for b, group in enumerate(groups):
        base = b * width
        for i, c in enumerate(group):
            bit_of[c.index] = 1 << (base + i)
        cards[base:base + len(group)] = group
    suit_masks = tuple(((1 << width) - 1) << (b * width) for b in range(len(suits)))
    trump_mask = suit_masks[suits.index(trump)] if trump is not None else 0
    layout = (tuple(bit_of), width, suit_masks, trump_mask, tuple(cards))
    _LAYOUTS[(id(trick_rules), mask)] = (trick_rules, layout)
    return layout


def problem_from_rules(trick_rules, hands, trick=(), to_move=None, active_seats=None,
                       hero_side=(), *, weights=None, card_values=None, trick_value=1,
                       trick_index_values=(), tricks_played=0, sweeps=(), minimise=False,
                       banked=0) -> Problem:
    """Build a :class:`Problem` from a ``TrickRules`` and real cards, with no game engine.

    ``hands``: a mapping seat -> cards (or a sequence indexed by seat); ``trick``: the current
    trick as (seat, card) pairs or as bare cards (then played by the seats before ``to_move``);
    ``to_move``: the seat on move; ``active_seats``: the seats that play, in turn order (default:
    every seat of ``hands`` in increasing order); ``hero_side``: the seats playing for the hero.
    ``weights`` (seat -> int, default 1 for the hero's side and 0 for the others),
    ``card_values`` (card -> points), ``trick_value``, ``trick_index_values`` (points for the
    winner of the trick with that index in the whole hand), ``sweeps`` (an iterable of
    ``(cards, all_value, status_seat_or_None_or_"split")``), ``minimise`` and ``banked`` define the
    objective (see the module documentation).
    """
    if isinstance(hands, Mapping):
        hand_of = {int(s): _cards_of(c) for s, c in hands.items()}
    else:
        hand_of = {s: _cards_of(c) for s, c in enumerate(hands)}
    seats = tuple(active_seats) if active_seats is not None else tuple(sorted(hand_of))
    n = len(seats)
    if n < 2:
        raise TutorError("a trick needs at least two active seats")
    pos_of = {s: i for i, s in enumerate(seats)}
    trick = tuple(trick)
    trick_pairs = []
    if trick and not (isinstance(trick[0], tuple) and len(trick[0]) == 2
                      and isinstance(trick[0][0], int)):
        cards = _cards_of(trick)
        if to_move is None:
            raise TutorError("give to_move when the trick is given as bare cards")
        first = (pos_of[to_move] - len(cards)) % n
        trick_pairs = [(seats[(first + i) % n], c) for i, c in enumerate(cards)]
    else:
        trick_pairs = [(int(s), parse_card(c)) for s, c in trick]
    if len(trick_pairs) >= n:
        raise TutorError("the current trick is already complete")
    if trick_pairs:
        leader_pos = pos_of[trick_pairs[0][0]]
        for i, (s, _) in enumerate(trick_pairs):
            if pos_of.get(s) != (leader_pos + i) % n:
                raise TutorError("the cards of the current trick are not in turn order")
        mover = (leader_pos + len(trick_pairs)) % n
        if to_move is not None and pos_of[to_move] != mover:
            raise TutorError(f"seat {to_move} is not the next to play to this trick")
    else:
        if to_move is None:
            raise TutorError("give the seat to move")
        leader_pos = pos_of[to_move]
    live = [c for s in seats for c in hand_of.get(s, ())] + [c for _, c in trick_pairs]
    bit_of, width, suit_masks, trump_mask, cards = _layout(trick_rules, live)
    # the bits of one hand are distinct: their sum is their union
    hand_masks = [sum([bit_of[c.index] for c in hand_of.get(s, ())]) for s in seats]
    hero = set(hero_side)
    hero_flags = tuple(s in hero for s in seats)
    if weights is None:
        w = tuple(1 if f else 0 for f in hero_flags)
    elif isinstance(weights, Mapping):
        w = tuple(int(weights.get(s, 0)) for s in seats)
    else:
        w = tuple(int(x) for x in weights)
    values = {}
    for c, v in (card_values or {}).items():
        c = parse_card(c)
        if v and bit_of[c.index]:
            values[bit_of[c.index]] = int(v)
    sweep_list = []
    for cards_, all_value, status in sweeps:
        set_cards = _cards_of(cards_)
        set_sum = sum((card_values or {}).get(c, 0) for c in set_cards)
        mask = 0
        for c in set_cards:
            mask |= bit_of[c.index]
        if status is None:
            st = NOBODY
        elif status == "split":
            st = SPLIT
        else:
            st = pos_of[status] if status in pos_of else SPLIT
        if st != SPLIT:
            sweep_list.append(Sweep(mask, int(all_value) - set_sum, st))
    return Problem(
        seats=seats, hands=tuple(hand_masks),
        trick=tuple(bit_of[c.index] for _, c in trick_pairs),
        leader=leader_pos, width=width, suit_masks=suit_masks, trump_mask=trump_mask,
        when_void=trick_rules.when_void if trick_rules.trump is not None else "any",
        overtrump_on_trump_lead=trick_rules.overtrump_on_trump_lead, cards=cards,
        hero_side=hero_flags, weights=w, card_values=values, trick_value=int(trick_value),
        trick_index_values=tuple(int(v) for v in trick_index_values),
        tricks_played=int(tricks_played), sweeps=tuple(sweep_list), minimise=bool(minimise),
        banked=int(banked))
