"""The solver's and the bots' arguments: a state where a view belongs (and the reverse), bad
heroes, sides, budgets, sample counts, levels and unknown options are refused up front."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor import bots, solver

from .support import GENERATED, MODES, POOL, attempt, budget, junk, picture, refused


def _endings() -> list:
    """Play-phase hands two tricks or less from the end (cheap to solve)."""
    rng = random.Random(5)
    out = []
    for state in POOL:
        if state.phase != "play" or getattr(state, "contract", None) == "lora":
            continue
        state = state.copy()
        while not state.is_over and sum(len(h) for h in state.hands) > 2 * len(state.active_seats):
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over and state.phase == "play":
            out.append(state)
    return out


ENDINGS = _endings()
endings = st.sampled_from(range(len(ENDINGS))).map(lambda i: ENDINGS[i].copy())
seats_or_junk = st.one_of(st.integers(-2, 7), junk)


@pytest.mark.parametrize("mode", MODES)
def test_solver_arguments(mode):
    @budget("solver", mode)
    @given(state=endings, hero=st.one_of(st.none(), seats_or_junk),
           side=st.one_of(st.none(), st.sets(st.integers(-1, 6), max_size=3), junk),
           nodes=st.one_of(st.none(), st.integers(-5, 10**6), junk),
           moves=st.one_of(st.booleans(), junk), as_view=st.booleans())
    def check(state, hero, side, nodes, moves, as_view):
        GENERATED["solver"] += 1
        before = picture(state)
        target = state.view(state.to_move) if as_view else state
        result, err = attempt(solver.solve, target, hero=hero, side=side, budget=nodes,
                              moves=moves)
        if err is None:
            assert not as_view
            assert hero is None or (type(hero) is int and 0 <= hero < state.players)
            assert nodes is None or (type(nodes) is int and nodes >= 1)
        else:
            refused(err)
            if as_view:
                assert "not a seat's view" in str(err)
        assert picture(state) == before
        _, err = attempt(solver.can_reach, state, hero, hero=hero, budget=nodes)
        if err is not None:
            refused(err)
    check()


@pytest.mark.parametrize("mode", MODES)
def test_bot_arguments(mode):
    @budget("bots", mode)
    @given(state=endings, level=st.one_of(st.sampled_from(["basic", "expert", "random"]), junk),
           seed=st.one_of(st.none(), st.integers(), junk),
           seconds=st.one_of(st.none(), st.sampled_from([0.001, 0, -1, float("nan"),
                                                         float("inf")]), junk),
           samples=st.one_of(st.none(), st.integers(-1, 2), junk),
           option=st.one_of(st.none(), st.text(min_size=1, max_size=10)),
           as_state=st.booleans())
    def check(state, level, seed, seconds, samples, option, as_state):
        GENERATED["bots"] += 1
        if isinstance(seconds, (int, float)) and not isinstance(seconds, bool) and seconds > 0.01:
            seconds = 0.001  # a valid budget stays small: the expert thinks that long
        seat = state.to_move
        view = state if as_state else state.view(seat)
        before = picture(state)
        hint, err = attempt(bots.hint, view, level=level, budget=seconds, seed=seed,
                            samples=samples)
        if err is None:
            assert not as_state and level in ("basic", "expert")
            assert hint.action in state.legal_actions()
        else:
            refused(err)
            if as_state:
                assert "state.view(seat)" in str(err)
        options = {} if option is None else {option: 1}
        bot, err = attempt(bots.make, level, seat, seed, **options)
        if err is None:
            assert not options or (level == "expert" and option in ("budget", "samples"))
        else:
            refused(err)
            if option is not None and isinstance(level, str) and level in bots.LEVELS and option not in ("budget", "samples"):
                refused(err, option)
        assert picture(state) == before
    check()
