"""Argument checks shared by every public entry point: one helper per concept (a seat, a dealer,
a seed, a whole number, a finite number), so every game refuses bad input with the same words.

Each helper returns the checked value (normalised where that is safe, e.g. a seed) or raises a
:class:`~tutor.errors.TutorError` subclass whose message quotes the offending value, shortened.
"""

from __future__ import annotations

import math
from typing import Callable

from ..errors import IllegalAction, TutorError

__all__ = ["quote", "check_seat", "check_dealer", "check_seed", "check_whole_number",
           "check_finite"]

QUOTE_LIMIT = 40


def quote(value, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` shortened to about ``limit`` characters, for messages."""
    text = repr(value) if not isinstance(value, str) else "'" + value + "'"
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return text


def _is_whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_whole_number(value, what: str, low: int | None = None, high: int | None = None,
                       error: type[TutorError] = TutorError) -> int:
    """A whole number (not a bool, float or string) within ``low..high`` (inclusive)."""
    if not _is_whole(value):
        raise error(f"{what} must be a whole number, not {quote(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        if low is not None and high is not None:
            raise error(f"{what} must be from {low} to {high}, not {quote(value)}")
        bound = f"at least {low}" if low is not None else f"at most {high}"
        raise error(f"{what} must be {bound}, not {quote(value)}")
    return value


def check_seat(value, players: int, what: str = "seat",
               name: Callable[[int], str] | None = None,
               error: type[TutorError] = IllegalAction) -> int:
    """A seat number ``0..players-1``; ``name`` (seat -> words) lists the seats in the message."""
    if not _is_whole(value) or not 0 <= value < players:
        seats = ", ".join(f"{s} ({name(s)})" if name else str(s) for s in range(players))
        raise error(f"there is no {what} {quote(value)}: the seats are {seats}")
    return value


def check_dealer(value, players: int, name: Callable[[int], str] | None = None,
                 error: type[TutorError] = TutorError) -> int:
    """The dealer's seat (``None`` is handled by the caller: it means 'choose one')."""
    return check_seat(value, players, what="dealer seat", name=name, error=error)


def check_seed(value, error: type[TutorError] = TutorError):
    """A seed for ``random.Random``: ``None``, a whole number or a string."""
    if value is None or _is_whole(value) or isinstance(value, str):
        return value
    raise error(f"a seed must be a whole number or a word, not {quote(value)}")


def check_finite(value, what: str, error: type[TutorError] = TutorError) -> float:
    """A real number that is neither NaN nor infinite (ints and floats, not bools)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise error(f"{what} must be a finite number, not {quote(value)}")
    return value
