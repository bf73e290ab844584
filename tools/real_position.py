"""Finds a real version of a hand-built position: the same trump, trick, leader and the kept
seats' hands, with the other seats' cards dealt again until the earlier tricks are playable
(``games.position`` accepts it). For lesson and test writers whose position illustrates one
player's choice and filled the other hands at random.

    python tools/real_position.py clabber '{"trump": "H", "leader": 1, "trick": ["KD", "9D", "AD"],
        "hands": {"0": "TD QD JH AS", "1": "9S TC QS", "2": "KS 9C JC", "3": "AC 9H KC"}}'
    python tools/real_position.py lora '{...}' --keep 0 2

Prints the position's arguments with the new hands (unchanged when it is already real). The
other seats' cards are taken from their own hands and, where the pack is not all dealt or no
cards taken are stated, from the cards out of play; Lora's cards taken stay where they are.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor import games  # noqa: E402
from tutor.errors import PositionError  # noqa: E402


def _pack(game: str, args: dict):
    from tutor.games import clabber, euchre, lora, raub
    if game == "euchre":
        return euchre.game_deck(euchre.resolve(args.get("rules")))
    return {"raub": raub.PACK, "lora": lora.TRICK_CARDS, "clabber": clabber.DECK}[game]


def _played(game: str, args: dict) -> bool:
    """Whether the position is accepted (its earlier tricks' search is exact: accepted means a
    play of them was found)."""
    games.position(game, **args)
    return True


def real_position(game: str, args: dict, keep=(0,), tries: int = 3000, seed: int = 0) -> dict:
    """``args`` with the hands of the seats not in ``keep`` dealt again until the position is
    accepted with a play of its earlier tricks found; PositionError when no deal within
    ``tries`` is."""
    try:
        if _played(game, args):
            return args
    except PositionError as err:
        if "no legal play of the" not in str(err):
            raise
    rng = random.Random(seed)
    hands = {int(s): str(v).split() for s, v in args["hands"].items()}
    movable = [s for s in sorted(hands) if s not in keep]
    taken = {str(c) for cs in (args.get("won") or {}).values() for c in str(cs).split()}
    free = [c for s in movable for c in hands[s]]
    if game != "lora" or not taken:
        shown = {c for cs in hands.values() for c in cs} | {str(c) for c in args.get("trick", ())}
        out = [str(c) for c in _pack(game, args) if str(c) not in shown and str(c) not in taken]
        free += out
    last = None
    for _ in range(tries):
        rng.shuffle(free)
        new, at = dict(hands), 0
        for s in movable:
            new[s] = free[at:at + len(hands[s])]
            at += len(hands[s])
        trial = {**args, "hands": {s: " ".join(cs) for s, cs in new.items()}}
        try:
            if _played(game, trial):
                return trial
        except PositionError as err:
            last = err
    raise PositionError(f"no deal of the other hands in {tries} tries is real: {last}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("position", help="the position's arguments as JSON")
    parser.add_argument("--keep", type=int, nargs="*", default=[0], help="seats kept as given")
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args()
    args = json.loads(options.position)
    print(json.dumps(real_position(options.game, args, options.keep, seed=options.seed)))


if __name__ == "__main__":
    main()
