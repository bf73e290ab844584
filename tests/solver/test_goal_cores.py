"""Both goal search cores give the same answers: the compiled goal search
(tutor/solver/_goals.c) and the pure-Python reference (tutor.solver.goals.GoalSearch).

Everything a goal solve shows is compared: the value, exactness, each move's value, the best
moves, the line and the node count (the C search is the same search node for node), and
can_reach; also under node budgets that run out part way.
"""

from __future__ import annotations

import random

import pytest

from tutor import games, solver
from tutor.cards import format_cards
from tutor.errors import TutorError
from tutor.solver import compiled, compiled_goals, goals

from .reference import random_ending
from .test_cores import bench
from .test_corpus import GOALS, _state
from .test_engines import euchre_ending, lora_ending, raub_ending
from .test_goals import TWO_PLAYER_RULES, clabber_make_ending, euchre_three_handed

built = pytest.mark.skipif(compiled._core is None or compiled_goals._goals is None,
                           reason="the compiled solver cores are not built (no C compiler when "
                                  "the package was installed)")
pytestmark = built


def _on(monkeypatch, core):
    monkeypatch.setenv("TUTOR_SOLVER", core)
    assert solver.backend() == core


def _observe(state, goal, budget=None, moves=True):
    """What a goal solve shows, and can_reach's answer for a yes/no goal."""
    try:
        res = solver.solve(state, goal=goal, budget=budget, moves=moves)
    except TutorError as exc:
        return ("refused", str(exc))
    seen = (res.value, res.exact, res.moves, res.best, res.bounds, res.nodes,
            [str(a) for a in res.line])
    if isinstance(goal, goals.Goal):
        try:
            reach = solver.can_reach(state, goal, budget=budget)
        except solver.BudgetExceeded:
            reach = "budget spent"
        seen += (reach,)
    return seen


def _searches_compiled(state, goal):
    """The compiled core runs every search of ``goal`` (not the Python one by default)."""
    pb = goals.goal_problem(state, goal.side)
    parts = [g for _, g in goal.levels] if isinstance(goal, goals.Levels) else [goal]
    return all(isinstance(goals._goal_search(pb, g), compiled_goals.CompiledGoalSearch)
               for g in parts)


def _agree(monkeypatch, state, goal, budget=None, moves=True):
    """The goal solved on both cores: the same everything. Returns the Python core's view."""
    _on(monkeypatch, "python")
    a = _observe(state, goal, budget, moves)
    _on(monkeypatch, "compiled")
    assert a[0] == "refused" or _searches_compiled(state, goal), goal
    b = _observe(state, goal, budget, moves)
    assert a == b, (state, goal, a, b)
    return a


# ---------------------------------------------------------------------------- presets
def raub_presets(state):
    decl = state.declarer
    defenders = [s for s in state.active_seats if s != decl]
    out = [goals.raub("declarer_makes", state, k=k) for k in (None, 1, 2, 3)]
    out += [goals.raub("defeat_declarer", state), goals.raub("all_defenders_score", state)]
    for d in defenders:
        out += [goals.raub("defender_scores", state, seat=d, k=k) for k in (1, 2)]
        out.append(goals.raub("blank_defender", state, seat=d))
    out += [goals.raub("max_tricks", state, seat=s) for s in state.active_seats]
    return out


def lora_presets(state):
    out = []
    for hero in range(4):
        out += [goals.lora(name, state, hero) for name in ("two_players", "avoid_four",
                                                            "qualify")]
        out += [goals.lora_score_at_most(state, hero, t) for t in (0, 4)]
    return out


def clabber_presets(state):
    out = [goals.clabber("last_trick", state, seat=s) for s in state.active_seats]
    if state.maker is not None:
        out += [goals.clabber("make", state), goals.clabber("set", state)]
    return out


def euchre_presets(state):
    out = []
    for name in goals.EUCHRE_PRESETS:
        try:
            out.append(goals.euchre(name, state))
        except TutorError:   # a lone preset in a hand without that lone player
            pass
    for seat in state.active_seats:
        out += [goals.euchre("max_tricks", state, seat), goals.euchre("max_points", state, seat),
                goals.euchre("at_least", state, seat, k=3)]
    return out


def _every_preset(monkeypatch, state, presets):
    for goal in presets(state):
        _agree(monkeypatch, state, goal)


@pytest.mark.parametrize("seed", range(0, 120, 40))
def test_raub_presets_agree_in_endings(monkeypatch, seed):
    for s in range(seed, seed + 40):
        _every_preset(monkeypatch, raub_ending(random.Random(s)), raub_presets)


@pytest.mark.parametrize("rules", TWO_PLAYER_RULES)
def test_lora_presets_agree_in_endings(monkeypatch, rules):
    for s in range(30):
        rng = random.Random(s)
        state = lora_ending(rng, "two_players", rules=rules, max_per=rng.choice((3, 4)))
        state.attempt = rng.choice((1, 2, 3))   # the dealer's +8 on the last attempt
        _every_preset(monkeypatch, state, lora_presets)


def test_clabber_presets_agree_in_endings(monkeypatch):
    for s in range(60):
        _every_preset(monkeypatch, clabber_make_ending(random.Random(s)), clabber_presets)


def test_clabber_presets_agree_in_dealt_hands(monkeypatch):
    """Real deals (melds and bell in the goal's start), from the last four tricks."""
    checked = 0
    for seed in range(20):
        rng = random.Random(seed)
        st = games.new_hand("clabber", seed=200 + seed, players=rng.choice((2, 3, 4)))
        while not st.is_over and not (st.phase == "play" and len(st.hands[st.to_move]) <= 4):
            st.apply(rng.choice(st.legal_actions()))
        if st.is_over or st.maker is None:
            continue
        _every_preset(monkeypatch, st, clabber_presets)
        checked += 1
    assert checked > 5


@pytest.mark.parametrize("three", [False, True])
def test_euchre_presets_agree_in_endings(monkeypatch, three):
    for s in range(40):
        rng = random.Random(s)
        state = euchre_three_handed(rng) if three else euchre_ending(rng, max_per=5)
        _every_preset(monkeypatch, state, euchre_presets)


# ---------------------------------------------------------------------------- full deals
def test_lora_two_players_full_deals_agree(monkeypatch):
    """The benchmark's deals from the first lead: the contract's own objective (solve with
    the hero) and its goals."""
    for seed in range(4):
        state, hero = bench.lora_deal(seed, "two_players")
        _on(monkeypatch, "python")
        a = solver.solve(state, hero=hero)
        _on(monkeypatch, "compiled")
        b = solver.solve(state, hero=hero)
        assert (a.value, a.exact, a.moves, a.best, a.nodes) == (b.value, b.exact, b.moves,
                                                                b.best, b.nodes)
        assert [str(x) for x in a.line] == [str(x) for x in b.line]
        for name in ("qualify", "avoid_four"):
            _agree(monkeypatch, state, goals.lora(name, state, (hero + seed) % 4), moves=False)


def test_lora_two_players_full_deals_agree_on_every_hero_and_setting(monkeypatch):
    for seed in range(4, 8):
        rules = TWO_PLAYER_RULES[seed % 3]
        st, _ = bench.lora_deal(seed, "two_players")
        state = games.position("lora", contract="two_players", rules=rules,
                               hands={s: format_cards(st.hands[s]) for s in range(4)},
                               leader=seed % 4, dealer=(seed - 1) % 4)
        state.attempt = 3
        for hero in range(4):
            _agree(monkeypatch, state, goals.lora("two_players", state, hero), moves=False)


def test_raub_full_deals_agree(monkeypatch):
    for players in (2, 3, 4):
        for seed in range(8):
            state, _ = bench.raub_deal(seed, players)
            _every_preset(monkeypatch, state, raub_presets)


def test_euchre_full_deals_agree(monkeypatch):
    for seed in range(6):
        state, _ = bench.euchre_deal(seed)
        _every_preset(monkeypatch, state, euchre_presets)


def test_clabber_full_deals_agree(monkeypatch):
    for seed in range(3):
        state, _ = bench.clabber_deal(seed)
        for goal in clabber_presets(state):
            _agree(monkeypatch, state, goal, moves=False)


def test_two_players_reviews_agree(monkeypatch):
    """A whole two_players hand reviewed card by card (a goal solve per card)."""
    from tutor.solver.review import review_hand
    state = bench.played_out(bench.lora_deal(3, "two_players")[0], 3)
    _on(monkeypatch, "python")
    a = review_hand(state)
    _on(monkeypatch, "compiled")
    assert review_hand(state) == a
    assert all(r.exact for r in a)


# ---------------------------------------------------------------------------- any formula
def _random_formula(rng, seats, depth=0):
    """A random formula over the seats' final amounts: every node kind, nested."""
    kind = rng.choice(("atom", "atom", "all", "any", "not", "exactly")) if depth < 3 else "atom"
    if kind == "atom":
        terms = tuple((s, rng.choice((1, 1, -1, 2))) for s in rng.sample(seats, rng.randint(
            1, min(3, len(seats)))))
        return goals.Atom(terms, rng.randint(-2, 6))
    if kind == "not":
        return goals.Not(_random_formula(rng, seats, depth + 1))
    parts = tuple(_random_formula(rng, seats, depth + 1) for _ in range(rng.randint(0, 3)))
    if kind == "all":
        return goals.AllOf(parts)
    if kind == "any":
        return goals.AnyOf(parts)
    return goals.Exactly(rng.randint(0, len(parts) + 1), parts)


def _random_goal(rng, state):
    seats = list(range(state.players))
    side = set(rng.sample(list(state.active_seats), rng.randint(1, len(state.active_seats) - 1)))
    start = tuple((s, rng.randint(0, 3)) for s in seats if rng.random() < 0.4)
    extra = {}
    if rng.random() < 0.4:   # card points and a last-trick bonus (raw table keys)
        live = [c for s in state.active_seats for c in state.hands[s]]
        live += [c for _, c in state.trick]
        extra = dict(card_values=tuple((c, rng.choice((0, 0, 1, 2, 5))) for c in live),
                     trick_value=rng.choice((0, 1)), last_trick_bonus=rng.choice((0, 3)))
    return goals.Goal(side, _random_formula(rng, seats), start, **extra)


@pytest.mark.parametrize("game", ["raub", "euchre", "lora"])
def test_random_formulas_agree(monkeypatch, game):
    for s in range(80):
        rng = random.Random(7000 + s)
        if game == "raub":
            state = raub_ending(rng)
        elif game == "euchre":
            state = euchre_ending(rng, max_per=5)
        else:
            state = lora_ending(rng, rng.choice(("minimum", "two_players")), max_per=4)
        _agree(monkeypatch, state, _random_goal(rng, state))


def test_point_goals_on_problems_agree(monkeypatch):
    """Problems built from rules and cards (no engine): point thresholds with the last
    trick's bonus, and their negations."""
    for s in range(60):
        rng = random.Random(s)
        rules, values, seats, hands, trick, leader, _ = random_ending(rng, "clabber")
        side = set(rng.sample(seats, rng.randint(1, len(seats) - 1)))
        mover = seats[(seats.index(leader) + len(trick)) % len(seats)]
        pb = solver.problem_from_rules(rules, hands, trick, to_move=mover, active_seats=seats,
                                       hero_side=side)
        live = [c for h in hands.values() for c in h] + [c for _, c in trick]
        k = rng.randint(0, 60)
        for formula in (goals.at_least(side, k), goals.Not(goals.at_least(side, k))):
            goal = goals.Goal(side, formula, trick_value=0,
                              card_values=tuple((c, values[c]) for c in live),
                              last_trick_bonus=10)
            _agree(monkeypatch, pb, goal)


# ---------------------------------------------------------------------------- budgets
def test_budgets_run_out_alike(monkeypatch):
    """A budget spent part way: the same inexact result, the same moves valued so far, the
    same partial line, can_reach raising on both."""
    cases = [(bench.raub_deal(3, 3)[0], lambda st: goals.raub("all_defenders_score", st)),
             (bench.lora_deal(2, "two_players")[0], lambda st: goals.lora("two_players", st, 0)),
             (bench.euchre_deal(4)[0], lambda st: goals.euchre("max_points", st, 1))]
    for state, make in cases:
        goal = make(state)
        full = _agree(monkeypatch, state, goal)
        nodes = full[5]
        for budget in (0, 1, 5, nodes // 7, nodes // 3, nodes // 2, nodes - 1, nodes):
            _agree(monkeypatch, state, goal, budget=budget)


# ---------------------------------------------------------------------------- corpus
@pytest.mark.parametrize("entry", GOALS, ids=[e["name"] for e in GOALS])
def test_corpus_goals_agree(monkeypatch, entry):
    state = _state(entry)
    spec = dict(entry["goal"])
    goal = getattr(goals, entry["game"])(spec.pop("name"), state, **spec)
    seen = _agree(monkeypatch, state, goal)
    assert seen[0] == entry["value"] and seen[1]


# ---------------------------------------------------------------------------- dispatch
def test_goals_beyond_the_compiled_shapes_run_in_python(monkeypatch):
    """Thresholds past the C search's range, or more atoms than it holds: the reference runs,
    with the same answers."""
    _on(monkeypatch, "compiled")
    state, _ = bench.raub_deal(1, 3)
    pb = goals.goal_problem(state, {0})
    huge = goals.Goal({0}, goals.AnyOf((goals.at_least([0], 1 << 45),
                                        goals.at_least([0], 2))))
    many = goals.Goal({0}, goals.AnyOf(tuple(
        goals.at_least([0], k) for k in range(2, compiled_goals._goals.MAX_ATOMS + 3))))
    fits = goals.Goal({0}, goals.at_least([0], 2))
    assert compiled_goals.covers(pb, fits)
    for goal in (huge, many):
        assert not compiled_goals.covers(pb, goal)
        assert type(goals._goal_search(pb, goal)) is goals.GoalSearch
        _on(monkeypatch, "python")
        a = _observe(state, goal)
        _on(monkeypatch, "compiled")
        assert a == _observe(state, goal)
        assert a[0] == _observe(state, fits)[0]


def test_the_python_core_keeps_the_reference_search(monkeypatch):
    _on(monkeypatch, "python")
    state, _ = bench.raub_deal(1, 3)
    pb = goals.goal_problem(state, {0})
    assert type(goals._goal_search(pb, goals.raub("declarer_makes", state))) is goals.GoalSearch


def test_direct_questions_agree_position_by_position(monkeypatch):
    """GoalSearch.wins on the positions along random plays (mid-trick ones included), one
    searcher per core kept across the questions: the same answers and node counts."""
    for s in range(30):
        rng = random.Random(s)
        state = raub_ending(rng, max_per=4) if s % 2 else lora_ending(rng, "two_players",
                                                                       max_per=4)
        goal = _random_goal(rng, state)
        pb = goals.goal_problem(state, goal.side)
        ref = goals.GoalSearch(pb, goal)
        fast = compiled_goals.CompiledGoalSearch(pb, goal)
        assert fast.core is not None
        pos = ref.root()
        while any(pos[0]) or pos[1]:
            assert ref.wins(pos) == fast.wins(pos)
            assert ref.nodes == fast.nodes
            _, legal = ref.legal(pos)
            bits = [1 << i for i in range(legal.bit_length()) if legal >> i & 1]
            pos = ref.child(pos, rng.choice(bits))
        assert ref.wins(pos) == fast.wins(pos)


def test_the_compiled_search_refuses_bad_input():
    """Wrong data raises ValueError or TypeError instead of searching garbage."""
    state, _ = bench.raub_deal(1, 3)
    goal = goals.raub("all_defenders_score", state)
    pb = goals.goal_problem(state, goal.side)
    sr = compiled_goals.CompiledGoalSearch(pb, goal)
    hands, trick, leader, acc = sr.root()
    core = sr.core
    for args in [(hands[:-1], trick, leader, acc), (hands, (1, 2, 4), leader, acc),
                 (hands, (3,), leader, acc), (hands, trick, 7, acc), (hands, trick, -1, acc),
                 (hands, trick, leader, acc[:-1]), (hands, trick, leader, (1 << 60,) * len(acc)),
                 ((1 << 63,) + tuple(hands[1:]), trick, leader, acc)]:
        with pytest.raises(ValueError):
            core.wins(*args, [0], 1000)
    with pytest.raises(TypeError):
        core.wins(hands, trick, leader, acc, (0,), 1000)
    with pytest.raises((TypeError, ValueError, OverflowError)):
        core.wins(hands, trick, leader, acc, ["x"], 1000)
    g = compiled_goals._goals
    good = (pb.suit_masks, pb.width, pb.trump_mask, False, False, False, [True, False, False],
            [0] * len(pb.cards), 1, 0, [[1, 0, 0]], [1], [0], [0, 0], True)
    g.GoalCore(*good)
    for i, bad in [(13, [0, 1]), (13, [1, 2]), (13, [0, 0, 0, 0]), (13, [9]),
                   (13, [3]), (10, [[1, 0]]), (10, [[1 << 30, 0, 0]]), (1, 3),
                   (8, -1), (7, [-1] * len(pb.cards)), (11, [1, 2]), (6, [True])]:
        args = list(good)
        args[i] = bad
        with pytest.raises(ValueError):
            g.GoalCore(*args)
    with pytest.raises(ValueError):
        g.GoalCore.__new__(g.GoalCore).wins(hands, trick, leader, acc, [0], 1000)
