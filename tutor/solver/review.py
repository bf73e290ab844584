"""What each card of a finished hand cost, double dummy, in the game's own units.

For every card played, the position before it is solved for the player's side: ``best`` is the
value of that position, ``played`` the value of the card actually played, and ``cost`` how much
the card gave away (0 for an optimal card). Lora's penalties count the other way round (the
hero minimises), so a cost is always >= 0.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import TutorError
from .api import _default_goal, _units, solve, to_problem
from .compiled import make_searcher
from .search import BudgetExceeded

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
    played hand. ``budget`` caps each search; a card whose search ran over it gets ``None``.

    Each side's search is kept along the hand: its own position follows every card played,
    so a later card's search starts from what the earlier ones learned (a table entry holds
    the future value from its position, whatever came before)."""
    if isinstance(state, dict):
        from .. import games
        state = games.replay(state)
    st = _replay_start(state)
    rows = []
    followed: dict = {}
    for index, (seat, action) in enumerate(state.actions):
        if action.verb == "play" and st.phase == "play":
            if st.to_move == seat and (seats is None or seat in seats):
                if _fresh_each_card(st):
                    rows.append(_review_card(st, index, seat, action, budget))
                else:
                    rows.append(_review_followed(st, index, seat, action, budget, followed))
            for search in followed.values():
                search.advance(action.card)
        st.apply(action)
    return rows


def _fresh_each_card(st) -> bool:
    """Positions solved afresh at each card: the layout contract and objectives the solver
    answers through a goal search (see tutor.solver.api)."""
    return ((st.game == "lora" and getattr(st, "contract", None) == "lora")
            or _default_goal(st, None, None) is not None)


class _Followed:
    """One side's search, its position moved on by every card played."""

    def __init__(self, pb, budget):
        self.sr = make_searcher(pb, budget)
        self.pos = self.sr.root()
        self.bit = {card: 1 << i for i, card in enumerate(pb.cards) if card is not None}

    def advance(self, card) -> None:
        self.pos, _ = self.sr.advance(self.pos, self.bit[card])


def _review_followed(st, index, seat, action, budget, followed) -> CardReview:
    try:
        pb = to_problem(st, hero=seat)
    except TutorError:
        return CardReview(index, seat, action, None, None, None, False)
    side = (pb.hero_side, pb.weights, pb.minimise)
    search = followed.get(side)
    if search is None:
        search = followed[side] = _Followed(pb, budget)
    sr = search.sr
    sr.allow(budget)
    pos = search.pos
    try:
        played, best = sr.in_room(_played_and_best, sr, pos, search.bit[action.card])
        best, played = _units(pb, best), _units(pb, played)
    except BudgetExceeded:
        return CardReview(index, seat, action, None, None, None, False)
    cost = played - best if pb.minimise else best - played
    return CardReview(index, seat, action, best, played, cost, True)


def _played_and_best(sr, pos, card_bit):
    """The values (the seat's side's, to be maximised) of the card played and of the
    position: the card first, as most cards are best, which one null window then shows."""
    played = sr.exact(pos, move=card_bit)
    if sr.at_least(pos, played + 1):
        return played, sr.exact(pos, lo=played + 1)
    return played, played


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
