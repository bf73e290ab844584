"""How long ``games.position`` takes to check a Lora layout position's turns and passes
(``lora_layout.order_exists``), on real positions and on positions given extra passes.

    python benchmarks/layout_positions.py
    python benchmarks/layout_positions.py --hands 30

Real positions: every moment of seeded random hands of the layout contract (standard and
Libyan rules), written with ``games.position_args`` and built again. Extra passes: the same
moments with one to three passes more for every seat (the turns still add up, so only the
search over the order of play decides them). Prints, for each set, how many positions were
built, how many refused, how many took more than a second, and the mean and worst time of one
``games.position`` call (the search is exact: every position is decided).
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor import TutorError, games  # noqa: E402

RULES = ({"contracts": ["lora"]}, "libyan")


def moments(hands: int):
    """Every play-phase moment of ``hands`` seeded random layout hands per rules, as saved."""
    for rules in RULES:
        for seed in range(hands):
            rng = random.Random(seed)
            state = games.new_hand("lora", contract="lora", rules=rules, seed=seed)
            while not state.is_over:
                if state.phase == "play" and state.call_due is None:
                    yield rules, json.loads(json.dumps(games.position_args(state)))
                moves = [a for a in state.legal_actions() if a.verb in ("play", "pass", "last_card")]
                state.apply(rng.choice(moves))


def measure(cases) -> dict:
    figures = collections.Counter()
    times = []
    for rules, args in cases:
        began = time.perf_counter()
        try:
            games.position("lora", **dict(args, rules=rules))
        except TutorError:
            figures["refused"] += 1
        times.append(time.perf_counter() - began)
    figures["built"] = len(times)
    figures["over 1 s"] = sum(1 for t in times if t > 1)
    figures["mean ms"] = round(1000 * sum(times) / max(1, len(times)), 2)
    figures["worst ms"] = round(1000 * max(times, default=0), 1)
    return dict(figures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10, help="seeded hands per rules")
    options = parser.parse_args()
    real = list(moments(options.hands))
    rng = random.Random(1)
    extra = []
    for rules, args in real:
        if args.get("laid"):
            more = rng.choice([1, 2, 3])
            passes = {int(s): p for s, p in (args.get("passes") or {}).items()}
            extra.append((rules, dict(args, passes={s: passes.get(s, 0) + more
                                                    for s in range(4)})))
    print(f"real positions:  {measure(real)}")
    print(f"extra passes:    {measure(extra)}")


if __name__ == "__main__":
    main()
