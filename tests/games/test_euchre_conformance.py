"""Conformance: seeded random hands through legal_actions()/apply() for every variant and flag.

Checks after every action: it was legal; undo() restores the exact previous snapshot; all cards
are conserved; one seat's view (rotating) shows no card another seat holds secretly. At the end
of each hand: every seat's view, replay(record()) reproduces the state, and the points follow the
scoring table of section 9.1 (12.3 / 12.4 for two and three players), recomputed here
independently of the engine.
"""

import json
import random
import re

import pytest

from tutor import games
from tutor.games import euchre

from exact_undo import apply_and_check_undo

PRESETS = ["north_american", "deck_32", "british_25_joker", "two_handed",
           "three_handed_cutthroat", "railroad", "common_north_american",
           "deck_32+railroad", "deck_32+two_handed", "deck_32+three_handed_cutthroat",
           "british_25_joker+two_handed", "british_25_joker+three_handed_cutthroat",
           "deck_32+british_25_joker", "deck_32+common_north_american",
           "railroad+two_handed", "railroad+three_handed_cutthroat"]

# every non-default value of every flag of section 13, one at a time
FLAGS = [
    {"deck_ranks": "7_to_ace"},
    {"joker": True, "joker_upcard": "dealer_names_blind"},
    {"joker": True, "joker_upcard": "fixed_suit", "joker_upcard_suit": "C"},
    {"joker": True, "joker_upcard": "redeal"},
    {"target_score": 11},
    {"deal_pattern": "2-3"},
    {"deal_pattern": "single"},
    {"dealer_pickup_optional": False},
    {"allow_turned_down_suit": True},
    {"stick_the_dealer": True},
    {"stick_the_dealer": True, "allow_turned_down_suit": True},
    {"maker_partner_may_go_alone": False},
    {"defender_alone": "vs_lone_maker"},
    {"defender_alone": "never"},
    {"dealer_partner_order_must_go_alone": True},
    {"dealer_partner_order_must_go_alone": True, "call_for_best": True},
    {"lone_lead": "left_of_dealer_skip_inactive"},
    {"points_make": 2, "points_march": 3, "points_lone_march": 5, "points_euchre": 3},
    {"lone_maker_euchred_points": 4},
    {"lone_defender_euchre_points": 4, "lone_defender_sweep_points": 6},
    {"call_for_best": True},
    {"call_for_best": True, "call_for_best_order": "receive_first"},
    {"laps": True, "slams": True},
    {"players": 3, "three_handed_march_points": 4, "three_handed_euchre_points": 1},
    {"players": 2, "stick_the_dealer": True},
]

CHOICES = {
    "players": (2, 3, 4, 4, 4), "deck_ranks": ("9_to_ace", "7_to_ace"), "joker": (False, True),
    "joker_upcard": ("dealer_names_blind", "fixed_suit", "redeal"),
    "joker_upcard_suit": ("C", "D", "H", "S"), "deal_pattern": ("3-2", "2-3", "single"),
    "dealer_pickup_optional": (True, False), "allow_turned_down_suit": (False, True),
    "stick_the_dealer": (False, True), "maker_partner_may_go_alone": (True, False),
    "defender_alone": ("any", "vs_lone_maker", "never"),
    "dealer_partner_order_must_go_alone": (False, True),
    "lone_lead": ("left_of_lone_player", "left_of_dealer_skip_inactive"),
    "lone_maker_euchred_points": (2, 4), "lone_defender_euchre_points": (2, 4),
    "call_for_best": (False, True), "call_for_best_order": ("discard_first", "receive_first"),
}


def random_flags(seed):
    rng = random.Random(seed)
    return {k: rng.choice(v) for k, v in CHOICES.items()}


CARD_TOKEN = re.compile(r"\b(?:[2-9TJQKA][CDHS]|JK)\b")


# --------------------------------------------------------------------------- the checks
def expected_points(state):
    """Section 9.1 (four players), 12.3 and 12.4, written out as the tables state them."""
    r = state.rules
    n = state.players
    if state.outcome in ("thrown in", "redeal"):
        return {u: 0 for u in (("NS", "EW") if n == 4 else range(n))}
    maker = state.maker
    if n == 4:
        makers = {maker, (maker + 2) % 4}
        m = sum(state.tricks_won[s] for s in makers)
        d = 5 - m
        ma = any(s in makers for s in state.alone)
        da = any(s not in makers for s in state.alone)
        mside = "NS" if maker % 2 == 0 else "EW"
        dside = "EW" if mside == "NS" else "NS"
        table = {
            # (maker alone, defender alone): (3-4, 5, defenders 3-4, defenders 5)
            (False, False): (r.points_make, r.points_march, r.points_euchre, r.points_euchre),
            (True, False): (r.points_make, r.points_lone_march, r.lone_maker_euchred_points,
                            r.lone_maker_euchred_points),
            (False, True): (r.points_make, r.points_march, max(r.points_euchre,
                            r.lone_defender_euchre_points), max(r.points_euchre,
                            r.lone_defender_sweep_points)),
            (True, True): (r.points_make, r.points_lone_march,
                           max(r.lone_maker_euchred_points, r.lone_defender_euchre_points),
                           max(r.lone_maker_euchred_points, r.lone_defender_sweep_points)),
        }[(ma, da)]
        if m >= 3:
            return {mside: table[1] if m == 5 else table[0], dside: 0}
        return {mside: 0, dside: table[3] if d == 5 else table[2]}
    m = state.tricks_won[maker]
    points = {s: 0 for s in range(n)}
    if m >= 3:
        points[maker] = (r.points_march if n == 2 else r.three_handed_march_points) if m == 5 \
            else r.points_make
    else:
        for s in range(n):
            if s != maker:
                points[s] = r.points_euchre if n == 2 else r.three_handed_euchre_points
    return points


def where_cards_are(state):
    places = [c for hand in state.hands for c in hand]
    places += list(state.kitty)
    places += [c for _, c in state.discards]
    places += [c for _, plays, _ in state.tricks for _, c in plays]
    places += [c for _, c in state.trick]
    return places


def hidden_from(state, viewer):
    hidden = set(state.kitty)
    for seat in range(state.players):
        if seat != viewer:
            hidden |= set(state.hands[seat])
    hidden |= {c for s, c in state.discards if s != viewer}
    hidden -= {c for giver, _, c in state.passed_cards if giver == viewer}
    hidden.discard(state.up_card)
    if state.phase == "name_blind" and viewer == state.dealer:
        hidden |= set(state.hands[viewer])
    return {str(c) for c in hidden}


def check_view(state, seat):
    view = state.view(seat)
    text = view.to_json()
    leaked = set(CARD_TOKEN.findall(text)) & hidden_from(state, seat)
    assert not leaked, f"seat {seat} sees {leaked} in {state.phase}"
    if state.phase == "name_blind" and seat == state.dealer:
        assert view.hand == ()
    else:
        assert sorted(view.hand) == sorted(state.hands[seat])
    json.loads(text)


def check_structure(state, deck):
    places = where_cards_are(state)
    assert len(places) == len(deck) and set(places) == set(deck), "cards not conserved"
    if state.phase == "play":
        active = state.active_seats
        played = {s for s, _ in state.trick}
        done = len(state.tricks)
        for s in active:
            assert len(state.hands[s]) == 5 - done - (1 if s in played else 0)
        for s in state.sitting_out:
            from_kitty = state.exchange in ("left", "skipped") and s == state.dealer
            gave = [c for g, _, c in state.passed_cards
                    if g == s and not (from_kitty and c == state.up_card)]
            assert len(state.hands[s]) == 5 - len(gave)
    if state.phase in ("bid1", "bid2", "name_blind", "alone"):
        assert all(len(h) == 5 for h in state.hands)


def choose(rng, state):
    acts = state.legal_actions()
    assert acts, f"no legal action in phase {state.phase} with {state.to_move} to move"
    if state.phase in ("bid1", "bid2"):
        passes = [a for a in acts if a.verb == "pass"]
        if passes and rng.random() < 0.7:
            return passes[0]
    return rng.choice(acts)


def play_hand(rules, seed, views_every=1):
    rng = random.Random(seed)
    state = euchre.new_hand(seed=seed, rules=rules)
    deck = state.deck
    assert set(deck) == set(euchre.game_deck(state.rules))
    steps = 0
    while not state.is_over:
        check_structure(state, deck)
        apply_and_check_undo(state, choose(rng, state))
        if steps % views_every == 0:
            check_view(state, steps % state.players)
        steps += 1
    check_structure(state, deck)
    for seat in range(state.players):
        check_view(state, seat)
    record = json.loads(json.dumps(state.record()))
    again = games.replay(record)
    assert again.snapshot() == state.snapshot()
    result = state.result()
    assert dict(result.points) == expected_points(state)
    if state.outcome == "played":
        assert len(state.tricks) == 5 and sum(state.tricks_won) == 5
        assert sum(1 for v in result.points.values() if v) >= 1
    return state


# --------------------------------------------------------------------------- the runs
HANDS = 40


@pytest.mark.parametrize("preset", PRESETS)
def test_conformance_presets(preset):
    rules = euchre.resolve(preset)
    for seed in range(HANDS):
        play_hand(rules, seed * 7919 + len(preset))


@pytest.mark.parametrize("flags", FLAGS, ids=lambda f: ",".join(f"{k}={v}" for k, v in f.items()))
def test_conformance_flags(flags):
    rules = euchre.resolve(None, **flags)
    for seed in range(HANDS):
        play_hand(rules, seed * 104729 + 17)


@pytest.mark.parametrize("combo", range(20))
def test_conformance_random_flag_combinations(combo):
    rules = euchre.resolve(None, **random_flags(combo))
    for seed in range(30):
        play_hand(rules, combo * 1000 + seed)


def test_conformance_hand_count_in_default_run():
    assert len(PRESETS) * HANDS + len(FLAGS) * HANDS + 20 * 30 >= 2000


@pytest.mark.parametrize("preset", ["north_american", "two_handed", "three_handed_cutthroat",
                                    "railroad", "british_25_joker"])
def test_conformance_matches(preset):
    for seed in range(3):
        rng = random.Random(seed)
        match = euchre.new_match(seed=seed, rules=preset)
        rules = match.rules
        dealers = []
        while True:
            state = match.current
            dealers.append((state.dealer, state.outcome))
            while not state.is_over:
                state.apply(choose(rng, state))
            if match.is_over:
                break
            before = dict(match.scores)
            assert max(before.values()) < rules.target_score or \
                list(before.values()).count(max(before.values())) > 1
            match.next_hand()
        totals = {u: 0 for u in match.scores}
        for row in match.sheet:
            for unit, pts in row["points"].items():
                totals[unit] += pts
        assert totals == match.scores
        top = max(totals.values())
        assert top >= rules.target_score and list(totals.values()).count(top) == 1
        assert match.winner == next(u for u, v in totals.items() if v == top)
        for (d1, outcome), (d2, _) in zip(dealers, dealers[1:]):
            assert d2 == (d1 if outcome == "redeal" else (d1 + 1) % rules.players)
        result = match.game_result()
        assert result.winner == match.winner
        loser_zero = all(v == 0 for u, v in totals.items() if u != match.winner)
        assert result.weight == (2 if rules.slams and loser_zero else 1)
        excess = top - rules.target_score if rules.laps else 0
        assert dict(result.next_scores) == {u: (excess if u == match.winner else 0) for u in totals}


@pytest.mark.slow
@pytest.mark.parametrize("combo", range(200))
def test_conformance_slow_random_combinations(combo):
    rules = euchre.resolve(None, **random_flags(10_000 + combo))
    for seed in range(100):
        play_hand(rules, combo * 100_000 + seed)
