"""Every rules option a game accepts gives hands that can be played to the end: random
combinations of every ``Rules`` field and preset, with every player count, play random matches
(legal actions only) whose hands end and score; a combination that could not play must be
refused when the rules are built."""

import dataclasses
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor import TutorError, games
from tutor.games.lora import CONTRACTS

from .support import GENERATED, MODES, attempt, budget, refused

PLAYERS = {"euchre": [None, 2, 3, 4], "lora": [None], "raub": [None, 2, 3, 4],
           "clabber": [None, 2, 3, 4, 6]}


def _value(draw, mod, f):
    if f.name == "contracts":
        return tuple(draw(st.lists(st.sampled_from(CONTRACTS), min_size=1, unique=True)))
    if f.name in mod.Rules.CHOICES:
        return draw(st.sampled_from(mod.Rules.CHOICES[f.name]))
    if f.type in ("bool", bool):
        return draw(st.booleans())
    if isinstance(f.default, int) and not isinstance(f.default, bool):
        return draw(st.sampled_from([0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 21, 100, 10**6]))
    if isinstance(f.default, float) or f.name in ("stake_per_point", "slow_play_seconds"):
        return draw(st.sampled_from([0, 0.5, 1, 2.5, None]))
    return f.default


@st.composite
def rule_sets(draw):
    game = draw(st.sampled_from(games.GAMES))
    mod = games.module(game)
    values = {f.name: _value(draw, mod, f) for f in dataclasses.fields(mod.Rules)
              if draw(st.booleans())}
    presets = draw(st.lists(st.sampled_from(sorted(mod.PRESETS)), max_size=2, unique=True))
    return game, "+".join(presets) or None, values, draw(st.sampled_from(PLAYERS[game]))


@pytest.mark.parametrize("mode", MODES)
def test_every_accepted_option_plays(mode):
    @budget("options", mode)
    @given(case=rule_sets(), seed=st.integers(0, 10**6))
    def check(case, seed):
        GENERATED["options"] += 1
        game, presets, values, players = case
        mod = games.module(game)
        rules, err = attempt(mod.resolve, presets, **values)
        if err is None:
            match, err = attempt(games.new_match, game, seed=seed, rules=rules, players=players)
        if err is not None:
            refused(err)
            return
        rng = random.Random(seed)
        for _ in range(2):
            state = match.current
            for _ in range(1000):
                if state.is_over:
                    break
                legal = state.legal_actions()
                assert legal, f"{game} {presets} {values}: no legal action in {state.phase}"
                state.apply(rng.choice(legal))
            assert state.is_over, f"{game} {presets} {values}: the hand does not end"
            state.result()
            if match.is_over:
                break
            match.next_hand()
    check()
