"""Double-dummy card-play puzzles: the file format, the certifier, the miner, themes,
difficulty and the learner's rating.

    from tutor import puzzles
    collection = puzzles.load("puzzles/euchre")      # broken puzzles in collection.errors
    p = collection[0]
    state = p.start_state()                          # a fresh state of the position
    d = p.decision_at(state)                         # the main line's decision here (or None)
    d.accept, d.hints, d.wrong                       # accepted classes, hint ladder, wrong cards
    state.apply(...)                                 # the learner's card
    puzzles.defence_reply(p, state)                  # the solver's reply (a wrong card: refuted)
    puzzles.judge(p, state)                          # "open", "solved" or "failed"
    puzzles.is_success(p, state)
    half = puzzles.from_moment(state, seat=0)        # "Save as puzzle": position + goal only
    full = puzzles.complete(half)                    # the certifier writes the rest
    puzzles.save([full], "puzzles/euchre/mine.toml")

The format is documented in ``puzzles/README.md``; ``tutor puzzles check`` and ``tutor
puzzles mine`` are the command line (:mod:`tutor.puzzles.cli`).
"""

from ..errors import PuzzleError
from .format import (HINT_STEPS, LEVELS, Collection, Decision, GoalSpec, Puzzle, Wrong, dumps,
                     load, loads, position_digest, puzzle_from_dict, puzzle_to_dict, save)
from .moment import from_moment, position_of
from .solve import (Judged, best_for_hero, defence_reply, hero_side, is_success, judge,
                    move_values, play_out, reaches)

__all__ = ["PuzzleError", "Puzzle", "GoalSpec", "Decision", "Wrong", "Collection", "load",
           "loads", "save", "dumps", "puzzle_from_dict", "puzzle_to_dict", "position_digest",
           "LEVELS", "HINT_STEPS", "from_moment", "position_of", "Judged", "move_values",
           "defence_reply", "best_for_hero", "hero_side", "is_success", "judge", "reaches",
           "play_out"]

from .certify import Certificate, card_classes, certify, check, complete  # noqa: E402

__all__ += ["Certificate", "certify", "check", "complete", "card_classes"]

from . import rating  # noqa: E402

__all__ += ["rating"]
