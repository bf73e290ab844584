"""Notebook front ends (ipywidgets). They hold no rules: they render what a seat may see and send
actions to the state, which decides what is legal.

    from tutor.widgets import PlayTable
    PlayTable("euchre", seat=0, seed=3)      # the learner plays seat 0 against three bots

One module per front end: ``table`` (the play table); the score sheet, the hand review, the
puzzle board and the exercises join it as modules of their own.
"""

from .table import PlayTable

__all__ = ["PlayTable"]
