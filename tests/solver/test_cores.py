"""Both search cores give the same values and move values: the compiled core
(tutor/solver/_core.c) and the pure-Python reference search (TUTOR_SOLVER=python)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tutor import solver
from tutor.solver import compiled, search
from tutor.solver.search import Searcher

from .test_bruteforce import _check
from .test_corpus import VALUES, _state

# the benchmark's seeded full deals (benchmarks/solver.py)
_spec = importlib.util.spec_from_file_location(
    "solver_benchmark", Path(__file__).resolve().parents[2] / "benchmarks" / "solver.py")
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

built = pytest.mark.skipif(compiled._core is None,
                           reason="the compiled solver core is not built (no C compiler when "
                                  "the package was installed)")


def _on(monkeypatch, core):
    monkeypatch.setenv("TUTOR_SOLVER", core)
    assert solver.backend() == core


def _both(monkeypatch, fn):
    """fn() under the Python core, then under the compiled one."""
    _on(monkeypatch, "python")
    a = fn()
    _on(monkeypatch, "compiled")
    b = fn()
    return a, b


def test_the_environment_variable_forces_the_python_search(monkeypatch):
    monkeypatch.setenv("TUTOR_SOLVER", "python")
    assert solver.backend() == "python"
    state, _ = bench.euchre_deal(3)
    pb = solver.to_problem(state)
    assert type(compiled.make_searcher(pb)) is Searcher


def test_backend_names_the_core_in_use(monkeypatch):
    monkeypatch.delenv("TUTOR_SOLVER", raising=False)
    # the compiled core where it was built, the Python search where it was not
    assert solver.backend() == ("python" if compiled._core is None else "compiled")
    monkeypatch.setenv("TUTOR_SOLVER", "compiled")
    assert solver.backend() == ("python" if compiled._core is None else "compiled")
    monkeypatch.setattr(compiled, "_core", None)
    monkeypatch.delenv("TUTOR_SOLVER")
    assert solver.backend() == "python"


@built
def test_dispatch_by_the_problem_features(monkeypatch):
    monkeypatch.setenv("TUTOR_SOLVER", "compiled")
    euchre = solver.to_problem(bench.euchre_deal(3)[0])
    assert isinstance(compiled.make_searcher(euchre), compiled.CompiledSearcher)
    # sweep rules ("one player takes all of a set") run compiled too
    hearts = solver.to_problem(bench.lora_deal(3, "hearts")[0], hero=0)
    assert hearts.sweeps and compiled.covers(hearts)
    assert isinstance(compiled.make_searcher(hearts), compiled.CompiledSearcher)
    # partition-search entries run compiled too
    monkeypatch.setattr(search, "PARTITION", True)
    assert isinstance(compiled.make_searcher(euchre), compiled.CompiledSearcher)


@built
@pytest.mark.parametrize("entry", VALUES, ids=[e["name"] for e in VALUES])
def test_corpus_values_agree(monkeypatch, entry):
    state = _state(entry)
    side = entry.get("side")
    hero = entry.get("hero", side[0] if side else None)
    a, b = _both(monkeypatch, lambda: solver.solve(state, hero=hero, side=side))
    assert a.exact and b.exact
    assert a.value == b.value == entry["value"]
    assert a.moves == b.moves
    # the principal variation reaches the value on the compiled core too
    assert len(b.line) > 0 and b.line[0] in b.best


@built
@pytest.mark.parametrize("kind", ["plain", "euchre", "clabber"])
def test_brute_force_endings_agree(monkeypatch, kind):
    """Random endings checked against plain minimax on each core (sweeps included), and the
    two results alike."""
    for seed in range(1000, 1040):
        a, b = _both(monkeypatch, lambda: _check(seed, kind))
        assert (a.value, a.moves) == (b.value, b.moves)


DEALS = ([("euchre", bench.euchre_deal), ("clabber", bench.clabber_deal)]
         + [(f"raub {p}", lambda s, p=p: bench.raub_deal(s, p)) for p in (2, 3, 4)]
         + [(f"lora {c}", lambda s, c=c: bench.lora_deal(s, c))
            for c in bench.LORA_TRICK_CONTRACTS])


@built
@pytest.mark.parametrize("name,make", DEALS, ids=[d[0] for d in DEALS])
def test_random_full_deals_agree(monkeypatch, name, make):
    count = 2 if name.startswith("lora") else 5
    for seed in range(count):
        state, hero = make(seed)
        a, b = _both(monkeypatch, lambda: solver.solve(state, hero=hero))
        assert a.exact and b.exact
        assert (a.value, a.moves) == (b.value, b.moves), (name, seed)


@built
def test_reviews_agree(monkeypatch):
    from tutor.solver.review import review_hand
    state = bench.played_out(bench.euchre_deal(7)[0], 7)
    a, b = _both(monkeypatch, lambda: review_hand(state))
    assert a == b


@built
def test_the_compiled_core_keeps_the_node_budget(monkeypatch):
    _on(monkeypatch, "compiled")
    state, hero = bench.lora_deal(5, "minimum")
    pb = solver.to_problem(state, hero=hero)
    assert compiled.covers(pb)
    res = solver.solve(pb, budget=500)
    assert not res.exact
    assert res.nodes < 2_000
    lo, hi = res.bounds
    assert 0 <= lo <= hi <= 8
    full = solver.solve(pb)
    assert full.exact and lo <= full.value <= hi


def _played(make, seed, steps):
    """The benchmark's deal after ``steps`` random legal cards (a position in mid-hand:
    tricks banked, sweeps under way, often mid-trick)."""
    import random
    state, hero = make(seed)
    rng = random.Random(seed * 7 + steps)
    for _ in range(steps):
        if state.is_over or state.phase != "play":
            break
        state.apply(rng.choice(state.legal_actions()))
    return state, hero


@built
@pytest.mark.parametrize("name,make", DEALS, ids=[d[0] for d in DEALS])
def test_positions_in_mid_hand_agree(monkeypatch, name, make):
    for seed in range(3):
        for steps in (3, 6, 9, 13):
            state, hero = _played(make, seed, steps)
            if state.is_over or state.phase != "play":
                continue
            a, b = _both(monkeypatch, lambda: solver.solve(state, hero=hero))
            assert a.exact and b.exact
            assert (a.value, a.moves) == (b.value, b.moves), (name, seed, steps)


@built
@pytest.mark.slow
@pytest.mark.parametrize("name,make", DEALS, ids=[d[0] for d in DEALS])
def test_many_full_deals_agree(monkeypatch, name, make):
    for seed in range(5, 45):
        state, hero = make(seed)
        a, b = _both(monkeypatch, lambda: solver.solve(state, hero=hero))
        assert a.exact and b.exact
        assert (a.value, a.moves) == (b.value, b.moves), (name, seed)


def test_tutor_solver_says_which_core_runs(monkeypatch, capsys):
    from tutor.cli import main
    monkeypatch.setenv("TUTOR_SOLVER", "python")
    assert main(["solver"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith("solver core: python")
    assert ("not built" in line) == (compiled._core is None)
    monkeypatch.delenv("TUTOR_SOLVER")
    main(["solver"])
    line = capsys.readouterr().out.strip()
    if compiled._core is None:
        assert "not built" in line
    else:
        assert line.startswith("solver core: compiled (tricks")
    monkeypatch.setattr(compiled, "_core", None)
    main(["solver"])
    assert "without a C compiler" in capsys.readouterr().out
