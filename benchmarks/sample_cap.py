"""Do more sampled deals still change the expert's decisions? The study behind the sample caps
of ``tutor.bots.expert.sample_cap``.

    python benchmarks/sample_cap.py --kinds "euchre: go alone" --positions 30
    python benchmarks/sample_cap.py --kinds lora --positions 10 --caps 64 256
    python benchmarks/sample_cap.py --core python --kinds "raub: draw"

For each decision kind of benchmarks/hints.py, seeded positions are found the same way, and at
each the expert decides four times with a time budget too large to bind (``--budget``): on at
most ``small`` deals and on at most ``large`` deals (``--caps``), each from two independent
seeds (the deals drawn for the small cap are the first of those drawn for the large one with
the same seed, so only different seeds are compared). Prints, per kind:

* ``small~small``: the fraction of positions where the two seeds' decisions on ``small`` deals
  differ (the noise of a decision at the small cap; two actions both runs value alike, such
  as touching honours, count as the same decision);
* ``large~large``: the same on ``large`` deals (the noise left at the large cap);
* ``small~large``: the fraction where a decision on ``small`` deals differs from one on
  ``large`` deals of the other seed (both pairs averaged);
* ``loss``: what choosing on ``small`` deals costs, valued by the other seed's ``large`` run
  (its value of its own choice less its value of the small run's choice, in the game's units,
  averaged over positions), with ``base`` the same for two ``large`` runs (the judge's own
  noise) and ``± err`` the standard error of ``loss - base`` over the positions.

Where ``small~large`` clearly exceeds ``large~large`` (and ``loss`` exceeds ``base``), the
extra deals still change decisions: the cap is worth raising there. The core defaults to the
compiled one (the core whose speed buys the larger caps).
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor import bots, solver  # noqa: E402

_spec = importlib.util.spec_from_file_location("hints_benchmark",
                                               Path(__file__).resolve().parent / "hints.py")
hints = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = hints
_spec.loader.exec_module(hints)


def value_of(hint, action) -> float | None:
    """The hint's figure for ``action`` (the game's units, larger is better)."""
    if hint.action == action:
        value = hint.value
    else:
        value = next((a.value for a in hint.alternatives if a.action == action), None)
    if value is None:
        return None
    value = round(value, 2)   # the alternatives' figures are rounded so
    return -value if hint.minimise else value


def loss(chooser, judge) -> float:
    """What ``chooser``'s action costs by ``judge``'s figures, against ``judge``'s own choice."""
    mine, best = value_of(judge, chooser.action), value_of(judge, judge.action)
    return 0.0 if mine is None or best is None else max(0.0, best - mine)


def differ(a, b) -> bool:
    """Whether hints ``a`` and ``b`` chose differently: different actions that not both hints
    value alike (equivalent cards, such as touching honours, tie on every deal)."""
    if a.action == b.action:
        return False
    return not (value_of(a, a.action) == value_of(a, b.action)
                and value_of(b, b.action) == value_of(b, a.action))


def study(views, small: int, large: int, budget: float, seed: int):
    """(small~small, large~large, small~large, loss, base, the standard error of loss - base,
    positions, seconds per position)."""
    rows = []
    began = time.perf_counter()
    for i, view in enumerate(views):
        s1, s2 = seed + 2 * i, seed + 2 * i + 1
        h = {(cap, s): bots.hint(view, level="expert", budget=budget, seed=s, samples=cap)
             for cap in (small, large) for s in (s1, s2)}
        if any(x.samples is None for x in h.values()):
            continue   # decided without sampling (a dominant choice): nothing to compare
        rows.append((
            differ(h[small, s1], h[small, s2]),
            differ(h[large, s1], h[large, s2]),
            (differ(h[small, s1], h[large, s2]) + differ(h[small, s2], h[large, s1])) / 2,
            (loss(h[small, s1], h[large, s2]) + loss(h[small, s2], h[large, s1])) / 2,
            (loss(h[large, s1], h[large, s2]) + loss(h[large, s2], h[large, s1])) / 2,
        ))
    per = (time.perf_counter() - began) / max(1, len(views))
    if not rows:
        return None
    excess = [r[3] - r[4] for r in rows]
    error = statistics.stdev(excess) / len(rows) ** 0.5 if len(rows) > 1 else float("nan")
    return tuple(statistics.fmean(r[k] for r in rows) for k in range(5)) + (error, len(rows), per)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kinds", nargs="*", default=None,
                    help="only the kinds whose name contains one of these words")
    ap.add_argument("--positions", type=int, default=20, help="positions per kind")
    ap.add_argument("--caps", type=int, nargs=2, default=(64, 256), metavar=("SMALL", "LARGE"))
    ap.add_argument("--budget", type=float, default=3600.0,
                    help="seconds per decision, large enough that the cap binds")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--core", choices=("compiled", "python"), default="compiled")
    ap.add_argument("--variants", action="store_true", help="also the other table sizes")
    args = ap.parse_args(argv)
    small, large = args.caps
    hints.on_core(args.core)
    chosen = [k for k in hints.kinds(args.variants)
              if not args.kinds or any(w.lower() in k.name.lower() for w in args.kinds)]
    print(f"sample caps {small} and {large}: {args.positions} positions per kind, core "
          f"{solver.backend()}, seed {args.seed}, load average {hints.load()}")
    print(f"{'decision kind':<58} {'pos':>4} {'s~s':>6} {'l~l':>6} {'s~l':>6} {'loss':>7} "
          f"{'base':>7} {'± err':>7} {'s/pos':>6}", flush=True)
    for kind in chosen:
        views = hints.positions(kind, args.positions, args.seed + 100)
        out = study(views, small, large, args.budget, args.seed)
        if out is None:
            print(f"{kind.name:<58} {0:>4}   (no position needing samples)", flush=True)
            continue
        ss, ll, sl, lo, base, error, n, per = out
        print(f"{kind.name:<58} {n:>4} {ss:>6.2f} {ll:>6.2f} {sl:>6.2f} {lo:>7.3f} {base:>7.3f} "
              f"{error:>7.3f} {per:>6.1f}", flush=True)
    print(f"load average {hints.load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
