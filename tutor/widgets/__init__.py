"""Notebook front ends (ipywidgets). They hold no rules: they render what a seat may see and send
actions to the state, which decides what is legal.

    from tutor.widgets import PlayTable, PuzzleBoard, ScoreSheet
    PlayTable("euchre", seed=3)                     # the learner (South) against three bots
    PlayTable("lora", seed=5, contract="queens")    # practise one contract on fresh deals
    ScoreSheet(games.new_match("raub", seed=1))     # a match's score sheet on its own
    PuzzleBoard("puzzles/euchre", theme="left bower")   # double-dummy puzzles, best defence

Modules: ``table`` (the play table), ``sheet`` (the score sheet), ``review`` (the post-hand
review), ``practice`` (practice by contract), ``exercises`` (the lesson exercises and the
lesson's record, see its docstring), ``courses`` (the course index), ``puzzle_board`` (the
puzzle board and "Save as puzzle"), ``common`` (card and action buttons, the hand's sort order,
the busy state, safe handlers, static pictures) and ``words`` (every engine identifier in
words).

    from tutor.widgets import Lesson, PickCards, WhoWins, ScoreIt, Decide, Quiz
    lesson = Lesson("euchre/02-ordering-up")  # the exercises of one lesson and its summary
"""

from .exercises import Decide, Lesson, PickCards, Quiz, ScoreIt, SeatView, WhoWins, settle
from .puzzle_board import PuzzleBoard, SaveAsPuzzle, save_as_puzzle
from .sheet import ScoreSheet
from .table import PlayTable

__all__ = ["PlayTable", "ScoreSheet", "Lesson", "PickCards", "WhoWins", "ScoreIt", "Decide",
           "Quiz", "SeatView", "settle", "PuzzleBoard", "SaveAsPuzzle", "save_as_puzzle"]
