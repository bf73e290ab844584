"""Practice by contract: one situation played again and again on fresh seeded deals.

``PracticeSeries(game, contract, seed)`` behaves like a match for the table and the score sheet
(``current``, ``next_hand()``, ``hands``, ``sheet``, ``scores``, ``is_over``, ``winner``), but
every hand puts the learner (seat 0) in the chosen situation:

* Lora, any contract of the rules (``"queens"``, ``"hearts"``, ``"lora"``, ...): dealt with
  ``games.new_hand("lora", contract=...)``, the dealer turning round the table.
* Euchre ``"maker"``: the learner's side makes trump and the learner is the maker;
  ``"against a lone hand"``: an opponent goes alone and the learner defends.
* Raub ``"declarer"``: the learner is the declarer.
* Clabber ``"bidder"``: the learner takes the bid (the learner's side makes trump).

How the deals are found (honest and deterministic from the seed): hand ``k`` tries the deals
seeded ``(seed, k, 0)``, ``(seed, k, 1)``, ... and on each one plays the bidding as the basic
bots would for every seat, the learner's seat included. The first deal where that bidding
gives the wanted situation is kept, and its bidding is replayed on the table up to the action
that creates the situation (the maker's bid, the lone call, the declaration); from there the
learner decides everything. Nothing is arranged: the cards are a fair shuffle, kept only
because sound bidding leads there. Scores are the sum of the hands' results as they stand.
"""

from __future__ import annotations

import zlib
from typing import Callable

from .. import bots as bots_module
from .. import games
from ..errors import IllegalAction, TutorError

__all__ = ["PracticeSeries", "PRACTICE", "practice_names", "check_contract"]

LEARNER = 0
MAX_TRIES = 3000

# game -> {name: (words, test on the state after an action, the action that creates it)}
PRACTICE: dict[str, dict[str, str]] = {
    "euchre": {"maker": "as the maker", "against a lone hand": "against a lone hand"},
    "raub": {"declarer": "as the declarer"},
    "clabber": {"bidder": "as the bidder"},
}
_ALIASES = {"lone": "against a lone hand", "against_a_lone_hand": "against a lone hand",
            "defend_alone": "against a lone hand", "lone_hand": "against a lone hand",
            "maker": "maker", "declarer": "declarer", "bidder": "bidder"}


def practice_names(game: str, rules=None) -> list[str]:
    if game == "lora":
        return list(games.rules_for("lora", rules).contracts)
    return list(PRACTICE.get(game, {}))


def check_contract(game: str, contract, rules=None) -> str:
    """The practice situation's canonical name, or a TutorError naming the choices."""
    from ..games.checks import quote
    from . import words
    names = practice_names(game, rules)
    if not isinstance(contract, str):
        raise TutorError(f"contract must be a word such as {quote(names[0]) if names else 'None'}, "
                         f"not {quote(contract)}")
    key = contract.strip().lower()
    if game == "lora":
        by_name = {words.contract("lora", c).lower(): c for c in names}
        key = by_name.get(key, key.replace(" ", "_"))
    else:
        key = _ALIASES.get(key.replace(" ", "_"), _ALIASES.get(key, key))
    if key not in names:
        shown = ", ".join(quote(n) for n in names) or "none"
        raise TutorError(f"{game.capitalize()} has no practice {quote(contract)}; choose one of: {shown}")
    return key


def _seed_for(seed, k: int, attempt: int) -> int:
    return zlib.crc32(f"{seed}/{k}/{attempt}".encode())


def _hopeless(game: str, contract: str) -> Callable:
    """A test of the state during the bidding: True once the situation can no longer arise
    (the trump is made by someone else), so a deal that will not do is dropped early."""
    if game == "euchre" and contract != "maker":
        return lambda s: s.maker is not None and s.maker % 2 == LEARNER % 2
    if game == "raub":
        return lambda s: s.declarer is not None and s.declarer != LEARNER
    return lambda s: s.maker is not None and s.maker != LEARNER


def _situation(game: str, contract: str) -> Callable:
    """A test of the state after each bidding action: True once the situation has arisen."""
    if game == "euchre" and contract == "maker":
        return lambda s: s.maker == LEARNER
    if game == "euchre":
        return lambda s: any(seat % 2 != LEARNER % 2 for seat in s.alone) and s.maker is not None \
            and s.maker % 2 != LEARNER % 2
    if game == "raub":
        return lambda s: s.declarer == LEARNER
    if game == "clabber":
        return lambda s: s.maker == LEARNER
    raise TutorError(f"no practice situations for {game}")  # pragma: no cover


class PracticeSeries:
    """Fresh seeded deals of one practice situation (see the module's docstring)."""

    target = None

    def __init__(self, game: str, contract: str, seed=None, rules=None, players=None):
        self.game = game
        self.contract = contract
        self.seed = seed
        self.rules = games.rules_for(game, rules)
        self.players = players
        self.hands: list = []
        self.prelude: dict[int, int] = {}   # hand number -> actions replayed before the learner's turn
        self.current = self._deal(0)

    # -- the deals ---------------------------------------------------------------------
    def _new(self, k: int, attempt: int):
        seed = _seed_for(self.seed, k, attempt)
        options = {}
        if self.players is not None and self.game != "lora":
            options["players"] = self.players
        if self.game == "lora":
            return games.new_hand("lora", seed=seed, dealer=(k + attempt) % 4, rules=self.rules,
                                  contract=self.contract)
        state = games.new_hand(self.game, seed=seed, rules=self.rules, **options)
        return state

    def _deal(self, k: int):
        if self.game == "lora":
            state = self._new(k, 0)
            self.prelude[k] = 0
            return state
        wanted = _situation(self.game, self.contract)
        for attempt in range(MAX_TRIES):
            state = self._new(k, attempt)
            steps = self._bidding_until(state, wanted, _hopeless(self.game, self.contract))
            if steps is not None:
                fresh = self._new(k, attempt)
                for _ in range(steps):
                    mover = fresh.to_move
                    fresh.apply(bots_module.make("basic", mover).choose(fresh.view(mover)), seat=mover)
                self.prelude[k] = steps
                return fresh
        raise TutorError(f"no deal for the practice {self.contract!r} found in {MAX_TRIES} tries")

    @staticmethod
    def _bidding_until(state, wanted, hopeless) -> int | None:
        """Play the bidding by the basic rules; the number of actions after which ``wanted``
        holds, or None when the play (or the end) comes first or it can no longer hold."""
        steps = 0
        while state.to_move is not None and state.phase != "play":
            mover = state.to_move
            state.apply(bots_module.make("basic", mover).choose(state.view(mover)), seat=mover)
            steps += 1
            if wanted(state):
                return steps
            if hopeless(state):
                return None
        return None

    # -- the match interface -------------------------------------------------------------
    def _finished(self) -> list:
        done = list(self.hands)
        if self.current.is_over:
            done.append(self.current)
        return done

    @property
    def sheet(self) -> list[dict]:
        rows, totals = [], {}
        for number, hand in enumerate(self._finished(), start=1):
            result = hand.result()
            for unit, pts in result.points.items():
                totals[unit] = totals.get(unit, 0) + pts
            rows.append({"hand": number, "dealer": hand.dealer, "points": dict(result.points),
                         "totals": dict(totals), "reasons": list(result.reasons)})
        return rows

    @property
    def scores(self) -> dict:
        sheet = self.sheet
        if sheet:
            return dict(sheet[-1]["totals"])
        return {unit: 0 for unit in self._units()}

    def _units(self):
        state = self.current
        if self.game in ("euchre", "clabber") and state.players == 4:
            return ("NS", "EW")
        return tuple(range(state.players))

    @property
    def is_over(self) -> bool:
        return False

    winner = None

    def next_hand(self):
        if not self.current.is_over:
            raise IllegalAction("finish the current hand before dealing the next one")
        self.hands.append(self.current)
        self.current = self._deal(len(self.hands))
        return self.current
