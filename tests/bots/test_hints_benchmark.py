"""The expert hint benchmark (benchmarks/hints.py) on one hand of one kind with a tiny budget:
the decisions it finds are the kind asked for and its row has the promised columns (the
figures themselves are timings, printed by the benchmark, not tested)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

_spec = importlib.util.spec_from_file_location(
    "hints_benchmark", Path(__file__).resolve().parents[2] / "benchmarks" / "hints.py")
bench = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = bench   # its dataclasses look their module up
_spec.loader.exec_module(bench)


def _kind(name):
    return next(k for k in bench.kinds() if k.name == name)


def test_every_kind_has_a_unique_name_and_the_listed_games():
    names = [k.name for k in bench.kinds(variants=True)]
    assert len(names) == len(set(names))
    assert {k.game for k in bench.kinds()} == {"euchre", "lora", "raub", "clabber"}
    leads = {k.name for k in bench.kinds() if k.due is bench.first_lead}
    assert {f"lora {c}: first lead" for c in bench.lora.CONTRACTS} <= leads


def test_positions_are_due_decisions_of_the_kind():
    views = bench.positions(_kind("euchre: order up / pass (round 1)"), 2)
    assert len(views) == 2
    for view in views:
        assert view.game == "euchre" and view.phase == "bid1"
        assert {a.verb for a in view.legal} == {"order_up", "pass"}
    (lead,) = bench.positions(_kind("raub: first lead"), 1)
    assert lead.phase == "play" and all(a.card is not None for a in lead.legal)
    assert len(lead.hand) == 4   # no card played yet


def test_one_hand_of_one_kind_prints_a_row_of_figures(capsys):
    assert bench.main(["--hands", "1", "--budget", "0.05",
                       "--kinds", "euchre: order up / pass (round 1)"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("expert hints: 1 hands per kind, budget 0.05 s")
    assert lines[2].split()[:3] == ["decision", "kind", "hands"]
    (row,) = [line for line in lines if line.startswith("euchre: order up")]
    name, figures = row[:58].strip(), row[58:].split()
    assert name == "euchre: order up / pass (round 1)"
    hands, median, smallest, capped, wall, p95, cpu = figures
    assert hands == "1" and median == smallest          # one hand: the median is that hand
    assert 0 <= int(capped) <= 1 and 0 <= int(smallest) <= bench.expert._MAX_SAMPLES
    assert float(wall) <= float(p95)
    assert float(cpu) >= 0
    assert lines[-1].startswith("done in ")


def test_a_kind_decided_without_sampling_says_so():
    row = bench.measure("clabber: announce melds", [], 0.05, 1)
    assert "(no such decision" in row.line()
    views = bench.positions(_kind("clabber: announce melds"), 1)
    row = bench.measure("clabber: announce melds", views, 0.05, 1)
    assert row.hands == 1 and row.proved == 1 and "decided without sampling" in row.line()
