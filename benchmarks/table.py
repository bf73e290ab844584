"""Play-table benchmark: how long a click takes to give the learner an updated table.

    python benchmarks/table.py                   # every game, basic bots, a few hands each
    python benchmarks/table.py --hands 5 --expert-clicks 5

Prints, per game with basic bots: clicks timed, the median / p90 / max time of click() (the
learner's action, the bots' replies and the whole table redrawn, with the background thread
off so the time is the full answer). Target: median <= 150 ms. Then, with expert bots in the
background: the time from a click to the table showing "... is thinking" (the click handler
returning with the busy state drawn) and to the bots' answer. Target: busy shown <= 100 ms.
Wall-clock times (time.perf_counter); the review after each hand is timed apart.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.widgets import PlayTable  # noqa: E402

GAMES = [("euchre", {}), ("clabber", {}), ("raub", {"players": 3}), ("lora", {})]


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def basic(hands: int) -> None:
    print("basic bots: click -> updated table (ms)")
    print(f"{'game':<8} {'clicks':>6} {'median':>8} {'p90':>8} {'max':>8} {'review/hand':>12}")
    for game, options in GAMES:
        times, reviews = [], []
        table = PlayTable(game, seed=1, bots="basic", background=False, **options)
        for _ in range(hands):
            while not table.state.is_over:
                legal = list(table.state.view(0).legal)
                t0 = time.perf_counter()
                last = not table.state.is_over
                table.click(legal[len(legal) // 2])
                elapsed = time.perf_counter() - t0
                if table.state.is_over and last:
                    reviews.append(elapsed)      # the last click also solves the review
                else:
                    times.append(elapsed)
            if table.match.is_over or not table.next_hand():
                break
        ms = [t * 1000 for t in times]
        rv = statistics.median(reviews) * 1000 if reviews else float("nan")
        print(f"{game:<8} {len(ms):>6} {statistics.median(ms):>8.1f} {pct(ms, .9):>8.1f} "
              f"{max(ms):>8.1f} {rv:>12.1f}")


def expert(clicks: int) -> None:
    print("\nexpert bots in the background: click -> busy shown, click -> bots' answer (ms)")
    shown, answered = [], []
    table = PlayTable("euchre", seed=2, dealer=3, bots="expert", background=True)
    table.wait()
    while len(shown) < clicks:
        if table.state.is_over:
            if not table.next_hand():
                break
            table.wait()
            continue
        legal = list(table.state.view(0).legal)
        t0 = time.perf_counter()
        table.click(legal[0])
        t1 = time.perf_counter()
        if table.busy.busy:
            assert "is thinking" in table.status.value
            shown.append((t1 - t0) * 1000)
            table.wait()
            answered.append((time.perf_counter() - t0) * 1000)
    if shown:
        print(f"busy shown: median {statistics.median(shown):.1f}, max {max(shown):.1f} "
              f"({len(shown)} clicks)")
        print(f"answer:     median {statistics.median(answered):.0f}, max {max(answered):.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--expert-clicks", type=int, default=4)
    args = parser.parse_args()
    basic(args.hands)
    if args.expert_clicks:
        expert(args.expert_clicks)


if __name__ == "__main__":
    main()
