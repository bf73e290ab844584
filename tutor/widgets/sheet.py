"""The score sheet: every hand's result with its reason in words, the running totals, the
target, who leads, and the winner once the match is over.

    from tutor import games
    from tutor.widgets import ScoreSheet
    match = games.new_match("euchre", seed=1)
    ScoreSheet(match)            # usable on its own; the play table shows one too

The sheet reads the match's own rows (``match.sheet``), which always equal the sum of the
hands' results as they finally stand (a hand reopened by undo comes off the sheet).
"""

from __future__ import annotations

import ipywidgets as W

from ..errors import TutorError
from . import words
from .common import CSS, StaticPicture, esc

__all__ = ["ScoreSheet", "unit_words", "target_words"]


def unit_words(state, unit, learner: int | None = 0) -> str:
    """A scoring unit in words: "Your side (North/South)", "East/West", "You (South)", "West"."""
    if isinstance(unit, str) and unit in words.SIDES:
        side = words.side_words(unit)
        mine = learner is not None and hasattr(state, "side_of") and state.side_of(learner) == unit
        return f"Your side ({side})" if mine else side
    if isinstance(unit, int):
        return words.seat_label(state.seat_name, unit, learner)
    return str(unit)


def target_words(match) -> str:
    """The match's goal in words."""
    game = match.current.game
    rules = match.rules
    from .practice import PracticeSeries
    if isinstance(match, PracticeSeries):
        return "Practice: fresh deals, totals kept (no target)"
    if game == "euchre":
        return f"First side to {rules.target_score} points wins"
    if game == "clabber":
        return f"First side to {rules.target_score} points wins"
    if game == "raub":
        return (f"Everyone starts at {rules.starting_score} and counts down; the first to reach 0 "
                f"(or below) wins")
    if game == "lora":
        total = getattr(match, "total_hands", None)
        return f"{total} hands; penalty points add up and the lowest total wins"
    return ""


def _low_wins(game: str) -> bool:
    return game in ("raub", "lora")


class ScoreSheet(StaticPicture):
    """A match's score sheet as a widget (``refresh()`` redraws it; the play table calls it
    after every change). ``learner`` is the seat called "You"."""

    def __init__(self, match, learner: int | None = 0):
        if not hasattr(match, "sheet") or not hasattr(match, "current"):
            from ..games.checks import quote
            raise TutorError(f"ScoreSheet needs a match such as games.new_match('euchre', seed=1), "
                             f"not {quote(match)}")
        self.match = match
        self.learner = learner
        self.body = W.HTML()
        self.widget = W.VBox([W.HTML(CSS), self.body])
        self.widget.add_class("tutor-scoresheet")
        self.refresh()

    # -- content ---------------------------------------------------------------------------
    def _units(self) -> list:
        return list(self.match.scores)

    def rows(self) -> list[dict]:
        """The sheet's rows in words: hand, dealer, what happened, points and totals per unit."""
        state = self.match.current
        game = state.game
        out = []
        for row in self.match.sheet:
            reasons = [words.reason_words(game, r) for r in row.get("reasons", [])]
            what = "; ".join(reasons)
            if game == "lora" and row.get("contract"):
                what = f"{words.contract('lora', row['contract'])}: {what}"
            out.append({"hand": row["hand"],
                        "dealer": words.seat_label(state.seat_name, row["dealer"], self.learner),
                        "what": what, "points": row["points"], "totals": row["totals"]})
        return out

    def leader_words(self) -> str:
        match = self.match
        state = match.current
        scores = match.scores
        if not scores or not match.sheet:
            return ""
        game = state.game
        if match.is_over and getattr(match, "winner", None) is not None:
            win = match.winner
            if isinstance(win, tuple):
                names = " and ".join(unit_words(state, w, self.learner) for w in win)
            elif win == "draw":
                names = "nobody (a draw)"
            else:
                names = unit_words(state, win, self.learner)
            return f"The match is over: {names} won."
        best = (min if _low_wins(game) else max)(scores.values())
        leaders = [u for u, v in scores.items() if v == best]
        if len(leaders) == len(scores):
            return "All level."
        who = " and ".join(unit_words(state, u, self.learner) for u in leaders)
        return f"{who} lead{'s' if len(leaders) == 1 and not who.startswith('You ') else ''}."

    def refresh(self) -> None:
        self.body.value = self._html()

    def _html(self) -> str:
        state = self.match.current
        units = self._units()
        heads = "".join(f"<th>{esc(unit_words(state, u, self.learner))}</th>" for u in units)
        body = []
        for row in self.rows():
            cells = "".join(
                f"<td>{words.signed(row['points'].get(u, 0))}<br><b>{row['totals'].get(u, 0)}</b></td>"
                for u in units)
            body.append(f"<tr><td>{row['hand']}</td><td>{esc(row['dealer'])}</td>"
                        f"<td class='tutor-why'>{esc(row['what'])}</td>{cells}</tr>")
        if not body:
            body.append(f"<tr><td colspan='{3 + len(units)}' class='tutor-why'>No hand finished yet."
                        f"</td></tr>")
        start = ""
        if state.game == "raub":
            start = ("<tr><td></td><td></td><td class='tutor-why'>Start</td>"
                     + "".join(f"<td><b>{self.match.rules.starting_score}</b></td>" for _ in units)
                     + "</tr>")
        over = self.match.is_over
        lead = self.leader_words()
        banner = (f'<div class="tutor-guide" style="font-size:1.1em"><b>{esc(lead)}</b></div>'
                  if over else f'<div class="tutor-small">{esc(lead)}</div>')
        return (f'<div class="tutor-small"><b>Score sheet</b> — {esc(target_words(self.match))}</div>'
                f'<table class="tutor-sheet"><tr><th>Hand</th><th>Dealer</th>'
                f'<th style="text-align:left">What happened</th>{heads}</tr>{start}{"".join(body)}'
                f'</table>{banner}')

    # -- pictures ----------------------------------------------------------------------------
    def static_html(self) -> str:
        return CSS + self._html()

    def summary(self) -> str:
        state = self.match.current
        totals = ", ".join(f"{unit_words(state, u, self.learner)} {v}"
                           for u, v in self.match.scores.items())
        return f"Score after {len(self.match.sheet)} hand(s): {totals}. {self.leader_words()}"
