"""Puzzle benchmark: certification time per shipped puzzle and mining yield, per game.

    python benchmarks/puzzles.py                    # every game
    python benchmarks/puzzles.py --game lora --candidates 200 --cards 4

Prints, per game: the shipped puzzles re-certified (median / p90 / max CPU seconds per
puzzle and the total), and a short seeded mining run (candidates tried, puzzles certified,
certified puzzles per CPU minute on one core). Times are CPU time (time.process_time).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor import games, puzzles  # noqa: E402
from tutor.puzzles.certify import check  # noqa: E402
from tutor.puzzles.mine import try_candidate  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent / "puzzles"


def certification(game: str) -> str:
    coll = puzzles.load(ROOT / game)
    times = []
    failed = 0
    for p in coll:
        t0 = time.process_time()
        ok = check(p).ok
        times.append(time.process_time() - t0)
        failed += not ok
    if not times:
        return f"{game:8} no shipped puzzles"
    times.sort()
    p90 = times[int(0.9 * (len(times) - 1))]
    return (f"{game:8} certify {len(times):4} puzzles: median {statistics.median(times)*1000:6.1f}"
            f" ms  p90 {p90*1000:6.1f} ms  max {times[-1]*1000:6.1f} ms  total "
            f"{sum(times):5.1f} s  failed {failed}")


def mining(game: str, candidates: int, cards: int, seed: int) -> str:
    contracts = [None] if game != "lora" else ["minimum", "queens", "lora"]
    found = 0
    secs = 0.0
    for i in range(candidates):
        contract = contracts[i % len(contracts)]
        _, puzzle, s = try_candidate((game, i, seed, cards, "deal", contract, None))
        secs += s
        found += puzzle is not None
    rate = found / (secs / 60) if secs else 0.0
    return (f"{game:8} mine    {candidates:4} candidates ({cards} cards): {found} certified in "
            f"{secs:5.1f} s -> {rate:6.0f} certified puzzles per CPU minute on one core")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=games.GAMES, default=None)
    ap.add_argument("--candidates", type=int, default=120)
    ap.add_argument("--cards", type=int, default=4)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    for game in [args.game] if args.game else games.GAMES:
        print(certification(game), flush=True)
        print(mining(game, args.candidates, args.cards, args.seed), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
