"""Options with any value, and ``new_hand`` / ``new_match`` with any seed, deck, dealer and
number of players: a TutorError naming the value, the same in both entry points of a game."""

import dataclasses
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor import games

from .support import GENERATED, MODES, attempt, budget, junk, refused

GAMES = st.sampled_from(games.GAMES)
OPTION_NAMES = {g: [f.name for f in dataclasses.fields(games.module(g).Rules)] for g in games.GAMES}


@pytest.mark.parametrize("mode", MODES)
def test_any_option_value(mode):
    @budget("options", mode)
    @given(game=GAMES, data=st.data(), value=junk, unknown=st.text(max_size=30))
    def check(game, data, value, unknown):
        GENERATED["options"] += 1
        name = data.draw(st.sampled_from(OPTION_NAMES[game]))
        preset = data.draw(st.sampled_from([None, *games.module(game).PRESETS]))
        rules, err = attempt(games.rules_for, game, preset, **{name: value})
        if err is None:
            for f in dataclasses.fields(rules):
                v = getattr(rules, f.name)
                assert not (isinstance(v, float) and not math.isfinite(v)), (f.name, v)
        else:
            message = refused(err)
            assert type(err).__name__ == "RulesError", message
        if unknown not in OPTION_NAMES[game] and unknown not in games.module(game).PRESETS:
            _, err = attempt(games.rules_for, game, {unknown: 1})
            assert err is not None
            refused(err, unknown)
        _, err = attempt(games.rules_for, game, value)   # the rules argument itself
        if err is not None:
            refused(err)
    check()


@pytest.mark.parametrize("mode", MODES)
def test_constructors_agree(mode):
    @budget("constructors", mode)
    @given(game=GAMES, which=st.sampled_from(["seed", "dealer", "players", "deck"]), value=junk)
    def check(game, which, value):
        GENERATED["constructors"] += 1
        hand, hand_err = attempt(games.new_hand, game, **{which: value})
        if which == "deck" and game != "euchre":
            match, match_err = hand, hand_err     # only Euchre's new_match takes a deck
        else:
            match, match_err = attempt(games.new_match, game, **{which: value})
        for err in (hand_err, match_err):
            if err is not None:
                refused(err, *([value] if which != "deck" else []))
        if which in ("seed", "dealer", "players"):
            assert (hand_err is None) == (match_err is None), (hand_err, match_err)
            if hand_err is not None:
                assert type(hand_err) is type(match_err) and str(hand_err) == str(match_err)
            elif which == "dealer" and value is not None:
                assert hand.dealer == value == match.current.dealer
    check()


hands = st.one_of(
    junk,
    st.dictionaries(st.one_of(st.integers(-1, 6), st.sampled_from(["0", "1", "x", " 2", "٣"]),
                              st.none(), st.booleans(), st.floats(), st.text(max_size=3)),
                    st.one_of(st.sampled_from(["AS", "AS KS", "2C", "JK", "AS AS", "7C 8C 9C TC",
                                               "JH AH KH QH TH 9H AD"]), junk), max_size=3),
    st.lists(st.sampled_from(["AS", "KS QS", "2C", ""]), max_size=5),
)


@pytest.mark.parametrize("mode", MODES)
def test_deck_for_with_any_hands(mode):
    @budget("deck_for", mode)
    @given(game=GAMES, chosen=hands, dealer=st.one_of(st.integers(-1, 5), junk))
    def check(game, chosen, dealer):
        GENERATED["deck_for"] += 1
        mod = games.module(game)
        args = (chosen, "TS", dealer) if game == "raub" else (chosen,)
        kwargs = {} if game == "raub" else {"dealer": dealer}
        deck, err = attempt(mod.deck_for, *args, **kwargs)
        if err is not None:
            refused(err)
            return
        state = mod.new_hand(deck=deck, dealer=dealer)   # the deck deals what was chosen
        assert state.dealer == dealer
    check()
