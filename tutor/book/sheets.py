"""Puzzle chapters: printable puzzle sheets and, for the teacher, their answer key.

A sheet shows each puzzle as a diagram of the table (South at the bottom; the hands the learner
may not see as card backs), the facts of the hand in words (trump, the contract, tricks won),
the goal in words and ruled lines to write the answer on; two puzzles to a printed page. The
answer key gives, for each puzzle, its title and themes (which name the idea, so the sheets
leave them out), every hand, the solution line with the defence's replies, the hints to give,
the tempting wrong cards with what they cost and how the defence refutes them, and the
explanation. It is printed in the teacher edition only.

Puzzles come from :mod:`tutor.puzzles` (a set file, or a filter over a game's collection by
themes and levels, ``count`` of them picked with a seed).
"""

from __future__ import annotations

import html
import random
import warnings
from pathlib import Path

import nbformat

from .. import puzzles as puzzle_library
from .. import render
from ..errors import BookError, TutorError
from ..puzzles import text as words
from .markdown import PICTURE_TAG
from .pictures import POSITIONS, compass_html, seat_box_html
from .spec import Chapter, PuzzleFilter

__all__ = ["select_puzzles", "sheet_notebook", "answer_key_notebook", "set_title"]

UNITS = {"euchre": ("trick", "tricks"), "raub": ("trick", "tricks"),
         "clabber": ("card point", "card points"), "lora": ("penalty point", "penalty points")}


def select_puzzles(chapter: Chapter, where: str) -> list:
    """The chapter's puzzles, in file order; a broken puzzle or an empty choice stops the build."""
    source = chapter.source
    target = source.folder if isinstance(source, PuzzleFilter) else source
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # broken puzzles are reported below, as an error
        try:
            collection = puzzle_library.load(target)
        except TutorError as err:
            raise BookError(f"{where}: {err}") from None
    if collection.errors:
        more = f" (and {len(collection.errors) - 1} more)" if len(collection.errors) > 1 else ""
        raise BookError(f"{where}: a broken puzzle: {collection.errors[0]}{more}")
    chosen = list(collection)
    if isinstance(source, PuzzleFilter):
        themes = {t.lower() for t in source.themes}
        chosen = [p for p in chosen if p.game == source.game
                  and (not themes or themes & {t.lower() for t in p.themes})
                  and (not source.levels or p.level in source.levels)]
        if source.count is not None and source.count < len(chosen):
            keep = set(random.Random(source.seed).sample(range(len(chosen)), source.count))
            chosen = [p for i, p in enumerate(chosen) if i in keep]
    if not chosen:
        raise BookError(f"{where}: no puzzle matches (the puzzles are read from "
                        f"{_shown(target)})")
    return chosen


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def set_title(chapter: Chapter, chosen: list) -> str:
    source = chapter.source
    if isinstance(source, PuzzleFilter):
        title = f"{source.game.capitalize()} puzzles"
        return title + (f": {', '.join(source.themes)}" if source.themes else "")
    games = sorted({p.game for p in chosen})
    name = Path(source).stem.replace("-", " ").replace("_", " ")
    prefix = " and ".join(g.capitalize() for g in games)
    return f"{prefix} puzzles: {name}" if name.lower() not in {g for g in games} else f"{prefix} puzzles"


# ------------------------------------------------------------------------------- sheets
def _hand_cards(state, seat):
    return render._sorted_hand(state, state.hands[seat])


def diagram_html(puzzle, state=None, every_hand: bool = False) -> str:
    """The table at the puzzle's start as the learner sees it: the hero's hand and every hand
    not hidden face up, hidden hands as backs (``every_hand``: all face up, for the teacher);
    the trick so far in the middle."""
    state = state or puzzle.start_state()
    hero = puzzle.hero
    active = set(getattr(state, "active_seats", None) or range(state.players))
    boxes, rows = {}, []
    for seat in range(state.players):
        name = state.seat_name(seat)
        label = f"You ({name})" if seat == hero else name
        if seat not in active:
            content, note = None, "sits out"
        elif seat in puzzle.hidden and not every_hand:
            content, note = len(state.hands[seat]), ""
        else:
            content, note = _hand_cards(state, seat), ""
        if seat == state.to_move:
            note = (note + ", " if note else "") + "to play"
        box = seat_box_html(label, content, note)
        if name.lower() in POSITIONS and name.lower() not in boxes:
            boxes[name.lower()] = box
        rows.append(box)
    trick = getattr(state, "trick", ())
    centre = ""
    if trick:
        centre = '<div class="tt-note">Played to this trick:</div>' + render.trick_html(trick, state.seat_name)
    if len(boxes) == state.players:
        hero_position = state.seat_name(hero).lower()
        return compass_html(boxes, centre, hero_position)
    items = "".join(f'<div class="tt-seat-box">{box}</div>' for box in rows)
    return f'{render.STYLE}<div class="tt-diagram-list">{items}{centre}</div>'


# Facts of a view that say nothing about how to play the puzzle's cards
_IDLE_FACTS = {"kind", "multiplier", "elder", "eldest", "chooser", "cutter", "hand number"}


def _facts_html(puzzle, state) -> str:
    facts = []
    try:
        view = state.view(puzzle.hero)
        facts = [(k, v) for k, v in render.view_facts(view, state.seat_name)
                 if k not in _IDLE_FACTS]
    except TutorError:
        pass
    if not facts:
        return ""
    text = " · ".join(f"{html.escape(k.capitalize())}: {html.escape(v)}" for k, v in facts)
    return f'<div class="tt-facts">{text}</div>'


def _lines_html(count: int, label: str = "Your answer") -> str:
    if count <= 0:
        return ""
    lines = '<div class="tt-write-line"></div>' * count
    return f'<div class="tt-write"><div class="tt-write-label">{html.escape(label)}:</div>{lines}</div>'


def _heading(number: int, puzzle, key: bool = False) -> str:
    """The puzzle's number, game and level; its title and themes, which mostly name the idea
    ("Draw trumps"), only in the answer key (``key``)."""
    level = f" · level {puzzle.level}" if puzzle.level else ""
    themes = f" · {', '.join(puzzle.themes)}" if key and puzzle.themes else ""
    title = f": {html.escape(puzzle.title)}" if key and puzzle.title else ""
    return (f'<h3 id="puzzle-{number}">Puzzle {number}{title}</h3>'
            f'<div class="tt-puzzle-meta">{html.escape(puzzle.game.capitalize())}{level}'
            f'{html.escape(themes)}</div>')


def puzzle_sheet_html(number: int, puzzle, writing_lines: int) -> str:
    state = puzzle.start_state()
    you = words.you(state, puzzle.hero)
    goal = (f'<p class="tt-goal"><strong>{html.escape(you)}:</strong> '
            f'{html.escape(puzzle.goal.text)}</p>')
    return (f'<section class="tt-puzzle">{_heading(number, puzzle)}{diagram_html(puzzle, state)}'
            f'{_facts_html(puzzle, state)}{goal}{_lines_html(writing_lines)}</section>')


def _cell(picture: str):
    cell = nbformat.v4.new_code_cell("")
    cell.metadata["tags"] = [PICTURE_TAG]
    cell.outputs = [nbformat.v4.new_output("display_data", data={"text/html": picture,
                                                                  "text/plain": ""})]
    return cell


def sheet_notebook(title: str, chosen: list, writing_lines: int):
    nb = nbformat.v4.new_notebook()
    intro = (f"# {title}\n\nEach puzzle shows the table at one moment of a hand, as you see it "
             "from your seat. Read the goal, work out the play, and write your cards — and why — "
             "on the lines.")
    body = "".join(puzzle_sheet_html(n, p, writing_lines) for n, p in enumerate(chosen, start=1))
    nb.cells = [nbformat.v4.new_markdown_cell(intro), _cell(f'<div class="tt-sheet">{body}</div>')]
    return nb


# --------------------------------------------------------------------------- answer key
def _action_words(action: str) -> str:
    try:
        return words.card(action)
    except TutorError:
        return action


def _line(puzzle, before, actions) -> str:
    """Actions in words, trick by trick, with who played them and who won each trick:
    "you 10♠, West K♠, North J♦, East A♠ (North wins); North 10♣, East K♣"."""
    state = puzzle.start_state()
    tricks, current, done = [], [], 0
    try:
        for action in before:
            state.apply(action)
        for action in actions:
            seat = state.to_move
            who = "you" if seat == puzzle.hero else state.seat_name(seat)
            count = len(getattr(state, "tricks", ()))
            state.apply(action)
            done += 1
            current.append(f"{who} {_action_words(action)}")
            finished = getattr(state, "tricks", ())
            if len(finished) > count:
                winner = finished[-1][2]
                name = "you win" if winner == puzzle.hero else f"{state.seat_name(winner)} wins"
                tricks.append(", ".join(current) + f" ({name})")
                current = []
    except TutorError:
        current.extend(_action_words(a) for a in actions[done:])
    if current:
        tricks.append(", ".join(current))
    return "; ".join(tricks)


def _units(game: str, n: int) -> str:
    one, many = UNITS.get(game, ("point", "points"))
    return f"{words.number(n)} {one if n == 1 else many}"


def answer_html(number: int, puzzle) -> str:
    parts = [f'<section class="tt-puzzle tt-answer">{_heading(number, puzzle, key=True)}',
             diagram_html(puzzle, every_hand=True),
             f'<p class="tt-goal">{html.escape(puzzle.goal.text)}</p>']
    if not puzzle.solution:
        parts.append('<p>This puzzle has no written solution yet (run <code>tutor puzzles check '
                     '--write</code> on its file).</p>')
    steps = []
    for decision in puzzle.solution:
        accepted = " or ".join(words.cards(c) for c in decision.accept) or _action_words(decision.play)
        reply = _line(puzzle, decision.before + (decision.play,), decision.reply)
        step = f'<li><span class="tt-answer-line">Play <strong>{html.escape(accepted)}</strong>'
        step += f" — then {html.escape(reply)}" if reply else ""
        step += "</span>"
        if decision.why:
            step += f"<div>{html.escape(decision.why)}</div>"
        nudges = [h for h in decision.hints[:-1] if h]   # the last step names the card itself
        if nudges:
            step += ('<div class="tt-hints">Hints to give: '
                     + " — ".join(html.escape(h) for h in nudges) + "</div>")
        wrongs = []
        for wrong in decision.wrong:
            cards = words.cards(wrong.cards)
            cost = f" costs {_units(puzzle.game, wrong.cost)}" if wrong.cost else " loses the goal"
            line = _line(puzzle, decision.before, wrong.refutation)
            text = f"<strong>{html.escape(cards)}</strong>{html.escape(cost)}"
            if line:
                text += f": {html.escape(line)}"
            if wrong.why:
                text += f". {html.escape(wrong.why)}"
            wrongs.append(f"<li>{text}</li>")
        if wrongs:
            step += f'<div>Tempting but wrong:</div><ul class="tt-refutations">{"".join(wrongs)}</ul>'
        steps.append(step + "</li>")
    if steps:
        parts.append(f'<ol class="tt-solution">{"".join(steps)}</ol>')
    if puzzle.explanation:
        parts.append(f'<p class="tt-explanation"><em>The idea:</em> {html.escape(puzzle.explanation)}</p>')
    parts.append("</section>")
    return "".join(parts)


def answer_key_notebook(title: str, chosen: list):
    nb = nbformat.v4.new_notebook()
    intro = (f"# {title} — answer key\n\nFor the teacher: the solution of each puzzle with the "
             "defence's best replies, the tempting wrong cards and how the defence punishes them.")
    body = "".join(answer_html(n, p) for n, p in enumerate(chosen, start=1))
    nb.cells = [nbformat.v4.new_markdown_cell(intro),
                _cell(f'<div class="tt-answer-key">{body}</div>')]
    return nb
