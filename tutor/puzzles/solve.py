"""A puzzle's goal against the solver: which cards keep it, the defence's reply, success.

Everything here works on a live state of the puzzle's hand (``puzzle.start_state()`` and the
actions played since), so the puzzle board and the certifier ask the same questions:

* :func:`move_values` - every legal action of the player on move, with its value in the
  game's units for the hero's side and whether it keeps the goal;
* :func:`defence_reply` - the action the solver plays for any seat but the hero's: the
  opponents play to beat the goal (after a wrong card: the refutation), the hero's partner
  (Euchre, Clabber with four) plays to keep it;
* :func:`is_success`, :func:`judge` - whether the goal was reached.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import TutorError
from ..games.actions import Action

__all__ = ["Judged", "solver_goal", "move_values", "hero_side", "defence_reply", "best_for_hero",
           "is_success", "judge", "reaches", "units_so_far", "play_out"]


@dataclass(frozen=True)
class Judged:
    """One legal action: ``value`` in the game's units for the hero's side (penalty points in
    Lora, which the hero keeps low), ``ok`` whether the goal can still be made sure of."""

    action: Action
    value: int
    ok: bool


def _is_layout(state) -> bool:
    return state.game == "lora" and getattr(state, "contract", None) == "lora"


def minimises(puzzle) -> bool:
    """Lora's scores are penalties: the hero wants them low."""
    return puzzle.game == "lora"


def solver_goal(puzzle, state):
    """The :mod:`tutor.solver.goals` goal of a preset puzzle goal for ``state`` (None for a
    target in the game's units); checks that the hero plays for it."""
    from ..solver import goals
    spec = puzzle.goal
    if spec.preset is None:
        if _is_layout(state) or spec.target is None:
            return None
        return None
    game = puzzle.game
    if game == "euchre":
        goal = goals.euchre(spec.preset, state, spec.seat, spec.k)
    elif game == "raub":
        goal = goals.raub(spec.preset, state, spec.seat, spec.k)
    elif game == "clabber":
        goal = goals.clabber(spec.preset, state, spec.seat)
    else:
        goal = goals.lora(spec.preset, state, puzzle.hero)
    if puzzle.hero not in goal.side:
        raise TutorError(f"the goal {spec.preset} is played by the other side, not by the hero")
    return goal


def hero_side(puzzle, state) -> frozenset:
    """The seats playing for the hero (the hero, and a partner in partnership games)."""
    if _is_layout(state) or puzzle.game == "lora":
        return frozenset({puzzle.hero})
    from ..solver import to_problem
    pb = to_problem(state, puzzle.hero)
    return frozenset(s for s, h in zip(pb.seats, pb.hero_side) if h)


def units_so_far(puzzle, state) -> int:
    """What the solver's value of ``state`` leaves out and the goal counts: Clabber's card
    points won by the hero's side since the puzzle's start (the solver counts what is still
    to be won there)."""
    if puzzle.game != "clabber":
        return 0
    start = puzzle.start_state()
    side = state.side(puzzle.hero)
    return state.card_points_by_side()[side] - start.card_points_by_side()[side]


NODES = [0]   # search nodes spent so far in this process (the certifier's effort figure)


def _solve_units(puzzle, state):
    from .. import solver
    if _is_layout(state):
        res = solver.solve_layout(state, hero=puzzle.hero)
    else:
        res = solver.solve(state, hero=puzzle.hero)
    NODES[0] += res.nodes
    return res


def move_values(puzzle, state) -> list[Judged]:
    """Every legal action of the seat on move, judged for the hero's side, in the order of
    ``state.legal_actions()``."""
    if state.to_move is None:
        raise TutorError("the hand is over: there is nothing left to play")
    res = _solve_units(puzzle, state)
    if not res.exact:
        raise TutorError("the position is too big to solve exactly")
    extra = units_so_far(puzzle, state)
    goal = solver_goal(puzzle, state)
    flags = None
    if goal is not None:
        from .. import solver
        flagged = solver.solve(state, goal=goal)
        NODES[0] += flagged.nodes
        flags = flagged.moves
    out = []
    for action in state.legal_actions():
        value = res.moves[action] + extra
        if flags is not None:
            ok = bool(flags[action])
        elif minimises(puzzle):
            ok = value <= puzzle.goal.target
        else:
            ok = value >= puzzle.goal.target
        out.append(Judged(action, value, ok))
    return out


def _better(puzzle, a: Judged, b: Judged) -> bool:
    """Whether ``a`` is better than ``b`` for the hero's side."""
    if a.ok != b.ok:
        return a.ok
    return a.value < b.value if minimises(puzzle) else a.value > b.value


def best_for_hero(puzzle, state, judged=None) -> Judged:
    """The hero side's best action: one that keeps the goal, and the most in the game's units
    among those (the first in legal order on a tie)."""
    judged = judged if judged is not None else move_values(puzzle, state)
    best = judged[0]
    for j in judged[1:]:
        if _better(puzzle, j, best):
            best = j
    return best


def _worst_for_hero(puzzle, judged) -> Judged:
    worst = judged[0]
    for j in judged[1:]:
        if _better(puzzle, worst, j):
            worst = j
    return worst


def defence_reply(puzzle, state) -> Action:
    """The solver's action for the seat on move when it is not the hero's.

    Opponents play to beat the goal, and among such cards the one worst for the hero in the
    game's units (the first in legal order on a tie): after a wrong card this is the
    refutation. On the main line they play the certified reply, so the board shows the line
    the explanation speaks of. The hero's partner plays the side's best card."""
    if state.to_move is None:
        raise TutorError("the hand is over: there is nothing left to play")
    if state.to_move == puzzle.hero:
        raise TutorError("it is the hero's turn: the learner plays this card")
    moves = puzzle.moves_since_start(state)
    if moves is not None:
        for d in puzzle.solution:
            line = d.before + (d.play,)
            if moves[:len(line)] == line and len(moves) < len(line) + len(d.reply):
                expected = d.reply[len(moves) - len(line)]
                return state.parse_action(expected)
    judged = move_values(puzzle, state)
    if state.to_move in hero_side(puzzle, state):
        return best_for_hero(puzzle, state, judged).action
    return _worst_for_hero(puzzle, judged).action


def reaches(puzzle, state) -> bool:
    """Whether the hero's side can still make sure of the goal from ``state``."""
    if state.to_move is None:
        return is_success(puzzle, state)
    judged = move_values(puzzle, state)
    if state.to_move in hero_side(puzzle, state):
        return any(j.ok for j in judged)
    return all(j.ok for j in judged)


def is_success(puzzle, state) -> bool:
    """Whether the hand is over with the goal reached. (Judged by the solver on the state
    before the last action, so exactly as the certifier counts.)"""
    if state.to_move is not None or not state.actions:
        return False
    before = state.copy()
    last = before.actions[-1][1]
    before.undo()
    return next(j.ok for j in move_values(puzzle, before) if j.action == last)


def judge(puzzle, state) -> str:
    """``"solved"`` (over, goal reached), ``"failed"`` (the goal can no longer be made sure
    of, or the hand ended without it) or ``"open"``."""
    if state.to_move is None:
        return "solved" if is_success(puzzle, state) else "failed"
    return "open" if reaches(puzzle, state) else "failed"


def play_out(puzzle, state, limit=None) -> list[str]:
    """Plays the rest of the hand in place with best play for both sides (the hero side's
    best card, the defence's reply) and returns the actions as text."""
    line = []
    while state.to_move is not None and (limit is None or len(line) < limit):
        if state.to_move in hero_side(puzzle, state):
            action = best_for_hero(puzzle, state).action
        else:
            action = defence_reply(puzzle, state)
        state.push(action)
        line.append(str(action))
    return line
