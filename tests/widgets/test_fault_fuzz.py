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
EXAMPLES = {"table": (4, 150), "board": (5, 120), "exercise": (4, 300)}
STEPS = {"default": 20, "slow": 60}

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


# --------------------------------------------------------------------------- the puzzle board
BOARDS = ["puzzles/euchre/three-cards.toml", "puzzles/clabber/three-cards.toml",
          "puzzles/raub/three-cards.toml", "puzzles/lora/minimum.toml", "puzzles/lora/layout-three.toml",
          "state"]
BOARD_OPS = ["play", "play", "play", "button", "double", "hint", "retry", "restart", "solution",
             "step", "step", "next", "previous", "choose", "filter"]


def board_source(name):
    if name == "state":
        return games.position("euchre", trump="H", leader=1, tricks_won={"NS": 1, "EW": 1},
                              hands={0: "JH AH TS", 1: "KH 9S QD", 2: "JD QC 9C", 3: "AS KS TD"})
    return puzzles.load(name)


def check_board(board: PuzzleBoard) -> None:
    assert getattr(board, "_last_traceback", None) is None, board._last_traceback
    assert INTERNAL not in board.message, board.message
    assert not board.busy
    state = board.state
    again = games.replay(state.record())
    assert again.record() == state.record()
    assert board.mode in ("play", "failed", "solved", "solution")
    if board.mode == "play" and not state.is_over:
        assert state.to_move in board.coach.side     # the defence has answered
    bundle = board._repr_mimebundle_()
    assert bundle["text/html"] and bundle["text/plain"]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("source", BOARDS)
def test_puzzle_board_survives_any_order_of_clicks(source, mode):
    board = PuzzleBoard(board_source(source))
    ids = [c.id for c in board.all]
    themes = sorted({t for c in board.all for t in c.themes}) or ["ruff"]

    @budget("board", mode)
    @given(st.data())
    def run(data):
        board.filter()
        board.choose(data.draw(st.integers(1, len(board.shown))))
        check_board(board)
        for _ in range(data.draw(st.integers(1, STEPS[mode]))):
            draw = Draw(data, BOARD_OPS)
            legal = [str(a) for a in board.state.legal_actions()]
            op = draw.op
            if op == "play":
                board.play(draw.action(legal, board.coach.game))
            elif op in ("button", "double"):
                buttons = [b for b in board.widget.children if hasattr(b, "click")]
                buttons += _buttons_in(board.widget)
                button = draw.pick(buttons)
                for _ in range(2 if op == "double" else 1):
                    button.click()
            elif op == "hint":
                board.hint()
            elif op == "retry":
                board.retry()
            elif op == "restart":
                board.restart()
            elif op == "solution":
                board.show_solution()
            elif op == "step":
                board.step(draw.index - 40 if draw.flag else draw.junk)
            elif op == "next":
                board.next()
            elif op == "previous":
                board.previous()
            elif op == "choose":
                board.choose(draw.pick(ids) if draw.flag else (draw.index if draw.kind < 5 else draw.junk))
            elif op == "filter":
                board.filter(theme=draw.pick(themes) if draw.flag else None,
                             level=(draw.index % 6) if draw.kind < 3 else (draw.junk if draw.kind < 5 else None))
            check_board(board)
    run()


def _buttons_in(widget) -> list:
    out = []
    for child in getattr(widget, "children", ()):
        if hasattr(child, "click") and hasattr(child, "on_click"):
            out.append(child)
        out += _buttons_in(child)
    return out


# --------------------------------------------------------------------------- the exercises
def _played(game, seed, tricks, **kw):
    """A seeded hand played by the basic rules up to ``tricks`` finished tricks (None: the end)."""
    from tutor import bots
    state = games.new_hand(game, seed=seed, **kw)
    while state.to_move is not None and (tricks is None or len(getattr(state, "tricks", ())) < tricks
                                         or state.phase != "play"):
        state.apply(bots.hint(state.view(state.to_move), level="basic").action)
    return state


def _exercises():
    out = []
    for game, kw in [("euchre", {}), ("clabber", {}), ("raub", {"players": 3}), ("lora", {})]:
        mid = _played(game, 3, 2, **kw)
        if mid.to_move is not None and mid.phase == "play":
            out.append(lambda mid=mid: PickCards(mid))
            out.append(lambda mid=mid: Decide(mid.view(mid.to_move), "Which card?", level="basic"))
        if getattr(mid, "tricks", None):
            out.append(lambda mid=mid: WhoWins(mid))
        over = _played(game, 3, None, **kw)
        if over.is_over:
            real = set(over.result().points.values())
            # the default buttons (0 to the largest score) fit Euchre; the others' scores are large
            choices = None if game == "euchre" else sorted(real | {0, 8, 16})
            out.append(lambda over=over, choices=choices: ScoreIt(over, choices=choices))
    out.append(lambda: Quiz("Which card is the highest trump?", ["J♥", "J♦", "A♥"], answer="J♥",
                            explanations=["The right bower.", "The left bower.", "The ace."]))
    return out


EXERCISES = _exercises()
EXERCISE_HANDLERS = ["check", "retry", "show", "answer", "toggle", "pick", "button", "double"]


def check_exercise(ex) -> None:
    assert getattr(ex, "_last_traceback", None) is None, ex._last_traceback
    assert INTERNAL not in ex.message, ex.message
    state = getattr(ex, "state", None)
    if state is not None:
        assert games.replay(state.record()).record() == state.record()
    bundle = ex._repr_mimebundle_()
    assert bundle["text/html"] and bundle["text/plain"]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("number", range(len(EXERCISES)))
def test_exercises_survive_any_order_of_clicks(number, mode):
    @budget("exercise", mode)
    @given(st.data())
    def run(data):
        ex = EXERCISES[number]()
        ex.lesson = Lesson("euchre/fuzz") if data.draw(st.booleans()) else None
        record = ex.state.record() if getattr(ex, "state", None) is not None else None
        for _ in range(data.draw(st.integers(1, STEPS[mode]))):
            draw = Draw(data, EXERCISE_HANDLERS)
            op = draw.op
            if op in ("button", "double"):
                button = draw.pick(_buttons_in(ex.widget))
                for _ in range(2 if op == "double" else 1):
                    button.click()
            elif op in ("check", "retry", "show"):
                ex._press(getattr(ex, op))
            elif op == "answer":
                options = [str(o) for o in getattr(ex, "options", [])] + \
                    [str(c) for c in getattr(ex, "hand", [])] + ["0", "1", "North", "South"]
                ex._press(ex.answer, draw.pick(options) if draw.flag else
                          (draw.index if draw.kind < 4 else draw.junk))
            elif op == "toggle" and hasattr(ex, "toggle"):
                ex._press(ex.toggle, draw.pick(str(c) for c in ex.hand) if draw.flag else draw.junk)
            elif op == "pick" and hasattr(ex, "pick"):
                ex._press(ex.pick, draw.pick(ex.units) if draw.flag else draw.junk,
                          draw.index if draw.kind < 6 else draw.junk)
            check_exercise(ex)
        if record is not None:
            assert ex.state.record() == record      # an exercise never changes its hand
    run()


def test_answers_of_the_wrong_kind_are_refused_in_words_and_change_nothing():
    from tutor import TutorError
    over = _played("euchre", 3, None)
    score = ScoreIt(over)
    unit = score.units[0]
    score.pick(unit, 1)
    with pytest.raises(TutorError, match="as a mapping"):
        score.answer(3)
    with pytest.raises(TutorError, match="the points must be a whole number"):
        score.answer({score.units[1]: 2, unit: "lots"})
    assert score.picked == {unit: 1}
    quiz = Quiz("Which?", ["a", "b"], answer="a", explanations=["yes", "no"])
    with pytest.raises(TutorError, match="there is no option 5"):
        quiz.answer(5)
    pick = PickCards(_played("euchre", 3, 2))
    with pytest.raises(TutorError, match="cards must be text"):
        pick.answer(7)
    # through a click the same refusal is the feedback, never an internal error
    pick._press(pick.answer, 7)
    assert "cards must be text" in pick.message and INTERNAL not in pick.message


def test_a_bot_whose_turn_was_taken_meanwhile_leaves_no_seat_stranded():
    """Two runs of the bots can overlap for a moment (a click lands as a run ends): a run that
    finds the state moved on while its bot thought looks again instead of stopping."""
    table = PlayTable("euchre", seed=0, dealer=0, background=False, review_budget=50)
    assert table.state.to_move == 0
    bot = table.bots[1]
    original = bot.choose
    stolen = []

    def overtaken(view):
        action = original(view)
        if not stolen:            # another run plays this very move first
            stolen.append(action)
            table.state.apply(action, seat=1)
        return action

    bot.choose = overtaken
    assert table.click(table.state.view(0).legal[0])
    assert stolen
    assert table.state.to_move == 0 or table.state.is_over
    check_table(table)
