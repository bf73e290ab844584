"""PlayTable driven through the handlers its buttons call, asserting on the state and on what
the learner reads (the rendered HTML and text)."""
import html as htmllib
import re
import threading
import time

import pytest

from tutor import TutorError, games
from tutor.widgets import PlayTable, ScoreSheet

GAMES = [("euchre", {}), ("clabber", {}), ("raub", {"players": 3}), ("lora", {})]

# engine identifiers that must never reach a learner's eyes
IDENTIFIERS = re.compile(r"\b(bid1|bid2|order_up|go_alone|up_card|king_hearts\w*|jack_of_clubs\w*|"
                         r"pass_deal|exchange_seven|dealer_choice|name_blind|call_for_best|"
                         r"phase|outcome|refas|multiplier|None|row S\d+|[a-z]+_[a-z_]+)\b")


def visible_text(markup: str) -> str:
    """The text a reader sees: tags (and so tooltips and classes) removed, entities decoded."""
    markup = re.sub(r"<style.*?</style>", "", markup, flags=re.S)
    return htmllib.unescape(re.sub(r"<[^>]+>", " ", markup))


def everything_shown(table) -> str:
    parts = [table.status.value, table.board.value, table.panel.value, table.guide_box.value,
             table.hint_box.value, table.log_box.value, table.review.head.value,
             table.review.deal_box.value]
    if table.sheet is not None:
        parts.append(table.sheet.body.value)
    parts += [b.description for b in table.card_buttons.values()]
    parts += [b.description for b in table.action_buttons.values()]
    for row in table.review.rows_box.children:
        parts += [c.value for c in row.children if hasattr(c, "value")]
    return visible_text(" ".join(parts))


def assert_in_words(table):
    shown = everything_shown(table)
    found = IDENTIFIERS.findall(shown)
    assert not found, f"engine identifiers on screen: {found[:5]} in {shown[:300]!r}"


def learner_first(seed=0, **kw):
    """A Euchre table whose first decision is the learner's (dealer on the learner's right)."""
    kw.setdefault("background", False)
    return PlayTable("euchre", seed=seed, dealer=3, **kw)


def play_out(table, pick=lambda legal: legal[-1], checks=None):
    for _ in range(300):
        if table.state.is_over:
            return
        legal = list(table.state.view(table.seat).legal)
        assert table.click(pick(legal)), table.message
        if checks:
            checks(table)
    raise AssertionError("the hand did not finish")


# -- arguments ------------------------------------------------------------------------------
@pytest.mark.parametrize("kwargs,message", [
    ({"hint_level": "x"}, "hint_level must be one of"),
    ({"state": "not a state"}, "state must be a hand state"),
    ({"seat": "x"}, "seat must be a whole number"),
    ({"seat": 7}, "there is no seat 7"),
    ({"bots": "wizard"}, "unknown bot level 'wizard'"),
    ({"bots": {1: "wizard"}}, "unknown bot level 'wizard' for seat 1"),
    ({"seed": 1.5}, "a seed must be a whole number or a word"),
    ({"contract": "slam"}, "has no practice 'slam'"),
    ({"guided": "yes"}, "guided must be True or False"),
    ({"bot_budget": -1}, "bot_budget must be more than 0"),
    ({"game": "chess"}, "unknown game 'chess'"),
])
def test_bad_arguments_are_refused_up_front(kwargs, message):
    args = {"game": "euchre", **kwargs}
    with pytest.raises(TutorError, match=re.escape(message)):
        PlayTable(**args)


# -- decisions and clicks ---------------------------------------------------------------------
def test_only_legal_actions_are_clickable_with_test_handles():
    table = learner_first()
    assert table.state.to_move == 0 and table.state.phase == "bid1"
    assert set(table.action_buttons) == {"pass", "order_up"}
    for key, button in table.action_buttons.items():
        assert "tutor-action" in button._dom_classes and button.tooltip == key
    assert table.action_buttons["order_up"].description == "Order up"
    assert table.card_buttons and all(b.disabled for b in table.card_buttons.values())
    assert all("tutor-card" in b._dom_classes for b in table.card_buttons.values())
    assert "Your turn, " in table.status.value
    assert "Order up" in table.panel.value      # the panel says what the choice means
    assert_in_words(table)


def test_a_button_click_calls_the_handler_and_the_bots_reply():
    table = learner_first()
    table.action_buttons["order_up"].click()
    state = table.state
    assert state.actions[0] == (0, games.Action("order_up")) and state.maker == 0
    assert state.to_move in (0, None)
    assert_in_words(table)
    assert "ordered up" in visible_text(table.log_box.value)


def test_a_refused_action_shows_why_and_changes_nothing():
    table = learner_first()
    before = table.state.snapshot()
    card = table.state.hands[0][0]
    assert table.click(f"play {card}") is False
    assert table.state.snapshot() == before
    assert "Not allowed" in table.status.value and "tutor-msg-error" in table.status.value
    assert table.click("play ZZ") is False and "not a card" in table.message
    assert table.state.snapshot() == before


def test_no_exception_escapes_a_handler():
    table = learner_first()
    before = table.state.snapshot()
    assert not table.click(object())
    assert not table.select("XX")
    assert not table.retry(999)
    assert table.state.snapshot() == before and table.message


def test_undo_is_exact_and_says_so_without_alarm():
    table = learner_first()
    before = table.state.snapshot()
    table.click("pass")
    assert table.state.snapshot() != before
    assert table.undo()
    assert table.state.snapshot() == before
    assert "Taken back" in table.message and "tutor-msg-note" in table.status.value
    assert not table.undo() and "nothing" in table.message


def test_the_learner_sees_no_hidden_card():
    table = learner_first(seed=5)
    state = table.state
    picture = table.static_html()
    shown = table.board.value + picture
    for seat in (1, 2, 3):
        for card in state.hands[seat]:
            if card != state.up_card:
                assert f'title="{card.name}"' not in shown
    for card in state.hands[0]:
        assert f'title="{card.name}"' in picture


# -- the hand, the trick, the log ------------------------------------------------------------
def test_trumps_come_first_and_are_marked_with_the_left_bower_among_them():
    state = games.position("euchre", hands={0: "9D JD AH QS 9C", 1: "TD QD KC TC 9S",
                                            2: "AD KD AC KS TS", 3: "QC JC TH JS AS"},
                           trump="H", leader=0)
    table = PlayTable(state=state, background=False)
    order = [str(c) for c in table.card_buttons]
    assert order[:2] == ["JD", "AH"]          # the left bower is a trump
    assert set(order[2:]) == {"QS", "9C", "9D"}
    trumps = [str(c) for c, b in table.card_buttons.items() if "tutor-trump" in b._dom_classes]
    assert trumps == ["JD", "AH"]
    assert table.card_buttons[games.Play("JD").card].tooltip == "play JD"


@pytest.mark.parametrize("game,options", GAMES)
def test_a_whole_hand_of_every_game_in_words(game, options):
    table = PlayTable(game, seed=7, background=False, **options)
    seen_last_trick_while_next_runs = []

    def checks(t):
        pub = t.state.view(0).public
        if pub.get("tricks") and pub.get("trick"):
            seen_last_trick_while_next_runs.append("Last trick" in t.board.value
                                                   and "won it with" in t.board.value)
        assert_in_words(t)

    play_out(table, checks=checks)
    assert table.state.is_over
    assert all(seen_last_trick_while_next_runs)
    lines = table.log_lines()
    if table.state.tricks:
        assert any(line.startswith("Trick 1 — ") and "won it with" in line for line in lines)
    assert lines[-1].startswith("The hand is over")
    assert "The hand is over" in table.review.head.value
    assert table.sheet.rows() and "Score sheet" in table.sheet.body.value
    assert_in_words(table)


def test_the_last_trick_stays_visible_after_the_bots_lead_again():
    table = PlayTable("lora", seed=3, background=False, contract="minimum")
    for _ in range(40):
        pub = table.state.view(0).public
        if pub["tricks"] and pub["trick"] and table.state.to_move == 0:
            lead, plays, winner = pub["tricks"][-1]
            assert "Last trick" in table.board.value
            assert f"{table.name(winner)} won it with" in htmllib.unescape(table.board.value)
            return
        table.click(list(table.state.view(0).legal)[0])
    pytest.fail("the learner never followed to a new trick")


# -- score sheet and integrity ----------------------------------------------------------------
@pytest.mark.parametrize("game,options", GAMES)
def test_undo_after_the_end_keeps_the_sheet_true(game, options):
    table = PlayTable(game, seed=11, background=False, **options)
    play_out(table)
    if not table._checkpoints:
        pytest.skip("the learner made no decision in this hand")
    assert len(table.match.sheet) == 1
    table.undo()
    assert not table.state.is_over or table.state.to_move is None
    if not table.state.is_over:
        assert table.match.sheet == [] and "No hand finished yet" in table.sheet.body.value
    play_out(table, pick=lambda legal: legal[0])
    assert len(table.match.sheet) == 1
    total = {u: v for u, v in table.match.sheet[0]["totals"].items()}
    start = games.new_match(game, seed=table.seed, **options).scores
    expect = {u: start[u] + table.state.result().points.get(u, 0) for u in start}
    assert total == expect == table.match.scores


def test_the_score_sheet_alone_names_target_and_leader():
    match = games.new_match("euchre", seed=2, dealer=0)
    sheet = ScoreSheet(match)
    assert "First side to 10 points wins" in sheet.body.value
    assert "No hand finished yet" in sheet.body.value
    state = match.current
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    sheet.refresh()
    text = visible_text(sheet.static_html())
    assert "(row" not in text and "NS" not in text.replace("North/South", "")
    assert "Hand" in text and sheet.summary().startswith("Score after 1 hand")
    bundle = sheet._repr_mimebundle_()
    assert "text/html" in bundle and "text/plain" in bundle
    with pytest.raises(TutorError, match="ScoreSheet needs a match"):
        ScoreSheet("nope")


def test_raub_sheet_counts_down_from_the_start():
    match = games.new_match("raub", seed=3, players=3)
    assert "counts down" in ScoreSheet(match).body.value


# -- review, retry, the deal --------------------------------------------------------------------
def test_review_names_the_better_card_and_retry_reopens_that_moment():
    for seed in range(30):
        table = PlayTable("lora", seed=seed, background=False, contract="minimum")
        play_out(table)     # a careless learner: always the last legal card
        costly = [i for i in table.review.items() if i["exact"] and i["cost"]]
        if costly:
            break
    else:
        pytest.fail("no costly card in 30 careless hands")
    item = costly[0]
    text = dict(table.review.sentences())[item["index"]]
    assert "was better" in text and "penalty point" in text
    assert item["better"] and item["card"] not in item["better"]
    before_scores = dict(table.match.scores)
    table.review.retry_buttons[item["index"]].click()
    state = table.state
    assert len(state.actions) == item["index"] and state.to_move == 0
    assert table.match.sheet == [] and table.match.scores != before_scores
    better = item["better"][0]
    assert table.click(f"play {better}")


def test_show_the_deal_only_after_the_hand():
    table = learner_first(seed=4)
    assert not table.show_deal() and "once the hand is over" in table.message
    dealt = {s: tuple(table.state.hands[s]) for s in range(4)}
    play_out(table)
    assert table.show_deal()
    shown = table.review.deal_box.value
    for cards in dealt.values():
        for card in cards:
            assert f'title="{card.name}"' in shown


# -- hints and the guide ------------------------------------------------------------------------
def test_the_hint_ladder_says_when_it_is_complete():
    table = learner_first()
    steps = [table.hint()]
    while len(steps) < len(table._hint.ladder):
        steps.append(table.hint())
    assert steps[-1] == str(table._hint.action)
    assert "That is the whole hint" in table.hint_box.value
    table.hint()
    assert "last step" in table.message
    assert_in_words(table)


def test_guided_first_hand_shows_the_teacher_before_each_decision():
    table = learner_first(guided=True)
    assert "Your teacher suggests" in table.guide_box.value
    advised = table.guide.action
    table.click(advised)
    while not table.state.is_over:
        if table.state.to_move == 0:
            assert "Your teacher suggests" in table.guide_box.value
        table.click(table.guide.action)
    assert table.guide_box.value == ""
    table.next_hand()
    assert table.guide_box.value == ""          # afterwards hints on request only


# -- busy state -------------------------------------------------------------------------------
def test_busy_state_ignores_clicks_and_says_who_is_thinking():
    table = learner_first(background=True)
    table.wait()
    release = threading.Event()
    slow = table.bots[1]
    original = slow.choose

    def thinking(view):
        release.wait(5)
        return original(view)

    slow.choose = thinking
    t0 = time.perf_counter()
    assert table.click("pass")
    shown_after = time.perf_counter() - t0
    assert table.busy.busy
    assert "East is thinking" in table.status.value or "is thinking" in table.status.value
    assert all(b.disabled for b in table.action_buttons.values())
    actions = len(table.state.actions)
    assert table.click("pass") is False and "thinking" in table.message
    assert table.undo() is False and len(table.state.actions) == actions
    release.set()
    assert table.wait(30)
    assert not table.busy.busy and "thinking" not in table.status.value
    assert shown_after < 1.0


# -- practice by contract ---------------------------------------------------------------------------
def test_lora_practice_deals_the_contract_again_and_again():
    table = PlayTable("lora", seed=5, contract="queens", background=False)
    assert table.state.contract == "queens" and "practice: Queens" in table.status.value
    play_out(table)
    table.next_hand()
    assert table.state.contract == "queens" and table.hand_number == 2
    again = PlayTable("lora", seed=5, contract="Queens", background=False)
    assert again.state.setup == PlayTable("lora", seed=5, contract="queens",
                                          background=False).state.setup


@pytest.mark.parametrize("game,contract,test", [
    ("euchre", "maker", lambda s: s.maker == 0),
    ("euchre", "against a lone hand", lambda s: s.maker % 2 == 1 and any(a % 2 == 1 for a in s.alone)),
    ("raub", "declarer", lambda s: s.declarer == 0),
    ("clabber", "bidder", lambda s: s.maker == 0),
])
def test_practice_situations_arise_on_every_hand(game, contract, test):
    table = PlayTable(game, seed=1, contract=contract, background=False)
    assert test(table.state)
    play_out(table, pick=lambda legal: legal[0])
    table.next_hand()
    assert test(table.state)
    twin = PlayTable(game, seed=1, contract=contract, background=False)
    first = [hand.setup for hand in table.match.hands]
    assert (twin.match.hands + [twin.state])[0].setup == first[0]   # the same seed, the same deal


def test_raub_draw_is_select_then_confirm():
    table = PlayTable("raub", seed=2, contract="declarer", background=False)
    for _ in range(20):
        if table.state.phase == "draw" and table.state.to_move == 0 and "confirm" in table.action_buttons:
            break
        table.click(list(table.state.view(0).legal)[0])
    else:
        pytest.fail("the declarer never drew")
    assert table.action_buttons["confirm"].tooltip.startswith("exchange")
    assert not any(k.startswith("exchange ") for k in table.action_buttons if k != "confirm")
    pick = sorted(table._selectable())[:2]
    for card in pick:
        table.card_buttons[card].click()
    assert table.selected == set(pick)
    assert table.action_buttons["confirm"].tooltip == str(table.draw_action())
    n = len(table.state.actions)
    table.action_buttons["confirm"].click()
    assert table.state.actions[n] == (0, games.Action("exchange", tuple(sorted(pick))))


def test_raub_hands_over_before_the_learner_acts_are_dealt_past():
    for seed in range(60):
        table = PlayTable("raub", seed=seed, players=3, bots="random", background=False)
        if table.skipped:
            assert table.state.to_move == 0
            assert "ended before your turn" in table.status.value
            return
    pytest.fail("no seed with a passed deal in 60")


# -- Lora's layout ----------------------------------------------------------------------------------
def test_lora_layout_board_has_clickable_legal_cards():
    table = PlayTable("lora", seed=4, contract="lora", background=False)
    for _ in range(40):
        legal = {str(a) for a in table.state.view(0).legal}
        if table.state.to_move == 0 and any(a.startswith("play") for a in legal):
            assert set(table.layout_buttons) == {a for a in legal if a.startswith("play")}
            key = sorted(table.layout_buttons)[0]
            assert "tutor-card" in table.layout_buttons[key]._dom_classes
            table.layout_buttons[key].click()
            assert any(str(a) == key for s, a in table.state.actions if s == 0)
            assert "trick" not in visible_text(table.board.value).lower()
            return
        table.click(sorted(table.state.view(0).legal)[0])
    pytest.fail("the learner never had a card to lay")


# -- static picture ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game,options", GAMES)
def test_static_picture_has_widget_html_and_text(game, options):
    table = PlayTable(game, seed=3, background=False, **options)
    bundle = table._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"].startswith(f"{game.capitalize()} play table")
    assert "tutor-root" in bundle["text/html"]
    assert not IDENTIFIERS.findall(visible_text(bundle["text/html"]))
    assert bundle["text/html"] == table.static_html()


def test_an_expert_hint_is_worked_out_in_the_background():
    table = learner_first(hint_level="expert", background=True, bot_budget=0.2)
    table.wait()
    assert table.hint() is None                     # not ready yet: the table says so
    assert "Working out a hint" in table.status.value and table.busy.busy
    assert table.wait(60)
    assert table.hint_steps and "Hint" in table.hint_box.value
    assert "Working out" not in table.status.value
    while len(table.hint_steps) < len(table._hint.ladder):
        table.hint()
    assert "sampled deal" in table.hint_box.value    # the figures in words
