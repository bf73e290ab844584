"""Bots: players that decide from what their seat may see (``state.view(seat)``), never from
hidden cards, and hints that explain their decisions.

    bot = bots.make("expert", seat=2, seed=1)     # levels: "random", "basic", "expert"
    action = bot.choose(state.view(2))
    h = bots.hint(state.view(0), level="expert")  # h.action, h.reason, h.alternatives, h.ladder

``basic`` follows named rules of thumb (:data:`PRINCIPLES`); ``expert`` samples deals consistent
with the view, solves them with :mod:`tutor.solver` and keeps the best average, within a time
budget (``budget`` seconds, default 1).

Modules: ``knowledge`` (what a view tells about the hidden cards), ``sampling`` (deals and
play positions consistent with a view), ``cardplay`` and ``basic`` (rules of thumb), ``expert``
(card and layout play: sampled deals solved double dummy), ``rollout`` (every decision before
the play — bids, passes, going alone, exchanges and discards, draws, meld announcements,
Lora's contract choice and cut — tried on sampled deals replayed on the engine, the rest of
the bidding by the basic rules and the play double dummy), ``hints`` (the advice a learner
reads), ``duplicate`` (matches between levels).
"""

from __future__ import annotations

import random

from ..errors import TutorError
from ..games import checks
from ..games.actions import Action
from ..games.base import HandState, View
from . import basic as _basic
from . import expert as _expert
from .basic import PRINCIPLES
from .hints import Alternative, Hint, describe

__all__ = ["Bot", "RandomBot", "BasicBot", "ExpertBot", "make", "hint", "LEVELS", "Hint",
           "Alternative", "PRINCIPLES", "describe"]


class Bot:
    """A player for one seat. Subclasses implement :meth:`advise` (or :meth:`choose`)."""

    level = ""

    def __init__(self, seat: int, seed=None, **options):
        if options:
            name = next(iter(options))
            raise TutorError(f"a {self.level or 'bot'} bot has no option {checks.quote(name)}; "
                             f"it takes seat and seed" +
                             (", budget and samples" if isinstance(self, ExpertBot) else ""))
        self.seat = checks.check_whole_number(seat, "a bot's seat", 0, MAX_SEAT)
        self.seed = checks.check_seed(seed)
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        return self.advise(view).action

    def advise(self, view: View) -> Hint:  # pragma: no cover - abstract
        raise NotImplementedError

    def _check(self, view: View) -> None:
        check_view(view)
        if view.seat != self.seat:
            raise TutorError(f"this bot plays seat {self.seat}, not seat {view.seat}")
        if view.to_move != self.seat or not view.legal:
            raise TutorError(f"seat {self.seat} has nothing to decide now")


class RandomBot(Bot):
    """Chooses uniformly among the legal actions of its view."""

    level = "random"

    def choose(self, view: View) -> Action:
        self._check(view)
        return self.rng.choice(list(view.legal))

    def advise(self, view: View) -> Hint:
        action = self.choose(view)
        return Hint(action=action, reason=f"A random legal action: {describe(action)}.",
                    principle="any legal action", ladder=(str(action),), level="random")


class BasicBot(Bot):
    """Named rules of thumb for every decision (see :data:`PRINCIPLES`)."""

    level = "basic"

    def advise(self, view: View) -> Hint:
        self._check(view)
        return _basic.advise(view)


class ExpertBot(Bot):
    """Samples deals consistent with the view and solves them, within ``budget`` seconds."""

    level = "expert"

    def __init__(self, seat: int, seed=None, budget: float | None = None,
                 samples: int | None = None, **options):
        super().__init__(seat, seed, **options)
        self.budget = _expert.DEFAULT_BUDGET if budget is None else check_budget(budget)
        # None: the cap of each decision (expert.sample_cap)
        self.samples = None if samples is None else check_samples(samples)

    def advise(self, view: View) -> Hint:
        self._check(view)
        return _expert.advise(view, budget=self.budget, rng=self.rng, max_samples=self.samples)


LEVELS = {"random": RandomBot, "basic": BasicBot, "expert": ExpertBot}
MAX_SEAT = 5  # the largest table (six-handed Clabber)


def check_view(view) -> View:
    """A seat's view; a whole state (which shows every hand) is refused with the fix."""
    if isinstance(view, HandState):
        raise TutorError("bots decide from what one seat may see: pass state.view(seat), "
                         "not the whole state")
    if not isinstance(view, View):
        raise TutorError(f"a bot decides from a seat's view: pass state.view(seat), not "
                         f"{checks.quote(view)}")
    return view


def check_budget(budget) -> float:
    """A thinking time in seconds: a finite number above 0."""
    checks.check_finite(budget, "budget (seconds)")
    if budget <= 0:
        raise TutorError(f"budget (seconds) must be more than 0, not {checks.quote(budget)}")
    return budget


def check_samples(samples) -> int:
    return checks.check_whole_number(samples, "samples (deals to solve)", 1)


def check_level(level) -> type:
    if not isinstance(level, str) or level not in LEVELS:
        raise TutorError(f"unknown bot level {checks.quote(level)}; available: "
                         f"{', '.join(LEVELS)}")
    return LEVELS[level]


def make(level: str, seat: int, seed=None, **options) -> Bot:
    """A bot of the named level for ``seat`` (``budget=`` seconds and ``samples=`` for
    ``expert``); an unknown option is refused."""
    return check_level(level)(seat, seed, **options)


def hint(view: View, level: str = "basic", budget: float | None = None, seed=0,
         samples: int | None = None) -> Hint:
    """Advice for the seat to move in ``view``: the action, the reason, the alternatives with
    their values and the hint ladder. Deterministic for a given view, level and seed (the
    expert's figures also depend on how many deals fit in the time budget)."""
    check_view(view)
    check_level(level)
    if level == "random":
        raise TutorError("the random level gives no hints; ask 'basic' or 'expert'")
    if budget is not None:
        check_budget(budget)   # only the expert thinks against the clock; checked at every level
    if samples is not None:
        check_samples(samples)
    options = {"budget": budget, "samples": samples} if level == "expert" else {}
    bot = make(level, view.seat, seed=seed, **options)
    return bot.advise(view)
