"""Pictures a book prints beside the lessons' own: a table seen from above (the seats around a
square, South at the bottom), for rules examples and puzzle sheets. HTML and CSS only, built on
:mod:`tutor.render` (its card faces and styles), so they print and read offline."""

from __future__ import annotations

import html
from typing import Mapping, Sequence

from .. import render
from ..cards import Card

__all__ = ["compass_html", "seat_box_html", "POSITIONS"]

POSITIONS = ("north", "east", "south", "west")


def seat_box_html(name: str, cards: Sequence[Card] | int | None, note: str = "",
                  hero: bool = False) -> str:
    """One seat: its name, its cards face up (a list) or face down (a count), a short note."""
    if isinstance(cards, int):
        row = render.back_html(cards) if cards else '<span class="tt-note">—</span>'
    elif cards:
        row = render.cards_html(cards)
    else:
        row = '<span class="tt-note">—</span>'
    extra = f'<div class="tt-note">{html.escape(note)}</div>' if note else ""
    return (f'<div class="tt-seat-name">{html.escape(name)}</div><div>{row}</div>{extra}')


def compass_html(seats: Mapping[str, str], centre: str = "", hero: str | None = None) -> str:
    """Seats around a square: ``seats`` maps "north"/"east"/"south"/"west" to the inner HTML of
    each seat (see :func:`seat_box_html`); ``centre`` goes in the middle (a trick, a note)."""
    parts = [render.STYLE, '<div class="tt-diagram">']
    for position in POSITIONS:
        if position in seats:
            mark = " tt-hero" if position == hero else ""
            parts.append(f'<div class="tt-seat-box tt-{position}{mark}">{seats[position]}</div>')
    parts.append(f'<div class="tt-centre">{centre}</div></div>')
    return "".join(parts)
