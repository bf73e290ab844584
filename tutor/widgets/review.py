"""The post-hand review of a play table: for each of the learner's cards what it cost in the
game's own units and the better card, a "Retry from here" button that reopens that moment,
and "Show the deal" (every hand as it was dealt).

The costs come from :func:`tutor.review.review_hand` (double dummy: every hand known, best
play on all sides from that point); a card too early in the hand to solve within the budget
is said to be so rather than guessed.
"""

from __future__ import annotations

import ipywidgets as W

from .. import games, render, solver
from ..errors import TutorError
from ..review import review_hand
from .common import action_button, esc, sort_hand

__all__ = ["HandReview", "dealt_hands", "UNITS"]

UNITS = {"euchre": ("trick", "tricks"), "raub": ("trick", "tricks"),
         "clabber": ("card point", "card points"), "lora": ("penalty point", "penalty points")}


def _amount(game: str, value: int) -> str:
    one, many = UNITS.get(game, ("point", "points"))
    return f"{value} {one if abs(value) == 1 else many}"


def dealt_hands(state) -> dict[int, tuple]:
    """Every seat's cards as they were dealt, replayed from the hand's own setup."""
    module = games.module(state.game)
    st = module.State.from_setup(state.setup, state.rules)
    dealt: dict[int, tuple] = {}

    def note():
        for seat in range(st.players):
            if seat not in dealt and st.hands[seat]:
                dealt[seat] = tuple(st.hands[seat])

    note()
    for _, action in state.actions:
        st.push(action)
        note()
        if len(dealt) == st.players:
            break
    return dealt


class HandReview:
    """The review panel of a :class:`~tutor.widgets.PlayTable` (``table.review``)."""

    def __init__(self, table):
        self.table = table
        self.head = W.HTML()
        self.rows_box = W.VBox()
        self.deal_box = W.HTML()
        self.widget = W.VBox([self.head, self.rows_box, self.deal_box])
        self.widget.add_class("tutor-review")
        self.retry_buttons: dict[int, W.Button] = {}
        self.save_buttons: dict = {}
        self._cache = None
        self._shown_key = None

    # -- content ------------------------------------------------------------------------
    def items(self) -> list[dict]:
        """One entry per learner card: the card, its trick, the cost, the better card(s)."""
        table = self.table
        state = table.state
        key = (id(state), state.actions)
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        rows = []
        try:
            reviewed = review_hand(state, seats=[table.seat], budget=table.review_budget)
        except TutorError:
            reviewed = []
        for r in reviewed:
            item = {"index": r.index, "card": r.action.card, "exact": r.exact, "cost": r.cost,
                    "best": r.best, "played": r.played, "better": []}
            if r.exact and r.cost:
                item["better"] = self._better(state, r)
            rows.append(item)
        self._cache = (key, rows)
        return rows

    def _better(self, state, r) -> list:
        """The cards that keep the best value at that moment (double dummy)."""
        st = games.module(state.game).State.from_setup(state.setup, state.rules)
        for _, action in state.actions[:r.index]:
            st.push(action)
        try:
            if st.game == "lora" and getattr(st, "contract", None) == "lora":
                from ..solver.layout import solve_layout
                result = solve_layout(st, hero=r.seat, budget=self.table.review_budget * 4)
            else:
                result = solver.solve(st, hero=r.seat, budget=self.table.review_budget * 4)
        except Exception:  # the search did not fit the budget: say nothing rather than guess
            return []
        better = [a.card for a, v in result.moves.items() if v == r.best and a.card is not None]
        return sorted(better, key=lambda c: -c.index)[:3]

    def _trick_of(self, state, index: int) -> int:
        plays = sum(1 for s, a in state.actions[:index] if a.verb == "play" and a.cards)
        active = len(getattr(state, "active_seats", ()) or range(state.players))
        return plays // max(1, active) + 1

    def sentences(self) -> list[tuple[int, str]]:
        """(action index, sentence) for every learner card, in words."""
        state = self.table.state
        game = state.game
        layout = game == "lora" and getattr(state, "contract", None) == "lora"
        out = []
        for item in self.items():
            card = item["card"].symbol
            yours = "the" if layout else "your"
            if layout:
                mine = sum(1 for s, a in state.actions[:item["index"]]
                           if s == self.table.seat and a.verb == "play")
                where = f"Your card {mine + 1}"
            else:
                where = f"Trick {self._trick_of(state, item['index'])}"
            if item["index"] in getattr(self.table, "decided", {}):
                where += " (the table chose this card for you)"
            if not item["exact"]:
                text = f"{where}: {yours} {card} — too early in the hand to solve exactly here."
            elif not item["cost"]:
                text = f"{where}: {yours} {card} — as good as any (best play from there gives the same)."
            else:
                better = " or ".join(c.symbol for c in item["better"])
                instead = f"; the {better} was better" if better else ""
                if game == "lora":
                    from .words import signed
                    values = (f"with best play from there your hand would score "
                              f"{signed(item['best'])}; after your card, {signed(item['played'])}")
                else:
                    values = (f"with best play from there your side would take "
                              f"{_amount(game, item['best'])}; after your card, {_amount(game, item['played'])}")
                text = (f"{where}: {yours} {card} cost {_amount(game, item['cost'])}{instead} "
                        f"({values}).")
            out.append((item["index"], text))
        return out

    def deal_html(self) -> str:
        state = self.table.state
        from ..bots import knowledge
        tr = knowledge.trick_rules(state.view(self.table.seat))
        rows = []
        for seat, cards in sorted(dealt_hands(state).items()):
            rows.append(f"<tr><td class='tutor-seat'>{esc(self.table.name(seat))}</td>"
                        f"<td>{render.cards_html(sort_hand(cards, tr))}</td></tr>")
        return (f'<div class="tutor-small"><b>The deal</b> — every hand as it was dealt</div>'
                f'<table class="tutor-board">{"".join(rows)}</table>')

    # -- widgets ------------------------------------------------------------------------
    def refresh(self) -> None:
        table = self.table
        state = table.state
        over = state.is_over and state.phase != "predeal"
        key = (id(state), len(state.actions), over, table.show_deal_open, table.busy.busy)
        if key == self._shown_key:
            return
        self._shown_key = key
        if not over:
            self.head.value, self.rows_box.children, self.deal_box.value = "", (), ""
            self.retry_buttons = {}
            return
        sentences = self.sentences()
        costly = sum(1 for i in self.items() if i["exact"] and i["cost"])
        result = "; ".join(_reason(state, r) for r in state.result().reasons)
        head = f'<div class="tutor-panel"><b>The hand is over.</b> {esc(result)}</div>'
        if sentences:
            head += (f'<div class="tutor-small"><b>Review</b> — {costly} of your {len(sentences)} '
                     f'cards cost something (double dummy: every hand known, best play on all '
                     f'sides from there)</div>')
        self.head.value = head
        rows, self.retry_buttons = [], {}
        costly_at = {i["index"] for i in self.items() if i["exact"] and i["cost"]}
        self.save_buttons = {}
        decided = getattr(table, "decided", {})
        for index, text in sentences:
            if index in decided:   # no "Retry from here": the table would decide it again
                rows.append(W.HBox([W.HTML(f'<span class="tutor-small">{esc(text)}</span>')]))
                continue
            button = action_button("Retry from here", None, lambda i=index: table.retry(i),
                                   tip=f"Replay the hand from your card at move {index + 1}",
                                   disabled=table.busy.busy)
            button.add_class("tutor-retry")
            self.retry_buttons[index] = button
            button.layout.flex = "0 0 auto"
            said = W.HTML(f'<span class="tutor-small">{esc(text)}</span>', layout=W.Layout(flex="1 1 auto"))
            row = [button, said]
            if index in costly_at:   # "Save as puzzle" (tutor.widgets.puzzle_board)
                from .puzzle_board import SaveAsPuzzle
                self.save_buttons[index] = SaveAsPuzzle(state, table.seat, before=index)
                saver = self.save_buttons[index].widget
                saver.layout.flex = "0 0 auto"
                row.append(saver)
            rows.append(W.HBox(row, layout=W.Layout(align_items="center")))
        self.rows_box.children = tuple(rows)
        self.deal_box.value = self.deal_html() if table.show_deal_open else ""

    def static_html(self) -> str:
        state = self.table.state
        if not state.is_over:
            return ""
        items = "".join(f"<li>{esc(text)}</li>" for _, text in self.sentences())
        result = "; ".join(_reason(state, r) for r in state.result().reasons)
        deal = self.deal_html() if self.table.show_deal_open else ""
        return (f'<div class="tutor-panel"><b>The hand is over.</b> {esc(result)}</div>'
                f'<ol class="tutor-small">{items}</ol>{deal}')


def _reason(state, text: str) -> str:
    from .words import reason_words
    return reason_words(state.game, text)
