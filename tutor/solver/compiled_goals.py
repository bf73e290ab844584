"""The compiled goal search (``tutor/solver/_goals.c``) behind :class:`~.goals.GoalSearch`.

The C extension is optional, like the trick search's (:mod:`tutor.solver.compiled`): it runs
where it is built and ``tutor.solver.backend()`` is ``"compiled"``; the pure-Python
:class:`~.goals.GoalSearch` stays the readable reference and runs everywhere else, and for
the goals the C search does not cover (:func:`covers`).

The C search is the same search node for node (the same move order, the same table keys, the
same first tries): answers, node counts and budgets are those of the reference. Only
:meth:`GoalSearch.wins` runs in C; legal moves and children of positions (moves, lines) stay
with the reference.

Shapes covered: up to 8 active seats, 64 card bits and 32 atoms; card points, trick value,
last-trick bonus and the atoms' coefficients up to 2^20, their thresholds and what the seats
already hold up to 2^40 (far beyond any game's counts).
"""

from __future__ import annotations

from . import compiled
from .goals import GoalSearch, Goal
from .problem import Problem
from .search import BudgetExceeded

__all__ = ["covers", "make_goal_search", "CompiledGoalSearch", "formula_program"]

try:
    from . import _goals
except ImportError:   # built without a C compiler: the pure-Python goal search runs
    _goals = None

# postfix operations of the C formula program
ATOM, ALL, ANY, NOT, EXACTLY = range(5)
MAX_BASE = 1 << 40


def formula_program(tree) -> list[int]:
    """A compiled formula (:func:`goals._compile`'s nested tuples) in postfix: ``ATOM i``,
    ``ALL c`` / ``ANY c`` (of the last c values), ``NOT``, ``EXACTLY k c``."""
    out: list[int] = []

    def emit(node):
        kind = node[0]
        if kind == "a":
            out.extend((ATOM, node[1]))
        elif kind in ("all", "any"):
            for part in node[1]:
                emit(part)
            out.extend((ALL if kind == "all" else ANY, len(node[1])))
        elif kind == "not":
            emit(node[1])
            out.append(NOT)
        else:
            for part in node[2]:
                emit(part)
            out.extend((EXACTLY, node[1], len(node[2])))

    emit(tree)
    return out


def _fits(sr: GoalSearch, program: list[int]) -> bool:
    pb = sr.pb
    coef_max = _goals.MAX_COEF
    live = 0
    for b in (*pb.hands, *pb.trick):
        live |= b
    if live >> len(pb.cards):   # a card outside the layout: the reference says what is wrong
        return False
    if (not 2 <= pb.n <= _goals.MAX_SEATS or len(pb.cards) > _goals.MAX_BITS
            or len(sr.coef) > _goals.MAX_ATOMS or len(program) > _goals.MAX_PROGRAM):
        return False
    if any(abs(x) > MAX_BASE for x in sr.base):
        return False
    if any(abs(c) > coef_max for row in sr.coef for c in row):
        return False
    if not 0 <= sr.trick_value <= coef_max or not 0 <= sr.bonus <= coef_max:
        return False
    if any(not 0 <= v <= coef_max for v in sr.values.values()):
        return False
    return all(-(1 << 30) <= x < (1 << 30) for x in program)


def covers(pb: Problem, goal: Goal) -> bool:
    """Whether the C search can search ``goal`` over ``pb`` (see the module documentation)."""
    if _goals is None:
        return False
    sr = GoalSearch(pb, goal)
    return _fits(sr, formula_program(sr.tree))


def make_goal_search(pb: Problem, goal: Goal, budget: int | None = None,
                     tally=None) -> GoalSearch:
    """The goal search for ``goal`` over ``pb``: compiled where the backend is and the C
    search covers the goal, else the pure-Python reference."""
    if _goals is not None and compiled.backend() == "compiled":
        sr = CompiledGoalSearch(pb, goal, budget, tally)
        if sr.core is not None:
            return sr
    return GoalSearch(pb, goal, budget, tally)


class CompiledGoalSearch(GoalSearch):
    """A :class:`GoalSearch` whose :meth:`wins` runs in C (its own table and first tries,
    kept across the questions asked of it). ``core`` is None where the goal does not fit."""

    def __init__(self, pb: Problem, goal: Goal, budget: int | None = None, tally=None):
        super().__init__(pb, goal, budget, tally)
        program = formula_program(self.tree)
        self.core = None
        if not _fits(self, program):
            return
        values = [0] * len(pb.cards)
        for bit, v in self.values.items():
            values[bit.bit_length() - 1] = v
        trumps = pb.trump_mask
        self.core = _goals.GoalCore(
            pb.suit_masks, pb.width, trumps, pb.when_void == "any" or not trumps,
            pb.when_void == "overtrump", pb.overtrump_on_trump_lead and bool(trumps),
            [bool(s) for s in self.side], values, self.trick_value, self.bonus,
            [list(row) for row in self.coef], list(self.up), list(self.down), program,
            not self.values and pb.width == 8)
        # the C search counts in 64 bits: a budget beyond that is no budget
        self._limit = max(-1, min(int(self.budget), 1 << 62))

    def wins(self, pos) -> bool:
        hands, trick, leader, acc = pos
        r = self.core.wins(hands, trick, leader, acc, self.tally, self._limit)
        if r is None:
            raise BudgetExceeded()
        return r

    @property
    def nodes(self) -> int:
        return self.core.nodes
