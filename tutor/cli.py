"""The ``tutor`` command.

    tutor deal euchre --seed 3 [--rules railroad] [--dealer 0]   print a dealt hand
    tutor replay hand.json                                       replay a saved record
"""

from __future__ import annotations

import argparse
import json
import sys

from . import games
from .errors import TutorError
from .puzzles import cli as puzzles_cli


def _deal(args) -> int:
    state = games.new_hand(args.game, seed=args.seed, dealer=args.dealer, rules=args.rules,
                           **({"players": args.players} if args.players else {}))
    print(state)
    return 0


def _replay(args) -> int:
    with open(args.file, encoding="utf-8") as fh:
        record = json.load(fh)
    state = games.replay(record)
    print(state)
    if state.is_over:
        print(state.result())
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="tutor", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    deal = sub.add_parser("deal", help="deal and print a hand")
    deal.add_argument("game", choices=games.GAMES)
    deal.add_argument("--seed", type=int, default=None)
    deal.add_argument("--dealer", type=int, default=None)
    deal.add_argument("--rules", default=None, help="a preset name, e.g. railroad")
    deal.add_argument("--players", type=int, default=None)
    deal.set_defaults(run=_deal)
    replay = sub.add_parser("replay", help="replay a saved hand record (JSON)")
    replay.add_argument("file")
    replay.set_defaults(run=_replay)
    puzzles_cli.register(sub)
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except (TutorError, OSError, json.JSONDecodeError) as err:
        print(f"tutor: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
