"""What every game shares: rules dataclasses, the hand state with make/unmake, views, results
and matches. Game modules subclass these and hold only their own rules.

State discipline (it makes ``undo()`` exact and cheap): a hand state's attributes hold immutable
values only (ints, strings, tuples, frozensets, Cards, Actions). An action never mutates a value
in place; it assigns new ones. ``push`` saves the attribute dictionary and ``undo`` restores it.
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, Mapping, Sequence

from ..cards import Card
from ..errors import IllegalAction, RulesError
from . import checks
from .actions import Action, parse_action

__all__ = ["RulesBase", "HandState", "View", "HandResult", "Match", "resolve_rules",
           "CLOCKWISE_SEAT_NAMES", "COUNTERCLOCKWISE_SEAT_NAMES"]


# --------------------------------------------------------------------------- seat names
# Seat 0 is South in every game (the learner sits South); the other seats follow in turn order,
# named by where they sit as the table turns. Two players face each other (South, North); three
# sit South, then the upper left (West) and upper right (East) in turn order; six sit at the
# four compass points and the four diagonals, taking South, North and the four "-west"/"-east"
# names between them.
CLOCKWISE_SEAT_NAMES: Mapping[int, tuple[str, ...]] = MappingProxyType({
    2: ("South", "North"),
    3: ("South", "West", "East"),
    4: ("South", "West", "North", "East"),
    6: ("South", "Southwest", "Northwest", "North", "Northeast", "Southeast"),
})
COUNTERCLOCKWISE_SEAT_NAMES: Mapping[int, tuple[str, ...]] = MappingProxyType({
    n: names[:1] + tuple(reversed(names[1:])) for n, names in CLOCKWISE_SEAT_NAMES.items()})


# --------------------------------------------------------------------------- rules
@dataclass(frozen=True)
class RulesBase:
    """Base of every game's ``Rules``: fields are the rules file's option names.

    Subclasses list allowed values in ``CHOICES`` (field -> tuple of values) and may add checks
    in ``validate()``; an invalid value raises :class:`RulesError`.
    """

    CHOICES: ClassVar[Mapping[str, tuple]] = {}

    def __post_init__(self):
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name in self.CHOICES:
                checks.check_choice(value, self.CHOICES[f.name], f"option {f.name} =",
                                    error=RulesError)
            elif f.type in ("bool", bool):
                checks.check_bool(value, f"option {f.name}", error=RulesError)
            elif f.type in ("int", int):
                checks.check_whole_number(value, f"option {f.name}", error=RulesError)
            elif isinstance(value, float) and not math.isfinite(value):
                checks.check_finite(value, f"option {f.name}", error=RulesError)
        self.validate()

    def validate(self) -> None:
        """Game-specific checks of option combinations (raise RulesError)."""

    def to_dict(self) -> dict:
        return {f.name: _jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)}

    def replace(self, **changes) -> "RulesBase":
        _check_names(type(self), changes)
        return dataclasses.replace(self, **changes)


def _jsonable(value):
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def _check_names(cls, mapping: Mapping) -> None:
    names = {f.name for f in dataclasses.fields(cls)}
    unknown = [k for k in mapping if k not in names]
    if unknown:
        import difflib
        near = difflib.get_close_matches(str(unknown[0]), sorted(names), n=1)
        hint = f" (did you mean {near[0]}?)" if near else ""
        raise RulesError(f"unknown option {checks.quote(unknown[0])}{hint}; the options are: "
                         f"{checks.listing(sorted(names), 160)}")


def resolve_rules(rules_cls, presets: Mapping[str, Mapping], rules=None, **overrides):
    """Build a Rules value from ``None``, a Rules instance, a preset name (``"a+b"`` combines
    presets), or a dict of options; ``overrides`` are applied last."""
    if isinstance(rules, rules_cls):
        return rules.replace(**overrides) if overrides else rules
    values: dict = {}
    if rules is None:
        pass
    elif isinstance(rules, str):
        for name in [p.strip() for p in rules.split("+") if p.strip()]:
            if name not in presets:
                raise RulesError(f"unknown preset {checks.quote(name)}; the presets are: "
                                 f"{checks.listing(presets, 160)}")
            for key, value in presets[name].items():
                if key in values and values[key] != value:
                    raise RulesError(f"presets disagree on option {key!r}: {values[key]!r} vs {value!r}")
                values[key] = value
    elif isinstance(rules, Mapping):
        values.update(rules)
    else:
        raise RulesError(f"rules must be a Rules value, a preset name or a dict, not "
                         f"{checks.quote(rules)}")
    values.update(overrides)
    _check_names(rules_cls, values)
    listed = {f.name for f in dataclasses.fields(rules_cls) if isinstance(f.default, tuple)}
    for key, value in list(values.items()):
        if isinstance(value, list) and key in listed:  # a JSON list for a list-valued option
            values[key] = tuple(value)
    try:
        return rules_cls(**values)
    except TypeError as err:  # pragma: no cover - names were checked above
        raise RulesError(str(err)) from err


# --------------------------------------------------------------------------- results and views
@dataclass(frozen=True)
class HandResult:
    """Score changes of one hand. ``points`` maps each scoring unit (a seat, or a side name such
    as ``"NS"``) to its change; ``sides`` maps every seat to its unit; ``reasons`` explain."""

    points: Mapping[Any, int]
    sides: Mapping[int, Any]
    reasons: tuple[str, ...]
    details: Mapping[str, Any] = field(default_factory=dict)

    def for_seat(self, seat: int) -> int:
        return self.points.get(self.sides[seat], 0)

    def __str__(self) -> str:
        return "; ".join(self.reasons)


@dataclass(frozen=True)
class View:
    """What one seat may know. Bots and widgets decide from this only.

    ``hand`` is the seat's own cards (empty while the rules hide them, e.g. a blind call);
    ``public`` holds the game's public information; ``private`` what only this seat knows
    besides its hand (e.g. its discard); ``history`` the actions so far as this seat saw them.
    """

    game: str
    rules: Any
    seat: int
    players: int
    dealer: int
    phase: str
    to_move: int | None
    hand: tuple[Card, ...]
    legal: tuple[Action, ...]
    public: Mapping[str, Any]
    private: Mapping[str, Any]
    history: tuple[tuple[int, str], ...]

    def to_json(self) -> str:
        """Everything in the view as JSON (for tests that look for leaks, and for saving)."""
        return json.dumps({
            "game": self.game, "seat": self.seat, "players": self.players, "dealer": self.dealer,
            "phase": self.phase, "to_move": self.to_move, "hand": [str(c) for c in self.hand],
            "legal": [str(a) for a in self.legal], "public": self.public, "private": self.private,
            "history": [list(h) for h in self.history],
        }, default=_json_default, sort_keys=True)

    def _repr_html_(self) -> str:
        from .. import render
        return render.view_html(self)


def _json_default(value):
    if isinstance(value, (Card, Action)):
        return str(value)
    if isinstance(value, (frozenset, set)):
        return sorted(str(v) for v in value)
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, MappingProxyType):
        return dict(value)
    if hasattr(value, "value") and isinstance(getattr(value, "value"), str):
        return value.value
    raise TypeError(f"cannot serialise {value!r}")


# --------------------------------------------------------------------------- hand state
class HandState:
    """A hand of one game, with validated ``apply``, raw ``push`` and exact ``undo``.

    Subclasses set ``game``, ``VERBS`` and implement ``legal_actions``, ``_push``,
    ``_view_public`` / ``_view_private``, ``result`` and ``from_setup``.
    """

    game: ClassVar[str] = ""
    VERBS: ClassVar[Mapping[str, str | None]] = {}
    SEAT_NAMES: ClassVar[Mapping[int, tuple[str, ...]]] = {}

    rules: Any
    players: int
    dealer: int
    phase: str
    to_move: int | None
    actions: tuple  # every action so far, as (seat, Action)

    # -- construction and records ------------------------------------------------------
    def _init_base(self, rules, players: int, dealer: int, setup: Mapping) -> None:
        self.rules = rules
        self.players = players
        self.dealer = dealer
        self.actions = ()
        self.setup = MappingProxyType(dict(setup))
        self._undo_stack = []

    @classmethod
    def from_setup(cls, setup: Mapping, rules) -> "HandState":  # pragma: no cover - abstract
        raise NotImplementedError

    def record(self) -> dict:
        """A JSON-serialisable record; ``games.replay(record)`` rebuilds this state."""
        return {"game": self.game, "rules": self.rules.to_dict(), "setup": _plain(self.setup),
                "actions": [str(a) for _, a in self.actions]}

    def copy(self) -> "HandState":
        """An independent copy (its own undo history included)."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin._undo_stack = list(self._undo_stack)
        return twin

    # -- names -------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        names = self.SEAT_NAMES.get(self.players)
        return names[seat] if names else f"Player {seat + 1}"

    # -- actions -----------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.to_move is None

    def legal_actions(self) -> list[Action]:  # pragma: no cover - abstract
        raise NotImplementedError

    def parse_action(self, action: "str | Action") -> Action:
        """Read an action (text or a hand-made :class:`Action`) of this game, its cards from
        the game's pack; whether it is allowed now is :meth:`apply`'s question."""
        return self.check_pack(parse_action(action, self.VERBS))

    def game_pack(self) -> tuple[Card, ...] | None:
        """The cards this game is played with (games override it)."""
        return None

    def check_pack(self, action: Action) -> Action:
        """``action`` if its cards belong to the game's pack, else :class:`IllegalAction`."""
        pack = self.game_pack()
        if pack is not None:
            for card in action.cards:
                if card not in pack:
                    raise IllegalAction(f"there is no {card.name} in this game: "
                                        f"{self.game.capitalize()} is played with the "
                                        f"{len(pack)}-card pack here")
        return action

    def check_seat(self, seat, what: str = "seat") -> int:
        """``seat`` if it is a seat of this hand (a whole number ``0..players-1``), else
        :class:`IllegalAction` naming the seats."""
        return checks.check_seat(seat, self.players, what, name=self.seat_name)

    def apply(self, action: "str | Action", seat: int | None = None) -> Action:
        """Validate and perform an action. ``seat`` (optional) is who claims to act.

        Raises :class:`IllegalAction` (or :class:`CardError` for a malformed card) with a
        learner-readable message; the state is then exactly as before.
        """
        if seat is not None:
            self.check_seat(seat)
        act = self.parse_action(action)
        if self.to_move is None:
            raise IllegalAction(f"the hand is over: no more actions ({_said(action, act)} refused)")
        if seat is not None and seat != self.to_move:
            raise IllegalAction(
                f"it is {self.seat_name(self.to_move)}'s turn, not {self.seat_name(seat)}'s")
        legal = self.legal_actions()
        if act not in legal:
            raise IllegalAction(self.explain_illegal(act, legal, said=_said(action, act)))
        self.push(act)
        return act

    def explain_illegal(self, action: Action, legal: Sequence[Action],
                        said: str | None = None) -> str:
        """Why ``action`` is refused now; games refine this (e.g. follow-suit reasons).
        ``said`` is the action as the user gave it, quoted (for the message)."""
        who = self.seat_name(self.to_move)
        shown_action = said or checks.quote(str(action))
        same_verb = [a for a in legal if a.verb == action.verb]
        if not same_verb:
            allowed = ", ".join(sorted({a.verb.replace('_', ' ') for a in legal}))
            return (f"{shown_action} is not possible now ({self.phase} phase, {who} to act); "
                    f"possible now: {allowed}")
        return (f"{shown_action} is not allowed for {who} now; the legal actions are: "
                f"{checks.listing(legal, 140)}")

    def push(self, action: Action) -> None:
        """Perform an action without validation (for search); ``undo()`` takes it back."""
        saved = dict(self.__dict__)
        stack = self._undo_stack
        seat = self.to_move
        self._push(action)
        self.actions = self.actions + ((seat, action),)
        stack.append(saved)

    def _push(self, action: Action) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def undo(self) -> Action:
        """Take back the last action; returns it."""
        stack = self._undo_stack
        if not stack:
            raise IllegalAction("there is nothing to take back")
        last = self.actions[-1][1]
        saved = stack.pop()
        self.__dict__.clear()
        self.__dict__.update(saved)
        self._undo_stack = stack
        return last

    def snapshot(self) -> dict:
        """The full state as a comparable dict (for tests of exact undo and replay)."""
        return {k: v for k, v in self.__dict__.items() if k not in ("_undo_stack", "_cache")}

    # -- trick play (shared by every trick game) ----------------------------------------
    # Uses the common attributes: hands, trick, tricks, leader, active_seats, trick_rules.
    def next_active(self, seat: int) -> int:
        """The next seat after ``seat`` in playing order that plays cards this hand."""
        active = self.active_seats
        for step in range(1, self.players + 1):
            nxt = (seat + step) % self.players
            if nxt in active:
                return nxt
        raise AssertionError("no active seat")  # pragma: no cover

    def _add_to_trick(self, seat: int, card: Card) -> None:
        """Move ``card`` from ``seat``'s hand to the trick in progress."""
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        self.hands = tuple(hands)
        self.trick = self.trick + ((seat, card),)

    def _close_trick(self) -> int:
        """Record the complete trick; its winner leads next. Returns the winner."""
        trick = self.trick
        winner = trick[self.trick_rules.winner_index([c for _, c in trick])][0]
        self.tricks = self.tricks + ((self.leader, trick, winner),)
        self.trick = ()
        self.leader = winner
        self.to_move = winner
        return winner

    def _play_card_to_trick(self, seat: int, card: Card) -> int | None:
        """Play a card: the turn passes on, or the trick closes and its winner is returned."""
        self._add_to_trick(seat, card)
        if len(self.trick) < len(self.active_seats):
            self.to_move = self.next_active(seat)
            return None
        return self._close_trick()

    # -- views and results -------------------------------------------------------------
    def view(self, seat: int) -> View:
        self.check_seat(seat)
        return View(
            game=self.game, rules=self.rules, seat=seat, players=self.players, dealer=self.dealer,
            phase=self.phase, to_move=self.to_move, hand=self._view_hand(seat),
            legal=tuple(self.legal_actions()) if self.to_move == seat else (),
            public=MappingProxyType(self._view_public()),
            private=MappingProxyType(self._view_private(seat)),
            history=tuple((s, self._public_action(s, a, seat)) for s, a in self.actions),
        )

    def _view_hand(self, seat: int) -> tuple[Card, ...]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _view_public(self) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError

    def _view_private(self, seat: int) -> dict:
        return {}

    def _public_action(self, actor: int, action: Action, viewer: int) -> str:
        """How ``viewer`` saw ``actor``'s action; games hide secret cards here."""
        return str(action)

    def result(self) -> HandResult:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- display -----------------------------------------------------------------------
    def __repr__(self) -> str:
        turn = "over" if self.to_move is None else f"{self.seat_name(self.to_move)} to act"
        return f"<{self.game.capitalize()} hand, dealer {self.seat_name(self.dealer)}: {self.phase}, {turn}>"

    def _repr_html_(self) -> str:
        from .. import render
        return render.state_html(self)


def _said(given, action: Action) -> str:
    """The action as the user wrote it (their own words and case), quoted and shortened."""
    if isinstance(given, str):
        return checks.quote(" ".join(given.split()))
    return checks.quote(str(action))


def _plain(value):
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (Card, Action)):
        return str(value)
    return value


# --------------------------------------------------------------------------- matches
class Match:
    """A sequence of hands until the game ends. Game modules subclass it.

    ``current`` is the hand being played; once it is over it is scored automatically (``scores``,
    ``sheet``, ``is_over`` see it at once) and ``next_hand()`` deals the next one. ``sheet`` has
    one row per finished hand.
    """

    def __init__(self, module, rules, seed=None, players=None, dealer=None, **options):
        self.module = module
        self.rules = rules
        self.players = players
        self.rng = random.Random(seed)
        self.options = options
        self.hands: list[HandState] = []
        self._sheet: list[dict] = []
        self._scores = self._initial_scores()
        first = dealer if dealer is not None else self.rng.randrange(self._players())
        self.current = self._deal(first)

    # -- to override -----------------------------------------------------------------
    def _players(self) -> int:
        return self.players or 4

    def _initial_scores(self) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError

    def _game_over(self) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    @property
    def winner(self):  # pragma: no cover - abstract
        raise NotImplementedError

    def _deal(self, dealer: int) -> HandState:
        seed = self.rng.randrange(2 ** 32)
        return self.module.new_hand(seed=seed, dealer=dealer, rules=self.rules,
                                    players=self.players, **self.options)

    def _next_dealer(self, finished: HandState) -> int:
        return (finished.dealer + 1) % finished.players

    def _score(self, finished: HandState) -> dict:
        """Add a finished hand to the scores; returns its sheet row."""
        result = finished.result()
        for unit, pts in result.points.items():
            self._scores[unit] = self._scores.get(unit, 0) + pts
        return {"hand": len(self.hands), "dealer": finished.dealer, "points": dict(result.points),
                "totals": dict(self._scores), "reasons": list(result.reasons)}

    # -- public ------------------------------------------------------------------------
    def _settle(self) -> None:
        """Score the current hand once it is over, and keep that score true to the hand: a
        hand reopened by ``undo()`` is taken off the sheet again (with everything its scoring
        changed, e.g. Lora's schedule or Raub's refas), and scored afresh when it ends, so the
        scores always equal the sum of the hands' results as they finally stand."""
        current = self.current
        if self.hands and self.hands[-1] is current:
            if current.is_over and self._settled_actions == current.actions:
                return
            self.__dict__.update(self._before_settle)
        if current.is_over:
            self._before_settle = {key: value.copy() if isinstance(value, (dict, list)) else value
                                   for key, value in self.__dict__.items()
                                   if key not in ("current", "_before_settle")}
            self.hands.append(current)
            self._sheet.append(self._score(current))
            self._settled_actions = current.actions

    @property
    def scores(self) -> dict:
        self._settle()
        return dict(self._scores)

    @property
    def sheet(self) -> list[dict]:
        self._settle()
        return list(self._sheet)

    @property
    def is_over(self) -> bool:
        self._settle()
        return self._game_over()

    def next_hand(self) -> HandState:
        if not self.current.is_over:
            raise IllegalAction("finish the current hand before dealing the next one")
        if self.is_over:
            raise IllegalAction("the game is over: no more hands")
        self.current = self._deal(self._next_dealer(self.current))
        return self.current
