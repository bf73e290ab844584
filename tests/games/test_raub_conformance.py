"""Raub conformance: seeded random play through legal_actions()/apply() for 2, 3 and 4 players
over the option table (§20), checking legality, exact undo, record/replay, that no view shows a
hidden card, that all 32 cards stay accounted for (hands, folded hands, stock, discards, face-up
cards, tricks), and that scores and refas change only as §16 and §17 say. Whole matches are played
until someone reaches 0 and the settlement is checked against the score sheet (§19).
"""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from fractions import Fraction

import pytest

from tutor import games
from tutor.cards import Card
from tutor.errors import IllegalAction
from tutor.games import raub

OPTIONS = {
    "allow_pass_deal": (True, False),
    "muss_enabled": (True, False),
    "trump_seven_exchange": (True, False),
    "trump_seven_exchange_requires_ace": (True, False),
    "blind_raub_needs_one_trick": (False, True),
    "refa_mode": ("queue", "multiply"),
    "refa_on_second_round_all_pass": (True, False),
    "refa_on_same_suit_throw_in": (False, True),
    "second_round_bonus_card": ("last_turned", "any_face_up", "none"),
    "stock_shortage": ("limit", "reshuffle_discards"),
    "must_overtrump": (False, True),
}
NAMES = tuple(OPTIONS)
ALL_COMBOS = [dict(zip(NAMES, values)) for values in itertools.product(*OPTIONS.values())]
SORTED_PACK = sorted(raub.PACK)
CARD_TOKEN = re.compile(r"\b[AKQJT987][CDHS]\b")
WEIGHTS = {"pass_deal": 0.15, "misdeal": 0.04, "misdeal_deliberate": 0.04, "drop": 0.5,
           "pass": 2.5, "turn": 3.0}


def choose(rng, legal):
    """Random legal action, spread over kinds of action so that every phase gets reached."""
    buckets = {}
    for act in legal:
        key = (act.verb, len(act.cards)) if act.verb == "exchange" else (act.verb, 0)
        buckets.setdefault(key, []).append(act)
    keys = sorted(buckets)
    weights = [WEIGHTS.get(k[0], 1.0) for k in keys]
    key = rng.choices(keys, weights)[0]
    return rng.choice(buckets[key])


def visible_cards(state, seat):
    """Cards ``seat`` may legitimately know about, worked out from what happened in public."""
    seen = set(state.turned) | {c for _, c in state.trick}
    seen |= {c for _, trick, _ in state.tricks for _, c in trick}
    if state.seven_exchanged_by is not None:
        seen.add(Card(7, state.trump))
    if state.looked:
        seen |= set(state.hands[seat])
    seen |= set(state.folded[seat]) | set(state.own_discards[seat]) | set(state.own_drawn[seat])
    return seen


def check_no_leak(state):
    for seat in range(state.players):
        text = state.view(seat).to_json()
        leaked = set(CARD_TOKEN.findall(text)) - {str(c) for c in visible_cards(state, seat)}
        assert not leaked, f"seat {seat} sees {leaked} in phase {state.phase}"


def check_cards(state):
    if state.setup["kind"] != "deal":
        return
    cards = list(state.pack) + list(state.stock) + list(state.table_cards)
    cards += [c for _, c in state.discard_pile] + [c for _, c in state.trick]
    cards += [c for h in state.hands for c in h] + [c for h in state.folded for c in h]
    cards += [c for _, trick, _ in state.tricks for _, c in trick]
    assert sorted(cards) == SORTED_PACK, "cards not conserved"


def check_result(state):
    """§16/§17 restated: each player's change and the pending refas after the hand."""
    res = state.result()
    rules, d = state.rules, res.details
    M = state.multiplier
    R = state.refas
    assert M == ((2 if R else 1) if rules.refa_mode == "queue" else 2 ** R)
    if state.end in ("played", "all_dropped"):
        won = list(state.tricks_won)
        if state.end == "all_dropped":
            assert state.tricks == () and state.active_seats == (state.declarer,)
            won[state.declarer] = 4
        else:
            assert sum(won[s] for s in state.active_seats) == 4 and len(state.tricks) == 4
        need = 1 if state.kind == "stih" or (state.kind == "raub" and rules.blind_raub_needs_one_trick) else 2
        assert state.need == need
        for seat in range(state.players):
            t = won[seat]
            if seat == state.declarer:
                expected = -t if t >= need else 4
            elif seat in state.dropped:
                expected = 0
                assert state.kind != "muss"
            else:
                expected = -t if t >= 1 else 2
            assert res.points[seat] == expected * M, (seat, state.end, res.points)
        after = (R - 1 if R else 0) if rules.refa_mode == "queue" else 0
    else:
        added = {"pass_deal": 1, "dealer_pass": 1, "misdeal": 1,
                 "second_round_pass": int(rules.refa_on_second_round_all_pass),
                 "same_suit": int(rules.refa_on_same_suit_throw_in)}[state.end]
        after = R + added
        for seat in range(state.players):
            penalty = 4 if state.misdeal and state.misdeal == (seat, True) else 0
            assert res.points[seat] == penalty
    assert d["refas_after"] == after
    assert set(res.points) == set(range(state.players))


def play_hand(seed, rules, players, undo_every=1, leak_every=1):
    rng = random.Random(seed)
    scores = [rng.randint(1, 25) for _ in range(players)]
    state = raub.new_hand(seed=seed, rules=rules, players=players, scores=scores,
                          refas=rng.choice((0, 0, 1, 2, 3)), table_mode=rng.random() < 0.2)
    step = 0
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, f"no legal action in phase {state.phase}"
        action = choose(rng, legal)
        if state.phase == "draw" and action.verb == "exchange":
            assert len(state._drawing_hand(state.to_move)) in (4, 5)
        if step % undo_every == 0:
            before = state.snapshot()
            state.apply(str(action))
            state.undo()
            assert state.snapshot() == before, f"undo of {action} is not exact"
        state.apply(str(action), seat=None if action.verb.startswith("misdeal") else state.to_move)
        if state.phase == "play" and not state.trick and not state.tricks:
            assert all(len(state.hands[s]) == 4 for s in state.active_seats)
            assert state.to_move == state.declarer
        check_cards(state)
        if step % leak_every == 0:
            check_no_leak(state)
        step += 1
    check_result(state)
    replayed = games.replay(state.record())
    assert replayed.snapshot() == state.snapshot()
    with pytest.raises(IllegalAction):
        state.apply("pass")
    return state


def pairwise_rows():
    """A small set of option combinations covering every pair of values of two options."""
    axes = dict(OPTIONS, players=(2, 3, 4))
    names = list(axes)
    needed = {(a, va, b, vb) for a, b in itertools.combinations(names, 2)
              for va in axes[a] for vb in axes[b]}
    rows = []
    rng = random.Random(0)
    while needed:
        best, best_gain = None, -1
        for _ in range(60):
            cand = {n: rng.choice(axes[n]) for n in names}
            gain = sum((a, cand[a], b, cand[b]) in needed for a, b in itertools.combinations(names, 2))
            if gain > best_gain:
                best, best_gain = cand, gain
        rows.append(best)
        needed -= {(a, best[a], b, best[b]) for a, b in itertools.combinations(names, 2)}
    return rows


PAIRWISE = pairwise_rows()
ENDS_SEEN: Counter = Counter()


@pytest.mark.parametrize("row", range(len(PAIRWISE)))
def test_conformance_random_play_pairwise_options(row):
    options = dict(PAIRWISE[row])
    players = options.pop("players")
    rules = raub.resolve(options)
    hands = max(1, 1600 // len(PAIRWISE))
    for i in range(hands):
        state = play_hand(row * 10_000 + i, rules, players, leak_every=3)
        ENDS_SEEN[state.end] += 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_random_play_every_option_combination_sampled(players):
    # each hand draws its own combination, so over the default run every option value meets many others
    rng = random.Random(players)
    ends = Counter()
    for i in range(150):
        combo = rng.choice(ALL_COMBOS)
        state = play_hand(90_000 + players * 1000 + i, raub.resolve(combo), players, leak_every=4)
        ends[state.end] += 1
    assert ends["played"] > 0


def test_conformance_reaches_every_kind_of_hand_end():
    ends = Counter()
    kinds = Counter()
    shortage = 0
    for i in range(400):
        rules = raub.resolve(ALL_COMBOS[(i * 37) % len(ALL_COMBOS)])
        state = play_hand(50_000 + i, rules, 4, undo_every=5, leak_every=10)
        ends[state.end] += 1
        kinds[state.kind] += 1
        shortage += state.reshuffles > 0
    assert set(ends) == set(raub.ENDS), ends
    assert set(kinds) >= {"ordinary", "raub", "muss", "stih"}, kinds
    assert shortage > 0


@pytest.mark.slow
def test_conformance_every_option_combination_every_player_count():
    for n, combo in enumerate(ALL_COMBOS):
        rules = raub.resolve(combo)
        for players in (2, 3, 4):
            play_hand(200_000 + n * 3 + players, rules, players, leak_every=2)


# --------------------------------------------------------------------------- whole matches
def play_match(seed, players, rules=None, max_hands=3000, **kw):
    rng = random.Random(seed)
    m = raub.new_match(seed=seed, players=players, rules=rules, **kw)
    start = m.scores
    dealer = m.current.dealer
    refas = m.refas
    for _ in range(max_hands):
        hand = m.current
        assert hand.dealer == dealer and hand.refas == refas
        assert hand.scores == tuple(m.scores[s] for s in range(players))
        while not hand.is_over:
            act = choose(rng, hand.legal_actions())
            hand.apply(act, seat=None if act.verb.startswith("misdeal") else hand.to_move)
        refas = hand.result().details["refas_after"]
        assert m.refas == refas
        if m.is_over:
            break
        assert all(v > 0 for v in m.scores.values())
        m.next_hand()
        dealer = (dealer + 1) % players
    assert m.is_over, "match did not finish"
    sheet = m.sheet
    totals = dict(start)
    for row in sheet:
        for seat, pts in row["points"].items():
            totals[seat] += pts
        assert row["totals"] == totals
    for row in sheet[:-1]:
        assert all(v > 0 for v in row["totals"].values())
    assert totals == m.scores
    winners = tuple(s for s in range(players) if totals[s] <= 0)
    assert winners and m.winner == winners
    pay = m.settlement()
    stake = Fraction(str(m.rules.stake_per_point))
    losers = [s for s in range(players) if s not in winners]
    for s in losers:
        assert pay[s] == -stake * totals[s]
    for s in winners:
        assert pay[s] == stake * sum(totals[x] for x in losers) / len(winners)
    assert sum(pay.values()) == 0
    assert sheet[-1]["settlement"] == pay and sheet[-1]["winners"] == winners
    assert "settlement" not in sheet[0] or len(sheet) == 1
    assert "Pending refas" in m._repr_html_()
    with pytest.raises(IllegalAction):
        m.next_hand()
    return m


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_matches_until_someone_reaches_zero(players):
    for seed in range(12):
        m = play_match(seed, players, table_mode=seed % 3 == 0)
        assert m.sheet[0]["totals"] != {s: 21 for s in range(players)} or len(m.sheet) > 1


def test_whole_matches_with_options_and_several_winners():
    several = 0
    for seed in range(60):
        combo = ALL_COMBOS[(seed * 101) % len(ALL_COMBOS)]
        m = play_match(1000 + seed, 2 + seed % 3, rules=dict(combo, stake_per_point=0.5),
                       scores={s: 1 + (seed + s) % 4 for s in range(2 + seed % 3)})
        several += len(m.winner) > 1
    assert several > 0
