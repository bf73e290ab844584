"""Lora: seven (or eight, Libyan) contracts, six of them trick games and one layout game.

Authority: ``rules/lora.md``. Seats are numbered in turn order (``next(s) = s + 1``) whichever
way the table turns; ``direction`` only changes the names shown. Every point is a penalty
point: the lowest total wins.

Actions (canonical strings that ``apply`` reads back):

* ``play XX``: a card, to a trick or to the layout;
* ``pass``: in the layout contract, only when no card can be laid;
* ``choose <contract>``: the chooser names the contract (``contract_choice``);
* ``cut`` / ``cut N`` / ``decline_cut``: the cutter's decision under ``packet_deal_on_no_cut``;
  ``cut N`` lifts ``N`` cards (1-31, rules file 4.2), plain ``cut`` the number the engine drew;
* ``last_card``: the "last card" call when ``lora_last_card_call = manual``;
* ``penalty <item> <seat> [card]``: an irregularity of section 10 (``penalties`` only), e.g.
  ``penalty P3 1 9H`` (seat 1 revoked with 9H). Irregular plays sent with ``apply`` in
  strict-table mode are turned into these actions.
"""

from __future__ import annotations

import html
import random
import sys
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar, Mapping, Sequence

from ..cards import SUITS, Card, Rank, Suit, deck as make_deck, parse_card, parse_cards
from ..errors import CardError, IllegalAction, PositionError, RulesError, TutorError
from . import base, checks, positions
from .checks import quote
from . import lora_layout as layout
from .actions import Action, parse_action
from . import history
from .tricks import TrickRules

__all__ = ["Rules", "PRESETS", "resolve", "State", "LoraMatch", "new_hand", "position",
           "new_match", "deck_for", "CONTRACTS", "STANDARD_CONTRACTS", "LIBYAN_CONTRACTS",
           "CONTRACT_RULES", "contract_rule", "schedule", "standings"]

# --------------------------------------------------------------------------- contracts
STANDARD_CONTRACTS = ("minimum", "maximum", "queens", "hearts", "jack_of_clubs",
                      "king_hearts_last_trick", "lora")
LIBYAN_CONTRACTS = ("hearts", "king_of_hearts", "queens_libyan", "jack_of_clubs_libyan",
                    "sixth_trick", "tricks", "two_players", "lora")
LITTLE_LORA_CONTRACTS = tuple(c for c in STANDARD_CONTRACTS if c != "jack_of_clubs")
CONTRACTS = ("minimum", "maximum", "queens", "hearts", "jack_of_clubs", "king_hearts_last_trick",
             "king_hearts_sixth_trick", "lora", "king_of_hearts", "queens_libyan",
             "jack_of_clubs_libyan", "sixth_trick", "tricks", "two_players")

CONTRACT_NAMES = {
    "minimum": "Minimum", "maximum": "Maximum", "queens": "Queens", "hearts": "Hearts",
    "jack_of_clubs": "Jack of clubs", "king_hearts_last_trick": "King of hearts and last trick",
    "king_hearts_sixth_trick": "King of hearts and sixth trick", "lora": "Lora (layout)",
    "king_of_hearts": "King of hearts", "queens_libyan": "Queens (Libyan)",
    "jack_of_clubs_libyan": "Jack of clubs (Libyan)", "sixth_trick": "Sixth trick",
    "tricks": "Tricks", "two_players": "Two players",
}

# The scoring rule of each contract in one line (shown with the contract being played).
CONTRACT_RULES = {
    "minimum": "+1 per trick won",
    "maximum": "-1 per trick won",
    "queens": "+2 per queen taken",
    "hearts": "+1 per heart taken; -8 for taking all eight hearts",
    "jack_of_clubs": "+8 for taking the J♣",
    "king_hearts_last_trick": "+4 for taking the K♥, +4 for winning the last trick",
    "king_hearts_sixth_trick": "+4 for taking the K♥, +4 for winning the sixth trick",
    "king_of_hearts": "+8 for taking the K♥",
    "queens_libyan": "+2 per queen taken; -8 for taking all four queens",
    "jack_of_clubs_libyan": "+8 to the player after the one who takes the J♣",
    "sixth_trick": "+8 for winning the sixth trick",
    "tricks": "+1 per trick won; -8 for winning all eight tricks",
    "two_players": ("when exactly two players win 3 tricks or more, the other two score +4 each; "
                    "otherwise the same dealer deals again, and after 3 such deals the dealer "
                    "scores +8"),
    "lora": ("lay your cards on four suit piles; the first player out scores -8, each other "
             "player +1 per card left"),
}


def contract_rule(name: str, rules: "Rules | None" = None) -> str:
    """A contract's scoring in one line, with the numbers of the rules in force (6, 7.5,
    9.6-9.8): ``CONTRACT_RULES`` holds the basic game's."""
    r = resolve(rules) if not isinstance(rules, Rules) else rules
    if name == "jack_of_clubs" and r.jack_clubs_partner:
        return "+6 for taking the J♣, +2 to the player opposite"
    if name == "two_players":
        who = ("those two score" if r.libyan_two_players_penalize == "takers"
               else "the other two score")
        return (f"when exactly two players win 3 tricks or more, {who} +4 each; otherwise the "
                f"same dealer deals again, and after {r.libyan_two_players_attempts} such deals "
                f"the dealer scores +8")
    if name == "lora":
        text = (f"lay your cards on four suit piles; the first player out scores "
                f"{_signed(r.lora_out_points)}, each other player {_signed(r.lora_card_points)} "
                f"per card left")
        if r.lora_pass_points and r.lora_out_player_pays_passes:
            text += f"; every pass costs {_signed(r.lora_pass_points)}, the first out's too"
        elif r.lora_pass_points:
            text += f" and {_signed(r.lora_pass_points)} per pass"
        if r.lora_double_on_start_rank:
            text += "; all doubled when the player going out does so with a card of the start rank"
        return text
    return CONTRACT_RULES[name]


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"

ITEMS = {"P1": 8, "P2": 8, "P3": 16, "P4": 8, "P5": 32, "P6": 4}
ITEM_TEXT = {
    "P1": "misdeal", "P2": "playing out of turn or handling cards irregularly",
    "P3": "revoke (not following suit while able)", "P4": "irregular Lora play",
    "P5": "passing in Lora while holding a legal card", "P6": "slow play",
}
ENDS_HAND = ("P2", "P3", "P5")

TRICK_CARDS = make_deck("32")
TRICK_RULES = TrickRules.natural(TRICK_CARDS, trump=None)
QUEENS = frozenset(c for c in TRICK_CARDS if c.rank is Rank.QUEEN)
HEARTS = frozenset(c for c in TRICK_CARDS if c.suit is Suit.HEARTS)
JACK_CLUBS = Card(Rank.JACK, Suit.CLUBS)
KING_HEARTS = Card(Rank.KING, Suit.HEARTS)
_PLAY = {c: Action("play", (c,)) for c in TRICK_CARDS}
_PASS = Action("pass")
_LAST_CARD = Action("last_card")


# --------------------------------------------------------------------------- rules
@dataclass(frozen=True)
class Rules(base.RulesBase):
    """Options of rules file section 9.9, with its defaults. Presets: ``PRESETS``."""

    direction: str = "counterclockwise"
    first_dealer: Any = "random"
    contracts: tuple = STANDARD_CONTRACTS
    contract_choice: bool = False
    contract_chooser: str = "eldest"
    deal_rotation: Any = None  # None: block, or each_hand when contract_choice is on
    extra_hands: bool = False
    packet_deal_on_no_cut: bool = False
    jack_clubs_partner: bool = False
    lora_out_points: int = -8
    lora_card_points: int = 1
    lora_pass_points: int = 0
    lora_out_player_pays_passes: bool = True
    lora_double_on_start_rank: bool = False
    lora_last_card_call: str = "off"
    libyan_two_players_penalize: str = "others"
    libyan_two_players_attempts: int = 3
    penalties: bool = False
    slow_play_seconds: Any = None
    aborted_hand_counts: bool = True
    tie_rule: str = "shared"

    CHOICES: ClassVar[Mapping[str, tuple]] = {
        "direction": ("counterclockwise", "clockwise"),
        "first_dealer": (0, 1, 2, 3, "random"),
        "contract_chooser": ("eldest", "dealer"),
        "deal_rotation": (None, "block", "each_hand"),
        "lora_last_card_call": ("off", "auto", "manual"),
        "libyan_two_players_penalize": ("others", "takers"),
        "tie_rule": ("shared",),
    }

    def __post_init__(self):
        if isinstance(self.contracts, (list, str)):
            items = self.contracts.replace(",", " ").split() if isinstance(self.contracts, str) \
                else self.contracts
            object.__setattr__(self, "contracts", tuple(items))
        super().__post_init__()

    def validate(self) -> None:
        contracts = self.contracts
        if not isinstance(contracts, tuple) or not contracts:
            raise RulesError("option contracts must be a non-empty list of contract ids")
        unknown = [c for c in contracts if c not in CONTRACTS]
        if unknown:
            raise RulesError(f"unknown contract {quote(unknown[0])}; the contracts are: "
                             f"{', '.join(CONTRACTS)}")
        if len(set(contracts)) != len(contracts):
            twice = next(c for c in contracts if contracts.count(c) > 1)
            raise RulesError(f"contract {quote(twice)} is listed twice: each contract appears once")
        if self.extra_hands and not self.contract_choice:
            raise RulesError("extra_hands needs contract_choice: the extra hands are chosen by the players")
        if self.jack_clubs_partner and "jack_of_clubs" not in contracts:
            raise RulesError("jack_clubs_partner needs the jack_of_clubs contract in the list "
                             "(it does not apply to jack_of_clubs_libyan)")
        if self.lora_double_on_start_rank and self.lora_out_points != 0:
            raise RulesError("lora_double_on_start_rank is only defined with lora_out_points = 0 "
                             "(doubling a -8 is not defined)")
        if self.lora_last_card_call == "manual" and not self.penalties:
            raise RulesError("lora_last_card_call = manual needs penalties = true: its only purpose "
                             "is to penalise a missed call")
        if self.slow_play_seconds is not None:
            if isinstance(self.slow_play_seconds, bool) or not isinstance(self.slow_play_seconds, int) \
                    or self.slow_play_seconds <= 0:
                raise RulesError("slow_play_seconds must be a positive whole number of seconds or none")
            if not self.penalties:
                raise RulesError("slow_play_seconds needs penalties = true (slow play is penalty P6)")
        if self.libyan_two_players_attempts < 1:
            raise RulesError("libyan_two_players_attempts must be at least 1")

    # -- derived values ---------------------------------------------------------------
    @property
    def rotation(self) -> str:
        if self.deal_rotation is not None:
            return self.deal_rotation
        return "each_hand" if self.contract_choice else "block"

    @property
    def hands_in_game(self) -> int:
        return 4 * len(self.contracts) + (4 if self.extra_hands else 0)


PRESETS = {
    "little_lora": {"contracts": LITTLE_LORA_CONTRACTS},
    "king_hearts_sixth_trick": {"contracts": tuple(
        "king_hearts_sixth_trick" if c == "king_hearts_last_trick" else c for c in STANDARD_CONTRACTS)},
    "lora_pass_penalty": {"lora_pass_points": 1},
    "libyan": {"direction": "clockwise", "contracts": LIBYAN_CONTRACTS, "lora_out_points": 0,
               "lora_pass_points": 2, "lora_out_player_pays_passes": False,
               "lora_double_on_start_rank": True, "lora_last_card_call": "auto"},
}


def resolve(rules=None, **overrides) -> Rules:
    """Build Rules from None, a Rules value, a preset name (``"libyan"``, ``"little_lora+
    king_hearts_sixth_trick"``) or a dict; presets may also be given as flags
    (``libyan=True``). Presets combine in the order of rules file 9.9."""
    presets: list[str] = []
    values: dict = {}
    explicit: dict = {}
    if isinstance(rules, Rules):
        values = rules.to_dict()
    elif isinstance(rules, str):
        presets += [p.strip() for p in rules.split("+") if p.strip()]
    elif isinstance(rules, Mapping):
        explicit.update(rules)
    elif rules is not None:
        raise RulesError(f"rules must be a Rules value, a preset name or a dict, not {type(rules).__name__}")
    explicit.update(overrides)
    for name in list(explicit):
        if name in PRESETS:
            on = explicit.pop(name)
            if not isinstance(on, bool):
                raise RulesError(f"preset flag {name} must be true or false, not {quote(on)}")
            if on:
                presets.append(name)
    for name in presets:
        if name not in PRESETS:
            raise RulesError(f"unknown preset {quote(name)}; the presets are: {', '.join(PRESETS)}")
    on = set(presets)
    if "libyan" in on and "little_lora" in on:
        raise RulesError("little_lora cannot be combined with libyan: it is defined on the standard list")
    if "libyan" in on and "lora_pass_penalty" in on:
        raise RulesError("lora_pass_penalty cannot be combined with libyan: the Libyan pass charge is already +2")
    if on:
        if "contracts" in explicit:
            contracts = explicit["contracts"]
        elif "libyan" in on:
            contracts = LIBYAN_CONTRACTS
        elif "little_lora" in on:
            contracts = LITTLE_LORA_CONTRACTS
        else:
            contracts = values.get("contracts", STANDARD_CONTRACTS)
        if isinstance(contracts, str):
            contracts = contracts.replace(",", " ").split()
        if not isinstance(contracts, (list, tuple)):
            raise RulesError(f"option contracts must be a list of contract ids, not "
                             f"{quote(contracts)}")
        contracts = tuple(contracts)
        if "king_hearts_sixth_trick" in on:
            if "king_hearts_last_trick" not in contracts:
                raise RulesError("king_hearts_sixth_trick replaces king_hearts_last_trick, which is not "
                                 "in the contract list" + (" (the Libyan version has sixth_trick)"
                                                           if "libyan" in on else ""))
            contracts = tuple("king_hearts_sixth_trick" if c == "king_hearts_last_trick" else c
                              for c in contracts)
        values["contracts"] = contracts
        for name in presets:
            for key, value in PRESETS[name].items():
                if key != "contracts":
                    values[key] = value
    values.update({k: v for k, v in explicit.items() if not (on and k == "contracts")})
    return base.resolve_rules(Rules, {}, values)


def _rules(rules, options) -> Rules:
    if isinstance(rules, Rules) and not options:
        return rules
    return resolve(rules, **options)



# --------------------------------------------------------------------------- the hand
class State(base.HandState):
    """One Lora hand under one contract (trick contract or layout)."""

    game = "lora"
    VERBS = {"play": "card", "pass": None, "choose": "word", "cut": None, "decline_cut": None,
             "last_card": None, "penalty": "word"}
    # rules file 1.2-1.3: the standard game turns counterclockwise (next(s) sits at the right
    # of s: South, East, North, West), the Libyan version clockwise (South, West, North, East)
    SEAT_NAMES = base.COUNTERCLOCKWISE_SEAT_NAMES

    # -- construction -----------------------------------------------------------------
    def __init__(self, rules: Rules, dealer: int, deck: Sequence[Card] | None, contract: str | None,
                 available: Sequence[str] | None = None, extra: bool = False, attempt: int = 1,
                 hand_index: int | None = None, setup: Mapping | None = None,
                 remaining: Mapping | None = None, choices: Sequence = (), cut: int | None = None):
        if contract is not None and contract not in rules.contracts:
            raise RulesError(f"contract {quote(contract)} is not played under these rules; "
                             f"the contracts are: {', '.join(rules.contracts)}")
        self._init_base(rules, 4, dealer, setup or {})
        self.eldest = (dealer + 1) % 4
        self.cutter = (dealer + 3) % 4
        self.hand_index = hand_index
        self.attempt = attempt
        self.extra = extra
        self.chooser = None
        self.available = ()
        self.contract = contract
        self.hands = ((), (), (), ())
        self.trick = ()
        self.tricks = ()
        self.trick_rules = None
        self.active_seats = (0, 1, 2, 3)
        self.leader = self.eldest
        self.prior_won = ((), (), (), ())
        self.prior_tricks = (0, 0, 0, 0)
        self.prior_winners = ()
        self.trick_offset = 0
        self.piles = layout.EMPTY
        self.start_rank = None
        self.passes = (0, 0, 0, 0)
        self.out = None
        self.out_card = None
        self.last_called = frozenset()
        self.call_due = None
        self.penalty_log = ()
        self.ended_by = None  # the penalty item that ended the hand at once
        self.packets = False
        self.deck = tuple(deck) if deck is not None else None
        self.cut_default = cut or 0   # the cut the engine drew for a pending cut phase (4.2)
        self.remaining = ()
        self.choices = tuple(tuple(c) for c in choices)   # earlier choices: (hand, seat, contract)
        if rules.contract_choice and contract is None:
            self.chooser = self.eldest if rules.contract_chooser == "eldest" else dealer
            pool = tuple(rules.contracts) if extra or available is None else tuple(available)
            bad = [c for c in pool if c not in rules.contracts]
            if bad or not pool:
                raise RulesError(f"the chooser's list must be a non-empty part of the contract list, "
                                 f"not {quote(list(pool))}")
            self.available = pool
        elif contract is None:
            self.contract = rules.contracts[0]
        if rules.contract_choice and self.chooser is None:
            self.chooser = self.eldest if rules.contract_chooser == "eldest" else dealer
        if rules.contract_choice:
            # 11.2: every player's remaining contracts are public; unknown lists are whole
            lists = {s: tuple(rules.contracts) for s in range(4)}
            if available is not None and not extra:
                lists[self.chooser] = tuple(available)
            for seat, names in (remaining or {}).items():
                lists[int(seat)] = tuple(names)
            self.remaining = tuple(lists[s] for s in range(4))
        if self.deck is None:
            return
        if rules.packet_deal_on_no_cut:
            self.phase = "cut"
            self.to_move = self.cutter
        else:
            self._deal(packets=False)

    def _deal(self, packets: bool) -> None:
        hands = [[] for _ in range(4)]
        for i, card in enumerate(self.deck):
            offset = i // 8 if packets else i % 4
            hands[(self.dealer + 1 + offset) % 4].append(card)
        self.hands = tuple(tuple(sorted(h)) for h in hands)
        self.packets = packets
        if self.contract is None:
            if len(self.available) == 1:
                self.contract = self.available[0]  # forced: the last contract on the list
                self._start_play()
            else:
                self.phase = "choose"
                self.to_move = self.chooser
        else:
            self._start_play()

    def _start_play(self) -> None:
        self.phase = "play"
        self.leader = self.eldest
        self.to_move = self.eldest
        self.trick_rules = None if self.contract == "lora" else TRICK_RULES

    @classmethod
    def from_setup(cls, setup: Mapping, rules) -> "State":
        rules = resolve(rules) if not isinstance(rules, Rules) else rules
        field = checks.setup_field
        if setup.get("kind") == "position":
            spec = checks.check_spec({k: v for k, v in setup.items() if k != "kind"},
                                     "the position", allowed=_position)
            return _position(rules=rules, **spec)
        field(setup, "kind", checks.check_choice, ("deal",), "kind", optional=True)
        deck = field(setup, "deck", _read_deck)
        dealer = field(setup, "dealer", checks.check_dealer, 4, _seat_namer(rules))
        contract = field(setup, "contract", _check_contract, rules, optional=True)
        available = field(setup, "available", _check_available, rules, optional=True)
        extra = field(setup, "extra", checks.check_bool, "extra", optional=True, default=False)
        attempt = field(setup, "attempt", checks.check_whole_number, "attempt", 1,
                        optional=True, default=1)
        hand_index = field(setup, "hand_index", _check_hand_index, optional=True)
        remaining = field(setup, "remaining", _check_remaining, rules, optional=True)
        choices = field(setup, "choices", _check_choices, rules, optional=True, default=())
        cut = field(setup, "cut", _check_pending_cut, optional=True)
        return cls(rules, dealer, deck, contract, available=available, extra=extra,
                   attempt=attempt, hand_index=hand_index, setup=setup,
                   remaining=remaining, choices=choices or (), cut=cut)

    # -- names ------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        return _seat_namer(self.rules)(seat)

    @property
    def is_lora(self) -> bool:
        return self.contract == "lora"

    # -- legal actions ----------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if self.to_move is None:
            return []
        if phase == "play":
            hand = self.hands[self.to_move]
            if self.contract == "lora":
                if self.call_due is not None:
                    return [_LAST_CARD]
                cards = layout.legal_cards(hand, self.piles, self.start_rank)
                return [_PLAY[c] for c in cards] if cards else [_PASS]
            led = [c for _, c in self.trick]
            return [_PLAY[c] for c in TRICK_RULES.legal_cards(hand, led)]
        if phase == "choose":
            return [Action("choose", (), c) for c in self.available]
        if phase == "cut":
            return [Action("cut"), Action("decline_cut")]
        return []

    def parse_action(self, action) -> Action:
        if isinstance(action, Action) and action.verb == "penalty":
            parse_action(action, self.VERBS)  # the shape: a word, no cards
            action = f"penalty {action.arg}"
        if isinstance(action, str) and action.strip().lower().startswith("penalty"):
            return self.check_pack(_parse_penalty(action))
        if isinstance(action, str) and action.strip().lower().split()[:1] == ["cut"] \
                and len(action.split()) > 1:
            return _parse_cut(action)
        act = parse_action(action, self.VERBS)
        if act.verb == "choose" and act.arg is not None:
            act = Action("choose", (), act.arg.lower().replace("-", "_"))
        return self.check_pack(act)

    def game_pack(self) -> tuple[Card, ...]:
        return TRICK_CARDS

    def explain_illegal(self, action: Action, legal: Sequence[Action],
                        said: str | None = None) -> str:
        who = self.seat_name(self.to_move)
        if self.phase == "play" and action.verb == "play":
            hand = self.hands[self.to_move]
            if action.card not in hand:
                return f"{who} cannot play the {action.card.name}: {who} does not hold it"
            if self.contract == "lora":
                if self.call_due is not None:
                    return f"{who} has one card left and must first call 'last card'"
                reason = layout.why_illegal(action.card, hand, self.piles, self.start_rank)
            else:
                reason = TRICK_RULES.why_illegal(action.card, hand, [c for _, c in self.trick])
            if reason:
                return f"{who} cannot play the {action.card.name}: {reason}"
        if self.phase == "play" and action.verb == "pass" and self.contract == "lora":
            cards = " ".join(str(a.card) for a in legal if a.verb == "play")
            return (f"{who} cannot pass: a pass is only allowed when no card can be laid, "
                    f"and {who} can lay {cards}")
        if self.phase == "play" and action.verb == "pass":
            return "there is no passing in a trick contract: play a card"
        if self.phase == "choose" and action.verb == "choose":
            name = action.arg
            word = quote(" ".join(said.strip("'").split()[1:])) if said else quote(name)
            if name not in CONTRACTS:
                return (f"{word} is not a contract; still to choose: "
                        f"{', '.join(CONTRACT_NAMES[c] for c in self.available)}")
            if name not in self.rules.contracts:
                return f"{word} is not one of the contracts of this game"
            return (f"{who} has already chosen {CONTRACT_NAMES[name]} in an earlier hand; "
                    f"still to choose: {', '.join(CONTRACT_NAMES[c] for c in self.available)}")
        if action.verb == "last_card":
            return "'last card' is only called right after a play that leaves exactly one card"
        return super().explain_illegal(action, legal, said)

    # -- strict-table mode ----------------------------------------------------------
    def apply(self, action, seat: int | None = None) -> Action:
        if seat is not None:
            self.check_seat(seat)
        act = self.parse_action(action)
        if act.verb == "cut" and act.arg is not None:
            # 'cut N' is the cut with the number chosen: legal whenever 'cut' is
            super().apply(Action("cut"), seat)
            self.undo()
            self.push(act)
            return act
        if act.verb == "penalty":
            self._check_penalty(act)
            self.push(act)
            return act
        if self.rules.penalties and self.to_move is not None and self.phase == "play":
            if self.call_due is not None and not (act == _LAST_CARD and seat in (None, self.call_due)):
                # the next action came before the call: +8 (P4), the call is made, then the action
                self.push(Action("penalty", (), f"P4 {self.call_due}"))
                try:
                    return self.apply(action, seat)
                except TutorError:
                    self.undo()  # a refused action leaves everything as it was
                    raise
            irregular = self._irregularity(act, seat)
            if irregular is not None:
                self.push(irregular)
                return irregular
        return super().apply(action, seat)

    def _irregularity(self, act: Action, seat: int | None) -> Action | None:
        """The penalty action a strict table records for ``act``, or None if it is regular."""
        mover = self.to_move if seat is None else seat
        if not 0 <= mover < 4:
            return None
        if act.verb == "play":
            card = act.card
            if card not in self.hands[mover]:
                return None  # a card the player does not hold cannot be played at all
            if mover != self.to_move:
                return Action("penalty", (), f"P2 {mover} {card}")
            if act in self.legal_actions():
                return None
            if self.contract == "lora":
                return Action("penalty", (), f"P4 {mover} {card}")
            return Action("penalty", (), f"P3 {mover} {card}")
        if act.verb == "pass" and self.contract == "lora":
            if mover != self.to_move:
                return Action("penalty", (), f"P2 {mover}")
            if _PASS not in self.legal_actions():
                return Action("penalty", (), f"P5 {mover}")
        return None

    def _check_penalty(self, act: Action) -> None:
        item, offender, card = _penalty_parts(act)
        if not self.rules.penalties:
            raise IllegalAction("penalties are only recorded at a strict table (option penalties = true)")
        if self.to_move is None:
            raise IllegalAction("the hand is over: no more penalties can be reported for it")
        if self.phase not in ("play", "choose"):
            raise IllegalAction("penalties are reported between the deal and the end of the hand")
        if self.phase == "choose" and item in ("P3", "P4", "P5"):
            raise IllegalAction(f"{item} ({ITEM_TEXT[item]}) needs a card played, and no card is "
                                f"played before the contract is named")
        if item == "P1" and offender != self.dealer:
            raise IllegalAction(f"a misdeal is always the dealer's ({self.seat_name(self.dealer)}) offence")
        if item == "P3" and self.contract == "lora":
            raise IllegalAction("a revoke (P3) only exists in the trick contracts")
        if item in ("P4", "P5") and self.contract != "lora":
            raise IllegalAction(f"{item} only exists in the Lora layout contract")
        if item == "P6" and self.rules.slow_play_seconds is None:
            raise IllegalAction("there is no slow-play timer (set slow_play_seconds)")
        if item == "P6" and offender != self.to_move:
            raise IllegalAction(f"only the player to act can run out of time, and that is "
                                f"{self.seat_name(self.to_move)}")
        if card is not None and card not in self.hands[offender]:
            raise IllegalAction(f"{self.seat_name(offender)} does not hold the {card.name}")

    # -- performing actions -------------------------------------------------------------
    def _push(self, action: Action) -> None:
        verb = action.verb
        if verb == "play":
            if self.contract == "lora":
                self._lay(action.card)
            else:
                self._play_to_trick(action.card)
        elif verb == "pass":
            seat = self.to_move
            self.passes = _bump(self.passes, seat, 1)
            self.to_move = (seat + 1) % 4
        elif verb == "last_card":
            seat = self.call_due
            self.last_called = self.last_called | {seat}
            self.call_due = None
            self.to_move = (seat + 1) % 4
        elif verb == "choose":
            self.contract = action.arg
            self._start_play()
        elif verb == "cut":
            lifted = int(action.arg) if action.arg is not None else self.cut_default
            self.deck = self.deck[lifted:] + self.deck[:lifted]
            self._deal(packets=False)
        elif verb == "decline_cut":
            self._deal(packets=True)
        elif verb == "penalty":
            self._penalise(action)
        else:  # pragma: no cover - parse_action only lets known verbs through
            raise IllegalAction(f"unknown action {action}")

    def _play_to_trick(self, card: Card) -> None:
        winner = self._play_card_to_trick(self.to_move, card)
        if winner is None:
            return
        if not self.hands[winner]:
            self.phase = "done"
            self.to_move = None

    def _lay(self, card: Card) -> None:
        seat = self.to_move
        if self.start_rank is None:
            self.start_rank = card.rank
        self.piles = _bump(self.piles, card.suit.index, 1)
        self.hands = _remove(self.hands, seat, card)
        left = len(self.hands[seat])
        if left == 0:
            self.out = seat
            self.out_card = card
            self.phase = "done"
            self.to_move = None
            return
        call = self.rules.lora_last_card_call
        if left == 1 and call == "auto":
            self.last_called = self.last_called | {seat}
        elif left == 1 and call == "manual":
            self.call_due = seat
            return
        self.to_move = (seat + 1) % 4

    def _penalise(self, action: Action) -> None:
        item, offender, card = _penalty_parts(action)
        self.penalty_log = self.penalty_log + ((offender, item, ITEMS[item], str(card) if card else None),)
        if item == "P1" or item in ENDS_HAND:
            self.ended_by = item
            self.phase = "done"
            self.to_move = None
        elif item == "P4" and self.call_due is not None and offender == self.call_due and card is None:
            self.last_called = self.last_called | {offender}
            self.call_due = None
            self.to_move = (offender + 1) % 4
        # P4 with a card: the card goes back to the hand, the offender still has to act.
        # P6: the turn stays with the offender.

    # -- results ----------------------------------------------------------------------
    # -- what each seat has taken (positions may start after some tricks) ----------------
    def won_cards(self) -> list[list[Card]]:
        """Cards each seat has taken this hand, tricks before a position included."""
        won = [list(self.prior_won[s]) for s in range(4)]
        for _, cards, winner in self.tricks:
            won[winner].extend(c for _, c in cards)
        return won

    def trick_counts(self) -> list[int]:
        """Tricks each seat has taken this hand, tricks before a position included."""
        counts = list(self.prior_tricks)
        for _, _, winner in self.tricks:
            counts[winner] += 1
        return counts

    @property
    def tricks_played(self) -> int:
        """Tricks completed this hand, tricks before a position included (the trick in
        progress is number ``tricks_played + 1``)."""
        return self.trick_offset + len(self.tricks)

    def unassigned_cards(self) -> frozenset:
        """Cards played in tricks before a position whose taker the position does not state:
        they count for nobody (see :func:`position`)."""
        if not self.trick_offset:
            return frozenset()
        placed = {c for h in self.hands for c in h} | {c for _, c in self.trick}
        placed.update(c for _, cards, _ in self.tricks for _, c in cards)
        placed.update(c for w in self.prior_won for c in w)
        return frozenset(c for c in TRICK_CARDS if c not in placed)

    def unassigned_tricks(self) -> int:
        """Tricks before a position whose winner the position does not state (they count for
        nobody)."""
        return self.trick_offset - sum(self.prior_tricks)

    def winner_of(self, number: int) -> int | None:
        """Winner of trick ``number`` (1-8), including tricks before a position."""
        if number <= len(self.prior_winners):
            return self.prior_winners[number - 1]
        i = number - self.trick_offset - 1
        if 0 <= i < len(self.tricks):
            return self.tricks[i][2]
        return None

    def result(self) -> base.HandResult:
        if not self.is_over:
            raise IllegalAction("the hand is not over yet: there is no result")
        points = {s: 0 for s in range(4)}
        reasons: list[str] = []
        details: dict = {"contract": self.contract, "dealer": self.dealer, "chooser": self.chooser,
                         "attempt": self.attempt, "void": False, "redeal": False,
                         "aborted": self.ended_by in ENDS_HAND, "misdeal": self.ended_by == "P1",
                         "penalties": [list(p) for p in self.penalty_log]}
        if self.ended_by is None:
            contract_points = self._score_contract(reasons, details)
            for s, p in contract_points.items():
                points[s] += p
        else:
            details["redeal"] = self.ended_by == "P1" or not self.rules.aborted_hand_counts
            reasons.append("no contract scores: the hand ended at once because of a penalty"
                           if self.ended_by != "P1" else "misdeal: the same dealer deals again")
        details["contract_points"] = dict(points)
        for offender, item, pts, card in self.penalty_log:
            points[offender] += pts
            what = ITEM_TEXT[item] + (f" with the {parse_card(card).symbol}" if card else "")
            reasons.append(f"{self.seat_name(offender)} +{pts}: penalty for {what}")
        return base.HandResult(points=points, sides={s: s for s in range(4)}, reasons=tuple(reasons),
                               details=details)

    def _score_contract(self, reasons: list[str], details: dict) -> dict:
        name = self.seat_name
        c = self.contract
        pts = {s: 0 for s in range(4)}
        if c == "lora":
            return self._score_lora(reasons, details)
        won = self.won_cards()
        counts = self.trick_counts()
        if c in ("minimum", "maximum", "tricks"):
            sign = -1 if c == "maximum" else 1
            for s in range(4):
                if c == "tricks" and counts[s] == 8:
                    pts[s] = -8
                    reasons.append(f"{name(s)} won all eight tricks: -8")
                elif counts[s]:
                    pts[s] = sign * counts[s]
                    reasons.append(f"{name(s)} won {counts[s]} trick{'s' * (counts[s] != 1)}: {pts[s]:+d}")
        elif c in ("queens", "queens_libyan"):
            for s in range(4):
                q = sum(1 for card in won[s] if card in QUEENS)
                if c == "queens_libyan" and q == 4:
                    pts[s] = -8
                    reasons.append(f"{name(s)} took all four queens: -8")
                elif q:
                    pts[s] = 2 * q
                    reasons.append(f"{name(s)} took {q} queen{'s' * (q != 1)}: +{2 * q}")
        elif c == "hearts":
            for s in range(4):
                h = sum(1 for card in won[s] if card in HEARTS)
                if h == 8:
                    pts[s] = -8
                    reasons.append(f"{name(s)} took all eight hearts: -8")
                elif h:
                    pts[s] = h
                    reasons.append(f"{name(s)} took {h} heart{'s' * (h != 1)}: +{h}")
        elif c in ("jack_of_clubs", "jack_of_clubs_libyan"):
            taker = next((s for s in range(4) if JACK_CLUBS in won[s]), None)
            if taker is not None:
                if c == "jack_of_clubs_libyan":
                    payer = (taker + 1) % 4
                    pts[payer] = 8
                    reasons.append(f"{name(taker)} took the J♣: {name(payer)}, the next player, +8")
                elif self.rules.jack_clubs_partner:
                    pts[taker] = 6
                    pts[(taker + 2) % 4] = 2
                    reasons.append(f"{name(taker)} took the J♣: +6, and {name((taker + 2) % 4)} "
                                   f"opposite +2")
                else:
                    pts[taker] = 8
                    reasons.append(f"{name(taker)} took the J♣: +8")
        elif c in ("king_hearts_last_trick", "king_hearts_sixth_trick", "king_of_hearts", "sixth_trick"):
            taker = next((s for s in range(4) if KING_HEARTS in won[s]), None)
            if c != "sixth_trick" and taker is not None:
                value = 8 if c == "king_of_hearts" else 4
                pts[taker] += value
                reasons.append(f"{name(taker)} took the K♥: +{value}")
            if c != "king_of_hearts":
                number = 8 if c == "king_hearts_last_trick" else 6
                winner = self.winner_of(number)
                if winner is not None:
                    value = 8 if c == "sixth_trick" else 4
                    pts[winner] += value
                    word = "last" if number == 8 else "sixth"
                    reasons.append(f"{name(winner)} won the {word} trick: +{value}")
        elif c == "two_players":
            qualified = [s for s in range(4) if counts[s] >= 3]
            details["qualified"] = qualified
            if len(qualified) == 2:
                payers = qualified if self.rules.libyan_two_players_penalize == "takers" else \
                    [s for s in range(4) if s not in qualified]
                for s in payers:
                    pts[s] = 4
                reasons.append(f"{' and '.join(name(s) for s in qualified)} won 3 or more tricks: "
                               f"{' and '.join(name(s) for s in payers)} +4 each")
            else:
                details["void"] = True
                if self.attempt >= self.rules.libyan_two_players_attempts:
                    pts[self.dealer] = 8
                    reasons.append(f"void deal, attempt {self.attempt} of "
                                   f"{self.rules.libyan_two_players_attempts}: the dealer "
                                   f"{name(self.dealer)} scores +8")
                else:
                    details["redeal"] = True
                    reasons.append(f"void deal (fewer than two players won 3 tricks): "
                                   f"the same dealer deals again (attempt {self.attempt + 1})")
        return pts

    def _score_lora(self, reasons: list[str], details: dict) -> dict:
        r = self.rules
        name = self.seat_name
        out = self.out
        mult = 2 if (r.lora_double_on_start_rank and self.out_card.rank == self.start_rank) else 1
        details.update(out=out, out_card=str(self.out_card), multiplier=mult,
                       passes=dict(enumerate(self.passes)),
                       cards_left={s: len(self.hands[s]) for s in range(4)})
        pts = {}
        for s in range(4):
            if s == out:
                paid = r.lora_pass_points * self.passes[s] if r.lora_out_player_pays_passes else 0
                pts[s] = r.lora_out_points + mult * paid
                reasons.append(f"{name(s)} went out with the {self.out_card.name}: "
                               f"{r.lora_out_points:+d}" + (f", passes {mult * paid:+d}" if paid else ""))
            else:
                cards, passes = len(self.hands[s]), self.passes[s]
                pts[s] = mult * (r.lora_card_points * cards + r.lora_pass_points * passes)
                text = f"{name(s)}: {cards} card{'s' * (cards != 1)} left"
                if r.lora_pass_points:
                    text += f", {passes} pass{'es' * (passes != 1)}"
                reasons.append(text + (" (doubled)" if mult == 2 else "") + f": {pts[s]:+d}")
        if mult == 2:
            reasons.append(f"the going-out card has the start rank {self.start_rank.label}: scores doubled")
        return pts

    # -- views ------------------------------------------------------------------------
    def _view_hand(self, seat: int) -> tuple[Card, ...]:
        return self.hands[seat]

    def _view_public(self) -> dict:
        counts = self.trick_counts()
        public = {
            "contract": self.contract,
            "contract_rule": self.contract and contract_rule(self.contract, self.rules),
            "eldest": self.eldest, "cutter": self.cutter, "direction": self.rules.direction,
            "chooser": self.chooser, "available": list(self.available), "extra_hand": self.extra,
            "hand_index": self.hand_index, "attempt": self.attempt,
            "packets": self.packets if self.rules.packet_deal_on_no_cut else None,
            "trick": [[s, str(c)] for s, c in self.trick],
            "tricks": [[lead, [[s, str(c)] for s, c in cards], w] for lead, cards, w in self.tricks],
            "hand_sizes": {s: len(self.hands[s]) for s in range(4)},
            "tricks_won": {s: counts[s] for s in range(4)},
            "trump": None,
            "penalties": [list(p) for p in self.penalty_log],
        }
        if self.rules.contract_choice:
            # 11.2: each player's remaining contracts (this hand's choice struck) and every
            # earlier choice, so that a decision can be taken from the view alone
            lists = [list(names) for names in self.remaining]
            if self.contract is not None and not self.extra and self.chooser is not None:
                lists[self.chooser] = [c for c in lists[self.chooser] if c != self.contract]
            public["remaining"] = {s: lists[s] for s in range(4)}
            public["choices"] = [{"hand": h, "chooser": s, "contract": c}
                                 for h, s, c in self.choices]
        if self.contract == "lora":
            public.update({
                "start_rank": self.start_rank.char if self.start_rank else None,
                "layout": {s.value: [str(c) for c in layout.pile_cards(s, self.piles[s.index],
                                                                        self.start_rank)] for s in SUITS},
                # the rank each pile needs next (None: complete); ranks, not card names, so a
                # view never names a card that someone else may hold
                "next": {s.value: (c.rank.char if c else None) for s, c in
                         ((s, layout.next_card(s, self.piles[s.index], self.start_rank)) for s in SUITS)},
                "passes": {s: self.passes[s] for s in range(4)},
                "last_card": sorted(self.last_called),
                "call_due": self.call_due,
                "out": self.out,
            })
        if self.is_over:
            res = self.result()
            public["scores"] = dict(res.points)
        return public

    # -- display ----------------------------------------------------------------------
    def contract_line(self) -> str:
        if self.contract is None:
            return f"contract: to be chosen by {self.seat_name(self.chooser)}"
        return f"{CONTRACT_NAMES[self.contract]}: {self._rule_text()}"

    def _rule_text(self) -> str:
        return contract_rule(self.contract, self.rules)

    def __str__(self) -> str:
        lines = [f"Lora, dealer {self.seat_name(self.dealer)}; {self.contract_line()}"]
        for s in range(4):
            mark = "*" if s == self.to_move else " "
            cards = " ".join(str(c) for c in self.hands[s])
            extra = ""
            if self.contract == "lora":
                extra = f"  passes {self.passes[s]}" + (" [last card]" if s in self.last_called else "")
            else:
                extra = f"  tricks {self.trick_counts()[s]}"
            lines.append(f"{mark} {self.seat_name(s):<5} {cards}{extra}")
        if self.phase == "cut":
            lines.append(f"{self.seat_name(self.cutter)} cuts (single cards) or declines (packets of 8)")
        elif self.contract == "lora":
            lines.append(layout.layout_text(self.piles, self.start_rank))
        elif self.trick:
            lines.append("trick: " + " ".join(f"{self.seat_name(s)} {c}" for s, c in self.trick))
        if self.is_over:
            lines.append("result: " + str(self.result()))
        return "\n".join(lines)

    def _html_extras(self) -> list[str]:
        parts = [f'<div class="lora-contract"><b>{html.escape(CONTRACT_NAMES.get(self.contract, "Contract"))}'
                 f'</b>: {html.escape(self._rule_text() if self.contract else self.contract_line())}</div>']
        if self.chooser is not None:
            parts.append(f'<div class="lora-chooser">Chooser: {html.escape(self.seat_name(self.chooser))}; '
                         f'still to choose: {html.escape(", ".join(self.available) or "-")}</div>')
        if self.contract == "lora":
            parts.append(layout.layout_html(self.piles, self.start_rank))
            passes = ", ".join(f"{self.seat_name(s)} {self.passes[s]}" for s in range(4))
            parts.append(f'<div class="lora-passes">Passes: {html.escape(passes)}</div>')
            if self.last_called:
                parts.append('<div class="lora-last-card">Last card called: '
                             + html.escape(", ".join(self.seat_name(s) for s in sorted(self.last_called)))
                             + "</div>")
        if self.penalty_log:
            items = "".join(f"<li>{html.escape(self.seat_name(o))} +{p}: {html.escape(ITEM_TEXT[i])}</li>"
                            for o, i, p, _ in self.penalty_log)
            parts.append(f'<div class="lora-penalties">Penalties<ul>{items}</ul></div>')
        if self.is_over:
            res = self.result()
            cells = "".join(f"<td>{html.escape(self.seat_name(s))} {res.points[s]:+d}</td>" for s in range(4))
            parts.append(f'<table class="lora-score"><tr>{cells}</tr></table>')
        return parts


# --------------------------------------------------------------------------- helpers
def _remove(hands: tuple, seat: int, card: Card) -> tuple:
    return tuple(tuple(c for c in h if c is not card) if s == seat else h for s, h in enumerate(hands))


def _bump(values: tuple, index: int, by: int) -> tuple:
    return tuple(v + by if i == index else v for i, v in enumerate(values))


def _parse_penalty(text: str) -> Action:
    words = text.strip().split()
    usage = "write a penalty as 'penalty <item> <seat> [card]', e.g. 'penalty P3 1 9H'"
    if len(words) not in (3, 4):
        raise IllegalAction(usage)
    if words[1] in ("0", "1", "2", "3") and words[2].upper() in ITEMS:
        words[1], words[2] = words[2], words[1]  # the rules file's order: penalty(offender, item)
    item = words[1].upper()
    if item not in ITEMS:
        raise IllegalAction(f"{quote(words[1])} is not a penalty item: use P1 to P6; {usage}")
    if words[2] not in ("0", "1", "2", "3"):
        raise IllegalAction(f"{quote(words[2])} is not a seat: seats are 0 to 3")
    arg = f"{item} {int(words[2])}"
    if len(words) == 4:
        arg += f" {parse_card(words[3])}"
    return Action("penalty", (), arg)


def _parse_cut(text: str) -> Action:
    words = text.strip().split()
    if len(words) != 2 or not words[1].isdigit() or not 1 <= int(words[1]) <= 31:
        raise IllegalAction(f"a cut lifts 1 to 31 cards: write 'cut' or e.g. 'cut 12', not "
                            f"'{text.strip()[:40]}'")
    return Action("cut", (), str(int(words[1])))


def _penalty_parts(action: Action) -> tuple[str, int, Card | None]:
    words = (action.arg or "").split()
    if len(words) < 2 or words[0] not in ITEMS:
        raise IllegalAction("write a penalty as 'penalty <item> <seat> [card]'")
    return words[0], int(words[1]), (parse_card(words[2]) if len(words) > 2 else None)


def _seat_namer(rules: Rules):
    """Seat names as the table turns (rules file 1.2-1.3): one place for the engine and its
    messages."""
    names = (base.CLOCKWISE_SEAT_NAMES if rules.direction == "clockwise"
             else base.COUNTERCLOCKWISE_SEAT_NAMES)[4]
    return names.__getitem__


def _read_deck(deck, what: str = "deck") -> tuple[Card, ...]:
    return checks.check_deck(deck, TRICK_CARDS, what, "the 32-card pack (7 to A)")


def _check_contract(contract, rules: Rules):
    if contract is None:
        return None
    if not isinstance(contract, str) or contract not in rules.contracts:
        raise RulesError(f"contract {quote(contract)} is not played under these rules; "
                         f"the contracts are: {', '.join(rules.contracts)}")
    return contract


def _check_available(available, rules: Rules):
    if available is None:
        return None
    if isinstance(available, (str, Mapping)) or not isinstance(available, (list, tuple)):
        raise RulesError(f"available must be a list of contracts, not {quote(available)}")
    if not available:
        raise RulesError("available must list at least one contract still to choose")
    for c in available:
        _check_contract(c, rules)
    return tuple(available)


def _check_remaining(remaining, rules: Rules):
    """Each player's contracts still to choose: {seat: [contract, ...]} (seats may be text)."""
    if remaining is None:
        return None
    checks.check_mapping(remaining, "remaining", RulesError)
    out = {}
    for key, names in remaining.items():
        seat = int(key) if isinstance(key, str) and key in ("0", "1", "2", "3") else key
        checks.check_seat(seat, 4, error=RulesError, where="remaining: ")
        if isinstance(names, (str, Mapping)) or not isinstance(names, (list, tuple)):
            raise RulesError(f"remaining: seat {seat} needs a list of contracts, not "
                             f"{quote(names)}")
        out[seat] = tuple(_check_contract(c, rules) for c in names)
    return out


def _check_choices(choices, rules: Rules) -> tuple:
    """Earlier choices of the game: a list of (hand number, seat, contract)."""
    if isinstance(choices, (str, Mapping)) or not isinstance(choices, (list, tuple)):
        raise RulesError(f"choices must be a list of (hand, seat, contract), not {quote(choices)}")
    for item in choices:
        if not isinstance(item, (list, tuple)) or len(item) != 3:
            raise RulesError(f"a choice is (hand, seat, contract), not {quote(item)}")
        checks.check_whole_number(item[0], "a choice's hand number", 1, error=RulesError)
        checks.check_seat(item[1], 4, "chooser seat", error=RulesError)
        _check_contract(item[2], rules)
    return tuple(tuple(item) for item in choices)


def _check_pending_cut(value):
    return None if value is None else checks.check_whole_number(value, "cut", 0, 31)


def _check_hand_index(value):
    return None if value is None else checks.check_whole_number(value, "hand_index", 0)


def _rank_of(value) -> Rank:
    if isinstance(value, Rank):
        return value
    try:
        return parse_card(f"{value}S").rank
    except CardError:
        raise PositionError(f"start_rank: {quote(value)} is not a rank: use 7, 8, 9, T, J, Q, K or A") from None


def _seat_cards(hands: Mapping | Sequence, what: str = "hands") -> dict[int, tuple[Card, ...]]:
    if isinstance(hands, Mapping):
        items = hands.items()
    else:
        items = enumerate(hands)
    out = {}
    for seat, cards in items:
        seat = int(seat)
        if not 0 <= seat < 4:
            raise IllegalAction(f"there is no seat {seat} in {what}: seats are 0 to 3")
        out[seat] = parse_cards(cards) if isinstance(cards, str) else tuple(parse_card(c) for c in cards)
    return out


# --------------------------------------------------------------------------- entry points
def new_hand(seed=None, deck=None, dealer=None, rules=None, players=None, contract=None,
             available=None, extra=False, attempt=1, hand_index=None, cut=None, remaining=None,
             choices=(), **options) -> State:
    """Deal one hand. ``deck`` is the exact order dealt from the top (after the cut): card ``i``
    goes to seat ``dealer + 1 + i % 4`` (or ``dealer + 1 + i // 8`` in packets). Without a
    ``contract`` the first of the list is played, or under ``contract_choice`` the chooser
    picks from ``available`` (their remaining list); ``remaining`` (seat -> contracts) and
    ``choices`` (earlier ``(hand, seat, contract)``) are the public facts of 11.2, which a
    match passes on.

    ``cut`` is the number of cards the cutter lifts (1-31, rules file 4.2): a human cutter's
    choice; without it the engine draws one from ``seed`` (an explicit ``deck`` is then dealt
    as given). Under ``packet_deal_on_no_cut`` the cutter decides at the table instead: the
    pack waits uncut, ``cut N`` lifts ``N`` cards, ``cut`` the number given or drawn here, and
    ``decline_cut`` deals the uncut pack in packets."""
    rules = _deal_rules(seed, rules, players, options)
    rng = random.Random(seed)
    if dealer is None:
        dealer = rules.first_dealer if rules.first_dealer != "random" else rng.randrange(4)
    dealer = checks.check_dealer(dealer, 4, _seat_namer(rules))
    if cut is not None:
        checks.check_whole_number(cut, "a cut (the number of cards lifted)", 1, 31, IllegalAction)
    if deck is None:
        cards = list(TRICK_CARDS)
        rng.shuffle(cards)
        drawn = rng.randint(1, 31)
    else:
        cards = list(_read_deck(deck))
        drawn = 0
    contract = _check_contract(contract, rules)
    available = _check_available(available, rules)
    checks.check_bool(extra, "extra")
    checks.check_whole_number(attempt, "attempt", 1)
    _check_hand_index(hand_index)
    remaining = _check_remaining(remaining, rules)
    choices = _check_choices(choices, rules)
    lifted = cut if cut is not None else drawn
    pending = None
    if rules.packet_deal_on_no_cut:
        pending = lifted        # the cutter may still decline: the pack waits uncut
    elif lifted:
        cards = cards[lifted:] + cards[:lifted]
    setup = {"kind": "deal", "deck": [str(c) for c in cards], "dealer": dealer, "contract": contract,
             "available": list(available) if available is not None else None, "extra": bool(extra),
             "attempt": attempt, "hand_index": hand_index}
    if pending:
        setup["cut"] = pending
    if rules.contract_choice:
        setup["remaining"] = ({int(k): list(v) for k, v in remaining.items()}
                              if remaining is not None else None)
        setup["choices"] = [list(c) for c in choices]
    return State(rules, dealer, cards, contract, available=available, extra=extra, attempt=attempt,
                 hand_index=hand_index, setup=setup, remaining=remaining, choices=choices,
                 cut=pending)


def deck_for(hands: Mapping | Sequence, dealer: int = 0, packets: bool = False, seed=None) -> tuple[Card, ...]:
    """A deck order that deals the chosen hands (seat -> cards); missing cards are filled in
    from the rest of the pack (shuffled by ``seed``)."""
    checks.check_seed(seed)
    checks.check_bool(packets, "packets")
    dealer = checks.check_dealer(dealer, 4, State.SEAT_NAMES[4].__getitem__)
    chosen = checks.check_hands(hands, 4, TRICK_CARDS, "the 32-card pack (7 to A)", most=8,
                                name=State.SEAT_NAMES[4].__getitem__)
    used = [c for cards in chosen.values() for c in cards]
    if len(set(used)) != len(used):
        raise CardError("a card is given to two players")
    if any(len(v) > 8 for v in chosen.values()):
        raise CardError("a Lora hand has 8 cards")
    rest = [c for c in TRICK_CARDS if c not in set(used)]
    random.Random(seed).shuffle(rest)
    full = {}
    for s in range(4):
        cards = list(chosen.get(s, ()))
        while len(cards) < 8:
            cards.append(rest.pop())
        full[s] = cards
    order = [None] * 32
    for i in range(32):
        if packets:
            seat, k = (dealer + 1 + i // 8) % 4, i % 8
        else:
            seat, k = (dealer + 1 + i % 4) % 4, i // 4
        order[i] = full[seat][k]
    return tuple(order)


def position(contract="minimum", hands=None, leader=0, trick=(), rules=None, dealer=None,
             won=None, tricks_won=None, trick_winners=None, layout_cards=None, laid=None,
             start_rank=None, passes=None, to_move=None, **options) -> State:
    """A play-phase state built directly (puzzles, solver).

    Trick contracts: ``hands`` (seat -> cards), ``leader`` of the current ``trick`` (cards
    played so far, in order from the leader). The cards missing from the hands and the trick
    were played in earlier tricks; the trick number follows from them (every player holds as
    many cards as tricks are left). Who took what in those tricks is stated with:

    * ``won`` (seat -> cards): cards a seat has taken (all of them, or only those that score,
      e.g. the queens it took);
    * ``tricks_won`` (seat -> count): the tricks each seat has won, adding up to the tricks
      played;
    * ``trick_winners``: the winner of each earlier trick, in order (needed when a numbered
      trick already played scores: the sixth or the last).

    **Default**: what is not stated counts for nobody. A missing card nobody is said to have
    taken scores for no one, and the "all of them" scores (all eight hearts, all four queens,
    all eight tricks) are then out of everyone's reach; without ``tricks_won`` and
    ``trick_winners`` each seat has won the fewest tricks that hold the cards ``won`` gives it
    (none without ``won``). The engine's ``result()`` and the solver read the same facts
    (``won_cards()``, ``trick_counts()``, ``winner_of()``, ``tricks_played``,
    ``unassigned_cards()``, ``unassigned_tricks()``).

    Lora: ``laid`` (the cards on the layout), ``start_rank`` if the layout does not fix it,
    ``passes`` (seat -> count) and ``leader`` (the player to move). Every turn lays a card or
    passes, in turn order from the eldest, so the hands and passes must add up to the turns
    each seat has had; a ``dealer`` left out is the one they fit. The passes must come from
    regular play (a pass only with no card to lay): a position cannot record a penalty.

    A position no real hand could reach raises :class:`PositionError` naming the field: cards
    outside the pack or given twice, hand sizes that do not fit the trick, a trick that breaks
    the duty to follow suit, tricks or captures that do not add up, seats out of range, the
    first trick not led by the eldest, a later one not led by the winner of the one before."""
    rules = _rules(rules, options)
    spec = {"contract": contract, "hands": hands, "leader": leader, "trick": trick, "dealer": dealer,
            "won": won, "tricks_won": tricks_won, "trick_winners": trick_winners,
            "laid": laid if laid is not None else layout_cards, "start_rank": start_rank,
            "passes": passes, "to_move": to_move}
    return _position(rules=rules, **spec)


def _position(rules: Rules, contract, hands, leader=0, trick=(), dealer=None, won=None,
              tricks_won=None, trick_winners=None, laid=None, start_rank=None, passes=None,
              to_move=None) -> State:
    if not isinstance(contract, str) or contract not in CONTRACTS:
        raise PositionError(f"contract: unknown contract {quote(contract)}; the contracts are: "
                            f"{', '.join(CONTRACTS)}")
    if contract not in rules.contracts:
        rules = rules.replace(contracts=tuple(rules.contracts) + (contract,))
    names = (base.CLOCKWISE_SEAT_NAMES if rules.direction == "clockwise"
             else base.COUNTERCLOCKWISE_SEAT_NAMES)[4]
    name = names.__getitem__
    held = positions.hands(hands, 4, name)
    trick_cards = positions.cards(trick if trick is not None else (), "trick")
    if to_move is not None:
        to_move = positions.seat(to_move, 4, "to_move", name)
        leader = (to_move - (0 if contract == "lora" else len(trick_cards))) % 4
    leader = positions.seat(leader, 4, "leader", name)
    dealer_given = dealer is not None
    dealer = (leader - 1) % 4 if dealer is None else positions.seat(dealer, 4, "dealer", name)
    won_cards = {s: positions.cards(v, f"won: the cards taken by {names[s]}")
                 for s, v in positions.seat_map(won, 4, "won", name).items()}
    laid_cards = positions.cards(laid if laid is not None else (), "laid")
    for s in range(4):
        if s not in held:
            raise PositionError(f"hands: the hand of {names[s]} is missing (give every seat's "
                                f"cards)")
    hand_tuple = tuple(tuple(sorted(held[s])) for s in range(4))
    positions.conserved([(f"the hand of {names[s]}", hand_tuple[s]) for s in range(4)]
                        + [("the trick", trick_cards)]
                        + [(f"the cards taken by {names[s]}", won_cards[s]) for s in sorted(won_cards)]
                        + [("the layout", laid_cards)],
                        TRICK_CARDS, "the 32-card Lora pack (7 to A)")
    everything = [c for h in hand_tuple for c in h] + list(trick_cards) + list(laid_cards)
    if contract == "lora":
        stated = [f for f, v in (("trick", trick_cards), ("won", won_cards),
                                 ("tricks_won", tricks_won), ("trick_winners", trick_winners))
                  if v]
        if stated:
            raise PositionError(f"{stated[0]}: the Lora contract has no tricks")
    setup = {"kind": "position", "contract": contract,
             "hands": {s: [str(c) for c in h] for s, h in enumerate(hand_tuple)},
             "leader": leader, "trick": [str(c) for c in trick_cards], "dealer": dealer,
             "won": {s: [str(c) for c in v] for s, v in won_cards.items()} or None,
             "tricks_won": None, "trick_winners": None,
             "laid": [str(c) for c in laid_cards] or None,
             "start_rank": None if start_rank is None else _rank_of(start_rank).char,
             "passes": None}
    if contract == "lora":
        r0 = piles = None
        if start_rank is not None:
            r0 = _rank_of(start_rank)
        elif laid_cards:
            r0 = layout.infer_start_rank(laid_cards)
            if r0 is None:
                raise PositionError("start_rank: the layout does not fix the start rank: give "
                                    "start_rank")
        if laid_cards:
            piles = layout.piles_from_cards(laid_cards, r0)
            if piles is None:
                raise PositionError(f"laid: those cards are not a layout with start rank "
                                    f"{r0.label}: each suit must be built upwards from the start "
                                    f"rank without gaps")
        if len(everything) != 32:
            raise PositionError("hands: a Lora position needs all 32 cards: in the hands or on "
                                "the layout")
        if any(not h for h in hand_tuple):
            raise PositionError("hands: a player with no cards has already gone out: the hand "
                                "is over")
        if any(len(h) > 8 for h in hand_tuple):
            raise PositionError("hands: a Lora hand has at most 8 cards")
        count_of = positions.counts(passes, 4, "passes", name)
        passes_of = tuple(count_of.get(s, 0) for s in range(4))
        if not laid_cards and any(passes_of):
            raise PositionError("passes: nobody can pass before the first card is laid (any card "
                                "may open the layout)")
        dealer = _layout_turns(hand_tuple, piles, r0, passes_of, dealer if dealer_given else None,
                               leader, names)
        setup["dealer"] = dealer
        setup["passes"] = {s: v for s, v in count_of.items()} or None
        state = State(rules, dealer, None, contract, setup=setup)
        state.hands = hand_tuple
        state._start_play()
        if laid_cards:
            state.piles = piles
        state.start_rank = r0 if laid_cards else None
        state.passes = passes_of
        state.setup = MappingProxyType(dict(setup))
        state.to_move = leader
        state.leader = leader
        return state
    state = State(rules, dealer, None, contract, setup=setup)
    state.hands = hand_tuple
    state._start_play()
    # trick contracts: the seats that played to the current trick hold one card fewer
    n = len(trick_cards)
    if n > 3:
        raise PositionError("trick: a trick in progress has at most three cards")
    size = len(hand_tuple[leader]) + (1 if n else 0)
    if not 1 <= size <= 8:
        raise PositionError(f"hands: {names[leader]} holds {len(hand_tuple[leader])} cards; a "
                            f"Lora hand has 8 tricks, so a player holds 1 to 8 cards")
    order = [(leader + i) % 4 for i in range(4)]
    positions.hand_sizes(order, dict(enumerate(hand_tuple)), n, size, name)
    state.trick = tuple((order[i], trick_cards[i]) for i in range(n))
    positions.trick_follows(TRICK_RULES, state.trick, dict(enumerate(hand_tuple)), name)
    offset = 8 - size
    state.trick_offset = offset
    if offset == 0 and leader != (dealer + 1) % 4:
        raise PositionError(f"leader: the eldest ({names[(dealer + 1) % 4]}, next after the "
                            f"dealer) leads the first trick, not {names[leader]}")
    state.leader = leader
    state.to_move = order[n]
    state.prior_won = tuple(tuple(won_cards.get(s, ())) for s in range(4))
    counts = None
    if trick_winners is not None and (not isinstance(trick_winners, (list, tuple))
                                      or isinstance(trick_winners, str)):
        raise PositionError(f"trick_winners must list the winners of the earlier tricks, in "
                            f"order, not {quote(trick_winners)}")
    if trick_winners:
        winners = tuple(positions.seat(w, 4, "seat", name, field=f"trick_winners, trick {i + 1}")
                        for i, w in enumerate(trick_winners))
        if len(winners) != offset:
            raise PositionError(f"trick_winners must list the winners of the {offset} earlier "
                                f"tricks, not {len(winners)}")
        if winners[-1] != leader:
            raise PositionError(f"leader: {names[winners[-1]]} won trick {offset} and leads the "
                                f"next one, not {names[leader]}")
        state.prior_winners = winners
        counts = tuple(winners.count(s) for s in range(4))
        setup["trick_winners"] = list(winners)
    stated = positions.counts(tricks_won, 4, "tricks_won", name, high=offset)
    if stated:
        given = tuple(stated.get(s, 0) for s in range(4))
        if sum(given) != offset:
            raise PositionError(f"tricks_won must add up to the {offset} tricks already played, "
                                f"not {sum(given)}")
        if counts is not None and given != counts:
            raise PositionError(f"tricks_won {dict(stated)} does not match trick_winners "
                                f"{list(state.prior_winners)}")
        if offset and not given[leader]:
            raise PositionError(f"leader: {names[leader]} has won no trick, so he cannot lead "
                                f"(the winner of a trick leads the next)")
        counts = given
        setup["tricks_won"] = {s: v for s, v in enumerate(given) if v}
    if counts is None:
        # unstated: each seat won the fewest tricks that hold the cards it is said to have taken
        counts = tuple(-(-len(won_cards.get(s, ())) // 4) for s in range(4))
        if sum(counts) > offset:
            raise PositionError(f"won: the cards taken fill {sum(counts)} tricks, but only "
                                f"{offset} have been played")
    for s, cs in won_cards.items():
        if len(cs) > 4 * counts[s]:
            raise PositionError(f"won: {names[s]} has taken {len(cs)} cards but won only "
                                f"{counts[s]} trick{'s' * (counts[s] != 1)} of 4 cards")
    state.prior_tricks = counts
    state.setup = MappingProxyType(dict(setup))
    needs = {"king_hearts_last_trick": 8, "king_hearts_sixth_trick": 6, "sixth_trick": 6}.get(contract)
    if needs is not None and offset >= needs and not state.prior_winners:
        raise PositionError(f"trick_winners: trick {needs} was already played and scores: give "
                            f"trick_winners")
    counted = bool(stated) or bool(state.prior_winners)
    first = history.require(history.facts_of(
        state, TRICK_CARDS, offset, (dealer + 1) % 4 if dealer_given else None, every_card=True,
        wins=dict(enumerate(counts)) if counted else None,
        winners=state.prior_winners or None,
        owner={c: s for s, cs in won_cards.items() for c in cs},
        prefer=(dealer + 1) % 4), name,
        " and ".join(what for what, given in (("the tricks won", counted),
                                              ("the cards taken", won_cards)) if given)
        + (" as stated" if counted or won_cards else ""))
    if not dealer_given and first is not None:      # a dealer left out is one that fits
        state.dealer = (first - 1) % 4
        state.setup = MappingProxyType({**state.setup, "dealer": state.dealer})
    return state


def _layout_turns(hands, piles, start_rank, passes, dealer: int | None, to_move: int,
                  names) -> int:
    """The dealer of a Lora layout position whose turns add up, or a PositionError.

    Every turn lays a card or passes, in turn order from the eldest, so the cards laid and
    the passes fix how many turns each seat has had and who moves now: a dealer left out is
    the one that fits. Then some regular play must give those passes (``order_exists``; not
    searched for within ``history.trusted()``)."""
    taken = layout.turns_taken([len(h) for h in hands], passes)
    total = sum(taken)
    fitting = (to_move - total - 1) % 4
    if dealer is not None and dealer != fitting:
        raise PositionError(
            f"leader: with {names[dealer]} dealing, the eldest {names[(dealer + 1) % 4]} laid "
            f"the first card, and after {total} turns (cards laid and passes) it is "
            f"{names[(dealer + 1 + total) % 4]}'s turn, not {names[to_move]}'s")
    eldest = (fitting + 1) % 4
    for s in range(4):
        due = layout.turns_due(total, eldest, s)
        if taken[s] != due:
            laid_count = layout.PILE_SIZE - len(hands[s])
            raise PositionError(
                f"passes: {names[s]} has laid {laid_count} card{'s' * (laid_count != 1)} (8 minus "
                f"the {len(hands[s])} in hand) and passed {_times(passes[s])}: {taken[s]} "
                f"turns; but in {total} turns from the eldest ({names[eldest]}) "
                f"{names[s]} has had {due}")
    if total and not history.is_trusted() and \
            not layout.order_exists(hands, piles, start_rank, passes, eldest):
        raise PositionError("passes: no order of play gives these passes: a player passes only "
                            "when he holds none of the cards the piles need next, and some "
                            "player who passed held such a card at every moment he could have "
                            "passed")
    return fitting


def _times(count: int) -> str:
    return {0: "never", 1: "once", 2: "twice"}.get(count, f"{count} times")


# --------------------------------------------------------------------------- schedule and match
def schedule(rules: Rules, first_dealer: int) -> list[dict]:
    """Every hand of a game in order: dealer, chooser (or None), contract (None: chosen),
    extra (bool). Rules file 3.1, 9.1, 9.2 and 9.9."""
    contracts = rules.contracts
    n = len(contracts)
    rows = []
    for k in range(4 * n):
        if rules.rotation == "block":
            dealer = (first_dealer + k // n) % 4
        else:
            dealer = (first_dealer + k) % 4
        if rules.contract_choice:
            contract = None
        elif rules.rotation == "block":
            contract = contracts[k % n]
        else:
            contract = contracts[k // 4]
        rows.append({"dealer": dealer, "contract": contract, "extra": False})
    if rules.extra_hands:
        for j in range(4):
            rows.append({"dealer": (first_dealer + j) % 4, "contract": None, "extra": True})
    for row in rows:
        row["chooser"] = None if not rules.contract_choice else (
            (row["dealer"] + 1) % 4 if rules.contract_chooser == "eldest" else row["dealer"])
    return rows


def standings(totals: Mapping[int, int]) -> tuple[tuple[int, ...], dict[int, int]]:
    """The winners (lowest total; ties are joint winners) and each seat's place, tied seats
    sharing a place (rules file 8.3-8.4)."""
    low = min(totals.values())
    winners = tuple(s for s in sorted(totals) if totals[s] == low)
    places = {s: 1 + sum(1 for t in totals.values() if t < totals[s]) for s in sorted(totals)}
    return winners, places


class LoraMatch(base.Match):
    """A whole Lora game: the schedule of hands, redeals, the score sheet and the winners."""

    def __init__(self, module, rules, seed=None, players=None, dealer=None, **options):
        if dealer is None and rules.first_dealer != "random":
            dealer = rules.first_dealer
        self._index = 0
        self._attempt = 1
        self._remaining = {s: tuple(rules.contracts) for s in range(4)}
        self._plan = None
        self._first = None
        self._forced_contract = None
        self._choices = ()   # (hand number, chooser, contract) of every scored chosen hand
        super().__init__(module, rules, seed=seed, players=players, dealer=dealer, **options)

    def _initial_scores(self) -> dict:
        return {s: 0 for s in range(4)}

    @property
    def index(self) -> int:
        """Index ``k`` (from 0) of the scheduled hand being played or dealt next."""
        self._settle()
        return self._index

    @property
    def attempt(self) -> int:
        """Deal number of the current scheduled hand (``two_players`` redeals void deals)."""
        self._settle()
        return self._attempt

    @property
    def remaining(self) -> dict[int, tuple[str, ...]]:
        """Each player's contracts still to choose (``contract_choice``)."""
        self._settle()
        return dict(self._remaining)

    @property
    def plan(self) -> list[dict]:
        return self._plan

    @property
    def total_hands(self) -> int:
        return len(self._plan)

    def _deal(self, dealer: int) -> State:
        if self._plan is None:
            self._first = dealer
            self._plan = schedule(self.rules, dealer)
        row = self._plan[self._index]
        seed = self.rng.randrange(2 ** 32)
        contract = row["contract"]
        if self._forced_contract is not None:
            contract = self._forced_contract
        available = None
        if contract is None and not row["extra"]:
            available = self._remaining[row["chooser"]]
        return self.module.new_hand(seed=seed, dealer=row["dealer"], rules=self.rules,
                                    contract=contract, available=available, extra=row["extra"],
                                    attempt=self._attempt, hand_index=self._index,
                                    remaining=self._remaining if self.rules.contract_choice
                                    else None, choices=self._choices)

    def _score(self, finished: State) -> dict:
        row = super()._score(finished)
        res = finished.result()
        details = res.details
        row.update(hand=self._index + 1, contract=finished.contract, chooser=finished.chooser,
                   attempt=finished.attempt, penalties=details["penalties"],
                   void=details["void"], redeal=details["redeal"], extra=finished.extra)
        if details["redeal"]:
            if details["void"]:
                self._attempt += 1
            if details["void"] or details["aborted"]:
                self._forced_contract = finished.contract  # the same contract is dealt again
            # After a misdeal a contract chosen on the faulty deal is chosen again (it never
            # left the chooser's list); one fixed by an earlier void or aborted deal stays.
        else:
            self._forced_contract = None
            plan = self._plan[self._index]
            # a hand aborted before the contract was named (section 10) strikes nothing
            if plan["contract"] is None and finished.contract is not None:
                chooser = plan["chooser"]
                self._choices += ((self._index + 1, chooser, finished.contract),)
                if not plan["extra"]:
                    self._remaining[chooser] = tuple(c for c in self._remaining[chooser]
                                                     if c != finished.contract)
            self._index += 1
            self._attempt = 1
        return row

    def _game_over(self) -> bool:
        return self._index >= len(self._plan)

    def next_hand(self) -> State:
        if not self.current.is_over:
            raise IllegalAction("finish the current hand before dealing the next one")
        if self.is_over:
            raise IllegalAction("the game is over: no more hands")
        self.current = self._deal(None)
        return self.current

    @property
    def places(self) -> dict[int, int]:
        """Each seat's place (1 = best); tied totals share the place (``tie_rule = shared``)."""
        return standings(self.scores)[1]

    @property
    def winner(self) -> tuple[int, ...] | None:
        """The seats with the lowest total once the game is over (two or more: joint
        winners); None while the game goes on."""
        if not self.is_over:
            return None
        return standings(self.scores)[0]


def _deal_rules(seed, rules, players, options) -> Rules:
    """The checks every dealing entry point makes first: the seed, the players, the rules."""
    checks.check_seed(seed)
    if players is not None:
        checks.check_players(players, (4,), "Lora")
    return _rules(rules, options)


def new_match(seed=None, rules=None, players=None, dealer=None, **options) -> LoraMatch:
    rules = _deal_rules(seed, rules, players, options)
    if dealer is not None:
        checks.check_dealer(dealer, 4, _seat_namer(rules))
    return LoraMatch(sys.modules[__name__], rules, seed=seed, players=None, dealer=dealer)


def view_html_extras(view) -> list[str]:
    """Pictures a seat's view needs beyond hands and tricks: the layout in the Lora contract."""
    if view.public.get("contract") == "lora":
        return [layout.public_layout_html(view.public)]
    return []


# --------------------------------------------------------------------------- decision topics
DECISION_TOPICS = ("choosing", "cut", "play", "layout", "last card")
"""The kinds of decision a Lora player faces, as a course teaches them one by one:

* ``"choosing"``: the dealer's choice of contract (``contract_choice``);
* ``"cut"``: the cutter's decision to cut or decline (``packet_deal_on_no_cut``);
* ``"play"``: a card to a trick in the six trick contracts;
* ``"layout"``: laying a card on the layout, or passing when none fits (the Lora contract);
* ``"last card"``: the "last card" call in the layout (``lora_last_card_call = manual``).
"""


def decision_topic(state: State) -> str | None:
    """The topic (one of :data:`DECISION_TOPICS`) of the decision the player to move faces;
    None when the hand is over."""
    if state.to_move is None:
        return None
    if state.phase == "choose":
        return "choosing"
    if state.phase == "cut":
        return "cut"
    if state.contract == "lora":
        return "last card" if state.call_due is not None else "layout"
    return "play"
