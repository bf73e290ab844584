"""Judging the learner's card in a live state, on the main line or off it.

The solution tree covers the main line; a learner who plays another card at a free turn (one
where every card works) leaves it, and later decisions must still be judged. :func:`verdict`
answers from the stored tree where the state is on the main line and from the solver
elsewhere, with the same words; :func:`hints_at` gives the hint ladder the same way.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import TutorError
from .format import Decision

__all__ = ["Verdict", "verdict", "hints_at"]


@dataclass(frozen=True)
class Verdict:
    """The judgement of one hero card.

    ``ok``: the goal can still be made sure of; ``free``: every card worked here (not a
    decision); ``accepted``: the winning card classes here; ``cost``: how much worse than the
    best card, in the game's units; ``refutation``: for a wrong card, the actions from it to
    the end of the hand (the defence's best play); ``why``: in words; ``decision``: the
    stored decision when the state is on the main line."""

    action: str
    ok: bool
    free: bool
    accepted: tuple[tuple[str, ...], ...]
    cost: int
    refutation: tuple[str, ...]
    why: str
    decision: Decision | None = None


def _card(action) -> str:
    text = str(action)
    return text[5:] if text.startswith("play ") else text


def _found(puzzle, state):
    """The certifier's view of the decision in ``state``: (DecisionFound, best Judged)."""
    from .certify import DecisionFound, _best_of, card_classes
    from .solve import move_values
    judged = move_values(puzzle, state)
    classes = card_classes(state, judged)
    winners = [c for c in classes if c[0].ok]
    moves = puzzle.moves_since_start(state) or ()
    d = DecisionFound(tuple(moves), state.copy(), judged, classes, winners)
    best = _best_of(puzzle, judged)
    return d, best


def verdict(puzzle, state, action) -> Verdict:
    """Judge the hero's ``action`` (a card, its text or an action) in ``state`` before it is
    played; ``state`` is not changed."""
    from . import text
    from .solve import play_out
    if state.to_move != puzzle.hero:
        raise TutorError("it is not the hero's turn")
    if isinstance(action, str) and " " not in action.strip() and action.strip() != "pass":
        action = f"play {action.strip()}"      # a bare card
    act = state.parse_action(action)
    if act not in state.legal_actions():
        raise TutorError(f"{text.card(act)} cannot be played now")
    stored = puzzle.decision_at(state)
    d, best = _found(puzzle, state)
    cls = next(c for c in d.classes if any(j.action == act for j in c))
    accepted = tuple(tuple(_card(j.action) for j in c) for c in d.winners)
    free = len(d.winners) == len(d.classes)
    mine = cls[0]
    cost = abs(best.value - mine.value)
    if mine.ok:
        why = (stored.why if stored is not None and stored.why else
               "Any card works here." if free else text.why_right(puzzle, d))
        return Verdict(str(act), True, free, accepted, cost, (), why, stored)
    wrong = stored.wrong_for(_card(act)) if stored is not None else None
    if wrong is not None:
        return Verdict(str(act), False, False, accepted, wrong.cost, wrong.refutation,
                       wrong.why, stored)
    after = state.copy()
    after.push(act)
    line = (str(act),) + tuple(play_out(puzzle, after))
    return Verdict(str(act), False, False, accepted, cost, line,
                   text.why_wrong(puzzle, d, cls, list(line)), stored)


def hints_at(puzzle, state) -> tuple[str, ...]:
    """The hint ladder for the hero's turn in ``state`` (stored on the main line, worked out
    by the solver elsewhere; empty at a free turn)."""
    from . import text
    if state.to_move != puzzle.hero:
        return ()
    stored = puzzle.decision_at(state)
    if stored is not None and stored.hints:
        return stored.hints
    d, _ = _found(puzzle, state)
    if len(d.winners) == len(d.classes) or not d.winners:
        return ()
    return tuple(text.hints(puzzle, d))
