"""The ``tutor`` command: deal and replay hands, certify and mine puzzles, build lesson books.

    tutor deal euchre --seed 3 [--rules railroad] [--dealer 0]   print a dealt hand
    tutor replay hand.json                                       replay a saved record
    tutor puzzles check [--write] PATH...                        certify puzzle files
    tutor puzzles mine --game G --count N [--seed S] [--jobs J]  find new puzzles
    tutor book build BOOK.toml [--edition E] [--out DIR] [--pdf] build a lesson book
    tutor solver                                                 which search core runs
    tutor lite build [--out DIR]                                 build the browser edition
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from . import games, lite
from .book import cli as book_cli
from .errors import RecordError, TutorError
from .games.checks import quote
from .puzzles import cli as puzzles_cli


def _deal(args) -> int:
    state = games.new_hand(args.game, seed=args.seed, dealer=args.dealer, rules=args.rules,
                           **({"players": args.players} if args.players is not None else {}))
    print(state)
    return 0


def read_record(path: str):
    """The JSON of a saved record; every way the file can be unreadable is a RecordError
    that names the file (and, for broken JSON, the line and column)."""
    name = os.path.basename(path) or path
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as err:
        raise RecordError(f"cannot read {quote(path)}: {err.strerror or err}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise RecordError(f"{name} is not a text file in UTF-8 (byte {err.start + 1} cannot "
                          f"be read)") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(f"{name} is not a JSON file (line {err.lineno}, column {err.colno})") \
            from None
    except RecursionError:
        raise RecordError(f"{name} is nested too deeply to be a hand record") from None


def _replay(args) -> int:
    record = read_record(args.file)
    try:
        state = games.replay(record)
    except RecordError as err:
        raise RecordError(f"{os.path.basename(args.file) or args.file}: {err}") from None
    print(state)
    if state.is_over:
        print(state.result())
    return 0


def _solver(args) -> int:
    from .solver.compiled import notice
    print(notice())
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="tutor", description=__doc__.splitlines()[0].replace("``", ""))
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
    solver = sub.add_parser("solver", help="say which search core runs (compiled or python)")
    solver.set_defaults(run=_solver)
    book_cli.register(sub)
    puzzles_cli.register(sub)
    lite.register(sub)
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except TutorError as err:
        print(f"tutor: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
