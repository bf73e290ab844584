"""Both layout searches give the same results: the compiled one (tutor/solver/_layout.c) and
the pure-Python reference of tutor/solver/layout.py (TUTOR_SOLVER=python): value, move values
in the same order, principal line, node count and exactness, for every rules variant of the
layout contract (rules file 7, 9.6, 9.8.4, 14.3)."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from tutor import solver
from tutor.solver import layout
from tutor.solver.layout import solve_layout

# the benchmark's seeded full deals (benchmarks/solver.py)
_spec = importlib.util.spec_from_file_location(
    "solver_benchmark", Path(__file__).resolve().parents[2] / "benchmarks" / "solver.py")
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

built = pytest.mark.skipif(layout._compiled is None or solver.compiled._core is None,
                           reason="the compiled solver cores are not built (no C compiler when "
                                  "the package was installed)")

MANUAL = {"lora_last_card_call": "manual", "penalties": True}
VARIANTS = {
    "basic": None,
    "pass_penalty": "lora_pass_penalty",                    # passes +1, the out player pays
    "libyan": "libyan",                                     # 0 out, passes +2, doubling, auto call
    "libyan_manual_call": {"libyan": True, **MANUAL},
    "manual_call": MANUAL,
    "auto_call": {"lora_last_card_call": "auto"},
    "passes_not_paid_out": {"lora_pass_points": 3, "lora_out_player_pays_passes": False},
    "double_on_start_rank": {"lora_out_points": 0, "lora_double_on_start_rank": True},
    "double_with_paid_passes": {"lora_out_points": 0, "lora_double_on_start_rank": True,
                                "lora_pass_points": 1, "lora_out_player_pays_passes": True},
    "other_points": {"lora_out_points": -5, "lora_card_points": 2, "lora_pass_points": 1},
    "rewarded_passes": {"lora_out_points": 4, "lora_card_points": -1, "lora_pass_points": -2},
}


def _on(monkeypatch, core):
    monkeypatch.setenv("TUTOR_SOLVER", core)
    assert solver.backend() == core


def _deal(seed, rules, plays=0, until_call=False):
    """The benchmark's deal ``seed`` under ``rules``, after ``plays`` random legal actions
    (or fewer: up to a manual "last card" call falling due, with ``until_call``)."""
    state, _ = bench.lora_deal(seed, "lora", rules)
    rng = random.Random(seed)
    for _ in range(plays):
        if state.to_move is None or (until_call and state.call_due is not None):
            break
        state.push(rng.choice(state.legal_actions()))
    return state


def _both(monkeypatch, state, hero, budget=None):
    _on(monkeypatch, "python")
    ref = solve_layout(state, hero=hero, budget=budget)
    assert type(ref._searcher) is layout._Layout or not ref.exact
    _on(monkeypatch, "compiled")
    got = solve_layout(state, hero=hero, budget=budget)
    assert isinstance(got._searcher, layout._CompiledLayout) or not got.exact
    return ref, got


def _same(ref, got):
    assert got.exact == ref.exact
    assert got.value == ref.value
    assert list(got.moves.items()) == list(ref.moves.items())   # same actions, same order
    assert got.best == ref.best
    assert got.nodes == ref.nodes
    assert got.line == ref.line


@built
@pytest.mark.parametrize("variant", VARIANTS)
def test_from_the_first_card(monkeypatch, variant):
    for seed in range(12):
        state = _deal(seed, VARIANTS[variant])
        hero = seed % 4
        ref, got = _both(monkeypatch, state, hero)
        assert ref.exact and len(ref.moves) == 8
        _same(ref, got)


@built
@pytest.mark.parametrize("variant", VARIANTS)
def test_mid_hand(monkeypatch, variant):
    calls = passes = 0
    for seed in range(40):
        state = _deal(100 + seed, VARIANTS[variant], plays=1 + seed % 29,
                      until_call=seed % 3 == 0)
        if state.to_move is None:
            continue
        calls += state.call_due is not None
        passes += any(state.passes)
        hero = random.Random(seed).randrange(4)
        ref, got = _both(monkeypatch, state, hero)
        assert ref.exact
        _same(ref, got)
        # the compiled line plays legally through the engine to the value
        st = state.copy()
        for action in got.line:
            st.apply(action)
        assert st.is_over and st.result().points[hero] == got.value
    assert passes
    if VARIANTS[variant] and "manual" in str(VARIANTS[variant]):
        assert calls     # positions with the manual call due at the root were met


@built
@pytest.mark.parametrize("variant", ["basic", "libyan", "manual_call"])
def test_a_small_budget_gives_an_inexact_result_on_both(monkeypatch, variant):
    for seed in range(6):
        state = _deal(200 + seed, VARIANTS[variant], plays=seed)
        hero = seed % 4
        ref, got = _both(monkeypatch, state, hero, budget=50)
        for res in (ref, got):
            assert not res.exact and res.value is None and res.moves == {} and res.line == []
            assert res.nodes == 51      # the node past the budget stops the search
        # a budget of exactly the nodes needed is enough on both cores, one less is not
        full, _ = _both(monkeypatch, state, hero)
        assert full.exact
        ref, got = _both(monkeypatch, state, hero, budget=full.nodes)
        assert ref.exact and got.exact
        _same(ref, got)
        ref, got = _both(monkeypatch, state, hero, budget=full.nodes - 1)
        assert not ref.exact and not got.exact and ref.nodes == got.nodes == full.nodes


@built
def test_the_python_search_runs_where_the_compiled_one_does_not_fit(monkeypatch):
    # scores beyond the C search's integer range stay with the reference
    state = _deal(7, {"lora_out_points": -10 ** 9, "lora_pass_points": 3}, plays=5)
    _on(monkeypatch, "compiled")
    res = solve_layout(state, hero=1)
    assert type(res._searcher) is layout._Layout
    _on(monkeypatch, "python")
    assert solve_layout(state, hero=1).moves == res.moves


def test_the_python_search_without_the_compiled_core(monkeypatch):
    monkeypatch.setenv("TUTOR_SOLVER", "python")
    res = solve_layout(_deal(3, None), hero=0)
    assert type(res._searcher) is layout._Layout and res.exact


@built
def test_the_compiled_search_refuses_bad_input():
    Layout = layout._compiled.Layout
    owner = [0] * 32
    with pytest.raises(ValueError):
        Layout(owner[:31], 0, -8, 1, 0, True, False, 100)
    with pytest.raises(ValueError):
        Layout([4] + owner[1:], 0, -8, 1, 0, True, False, 100)
    with pytest.raises(ValueError):
        Layout(owner, 4, -8, 1, 0, True, False, 100)
    with pytest.raises(ValueError):
        Layout(owner, 0, -8, 1, layout._compiled.CONST_LIMIT, True, False, 100)
    with pytest.raises(TypeError):
        Layout(owner, 0, -8, 1, 0, True, False)
    with pytest.raises(RuntimeError):
        Layout.__new__(Layout).value(0, 1, 1, 0x1111, 0)
    core = Layout(owner, 0, -8, 1, 0, True, False, 100)
    with pytest.raises(TypeError):
        core.value(0, 1, 1)
    for bad in ((8, 1, 1, 0x8888, 0), (0, 1 << 16, 1, 0x8888, 0), (0, 1, 4, 0x8888, 0),
                (0, 1, 1, -1, 0), (0, 1, 1, 0x8888, -1), (0, 1, 1, 0x8888, 1 << 40)):
        with pytest.raises(ValueError):
            core.value(*bad)
        with pytest.raises(ValueError):
            core.line(*bad)
    # a position where nobody can ever play (cards out of play) is refused, not searched
    # for ever: the Python search hits the recursion limit there
    nobody = Layout([-1] * 32, 0, -8, 1, 0, True, False, 10 ** 6)
    with pytest.raises(RecursionError):
        nobody.value(0, 1, 1, 0x1111, 0)

