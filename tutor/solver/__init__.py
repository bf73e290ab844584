"""Exhaustive double-dummy search of the play phase of every trick game.

    from tutor import solver
    result = solver.solve(state, hero=None, budget=None)
    result.value, result.moves, result.line, result.nodes, result.exact
    solver.can_reach(state, target, hero=None)
    solver.review_hand(state)          # what each card played cost, in the game's units
    solver.solve_layout(state)         # Lora's layout contract

Yes/no goals about how the hand ends (and valued objectives built from them) are data from
:mod:`tutor.solver.goals`::

    from tutor.solver import goals
    goal = goals.raub("all_defenders_score", state)
    solver.can_reach(state, goal)              # True / False
    result = solver.solve(state, goal=goal)    # value 1 / 0, each move 1 / 0, result.best
    solver.solve(state, goal=goals.euchre("max_points", state, seat))   # points per move

Presets: ``goals.raub`` (declarer_makes, defeat_declarer, defender_scores, blank_defender,
all_defenders_score, max_tricks), ``goals.euchre`` (make, march, euchre, stop_march,
lone_sweep, stop_lone, lone_defense_euchre, lone_defense_sweep, max_tricks, max_points),
``goals.clabber`` (make, set) and ``goals.lora`` (two_players, avoid_four, qualify); Lora's
``two_players`` contract is also what ``solver.solve`` answers for such a hand. Any other
question is a ``goals.Goal`` built from ``Atom``/``AllOf``/``AnyOf``/``Not``/``Exactly``.

A game hands the search a :class:`Problem` (hands as bit masks, the trick so far, the sides and
the objective as data) through :mod:`tutor.solver.adapters`; :func:`problem_from_rules` builds
one from a ``TrickRules`` and real cards without any engine.

``solver.backend()`` says which search core runs: ``"compiled"`` (the C extensions, built by
``pip install`` where a C compiler is present, and then used) or ``"python"`` (the readable
reference: without the extensions, or with ``TUTOR_SOLVER=python``; see
:mod:`tutor.solver.compiled`, and for the goal searches :mod:`tutor.solver.compiled_goals`).
Both give the same values.
"""

from . import goals
from .compiled import backend
from .api import Result, can_reach, solve, to_problem
from .goals import Goal, Levels, solve_goal
from .problem import Problem, Sweep, problem_from_rules
from .layout import solve_layout
from .review import CardReview, review_hand
from .search import BudgetExceeded, Searcher

__all__ = ["backend", "solve", "can_reach", "Result", "Problem", "Sweep", "problem_from_rules",
           "to_problem", "Searcher", "BudgetExceeded", "solve_layout", "review_hand",
           "CardReview", "goals", "Goal", "Levels", "solve_goal"]
