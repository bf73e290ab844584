"""Raub: 2 to 4 players, one declarer per hand who needs two tricks (one after a Stih), defenders
who need one or drop out, and everyone counting down from 21. Authority: ``shared/rules/raub.md``.

Seats ``0 .. n-1`` are in playing (clockwise) order; elder is the dealer's left neighbour.

Phases: ``predeal`` (deal / pass the deal / Muss), ``blind`` (Raub, Stih or look), ``bid1``,
``dealer_choice`` (declare / pass / turn), ``bid2``, ``seven`` (trump-seven exchange),
``defend`` (play or drop), ``draw``, ``play`` and ``done``.

Actions (canonical strings): ``deal``, ``pass_deal``, ``muss``, ``raub``, ``stih``, ``look``,
``declare``, ``pass``, ``turn``, ``exchange_seven``, ``decline``, ``play`` (stay in as a defender),
``drop`` (the "Idem" call), ``take 8D`` (choose a face-up card, ``any_face_up`` only),
``exchange TD 8S`` (discard those cards and draw, ``exchange`` alone keeps the hand),
``play JH`` (a card to the trick), and in table mode ``misdeal 3`` / ``misdeal_deliberate 3``
(the offender's seat).
"""

from __future__ import annotations

import html
import itertools
import random
import sys
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar, Iterable, Mapping, Sequence

from ..cards import Card, Rank, Suit, deck as _deck, format_cards, parse_card, parse_cards
from ..errors import CardError, IllegalAction, PositionError, PuzzleError, RulesError, TutorError
from . import base, checks, positions
from .checks import check_whole_number, quote
from .actions import Action
from . import history
from .tricks import TrickRules

__all__ = ["Rules", "PRESETS", "resolve", "State", "RaubMatch", "new_hand", "position",
           "new_match", "deck_for", "PACK", "settlement"]

PACK = _deck("32")
HAND_SIZE = 4
TRICKS_PER_HAND = 4
DEFENDER_PENALTY = 2
DECLARER_PENALTY = 4
MISDEAL_PENALTY = 4

KINDS = ("ordinary", "raub", "stih", "muss")
KIND_WORDS = {"ordinary": "declaration", "raub": "blind Raub", "stih": "Stih", "muss": "Muss"}


def muss_allowed(rules, scores) -> bool:
    """Muss may be called: it is in the rules and some score is below the threshold (11.1)."""
    return rules.muss_enabled and min(scores) < rules.muss_threshold
ENDS = ("played", "all_dropped", "pass_deal", "dealer_pass", "same_suit", "second_round_pass",
        "misdeal")
PHASES = ("predeal", "blind", "bid1", "dealer_choice", "bid2", "seven", "defend", "draw", "play",
          "done")


# --------------------------------------------------------------------------- rules
@dataclass(frozen=True)
class Rules(base.RulesBase):
    """The options of rules file §20; the defaults are the documented game."""

    player_count: int = 4
    first_dealer: "int | str" = "random"
    starting_score: int = 21
    stake_per_point: "int | float" = 1
    allow_pass_deal: bool = True
    muss_enabled: bool = True
    muss_threshold: int = 10
    trump_seven_exchange: bool = False
    trump_seven_exchange_requires_ace: bool = True
    blind_raub_needs_one_trick: bool = False
    refa_mode: str = "queue"
    refa_on_second_round_all_pass: bool = True
    refa_on_same_suit_throw_in: bool = False
    second_round_bonus_card: str = "last_turned"
    stock_shortage: str = "limit"
    must_overtrump: bool = False

    CHOICES: ClassVar[Mapping[str, tuple]] = {
        "player_count": (2, 3, 4),
        "refa_mode": ("queue", "multiply"),
        "second_round_bonus_card": ("last_turned", "any_face_up", "none"),
        "stock_shortage": ("limit", "reshuffle_discards"),
    }

    def validate(self) -> None:
        fd = self.first_dealer
        if fd != "random":
            if isinstance(fd, bool) or not isinstance(fd, int) or not 0 <= fd < self.player_count:
                raise RulesError(f"option first_dealer must be 'random' or a seat from 0 to "
                                 f"{self.player_count - 1}, not {quote(fd)}")
        stake = self.stake_per_point
        if isinstance(stake, bool) or not isinstance(stake, (int, float)) or stake < 0:
            raise RulesError(f"option stake_per_point must be a number of at least 0, not "
                             f"{quote(stake)}")
        if self.starting_score < 1:
            raise RulesError(f"option starting_score must be at least 1, not {self.starting_score}")


PRESETS: dict[str, dict] = {
    "default": {},
    "two_players": {"player_count": 2},
    "three_players": {"player_count": 3},
    "trump_seven": {"trump_seven_exchange": True},
    "trump_seven_any_rank": {"trump_seven_exchange": True,
                             "trump_seven_exchange_requires_ace": False},
    "literal_raub": {"blind_raub_needs_one_trick": True},
    "refas_multiply": {"refa_mode": "multiply"},
    "must_overtrump": {"must_overtrump": True},
    "reshuffle": {"stock_shortage": "reshuffle_discards"},
    "no_pass_deal": {"allow_pass_deal": False},
    "no_muss": {"muss_enabled": False},
}


def resolve(rules=None, **overrides) -> Rules:
    return base.resolve_rules(Rules, PRESETS, rules, **overrides)


def _rules_for_players(rules, players, overrides) -> Rules:
    rules = resolve(rules, **overrides)
    if players is not None:
        checks.check_players(players, (2, 3, 4), "Raub")
        if players != rules.player_count:
            fd = rules.first_dealer
            changes = {"player_count": players}
            if fd != "random" and fd >= players:
                raise RulesError(f"first_dealer {fd} is not a seat of a {players}-player game")
            rules = rules.replace(**changes)
    return rules


_TRICK_RULES: dict = {}


def trick_rules_for(trump: Suit, must_overtrump: bool) -> TrickRules:
    """Must follow suit, else must trump; over-trumping only with the flag (§15.3, §15.4)."""
    key = (trump, must_overtrump)
    if key not in _TRICK_RULES:
        _TRICK_RULES[key] = TrickRules.natural(
            PACK, trump, when_void="overtrump" if must_overtrump else "trump")
    return _TRICK_RULES[key]


def _fraction(value) -> Fraction:
    return Fraction(str(value)) if isinstance(value, float) else Fraction(value)


# --------------------------------------------------------------------------- the hand
class State(base.HandState):
    game = "raub"
    VERBS: ClassVar[Mapping[str, str | None]] = {
        "deal": None, "pass_deal": None, "muss": None,
        "raub": None, "stih": None, "look": None,
        "declare": None, "pass": None, "turn": None,
        "exchange_seven": None, "decline": None,
        "play": "cards", "drop": None,
        "take": "card", "exchange": "cards",
        "misdeal": "word", "misdeal_deliberate": "word",
    }
    SEAT_NAMES: ClassVar[Mapping[int, tuple[str, ...]]] = base.CLOCKWISE_SEAT_NAMES  # rules 2.2

    # -- construction -----------------------------------------------------------------
    @classmethod
    def from_setup(cls, setup: Mapping, rules) -> "State":
        rules = resolve(rules)
        if setup.get("kind") == "position":
            return _position_from_setup(setup, rules)
        checks.setup_field(setup, "kind", checks.check_choice, ("deal",), "kind", optional=True)
        field = checks.setup_field
        state = object.__new__(cls)
        players = field(setup, "players", checks.check_players, (2, 3, 4), "Raub")
        if players != rules.player_count:
            rules = rules.replace(player_count=players)
        pack = field(setup, "deck", _read_pack)
        dealer = field(setup, "dealer", checks.check_dealer, players,
                       cls.SEAT_NAMES[players].__getitem__)
        scores = tuple(field(setup, "scores", _score_list, players))
        refas = field(setup, "refas", checks.check_whole_number, "refas", 0, optional=True,
                      default=0)
        table_mode = field(setup, "table_mode", checks.check_bool, "table_mode", optional=True,
                           default=False)
        shuffle_seed = field(setup, "shuffle_seed", checks.check_whole_number, "shuffle_seed",
                             optional=True, default=0)
        state._init_base(rules, players, dealer, {
            "kind": "deal", "players": players, "dealer": dealer, "deck": format_cards(pack),
            "scores": list(scores), "refas": refas, "table_mode": table_mode,
            "shuffle_seed": shuffle_seed,
        })
        state._blank(scores, refas)
        state.pack = pack
        state.table_mode = table_mode
        state.shuffle_seed = shuffle_seed
        state.phase = "predeal"
        state.to_move = dealer
        return state

    def _blank(self, scores, refas) -> None:
        n = self.players
        self.phase = "predeal"
        self.to_move = None
        self.queue = ()
        self.pack = ()
        self.hands = ((),) * n
        self.stock = ()
        self.turned = ()
        self.dead = ()
        self.bonus = None
        self.bonus_taken = None
        self.trump = None
        self.declarer = None
        self.kind = None
        self.need = None
        self.round = 0
        self.calls = ()
        self.looked = False
        self.active_seats = tuple(range(n))
        self.dropped = ()
        self.folded = ((),) * n
        self.discard_pile = ()
        self.discarded = (None,) * n
        self.drew = (None,) * n
        self.own_discards = ((),) * n
        self.own_drawn = ((),) * n
        self.reshuffles = 0
        self.seven_exchanged_by = None
        self.trick = ()
        self.tricks = ()
        self.trick_rules = None
        self.leader = None
        self.tricks_won = (0,) * n
        self.scores = tuple(scores)
        self.refas = refas
        self.multiplier = (2 if refas > 0 else 1) if self.rules.refa_mode == "queue" else 2 ** refas
        self.end = None
        self.misdeal = None
        self.misdeal_open = False
        self.table_mode = False
        self.shuffle_seed = 0
        self.shown = frozenset()

    # -- seats ---------------------------------------------------------------------------
    @property
    def elder(self) -> int:
        return (self.dealer + 1) % self.players

    def _clockwise(self, start: int) -> list[int]:
        return [(start + i) % self.players for i in range(self.players)]

    @property
    def defenders(self) -> tuple[int, ...]:
        return tuple(s for s in self.active_seats if s != self.declarer)

    @property
    def table_cards(self) -> tuple[Card, ...]:
        """Face-up cards lying on the table now: the dead ones and the bonus card not yet taken."""
        return self.dead + ((self.bonus,) if self.bonus is not None else ())

    @property
    def face_up(self) -> Card | None:
        """The card turned during the deal (its suit is the first proposed trump)."""
        return self.turned[0] if self.turned else None

    # -- legal actions ---------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.to_move is None:
            return []
        phase = self.phase
        seat = self.to_move
        acts: list[Action] = []
        if phase == "predeal":
            acts.append(Action("deal"))
            if self.rules.allow_pass_deal:
                acts.append(Action("pass_deal"))
            if muss_allowed(self.rules, self.scores):
                acts.append(Action("muss"))
        elif phase == "blind":
            acts.append(Action("raub"))
            if self.face_up.rank is Rank.SEVEN:
                acts.append(Action("stih"))
            acts.append(Action("look"))
        elif phase in ("bid1", "bid2"):
            acts += [Action("declare"), Action("pass")]
        elif phase == "dealer_choice":
            acts += [Action("declare"), Action("pass"), Action("turn")]
        elif phase == "seven":
            if self._seven_holder() == seat:
                acts.append(Action("exchange_seven"))
            acts.append(Action("decline"))
        elif phase == "defend":
            acts += [Action("play"), Action("drop")]
        elif phase == "draw":
            acts += self._draw_actions(seat)
        elif phase == "play":
            hand = self.hands[seat]
            for card in self.trick_rules.legal_cards(hand, [c for _, c in self.trick]):
                acts.append(Action("play", (card,)))
        if self.misdeal_open:
            for offender in range(self.players):
                acts.append(Action("misdeal", (), str(offender)))
                acts.append(Action("misdeal_deliberate", (), str(offender)))
        return acts

    def _seven_holder(self) -> int | None:
        seven = Card(Rank.SEVEN, self.trump)
        for seat in range(self.players):
            if seat != self.declarer and seven in self.hands[seat]:
                return seat
        return None

    def _seven_exchange_possible(self) -> bool:
        """Public condition of §12.2 (who holds the seven stays secret)."""
        if not self.rules.trump_seven_exchange or self.bonus is None:
            return False
        if self.bonus == Card(Rank.SEVEN, self.trump):
            return False
        return self.bonus.rank is Rank.ACE or not self.rules.trump_seven_exchange_requires_ace

    def _must_choose_bonus(self, seat: int) -> bool:
        return (seat == self.declarer and self.bonus_taken is None
                and self.rules.second_round_bonus_card == "any_face_up"
                and len(self.table_cards) > 1)

    def _has_bonus_to_take(self, seat: int) -> bool:
        return seat == self.declarer and self.bonus is not None and self.bonus_taken is None

    def max_draw(self, seat: int | None = None) -> int:
        """How many cards the player to draw may receive at most (§14.7)."""
        available = len(self.stock)
        if self.rules.stock_shortage == "reshuffle_discards":
            available += len(self.discard_pile)
        return min(HAND_SIZE, available)

    def _draw_limits(self, seat: int) -> tuple[int, int, int]:
        """(smallest discard, largest discard, cards paid for the bonus) for ``seat`` now."""
        top = self.max_draw(seat)
        if self._has_bonus_to_take(seat) or (seat == self.declarer and self.bonus_taken is not None):
            return 1, top + 1, 1
        return 0, top, 0

    def _drawing_hand(self, seat: int) -> tuple[Card, ...]:
        hand = self.hands[seat]
        if self._has_bonus_to_take(seat):
            hand = hand + (self.bonus,)
        return hand

    def _draw_actions(self, seat: int) -> list[Action]:
        if self._must_choose_bonus(seat):
            return [Action("take", (c,)) for c in self.table_cards]
        low, high, _ = self._draw_limits(seat)
        hand = sorted(self._drawing_hand(seat))
        acts = []
        for size in range(low, high + 1):
            for combo in itertools.combinations(hand, size):
                acts.append(Action("exchange", combo))
        return acts

    # -- parsing, checking ------------------------------------------------------------------
    def game_pack(self) -> tuple[Card, ...]:
        return PACK

    def parse_action(self, action) -> Action:
        act = super().parse_action(action)
        if act.verb == "exchange":
            act = Action("exchange", tuple(sorted(act.cards)))
        return act

    def apply(self, action, seat: int | None = None) -> Action:
        if seat is not None:
            self.check_seat(seat)
        act = self.parse_action(action)
        if act.verb in ("misdeal", "misdeal_deliberate"):
            seat = None  # any player may point out a misdeal (§18.2)
        return super().apply(action, seat)

    def explain_illegal(self, action: Action, legal: Sequence[Action],
                        said: str | None = None) -> str:
        reason = self._why_not(action)
        return reason or super().explain_illegal(action, legal, said)

    def _why_not(self, action: Action) -> str | None:
        verb, phase, seat = action.verb, self.phase, self.to_move
        who = self.seat_name(seat)
        if verb in ("misdeal", "misdeal_deliberate"):
            if not self.table_mode:
                return "a misdeal can only be called in table mode (physical play or lessons)"
            if not self.misdeal_open:
                return ("a misdeal can only be called after the deal and before the first decision "
                        "that follows it")
            return f"'{action.arg}' is not a seat: seats are 0 to {self.players - 1}"
        if phase == "predeal" and verb not in ("muss", "pass_deal", "deal"):
            return ("no card has been dealt yet: the dealer first chooses to deal, to pass the deal "
                    "or to call Muss")
        if phase == "blind" and verb not in ("raub", "stih", "look"):
            return ("first the dealer makes his blind choice (Raub, Stih if a seven is face up, or "
                    "look) before anyone sees a card")
        if verb == "muss":
            if phase != "predeal":
                return "Muss is called by the dealer before the deal, never later"
            if not self.rules.muss_enabled:
                return "Muss is switched off in these rules"
            shown = ", ".join(str(s) for s in self.scores)
            return (f"Muss needs some score below {self.rules.muss_threshold}; "
                    f"the scores are {shown}")
        if verb == "pass_deal":
            if phase != "predeal":
                return "the deal can only be passed before any card is dealt"
            return "passing the deal is switched off in these rules"
        if verb == "deal":
            return "the cards have already been dealt"
        if verb in ("raub", "stih", "look"):
            if phase == "blind" and verb == "stih":
                return (f"Stih is only possible when the face-up card is a seven; "
                        f"it is the {self.face_up.name}")
            if self.kind == "muss":
                return "there is no blind call in a Muss hand"
            if self.round == 2:
                return "blind calls are never possible for a turned card"
            return ("Raub and Stih are blind calls of the dealer, made straight after the deal before "
                    "anyone has looked at a card")
        if verb == "turn":
            if phase == "bid2" and seat == self.dealer:
                return "in round 2 the dealer may only declare or pass: no more cards are turned"
            if phase in ("bid1", "bid2") or seat != self.dealer:
                return "only the dealer may turn a card, and only after everyone else passed in round 1"
            return "a card can only be turned by the dealer after round 1 of the bidding"
        if verb in ("declare", "pass") and phase not in ("bid1", "bid2", "dealer_choice"):
            if self.declarer is not None:
                return f"the bidding is over: {self.seat_name(self.declarer)} is the declarer"
            return "there is no bidding now"
        if verb == "drop":
            if self.kind == "muss":
                return "nobody may drop (Idem) in a Muss hand: every other player must defend"
            if seat == self.declarer:
                return "the declarer cannot drop out"
            return "players drop (Idem) only when the declarer is known, before the drawing"
        if verb in ("exchange_seven", "decline"):
            if phase != "seven":
                return "the trump-seven exchange is only possible once the declarer is known"
            return "only the player holding the seven of trumps can exchange it for the bonus card"
        if verb == "take":
            if phase != "draw" or not self._must_choose_bonus(seat):
                return "choosing a face-up card is only for the declarer at his drawing turn"
            return f"the {action.card.name} is not one of the face-up cards"
        if verb == "exchange":
            if phase != "draw":
                return "cards are exchanged in the drawing phase, after the defenders' decisions"
            if self._must_choose_bonus(seat):
                return "first take one of the face-up cards as your bonus card ('take ...')"
            hand = self._drawing_hand(seat)
            for card in action.cards:
                if card not in hand:
                    return f"you do not hold the {card.name}"
            low, high, paid = self._draw_limits(seat)
            stock = len(self.stock)
            if paid:
                return (f"{who} takes the bonus card and must discard 1 to {high} cards "
                        f"(one pays for the bonus card, the stock holds {stock})")
            return f"{who} may exchange 0 to {high} cards (the stock holds {stock})"
        if verb == "play":
            if not action.cards:
                if phase == "defend":
                    return None
                return "'play' without a card is the defenders' call to stay in; name a card to play"
            if phase != "play":
                return "cards are played to tricks only after the drawing"
            if len(action.cards) != 1:
                return "play one card at a time"
            why = self.trick_rules.why_illegal(action.cards[0], self.hands[seat],
                                               [c for _, c in self.trick])
            return why
        return None

    # -- performing actions -----------------------------------------------------------
    def _push(self, action: Action) -> None:
        getattr(self, "_do_" + action.verb)(action)

    def _set_hand(self, seat: int, cards) -> None:
        hands = list(self.hands)
        hands[seat] = tuple(cards)
        self.hands = tuple(hands)

    def _call(self, word: str) -> None:
        self.calls = self.calls + ((self.to_move, word),)

    def _next_in_queue(self) -> bool:
        """Drop the player who just acted; True if someone is left in the queue."""
        self.queue = self.queue[1:]
        self.to_move = self.queue[0] if self.queue else None
        return bool(self.queue)

    def _finish(self, end: str) -> None:
        self.end = end
        self.phase = "done"
        self.to_move = None
        self.queue = ()
        self.misdeal_open = False

    def _do_deal(self, action) -> None:
        self._call("deal")
        self._deal_out()
        self.phase = "blind"
        self.to_move = self.dealer
        self.misdeal_open = self.table_mode

    def _do_pass_deal(self, action) -> None:
        self._call("pass_deal")
        self._finish("pass_deal")

    def _do_muss(self, action) -> None:
        self._call("muss")
        self._deal_out()
        self.looked = True
        self.round = 1
        self._set_declarer(self.dealer, "muss")
        self.misdeal_open = self.table_mode

    def _deal_out(self) -> None:
        """Deal per §7.3: two each from elder, the face-up card, two each again."""
        n, c = self.players, self.pack
        hands = [[] for _ in range(n)]
        for k in range(1, n + 1):
            hands[(self.dealer + k) % n] += [c[2 * k - 2], c[2 * k - 1]]
        up = c[2 * n]
        for k in range(1, n + 1):
            hands[(self.dealer + k) % n] += [c[2 * n + 2 * k - 1], c[2 * n + 2 * k]]
        self.hands = tuple(tuple(h) for h in hands)
        self.stock = tuple(c[4 * n + 1:])
        self.pack = ()
        self.turned = (up,)
        self.bonus = up
        self.trump = up.suit
        self.shown = self.shown | {up}

    def _do_misdeal(self, action) -> None:
        self._misdeal(int(action.arg), False)

    def _do_misdeal_deliberate(self, action) -> None:
        self._misdeal(int(action.arg), True)

    def _misdeal(self, offender: int, deliberate: bool) -> None:
        self.misdeal = (offender, deliberate)
        self._call("misdeal_deliberate" if deliberate else "misdeal")
        self._finish("misdeal")

    def _do_raub(self, action) -> None:
        self._call("raub")
        self.looked = True
        self.round = 1
        self.misdeal_open = False
        self._set_declarer(self.dealer, "raub")

    def _do_stih(self, action) -> None:
        self._call("stih")
        self.looked = True
        self.round = 1
        self.misdeal_open = False
        self._set_declarer(self.dealer, "stih")

    def _do_look(self, action) -> None:
        self._call("look")
        self.looked = True
        self.round = 1
        self.misdeal_open = False
        self.phase = "bid1"
        self.queue = tuple(self._clockwise(self.elder)[:-1])
        self.to_move = self.queue[0]

    def _do_declare(self, action) -> None:
        self._call("declare")
        self._set_declarer(self.to_move, "ordinary")

    def _do_pass(self, action) -> None:
        self._call("pass")
        phase = self.phase
        if phase == "dealer_choice":
            self._finish("dealer_pass")
        elif not self._next_in_queue():
            if phase == "bid1":
                self.phase = "dealer_choice"
                self.to_move = self.dealer
            else:
                self._finish("second_round_pass")

    def _do_turn(self, action) -> None:
        self._call("turn")
        up = self.turned[0]
        turned = self.turned
        stock = self.stock
        while True:
            card, stock = stock[0], stock[1:]
            turned = turned + (card,)
            if card.suit is not up.suit or len(turned) == 3:
                break
        self.turned = turned
        self.stock = stock
        self.shown = self.shown | set(turned)
        if turned[-1].suit is up.suit:
            self.dead = turned
            self.bonus = None
            self._finish("same_suit")
            return
        self.trump = turned[-1].suit
        if self.rules.second_round_bonus_card == "none":
            self.dead, self.bonus = turned, None
        else:
            self.dead, self.bonus = turned[:-1], turned[-1]
        self.round = 2
        self.phase = "bid2"
        self.queue = tuple(self._clockwise(self.elder))
        self.to_move = self.queue[0]

    def _set_declarer(self, seat: int, kind: str) -> None:
        self.declarer = seat
        self.kind = kind
        one = kind == "stih" or (kind == "raub" and self.rules.blind_raub_needs_one_trick)
        self.need = 1 if one else 2
        self.queue = ()
        others = tuple(self._clockwise(seat)[1:])
        if self._seven_exchange_possible():
            self.phase = "seven"
            self.queue = others
            self.to_move = others[0]
        else:
            self._start_defend()

    def _start_defend(self) -> None:
        if self.kind == "muss":
            self._start_draw()
            return
        self.phase = "defend"
        self.queue = tuple(self._clockwise(self.declarer)[1:])
        self.to_move = self.queue[0]

    def _do_exchange_seven(self, action) -> None:
        seat = self.to_move
        self._call("exchange_seven")
        seven = Card(Rank.SEVEN, self.trump)
        self._set_hand(seat, [c for c in self.hands[seat] if c != seven] + [self.bonus])
        self.bonus = seven
        self.seven_exchanged_by = seat
        self.shown = self.shown | {seven}
        self.misdeal_open = False
        self._start_defend()

    def _do_decline(self, action) -> None:
        self._call("decline")
        self.misdeal_open = False
        if not self._next_in_queue():
            self._start_defend()

    def _do_play(self, action) -> None:
        if action.cards:
            self._play_card(action.cards[0])
            return
        self._call("play")
        if not self._next_in_queue():
            self._after_defend()

    def _do_drop(self, action) -> None:
        seat = self.to_move
        self._call("drop")
        folded = list(self.folded)
        folded[seat] = self.hands[seat]
        self.folded = tuple(folded)
        self._set_hand(seat, ())
        self.dropped = self.dropped + (seat,)
        self.active_seats = tuple(s for s in self.active_seats if s != seat)
        if not self._next_in_queue():
            self._after_defend()

    def _after_defend(self) -> None:
        if self.active_seats == (self.declarer,):
            self._finish("all_dropped")
        else:
            self._start_draw()

    def _start_draw(self) -> None:
        self.phase = "draw"
        self.queue = tuple(s for s in self._clockwise(self.elder) if s in self.active_seats)
        self.to_move = self.queue[0]

    def _do_take(self, action) -> None:
        seat, card = self.to_move, action.cards[0]
        self._call("take")
        self.dead = tuple(c for c in self.table_cards if c != card)
        self.bonus = None
        self.bonus_taken = card
        self._set_hand(seat, self.hands[seat] + (card,))
        self.misdeal_open = False

    def _do_exchange(self, action) -> None:
        seat = self.to_move
        self._call("exchange")
        self.misdeal_open = False
        paid = 0
        if self._has_bonus_to_take(seat):
            self.bonus_taken = self.bonus
            self._set_hand(seat, self.hands[seat] + (self.bonus,))
            self.bonus = None
            paid = 1
        elif seat == self.declarer and self.bonus_taken is not None:
            paid = 1
        discards = action.cards
        count = len(discards) - paid
        kept = [c for c in self.hands[seat] if c not in discards]
        drawn, stock, pile = self.stock[:count], self.stock[count:], self.discard_pile
        if len(drawn) < count:
            # §14.7 reshuffle_discards: earlier discards of the others become the new stock
            pool = sorted(c for _, c in pile)
            random.Random(self.shuffle_seed * 1009 + self.reshuffles).shuffle(pool)
            self.reshuffles += 1
            more = count - len(drawn)
            drawn, stock, pile = drawn + tuple(pool[:more]), tuple(pool[more:]), ()
        self.stock = stock
        self.discard_pile = pile + tuple((seat, c) for c in discards)
        self._set_hand(seat, kept + list(drawn))
        self.discarded = _put(self.discarded, seat, len(discards))
        self.drew = _put(self.drew, seat, len(drawn))
        self.own_discards = _put(self.own_discards, seat, discards)
        self.own_drawn = _put(self.own_drawn, seat, tuple(drawn))
        if not self._next_in_queue():
            self._start_play()

    def _start_play(self) -> None:
        self.phase = "play"
        self.trick_rules = trick_rules_for(self.trump, self.rules.must_overtrump)
        self.leader = self.declarer
        self.to_move = self.declarer
        self.queue = ()

    def _play_card(self, card: Card) -> None:
        seat = self.to_move
        self.shown = self.shown | {card}
        winner = self._play_card_to_trick(seat, card)
        if winner is None:
            return
        self.tricks_won = _put(self.tricks_won, winner, self.tricks_won[winner] + 1)
        if not any(self.hands[s] for s in self.active_seats):
            self._finish("played")

    # -- scoring ---------------------------------------------------------------------------
    @property
    def scored(self) -> bool:
        """Whether the hand reached scoring (§16) rather than being thrown in."""
        return self.end in ("played", "all_dropped")

    def refas_added(self) -> int:
        end, rules = self.end, self.rules
        if end in ("dealer_pass", "pass_deal", "misdeal"):
            return 1
        if end == "second_round_pass":
            return int(rules.refa_on_second_round_all_pass)
        if end == "same_suit":
            return int(rules.refa_on_same_suit_throw_in)
        return 0

    def result(self) -> base.HandResult:
        if self.to_move is not None:
            raise IllegalAction("the hand is not over yet: there is no result")
        n = self.players
        names = self.seat_name
        base_change = {s: 0 for s in range(n)}
        reasons: list[str] = []
        won = dict(enumerate(self.tricks_won))
        refas_after = self.refas
        penalty = {s: 0 for s in range(n)}
        mult = 1
        if self.scored:
            mult = self.multiplier
            if self.end == "all_dropped":
                won = {s: 0 for s in range(n)}
                won[self.declarer] = TRICKS_PER_HAND
                reasons.append(f"everyone dropped: {names(self.declarer)} is credited with 4 tricks")
            d, t = self.declarer, won[self.declarer]
            if t >= self.need:
                base_change[d] = -t
                reasons.append(f"{names(d)} ({self.kind} declarer, needs {self.need}) took {t}: -{t}")
            else:
                base_change[d] = DECLARER_PENALTY
                reasons.append(f"{names(d)} ({self.kind} declarer, needs {self.need}) took {t}: "
                               f"+{DECLARER_PENALTY}")
            for s in self.defenders:
                t = won[s]
                base_change[s] = -t if t >= 1 else DEFENDER_PENALTY
                reasons.append(f"{names(s)} defended and took {t}: "
                               + (f"-{t}" if t else f"+{DEFENDER_PENALTY}"))
            for s in self.dropped:
                reasons.append(f"{names(s)} dropped: 0")
            if self.refas > 0:
                if self.rules.refa_mode == "queue":
                    refas_after = self.refas - 1
                else:
                    refas_after = 0
                reasons.append(f"refa: every change is multiplied by {mult}")
        else:
            refas_after = self.refas + self.refas_added()
            what = {
                "pass_deal": f"{names(self.dealer)} passed the deal",
                "dealer_pass": "everyone passed in round 1, the dealer too: throw-in",
                "same_suit": "three face-up cards of one suit: throw-in",
                "second_round_pass": "everyone passed in round 2: throw-in",
                "misdeal": "misdeal: the hand is void",
            }[self.end]
            reasons.append(what)
            if self.end == "misdeal" and self.misdeal[1]:
                penalty[self.misdeal[0]] = MISDEAL_PENALTY
                reasons.append(f"deliberate misdeal: {names(self.misdeal[0])} +{MISDEAL_PENALTY} "
                               "(never doubled)")
            if refas_after > self.refas:
                reasons.append(f"one refa added ({refas_after} pending)")
        points = {s: base_change[s] * mult + penalty[s] for s in range(n)}
        details = {
            "end": self.end, "declarer": self.declarer, "kind": self.kind, "need": self.need,
            "trump": self.trump.value if self.trump else None,
            "tricks": won if self.scored else {s: 0 for s in range(n)},
            "active": tuple(self.active_seats) if self.scored else (),
            "dropped": tuple(self.dropped), "base": base_change, "multiplier": mult,
            "refas_before": self.refas, "refas_after": refas_after,
            "refas_added": max(0, refas_after - self.refas) if not self.scored else 0,
            "refa_used": self.scored and self.refas > 0,
            "misdeal": self.misdeal,
            "scores_before": dict(enumerate(self.scores)),
            "scores_after": {s: self.scores[s] + points[s] for s in range(n)},
        }
        return base.HandResult(points=points, sides={s: s for s in range(n)},
                               reasons=tuple(reasons), details=details)

    # -- views -----------------------------------------------------------------------------
    def _view_hand(self, seat: int) -> tuple[Card, ...]:
        if not self.looked:
            return ()
        return self.hands[seat]

    def _view_public(self) -> dict:
        n = self.players
        return {
            "dealer": self.dealer, "elder": self.elder,
            "scores": dict(enumerate(self.scores)), "refas": self.refas,
            "multiplier": self.multiplier,
            "face_up": [str(c) for c in self.table_cards],
            "turned": [str(c) for c in self.turned],
            "dead": [str(c) for c in self.dead],
            "bonus_card": str(self.bonus) if self.bonus is not None else None,
            "bonus_taken": str(self.bonus_taken) if self.bonus_taken is not None else None,
            "trump": self.trump.value if self.trump else None,
            "round": self.round,
            "declarer": self.declarer, "kind": self.kind, "need": self.need,
            "calls": [[s, w] for s, w in self.calls],
            "active": list(self.active_seats), "dropped": list(self.dropped),
            "hand_sizes": {s: len(self.hands[s]) for s in range(n)},
            "stock": len(self.stock), "discard_pile": len(self.discard_pile),
            "discarded": {s: k for s, k in enumerate(self.discarded) if k is not None},
            "drew": {s: k for s, k in enumerate(self.drew) if k is not None},
            "seven_exchanged_by": self.seven_exchanged_by,
            "leader": self.leader,
            "trick": [[s, str(c)] for s, c in self.trick],
            "tricks": [[ld, [[s, str(c)] for s, c in cards], w] for ld, cards, w in self.tricks],
            "tricks_won": dict(enumerate(self.tricks_won)),
            "end": self.end,
            "misdeal": list(self.misdeal) if self.misdeal else None,
        }

    def _view_private(self, seat: int) -> dict:
        return {
            "discarded": [str(c) for c in self.own_discards[seat]],
            "drew": [str(c) for c in self.own_drawn[seat]],
            "folded": [str(c) for c in self.folded[seat]],
        }

    def _public_action(self, actor: int, action: Action, viewer: int) -> str:
        if action.verb == "exchange" and actor != viewer:
            k = len(action.cards)
            return f"exchange ({k} card{'s' if k != 1 else ''})"
        return str(action)

    # -- display ---------------------------------------------------------------------------
    def __str__(self) -> str:
        name = self.seat_name
        lines = [f"Raub, {self.players} players, dealer {name(self.dealer)}, phase {self.phase}"
                 + (f", {name(self.to_move)} to act" if self.to_move is not None else "")]
        lines.append("scores " + ", ".join(f"{name(s)} {v}" for s, v in enumerate(self.scores))
                     + f"; pending refas {self.refas}, multiplier {self.multiplier}")
        if self.turned:
            lines.append(f"face-up {format_cards(self.table_cards) or '-'}"
                         + (f" (dead {format_cards(self.dead)})" if self.dead else "")
                         + (f"; trump {self.trump.symbol}" if self.trump else ""))
        if self.declarer is not None:
            lines.append(f"declarer {name(self.declarer)} ({self.kind}, needs {self.need})"
                         + (f", took bonus {self.bonus_taken}" if self.bonus_taken else ""))
        for s in range(self.players):
            status = "dropped" if s in self.dropped else ("declarer" if s == self.declarer else "")
            cards = format_cards(self.folded[s] if s in self.dropped else self.hands[s])
            lines.append(f"  {name(s):<6} {cards:<12} tricks {self.tricks_won[s]} {status}".rstrip())
        if self.turned or self.phase != "predeal":
            lines.append(f"stock {len(self.stock)}, discards {len(self.discard_pile)}")
        if self.trick:
            lines.append("trick " + " ".join(f"{name(s)}:{c}" for s, c in self.trick))
        if self.phase == "done":
            lines.append("result: " + str(self.result()))
        return "\n".join(lines)

    def _html_extras(self) -> list[str]:
        name = self.seat_name
        parts = []
        cards = []
        for c in self.turned:
            if c == self.bonus:
                label = "bonus card"
            elif c in self.dead:
                label = "dead"
            elif c == self.bonus_taken:
                label = "taken by the declarer"
            else:
                label = "in a hand"
            cards.append(f"<span class='raub-up'>{_cards_html([c])} <small>{label}</small></span>")
        if self.seven_exchanged_by is not None and self.bonus is not None \
                and self.bonus not in self.turned:
            cards.append(f"<span class='raub-up'>{_cards_html([self.bonus])} "
                         f"<small>bonus card (trump seven of {html.escape(name(self.seven_exchanged_by))})"
                         f"</small></span>")
        if cards:
            trump = html.escape(self.trump.symbol) if self.trump else "-"
            parts.append(f"<div class='raub-face-up'><b>Face-up:</b> {' '.join(cards)} "
                         f"<b>Trump:</b> {trump} <b>Stock:</b> {len(self.stock)}</div>")
        rows = []
        for s in range(self.players):
            if s == self.declarer:
                status = f"declarer ({self.kind}, needs {self.need})"
            elif s in self.dropped:
                status = "dropped (Idem)"
            elif self.declarer is not None:
                status = "defender (needs 1)"
            else:
                status = "active"
            drew = "" if self.drew[s] is None else f", drew {self.drew[s]}"
            rows.append(f"<li class='{'raub-dropped' if s in self.dropped else 'raub-active'}'>"
                        f"{html.escape(name(s))}{' (dealer)' if s == self.dealer else ''}: "
                        f"{html.escape(status)}{drew}, tricks {self.tricks_won[s]}</li>")
        parts.append("<ul class='raub-players'>" + "".join(rows) + "</ul>")
        rows = []
        before = dict(enumerate(self.scores))
        if any(v != self.rules.starting_score for v in self.scores):
            rows.append(("before", before, False, False))
        if self.phase == "done":
            details = self.result().details
            rows.append(("after", details["scores_after"], details["refa_used"],
                         details["refas_added"] > 0))
        parts.append(score_sheet_html([name(s) for s in range(self.players)],
                                      self.rules.starting_score, rows, refas=self.refas))
        return parts


def _put(values: tuple, index: int, value) -> tuple:
    out = list(values)
    out[index] = value
    return tuple(out)


def _cards_html(cards) -> str:
    try:
        from .. import render
        return render.cards_html(list(cards))
    except (ImportError, AttributeError):
        return " ".join(f"<span class='card'>{html.escape(c.symbol)}</span>" for c in cards)


def score_sheet_html(names: Sequence[str], start: int, rows: Sequence[tuple], refas: int = 0) -> str:
    """The paper score sheet: one column per player counting down from ``start``. ``rows`` are
    (label, {seat: score}, doubled, refa_created): as on paper (§17.5) a line is drawn under the
    scores when a refa is created, and a doubled hand is marked x2."""
    head = "".join(f"<th>{html.escape(n)}</th>" for n in names)
    body = [f"<tr><td></td>{''.join(f'<td>{start}</td>' for _ in names)}</tr>"]
    for label, scores, doubled, created in rows:
        style = " style='border-bottom:2px solid #000'" if created else ""
        note = " &times;2" if doubled else ""
        cells = "".join(f"<td>{scores.get(s, '')}</td>" for s in range(len(names)))
        body.append(f"<tr{style}><td>{html.escape(str(label))}{note}</td>{cells}</tr>")
    return (f"<table class='raub-sheet'><tr><th></th>{head}</tr>{''.join(body)}</table>"
            f"<div>Pending refas: {refas}</div>")


def _score_list(scores, n: int) -> list[int]:
    try:
        values = [scores[s] for s in range(n)]
    except (KeyError, IndexError, TypeError):
        raise RulesError(f"give one score for each of the {n} seats, not {quote(scores)}") from None
    if len(scores) != n or any(isinstance(v, bool) or not isinstance(v, int) for v in values):
        raise RulesError(f"give one whole-number score for each of the {n} seats, not "
                         f"{quote(scores)}")
    return values


def _read_pack(deck, what: str = "deck") -> tuple[Card, ...]:
    return checks.check_deck(deck, PACK, what, "the 32-card pack (7 to A)")


def _check_pack(pack: Sequence[Card]) -> None:
    if len(pack) != len(PACK) or set(pack) != set(PACK):
        missing = sorted(set(PACK) - set(pack))
        extra = sorted(set(pack) - set(PACK))
        msg = f"a Raub pack has the 32 cards 7 to A of each suit; got {len(pack)} cards"
        if missing:
            msg += f", missing {format_cards(missing)}"
        if extra:
            msg += f", not in the pack: {format_cards(extra)}"
        raise CardError(msg)


# --------------------------------------------------------------------------- constructors
def new_hand(seed=None, deck=None, dealer=None, rules=None, players=None, scores=None, refas=0,
             table_mode=False, **options) -> State:
    """Deal a hand. ``deck`` is the exact pack order, top first (dealt as §7.3); otherwise the
    pack is shuffled with ``random.Random(seed)``. ``scores`` (one per seat, default the starting
    score) decide whether Muss is possible; ``refas`` is the number of pending refas."""
    checks.check_seed(seed)
    rules = _rules_for_players(rules, players, options)
    n = rules.player_count
    rng = random.Random(seed)
    if deck is None:
        pack = list(PACK)
        rng.shuffle(pack)
    else:
        pack = list(_read_pack(deck))
    if dealer is None:
        dealer = rules.first_dealer if rules.first_dealer != "random" else rng.randrange(n)
    checks.check_dealer(dealer, n, State.SEAT_NAMES[n].__getitem__)
    scores = [rules.starting_score] * n if scores is None else _score_list(scores, n)
    checks.check_whole_number(refas, "refas", 0)
    checks.check_bool(table_mode, "table_mode")
    setup = {"kind": "deal", "players": n, "dealer": dealer, "deck": format_cards(pack),
             "scores": list(scores), "refas": refas, "table_mode": bool(table_mode),
             "shuffle_seed": rng.randrange(2 ** 31)}
    return State.from_setup(setup, rules)


def deck_for(hands: Mapping[int, "str | Iterable"], face_up, dealer: int, players: int | None = None,
             stock: "str | Iterable" = (), rules=None) -> tuple[Card, ...]:
    """A pack order (top first) that deals the given 4-card hands, face-up card and top of the
    stock; the other cards fill the remaining places in their natural order."""
    rules = _rules_for_players(rules, players, {})
    n = rules.player_count
    name = State.SEAT_NAMES[n].__getitem__
    checks.check_dealer(dealer, n, name)
    want = {s: list(cs) for s, cs in checks.check_hands(
        hands, n, PACK, "the 32-card pack (7 to A)", most=4, name=name).items()}
    face = checks.check_card_list(face_up, "face_up", PACK, "the 32-card pack (7 to A)")
    if len(face) != 1:
        raise CardError(f"face_up is one card, not {quote(face_up)}")
    up = face[0]
    top = list(checks.check_card_list(stock, "stock", PACK, "the 32-card pack (7 to A)"))
    used = [up] + top + [c for cs in want.values() for c in cs]
    seen = set()
    for c in used:
        if c in seen:
            raise CardError(f"the {c.name} is given twice: each card exists only once", str(c))
        seen.add(c)
    for s, cs in want.items():
        if not 0 <= s < n:
            raise CardError(f"there is no seat {s} in a {n}-player game")
        if len(cs) != HAND_SIZE:
            raise CardError(f"seat {s} must get exactly 4 cards, not {len(cs)}")
    rest = [c for c in PACK if c not in seen]
    for s in range(n):
        if s not in want:
            want[s], rest = rest[:HAND_SIZE], rest[HAND_SIZE:]
    order = [(dealer + k) % n for k in range(1, n + 1)]
    pack = [c for s in order for c in want[s][:2]] + [up] + [c for s in order for c in want[s][2:]]
    return tuple(pack + top + rest)


def position(hands: Mapping, trump, declarer: int = 0, players: int | None = None, active=None,
             leader: int | None = None, trick: Iterable = (), rules=None, need: int | None = None,
             kind: str = "ordinary", tricks_won=None, dealer: int | None = None, scores=None,
             refas: int = 0, **options) -> State:
    """A play-phase state (solver, puzzles): ``hands`` {seat: cards} of the active players,
    ``trick`` the cards already played to the current trick, starting with ``leader``'s;
    ``tricks_won`` (a list by seat or {seat: count}) the tricks each player has won so far: the
    winners of all the earlier tricks (the trick number follows from the cards in the hands),
    or left out, when the earlier tricks count for nobody.

    The position must be one a real hand reaches (24.1): cards of the 32-card pack, each once;
    every active player holding as many cards as tricks are left (4 at the start); the
    declarer leading the first trick (15.1) and a player who has won a trick leading a later
    one (15.6); the current trick keeping the follow and trump obligations (15.2-15.4); ``need``
    the declarer's need under the rules. Anything else raises :class:`PositionError` naming
    the field."""
    if players is None:
        players = _players_named(hands, rules, options, active, declarer, leader, dealer,
                                 tricks_won, scores)
    players = positions.count(players, "players", 2, 4)
    rules = _rules_for_players(rules, max(2, players), options)
    n = rules.player_count
    names = State.SEAT_NAMES[n]
    name = names.__getitem__
    held = positions.hands(hands, n, name)
    try:
        trump_suit = Suit.parse(trump)
    except CardError as err:
        raise PositionError(f"trump: {err}") from None
    if not isinstance(kind, str) or kind not in KINDS:
        raise PositionError(f"kind: the declarer's kind must be one of {', '.join(KINDS)}, "
                            f"not {quote(kind)}")
    declarer = positions.seat(declarer, n, "declarer", name)
    if active is None:
        seats = [s for s in range(n) if held.get(s)]
    elif isinstance(active, (list, tuple, set, frozenset)):
        seats = sorted({positions.seat(s, n, "active seat", name) for s in active})
    else:
        raise PositionError(f"active must list the seats still playing, not {quote(active)}")
    leader = declarer if leader is None else positions.seat(leader, n, "leader", name)
    blind = kind in ("raub", "stih", "muss")        # the dealer's own declarations (8.2, 8.3, 11)
    if dealer is None:
        dealer = declarer if blind else (declarer - 1) % n
    dealer = positions.seat(dealer, n, "dealer", name)
    if blind and declarer != dealer:
        raise PositionError(f"declarer: a {KIND_WORDS[kind]} is the dealer's declaration, so "
                            f"the declarer is the dealer ({names[dealer]}), not "
                            f"{names[declarer]}")
    played = positions.cards(trick if trick is not None else (), "trick")
    positions.conserved([(f"the hand of {names[s]}", cs) for s, cs in sorted(held.items())]
                        + [("the trick", played)], PACK, "the 32-card Raub pack (7 to A)")
    won = positions.counts(tricks_won, n, "tricks_won", name, high=TRICKS_PER_HAND)
    if scores is not None:
        if not isinstance(scores, (list, tuple)) or len(scores) != n:
            raise PositionError(f"scores must list the {n} players' scores, not {quote(scores)}")
        scores = [positions.count(v, f"the score of {names[s]}", None) for s, v in enumerate(scores)]
        for s, v in enumerate(scores):
            if v <= 0:
                raise PositionError(f"scores: {names[s]} has {v}: a player who reaches 0 has won "
                                    f"and the game is over, so no hand is being played")
    if kind == "muss":
        if not rules.muss_enabled:
            raise PositionError("kind: Muss is not played under these rules (muss_enabled is "
                                "off)")
        if len(seats) != n:
            raise PositionError("active: nobody may drop in a Muss hand, so every player is "
                                "active (11.3)")
        if scores is not None and not muss_allowed(rules, scores):
            raise PositionError(f"kind: Muss needs a player whose score was below "
                                f"{rules.muss_threshold} when the hand began (11.1); the scores "
                                f"are {', '.join(str(v) for v in scores)}")
    refas = positions.count(refas, "refas", 0)
    setup = {
        "kind": "position", "players": n,
        "hands": [format_cards(held[s]) if held.get(s) else None for s in range(n)],
        "trump": trump_suit.value, "declarer": declarer, "active": list(seats),
        "leader": leader, "trick": [str(c) for c in played], "need": need,
        "kind_of_declarer": kind, "tricks_won": [won.get(s, 0) for s in range(n)],
        "dealer": dealer,
        "scores": list(scores) if scores is not None else [rules.starting_score] * n,
        "refas": refas,
    }
    return _build_position(setup, rules)


_POSITION_SETUP = ("kind", "players", "hands", "trump", "declarer", "active", "leader", "trick",
                   "need", "kind_of_declarer", "tricks_won", "dealer", "scores", "refas")


def _position_from_setup(setup: Mapping, rules: Rules) -> "State":
    """A position saved in a record (its setup is the position's own fields), read through
    :func:`position`'s checks: a broken field is a RecordError naming it."""
    from ..errors import RecordError
    for key in setup:
        if key not in _POSITION_SETUP:
            raise RecordError(checks.clip(f"hand record, 'setup': {quote(key)} is not a field of "
                                          f"a position; the fields are "
                                          f"{', '.join(_POSITION_SETUP)}"))
    args = {k: setup[k] for k in _POSITION_SETUP[1:] if k in setup and k != "kind_of_declarer"}
    if "kind_of_declarer" in setup:
        args["kind"] = setup["kind_of_declarer"]
    if isinstance(args.get("hands"), list):
        args["hands"] = ["" if h is None else h for h in args["hands"]]
    try:
        return position(rules=rules, **args)
    except TutorError as err:
        raise RecordError(checks.clip(f"hand record, 'setup' (a position): {err}")) from err


def _players_named(hands, rules, options, active, declarer, leader, dealer, tricks_won,
                   scores) -> int:
    """The table size of a position that does not give ``players``: the rules' player count
    where the rules state one, else the most seats any field names (hands, active, the seat
    fields, tricks_won, scores); at least two."""
    named = [max(positions.hands(hands, 4), default=1)]
    if isinstance(active, (list, tuple, set, frozenset)):
        named += [s for s in active if isinstance(s, int) and not isinstance(s, bool)]
    named += [s for s in (declarer, leader, dealer)
              if isinstance(s, int) and not isinstance(s, bool)]
    if tricks_won is not None and not isinstance(tricks_won, (str, bytes)):
        named.append(max(positions.seat_map(tricks_won, 4, "tricks_won"), default=1))
    if isinstance(scores, (list, tuple)) and 2 <= len(scores) <= 4:
        named.append(len(scores) - 1)
    stated = None
    if isinstance(rules, Rules):
        stated = rules.player_count
    elif "player_count" in options or isinstance(rules, (str, Mapping)):
        try:
            given = resolve(rules, **options)
        except RulesError:
            given = None       # refused with its own message below
        if given is not None and ("player_count" in options or (
                isinstance(rules, Mapping) and "player_count" in rules) or (
                isinstance(rules, str) and given.player_count != Rules().player_count)):
            stated = given.player_count
    players = min(4, max(2, max(named) + 1))
    return max(players, stated) if stated is not None else players


def _build_position(setup: Mapping, rules: Rules) -> State:
    n = int(setup["players"])
    if n != rules.player_count:
        rules = rules.replace(player_count=n)
    names = State.SEAT_NAMES[n]
    hands = [parse_cards(h) if h else () for h in setup["hands"]]
    active = tuple(sorted(int(s) for s in setup["active"]))
    declarer, leader = int(setup["declarer"]), int(setup["leader"])
    trick_cards = parse_cards(" ".join(setup["trick"]))
    kind = setup.get("kind_of_declarer", "ordinary")
    if kind not in KINDS:
        raise PositionError(f"kind: the declarer's kind must be one of {', '.join(KINDS)}")
    if declarer not in active:
        raise PositionError(f"declarer: {names[declarer]} is not among the active players")
    if leader not in active:
        raise PositionError(f"leader: {names[leader]} is not among the active players")
    if len(active) < 2:
        raise PositionError("active: at least two players must be active")
    all_cards = [c for s in active for c in hands[s]] + list(trick_cards)
    if len(set(all_cards)) != len(all_cards):
        raise PositionError("hands: a card appears twice")
    if any(s not in active and hands[s] for s in range(n)):
        raise PositionError("hands: only active players hold cards (a dropped player's cards "
                            "are out of play)")
    if len(trick_cards) >= len(active):
        raise PositionError("trick: the current trick already has a card from every player: "
                            "give the cards of the trick in progress only")
    tw = tuple(int(t) for t in setup["tricks_won"])
    if any(tw[s] for s in range(n) if s not in active):
        raise PositionError("tricks_won: a dropped player has won no tricks")
    # the trick number follows from the cards the leader holds (his card to this trick counted)
    size = len(hands[leader]) + (1 if trick_cards else 0)
    if not 1 <= size <= TRICKS_PER_HAND:
        raise PositionError(f"hands: {names[leader]} holds {len(hands[leader])} cards; a Raub "
                            f"hand has {TRICKS_PER_HAND} tricks, so a player holds 1 to "
                            f"{TRICKS_PER_HAND} cards")
    done = TRICKS_PER_HAND - size
    if sum(tw) > done:
        raise PositionError(f"tricks_won: {sum(tw)} tricks won, but only {done} trick"
                            f"{'s' * (done != 1)} have been played (the hands hold {size} "
                            f"cards each)")
    if any(tw) and sum(tw) != done:
        raise PositionError(f"tricks_won: {sum(tw)} tricks won, but {done} have been played: "
                            f"give every earlier trick's winner, or leave tricks_won out")
    if done == 0 and leader != declarer:
        raise PositionError(f"leader: the declarer ({names[declarer]}) leads the first trick "
                            f"(15.1), not {names[leader]}")
    if any(tw) and not tw[leader]:
        raise PositionError(f"leader: {names[leader]} has won no trick, so he cannot lead "
                            f"(the winner of a trick leads the next, 15.6)")
    state = object.__new__(State)
    state._init_base(rules, n, int(setup["dealer"]), dict(setup))
    state._blank(tuple(int(s) for s in setup["scores"]), int(setup.get("refas", 0)))
    state.hands = tuple(tuple(h) if s in active else () for s, h in enumerate(hands))
    state.active_seats = active
    state.dropped = tuple(s for s in range(n) if s not in active)
    state.trump = Suit.parse(setup["trump"])
    state.looked = True
    state.round = 1
    state.declarer = declarer
    state.kind = kind
    # 16.3: a blind Raub needs one trick, like a Stih, under blind_raub_needs_one_trick
    one = kind == "stih" or (kind == "raub" and rules.blind_raub_needs_one_trick)
    rule_need = 1 if one else 2
    need = setup.get("need")
    if need is not None and check_whole_number(need, "need", error=PositionError) != rule_need:
        raise PositionError(f"need: a {kind} declarer needs {rule_need} trick"
                            f"{'s' * (rule_need != 1)} under these rules, not {quote(need)}")
    state.need = rule_need
    state.tricks_won = tw
    state.trick_rules = trick_rules_for(state.trump, rules.must_overtrump)
    state.phase = "play"
    state.leader = leader
    seat = leader
    trick = []
    for i, card in enumerate(trick_cards):
        if i:
            seat = state.next_active(seat)
        trick.append((seat, card))
    state.trick = tuple(trick)
    state.shown = frozenset(trick_cards)
    state.to_move = state.next_active(seat) if trick else leader
    order = [leader]
    while len(order) < len(active):
        order.append(state.next_active(order[-1]))
    positions.hand_sizes(order, {s: hands[s] for s in active}, len(trick), size,
                         names.__getitem__)
    positions.trick_follows(state.trick_rules, trick, {s: hands[s] for s in active},
                            names.__getitem__)
    bonus = {}
    if kind == "stih":      # 8.3, 14.4: the 7 of trumps is the dealer's bonus card
        seven = Card(Rank.SEVEN, state.trump)
        bonus = {seven: declarer}
        who = next((s for s in active if seven in hands[s]),
                   next((s for s, c in trick if c == seven), declarer))
        if who != declarer:
            raise PositionError(f"hands: in a Stih the {seven.name} ({seven}) is the dealer's "
                                f"bonus card: it goes to {names[declarer]}'s hand (he may "
                                f"discard it), so {names[who]} cannot have it")
    if any(tw):         # the earlier tricks' winners are said: they can be replayed
        history.require(history.facts_of(state, PACK, done, declarer, wins=dict(enumerate(tw)),
                                         played_by=bonus),
                        names.__getitem__, "the tricks won as stated")
    return state


# --------------------------------------------------------------------------- the match
def settlement(scores: Mapping[int, int], stake=1) -> dict[int, Fraction]:
    """§19: losers pay stake x own score; the winners (score <= 0) share the pot equally."""
    winners = [s for s, v in scores.items() if v <= 0]
    if not winners:
        return {}
    stake = _fraction(stake)
    pot = sum((stake * v for s, v in scores.items() if v > 0), Fraction(0))
    share = pot / len(winners)
    return {s: (share if v <= 0 else -stake * v) for s, v in scores.items()}


class RaubMatch(base.Match):
    """Hands until someone reaches 0. ``refas`` is the public count of pending refas;
    ``winner`` is the tuple of winning seats once the game is over."""

    def __init__(self, module, rules, seed=None, players=None, dealer=None, scores=None, refas=0,
                 **options):
        # scores / refas let a game already under way on paper be continued
        self._refas = int(refas)
        self._start_scores = None if scores is None else _score_list(scores, rules.player_count)
        self._refa_rows: list[tuple[bool, bool]] = []
        if dealer is None and rules.first_dealer != "random":
            dealer = rules.first_dealer
        super().__init__(module, rules, seed=seed, players=rules.player_count, dealer=dealer,
                         **options)

    def _players(self) -> int:
        return self.players

    def _initial_scores(self) -> dict:
        if self._start_scores is not None:
            return dict(enumerate(self._start_scores))
        return {s: self.rules.starting_score for s in range(self.rules.player_count)}

    def _deal(self, dealer: int) -> State:
        seed = self.rng.randrange(2 ** 32)
        return self.module.new_hand(seed=seed, dealer=dealer, rules=self.rules,
                                    players=self.players, scores=dict(self._scores),
                                    refas=self._refas, **self.options)

    def _score(self, finished: State) -> dict:
        row = super()._score(finished)
        details = finished.result().details
        self._refas = details["refas_after"]
        self._refa_rows.append((details["refa_used"], details["refas_added"] > 0))
        row.update({"end": details["end"], "multiplier": details["multiplier"],
                    "refas": self._refas, "declarer": details["declarer"],
                    "tricks": dict(details["tricks"])})
        if self._game_over():
            row["winners"] = tuple(s for s, v in sorted(self._scores.items()) if v <= 0)
            row["settlement"] = settlement(self._scores, self.rules.stake_per_point)
        return row

    def _game_over(self) -> bool:
        return any(v <= 0 for v in self._scores.values())

    @property
    def refas(self) -> int:
        """Pending refas after the hands finished so far (public, §17.2)."""
        self._settle()
        return self._refas

    @property
    def winner(self) -> tuple[int, ...] | None:
        if not self.is_over:
            return None
        return tuple(s for s, v in sorted(self._scores.items()) if v <= 0)

    @property
    def winners(self) -> tuple[int, ...] | None:
        return self.winner

    def settlement(self) -> dict[int, Fraction]:
        """Each player's net gain in units (§19); empty while the game goes on."""
        if not self.is_over:
            return {}
        return settlement(self._scores, self.rules.stake_per_point)

    def _repr_html_(self) -> str:
        sheet = self.sheet
        names = [self.current.seat_name(s) for s in range(self.players)]
        rows = [(r["hand"] + 1, r["totals"], *marks) for r, marks in zip(sheet, self._refa_rows)]
        return score_sheet_html(names, self.rules.starting_score, rows, refas=self._refas)


def new_match(seed=None, rules=None, players=None, dealer=None, scores=None, refas=0,
              table_mode=False, **options) -> RaubMatch:
    """A game from everyone at the starting score (or ``scores``) until someone reaches 0."""
    checks.check_seed(seed)
    rules = _rules_for_players(rules, players, options)
    n = rules.player_count
    if dealer is not None:
        checks.check_dealer(dealer, n, State.SEAT_NAMES[n].__getitem__)
    if scores is not None:
        _score_list(scores, n)
    checks.check_whole_number(refas, "refas", 0)
    checks.check_bool(table_mode, "table_mode")
    return RaubMatch(sys.modules[__name__], rules, seed=seed, dealer=dealer, scores=scores,
                     refas=refas, table_mode=table_mode)


# --------------------------------------------------------------------------- decision topics
DECISION_TOPICS = ("dealing", "blind call", "bidding", "seven exchange", "defending", "drawing",
                   "play")
"""The kinds of decision a Raub player faces, as a course teaches them one by one:

* ``"dealing"``: the dealer's choice before the deal (deal, pass the deal, or call Muss);
* ``"blind call"``: the dealer's choice before looking (call Raub, call Stih, or look);
* ``"bidding"``: rounds 1 and 2 (declare or pass) and the dealer's choice after round 1
  (declare, pass or turn the next card);
* ``"seven exchange"``: exchanging the seven of trumps for the bonus card, or keeping the cards
  (variant ``trump_seven_exchange``);
* ``"defending"``: a defender's decision to stay in (play) or drop out (Idem);
* ``"drawing"``: choosing the face-up bonus card, and throwing away cards to draw as many;
* ``"play"``: a card to a trick.

In table mode a misdeal may be called beside any of these; it is no topic of its own.
"""

_PHASE_TOPICS = {"predeal": "dealing", "blind": "blind call", "bid1": "bidding",
                 "bid2": "bidding", "dealer_choice": "bidding", "seven": "seven exchange",
                 "defend": "defending", "draw": "drawing", "play": "play"}


def decision_topic(state: State) -> str | None:
    """The topic (one of :data:`DECISION_TOPICS`) of the decision the player to move faces;
    None when the hand is over."""
    if state.to_move is None:
        return None
    return _PHASE_TOPICS[state.phase]
