"""The compiled search core (``tutor/solver/_core.c``) behind the :class:`Searcher` interface.

The C extension is optional: ``pip install`` builds it where a C compiler is present, and it is
then the core in use. The pure-Python search of :mod:`tutor.solver.search` stays the readable
reference: it runs where the extension is missing, where ``TUTOR_SOLVER=python`` is set, and
for the few problem shapes the C core does not cover.

Shapes the C core covers (:func:`covers`): any follow obligation (suit, trump, overtrump,
overtrumping a trump lead), up to 8 active seats, 64 card bits, 64 tricks and 4 sweep rules
("one player takes all of a set"), and the whole linear objective of
:mod:`tutor.solver.problem` — weights per seat, trick value, trick-index values, card points,
sweeps, ``minimise``: every game and every Lora trick contract. The goal searches of
:mod:`tutor.solver.goals` and the layout search of :mod:`tutor.solver.layout` have their own
compiled cores where built.

The compiled searcher keeps the Python searcher for everything but the search itself (legal
moves, equivalence classes, the root's move order, static bounds, advancing a position), and
the C search keeps the Python one's techniques and move order: values and move values are the
same by construction, the node counts alike, and the tests check both.
"""

from __future__ import annotations

import os

from . import search
from .problem import SPLIT, Problem
from .search import INF, BudgetExceeded, Searcher

__all__ = ["backend", "notice", "covers", "make_searcher", "core_shape", "CompiledSearcher"]

try:
    from . import _core
except ImportError:   # built without a C compiler: the pure-Python search runs
    _core = None


def backend() -> str:
    """The search core in use: ``"compiled"`` (the C extension, wherever it was built) or
    ``"python"`` (the reference: where it was not, or with the environment variable
    ``TUTOR_SOLVER=python``)."""
    if _core is None or os.environ.get("TUTOR_SOLVER", "").strip().lower() == "python":
        return "python"
    return "compiled"


def notice() -> str:
    """One line saying which search core is active and why (``tutor solver`` prints it)."""
    import importlib.util
    built = [name for name in ("_core", "_goals", "_layout")
             if importlib.util.find_spec(f"tutor.solver.{name}") is not None]
    if backend() == "compiled":
        names = {"_core": "tricks", "_goals": "goals", "_layout": "layout"}
        return "solver core: compiled (" + ", ".join(names[b] for b in built) + ")"
    if _core is None:
        return ("solver core: python (the compiled core is not built: the package was "
                "installed without a C compiler)")
    return "solver core: python (TUTOR_SOLVER=python; the compiled core is built)"


def covers(pb: Problem) -> bool:
    """Whether the C core can search ``pb`` (see the module documentation)."""
    if _core is None:
        return False
    total = pb.tricks_played + pb.tricks_left
    return (pb.n <= _core.MAX_SEATS and len(pb.cards) <= _core.MAX_BITS
            and total <= _core.MAX_TRICKS and len(pb.sweeps) <= _core.MAX_SWEEPS)


def make_searcher(pb: Problem, budget: int | None = None) -> Searcher:
    """The searcher for ``pb``: compiled where the backend is and the core covers the
    problem, else the pure-Python one."""
    if backend() == "compiled" and covers(pb):
        return CompiledSearcher(pb, budget)
    return Searcher(pb, budget)


def core_shape(pb: Problem, scoring=None) -> dict:
    """The problem's constants as the C core reads them: the follow obligation, the
    objective, how each card scores (``scoring``: ``search._scoring(pb)``), and the
    move-ordering tables of the Python search (``search._seat_tables``), so that both order
    moves alike."""
    n = pb.n
    sign = -1 if pb.minimise else 1
    WI = tuple(sign * w for w in pb.weights)
    MAXS = tuple(pb.hero_side)
    VAL = dict(pb.card_values)
    TV = pb.trick_value
    total = pb.tricks_played + pb.tricks_left
    IDXV = list(pb.trick_index_values[:total])
    IDXV += [0] * (total - len(IDXV))
    SWM = tuple(s.mask for s in pb.sweeps)
    SWB = tuple(s.bonus for s in pb.sweeps)
    values_ok = all(v >= 0 for v in VAL.values()) and TV >= 0 and all(v >= 0 for v in IDXV)
    plain_tricks = not VAL and not any(IDXV)
    _, _, _, LEAD_HIGH, LEAD_WANTS_WIN, MODE, LEAD_VS_HERO, HERO = search._seat_tables(
        n, WI, MAXS, plain_tricks)
    plain = plain_tricks and not SWM and TV > 0 and values_ok
    WMIN, WMAX = min(WI), max(WI)
    quick = [plain and (WI[p] > WMIN if MAXS[p] else WI[p] < WMAX) for p in range(n)]
    scoring = scoring or search._scoring(pb)
    signatures, uniform = _scoring_classes(pb, scoring)
    values = [0] * len(pb.cards)
    for bit, v in VAL.items():
        values[bit.bit_length() - 1] = v
    sweep_by = [w if WI[w] * b else SPLIT for b in SWB for w in range(n)]
    tight = search._sweep_tightening(n, WI, SWM, SWB, VAL, TV, IDXV, values_ok)
    trump = pb.trump_mask
    return dict(
        suit_masks=list(pb.suit_masks), width=pb.width, trump=trump,
        void_any=pb.when_void == "any" or not trump, void_over=pb.when_void == "overtrump",
        otl=pb.overtrump_on_trump_lead and bool(trump), weights=list(WI),
        hero_side=[int(m) for m in MAXS], values=values, signatures=signatures,
        uniform=uniform, trick_value=TV, trick_index_values=IDXV,
        total=total, sweep_masks=list(SWM), sweep_bonuses=list(SWB), sweep_by=sweep_by,
        sweep_tight=[t for row in tight for t in row],
        modes=[MODE[p][q][k] for p in range(n) for q in range(n) for k in range(n)],
        lead_high=[int(x) for x in LEAD_HIGH], lead_wins=[int(x) for x in LEAD_WANTS_WIN],
        lead_vs_hero=list(LEAD_VS_HERO), hero=HERO, quick=[int(q) for q in quick],
        plain=plain, trump_run=plain and bool(trump), values_ok=values_ok,
        value_order=bool(VAL) and pb.minimise, live=[scoring[0]],
        **_partition(pb, scoring))


# C cores of searchers that are gone, per shape (the Python engine's key, the scoring
# classes): the next problem of that shape takes one, emptied, instead of building its own
_CORES: dict = {}
CORE_SHAPES = 32
CORES_PER_SHAPE = 2


def _partition(pb: Problem, scoring) -> dict:
    """Partition-search entries (DDS's "winning ranks", switched on with
    ``search.PARTITION`` for both cores: fewer nodes, dearer ones): each card's class in an
    entry's pattern — 0 for the cards whose ranks may be left out, else its scoring (points,
    sweep sets) or a trump under an overtrump duty, which always count — as in the Python
    search."""
    live_all, SIG, _, _, _ = scoring
    zero = (0,) + (False,) * len(pb.sweeps)
    kinds = sorted({sig for sig in SIG.values() if sig != zero}, key=repr)
    trump = pb.trump_mask
    duty = bool(trump) and (pb.when_void == "overtrump" or pb.overtrump_on_trump_lead)
    classes = [0] * len(pb.cards)
    forced = 0
    m = live_all
    while m:
        bit = m & -m
        m ^= bit
        sig = SIG.get(bit, zero)
        if sig != zero:
            classes[bit.bit_length() - 1] = 1 + kinds.index(sig)
        elif duty and bit & trump:
            classes[bit.bit_length() - 1] = 1 + len(kinds)
        else:
            continue
        forced |= bit
    return dict(partition=search.PARTITION and bool(live_all & ~forced),
                partition_classes=classes)


def _scoring_classes(pb: Problem, scoring) -> tuple[list, list]:
    """How each card scores as a small class number (its points and sweep sets; 0 for every
    card where none scores), and per block whether its cards in play all score alike."""
    _, SIG, UNIFORM, _, _ = scoring
    signatures = [0] * len(pb.cards)
    if SIG:
        classes = {sig: i for i, sig in enumerate(sorted(set(SIG.values())))}
        for bit, sig in SIG.items():
            signatures[bit.bit_length() - 1] = classes[sig]
    return signatures, [int(u) for u in UNIFORM]


class CompiledSearcher(Searcher):
    """A :class:`Searcher` whose :meth:`value` runs in the C core (its own transposition
    table, kept across the searches of one problem)."""

    def __init__(self, pb: Problem, budget: int | None = None):
        self._memo = (None, None)
        super().__init__(pb, budget)
        engine_key = self._engine[0]
        if engine_key is None:
            self._core_key = None
        else:
            signatures, uniform = _scoring_classes(pb, self.scoring)
            self._core_key = (engine_key, tuple(signatures), tuple(uniform))
        free = _CORES.get(self._core_key) if self._core_key is not None else None
        if free:
            self._core = free.pop()
            self._core.reset()
        else:
            self._core = _core.Core(core_shape(pb, self.scoring))
        self._limit = INF if budget is None else budget
        # the C search recurses on its own stack: no room for Python frames to open
        self._roomy = search._IN_ROOM

    def __del__(self):
        key = getattr(self, "_core_key", None)
        if key is not None:
            if len(_CORES) >= CORE_SHAPES and key not in _CORES:
                _CORES.clear()
            free = _CORES.setdefault(key, [])
            if len(free) < CORES_PER_SHAPE:
                try:
                    self._core.release()   # an idle core keeps only a small table
                except MemoryError:
                    pass
                else:
                    free.append(self._core)
        super().__del__()

    def _context(self, pos):
        # exact() reads the same position's context for its bounds and for each search
        if self._memo[0] is pos:
            return self._memo[1]
        ctx = super()._context(pos)
        self._memo = (pos, ctx)
        return ctx

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
                if self._NSW:
                    sw = self._sweep_update(sw, tm, wpos)
                p, k, tv, tm = wpos, 0, 0, 0
                ti += 1
            else:
                p, k = (p + 1) % self._n, k + 1
        if k == 0 and not hands[p]:
            return g + (self._sweep_bonus(sw) if self._NSW else 0)
        v = self._core.search(hands, p, k, wbit, wpos, ledm, tv, tm, ti, sw, alpha - g,
                              beta - g, self._limit - self._node_count())
        if v is None:
            raise BudgetExceeded()
        return v + g

    def exact_moves(self, pos, moves, lo=None, hi=None) -> list[int]:
        """:meth:`exact` after each of ``moves``: with a full window, one call into the core
        for them all (a Euchre solve's moves cost less than its Python calls)."""
        slo, shi = self.bounds(pos)
        lo = slo if lo is None else max(lo, slo)
        hi = shi if hi is None else min(hi, shi)
        if self.narrow or lo == hi or not moves:
            return super().exact_moves(pos, moves, lo, hi)
        p, k, wbit, wpos, ledm, tv, tm, ti, rem, sw, live = self._context(pos)
        values = self._core.search_moves(list(pos[0]), p, k, wbit, wpos, ledm, tv, tm, ti, sw,
                                         moves, lo - 1, hi + 1,
                                         self._limit - self._node_count())
        if values is None:
            raise BudgetExceeded()
        return values
