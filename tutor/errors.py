"""Errors a user can cause. Every one derives from :class:`TutorError`."""


class TutorError(Exception):
    """Base class of every error caused by user input (cards, actions, rules, puzzles)."""


class CardError(TutorError, ValueError):
    """A card or card list could not be read; the message names the offending token."""

    def __init__(self, message: str, token: str | None = None):
        super().__init__(message)
        self.token = token


class IllegalAction(TutorError, ValueError):
    """An action that the rules do not allow now; the state is left unchanged."""


class RulesError(TutorError, ValueError):
    """An unknown option, a bad option value, or options that cannot be combined."""


class PuzzleError(TutorError, ValueError):
    """A broken puzzle file: the message names the file, the puzzle and the field."""


class PositionError(TutorError, ValueError):
    """A position that no real hand could reach (cards, counts, tricks or options out of bounds)."""


class RecordError(TutorError, ValueError):
    """A saved hand record that cannot be read or replayed; the message says which field or action."""


class BookError(TutorError, ValueError):
    """A lesson book that cannot be built: the message names the book file, the chapter and the field."""
