"""Clabber: the Evansville Jack-Nine partnership game (rules file ``rules/clabber.md``).

Seats ``0..n-1`` in playing order (clockwise). Four players: seats 0 and 2 against 1 and 3
(sides ``"NS"`` and ``"EW"``); six players: 0, 2, 4 (side ``"A"``) against 1, 3, 5 (side ``"B"``);
two and three players score alone (the side is the seat number).

Actions: ``pass``, ``accept`` (round 1), ``call H`` (round 2), ``announce fifty dad`` /
``announce none`` (only with ``meld_declaration = "choice"``, just before one's first card),
``play JH``. Announcing in ``"auto"`` mode, the meld comparison, showing melds before trick 2 and
the bell happen automatically and are recorded as public ``events``.
"""

from __future__ import annotations

import html
import random
from dataclasses import dataclass
from typing import ClassVar, Mapping

from ..cards import SUITS, Card, Rank, Suit, deck as make_deck, parse_card, parse_cards
from ..errors import CardError, IllegalAction, PositionError, RulesError
from . import base, checks, positions
from .checks import quote
from .actions import Action
from .clabber_melds import (BELL_POINTS, MELD_TYPES, Meld, best_declaration, best_with_types,
                            canonical_types, compare_sides, type_options)
from . import history
from .tricks import TrickRules

__all__ = ["Rules", "PRESETS", "resolve", "State", "new_hand", "position", "new_match", "deck_for",
           "ClabberMatch", "card_points", "trick_rules_for", "side_of", "sides_of", "score_totals",
           "game_winner", "card_points_to_make", "choose_seating", "trump_order", "plain_order", "sequence_order",
           "HAND_SIZE", "LAST_TRICK_BONUS", "VERBS", "cut"]

DECK = make_deck("24")
HAND_SIZE = {2: 6, 3: 8, 4: 6, 6: 4}
LAST_TRICK_BONUS = 10
FULL_HAND_POINTS = 162

TRUMP_ORDER = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN)   # high to low
PLAIN_ORDER = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)
TRUMP_POINTS = {Rank.JACK: 20, Rank.NINE: 14, Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3}
PLAIN_POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.NINE: 0}

VERBS = {"pass": None, "accept": None, "call": "suit", "play": "card", "announce": "word"}


# --------------------------------------------------------------------------- rules
@dataclass(frozen=True)
class Rules(base.RulesBase):
    players: int = 4
    evansville_ranking: bool = False
    wadesville_six_sequence: bool = False
    redeal_same_dealer: bool = False
    deal_packet_size: int = 1
    target_score: int = 500
    meld_declaration: str = "auto"
    renege_policy: str = "prevent"
    renege_melds: str = "all_held"

    CHOICES: ClassVar[Mapping[str, tuple]] = {
        "players": (2, 3, 4, 6),
        "deal_packet_size": (1, 2, 3),
        "meld_declaration": ("auto", "choice"),
        "renege_policy": ("prevent", "penalize"),
        "renege_melds": ("all_held", "compared"),
    }

    def validate(self) -> None:
        if self.target_score <= 0:
            raise RulesError(f"option target_score must be positive, not {self.target_score}")


PRESETS = {
    "standard": {},
    "wadesville_six_sequence": {"wadesville_six_sequence": True},
    "evansville_ranking": {"evansville_ranking": True},
    "redeal_same_dealer": {"redeal_same_dealer": True},
    "deal_packets_2": {"deal_packet_size": 2},
    "deal_packets_3": {"deal_packet_size": 3},
    "two_player": {"players": 2},
    "three_player": {"players": 3},
    "six_player": {"players": 6},
}


def resolve(rules=None, **overrides) -> Rules:
    return base.resolve_rules(Rules, PRESETS, rules, **overrides)


def _rules(rules, players, options) -> Rules:
    if players is not None:
        checks.check_players(players, Rules.CHOICES["players"], "Clabber")
    resolved = resolve(rules, **options)
    if players is not None and players != resolved.players:
        resolved = resolved.replace(players=players)
    return resolved


# --------------------------------------------------------------------------- cards and sides
def card_points(card: Card, trump: Suit | None) -> int:
    """Card points of rules section 4 (they depend only on whether the card is a trump)."""
    return TRUMP_POINTS[card.rank] if card.suit is trump else PLAIN_POINTS[card.rank]


def trump_order(trump) -> tuple[Card, ...]:
    """The trump suit in trick order, highest first: J 9 A 10 K Q (rules section 4)."""
    trump = Suit.parse(trump)
    return tuple(Card(r, trump) for r in TRUMP_ORDER)


def plain_order(suit, trump=None) -> tuple[Card, ...]:
    """A plain (non-trump) suit in trick order, highest first: A 10 K Q J 9 (rules section 4)."""
    suit = Suit.parse(suit)
    if trump is not None and Suit.parse(trump) is suit:
        raise RulesError("the trump suit is ordered by trump_order, not plain_order")
    return tuple(Card(r, suit) for r in PLAIN_ORDER)


def sequence_order(suit) -> tuple[Card, ...]:
    """A suit in the natural order that makes sequences for melds, highest first: A K Q J 10 9
    (in trumps as in plain suits)."""
    suit = Suit.parse(suit)
    return tuple(Card(r, suit) for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN,
                                         Rank.NINE))


_TRICK_RULES: dict = {}


def trick_rules_for(trump: Suit) -> TrickRules:
    """Clabber's play rules (7.2, 7.3) for a trump suit: must trump, must beat the best trump."""
    rules = _TRICK_RULES.get(trump)
    if rules is None:
        order = {}
        for card in DECK:
            ranks = TRUMP_ORDER if card.suit is trump else PLAIN_ORDER
            order[card] = 6 - ranks.index(card.rank)
        rules = TrickRules(trump=trump, order=order, when_void="overtrump",
                           overtrump_on_trump_lead=True)
        _TRICK_RULES[trump] = rules
    return rules


def side_of(seat: int, players: int):
    """The scoring unit of a seat: ``"NS"``/``"EW"`` (4), ``"A"``/``"B"`` (6), else the seat."""
    if players == 4:
        return "NS" if seat % 2 == 0 else "EW"
    if players == 6:
        return "A" if seat % 2 == 0 else "B"
    return seat


def sides_of(players: int) -> tuple:
    """Every scoring unit, in seat order of their first member."""
    out = []
    for seat in range(players):
        side = side_of(seat, players)
        if side not in out:
            out.append(side)
    return tuple(out)


def score_totals(totals: Mapping, maker) -> tuple[dict, dict, bool]:
    """Rules 12.2 and 13.5: the makers must be strictly ahead of every other side, else they
    record 0 ("XX"); every other side records its own total ("-" when it is 0).

    Returns (points recorded, display marks, made)."""
    mine = totals[maker]
    made = all(mine > t for side, t in totals.items() if side != maker)
    points, marks = {}, {}
    for side, total in totals.items():
        points[side] = total if made or side != maker else 0
        if side == maker and not made:
            marks[side] = "XX"
        else:
            marks[side] = "-" if points[side] == 0 else str(points[side])
    return points, marks, made


def card_points_to_make(maker_melds: int = 0, defender_melds: int = 0,
                        points: int = FULL_HAND_POINTS) -> int:
    """The fewest card points (of ``points`` in play, the last trick's 10 included) with which
    four-player makers end strictly ahead (rules 12.2, 17.2 O2), given both sides' melds and
    bell: ``(points + defender_melds - maker_melds) // 2 + 1``, at least 0. Without melds, 82."""
    return max(0, (points + defender_melds - maker_melds) // 2 + 1)


def game_winner(scores: Mapping, target: int = 500):
    """Rules 12.3: None while no side has ``target``; else the side with the higher score, or
    ``"draw"`` when the highest score is shared."""
    if not scores or max(scores.values()) < target:
        return None
    top = max(scores.values())
    leaders = [side for side, pts in scores.items() if pts == top]
    return leaders[0] if len(leaders) == 1 else "draw"


# --------------------------------------------------------------------------- dealing
CUT_LEAST = 4   # rules 5.2: at least four cards in each part of the cut


def cut(cards, at: int) -> list[Card]:
    """Rules 5.2: the cutter lifts ``at`` cards off the top of the shuffled pack (top first),
    leaving at least four in each part, and the bottom part goes on top:
    ``cards[at:] + cards[:at]``. A cut nearer the edge raises a ``RulesError``."""
    cards = _read_deck(cards, "cards")
    checks.check_whole_number(at, "the cut", error=RulesError)
    if not CUT_LEAST <= at <= len(cards) - CUT_LEAST:
        raise RulesError(f"the cut must leave at least {CUT_LEAST} cards in each part: lift between "
                         f"{CUT_LEAST} and {len(cards) - CUT_LEAST} cards, not {quote(at)}")
    return cards[at:] + cards[:at]


def _deal_seats(players: int, dealer: int, packet: int) -> list[int]:
    """Seat receiving each card dealt (13.4): rounds from eldest to dealer, ``packet`` cards each
    (a final short packet when fewer are due)."""
    due = [HAND_SIZE[players]] * players
    order = [(dealer + 1 + k) % players for k in range(players)]
    seats: list[int] = []
    while any(due):
        for seat in order:
            take = min(packet, due[seat])
            seats.extend([seat] * take)
            due[seat] -= take
    return seats


def _read_deck(deck, what: str = "deck") -> list[Card]:
    return list(checks.check_deck(deck, DECK, what, "the 24-card pack (9 to A)"))


def _seat_namer(players: int):
    return State.SEAT_NAMES[players].__getitem__


def choose_seating(cards, players: int = 4):
    """Rules 3: deal face up until Jacks appear. ``cards`` is the shuffled pack, top first.

    Returns ``(seat_of_chair, dealt)``: the seat each chair takes (the first dealer gets seat 0)
    and the cards dealt, as ``(chair, card)`` pairs."""
    cards = [parse_card(c) for c in cards]
    wanted = {4: 2, 6: 3}.get(players, 1)
    chosen: list[int] = []
    dealt = []
    chair = 0
    for card in cards:
        while chair in chosen:
            chair = (chair + 1) % players
        dealt.append((chair, card))
        if card.rank is Rank.JACK:
            chosen.append(chair)
            if len(chosen) == wanted:
                break
        chair = (chair + 1) % players
    first = chosen[0]
    others = [(first + k) % players for k in range(1, players) if (first + k) % players not in chosen]
    seat_of_chair = {}
    if players in (4, 6):
        for i, c in enumerate(chosen):
            seat_of_chair[c] = 2 * i
        for i, c in enumerate(others):
            seat_of_chair[c] = 2 * i + 1
    else:
        seat_of_chair[first] = 0
        for i, c in enumerate(others):
            seat_of_chair[c] = i + 1
    return tuple(seat_of_chair[c] for c in range(players)), tuple(dealt)


def deck_for(hands: Mapping, dealer: int = 0, rules=None, players=None, up=None,
             held_back: Mapping | None = None, dead=None, **options) -> list[Card]:
    """A deck order (top first, after the cut) that deals the chosen hands.

    ``hands`` maps seats to cards; the dealer's face-up card is ``up`` (default: the last card
    listed for the dealer). Two players: ``held_back`` maps seats to their three hidden cards and
    ``dead`` lists the dead hand, indicator first. Cards not placed fill the gaps in card order."""
    rules = _rules(rules, players, options)
    n = rules.players
    name = _seat_namer(n)
    checks.check_dealer(dealer, n, name)
    pack = "the 24-card pack (9 to A)"
    want = {s: list(cs) for s, cs in checks.check_hands(
        hands, n, DECK, pack, most=HAND_SIZE[n], name=name).items()}
    held_back = checks.check_hands({} if held_back is None else held_back, n, DECK, pack, 3,
                                   "held_back", name)
    if dead is not None:
        checks.check_card_list(dead, "dead", DECK, pack)
    if up is not None:
        checks.check_card_list(up, "up", DECK, pack)
    if n != 2 and dealer in want and want[dealer]:
        face = parse_card(up) if up is not None else want[dealer][-1]
        if face not in want[dealer]:
            raise CardError(f"the face-up card {face} must be one of the dealer's cards")
        want[dealer] = [c for c in want[dealer] if c != face] + [face]
    extra = {int(s): list(parse_cards(c) if isinstance(c, str) else c)
             for s, c in (held_back or {}).items()}
    dead_cards = list(parse_cards(dead) if isinstance(dead, str) else (dead or []))
    placed = [c for cs in want.values() for c in cs] + [c for cs in extra.values() for c in cs] + dead_cards
    if len(placed) != len(set(placed)):
        raise CardError("a card is placed twice")
    spare = [c for c in DECK if c not in set(placed)]
    seats = _deal_seats(n, dealer, rules.deal_packet_size)
    size = HAND_SIZE[n]
    for s in range(n):
        if len(want.get(s, [])) > size:
            raise CardError(f"seat {s} would get more than {size} cards")
    out: list[Card | None] = [None] * 24
    counters = {s: 0 for s in range(n)}
    for i, s in enumerate(seats):
        mine = want.get(s, [])
        k = counters[s]
        counters[s] += 1
        out[i] = mine[k] if k < len(mine) else None
    if n == 2:
        nondealer = 1 - dealer
        for seat, start in ((nondealer, 12), (dealer, 15)):
            for k, c in enumerate(extra.get(seat, [])[:3]):
                out[start + k] = c
        for k, c in enumerate(dead_cards[:6]):
            out[18 + k] = c
    if n != 2 and dealer in want and want[dealer] and len(want[dealer]) < size:
        # keep the chosen face-up card as the dealer's last card
        last = max(i for i, s in enumerate(seats) if s == dealer)
        idx = [i for i, c in enumerate(out) if c == want[dealer][-1]][0]
        out[idx], out[last] = out[last], out[idx]
    spare_iter = iter(spare)
    return [c if c is not None else next(spare_iter) for c in out]


# --------------------------------------------------------------------------- the hand
class State(base.HandState):
    game = "clabber"
    VERBS = VERBS
    SEAT_NAMES = base.CLOCKWISE_SEAT_NAMES   # rules file 1: play and dealing go clockwise

    # -- construction ------------------------------------------------------------------
    @classmethod
    def from_setup(cls, setup: Mapping, rules) -> "State":
        rules = resolve(rules)
        if "position" in setup:
            spec = checks.setup_field(setup, "position", checks.check_spec, "the position",
                                      allowed=position)
            return position(rules=rules, **spec)
        deck = checks.setup_field(setup, "deck", _read_deck)
        dealer = checks.setup_field(setup, "dealer", checks.check_dealer, rules.players,
                                    _seat_namer(rules.players))
        return cls._dealt(deck, dealer, rules)

    @classmethod
    def _dealt(cls, cards: list[Card], dealer: int, rules: Rules) -> "State":
        n = rules.players
        if not 0 <= dealer < n:
            raise IllegalAction(f"there is no seat {dealer}: seats are 0 to {n - 1}")
        self = object.__new__(cls)
        self._init_base(rules, n, dealer, {"deck": [str(c) for c in cards], "dealer": dealer})
        seats = _deal_seats(n, dealer, rules.deal_packet_size)
        hands = [[] for _ in range(n)]
        for card, seat in zip(cards, seats):
            hands[seat].append(card)
        self.held_back = tuple(() for _ in range(n))
        self.dead = ()
        if n == 2:
            nondealer = 1 - dealer
            held = [(), ()]
            held[nondealer] = tuple(sorted(cards[12:15]))
            held[dealer] = tuple(sorted(cards[15:18]))
            self.held_back = tuple(held)
            self.dead = tuple(cards[18:24])
            self.upcard = cards[18]
        else:
            self.upcard = cards[len(seats) - 1]
        self.hands = tuple(tuple(sorted(h)) for h in hands)
        self._common(melds_on=True)
        self.phase = "bid"
        self.bid_round = 1
        self.to_move = (dealer + 1) % n
        return self

    def _common(self, melds_on: bool) -> None:
        n = self.players
        self.active_seats = tuple(range(n))
        self.bids = ()
        self.bid_round = 0
        self.trump = None
        self.maker = None
        self.trick_rules = None
        self.leader = (self.dealer + 1) % n
        self.trick = ()
        self.tricks = ()
        self.melds_on = melds_on
        self.announced = (None,) * n
        self.meld_winner = None
        self.melds_resolved = False
        self.shown = ((),) * n
        self.bell_holder = None
        self.bell_announced = False
        self.best_declarations = ((),) * n
        self.announce_options = ((),) * n
        self.won = (0,) * n
        self.carried = ()       # positions: (side, points) won before the position
        self.fixed_melds = ()   # positions: (side, meld and bell points)
        self.offences = ()      # (seat, code, text): recorded, not yet called (secret)
        self.outcome = None
        self.offenders = ()
        self.events = ()

    # -- helpers -----------------------------------------------------------------------
    def side(self, seat: int):
        return side_of(seat, self.players)

    def side_of(self, seat: int):
        """The scoring unit of a seat (same as the module function ``side_of``)."""
        return side_of(seat, self.players)

    def members(self, side) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if self.side(s) == side)

    @property
    def eldest(self) -> int:
        return (self.dealer + 1) % self.players

    @property
    def cutter(self) -> int:
        """Rules 5.2: the player on the dealer's right cuts."""
        return (self.dealer - 1) % self.players

    @property
    def evansville(self) -> bool:
        return self.rules.evansville_ranking

    def _holds_suit(self, seat: int, suit: Suit) -> bool:
        return any(c.suit is suit for c in self.hands[seat])

    def played_by(self, seat: int) -> list[Card]:
        cards = [c for _, plays, _ in self.tricks for s, c in plays if s == seat]
        return cards + [c for s, c in self.trick if s == seat]

    def initial_hand(self, seat: int) -> tuple[Card, ...]:
        """The seat's hand as it was when play began (all its cards, played or not)."""
        return tuple(sorted(self.hands[seat] + tuple(self.played_by(seat)) + self.held_back[seat]))

    def declaration(self, seat: int) -> tuple[Meld, ...]:
        """What the seat announced, or (before that) its best declaration (13.8)."""
        if self.announced[seat] is not None:
            return self.announced[seat]
        return self.best_declarations[seat]

    @property
    def trick_number(self) -> int:
        """0-based number of the trick in progress (or about to start)."""
        return len(self.tricks)

    def lawful_plays(self) -> list[Card]:
        """The cards that may be played without a renege (7.2)."""
        return self.trick_rules.legal_cards(self.hands[self.to_move], [c for _, c in self.trick])

    def _needs_announcement(self, seat: int) -> bool:
        return (self.melds_on and self.rules.meld_declaration == "choice" and self.trick_number == 0
                and self.announced[seat] is None)

    # -- actions -----------------------------------------------------------------------
    def game_pack(self) -> tuple[Card, ...]:
        return DECK

    def parse_action(self, action):
        if isinstance(action, str):
            words = action.strip().split()
            if words and words[0].lower() == "announce":
                kinds = [w.lower().replace("-", "_") for w in words[1:]]
                if kinds == ["none"] or not kinds:
                    return Action("announce", (), "none")
                bad = [k for k in kinds if k not in MELD_TYPES]
                if bad:
                    raise IllegalAction(f"{quote(bad[0])} is not a meld; the melds are: "
                                        f"{', '.join(MELD_TYPES)} (or 'announce none')")
                return Action("announce", (), " ".join(canonical_types(kinds)))
        return super().parse_action(action)

    def legal_actions(self) -> list[Action]:
        if self.to_move is None:
            return []
        seat = self.to_move
        penalize = self.rules.renege_policy == "penalize"
        if self.phase == "bid":
            out = []
            if self.bid_round == 1:
                if penalize or self._holds_suit(seat, self.upcard.suit):
                    out.append(Action("accept"))
            else:
                for suit in SUITS:
                    if suit is not self.upcard.suit and (penalize or self._holds_suit(seat, suit)):
                        out.append(Action("call", (), suit.value))
            out.append(Action("pass"))
            return out
        if self._needs_announcement(seat):
            return [Action("announce", (), " ".join(kinds) if kinds else "none")
                    for kinds in self.announce_options[seat]]
        cards = self.hands[seat] if penalize else self.lawful_plays()
        return [Action("play", (c,)) for c in cards]

    def lawful_actions(self) -> list[Action]:
        """The legal actions that are not reneges (what bots and lessons offer)."""
        if self.rules.renege_policy == "prevent" or self.to_move is None:
            return self.legal_actions()
        seat = self.to_move
        if self.phase == "bid":
            return [a for a in self.legal_actions()
                    if a.verb == "pass" or self._holds_suit(seat, a.suit or self.upcard.suit)]
        if self._needs_announcement(seat):
            return self.legal_actions()
        return [Action("play", (c,)) for c in self.lawful_plays()]

    def _push(self, action: Action) -> None:
        verb = action.verb
        seat = self.to_move
        if verb == "pass":
            self._pass(seat)
        elif verb == "accept":
            self._make(seat, self.upcard.suit, action)
        elif verb == "call":
            self._make(seat, action.suit, action)
        elif verb == "announce":
            kinds = () if action.arg == "none" else tuple(action.arg.split())
            melds = best_with_types(self.hands[seat], kinds, self.trump, self.evansville,
                                    self.rules.wadesville_six_sequence) or ()
            self._record_announcement(seat, melds)
        elif verb == "play":
            self._play(seat, action.card)
        else:  # pragma: no cover - parse_action knows the verbs
            raise IllegalAction(f"unknown action {action}")

    # bidding ---------------------------------------------------------------------------
    def _pass(self, seat: int) -> None:
        n = self.players
        self.bids = self.bids + ((seat, "pass"),)
        nxt = (seat + 1) % n
        if seat == self.dealer:
            if self.bid_round == 1:
                self.bid_round = 2
                self.events = self.events + (("round2",),)
            else:
                self.phase = "done"
                self.to_move = None
                self.outcome = "passed"
                self.events = self.events + (("passed",),)
                return
        self.to_move = nxt

    def _make(self, seat: int, suit: Suit, action: Action) -> None:
        self.bids = self.bids + ((seat, str(action)),)
        if not self._holds_suit(seat, suit):
            self.offences = self.offences + ((seat, "R7", f"said 'I play' {suit.noun} without a trump"),)
        self.trump = suit
        self.maker = seat
        if self.players == 2:
            self.hands = tuple(tuple(sorted(h + b)) for h, b in zip(self.hands, self.held_back))
            self.held_back = ((), ())
        self.trick_rules = trick_rules_for(suit)
        six = self.rules.wadesville_six_sequence
        # the hands are now fixed for melding: work out each seat's options once
        self.best_declarations = tuple(best_declaration(h, suit, self.evansville, six)
                                       for h in self.hands)
        self.announce_options = tuple(tuple(type_options(h, six)) for h in self.hands)
        king, queen = Card(Rank.KING, suit), Card(Rank.QUEEN, suit)
        for s, hand in enumerate(self.hands):
            if king in hand and queen in hand:
                self.bell_holder = s
        self.phase = "play"
        self.leader = self.eldest
        self.to_move = self.eldest
        self.events = self.events + (("trump", suit.value, seat),)

    # melds -----------------------------------------------------------------------------
    def _record_announcement(self, seat: int, melds: tuple[Meld, ...]) -> None:
        announced = list(self.announced)
        announced[seat] = tuple(melds)
        self.announced = tuple(announced)
        self.events = self.events + (("announce", seat, canonical_types(m.kind for m in melds)),)

    def _resolve_melds(self) -> None:
        by_side = {side: [] for side in sides_of(self.players)}
        for seat in range(self.players):
            for meld in self.announced[seat] or ():
                by_side[self.side(seat)].append((seat, meld))
        winner, statements = compare_sides(by_side, self.trump, self.evansville)
        self.meld_winner = winner
        self.melds_resolved = True
        self.events = self.events + tuple(statements) + (("melds", winner),)

    def _show(self, seat: int) -> None:
        melds = self.announced[seat]
        if (not self.melds_resolved or self.meld_winner is None or self.side(seat) != self.meld_winner
                or not melds or self.shown[seat]):
            return
        shown = list(self.shown)
        shown[seat] = tuple(melds)
        self.shown = tuple(shown)
        in_hand = set(self.hands[seat])
        remaining = tuple(sorted({c for m in melds for c in m.cards if c in in_hand}))
        self.events = self.events + (("show", seat, remaining),)

    def _bell_check(self, seat: int) -> None:
        if self.bell_announced or self.bell_holder != seat or not self.melds_on:
            return
        exposed = set(self.played_by(seat)) | {c for m in self.shown[seat] for c in m.cards}
        if Card(Rank.KING, self.trump) in exposed and Card(Rank.QUEEN, self.trump) in exposed:
            self.bell_announced = True
            self.events = self.events + (("bell", seat),)

    def meld_points(self) -> dict:
        """Meld and bell points of each side so far (fixed once the comparison is made)."""
        pts = {side: 0 for side in sides_of(self.players)}
        for side, value in self.fixed_melds:
            pts[side] += value
        if self.melds_resolved and self.meld_winner is not None:
            for seat in self.members(self.meld_winner):
                pts[self.meld_winner] += sum(m.points for m in self.announced[seat] or ())
        if self.melds_on and self.bell_holder is not None and self.outcome == "played":
            pts[self.side(self.bell_holder)] += BELL_POINTS
        return pts

    # play ------------------------------------------------------------------------------
    def _play(self, seat: int, card: Card) -> None:
        if self.melds_on and self.trick_number == 0 and self.announced[seat] is None:
            self._record_announcement(seat, self.best_declarations[seat])
        if self.melds_on and self.trick_number == 1:
            self._show(seat)
            self._bell_check(seat)
        if card not in self.lawful_plays():
            why = self.trick_rules.why_illegal(card, self.hands[seat], [c for _, c in self.trick])
            self.offences = self.offences + ((seat, "R3", why or "illegal card"),)
        self._add_to_trick(seat, card)
        self._bell_check(seat)
        if len(self.trick) == len(self.active_seats):
            self._finish_trick()
        else:
            self.to_move = self.next_active(seat)

    def _finish_trick(self) -> None:
        points = sum(card_points(c, self.trump) for _, c in self.trick)
        last = not any(self.hands)
        if last:
            points += LAST_TRICK_BONUS
        winner = self._close_trick()
        won = list(self.won)
        won[winner] += points
        self.won = tuple(won)
        self.events = self.events + (("trick", winner, points),)
        if self.offences:
            sides = tuple(dict.fromkeys(self.side(s) for s, _, _ in self.offences))
            self.offenders = sides
            self.outcome = "renege" if len(sides) == 1 else "void"
            self.events = self.events + (("renege",) + sides,)
            self.offences = ()
            self.phase = "done"
            self.to_move = None
            return
        if self.melds_on and len(self.tricks) == 1:
            self._resolve_melds()
        if last:
            self.outcome = "played"
            self.phase = "done"
            self.to_move = None

    # -- scoring -----------------------------------------------------------------------
    def counts_every_trick(self) -> bool:
        """Whether :meth:`card_points_by_side` holds every trick of the hand: true for a dealt
        hand and a position that states ``won`` or starts before the first trick; false for an
        ending (a position after the first tricks without ``won``), counted from its start."""
        spec = self.setup.get("position")
        if spec is None or spec.get("won"):
            return True
        full = _tricks_in_hand(self.players)
        leader = int(spec.get("leader", 0))
        held = len(str(spec["hands"].get(str(leader), "")).split())
        return held + (1 if spec.get("trick") else 0) == full

    def card_points_by_side(self) -> dict:
        pts = {side: 0 for side in sides_of(self.players)}
        for side, value in self.carried:
            pts[side] += value
        for seat, value in enumerate(self.won):
            pts[self.side(seat)] += value
        return pts

    def _renege_melds(self, side) -> int:
        decls = {s: self.declaration(s) for s in range(self.players)}
        bell = BELL_POINTS if self.bell_holder is not None and self.side(self.bell_holder) == side else 0
        if self.rules.renege_melds == "all_held":
            return bell + sum(m.points for s in self.members(side) for m in decls[s])
        by_side = {sd: [(s, m) for s in self.members(sd) for m in decls[s]]
                   for sd in sides_of(self.players)}
        winner, _ = compare_sides(by_side, self.trump, self.evansville)
        melds = sum(m.points for _, m in by_side[side]) if winner == side else 0
        return bell + melds

    def result(self) -> base.HandResult:
        if self.outcome is None:
            raise IllegalAction("the hand is not over yet: there is no result")
        units = sides_of(self.players)
        sides = {s: self.side(s) for s in range(self.players)}
        zero = {u: 0 for u in units}
        if self.outcome == "passed":
            return base.HandResult(zero, sides, ("all passed in both rounds: nobody scores",),
                                   {"outcome": "passed", "marks": {u: "" for u in units}})
        if self.outcome == "void":
            return base.HandResult(zero, sides, ("both sides reneged: nobody scores, the same dealer "
                                                 "deals again",),
                                   {"outcome": "void", "offenders": list(self.offenders),
                                    "marks": {u: "" for u in units}})
        if self.outcome == "renege":
            offender = self.offenders[0]
            points, reasons, marks = {}, [], {}
            for unit in units:
                if unit == offender:
                    points[unit] = 0
                    reasons.append(f"{self._unit_name(unit)} reneged and score 0")
                else:
                    melds = self._renege_melds(unit)
                    points[unit] = FULL_HAND_POINTS + melds
                    reasons.append(f"{self._unit_name(unit)} score {FULL_HAND_POINTS} + {melds} "
                                   f"for the renege")
                marks[unit] = "-" if points[unit] == 0 else str(points[unit])
            return base.HandResult(points, sides, tuple(reasons),
                                   {"outcome": "renege", "offenders": [offender], "marks": marks})
        cards = self.card_points_by_side()
        melds = self.meld_points()
        totals = {u: cards[u] + melds[u] for u in units}
        details = {"outcome": "played", "card_points": cards, "melds": melds, "totals": totals,
                   "maker": None if self.maker is None else self.side(self.maker)}
        reasons = [f"{self._unit_name(u)}: {cards[u]} card points + {melds[u]} melds and bell "
                   f"= {totals[u]}" for u in units]
        if self.maker is None:
            points, marks, made = dict(totals), {u: str(totals[u]) for u in units}, None
        else:
            maker = self.side(self.maker)
            points, marks, made = score_totals(totals, maker)
            reasons.append(f"the makers ({self._unit_name(maker)}) "
                           + ("made the hand" if made else "are set: XX"))
        details.update(made=made, marks=marks)
        return base.HandResult(points, sides, tuple(reasons), details)

    def _unit_name(self, unit) -> str:
        if isinstance(unit, int):
            return self.seat_name(unit)
        return "/".join(self.seat_name(s) for s in self.members(unit))

    # -- views -------------------------------------------------------------------------
    def _view_hand(self, seat: int) -> tuple[Card, ...]:
        return self.hands[seat]

    def _view_public(self) -> dict:
        n = self.players
        pub = {
            "trick": [[s, str(c)] for s, c in self.trick],
            "tricks": [[lead, [[s, str(c)] for s, c in plays], win] for lead, plays, win in self.tricks],
            "hand_sizes": {s: len(self.hands[s]) for s in range(n)},
            "tricks_won": {s: sum(1 for t in self.tricks if t[2] == s) for s in range(n)},
            "trump": self.trump.value if self.trump else None,
            "maker": self.maker,
            "sides": {s: self.side(s) for s in range(n)},
            "bid_round": self.bid_round,
            "bids": [[s, b] for s, b in self.bids],
            "face_up": str(self.upcard) if self.upcard else None,
            "announcements": {s: list(canonical_types(m.kind for m in a))
                              for s, a in enumerate(self.announced) if a is not None},
            "melds_resolved": self.melds_resolved,
            "meld_winner": self.meld_winner,
            "shown": {s: [[str(c) for c in m.cards] for m in melds]
                      for s, melds in enumerate(self.shown) if melds},
            "bell": self.bell_holder if self.bell_announced else None,
            "card_points": self.card_points_by_side(),
            "events": [_event_json(e) for e in self.events],
            "outcome": self.outcome,
        }
        if n == 2:
            pub["indicator"] = str(self.upcard)
            pub["held_back"] = {s: len(self.held_back[s]) for s in range(n)}
        else:
            pub["dealer_holds_face_up"] = self.upcard in self.hands[self.dealer]
        if self.outcome == "renege":
            pub["offenders"] = list(self.offenders)
        return pub

    def _view_private(self, seat: int) -> dict:
        private = {}
        if self.trump is not None and self.melds_on:
            private["declaration"] = [[str(c) for c in m.cards] for m in self.declaration(seat)]
            private["holds_bell"] = self.bell_holder == seat
        return private

    # -- explanations ------------------------------------------------------------------
    def explain_illegal(self, action: Action, legal, said: str | None = None) -> str:
        seat = self.to_move
        verb = action.verb
        if verb == "play" and self.phase == "play":
            if self._needs_announcement(seat):
                return ("announce your melds before your first card (e.g. 'announce dad', or "
                        "'announce none')")
            why = self.trick_rules.why_illegal(action.card, self.hands[seat],
                                               [c for _, c in self.trick])
            if why:
                return why
        if verb == "accept" and self.phase == "bid":
            if self.bid_round != 1:
                return ("the turned-up suit was refused in the first round: now name another suit "
                        "('call H') or pass")
            return (f"you hold no {self.upcard.suit.noun}: you may say 'I play' only with at least "
                    f"one card of the trump suit")
        if verb == "call" and self.phase == "bid":
            if self.bid_round == 1:
                return ("in the first round you may only accept the turned-up suit ('accept') or "
                        "pass")
            if action.suit is self.upcard.suit:
                return (f"{self.upcard.suit.noun} were turned down in the first round: name a "
                        f"different suit")
            return (f"you hold no {action.suit.noun}: you may name trumps only in a suit you hold")
        if verb == "announce":
            if not self.melds_on or self.rules.meld_declaration == "auto":
                return "melds are announced automatically here (meld_declaration = 'auto')"
            if self.phase != "play" or self.trick_number != 0 or self.announced[seat] is not None:
                return "melds are announced only just before your first card, in the first trick"
            options = ", ".join(str(a) for a in legal)
            return f"you do not hold melds for {said or quote(str(action))}; you can: {options}"
        return super().explain_illegal(action, legal, said)

    # -- display -----------------------------------------------------------------------
    def _html_extras(self) -> list[str]:
        try:
            from .. import render
            cards_html = render.cards_html
        except Exception:  # pragma: no cover - rendering is optional
            def cards_html(cards):
                return html.escape(" ".join(c.symbol for c in cards))
        out = []
        if self.trump is not None:
            maker = "" if self.maker is None else f", made by {html.escape(self.seat_name(self.maker))}"
            out.append(f"<div class='clabber-trump'>Trump: {self.trump.symbol} {self.trump.noun}"
                       f"{maker}</div>")
        elif self.upcard is not None:
            label = "Trump indicator" if self.players == 2 else "Face-up card"
            out.append(f"<div class='clabber-upcard'>{label}: {cards_html([self.upcard])} "
                       f"(bidding round {self.bid_round})</div>")
        rows = []
        for seat, melds in enumerate(self.announced):
            if melds is None:
                continue
            kinds = ", ".join(m.name for m in melds) or "nothing"
            shown = "".join(f" {cards_html(m.cards)}" for m in self.shown[seat])
            rows.append(f"<li>{html.escape(self.seat_name(seat))} announced {kinds}"
                        f"{' — shown:' + shown if shown else ''}</li>")
        if rows:
            verdict = ""
            if self.melds_resolved:
                verdict = ("<div>Melds: nobody scores</div>" if self.meld_winner is None else
                           f"<div>Melds go to {html.escape(self._unit_name(self.meld_winner))}</div>")
            out.append(f"<div class='clabber-melds'><ul>{''.join(rows)}</ul>{verdict}</div>")
        if self.bell_announced:
            out.append(f"<div class='clabber-bell'>Bell (trump K+Q): "
                       f"{html.escape(self.seat_name(self.bell_holder))}, 20</div>")
        if self.trump is not None:
            pts = self.card_points_by_side()
            cells = ", ".join(f"{html.escape(self._unit_name(u))} {pts[u]}" for u in pts)
            out.append(f"<div class='clabber-points'>Card points won: {cells}</div>")
        return out

    def __str__(self) -> str:
        lines = [f"Clabber, {self.players} players, dealer {self.seat_name(self.dealer)}, "
                 f"phase {self.phase}"]
        if self.trump is not None:
            maker = "" if self.maker is None else f" (maker {self.seat_name(self.maker)})"
            lines.append(f"Trump {self.trump.noun}{maker}")
        elif self.upcard is not None:
            lines.append(f"Face-up card {self.upcard}, bidding round {self.bid_round}")
        for seat in range(self.players):
            extra = f" + {len(self.held_back[seat])} held back" if self.held_back[seat] else ""
            lines.append(f"  {self.seat_name(seat):8} {' '.join(map(str, self.hands[seat]))}{extra}")
        for seat, melds in enumerate(self.announced):
            if melds is not None:
                lines.append(f"  {self.seat_name(seat)} announced "
                             f"{', '.join(m.kind for m in melds) or 'nothing'}")
        if self.melds_resolved:
            lines.append("  melds: " + ("nobody scores" if self.meld_winner is None
                                        else f"{self._unit_name(self.meld_winner)}"))
        if self.bell_announced:
            lines.append(f"  bell: {self.seat_name(self.bell_holder)}")
        if self.trick:
            lines.append("Trick: " + " ".join(f"{self.seat_name(s)}:{c}" for s, c in self.trick))
        if self.trump is not None:
            lines.append("Card points: " + ", ".join(
                f"{self._unit_name(u)} {p}" for u, p in self.card_points_by_side().items()))
        if self.to_move is not None:
            lines.append(f"{self.seat_name(self.to_move)} to act")
        return "\n".join(lines)


def _event_json(event) -> list:
    out = []
    for item in event:
        if isinstance(item, tuple):
            out.append([str(x) if isinstance(x, Card) else x for x in item])
        elif isinstance(item, Card):
            out.append(str(item))
        else:
            out.append(item)
    return out


# --------------------------------------------------------------------------- entry points
def new_hand(seed=None, deck=None, dealer=None, rules=None, players=None, **options) -> State:
    """Deal a hand. ``deck`` is the exact order dealt from the top after the cut (rules 5.5);
    without it the pack is shuffled from ``seed`` and cut at ``4 <= c <= 20``."""
    checks.check_seed(seed)
    rules = _rules(rules, players, options)
    n = rules.players
    if deck is None:
        rng = random.Random(seed)
        if dealer is None:
            dealer = rng.randrange(n)
        cards = list(DECK)
        rng.shuffle(cards)
        cards = cut(cards, rng.randint(CUT_LEAST, len(cards) - CUT_LEAST))
    else:
        cards = _read_deck(deck)
        if dealer is None:
            dealer = 0 if seed is None else random.Random(seed).randrange(n)
    return State._dealt(cards, checks.check_dealer(dealer, n, _seat_namer(n)), rules)


def position(hands: Mapping, trump, leader: int = 0, trick=(), maker: int | None = 0, rules=None,
             won: Mapping | None = None, melds: Mapping | None = None, dealer: int | None = None,
             players: int | None = None, **options) -> State:
    """A play-phase state for puzzles and the solver (no bidding, no meld protocol).

    ``hands`` maps seats to their remaining cards, ``trick`` lists the cards already played to
    the current trick from ``leader`` on. ``won`` gives the card points of this hand's earlier
    tricks per side, all of them (not the match score; a side not named has none). Without
    ``won`` the position is an ending counted from here: the earlier tricks' points are not
    known and count for nobody (:meth:`State.counts_every_trick` tells which). ``melds`` gives
    the fixed meld and bell points per side (both only matter for ``result()``).

    The position must be one a real hand reaches: cards of the 24-card pack, each once; every
    player holding as many cards as tricks are left (at most the cards dealt); the eldest (the
    dealer's left) leading the first trick; the current trick keeping the follow, trump and
    overtrump obligations; ``won`` a split of the cards already played into whole tricks, the
    leader's side having taken the last. Anything
    else raises :class:`PositionError` naming the field."""
    if players is None and rules is None and not options and isinstance(hands, Mapping):
        count = len(positions.seat_map(hands, 6, "hands"))
        if count in (2, 3, 6):
            players = count
    resolved = _rules(rules, players, options)
    n = resolved.players
    name = State.SEAT_NAMES[n].__getitem__
    held = positions.hands(hands, n, name)
    try:
        trump_suit = Suit.parse(trump)
    except CardError as err:
        raise PositionError(f"trump: {err}") from None
    leader = positions.seat(leader, n, "leader", name)
    if maker is not None:
        maker = positions.seat(maker, n, "maker", name)
    if dealer is not None:
        dealer = positions.seat(dealer, n, "dealer", name)
    played = positions.cards(trick if trick is not None else (), "trick")
    units = {str(u): u for u in sides_of(n)}

    def points(value, what):
        if value is None:
            return {}
        if not isinstance(value, Mapping):
            raise PositionError(f"{what} must map sides to points, e.g. {{{next(iter(units))!r}: "
                                f"20}}, not {quote(value)}")
        out = {}
        for key, pts in value.items():
            if str(key) not in units:
                raise PositionError(f"{what}: {quote(key)} is not a side of the {n}-player game; "
                                    f"the sides are {', '.join(units)}")
            out[str(key)] = positions.count(pts, f"{what} of {key}", 0)
        return out

    spec = {
        "hands": {str(s): " ".join(str(c) for c in cs) for s, cs in sorted(held.items())},
        "trump": trump_suit.value,
        "leader": leader,
        "trick": [str(c) for c in played],
        "maker": maker,
        "won": points(won, "won"),
        "melds": points(melds, "melds"),
        "dealer": dealer,
    }
    return _build_position(spec, resolved)


def _unit_from_text(text: str, players: int):
    units = sides_of(players)
    for unit in units:
        if str(unit) == str(text):
            return unit
    raise IllegalAction(f"'{text}' is not a side of the {players}-player game; the sides are "
                      f"{', '.join(map(str, units))}")


def _tricks_in_hand(players: int) -> int:
    """Tricks a hand has: the cards dealt, two players adding their held-back three (13.6)."""
    return HAND_SIZE[players] + (3 if players == 2 else 0)


def _side_words(unit, players: int) -> str:
    """A side in words: "South/North", or a seat's name where each plays for himself."""
    names = State.SEAT_NAMES[players]
    return "/".join(names[s] for s in range(players) if side_of(s, players) == unit)


def _build_position(spec: dict, rules: Rules) -> State:
    n = rules.players
    names = State.SEAT_NAMES[n]
    name = names.__getitem__
    hands = [()] * n
    for key, text in spec["hands"].items():
        seat = positions.seat(int(key), n, "seat", name)
        hands[seat] = tuple(sorted(parse_cards(text)))
    trick_cards = [parse_card(c) for c in spec.get("trick", [])]
    leader = positions.seat(int(spec.get("leader", 0)), n, "leader", name)
    positions.conserved([(f"the hand of {names[s]}", hands[s]) for s in range(n)]
                        + [("the trick", trick_cards)], DECK, "the 24-card Clabber pack (9 to A)")
    if len(trick_cards) >= n:
        raise PositionError("trick: the trick in progress must have fewer cards than there are "
                            "players")
    order = [(leader + k) % n for k in range(n)]
    size = len(hands[leader]) + (1 if trick_cards else 0)
    full = _tricks_in_hand(n)
    if not 1 <= size <= full:
        raise PositionError(f"hands: {names[leader]} holds {len(hands[leader])} cards; with {n} "
                            f"players each holds 1 to {full}")
    positions.hand_sizes(order, dict(enumerate(hands)), len(trick_cards), size, name)
    dealer = spec.get("dealer")
    dealer_given = dealer is not None
    dealer = (leader - 1) % n if dealer is None else positions.seat(int(dealer), n, "dealer", name)
    if size == full and leader != (dealer + 1) % n:
        raise PositionError(f"leader: the eldest ({names[(dealer + 1) % n]}, the dealer's left) "
                            f"leads the first trick, not {names[leader]}")
    if spec.get("maker") is not None:
        positions.seat(int(spec["maker"]), n, "maker", name)
    live = [c for h in hands for c in h] + trick_cards
    trump_suit = Suit.parse(spec["trump"])
    left = FULL_HAND_POINTS - sum(card_points(c, trump_suit) for c in live)
    carried = sum(int(v) for v in spec.get("won", {}).values())
    if size == full and carried:
        raise PositionError("won: no trick has been played yet, so no points are won")
    if carried > left:
        raise PositionError(f"won: {carried} card points won, but the cards already played are "
                            f"worth only {left} (won is this hand's card points from the tricks "
                            f"already played, not the match score)")
    if spec.get("won") and size < full:      # the whole count: a side not named has none
        stated = {unit: 0 for unit in sides_of(n)}
        stated.update({_unit_from_text(k, n): int(v) for k, v in spec["won"].items()})
        pool = [c for c in DECK if c not in set(live)]
        if not history.points_possible(pool, (full - size) * n, n, stated, side_of(leader, n),
                                       lambda c: card_points(c, trump_suit)):
            shown = ", ".join(f"{_side_words(u, n)} {v}" for u, v in stated.items())
            raise PositionError(f"won: no {full - size} trick{'s' * (full - size != 1)} of the "
                                f"cards already played give {shown} card points, with "
                                f"{names[leader]}'s side winning the last of them (won is all "
                                f"the card points of this hand's earlier tricks, not the match "
                                f"score; a side not named has none)")
    positions.trick_follows(trick_rules_for(trump_suit),
                            [((leader + k) % n, c) for k, c in enumerate(trick_cards)],
                            dict(enumerate(hands)), name)
    trump = Suit.parse(spec["trump"])
    self = object.__new__(State)
    self._init_base(rules, n, dealer, {"position": spec})
    self.hands = tuple(hands)
    self.held_back = tuple(() for _ in range(n))
    self.dead = ()
    self.upcard = None
    self._common(melds_on=False)
    self.trump = trump
    self.maker = spec.get("maker")
    self.trick_rules = trick_rules_for(trump)
    self.leader = leader
    self.trick = tuple(((leader + k) % n, c) for k, c in enumerate(trick_cards))
    self.carried = tuple((_unit_from_text(k, n), v) for k, v in spec.get("won", {}).items())
    self.fixed_melds = tuple((_unit_from_text(k, n), v) for k, v in spec.get("melds", {}).items())
    self.phase = "play"
    self.to_move = (leader + len(trick_cards)) % n
    stated = None
    if spec.get("won"):       # the whole count, a side not named having none
        stated = {unit: 0 for unit in sides_of(n)}
        stated.update({_unit_from_text(k, n): int(v) for k, v in spec["won"].items()})
    first = history.require(history.facts_of(
        self, DECK, full - size, (dealer + 1) % n if dealer_given else None,
        every_card=n != 2,
        unit=lambda s: side_of(s, n), points=stated,
        card_points=lambda c: card_points(c, trump), prefer=(dealer + 1) % n), name,
        "the card points in won" if stated else "")
    if not dealer_given and first is not None:      # a dealer left out is one that fits
        self.dealer = (first - 1) % n
    return self


# --------------------------------------------------------------------------- the match
class ClabberMatch(base.Match):
    """Hands until a side reaches ``target_score`` (500). Without an explicit first dealer the
    seating and the first dealer are chosen by dealing until Jacks appear (rules 3)."""

    def __init__(self, rules: Rules, seed=None, dealer=None):
        import sys
        self.module = sys.modules[__name__]
        self.rules = rules
        self.players = rules.players
        self.rng = random.Random(seed)
        self.options = {}
        self.hands = []
        self._sheet = []
        self._scores = self._initial_scores()
        self.seating = None
        self.seating_deal = ()
        if dealer is None:
            pack = list(DECK)
            self.rng.shuffle(pack)
            self.seating, self.seating_deal = choose_seating(pack, rules.players)
            dealer = 0
        self.current = self._deal(dealer)

    def _initial_scores(self) -> dict:
        return {unit: 0 for unit in sides_of(self.rules.players)}

    def _game_over(self) -> bool:
        return game_winner(self._scores, self.rules.target_score) is not None

    @property
    def winner(self):
        """The winning side (or ``"draw"``) once the game is over, else None."""
        self._settle()
        return game_winner(self._scores, self.rules.target_score)

    def _next_dealer(self, finished: State) -> int:
        if finished.outcome == "void":
            return finished.dealer
        if finished.outcome == "passed" and self.rules.redeal_same_dealer:
            return finished.dealer
        return (finished.dealer + 1) % finished.players

    def _score(self, finished: State) -> dict:
        row = super()._score(finished)
        result = finished.result()
        row["marks"] = dict(result.details.get("marks", {}))
        row["outcome"] = result.details.get("outcome")
        return row


def new_match(seed=None, rules=None, players=None, dealer=None, **options) -> ClabberMatch:
    checks.check_seed(seed)
    rules = _rules(rules, players, options)
    if dealer is not None:
        checks.check_dealer(dealer, rules.players, _seat_namer(rules.players))
    return ClabberMatch(rules, seed=seed, dealer=dealer)


# --------------------------------------------------------------------------- decision topics
DECISION_TOPICS = ("bidding", "melds", "trumping", "play")
"""The kinds of decision a Clabber player faces, as a course teaches them one by one:

* ``"bidding"``: round 1 (accept the face-up card's suit or pass) and round 2 (call another
  suit or pass);
* ``"melds"``: announcing melds before one's first card (``meld_declaration = "choice"``; the
  comparison, the show and the bell are automatic and no decision);
* ``"trumping"``: a card to a trick under the duty to trump (rules 7.2, items 3, 5 and 6): a
  trump was led and the player holds a trump (he must overtrump if he can), or a plain suit was
  led and the player holds none of it (he must trump, overtrump if he can, or with no trump
  throw any card);
* ``"play"``: any other card: a lead, or following a plain suit led.
"""


def decision_topic(state: State) -> str | None:
    """The topic (one of :data:`DECISION_TOPICS`) of the decision the player to move faces;
    None when the hand is over."""
    seat = state.to_move
    if seat is None:
        return None
    if state.phase == "bid":
        return "bidding"
    if state._needs_announcement(seat):
        return "melds"
    if not state.trick:
        return "play"
    led = state.trick[0][1].suit
    hand = state.hands[seat]
    if led is state.trump:
        return "trumping" if any(c.suit is led for c in hand) else "play"
    return "play" if any(c.suit is led for c in hand) else "trumping"
