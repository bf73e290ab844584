"""The rules of every game, behind one registry.

    from tutor import games
    state = games.new_hand("euchre", seed=7, dealer=0)
    state = games.position("euchre", hands={...}, trump="H", leader=1)
    match = games.new_match("euchre", seed=1)
    state = games.replay(state.record())

Each game module provides ``Rules``, ``PRESETS``, ``new_hand``, ``position``, ``new_match``,
``deck_for`` and its ``HandState`` subclass ``State``.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from ..errors import TutorError
from .actions import Action, Choose, Discard, Draw, Name, Pass, Play
from .base import HandResult, HandState, Match, View

__all__ = ["GAMES", "module", "new_hand", "position", "new_match", "replay", "rules_for",
           "Action", "Play", "Pass", "Discard", "Draw", "Name", "Choose",
           "HandState", "HandResult", "Match", "View"]

GAMES = ("euchre", "lora", "raub", "clabber")


def module(game: str) -> ModuleType:
    """The module of a game by name (``"euchre"``, ``"lora"``, ``"raub"``, ``"clabber"``)."""
    name = str(game).strip().lower()
    if name not in GAMES:
        raise TutorError(f"unknown game {game!r}; the games are: {', '.join(GAMES)}")
    return importlib.import_module(f"{__name__}.{name}")


def rules_for(game: str, rules=None, **overrides):
    """The game's Rules from None, a Rules value, a preset name (``"a+b"``) or a dict."""
    mod = module(game)
    return mod.resolve(rules, **overrides)


def new_hand(game: str, seed=None, deck=None, dealer=None, rules=None, **options) -> HandState:
    """Deal a new hand: shuffled from ``seed``, or from the exact ``deck`` order (top first)."""
    return module(game).new_hand(seed=seed, deck=deck, dealer=dealer, rules=rules, **options)


def position(game: str, **spec) -> HandState:
    """A play-phase state built directly (puzzles, solver), e.g. hands, trump, leader, trick."""
    return module(game).position(**spec)


def new_match(game: str, seed=None, rules=None, players=None, **options) -> Match:
    """A whole game (a sequence of hands until the game ends)."""
    return module(game).new_match(seed=seed, rules=rules, players=players, **options)


def replay(record: dict) -> HandState:
    """Rebuild a state from ``state.record()`` by replaying its actions through ``apply``."""
    try:
        mod = module(record["game"])
        state = mod.State.from_setup(record["setup"], mod.resolve(record["rules"]))
        actions = record["actions"]
    except (KeyError, TypeError) as err:
        raise TutorError(f"not a hand record: missing or bad field {err}") from err
    for text in actions:
        state.apply(text)
    return state
