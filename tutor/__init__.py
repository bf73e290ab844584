"""trick-tutor: rules tutor, double-dummy solver and puzzle trainer for Lora, Raub, Euchre and Clabber."""

from .errors import CardError, IllegalAction, PuzzleError, RulesError, TutorError

__all__ = ["TutorError", "CardError", "IllegalAction", "RulesError", "PuzzleError"]
__version__ = "0.1.0"
