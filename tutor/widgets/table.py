"""Notebook front ends (ipywidgets). They hold no rules: they render what a seat may see and send
actions to the state, which decides what is legal.

    from tutor.widgets import PlayTable
    PlayTable("euchre", seat=0, seed=3)      # the learner plays seat 0 against three bots
"""

from __future__ import annotations

import html
from typing import Mapping

import ipywidgets as W

from .. import bots as bots_module
from .. import games, render
from ..cards import Card
from ..errors import TutorError
from ..games.actions import Action
from ..review import review_hand

__all__ = ["PlayTable"]

def action_label(action: Action) -> str:
    """Button text for an action: ``name H`` becomes ``Name ♥``, ``order_up`` ``Order up``."""
    words = [action.verb.replace("_", " ").capitalize()]
    words += [c.symbol for c in action.cards]
    if action.arg is not None:
        words.append(render.fact_text("", action.arg, str).split(" ")[0])
    return " ".join(words)


class PlayTable:
    """One learner's seat against bots, for any game of the registry.

    Only the learner's legal actions are clickable; the table shows only what the learner's seat
    may see (``state.view(seat)``). ``click(action)`` is what every button calls, so tests and
    lessons can drive the table exactly as a click would. ``undo()`` takes back the learner's last
    decision together with the bots' replies to it.
    """

    def __init__(self, game: str = "euchre", seat: int = 0, seed=0, rules=None, bots="random",
                 players=None, state=None, dealer=None, hint_level: str = "basic",
                 bot_budget: float | None = None, review_budget: int = 300_000):
        if state is not None:
            self.match = None
            self.state = state
        else:
            self.match = games.new_match(game, seed=seed, rules=rules, players=players, dealer=dealer)
            self.state = self.match.current
        self.seat = seat
        levels = bots if isinstance(bots, Mapping) else {s: bots for s in range(self.state.players)}
        self.bots = {s: bots_module.make(levels.get(s, "random"), s, seed=(hash(seed) % 10_000) * 10 + s,
                                         **({"budget": bot_budget} if levels.get(s) == "expert"
                                            and bot_budget is not None else {}))
                     for s in range(self.state.players) if s != seat}
        self.hint_level = hint_level
        self.review_budget = review_budget
        self.hint_steps: list[str] = []
        self._hint = None
        self.message = ""
        self.log: list[str] = []
        self._checkpoints: list[int] = []
        self.header = W.HTML()
        self.table = W.HTML()
        self.actions_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.cards_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.undo_button = W.Button(description="Undo", icon="undo", tooltip="Take back your last decision")
        self.next_button = W.Button(description="Next hand", icon="forward")
        self.hint_button = W.Button(description="Hint", icon="lightbulb-o",
                                    tooltip="A nudge first; click again for more")
        self.undo_button.on_click(lambda _: self.undo())
        self.next_button.on_click(lambda _: self.next_hand())
        self.hint_button.on_click(lambda _: self.hint())
        self.hint_box = W.HTML()
        self.review_box = W.HTML()
        self.log_box = W.HTML()
        self.widget = W.VBox([self.header, self.table, self.cards_box, self.actions_box,
                              W.HBox([self.hint_button, self.undo_button, self.next_button]),
                              self.hint_box, self.review_box, self.log_box])
        self.card_buttons: dict[Card, W.Button] = {}
        self.action_buttons: dict[str, W.Button] = {}
        self._run_bots()
        self._refresh()

    # -- handlers (what clicks call) -------------------------------------------------
    def click(self, action) -> bool:
        """Play ``action`` (an Action or its string) for the learner. Returns whether it was
        accepted; a refused action leaves the state unchanged and shows why."""
        before = len(self.state.actions)
        try:
            done = self.state.apply(action, seat=self.seat)
        except TutorError as err:
            self.message = f"Not allowed: {err}"
            self._refresh()
            return False
        self._checkpoints.append(before)
        self._note(self.seat, done)
        self.message = ""
        self._run_bots()
        self._refresh()
        return True

    def hint(self) -> str | None:
        """Reveal the next step of the hint ladder for the learner's decision: the principle,
        then the idea, then the action with its reason and the alternatives. Returns the step
        shown (None when it is not the learner's turn)."""
        if self.state.to_move != self.seat:
            self.message = "No hint now: it is not your turn."
            self._refresh()
            return None
        if self._hint is None:
            self._hint = bots_module.hint(self.state.view(self.seat), level=self.hint_level)
            self.hint_steps = []
        ladder = self._hint.ladder
        if len(self.hint_steps) < len(ladder):
            self.hint_steps.append(ladder[len(self.hint_steps)])
        self._refresh()
        return self.hint_steps[-1]

    def _hint_html(self) -> str:
        h = self._hint
        if h is None or not self.hint_steps:
            return ""
        items = []
        for i, step in enumerate(self.hint_steps):
            if i == len(h.ladder) - 1:
                step = f"<b>{html.escape(action_label(h.action))}</b>: {html.escape(h.reason)}"
                if h.reminder:
                    step += f'<div class="tt-note">Rule: {html.escape(h.reminder)}</div>'
                if h.alternatives:
                    alts = ", ".join(html.escape(str(a)) for a in h.alternatives[:6])
                    step += f'<div class="tt-note">Alternatives: {alts}</div>'
            else:
                step = html.escape(step)
            items.append(f"<li>{step}</li>")
        return f'<div class="tt-hint"><b>Hint</b><ol>{"".join(items)}</ol></div>'

    def _review_html(self) -> str:
        """The review of the finished hand: the learner's cards that cost something double
        dummy (from tutor.review)."""
        if not self.state.is_over or self.state.trick_rules is None and self.state.game != "lora":
            return ""
        key = (id(self.state), len(self.state.actions))
        cached = getattr(self, "_review_cache", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        try:
            rows = review_hand(self.state, seats=[self.seat], budget=self.review_budget)
        except TutorError as err:
            text = f'<div class="tt-note">No review: {html.escape(str(err))}</div>'
            self._review_cache = (key, text)
            return text
        units = {"euchre": "trick", "raub": "trick", "clabber": "card point",
                 "lora": "penalty point"}.get(self.state.game, "point")
        costly = [r for r in rows if r.exact and r.cost]
        unsolved = sum(1 for r in rows if not r.exact)
        items = "".join(
            f"<li>{html.escape(action_label(r.action))}: cost {r.cost} {units}{'s' if r.cost != 1 else ''}"
            f" (best {r.best}, after your card {r.played})</li>" for r in costly)
        summary = (f"Review: {len(costly)} of your {len(rows)} cards cost something"
                   if rows else "Review: you played no card this hand")
        note = (f'<div class="tt-note">{unsolved} card{"s" if unsolved != 1 else ""} too early in '
                f"the hand to solve exactly here.</div>" if unsolved else "")
        text = f"<details open><summary>{summary}</summary><ol>{items}</ol>{note}</details>"
        self._review_cache = (key, text)
        return text

    def undo(self) -> bool:
        """Take back the learner's last decision and everything the bots did after it."""
        if not self._checkpoints:
            self.message = "There is nothing of yours to take back in this hand."
            self._refresh()
            return False
        target = self._checkpoints.pop()
        removed = len(self.state.actions) - target
        while len(self.state.actions) > target:
            self.state.undo()
        self.log = self.log[:max(0, len(self.log) - removed)]
        self.message = "Taken back."
        self._refresh()
        return True

    def next_hand(self) -> bool:
        """Deal the next hand of the match once the current one is over."""
        if self.match is None or not self.state.is_over or self.match.is_over:
            self.message = ("Finish this hand first." if not self.state.is_over
                            else "The game is over." if self.match is not None else "No more hands here.")
            self._refresh()
            return False
        self.state = self.match.next_hand()
        self._checkpoints = []
        self.log = []
        self.message = ""
        self._run_bots()
        self._refresh()
        return True

    # -- internals ---------------------------------------------------------------------
    def _note(self, seat: int, action: Action) -> None:
        shown = self.state._public_action(seat, action, self.seat)
        self.log.append(f"{self.state.seat_name(seat)}: {shown}")

    def _run_bots(self) -> None:
        state = self.state
        while state.to_move is not None and state.to_move != self.seat:
            mover = state.to_move
            action = self.bots[mover].choose(state.view(mover))
            state.apply(action, seat=mover)
            self._note(mover, action)

    def _refresh(self) -> None:
        state, view = self.state, self.state.view(self.seat)
        key = (id(state), len(state.actions))
        if getattr(self, "_hint_key", None) != key:
            self._hint_key = key
            self._hint = None
            self.hint_steps = []
        name = state.seat_name
        if state.is_over:
            turn = "The hand is over."
        elif state.to_move == self.seat:
            turn = f"Your turn ({html.escape(name(self.seat))})."
        else:
            turn = f"{html.escape(name(state.to_move))} to act."
        msg = f'<div style="color:#a00000">{html.escape(self.message)}</div>' if self.message else ""
        self.header.value = (f"<b>{state.game.capitalize()}</b> — you are {html.escape(name(self.seat))}"
                             f" · phase: {html.escape(state.phase)} · {turn}{msg}")
        self.table.value = self._table_html(view)
        self._build_buttons(view)
        self.undo_button.disabled = not self._checkpoints
        self.hint_button.disabled = state.to_move != self.seat
        self.hint_box.value = self._hint_html()
        self.review_box.value = self._review_html()
        self.next_button.disabled = not (self.match is not None and state.is_over and not self.match.is_over)
        items = "".join(f"<li>{html.escape(line)}</li>" for line in self.log[-12:])
        self.log_box.value = f'<details><summary>Actions so far</summary><ol>{items}</ol></details>'

    def _table_html(self, view) -> str:
        parts = [render.view_html(view, self.state.seat_name)]
        facts = render.view_facts(view, self.state.seat_name)
        if facts:
            rows = "".join(f"<tr><td class='tt-note'>{html.escape(k)}</td><td>{html.escape(v)}</td></tr>"
                           for k, v in facts)
            parts.append(f'<table class="tt-table">{rows}</table>')
        tricks = view.public.get("tricks") or []
        if tricks and not view.public.get("trick"):
            last = tricks[-1]
            plays, winner = _trick_parts(last)
            if plays:
                parts.append('<div class="tt-note">Last trick:</div>'
                             + render.trick_html(plays, self.state.seat_name, winner))
        if self.state.is_over:
            result = self.state.result()
            parts.append("<div><b>Result:</b> " + html.escape(str(result)) + "</div>")
            parts.append('<details><summary>All hands (for review)</summary>'
                         + render.state_html(self.state) + "</details>")
        if self.match is not None:
            scores = ", ".join(f"{self._unit_name(k)} {v}" for k, v in self.match.scores.items())
            parts.append(f'<div class="tt-note">Score: {html.escape(scores)}</div>')
        return "".join(parts)

    def _unit_name(self, unit) -> str:
        return self.state.seat_name(unit) if isinstance(unit, int) else str(unit)

    def _build_buttons(self, view) -> None:
        legal = list(view.legal)
        by_card: dict[Card, list[Action]] = {}
        others: list[Action] = []
        for action in legal:
            if action.card is not None and action.card in view.hand:
                by_card.setdefault(action.card, []).append(action)
            else:
                others.append(action)
        self.card_buttons = {}
        card_widgets = []
        order = sorted(view.hand, key=lambda c: (c.suit.index if c.suit else 4, c.rank), reverse=True)
        for card in order:
            actions = by_card.get(card, [])
            label = card.symbol
            if len(actions) == 1 and actions[0].verb != "play":
                label = f"{actions[0].verb.replace('_', ' ')} {card.symbol}"
            button = W.Button(description=label, disabled=len(actions) != 1,
                              tooltip=card.name, layout=W.Layout(width="auto"))
            button.style.text_color = "#c0102a" if card.colour == "red" else "#111111"
            button.style.font_weight = "bold"
            if len(actions) == 1:
                button.on_click(lambda _, a=actions[0]: self.click(a))
            elif len(actions) > 1:
                others.extend(actions)
            self.card_buttons[card] = button
            card_widgets.append(button)
        self.cards_box.children = tuple(card_widgets)
        self.action_buttons = {}
        for action in others:
            button = W.Button(description=action_label(action), layout=W.Layout(width="auto"))
            button.on_click(lambda _, a=action: self.click(a))
            self.action_buttons[str(action)] = button
        self.actions_box.children = tuple(self.action_buttons.values())

    def _ipython_display_(self):
        from IPython.display import display
        display(self.widget)


def _trick_parts(trick):
    """Accept a completed trick as (leader, plays, winner) or a mapping with those keys."""
    if isinstance(trick, Mapping):
        return trick.get("plays", []), trick.get("winner")
    if isinstance(trick, (list, tuple)) and len(trick) == 3:
        return trick[1], trick[2]
    return [], None
