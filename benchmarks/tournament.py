"""Strength ladder of the bots: duplicate matches between levels in every game.

Each deal is played once per lineup (one level in one side's seats, the other level in the
others), so the luck of the cards cancels. Prints, per game and pair of levels, the mean score
difference per hand with its 95% confidence interval, and the decision latency (median, p95)
of each level.

    .venv/bin/python benchmarks/tournament.py                       # every game, both pairs
    .venv/bin/python benchmarks/tournament.py --games euchre --deals 100 --budget 1.0
    .venv/bin/python benchmarks/tournament.py --pairs expert:basic --deals 40 --jobs 2

Units: points per hand in Euchre and Clabber, penalty points saved in Lora, points taken off
one's own score in Raub (positive: the first level does better).
"""

from __future__ import annotations

import argparse
import sys
import time

from tutor import games
from tutor.bots import duplicate


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=list(games.GAMES))
    parser.add_argument("--pairs", nargs="*", default=["basic:random", "expert:basic"])
    parser.add_argument("--deals", type=int, default=40, help="deals per game and pair")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=1.0, help="expert's seconds per decision")
    parser.add_argument("--rules", default=None, help="a preset name applied to every game")
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes sharing the deals (the expert's budget is wall time: "
                             "keep jobs <= free cores)")
    args = parser.parse_args(argv)
    print(f"duplicate matches: {args.deals} deals each, seed {args.seed}, expert budget {args.budget} s")
    for pair in args.pairs:
        a, b = pair.split(":")
        for game in args.games:
            t0 = time.perf_counter()
            report = duplicate.compare(game, a, b, deals=args.deals, seed=args.seed,
                                       rules=args.rules, budget=args.budget, jobs=args.jobs)
            lo, hi = report.ci95
            verdict = "better" if lo > 0 else "worse" if hi < 0 else "not separated"
            print(f"{report.line()}  ->  {a} {verdict} ({time.perf_counter() - t0:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
