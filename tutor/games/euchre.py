"""Euchre: the four-handed partnership game and its variants, as ``rules/euchre.md`` defines them.

Seats are N=0, E=1, S=2, W=3; the next player is ``(seat + 1) % n`` (clockwise at the table).
Partnerships are NS (0, 2) and EW (1, 3). In the two- and three-handed games every player scores
for himself and results are keyed by seat.

Dealing from ``deck=`` (top card first) follows section 3.2: packets of 3-2 (or 2-3, or single
cards) clockwise from the dealer's left, then the complement to five; the up-card is
``deck[5 * players]`` and the rest of the kitty follows it. ``deck_for`` builds such a deck from
chosen hands.

Actions (their strings are what ``apply`` reads back)::

    pass, order_up, accept          round 1 ("order_up" by the others, "accept" by the dealer)
    leave, discard XX               the dealer's exchange (taking the up-card is a discard)
    name H                          round 2, or the dealer's blind call on a Joker up-card
    go_alone, decline               the going-alone questions
    discard XX, pass_card XX        calling for best (railroad)
    play XX                         trick play
"""

from __future__ import annotations

import dataclasses
import html
import operator
import random
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Iterable, Mapping, Sequence

from ..cards import JOKER, SUITS, Card, Rank, Suit, deck as card_deck, parse_card, parse_cards
from ..errors import CardError, IllegalAction, PositionError, RulesError
from . import base, checks, positions
from .checks import quote
from .actions import Action
from . import history
from .tricks import TrickRules, ranked_order

__all__ = ["Rules", "PRESETS", "resolve", "State", "EuchreMatch", "GameResult", "new_hand",
           "position", "new_match", "deck_for", "game_deck", "trump_order", "plain_order",
           "effective_suit", "trick_rules_for", "deal_positions", "score_hand"]

GAME = "euchre"
_BY_INDEX = operator.attrgetter("index")  # the same order as sorting Cards, but cheaper
SIDES = ("NS", "EW")


# --------------------------------------------------------------------------- rules
@dataclass(frozen=True)
class Rules(base.RulesBase):
    """The option flags of section 13 with their defaults (the seed's game, ``north_american``)."""

    players: int = 4
    deck_ranks: str = "9_to_ace"
    joker: bool = False
    joker_upcard: str = "dealer_names_blind"
    joker_upcard_suit: str = "H"
    target_score: int = 10
    deal_pattern: str = "3-2"
    dealer_pickup_optional: bool = True
    allow_turned_down_suit: bool = False
    stick_the_dealer: bool = False
    maker_partner_may_go_alone: bool = True
    defender_alone: str = "any"
    dealer_partner_order_must_go_alone: bool = False
    lone_lead: str = "left_of_lone_player"
    points_make: int = 1
    points_march: int = 2
    points_lone_march: int = 4
    points_euchre: int = 2
    lone_maker_euchred_points: int = 2
    lone_defender_euchre_points: int = 2
    lone_defender_sweep_points: int = 4
    call_for_best: bool = False
    call_for_best_order: str = "discard_first"
    laps: bool = False
    slams: bool = False
    three_handed_march_points: int = 3
    three_handed_euchre_points: int = 2

    CHOICES = MappingProxyType({
        "players": (2, 3, 4),
        "deck_ranks": ("9_to_ace", "7_to_ace"),
        "joker_upcard": ("dealer_names_blind", "fixed_suit", "redeal"),
        "joker_upcard_suit": ("C", "D", "H", "S"),
        "deal_pattern": ("3-2", "2-3", "single"),
        "defender_alone": ("any", "vs_lone_maker", "never"),
        "lone_lead": ("left_of_lone_player", "left_of_dealer_skip_inactive"),
        "call_for_best_order": ("discard_first", "receive_first"),
    })

    def validate(self) -> None:
        if self.target_score < 1:
            raise RulesError(f"option target_score must be at least 1, not {self.target_score}")
        for f in dataclasses.fields(self):
            if f.name.startswith("points_") or f.name.endswith("_points"):
                if getattr(self, f.name) < 0:
                    raise RulesError(f"option {f.name} cannot be negative ({getattr(self, f.name)})")


PRESETS: Mapping[str, Mapping[str, Any]] = MappingProxyType({
    "north_american": {},
    "deck_32": {"deck_ranks": "7_to_ace"},
    "british_25_joker": {"joker": True, "joker_upcard": "dealer_names_blind"},
    "two_handed": {"players": 2},
    "three_handed_cutthroat": {"players": 3},
    "railroad": {"joker": True, "joker_upcard": "fixed_suit", "joker_upcard_suit": "H",
                 "defender_alone": "vs_lone_maker", "lone_defender_euchre_points": 4,
                 "lone_defender_sweep_points": 4, "call_for_best": True, "laps": True,
                 "slams": True},
    "common_north_american": {"dealer_pickup_optional": False,
                              "maker_partner_may_go_alone": False, "defender_alone": "never",
                              "lone_lead": "left_of_dealer_skip_inactive"},
})


def resolve(rules=None, **overrides) -> Rules:
    """Rules from None, a Rules value, a preset name (``"deck_32+railroad"``) or a dict."""
    return base.resolve_rules(Rules, PRESETS, rules, **overrides)


# --------------------------------------------------------------------------- cards and order
_PLAIN_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT,
                Rank.SEVEN)


def game_deck(rules: Rules) -> tuple[Card, ...]:
    """The pack of the rules: 24 or 32 cards, plus the Joker when ``joker`` is on."""
    cards = card_deck("24" if rules.deck_ranks == "9_to_ace" else "32")
    return cards + (JOKER,) if rules.joker else cards


def _low_rank(rules: Rules) -> int:
    return 9 if rules.deck_ranks == "9_to_ace" else 7


def effective_suit(card: Card, trump: Suit | None) -> Suit | None:
    """Section 2.4: the Joker and the left bower belong to trumps; before trump, printed suits."""
    card = parse_card(card)
    if trump is None:
        return card.suit
    trump = Suit.parse(trump)
    if card.is_joker:
        return trump
    if card.rank is Rank.JACK and card.suit is trump.same_colour:
        return trump
    return card.suit


def trump_order(trump, rules: Rules | None = None) -> tuple[Card, ...]:
    """Trumps from the highest: Joker, right bower, left bower, A K Q T 9 (8 7)."""
    rules = rules or Rules()
    trump = Suit.parse(trump)
    low = _low_rank(rules)
    top = [JOKER] if rules.joker else []
    top += [Card(Rank.JACK, trump), Card(Rank.JACK, trump.same_colour)]
    top += [Card(r, trump) for r in _PLAIN_RANKS if r is not Rank.JACK and r >= low]
    return tuple(top)


def plain_order(suit, trump, rules: Rules | None = None) -> tuple[Card, ...]:
    """A non-trump suit from the highest; the same-colour suit has no jack (it is the left bower)."""
    rules = rules or Rules()
    suit, trump = Suit.parse(suit), Suit.parse(trump)
    if suit is trump:
        raise RulesError("the trump suit is ordered by trump_order, not plain_order")
    low = _low_rank(rules)
    return tuple(Card(r, suit) for r in _PLAIN_RANKS
                 if r >= low and not (r is Rank.JACK and suit is trump.same_colour))


_TRICK_RULES: dict = {}


def trick_rules_for(trump, rules: Rules) -> TrickRules:
    """The shared trick mechanics with Euchre's trump order and effective suits."""
    trump = Suit.parse(trump)
    key = (trump, rules.deck_ranks, rules.joker)
    found = _TRICK_RULES.get(key)
    if found is None:
        trumps = trump_order(trump, rules)
        order = {c: int(c.rank) for c in game_deck(rules) if c not in trumps}
        order.update({c: 100 + v for c, v in ranked_order(trumps).items()})
        effective = {Card(Rank.JACK, trump.same_colour): trump}
        if rules.joker:
            effective[JOKER] = trump
        found = TrickRules(trump=trump, order=MappingProxyType(order),
                           effective=MappingProxyType(effective))
        _TRICK_RULES[key] = found
    return found


# --------------------------------------------------------------------------- dealing
def deal_positions(players: int, pattern: str = "3-2") -> tuple[tuple[int, ...], ...]:
    """For each offset from the dealer's left (0 = left of dealer), the deck indices it receives."""
    got: list[list[int]] = [[] for _ in range(players)]
    index = 0
    if pattern == "single":
        for _ in range(5):
            for i in range(players):
                got[i].append(index)
                index += 1
    else:
        first = [(3 if i % 2 == 0 else 2) for i in range(players)]
        if pattern == "2-3":
            first = [5 - n for n in first]
        elif pattern != "3-2":
            raise RulesError(f"deal_pattern {quote(pattern)} is not allowed; choose '3-2', '2-3' "
                             f"or 'single'")
        for packet in (first, [5 - n for n in first]):
            for i, n in enumerate(packet):
                got[i].extend(range(index, index + n))
                index += n
    return tuple(tuple(g) for g in got)


def _read_cards(value, what: str) -> tuple[Card, ...]:
    if value is None:
        return ()
    if isinstance(value, Card):
        return (value,)
    try:
        return parse_cards(value)
    except CardError as err:
        raise CardError(f"{what}: {err}", err.token) from err


def _check_in_deck(cards: Iterable[Card], rules: Rules, what: str) -> None:
    pack = set(game_deck(rules))
    for c in cards:
        if c not in pack:
            if c.is_joker:
                raise CardError(f"{what}: the Joker is not in this deck (option joker is off)", "JK")
            raise CardError(f"{what}: the {c.name} is not in this deck "
                            f"({'24' if rules.deck_ranks == '9_to_ace' else '32'} cards)", str(c))


def _pack_name(rules: Rules) -> str:
    return f"the {len(game_deck(rules))}-card pack of these rules"


def _seat_names(players: int):
    return State.SEAT_NAMES[players].__getitem__


def _read_deck(deck, rules: Rules, what: str = "deck") -> tuple[Card, ...]:
    return checks.check_card_list(deck, what, game_deck(rules), _pack_name(rules))


def _read_full_deck(deck, rules: Rules) -> tuple[Card, ...]:
    return _full_deck(_read_deck(deck, rules), rules)


def _check_scores(scores, players: int, what: str = "scores") -> dict:
    """Scores shown with a hand or a match start: {side or seat: points}."""
    if scores is None:
        return {}
    checks.check_mapping(scores, what, RulesError)
    units = SIDES if players == 4 else tuple(range(players))
    out = {}
    for key, value in scores.items():
        unit = key if key in SIDES else (int(key) if isinstance(key, str) and key in
                                         [str(u) for u in units] else key)
        if unit not in units or isinstance(unit, bool):
            raise RulesError(f"{what}: {quote(key)} is not a side of this game; use "
                             f"{', '.join(map(str, units))}")
        out[unit] = checks.check_whole_number(value, f"{what}: the score of {unit}",
                                              error=RulesError)
    return out


def _full_deck(cards: Sequence[Card], rules: Rules) -> tuple[Card, ...]:
    """A deck order checked against the pack; missing cards are added below, in pack order."""
    players = rules.players
    cards = checks.check_card_list(cards, "deck", game_deck(rules), _pack_name(rules))
    if len(cards) < 5 * players + 1:
        raise CardError(f"deck: {len(cards)} cards are too few; {players} players need "
                        f"{5 * players} cards dealt and an up-card")
    present = set(cards)
    return tuple(cards) + tuple(c for c in game_deck(rules) if c not in present)


def deck_for(hands: Mapping[int, Any] | None = None, up_card=None, kitty=None, dealer: int = 0,
             rules=None, players: int | None = None, seed=None, **options) -> tuple[Card, ...]:
    """A deck order (top first) that deals the chosen ``hands`` ({seat: cards}) with ``dealer``
    dealing, turns ``up_card`` and leaves ``kitty`` under it. Cards not named fill the gaps, in
    pack order (or shuffled with ``seed``)."""
    rules = _deal_rules(seed, rules, players, options)
    n = rules.players
    dealer = checks.check_dealer(dealer, n, _seat_names(n))
    hands = checks.check_hands({} if hands is None else hands, n, game_deck(rules),
                               _pack_name(rules), most=5, name=_seat_names(n))
    for what, cards in (("up_card", up_card), ("kitty", kitty)):
        if cards is not None:
            checks.check_card_list(cards, what, game_deck(rules), _pack_name(rules))
    chosen: dict[int, tuple[Card, ...]] = {}
    for seat, cards in hands.items():
        seat = _check_seat(seat, n, "hands")
        chosen[seat] = _read_cards(cards, f"hand of seat {seat}")
        if len(chosen[seat]) > 5:
            raise CardError(f"hand of seat {seat}: {len(chosen[seat])} cards; a hand has five")
    top = _read_cards(up_card, "up-card")
    if len(top) > 1:
        raise CardError("up_card: give one card")
    rest = _read_cards(kitty, "kitty")
    named = [c for cs in chosen.values() for c in cs] + list(top) + list(rest)
    _check_in_deck(named, rules, "deck_for")
    if len(set(named)) != len(named):
        dup = next(c for c in named if named.count(c) > 1)
        raise CardError(f"deck_for: the {dup.name} is named twice", str(dup))
    spare = [c for c in game_deck(rules) if c not in set(named)]
    if seed is not None:
        random.Random(seed).shuffle(spare)
    order: list[Card | None] = [None] * len(game_deck(rules))
    for offset, indices in enumerate(deal_positions(n, rules.deal_pattern)):
        seat = (dealer + 1 + offset) % n
        cards = list(chosen.get(seat, ()))
        for i in indices:
            order[i] = cards.pop(0) if cards else spare.pop(0)
    start = 5 * n
    for i, c in enumerate(list(top) + list(rest)):
        order[start + i] = c
    for i, c in enumerate(order):
        if c is None:
            order[i] = spare.pop(0)
    return tuple(order)  # type: ignore[arg-type]


def _check_seat(seat, players: int, what: str) -> int:
    try:
        value = int(seat)
    except (TypeError, ValueError):
        raise IllegalAction(f"{what}: {seat!r} is not a seat number") from None
    if not 0 <= value < players:
        raise IllegalAction(f"{what}: there is no seat {value}; seats are 0 to {players - 1}")
    return value


# --------------------------------------------------------------------------- scoring
def score_hand(makers_tricks: int, maker_alone: bool, defender_alone: bool,
               rules: Rules) -> tuple[str, int, str]:
    """Section 9.2 for the four-handed game: (``"makers"`` or ``"defenders"``, points, row)."""
    m = makers_tricks
    if m >= 3:
        if m == 5:
            if maker_alone:
                return "makers", rules.points_lone_march, ("S12" if defender_alone else "S5")
            return "makers", rules.points_march, ("S8" if defender_alone else "S2")
        row = "S11" if maker_alone and defender_alone else "S4" if maker_alone else \
            "S7" if defender_alone else "S1"
        return "makers", rules.points_make, row
    d = 5 - m
    base_pts = rules.lone_maker_euchred_points if maker_alone else rules.points_euchre
    if defender_alone:
        extra = rules.lone_defender_sweep_points if d == 5 else rules.lone_defender_euchre_points
        if maker_alone:
            return "defenders", max(base_pts, extra), ("S14" if d == 5 else "S13")
        return "defenders", max(base_pts, extra), ("S10" if d == 5 else "S9")
    return "defenders", base_pts, ("S6" if maker_alone else "S3")


# --------------------------------------------------------------------------- the hand
PHASE_WORDS = {
    "bid1": "round 1 of the bidding",
    "exchange": "the dealer's exchange",
    "bid2": "round 2 of the bidding",
    "name_blind": "the dealer's blind call of trump",
    "alone": "the going-alone questions",
    "call_for_best": "calling for best",
    "play": "trick play",
    "done": "the end of the hand",
}


class State(base.HandState):
    """One hand of Euchre, from the deal to the score.

    Phases: ``bid1``, ``exchange``, ``bid2``, ``name_blind``, ``alone``, ``call_for_best``,
    ``play``, ``done``. Common attributes: ``hands``, ``trick``, ``tricks``, ``trick_rules``,
    ``active_seats``, ``leader``, ``tricks_won``; Euchre's own: ``up_card``, ``kitty`` (undealt
    cards still on the table, up-card first while it lies there), ``proposed`` (the suit round 1
    offers), ``turned_down``, ``trump``, ``maker``, ``exchange`` (``"taken"``, ``"left"``,
    ``"skipped"`` or None), ``alone`` (lone seats), ``discards`` ((seat, card) set aside),
    ``passed_cards`` ((giver, receiver, card) of calling for best), ``outcome``.

    Decisions where the rules file leaves a point open:

    * Taking the up-card is not a separate action: the dealer's ``discard XX`` (any of his five
      cards or the up-card) takes it. After ``order_up`` he may instead ``leave``.
    * A Joker up-card under ``joker_upcard = "redeal"`` ends the hand at once (phase ``done``,
      reason "redeal", no points); the match lets the same dealer deal again.
    * When the dealer's partner had to go alone (``dealer_partner_order_must_go_alone``) the
      up-card stays on the kitty; with ``call_for_best`` the sitting-out dealer may then pass it,
      as a dealer who left it may (12.5, item 3).
    * In the two-handed game ``points_make``, ``points_march`` and ``points_euchre`` give the
      values of 12.3 (1, 2, 2 by default); in the three-handed game ``points_make`` is the
      maker's 3-4 trick value.
    * ``result()`` in the four-handed game lists both sides (the non-scoring one with 0); in the
      two- and three-handed games every seat is listed.
    * A ``position`` whose maker is not given makes the first lone seat the maker, else the
      seat to the leader's right; its dealer defaults to the seat to the right of the seat
      that leads when nobody is alone.
    * ``deck=`` may be shorter than the pack (at least the dealt cards and the up-card); the
      missing cards go to the bottom of the kitty in pack order.
    """

    game = GAME
    VERBS = MappingProxyType({
        "pass": None, "order_up": None, "accept": None, "leave": None, "discard": "card",
        "name": "suit", "go_alone": None, "decline": None, "pass_card": "card", "play": "card",
    })
    SEAT_NAMES = base.CLOCKWISE_SEAT_NAMES   # rules file 2: play goes clockwise

    # -- construction ----------------------------------------------------------------
    def __init__(self, rules: Rules, deck: Sequence[Card], dealer: int, scores=None):
        n = rules.players
        deck = _full_deck(tuple(deck), rules)
        setup = {"deck": [str(c) for c in deck], "dealer": dealer}
        if scores:
            setup["scores"] = {str(k): int(v) for k, v in dict(scores).items()}
        self._init_base(rules, n, dealer, setup)
        self.deck = deck
        self.scores = _freeze_scores(scores)
        hands: list[tuple[Card, ...]] = [()] * n
        for offset, indices in enumerate(deal_positions(n, rules.deal_pattern)):
            hands[(dealer + 1 + offset) % n] = tuple(deck[i] for i in indices)
        self.hands = tuple(hands)
        self.kitty = tuple(deck[5 * n:])
        self.up_card = deck[5 * n]
        self.proposed = None
        self.turned_down = None
        self.trump = None
        self.maker = None
        self.exchange = None
        self.must_take = False
        self.alone = ()
        self.forced_alone = False
        self.alone_answers = ()
        self.cfb_steps = ()
        self.discards = ()
        self.passed_cards = ()
        self.active_seats = tuple(range(n))
        self.leader = None
        self.trick = ()
        self.tricks = ()
        self.tricks_won = (0,) * n
        self.trick_rules = None
        self.outcome = None
        self.phase = "bid1"
        self.to_move = (dealer + 1) % n
        if self.up_card.is_joker:
            if rules.joker_upcard == "dealer_names_blind":
                self.phase = "name_blind"
                self.to_move = dealer
            elif rules.joker_upcard == "redeal":
                self.phase = "done"
                self.to_move = None
                self.outcome = "redeal"
            else:
                self.proposed = Suit.parse(rules.joker_upcard_suit)
        else:
            self.proposed = self.up_card.suit

    @classmethod
    def from_setup(cls, setup: Mapping, rules) -> "State":
        rules = resolve(rules)
        if "position" in setup:
            spec = checks.setup_field(setup, "position", checks.check_spec, "the position",
                                      allowed=position)
            return position(rules=rules, **spec)
        n = rules.players
        deck = checks.setup_field(setup, "deck", _read_full_deck, rules)
        dealer = checks.setup_field(setup, "dealer", checks.check_dealer, n, _seat_names(n))
        scores = checks.setup_field(setup, "scores", _check_scores, n, optional=True)
        return cls(rules, deck, dealer, scores=scores)

    # -- seats -----------------------------------------------------------------------
    @property
    def partnership(self) -> bool:
        return self.players == 4

    def side_of(self, seat: int):
        """The scoring unit of a seat: ``"NS"``/``"EW"`` with four players, else the seat."""
        return SIDES[seat % 2] if self.players == 4 else seat

    def partner(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.players == 4 else None

    @property
    def sitting_out(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if s not in self.active_seats)

    @property
    def makers(self) -> tuple[int, ...]:
        """Seats of the makers' side (the maker alone in the two- and three-handed games)."""
        if self.maker is None:
            return ()
        if self.players == 4:
            return tuple(sorted((self.maker, (self.maker + 2) % 4)))
        return (self.maker,)

    @property
    def defenders(self) -> tuple[int, ...]:
        if self.maker is None:
            return ()
        return tuple(s for s in range(self.players) if s not in self.makers)

    def game_pack(self) -> tuple[Card, ...]:
        return game_deck(self.rules)

    def parse_action(self, action: "str | Action") -> Action:
        if isinstance(action, str) and action.strip().lower().replace(" ", "_").startswith("take_up"):
            raise IllegalAction("taking the up-card is done by discarding: say which of the six "
                                "cards goes, e.g. 'discard 9S' (or 'leave' to leave the up-card)")
        return super().parse_action(action)

    # -- legal actions -----------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        seat = self.to_move
        if seat is None:
            return []
        phase = self.phase
        if phase == "bid1":
            return [Action("pass"), Action("accept" if seat == self.dealer else "order_up")]
        if phase == "exchange":
            acts = [] if self.must_take else [Action("leave")]
            six = sorted(self.hands[seat] + (self.up_card,), key=_BY_INDEX)
            return acts + [Action("discard", (c,)) for c in six]
        if phase == "bid2":
            acts = []
            if not (self.rules.stick_the_dealer and seat == self.dealer):
                acts.append(Action("pass"))
            return acts + [Action("name", (), s.value) for s in SUITS
                           if self.rules.allow_turned_down_suit or s is not self.turned_down]
        if phase == "name_blind":
            return [Action("name", (), s.value) for s in SUITS]
        if phase == "alone":
            return [Action("go_alone"), Action("decline")]
        if phase == "call_for_best":
            verb, _, _ = self.cfb_steps[0]
            return [Action(verb, (c,)) for c in sorted(self._cfb_cards(), key=_BY_INDEX)]
        if phase == "play":
            legal = self.trick_rules.legal_cards(self.hands[seat], [c for _, c in self.trick])
            return [Action("play", (c,)) for c in sorted(legal, key=_BY_INDEX)]
        return []

    def _cfb_cards(self) -> tuple[Card, ...]:
        verb, seat, other = self.cfb_steps[0]
        cards = self.hands[seat]
        if verb == "pass_card" and self._dealer_may_pass_up_card(seat):
            cards = cards + (self.up_card,)
        return cards

    def _dealer_may_pass_up_card(self, seat: int) -> bool:
        return (seat == self.dealer and self.turned_down is None and self.up_card in self.kitty
                and self.exchange in ("left", "skipped"))

    # -- performing actions --------------------------------------------------------------
    def _push(self, action: Action) -> None:
        seat = self.to_move
        verb = action.verb
        phase = self.phase
        n = self.players
        if phase == "bid1":
            if verb == "pass":
                if seat == self.dealer:
                    self.turned_down = self.proposed
                    self.phase = "bid2"
                self.to_move = (seat + 1) % n
                return
            self.trump = self.proposed
            self.maker = seat
            if verb == "accept":
                self.must_take = True
                self._to_exchange()
            elif (n == 4 and self.rules.dealer_partner_order_must_go_alone
                  and seat == (self.dealer + 2) % 4):
                self.alone = (seat,)
                self.forced_alone = True
                self.exchange = "skipped"
                self.active_seats = tuple(s for s in range(4) if s != self.dealer)
                self._start_alone()
            else:
                self.must_take = not self.rules.dealer_pickup_optional
                self._to_exchange()
            return
        if phase == "exchange":
            if verb == "leave":
                self.exchange = "left"
            else:
                card = action.card
                hand = self.hands[seat] + (self.up_card,)
                self._set_hand(seat, tuple(c for c in hand if c != card))
                self.discards = self.discards + ((seat, card),)
                self.kitty = tuple(c for c in self.kitty if c != self.up_card)
                self.exchange = "taken"
            self.must_take = False
            self._start_alone()
            return
        if phase == "bid2":
            if verb == "pass":
                if seat == self.dealer:
                    self.phase = "done"
                    self.to_move = None
                    self.outcome = "thrown in"
                else:
                    self.to_move = (seat + 1) % n
                return
            self.trump = action.suit
            self.maker = seat
            self._start_alone()
            return
        if phase == "name_blind":
            self.trump = action.suit
            self.maker = seat
            self.must_take = True
            self._to_exchange()
            return
        if phase == "alone":
            going = verb == "go_alone"
            self.alone_answers = self.alone_answers + ((seat, going),)
            if going:
                self.alone = self.alone + (seat,)
                self.active_seats = tuple(s for s in self.active_seats if s != (seat + 2) % 4)
            self._ask_next_alone()
            return
        if phase == "call_for_best":
            _, _, other = self.cfb_steps[0]
            card = action.card
            if verb == "discard":
                self._set_hand(seat, tuple(c for c in self.hands[seat] if c != card))
                self.discards = self.discards + ((seat, card),)
            else:
                if card in self.hands[seat]:
                    self._set_hand(seat, tuple(c for c in self.hands[seat] if c != card))
                else:  # the up-card from the kitty
                    self.kitty = tuple(c for c in self.kitty if c != card)
                self._set_hand(other, self.hands[other] + (card,))
                self.passed_cards = self.passed_cards + ((seat, other, card),)
            self.cfb_steps = self.cfb_steps[1:]
            if self.cfb_steps:
                self.to_move = self.cfb_steps[0][1]
            else:
                self._start_play()
            return
        if phase == "play":
            won = self._play_card_to_trick(seat, action.card)
            if won is None:
                return
            counts = list(self.tricks_won)
            counts[won] += 1
            self.tricks_won = tuple(counts)
            if sum(counts) == 5:
                self.phase = "done"
                self.to_move = None
                self.outcome = "played"
            return
        raise IllegalAction(f"no action is possible in phase {phase}")  # pragma: no cover

    def _set_hand(self, seat: int, cards: tuple[Card, ...]) -> None:
        hands = list(self.hands)
        hands[seat] = cards
        self.hands = tuple(hands)

    def _to_exchange(self) -> None:
        self.phase = "exchange"
        self.to_move = self.dealer

    # going alone (section 6.3)
    def _start_alone(self) -> None:
        if self.players != 4:
            self._start_play()
            return
        self.phase = "alone"
        self._ask_next_alone()

    def _ask_next_alone(self) -> None:
        seat = self._next_alone_askee()
        if seat is None:
            self._after_alone()
        else:
            self.to_move = seat

    def _next_alone_askee(self) -> int | None:
        asked = {s for s, _ in self.alone_answers}
        maker = self.maker
        partner = (maker + 2) % 4
        if not self.forced_alone:
            if maker not in asked:
                return maker
            if (maker not in self.alone and self.rules.maker_partner_may_go_alone
                    and partner not in asked):
                return partner
        first, second = (maker + 1) % 4, (maker + 3) % 4
        if first in self.alone or second in self.alone:
            return None
        mode = self.rules.defender_alone
        makers_alone = any(s in self.alone for s in (maker, partner))
        if mode == "never" or (mode == "vs_lone_maker" and not makers_alone):
            return None
        for seat in (first, second):
            if seat not in asked:
                return seat
        return None

    def _after_alone(self) -> None:
        steps = []
        if self.rules.call_for_best and self.alone:
            lone = sorted(self.alone, key=lambda s: s not in self.makers)
            for seat in lone:
                mate = (seat + 2) % 4
                if self.rules.call_for_best_order == "discard_first":
                    steps += [("discard", seat, mate), ("pass_card", mate, seat)]
                else:
                    steps += [("pass_card", mate, seat), ("discard", seat, mate)]
        if steps:
            self.phase = "call_for_best"
            self.cfb_steps = tuple(steps)
            self.to_move = steps[0][1]
        else:
            self._start_play()

    def _start_play(self) -> None:
        self.phase = "play"
        self.trick_rules = trick_rules_for(self.trump, self.rules)
        self.leader = self._first_leader()
        self.to_move = self.leader

    def _first_leader(self) -> int:
        n = self.players
        left = (self.dealer + 1) % n
        if n == 2:
            return left
        if n == 3 or not self.alone:
            return left
        if self.rules.lone_lead == "left_of_dealer_skip_inactive":
            return left if left in self.active_seats else self.next_active(left)
        if len(self.alone) == 1:
            return self.next_active(self.alone[0])
        return next(s for s in self.alone if s not in self.makers)

    # -- results -----------------------------------------------------------------------
    def result(self) -> base.HandResult:
        if self.phase != "done":
            raise IllegalAction(f"the hand is not over yet ({PHASE_WORDS[self.phase]})")
        n = self.players
        sides = {s: self.side_of(s) for s in range(n)}
        units = SIDES if n == 4 else tuple(range(n))
        points = {u: 0 for u in units}
        if self.outcome == "thrown in":
            return base.HandResult(points, sides, ("thrown in: everybody passed twice, no score",),
                                   {"outcome": "thrown in"})
        if self.outcome == "redeal":
            return base.HandResult(points, sides,
                                   ("redeal: the Joker was turned up, the same dealer deals again",),
                                   {"outcome": "redeal"})
        makers_tricks = sum(self.tricks_won[s] for s in self.makers)
        details: dict[str, Any] = {
            "outcome": "played", "maker": self.maker, "trump": self.trump.value,
            "makers_tricks": makers_tricks, "alone": list(self.alone),
            "march": makers_tricks == 5, "euchred": makers_tricks < 3,
        }
        if n == 4:
            makers_side = self.side_of(self.maker)
            defenders_side = SIDES[1 - SIDES.index(makers_side)]
            maker_alone = any(s in self.makers for s in self.alone)
            defender_alone = any(s not in self.makers for s in self.alone)
            who, pts, row = score_hand(makers_tricks, maker_alone, defender_alone, self.rules)
            unit = makers_side if who == "makers" else defenders_side
            points[unit] = pts
            details.update(row=row, makers=makers_side, scoring=unit,
                           tricks={makers_side: makers_tricks, defenders_side: 5 - makers_tricks})
            reasons = (self._reason4(makers_side, makers_tricks, maker_alone, defender_alone,
                                     unit, pts, row),)
            return base.HandResult(points, sides, reasons, details)
        name = self.seat_name(self.maker)
        if makers_tricks >= 3:
            if makers_tricks == 5:
                pts = self.rules.points_march if n == 2 else self.rules.three_handed_march_points
                why = f"{name} made trump and won all five tricks (a march): +{pts}"
            else:
                pts = self.rules.points_make
                why = f"{name} made trump and won {makers_tricks} tricks: +{pts}"
            points[self.maker] = pts
            return base.HandResult(points, sides, (why,), details)
        pts = self.rules.points_euchre if n == 2 else self.rules.three_handed_euchre_points
        others = [s for s in range(n) if s != self.maker]
        for s in others:
            points[s] = pts
        who = " and ".join(self.seat_name(s) for s in others)
        each = " each" if len(others) > 1 else ""
        why = (f"{name} made trump but won only {makers_tricks} trick"
               f"{'' if makers_tricks == 1 else 's'} (euchred): {who} +{pts}{each}")
        return base.HandResult(points, sides, (why,), details)

    def _reason4(self, makers, m, maker_alone, defender_alone, unit, pts, row) -> str:
        d = 5 - m
        who = []
        if maker_alone:
            who.append("a maker alone")
        if defender_alone:
            who.append("a defender alone")
        setting = f" ({', '.join(who)})" if who else ""
        if unit == makers:
            what = "all five tricks (a march)" if m == 5 else f"{m} tricks"
            return f"{makers} made trump and won {what}{setting}: {makers} +{pts} (row {row})"
        return (f"{makers} made trump but won only {m} trick{'' if m == 1 else 's'}, "
                f"{unit} won {d} (euchred){setting}: {unit} +{pts} (row {row})")

    # -- views ---------------------------------------------------------------------------
    def _view_hand(self, seat: int) -> tuple[Card, ...]:
        if self.phase == "name_blind" and seat == self.dealer:
            return ()
        return tuple(sorted(self.hands[seat], key=_BY_INDEX))

    def _view_public(self) -> dict:
        n = self.players
        up_status = None
        if self.up_card is not None:
            if self.exchange == "taken":
                up_status = "taken"
            elif self.exchange in ("left", "skipped"):
                up_status = "left"
            elif self.turned_down is not None:
                up_status = "turned down"
            else:
                up_status = "face up"
        public = {
            "trick": [[s, str(c)] for s, c in self.trick],
            "tricks": [[lead, [[s, str(c)] for s, c in plays], won]
                       for lead, plays, won in self.tricks],
            "hand_sizes": {s: len(self.hands[s]) for s in range(n)},
            "tricks_won": {s: self.tricks_won[s] for s in range(n)},
            "trump": self.trump.value if self.trump else None,
            "scores": dict(self.scores) if self.scores else None,
            "up_card": str(self.up_card) if self.up_card is not None else None,
            "up_card_status": up_status,
            "proposed": self.proposed.value if self.proposed else None,
            "turned_down": self.turned_down.value if self.turned_down else None,
            "maker": self.maker,
            "alone": list(self.alone),
            "sitting_out": list(self.sitting_out),
            "active_seats": list(self.active_seats),
            "leader": self.leader,
            "exchange": self.exchange,
            "call_for_best": [[giver, taker] for giver, taker, _ in self.passed_cards],
            "outcome": self.outcome,
        }
        if n == 4:
            public["tricks_by_side"] = {side: sum(self.tricks_won[s] for s in range(4)
                                                  if self.side_of(s) == side) for side in SIDES}
        return public

    def _view_private(self, seat: int) -> dict:
        private: dict[str, Any] = {}
        mine = [str(c) for s, c in self.discards if s == seat]
        if mine:
            private["discards"] = mine
        given = [[taker, str(c)] for giver, taker, c in self.passed_cards if giver == seat]
        if given:
            private["passed"] = given
        got = [[giver, str(c)] for giver, taker, c in self.passed_cards if taker == seat]
        if got:
            private["received"] = got
        return private

    def _public_action(self, actor: int, action: Action, viewer: int) -> str:
        if action.verb == "discard" and viewer != actor:
            return "discard"
        if action.verb == "pass_card" and viewer != actor:
            receiver = (actor + 2) % 4
            if viewer != receiver:
                return "pass_card"
        return str(action)

    # -- messages --------------------------------------------------------------------------
    def explain_illegal(self, action: Action, legal: Sequence[Action],
                        said: str | None = None) -> str:
        seat = self.to_move
        who = self.seat_name(seat)
        verb = action.verb
        phase = self.phase
        verbs = {a.verb for a in legal}
        if verb == "play" and phase == "play":
            if action.card not in self.hands[seat]:
                return f"{who} cannot play the {action.card.name}: {who} does not hold it"
            why = self.trick_rules.why_illegal(action.card, self.hands[seat],
                                               [c for _, c in self.trick])
            if why:
                return f"{who} cannot play the {action.card.name}: {why}"
        if verb == "order_up" and phase == "bid1" and seat == self.dealer:
            return f"{who} is the dealer: the dealer says 'accept' (not 'order_up') to take the up-card's suit"
        if verb == "accept" and phase == "bid1":
            return f"only the dealer accepts; {who} may say 'order_up' or 'pass'"
        if verb == "leave" and phase == "exchange":
            last = self.actions[-1][1].verb if self.actions else ""
            why = {"accept": "he accepted the up-card himself",
                   "name": "he named trump on a Joker up-card and must take the Joker"}.get(
                last, "taking it is compulsory when dealer_pickup_optional is off")
            return f"the dealer may not leave the up-card here ({why}): discard one of his six cards"
        if verb == "discard" and phase == "exchange":
            return (f"the dealer can discard only one of his six cards (his five and the up-card "
                    f"{self.up_card}); he does not hold the {action.card.name}")
        if verb == "name" and phase == "bid2":
            if action.suit is self.turned_down and not self.rules.allow_turned_down_suit:
                return (f"{self.turned_down.noun} were turned down in round 1, so they cannot be "
                        f"named as trump in round 2")
        if verb == "name" and phase == "bid1":
            return (f"in round 1 only the up-card's suit ({self.proposed.noun}) can become trump: "
                    f"{'accept' if seat == self.dealer else 'order_up'} or pass; suits are named in round 2")
        if verb == "pass" and phase == "bid2" and "pass" not in verbs:
            return ("stick the dealer: everybody else passed twice, so the dealer must name a "
                    "trump suit")
        if verb == "pass" and phase == "name_blind":
            return "the Joker was turned up: the dealer must name trump (before looking at his cards)"
        if verb in ("discard", "pass_card") and phase == "call_for_best":
            step, actor, other = self.cfb_steps[0]
            if verb != step:
                want = "discard one card" if step == "discard" else \
                    f"choose a card to pass to {self.seat_name(other)}"
                return f"calling for best: {who} must now {want}"
            return f"{who} does not hold the {action.card.name}"
        if verb not in verbs:
            shown = ", ".join(sorted({a.verb.replace('_', ' ') for a in legal}))
            return (f"{said or quote(str(action))} is not possible during "
                    f"{PHASE_WORDS.get(phase, phase)} "
                    f"({who} to act); possible now: {shown}")
        return super().explain_illegal(action, legal, said)

    # -- display ---------------------------------------------------------------------------
    def _html_extras(self) -> list[str]:
        def card(c):
            try:
                from .. import render
                return render.card_html(c)
            except Exception:  # rendering is optional here
                return html.escape(c.symbol)

        rows = []
        if self.trump is not None:
            rows.append(("Trump", html.escape(f"{self.trump.symbol} {self.trump.noun}")))
        if self.up_card is not None:
            status = self._view_public()["up_card_status"]
            rows.append(("Up-card", f"{card(self.up_card)} ({html.escape(str(status))})"))
        if self.maker is not None:
            rows.append(("Maker", html.escape(self.seat_name(self.maker))))
        if self.alone:
            rows.append(("Alone", html.escape(", ".join(self.seat_name(s) for s in self.alone))))
        if self.players == 4:
            by_side = self._view_public()["tricks_by_side"]
            rows.append(("Tricks", f"NS {by_side['NS']} – EW {by_side['EW']}"))
        else:
            rows.append(("Tricks", html.escape(", ".join(
                f"{self.seat_name(s)} {self.tricks_won[s]}" for s in range(self.players)))))
        if self.scores:
            rows.append(("Score", html.escape(", ".join(
                f"{self._unit_name(k)} {v}" for k, v in self.scores))))
        if self.phase == "done":
            rows.append(("Result", html.escape(str(self.result()))))
        body = "".join(f"<tr><th style='text-align:left;padding-right:1em'>{k}</th><td>{v}</td></tr>"
                       for k, v in rows)
        return [f"<table class='euchre-info'>{body}</table>"]

    def _unit_name(self, unit) -> str:
        return unit if isinstance(unit, str) and unit in SIDES else self.seat_name(int(unit))

    def __str__(self) -> str:
        n = self.players
        lines = [f"Euchre, {n} players, dealer {self.seat_name(self.dealer)}, "
                 f"phase {self.phase} ({PHASE_WORDS[self.phase]})"]
        info = []
        if self.up_card is not None:
            up = f"up-card {self.up_card}"
            if self.turned_down is not None:
                up += " (turned down)"
            elif self.exchange:
                up += f" ({self.exchange})"
            info.append(up)
        if self.trump is not None:
            info.append(f"trump {self.trump.value}")
        if self.maker is not None:
            info.append(f"maker {self.seat_name(self.maker)}")
        if self.alone:
            info.append("alone " + ", ".join(self.seat_name(s) for s in self.alone))
        if info:
            lines.append("; ".join(info))
        for s in range(n):
            mark = " (sits out)" if s not in self.active_seats else ""
            cards = " ".join(str(c) for c in self.hands[s]) or "-"
            lines.append(f"  {self.seat_name(s):<6} {cards}{mark}  tricks {self.tricks_won[s]}")
        if self.trick:
            lines.append("Trick: " + " ".join(f"{self.seat_name(s)}:{c}" for s, c in self.trick))
        if self.scores:
            lines.append("Score: " + ", ".join(f"{self._unit_name(k)} {v}" for k, v in self.scores))
        if self.to_move is not None:
            lines.append(f"{self.seat_name(self.to_move)} to act")
        else:
            lines.append("Result: " + str(self.result()))
        return "\n".join(lines)


def _freeze_scores(scores) -> tuple:
    if not scores:
        return ()
    out = []
    for k, v in dict(scores).items():
        key = k if k in SIDES else int(k)
        out.append((key, int(v)))
    return tuple(out)


# --------------------------------------------------------------------------- entry points
def new_hand(seed=None, deck=None, dealer=None, rules=None, players=None, scores=None,
             **options) -> State:
    """Deal a hand: from the exact ``deck`` order (top first) or shuffled from ``seed``.

    ``dealer`` defaults to a seat drawn from the seed. ``scores`` (optional, {unit: points}) is
    shown in views and pictures; it does not change the hand.
    """
    rules = _deal_rules(seed, rules, players, options)
    rng = random.Random(seed)
    n = rules.players
    if dealer is None:
        dealer = rng.randrange(n)
    dealer = checks.check_dealer(dealer, n, _seat_names(n))
    if deck is None:
        cards = list(game_deck(rules))
        rng.shuffle(cards)
    else:
        cards = _read_deck(deck, rules)
    return State(rules, cards, dealer, scores=_check_scores(scores, n))


def _deal_rules(seed, rules, players, options) -> Rules:
    """The checks every dealing entry point makes first: the seed, the players, the rules."""
    checks.check_seed(seed)
    if players is not None:
        options["players"] = checks.check_players(players, Rules.CHOICES["players"], "Euchre")
    return resolve(rules, **options)


def _check_lone_players(lone: tuple[int, ...], maker: int, rules: Rules) -> None:
    """17.1: the sides must be a configuration the rules in force allow (section 8's going-alone
    questions: who may be asked, and when a defender may answer)."""
    defenders = [s for s in lone if s % 2 != maker % 2]
    makers_lone = [s for s in lone if s % 2 == maker % 2]
    if makers_lone and makers_lone[0] != maker and not rules.maker_partner_may_go_alone:
        raise PositionError(f"alone: the maker's partner cannot go alone under these rules "
                            f"(maker_partner_may_go_alone is off)")
    if defenders and rules.defender_alone == "never":
        raise PositionError("alone: a defender cannot go alone under these rules "
                            "(defender_alone = never)")
    if defenders and rules.defender_alone == "vs_lone_maker" and not makers_lone:
        raise PositionError("alone: a defender may go alone only against a lone maker under "
                            "these rules (defender_alone = vs_lone_maker)")


def _first_leader_of(n: int, dealer: int, lone: tuple, active: tuple, maker: int,
                     rules: Rules) -> int:
    """Who leads the first trick (section 9.1): the dealer's left, or under going alone the
    lone player's left (or the lone defender), as ``lone_lead`` says."""
    left = (dealer + 1) % n
    if n != 4 or not lone:
        return left
    def next_active(seat):
        return next(s for s in ((seat + k) % n for k in range(1, n + 1)) if s in active)
    if rules.lone_lead == "left_of_dealer_skip_inactive":
        return left if left in active else next_active(left)
    if len(lone) == 1:
        return next_active(lone[0])
    return next(s for s in lone if s % 2 != maker % 2)


def position(hands: Mapping[int, Any], trump, leader: int, trick: Sequence = (), alone=None,
             maker: int | None = None, rules=None, dealer: int | None = None,
             tricks_won: Mapping | None = None, players: int | None = None, **options) -> State:
    """A play-phase state built directly (puzzles, solver); section 17.1's checks apply and a
    position no real hand could reach is refused with a :class:`PositionError` naming the field.

    ``hands`` maps seats to their current cards (inactive seats may be left out); ``trick`` lists
    the cards already played to the current trick, starting with ``leader``'s; ``alone`` is a
    seat or seats going alone; ``tricks_won`` maps seats (or ``"NS"``/``"EW"``) to tricks
    already won this hand.
    """
    if players is not None:
        options["players"] = players
    rules = resolve(rules, **options)
    n = rules.players
    names = State.SEAT_NAMES[n]
    name = names.__getitem__
    try:
        trump_suit = Suit.parse(trump)
    except CardError as err:
        raise PositionError(f"trump: {err}") from None
    leader = positions.seat(leader, n, "leader", name)
    if alone is None:
        lone: tuple[int, ...] = ()
    elif isinstance(alone, (list, tuple)):
        lone = tuple(positions.seat(s, n, "lone player (alone)", name) for s in alone)
    else:
        lone = (positions.seat(alone, n, "lone player (alone)", name),)
    if lone and n != 4:
        raise PositionError("alone: going alone exists only in the four-handed game")
    if len(set(s % 2 for s in lone)) != len(lone):
        raise PositionError("alone: at most one player of each partnership can go alone")
    active = tuple(s for s in range(n) if (s + 2) % 4 not in lone) if n == 4 else tuple(range(n))
    if leader not in active:
        raise PositionError(f"leader: {names[leader]} sits out (his partner is alone)")
    if maker is None:
        maker = lone[0] if lone else (leader - 1) % n
    maker = positions.seat(maker, n, "maker", name)
    if lone and n == 4:
        makers_lone = [s for s in lone if s % 2 == maker % 2]
        if len(lone) == 2 and not makers_lone:
            raise PositionError("maker: with two lone players one of them must be on the makers' "
                                "side")
        _check_lone_players(lone, maker, rules)
    dealer_given = dealer is not None
    if dealer is None:
        dealer = (leader - 1) % n
    dealer = positions.seat(dealer, n, "dealer", name)
    held = positions.hands(hands, n, name)
    for seat in held:
        if seat not in active and held[seat]:
            raise PositionError(f"hands: {names[seat]} sits out (his partner is alone): leave "
                                f"his cards out, they are out of play")
    played = positions.cards(trick if trick is not None else (), "trick")
    pack_words = (f"this deck ({'24' if rules.deck_ranks == '9_to_ace' else '32'} cards"
                  + (", with the Joker)" if rules.joker else "; the Joker only with option joker)"))
    positions.conserved([(f"the hand of {names[s]}", cs) for s, cs in sorted(held.items())]
                        + [("the trick", played)], game_deck(rules), pack_words)
    won = [0] * n
    side_keys = {side: next(s for s in active if SIDES[s % 2] == side)
                 for side in SIDES} if n == 4 else {}
    for seat, count in positions.counts(tricks_won, n, "tricks_won", name, high=5,
                                        keys=side_keys).items():
        if seat not in active and count:
            raise PositionError(f"tricks_won: {names[seat]} sits out and cannot have won tricks")
        won[seat] += count
    done = sum(won)
    if done > 4:
        raise PositionError(f"tricks_won: {done} tricks already won leaves no trick to play "
                            f"(a hand has 5)")
    if len(played) >= len(active):
        raise PositionError(f"trick: {len(played)} cards make a complete trick; give the cards "
                            f"of the trick in progress only")
    if tricks_won is None:
        pass        # who won the tricks already played is not said: any leader may follow them
    elif done == 0:
        first = _first_leader_of(n, dealer, lone, active, maker, rules)
        if leader != first:
            raise PositionError(f"leader: {names[first]} leads the first trick (dealer "
                                f"{names[dealer]}{', ' + names[lone[0]] + ' alone' if lone else ''})"
                                f", not {names[leader]}")
    else:
        side_won = sum(won[s] for s in range(n) if (s % 2 == leader % 2 if n == 4 else s == leader))
        if not side_won:
            who = f"{names[leader]}'s side" if n == 4 else names[leader]
            raise PositionError(f"leader: {who} has won no trick, so {names[leader]} cannot lead "
                                f"(the winner of a trick leads the next)")
    order = [leader]
    while len(order) < len(active):
        order.append(next(s for s in ((order[-1] + k) % n for k in range(1, n + 1)) if s in active))
    for i, seat in enumerate(order):
        if seat not in held:
            raise PositionError(f"hands: the hand of {names[seat]} is missing")
        want = 5 - done - (1 if i < len(played) else 0)
        if len(held[seat]) != want:
            raise PositionError(
                f"hands: {names[seat]} holds {len(held[seat])} cards but should "
                f"hold {want} ({done} tricks played{', and he has played to this trick' if i < len(played) else ''})")
    rules_t = trick_rules_for(trump_suit, rules)
    for i, card in enumerate(played[1:], start=1):
        seat = order[i]
        led = rules_t.suit_of(played[0])
        if rules_t.suit_of(card) is not led and rules_t.cards_of_suit(held[seat], led):
            raise PositionError(f"trick: {names[seat]} played the {card.name} but "
                                f"holds cards of the led suit: that is not a legal trick")
    state = object.__new__(State)
    setup = {"position": {
        "hands": {str(s): [str(c) for c in cs] for s, cs in sorted(held.items())},
        "trump": trump_suit.value, "leader": leader, "trick": [str(c) for c in played],
        "alone": list(lone), "maker": maker, "dealer": dealer,
        "tricks_won": {str(s): w for s, w in enumerate(won) if w},
    }}
    state._init_base(rules, n, dealer, setup)
    state.deck = ()
    state.scores = ()
    state.hands = tuple(held.get(s, ()) for s in range(n))
    state.kitty = ()
    state.up_card = None
    state.proposed = None
    state.turned_down = None
    state.trump = trump_suit
    state.maker = maker
    state.exchange = None
    state.must_take = False
    state.alone = lone
    state.forced_alone = False
    state.alone_answers = ()
    state.cfb_steps = ()
    state.discards = ()
    state.passed_cards = ()
    state.active_seats = active
    state.leader = leader
    state.trick = tuple(zip(order, played))
    state.tricks = ()
    state.tricks_won = tuple(won)
    state.trick_rules = rules_t
    state.outcome = None
    state.phase = "play"
    state.to_move = order[len(played)]
    if tricks_won is not None:      # who won the earlier tricks is said: they can be replayed
        unit = (lambda s: s % 2) if n == 4 else (lambda s: s)
        wins: dict = {}
        for s, w in enumerate(won):
            wins[unit(s)] = wins.get(unit(s), 0) + w
        first = history.require(history.facts_of(
            state, game_deck(rules), done,
            _first_leader_of(n, dealer, lone, active, maker, rules) if dealer_given else
            frozenset(_first_leader_of(n, d, lone, active, maker, rules) for d in range(n)),
            unit=unit, wins=wins, prefer=_first_leader_of(n, dealer, lone, active, maker, rules)), name, "the tricks won as stated")
        if not dealer_given and first is not None:     # a dealer left out is one that fits
            state.dealer = next(d for d in range(n) if first == _first_leader_of(
                n, d, lone, active, maker, rules))
            setup["position"]["dealer"] = state.dealer
    return state


# --------------------------------------------------------------------------- the match
@dataclass(frozen=True)
class GameResult:
    """How a finished game counts in a series (section 12.5, item 6)."""

    winner: Any
    scores: Mapping[Any, int]
    weight: int
    slam: bool
    next_scores: Mapping[Any, int]

    def __str__(self) -> str:
        extra = " (a slam: it counts twice)" if self.weight == 2 else ""
        return f"{self.winner} wins {self.scores}{extra}; next game starts at {dict(self.next_scores)}"


class EuchreMatch(base.Match):
    """One game of Euchre, hands dealt in turn until a side (or player) wins.

    The deal passes left after every hand, thrown-in hands included; after a Joker redeal the
    same dealer deals again. ``start_scores`` starts the game from given scores (a following
    game of a railroad series, see ``game_result().next_scores``).
    """

    def __init__(self, rules: Rules, seed=None, dealer=None, start_scores=None, deck=None,
                 **options):
        self._start = dict(start_scores or {})
        self._next_deck = deck
        super().__init__(_module(), rules, seed=seed, players=rules.players, dealer=dealer,
                         **options)

    def _players(self) -> int:
        return self.rules.players

    def _units(self) -> tuple:
        return SIDES if self.rules.players == 4 else tuple(range(self.rules.players))

    def _initial_scores(self) -> dict:
        scores = {u: 0 for u in self._units()}
        for key, value in self._start.items():
            unit = key if key in SIDES else int(key)
            if unit not in scores:
                raise RulesError(f"start_scores: {key!r} is not a side of this game; "
                                 f"use {', '.join(map(str, scores))}")
            scores[unit] = int(value)
        return scores

    def _deal(self, dealer: int) -> State:
        seed = self.rng.randrange(2 ** 32)
        deck, self._next_deck = self._next_deck, None
        return new_hand(seed=None if deck is not None else seed, deck=deck, dealer=dealer,
                        rules=self.rules, scores=dict(self._scores), **self.options)

    def next_hand(self, deck=None) -> State:
        """Deal the next hand (from the exact ``deck`` order when given, e.g. from ``deck_for``)."""
        if deck is not None:
            _full_deck(_read_deck(deck, self.rules), self.rules)  # refused before anything moves
        self._next_deck = deck
        try:
            return super().next_hand()
        finally:
            self._next_deck = None

    def _next_dealer(self, finished: State) -> int:
        if finished.outcome == "redeal":
            return finished.dealer
        return (finished.dealer + 1) % finished.players

    def _leaders(self) -> list:
        scores = self._scores
        top = max(scores.values())
        return [u for u, v in scores.items() if v == top]

    def _game_over(self) -> bool:
        scores = self._scores
        if max(scores.values()) < self.rules.target_score:
            return False
        return len(self._leaders()) == 1

    @property
    def winner(self):
        """The winning side ("NS"/"EW") or seat; None while the game goes on."""
        if not self.is_over:
            return None
        return self._leaders()[0]

    def game_result(self) -> GameResult | None:
        """The finished game's weight and the next game's starting scores (None while playing)."""
        if not self.is_over:
            return None
        win = self.winner
        scores = dict(self._scores)
        slam = all(v == 0 for u, v in scores.items() if u != win)
        weight = 2 if self.rules.slams and slam else 1
        nxt = {u: 0 for u in scores}
        if self.rules.laps:
            nxt[win] = scores[win] - self.rules.target_score
        return GameResult(win, MappingProxyType(scores), weight, slam, MappingProxyType(nxt))


def _module():
    import sys
    return sys.modules[__name__]


def new_match(seed=None, rules=None, players=None, dealer=None, start_scores=None, deck=None,
              **options) -> EuchreMatch:
    """One game to ``target_score``; see :class:`EuchreMatch`. ``deck`` deals the first hand
    from an exact order (the rest are shuffled from ``seed``)."""
    rules = _deal_rules(seed, rules, players, options)
    n = rules.players
    if dealer is not None:
        checks.check_dealer(dealer, n, _seat_names(n))
    if deck is not None:
        _read_deck(deck, rules)
    return EuchreMatch(rules, seed=seed, dealer=dealer,
                       start_scores=_check_scores(start_scores, n, "start_scores"), deck=deck)


# --------------------------------------------------------------------------- decision topics
DECISION_TOPICS = ("bidding", "discard", "going alone", "calling for best", "play")
"""The kinds of decision a Euchre player faces, as a course teaches them one by one:

* ``"bidding"``: round 1 (order up, or the dealer's pick it up, or pass), round 2 (name a suit
  or pass) and the dealer's blind call of trump on a Joker up-card;
* ``"discard"``: the dealer's exchange after the up-card is taken (discard a card, or leave
  the up-card where the rules allow);
* ``"going alone"``: the going-alone questions (go alone or play with partner, makers and
  defenders);
* ``"calling for best"``: passing or discarding a card when calling for best (railroad);
* ``"play"``: a card to a trick.
"""

_PHASE_TOPICS = {"bid1": "bidding", "bid2": "bidding", "name_blind": "bidding",
                 "exchange": "discard", "alone": "going alone",
                 "call_for_best": "calling for best", "play": "play"}


def decision_topic(state: State) -> str | None:
    """The topic (one of :data:`DECISION_TOPICS`) of the decision the player to move faces;
    None when the hand is over."""
    if state.to_move is None:
        return None
    return _PHASE_TOPICS[state.phase]
