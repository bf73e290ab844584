"""Exhaustive alpha-beta over a :class:`~tutor.solver.problem.Problem`; it knows no game.

Values searched are the hero's *future* score from the current point in internal units (the
hero's side maximises; ``minimise`` problems are negated). Techniques:

* fail-soft alpha-beta with a full window; for penalty objectives, MTD null-window passes
  descending from the hero's best case (see ``MTD_RANGE`` for the rest); at each lead, the
  leads after the first are tried with a null window and searched again only when they beat
  the best so far (principal variation search: Clabber 8% fewer nodes, Euchre 3%);
* a transposition table at trick boundaries holding (lower, upper) bounds of the future value,
  keyed on the remaining hands with ranks renumbered among the cards still in play (only for
  suits whose cards all score alike), the leader and the sweep status;
* touching cards of one hand that score alike are searched once (rank equivalence);
* static bounds from the points still to be won and, for trick counts, the tricks the leader
  can cash from the top (quick tricks); cheap move ordering (memoised), the best lead of the
  table tried first, or else the lead that was best in the last position with the same
  leader and as many cards left (a killer move); against a lone hero (Lora), leads to the
  suits he is void in last, and in trick counts first those he cannot duck; the last trick
  resolved directly;
* a seat whose sweep is worth nothing to the objective closes the set as a split does, and
  once a sweep is closed the whole-trick loops go on without its bookkeeping;
* the inner loop is generated per problem shape without the features it does not use: whole
  tricks as nested loops (:mod:`tutor.solver.trickloop`, whose last seat reads the next
  trick's table entry itself where it can), and a call per card for positions entered in the
  middle of a trick (:mod:`tutor.solver.hotpath`);
* a searcher's compiled loops and tables go back to a pool, emptied, when it is gone, and
  serve the next search of the same shape (same rules, objective and scoring of the cards in
  play): building them cost a tenth of a Euchre solve;
* a node budget: over it, :class:`BudgetExceeded` is raised and the driver reports an inexact
  result instead of running on.
"""

from __future__ import annotations

import functools
import gc

from . import hotpath, trickloop
from .problem import NOBODY, SPLIT, Problem, bits_of

__all__ = ["Searcher", "BudgetExceeded", "INF", "roomy_call", "roomy_call_for"]

INF = 1 << 40
# full windows measured fewer nodes on Euchre and Clabber; null windows are kept for tests
MTD_RANGE = 0
PARTITION = False  # partition-search table entries: fewer nodes, but dearer ones in pure Python
TRICKLOOP = True   # whole tricks as nested loops (tutor.solver.trickloop)


@functools.lru_cache(maxsize=None)
def _roomy_caller(slots: int):
    """``call(f, *args)`` = ``f(*args)`` from a frame of ``slots`` slots.

    CPython 3.11 keeps frames in 16 KB chunks and frees a chunk as soon as the frame at its
    base returns: a deep recursion that keeps crossing a chunk boundary pays a memory map and
    unmap on each crossing, which doubled the search's time on some deals. The big frame
    cannot fit in the current chunk, so it opens a fresh one twice its size and the search
    then runs inside it. Built on first use (compiling thousands of names takes a moment).

    The frame's size is mostly evaluation stack (a chain of powers, never evaluated, needs
    one slot per operand): a call initialises its local variables but not its stack, so the
    room's pages are touched only where the search runs (a Euchre solve 4% faster than with
    local variables alone).

    The cyclic garbage collector is paused meanwhile: the search makes no reference cycles,
    and the collector's passes over a growing table measured 10-20% of the search's time.
    """
    stack = min(slots, ROOM_STACK)
    names = " = ".join(f"_{i}" for i in range(slots - stack)) or "_"
    chain = " ** ".join(["f"] * stack) if stack > 1 else "f"
    src = (f"def roomy_call(f, *args):\n"
           f"    if f is None:\n"
           f"        {names} = None\n"
           f"        return {chain}\n"
           f"    if not isenabled():\n"
           f"        return f(*args)\n"
           f"    disable()\n"
           f"    try:\n"
           f"        return f(*args)\n"
           f"    finally:\n"
           f"        enable()\n")
    namespace: dict = {"isenabled": gc.isenabled, "disable": gc.disable, "enable": gc.enable}
    exec(compile(src, "<roomy call>", "exec"), namespace)
    return namespace["roomy_call"]


# operands of the room's chain of powers (its stack slots): the parser takes about 2,500
ROOM_STACK = 2000
# (room in bytes, frame slots): frames of 2200 / 4400 / 8800 slots open chunks of 32 / 64 /
# 128 KB and leave about 14 / 29 / 58 KB for the search
ROOMS = ((14_000, 2200), (29_000, 4400), (58_000, 8800))


def roomy_call_for(tricks: int, n: int, whole_tricks: bool = False):
    """The smallest roomy caller whose room holds a search of ``tricks`` tricks of ``n``
    seats: n + 1 frames of about 700 bytes per trick, or with ``whole_tricks`` one frame of
    about 1.2 KB per trick (:mod:`tutor.solver.trickloop`) after at most n card frames, and
    a few helpers on top. A smaller room is cheaper to open: 9 against 18 and 38 us."""
    if tricks <= 2:
        # a search this small crosses a chunk boundary a few times at most: cheaper than
        # opening a room
        return _roomy_caller(1)
    if whole_tricks:
        need = tricks * 1200 + n * 700 + 4000
    else:
        need = tricks * (n + 1) * 700 + 4000
    slots = next((slots for room, slots in ROOMS if room >= need), ROOMS[-1][1])
    return _roomy_caller(slots)


def _IN_ROOM(f, *args):
    """The caller of searches made inside a room already open (see ``Searcher.in_room``)."""
    return f(*args)


def roomy_call(f, *args):
    """``f(*args)`` with the largest room (see :func:`_roomy_caller`)."""
    return _roomy_caller(ROOMS[-1][1])(f, *args)


@functools.lru_cache(maxsize=256)
def _seat_tables(n: int, WI: tuple, MAXS: tuple, plain_tricks: bool):
    """Move-ordering tables that depend only on the seats' sides and weights, and on whether
    the objective counts plain tricks (no card points or trick indices)."""
    NEXT = tuple((p + 1) % n for p in range(n))
    # OPP_AFTER[p][k]: a seat of the other side plays after p, who plays k-th to the trick
    OPP_AFTER = tuple(tuple(any(MAXS[(p + j) % n] != MAXS[p] for j in range(1, n - k))
                            for k in range(n)) for p in range(n))
    # desirability for p of seat q winning a trick: p's side wants high WI, the other low
    DES = tuple(tuple(WI[q] if MAXS[p] else -WI[q] for q in range(n)) for p in range(n))
    # a leader who does not want the trick tries his high cards first on the hero's side; on
    # the other side too where cards or tricks carry points (Lora Hearts a fifth fewer nodes,
    # Queens and the king of hearts last trick a tenth), but his low ones in plain trick
    # counts, sweeps or not (Minimum and Tricks 3-5% fewer); partnership games, where
    # leaders want their tricks, never use it
    LEAD_HIGH = tuple(MAXS) if plain_tricks else (True,) * n
    LEAD_WANTS_WIN = tuple(DES[p][p] == max(DES[p]) and DES[p][p] > min(DES[p])
                           for p in range(n))

    # how a follower orders its cards (see the template's order()): 0 win cheaply,
    # 1 duck high, 2 keep high cards, 3 shed high cards
    def follow_mode(p, q, k):
        mine, theirs = DES[p][p], DES[p][q]
        if mine > theirs:
            return 0
        if mine < theirs:
            return 1
        return 2 if (LEAD_WANTS_WIN[p] or OPP_AFTER[p][k]) else 3

    MODE = tuple(tuple(tuple(follow_mode(p, q, k) for k in range(n)) for q in range(n))
                 for p in range(n))
    # how the other side leads to a lone hero (see the template's order()): 1 in plain trick
    # counts, 2 where cards or tricks carry points, 0 not so; HERO is his position, -1 where
    # the hero is not alone
    HERO = MAXS.index(True) if sum(MAXS) == 1 else -1
    LEAD_VS_HERO = tuple(0 if HERO < 0 or MAXS[p] or LEAD_WANTS_WIN[p] else
                         1 if plain_tricks else 2 for p in range(n))
    return NEXT, OPP_AFTER, DES, LEAD_HIGH, LEAD_WANTS_WIN, MODE, LEAD_VS_HERO, HERO


def _sweep_tightening(n, WI, SWM, SWB, VAL, TV, IDXV, values_ok):
    """Per sweep rule and seat: how much the worst case of a seat still able to take the whole
    set rises above "he takes every point left".

    Where only one seat's points count, against him, and taking the whole set pays him (Lora's
    Hearts, Libyan queens and Tricks), he either takes the whole set (and sweeps) or leaves at
    least one trick holding a card of the set to the others: his worst case is short of the
    points of such a trick, at least the cheapest card of the set plus a trick's value. With
    two sweep rules one trick may leave cards of both sets, so none is tightened."""
    out = []
    weighted = [p for p in range(n) if WI[p]]
    for mask, bonus in zip(SWM, SWB):
        row = [0] * n
        if values_ok and len(weighted) == 1 and len(SWM) == 1:
            h = weighted[0]
            if WI[h] < 0 < WI[h] * bonus:
                least = min((VAL.get(c, 0) for c in bits_of(mask)), default=0)
                row[h] = -WI[h] * (least + TV + min(IDXV, default=0))
        out.append(tuple(row))
    return tuple(out)


class BudgetExceeded(Exception):
    """The node budget ran out."""


def _compress(x: int, n: int, width: int) -> int:
    """Renumber the bits of one suit block held by n hands (packed ``width`` bits apart) so
    that the cards in play occupy the lowest ranks without gaps."""
    bm = (1 << width) - 1
    parts = [(x >> (p * width)) & bm for p in range(n)]
    live = 0
    for part in parts:
        live |= part
    out = [0] * n
    j = 0
    i = 0
    while live >> i:
        if (live >> i) & 1:
            for p in range(n):
                if (parts[p] >> i) & 1:
                    out[p] |= 1 << j
                    break
            j += 1
        i += 1
    r = 0
    for p in range(n):
        r |= out[p] << (p * width)
    return r


_NORM_CACHE: dict = {}
_TOPS_CACHE: dict = {}
_ORDERS_CACHE: dict = {}
_TOPSEQ_CACHE: dict = {}
_PART_CACHE: dict = {}
MEMO_CACHE_LIMIT = 2_000_000   # entries per cache above which its memos are emptied


# live ranks of an 8-bit block -> (a 256-byte table renumbering any subset of them, the ranks)
_RENUMBER: dict = {}


def _renumber_table(live: int):
    """The table (for ``bytes.translate``) that moves the bits of any subset of ``live`` to
    the lowest ranks without gaps, and the ranks of ``live`` from the lowest."""
    ranks = tuple(i for i in range(8) if (live >> i) & 1)
    table = bytearray(256)
    # the subset renumbered to j is the subset renumbered to j without its lowest bit, plus
    # the rank that bit stands for
    subset = [0] * (1 << len(ranks))
    for j in range(1, len(subset)):
        low = j & -j
        subset[j] = subset[j ^ low] | (1 << ranks[low.bit_length() - 1])
        table[subset[j]] = j
    entry = _RENUMBER[live] = (bytes(table), ranks)
    return entry


def _compress_bytes(x: bytes, pattern=None):
    """:func:`_compress` for 8-bit blocks given as one byte per hand; with a ``pattern`` (how
    each rank of the block scores) the scores of the cards in play are kept alongside."""
    live = 0
    for part in x:
        live |= part
    table, ranks = _RENUMBER.get(live) or _renumber_table(live)
    out = x.translate(table)
    if pattern is None:
        return out
    return (out, tuple(pattern[i] for i in ranks))


@functools.lru_cache(maxsize=None)
def _bytes_key_maker(n: int, nb: int, sweeps: bool):
    """A maker of table keys for 8-bit suit blocks: the hands' bytes in one buffer, each block
    read from it with a stride, renumbered through its memo (unrolled per seat and block).
    Compiled once per shape; ``make(H, memos, patterns)`` gives one search's key function."""
    hands = ", ".join(f"h{p}" for p in range(n))
    packed = " | ".join(f"(h{p} << {8 * nb * p})" if p else "h0" for p in range(n))
    lines = ["def make(H, memos, patterns):",
             f"    {''.join(f'M{blk}, ' for blk in range(nb))}= memos",
             f"    {''.join(f'P{blk}, ' for blk in range(nb))}= patterns",
             "    def key_of(leader, sw, hands=H):",
             f"        {hands}, = hands",
             f"        raw = ({packed}).to_bytes({n * nb}, 'little')"]
    for blk in range(nb):
        lines += [f"        x = raw[{blk}::{nb}]",
                  f"        y{blk} = M{blk}.get(x)",
                  f"        if y{blk} is None:",
                  f"            y{blk} = M{blk}[x] = _compress_bytes(x, P{blk})"]
    parts = ", ".join(["leader"] + [f"y{blk}" for blk in range(nb)] + (["sw"] if sweeps else []))
    lines += [f"        return ({parts})",
              "    return key_of"]
    namespace = {"_compress_bytes": _compress_bytes}
    exec(compile("\n".join(lines) + "\n", f"<table key n={n} blocks={nb}>", "exec"), namespace)
    return namespace["make"]


def _bytes_key_function(n, nb, sweeps, norms, H):
    return _bytes_key_maker(n, nb, sweeps)(H, tuple(m for m, _ in norms),
                                           tuple(p for _, p in norms))


def _scoring(pb: Problem):
    """How the cards in play score, for renumbering ranks: (live cards, each card's signature
    (its value and the sweep sets it belongs to), per block whether its cards all score alike,
    whether table keys are the raw hands, per block the signatures by rank or None where
    uniform)."""
    live_all = 0
    for h in pb.hands:
        live_all |= h
    for b in pb.trick:
        live_all |= b
    VAL = pb.card_values
    SWM = tuple(s.mask for s in pb.sweeps)
    W = pb.width
    SUITM = pb.suit_masks
    SIG = {}
    if VAL or SWM or PARTITION:
        m = live_all
        while m:
            low = m & -m
            m ^= low
            SIG[low] = (VAL.get(low, 0),) + tuple(bool(s & low) for s in SWM)
    # blocks whose cards all score alike may be renumbered; in the others, equivalence of
    # touching cards needs equal signatures. Where every card in play scores differently
    # from the others of its block, renumbering ranks merges no two positions (the scores
    # say which cards are in play): raw hands key
    if VAL or SWM:
        kinds = [len({SIG[b] for b in bits_of(live_all & m)}) for m in SUITM]
        UNIFORM = tuple(k <= 1 for k in kinds)
        RAW_KEYS = all(k == (live_all & m).bit_count() for k, m in zip(kinds, SUITM))
        PATTERNS = tuple(None if UNIFORM[blk] else
                         tuple(SIG.get(1 << (blk * W + i)) for i in range(W))
                         for blk in range(len(SUITM)))
    else:
        UNIFORM = (True,) * len(SUITM)
        RAW_KEYS = all((live_all & m).bit_count() <= 1 for m in SUITM)
        PATTERNS = (None,) * len(SUITM)
    return live_all, SIG, UNIFORM, RAW_KEYS, PATTERNS


def _engine_key(pb: Problem, scoring):
    """What a searcher's compiled loops and tables depend on besides the hands: problems
    alike in all of it can take turns with one engine (None: never shared)."""
    if PARTITION:
        return None
    values = tuple(sorted(pb.card_values.items())) if pb.card_values else ()
    return (TRICKLOOP, pb.width, pb.suit_masks, pb.trump_mask, pb.when_void,
            pb.overtrump_on_trump_lead, pb.minimise, pb.weights, pb.hero_side, values,
            pb.trick_value, pb.trick_index_values, pb.tricks_played + pb.tricks_left,
            tuple((sw.mask, sw.bonus) for sw in pb.sweeps), scoring[3], scoring[4])


# engines (compiled loops and their emptied tables) of searchers that are gone, per shape:
# building one took a tenth of a Euchre solve
_ENGINES: dict = {}
ENGINE_SHAPES = 64
ENGINES_PER_SHAPE = 2


class Searcher:
    """Search state for one problem: hands, transposition table, node counter.

    Positions are (hands, trick bits, leader, sweep status); the table stays valid across every
    position of the same problem, so successive queries (each move, the principal variation)
    reuse what earlier ones learned.
    """

    def __init__(self, pb: Problem, budget: int | None = None):
        self.pb = pb
        self.budget = budget
        # the memo caches shared by all searches are bounded (emptied in place: pooled
        # engines hold their memos)
        for cache in (_NORM_CACHE, _TOPS_CACHE, _ORDERS_CACHE, _TOPSEQ_CACHE, _PART_CACHE):
            if sum(map(len, cache.values())) > MEMO_CACHE_LIMIT:
                for memo in cache.values():
                    memo.clear()
        scoring = self.scoring = _scoring(pb)
        key = _engine_key(pb, scoring)
        free = _ENGINES.get(key) if key is not None else None
        if free:
            engine = free.pop()
            self.__dict__.update(engine)
            self.H[:] = pb.hands
            self._set_budget(INF if budget is None else budget)
        else:
            before = set(self.__dict__)
            self._build(scoring)
            engine = {k: v for k, v in self.__dict__.items() if k not in before}
        self._engine = (key, engine)
        self._roomy = roomy_call_for(pb.tricks_left, pb.n, self.loops is not None)
        # small value ranges may be searched with null windows (MTD) instead of a full window
        lo, hi = self.bounds(self.root())
        # penalty objectives (Lora's contracts; not Maximum, whose tricks count for the hero):
        # null-window passes that start from the hero's best case measured a third fewer nodes
        # than a full window
        self.penalty = pb.minimise and all(w >= 0 for w in pb.weights)
        self.narrow = self.penalty or hi - lo <= MTD_RANGE

    def __del__(self):
        # the engine goes back to the pool, emptied, for the next search of the same shape
        key, engine = getattr(self, "_engine", (None, None))
        if key is None:
            return
        engine["tt"].clear()
        engine["_reset"]()
        if len(_ENGINES) >= ENGINE_SHAPES and key not in _ENGINES:
            _ENGINES.clear()
        free = _ENGINES.setdefault(key, [])
        if len(free) < ENGINES_PER_SHAPE:
            free.append(engine)

    # ------------------------------------------------------------------ compile
    def _build(self, scoring):  # noqa: C901 - constants and helpers for the inner loop
        pb = self.pb
        n = pb.n
        W = pb.width
        SH = W.bit_length() - 1
        BM = (1 << W) - 1
        NB = len(pb.suit_masks)
        SUITM = pb.suit_masks
        TRUMP = pb.trump_mask
        VOIDANY = pb.when_void == "any" or not TRUMP
        VOIDOVER = pb.when_void == "overtrump"
        OTL = pb.overtrump_on_trump_lead and bool(TRUMP)
        sign = -1 if pb.minimise else 1
        WI = tuple(sign * w for w in pb.weights)
        MAXS = pb.hero_side
        VAL = dict(pb.card_values)
        HASVAL = bool(VAL)
        TV = pb.trick_value
        total_tricks = pb.tricks_played + pb.tricks_left
        IDXV = list(pb.trick_index_values[:total_tricks])
        IDXV += [0] * (total_tricks + 1 - len(IDXV))
        # sum of trick-index points from index i to the end
        IDXSUM = [0] * (total_tricks + 2)
        for i in range(total_tricks - 1, -1, -1):
            IDXSUM[i] = IDXSUM[i + 1] + IDXV[i]
        SWM = tuple(s.mask for s in pb.sweeps)
        SWB = tuple(s.bonus for s in pb.sweeps)
        NSW = len(SWM)
        SW_ALL_HI = tuple(max(0, max(w * b for w in WI)) for b in SWB)
        WMIN = min(WI)
        WMAX = max(WI)
        values_ok = all(v >= 0 for v in VAL.values()) and TV >= 0 and all(v >= 0 for v in IDXV)
        SW_TIGHT = _sweep_tightening(n, WI, SWM, SWB, VAL, TV, IDXV[:total_tricks], values_ok)
        SW_ALL_LO = tuple(min(0, min(w * b for w in WI)) for b in SWB)
        # the status after seat w takes the first card of a set: a seat whose sweep is worth
        # nothing here closes the set as surely as a split (Lora: every seat but the hero's),
        # so both share table entries
        SWBY = tuple(tuple(w if WI[w] * b else SPLIT for w in range(n)) for b in SWB)
        self._sweep_by = SWBY
        plain_tricks = not HASVAL and not any(IDXV)
        (NEXT, OPP_AFTER, DES, LEAD_HIGH, LEAD_WANTS_WIN, MODE, LEAD_VS_HERO,
         HERO) = _seat_tables(n, WI, MAXS, plain_tricks)
        RANKMASK = W - 1
        live_all, SIG, UNIFORM, RAW_KEYS, PATTERNS = scoring
        H = list(pb.hands)
        self.H = H
        TT = self.tt = {}
        NORM = _NORM_CACHE.setdefault((n, W), {})
        # run tops of a block depend only on its live cards, the hand and (when its cards
        # score differently) the pattern of scores: shared by every search
        TOPS = []
        for blk in range(NB):
            if UNIFORM[blk]:
                TOPS.append(_TOPS_CACHE.setdefault(W, {}))
            else:
                TOPS.append(_TOPS_CACHE.setdefault((W, PATTERNS[blk]), {}))
        budget = self.budget if self.budget is not None else INF
        LOWMASK = tuple((1 << (blk * W)) - 1 for blk in range(NB + 1))

        def tops_miss(blk, live_b, h_b):
            """Cards of h_b (block bits) that top a run of touching, alike cards."""
            r = 0
            base = blk * W
            i = W - 1
            prev_mine = False
            prev_sig = None
            while i >= 0:
                if (live_b >> i) & 1:
                    mine = (h_b >> i) & 1
                    if mine:
                        sig = None if UNIFORM[blk] else SIG.get(1 << (base + i))
                        if not (prev_mine and sig == prev_sig):
                            r |= 1 << i
                        prev_sig = sig
                    prev_mine = bool(mine)
                i -= 1
            TOPS[blk][(live_b << W) | h_b] = r
            return r

        def candidates(h, legal, live):
            """The legal cards, one per run of equivalent cards."""
            out = 0
            while legal:
                blk = (legal.bit_length() - 1) >> SH
                sh = blk << SH
                lb = (live >> sh) & BM
                hb = (h >> sh) & BM
                t = TOPS[blk].get((lb << W) | hb)
                if t is None:
                    t = tops_miss(blk, lb, hb)
                out |= (t << sh) & legal
                legal &= LOWMASK[blk]
            return out

        if RAW_KEYS:
            def key_of(leader, sw, hands=H):
                return (*hands, leader, sw) if NSW else (*hands, leader)
        elif W == 8:
            # a block's cards in play, in order, as (holder, how it scores): positions alike in
            # that respect have the same future, whichever cards left the game before
            NORMS = []
            for blk in range(NB):
                if UNIFORM[blk]:
                    NORMS.append((_NORM_CACHE.setdefault("bytes", {}), None))
                else:
                    pattern = PATTERNS[blk]
                    NORMS.append((_NORM_CACHE.setdefault(("bytes", pattern), {}), pattern))
            key_of = _bytes_key_function(n, NB, bool(NSW), NORMS, H)
        else:
            def key_of(leader, sw, hands=H):
                k = leader
                nw = n * W
                for blk in range(NB):
                    sh = blk * W
                    x = 0
                    for p in range(n):
                        x |= ((hands[p] >> sh) & BM) << (p * W)
                    if UNIFORM[blk]:
                        y = NORM.get(x)
                        if y is None:
                            y = _compress(x, n, W)
                            NORM[x] = y
                        x = y
                    k = (k << nw) | x
                if NSW:
                    return (k, sw)
                return k

        # ---- partition search (Ginsberg 1996; DDS's "winning ranks"): a table entry stores
        # the ranks that decided its value; it then serves every position with the same suit
        # lengths, the same leader and the same holders of those ranks.  Cards that score
        # (values, sweep sets) and trumps under an overtrump duty always count as deciding.
        ZEROSIG = (0,) + (False,) * NSW
        CLS = [0] * (NB * W)
        forced = 0
        if PARTITION:
            sig_classes = sorted({sig for bit, sig in SIG.items() if sig != ZEROSIG}, key=repr)
            for bit, sig in SIG.items():
                i = bit.bit_length() - 1
                if sig != ZEROSIG:
                    CLS[i] = 1 + sig_classes.index(sig)
                    forced |= bit
                elif TRUMP and (VOIDOVER or OTL) and bit & TRUMP:
                    CLS[i] = 1 + len(sig_classes)
                    forced |= bit
        FORCED = forced
        PART = PARTITION and bool(live_all & ~forced)
        HB = max(1, (n - 1).bit_length())          # bits naming a holder
        FB = max(CLS).bit_length()                  # bits naming a scoring class
        SB = HB + FB
        F = W * SB                                  # one field of holder codes per block
        if PART:
            DMASK = tuple(tuple(((1 << (SB * d)) - 1) << (blk * F + F - SB * d)
                                for d in range(W + 1)) for blk in range(NB))
            PCACHE = [_PART_CACHE.setdefault((n, W, SB, blk * F,
                                              tuple(CLS[blk * W:(blk + 1) * W])), {})
                      for blk in range(NB)]

        def block_part(blk, x):
            """(lengths, scoring classes) and the holder codes from the top of one block given
            as one byte (or int) per hand."""
            cls = CLS[blk * W:(blk + 1) * W]
            seq = 0
            j = 0
            classes = []
            for i in range(W - 1, -1, -1):
                for p in range(n):
                    if (x[p] >> i) & 1:
                        j += 1
                        seq |= ((p << FB) | cls[i]) << (F - SB * j)
                        if cls[i]:
                            classes.append(cls[i])
                        break
            out = ((bytes(bin(b).count("1") for b in x), tuple(sorted(classes))),
                   seq << (blk * F))
            PCACHE[blk][x] = out
            return out

        if W == 8:
            def hand_blocks():
                """Each block as one byte per hand."""
                raw = b"".join([x.to_bytes(NB, "little") for x in H])
                return [raw[blk::NB] for blk in range(NB)]
        else:
            def hand_blocks():
                return [tuple([(h >> (blk * W)) & BM for h in H]) for blk in range(NB)]

        def part_key(leader, sw):
            parts = [leader, sw]
            seq = 0
            for blk, x in enumerate(hand_blocks()):
                y = PCACHE[blk].get(x)
                if y is None:
                    y = block_part(blk, x)
                parts.append(y[0])
                seq |= y[1]
            return tuple(parts), seq

        def rel_of(live, slot):
            """The cards of a table entry's pattern in this position: each block's top cards."""
            r = 0
            for blk, d in slot[0]:
                sh = blk * W
                lb = (live >> sh) & BM
                for _ in range(d):
                    top = 1 << (lb.bit_length() - 1)
                    r |= top << sh
                    lb ^= top
            slot[2][live] = r
            return r

        def store(gk, seq, live, rel, lo, hi, best):
            rel = (rel | FORCED) & live
            mask = 0
            depths = []
            for blk in range(NB):
                sh = blk * W
                rb = (rel >> sh) & BM
                if rb:
                    d = (((live >> sh) & BM) >> ((rb & -rb).bit_length() - 1)).bit_count()
                    mask |= DMASK[blk][d]
                    depths.append((blk, d))
            grp = TT.get(gk)
            if grp is None:
                grp = TT[gk] = {}
            slot = grp.get(mask)
            if slot is None:
                slot = grp[mask] = (tuple(depths), {}, {})
            pats = slot[1]
            pk = seq & mask
            old = pats.get(pk)
            if old is not None:
                if old[0] > lo:
                    lo = old[0]
                if old[1] < hi:
                    hi = old[1]
                if not best:
                    best = old[2]
            pats[pk] = (lo, hi, best)

        LASTREL = [0]

        def sweep_bonus(sw):
            v = 0
            for i in range(NSW):
                s = sw[i]
                if s >= 0:
                    v += WI[s] * SWB[i]
            return v

        def sweep_update(sw, tm, w):
            out = list(sw)
            for i in range(NSW):
                if tm & SWM[i]:
                    s = out[i]
                    if s == NOBODY:
                        out[i] = SWBY[i][w]
                    elif s != w and s != SPLIT:
                        out[i] = SPLIT
            return tuple(out)

        def static_bounds(rem, r, ti, sw, live):
            if not values_ok:
                return -INF, INF
            P = rem + TV * r + IDXSUM[ti]
            lo = WMIN * P if WMIN < 0 else 0
            hi = WMAX * P if WMAX > 0 else 0
            for i in range(NSW):
                s = sw[i]
                if s == SPLIT:
                    continue
                b = SWB[i]
                if s >= 0:
                    fixed = WI[s] * b
                    if live & SWM[i]:
                        lo += min(0, fixed) + SW_TIGHT[i][s]
                        hi += max(0, fixed)
                    else:
                        lo += fixed
                        hi += fixed
                else:
                    lo += SW_ALL_LO[i]
                    hi += SW_ALL_HI[i]
                    if live & SWM[i]:
                        lo += max(SW_TIGHT[i])
            return lo, hi

        def last_trick(leader, ti, sw):
            wbit = H[leader]
            wpos = leader
            winm = SUITM[(wbit.bit_length() - 1) >> SH] | TRUMP
            tm = wbit
            pts = TV + IDXV[ti]
            if HASVAL:
                pts += VAL.get(wbit, 0)
            p = NEXT[leader]
            while p != leader:
                c = H[p]
                tm |= c
                if HASVAL:
                    pts += VAL.get(c, 0)
                if c & winm and c > wbit:
                    wbit = c
                    wpos = p
                p = NEXT[p]
            v = WI[wpos] * pts
            # the winning card's rank decided the trick only if it beat a card of its own suit
            LASTREL[0] = wbit if (tm ^ wbit) & SUITM[(wbit.bit_length() - 1) >> SH] else 0
            if NSW:
                v += sweep_bonus(sweep_update(sw, tm, wpos))
            return v

        legal_of = pb.legal_rule()

        TOPSEQ = _TOPSEQ_CACHE.setdefault(W, {})

        def top_run(lb, hb):
            """How many of the block's highest cards in play the hand holds in a row."""
            key = (lb << W) | hb
            k = TOPSEQ.get(key)
            if k is None:
                k = 0
                while lb:
                    top = 1 << (lb.bit_length() - 1)
                    if not hb & top:
                        break
                    k += 1
                    lb ^= top
                TOPSEQ[key] = k
            return k

        TRUMP_BLOCK = (TRUMP.bit_length() - 1) >> SH if TRUMP else -1

        TS = TRUMP_BLOCK * W
        PLAIN_SHIFTS = tuple(blk * W for blk in range(NB) if blk != TRUMP_BLOCK)

        def quick_plain(h, live):
            """Tricks the leader can cash in a row from the top of the suits other than
            trumps (sure only when nobody else holds a trump)."""
            k = 0
            for sh in PLAIN_SHIFTS:
                hb = (h >> sh) & BM
                if hb:
                    q = TOPSEQ.get((((live >> sh) & BM) << W) | hb)
                    if q is None:
                        q = top_run((live >> sh) & BM, hb)
                    k += q
            return k

        def quick_tricks(h, live):
            """Tricks the leader can cash in a row from the top: his top trumps, and his top
            cards of other suits when nobody else holds a trump."""
            k = 0
            if TRUMP:
                hb = (h >> TS) & BM
                if hb:
                    k = TOPSEQ.get((((live >> TS) & BM) << W) | hb)
                    if k is None:
                        k = top_run((live >> TS) & BM, hb)
                if live & ~h & TRUMP:
                    return k
            return k + quick_plain(h, live)

        # quick tricks bound the value only for a leader whose own tricks move it his way
        plain = not HASVAL and not NSW and not any(IDXV) and TV > 0 and values_ok
        quick_at = tuple(plain and (WI[p] > WMIN if MAXS[p] else WI[p] < WMAX) for p in range(n))
        def quick_cards(h, live):
            """The cards that make the leader's quick tricks (see quick_tricks)."""
            out = 0
            for blk in range(NB):
                sh = blk * W
                if blk != TRUMP_BLOCK and TRUMP and live & ~h & TRUMP:
                    continue
                lb = (live >> sh) & BM
                hb = (h >> sh) & BM
                for _ in range(top_run(lb, hb)):
                    top = 1 << (lb.bit_length() - 1)
                    out |= top << sh
                    lb ^= top
            return out

        # the top trumps of one hand win their tricks whoever leads (not kept by the partition
        # search, whose entries would have to record those cards)
        TRUMP_RUN = plain and bool(TRUMP) and not PART
        # in penalty games, a leader who does not want the trick and a follower's cards that do
        # not take it are ordered by their points (Lora: a fifth fewer nodes on Queens and
        # Hearts, two fifths on the jack of clubs; more on Clabber, which keeps the rank order)
        VALORDER = HASVAL and pb.minimise
        G = dict(
            H=H, TT=TT, key_of=key_of, last_trick=last_trick,
            static_bounds=static_bounds, sweep_update=sweep_update, sweep_bonus=sweep_bonus,
            BudgetExceeded=BudgetExceeded, budget=budget, INF=INF, n=n, SH=SH, SUITM=SUITM,
            TRUMP=TRUMP, VOIDANY=VOIDANY, VOIDOVER=VOIDOVER, OTL=OTL, WI=WI, MAXS=MAXS,
            VAL=VAL, TV=TV, IDXV=IDXV, TOTAL=total_tricks, NEXT=NEXT, DES=DES,
            LEAD_WANTS_WIN=LEAD_WANTS_WIN, LEAD_HIGH=LEAD_HIGH, OPP_AFTER=OPP_AFTER,
            RANKMASK=RANKMASK, SHIFTALL=NB * W, TOPS=TOPS, tops_miss=tops_miss, BM=BM, W=W,
            LOWMASK=LOWMASK, MODE=MODE, LEAD_VS_HERO=LEAD_VS_HERO, HERO=HERO,
            ORDERS=_ORDERS_CACHE.setdefault(NB * W, {}),
            WMIN=WMIN, WMAX=WMAX, IDXSUM=IDXSUM, quick_tricks=quick_tricks,
            quick_plain=quick_plain, quick_cards=quick_cards, store=store, rel_of=rel_of,
            LASTREL=LASTREL,
            QUICK=quick_at, TRUMP_RUN=TRUMP_RUN, TOPSEQ=TOPSEQ, top_run=top_run, TS=TS,
            SWM=SWM, SWB=SWB, SWBY=SWBY, SPLIT=SPLIT, NOBODY=NOBODY, SWTIGHT=SW_TIGHT,
            ORDB=tuple(_ORDERS_CACHE.setdefault((W, blk), {}) for blk in range(NB)),
            VALORDER=VALORDER)
        if VALORDER:
            # these orders depend on the cards' points: memos of this search only
            G["ORDERS"] = {}
            G["ORDB"] = tuple({} for _ in range(NB))
        if PART:
            G["key_of"] = part_key
        loops = None
        if TRICKLOOP:
            units = set(VAL.values())
            loops = trickloop.Shape(MAXS, quick_at, VOIDANY, VOIDOVER, OTL, RAW_KEYS,
                                     values_ok, NSW, TRUMP_RUN,
                                     units.pop() if len(units) == 1 else 0,
                                     no_gain=WMAX <= 0, no_loss=WMIN >= 0,
                                     lead_wins=LEAD_WANTS_WIN, weights=WI, trick_value=TV)
        trick_node, play, node_count, set_live, order, set_budget, reset = hotpath.build(
            n, HASVAL, bool(NSW), PART, loops)(G)

        self.loops = loops   # the whole-trick loops' shape, None for the per-card search
        self._trick_node = trick_node
        self._reset = reset
        self._node_count = node_count
        self._set_budget = set_budget
        self._play = play
        self._set_live = set_live
        self._order = order
        self._legal_of = legal_of
        self._static_bounds = static_bounds
        self._values = (VAL, TV, IDXV, SWM, WI)
        self._sweep_update = sweep_update
        self._sweep_bonus = sweep_bonus
        self._SUITM = SUITM
        self._SH = SH
        self._TRUMP = TRUMP
        self._n = n
        self._NSW = NSW
        self._HASVAL = HASVAL
        self._candidates = candidates
        self._total_tricks = total_tricks
        self._hero = HERO

    @property
    def nodes(self) -> int:
        return self._node_count()

    def allow(self, nodes: int | None) -> None:
        """Let the searches from now on spend ``nodes`` more nodes (None: no limit), for a
        searcher kept across several positions of one hand."""
        self._set_budget(INF if nodes is None else self.nodes + nodes)

    # ------------------------------------------------------------------ positions
    # A position is (hands, trick bits, leader, sweep status).
    def root(self):
        """The problem's own position."""
        pb = self.pb
        return (tuple(pb.hands), tuple(pb.trick), pb.leader,
                tuple(s.status if s.status < 0 else by[s.status]
                      for s, by in zip(pb.sweeps, self._sweep_by)))

    def _context(self, pos):
        """Trick state of a position: (p, k, wbit, wpos, ledm, tv, tm, ti, rem, sw, live)."""
        hands, trick, leader, sw = pos
        H = self.H
        H[:] = hands
        n = self._n
        VAL = self._values[0]
        rem = 0
        live = 0
        for h in hands:
            live |= h
        if VAL:
            rem = sum(v for b, v in VAL.items() if live & b)
        ti = self._total_tricks - (hands[leader].bit_count() + (1 if trick else 0))
        wbit = 0
        wpos = leader
        ledm = 0
        tv = 0
        tm = 0
        for i, c in enumerate(trick):
            p = (leader + i) % n
            if i == 0:
                wbit, wpos, ledm = c, p, self._SUITM[(c.bit_length() - 1) >> self._SH]
            elif c & (ledm | self._TRUMP) and c > wbit:
                wbit, wpos = c, p
            tv += VAL.get(c, 0)
            tm |= c
            live |= c
        p = (leader + len(trick)) % n
        return p, len(trick), wbit, wpos, ledm, tv, tm, ti, rem, sw, live

    def to_move(self, pos) -> int:
        hands, trick, leader, _ = pos
        return (leader + len(trick)) % self._n

    def is_over(self, pos) -> bool:
        return not any(pos[0]) and not pos[1]

    def legal(self, pos) -> list[int]:
        """Every legal card (as bits) of the player on move, low to high."""
        p, k, wbit, wpos, ledm, *_ = self._context(pos)
        m = self._legal_of(self.H[p], k, wbit, ledm)
        out = []
        while m:
            c = m & -m
            m ^= c
            out.append(c)
        return out

    def classes(self, pos) -> dict[int, int]:
        """Each legal card -> the card that represents its run of equivalent cards."""
        p, k, wbit, wpos, ledm, tv, tm, ti, rem, sw, live = self._context(pos)
        h = self.H[p]
        legal = self._legal_of(h, k, wbit, ledm)
        tops = self._candidates(h, legal, live)
        rep = {}
        m = legal
        while m:
            c = 1 << (m.bit_length() - 1)
            m ^= c
            if c & tops:
                top = c
            rep[c] = top
        return rep

    def ordered(self, pos) -> list[int]:
        """Representative legal cards in the search's preferred order."""
        p, k, wbit, wpos, ledm, tv, tm, ti, rem, sw, live = self._context(pos)
        h = self.H[p]
        cand = self._candidates(h, self._legal_of(h, k, wbit, ledm), live)
        if not cand & (cand - 1):
            return [cand]
        hero = self._hero
        return list(self._order(p, k, cand, h, wbit, wpos, ledm, live,
                                self.H[hero] if hero >= 0 else 0))

    def in_room(self, fn, *args):
        """``fn(*args)`` inside one room (see :func:`_roomy_caller`), the searches it makes
        through this searcher opening none of their own: a solve that values every move, or
        follows its principal variation, opens one room instead of one per search."""
        roomy = self._roomy
        if roomy is _IN_ROOM:
            return fn(*args)
        self._roomy = _IN_ROOM
        try:
            return roomy(fn, *args)
        finally:
            self._roomy = roomy

    def _trick(self, leader, rem, sw, alpha, beta):
        args = [leader]
        if self._HASVAL:
            args.append(rem)
        if self._NSW:
            args.append(sw)
        return self._roomy(self._trick_node, *args, alpha, beta)

    def _continue(self, p, k, wbit, wpos, ledm, tv, tm, rem, sw, alpha, beta, live):
        args = [p, k, wbit, wpos, ledm]
        if self._HASVAL:
            args += [tv, rem]
        if self._NSW:
            args += [tm, sw]
        old = self._set_live(live)
        try:
            return self._roomy(self._play, *args, alpha, beta)
        finally:
            self._set_live(old)

    def value(self, pos, alpha=-INF, beta=INF, move=None) -> int:
        """Fail-soft future value of ``pos`` (after ``move`` if given) within (alpha, beta)."""
        p, k, wbit, wpos, ledm, tv, tm, ti, rem, sw, live = self._context(pos)
        H = self.H
        if move is None:
            if k == 0:
                return self._trick(p, rem, sw, alpha, beta)
            return self._continue(p, k, wbit, wpos, ledm, tv, tm, rem, sw, alpha, beta, live)
        VAL, TV, IDXV, SWM, WI = self._values
        h = H[p]
        H[p] = h ^ move
        try:
            if k == 0:
                wbit, wpos, ledm = move, p, self._SUITM[(move.bit_length() - 1) >> self._SH]
            elif move & (ledm | self._TRUMP) and move > wbit:
                wbit, wpos = move, p
            cv = VAL.get(move, 0)
            tv += cv
            rem -= cv
            tm |= move
            if k + 1 == self._n:
                g = WI[wpos] * (tv + TV + IDXV[ti])
                if self._NSW:
                    sw = self._sweep_update(sw, tm, wpos)
                return self._trick(wpos, rem, sw, alpha - g, beta - g) + g
            return self._continue((p + 1) % self._n, k + 1, wbit, wpos, ledm, tv, tm, rem, sw,
                                  alpha, beta, live)
        finally:
            H[p] = h

    def bounds(self, pos) -> tuple[int, int]:
        """Static bounds of the future value of a position."""
        p, k, wbit, wpos, ledm, tv, tm, ti, rem, sw, live = self._context(pos)
        r = self.H[p].bit_count() + (1 if k else 0)
        return self._static_bounds(rem + tv, r, ti, sw, live)

    def exact(self, pos, move=None, guess=None, lo=None, hi=None) -> int:
        """Exact future value: MTD null-window passes for trick counts, a full window else."""
        slo, shi = self.bounds(pos)
        lo = slo if lo is None else max(lo, slo)
        hi = shi if hi is None else min(hi, shi)
        if lo == hi:
            return lo
        if not self.narrow:
            return self.value(pos, lo - 1, hi + 1, move)
        if guess is not None:
            g = guess
        else:
            g = hi if self.penalty else (lo + hi + 1) // 2
        while lo < hi:
            beta = g if g > lo else lo + 1
            if beta > hi:
                beta = hi
            v = self.value(pos, beta - 1, beta, move)
            if v >= beta:
                lo = v
            else:
                hi = v
            g = v
        return lo

    def exact_moves(self, pos, moves, lo=None, hi=None) -> list[int]:
        """:meth:`exact` after each of ``moves`` (cards of the player on move)."""
        return [self.exact(pos, move=c, lo=lo, hi=hi) for c in moves]

    def at_least(self, pos, target, move=None) -> bool:
        """Whether the future value reaches ``target`` (one null-window pass)."""
        return self.value(pos, target - 1, target, move) >= target

    def advance(self, pos, move):
        """The position after the player on move plays ``move``; also the points the trick
        gave (internal units) when ``move`` completes it."""
        hands, trick, leader, sw = pos
        n = self._n
        p = (leader + len(trick)) % n
        new_hands = list(hands)
        new_hands[p] ^= move
        trick = trick + (move,)
        if len(trick) < n:
            return (tuple(new_hands), trick, leader, sw), 0
        ctx = self._context((tuple(hands), trick[:-1], leader, sw))
        wbit, wpos, ledm, tv, ti = ctx[2], ctx[3], ctx[4], ctx[5], ctx[7]
        if move & (ledm | self._TRUMP) and move > wbit:
            wpos = p
        VAL, TV, IDXV, SWM, WI = self._values
        tm = 0
        for c in trick:
            tm |= c
        gain = WI[wpos] * (tv + VAL.get(move, 0) + TV + IDXV[ti])
        if self._NSW:
            sw = self._sweep_update(sw, tm, wpos)
        return (tuple(new_hands), (), wpos, sw), gain
