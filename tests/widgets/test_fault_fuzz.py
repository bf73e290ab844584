"""Fault fuzz: every widget driven through its handlers in random order with random arguments
(legal and refused actions, card strings, garbage, double clicks, clicks while the bots think,
undo at the start and past the end, retry, next hand too early, options changed mid-hand,
hints, the deal shown...). After every step: no exception escaped, no internal error was
shown, the state is a legal state (its record replays to the same state) and the static
picture renders. A few examples per widget in the default run; many more with ``-m slow``."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tutor import games, puzzles
from tutor.cards import Card, parse_card
from tutor.games.actions import Action
from tutor.widgets import (Decide, Lesson, PickCards, PlayTable, PuzzleBoard, Quiz, ScoreIt,
                           ScoreSheet, WhoWins)

MODES = [pytest.param("default", id="default"),
         pytest.param("slow", id="slow", marks=pytest.mark.slow)]
EXAMPLES = {"table": (6, 150), "board": (6, 120), "exercise": (10, 300)}
STEPS = {"default": 25, "slow": 60}

INTERNAL = "something went wrong"


def budget(kind: str, mode: str):
    default, slow = EXAMPLES[kind]
    return settings(max_examples=default if mode == "default" else slow, deadline=None,
                    derandomize=mode == "default", database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture],
                    phases=[Phase.explicit, Phase.reuse, Phase.generate])


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TUTOR_DATA_DIR", str(tmp_path))


# --------------------------------------------------------------------------- arguments
def _action_pool(game: str) -> list[str]:
    """Action strings of the game seen in a few random hands (most of them refused later)."""
    pool: set[str] = set()
    options = [{}, {"rules": "railroad"}] if game == "euchre" else [{}]
    for seed in range(6):
        for extra in options:
            state = games.new_hand(game, seed=seed, **extra)
            rng = random.Random(seed)
            while state.to_move is not None:
                legal = state.legal_actions()
                pool.update(map(str, legal))
                state.apply(rng.choice(legal))
    return sorted(pool)


POOLS = {game: _action_pool(game) for game in games.GAMES}
GARBAGE = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 70), st.floats(allow_nan=True),
    st.text(max_size=12), st.sampled_from(["", " ", "play", "play ZZ", "play JH JD", "JH", "10H",
                                           "pass pass", "exchange", "exchange JK", "choose",
                                           "announce nonsense", "name X", "take", "♥", "Joker",
                                           "penalty P3 1 9H", "cut 99", "last_card", "misdeal 9"]),
    st.lists(st.integers(), max_size=2), st.just(object()),
    st.builds(parse_card, st.sampled_from(["JH", "9S", "AC", "TD", "7H", "KS", "QD", "8C"])),
    st.builds(Action, st.sampled_from(["play", "pass", "frobnicate"])),
)


class Draw:
    """One step's random choices, drawn up front in the same shape whatever the widget's
    state (a background thread may move the state between two draws)."""

    def __init__(self, data, ops):
        self.op = data.draw(st.sampled_from(ops))
        self.number = data.draw(st.integers(0, 10**6))
        self.kind = data.draw(st.integers(0, 9))
        self.flag = data.draw(st.booleans())
        self.junk = data.draw(GARBAGE)
        self.index = data.draw(st.integers(-2, 80))

    def pick(self, items):
        items = list(items)
        return items[self.number % len(items)] if items else self.junk

    def action(self, legal, game):
        """Mostly a legal action, else one of the game's other actions, else anything."""
        if legal and self.kind < 6:
            return self.pick(legal)
        if self.kind < 8:
            return self.pick(POOLS[game])
        return self.junk


# --------------------------------------------------------------------------- the play table
TABLES = [
    ("euchre", {}), ("euchre", {"contract": "maker"}), ("euchre", {"contract": "against a lone hand"}),
    ("euchre", {"rules": "railroad"}), ("euchre", {"players": 3}),
    ("raub", {"players": 3}), ("raub", {"contract": "declarer"}), ("raub", {"dealer": 0}),
    ("clabber", {}), ("clabber", {"contract": "bidder"}),
    ("clabber", {"rules": {"meld_declaration": "choice"}}),
    ("lora", {}), ("lora", {"contract": "queens"}), ("lora", {"contract": "lora"}),
    ("lora", {"rules": {"contract_choice": True, "packet_deal_on_no_cut": True,
                        "lora_last_card_call": "manual", "penalties": True}}),
]


def check_table(table: PlayTable) -> None:
    """What must hold whenever the table is at rest."""
    assert table.wait(60), "the bots did not finish"
    assert table._last_traceback is None, table._last_traceback
    assert INTERNAL not in table.message and "A bot failed" not in table.message, table.message
    state = table.state
    again = games.replay(state.record())
    assert again.record() == state.record()
    assert list(map(str, again.legal_actions())) == list(map(str, state.legal_actions()))
    assert (again.phase, again.to_move) == (state.phase, state.to_move)
    n = len(state.actions)
    assert all(c <= n for c in table._checkpoints)
    assert all(i < n and state.actions[i][0] == table.seat for i in table.decided)
    if not state.is_over:
        # at rest the learner is to act (unless a run of hands ended before his turn)
        assert state.to_move == table.seat or len(table.skipped) >= 12
        assert games.decision_topic(state) not in table.decides
    bundle = table._repr_mimebundle_()
    assert "tutor-root" in bundle["text/html"] and bundle["text/plain"]


TABLE_OPS = ["click", "click", "click", "click", "button", "double", "select", "confirm", "hint",
             "undo", "undo", "retry", "next", "next", "deal", "guided", "decides", "wait"]


def table_step(data, table: PlayTable, game: str) -> None:
    draw = Draw(data, TABLE_OPS)
    topics = list(games.module(game).DECISION_TOPICS)
    chosen = data.draw(st.sets(st.sampled_from(topics), max_size=len(topics) - 1))
    view = table.state.view(table.seat)
    legal = [str(a) for a in view.legal]
    op = draw.op
    if op == "click":
        table.click(draw.action(legal, game))
    elif op in ("button", "double"):
        buttons = (list(table.card_buttons.values()) + list(table.action_buttons.values())
                   + list(table.layout_buttons.values()) + list(table.review.retry_buttons.values())
                   + [table.hint_button, table.undo_button, table.next_button, table.deal_button])
        button = draw.pick(buttons)
        for _ in range(2 if op == "double" else 1):
            button.click()       # a real click, even on a disabled button (a stale page)
    elif op == "select":
        table.select(draw.pick(str(c) for c in view.hand) if draw.flag else draw.junk)
    elif op == "confirm":
        table.confirm_draw()
    elif op == "hint":
        table.hint()
    elif op == "undo":
        table.undo()
    elif op == "retry":
        table.retry(draw.index if draw.flag else draw.junk)
    elif op == "next":
        table.next_hand()
    elif op == "deal":
        table.show_deal()
    elif op == "guided":
        table.guided = not table.guided
    elif op == "decides":
        table.decides = chosen
    elif op == "wait":
        table.wait(60)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("game,kwargs", TABLES, ids=[f"{g}-{i}" for i, (g, _) in enumerate(TABLES)])
def test_play_table_survives_any_order_of_clicks(game, kwargs, mode):
    @budget("table", mode)
    @given(st.data())
    def run(data):
        background = data.draw(st.booleans())
        topics = list(games.module(game).DECISION_TOPICS)
        decides = data.draw(st.sets(st.sampled_from(topics), max_size=3))
        table = PlayTable(game, seed=data.draw(st.integers(0, 40)), background=background,
                          guided=data.draw(st.booleans()), decides=decides, review_budget=100,
                          **kwargs)
        check_table(table)
        for _ in range(data.draw(st.integers(1, STEPS[mode]))):
            table_step(data, table, game)
            settle = data.draw(st.booleans())
            if not background or settle:
                check_table(table)
        check_table(table)
    run()


def test_a_score_sheet_renders_at_every_moment_of_a_match():
    table = PlayTable("raub", seed=2, players=3, background=False, review_budget=100,
                      decides={"dealing", "blind call", "bidding", "defending", "drawing", "play"})
    sheet = ScoreSheet(table.match, learner=0)
    for _ in range(6):
        sheet.refresh()
        assert "tutor-sheet" in sheet.static_html() or sheet.rows() == []
        assert sheet.summary()
        if not table.next_hand():
            break
    assert table._last_traceback is None
