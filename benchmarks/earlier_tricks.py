"""How long ``games.position`` takes to search a trick position's earlier tricks
(``tutor.games.history``; the search is exact, so every position is decided).

    python benchmarks/earlier_tricks.py
    python benchmarks/earlier_tricks.py --hands 10

Real positions: every play-phase moment of seeded random hands (Euchre, Raub with 3 and 4
players, Lora's trick contracts, Clabber with 2, 3, 4 and 6 players), written with
``games.position_args`` and built again. Swapped positions: the same moments with one card
swapped between two hands (many of them no real hand reaches). Prints per game and set: the
searches made, the positions refused, the searches that took more than a second, and the mean
and worst time of one search.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor import TutorError, games  # noqa: E402
from tutor.games import history  # noqa: E402

CONFIGS = ([("euchre", {})] + [("raub", {"players": p}) for p in (3, 4)]
           + [("lora", {"contract": c, "rules": {"contracts": [c]}})
              for c in ("minimum", "hearts", "queens", "king_hearts_last_trick")]
           + [("clabber", {"players": p}) for p in (2, 3, 4, 6)])


def moments(hands: int):
    """(game, position arguments) of every play-phase moment of seeded random hands."""
    for game, kwargs in CONFIGS:
        for seed in range(hands):
            rng = random.Random(seed)
            state = games.new_hand(game, seed=seed, **kwargs)
            while not state.is_over:
                if state.phase == "play" and not getattr(state, "offences", ()):
                    yield game, games.position_args(state)
                state.apply(rng.choice(state.legal_actions()))


def swapped(args, rng):
    """The arguments with one card swapped between two hands."""
    hands = {s: str(cs).split() for s, cs in args["hands"].items()}
    holders = [s for s in hands if hands[s]]
    if len(holders) < 2:
        return None
    a, b = rng.sample(holders, 2)
    i, j = rng.randrange(len(hands[a])), rng.randrange(len(hands[b]))
    hands[a][i], hands[b][j] = hands[b][j], hands[a][i]
    return {**args, "hands": {s: " ".join(cs) for s, cs in hands.items()}}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=3, help="hands per game and variant")
    options = parser.parse_args()
    searches = collections.defaultdict(list)       # (game, set) -> [seconds]
    refused = collections.Counter()
    search = history._search

    def timed(facts, budget=None):
        start = time.perf_counter()
        verdict = search(facts, budget)
        searches[current].append(time.perf_counter() - start)
        return verdict

    history._search = timed
    rng = random.Random(1)
    try:
        for game, args in moments(options.hands):
            for kind, spec in (("real", args), ("swapped", swapped(args, rng))):
                if spec is None:
                    continue
                current = (game, kind)
                try:
                    games.position(game, **spec)
                except TutorError as err:
                    refused[current] += "no legal play of the" in str(err)
    finally:
        history._search = search
    print(f"{'game':8} {'positions':9} {'searches':>8} {'refused':>8} {'over 1 s':>8} "
          f"{'mean ms':>8} {'worst ms':>8}")
    for (game, kind), times in sorted(searches.items()):
        slow = sum(1 for t in times if t > 1)
        print(f"{game:8} {kind:9} {len(times):8} {refused[(game, kind)]:8} {slow:8} "
              f"{1000 * sum(times) / len(times):8.1f} {1000 * max(times):8.0f}")


if __name__ == "__main__":
    main()
