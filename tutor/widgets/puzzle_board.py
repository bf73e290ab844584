"""The puzzle board: double-dummy puzzles played against the best defence.

    from tutor import puzzles
    from tutor.widgets import PuzzleBoard
    PuzzleBoard(puzzles.load("puzzles/euchre"), theme="left bower")
    PuzzleBoard("puzzles/raub/three-cards.toml", level=2)
    PuzzleBoard("clabber", theme="forced overtrump")     # the collection shipped with trick-tutor
    PuzzleBoard("mine")                                  # the learner's own saved puzzles
    PuzzleBoard(games.position("euchre", ...))          # any hand-built position, judged by the solver
    PuzzleBoard(collection, teacher=True).teacher_html() # the solution too, for a book or a class

"Save as puzzle" (:func:`save_as_puzzle`, the :class:`SaveAsPuzzle` button of the play table's
review) keeps a moment of a played hand in the learner's own set, ``mine.toml`` in the data
directory.

The board shows the position (every hand face up, the puzzle's hidden seats as card backs) and
the goal in words. The learner plays the hero's cards, and the partners' where the hero is a
side; the other side always answers with the best defence, and after a wrong card with the
refutation that beats it. The board then says what went wrong and offers *Retry from the
mistake* and *Show solution*. It holds no rules and no puzzle logic: the engine says what is
legal, the puzzle library (or, for a bare position, the solver) says what is right.

Every handler a button calls is a public method (``play``, ``hint``, ``retry``,
``show_solution``, ``step``, ``restart``, ``next``, ``previous``, ``choose``), so tests and
lessons drive the board exactly as clicks do; no exception escapes them.
"""

from __future__ import annotations

import functools
import html
from dataclasses import dataclass
from typing import Iterable, Sequence

from .. import progress, puzzles as library, render
from ..cards import Card, parse_card
from ..edition import is_teacher
from ..errors import TutorError
from ..games.actions import Action
from ..games.checks import check_whole_number
from .common import CSS, StaticPicture, action_button, card_button, safe, sort_hand

__all__ = ["PuzzleBoard", "SaveAsPuzzle", "save_as_puzzle", "my_puzzles_path", "board_html",
           "board_text"]


# --------------------------------------------------------------------------- pictures
BOARD_STYLE = """<style>
.tt-board{font-family:'DejaVu Sans',sans-serif;border-collapse:separate;border-spacing:.4em;
 margin:.2em 0;background:#e9f2ea;border-radius:.6em}
.tt-board td{vertical-align:middle;text-align:center;padding:.25em .4em}
.tt-board .tt-centre{background:#d5e8d8;border-radius:.5em;min-width:9em;min-height:6em}
.tt-board .tt-who{font-weight:bold;white-space:nowrap;font-size:.95em}
.tt-board .tt-who.tt-you{color:#0b5394}
.tt-board .tt-mark{font-size:.8em;color:#444}
.tt-board .tt-turn{outline:2px solid #e6a100;border-radius:.4em}
.tt-board .tt-card{font-size:.9em}
.tutor-puzzle{font-family:'DejaVu Sans',sans-serif}
.tt-goal{font-family:'DejaVu Sans',sans-serif;margin:.3em 0;padding:.35em .6em;background:#fff8e0;
 border-left:4px solid #e6a100}
.tt-say{font-family:'DejaVu Sans',sans-serif;margin:.3em 0;padding:.35em .6em;border-radius:.3em}
.tt-good{background:#e3f4e1;border-left:4px solid #2e7d32}
.tt-bad{background:#fde7e7;border-left:4px solid #b00020}
.tt-info{background:#eef3fb;border-left:4px solid #0b5394}
.tt-line{font-family:'DejaVu Sans',sans-serif;margin:.2em 0}
.tt-line li.tt-now{font-weight:bold}
</style>"""

_COMPASS = ("North", "East", "South", "West")


def _areas(state, bottom: int) -> dict[int, str]:
    """Where each seat sits on the picture (``n``, ``w``, ``e``, ``s``): the ``bottom`` seat
    (the learner) at the bottom, as at a real table; with compass names the table is turned so
    that the others keep their places relative to him (North opposite South, West on South's
    left), else the others sit round the table in playing order (the next player on the left)."""
    names = [state.seat_name(s) for s in range(state.players)]
    if all(n in _COMPASS for n in names) and len(set(names)) == len(names):
        ring = "swne"
        turn = ring.index(names[bottom][0].lower())
        return {s: ring[(ring.index(names[s][0].lower()) - turn) % 4] for s in range(state.players)}
    order = {2: "sn", 3: "swe", 4: "swne"}.get(state.players)
    if order is None:
        return {s: "s" for s in range(state.players)}
    return {(bottom + i) % state.players: order[i] for i in range(state.players)}


def _sorted(state, cards) -> list[Card]:
    """A hand in the order a player holds it (trumps first, by the rules in force)."""
    return sort_hand(cards, getattr(state, "trick_rules", None))


def _tricks_won(state) -> dict[int, int]:
    won = {s: 0 for s in range(state.players)}
    for seat, count in (_public(state).get("tricks_won") or {}).items():
        won[int(seat)] = count
    return won


def _public(state) -> dict:
    return dict(state.view(0).public)


def _trick_plays(state) -> tuple[list, int | None, str]:
    """The cards to show in the middle: the trick in progress, else the last trick."""
    trick = list(getattr(state, "trick", ()) or ())
    if trick:
        return trick, None, "Trick in progress"
    tricks = getattr(state, "tricks", ()) or ()
    if tricks:
        last = tricks[-1]
        plays, winner = (last.get("plays", []), last.get("winner")) if isinstance(last, dict) \
            else (last[1], last[2])
        return list(plays), winner, f"Last trick, won by {state.seat_name(winner)}"
    return [], None, ""


def centre_html(state, you: int | None = None) -> str:
    """The middle of the table: Lora's layout, or the trick laid out towards its players."""
    if _is_layout(state):
        from ..games import lora_layout
        return lora_layout.layout_html(state.piles, state.start_rank)
    plays, winner, title = _trick_plays(state)
    if not plays:
        return '<span class="tt-mark">No card played yet</span>'
    areas = _areas(state, you if you is not None else 0)
    spot = {a: "" for a in "nwes"}
    for seat, card in plays:
        card = _card(card)
        spot[areas[seat]] = (f'<div class="tt-mark">{html.escape(state.seat_name(seat))}</div>'
                             + render.card_html(card, highlight=seat == winner))
    return (f'<div class="tt-mark">{html.escape(title)}</div>'
            f'<table style="margin:auto"><tr><td></td><td>{spot["n"]}</td><td></td></tr>'
            f'<tr><td>{spot["w"]}</td><td></td><td>{spot["e"]}</td></tr>'
            f'<tr><td></td><td>{spot["s"]}</td><td></td></tr></table>')


def seat_label(state, seat: int, you: int | None, side: Iterable[int] = ()) -> str:
    """``You (South)``, ``Partner (North)`` or the seat's name."""
    name = state.seat_name(seat)
    if seat == you:
        return f"You ({name})"
    if seat in set(side):
        return f"Partner ({name})"
    return name


def seat_marks(state, seat: int) -> list[str]:
    marks = []
    active = set(getattr(state, "active_seats", None) or range(state.players))
    if seat not in active:
        marks.append("sits out")
    if seat == state.to_move:
        marks.append("to play")
    if _is_layout(state):
        passes = getattr(state, "passes", None)
        if passes:
            marks.append(f"passes: {passes[seat]}")
    return marks


def _is_layout(state) -> bool:
    return state.game == "lora" and getattr(state, "contract", None) == "lora"


def _names(state, seats: Sequence[int], you: int | None) -> str:
    seats = sorted(seats, key=lambda s: (s != you, s))
    names = ["You" if s == you else state.seat_name(s) for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def tally_text(state, you: int | None, side: Iterable[int]) -> str:
    """What each side has won so far: the learner's side, then everybody else together
    (double dummy the others always play as one), e.g. ``You and North: 2 tricks · East and
    West: 1 trick``; Clabber adds card points."""
    if _is_layout(state):
        return ""
    side = sorted(set(side) | ({you} if you is not None else set()))
    active = getattr(state, "active_seats", None) or range(state.players)
    others = [s for s in active if s not in side]
    public = _public(state)
    won = _tricks_won(state)
    points = public.get("card_points") or {}
    sides = public.get("sides") or {}
    parts = []
    for group in (side, others):
        if not group:
            continue
        text = f"{_names(state, group, you)}: {units('euchre', sum(won.get(s, 0) for s in group))}"
        if points and sides:
            got = sum(v for k, v in points.items() if any(sides.get(s) == k for s in group))
            text += f", {units('clabber', got)}"
        parts.append(text)
    return " · ".join(parts)


def hand_cell_html(state, seat: int, hidden: Iterable[int] = ()) -> str:
    cards = state.hands[seat]
    if not cards:
        return '<span class="tt-mark">—</span>'
    if seat in set(hidden):
        return render.back_html(len(cards))
    return render.cards_html(_sorted(state, cards))


def board_html(state, you: int | None = None, side: Iterable[int] = (), hidden: Iterable[int] = (),
               cells: dict[int, str] | None = None) -> str:
    """The table from above: each seat's hand at its place (hidden seats as card backs), the
    trick or Lora's layout in the middle. ``cells`` replaces a seat's cards (the widget puts
    its card buttons there)."""
    hidden, side = set(hidden), set(side)
    areas = _areas(state, you if you is not None else 0)
    spot = {a: "" for a in "nwes"}
    for seat in range(state.players):
        label = seat_label(state, seat, you, side)
        cls = "tt-who tt-you" if seat == you or seat in side else "tt-who"
        cards = (cells or {}).get(seat) or hand_cell_html(state, seat, hidden)
        marks = " · ".join(seat_marks(state, seat))
        turn = " tt-turn" if seat == state.to_move else ""
        spot[areas[seat]] += (f'<div class="tt-seat-box{turn}"><div class="{cls}">{html.escape(label)}'
                              f' <span class="tt-mark">{html.escape(marks)}</span></div>'
                              f'<div>{cards}</div></div>')
    return (f'{render.STYLE}{BOARD_STYLE}<table class="tt-board">'
            f'<tr><td></td><td>{spot["n"]}</td><td></td></tr>'
            f'<tr><td>{spot["w"]}</td><td class="tt-centre">{centre_html(state, you)}</td>'
            f'<td>{spot["e"]}</td></tr>'
            f'<tr><td></td><td>{spot["s"]}</td><td></td></tr></table>'
            f'<div class="tt-mark tt-tally">{html.escape(tally_text(state, you, side))}</div>')


def board_text(state, you: int | None = None, side: Iterable[int] = (), hidden: Iterable[int] = ()) -> str:
    """The same picture in text: one line per seat, then the trick."""
    hidden = set(hidden)
    lines = []
    for seat in range(state.players):
        cards = state.hands[seat]
        shown = (f"{len(cards)} hidden card{'s' if len(cards) != 1 else ''}" if seat in hidden
                 else " ".join(c.symbol for c in _sorted(state, cards)) or "—")
        marks = ", ".join(seat_marks(state, seat))
        lines.append(f"{seat_label(state, seat, you, side)}: {shown}" + (f"  ({marks})" if marks else ""))
    plays, winner, title = _trick_plays(state)
    if _is_layout(state):
        from ..games import lora_layout
        lines.append(lora_layout.layout_text(state.piles, state.start_rank))
    elif plays:
        lines.append(f"{title}: " + ", ".join(f"{state.seat_name(s)} {_card(c).symbol}" for s, c in plays))
    tally = tally_text(state, you, side)
    if tally:
        lines.append(f"Won so far: {tally}")
    return "\n".join(lines)


def _card(card) -> Card:
    return card if isinstance(card, Card) else parse_card(card)


# --------------------------------------------------------------------------- words
UNITS = {"euchre": ("trick", "tricks"), "raub": ("trick", "tricks"),
         "clabber": ("card point", "card points"), "lora": ("penalty point", "penalty points")}


def units(game: str, n: int) -> str:
    one, many = UNITS.get(game, ("point", "points"))
    return f"{n} {one if n == 1 else many}"


def action_words(action) -> str:
    """An action as the learner reads it: ``K♠`` for a card, ``pass`` otherwise."""
    if isinstance(action, str):
        text = action.strip()
        if text.startswith("play "):
            return _card(text[5:]).symbol
        return text.replace("_", " ")
    if action.verb == "play" and action.card is not None:
        return action.card.symbol
    from ..bots import describe
    return describe(action)


def line_words(state, actions: Sequence, you: int | None) -> list[str]:
    """A sequence of actions from ``state`` in words, one entry per trick: ``you 10♦, West
    A♥, North 9♥, East K♣: West wins`` (``state`` is not changed)."""
    st = state.copy()
    tricks = []
    words = [f"{'you' if seat == you else st.seat_name(seat)} {_card(card).symbol}"
             for seat, card in (getattr(st, "trick", ()) or ())]   # already on the table
    for act in actions:
        seat = st.to_move
        if seat is None:
            break
        name = "you" if seat == you else st.seat_name(seat)
        words.append(f"{name} {action_words(act)}")
        done = len(getattr(st, "tricks", ()) or ())
        st.push(st.parse_action(act))
        finished = getattr(st, "tricks", ()) or ()
        if len(finished) > done:
            winner = finished[-1][2]
            who = "you win" if winner == you else f"{st.seat_name(winner)} wins"
            tricks.append(", ".join(words) + f": {who}")
            words = []
    if words:
        tricks.append(", ".join(words))
    return tricks


def _refutation_for(state, action: Action, wrong) -> tuple[str, ...]:
    """The tree's refutation of a wrong class, for the card actually played: the tree writes
    it for one card of the class, and equivalent cards swap places along the line."""
    line = tuple(wrong.refutation)
    played = str(action)
    if not line:
        return (played,)
    first = str(state.parse_action(line[0]))
    if first == played:
        return line
    if action.card is None or not first.startswith("play "):
        return (played,) + line
    swap = {first: played, played: first}
    return tuple(swap.get(str(state.parse_action(a)), a) for a in line)


def _count(good: int, of: int, whose: str = "your") -> str:
    from ..puzzles.text import number
    if good == 1:
        return f"Only one of {whose} {number(of)} possible cards"
    return f"{number(good).capitalize()} of {whose} {number(of)} possible cards"


# --------------------------------------------------------------------------- what the board asks
@dataclass(frozen=True)
class Verdict:
    """The board's judgement of one of the learner's moves."""

    right: bool
    why: str = ""                     # why it works, or what went wrong, in words
    cost: int | None = None           # what a wrong move gave away, in the game's units
    refutation: tuple[str, ...] = ()  # from the wrong move on, as the defence beats it


@dataclass(frozen=True)
class Step:
    """One action of a solution line: who, what, and a comment."""

    seat: int
    action: Action
    note: str = ""


class Coach:
    """The board's questions about one puzzle, answered by :mod:`tutor.puzzles`: the puzzle's
    solution tree on its main line, the library's judging by the solver off it (a half-written
    puzzle, or a partner's card the tree leaves to the learner)."""

    def __init__(self, puzzle):
        self.puzzle = puzzle
        self.start = puzzle.start_state()
        self.id = puzzle.id
        self.game = puzzle.game
        self.hero = puzzle.hero
        self.side = frozenset(library.hero_side(puzzle, self.start)) | {puzzle.hero}
        self.hidden = frozenset(puzzle.hidden)
        self.title = puzzle.title or "A position to play"
        self.goal_text = puzzle.goal.text
        self.themes = tuple(puzzle.themes)
        self.level = puzzle.level
        self.explanation = puzzle.explanation
        self.bare = puzzle.with_(solution=())     # the same puzzle judged by the solver alone

    def fresh(self):
        return self.start.copy()

    # -- a learner's move ----------------------------------------------------------------
    def judge(self, state, action: Action) -> Verdict:
        """The learner's move before it is played: the library's verdict at the hero's turn
        (the tree on the main line, the solver off it); at a partner's turn, which the tree
        leaves to the solver, any card that keeps the goal is right."""
        if state.to_move == self.hero:
            v = library.verdict(self.puzzle, state, action)
            if v.ok:
                return Verdict(True, v.why)
            line = _refutation_for(state, action, v)
            return Verdict(False, v.why or self._why(state, action, v.cost, line), v.cost, line)
        judged = {j.action: j for j in library.move_values(self.bare, state)}
        mine = judged[action]
        if mine.ok:
            return Verdict(True)
        best = library.best_for_hero(self.bare, state, list(judged.values()))
        after = state.copy()
        after.push(action)
        line = (str(action),) + tuple(library.play_out(self.bare, after))
        cost = abs(best.value - mine.value)
        return Verdict(False, self._why(state, action, cost, line), cost, line)

    def _why(self, state, action, cost, line) -> str:
        """What went wrong, in words, when the puzzle's tree does not say it."""
        words = action_words(action)
        after = state.copy()
        after.push(action)
        reply = ""
        if len(line) > 1 and after.to_move is not None and after.to_move not in self.side:
            reply = f" {after.seat_name(after.to_move)} answers with the {action_words(line[1])}"
        if cost:
            return (f"The {words} gives away {units(self.game, cost)}:{reply or ' the defence'}"
                    f" and the goal is out of reach.")
        return f"After the {words} the goal is out of reach:{reply or ' the defence beats it'}."

    # -- the other side -----------------------------------------------------------------
    def reply(self, state, refutation: Sequence[str] = (), since: int = 0) -> Action:
        """The defence's move: along the refutation of a wrong card when there is one (it
        starts after ``since`` actions of the live state), else the library's reply."""
        done = len(state.actions) - since
        if refutation and 0 < done < len(refutation):
            move = state.parse_action(refutation[done])
            if move in state.legal_actions():
                return move
        if self._off_the_reply(state):
            return library.defence_reply(self.bare, state)
        return library.defence_reply(self.puzzle, state)

    def _off_the_reply(self, state) -> bool:
        """Whether the learner left the tree's recorded reply (a partner's card other than the
        tree's): the recorded cards then no longer fit, and the solver answers instead."""
        moves = self.puzzle.moves_since_start(state) or ()
        for d in self.puzzle.solution:
            line = d.before + (d.play,)
            if moves[:len(line)] == line and len(line) <= len(moves) < len(line) + len(d.reply):
                return moves[len(line):] != d.reply[:len(moves) - len(line)]
        return False

    # -- help -----------------------------------------------------------------------------
    def ladder(self, state) -> list[str]:
        """The hint ladder of this turn: nudge, principle, card (the library's at the hero's
        turn; worked out here from the solver's verdicts at a partner's turn)."""
        if state.to_move == self.hero:
            steps = list(library.hints_at(self.puzzle, state))
            if not steps and self.puzzle.solution:
                # a turn that is no decision: every card keeps the goal
                return ["Any card works here: every one of them keeps the goal in reach."]
            if steps:
                return steps
        judged = library.move_values(self.bare, state)
        good = [j for j in judged if j.ok] or [library.best_for_hero(self.bare, state, judged)]
        if len(good) == len(judged):
            return ["Any card works here: every one of them keeps the goal in reach."]
        card = good[0].action
        keep = "keeps" if len(good) == 1 else "keep"
        who = "your" if state.to_move == self.hero else f"{state.seat_name(state.to_move)}'s"
        steps = [f"{_count(len(good), len(judged), who)} {keep} the goal in reach: for each "
                 f"card, ask what the defence does next."]
        if card.card is not None and card.card.suit is not None:
            rules = getattr(state, "trick_rules", None)
            if rules is not None and rules.is_trump(card.card):
                steps.append("The card to find is a trump.")
            else:
                suit = rules.suit_of(card.card) if rules is not None else card.card.suit
                steps.append(f"The card to find is a {suit.noun[:-1]} ({suit.symbol}).")
        steps.append(f"Play the {action_words(card)}.")
        return steps

    def outcome(self, state) -> str:
        """``"open"``, ``"solved"`` or ``"failed"`` (the library's judgement)."""
        return library.judge(self.puzzle, state)

    def solution(self) -> list[Step]:
        """The main line from the start, each hero card with why it works."""
        state = self.fresh()
        steps: list[Step] = []
        if self.puzzle.solution:
            for d in self.puzzle.solution:
                if len(steps) != len(d.before):
                    break   # a tree that does not follow its own line: show what agrees
                for text, note in [(d.play, d.why)] + [(r, "") for r in d.reply]:
                    act = state.parse_action(text)
                    steps.append(Step(state.to_move, act, note))
                    state.push(act)
        rest = library.play_out(self.bare, state.copy()) if not state.is_over else []
        for text in rest:   # the hand's end, best play for both sides
            act = state.parse_action(text)
            steps.append(Step(state.to_move, act))
            state.push(act)
        return steps


# --------------------------------------------------------------------------- the board
WIDGET_STYLE = """<style>
.tt-board-grid{background:#e9f2ea;border-radius:.6em;padding:.5em;gap:.3em .8em;width:max-content}
.tutor-puzzle .tutor-card.jupyter-button{min-width:2.7em;height:3.3em;font-size:1.1em;line-height:1.1}
.tutor-puzzle .tutor-card.jupyter-button:hover:enabled{outline:3px solid #e6a100}
.tutor-puzzle .widget-dropdown{width:auto}
</style>"""

def _handler(method):
    """A handler: nothing escapes it (``common.safe``) and the board is redrawn after it."""
    @functools.wraps(method)
    def run(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        finally:
            self._refresh()
    return safe(run)


class PuzzleBoard(StaticPicture):
    """Double-dummy puzzles one after another, played against the best defence.

    ``source``: a collection or list of puzzles (``tutor.puzzles.load``), one puzzle, a path to
    a puzzle file or folder, a game's name (the collection that comes with trick-tutor:
    ``PuzzleBoard("raub", level=1)``; a folder of that name is ``"./raub"``), ``"mine"`` (the
    learner's own saved puzzles) or a play-phase state (the learner's side to move then plays
    for the best result the solver finds).
    ``theme``/``level``/``game`` filter the set; ``teacher=True`` (or building a book's teacher
    edition, :func:`tutor.edition.is_teacher`) adds the solution to the static picture
    (``teacher_html()`` gives it at any time); ``store`` is the learner's
    :class:`tutor.progress.Store` (default: the learner's own file); ``rated=False`` makes a
    board for demonstration that records nothing.

    ``mode`` says what the board is doing: ``"play"`` (the learner's move), ``"failed"`` (a
    wrong card was refuted: retry from the mistake, or show the solution), ``"solved"``, or
    ``"solution"`` (stepping through the solution line).

    Choices where the issue left room: the learner plays every seat of the hero's side (the
    partner too); the defence answers at once, without a pause; an attempt counts for the
    rating once, the first time the puzzle is finished: solved without a wrong card and
    without the hint's last step (the card itself), or not; retries afterwards are practice.
    """

    def __init__(self, source, theme: str | None = None, level: int | None = None,
                 game: str | None = None, teacher: bool = False, store=None,
                 rated: bool = True):
        self.teacher = bool(teacher) or is_teacher()   # the teacher edition of a book
        self.rated = bool(rated)
        self._store = store
        self.all = [Coach(p) for p in _puzzles(source)]
        if not self.all:
            raise TutorError("there is no puzzle to show here")
        self.theme = self.level = self.game = None
        self.shown = list(self.all)
        self.index = 0
        self.message, self.tone = "", "info"
        self.busy = False
        self._build_widgets()
        self._select(theme, level, game)
        self._open(0)

    # -- the current puzzle -------------------------------------------------------------
    @property
    def coach(self) -> Coach:
        return self.shown[self.index]

    @property
    def puzzle(self):
        """The puzzle on the board (a :class:`tutor.puzzles.Puzzle`)."""
        return self.coach.puzzle

    def _open(self, index: int) -> None:
        for row in getattr(self, "_rows", {}).values():
            row.children = ()
        _close(getattr(self, "_pool", {}).values())   # another puzzle: other cards, other trumps
        self._pool = {}
        self.index = index
        self.state = self.coach.fresh()
        self.mode = "play"
        self.mistake: int | None = None         # how many actions stood before the wrong card
        self.wrong: Verdict | None = None
        self.hint_steps: dict[int, list[str]] = {}
        self._ladders: dict[int, list[str]] = {}
        self.gave_card = False                  # the hint's last step (the card) was shown
        self.solution_steps: list[Step] = []
        self.solution_at = 0
        self.log: list[str] = []
        self._counted = not self.rated      # an unrated board never counts
        self._say("", "info")
        self._defend()
        self._refresh()

    # -- handlers: what the buttons call (a refused click changes nothing) ---------------
    @_handler
    def play(self, action) -> bool:
        """Play a card (or another action) for the seat on move of the learner's side; the
        defence answers at once. Returns whether the move was right."""
        if self.mode == "solution":
            raise TutorError("You are looking at the solution: press Start again to play it yourself.")
        if self.mode == "failed":
            raise TutorError("That card was refuted: press Retry from the mistake, or Show solution.")
        if self.mode == "solved":
            raise TutorError("This puzzle is solved: go on to the next one, or start it again.")
        state, coach = self.state, self.coach
        if state.to_move not in coach.side:
            raise TutorError("It is not your turn.")
        act = state.parse_action(action)
        seat = state.to_move
        if act not in state.legal_actions():
            state.apply(act, seat=seat)     # raises the rules' own reason and changes nothing
        with self._thinking():
            verdict = coach.judge(state, act)
            before = len(state.actions)
            state.apply(act, seat=seat)
            self._note(seat, act)
            if not verdict.right:
                self.mistake, self.wrong, self.mode = before, verdict, "failed"
                self._defend(verdict.refutation, before)
                self._say(verdict.why, "bad")
                self._rate(False)
                return False
            self._defend()
            outcome = coach.outcome(state) if state.is_over else "open"
        if outcome == "solved":
            self.mode = "solved"
            self._say(" ".join(x for x in ("Solved!", coach.explanation) if x), "good")
            self._rate(not self.gave_card)
        else:
            self._say(f"Good: the {action_words(act)}." + (f" {verdict.why}" if verdict.why else ""),
                      "good")
        return True

    click = play

    @_handler
    def hint(self) -> str:
        """The next step of this decision's hint ladder (a nudge, then the principle, then
        the card); after the last, says that it was the last. Returns the text shown."""
        if self.mode != "play" or self.state.to_move not in self.coach.side:
            raise TutorError("No hint now: there is no decision of yours on the board.")
        key = len(self.state.actions)
        if key not in self._ladders:
            with self._thinking():
                self._ladders[key] = list(self.coach.ladder(self.state))
        ladder, shown = self._ladders[key], self.hint_steps.setdefault(key, [])
        if len(shown) >= len(ladder):
            text = "That was the hint's last step: it named the card."
            self._say(text, "info")
            return text
        shown.append(ladder[len(shown)])
        if len(shown) == len(ladder):
            self.gave_card = True
        self._say("", "info")
        return shown[-1]

    @_handler
    def retry(self) -> bool:
        """Go back to just before the wrong card, exactly as the position stood."""
        if self.mode != "failed" or self.mistake is None:
            raise TutorError("There is no mistake to go back to.")
        wrong = self.wrong.refutation[0] if self.wrong and self.wrong.refutation else ""
        self._back_to(self.mistake)
        self.mistake, self.wrong, self.mode = None, None, "play"
        self._say(f"Back to just before the {action_words(wrong)}: try another card." if wrong
                  else "Back to just before the mistake: try another card.", "info")
        return True

    @_handler
    def restart(self) -> bool:
        """Start this puzzle again from its first position."""
        self._back_to(0)
        self.mistake, self.wrong, self.mode = None, None, "play"
        self.solution_steps, self.solution_at = [], 0
        self._defend()
        self._say("From the start again.", "info")
        return True

    @_handler
    def show_solution(self) -> bool:
        """Set the position back to the start and step through the solution with ``step``."""
        with self._thinking():
            steps = self.coach.solution()
        self._rate(False)
        self._back_to(0)
        self.mistake, self.wrong, self.mode = None, None, "solution"
        self.solution_steps, self.solution_at = steps, 0
        self._say("The solution: step through it with Forward and Back.", "info")
        return True

    @_handler
    def step(self, by: int = 1) -> bool:
        """``by`` steps forward (back when negative) through the solution line."""
        if self.mode != "solution":
            raise TutorError("Press Show solution first.")
        check_whole_number(by, "the number of steps")
        target = min(max(self.solution_at + by, 0), len(self.solution_steps))
        if target == self.solution_at:
            raise TutorError("That is the end of the solution." if by > 0
                             else "That is the start of the solution.")
        while self.solution_at < target:
            s = self.solution_steps[self.solution_at]
            self.state.apply(s.action, seat=s.seat)
            self._note(s.seat, s.action)
            self.solution_at += 1
        while self.solution_at > target:
            self.state.undo()
            self.log.pop()
            self.solution_at -= 1
        note = self.solution_steps[target - 1].note if target else ""
        where = f"Step {target} of {len(self.solution_steps)}" if target else "The start"
        self._say(f"{where}." + (f" {note}" if note else ""), "info")
        return True

    @_handler
    def next(self) -> bool:
        """The next puzzle of the set (as filtered)."""
        if self.index + 1 >= len(self.shown):
            raise TutorError("That was the last puzzle of the set.")
        self._open(self.index + 1)
        return True

    @_handler
    def previous(self) -> bool:
        """The previous puzzle of the set (as filtered)."""
        if self.index == 0:
            raise TutorError("This is the first puzzle of the set.")
        self._open(self.index - 1)
        return True

    @_handler
    def choose(self, which) -> bool:
        """Open a puzzle of the set by its number (from 1) or its id."""
        if isinstance(which, int) and not isinstance(which, bool):
            if not 1 <= which <= len(self.shown):
                raise TutorError(f"there is no puzzle {which} here: choose 1 to {len(self.shown)}")
            self._open(which - 1)
            return True
        for i, coach in enumerate(self.shown):
            if coach.id == which:
                self._open(i)
                return True
        raise TutorError(f"there is no puzzle {str(which)[:40]!r} among those shown")

    @_handler
    def filter(self, theme: str | None = None, level: int | None = None,
               game: str | None = None) -> bool:
        """Show only the puzzles with ``theme``, at ``level`` and of ``game`` (None: any)."""
        keep = self.coach
        self._select(theme, level, game)
        if keep in self.shown:
            self.index = self.shown.index(keep)
        else:
            self._open(0)
        return True

    # -- internals ----------------------------------------------------------------------
    def _select(self, theme, level, game) -> None:
        theme = str(theme).strip() if theme else None
        low, high = _levels(level)
        game = str(game).lower() if game else None
        chosen = [c for c in self.all
                  if (theme is None or _has_theme(c.themes, theme))
                  and (low is None or (c.level is not None and low <= c.level <= high))
                  and (game is None or c.game == game)]
        if not chosen:
            shown = None if low is None else (f"level {low}" if low == high else f"levels {low} to {high}")
            wanted = " and ".join(x for x in (theme and f"the theme {theme[:40]!r}", shown,
                                              game and f"the game {game[:20]}") if x)
            raise TutorError(f"no puzzle here has {wanted}")
        self.theme, self.game = theme, game
        self.level = low if low == high else (low, high)
        self.shown = chosen

    def _defend(self, refutation: Sequence[str] = (), since: int = 0) -> None:
        """The other side plays until it is the learner's turn again or the hand is over."""
        state, coach = self.state, self.coach
        while not state.is_over and state.to_move not in coach.side:
            seat = state.to_move
            act = coach.reply(state, refutation, since)
            state.apply(act, seat=seat)
            self._note(seat, act)

    def _back_to(self, count: int) -> None:
        while len(self.state.actions) > count:
            self.state.undo()
            if self.log:
                self.log.pop()

    def _rate(self, solved: bool) -> None:
        """The first finished attempt at a puzzle counts; later ones are practice."""
        if self._counted:
            return
        self._counted = True
        hints = max((len(v) for v in self.hint_steps.values()), default=0)
        library.rating.record(self.store, self.puzzle, solved, hints=hints)

    @property
    def store(self):
        if self._store is None:
            self._store = progress.Store()
        return self._store

    def _thinking(self):
        return _Thinking(self)

    def _note(self, seat: int, action: Action) -> None:
        self.log.append(f"{seat_label(self.state, seat, self.coach.hero, self.coach.side)}: "
                        f"{action_words(action)}")

    def _say(self, text: str, tone: str = "info") -> None:
        self.message, self.tone = text, tone

    def _show_error(self, text: str) -> None:   # called by common.safe
        self._say(text[:1].upper() + text[1:], "bad")
        self.busy = False
        self._refresh()

    # -- pictures -----------------------------------------------------------------------
    def header_html(self) -> str:
        coach = self.coach
        bits = [f"Puzzle {self.index + 1} of {len(self.shown)}", coach.game.capitalize()]
        if coach.level:
            bits.append(f"level {coach.level}")
        if coach.themes:
            bits.append(", ".join(coach.themes))
        return (f'<div class="tt-note">{html.escape(" · ".join(bits))}</div>'
                f'<div style="font-size:1.15em;font-weight:bold">{html.escape(coach.title)}</div>'
                f'<div class="tt-goal"><b>Goal:</b> {html.escape(coach.goal_text)}</div>')

    def message_html(self) -> str:
        parts = []
        if self.busy:
            parts.append('<div class="tt-say tt-info tutor-busy">The defence is thinking…</div>')
        if self.message:
            cls = {"good": "tt-good", "bad": "tt-bad"}.get(self.tone, "tt-info")
            parts.append(f'<div class="tt-say {cls}">{html.escape(self.message)}</div>')
        if self.mode == "failed" and self.wrong is not None and self.mistake is not None:
            start = self._state_at(self.mistake)
            line = self.wrong.refutation
            if self.coach.hidden:
                # the hidden hands stay hidden: only the cards already on the table
                line = line[:len(self.state.actions) - self.mistake]
            tricks = line_words(start, line, self.coach.hero)
            if tricks:
                items = "".join(f"<li>{html.escape(t)}</li>" for t in tricks)
                parts.append(f'<div class="tt-line tt-mark">How the defence beats it:'
                             f'<ol>{items}</ol></div>')
        return "".join(parts)

    def _state_at(self, count: int):
        st = self.state.copy()
        while len(st.actions) > count:
            st.undo()
        return st

    def hint_html(self) -> str:
        shown = self.hint_steps.get(len(self.state.actions), [])
        if not shown or self.mode != "play":
            return ""
        items = "".join(f"<li>{html.escape(s)}</li>" for s in shown)
        return f'<div class="tt-say tt-info"><b>Hint</b><ol>{items}</ol></div>'

    def solution_html(self, steps: Sequence[Step] | None = None, at: int | None = None) -> str:
        steps = self.solution_steps if steps is None else steps
        if not steps:
            return ""
        start = self.coach.start
        items = []
        for i, s in enumerate(steps):
            who = seat_label(start, s.seat, self.coach.hero, self.coach.side)
            note = f" — {html.escape(s.note)}" if s.note else ""
            now = ' class="tt-now"' if at is not None and i == at - 1 else ""
            items.append(f"<li{now}>{html.escape(who)}: {html.escape(action_words(s.action))}{note}</li>")
        return f'<div class="tt-line"><b>Solution</b><ol>{"".join(items)}</ol></div>'

    def log_html(self) -> str:
        if not self.log:
            return ""
        items = "".join(f"<li>{html.escape(line)}</li>" for line in self.log)
        return f'<details class="tt-line"><summary>Cards played</summary><ol>{items}</ol></details>'

    def progress_text(self) -> str:
        """The learner's rating in this game and how many of the puzzles shown are solved."""
        ids = [c.id for c in self.shown]
        solved = sum(1 for i in ids if any(a.get("solved") for a in self.store.attempts(i)))
        text = f"Solved {solved} of the {len(ids)} puzzle{'s' if len(ids) != 1 else ''} shown."
        if self.store.rating("learner", self.coach.game) is None:
            return text + f" Your {self.coach.game.capitalize()} rating starts with your first puzzle."
        mine = library.rating.learner_rating(self.store, self.coach.game)
        return text + (f" Your {self.coach.game.capitalize()} rating: {mine.rating:.0f}"
                       f" (± {2 * mine.rd:.0f}).")

    def static_html(self, teacher: bool | None = None) -> str:
        """The board as a picture: what the puzzle is, the table as it stands (the hidden
        seats as card backs), the last message; for a teacher (``teacher=True`` here or on the
        board, or the teacher edition of a book: :func:`tutor.edition.is_teacher`) also the
        solution and the idea, marked as the teacher's part."""
        from ..edition import is_teacher, teacher_block
        coach = self.coach
        parts = [render.STYLE, BOARD_STYLE, '<div class="tutor-puzzle">', self.header_html(),
                 board_html(self.state, coach.hero, coach.side, coach.hidden),
                 self.message_html(), self.hint_html()]
        if (self.teacher or is_teacher()) if teacher is None else teacher:
            answer = self.solution_html(coach.solution())
            if coach.explanation:
                answer += (f'<div class="tt-say tt-info"><b>The idea:</b> '
                           f'{html.escape(coach.explanation)}</div>')
            parts.append(teacher_block(answer))
        elif self.mode == "solution":
            parts.append(self.solution_html(at=self.solution_at))
        parts.append("</div>")
        return "".join(parts)

    def teacher_html(self) -> str:
        """The static picture with the solution line and the explanation (a teacher's view)."""
        return self.static_html(teacher=True)

    def summary(self) -> str:
        coach = self.coach
        lines = [f"Puzzle {self.index + 1} of {len(self.shown)}: {coach.title}",
                 f"Goal: {coach.goal_text}",
                 board_text(self.state, coach.hero, coach.side, coach.hidden)]
        if self.message:
            lines.append(self.message)
        return "\n".join(lines)

    # -- widgets ------------------------------------------------------------------------
    def _build_widgets(self) -> None:
        import ipywidgets as W
        self.W = W
        from ipywidgets.widgets.widget_string import HTMLStyle
        shared_layout, shared_style = W.Layout(), HTMLStyle()

        def text(value=""):   # the board's many HTML panes share one layout and one style
            return W.HTML(value, layout=shared_layout, style=shared_style)

        self.style_box = text(CSS + render.STYLE + BOARD_STYLE + WIDGET_STYLE)
        self.header = text()
        self.cells = {a: W.VBox(layout=W.Layout(grid_area=a, align_items="center"))
                      for a in "nwes"}
        self.centre = W.HTML(layout=W.Layout(grid_area="c"))
        self.grid = W.GridBox(list(self.cells.values()) + [self.centre], layout=W.Layout(
            grid_template_columns="auto auto auto", grid_template_rows="auto auto auto",
            grid_template_areas='". n ." "w c e" ". s ."', justify_items="center",
            align_items="center"))
        self.grid.add_class("tt-board-grid")
        self.tally = text()
        self.message_box = text()
        self.hint_box = text()
        self.solution_box = text()
        self.log_box = text()
        self.status = text()

        def control(label, tip, handler, icon):
            b = action_button(label, None, handler, tip=tip)
            b.icon = icon
            b.add_class("tutor-control")
            return b

        self.hint_button = control("Hint", "A nudge, then the principle, then the card", self.hint,
                                   "lightbulb-o")
        self.retry_button = control("Retry from the mistake", "Back to just before the wrong card",
                                    self.retry, "undo")
        self.solution_button = control("Show solution", "Step through the solution from the start",
                                       self.show_solution, "eye")
        self.back_button = control("Back", "One step back in the solution", lambda: self.step(-1),
                                   "step-backward")
        self.forward_button = control("Forward", "One step on in the solution", lambda: self.step(1),
                                      "step-forward")
        self.restart_button = control("Start again", "This puzzle again from its start", self.restart,
                                      "refresh")
        self.previous_button = control("Previous puzzle", "The previous puzzle of the set",
                                       self.previous, "arrow-left")
        self.next_button = control("Next puzzle", "The next puzzle of the set", self.next,
                                   "arrow-right")
        themes = sorted({t for c in self.all for t in c.themes}, key=str.lower)
        levels = sorted({c.level for c in self.all if c.level})
        self.theme_menu = W.Dropdown(options=[("any theme", "")] + [(t, t) for t in themes],
                                     description="Theme:", layout=W.Layout(width="18em"))
        self.level_menu = W.Dropdown(options=[("any level", 0)] + [(f"level {n}", n) for n in levels],
                                     description="Level:", layout=W.Layout(width="14em"))
        self.theme_menu.tooltip = "Show only the puzzles of one theme"
        self.level_menu.tooltip = "Show only the puzzles of one level (1 easy, 5 hard)"
        self.theme_menu.add_class("tutor-action")
        self.level_menu.add_class("tutor-action")
        self._menus_quiet = False
        self.theme_menu.observe(lambda change: self._menu_changed(), names="value")
        self.level_menu.observe(lambda change: self._menu_changed(), names="value")
        self.controls = W.HBox([self.hint_button, self.retry_button, self.solution_button,
                                self.back_button, self.forward_button, self.restart_button],
                               layout=W.Layout(flex_flow="row wrap"))
        menus = [m for m, n in ((self.theme_menu, themes), (self.level_menu, levels)) if n]
        self.navigation = W.HBox([self.previous_button, self.next_button] + menus,
                                 layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.widget = W.VBox([self.style_box, self.header, self.grid, self.tally, self.message_box,
                              self.hint_box, self.controls, self.solution_box, self.log_box,
                              self.navigation, self.status])
        self.widget.add_class("tutor-puzzle")
        self.widget.add_class("tutor-root")
        self.card_buttons: dict[str, object] = {}
        self.action_buttons: dict[str, object] = {}
        self._labels = {a: text() for a in "nwes"}
        self._hands = {a: text() for a in "nwes"}
        self._rows = {a: W.HBox(layout=W.Layout(flex_flow="row wrap")) for a in "nwes"}
        self._pool: dict = {}            # this puzzle's card and action buttons
        self._card_actions: dict = {}

    def _menu_changed(self) -> None:
        if not self._menus_quiet:
            self.filter(self.theme_menu.value or None, self.level_menu.value or None, self.game)

    def _refresh(self) -> None:
        if not hasattr(self, "state"):
            return
        W, state, coach = self.W, self.state, self.coach
        self.header.value = self.header_html()
        areas = _areas(state, coach.hero)
        mine = self.mode == "play" and not self.busy and state.to_move in coach.side
        legal = state.legal_actions() if mine else []
        self.card_buttons, self.action_buttons = {}, {}
        self._card_actions = {}
        content: dict[str, list] = {a: [] for a in "nwes"}
        for seat in range(state.players):
            area = areas[seat]
            label = seat_label(state, seat, coach.hero, coach.side)
            marks = " · ".join(seat_marks(state, seat))
            turn = " tt-turn" if seat == state.to_move else ""
            you = " tt-you" if seat in coach.side else ""
            self._labels[area].value = (
                f'<div class="tt-board"><span class="tt-seat-box{turn}"><span class="tt-who{you}">'
                f'{html.escape(label)}</span> <span class="tt-mark">{html.escape(marks)}</span>'
                f'</span></div>')
            content[area].append(self._labels[area])
            if mine and seat == state.to_move:
                row = [self._card_button(state, card, legal) for card in _sorted(state, state.hands[seat])]
                others = [a for a in legal if a.card is None or a.card not in state.hands[seat]]
                row += [self._action_button(act) for act in others]
                self._rows[area].children = tuple(row)
                content[area].append(self._rows[area])
            else:
                self._hands[area].value = hand_cell_html(state, seat, coach.hidden)
                content[area].append(self._hands[area])
        for area, cell in self.cells.items():
            if cell.children != tuple(content[area]):
                cell.children = tuple(content[area])
        self.centre.value = (f'<div class="tt-board"><div class="tt-centre" style="padding:.4em">'
                             f'{centre_html(state, coach.hero)}</div></div>')
        self.tally.value = f'<div class="tt-note">{html.escape(tally_text(state, coach.hero, coach.side))}</div>'
        self.message_box.value = self.message_html()
        self.hint_box.value = self.hint_html()
        self.solution_box.value = (self.solution_html(at=self.solution_at)
                                   if self.mode == "solution" else "")
        self.log_box.value = self.log_html()
        self.hint_button.disabled = not mine
        self.retry_button.disabled = self.mode != "failed"
        self.solution_button.disabled = self.mode == "solution" or self.busy
        self.back_button.disabled = self.mode != "solution" or self.solution_at == 0
        self.forward_button.disabled = (self.mode != "solution"
                                        or self.solution_at >= len(self.solution_steps))
        self.restart_button.disabled = self.busy
        self.previous_button.disabled = self.index == 0 or self.busy
        self.next_button.disabled = self.index >= len(self.shown) - 1 or self.busy
        self._menus_quiet = True
        try:
            wanted = (self.theme or "").lower()
            self.theme_menu.value = next((v for _, v in self.theme_menu.options
                                          if wanted and v.lower() == wanted), "")
            self.level_menu.value = self.level if isinstance(self.level, int) else 0
        finally:
            self._menus_quiet = False
        self.status.value = f'<div class="tt-note">{html.escape(self.progress_text())}</div>'

    def _card_button(self, state, card: Card, legal: Sequence[Action]):
        """The card's button, made once per puzzle and kept (a notebook then stores a few
        dozen widgets per board, not new ones at every click)."""
        acts = [a for a in legal if a.card == card and a.verb == "play"]
        act = acts[0] if acts else None
        b = self._pool.get(card)
        if b is None:
            rules = getattr(state, "trick_rules", None)
            b = card_button(card, None, trump=bool(rules is not None and rules.is_trump(card)))
            b.on_click(lambda _b, c=card: self._card_clicked(c))
            self._pool[card] = b
        b.disabled = act is None
        b.tooltip = str(act) if act is not None else card.name
        self._card_actions[card] = act
        if act is not None:
            self.card_buttons[str(act)] = b
        return b

    def _card_clicked(self, card: Card):
        act = self._card_actions.get(card)
        if act is not None:
            self.play(act)

    def _action_button(self, act: Action):
        key = str(act)
        b = self._pool.get(key)
        if b is None:
            b = action_button(action_words(act).capitalize(), act, lambda a=act: self.play(a))
            self._pool[key] = b
        self.action_buttons[key] = b
        return b


def _close(widgets) -> None:
    """Close widgets (and the widgets inside boxes) that are no longer shown, so that neither
    the kernel nor a saved notebook keeps their models."""
    for w in widgets:
        _close(getattr(w, "children", ()) or ())
        w.close()


class _Thinking:
    """The busy state around the solver's work: the board says the defence is thinking and
    takes no clicks meanwhile; whatever happens, the board is redrawn afterwards."""

    def __init__(self, board: PuzzleBoard):
        self.board = board

    def __enter__(self):
        self.board.busy = True
        self.board._refresh()

    def __exit__(self, *exc):
        self.board.busy = False
        self.board._refresh()
        return False


def _levels(level) -> tuple[int | None, int | None]:
    """A level filter as (low, high): a level 1-5, a (low, high) pair, or None/0 for any."""
    if level in (None, "", 0):
        return None, None
    if isinstance(level, (tuple, list)) and len(level) == 2:
        low, high = level
    else:
        low = high = level
    for x in (low, high):
        if isinstance(x, bool) or not isinstance(x, int) or not 1 <= x <= 5:
            raise TutorError(f"a level is a whole number from 1 to 5, not {str(x)[:20]!r}")
    return min(low, high), max(low, high)


def _has_theme(themes: Sequence[str], wanted: str) -> bool:
    """A theme matches by its name or by words in it, in any case: "left bower" finds "the left
    bower ruffs"."""
    wanted = " ".join(wanted.lower().split())
    return any(wanted == t.lower() or wanted in t.lower() for t in themes)


def _puzzles(source) -> list:
    """The puzzles of a board's source (see :class:`PuzzleBoard`)."""
    from pathlib import Path
    from .. import games
    from ..games import HandState
    if isinstance(source, library.Puzzle):
        return [source]
    if isinstance(source, library.Collection):
        return list(source)
    if isinstance(source, HandState):
        return [library.from_moment(source, source.to_move, title="A position to play")]
    if isinstance(source, str) and source == "mine":
        path = my_puzzles_path()
        mine = list(library.load(path)) if path.exists() else []
        if not mine:
            raise TutorError("you have no puzzles of your own yet: after a hand at the play "
                             "table, press Save as puzzle next to a costly card in the review")
        return mine
    if isinstance(source, str) and source.strip().lower() in games.GAMES:
        # a bare game name is the shipped collection (a folder of that name: "./euchre")
        return list(library.shipped(source.strip().lower()))
    if isinstance(source, (str, Path)):
        return list(library.load(source))
    if isinstance(source, (list, tuple)):
        return [p for item in source for p in _puzzles(item)]
    raise TutorError(f"a puzzle board shows puzzles, a puzzle file or folder, or a position, "
                     f"not {type(source).__name__}")


# --------------------------------------------------------------------------- save as puzzle
MINE = "mine.toml"


def my_puzzles_path():
    """The learner's own puzzle set: ``mine.toml`` in the learner's data directory."""
    return progress.data_dir() / MINE


def moment(state, before: int | None = None):
    """The hand as it stood before its action number ``before`` (from 0; None: as it stands
    now), rebuilt from the hand's record (the hand itself is not changed)."""
    if before is None:
        return state.copy()
    from .. import games
    record = state.record()
    if not isinstance(before, int) or isinstance(before, bool) or not 0 <= before <= len(record["actions"]):
        raise TutorError(f"there is no moment {before!r} in this hand "
                         f"(it has {len(record['actions'])} actions)")
    record = dict(record, actions=record["actions"][:before])
    return games.replay(record)


def save_as_puzzle(state, seat: int, before: int | None = None, title: str = "",
                   path=None):
    """"Save as puzzle": the moment of a played hand before action ``before`` (a costly card
    of the learner's, as the review lists it) becomes a puzzle in the learner's own set
    (``mine.toml`` in the data directory, or ``path``), with the best result the learner's
    side could still make sure of as its goal. Returns the puzzle.

    The set is written through :func:`tutor.puzzles.save` (atomically); a moment already in
    it is not saved twice. The puzzle is completed by the certifier (solution tree, hints,
    themes, level) when it certifies; a moment with more than one winning card at some
    decision is kept half-written, and the board then judges it by the solver."""
    from pathlib import Path
    at = moment(state, before)
    if at.phase != "play" or at.to_move is None:
        raise TutorError("only a moment of the card play can become a puzzle")
    if at.to_move != seat:
        raise TutorError(f"at that moment it is {at.seat_name(at.to_move)}'s turn, "
                         f"not {at.seat_name(seat)}'s")
    name = title or f"My {at.game.capitalize()} hand: {at.seat_name(seat)} to play"
    puzzle = library.from_moment(at, seat, title=name)
    try:
        puzzle = library.complete(puzzle)
    except TutorError:
        pass   # not a one-card-only puzzle: kept half-written, the board judges it by the solver
    target = Path(path) if path is not None else my_puzzles_path()
    mine = list(library.load(target)) if target.exists() else []
    if any(p.id == puzzle.id for p in mine):
        raise TutorError("this moment is already in your puzzles")
    library.save(mine + [puzzle], target)
    return puzzle


class SaveAsPuzzle(StaticPicture):
    """The "Save as puzzle" button for one moment of a played hand (for the hand review of
    the play table): class ``tutor-action``, tooltip ``save as puzzle``; a click saves the
    moment with :func:`save_as_puzzle` and says where it went (or why not)."""

    def __init__(self, state, seat: int, before: int | None = None, path=None):
        import ipywidgets as W
        # a copy: the table may undo or play on before a (stale) click reaches the button
        self.state, self.seat, self.before, self.path = state.copy(), seat, before, path
        self.puzzle = None
        self.message = ""
        self.button = action_button("Save as puzzle", None, self.save,
                                    tip="Keep this moment as a puzzle in your own set")
        self.button.icon = "bookmark"
        self.button.add_class("tutor-control")
        self.note = W.HTML()
        self.widget = W.HBox([self.button, self.note], layout=W.Layout(align_items="center"))

    @safe
    def save(self):
        """What the click does: save the moment; returns the puzzle (None when refused)."""
        self.puzzle = save_as_puzzle(self.state, self.seat, self.before, path=self.path)
        self.message = ("Saved to your puzzles: open them with PuzzleBoard(\"mine\").")
        self.button.disabled = True
        self._refresh()
        return self.puzzle

    def _show_error(self, text: str) -> None:
        self.message = text[:1].upper() + text[1:]
        self._refresh()

    def _refresh(self):
        self.note.value = f'<span class="tt-note">{html.escape(self.message)}</span>'

    def static_html(self) -> str:
        return f'{render.STYLE}<span class="tt-note">{html.escape(self.summary())}</span>'

    def summary(self) -> str:
        return self.message or "Save as puzzle: keep this moment as a puzzle in your own set."
