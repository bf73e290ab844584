"""The solver's public entry points: :func:`solve` and :func:`can_reach`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import TutorError
from ..games import checks
from ..games.actions import Action, Play
from ..games.base import HandState, View
from .problem import Problem
from .compiled import make_searcher
from .search import BudgetExceeded

__all__ = ["Result", "solve", "can_reach", "to_problem"]

DEFAULT_BUDGET = 20_000_000


def to_problem(state_or_problem, hero=None, side=None) -> Problem:
    """A :class:`Problem` from a problem (returned as is) or from a play-phase game state."""
    check_arguments(state_or_problem, hero=hero, side=side)
    if isinstance(state_or_problem, Problem):
        if hero is not None and hero not in [s for s, h in zip(state_or_problem.seats,
                                                                 state_or_problem.hero_side) if h]:
            raise TutorError("a Problem already fixes the hero's side; build it for that hero")
        return state_or_problem
    from .adapters import problem_for
    return problem_for(state_or_problem, hero, side)


@dataclass
class Result:
    """A solved position, in the game's units for the hero's side.

    ``value``: the hero side's score for the hand under best play from here (see each game's
    adapter for what is included); ``moves``: every legal action -> its value; ``line``: a
    principal variation (computed when first read, within what is left of the node budget: a
    line cut short by the budget is returned as far as it got); ``nodes``: search nodes;
    ``exact``: False
    when the node budget ran out (then ``value`` and ``moves`` hold what was known, ``bounds``
    the range of the value).

    ``moves`` holds only actions the state accepts now. The search values card play by the
    rules of following, so some legal actions are deliberately left out; ``excluded`` says
    which, in a sentence (empty when none is): a Clabber meld announcement due before a card
    (the value is that of the card play after it) and, under ``renege_policy = "penalize"``,
    the reneges the rules penalise.
    """

    value: int | None
    moves: dict[Action, int]
    nodes: int
    exact: bool
    bounds: tuple[int, int]
    hero: int
    problem: Problem = field(repr=False)
    _searcher: Any = field(default=None, repr=False)
    _line: list | None = field(default=None, repr=False)
    _line_of: Any = field(default=None, repr=False)   # the line's maker when not a Searcher's
    excluded: str = ""

    @property
    def line(self) -> list[Action]:
        if self._line is None:
            if not self.exact:
                self._line = []
            elif self._line_of is not None:
                self._line = self._line_of()
            else:
                self._line = _principal_variation(self)
        return self._line

    @property
    def best(self) -> list[Action]:
        """The optimal legal actions."""
        return [a for a, v in self.moves.items() if v == self.value]


def check_arguments(state_or_problem, hero=None, budget=None, side=None, goal=None,
                    moves=True, target=None) -> None:
    """The solver's arguments, checked before any search: a hand state (not a seat's view) or
    a Problem; ``hero`` one of its seats; ``side`` a list of its seats; ``budget`` a whole
    number of search nodes; ``moves`` true or false; ``goal`` a Goal or Levels; ``target`` a
    finite number."""
    from .goals import Goal, Levels
    if isinstance(state_or_problem, View):
        raise TutorError("the solver looks at every hand: pass the state itself, not a seat's "
                         "view")
    if isinstance(state_or_problem, HandState):
        seats = range(state_or_problem.players)
        name = state_or_problem.seat_name
    elif isinstance(state_or_problem, Problem):
        seats, name = state_or_problem.seats, None
    else:
        raise TutorError(f"the solver takes a hand state in its play or a Problem, not "
                         f"{checks.quote(state_or_problem)}")

    def seat(value, what):
        if isinstance(value, bool) or not isinstance(value, int) or value not in seats:
            shown = ", ".join(f"{s} ({name(s)})" if name else str(s) for s in seats)
            raise TutorError(f"there is no {what} {checks.quote(value)}: the seats are {shown}")

    if hero is not None:
        seat(hero, "hero seat")
    if side is not None:
        if isinstance(side, (str, bytes)) or not isinstance(side, (list, tuple, set, frozenset)):
            raise TutorError(f"side must be a list of seats, not {checks.quote(side)}")
        for s in side:
            seat(s, "seat")
    if budget is not None:
        checks.check_whole_number(budget, "budget (search nodes)", 1)
    checks.check_bool(moves, "moves")
    if goal is not None and not isinstance(goal, (Goal, Levels)):
        raise TutorError(f"goal must be a Goal or Levels from tutor.solver.goals, not "
                         f"{checks.quote(goal)}")
    if target is not None and not isinstance(target, Goal):
        checks.check_finite(target, "target")


def _units(pb: Problem, future: int) -> int:
    """Internal future value -> the game's units (hand total for the hero's side)."""
    return pb.banked + (-future if pb.minimise else future)


def _internal(pb: Problem, value: int) -> int:
    future = value - pb.banked
    return -future if pb.minimise else future


def solve(state_or_problem, hero=None, budget=None, moves=True, side=None, goal=None) -> Result:
    """Solve a play-phase position double dummy.

    ``result.moves`` lists only actions the state accepts; ``result.excluded`` names the legal
    actions it leaves out on purpose (see :class:`Result`). A finished hand has nothing to
    solve: :class:`TutorError`.

    ``hero``: the seat whose side is optimised (default: the seat to move); ``budget``: a node
    budget (default 20 million); ``moves``: also value every legal move (else ``moves`` is
    empty and only the position's value is searched); ``side``: the seats playing with the
    hero when not the game's own sides (e.g. a Raub defender alone).

    A Lora hand in the layout contract is solved by :func:`tutor.solver.layout.solve_layout`
    (the hero's penalty points; ``side`` and ``goal`` do not apply to it).

    ``goal``: a :class:`~tutor.solver.goals.Goal` (value 1 when its side can make sure of it,
    else 0; each move valued alike) or :class:`~tutor.solver.goals.Levels` (the best level
    reached); the goal fixes the sides, so ``hero`` and ``side`` are not used with it. Lora's
    ``two_players`` contract is solved through its goals (the hero's score 0, 4 or 8).
    """
    check_arguments(state_or_problem, hero, budget, side, goal, moves)
    if not isinstance(state_or_problem, Problem) and getattr(state_or_problem, "to_move",
                                                             None) is None:
        raise TutorError("the hand is over: there is no play left to solve")
    if (goal is None and side is None and getattr(state_or_problem, "game", None) == "lora"
            and getattr(state_or_problem, "contract", None) == "lora"):
        from .layout import solve_layout   # the layout contract has a search of its own
        result = solve_layout(state_or_problem, hero=hero, budget=budget, moves=moves)
    else:
        result = _solve(state_or_problem, hero, budget, moves, side, goal)
    if moves and not isinstance(state_or_problem, Problem):
        _keep_legal(result, state_or_problem)
    return result


def _keep_legal(result: Result, state) -> None:
    """Drop from ``result.moves`` what the state would refuse; say what legal actions the
    search does not value."""
    legal = state.legal_actions()
    accepted = set(legal)
    result.moves = {a: v for a, v in result.moves.items() if a in accepted}
    left_out = [a for a in legal if a not in result.moves]
    if not left_out:
        return
    shown = ", ".join(f"'{a}'" for a in left_out[:8]) + (" ..." if len(left_out) > 8 else "")
    if all(a.verb == "announce" for a in left_out):
        result.excluded = (f"not valued: {shown}, the meld announcement due before this "
                           f"player's first card; the solver values the card play, and the "
                           f"value is that of the play after the announcement")
    elif all(a.verb == "play" for a in left_out):
        result.excluded = (f"not valued: {shown}, reneges (cards that break the duty to follow "
                           f"suit, trump or overtrump), which the rules penalise; the solver "
                           f"plays by the rules of following")
    else:
        result.excluded = (f"not valued: {shown}; the solver values only the cards that may "
                           f"be played by the rules of following")


def _solve(state_or_problem, hero, budget, moves, side, goal) -> Result:
    if goal is not None and side is not None:
        raise TutorError("a goal already says which seats play for it: leave out side")
    if goal is None:
        goal = _default_goal(state_or_problem, hero, side)
    if goal is not None:
        from .goals import solve_goal
        return solve_goal(state_or_problem, goal, budget, moves)
    pb = to_problem(state_or_problem, hero, side)
    sr = make_searcher(pb, budget if budget is not None else DEFAULT_BUDGET)
    pos = sr.root()
    lo, hi = sr.bounds(pos)
    hero_seat = hero if hero is not None else _hero_seat(pb)
    move_values: dict[Action, int] = {}
    value = None
    try:
        if not moves or not sr.legal(pos):
            future = sr.exact(pos)
            lo = hi = future
        else:
            rep = sr.classes(pos)
            future_of = {}
            future = sr.in_room(_value_moves, sr, pos, lo, hi, pb.hero_side[sr.to_move(pos)],
                                future_of)
            lo = hi = future
            for c, r in sorted(rep.items()):
                move_values[Play(pb.card(c))] = _units(pb, future_of[r])
    except BudgetExceeded:
        return Result(value=None if lo != hi else _units(pb, lo), moves=move_values,
                      nodes=sr.nodes, exact=False,
                      bounds=tuple(sorted((_units(pb, lo), _units(pb, hi)))),
                      hero=hero_seat, problem=pb, _searcher=sr)
    value = _units(pb, future)
    return Result(value=value, moves=move_values, nodes=sr.nodes, exact=True,
                  bounds=(value, value), hero=hero_seat, problem=pb, _searcher=sr)


def _value_moves(sr, pos, lo, hi, hero_moves, future_of) -> int:
    """The future value of each representative move of ``pos`` (into ``future_of``), in the
    search's order; returns the best of them."""
    if not sr.narrow:
        # full windows: every move searched alike, in one call
        moves = sr.ordered(pos)
        values = sr.exact_moves(pos, moves, lo, hi)
        future_of.update(zip(moves, values))
        return max(values) if hero_moves else min(values)
    best = None
    for c in sr.ordered(pos):
        if best is None:
            v = sr.exact(pos, move=c, lo=lo, hi=hi)
        else:
            # one null window around the best value so far sorts most moves at once
            t = best + 1 if hero_moves else best
            v0 = sr.value(pos, t - 1, t, move=c)
            if v0 >= t:
                v = sr.exact(pos, move=c, guess=t, lo=v0, hi=hi)
            else:
                v = sr.exact(pos, move=c, guess=t - 1, lo=lo, hi=v0)
        future_of[c] = v
        if best is None or (v > best if hero_moves else v < best):
            best = v
    return best


def can_reach(state_or_problem, target=None, hero=None, budget=None, side=None,
              goal=None) -> bool:
    """Whether the hero's side can make sure of ``target`` in the game's units: a score of at
    least ``target``, or at most ``target`` for objectives the hero minimises (Lora).

    With a :class:`~tutor.solver.goals.Goal` (as ``goal`` or as ``target``): whether the
    goal's side can make sure of it."""
    from .goals import Goal, lora_score_at_most, reaches
    check_arguments(state_or_problem, hero, budget, side, goal, target=target)
    if isinstance(target, Goal):
        target, goal = None, target
    if goal is not None:
        if target is not None:
            raise TutorError("give either a target or a goal, not both")
        return reaches(state_or_problem, goal, budget)
    if target is None:
        raise TutorError("can_reach needs a target in the game's units, or a goal")
    if _default_goal(state_or_problem, hero, side) is not None:
        seat = state_or_problem.to_move if hero is None else hero
        return reaches(state_or_problem, lora_score_at_most(state_or_problem, seat, target),
                       budget)
    pb = to_problem(state_or_problem, hero, side)
    sr = make_searcher(pb, budget if budget is not None else DEFAULT_BUDGET)
    return sr.at_least(sr.root(), _internal(pb, target))


def _default_goal(state, hero, side):
    """The goal that stands for the game's objective where no linear one exists (Lora's
    ``two_players``), else None."""
    if getattr(state, "game", None) == "lora" and getattr(state, "contract", None) == "two_players":
        if side is not None:
            raise TutorError("in Lora the other three always play together against the hero")
        from .goals import lora
        return lora("two_players", state, hero)
    return None


def _hero_seat(pb: Problem) -> int:
    mover = pb.to_move
    if pb.hero_side[mover]:
        return pb.seats[mover]
    return next(s for s, h in zip(pb.seats, pb.hero_side) if h)


def _principal_variation(result: Result) -> list[Action]:
    sr = result._searcher
    line: list[Action] = []
    sr.in_room(_follow_line, sr, result.problem, _internal(result.problem, result.value), line)
    return line


def _follow_line(sr, pb, target, line) -> None:
    """Appends to ``line`` a move reaching ``target`` at each position from the root on."""
    pos = sr.root()
    while not sr.is_over(pos):
        found = None
        try:
            for c in sr.ordered(pos):
                if sr.exact(pos, move=c) == target:
                    found = c
                    break
        except BudgetExceeded:   # the search's node budget is spent: the line found so far
            break
        if found is None:  # pragma: no cover - a solved value always has a move reaching it
            break
        line.append(Play(pb.card(found)))
        pos, gain = sr.advance(pos, found)
        target -= gain
