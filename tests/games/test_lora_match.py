"""Lora matches: deal schedules (3.1, 9.1-9.3, 9.8.1, 9.9), score sheet, winner and ties (8)."""

import random
from collections import Counter

import pytest

from tutor import games
from tutor.errors import IllegalAction
from tutor.games import lora


def play_match(match, rng, choose=None):
    """Play every hand with random legal actions; returns the hands as they were dealt."""
    dealt = []
    while True:
        state = match.current
        dealt.append(state)
        while not state.is_over:
            legal = state.legal_actions()
            if state.phase == "choose" and choose is not None:
                state.apply(choose(state))
            else:
                state.apply(rng.choice(legal))
        if match.is_over:
            return dealt
        match.next_hand()


def check_sheet(match):
    sheet = match.sheet
    running = {s: 0 for s in range(4)}
    for row, state in zip(sheet, match.hands):
        assert row["points"] == dict(state.result().points)
        for s in range(4):
            running[s] += row["points"][s]
        assert row["totals"] == running
    assert match.scores == running
    assert sum(1 for _ in sheet) == len(match.hands)


@pytest.mark.parametrize("seed", range(3))
def test_basic_game_is_28_hands_in_block_rotation(seed):
    match = games.new_match("lora", seed=seed)
    first = match.current.dealer
    dealt = play_match(match, random.Random(seed))
    assert len(dealt) == 28 and match.is_over
    for k, state in enumerate(dealt):
        assert state.dealer == (first + k // 7) % 4
        assert state.contract == lora.STANDARD_CONTRACTS[k % 7]
        assert state.eldest == (state.dealer + 1) % 4
    check_sheet(match)
    low = min(match.scores.values())
    assert match.winner == tuple(s for s in range(4) if match.scores[s] == low)
    with pytest.raises(IllegalAction, match="game is over"):
        match.next_hand()


def test_winner_is_none_while_the_game_goes_on():
    match = games.new_match("lora", seed=1)
    assert match.winner is None and not match.is_over
    with pytest.raises(IllegalAction, match="finish the current hand"):
        match.next_hand()


def test_first_dealer_option():
    match = games.new_match("lora", seed=1, first_dealer=2)
    assert match.current.dealer == 2 and match.current.eldest == 3


@pytest.mark.parametrize("seed", range(2))
def test_contract_choice_with_extra_hands_random_match(seed):
    match = games.new_match("lora", seed=seed, contract_choice=True, extra_hands=True)
    first = match.current.dealer
    dealt = play_match(match, random.Random(seed))
    assert len(dealt) == 32
    regular, extra = dealt[:28], dealt[28:]
    for k, state in enumerate(dealt):
        dealer = (first + k) % 4 if k < 28 else (first + k - 28) % 4
        assert state.dealer == dealer and state.chooser == (dealer + 1) % 4
    per_chooser = Counter((s.chooser, s.contract) for s in regular)
    assert per_chooser == Counter({(p, c): 1 for p in range(4) for c in lora.STANDARD_CONTRACTS})
    assert sorted(s.chooser for s in extra) == [0, 1, 2, 3]
    assert all(s.extra for s in extra)
    assert match.remaining == {s: () for s in range(4)}
    check_sheet(match)


def test_contract_choice_block_rotation_and_dealer_chooses():
    match = games.new_match("lora", seed=9, contract_choice=True, deal_rotation="block",
                            contract_chooser="dealer", first_dealer=1)
    dealt = play_match(match, random.Random(9))
    assert len(dealt) == 28
    for k, state in enumerate(dealt):
        assert state.dealer == (1 + k // 7) % 4 == state.chooser
    per_chooser = Counter((s.chooser, s.contract) for s in dealt)
    assert per_chooser == Counter({(p, c): 1 for p in range(4) for c in lora.STANDARD_CONTRACTS})


def test_fixed_order_each_hand_rotation_extension():
    rules = lora.resolve(deal_rotation="each_hand")
    plan = lora.schedule(rules, first_dealer=0)
    assert [(r["dealer"], r["contract"]) for r in plan[:8]] == [
        (0, "minimum"), (1, "minimum"), (2, "minimum"), (3, "minimum"),
        (0, "maximum"), (1, "maximum"), (2, "maximum"), (3, "maximum")]
    assert len(plan) == 28


def test_libyan_match_is_32_hands_with_two_players_redeals():
    match = games.new_match("lora", seed=21, rules="libyan")
    first = match.current.dealer
    dealt = play_match(match, random.Random(21))
    played = [s for s in dealt if not s.result().details["redeal"]]
    assert len(played) == 32
    for k, state in enumerate(played):
        assert state.dealer == (first + k // 8) % 4
        assert state.contract == lora.LIBYAN_CONTRACTS[k % 8]
    redeals = [s for s in dealt if s.result().details["redeal"]]
    assert redeals, "this seed has void two_players deals"
    for state in redeals:
        assert state.contract == "two_players" and state.attempt < 3
    check_sheet(match)


def test_little_lora_and_sixth_trick_presets_schedule():
    match = games.new_match("lora", seed=2, rules="little_lora+king_hearts_sixth_trick", first_dealer=0)
    assert match.total_hands == 24
    assert [r["contract"] for r in match.plan[:6]] == [
        "minimum", "maximum", "queens", "hearts", "king_hearts_sixth_trick", "lora"]


def test_libyan_with_contract_choice_and_extra_hands_is_36_hands():
    match = games.new_match("lora", seed=4, rules="libyan", contract_choice=True, extra_hands=True)
    assert match.total_hands == 36
    dealt = play_match(match, random.Random(4))
    played = [s for s in dealt if not s.result().details["redeal"]]
    assert len(played) == 36
    assert any(s.result().details["void"] for s in dealt), "this seed has void deals"
    for state, after in zip(dealt, dealt[1:]):
        if state.result().details["void"] and state.result().details["redeal"]:
            assert after.contract == "two_players" and after.phase != "choose"
            assert after.attempt == state.attempt + 1 and after.dealer == state.dealer
    per_chooser = Counter((s.chooser, s.contract) for s in played[:32])
    assert per_chooser == Counter({(p, c): 1 for p in range(4) for c in lora.LIBYAN_CONTRACTS})


def test_sheet_rows_name_dealer_chooser_contract():
    match = games.new_match("lora", seed=3, contract_choice=True, first_dealer=0)
    play_match(match, random.Random(3))
    row = match.sheet[0]
    assert row["hand"] == 1 and row["dealer"] == 0 and row["chooser"] == 1
    assert row["contract"] in lora.STANDARD_CONTRACTS
    assert set(row) >= {"points", "totals", "penalties", "reasons"}
