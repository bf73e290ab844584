"""Exhaustive search of Lora's layout contract (rules file 7 and 14.3).

Given the deal and the start rank, a position is fixed by the four pile sizes and the player on
move (every card not on the layout is still in its owner's hand), plus the hero's pass count
when passes score. The hero minimises his score; the other three play together against him.
Values are exact hand scores for the hero, memoised per position; the first card of the hand
(which fixes the start rank) is a root move like any other.

With ``lora_last_card_call = manual`` (rules 9.8.4 item 4, A17) the call is the only legal
action once it is due, so it is a forced move that changes neither the piles nor the turn
order; a player who misses it pays the +8 of P4, which double-dummy play never does (the
value is the score of the hand played without penalties).

The same search runs compiled (``tutor/solver/_layout.c``, :class:`_CompiledLayout`) when the
compiled core is chosen (``tutor.solver.backend() == "compiled"``) and that extension is
built: same values, move values, principal line and node counts; this module stays the
reference.
"""

from __future__ import annotations

from ..cards import SUITS, Card
from ..errors import TutorError
from ..games.actions import Action, Pass, Play
from ..games.lora_layout import CYCLE
from .api import Result
from .compiled import backend
from .search import BudgetExceeded

__all__ = ["solve_layout"]

try:
    from . import _layout as _compiled
except ImportError:   # built without a C compiler: the Python search runs
    _compiled = None

# the C search's line codes: suit * 8 + CYCLE index -> the play
_PLAYS = tuple(Play(Card(rank, suit)) for suit in SUITS for rank in CYCLE)
_PASS = Pass()
_LAST_CARD = Action("last_card")


class _Layout:
    """Memoised minimax over (piles, player on move, hero's passes) for one deal.

    Piles and hand sizes are packed four bits per suit / seat into ints; the value is the
    hero's final score.
    """

    def __init__(self, state, hero, budget):
        self.cycle = CYCLE
        r = state.rules
        self.out_points = r.lora_out_points
        self.card_points = r.lora_card_points
        self.pass_points = r.lora_pass_points
        self.pays_passes = r.lora_out_player_pays_passes
        self.double = r.lora_double_on_start_rank
        self.hero = hero
        self.budget = budget
        self.nodes = 0
        self.owner = {c: s for s in range(4) for c in state.hands[s]}
        self.searches = {}

    def final(self, out, first_rank, sizes, hp):
        """The hero's score when ``out`` goes out (with a card of the start rank if
        ``first_rank``); ``sizes`` packed."""
        mult = 2 if self.double and first_rank else 1
        if out == self.hero:
            return self.out_points + (mult * self.pass_points * hp if self.pays_passes else 0)
        return mult * (self.card_points * ((sizes >> (4 * self.hero)) & 15)
                       + self.pass_points * hp)

    def search(self, r0):
        """The value function for start rank ``r0``: value(piles, p, sizes, hp)."""
        fn = self.searches.get(r0)
        if fn is not None:
            return fn
        i = self.cycle.index(r0)
        order = self.cycle[i:] + self.cycle[:i]
        NEED = tuple(tuple(self.owner.get(Card(rank, suit), -1) for rank in order) + (-1,)
                     for suit in SUITS)
        memo = {}
        hero = self.hero
        final = self.final
        track_passes = bool(self.pass_points)
        budget = self.budget
        layout = self

        def value(piles, p, sizes, hp):
            key = piles | (p << 16) | ((hp if track_passes else 0) << 18)
            v = memo.get(key)
            if v is not None:
                return v
            layout.nodes += 1
            if layout.nodes > budget:
                raise BudgetExceeded()
            nxt = (p + 1) & 3
            best = None
            for s in (0, 1, 2, 3):
                count = (piles >> (4 * s)) & 15
                if NEED[s][count] != p:
                    continue
                left = sizes - (1 << (4 * p))
                if not (left >> (4 * p)) & 15:
                    x = final(p, count == 0, left, hp)
                else:
                    x = value(piles + (1 << (4 * s)), nxt, left, hp)
                if best is None or (x < best if p == hero else x > best):
                    best = x
            if best is None:
                best = value(piles, nxt, sizes, hp + (1 if p == hero else 0))
            memo[key] = best
            return best

        self.searches[r0] = value
        return value

    def packed(self, state) -> tuple[int, int, int]:
        """The position as the searches keep it: pile sizes and hand sizes packed four bits per
        suit / seat, and the hero's passes."""
        sizes = 0
        for seat in range(4):
            sizes |= len(state.hands[seat]) << (4 * seat)
        piles = 0
        for s in range(4):
            piles |= state.piles[s] << (4 * s)
        return piles, sizes, (state.passes[self.hero] if state.passes else 0)

    def root_values(self, state) -> dict:
        """Every legal action of the player on move -> the hero's final score."""
        p = state.to_move
        hero = self.hero
        piles, sizes, hp = self.packed(state)
        if getattr(state, "call_due", None) is not None:
            # the manual "last card" call is the only legal action and changes nothing else:
            # the turn then passes on as after any play
            (call,) = state.legal_actions()
            r0 = state.start_rank
            return {call: self.search(r0)(piles, (p + 1) % 4, sizes, hp)}
        left = sizes - (1 << (4 * p))
        gone = not (left >> (4 * p)) & 15
        out = {}
        if state.start_rank is None:
            for card in state.hands[p]:
                if gone:
                    out[Play(card)] = self.final(p, True, left, hp)
                else:
                    out[Play(card)] = self.search(card.rank)(1 << (4 * card.suit.index),
                                                             (p + 1) % 4, left, hp)
            return out
        r0 = state.start_rank
        i = self.cycle.index(r0)
        order = self.cycle[i:] + self.cycle[:i]
        value = self.search(r0)
        for s, suit in enumerate(SUITS):
            count = (piles >> (4 * s)) & 15
            if count < 8 and self.owner.get(Card(order[count], suit)) == p:
                card = Card(order[count], suit)
                if gone:
                    out[Play(card)] = self.final(p, count == 0, left, hp)
                else:
                    out[Play(card)] = value(piles + (1 << (4 * s)), (p + 1) % 4, left, hp)
        if not out:
            out[Pass()] = value(piles, (p + 1) % 4, sizes, hp + (1 if p == hero else 0))
        return out


class _CompiledLayout(_Layout):
    """:class:`_Layout` with the search in C (``_layout.Layout``: a table per start rank);
    the root values stay those of :meth:`_Layout.root_values`."""

    def __init__(self, state, hero, budget):
        super().__init__(state, hero, budget)
        owner = [self.owner.get(Card(rank, suit), -1) for suit in SUITS for rank in self.cycle]
        self.core = _compiled.Layout(owner, hero, self.out_points, self.card_points,
                                     self.pass_points, self.pays_passes, self.double,
                                     max(0, min(budget, 2 ** 62)))   # <= 0: stop at once

    @staticmethod
    def fits(state, hero, budget) -> bool:
        """Whether the C search's integer ranges hold this position's rules, passes, hero and
        budget (else the Python search runs)."""
        r = state.rules
        lim = _compiled.CONST_LIMIT
        if not all(type(x) in (int, bool) and -lim < x < lim
                   for x in (r.lora_out_points, r.lora_card_points, r.lora_pass_points)):
            return False
        hp = state.passes[hero] if state.passes else 0
        return (type(hero) is int and 0 <= hero < 4 and isinstance(budget, int)
                and 0 <= hp < _compiled.HP_LIMIT)

    def search(self, r0):
        fn = self.searches.get(r0)
        if fn is not None:
            return fn
        i = self.cycle.index(r0)
        core_value = self.core.value
        layout = self

        def value(piles, p, sizes, hp):
            v = core_value(i, piles, p, sizes, hp)
            layout.nodes = layout.core.nodes
            if v is None:
                raise BudgetExceeded()
            return v

        self.searches[r0] = value
        return value

    def line(self, state, values) -> list[Action]:
        """:func:`_layout_line` from the root ``values``: the first action picked here, the
        rest by the C search."""
        p, hero = state.to_move, self.hero
        want = min(values.values()) if p == hero else max(values.values())
        action = next(a for a, v in values.items() if v == want)
        line = [action]
        piles, sizes, hp = self.packed(state)
        r0 = state.start_rank
        manual = state.rules.lora_last_card_call == "manual"
        if action.verb == "pass":
            hp += p == hero
        elif action.verb == "play":
            card = action.card
            r0 = card.rank if r0 is None else r0
            left = len(state.hands[p]) - 1
            if not left:
                return line
            if left == 1 and manual:
                line.append(_LAST_CARD)
            piles += 1 << (4 * card.suit.index)
            sizes -= 1 << (4 * p)
        codes = self.core.line(self.cycle.index(r0), piles, (p + 1) % 4, sizes, hp)
        if codes is None:
            raise BudgetExceeded()
        for code in codes:
            if code == _compiled.PASS:
                line.append(_PASS)
            else:
                line.append(_PLAYS[code & 31])
                if code & _compiled.LEAVES_ONE and manual:
                    line.append(_LAST_CARD)
        return line


def _check(state):
    if getattr(state, "game", None) != "lora" or state.contract != "lora":
        raise TutorError("solve_layout needs a Lora hand in the layout contract")
    if state.phase != "play" or state.to_move is None:
        raise TutorError("the layout contract is not being played in this hand")


def _values(sr, state) -> dict:
    return sr.root_values(state)


def solve_layout(state, hero=None, budget=None, moves=True) -> Result:
    """Solve a Lora layout position: the hero's hand score under best play (he minimises it;
    the other three play together against him) and the value of each legal action."""
    _check(state)
    hero = state.to_move if hero is None else hero
    budget = budget if budget is not None else 20_000_000
    compiled = (_compiled is not None and backend() == "compiled"
                and _CompiledLayout.fits(state, hero, budget))
    if compiled:
        sr = _CompiledLayout(state, hero, budget)
    else:
        sr = _Layout(state, hero, budget)
    try:
        values = _values(sr, state)
    except BudgetExceeded:
        return Result(value=None, moves={}, nodes=sr.nodes, exact=False,
                      bounds=(None, None), hero=hero, problem=None)
    pick = min if state.to_move == hero else max
    value = pick(values.values())
    res = Result(value=value, moves=values, nodes=sr.nodes, exact=True, bounds=(value, value),
                 hero=hero, problem=None, _searcher=sr)
    if isinstance(sr, _CompiledLayout):
        res._line = sr.line(state, values)
    else:
        res._line = _layout_line(sr, state, hero)
    return res


def _layout_line(sr, state, hero) -> list[Action]:
    """A principal variation, played through the engine with the solved values."""
    st = state.copy()
    line = []
    while st.to_move is not None:
        sub = _values(sr, st)
        want = min(sub.values()) if st.to_move == hero else max(sub.values())
        action = next(a for a, v in sub.items() if v == want)
        line.append(action)
        st.push(action)
    return line
