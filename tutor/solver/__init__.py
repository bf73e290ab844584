"""Exhaustive double-dummy search of the play phase of every trick game.

    from tutor import solver
    result = solver.solve(state, hero=None, budget=None)
    result.value, result.moves, result.line, result.nodes, result.exact
    solver.can_reach(state, target, hero=None)
    solver.review_hand(state)          # what each card played cost, in the game's units
    solver.solve_layout(state)         # Lora's layout contract

A game hands the search a :class:`Problem` (hands as bit masks, the trick so far, the sides and
the objective as data) through :mod:`tutor.solver.adapters`; :func:`problem_from_rules` builds
one from a ``TrickRules`` and real cards without any engine.
"""

from .api import Result, can_reach, solve, to_problem
from .problem import Problem, Sweep, problem_from_rules
from .layout import solve_layout
from .review import CardReview, review_hand
from .search import BudgetExceeded, Searcher

__all__ = ["solve", "can_reach", "Result", "Problem", "Sweep", "problem_from_rules",
           "to_problem", "Searcher", "BudgetExceeded", "solve_layout", "review_hand",
           "CardReview"]
