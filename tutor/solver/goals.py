"""Yes/no goals about the final counts of a hand, searched double dummy.

Some questions are not a number to maximise but a predicate about how the tricks (or card
points) end up spread: "every Raub defender takes a trick", "exactly two other Lora players
reach three tricks", "the Clabber maker ends above each opponent". Such a goal is described as
data and searched by a boolean minimax: the goal's side (the solver side) tries to make it
true, every other active seat plays as one team against it.

* :class:`Atom` ``sum(coef * final[seat]) >= at_least`` over the final amounts of seats
  (tricks, or card points when the goal gives card values);
* :class:`AllOf`, :class:`AnyOf`, :class:`Not` and :class:`Exactly` (exactly ``k`` parts
  true) combine atoms;
* :class:`Goal` the formula, the solver side, what each seat already holds and what a trick
  is worth;
* :class:`Levels` a valued objective as nested goals "the result is ``value`` or better", best
  first (Raub ``max_tricks``, Euchre ``max_points``, Lora ``two_players``).

Presets per game: :func:`raub`, :func:`lora`, :func:`clabber`, :func:`euchre`; the public
entry points are ``solver.solve(state, goal=...)`` and ``solver.can_reach(state, goal)``.

The search keys a transposition table, at trick starts, on the remaining hands (ranks
renumbered among the cards in play when no card scores on its own), the leader and each atom's
running value, clamped once the atom is decided (its value can no longer change the answer). A position whose formula is already decided returns at once, and a
player stops at the first move that gives his side what it wants.

This module is the readable reference; :mod:`tutor.solver.compiled_goals` runs the same search
in C where the compiled core is chosen (``tutor.solver.backend()``).
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import add
from typing import Iterable, Union

from ..cards import Card, parse_card
from ..errors import TutorError
from ..games.actions import Play
from .problem import Problem
from .search import _NORM_CACHE, BudgetExceeded, _bytes_key_function, roomy_call

__all__ = ["Atom", "AllOf", "AnyOf", "Not", "Exactly", "Goal", "Levels", "solve_goal",
           "reaches", "raub", "lora", "clabber", "euchre", "at_least", "at_most", "clabber_melds"]

DEFAULT_BUDGET = 20_000_000
# a decided atom's value in the table key: far outside any real count, so it stays decided
DECIDED = 1 << 40


# ---------------------------------------------------------------------------- formulas
@dataclass(frozen=True)
class Atom:
    """``sum(coef * final amount of seat) >= at_least``; ``terms`` are (seat, coef) pairs."""

    terms: tuple[tuple[int, int], ...]
    at_least: int


@dataclass(frozen=True)
class AllOf:
    """Every part holds (an empty AllOf always holds)."""

    parts: tuple


@dataclass(frozen=True)
class AnyOf:
    """At least one part holds (an empty AnyOf never holds)."""

    parts: tuple


@dataclass(frozen=True)
class Not:
    part: object


@dataclass(frozen=True)
class Exactly:
    """Exactly ``k`` of the parts hold."""

    k: int
    parts: tuple


Formula = Union[Atom, AllOf, AnyOf, Not, Exactly]
ALWAYS = AllOf(())


def at_least(seats: Iterable[int], k: int) -> Atom:
    """The seats together end with at least ``k``."""
    return Atom(tuple((int(s), 1) for s in sorted(set(seats))), int(k))


def at_most(seats: Iterable[int], k: int) -> Atom:
    """The seats together end with at most ``k``."""
    return Atom(tuple((int(s), -1) for s in sorted(set(seats))), -int(k))


@dataclass(frozen=True)
class Goal:
    """A yes/no question about the end of the hand.

    ``side``: the seats playing for the goal (every other active seat plays against it);
    ``formula``: what must hold about the final amounts; ``start``: (seat, amount) already
    held (tricks or points won earlier, melds and bonuses that are fixed); ``trick_value``:
    what a trick is worth to its winner; ``card_values``: (card, points) for cards worth
    points; ``last_trick_bonus``: points for the winner of the hand's last trick.
    """

    side: frozenset
    formula: object
    start: tuple[tuple[int, int], ...] = ()
    trick_value: int = 1
    card_values: tuple[tuple[Card, int], ...] = ()
    last_trick_bonus: int = 0
    name: str = ""

    def __post_init__(self):
        object.__setattr__(self, "side", frozenset(int(s) for s in self.side))
        if not self.side:
            raise TutorError("a goal needs at least one seat playing for it")
        # the search bounds what is still to come by the points left: nothing may count negative
        if (self.trick_value < 0 or self.last_trick_bonus < 0
                or any(v < 0 for _, v in self.card_values)):
            raise TutorError("a goal counts tricks or points won: trick, card and last-trick "
                             "values cannot be negative")


@dataclass(frozen=True)
class Levels:
    """A valued objective: ``levels`` are (value, goal) pairs from the best value to the worst,
    each goal meaning "the result is ``value`` or better" (so each goal implies the next one);
    the last goal should always hold. All goals share one side."""

    levels: tuple[tuple[int, Goal], ...]
    name: str = ""

    def __post_init__(self):
        if not self.levels:
            raise TutorError("a valued objective needs at least one level")
        if len({g.side for _, g in self.levels}) != 1:
            raise TutorError("every level of a valued objective must have the same side")

    @property
    def side(self) -> frozenset:
        return self.levels[0][1].side


# ---------------------------------------------------------------------------- search
def _atoms(formula, out: list) -> None:
    if isinstance(formula, Atom):
        if formula not in out:
            out.append(formula)
    elif isinstance(formula, (AllOf, AnyOf, Exactly)):
        for part in formula.parts:
            _atoms(part, out)
    elif isinstance(formula, Not):
        _atoms(formula.part, out)
    else:
        raise TutorError(f"{formula!r} is not a goal formula (Atom, AllOf, AnyOf, Not, Exactly)")


def _compile(formula, atoms: list):
    """Nested tuples for :func:`_verdict`: ("a", i), ("all"|"any", parts), ("not", part),
    ("exactly", k, parts)."""
    if isinstance(formula, Atom):
        return ("a", atoms.index(formula))
    if isinstance(formula, AllOf):
        return ("all", tuple(_compile(p, atoms) for p in formula.parts))
    if isinstance(formula, AnyOf):
        return ("any", tuple(_compile(p, atoms) for p in formula.parts))
    if isinstance(formula, Not):
        return ("not", _compile(formula.part, atoms))
    return ("exactly", formula.k, tuple(_compile(p, atoms) for p in formula.parts))


def _verdict(node, status):
    """Three-valued truth of a compiled formula: True, False or None (not decided yet)."""
    kind = node[0]
    if kind == "a":
        return status[node[1]]
    if kind == "all":
        out = True
        for part in node[1]:
            v = _verdict(part, status)
            if v is False:
                return False
            if v is None:
                out = None
        return out
    if kind == "any":
        out = False
        for part in node[1]:
            v = _verdict(part, status)
            if v is True:
                return True
            if v is None:
                out = None
        return out
    if kind == "not":
        v = _verdict(node[1], status)
        return None if v is None else not v
    k = node[1]
    yes = unknown = 0
    for part in node[2]:
        v = _verdict(part, status)
        if v is True:
            yes += 1
        elif v is None:
            unknown += 1
    if yes > k or yes + unknown < k:
        return False
    return (yes == k) if unknown == 0 else None


class GoalSearch:
    """Boolean minimax of one goal over one position (hands as bit masks of a Problem).

    ``wins(...)`` is True when the goal's side can make sure of the goal. The Problem supplies
    the follow obligations (:meth:`Problem.legal_bits`) and the card bits; its own objective
    is not used.
    """

    def __init__(self, pb: Problem, goal: Goal, budget: int | None = None, tally=None):
        self.pb = pb
        self.goal = goal
        self.budget = DEFAULT_BUDGET if budget is None else budget
        # searches of one question share their node count (a one-element list)
        self.tally = [0] if tally is None else tally
        n = pb.n
        atoms: list = []
        _atoms(goal.formula, atoms)
        self.tree = _compile(goal.formula, atoms)
        start = {int(s): int(v) for s, v in goal.start}
        pos_of = {s: i for i, s in enumerate(pb.seats)}
        # atom value = sum(coef * amount) - at_least, true when >= 0
        self.coef = []
        base = []
        for a in atoms:
            row = [0] * n
            value = -a.at_least
            for seat, c in a.terms:
                value += c * start.get(seat, 0)
                if seat in pos_of:
                    row[pos_of[seat]] += c
            self.coef.append(tuple(row))
            base.append(value)
        self.base = tuple(base)
        # how far an atom can rise / fall per point still to be won
        self.up = tuple(max(0, max(row)) for row in self.coef)
        self.down = tuple(min(0, min(row)) for row in self.coef)
        self.side = tuple(s in goal.side for s in pb.seats)
        bit_of = {c: 1 << i for i, c in enumerate(pb.cards) if c is not None}
        self.values = {bit_of[parse_card(c)]: int(v) for c, v in goal.card_values
                       if v and parse_card(c) in bit_of}
        self.trick_value = goal.trick_value
        self.bonus = goal.last_trick_bonus
        self.memo: dict = {}
        self._search = None

    # -- positions are (hands tuple, trick tuple, leader, atom values)
    def root(self):
        pb = self.pb
        return (tuple(pb.hands), tuple(pb.trick), pb.leader, self.base)

    def legal(self, pos) -> tuple[list[int], int]:
        """Legal cards of the player on move, one per run of equivalent cards (touching cards
        of one hand worth the same points), low to high; and every legal card."""
        hands, trick, leader, _ = pos
        pb = self.pb
        p = (leader + len(trick)) % pb.n
        hand = hands[p]
        legal = pb.legal_bits(hand, trick)
        live = 0
        for h in hands:
            live |= h
        for b in trick:
            live |= b
        reps = []
        m = legal
        values = self.values
        while m:
            c = m & -m
            m ^= c
            block = pb.suit_mask_of(c)
            above = live & block & ~((c << 1) - 1)
            nxt = above & -above
            if nxt and nxt & legal and values.get(nxt, 0) == values.get(c, 0):
                continue   # the next live card up is ours, as good and as legal: same outcome
            reps.append(c)
        return reps, legal

    def child(self, pos, card):
        """The position after the player on move plays ``card``."""
        hands, trick, leader, acc = pos
        pb = self.pb
        n = pb.n
        p = (leader + len(trick)) % n
        hands = hands[:p] + (hands[p] ^ card,) + hands[p + 1:]
        trick = trick + (card,)
        if len(trick) < n:
            return (hands, trick, leader, acc)
        winning = pb.suit_mask_of(trick[0]) | pb.trump_mask
        best = max(b for b in trick if b & winning)
        w = (leader + trick.index(best)) % n
        gain = self.trick_value + sum(self.values.get(b, 0) for b in trick)
        if not any(hands):
            gain += self.bonus
        acc = tuple(v + row[w] * gain for v, row in zip(acc, self.coef))
        return (hands, (), w, acc)

    def wins(self, pos) -> bool:
        """Whether the goal's side can make sure of the goal from ``pos``."""
        if self._search is None:
            self._search, self._count = self._build()
        return roomy_call(self._search, pos)

    @property
    def nodes(self) -> int:
        return self._count() if self._search is not None else 0

    def _build(self):  # noqa: C901 - one closure per node kind, for speed
        """The search as closures over the position's hands (a list changed in place)."""
        pb = self.pb
        n = pb.n
        SH = pb.width.bit_length() - 1
        SUITM = pb.suit_masks
        TRUMP = pb.trump_mask
        legal_of = pb.legal_rule()
        VAL = self.values
        TVAL = self.trick_value
        BONUS = self.bonus
        UP = self.up
        DOWN = self.down
        # per seat: how a point won by that seat moves each atom
        COLW = tuple(tuple(row[w] for row in self.coef) for w in range(n))
        TREE = self.tree
        SIDE = self.side
        NEXT = tuple((p + 1) % n for p in range(n))
        memo = self.memo
        tally = self.tally
        budget = self.budget
        H = [0] * n
        count = 0
        # where no card scores on its own, the hands are keyed with ranks renumbered among the
        # cards in play, as in the main search
        # (the renumbered key of raw hands is memoised: positions recur)
        RAWK: dict = {}
        NORMALISED = not VAL and pb.width == 8
        if NORMALISED:
            norm = _NORM_CACHE.setdefault("bytes", {})
            table_key = _bytes_key_function(n, len(SUITM), False,
                                            [(norm, None)] * len(SUITM), H)

        def node_count():
            return count

        KILLS = tuple([0] * (pb.tricks_left + 2) for _ in range(n))
        VERDICTS: dict = {}   # the formula's truth per atom status
        STEPS: dict = {}      # (winner, points of the trick) -> how each atom moves
        STATUS: dict = {}     # (atoms' running values, points left) -> see atom_status

        def atom_status(acc, rem):
            """The formula's verdict (None while open) and the atoms' values as keyed: an atom
            already decided either way is clamped."""
            status = []
            key = []
            for v, down, up in zip(acc, DOWN, UP):
                if v + rem * down >= 0:
                    status.append(True)
                    key.append(DECIDED)
                elif v + rem * up < 0:
                    status.append(False)
                    key.append(-DECIDED)
                else:
                    status.append(None)
                    key.append(v)
            status = tuple(status)
            if status not in VERDICTS:
                VERDICTS[status] = _verdict(TREE, status)
            return VERDICTS[status], tuple(key)

        def trick_start(leader, acc):
            live = 0
            for h in H:
                live |= h
            left = H[leader].bit_count()
            rem = TVAL * left + (BONUS if left else 0)
            if VAL:
                for b, v in VAL.items():
                    if live & b:
                        rem += v
            sk = (acc, rem)
            decided = STATUS.get(sk)
            if decided is None:
                decided = STATUS[sk] = atom_status(acc, rem)
            verdict, key = decided
            if verdict is not None:
                return verdict
            tk = (*H, leader)
            if NORMALISED:
                raw = tk
                tk = RAWK.get(raw)
                if tk is None:
                    tk = RAWK[raw] = table_key(leader, (), H)
            k = (tk, key)
            r = memo.get(k)
            if r is not None:
                return r
            r = play(leader, 0, 0, leader, 0, 0, live, acc)
            memo[k] = r
            return r

        def play(p, k, wbit, wpos, ledm, pts, live, acc):
            nonlocal count
            count += 1
            tally[0] += 1
            if tally[0] > budget:
                raise BudgetExceeded()
            h = H[p]
            legal = legal_of(h, k, wbit, ledm)
            want = SIDE[p]
            q = NEXT[p]
            last = k == n - 1
            m = legal
            first = 0
            if k == 0:
                # the lead that last made the goal (or broke it) with this leader and as many
                # cards left goes first (a killer move)
                kill = KILLS[p]
                left = h.bit_count()
                first = kill[left] & legal
                m ^= first
            while m or first:
                if first:
                    c = first
                    first = 0
                else:
                    c = 1 << (m.bit_length() - 1)   # high to low
                    m ^= c
                blk = SUITM[(c.bit_length() - 1) >> SH]
                above = live & blk & ~((c << 1) - 1)
                nxt = above & -above
                if nxt and nxt & legal and VAL.get(nxt, 0) == VAL.get(c, 0):
                    continue   # the next live card up is ours, as good and as legal
                if k == 0:
                    w, wp, led = c, p, blk
                elif c & (ledm | TRUMP) and c > wbit:
                    w, wp, led = c, p, ledm
                else:
                    w, wp, led = wbit, wpos, ledm
                H[p] = h ^ c
                if last:
                    gain = TVAL + pts + VAL.get(c, 0)
                    if not H[p]:
                        gain += BONUS
                    step = STEPS.get((wp, gain))
                    if step is None:
                        step = STEPS[wp, gain] = tuple(c * gain for c in COLW[wp])
                    r = trick_start(wp, tuple(map(add, acc, step)))
                else:
                    r = play(q, k + 1, w, wp, led, pts + VAL.get(c, 0), live, acc)
                H[p] = h
                if r == want:
                    if k == 0:
                        kill[left] = c
                    return want
            return not want

        def search(pos):
            hands, trick, leader, acc = pos
            H[:] = hands
            if not trick:
                return trick_start(leader, acc)
            live = 0
            for h in hands:
                live |= h
            wbit, wpos, ledm, pts = 0, leader, 0, 0
            for i, c in enumerate(trick):
                live |= c
                if i == 0:
                    wbit, ledm = c, SUITM[(c.bit_length() - 1) >> SH]
                elif c & (ledm | TRUMP) and c > wbit:
                    wbit, wpos = c, (leader + i) % n
                pts += VAL.get(c, 0)
            return play((leader + len(trick)) % n, len(trick), wbit, wpos, ledm, pts, live, acc)

        return search, node_count


# ---------------------------------------------------------------------------- entry points
def goal_problem(state_or_problem, side, minimise=False) -> Problem:
    """The position of a play-phase state (or a Problem as is) with ``side`` as the hero's."""
    if isinstance(state_or_problem, Problem):
        return state_or_problem
    from .adapters import play_position
    return play_position(state_or_problem, side, minimise)


def _goal_search(pb, goal, budget=None, tally=None) -> GoalSearch:
    """The search of ``goal``: the compiled one where the backend is and it covers the goal
    (:mod:`tutor.solver.compiled_goals`, the same search node for node), else this module's."""
    from .compiled_goals import make_goal_search
    return make_goal_search(pb, goal, budget, tally)


def _searchers(pb, goal, budget):
    tally = [0]
    if isinstance(goal, Levels):
        return [(value, _goal_search(pb, g, budget, tally)) for value, g in goal.levels]
    if isinstance(goal, Goal):
        return [(1, _goal_search(pb, goal, budget, tally)), (0, None)]
    raise TutorError("a goal must be a solver.goals.Goal or solver.goals.Levels")


def _level(searchers, positions) -> int:
    """The best level whose goal holds; ``positions``: each searcher's own position (the
    atoms' running values differ from goal to goal)."""
    for (value, sr), pos in zip(searchers, positions):
        if sr is None or sr.wins(pos):
            return value
    raise TutorError("the last level of a valued objective must always hold")


def _after(searchers, positions, card) -> list:
    return [None if sr is None else sr.child(pos, card)
            for (_, sr), pos in zip(searchers, positions)]


def _line(searchers, positions, value) -> list[int]:
    """Plays to the end where each player keeps the value of the position (as far as the node
    budget allows)."""
    sr = searchers[0][1]
    out = []
    try:
        while any(positions[0][0]) or positions[0][1]:
            reps, _ = sr.legal(positions[0])
            card = next((c for c in reversed(reps)
                         if _level(searchers, _after(searchers, positions, c)) == value),
                        reps[-1])
            out.append(card)
            positions = _after(searchers, positions, card)
    except BudgetExceeded:   # the node budget is spent: the line found so far
        pass
    return out


def solve_goal(state_or_problem, goal, budget=None, moves=True):
    """Solve a :class:`Goal` (value 1 = yes, 0 = no) or :class:`Levels` (the best level's
    value). ``moves`` also values each legal move the same way. Returns a
    :class:`~tutor.solver.api.Result` whose ``best`` lists the moves that keep the answer."""
    from .api import Result
    # a valued objective listed from its smallest value up is a penalty (Lora)
    values = [v for v, _ in goal.levels] if isinstance(goal, Levels) else [1, 0]
    pb = goal_problem(state_or_problem, goal.side, minimise=values[0] < values[-1])
    searchers = _searchers(pb, goal, budget)
    rank = {value: i for i, (value, _) in enumerate(searchers)}
    roots = [None if sr is None else sr.root() for _, sr in searchers]
    first = searchers[0][1]
    hero = min(goal.side & set(pb.seats), default=min(goal.side))
    move_values = {}

    def nodes():
        return sum(sr.nodes for _, sr in searchers if sr is not None)

    try:
        if moves and (any(roots[0][0]) or roots[0][1]):
            reps, legal = first.legal(roots[0])
            of_rep = {c: _level(searchers, _after(searchers, roots, c)) for c in reps}
            bits = []
            m = legal
            while m:
                c = m & -m
                m ^= c
                bits.append(c)
            # a card left out as equivalent takes the value of the nearest representative above
            of_card = {}
            rep = None
            for c in reversed(bits):
                if c in of_rep:
                    rep = c
                of_card[c] = of_rep[rep]
            for c in bits:
                move_values[Play(pb.card(c))] = of_card[c]
            pick = min if first.side[pb.to_move] else max
            value = pick(move_values.values(), key=lambda v: rank[v])
        else:
            value = _level(searchers, roots)
    except BudgetExceeded:
        return Result(value=None, moves=move_values, nodes=nodes(), exact=False,
                      bounds=(min(values), max(values)), hero=hero, problem=pb)

    def line_of():   # computed when first read, like a solve's principal variation
        return [Play(pb.card(c)) for c in _line(searchers, roots, value)]

    return Result(value=value, moves=move_values, nodes=nodes(), exact=True,
                  bounds=(value, value), hero=hero, problem=pb, _line_of=line_of)


def reaches(state_or_problem, goal: Goal, budget=None) -> bool:
    """Whether the goal's side can make sure of ``goal`` (a :class:`Goal`). A Problem given
    instead of a state supplies only its cards: the goal fixes the sides and what counts."""
    if not isinstance(goal, Goal):
        raise TutorError("reaches() answers a yes/no Goal; solve a Levels objective instead")
    pb = goal_problem(state_or_problem, goal.side)
    sr = _goal_search(pb, goal, budget)
    return sr.wins(sr.root())


# ---------------------------------------------------------------------------- presets
def _check_seat(state, seat, what="seat") -> int:
    if seat is None or int(seat) not in state.active_seats:
        raise TutorError(f"{what} {seat!r} is not an active player in this hand")
    return int(seat)


def _check_defender(state, seat) -> int:
    seat = _check_seat(state, seat, "defender")
    if seat == state.declarer:
        raise TutorError(f"seat {seat} is the declarer: name one of the defenders "
                         f"{', '.join(str(s) for s in state.active_seats if s != seat)}")
    return seat


def _tricks_start(counts) -> tuple:
    return tuple((s, int(c)) for s, c in enumerate(counts) if c)


def raub(name: str, state, seat=None, k=None):
    """Raub's objectives (rules 24.3) for a play-phase state.

    ``declarer_makes`` (``k`` defaults to the need), ``defeat_declarer``,
    ``defender_scores`` (``seat``, ``k`` = 1), ``blank_defender`` (``seat``),
    ``all_defenders_score`` (every active defender ends with a trick, earlier tricks
    included) and ``max_tricks`` (``seat``: a :class:`Levels` from 4 down to 0).
    """
    decl = state.declarer
    defenders = tuple(s for s in state.active_seats if s != decl)
    start = _tricks_start(state.tricks_won)
    others = lambda s: frozenset(x for x in state.active_seats if x != s)  # noqa: E731
    if name == "declarer_makes":
        need = state.need if k is None else int(k)
        return Goal({decl}, at_least([decl], need), start, name=f"declarer_makes({need})")
    if name == "defeat_declarer":
        return Goal(defenders, at_most([decl], state.need - 1), start, name=name)
    if name == "defender_scores":
        p = _check_defender(state, seat)
        kk = 1 if k is None else int(k)
        return Goal({p}, at_least([p], kk), start, name=f"defender_scores({p}, {kk})")
    if name == "blank_defender":
        p = _check_defender(state, seat)
        return Goal(others(p), at_most([p], 0), start, name=f"blank_defender({p})")
    if name == "all_defenders_score":
        return Goal(defenders, AllOf(tuple(at_least([d], 1) for d in defenders)), start,
                    name=name)
    if name == "max_tricks":
        p = _check_seat(state, seat)
        return Levels(tuple((t, Goal({p}, at_least([p], t), start)) for t in range(4, -1, -1)),
                      name=f"max_tricks({p})")
    raise TutorError(f"Raub has no objective {name!r}; the objectives are declarer_makes, "
                     "defeat_declarer, defender_scores, blank_defender, all_defenders_score, "
                     "max_tricks")


def lora(name: str, state, hero=None):
    """Lora's ``two_players`` contract (rules 9.8.3, 14.2) for the hero, who minimises his
    score against the other three, as the engine scores it.

    * ``"two_players"``: a :class:`Levels` of the hero's score (0, 4 or 8, smallest first);
    * ``"avoid_four"``: the hero does not score the +4 (the qualifying pair, exactly two
      seats with 3 or more tricks, does not make him pay);
    * ``"qualify"``: the hero wins at least 3 tricks.

    The +4 goes to the two unqualified seats (``libyan_two_players_penalize = others``) or to
    the qualified pair (``takers``); a void deal (fewer than two qualified) scores nothing,
    except +8 for the dealer on the last attempt (``state.attempt`` reaching
    ``libyan_two_players_attempts``).
    """
    if getattr(state, "contract", None) != "two_players":
        raise TutorError("these goals belong to Lora's two_players contract")
    hero = state.to_move if hero is None else _check_seat(state, hero, "hero")
    start = _tricks_start(state.trick_counts())
    qualified = {s: at_least([s], 3) for s in range(4)}
    pair = Exactly(2, tuple(qualified[s] for s in range(4)))
    if state.rules.libyan_two_players_penalize == "takers":
        pays_four = AllOf((pair, qualified[hero]))
    else:
        pays_four = AllOf((pair, Not(qualified[hero])))
    pays_eight = (Not(pair) if state.attempt >= state.rules.libyan_two_players_attempts
                  and state.dealer == hero else AnyOf(()))
    me = {hero}
    if name == "qualify":
        return Goal(me, qualified[hero], start, name=name)
    if name == "avoid_four":
        return Goal(me, Not(pays_four), start, name=name)
    if name == "two_players":
        return Levels(((0, Goal(me, AllOf((Not(pays_four), Not(pays_eight))), start)),
                       (4, Goal(me, Not(pays_eight), start)),
                       (8, Goal(me, ALWAYS, start))), name=name)
    raise TutorError(f"Lora two_players has no goal {name!r}; the goals are two_players, "
                     "avoid_four, qualify")


def lora_score_at_most(state, hero, target) -> Goal:
    """The hero's two_players score ends at most ``target``."""
    levels = lora("two_players", state, hero).levels
    fitting = [g for value, g in levels if value <= target]
    if not fitting:
        return Goal({hero}, AnyOf(()), name=f"score <= {target}")
    return fitting[-1]


def clabber_melds(state) -> dict:
    """Each side's meld and bell points for the whole hand (fixed by the deal and the trump
    suit, rules 17.1.6), already during the play: the engine compares the melds after the
    first trick and adds the bell once the hand is over. A seat that has not announced yet is
    taken to announce its best declaration (what the engine announces for it)."""
    from ..games import clabber as cl
    pts = state.meld_points()
    if not state.melds_on:
        return pts
    if not state.melds_resolved:
        by_side = {side: [] for side in pts}
        for seat in range(state.players):
            melds = state.announced[seat]
            if melds is None:
                melds = state.best_declarations[seat]
            by_side[state.side(seat)].extend((seat, m) for m in melds)
        winner, _ = cl.compare_sides(by_side, state.trump, state.evansville)
        if winner is not None:
            pts[winner] += sum(m.points for _, m in by_side[winner])
    if state.bell_holder is not None and state.outcome is None:
        pts[state.side(state.bell_holder)] += cl.BELL_POINTS
    return pts


def clabber(name: str, state, seat=None):
    """Clabber's goals (rules 17.2). ``"make"`` (O2, O4): the makers' total (card points won,
    the 10 for the last trick, melds and bell) ends strictly above every other side's total,
    the makers playing for it; ``"set"``: the others keep the makers from it. With three
    players the two opponents play together. ``"last_trick"`` (O5): the side of ``seat``
    (default: the seat on move) wins the last trick of the hand."""
    from ..games import clabber as cl
    if name == "last_trick":
        seat = state.to_move if seat is None else _check_seat(state, seat)
        side = frozenset(s for s in state.active_seats if state.side(s) == state.side(seat))
        return Goal(side, at_least(side, 1), trick_value=0, last_trick_bonus=1, name=name)
    if state.maker is None:
        raise TutorError("nobody made trumps in this hand: there is nothing to make or set")
    units = cl.sides_of(state.players)
    members = {u: tuple(s for s in range(state.players) if state.side(s) == u) for u in units}
    totals = {u: v for u, v in state.card_points_by_side().items()}
    for u, v in clabber_melds(state).items():
        totals[u] += v
    # each side's total so far sits on its first member; the atoms add members up
    start = tuple((members[u][0], totals[u]) for u in units)
    maker = state.side(state.maker)
    ahead = AllOf(tuple(Atom(tuple((s, 1) for s in members[maker])
                             + tuple((s, -1) for s in members[u]), 1)
                        for u in units if u != maker))
    values = tuple((c, cl.card_points(c, state.trump))
                   for s in state.active_seats for c in state.hands[s])
    values += tuple((c, cl.card_points(c, state.trump)) for _, c in state.trick)
    common = dict(start=start, trick_value=0, card_values=values,
                  last_trick_bonus=cl.LAST_TRICK_BONUS)
    makers = frozenset(s for s in state.active_seats if state.side(s) == maker)
    if name == "make":
        return Goal(makers, ahead, name=name, **common)
    if name == "set":
        return Goal(frozenset(state.active_seats) - makers, Not(ahead), name=name, **common)
    raise TutorError(f"Clabber has no goal {name!r}; the goals are make, set and last_trick "
                     "(points: solver.solve / solver.can_reach)")


EUCHRE_PRESETS = {
    # id: (side, tricks of the whole hand the side needs)
    "make": ("makers", 3), "march": ("makers", 5), "euchre": ("defenders", 3),
    "stop_march": ("defenders", 1), "lone_sweep": ("makers", 5), "stop_lone": ("defenders", 1),
    "lone_defense_euchre": ("defenders", 3), "lone_defense_sweep": ("defenders", 5),
}


def euchre(name: str, state, seat=None, k=None):
    """Euchre's objectives (rules 17.3) for a play-phase state, over tricks of the whole hand.

    ``make``, ``march``, ``euchre``, ``stop_march``, ``lone_sweep``, ``stop_lone``,
    ``lone_defense_euchre``, ``lone_defense_sweep``: the :class:`Goal` "the side wins at least
    k tricks" (the same question as ``solver.can_reach(state, k, hero=...)``; the lone
    presets only for a hand with that lone player); ``at_least`` with ``seat`` and ``k``: the
    seat's side wins at least ``k`` tricks;
    ``max_tricks`` (``seat``'s side): a :class:`Levels` from 5 down to its tricks so far;
    ``max_points`` (``seat``'s side, default the makers): a :class:`Levels` of the side's
    points minus the other side's for the hand, with the engine's own scoring (section 9 or
    12.3/12.4 and the active flags). With three players the defenders score alike, so "the
    other side's points" are one defender's.
    """
    makers = frozenset(s for s in state.active_seats if s in state.makers)
    defenders = frozenset(s for s in state.active_seats if s not in state.makers)
    start = _tricks_start(state.tricks_won)
    lone_maker = any(s in state.makers for s in state.alone)
    lone_defender = any(s not in state.makers for s in state.alone)
    if name in EUCHRE_PRESETS:
        who, k = EUCHRE_PRESETS[name]
        needs = {"march": not lone_maker and len(makers) == 2,
                 "stop_march": not lone_maker and len(makers) == 2,
                 "lone_sweep": lone_maker, "stop_lone": lone_maker,
                 "lone_defense_euchre": lone_defender, "lone_defense_sweep": lone_defender}
        if not needs.get(name, True):
            raise TutorError(f"{name} does not fit this hand: "
                             + ("the maker is not alone" if name in ("lone_sweep", "stop_lone")
                                else "no defender is alone" if name.startswith("lone_defense")
                                else "the makers are not both playing"))
        side = makers if who == "makers" else defenders
        all_side = [s for s in range(state.players) if (s in state.makers) == (who == "makers")]
        return Goal(side, at_least(all_side, k), start, name=name)
    if name in ("max_tricks", "max_points", "at_least"):
        if seat is None:
            seat = min(makers)
        seat = int(seat)
        mine = seat in state.makers
        side = makers if mine else defenders
        all_side = [s for s in range(state.players) if (s in state.makers) == mine]
        have = sum(state.tricks_won[s] for s in all_side)
        ks = range(5, have - 1, -1)
        if name == "at_least":
            if k is None:
                raise TutorError("at_least needs the number of tricks k")
            return Goal(side, at_least(all_side, int(k)), start, name=f"at_least({seat}, {k})")
        if name == "max_tricks":
            return Levels(tuple((k, Goal(side, at_least(all_side, k), start)) for k in ks),
                          name=f"max_tricks({seat})")
        return Levels(tuple((_euchre_points(state, seat, k), Goal(side, at_least(all_side, k),
                                                                   start)) for k in ks),
                      name=f"max_points({seat})")
    raise TutorError(f"Euchre has no objective {name!r}; the objectives are "
                     + ", ".join(list(EUCHRE_PRESETS) + ["at_least", "max_tricks", "max_points"]))


def _euchre_points(state, seat: int, k: int) -> int:
    """The engine's score for the hand if ``seat``'s side ends with ``k`` tricks: that side's
    points minus the other side's."""
    st = state.copy()
    mine = [s for s in range(st.players) if (s in st.makers) == (seat in st.makers)]
    theirs = [s for s in range(st.players) if s not in mine]
    won = [0] * st.players
    won[mine[0]] = k
    won[theirs[0]] = 5 - k
    st.tricks_won = tuple(won)
    st.phase, st.outcome, st.to_move = "done", "played", None
    points = st.result().points
    return points[st.side_of(seat)] - points[st.side_of(theirs[0])]
