"""The solver agrees with an exhaustive search that plays through each engine.

The reference enumerates plays with the engine's own ``legal_actions()``/``push()``/``undo()``
and scores the end with the engine's own results, so the engine is the authority on the rules.
Endings are random: 2-4 cards per hand, 0-3 cards already in the trick.
"""

from __future__ import annotations

import random

import pytest

from tutor import games, solver
from tutor.cards import DECKS, SUITS, format_cards

LORA_TRICK_CONTRACTS = ("minimum", "maximum", "queens", "hearts", "jack_of_clubs",
                        "king_hearts_last_trick", "king_hearts_sixth_trick", "king_of_hearts",
                        "queens_libyan", "jack_of_clubs_libyan", "sixth_trick", "tricks")


def engine_minimax(state, maximiser, score, history=None):
    """(value, {action: value}) by plain enumeration through the engine; ``maximiser(seat)``
    tells who maximises ``score(state)`` at the end; ``history(state)`` summarises what of the
    past the score depends on (positions with equal hands and summaries are searched once)."""
    memo = {}
    root = len(state.tricks)

    def key(st):
        if history is None:
            return (st.hands, st.trick, st.to_move, tuple(st.tricks))
        return (st.hands, st.trick, st.to_move, history(st, root))

    def go(st):
        if st.to_move is None:
            return score(st)
        k = key(st)
        if k in memo:
            return memo[k]
        vals = []
        for a in st.legal_actions():
            st.push(a)
            vals.append(go(st))
            st.undo()
        v = max(vals) if maximiser(st.to_move) else min(vals)
        memo[k] = v
        return v

    moves = {}
    for a in state.legal_actions():
        state.push(a)
        moves[a] = go(state)
        state.undo()
    best = (max if maximiser(state.to_move) else min)(moves.values())
    return best, moves


def _push_random(rng, state, k):
    for _ in range(k):
        state.push(rng.choice(state.legal_actions()))
    return state


def _compare(state, ref_value, ref_moves, **kw):
    before = state.snapshot()
    res = solver.solve(state, **kw)
    assert state.snapshot() == before
    assert res.exact
    assert res.value == ref_value, (state, res.moves, ref_moves)
    assert res.moves == ref_moves, (state, res.moves, ref_moves)


# ---------------------------------------------------------------------------- Euchre
def euchre_ending(rng, max_per=4):
    deck = list(DECKS["24"])
    rng.shuffle(deck)
    per = rng.randint(2, max_per)
    alone = rng.choice([None, None, 0, 1, 2, 3, (0, 1), (2, 3), (1, 2)])
    lone = () if alone is None else ((alone,) if isinstance(alone, int) else alone)
    active = [s for s in range(4) if (s + 2) % 4 not in lone]
    hands = {s: format_cards(deck[i * per:(i + 1) * per]) for i, s in enumerate(active)}
    leader = rng.choice(active)
    maker = lone[0] if lone else rng.randrange(4)
    won = {}
    done = 5 - per
    for _ in range(done):
        s = rng.choice(active)
        won[s] = won.get(s, 0) + 1
    if done and not any(won.get(s) for s in active if s % 2 == leader % 2):
        # the winner of a trick leads the next: the leader's side takes one of the won tricks
        giver = next(iter(won))
        won[giver] -= 1
        won[leader] = won.get(leader, 0) + 1
    elif not done and lone:
        # the lone player's left leads the first trick (the lone defender when both go alone)
        leader = lone[1] if len(lone) == 2 else next(
            s for s in ((lone[0] + k) % 4 for k in (1, 2, 3)) if s in active)
    state = games.position("euchre", hands=hands, trump=rng.choice(SUITS).value, leader=leader,
                           alone=alone, maker=maker, tricks_won=won)
    return _push_random(rng, state, rng.randint(0, min(3, len(active) - 1)))


@pytest.mark.parametrize("seed", range(0, 400, 50))
def test_euchre_solver_matches_engine_enumeration(seed):
    for s in range(seed, seed + 50):
        rng = random.Random(s)
        state = euchre_ending(rng)
        hero = rng.choice(state.active_seats)
        side = {x for x in state.active_seats if x % 2 == hero % 2}
        ref = engine_minimax(state, lambda seat: seat in side,
                             lambda st: sum(st.tricks_won[x] for x in side),
                             lambda st, root: st.tricks_won)
        _compare(state, *ref, hero=hero)


# ---------------------------------------------------------------------------- Raub
def raub_ending(rng, max_per=4):
    players = rng.choice((2, 3, 4))
    deck = list(DECKS["32"])
    rng.shuffle(deck)
    active = sorted(rng.sample(range(players), rng.randint(2, players))) if players > 2 \
        else [0, 1]
    per = rng.randint(2, max_per)
    declarer = rng.choice(active)
    hands = {s: format_cards(deck[i * per:(i + 1) * per]) for i, s in enumerate(active)}
    won = [0] * players
    for _ in range(4 - per):
        won[rng.choice(active)] += 1
    # the declarer leads the first trick, a winner of a trick any later one
    leader = rng.choice([s for s in active if won[s]]) if any(won) else declarer
    state = games.position("raub", hands=hands, trump=rng.choice(SUITS).value, declarer=declarer,
                           players=players, active=active, leader=leader,
                           tricks_won=won, must_overtrump=rng.random() < 0.5)
    return _push_random(rng, state, rng.randint(0, min(3, len(active) - 1)))


@pytest.mark.parametrize("seed", range(0, 400, 50))
def test_raub_solver_matches_engine_enumeration(seed):
    for s in range(seed, seed + 50):
        rng = random.Random(s)
        state = raub_ending(rng)
        hero = rng.choice(state.active_seats)
        if rng.random() < 0.5:
            side = {hero}
        elif hero == state.declarer:
            side = {hero}
        else:
            side = {x for x in state.active_seats if x != state.declarer}
        ref = engine_minimax(state, lambda seat: seat in side,
                             lambda st: sum(st.tricks_won[x] for x in side),
                             lambda st, root: st.tricks_won)
        _compare(state, *ref, hero=hero, side=side)


# ---------------------------------------------------------------------------- Clabber
def clabber_ending(rng, max_per=4):
    from tutor.games import clabber
    players = rng.choice((4, 4, 3, 2))
    deck = list(DECKS["24"])
    rng.shuffle(deck)
    per = rng.randint(2, max_per)
    hands = {s: format_cards(deck[s * per:(s + 1) * per]) for s in range(players)}
    state = games.position("clabber", hands=hands, trump=rng.choice(SUITS).value,
                           leader=rng.randrange(players), players=players)
    return _push_random(rng, state, rng.randint(0, min(3, players - 1)))


def clabber_points_since(root_tricks, side):
    from tutor.games import clabber

    def score(st):
        total = 0
        for i, (_, cards, winner) in enumerate(st.tricks[root_tricks:]):
            if winner in side:
                total += sum(clabber.card_points(c, st.trump) for _, c in cards)
                if root_tricks + i == len(st.tricks) - 1:
                    total += clabber.LAST_TRICK_BONUS
        return total
    return score


@pytest.mark.parametrize("seed", range(0, 400, 50))
def test_clabber_solver_matches_engine_enumeration(seed):
    for s in range(seed, seed + 50):
        rng = random.Random(s)
        state = clabber_ending(rng)
        hero = rng.choice(state.active_seats)
        side = ({x for x in state.active_seats if x % 2 == hero % 2} if state.players == 4
                else {hero})
        score = clabber_points_since(len(state.tricks), side)
        ref = engine_minimax(state, lambda seat: seat in side, score,
                             lambda st, root: score(st))
        _compare(state, *ref, hero=hero)


# ---------------------------------------------------------------------------- Lora
def lora_ending(rng, contract, rules=None, max_per=3):
    deck = list(DECKS["32"])
    rng.shuffle(deck)
    per = rng.randint(2, max_per)
    hands = {s: format_cards(deck[s * per:(s + 1) * per]) for s in range(4)}
    rest = deck[4 * per:]
    done = 8 - per
    winners = [rng.randrange(4) for _ in range(done)]
    if rng.random() < 0.3:
        winners = [rng.randrange(4)] * done
    won = {s: [] for s in range(4)}
    for i, w in enumerate(winners):
        won[w].extend(rest[4 * i:4 * i + 4])
    counts = {s: winners.count(s) for s in range(4)}
    state = games.position("lora", contract=contract, rules=rules,
                           hands=hands, leader=winners[-1],
                           won={s: format_cards(c) for s, c in won.items() if c},
                           tricks_won=counts, trick_winners=winners)
    return _push_random(rng, state, rng.randint(0, 3))


def lora_history(st, root):
    """Cards won per seat and the winner of each trick since the root: all Lora scores use."""
    won = [set() for _ in range(4)]
    for _, cards, winner in st.tricks[root:]:
        won[winner].update(c for _, c in cards)
    return (tuple(frozenset(w) for w in won), tuple(w for _, _, w in st.tricks[root:]))


@pytest.mark.parametrize("contract", LORA_TRICK_CONTRACTS)
def test_lora_solver_matches_engine_enumeration(contract):
    for s in range(80):
        rng = random.Random(s)
        state = lora_ending(rng, contract)
        hero = rng.randrange(4)
        ref = engine_minimax(state, lambda seat: seat != hero,
                             lambda st: st.result().points[hero], lora_history)
        _compare(state, *ref, hero=hero)


def test_lora_jack_of_clubs_partner_matches_engine_enumeration():
    for s in range(60):
        rng = random.Random(s)
        state = lora_ending(rng, "jack_of_clubs", rules={"jack_clubs_partner": True})
        hero = rng.randrange(4)
        ref = engine_minimax(state, lambda seat: seat != hero,
                             lambda st: st.result().points[hero], lora_history)
        _compare(state, *ref, hero=hero)


@pytest.mark.parametrize("contract", ["hearts", "queens_libyan", "tricks"])
def test_lora_sweeps_whole_trick_loops_search_the_same_tree_as_the_per_card_search(
        monkeypatch, contract):
    """With a sweep, the whole-trick loops go on in a second set written without it once
    two seats have taken its cards: same values, same move values and same node counts as
    the per-card search, which keeps the sweep status to the end."""
    from tutor.solver import search
    monkeypatch.setenv("TUTOR_SOLVER", "python")   # a switch of the Python search
    for s in range(120):
        rng = random.Random(s)
        state = lora_ending(rng, contract, max_per=5)
        hero = rng.randrange(4)
        runs = []
        for flag in (False, True):
            monkeypatch.setattr(search, "TRICKLOOP", flag)
            runs.append(solver.solve(state, hero=hero))
        assert runs[0].value == runs[1].value and runs[0].moves == runs[1].moves, s
        assert runs[0].nodes == runs[1].nodes, s


def _solve_in_turn(monkeypatch, positions, pooled):
    """Each position solved after a search of it cut short by the budget, with the searchers'
    engines kept for the next search of the same shape (``pooled``) or built afresh."""
    from tutor.solver import search
    monkeypatch.setenv("TUTOR_SOLVER", "python")   # a switch of the Python search
    monkeypatch.setattr(search, "ENGINES_PER_SHAPE", 2 if pooled else 0)
    monkeypatch.setattr(search, "_ENGINES", {})
    out = []
    cut = 0
    for state, hero in positions:
        cut += not solver.solve(state, hero=hero, budget=7).exact
        res = solver.solve(state, hero=hero)
        out.append((res.value, res.moves, res.nodes, res.line))
    assert cut > len(positions) // 3
    kept = sum(len(free) for free in search._ENGINES.values())
    return out, kept


def test_searches_taking_turns_with_one_engine_match_searches_with_their_own(monkeypatch):
    """A searcher's compiled loops and tables go to the next search of the same shape: values,
    move values, lines and node counts are those of fresh searchers, after cut-short searches
    too."""
    positions = []
    for s in range(40):
        rng = random.Random(s)
        state = euchre_ending(rng, max_per=5)
        positions.append((state, rng.choice(state.active_seats)))
        state = clabber_ending(rng)
        positions.append((state, rng.choice(state.active_seats)))
        for contract in ("hearts", "queens_libyan", "minimum"):
            positions.append((lora_ending(rng, contract, max_per=4), rng.randrange(4)))
    fresh, kept = _solve_in_turn(monkeypatch, positions, pooled=False)
    assert kept == 0
    pooled, kept = _solve_in_turn(monkeypatch, positions, pooled=True)
    assert kept > 0
    assert pooled == fresh


def test_an_engine_serves_the_next_search_of_its_shape_once_its_searcher_is_gone(monkeypatch):
    from tutor.solver import search
    monkeypatch.setattr(search, "_ENGINES", {})
    first = solver.to_problem(euchre_ending(random.Random(1), max_per=5))
    held = search.Searcher(first)
    engine = held._engine[1]
    assert search.Searcher(first)._engine[1] is not engine   # in use: never shared
    del held
    reused = search.Searcher(first)
    assert reused._engine[1] is engine and reused.nodes == 0 and not reused.tt


def test_shared_memos_are_emptied_in_place_so_pooled_engines_stay_bounded(monkeypatch):
    """Over their bound, the memos shared by all searches are emptied, not replaced: a pooled
    engine holds the same memos, so none of them grows past the bound unseen."""
    from tutor.solver import search
    monkeypatch.setenv("TUTOR_SOLVER", "python")   # a switch of the Python search
    monkeypatch.setattr(search, "_ENGINES", {})
    state = euchre_ending(random.Random(3), max_per=5)
    first = solver.solve(state)
    expected = (first.value, first.moves, first.nodes)
    engine = first._searcher._engine[1]
    del first
    monkeypatch.setattr(search, "MEMO_CACHE_LIMIT", 0)
    caches = (search._NORM_CACHE, search._TOPS_CACHE, search._ORDERS_CACHE,
              search._TOPSEQ_CACHE)
    memos = [memo for cache in caches for memo in cache.values()]
    assert any(memos)
    again = solver.solve(state)
    assert again._searcher._engine[1] is engine
    after = [memo for cache in caches for memo in cache.values()]
    assert len(after) == len(memos) and all(a is b for a, b in zip(after, memos))
    assert (again.value, again.moves, again.nodes) == expected
    del again
    search.Searcher(solver.to_problem(state))
    assert not any(memos)


@pytest.mark.slow
@pytest.mark.parametrize("contract", LORA_TRICK_CONTRACTS)
def test_lora_solver_matches_engine_enumeration_four_cards(contract):
    for s in range(1000, 1100):
        rng = random.Random(s)
        state = lora_ending(rng, contract, max_per=4)
        hero = rng.randrange(4)
        ref = engine_minimax(state, lambda seat: seat != hero,
                             lambda st: st.result().points[hero], lora_history)
        _compare(state, *ref, hero=hero)


# ---------------------------------------------------------------------------- Lora layout
def layout_ending(rng, rules=None):
    """A layout position of real play: a Lora hand dealt and played at random until 6 to 12
    cards are left in the hands, rebuilt with ``games.position``."""
    if isinstance(rules, dict):
        rules = dict(rules, contracts=["lora"])
    state = games.new_hand("lora", contract="lora", rules=rules or {"contracts": ["lora"]},
                           seed=rng.randrange(10**9))
    stop = rng.randint(6, 12)
    while True:
        moves = [a for a in state.legal_actions() if a.verb in ("play", "pass", "last_card")]
        held = sum(len(h) for h in state.hands)
        if state.phase == "play" and held <= stop and state.call_due is None:
            break
        if state.is_over or not moves:      # gone out before: deal again
            return layout_ending(rng, rules)
        state.apply(rng.choice(moves))
    return games.position("lora", rules=rules or {"contracts": ["lora"]},
                          **{k: v for k, v in games.position_args(state).items() if k != "rules"})


@pytest.mark.parametrize("rules", [None, "libyan"])
def test_lora_layout_solver_matches_engine_enumeration(rules):
    from tutor.solver.layout import solve_layout
    for s in range(60):
        rng = random.Random(s)
        state = layout_ending(rng, rules)
        hero = rng.randrange(4)
        ref_value, ref_moves = engine_minimax(
            state, lambda seat: seat != hero, lambda st: st.result().points[hero],
            lambda st, root: st.passes)
        res = solve_layout(state, hero=hero)
        assert res.exact
        assert res.value == ref_value
        assert res.moves == ref_moves
        # the principal variation reaches the value through the engine
        st = state.copy()
        for action in res.line:
            st.apply(action)
        assert st.is_over and st.result().points[hero] == res.value


# ---------------------------------------------------------------------------- principal variations
@pytest.mark.parametrize("game", ["euchre", "raub", "clabber", "lora"])
def test_principal_variation_plays_legally_to_the_value(game):
    """Played through the engine (``apply`` validates every card), the line scores the value."""
    for s in range(40):
        rng = random.Random(7000 + s)
        if game == "euchre":
            state = euchre_ending(rng)
            hero = state.to_move
            side = {x for x in state.active_seats if x % 2 == hero % 2}
            score = lambda st, side=side: sum(st.tricks_won[x] for x in side)  # noqa: E731
            kw = {}
        elif game == "raub":
            state = raub_ending(rng)
            hero = state.to_move
            side = {hero}
            score = lambda st, side=side: sum(st.tricks_won[x] for x in side)  # noqa: E731
            kw = {"side": side}
        elif game == "clabber":
            state = clabber_ending(rng)
            hero = state.to_move
            side = ({x for x in state.active_seats if x % 2 == hero % 2} if state.players == 4
                    else {hero})
            score = clabber_points_since(len(state.tricks), side)
            kw = {}
        else:
            state = lora_ending(rng, rng.choice(LORA_TRICK_CONTRACTS))
            hero = state.to_move
            score = lambda st, hero=hero: st.result().points[hero]  # noqa: E731
            kw = {}
        res = solver.solve(state, hero=hero, **kw)
        st = state.copy()
        for action in res.line:
            st.apply(action)
        assert st.is_over
        assert score(st) == res.value


def test_table_keys_renumber_the_ranks_in_play_to_the_lowest_without_gaps():
    """A suit block's holdings (a byte per hand) keep who holds which card in play, in order,
    and nothing of the cards gone; with a scoring pattern, the scores of the cards in play."""
    from tutor.solver.search import _compress_bytes
    rng = random.Random(5)
    for _ in range(2000):
        holder = [rng.randrange(6) for _ in range(8)]   # 4 and 5: the card is out of play
        x = bytes(sum(1 << i for i in range(8) if holder[i] == p) for p in range(4))
        in_play = [i for i in range(8) if holder[i] < 4]
        want = bytes(sum(1 << j for j, i in enumerate(in_play) if holder[i] == p)
                     for p in range(4))
        assert _compress_bytes(x) == want
        pattern = tuple(rng.randrange(3) for _ in range(8))
        assert _compress_bytes(x, pattern) == (want, tuple(pattern[i] for i in in_play))
