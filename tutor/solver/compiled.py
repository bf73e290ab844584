"""The compiled search core (``tutor/solver/_core.c``) behind the :class:`Searcher` interface.

The C extension is optional: ``pip install`` builds it where a C compiler is present, and the
pure-Python search of :mod:`tutor.solver.search` stays the readable reference, used where the
extension is missing, where ``TUTOR_SOLVER=python`` is set, and for every problem shape the
C core does not cover yet.

Shapes the C core covers (:func:`covers`): any follow obligation (suit, trump, overtrump,
overtrumping a trump lead), up to 8 active seats, 64 card bits and 64 tricks, and the linear
objective of :mod:`tutor.solver.problem` — weights per seat, trick value, trick-index values,
card points, ``minimise`` — *without sweep rules* ("one player takes all of a set"). So
Euchre, Raub, Clabber and the Lora contracts without a sweep (Minimum, Maximum, Tricks,
the Jack of Clubs, the King of Hearts contracts, the Sixth Trick, Libyan Jack...) run compiled;
Lora's Queens, Hearts and Libyan Queens (sweep rules) and the goal searches of
:mod:`tutor.solver.goals` run in Python.

The compiled searcher keeps the Python searcher for everything but the search itself (legal
moves, equivalence classes, move order, static bounds, advancing a position): values and move
values are the same by construction, and the tests check that they are.
"""

from __future__ import annotations

import os

from . import search
from .problem import Problem
from .search import INF, BudgetExceeded, Searcher

__all__ = ["backend", "covers", "make_searcher", "CompiledSearcher"]

try:
    from . import _core
except ImportError:   # built without a C compiler: the pure-Python search runs
    _core = None


def backend() -> str:
    """The search core in use: ``"python"`` (the reference, and the default while the C core
    does not yet cover every problem or meet its node counts) or ``"compiled"`` (the C
    extension, chosen with the environment variable ``TUTOR_SOLVER=compiled`` when built)."""
    if _core is None or os.environ.get("TUTOR_SOLVER", "").strip().lower() != "compiled":
        return "python"
    return "compiled"


def covers(pb: Problem) -> bool:
    """Whether the C core can search ``pb`` (see the module documentation)."""
    if _core is None or pb.sweeps:
        return False
    total = pb.tricks_played + pb.tricks_left
    return (pb.n <= _core.MAX_SEATS and len(pb.cards) <= _core.MAX_BITS
            and total <= _core.MAX_TRICKS)


def make_searcher(pb: Problem, budget: int | None = None) -> Searcher:
    """The searcher for ``pb``: compiled where the backend is and the core covers the
    problem, else the pure-Python one (also while the Python search's partition entries are
    switched on, ``search.PARTITION``: an experiment of that search)."""
    if backend() == "compiled" and not search.PARTITION and covers(pb):
        return CompiledSearcher(pb, budget)
    return Searcher(pb, budget)


class CompiledSearcher(Searcher):
    """A :class:`Searcher` whose :meth:`value` runs in the C core (its own transposition
    table, kept across the searches of one problem)."""

    def __init__(self, pb: Problem, budget: int | None = None):
        super().__init__(pb, budget)
        VAL, TV, IDXV, _, WI = self._values
        values = [0] * len(pb.cards)
        for bit, v in VAL.items():
            values[bit.bit_length() - 1] = v
        self._core = _core.Core(self._SUITM, pb.width, self._TRUMP,
                                pb.when_void == "any" or not self._TRUMP,
                                pb.when_void == "overtrump",
                                pb.overtrump_on_trump_lead and bool(self._TRUMP),
                                WI, [bool(m) for m in pb.hero_side], values, TV,
                                IDXV[:self._total_tricks], self._total_tricks)
        self._limit = INF if budget is None else budget

    @property
    def nodes(self) -> int:
        return self._node_count() + self._core.nodes

    def allow(self, nodes: int | None) -> None:
        super().allow(nodes)
        self._limit = INF if nodes is None else self.nodes + nodes

    def value(self, pos, alpha=-INF, beta=INF, move=None) -> int:
        """Fail-soft future value of ``pos`` (after ``move`` if given) within (alpha, beta)."""
        p, k, wbit, wpos, ledm, tv, tm, ti, rem, sw, live = self._context(pos)
        hands = list(pos[0])
        g = 0
        if move is not None:
            VAL, TV, IDXV, _, WI = self._values
            hands[p] ^= move
            if k == 0:
                wbit, wpos, ledm = move, p, self._SUITM[(move.bit_length() - 1) >> self._SH]
            elif move & (ledm | self._TRUMP) and move > wbit:
                wbit, wpos = move, p
            tv += VAL.get(move, 0)
            tm |= move
            if k + 1 == self._n:
                g = WI[wpos] * (tv + TV + IDXV[ti])
                p, k, tv, tm = wpos, 0, 0, 0
            else:
                p, k = (p + 1) % self._n, k + 1
        core = self._core
        v = core.search(hands, p, k, wbit, wpos, ledm, tv, tm, ti, alpha - g, beta - g,
                        self._limit - self._node_count())
        if v is None:
            raise BudgetExceeded()
        return v + g
