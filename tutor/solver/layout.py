"""Exhaustive search of Lora's layout contract (rules file 7 and 14.3).

Given the deal and the start rank, a position is fixed by the four pile sizes and the player on
move (every card not on the layout is still in its owner's hand), plus the hero's pass count
when passes score. The hero minimises his score; the other three play together against him.
Values are exact hand scores for the hero, memoised per position; the first card of the hand
(which fixes the start rank) is a root move like any other.
"""

from __future__ import annotations

from ..cards import SUITS, Card
from ..errors import TutorError
from ..games.actions import Action, Pass, Play
from .api import Result
from .search import BudgetExceeded

__all__ = ["solve_layout"]


class _Layout:
    def __init__(self, state, hero, budget):
        from ..games.lora_layout import CYCLE
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
        self.memo: dict = {}
        self.need = {}

    def needs_for(self, r0):
        table = self.need.get(r0)
        if table is None:
            i = self.cycle.index(r0)
            order = self.cycle[i:] + self.cycle[:i]
            table = tuple(tuple(self.owner.get(Card(rank, suit)) for rank in order) + (None,)
                          for suit in SUITS)
            self.need[r0] = table
        return table

    def final(self, r0, out, card, sizes, hp):
        mult = 2 if self.double and card.rank == r0 else 1
        if out == self.hero:
            return self.out_points + (mult * self.pass_points * hp if self.pays_passes else 0)
        return mult * (self.card_points * sizes[self.hero] + self.pass_points * hp)

    def moves(self, r0, piles, p):
        need = self.needs_for(r0)
        return [s for s in range(4) if need[s][piles[s]] == p]

    def value(self, r0, piles, p, sizes, hp):
        """The hero's final score from here under best play."""
        key = (r0, piles, p, hp if self.pass_points else 0)
        memo = self.memo
        v = memo.get(key)
        if v is not None:
            return v
        self.nodes += 1
        if self.nodes > self.budget:
            raise BudgetExceeded()
        suits = self.moves(r0, piles, p)
        nxt = (p + 1) % 4
        if not suits:
            v = self.value(r0, piles, nxt, sizes, hp + (1 if p == self.hero else 0))
        else:
            vals = [self.after(r0, piles, p, sizes, hp, s) for s in suits]
            v = min(vals) if p == self.hero else max(vals)
        memo[key] = v
        return v

    def after(self, r0, piles, p, sizes, hp, s):
        order = self.cycle.index(r0)
        card = Card(self.cycle[(order + piles[s]) % 8], SUITS[s])
        new_piles = piles[:s] + (piles[s] + 1,) + piles[s + 1:]
        new_sizes = sizes[:p] + (sizes[p] - 1,) + sizes[p + 1:]
        if new_sizes[p] == 0:
            return self.final(r0, p, card, new_sizes, hp)
        return self.value(r0, new_piles, (p + 1) % 4, new_sizes, hp)

    # -- root -----------------------------------------------------------------------
    def root_moves(self, state):
        """{action: (r0, piles, sizes, hp, next mover or None, terminal value or None)}."""
        p = state.to_move
        hp = state.passes[self.hero] if state.passes else 0
        sizes = tuple(len(h) for h in state.hands)
        piles = tuple(state.piles)
        out = {}
        if state.start_rank is None:
            for card in state.hands[p]:
                new_piles = tuple(1 if s is card.suit else 0 for s in SUITS)
                new_sizes = sizes[:p] + (sizes[p] - 1,) + sizes[p + 1:]
                out[Play(card)] = (card.rank, new_piles, new_sizes, hp, p)
            return out
        r0 = state.start_rank
        suits = self.moves(r0, piles, p)
        if not suits:
            out[Pass()] = (r0, piles, sizes, hp + (1 if p == self.hero else 0), None)
        for s in suits:
            order = self.cycle.index(r0)
            card = Card(self.cycle[(order + piles[s]) % 8], SUITS[s])
            new_piles = piles[:s] + (piles[s] + 1,) + piles[s + 1:]
            new_sizes = sizes[:p] + (sizes[p] - 1,) + sizes[p + 1:]
            out[Play(card)] = (r0, new_piles, new_sizes, hp, p)
        return out


def _check(state):
    if getattr(state, "game", None) != "lora" or state.contract != "lora":
        raise TutorError("solve_layout needs a Lora hand in the layout contract")
    if state.phase != "play" or state.to_move is None:
        raise TutorError("the layout contract is not being played in this hand")
    if state.rules.lora_last_card_call == "manual":
        raise TutorError("the solver does not model the manual 'last card' call")


def _values(sr, state) -> dict:
    out = {}
    for action, (r0, piles, sizes, hp, mover) in sr.root_moves(state).items():
        if mover is not None and sizes[mover] == 0:
            out[action] = sr.final(r0, mover, action.card, sizes, hp)
        else:
            out[action] = sr.value(r0, piles, (state.to_move + 1) % 4, sizes, hp)
    return out


def solve_layout(state, hero=None, budget=None, moves=True) -> Result:
    """Solve a Lora layout position: the hero's hand score under best play (he minimises it;
    the other three play together against him) and the value of each legal action."""
    _check(state)
    hero = state.to_move if hero is None else hero
    sr = _Layout(state, hero, budget if budget is not None else 20_000_000)
    try:
        values = _values(sr, state)
    except BudgetExceeded:
        return Result(value=None, moves={}, nodes=sr.nodes, exact=False,
                      bounds=(None, None), hero=hero, problem=None)
    pick = min if state.to_move == hero else max
    value = pick(values.values())
    res = Result(value=value, moves=values, nodes=sr.nodes, exact=True, bounds=(value, value),
                 hero=hero, problem=None, _searcher=sr)
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
