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

from ..errors import RecordError, TutorError
from . import checks
from .actions import Action, Choose, Discard, Draw, Name, Pass, Play
from .base import HandResult, HandState, Match, View

__all__ = ["GAMES", "module", "new_hand", "position", "new_match", "replay", "rules_for",
           "decision_topic",
           "position_args",
           "Action", "Play", "Pass", "Discard", "Draw", "Name", "Choose",
           "HandState", "HandResult", "Match", "View"]

GAMES = ("euchre", "lora", "raub", "clabber")


def module(game: str) -> ModuleType:
    """The module of a game by name (``"euchre"``, ``"lora"``, ``"raub"``, ``"clabber"``)."""
    name = game.strip().lower() if isinstance(game, str) else None
    if name not in GAMES:
        raise TutorError(f"unknown game {checks.quote(game)}; the games are: {', '.join(GAMES)}")
    return importlib.import_module(f"{__name__}.{name}")


def rules_for(game: str, rules=None, **overrides):
    """The game's Rules from None, a Rules value, a preset name (``"a+b"``) or a dict."""
    mod = module(game)
    return mod.resolve(rules, **overrides)


def new_hand(game: str, seed=None, deck=None, dealer=None, rules=None, **options) -> HandState:
    """Deal a new hand: shuffled from ``seed``, or from the exact ``deck`` order (top first)."""
    return module(game).new_hand(seed=seed, deck=deck, dealer=dealer, rules=rules, **options)


def position(game: str, **spec) -> HandState:
    """A play-phase state built directly (puzzles, solver), e.g. hands, trump, leader, trick.

    The position must be one a real hand reaches; anything else is a
    :class:`~tutor.errors.PositionError` naming the field. ``position_args(state)`` gives the
    arguments of any moment of real play. Each game's ``position`` documents its fields; where
    a field could be read two ways: Clabber's ``won`` is the card points each side has taken
    in this hand's earlier tricks (not the match score), Lora's ``won`` the cards taken, Raub's
    and Euchre's ``tricks_won`` the tricks taken in this hand; what is not stated counts for
    nobody."""
    mod = module(game)
    missing = checks.missing_fields(mod.position, spec)
    if missing:
        from ..errors import PositionError
        raise PositionError(f"a {game.strip().lower()} position needs the field "
                            f"{checks.quote(missing[0])}")
    return mod.position(**spec)


def position_args(state: HandState) -> dict:
    """The arguments of ``position(state.game, **args)`` that rebuild a hand being played: the
    same legal actions now and the same result after the same play (see
    :func:`tutor.games.positions.position_args`)."""
    from .positions import position_args as extract
    return extract(state)


def decision_topic(state: HandState) -> str | None:
    """The topic of the decision the player to move faces, one of the game module's
    ``DECISION_TOPICS`` (``"bidding"``, ``"play"``, ...); None when the hand is over."""
    if not isinstance(state, HandState):
        raise TutorError(f"decision_topic needs a hand state, not {checks.quote(state)}")
    return module(state.game).decision_topic(state)


def new_match(game: str, seed=None, rules=None, players=None, **options) -> Match:
    """A whole game (a sequence of hands until the game ends)."""
    return module(game).new_match(seed=seed, rules=rules, players=players, **options)


def replay(record: dict) -> HandState:
    """Rebuild a state from ``state.record()`` by replaying its actions through ``apply``.

    A record that cannot be read raises :class:`~tutor.errors.RecordError` naming the field
    (``setup``'s own fields too); an action the rules refuse names its place in ``actions``,
    its text and the reason.
    """
    game, _, _, actions = checks.check_record(record, GAMES)
    mod = module(game)
    rules = checks.record_field(record, "rules", mod.resolve)
    state = checks.record_field(record, "setup", mod.State.from_setup, rules)
    for index, text in enumerate(actions):
        try:
            state.apply(text)
        except TutorError as err:
            why = str(err)
            shown = "" if checks.quote(" ".join(text.split())) in why else f" {checks.quote(text)}"
            raise RecordError(checks.clip(f"hand record, actions[{index}]{shown} (action "
                                          f"{index + 1} of {len(actions)}) is refused: {why}")) \
                from err
    return state
