"""Bots: players that decide from what their seat may see (``state.view(seat)``), never from
hidden cards.

    bot = bots.make("random", seat=2, seed=1)
    action = bot.choose(state.view(2))
"""

from __future__ import annotations

import random

from ..errors import TutorError
from ..games.actions import Action
from ..games.base import View

__all__ = ["Bot", "RandomBot", "make", "LEVELS"]


class Bot:
    """A player for one seat. Subclasses implement :meth:`choose`."""

    level = ""

    def __init__(self, seat: int, seed=None):
        self.seat = seat
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Action:  # pragma: no cover - abstract
        raise NotImplementedError

    def _check(self, view: View) -> None:
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


LEVELS = {"random": RandomBot}


def make(level: str, seat: int, seed=None) -> Bot:
    """A bot of the named level for ``seat``."""
    try:
        cls = LEVELS[level]
    except KeyError:
        raise TutorError(f"unknown bot level {level!r}; available: {', '.join(LEVELS)}") from None
    return cls(seat, seed)
