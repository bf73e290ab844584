"""trick-tutor: rules tutor, double-dummy solver and puzzle trainer for Lora, Raub, Euchre and Clabber."""

from .errors import (CardError, IllegalAction, PositionError, PuzzleError, RecordError,
                     RulesError, TutorError)

__all__ = ["TutorError", "CardError", "IllegalAction", "RulesError", "PuzzleError",
           "PositionError", "RecordError"]
__version__ = "0.1.0"
