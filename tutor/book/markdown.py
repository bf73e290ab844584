"""Markdown pages (a teacher's own pages, the teacher's guide, the rules references) as notebooks
for the book's one page template, with card examples drawn as pictures.

A card example is a fenced block whose info string is ``cards``, ``trick`` or ``deal``; the rest
of the info string is the example's caption::

    ```cards Hearts are trump: the seven trumps, highest first
    JH JD AH KH QH TH 9H
    ```

    ```trick Spades are trump: East's left bower wins
    game: euchre
    trump: S
    plays: West AH, North 9H, East JC, South TS
    winner: East
    ```

    ```deal A hand seen from above
    North: AD KC 9H QS 9S
    East: 5
    South: TS KD AC QH AH
    West: 5
    centre: up-card J♦
    ```

``trick``: ``plays`` lists seat and card in the order played. With ``game`` (and ``trump`` for
the trump games, ``rules`` for a preset) the game's own trick rules work out the winner; a
``winner`` line that disagrees with them stops the build, so a rules reference can never show a
trick won by the wrong card. ``deal``: a seat's cards face up, or a number for that many cards
face down; ``hero`` names the seat drawn as the reader's.

Any other fenced block stays a code block of the page.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import nbformat

from .. import render
from ..cards import Suit, parse_card, parse_cards
from ..errors import TutorError
from .pictures import compass_html, seat_box_html

__all__ = ["page_notebook", "ExampleError", "PICTURE_TAG", "first_heading"]

PICTURE_TAG = "book-picture"
SEATS = ("north", "east", "south", "west")
_FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`]*)$")


class ExampleError(TutorError, ValueError):
    """A card example that cannot be drawn; ``line`` is its first line in the page."""

    def __init__(self, message: str, line: int):
        super().__init__(f"line {line}: {message}")
        self.line = line


def first_heading(text: str) -> str | None:
    """The text of the first ``#`` heading of a Markdown text, if any."""
    in_fence = False
    for line in text.splitlines():
        if _FENCE.match(line):
            in_fence = not in_fence
        elif not in_fence and line.startswith("# "):
            return line[2:].strip().strip("#").strip()
    return None


def page_notebook(text: str, default_game: str | None = None):
    """A notebook of Markdown cells with the card examples as cells of pictures (input hidden)."""
    cells, buffer = [], []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        match = _FENCE.match(lines[i])
        if not match:
            buffer.append(lines[i])
            i += 1
            continue
        fence, info = match["fence"], match["info"].strip()
        end = i + 1
        while end < len(lines) and not lines[end].strip().startswith(fence):
            end += 1
        kind, _, caption = info.partition(" ")
        if kind in _EXAMPLES:
            if buffer:
                cells.append(nbformat.v4.new_markdown_cell("\n".join(buffer).strip("\n")))
                buffer = []
            body = lines[i + 1:end]
            picture = _EXAMPLES[kind](body, caption.strip(), default_game, i + 1)
            cells.append(_picture_cell("\n".join(lines[i:end + 1]), picture))
        else:
            buffer.extend(lines[i:end + 1])
        i = end + 1
    if buffer and "".join(buffer).strip():
        cells.append(nbformat.v4.new_markdown_cell("\n".join(buffer).strip("\n")))
    nb = nbformat.v4.new_notebook()
    nb.cells = cells
    return nb


def _picture_cell(source: str, picture: str):
    cell = nbformat.v4.new_code_cell(source)
    cell.metadata["tags"] = [PICTURE_TAG]
    cell.outputs = [nbformat.v4.new_output("display_data", data={"text/html": picture,
                                                                  "text/plain": source})]
    return cell


def _caption(caption: str) -> str:
    return f'<div class="tt-example-title">{html.escape(caption)}</div>' if caption else ""


def _fields(body: list[str], line: int, allowed: set[str]) -> dict[str, tuple[str, int]]:
    found = {}
    for offset, text in enumerate(body, start=1):
        if not text.strip():
            continue
        key, colon, value = text.partition(":")
        key = key.strip().lower()
        if not colon or key not in allowed:
            raise ExampleError(f"'{text.strip()[:40]}' is not a line of this example (its lines "
                               f"are: {', '.join(sorted(allowed))})", line + offset)
        found[key] = (value.strip(), line + offset)
    return found


def _cards(text: str, line: int):
    try:
        return parse_cards(text)
    except TutorError as err:
        raise ExampleError(str(err), line) from None


def _cards_example(body, caption, game, line) -> str:
    cards = _cards(" ".join(body), line + 1)
    if not cards:
        raise ExampleError("a cards example needs at least one card", line)
    return (f'{render.STYLE}<div class="tt-example">{_caption(caption)}'
            f'<div>{render.cards_html(cards)}</div></div>')


def _seat_index(name: str, line: int) -> int:
    key = name.strip().lower()
    if key not in SEATS:
        raise ExampleError(f"'{name[:20]}' is not a seat (North, East, South or West)", line)
    return SEATS.index(key)


def _trick_rules(game: str, trump: str | None, preset: str | None, line: int):
    from .. import games
    try:
        module = games.module(game)
        suit = Suit.parse(trump) if trump else None
        if game == "euchre":
            if suit is None:
                raise ExampleError("a Euchre trick needs 'trump'", line)
            return module.trick_rules_for(suit, module.resolve(preset))
        if game == "clabber":
            if suit is None:
                raise ExampleError("a Clabber trick needs 'trump'", line)
            return module.trick_rules_for(suit)
        if game == "raub":
            if suit is None:
                raise ExampleError("a Raub trick needs 'trump'", line)
            return module.trick_rules_for(suit, False)
        return module.TRICK_RULES
    except ExampleError:
        raise
    except TutorError as err:
        raise ExampleError(str(err), line) from None


def _trick_example(body, caption, game, line) -> str:
    fields = _fields(body, line, {"game", "trump", "rules", "plays", "winner"})
    if "plays" not in fields:
        raise ExampleError("a trick example needs a 'plays:' line (e.g. plays: West AH, North 9H)", line)
    text, plays_line = fields["plays"]
    plays = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        seat, _, card = part.partition(" ")
        index = _seat_index(seat, plays_line)
        try:
            plays.append((index, parse_card(card.strip())))
        except TutorError as err:
            raise ExampleError(str(err), plays_line) from None
    if not plays:
        raise ExampleError("'plays' lists no cards", plays_line)
    winner = None
    if "winner" in fields:
        winner = _seat_index(*fields["winner"])
    game_name = fields.get("game", (game or "", line))[0].lower()
    trump = fields.get("trump", ("", line))[0] or None
    if game_name and (trump or game_name == "lora") and len(plays) > 1:
        rules = _trick_rules(game_name, trump, fields.get("rules", ("", line))[0] or None, line)
        try:
            by_rules = plays[rules.winner_index([card for _, card in plays])][0]
        except KeyError as err:
            raise ExampleError(f"the card {err} is not in the {game_name} deck", plays_line) from None
        if winner is not None and winner != by_rules:
            raise ExampleError(f"the rules give this trick to {SEATS[by_rules].capitalize()}, "
                               f"not {SEATS[winner].capitalize()}", fields["winner"][1])
        winner = by_rules
    trick = render.Trick(plays, winner=winner, seat_name=lambda seat: SEATS[seat].capitalize())
    return f'<div class="tt-example">{_caption(caption)}{trick._repr_html_()}</div>'


def _deal_example(body, caption, game, line) -> str:
    fields = _fields(body, line, set(SEATS) | {"centre", "center", "hero"})
    seats = {}
    for seat in SEATS:
        if seat in fields:
            text, at = fields[seat]
            content = int(text) if text.isdigit() else _cards(text, at)
            seats[seat] = seat_box_html(seat.capitalize(), content)
    if not seats:
        raise ExampleError("a deal example needs at least one seat line (e.g. South: AH KH)", line)
    centre_text = fields.get("centre", fields.get("center", ("", line)))[0]
    hero = fields.get("hero", ("", line))[0].lower() or None
    if hero is not None and hero not in SEATS:
        raise ExampleError(f"hero '{hero[:20]}' is not a seat", line)
    centre = f'<div class="tt-note">{html.escape(centre_text)}</div>' if centre_text else ""
    return f'<div class="tt-example">{_caption(caption)}{compass_html(seats, centre, hero)}</div>'


_EXAMPLES = {"cards": _cards_example, "trick": _trick_example, "deal": _deal_example}


def read_page(path: Path, default_game: str | None = None):
    """A Markdown file as a page notebook (see :func:`page_notebook`)."""
    return page_notebook(path.read_text(encoding="utf-8"), default_game)
