"""Puzzle-board benchmark: how long the learner waits for the board's answer.

    python benchmarks/puzzle_board.py              # every game, the whole shipped collection
    python benchmarks/puzzle_board.py --games lora --limit 10

Prints, per game: the time to open the board on the game's collection, then over every puzzle
the median / p90 / max time of a click on the right card (judged, the defence's reply, the board
redrawn), of a click on a wrong card (the refutation played and put in words), of the first hint
and of Show solution. Wall-clock times (time.perf_counter); the learner's record goes to a
temporary directory.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ["TUTOR_DATA_DIR"] = tempfile.mkdtemp(prefix="tutor-bench-")

from tutor import games  # noqa: E402
from tutor.widgets import PuzzleBoard  # noqa: E402


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def timed(call) -> float:
    start = time.perf_counter()
    call()
    return (time.perf_counter() - start) * 1000


def run(game: str, limit: int | None) -> None:
    start = time.perf_counter()
    board = PuzzleBoard(game)
    opened = (time.perf_counter() - start) * 1000
    times = {"right card": [], "wrong card": [], "hint": [], "show solution": []}
    count = len(board.shown) if limit is None else min(limit, len(board.shown))
    for i in range(count):
        board.choose(i + 1)
        d = board.puzzle.decision_at(board.state)
        if d is None:
            continue
        times["hint"].append(timed(board.hint))
        times["right card"].append(timed(lambda: board.play(d.play)))
        board.restart()
        if d.wrong:
            times["wrong card"].append(timed(lambda: board.play("play " + d.wrong[0].cards[0])))
        times["show solution"].append(timed(board.show_solution))
    print(f"{game:<8} {count:>3} puzzles, board opened in {opened:6.0f} ms")
    for what, values in times.items():
        if values:
            print(f"  {what:<14} median {statistics.median(values):7.1f}  p90 {pct(values, 0.9):7.1f}"
                  f"  max {max(values):7.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=list(games.GAMES))
    parser.add_argument("--limit", type=int, default=None, help="puzzles per game")
    args = parser.parse_args()
    for game in args.games:
        run(game, args.limit)


if __name__ == "__main__":
    main()
