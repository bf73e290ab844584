"""The solver agrees with plain minimax on thousands of random small endings."""

from __future__ import annotations

import random

import pytest

from tutor import solver
from tutor.cards import SUITS
from tutor.games.actions import Play
from tutor.solver import compiled

from .reference import random_ending, solve_reference


def _objective(rng, kind, seats, values, hands, trick, rest):
    """A random objective: trick counts, points with bonuses, or a Lora-like penalty with a
    sweep rule. Returns the keyword arguments shared by the solver and the reference."""
    n = len(seats)
    size = rng.randint(1, n - 1)
    hero_side = set(rng.sample(seats, size))
    style = rng.choice(("tricks", "points", "penalty")) if kind == "plain" else (
        "tricks" if kind == "euchre" else "points")
    obj = dict(weights={s: (1 if s in hero_side else 0) for s in seats}, card_values={},
               trick_value=1, trick_index_values=(), tricks_played=rng.randint(0, 3),
               sweeps=[], minimise=False, banked=0)
    if style == "points":
        if kind == "clabber":
            obj["card_values"] = values
            obj["trick_value"] = 0
        else:
            live = [c for h in hands.values() for c in h] + [c for _, c in trick]
            obj["card_values"] = {c: rng.choice((0, 0, 1, 2, 5)) for c in live}
            obj["trick_value"] = rng.choice((0, 1))
        ti = obj["tricks_played"] + 6
        obj["trick_index_values"] = tuple(rng.choice((0, 0, 0, 10)) for _ in range(ti))
        if rng.random() < 0.3:
            obj["weights"] = {s: rng.choice((-1, 0, 1, 2)) for s in seats}
        obj["banked"] = rng.randint(0, 20)
    elif style == "penalty":
        hero = rng.choice(seats)
        hero_side = {hero}
        obj["minimise"] = True
        obj["weights"] = {s: (1 if s == hero else 0) for s in seats}
        if rng.random() < 0.3:
            # the penalty falls on another seat (Libyan jack of clubs: the seat before the hero)
            obj["weights"] = {s: (1 if s == rng.choice(seats) else 0) for s in seats}
        live = [c for h in hands.values() for c in h] + [c for _, c in trick]
        suit = rng.choice(SUITS)
        set_cards = [c for c in live + list(rest) if c.suit is suit]
        obj["card_values"] = {c: 1 for c in set_cards}
        obj["trick_value"] = rng.choice((0, 0, 1))
        status = rng.choice((None, None, "split") + tuple(seats))
        obj["sweeps"] = [(set_cards, -8, status)]
        if rng.random() < 0.3:
            queens = [c for c in live if c.rank == 12]
            for q in queens:
                obj["card_values"][q] = obj["card_values"].get(q, 0) + 2
            obj["sweeps"].append((queens, -8, rng.choice((None, "split") + tuple(seats))))
        obj["trick_index_values"] = tuple(rng.choice((0, 0, 4)) for _ in range(
            obj["tricks_played"] + 6))
        obj["banked"] = rng.randint(0, 6)
    return hero_side, obj


def _check(seed, kind):
    rng = random.Random(seed)
    rules, values, seats, hands, trick, leader, rest = random_ending(rng, kind)
    hero_side, obj = _objective(rng, kind, seats, values, hands, trick, rest)
    ref_value, ref_moves = solve_reference(rules, seats, hands, trick, leader, hero_side, **obj)
    n = len(seats)
    mover = seats[(seats.index(leader) + len(trick)) % n]
    pb = solver.problem_from_rules(
        rules, hands, trick, to_move=mover, active_seats=seats, hero_side=hero_side,
        weights=obj["weights"], card_values=obj["card_values"], trick_value=obj["trick_value"],
        trick_index_values=obj["trick_index_values"], tricks_played=obj["tricks_played"],
        sweeps=obj["sweeps"], minimise=obj["minimise"], banked=obj["banked"])
    res = solver.solve(pb)
    assert res.exact
    want = {Play(c): v for c, v in ref_moves.items()}
    assert res.value == ref_value, (seed, kind, pb.describe(), res.moves, want)
    assert res.moves == want, (seed, kind, pb.describe(), res.moves, want)
    # the boolean query agrees at the value and one step beyond it
    better = ref_value - 1 if obj["minimise"] else ref_value + 1
    assert solver.can_reach(pb, ref_value)
    assert not solver.can_reach(pb, better)
    return res


# 600 + 300 + 300 endings, in chunks of 100 so that parallel runs share them out
CHUNKS = ([("plain", start) for start in range(0, 600, 100)]
          + [("euchre", start) for start in range(0, 300, 100)]
          + [("clabber", start) for start in range(0, 300, 100)])


# both search cores: the compiled one (where built) and the Python reference
CORES = [pytest.param("compiled", marks=pytest.mark.skipif(
             compiled._core is None, reason="the compiled solver core is not built")),
         "python"]


@pytest.mark.parametrize("core", CORES)
@pytest.mark.parametrize("kind,start", CHUNKS)
def test_solver_matches_brute_force_on_random_endings(monkeypatch, core, kind, start):
    monkeypatch.setenv("TUTOR_SOLVER", core)
    for seed in range(start, start + 100):
        _check(seed, kind)


@pytest.mark.slow
@pytest.mark.parametrize("core", CORES)
@pytest.mark.parametrize("kind", ["plain", "euchre", "clabber"])
def test_solver_matches_brute_force_many(monkeypatch, core, kind):
    monkeypatch.setenv("TUTOR_SOLVER", core)
    for seed in range(10_000, 30_000):
        _check(seed, kind)


def test_principal_variation_reaches_the_value():
    for seed in range(200):
        rng = random.Random(seed)
        rules, values, seats, hands, trick, leader, rest = random_ending(rng, "plain")
        hero_side, obj = _objective(rng, "plain", seats, values, hands, trick, rest)
        n = len(seats)
        mover = seats[(seats.index(leader) + len(trick)) % n]
        pb = solver.problem_from_rules(rules, hands, trick, to_move=mover, active_seats=seats,
                                       hero_side=hero_side, **obj)
        res = solver.solve(pb)
        line = res.line
        cards = sum(len(h) for h in hands.values())
        assert len(line) == cards
        # replay the line through the reference: each step keeps the value
        assert line[0] in res.best


def test_budget_gives_an_inexact_result_instead_of_running_on():
    rng = random.Random(5)
    from tutor.cards import DECKS
    from tutor.games.tricks import TrickRules
    deck = list(DECKS["32"])
    rng.shuffle(deck)
    rules = TrickRules.natural(deck, trump=None)
    hands = {s: deck[8 * s:8 * s + 8] for s in range(4)}
    pb = solver.problem_from_rules(rules, hands, to_move=0, hero_side={0}, minimise=True)
    res = solver.solve(pb, budget=200)
    assert not res.exact
    lo, hi = res.bounds
    assert 0 <= lo <= hi <= 8


def test_null_window_driver_matches_brute_force(monkeypatch):
    """The MTD (null-window) driver gives the same values as the full-window one."""
    from tutor.solver import search
    monkeypatch.setenv("TUTOR_SOLVER", "python")   # a switch of the Python search
    monkeypatch.setattr(search, "MTD_RANGE", 10_000)
    for seed in range(40_000, 40_200):
        _check(seed, "plain")
    for seed in range(40_000, 40_060):
        _check(seed, "euchre")


@pytest.mark.parametrize("kind", ["plain", "euchre", "clabber"])
def test_per_card_search_matches_brute_force(monkeypatch, kind):
    """The reference inner loop (a call per card) without the whole-trick loops."""
    from tutor.solver import search
    monkeypatch.setenv("TUTOR_SOLVER", "python")   # a switch of the Python search
    monkeypatch.setattr(search, "TRICKLOOP", False)
    for seed in range(60_000, 60_200):
        _check(seed, kind)


@pytest.mark.parametrize("kind", ["plain", "euchre", "clabber"])
def test_whole_trick_loops_search_the_same_tree_as_the_per_card_search(monkeypatch, kind):
    """Same values and the same node counts: the loops only save the calls."""
    from tutor.solver import search
    monkeypatch.setenv("TUTOR_SOLVER", "python")   # a switch of the Python search
    for seed in range(61_000, 61_100):
        runs = []
        for flag in (False, True):
            monkeypatch.setattr(search, "TRICKLOOP", flag)
            runs.append(_check(seed, kind))
            assert (runs[-1]._searcher.loops is not None) == flag
        assert runs[0].value == runs[1].value
        assert runs[0].moves == runs[1].moves
        assert runs[0].nodes == runs[1].nodes, seed


@pytest.mark.parametrize("core", CORES)
@pytest.mark.parametrize("kind", ["plain", "euchre", "clabber"])
def test_partition_search_matches_brute_force(monkeypatch, core, kind):
    """Table entries that keep only the ranks that decided them give the same values and
    the same move values as plain minimax."""
    from tutor.solver import search
    monkeypatch.setenv("TUTOR_SOLVER", core)
    monkeypatch.setattr(search, "PARTITION", True)
    for seed in range(50_000, 50_200):
        _check(seed, kind)


@pytest.mark.parametrize("core", CORES)
def test_partition_search_shares_entries_between_positions(monkeypatch, core):
    """A partition entry serves positions whose low cards differ: with it the same ending
    needs fewer nodes, and the value is the same."""
    from tutor.solver import search
    monkeypatch.setenv("TUTOR_SOLVER", core)
    from tutor.cards import DECKS
    from tutor.games.tricks import TrickRules
    rules = TrickRules.natural(DECKS["52"])
    hands = {0: "AS 9S 4S AH 9H 4H", 1: "KS 8S 3S KH 8H 3H",
             2: "QS 7S 2S QH 7H 2H", 3: "JS 6S 5S JH 6H 5H"}
    pb = solver.problem_from_rules(rules, hands, to_move=0, hero_side={0, 2})
    counts = {}
    for flag in (False, True):
        search.PARTITION = flag
        try:
            res = solver.solve(pb)
        finally:
            search.PARTITION = False
        counts[flag] = (res.value, res.nodes)
    assert counts[True][0] == counts[False][0]
    assert counts[True][1] < counts[False][1]


def test_line_cut_short_by_the_node_budget_is_a_prefix():
    """Reading the line of a result whose search used up its node budget gives the line as
    far as the budget allowed instead of raising."""
    from tutor import games
    state = games.position("euchre", trump="S", leader=1,
                           hands={0: "KS AD KD 9C 9H", 1: "9S QH 9D TC QC",
                                  2: "AS JC QS KC TD", 3: "JS TS AH KH AC"})
    full = solver.solve(state, hero=1)
    assert len(full.line) == 20
    extra = full._searcher.nodes - full.nodes      # what reading the whole line searched
    assert extra > 2
    tight = solver.solve(state, hero=1, budget=full.nodes + extra // 2)
    assert tight.exact and tight.value == full.value
    line = tight.line
    assert 0 < len(line) < 20
    # each card of the short line keeps West-East's value: a best line as far as it goes
    probe = state.copy()
    for action in line:
        assert solver.solve(probe, hero=1).value == full.value
        probe.apply(action)


def test_a_card_given_twice_is_refused():
    from tutor.cards import parse_cards
    from tutor.errors import TutorError
    from tutor.games.tricks import TrickRules
    rules = TrickRules.natural(parse_cards("AS KS QS JS AH KH"), trump=None)
    with pytest.raises(TutorError, match="appears twice"):
        solver.problem_from_rules(rules, {0: "AS KS", 1: "QS AS"}, to_move=0, hero_side={0})
    with pytest.raises(TutorError, match="appears twice"):
        solver.problem_from_rules(rules, {0: "AS", 1: "QS"}, trick=[(1, "AS")], to_move=0,
                                  hero_side={0})


def test_positions_with_the_same_cards_in_play_share_a_layout_but_not_their_hands():
    """The bits depend only on the rules and the cards in play: two deals of the same cards
    get the same layout, each hand its own bits; another trump gets another layout."""
    from tutor.cards import parse_cards
    from tutor.games.tricks import TrickRules
    deck = parse_cards("AS KS QS AH KH QH")
    rules = TrickRules.natural(deck, trump=None)
    a = solver.problem_from_rules(rules, {0: "AS KH QH", 1: "KS QS AH"}, to_move=0,
                                  hero_side={0})
    b = solver.problem_from_rules(rules, {0: "KS QS AH", 1: "AS KH QH"}, to_move=0,
                                  hero_side={0})
    assert a.cards == b.cards and a.suit_masks == b.suit_masks
    assert a.hands == b.hands[::-1]
    assert tuple(a.card(bit) for bit in solver.search.bits_of(a.hands[0])) == parse_cards(
        "QH KH AS")
    # each hero gives up his ace's trick or his king's, and makes the other two
    assert solver.solve(a).value == 2 and solver.solve(b).value == 2
    trumps = TrickRules.natural(deck, trump=SUITS[2])
    c = solver.problem_from_rules(trumps, {0: "AS KH QH", 1: "KS QS AH"}, to_move=0,
                                  hero_side={0})
    assert c.trump_mask and not a.trump_mask
