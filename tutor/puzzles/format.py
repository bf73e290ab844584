"""The puzzle file format: dataclasses, reading, validation and writing.

A set file ``puzzles/<game>/<set>.toml`` holds one ``[[puzzle]]`` table per puzzle (read with
``tomllib``, written with ``tomli-w``; no YAML, so puzzles also load where only the standard
library exists). ``puzzles/README.md`` documents every field with an example per game.

Reading never stops at a broken puzzle: :func:`load` returns a :class:`Collection` of the good
ones and keeps a :class:`~tutor.errors.PuzzleError` per broken one in ``collection.errors``,
each naming the file, the puzzle's id and the field.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import tomllib
import warnings
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..errors import PuzzleError, TutorError

__all__ = ["Puzzle", "GoalSpec", "Decision", "Wrong", "Collection", "load", "loads", "save",
           "shipped", "COLLECTION_DIR",
           "dumps", "puzzle_from_dict", "puzzle_to_dict", "position_digest", "LEVELS",
           "HINT_STEPS"]

LEVELS = (1, 2, 3, 4, 5)
HINT_STEPS = ("nudge", "principle", "card")
GOAL_PRESETS = {
    "euchre": ("make", "march", "euchre", "stop_march", "lone_sweep", "stop_lone",
               "lone_defense_euchre", "lone_defense_sweep", "at_least"),
    "raub": ("declarer_makes", "defeat_declarer", "defender_scores", "blank_defender",
             "all_defenders_score"),
    "clabber": ("make", "set", "last_trick"),
    "lora": ("avoid_four", "qualify"),
}
# the position's tables keyed by seat: TOML keys are strings, games.position takes ints
_SEAT_KEYED = ("hands", "tricks_won", "won", "passes")


@dataclass(frozen=True)
class GoalSpec:
    """What the hero must achieve.

    Either ``target``, in the game's units as :func:`tutor.solver.solve` counts them for the
    hero's side over the whole hand (tricks in Euchre and Raub, earlier tricks included; card
    points with the last-trick 10 in Clabber; penalty points in Lora, where the hero must end
    with *at most* the target), or ``preset``, a yes/no goal of :mod:`tutor.solver.goals`
    (``goals.<game>(preset, state, seat, k)``) with its ``seat`` and ``k``. ``text`` is the
    sentence the learner reads ("Take three of the last four tricks").
    """

    text: str
    target: int | None = None
    preset: str | None = None
    seat: int | None = None
    k: int | None = None


@dataclass(frozen=True)
class Wrong:
    """A tempting wrong card class at a decision: ``cards`` (equivalent cards), ``cost`` (how
    much worse than the goal needs, in the game's units; 0 when the loss is of a yes/no goal
    only), ``refutation`` (the actions from the wrong card on, the defence's best play and
    the hero's best answer, to the end of the hand) and ``why`` (in words)."""

    cards: tuple[str, ...]
    cost: int
    refutation: tuple[str, ...]
    why: str = ""


@dataclass(frozen=True)
class Decision:
    """One hero decision on the main line.

    ``before``: the actions from the puzzle's start up to this decision; ``seat``: who decides;
    ``accept``: the accepted card classes (each a tuple of equivalent cards; a certified
    puzzle has exactly one); ``play``: the main line's action; ``reply``: the other seats'
    actions after it, up to the hero's next turn; ``hints``: the ladder (a nudge, the
    principle, the card); ``why``: why the card works; ``wrong``: the other classes.
    """

    before: tuple[str, ...]
    seat: int
    accept: tuple[tuple[str, ...], ...]
    play: str
    reply: tuple[str, ...] = ()
    hints: tuple[str, ...] = ()
    why: str = ""
    wrong: tuple[Wrong, ...] = ()

    def accepts(self, card) -> bool:
        """Whether ``card`` (a card, its text or a ``play`` action) is one of the accepted."""
        text = _card_text(card)
        return any(text in cls for cls in self.accept)

    def wrong_for(self, card) -> Wrong | None:
        """The wrong class holding ``card``, if it is one."""
        text = _card_text(card)
        return next((w for w in self.wrong if text in w.cards), None)


def _card_text(card) -> str:
    text = str(card)
    if text.startswith("play "):
        text = text[5:]
    try:
        from ..cards import parse_card
        return str(parse_card(text))
    except TutorError:
        return text


@dataclass(frozen=True)
class Puzzle:
    """One puzzle. See ``puzzles/README.md`` for every field.

    ``file`` and ``set`` say where it was read from (not written back).
    """

    id: str
    title: str
    game: str
    position: dict
    hero: int
    goal: GoalSpec
    rules: Any = None
    hidden: tuple[int, ...] = ()
    solution: tuple[Decision, ...] = ()
    explanation: str = ""
    themes: tuple[str, ...] = ()
    difficulty: dict = field(default_factory=dict)
    source: dict = field(default_factory=dict)
    certified: dict = field(default_factory=dict)
    file: str = field(default="", compare=False)

    # -- the position ---------------------------------------------------------------
    def start_state(self):
        """A fresh play-phase state of the position (a new object at every call). The position
        is built and checked once (the play that led to it searched for) and copied after
        that. A certified puzzle's position is built without that search: its certificate,
        whose digest covers the position, says the check was made and passed (an edited
        position no longer matches the digest and is checked again)."""
        built = self.__dict__.get("_built")
        if built is None:
            from .. import games
            from ..games import history
            with history.trusted() if self.is_certified else contextlib.nullcontext():
                built = games.position(self.game, rules=self.rules,
                                       **position_arguments(self.position))
            object.__setattr__(self, "_built", built)     # not a field: replace() drops it
        return built.copy()

    @property
    def level(self) -> int | None:
        return self.difficulty.get("level")

    @property
    def is_certified(self) -> bool:
        return bool(self.certified) and self.certified.get("digest") == position_digest(self)

    @property
    def is_complete(self) -> bool:
        """Whether the solution tree has been written (else: a half-written puzzle)."""
        return bool(self.solution)

    # -- the solution tree ----------------------------------------------------------
    def moves_since_start(self, state) -> tuple[str, ...] | None:
        """The actions played in ``state`` since the puzzle's start, or None when ``state``
        is not a continuation of this puzzle's position."""
        start = len(self.start_state().actions)
        acts = state.actions
        if len(acts) < start:
            return None
        return tuple(str(a) for _, a in acts[start:])

    def decision_at(self, state) -> Decision | None:
        """The main line's decision for ``state`` (None off the main line or when the hero
        has nothing to decide there)."""
        moves = self.moves_since_start(state)
        if moves is None:
            return None
        return next((d for d in self.solution if d.before == moves), None)

    def with_(self, **changes) -> "Puzzle":
        return replace(self, **changes)


def position_arguments(position: dict) -> dict:
    """The keyword arguments of ``games.position`` from a puzzle's ``position`` table (seat
    keys back to numbers; ``hidden`` is the puzzle's, not the engine's)."""
    out = {}
    for key, value in position.items():
        if key == "hidden":
            continue
        if key in _SEAT_KEYED and isinstance(value, dict):
            value = {(int(k) if str(k).lstrip("-").isdigit() else k): v for k, v in value.items()}
        out[key] = value
    return out


def position_digest(puzzle: Puzzle) -> str:
    """A short hash of what certification depends on (game, rules, position, hero, goal), so
    an edited puzzle is seen as no longer certified."""
    data = {"game": puzzle.game, "rules": puzzle.rules, "position": puzzle.position,
            "hero": puzzle.hero, "goal": [puzzle.goal.target, puzzle.goal.preset,
                                          puzzle.goal.seat, puzzle.goal.k]}
    text = json.dumps(data, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# ------------------------------------------------------------------------ collections
class Collection:
    """Puzzles read from files, in file order, and the errors of the broken ones."""

    def __init__(self, puzzles: Iterable[Puzzle] = (), errors: Iterable[PuzzleError] = ()):
        self.puzzles = list(puzzles)
        self.errors = list(errors)

    def __iter__(self) -> Iterator[Puzzle]:
        return iter(self.puzzles)

    def __len__(self) -> int:
        return len(self.puzzles)

    def __getitem__(self, index):
        if isinstance(index, str):
            return self.by_id(index)
        return self.puzzles[index]

    def by_id(self, puzzle_id: str) -> Puzzle:
        for p in self.puzzles:
            if p.id == puzzle_id:
                return p
        raise TutorError(f"there is no puzzle {puzzle_id!r} in this collection")

    def filter(self, game=None, theme=None, level=None) -> "Collection":
        """The puzzles of a game, with a theme (its name, any case) and/or at a level (a
        number or a (low, high) range)."""
        out = []
        for p in self.puzzles:
            if game is not None and p.game != game:
                continue
            if theme is not None and theme.lower() not in {t.lower() for t in p.themes}:
                continue
            if level is not None:
                lo, hi = (level, level) if isinstance(level, int) else level
                if p.level is None or not lo <= p.level <= hi:
                    continue
            out.append(p)
        return Collection(out)

    def themes(self) -> list[str]:
        seen = []
        for p in self.puzzles:
            for t in p.themes:
                if t not in seen:
                    seen.append(t)
        return seen

    def __repr__(self) -> str:
        return f"<Collection of {len(self.puzzles)} puzzles, {len(self.errors)} broken>"


# ------------------------------------------------------------------------ reading
def _files(path) -> list[Path]:
    p = Path(path)
    if p.is_dir():
        return sorted(q for q in p.rglob("*.toml"))
    if not p.exists():
        raise _error(str(p), None, None, "no such puzzle file or directory")
    return [p]


def _collection_dir() -> Path:
    """Where the shipped collection is: inside the package (an installed wheel, where the build
    copied ``puzzles/`` to ``tutor/puzzles/collection``), else ``puzzles/`` of the checkout
    (an editable install or a source tree, where authors edit it)."""
    packaged = Path(__file__).resolve().parent / "collection"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "puzzles"


COLLECTION_DIR = _collection_dir()


def shipped(game: str | None = None, **filters) -> Collection:
    """The collection that comes with trick-tutor (:data:`COLLECTION_DIR`), for one
    game or all; ``filters`` as :meth:`Collection.filter` (``theme``, ``level``). Works from
    any working directory (a lesson runs in its own folder)."""
    from .. import games
    if game is not None and game not in games.GAMES:
        raise TutorError(f"unknown game {game!r}; the games are {', '.join(games.GAMES)}")
    where = COLLECTION_DIR / game if game else COLLECTION_DIR
    coll = load(where, strict=True)
    return coll.filter(**filters) if filters else coll


def load(*paths, strict: bool = False, validate: bool = True) -> Collection:
    """Read puzzle files (a file, a directory read recursively, or several).

    Broken puzzles are left out and their :class:`PuzzleError` kept in ``.errors`` (with a
    warning); ``strict=True`` raises one PuzzleError listing them all instead. ``validate``
    also builds each position with the engine and replays the solution tree's actions.
    Ids must be unique across everything read.
    """
    puzzles: list[Puzzle] = []
    errors: list[PuzzleError] = []
    seen: dict[str, str] = {}
    for path in paths:
        for f in _files(path):
            try:
                text = f.read_text(encoding="utf-8")
            except OSError as err:
                errors.append(_error(str(f), None, None, f"cannot be read ({err})"))
                continue
            coll = loads(text, file=str(f), validate=validate)
            errors.extend(coll.errors)
            for p in coll:
                if p.id in seen:
                    errors.append(_error(str(f), p.id, "id",
                                         f"the id is already used in {seen[p.id]}"))
                    continue
                seen[p.id] = str(f)
                puzzles.append(p)
    if errors and strict:
        raise PuzzleError("\n".join(str(e) for e in errors))
    if errors:
        warnings.warn(f"{len(errors)} broken puzzle(s) left out; the first: {errors[0]}",
                      stacklevel=2)
    return Collection(puzzles, errors)


def loads(text: str, file: str = "<string>", validate: bool = True) -> Collection:
    """Read one set file's text; see :func:`load`."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        return Collection((), [_error(file, None, None, f"not a TOML file ({err})")])
    tables = data.get("puzzle", [])
    if not isinstance(tables, list):
        return Collection((), [_error(file, None, None, "'puzzle' must be an array of tables "
                                      "([[puzzle]])")])
    puzzles, errors, ids = [], [], set()
    for i, table in enumerate(tables):
        pid = table.get("id") if isinstance(table, dict) else None
        label = pid if isinstance(pid, str) and pid else f"#{i + 1}"
        try:
            p = puzzle_from_dict(table, file=file, label=label)
            if p.id in ids:
                raise _error(file, p.id, "id", "the id appears twice in this file")
            if validate:
                check_puzzle(p)
        except PuzzleError as err:
            errors.append(err)
            continue
        ids.add(p.id)
        puzzles.append(p)
    return Collection(puzzles, errors)


def _error(file, pid, fld, message) -> PuzzleError:
    """A PuzzleError naming the file, the puzzle and the field (``None`` when the whole file
    is at fault), also as the attributes ``file``, ``puzzle`` and ``field``."""
    where = f"{file}: puzzle {pid}: {fld}: " if pid is not None else f"{file}: "
    err = PuzzleError(where + message)
    err.file, err.puzzle, err.field = file, pid, fld
    return err


def _short(value, width=60) -> str:
    text = repr(value)
    return text if len(text) <= width else text[:width - 3] + "..."


def _need(table, key, kinds, file, pid, where="", default=...):
    fld = f"{where}{key}"
    if key not in table:
        if default is ...:
            raise _error(file, pid, fld, "missing")
        return default
    value = table[key]
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in _tuple(kinds)):
        names = " or ".join(k.__name__ for k in _tuple(kinds))
        raise _error(file, pid, fld, f"must be {names}, not {_short(value)}")
    return value


def _tuple(kinds):
    return kinds if isinstance(kinds, tuple) else (kinds,)


def _strings(value, file, pid, fld) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _error(file, pid, fld, f"must be a list of strings, not {_short(value)}")
    return tuple(value)


def puzzle_from_dict(table: dict, file: str = "<dict>", label: str = "?") -> Puzzle:
    """A :class:`Puzzle` from one ``[[puzzle]]`` table; checks the fields' shapes (not the
    position: see :func:`check_puzzle`)."""
    from .. import games
    if not isinstance(table, dict):
        raise _error(file, label, "puzzle", "must be a table")
    pid = _need(table, "id", str, file, label)
    if not pid.strip():
        raise _error(file, label, "id", "must not be empty")
    known = {"id", "title", "game", "rules", "position", "hero", "goal", "solution",
             "explanation", "themes", "difficulty", "source", "certified"}
    extra = sorted(set(table) - known)
    if extra:
        raise _error(file, pid, extra[0], "is not a puzzle field (the fields are: "
                     + ", ".join(sorted(known)) + ")")
    title = _need(table, "title", str, file, pid, default="")
    game = _need(table, "game", str, file, pid)
    if game not in games.GAMES:
        raise _error(file, pid, "game", f"unknown game {_short(game)}; the games are "
                     + ", ".join(games.GAMES))
    rules = table.get("rules")
    if rules is not None and not isinstance(rules, (str, dict)):
        raise _error(file, pid, "rules", f"must be a preset name or a table, not {_short(rules)}")
    position = _need(table, "position", dict, file, pid)
    hidden = position.get("hidden", [])
    if not isinstance(hidden, list) or not all(isinstance(s, int) and not isinstance(s, bool)
                                               for s in hidden):
        raise _error(file, pid, "position.hidden", f"must be a list of seats, not {_short(hidden)}")
    hero = _need(table, "hero", int, file, pid)
    g = _need(table, "goal", dict, file, pid)
    text = _need(g, "text", str, file, pid, "goal.")
    target = _need(g, "target", int, file, pid, "goal.", None)
    preset = _need(g, "preset", str, file, pid, "goal.", None)
    if (target is None) == (preset is None):
        raise _error(file, pid, "goal", "give either a target (in the game's units) or a preset")
    if preset is not None and preset not in GOAL_PRESETS[game]:
        raise _error(file, pid, "goal.preset", f"{_short(preset)} is not a goal of {game}; "
                     "the goals are " + ", ".join(GOAL_PRESETS[game]))
    goal = GoalSpec(text=text, target=target, preset=preset,
                    seat=_need(g, "seat", int, file, pid, "goal.", None),
                    k=_need(g, "k", int, file, pid, "goal.", None))
    unknown = sorted(set(g) - {"text", "target", "preset", "seat", "k"})
    if unknown:
        raise _error(file, pid, f"goal.{unknown[0]}", "is not a goal field")
    solution = []
    for i, d in enumerate(_need(table, "solution", list, file, pid, default=[])):
        where = f"solution[{i + 1}]."
        if not isinstance(d, dict):
            raise _error(file, pid, f"solution[{i + 1}]", "must be a table")
        accept = d.get("accept")
        if (not isinstance(accept, list) or not accept
                or not all(isinstance(c, list) and c and all(isinstance(x, str) for x in c)
                           for c in accept)):
            raise _error(file, pid, where + "accept",
                         f"must be a list of card classes (lists of cards), not {_short(accept)}")
        wrongs = []
        for j, w in enumerate(_need(d, "wrong", list, file, pid, where, [])):
            ww = f"{where}wrong[{j + 1}]."
            if not isinstance(w, dict):
                raise _error(file, pid, ww[:-1], "must be a table")
            wrongs.append(Wrong(
                cards=_strings(_need(w, "cards", list, file, pid, ww), file, pid, ww + "cards"),
                cost=_need(w, "cost", int, file, pid, ww),
                refutation=_strings(_need(w, "refutation", list, file, pid, ww, []), file, pid,
                                    ww + "refutation"),
                why=_need(w, "why", str, file, pid, ww, "")))
        hints = _strings(_need(d, "hints", list, file, pid, where, []), file, pid, where + "hints")
        if len(hints) > len(HINT_STEPS):
            raise _error(file, pid, where + "hints",
                         f"at most {len(HINT_STEPS)} steps (a nudge, the principle, the card)")
        solution.append(Decision(
            before=_strings(_need(d, "before", list, file, pid, where, []), file, pid,
                            where + "before"),
            seat=_need(d, "seat", int, file, pid, where),
            accept=tuple(tuple(c) for c in accept),
            play=_need(d, "play", str, file, pid, where),
            reply=_strings(_need(d, "reply", list, file, pid, where, []), file, pid,
                           where + "reply"),
            hints=hints, why=_need(d, "why", str, file, pid, where, ""), wrong=tuple(wrongs)))
    themes = _strings(_need(table, "themes", list, file, pid, default=[]), file, pid, "themes")
    difficulty = _need(table, "difficulty", dict, file, pid, default={})
    if "level" in difficulty and difficulty["level"] not in LEVELS:
        raise _error(file, pid, "difficulty.level",
                     f"must be a level from 1 to 5, not {_short(difficulty['level'])}")
    return Puzzle(id=pid, title=title, game=game, rules=rules, position=dict(position),
                  hidden=tuple(hidden), hero=hero, goal=goal, solution=tuple(solution),
                  explanation=_need(table, "explanation", str, file, pid, default=""),
                  themes=themes, difficulty=dict(difficulty),
                  source=dict(_need(table, "source", dict, file, pid, default={})),
                  certified=dict(_need(table, "certified", dict, file, pid, default={})),
                  file=file)


def check_puzzle(p: Puzzle) -> None:
    """Check what the engine can check without solving: the position builds, the hero and
    hidden seats play in it, the goal can be built, and every action of the solution tree is
    legal where it stands. Raises a PuzzleError naming file, puzzle and field."""
    f = p.file or "<puzzle>"
    try:
        state = p.start_state()
    except (TutorError, ValueError, TypeError, KeyError) as err:
        raise _error(f, p.id, "position", str(err)) from err
    if state.to_move is None:
        raise _error(f, p.id, "position", "the hand is already over: nothing to play")
    active = _active(state)
    if p.hero not in active:
        raise _error(f, p.id, "hero", f"seat {p.hero} does not play in this position "
                     f"(the players are seats {', '.join(map(str, active))})")
    for s in p.hidden:
        if s not in active:
            raise _error(f, p.id, "position.hidden", f"seat {s} does not play in this position")
        if s == p.hero:
            raise _error(f, p.id, "position.hidden", "the hero's own hand cannot be hidden")
    from .solve import solver_goal
    try:
        solver_goal(p, state)
    except (TutorError, ValueError) as err:
        raise _error(f, p.id, "goal", str(err)) from err
    for i, d in enumerate(p.solution):
        where = f"solution[{i + 1}]"
        st = p.start_state()
        _replay(st, d.before, f, p.id, where + ".before")
        if st.to_move != d.seat:
            raise _error(f, p.id, where + ".seat", f"seat {d.seat} is not on move there")
        for cls in d.accept + tuple(w.cards for w in d.wrong):
            for c in cls:
                if not _legal(st, f"play {c}"):
                    raise _error(f, p.id, where, f"{c} is not a legal card there")
        after = st.copy()
        _replay(after, (d.play,), f, p.id, where + ".play")
        _replay(after, d.reply, f, p.id, where + ".reply")
        for j, w in enumerate(d.wrong):
            wr = st.copy()
            _replay(wr, w.refutation, f, p.id, f"{where}.wrong[{j + 1}].refutation")


def _active(state) -> tuple[int, ...]:
    return tuple(getattr(state, "active_seats", range(state.players)))


def _legal(state, action) -> bool:
    try:
        return state.parse_action(action) in state.legal_actions()
    except TutorError:
        return False


def _replay(state, actions, f, pid, fld) -> None:
    for a in actions:
        try:
            state.apply(a)
        except (TutorError, ValueError) as err:
            raise _error(f, pid, fld, f"{a!r}: {err}") from err


# ------------------------------------------------------------------------ writing
def _drop_none(value):
    if isinstance(value, dict):
        return {str(k): _drop_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [_drop_none(v) for v in value if v is not None]
    return value


def puzzle_to_dict(p: Puzzle) -> dict:
    """The ``[[puzzle]]`` table of a puzzle (what :func:`puzzle_from_dict` reads back)."""
    position = dict(p.position)
    if p.hidden:
        position["hidden"] = list(p.hidden)
    else:
        position.pop("hidden", None)
    goal = {"text": p.goal.text, "target": p.goal.target, "preset": p.goal.preset,
            "seat": p.goal.seat, "k": p.goal.k}
    solution = []
    for d in p.solution:
        solution.append({
            "seat": d.seat, "before": list(d.before), "accept": [list(c) for c in d.accept],
            "play": d.play, "reply": list(d.reply), "hints": list(d.hints), "why": d.why,
            "wrong": [{"cards": list(w.cards), "cost": w.cost,
                       "refutation": list(w.refutation), "why": w.why} for w in d.wrong]})
    table = {"id": p.id, "title": p.title, "game": p.game, "rules": p.rules,
             "hero": p.hero, "goal": goal, "position": position, "themes": list(p.themes),
             "explanation": p.explanation, "difficulty": p.difficulty, "solution": solution,
             "source": p.source, "certified": p.certified}
    for key in ("themes", "explanation", "difficulty", "solution", "source", "certified"):
        if not table[key]:
            del table[key]
    return _drop_none(table)


def dumps(puzzles: Iterable[Puzzle]) -> str:
    """The TOML text of a set file."""
    import tomli_w
    return tomli_w.dumps({"puzzle": [puzzle_to_dict(p) for p in puzzles]}, multiline_strings=False)


def save(puzzles: Iterable[Puzzle], path) -> Path:
    """Write a set file atomically (a temporary file, synced, renamed over the old one: a run
    killed at any moment leaves the old file or the whole new one)."""
    from .files import write_atomic
    return write_atomic(path, dumps(puzzles))
