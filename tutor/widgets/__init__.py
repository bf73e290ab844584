"""Notebook front ends (ipywidgets). They hold no rules: they render what a seat may see and send
actions to the state, which decides what is legal.

    from tutor.widgets import PlayTable
    PlayTable("euchre", seat=0, seed=3)      # the learner plays seat 0 against three bots

    from tutor.widgets import Lesson, PickCards, WhoWins, ScoreIt, Decide, Quiz
    lesson = Lesson("euchre/02-ordering-up")  # the exercises of one lesson and its summary

One module per front end: ``table`` (the play table), ``exercises`` (the lesson exercises and
the lesson's record, see its docstring), ``courses`` (the course index).
"""

from .exercises import Decide, Lesson, PickCards, Quiz, ScoreIt, WhoWins, settle
from .table import PlayTable

__all__ = ["PlayTable", "Lesson", "PickCards", "WhoWins", "ScoreIt", "Decide", "Quiz", "settle"]
