"""A position of a hand being played, written as a puzzle's ``position`` table.

:func:`from_moment` turns "this moment of this hand" (a live state in its play phase) into a
half-written :class:`~tutor.puzzles.Puzzle`: the position and a goal, no solution tree yet.
``tutor puzzles check --write`` (or :func:`tutor.puzzles.complete`) completes it.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json

from ..errors import TutorError
from .format import GoalSpec, Puzzle

__all__ = ["from_moment", "position_of", "rules_delta"]


def _cards(cards) -> str:
    return " ".join(str(c) for c in cards)


def _hands(state) -> dict:
    return {str(s): _cards(state.hands[s]) for s in state.active_seats if state.hands[s]}


def rules_delta(state) -> dict | None:
    """The options of the state's rules that differ from the game's defaults (None if none)."""
    from .. import games
    default = games.rules_for(state.game).to_dict()
    mine = state.rules.to_dict()
    delta = {k: v for k, v in mine.items() if default.get(k) != v}
    if state.game == "lora":
        delta.pop("contracts", None)   # a position adds its contract itself
    return delta or None


def position_of(state) -> dict:
    """The ``games.position`` arguments (TOML-ready: seat keys as text) of a play-phase state,
    with what each side has already won."""
    if state.phase != "play" or state.to_move is None:
        raise TutorError("a puzzle starts from a moment of the card play, and this hand is "
                         "not being played now")
    trick = [str(c) for _, c in state.trick] if hasattr(state, "trick") else []
    game = state.game
    if game == "euchre":
        pos = {"hands": _hands(state), "trump": state.trump.value, "leader": state.leader,
               "trick": trick, "maker": state.maker, "dealer": state.dealer,
               "tricks_won": {str(s): n for s, n in enumerate(state.tricks_won) if n}}
        if state.alone:
            pos["alone"] = list(state.alone)
    elif game == "raub":
        pos = {"hands": _hands(state), "trump": state.trump.value, "declarer": state.declarer,
               "players": state.players, "active": list(state.active_seats),
               "leader": state.leader, "trick": trick, "need": state.need, "kind": state.kind,
               "dealer": state.dealer,
               "tricks_won": {str(s): n for s, n in enumerate(state.tricks_won) if n}}
    elif game == "clabber":
        # an ending's earlier tricks are not known: its points are counted from the puzzle on
        won = ({str(side): pts for side, pts in state.card_points_by_side().items() if pts}
               if state.counts_every_trick() else {})
        pos = {"hands": _hands(state), "trump": state.trump.value, "leader": state.leader,
               "trick": trick, "maker": state.maker, "dealer": state.dealer,
               "players": state.players}
        if won:
            pos["won"] = won
    elif game == "lora":
        if state.contract == "lora":
            laid = []
            from ..games import lora_layout
            from ..cards import SUITS
            for suit in SUITS:
                laid += [str(c) for c in lora_layout.pile_cards(suit, state.piles[suit.index],
                                                                 state.start_rank)]
            pos = {"contract": "lora", "hands": _hands(state), "leader": state.to_move,
                   "dealer": state.dealer, "laid": laid}
            if state.start_rank is not None:
                pos["start_rank"] = state.start_rank.char
            if any(state.passes):
                pos["passes"] = {str(s): n for s, n in enumerate(state.passes) if n}
        else:
            won = state.won_cards()
            done = state.trick_offset + len(state.tricks)
            winners = [state.winner_of(i) for i in range(1, done + 1)]
            pos = {"contract": state.contract, "hands": _hands(state), "leader": state.leader,
                   "trick": trick, "dealer": state.dealer,
                   "won": {str(s): _cards(w) for s, w in enumerate(won) if w},
                   "tricks_won": {str(s): n for s, n in enumerate(state.trick_counts()) if n}}
            if winners and all(w is not None for w in winners):
                pos["trick_winners"] = winners
    else:  # pragma: no cover - every game is listed above
        raise TutorError(f"unknown game {game!r}")
    return {k: v for k, v in pos.items() if v not in (None, [], {})}


def from_moment(state, seat: int, goal_text: str = "", target: int | None = None,
                preset: str | None = None, puzzle_id: str | None = None, title: str = "",
                hidden=(), source: dict | None = None, **goal) -> Puzzle:
    """A half-written puzzle from a moment of a played hand (the "Save as puzzle" button).

    ``state``: the hand, in its play phase, with ``seat`` (the hero) to move or about to;
    the goal is ``target`` (in the game's units, see :class:`~tutor.puzzles.GoalSpec`) or a
    ``preset`` of :mod:`tutor.solver.goals` (with ``seat``/``k`` in ``goal``); without either,
    the goal is the best the hero's side can make sure of from here (found by the solver:
    "do as well as possible" made exact). ``goal_text`` is the learner's sentence (a plain
    one is written when empty). The result has no solution tree: complete it with
    :func:`tutor.puzzles.complete` or ``tutor puzzles check --write``.
    """
    position = position_of(state)
    if seat not in state.active_seats:
        raise TutorError(f"{state.seat_name(seat) if 0 <= seat < state.players else seat} "
                         "does not play in this hand")
    if target is None and preset is None:
        from .solve import _solve_units, units_so_far
        probe = Puzzle(id="moment", title="", game=state.game, position=position, hero=seat,
                       goal=GoalSpec(text="", target=0), rules=rules_delta(state))
        res = _solve_units(probe, probe.start_state())
        if not res.exact:
            raise TutorError("this position is too big to solve exactly: save a later moment")
        target = res.value + units_so_far(probe, probe.start_state())
    spec = GoalSpec(text=goal_text, target=target, preset=preset, seat=goal.get("seat"),
                    k=goal.get("k"))
    digest = hashlib.sha256(json.dumps(position, sort_keys=True).encode()).hexdigest()[:8]
    puzzle = Puzzle(id=puzzle_id or f"{state.game}-moment-{digest}",
                    title=title, game=state.game, position=position, hero=seat, goal=spec,
                    rules=rules_delta(state), hidden=tuple(hidden),
                    source=source or {"made_by": "saved from a played hand",
                                      "date": _dt.date.today().isoformat(),
                                      "licence": "CC-BY-4.0"})
    if not goal_text:
        from .text import goal_sentence
        puzzle = puzzle.with_(goal=GoalSpec(text=goal_sentence(puzzle), target=spec.target,
                                            preset=spec.preset, seat=spec.seat, k=spec.k))
    return puzzle
