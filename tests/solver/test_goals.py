"""Goals about how the hand ends agree with plain enumeration through each engine.

The reference plays every legal action with the engine's own ``legal_actions()``/``push()``/
``undo()`` and scores the end with a predicate written here from the rules file (or with the
engine's own ``result()``); the goal's side maximises that 0/1 score, everyone else minimises it.
Endings are random: 2-4 cards per hand, 0-3 cards already in the trick.
"""

from __future__ import annotations

import random

import pytest

from tutor import games, solver
from tutor.cards import DECKS, SUITS, format_cards
from tutor.errors import TutorError
from tutor.solver import goals

from .reference import random_ending, solve_reference
from .test_engines import (_push_random, engine_minimax, euchre_ending, layout_ending,
                           lora_ending, lora_history, raub_ending)


def _check_goal(state, goal, score, history, **minimax):
    """solve(goal=...) gives the reference's value and every move's value; can_reach agrees."""
    before = state.snapshot()
    ref_value, ref_moves = engine_minimax(state, lambda seat: seat in goal.side, score, history)
    res = solver.solve(state, goal=goal)
    assert state.snapshot() == before
    assert res.exact
    assert res.value == ref_value, (state, goal, res.moves, ref_moves)
    assert res.moves == ref_moves, (state, goal, res.moves, ref_moves)
    if isinstance(goal, goals.Goal):
        assert solver.can_reach(state, goal) == bool(ref_value)
    return res


def _tricks(st, root):
    return st.tricks_won


# ---------------------------------------------------------------------------- Raub
def _raub_goal(rng, state):
    """A random preset and the predicate of rules 24.3 it stands for (on final trick counts)."""
    decl = state.declarer
    defenders = [s for s in state.active_seats if s != decl]
    name = rng.choice(("declarer_makes", "defeat_declarer", "defender_scores", "blank_defender",
                       "all_defenders_score", "all_defenders_score"))
    if name == "declarer_makes":
        k = rng.choice((None, 1, 2, 3))
        need = state.need if k is None else k
        return goals.raub(name, state, k=k), lambda tw: tw[decl] >= need
    if name == "defeat_declarer":
        return goals.raub(name, state), lambda tw: tw[decl] < state.need
    if name == "defender_scores":
        p = rng.choice(defenders)
        k = rng.choice((1, 1, 2))
        return goals.raub(name, state, seat=p, k=k), lambda tw: tw[p] >= k
    if name == "blank_defender":
        p = rng.choice(defenders)
        return goals.raub(name, state, seat=p), lambda tw: tw[p] == 0
    return goals.raub(name, state), lambda tw: all(tw[d] >= 1 for d in defenders)


@pytest.mark.parametrize("seed", range(0, 240, 80))
def test_raub_goals_match_engine_enumeration(seed):
    for s in range(seed, seed + 80):
        rng = random.Random(s)
        state = raub_ending(rng)
        goal, holds = _raub_goal(rng, state)
        _check_goal(state, goal, lambda st: int(holds(st.tricks_won)), _tricks)


def test_raub_max_tricks_matches_engine_enumeration():
    for s in range(60):
        rng = random.Random(500 + s)
        state = raub_ending(rng)
        p = rng.choice(state.active_seats)
        goal = goals.raub("max_tricks", state, seat=p)
        res = _check_goal(state, goal, lambda st: st.tricks_won[p], _tricks)
        # the same number as the trick-count search with P alone
        assert res.value == solver.solve(state, hero=p, side={p}).value


def test_all_defenders_score_with_two_active_is_defender_scores():
    """Rules 24.4: with two active players all_defenders_score is defender_scores."""
    for s in range(40):
        rng = random.Random(900 + s)
        state = raub_ending(rng)
        if len(state.active_seats) != 2:
            continue
        (defender,) = [x for x in state.active_seats if x != state.declarer]
        both = solver.solve(state, goal=goals.raub("all_defenders_score", state))
        alone = solver.solve(state, goal=goals.raub("defender_scores", state, seat=defender))
        assert both.value == alone.value and both.moves == alone.moves


DD2 = dict(hands={0: "JS JH KD JC", 1: "TS AD 8D 8C", 2: "8H TD KC 9C"}, trump="H",
           declarer=0, players=3)


def test_raub_dd2_defenders_score_together_but_not_alone():
    """Rules 24.5 DD2: all_defenders_score yes while each defender_scores is no."""
    state = games.position("raub", **DD2)
    assert solver.can_reach(state, goals.raub("all_defenders_score", state))
    assert not solver.can_reach(state, goals.raub("defender_scores", state, seat=1))
    assert not solver.can_reach(state, goals.raub("defender_scores", state, seat=2))
    makes = solver.solve(state, goal=goals.raub("declarer_makes", state))
    assert makes.value == 1 and [str(a) for a in makes.best] == ["play JH"]
    assert [solver.solve(state, goal=goals.raub("max_tricks", state, seat=p)).value
            for p in (0, 1, 2)] == [2, 0, 0]


def test_goal_line_plays_legally_to_an_end_where_the_goal_holds():
    state = games.position("raub", **DD2)
    res = solver.solve(state, goal=goals.raub("all_defenders_score", state))
    st = state.copy()
    for action in res.line:
        st.apply(action)
    assert st.is_over and all(st.tricks_won[d] >= 1 for d in (1, 2))


def test_goal_line_is_found_when_read_and_its_budget_does_not_undo_the_value():
    """The line of a goal solve is searched when first read: a budget that was enough for
    the value keeps the value exact, and the line then goes as far as the budget allows."""
    state = games.position("raub", **DD2)
    goal = goals.raub("all_defenders_score", state)
    full = solver.solve(state, goal=goal)
    assert len(full.line) == 12   # three hands of four cards played out
    tight = solver.solve(state, goal=goal, budget=full.nodes)
    assert tight.exact and tight.value == full.value and tight.moves == full.moves
    assert [str(a) for a in tight.line] == [str(a) for a in full.line[:len(tight.line)]]
    assert len(tight.line) < len(full.line)


def test_general_goal_two_defenders_against_the_declarer():
    """Rules 24.2's general form: the declarer and N against W, goal "W takes no trick and
    N takes at most one" (built by hand, checked through the engine)."""
    state = games.position("raub", **DD2)
    goal = goals.Goal({0, 2}, goals.AllOf((goals.at_most([1], 0), goals.at_most([2], 1))))
    _check_goal(state, goal, lambda st: int(st.tricks_won[1] == 0 and st.tricks_won[2] <= 1),
                _tricks)


def test_bad_goal_input_is_refused():
    state = games.position("raub", **DD2)
    with pytest.raises(TutorError):
        goals.raub("make_everything", state)
    with pytest.raises(TutorError):
        goals.raub("defender_scores", state, seat=3)
    with pytest.raises(TutorError, match="declarer"):
        goals.raub("blank_defender", state, seat=0)
    with pytest.raises(TutorError, match="negative"):
        goals.Goal({1}, goals.ALWAYS, trick_value=-1)
    with pytest.raises(TutorError):
        goals.Goal(set(), goals.ALWAYS)
    with pytest.raises(TutorError):
        solver.solve(state, goal=goals.Goal({1}, "W wins"))
    with pytest.raises(TutorError):
        solver.can_reach(state)
    with pytest.raises(TutorError, match="side"):
        solver.solve(state, goal=goals.raub("all_defenders_score", state), side={1})


def test_point_goals_on_problems_agree_with_the_reference():
    """A Problem built from rules and cards (no engine): "the side takes at least k card
    points, the 10 for the last trick included" holds exactly up to the reference's value."""
    for s in range(60):
        rng = random.Random(s)
        rules, values, seats, hands, trick, leader, _ = random_ending(rng, "clabber")
        side = set(rng.sample(seats, rng.randint(1, len(seats) - 1)))
        left = len(hands[leader]) + (1 if trick else 0)
        ref_value, ref_moves = solve_reference(
            rules, seats, hands, trick, leader, side, weights={x: int(x in side) for x in seats},
            card_values=values, trick_value=0, trick_index_values=(0,) * (left - 1) + (10,),
            tricks_played=0, sweeps=(), minimise=False, banked=0)
        mover = seats[(seats.index(leader) + len(trick)) % len(seats)]
        pb = solver.problem_from_rules(rules, hands, trick, to_move=mover, active_seats=seats,
                                       hero_side=side)
        live = [c for h in hands.values() for c in h] + [c for _, c in trick]
        for k in (ref_value, ref_value + 1):
            goal = goals.Goal(side, goals.at_least(side, k), trick_value=0,
                              card_values=tuple((c, values[c]) for c in live),
                              last_trick_bonus=10)
            res = solver.solve(pb, goal=goal)
            assert res.value == int(k == ref_value)
            assert {a.card: v for a, v in res.moves.items()} == {
                c: int(v >= k) for c, v in ref_moves.items()}


def test_a_goal_search_over_its_budget_says_so():
    state = games.position("raub", **DD2)
    res = solver.solve(state, goal=goals.raub("all_defenders_score", state), budget=5)
    assert not res.exact and res.value is None
    with pytest.raises(solver.BudgetExceeded):
        solver.can_reach(state, goals.raub("all_defenders_score", state), budget=5)


# ---------------------------------------------------------------------------- Lora
TWO_PLAYER_RULES = [None, {"libyan_two_players_penalize": "takers"},
                    {"libyan_two_players_attempts": 1}]


@pytest.mark.parametrize("rules", TWO_PLAYER_RULES)
def test_lora_two_players_matches_engine_enumeration(rules):
    for s in range(40):
        rng = random.Random(s)
        state = lora_ending(rng, "two_players", rules=rules)
        state.attempt = rng.choice((1, 2, 3))   # a redealt contract: the dealer's +8 may apply
        hero = rng.randrange(4)
        ref_value, ref_moves = engine_minimax(state, lambda seat: seat != hero,
                                              lambda st: st.result().points[hero], lora_history)
        res = solver.solve(state, hero=hero)
        assert res.exact
        assert res.value == ref_value and res.moves == ref_moves, (state, hero)
        for target in (0, 4):
            assert solver.can_reach(state, target, hero=hero) == (ref_value <= target)
        st = state.copy()
        for action in res.line:
            st.apply(action)
        assert st.result().points[hero] == res.value


def test_lora_two_players_goals_match_engine_enumeration():
    for s in range(40):
        rng = random.Random(300 + s)
        state = lora_ending(rng, "two_players")
        hero = rng.randrange(4)
        qualify = goals.lora("qualify", state, hero)
        _check_goal(state, qualify, lambda st: int(st.trick_counts()[hero] >= 3), lora_history)
        avoid = goals.lora("avoid_four", state, hero)
        _check_goal(state, avoid, lambda st: int(st.result().points[hero] != 4), lora_history)


def test_lora_two_players_dealer_pays_eight_only_on_the_last_attempt():
    """Three tricks left, A has 5 and B, C, D 0: nobody else can reach 3, the deal is void."""
    hands = {0: "AS KS QS", 1: "7H 8H 9H", 2: "7D 8D 9D", 3: "7C 8C 9C"}
    for attempt, want in ((1, 0), (3, 8)):
        state = games.position("lora", contract="two_players", hands=hands, leader=0, dealer=0,
                               tricks_won={0: 5})
        state.attempt = attempt
        assert solver.solve(state, hero=0).value == want


def test_lora_two_players_review_costs_are_never_negative():
    """A played two_players hand reviewed card by card: the hero minimises, so a card costs
    what it added to his score (>= 0), and a card that keeps the value costs 0."""
    from tutor.solver import review_hand
    for s in range(6):
        rng = random.Random(40 + s)
        state = lora_ending(rng, "two_players")
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        rows = review_hand(state)
        assert rows and all(r.exact and r.cost >= 0 for r in rows)
        assert all((r.cost == 0) == (r.played == r.best) for r in rows)


@pytest.mark.slow
@pytest.mark.parametrize("rules", TWO_PLAYER_RULES)
def test_lora_two_players_matches_engine_enumeration_four_cards(rules):
    for s in range(1000, 1060):
        rng = random.Random(s)
        state = lora_ending(rng, "two_players", rules=rules, max_per=4)
        state.attempt = rng.choice((1, 3))
        hero = rng.randrange(4)
        ref_value, ref_moves = engine_minimax(state, lambda seat: seat != hero,
                                              lambda st: st.result().points[hero], lora_history)
        res = solver.solve(state, hero=hero)
        assert res.value == ref_value and res.moves == ref_moves, (state, hero)


@pytest.mark.slow
def test_raub_goals_match_engine_enumeration_many():
    for s in range(5000, 6000):
        rng = random.Random(s)
        state = raub_ending(rng)
        goal, holds = _raub_goal(rng, state)
        _check_goal(state, goal, lambda st: int(holds(st.tricks_won)), _tricks)


# ---------------------------------------------------------------------------- Clabber
def clabber_make_ending(rng):
    players = rng.choice((4, 3, 3, 2))
    deck = list(DECKS["24"])
    rng.shuffle(deck)
    per = rng.randint(2, 4)
    hands = {s: format_cards(deck[s * per:(s + 1) * per]) for s in range(players)}
    from tutor.games.clabber import HAND_SIZE, card_points, side_of, sides_of
    trump = rng.choice(SUITS)
    leader = rng.randrange(players)
    # points won so far: the card points of real earlier tricks of the cards not in the hands,
    # each won by some side, the leader's side the last (the winner of a trick leads the next)
    earlier = HAND_SIZE[players] + (3 if players == 2 else 0) - per
    units = sides_of(players)
    won = {u: 0 for u in units}
    for t in range(earlier):
        taker = side_of(leader, players) if t == earlier - 1 else rng.choice(units)
        cards = deck[players * (per + t):players * (per + t + 1)]
        won[taker] += sum(card_points(c, trump) for c in cards)
    won = {str(u): v for u, v in won.items()}
    melds = {str(u): rng.choice((0, 0, 20, 50)) for u in units}
    state = games.position("clabber", hands=hands, trump=trump.value,
                           leader=leader, players=players,
                           maker=rng.randrange(players), won=won, melds=melds)
    return _push_random(rng, state, rng.randint(0, min(3, players - 1)))


def _clabber_history(st, root):
    return tuple(st.won)


@pytest.mark.parametrize("name", ["make", "set"])
def test_clabber_make_and_set_match_engine_enumeration(name):
    for s in range(60):
        rng = random.Random(s)
        state = clabber_make_ending(rng)
        goal = goals.clabber(name, state)
        made = lambda st: st.result().details["made"]  # noqa: E731
        score = (lambda st: int(made(st))) if name == "make" else (lambda st: int(not made(st)))
        _check_goal(state, goal, score, _clabber_history)


def test_clabber_last_trick_matches_engine_enumeration():
    """O5: the hero's side wins the hand's last trick (the winner recorded by the engine)."""
    for s in range(60):
        rng = random.Random(3000 + s)
        state = clabber_make_ending(rng)
        seat = rng.choice(state.active_seats)
        goal = goals.clabber("last_trick", state, seat=seat)
        assert seat in goal.side
        ours = state.side(seat)
        _check_goal(state, goal, lambda st: int(st.side(st.tricks[-1][2]) == ours),
                    _clabber_history)


def test_clabber_partnership_make_is_a_points_threshold():
    """O2: makers make iff V >= floor((R + W_d + M_d - W_m - M_m) / 2) + 1 (rules 17.2), the
    can_reach question on the makers' card points from here."""
    seen = 0
    for s in range(60):
        rng = random.Random(2000 + s)
        state = clabber_make_ending(rng)
        if state.players != 4:
            continue
        maker = state.side(state.maker)
        other = "EW" if maker == "NS" else "NS"
        held = state.card_points_by_side()
        fixed = state.meld_points()     # a position's melds and bell are fixed
        need = (_points_left(state) + held[other] + fixed[other] - held[maker]
                - fixed[maker]) // 2 + 1
        by_points = solver.can_reach(state, need, hero=state.maker)
        assert solver.can_reach(state, goals.clabber("make", state)) == by_points
        assert solver.can_reach(state, goals.clabber("set", state)) == (not by_points)
        seen += 1
    assert seen > 10


def _points_left(state):
    from tutor.games import clabber
    live = [c for s in state.active_seats for c in state.hands[s]] + [c for _, c in state.trick]
    return sum(clabber.card_points(c, state.trump) for c in live) + clabber.LAST_TRICK_BONUS


def test_clabber_make_in_dealt_hands_matches_engine_enumeration():
    """Real hands (melds compared, the bell counted only at the end by the engine), solved
    from the last three tricks."""
    checked = 0
    for seed in range(30):
        rng = random.Random(seed)
        st = games.new_hand("clabber", seed=100 + seed, players=rng.choice((3, 4)))
        while not st.is_over and not (st.phase == "play" and len(st.hands[st.to_move]) <= 3):
            st.apply(rng.choice(st.legal_actions()))
        if st.is_over or st.maker is None or st.offences:
            continue
        made = lambda x: x.result().details["made"]  # noqa: E731
        _check_goal(st, goals.clabber("make", st), lambda x: int(made(x)), _clabber_history)
        checked += 1
    assert checked > 10


def test_clabber_melds_during_play_are_what_the_hand_scores():
    """The make goal's constants (melds and bell) are known from the first card on: in dealt
    hands played at random they equal the melds of the engine's final result."""
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        st = games.new_hand("clabber", seed=seed, players=rng.choice((2, 3, 4)))
        seen = []
        while not st.is_over:
            if st.phase == "play" and st.maker is not None:
                seen.append(goals.clabber_melds(st))
            st.apply(rng.choice(st.legal_actions()))
        if st.outcome == "played":
            final = st.result().details["melds"]
            assert all(m == final for m in seen)
            checked += len(seen)
    assert checked > 100


# ---------------------------------------------------------------------------- Euchre
def euchre_three_handed(rng):
    deck = list(DECKS["24"])
    rng.shuffle(deck)
    per = rng.randint(2, 4)
    hands = {s: format_cards(deck[s * per:(s + 1) * per]) for s in range(3)}
    won = {}
    for _ in range(5 - per):
        x = rng.randrange(3)
        won[x] = won.get(x, 0) + 1
    trump = rng.choice(SUITS).value
    leader = rng.randrange(3)
    maker = rng.randrange(3)
    if not won.get(leader):
        # the winner of a trick leads the next: the leader takes one of the won tricks
        giver = next(iter(won))
        won[giver] -= 1
        won[leader] = 1
    state = games.position("euchre", hands=hands, trump=trump, leader=leader, players=3,
                           maker=maker, tricks_won=won)
    return _push_random(rng, state, rng.randint(0, 2))


def _points_difference(seat):
    def score(st):
        pts = st.result().points
        mine = st.side_of(seat)
        other = next(st.side_of(x) for x in range(st.players)
                     if (x in st.makers) != (seat in st.makers))
        return pts[mine] - pts[other]
    return score


@pytest.mark.parametrize("three", [False, True])
def test_euchre_max_points_matches_engine_enumeration(three):
    for s in range(60):
        rng = random.Random(s)
        state = euchre_three_handed(rng) if three else euchre_ending(rng)
        seat = rng.choice(state.active_seats)
        goal = goals.euchre("max_points", state, seat)
        res = _check_goal(state, goal, _points_difference(seat), _tricks)
        tricks = solver.solve(state, goal=goals.euchre("max_tricks", state, seat))
        # points never rank two moves the other way round from tricks
        for a in res.moves:
            for b in res.moves:
                if tricks.moves[a] < tricks.moves[b]:
                    assert res.moves[a] <= res.moves[b]
        assert set(tricks.best) <= set(res.best)


def test_euchre_max_points_can_have_more_best_moves_than_max_tricks():
    """Rules 17.3: 3 and 4 tricks score the same. Trump diamonds, makers E/W with one trick
    each side so far, E leads: TH (S must win with AH, W ruffs, then draws N's 9D and cashes
    AC) makes 4 tricks, JC or KC (W has to overtake with AC, N ruffs) only 3; all score 1."""
    state = games.position("euchre", hands={0: "KS JS AH", 1: "AC KD AD", 2: "AS 9D QH",
                                            3: "JC TH KC"},
                           trump="D", leader=3, maker=3, tricks_won={0: 1, 1: 1})
    tricks = solver.solve(state, goal=goals.euchre("max_tricks", state, 3))
    points = solver.solve(state, goal=goals.euchre("max_points", state, 3))
    makers = lambda st: st.tricks_won[1] + st.tricks_won[3]  # noqa: E731
    assert engine_minimax(state, lambda x: x % 2 == 1, makers, _tricks)[1] == tricks.moves
    assert {str(a): v for a, v in tricks.moves.items()} == {"play JC": 3, "play KC": 3,
                                                            "play TH": 4}
    assert [str(a) for a in tricks.best] == ["play TH"]
    assert points.value == 1 and len(points.best) == 3


EUCHRE_NEEDS = {"make": ("makers", 3), "march": ("makers", 5), "euchre": ("defenders", 3),
                "stop_march": ("defenders", 1), "lone_sweep": ("makers", 5),
                "stop_lone": ("defenders", 1), "lone_defense_euchre": ("defenders", 3),
                "lone_defense_sweep": ("defenders", 5)}


def test_euchre_named_objectives_are_can_reach_questions():
    checked = set()
    for s in range(100):
        rng = random.Random(s)
        state = euchre_ending(rng)
        for name, (who, k) in EUCHRE_NEEDS.items():
            try:
                goal = goals.euchre(name, state)
            except TutorError:
                continue
            checked.add(name)
            hero = next(x for x in state.active_seats if (x in state.makers) == (who == "makers"))
            by_tricks = solver.solve(state, hero=hero)
            res = solver.solve(state, goal=goal)
            assert res.value == int(by_tricks.value >= k)
            assert res.moves == {a: int(v >= k) for a, v in by_tricks.moves.items()}
            assert solver.can_reach(state, goal) == solver.can_reach(state, k, hero=hero)
            general = goals.euchre("at_least", state, hero, k=k)
            assert solver.solve(state, goal=general).moves == res.moves
    assert checked == set(EUCHRE_NEEDS)


def test_euchre_lone_objectives_need_a_lone_hand():
    state = games.position("euchre", hands={0: "AH 9C", 1: "KH QH", 2: "JS TS", 3: "AC KC"},
                           trump="S", leader=0, maker=0, tricks_won={0: 2, 1: 1})
    with pytest.raises(TutorError, match="not alone"):
        goals.euchre("stop_lone", state)
    assert solver.can_reach(state, goals.euchre("make", state))


# ---------------------------------------------------------------------------- Lora layout
MANUAL_CALL = {"lora_last_card_call": "manual", "penalties": True}


def test_layout_with_the_manual_last_card_call_matches_engine_enumeration():
    from tutor.solver.layout import solve_layout
    calls = 0
    for s in range(60):
        rng = random.Random(s)
        state = layout_ending(rng, MANUAL_CALL)
        for _ in range(rng.randint(0, 6)):
            if state.to_move is None:
                break
            state.push(rng.choice(state.legal_actions()))
        if state.to_move is None:
            continue
        calls += state.call_due is not None
        hero = rng.randrange(4)
        ref_value, ref_moves = engine_minimax(
            state, lambda seat: seat != hero, lambda st: st.result().points[hero],
            lambda st, root: (st.passes, st.call_due))
        res = solve_layout(state, hero=hero)
        assert res.exact
        assert res.value == ref_value and res.moves == ref_moves
        st = state.copy()
        for action in res.line:
            st.apply(action)
        assert st.is_over and st.result().points[hero] == res.value
        assert not st.penalty_log
    assert calls
