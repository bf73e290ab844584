"""Seeded random play through legal_actions()/apply() for every player count and option mix:
legality, exact undo, record/replay, no hidden-card leak, cards conserved, scores by the rules;
and whole matches to 500."""
import itertools
import random
import re

import pytest

from tutor import games
from tutor.cards import Card, Rank, deck
from tutor.errors import IllegalAction
from tutor.games import clabber
from tutor.games.clabber import card_points
from tutor.games.clabber_melds import best_declaration

from exact_undo import apply_and_check_undo

FULL_DECK = set(deck("24"))
CARD_TOKEN = re.compile(r"\b([9TJQKA][CDHS])\b")

FLAGS = {
    "evansville_ranking": (False, True),
    "wadesville_six_sequence": (False, True),
    "deal_packet_size": (1, 2, 3),
    "meld_declaration": ("auto", "choice"),
    "renege_policy": ("prevent", "penalize"),
    "renege_melds": ("all_held", "compared"),
}


def rules_cycle():
    """Every player count with every value of every flag, in a fixed varied order."""
    combos = []
    for players in (2, 3, 4, 6):
        for values in itertools.product(*FLAGS.values()):
            combos.append(dict(zip(FLAGS, values), players=players))
    random.Random(5).shuffle(combos)
    return combos


def secret_cards(state, viewer):
    """Cards the viewer must not see now."""
    secret = set()
    for seat in range(state.players):
        public = {c for m in state.shown[seat] for c in m.cards}
        if seat == state.dealer and state.players != 2 and state.upcard is not None:
            public.add(state.upcard)
        if seat != viewer:
            secret |= set(state.hands[seat]) - public
        secret |= set(state.held_back[seat])
    secret |= set(state.dead[1:])
    return secret


def check_views(state):
    for seat in range(state.players):
        text = state.view(seat).to_json()
        secret = {str(c) for c in secret_cards(state, seat)}
        leaked = set(CARD_TOKEN.findall(text)) & secret
        assert not leaked, (seat, leaked, text)


def played_cards(state):
    cards = [c for _, plays, _ in state.tricks for _, c in plays] + [c for _, c in state.trick]
    return cards


def check_conserved(state):
    cards = [c for h in state.hands for c in h] + [c for h in state.held_back for c in h]
    cards += list(state.dead) + played_cards(state)
    assert len(cards) == 24 and set(cards) == FULL_DECK


def choose(state, rng):
    actions = state.legal_actions()
    if state.phase == "bid" and rng.random() < 0.7:
        return actions[-1]      # pass: passed-out hands must occur too
    if state.rules.renege_policy == "penalize" and rng.random() < 0.97:
        actions = state.lawful_actions()
    return rng.choice(actions)


def play_hand(state, rng, views_every_step):
    check_conserved(state)
    steps = 0
    while not state.is_over:
        before = apply_and_check_undo(state, choose(state, rng))
        check_conserved(state)
        check_bell_timing(state, before)
        if views_every_step or rng.random() < 0.05:
            check_views(state)
        steps += 1
    check_views(state)
    return steps


def exposed(snapshot, seat):
    """Cards of ``seat`` played or shown, from a snapshot."""
    cards = {c for _, plays, _ in snapshot["tricks"] for s, c in plays if s == seat}
    cards |= {c for s, c in snapshot["trick"] if s == seat}
    return cards | {c for m in snapshot["shown"][seat] for c in m.cards}


def check_bell_timing(state, before):
    """Rules 10: the bell is announced at the action that exposes the second of its cards."""
    holder = state.bell_holder
    if holder is None or not state.melds_on or state.trump is None:
        return
    bell = {Card(Rank.KING, state.trump), Card(Rank.QUEEN, state.trump)}
    was = bell <= exposed(before, holder) if before["trump"] is not None else False
    now = bell <= exposed(state.snapshot(), holder)
    assert state.bell_announced == now or (state.is_over and state.outcome != "played")
    assert before["bell_announced"] == was or before["trump"] is None


def initial_hands(state):
    return {s: state.initial_hand(s) for s in range(state.players)}


def check_score(state):
    result = state.result()
    units = clabber.sides_of(state.players)
    assert set(result.points) == set(units)
    if state.outcome in ("passed", "void"):
        assert all(v == 0 for v in result.points.values())
        if state.outcome == "passed":
            assert len(state.bids) == 2 * state.players and not state.tricks
        return
    if state.outcome == "renege":
        offender = state.offenders[0]
        for unit in units:
            if unit == offender:
                assert result.points[unit] == 0
            else:
                assert result.points[unit] >= 162
        return
    assert state.outcome == "played"
    # card points from the tricks, counted here
    cards = {u: 0 for u in units}
    for i, (_, plays, winner) in enumerate(state.tricks):
        pts = sum(card_points(c, state.trump) for _, c in plays)
        if i == len(state.tricks) - 1:
            pts += 10
        cards[clabber.side_of(winner, state.players)] += pts
    assert cards == state.card_points_by_side()
    if state.players == 2:
        assert sum(cards.values()) == 152 - sum(card_points(c, state.trump) for c in state.dead) + 10
    else:
        assert sum(cards.values()) == 162
    # announcements: auto mode announces the best declaration's types
    hands = initial_hands(state)
    for seat in range(state.players):
        assert state.announced[seat] is not None
        if state.rules.meld_declaration == "auto":
            best = best_declaration(hands[seat], state.trump, state.rules.evansville_ranking,
                                    state.rules.wadesville_six_sequence)
            assert sorted(m.kind for m in state.announced[seat]) == sorted(m.kind for m in best)
        for meld in state.announced[seat]:
            assert set(meld.cards) <= set(hands[seat])
    # melds: only the winning side scores, all its members' melds; the bell always
    melds = {u: 0 for u in units}
    if state.meld_winner is not None:
        for seat in range(state.players):
            if clabber.side_of(seat, state.players) == state.meld_winner:
                melds[state.meld_winner] += sum(m.points for m in state.announced[seat])
                assert state.shown[seat] == state.announced[seat]
            else:
                assert state.shown[seat] == ()
    king, queen = Card(Rank.KING, state.trump), Card(Rank.QUEEN, state.trump)
    holders = [s for s in range(state.players) if king in hands[s] and queen in hands[s]]
    bells = [e for e in state.events if e[0] == "bell"]
    assert len(bells) == len(holders)
    if holders:
        assert bells[0][1] == holders[0]
        melds[clabber.side_of(holders[0], state.players)] += 20
    assert melds == state.meld_points()
    totals = {u: cards[u] + melds[u] for u in units}
    maker = clabber.side_of(state.maker, state.players)
    made = all(totals[maker] > totals[u] for u in units if u != maker)
    expected = {u: (0 if u == maker and not made else totals[u]) for u in units}
    assert result.points == expected
    assert (result.details["marks"][maker] == "XX") == (not made)


def run_hands(count, seed, views_every=10):
    rng = random.Random(seed)
    combos = rules_cycle()
    outcomes = {}
    for i in range(count):
        options = combos[i % len(combos)]
        state = clabber.new_hand(seed=rng.randrange(10 ** 9), **options)
        play_hand(state, rng, views_every_step=(i % views_every == 0))
        check_score(state)
        replayed = games.replay(state.record())
        assert replayed.snapshot() == state.snapshot()
        outcomes[state.outcome] = outcomes.get(state.outcome, 0) + 1
    return outcomes


def test_conformance_random_hands_every_player_count_and_option():
    outcomes = run_hands(2000, seed=1)
    assert outcomes.get("played", 0) > 1000
    assert outcomes.get("renege", 0) > 20 and outcomes.get("passed", 0) > 20


@pytest.mark.slow
def test_conformance_random_hands_long_run():
    run_hands(20000, seed=2, views_every=2)


def test_conformance_positions_mid_trick():
    rng = random.Random(3)
    for i in range(200):
        players = rng.choice((3, 4, 6))
        state = clabber.new_hand(seed=i, players=players)
        while state.phase == "bid":
            state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        for _ in range(rng.randrange(4 * players)):
            if state.is_over or state.legal_actions()[0].verb != "play":
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.is_over or state.trick_number == 0 and state.legal_actions()[0].verb != "play":
            continue
        pos = games.position("clabber", hands={s: list(map(str, state.hands[s])) for s in range(players)},
                             trump=state.trump.value, leader=state.leader,
                             trick=[str(c) for _, c in state.trick], players=players)
        assert pos.to_move == state.to_move
        assert {a for a in pos.legal_actions()} == {a for a in state.lawful_actions() if a.verb == "play"}
        while not pos.is_over:
            action = rng.choice(pos.legal_actions())
            before = pos.snapshot()
            pos.apply(action)
            after = pos.snapshot()
            pos.undo()
            assert pos.snapshot() == before
            pos.push(action)
            assert pos.snapshot() == after
        assert games.replay(pos.record()).snapshot() == pos.snapshot()
        pos.result()


def play_match(match, rng):
    hands = 0
    while True:
        state = match.current
        while not state.is_over:
            state.apply(choose(state, rng))
        hands += 1
        if match.is_over:
            return hands
        previous = state
        match.next_hand()
        expected = previous.dealer if (previous.outcome == "void" or (
            previous.outcome == "passed" and match.rules.redeal_same_dealer)) else (
            (previous.dealer + 1) % previous.players)
        assert match.current.dealer == expected
        assert hands < 500


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_whole_matches_to_500(players):
    rng = random.Random(players)
    for k in range(6):
        options = {"redeal_same_dealer": k % 2 == 1,
                   "renege_policy": "penalize" if k % 3 == 2 else "prevent"}
        match = clabber.new_match(seed=100 * players + k, players=players, **options)
        if match.seating is not None:
            assert sorted(match.seating) == list(range(players)) and match.current.dealer == 0
        play_match(match, rng)
        sheet = match.sheet
        totals = {u: 0 for u in clabber.sides_of(players)}
        for row, hand in zip(sheet, match.hands):
            for unit, pts in hand.result().points.items():
                totals[unit] += pts
            assert row["totals"] == totals
            assert set(row["marks"]) <= set(totals)
        assert match.scores == totals
        assert max(totals.values()) >= 500
        for row in sheet[:-1]:
            assert max(row["totals"].values()) < 500
        winner = match.winner
        top = max(totals.values())
        leaders = [u for u, v in totals.items() if v == top]
        assert winner == (leaders[0] if len(leaders) == 1 else "draw")
        with pytest.raises(IllegalAction):
            match.next_hand()
