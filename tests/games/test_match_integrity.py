"""Match scoring integrity: the score sheet always equals the sum of the hands' results as they
finally stand, also when a finished hand is reopened by undo and played differently."""
import random

import pytest

from tutor import games

GAMES = [("euchre", {}), ("clabber", {}), ("raub", {"players": 3}), ("lora", {})]


def finish(state, pick):
    while not state.is_over:
        state.apply(pick(state.legal_actions()))


def sum_of_results(match, start):
    totals = dict(start)
    for hand in match.hands:
        for unit, pts in hand.result().points.items():
            totals[unit] = totals.get(unit, 0) + pts
    return totals


@pytest.mark.parametrize("game,options", GAMES)
def test_undo_after_the_end_reopens_the_hand_and_the_replay_is_counted(game, options):
    match = games.new_match(game, seed=4, **options)
    start = dict(match.scores)
    state = match.current
    rng = random.Random(2)
    finish(state, rng.choice)
    first = state.result().points
    assert match.scores == sum_of_results(match, start)
    assert len(match.sheet) == 1
    # reopen: take back the last card, and one more action
    state.undo()
    state.undo()
    assert not state.is_over
    assert match.scores == start and match.sheet == [] and match.hands == []
    finish(state, lambda legal: legal[0])
    assert len(match.sheet) == 1
    assert match.scores == sum_of_results(match, start)
    assert match.sheet[-1]["points"] == dict(state.result().points)
    # the match goes on from the replayed hand
    match.next_hand()
    finish(match.current, rng.choice)
    assert match.scores == sum_of_results(match, start)
    assert len(match.sheet) == 2
    del first
