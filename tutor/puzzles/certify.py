"""The certifier: a puzzle is checked, and completed, by the exhaustive solver.

:func:`certify` plays the main line from the puzzle's start. At each hero turn it values every
legal card; cards adjacent in the live rank order in one hand and suit (no live card of
another hand, or of the current trick, between them) that do equally well form one *class*.
A turn where every card reaches the goal is free (not a decision). At every other turn exactly
one class must reach the goal; the main line continues with it, and for every other class the
refutation (the defence's best reply and best play on both sides to the end) and its cost are
computed. The other seats play the solver's replies (:func:`~tutor.puzzles.defence_reply`).

:func:`complete` writes what was found into the puzzle: the solution tree, the certificate,
difficulty, themes, hints and explanations.
"""

from __future__ import annotations

import datetime as _dt
import time
from dataclasses import dataclass, field

from .. import __version__
from ..errors import PuzzleError, TutorError
from .format import Decision, GoalSpec, Puzzle, Wrong, check_puzzle, position_digest
from .solve import Judged, _is_layout, hero_side, minimises, move_values

__all__ = ["Certificate", "DecisionFound", "certify", "complete", "card_classes", "check"]


@dataclass
class DecisionFound:
    """A hero decision found on the main line: the state before it (a copy), the judged
    moves, the classes (lists of Judged) and which of them reach the goal."""

    before: tuple[str, ...]
    state: object
    judged: list
    classes: list
    winners: list
    play: str = ""
    reply: tuple[str, ...] = ()
    refutations: dict = field(default_factory=dict)   # first card of a wrong class -> line


@dataclass
class Certificate:
    """The outcome of certifying one puzzle. ``ok``: certified; ``problems``: what failed, in
    words; ``decisions``: the decisions of the main line; ``line``: the whole main line;
    ``value``: the hero side's result with best play; ``seconds`` and ``nodes``."""

    puzzle: Puzzle
    ok: bool = False
    problems: list = field(default_factory=list)
    decisions: list = field(default_factory=list)
    line: list = field(default_factory=list)
    value: int | None = None
    seconds: float = 0.0
    nodes: int = 0

    def report(self) -> str:
        head = f"{self.puzzle.file or '<puzzle>'}: puzzle {self.puzzle.id}"
        if self.ok:
            return f"{head}: certified ({len(self.decisions)} decisions, value {self.value})"
        return head + ": NOT certified\n" + "\n".join(f"  - {p}" for p in self.problems)


def card_classes(state, judged: list[Judged]) -> list[list[Judged]]:
    """The legal moves in classes: cards of the mover adjacent in the live rank order of one
    suit that also do equally well (same value, same verdict). In Lora's layout each action is
    its own class."""
    if _is_layout(state) or not all(str(j.action).startswith("play ") for j in judged):
        return [[j] for j in judged]
    from ..solver import to_problem
    pb = to_problem(state, state.to_move)
    live = 0
    for h in pb.hands:
        live |= h
    for b in pb.trick:
        live |= b
    by_bit = {pb.bit(str(j.action)[5:]): j for j in judged}
    classes: list[list[Judged]] = []
    last_bit = None
    for bit in sorted(by_bit):
        j = by_bit[bit]
        if classes and last_bit is not None:
            prev = by_bit[last_bit]
            same_suit = pb.suit_mask_of(bit) == pb.suit_mask_of(last_bit)
            between = live & ~((last_bit << 1) - 1) & (bit - 1)
            if (same_suit and not between and prev.value == j.value and prev.ok == j.ok):
                classes[-1].append(j)
                last_bit = bit
                continue
        classes.append([j])
        last_bit = bit
    # highest card first inside a class, classes in legal order of their first card
    order = {str(j.action): i for i, j in enumerate(judged)}
    for cls in classes:
        cls.sort(key=lambda j: -pb.bit(str(j.action)[5:]))
    classes.sort(key=lambda cls: min(order[str(j.action)] for j in cls))
    return classes


def _card_of(action) -> str:
    text = str(action)
    return text[5:] if text.startswith("play ") else text


def _best_of(puzzle, js: list[Judged]) -> Judged:
    best = js[0]
    for j in js[1:]:
        if (j.value < best.value) if minimises(puzzle) else (j.value > best.value):
            best = j
    return best


def _computed_reply(puzzle, state):
    """The solver's reply for a non-hero seat, worked out afresh (ignoring a stored tree)."""
    bare = puzzle.with_(solution=())
    from .solve import defence_reply
    return defence_reply(bare, state)


def _play_out(puzzle, state) -> list[str]:
    bare = puzzle.with_(solution=())
    from .solve import play_out
    return play_out(bare, state)


def certify(puzzle: Puzzle, refutations: bool = True) -> Certificate:
    """Certify a puzzle (half-written or complete) by the solver; see the module docstring.
    A complete puzzle's stored tree must also agree with what the solver finds. The position
    is checked afresh (the earlier play that leads to it searched for): the puzzle's own
    certificate does not vouch for it here."""
    from . import solve as _solve
    t0 = time.process_time()
    n0 = _solve.NODES[0]
    cert = Certificate(puzzle)
    puzzle = puzzle.with_(certified={})
    try:
        check_puzzle(puzzle)
    except PuzzleError as err:
        cert.problems.append(str(err))
        return cert
    try:
        _walk(puzzle, cert, refutations)
    except TutorError as err:
        cert.problems.append(f"the solver could not follow the puzzle: {err}")
    if not cert.problems and puzzle.solution:
        _compare(puzzle, cert)
    cert.ok = not cert.problems
    cert.seconds = time.process_time() - t0
    cert.nodes = _solve.NODES[0] - n0
    return cert


def _walk(puzzle, cert, refutations) -> None:
    state = puzzle.start_state()
    moves: list[str] = []
    current = None
    first = True
    while state.to_move is not None:
        if state.to_move == puzzle.hero:
            judged = move_values(puzzle, state)
            if first:
                best = _best_of(puzzle, judged)
                cert.value = best.value
                if not any(j.ok for j in judged):
                    cert.problems.append(
                        f"the goal cannot be reached with best play (the best is {best.value}"
                        f", the goal {_goal_words(puzzle)})")
                    return
                first = False
            classes = card_classes(state, judged)
            winners = [c for c in classes if c[0].ok]
            if not winners:   # pragma: no cover - the main line keeps the goal
                cert.problems.append(f"after {' '.join(moves) or 'the start'} no card reaches "
                                     "the goal any more")
                return
            if len(winners) == len(classes):    # every card works: a free turn
                choice = _best_of(puzzle, [c[0] for c in winners])
                current = None
            else:
                if len(winners) > 1:
                    cert.problems.append(
                        f"after {_line_words(moves)}: {len(winners)} different cards reach the "
                        "goal (" + "; ".join("/".join(_card_of(j.action) for j in c)
                                              for c in winners) + "), not exactly one")
                choice = _best_of(puzzle, winners[0])
                current = DecisionFound(tuple(moves), state.copy(), judged, classes, winners,
                                        play=str(choice.action))
                if refutations:
                    for cls in classes:
                        if cls[0].ok:
                            continue
                        wrong = state.copy()
                        wrong.push(cls[0].action)
                        current.refutations[_card_of(cls[0].action)] = (
                            [str(cls[0].action)] + _play_out(puzzle, wrong))
                cert.decisions.append(current)
            action = choice.action
        else:
            action = _computed_reply(puzzle, state)
            if current is not None:
                current.reply = current.reply + (str(action),)
        state.push(action)
        moves.append(str(action))
        if state.to_move == puzzle.hero:
            current = None
    cert.line = moves
    if not cert.decisions:
        cert.problems.append("there is no decision: every card the hero can play reaches the "
                             "goal")


def _compare(puzzle, cert) -> None:
    """A stored solution tree must match the certifier's main line."""
    found = cert.decisions
    stored = puzzle.solution
    if len(found) != len(stored):
        cert.problems.append(f"solution: {len(stored)} decisions are written but the solver "
                             f"finds {len(found)}")
        return
    for i, (d, f) in enumerate(zip(stored, found)):
        where = f"solution[{i + 1}]"
        want = [sorted(_card_of(j.action) for j in c) for c in f.winners]
        if d.before != f.before:
            cert.problems.append(f"{where}.before: the main line is {_line_words(f.before)}")
        elif sorted(sorted(c) for c in d.accept) != sorted(want):
            cert.problems.append(f"{where}.accept: the solver accepts "
                                 + "; ".join("/".join(c) for c in want))
        elif d.reply != f.reply:
            cert.problems.append(f"{where}.reply: the solver's reply is {_line_words(f.reply)}")


def _line_words(moves) -> str:
    if not moves:
        return "the start"
    return " ".join(_card_of(m) for m in moves)


def _goal_words(puzzle) -> str:
    g = puzzle.goal
    if g.preset:
        return g.preset
    return f"{'at most' if minimises(puzzle) else 'at least'} {g.target}"


def complete(puzzle: Puzzle, cert: Certificate | None = None, today: str | None = None,
             keep_text: bool = True) -> Puzzle:
    """The puzzle with its solution tree, certificate, difficulty, themes, hints and
    explanations written from the solver's findings. Raises a PuzzleError (with the
    certifier's report) when the puzzle does not certify. Texts already written by hand are
    kept (``keep_text``)."""
    from . import difficulty, text, themes
    cert = cert if cert is not None else certify(puzzle.with_(solution=()))
    if not cert.ok:
        raise PuzzleError(cert.report())
    found_themes = themes.detect(puzzle, cert)
    tree = []
    for i, d in enumerate(cert.decisions):
        wrongs = []
        best = _best_of(puzzle, d.winners[0])
        for cls in d.classes:
            if cls[0].ok:
                continue
            line = d.refutations.get(_card_of(cls[0].action), [])
            wrongs.append(Wrong(cards=tuple(_card_of(j.action) for j in cls),
                                cost=abs(best.value - cls[0].value), refutation=tuple(line),
                                why=text.why_wrong(puzzle, d, cls, line)))
        old = puzzle.solution[i] if keep_text and i < len(puzzle.solution) else None
        hints = text.hints(puzzle, d, found_themes.get(i, ()))
        tree.append(Decision(
            before=d.before, seat=puzzle.hero,
            accept=tuple(tuple(_card_of(j.action) for j in c) for c in d.winners),
            play=d.play, reply=d.reply,
            hints=old.hints if old and old.hints else hints,
            why=old.why if old and old.why else text.why_right(puzzle, d, found_themes.get(i, ())),
            wrong=tuple(_keep_why(old, w) for w in wrongs)))
    theme_names = themes.names(found_themes)
    done = puzzle.with_(solution=tuple(tree))
    diff = difficulty.rate(done, cert)
    certified = {"value": cert.value, "unique": True, "decisions": len(cert.decisions),
                 "solver": __version__, "date": today or _dt.date.today().isoformat(),
                 "digest": position_digest(puzzle)}
    done = done.with_(themes=tuple(theme_names) if not (keep_text and puzzle.themes)
                      else puzzle.themes,
                      difficulty=diff, certified=certified)
    if not (keep_text and puzzle.title):
        done = done.with_(title=text.title(done, found_themes))
    if not (keep_text and puzzle.goal.text):
        g = puzzle.goal
        done = done.with_(goal=GoalSpec(text=text.goal_sentence(done), target=g.target,
                                        preset=g.preset, seat=g.seat, k=g.k))
    if not (keep_text and puzzle.explanation):
        done = done.with_(explanation=text.explanation(done, cert, found_themes))
    return done


def _keep_why(old, w: Wrong) -> Wrong:
    if old is None:
        return w
    prior = old.wrong_for(w.cards[0])
    if prior is not None and prior.why:
        return Wrong(w.cards, w.cost, w.refutation, prior.why)
    return w


def check(puzzle: Puzzle) -> Certificate:
    """Certify a complete puzzle: it must also carry a certificate matching its position."""
    cert = certify(puzzle)
    if cert.ok and puzzle.solution and not puzzle.is_certified:
        cert.problems.append("certified: missing or out of date (the position, hero or goal "
                             "changed since): run check --write")
        cert.ok = False
    if cert.ok and not puzzle.solution:
        cert.problems.append("solution: the puzzle is half-written: run check --write")
        cert.ok = False
    return cert
