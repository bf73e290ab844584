"""``solver.solve`` values every legal move: for positions cut from real play of every game,
Lora contract (the layout too) and table size, with the hero on move or not, mid-trick and with
one card left, ``result.moves`` holds exactly the legal actions, less those ``result.excluded``
names on purpose."""

import sys
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tutor import games, solver

from .support import GENERATED, MODES, budget

sys.path.insert(0, str(Path(__file__).parents[1] / "games"))
from real_play import CONFIGS, real_hand  # noqa: E402

SMALL = 14   # cards left in all hands: small enough to solve at once


def _check(state, hero):
    result = solver.solve(state, hero=hero)
    legal = {str(a) for a in state.legal_actions()}
    valued = {str(a) for a in result.moves}
    assert valued <= legal, f"valued moves that are not legal: {valued - legal}"
    missing = legal - valued
    if missing:
        assert result.excluded, f"legal moves without a value: {sorted(missing)}"
        assert all(m in result.excluded for m in missing), result.excluded


@pytest.mark.parametrize("mode", MODES)
def test_every_legal_move_has_a_value(mode):
    @budget("solver", mode)
    @given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10**5), cut=st.integers(0, 60),
           other_hero=st.booleans(), rebuilt=st.booleans())
    def check(config, seed, cut, other_hero, rebuilt):
        GENERATED["solver"] += 1
        moments, _ = real_hand(config, seed)
        small = [(s, r) for s, r in moments if sum(map(len, s.hands)) <= SMALL]
        assume(small)      # a hand ended early (a renege) has no small moment
        state, _ = small[cut % len(small)]
        if rebuilt:
            state = games.position(state.game, **games.position_args(state))
        hero = (state.to_move + 1) % state.players if other_hero else None
        if hero is not None and hero not in state.active_seats:
            hero = None
        _check(state, hero)
    check()


def test_the_layout_contract_is_solved_by_solve():
    moments, _ = real_hand(("lora", {"contract": "lora", "rules": {"contracts": ["lora"]}}), 1)
    state = next(s for s, _ in moments if sum(map(len, s.hands)) <= SMALL)
    result = solver.solve(state)
    assert set(result.moves) == set(state.legal_actions())
    assert result.value == min(result.moves.values()) or result.value == max(result.moves.values())
