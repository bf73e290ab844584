"""The solver and the engine agree on positions built through ``position()``.

Random small endings (2-3 cards per hand) of every game are built as a puzzle writer builds
them: with the history of the hand stated (who won which earlier trick, which cards) or left
out (then it counts for nobody, as ``games.lora.position`` documents), and sometimes with a few
plays pushed after the position. For every legal move the solver's value must equal an
exhaustive search through the engine itself (``legal_actions()``, ``push``/``undo``,
``result()``), mapped explicitly into the solver's units:

* Lora: the hero's points for the hand, ``result().points[hero]`` (the hero minimises, the
  other three play together against him);
* Euchre and Raub: the tricks of the hero's side for the hand, tricks already won included;
* Clabber: the card points the hero's side wins from the position on, with the 10 for the
  last trick.

A second property: on random states of every game, ``solve().moves`` lists only actions the
state accepts, and ``excluded`` names every legal action it leaves out.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tutor import games, solver
from tutor.cards import DECKS, format_cards
from tutor.errors import TutorError
from tutor.games import lora
from tutor.games.lora import TRICK_RULES

from .test_engines import (clabber_ending, clabber_points_since, engine_minimax, euchre_ending,
                           lora_history, raub_ending)

FAST = settings(max_examples=80, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=600, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow])

LORA_TRICK_CONTRACTS = tuple(c for c in lora.CONTRACTS if c != "lora")
LORA_VARIANTS = (None, "libyan", {"jack_clubs_partner": True},
                 {"libyan_two_players_penalize": "takers", "contracts": lora.LIBYAN_CONTRACTS},
                 {"libyan_two_players_attempts": 1, "contracts": lora.LIBYAN_CONTRACTS},
                 "king_hearts_sixth_trick")
NUMBERED = {"king_hearts_last_trick": 8, "king_hearts_sixth_trick": 6, "sixth_trick": 6}


# ---------------------------------------------------------------------------- building
def lora_position(rng: random.Random, contract: str, rules, history: str):
    """A random Lora ending built through position(). ``history``: ``"none"`` (only the hands
    and the trick), ``"winners"`` (every earlier trick's winner and its cards), ``"counts"``
    (tricks won per seat, no cards), ``"cards"`` (some captured cards, no counts)."""
    deck = list(DECKS["32"])
    rng.shuffle(deck)
    per = rng.randint(2, 3)
    done = 8 - per
    if history != "winners" and done >= NUMBERED.get(contract, 9):
        history = "winners"        # a scoring numbered trick already played must be stated
    hands = {s: deck[s * per:(s + 1) * per] for s in range(4)}
    rest = deck[4 * per:]
    winners = [rng.randrange(4) for _ in range(done)]
    if rng.random() < 0.3:
        winners = [rng.randrange(4)] * done          # one seat took everything so far
    leader = winners[-1] if history in ("winners", "counts") else rng.randrange(4)
    spec = {}
    if history == "winners":
        won = {s: [] for s in range(4)}
        for i, w in enumerate(winners):
            won[w].extend(rest[4 * i:4 * i + 4])
        spec = {"trick_winners": winners,
                "won": {s: format_cards(c) for s, c in won.items() if c}}
        if rng.random() < 0.5:
            spec["tricks_won"] = {s: winners.count(s) for s in range(4)}
    elif history == "counts":
        spec = {"tricks_won": {s: winners.count(s) for s in range(4) if winners.count(s)}}
    elif history == "cards":
        won = {}
        for card in rng.sample(rest, rng.randint(1, 8)):
            won.setdefault(rng.randrange(4), []).append(card)
        while sum(-(-len(c) // 4) for c in won.values()) > done:
            won.popitem()
        spec = {"won": {s: format_cards(c) for s, c in won.items()}}
    # the trick in progress, played legally from the leader on
    trick = []
    for i in range(rng.randint(0, 3)):
        seat = (leader + i) % 4
        card = rng.choice(TRICK_RULES.legal_cards(hands[seat], trick))
        hands[seat] = [c for c in hands[seat] if c != card]
        trick.append(card)
    state = games.position("lora", contract=contract, rules=rules, leader=leader,
                           hands={s: format_cards(h) for s, h in hands.items()},
                           trick=format_cards(trick), **spec)
    for _ in range(rng.randint(0, 3) if rng.random() < 0.4 else 0):
        if state.is_over:
            break
        state.push(rng.choice(state.legal_actions()))
    return state


def _lora_rules(variant, contract):
    if variant is None or isinstance(variant, str):
        return variant
    if contract == "jack_of_clubs" or "jack_clubs_partner" not in variant:
        return variant
    return None


# ---------------------------------------------------------------------------- comparing
def _agree(state, hero, maximiser, score, history, **kw):
    """The solver's value of every legal move equals the engine's exhaustive search."""
    ref_value, ref_moves = engine_minimax(state, maximiser, score, history)
    before = state.snapshot()
    res = solver.solve(state, hero=hero, **kw)
    assert state.snapshot() == before
    assert res.exact and not res.excluded
    assert res.moves == ref_moves, (str(state), state.setup, res.moves, ref_moves)
    assert res.value == ref_value


def check_lora(rng, contract, variant, history):
    rules = _lora_rules(variant, contract)
    state = lora_position(rng, contract, rules, history)
    if state.is_over:
        return
    hero = rng.randrange(4)
    _agree(state, hero, lambda seat: seat != hero, lambda st: st.result().points[hero],
           lora_history)


def check_trick_game(rng, game):
    if game == "euchre":
        state = euchre_ending(rng, max_per=3)
        hero = rng.choice(state.active_seats)
        side = {x for x in state.active_seats if x % 2 == hero % 2}
        score = lambda st: sum(st.tricks_won[x] for x in side)  # noqa: E731
        _agree(state, hero, lambda seat: seat in side, score, lambda st, root: st.tricks_won)
    elif game == "raub":
        state = raub_ending(rng, max_per=3)
        if rng.random() < 0.4 and not state.actions:
            # the same cards with the earlier tricks left out: they count for nobody
            setup = dict(state.setup)
            first = setup["declarer"]
            state = games.position("raub", hands={s: h for s, h in enumerate(setup["hands"]) if h},
                                   trump=setup["trump"], declarer=first,
                                   players=setup["players"], active=setup["active"],
                                   leader=setup["leader"], trick=setup["trick"],
                                   rules=state.rules)
        hero = rng.choice(state.active_seats)
        side = ({hero} if hero == state.declarer
                else {x for x in state.active_seats if x != state.declarer})
        score = lambda st: sum(st.tricks_won[x] for x in side)  # noqa: E731
        _agree(state, hero, lambda seat: seat in side, score, lambda st, root: st.tricks_won)
    else:
        state = clabber_ending(rng, max_per=3)
        hero = rng.choice(state.active_seats)
        side = ({x for x in state.active_seats if x % 2 == hero % 2}
                if state.players in (4, 6) else {hero})
        score = clabber_points_since(len(state.tricks), side)
        _agree(state, hero, lambda seat: seat in side, score, lambda st, root: score(st))


# ---------------------------------------------------------------------------- the properties
@FAST
@given(rng=st.randoms(use_true_random=False), contract=st.sampled_from(LORA_TRICK_CONTRACTS),
       variant=st.sampled_from(LORA_VARIANTS),
       history=st.sampled_from(("none", "winners", "counts", "cards")))
def test_lora_solver_agrees_with_the_engine_on_built_positions(rng, contract, variant, history):
    check_lora(rng, contract, variant, history)


@FAST
@given(rng=st.randoms(use_true_random=False), game=st.sampled_from(("euchre", "raub", "clabber")))
def test_trick_games_solver_agrees_with_the_engine_on_built_positions(rng, game):
    check_trick_game(rng, game)


@pytest.mark.parametrize("contract", LORA_TRICK_CONTRACTS)
@pytest.mark.parametrize("history", ["none", "winners", "counts", "cards"])
def test_every_lora_contract_and_history_agrees(contract, history):
    """Every contract under every way of stating the history, a few seeds each."""
    for seed in range(3):
        rng = random.Random(f"{contract}-{history}-{seed}")
        check_lora(rng, contract, LORA_VARIANTS[seed % len(LORA_VARIANTS)], history)


@pytest.mark.slow
@SLOW
@given(rng=st.randoms(use_true_random=False), contract=st.sampled_from(LORA_TRICK_CONTRACTS),
       variant=st.sampled_from(LORA_VARIANTS),
       history=st.sampled_from(("none", "winners", "counts", "cards")))
def test_lora_solver_agrees_with_the_engine_many(rng, contract, variant, history):
    check_lora(rng, contract, variant, history)


@pytest.mark.slow
@SLOW
@given(rng=st.randoms(use_true_random=False), game=st.sampled_from(("euchre", "raub", "clabber")))
def test_trick_games_solver_agrees_with_the_engine_many(rng, game):
    check_trick_game(rng, game)


# ---------------------------------------------------------------------------- the cases
def test_hearts_missing_hearts_put_all_eight_out_of_reach():
    """Six hearts are missing and nobody is said to have taken them: taking the two still in
    play is +2, not the -8 of all eight hearts."""
    state = games.position("lora", contract="hearts", leader=0,
                           hands={0: "8C KH 9C", 1: "7C 9D KC", 2: "8D QS JC", 3: "QH TC QC"})
    assert state.unassigned_cards() >= {c for c in lora.HEARTS if c.name not in (
        "king of hearts", "queen of hearts")}
    res = solver.solve(state, hero=0)
    ref_value, ref_moves = engine_minimax(state, lambda seat: seat != 0,
                                          lambda st: st.result().points[0], lora_history)
    assert res.moves == ref_moves and res.value == ref_value
    assert all(v >= 0 for v in res.moves.values())


def test_king_hearts_last_trick_numbers_the_tricks_from_the_cards():
    """Three cards each: the position's last trick is trick 8, whatever was stated before."""
    state = games.position("lora", contract="king_hearts_last_trick", leader=0,
                           hands={0: "QH QC AC", 1: "TD 9S KH", 2: "9C 7H AS", 3: "JC TC 8C"})
    assert state.tricks_played == 5
    res = solver.solve(state, hero=0)
    ref_value, ref_moves = engine_minimax(state, lambda seat: seat != 0,
                                          lambda st: st.result().points[0], lora_history)
    assert res.moves == ref_moves and res.value == ref_value == 4


# ---------------------------------------------------------------------------- moves are legal
def _random_play_state(rng, game):
    """A state of a real hand somewhere in its card play (or at a meld announcement)."""
    options = {}
    if game == "lora":
        options = {"contract": rng.choice(LORA_TRICK_CONTRACTS[:6] + ("two_players",)),
                   "rules": "libyan" if rng.random() < 0.5 else None}
        if options["contract"] == "two_players":
            options["rules"] = "libyan"
        elif options["rules"] == "libyan" and options["contract"] not in lora.LIBYAN_CONTRACTS:
            options["rules"] = None
    elif game == "clabber":
        options = {"rules": {"meld_declaration": "choice",
                             "renege_policy": rng.choice(("prevent", "penalize"))}}
    elif game == "raub":
        options = {"players": rng.choice((2, 3))}
    state = games.new_hand(game, seed=rng.randrange(10 ** 6), **options)
    steps = 0
    while not state.is_over and steps < 200:
        steps += 1
        playing = state.phase == "play" and getattr(state, "trick_rules", None) is not None
        if playing:
            sizes = [len(h) for h in state.hands if h]
            announce = any(a.verb == "announce" for a in state.legal_actions())
            if announce or max(sizes) <= 3:
                return state
        legal = state.legal_actions()
        plays = [a for a in legal if a.verb == "play"]
        state.push(rng.choice(plays if plays and rng.random() < 0.7 else legal))
    return state


@pytest.mark.parametrize("game", ["euchre", "raub", "clabber", "lora"])
def test_solver_moves_are_always_legal_and_exclusions_are_named(game):
    seen_exclusion = False
    for seed in range(12):
        rng = random.Random(f"{game}-{seed}")
        state = _random_play_state(rng, game)
        if state.is_over:
            with pytest.raises(TutorError, match="the hand is over"):
                solver.solve(state)
            continue
        if not (state.phase == "play" and getattr(state, "trick_rules", None) is not None):
            continue
        res = solver.solve(state)
        legal = state.legal_actions()
        assert set(res.moves) <= set(legal)
        left_out = [a for a in legal if a not in res.moves]
        assert bool(left_out) == bool(res.excluded)
        for action in left_out:
            assert f"'{action}'" in res.excluded or "..." in res.excluded
        seen_exclusion |= bool(left_out)
    if game == "clabber":
        assert seen_exclusion        # announcements and reneges were met and named


def test_clabber_announcement_and_penalised_reneges_are_named_not_valued():
    rng = random.Random(5)
    found = set()
    for seed in range(60):
        state = games.new_hand("clabber", seed=seed, rules={"meld_declaration": "choice",
                                                            "renege_policy": "penalize"})
        while not state.is_over and not (state.phase == "play" and state.trick_rules):
            state.push(rng.choice([a for a in state.legal_actions() if a.verb != "pass"]
                                  or state.legal_actions()))
        if state.is_over:
            continue
        for _ in range(4):     # the first trick: announcements, then cards
            while not state.is_over and state.legal_actions()[0].verb == "announce":
                res = solver.solve(state, budget=2_000_000)
                assert res.moves == {} and "meld announcement" in res.excluded
                found.add("announce")
                state.push(state.legal_actions()[-1])
            if state.is_over:
                break
            lawful = set(state.lawful_actions())
            reneges = [a for a in state.legal_actions() if a not in lawful]
            if reneges:
                res = solver.solve(state, budget=2_000_000)
                assert set(res.moves) == lawful and "renege" in res.excluded
                assert all(f"'{a}'" in res.excluded for a in reneges[:8])
                found.add("renege")
            state.push(rng.choice(sorted(lawful)))
        if found == {"announce", "renege"}:
            break
    assert found == {"announce", "renege"}


def test_a_finished_two_players_hand_has_nothing_to_solve():
    state = games.position("lora", contract="two_players", rules="libyan", leader=0,
                           hands={0: "AS", 1: "KS", 2: "QS", 3: "JS"},
                           trick_winners=[0, 0, 1, 1, 2, 2, 0])
    for card in ("AS", "KS", "QS", "JS"):
        state.apply(f"play {card}")
    assert state.is_over
    with pytest.raises(TutorError, match="the hand is over"):
        solver.solve(state)
