"""How long ``games.position`` takes to search a trick position's earlier tricks
(``tutor.games.history``), and how often its budget leaves a position undecided.

    python benchmarks/earlier_tricks.py
    python benchmarks/earlier_tricks.py --hands 10
    python benchmarks/earlier_tricks.py --decide 50     # undecided ones again, 50 x the budget

Real positions: every play-phase moment of seeded random hands (Euchre, Raub with 3 and 4
players, Lora's trick contracts, Clabber with 2, 3, 4 and 6 players), written with
``games.position_args`` and built again. Swapped positions: the same moments with one card
swapped between two hands (many of them no real hand reaches). Prints per game and set: the
searches made, the positions refused, the searches undecided within the budget (accepted), and
the mean and worst time of one search. With ``--decide N`` every undecided search runs again
with N times the budget and the answers are counted (how many of the accepted were impossible).
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
    parser.add_argument("--decide", type=int, default=0,
                        help="search the undecided again with this many times the budget")
    options = parser.parse_args()
    searches = collections.defaultdict(list)       # (game, set) -> [(seconds, verdict)]
    refused = collections.Counter()
    later = collections.defaultdict(collections.Counter)   # (game, set) -> {answer: count}
    search = history._search

    def timed(facts, budget):
        start = time.perf_counter()
        verdict = search(facts, budget)
        searches[current].append((time.perf_counter() - start, verdict))
        if verdict is None and options.decide:
            again = search(facts, budget * options.decide)
            later[current]["undecided" if again is None else
                           "impossible" if again is False else "possible"] += 1
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
    print(f"{'game':8} {'positions':9} {'searches':>8} {'refused':>8} {'undecided':>9} "
          f"{'mean ms':>8} {'worst ms':>8}")
    for (game, kind), rows in sorted(searches.items()):
        times = [t for t, _ in rows]
        undecided = sum(1 for _, v in rows if v is None)
        print(f"{game:8} {kind:9} {len(rows):8} {refused[(game, kind)]:8} {undecided:9} "
              f"{1000 * sum(times) / len(times):8.1f} {1000 * max(times):8.0f}")
    for (game, kind), answers in sorted(later.items()):
        print(f"{game} {kind}, undecided searched again with {options.decide} x the budget: "
              f"{answers['possible']} possible, {answers['impossible']} impossible, "
              f"{answers['undecided']} still undecided")


if __name__ == "__main__":
    main()
