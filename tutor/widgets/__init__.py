"""Notebook front ends (ipywidgets). They hold no rules: they render what a seat may see and send
actions to the state, which decides what is legal.

    from tutor.widgets import PlayTable, PuzzleBoard
    PlayTable("euchre", seat=0, seed=3)      # the learner plays seat 0 against three bots
    PuzzleBoard("puzzles/euchre", theme="left bower")   # double-dummy puzzles, best defence

One module per front end: ``table`` (the play table), ``puzzle_board`` (the puzzle board and
"Save as puzzle"); the score sheet, the hand review and the exercises join them as modules of
their own.
"""

from .puzzle_board import PuzzleBoard, SaveAsPuzzle, save_as_puzzle
from .table import PlayTable

__all__ = ["PlayTable", "PuzzleBoard", "SaveAsPuzzle", "save_as_puzzle"]
