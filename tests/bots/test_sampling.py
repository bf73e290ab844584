"""Deals sampled for the expert agree with everything the seat has seen."""
import random

import pytest

from tutor import games
from tutor.bots import knowledge as K
from tutor.bots.sampling import position_for, sample_hands
from tutor.cards import parse_card

from .helpers import CASES, case_id, random_play_views


def check_sample(state, view, hands):
    know = K.read(view)
    seat = view.seat
    assert hands[seat] == tuple(view.hand)                       # same own hand
    for s, size in know.sizes.items():
        assert len(hands[s]) == size                              # hand sizes as shown
    every = [c for cs in hands.values() for c in cs]
    assert len(every) == len(set(every))                          # no card twice
    assert not set(every) & set(know.played)                      # played cards stay played
    assert not set(every) & set(know.out_of_play)                 # discards / dead cards stay out
    tr = K.trick_rules(view)
    for s, suits in know.voids.items():                           # shown voids respected
        if s in hands and s != seat:
            assert not [c for c in hands[s] if tr.suit_of(c) in suits], (s, suits, hands[s])
    for s, cards in know.excluded.items():
        if s in hands:
            assert not set(hands[s]) & set(cards)
    return know


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_sampled_deals_are_consistent_with_the_view(case):
    game, rules = case
    rng = random.Random(1)
    checked = 0
    for state, view in random_play_views(game, rules, range(5), phase="play"):
        if not any(a.verb == "play" for a in view.legal):
            continue
        hands = sample_hands(K.read(view), rng)
        check_sample(state, view, hands)
        position = position_for(view, hands)
        assert position.to_move == view.seat
        assert sorted(position.legal_actions()) == sorted(view.legal)
        checked += 1
    assert checked


def test_a_void_shown_by_failing_to_follow_is_respected():
    # West (1) showed out of spades on trick 1: no sampled deal gives him a spade
    state = games.position("euchre", hands={0: "AS 9S AC KC QC", 1: "9H TH QH KH AH",
                                            2: "TS QS KS 9D TD", 3: "JS 9C TC JC JD"},
                           trump="D", leader=0)
    for card in ("AS", "9H", "TS", "JS"):
        state.apply(f"play {card}")
    view = state.view(2)
    know = K.read(view)
    assert 1 in know.voids
    rng = random.Random(0)
    for _ in range(50):
        hands = sample_hands(know, rng)
        check_sample(state, view, hands)
        assert not [c for c in hands[1] if c.suit.value == "S"]


def test_the_taken_up_card_stays_with_the_dealer_and_shown_melds_with_their_owner():
    rng = random.Random(3)
    found = 0
    for state, view in random_play_views("euchre", None, range(12), phase="play"):
        if view.public.get("up_card_status") == "taken" and view.seat != view.dealer:
            up = parse_card(view.public["up_card"])
            know = K.read(view)
            if up in know.played or up in view.hand:
                continue
            if view.dealer in know.sizes and up in state.hands[view.dealer]:
                hands = sample_hands(know, rng)
                assert up in hands[view.dealer]
                found += 1
    assert found
    shown = 0
    for state, view in random_play_views("clabber", None, range(40), phase="play"):
        for s, melds in (view.public.get("shown") or {}).items():
            s = int(s)
            if s == view.seat:
                continue
            hands = sample_hands(K.read(view), rng)
            for meld in melds:
                for c in map(parse_card, meld):
                    if c in state.hands[s]:
                        assert c in hands[s]
                        shown += 1
    assert shown


def test_passes_at_the_lora_layout_exclude_the_playable_cards():
    rng = random.Random(2)
    seen = 0
    for state, view in random_play_views("lora", None, range(6), contract="lora", phase="play"):
        know = K.read(view)
        if know.excluded:
            seen += 1
            hands = sample_hands(know, rng)
            check_sample(state, view, hands)
            for s, cards in know.excluded.items():
                # what the engine knows: the seat really holds none of them
                assert not set(state.hands[s]) & set(cards)
    assert seen
