"""Notebook front ends (ipywidgets). They hold no rules: they render what a seat may see and send
actions to the state, which decides what is legal.

    from tutor.widgets import PlayTable, ScoreSheet
    PlayTable("euchre", seed=3)                     # the learner (South) against three bots
    PlayTable("lora", seed=5, contract="queens")    # practise one contract on fresh deals
    ScoreSheet(games.new_match("raub", seed=1))     # a match's score sheet on its own

Modules: ``table`` (the play table), ``sheet`` (the score sheet), ``review`` (the post-hand
review), ``practice`` (practice by contract), ``exercises`` (the lesson exercises and the
lesson's record, see its docstring), ``courses`` (the course index), ``common`` (card and action
buttons, the hand's sort order, the busy state, safe handlers, static pictures) and ``words``
(every engine identifier in words). The puzzle board builds on ``common`` and ``words``.

    from tutor.widgets import Lesson, PickCards, WhoWins, ScoreIt, Decide, Quiz
    lesson = Lesson("euchre/02-ordering-up")  # the exercises of one lesson and its summary
"""

from .exercises import Decide, Lesson, PickCards, Quiz, ScoreIt, SeatView, WhoWins, settle
from .sheet import ScoreSheet
from .table import PlayTable

__all__ = ["PlayTable", "ScoreSheet", "Lesson", "PickCards", "WhoWins", "ScoreIt", "Decide",
           "Quiz", "SeatView", "settle"]
