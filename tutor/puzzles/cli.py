"""``tutor puzzles check`` and ``tutor puzzles mine``.

    tutor puzzles check [--write] PATH...          certify; --write completes half-written ones
    tutor puzzles mine --game G --count N [--theme T] [--cards K] [--seed S] [--jobs J]
                       [--source deal|game] [--contract C] [--out FILE]

``register(subparsers)`` adds the ``puzzles`` command to the ``tutor`` parser.
"""

from __future__ import annotations

import sys
import time
import warnings
from pathlib import Path

from .. import games
from ..errors import TutorError

__all__ = ["register", "run_check", "run_mine"]


def register(sub) -> None:
    """Add ``puzzles check`` and ``puzzles mine`` to the ``tutor`` command's subparsers."""
    puzzles = sub.add_parser("puzzles", help="certify and mine double-dummy puzzles")
    inner = puzzles.add_subparsers(dest="puzzles_command", required=True)
    check = inner.add_parser("check", help="certify puzzle files with the solver")
    check.add_argument("paths", nargs="+", metavar="PATH", help="puzzle files or directories")
    check.add_argument("--write", action="store_true",
                       help="complete half-written puzzles (solution, themes, difficulty, "
                            "texts) and renew certificates, in place")
    check.add_argument("--retext", action="store_true",
                       help="with --write: also rewrite titles, themes, hints and explanations "
                            "from the solution (after a change of seat names or wording)")
    check.add_argument("--quiet", action="store_true", help="print only failures and totals")
    check.set_defaults(run=run_check)
    mine = inner.add_parser("mine", help="find new puzzles in random endings and played hands")
    mine.add_argument("--game", required=True, choices=games.GAMES)
    mine.add_argument("--count", type=int, default=10)
    mine.add_argument("--theme", default=None,
                      help="keep only puzzles with this theme ('any': with at least one theme)")
    mine.add_argument("--cards", type=int, default=4, help="cards in each hand (3 to 6)")
    mine.add_argument("--seed", type=int, default=0)
    mine.add_argument("--jobs", type=int, default=1, help="processes")
    mine.add_argument("--source", default="deal", choices=("deal", "game"))
    mine.add_argument("--contract", default=None, help="Lora: the contract to mine")
    mine.add_argument("--start", type=int, default=0, help="the first candidate's number")
    mine.add_argument("--out", default=None, help="the set file to write (default: "
                      "puzzles/<game>/mined-<seed>.toml)")
    mine.set_defaults(run=run_mine)


def run_check(args) -> int:
    """Certify puzzle files. With ``--write`` a set file is rewritten only when every puzzle in
    it certified, keeping the text of the puzzles it did not change (see
    :mod:`tutor.puzzles.files`); each file is replaced atomically."""
    from .certify import check, certify, complete
    from .files import rewrite, write_atomic
    from .format import load
    failed = total = 0
    t0 = time.process_time()
    by_file: dict[str, list] = {}
    changed: dict[str, list[bool]] = {}
    failed_in: dict[str, int] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")      # the broken puzzles are reported below
        collection = load(*args.paths, validate=False)
    for err in collection.errors:
        print(f"BROKEN {err}")
        if err.file:
            failed_in[err.file] = failed_in.get(err.file, 0) + 1
    failed += len(collection.errors)
    for puzzle in collection:
        total += 1
        cert = certify(puzzle.with_(solution=())) if args.write else check(puzzle)
        if args.write:
            done = puzzle
            if cert.ok:
                done = complete(puzzle, cert, keep_text=not args.retext)
                done = done.with_(file=puzzle.file)
                if puzzle.certified.get("date"):   # unchanged but for the day: keep as it was
                    same_day = done.with_(certified={**done.certified,
                                                     "date": puzzle.certified["date"]})
                    if same_day == puzzle:
                        done = puzzle
            by_file.setdefault(puzzle.file, []).append(done)
            changed.setdefault(puzzle.file, []).append(done != puzzle)
            if cert.ok:
                if not args.quiet:
                    print(cert.report())
                continue
            failed_in[puzzle.file] = failed_in.get(puzzle.file, 0) + 1
        else:
            if cert.ok:
                if not args.quiet:
                    print(cert.report())
                continue
        failed += 1
        print(cert.report())
    for f in sorted(by_file):
        if not any(changed[f]):
            continue
        if f in failed_in:
            n = failed_in[f]
            print(f"not written: {f} ({n} puzzle{'s' if n != 1 else ''} in it did not certify; "
                  f"the file is rewritten only when every puzzle in it does)")
            continue
        original = Path(f).read_text(encoding="utf-8")
        write_atomic(f, rewrite(original, by_file[f], changed[f]))
        print(f"wrote {f}")
    secs = time.process_time() - t0
    print(f"{total - (failed - len(collection.errors))} of {total} puzzles certified"
          + (f", {len(collection.errors)} broken" if collection.errors else "")
          + f" ({secs:.1f} s CPU)")
    return 1 if failed else 0


def run_mine(args) -> int:
    from .format import save
    from .mine import mine
    if args.count < 1:
        raise TutorError("--count must be at least 1")
    if args.jobs < 1:
        raise TutorError("--jobs must be at least 1")
    found, tried, secs = mine(args.game, args.count, seed=args.seed, cards=args.cards,
                              theme=args.theme, jobs=args.jobs, source=args.source,
                              contract=args.contract, start=args.start,
                              progress=True)
    out = Path(args.out) if args.out else Path("puzzles") / args.game / f"mined-{args.seed}.toml"
    save(found, out)
    rate = len(found) / (secs / 60) if secs else 0.0
    print(f"{len(found)} puzzles from {tried} candidates in {secs:.1f} s CPU "
          f"({rate:.0f} certified puzzles per CPU minute); wrote {out}")
    return 0 if len(found) == args.count else 1
