"""PlayTable(decides=...): the table makes the decisions a lesson has not taught yet, by the
basic advice, says so in words, and never asks the learner for them."""
import re

import pytest

from tutor import TutorError, bots, games
from tutor.widgets import PlayTable

from test_table import assert_in_words, visible_text

LORA_ALL = {"contract_choice": True, "packet_deal_on_no_cut": True}
LORA_STRICT = {"lora_last_card_call": "manual", "penalties": True}

# (game, table arguments, topic): seeded deals where the learner's seat meets the topic in
# the first hand when everyone (the learner too) follows the basic advice
CASES = [
    ("euchre", {"seed": 0, "dealer": 0}, "bidding"),
    ("euchre", {"seed": 0, "dealer": 0}, "discard"),
    ("euchre", {"seed": 0, "dealer": 0}, "going alone"),
    ("euchre", {"seed": 0, "dealer": 0}, "play"),
    ("raub", {"seed": 3, "dealer": 0}, "dealing"),
    ("raub", {"seed": 3, "dealer": 0}, "blind call"),
    ("raub", {"seed": 7, "dealer": 0}, "bidding"),
    ("raub", {"seed": 4, "dealer": 0}, "defending"),
    ("raub", {"seed": 3, "dealer": 0}, "drawing"),
    ("raub", {"seed": 3, "dealer": 0}, "play"),
    ("raub", {"seed": 48, "players": 3, "rules": {"trump_seven_exchange": True}}, "seven exchange"),
    ("clabber", {"seed": 0, "rules": {"meld_declaration": "choice"}}, "bidding"),
    ("clabber", {"seed": 0, "rules": {"meld_declaration": "choice"}}, "melds"),
    ("clabber", {"seed": 0}, "trumping"),
    ("clabber", {"seed": 0}, "play"),
    ("lora", {"seed": 0, "rules": LORA_ALL}, "choosing"),
    ("lora", {"seed": 1, "rules": LORA_ALL}, "cut"),
    ("lora", {"seed": 0, "rules": LORA_ALL}, "play"),
    ("lora", {"seed": 0, "contract": "lora"}, "layout"),
    ("lora", {"seed": 0, "contract": "lora", "rules": LORA_STRICT}, "last card"),
]


def advice(table, state=None):
    state = state or table.state
    return bots.hint(state.view(table.seat), level="basic", seed=table.seed).action


def play_as_advised(table, limit=400):
    """The learner follows the basic advice to the end of the hand; returns the topics the
    learner was asked, checking at every turn that none of them is one the table decides."""
    asked = []
    for _ in range(limit):
        state = table.state
        if state.is_over:
            return asked
        assert state.to_move == table.seat and not table.busy.busy
        topic = games.decision_topic(state)
        assert topic not in table.decides, f"the learner was asked about {topic}"
        asked.append(topic)
        assert table.click(advice(table)), table.message
    raise AssertionError("the hand did not finish")


def state_before(state, index):
    """The hand as it stood before its ``index``-th action."""
    earlier = games.replay(state.record())
    while len(earlier.actions) > index:
        earlier.undo()
    return earlier


@pytest.mark.parametrize("game,kwargs,topic", CASES,
                         ids=[f"{g}-{t.replace(' ', '_')}" for g, _, t in CASES])
def test_the_table_makes_the_decision_and_says_so(game, kwargs, topic):
    table = PlayTable(game, background=False, review_budget=50, decides={topic}, **kwargs)
    asked = play_as_advised(table)
    assert table.hand_number == 1
    assert topic not in asked
    made = [i for i, t in table.decided.items() if t == topic]
    assert made, f"{topic} never came up"
    for index in made:
        seat, action = table.state.actions[index]
        assert seat == table.seat
        before = state_before(table.state, index)
        assert games.decision_topic(before) == topic
        assert action == advice(table, before)       # the basic advice, as the brief says
    # in words: the log marks every decision the table made; no engine identifier anywhere
    log = " ".join(table.log_lines())
    assert "(the table chose this for you)" in log or "(chosen by the table)" in log
    assert_in_words(table)
    html = visible_text(table.static_html())
    assert "the table chose this for you" in html or "chosen by the table" in html


def test_the_message_names_what_was_done_and_why():
    table = PlayTable("euchre", seed=0, dealer=0, background=False, review_budget=50,
                      decides={"bidding": "lesson 2", "discard": None, "going alone": None})
    assert table.state.to_move == table.seat and table.state.phase == "play"
    assert table.message_kind == "note"
    assert ("You (the dealer) picked up the up-card: the table chose this for you "
            "(lesson 2 teaches bidding).") in table.message
    discard = next(a for _, a in table.state.actions if a.verb == "discard")
    assert (f"You discarded {discard.card.symbol}: the table chose this for you "
            f"(a later lesson teaches the dealer's discard).") in table.message
    assert ("You did not go alone: the table chose this for you "
            "(a later lesson teaches going alone).") in table.message
    assert_in_words(table)
    # the static picture and the text summary carry it too
    bundle = table._repr_mimebundle_()
    assert "lesson 2 teaches bidding" in visible_text(bundle["text/html"])
    assert "lesson 2 teaches bidding" in bundle["text/plain"]
    # the learner's own card clears the note
    assert table.click(table.state.view(0).legal[0])
    assert "lesson 2 teaches bidding" not in table.message


def test_lesson_one_euchre_the_learner_only_plays_cards():
    table = PlayTable("euchre", seed=5, background=False, review_budget=50,
                      decides={"bidding", "discard", "going alone", "calling for best"})
    asked = []
    for _ in range(4):
        asked += play_as_advised(table)
        if not table.next_hand():
            break
    assert asked and set(asked) == {"play"}
    assert "bidding" in table.decided.values() or table.skipped


def test_unknown_topics_are_refused_naming_the_games_topics():
    with pytest.raises(TutorError, match=re.escape("'auction' is not a decision topic of Euchre; "
                                                   "the topics are: 'bidding', 'discard'")):
        PlayTable("euchre", seed=1, decides={"auction"}, background=False)
    with pytest.raises(TutorError, match="'melds' is not a decision topic of Raub"):
        PlayTable("raub", seed=1, decides=["melds"], background=False)
    with pytest.raises(TutorError, match="decides must be a collection of decision topics"):
        PlayTable("lora", seed=1, decides=3, background=False)
    with pytest.raises(TutorError, match=re.escape("decides['bidding'] must name the lesson")):
        PlayTable("clabber", seed=1, decides={"bidding": 2}, background=False)


def test_topics_read_as_words_and_a_single_topic_may_be_a_string():
    table = PlayTable("euchre", seed=0, dealer=0, background=False, decides="Going_Alone")
    assert table.decides == {"going alone": None}


def test_undo_takes_back_the_learner_and_the_tables_later_decisions_without_a_loop():
    table = PlayTable("clabber", seed=0, background=False, review_budget=50, decides={"trumping"})
    assert not table.undo()                       # nothing of the learner's yet
    assert "nothing of yours" in table.message
    # play until a click of the learner is answered by a decision of the table
    for _ in range(20):
        before, decided_before = len(table.state.actions), dict(table.decided)
        action = advice(table)
        assert table.click(action)
        if len(table.decided) > len(decided_before):
            break
    else:
        pytest.fail("the table never trumped for the learner")
    after, decided_after = table.state.record(), dict(table.decided)
    assert table.undo()
    assert len(table.state.actions) == before
    assert table.decided == decided_before
    assert table.state.to_move == table.seat
    assert games.decision_topic(table.state) not in table.decides
    # the same click gives the same hand again: the table decides as before
    assert table.click(action)
    assert table.state.record() == after and table.decided == decided_after
    # undo all the way back: every learner decision comes off, the table's first ones stay
    while table.undo():
        pass
    assert table.state.to_move == table.seat
    assert all(i < len(table.state.actions) for i in table.decided)


def test_retry_is_not_offered_for_a_decision_the_table_made():
    table = PlayTable("clabber", seed=0, background=False, review_budget=50, decides={"trumping"})
    play_as_advised(table)
    index = next(i for i, t in table.decided.items() if t == "trumping")
    record = table.state.record()
    assert table.retry(index) is None
    assert "the table made that decision for you" in table.message
    assert table.state.record() == record
    assert index not in table.review.retry_buttons
    assert table.review.retry_buttons              # the learner's own cards keep theirs
    shown = " ".join(text for _, text in table.review.sentences())
    assert "(the table chose this card for you)" in shown
    mine = min(table.review.retry_buttons)
    assert table.retry(mine)
    assert all(i < mine for i in table.decided)


def test_guided_table_guides_only_what_the_learner_decides():
    table = PlayTable("euchre", seed=0, dealer=0, background=False, review_budget=50, guided=True,
                      decides={"bidding", "discard", "going alone"})
    for _ in range(5):
        assert games.decision_topic(table.state) == "play"
        assert table.guide is not None and "Your teacher suggests" in table.guide_box.value
        assert table.click(table.guide.action)


def test_background_bots_decide_the_same_way():
    kwargs = dict(seed=3, dealer=0, review_budget=50,
                  decides={"dealing", "blind call", "bidding", "defending", "drawing"})
    quick = PlayTable("raub", background=False, **kwargs)
    slow = PlayTable("raub", background=True, **kwargs)
    assert slow.wait()
    assert slow.state.record() == quick.state.record()
    assert slow.decided == quick.decided and slow.message == quick.message
    while not quick.state.is_over:
        action = quick.state.view(0).legal[0]
        assert quick.click(action) and slow.click(action)
        assert slow.wait()
        assert slow.state.record() == quick.state.record()
    assert slow.decided == quick.decided


def test_calling_for_best_is_decided_for_the_partner_of_a_lone_hand():
    state = games.new_hand("euchre", seed=0, rules="railroad", dealer=3)
    for action in ["pass", "pass", "order_up", "discard JK", "go_alone", "decline", "decline"]:
        state.apply(action)
    assert state.phase == "call_for_best"
    table = PlayTable(state=state, background=False, review_budget=50,
                      decides={"calling for best"})
    assert list(table.decided.values()) == ["calling for best"]
    index = next(iter(table.decided))
    assert table.state.actions[index][1].verb == "pass_card"
    assert "the table chose this for you (a later lesson teaches calling for best)" in table.message


# positions cut from real hands (hearts trumps, two cards each), East leading the trick
@pytest.mark.parametrize("hands,trick,expected", [
    ({0: "KH QS", 1: "QC KC", 2: "KS AS", 3: "9S JS"}, (), "play"),          # a lead
    # void in the suit led, a trump held: must trump
    ({0: "KH QS", 1: "AC QD", 2: "TC AH", 3: "TS"}, ("KD",), "trumping"),
    # void, no trump: any card (rule 7.2, item 6)
    ({0: "9S QS", 1: "AH KS", 2: "TS QH", 3: "KH"}, ("AD",), "trumping"),
    ({0: "9H AS", 1: "AD QS", 2: "TS JS", 3: "KS"}, ("TH",), "trumping"),   # must overtrump
    ({0: "9H AS", 1: "AD QS", 2: "TS JS", 3: "TH"}, ("KS",), "play"),       # follows suit
])
def test_clabber_trumping_is_a_card_under_the_duty_to_trump(hands, trick, expected):
    state = games.position("clabber", hands=hands, trump="H", leader=3 if trick else 0,
                           trick=list(trick))
    assert state.to_move == 0
    assert games.decision_topic(state) == expected


def test_decides_set_later_takes_effect_at_once_and_undo_skips_decisions_now_decided():
    table = PlayTable("euchre", seed=0, dealer=0, background=False, review_budget=50)
    assert games.decision_topic(table.state) == "bidding" and not table.decided
    first = len(table.state.actions)
    assert table.click(advice(table))            # the learner's own bid
    table.decides = {"bidding"}
    assert games.decision_topic(table.state) not in table.decides
    assert table.state.to_move == table.seat
    # undo would reopen a bid, now the table's: it goes back and the table bids again
    while table.undo():
        pass
    assert games.decision_topic(table.state) != "bidding"
    assert any(t == "bidding" and i >= first for i, t in table.decided.items())
    with pytest.raises(TutorError, match="not a decision topic"):
        table.decides = {"auction"}
    assert table.decides == {"bidding": None}


def test_the_contracts_to_choose_from_say_their_scoring_with_the_rules_numbers():
    table = PlayTable("lora", seed=0, rules={**LORA_ALL, "lora_pass_points": 1})
    assert table.state.phase == "choose" and table.state.to_move == table.seat
    shown = visible_text(table._repr_mimebundle_()["text/html"])
    assert ("Lora (layout) : lay your cards on four suit piles; the first player out scores -8, "
            "each other player +1 per card left; every pass costs +1, the first out's too") \
        in shown                                                      # rules 9.6
