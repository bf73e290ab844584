"""What each card of a finished hand cost, double dummy, in the game's own units.

For every card played, the position before it is solved for the player's side: ``best`` is the
value of that position, ``played`` the value of the card actually played, and ``cost`` how much
the card gave away (0 for an optimal card). Lora's penalties count the other way round (the
hero minimises), so a cost is always >= 0.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import TutorError
from .api import solve

__all__ = ["CardReview", "review_hand"]


@dataclass(frozen=True)
class CardReview:
    index: int          # position of the action in the hand's action list
    seat: int
    action: object
    best: int | None    # double-dummy value before the card, for the seat's side
    played: int | None  # value after the card actually played
    cost: int | None    # what the card gave away (None when not solved exactly)
    exact: bool


def _replay_start(state):
    """A fresh copy of the hand at its start, from its own setup."""
    from .. import games
    module = games.module(state.game)
    return module.State.from_setup(state.setup, state.rules)


def review_hand(state, seats=None, budget=2_000_000) -> list[CardReview]:
    """Review every card played by ``seats`` (default: everybody) in a finished or partly
    played hand. ``budget`` caps each search; a card whose search ran over it gets ``None``."""
    if isinstance(state, dict):
        from .. import games
        state = games.replay(state)
    st = _replay_start(state)
    rows = []
    for index, (seat, action) in enumerate(state.actions):
        if (action.verb == "play" and st.phase == "play" and st.to_move == seat
                and (seats is None or seat in seats)):
            rows.append(_review_card(st, index, seat, action, budget))
        st.apply(action)
    return rows


def _review_card(st, index, seat, action, budget) -> CardReview:
    try:
        if st.game == "lora" and getattr(st, "contract", None) == "lora":
            from .layout import solve_layout
            res = solve_layout(st, hero=seat, budget=budget)
            minimise = True
        else:
            res = solve(st, hero=seat, budget=budget)
            minimise = res.problem.minimise
    except TutorError:
        return CardReview(index, seat, action, None, None, None, False)
    if not res.exact or action not in res.moves:
        return CardReview(index, seat, action, None, None, None, False)
    played = res.moves[action]
    best = res.value
    cost = played - best if minimise else best - played
    return CardReview(index, seat, action, best, played, cost, True)
