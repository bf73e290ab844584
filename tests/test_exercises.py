"""The lesson exercises driven through the handlers their buttons call, asserting on the
answers' checks, the feedback, the lesson record and the static pictures."""
import pytest

from tutor import IllegalAction, games
from tutor.cards import parse_card
from tutor.errors import TutorError
from tutor.games import euchre
from tutor.progress import Store
from tutor.widgets import Decide, Lesson, PickCards, Quiz, ScoreIt, WhoWins, settle


@pytest.fixture
def lesson(tmp_path):
    return Lesson("euchre/99-test", store=Store(tmp_path / "progress.json"))


def left_bower_lead():
    """Hearts trump, seat 3 leads the left bower J♦: seat 0 must play his only heart (rules 2.4)."""
    return euchre.position(
        hands={0: "AD KC 9H QS 9S", 1: "AS KS QD 9C TC", 2: "TS KD AC QH AH", 3: "QC JC TH TD"},
        trump="H", leader=3, trick=["JD"])


def last_trick():
    """Spades trump: seat 3 leads A♥, 0 plays 9♥, 1 the J♣ (left bower), 2 the 10♠ - seat 1 wins."""
    state = euchre.position(hands={3: "AH", 0: "9H", 1: "JC", 2: "TS"}, trump="S", leader=3,
                            tricks_won={"NS": 2, "EW": 2})
    for card in ["AH", "9H", "JC", "TS"]:
        state.apply(f"play {card}")
    return state


def test_pick_cards_right_only_for_exactly_the_legal_cards(lesson):
    state = left_bower_lead()
    ex = PickCards(state, lesson=lesson, id="follow")
    before = state.snapshot()
    assert not ex.answer("9H AD")
    # the wrong card gets the engine's own refusal, word for word
    try:
        state.copy().apply("play AD")
    except IllegalAction as err:
        refusal = str(err)
    assert refusal in ex.message.replace("&#x27;", "'")
    assert ex.answer("9H")
    assert state.snapshot() == before          # the exercise never changes the lesson's state
    assert lesson.answers["follow"] == {"first_try": False, "tries": 2, "solved": True}


def test_pick_cards_names_missed_cards_and_the_buttons_toggle(lesson):
    state = euchre.position(
        hands={0: "JD AC TS KS 9C", 1: "AS QS QD 9S TC", 2: "TH KD AD QH AH", 3: "QC JC KH TD"},
        trump="H", leader=3, trick=["9D"])
    ex = PickCards(state, lesson=lesson, id="void")
    assert set(ex.legal) == {a.card for a in state.legal_actions()}
    button = ex.card_buttons[parse_card("JD")]
    assert "tutor-card" in button._dom_classes and button.tooltip == "play JD"
    button.click()
    assert {str(c) for c in ex.selected} == {"JD"}
    ex.check_button.click()
    assert ex.first_try is False and "You may also play" in ex.message
    ex.retry_button.click()
    assert ex.selected == set() and ex.message == ""
    assert ex.answer([a.card for a in state.legal_actions()])


def test_pick_cards_refuses_a_state_where_the_seat_is_not_to_act():
    with pytest.raises(TutorError, match="seat to act"):
        PickCards(left_bower_lead(), seat=1)


def test_who_wins_checks_the_trick_rules_and_explains(lesson):
    state = last_trick()
    ex = WhoWins(state, lesson=lesson, id="winner")
    assert ex.winner == state.tricks[-1][2] == 1
    name = state.seat_name
    assert not ex.answer(name(2))
    assert "does not win" in ex.message and "highest trump" in ex.message
    assert ex.answer(name(1))
    assert lesson.answers["winner"]["first_try"] is False
    names = [b.description for b in ex.choices_box.children]
    assert names == [name(3), name(0), name(1), name(2)]        # in the order played
    # the static picture asks, and does not tell, who won
    assert "✔" not in ex.static_html() and "✔" not in ex.question_html()
    assert name(1) in ex.teacher_html().split("Answer:")[1]


def test_score_it_checks_result_and_words_the_row(lesson):
    state = last_trick()
    ex = ScoreIt(state, lesson=lesson, id="score")
    assert ex.units == ["NS", "EW"]
    assert not ex.answer({"NS": 0, "EW": 1})
    ex.retry()
    assert ex.answer({"NS": 0, "EW": 2})
    assert "euchred" in ex.message and f"{state.seat_name(1)} and {state.seat_name(3)}" in ex.message
    assert "row" not in ex.message and "S3" not in ex.message


def test_score_it_needs_a_finished_hand():
    with pytest.raises(TutorError, match="finished hand"):
        ScoreIt(left_bower_lead())


def test_quiz_explains_every_option_and_show_me_costs_the_first_try(lesson):
    top = euchre.trump_order("H")
    q = Quiz("Hearts are trump: which card is the highest?", [c.symbol for c in top[:3]],
             answer=top[0].symbol, explanations=["the right bower", "the left bower", "third"],
             lesson=lesson, id="top")
    q.show()
    assert "the right bower" in q.message
    assert q.answer(0) and lesson.answers["top"]["first_try"] is False
    stored = lesson.store.lesson("euchre/99-test")["exercises"]["top"]
    assert stored["first_try"] is False and stored["solved"] is True
    with pytest.raises(TutorError, match="explanation"):
        Quiz("?", ["a", "b"], answer="a", explanations=["only one"])
    with pytest.raises(TutorError, match="not one of the options"):
        Quiz("?", ["a", "b"], answer="c", explanations=["x", "y"])


def test_static_pictures_are_deterministic_and_hide_the_answer(lesson):
    pictures = []
    for _ in range(2):
        ex = PickCards(left_bower_lead(), lesson=lesson, id="follow")
        bundle = ex._repr_mimebundle_()
        assert {"text/html", "text/plain"} <= set(bundle)
        pictures.append((bundle["text/html"], bundle["text/plain"]))
    assert pictures[0] == pictures[1]
    assert "Answer" not in pictures[0][0]
    teacher = PickCards(left_bower_lead(), teacher=True)
    assert "Answer" in teacher._repr_mimebundle_()["text/html"]
    assert "Answer: 9♥" in teacher._repr_mimebundle_()["text/plain"]


def test_summary_counts_this_runs_answers_and_names_what_to_revisit(lesson):
    PickCards(left_bower_lead(), lesson=lesson, id="follow", title="following the left bower")
    WhoWins(last_trick(), lesson=lesson, id="winner", title="who takes a trick")
    assert "not answered any" in repr(lesson.summary())
    lesson.exercises["follow"].answer("9H")
    lesson.exercises["winner"].answer(0)
    text = repr(lesson.summary())
    assert text.startswith("1 of 2 right first time")
    assert "who takes a trick" in text and "following the left bower" not in text
    assert lesson.store.lesson("euchre/99-test")["completed"] is None
    lesson.exercises["winner"].answer(1)
    lesson.summary()
    assert lesson.store.lesson("euchre/99-test")["completed"]


def test_an_exercise_of_a_lesson_needs_an_id(lesson):
    with pytest.raises(TutorError, match="needs an id"):
        WhoWins(last_trick(), lesson=lesson)
    with pytest.raises(TutorError, match="<game>/<notebook>"):
        Lesson("first-hand")


def ordering_view():
    """Seat 0 holds J♣ A♦ K♥ J♠ Q♠ with Q♦ turned: a clear pass."""
    return games.new_hand("euchre", seed=2024, dealer=3).view(0)


def test_decide_is_right_within_the_margin_of_the_best(lesson):
    d = Decide(ordering_view(), "Order up or pass?", lesson=lesson, id="bid", samples=16)
    assert d._hint is None                   # nothing evaluated while the lesson is opened
    values = d.values()
    best = max(values, key=values.get)
    worst = min(values, key=values.get)
    assert d.answer(str(worst)) is False
    assert "expert" in d.message and "over 16 sampled deals" in d.message
    assert "order_up" not in d.message       # actions in words
    assert d.answer(str(best))
    wide = Decide(ordering_view(), "Order up or pass?", samples=16,
                  margin=values[best] - values[worst] + 0.01)
    assert wide.answer(str(worst))


def test_settle_is_stable_across_seeds_for_a_clear_decision():
    result = settle(ordering_view(), samples=16, seeds=(0, 1, 2))
    assert result.settled and str(result.best) == "pass", result
    assert all(lead > 0 for lead in result.leads)


def test_settle_rejects_a_decision_whose_options_all_count_as_right():
    result = settle(ordering_view(), samples=8, margin=100, seeds=(0, 1))
    assert not result.settled and "nothing to decide" in result.reason


def test_decide_buttons_carry_the_action_strings():
    d = Decide(ordering_view(), "Order up or pass?", level="basic")
    tips = {b.tooltip for b in d.choices_box.children}
    assert tips == {"pass", "order_up"}
    assert all("tutor-action" in b._dom_classes for b in d.choices_box.children)
    assert d.answer("pass") == (d.evaluation().action.verb == "pass")


def test_a_click_never_lets_an_exception_escape(lesson):
    ex = WhoWins(last_trick(), lesson=lesson, id="winner")
    ex._press(ex.answer, "Nobody")                      # what a broken click would send
    assert "did not play to this trick" in ex.message
    with pytest.raises(TutorError):
        ex.answer("Nobody")                             # called directly, it raises


def test_the_course_index_shows_stored_progress(tmp_path):
    from tutor.widgets.courses import CourseIndex, lesson_progress
    store = Store(tmp_path / "p.json")
    assert lesson_progress(store, "euchre/01-first-hand", ["a", "b"]) == "not started"
    store.record_exercise("euchre/01-first-hand", "a", True)
    store.record_exercise("euchre/01-first-hand", "b", False)
    assert lesson_progress(store, "euchre/01-first-hand", ["a", "b"]) == \
        "1 of 2 exercises solved, 1 of 2 right first time"
    store.record_exercise("euchre/01-first-hand", "b", True)
    assert lesson_progress(store, "euchre/01-first-hand", ["a", "b"]).startswith("done")
    from pathlib import Path
    index = CourseIndex(Path(__file__).resolve().parents[1] / "lessons", store=store)
    first = index.rows()[0]
    assert first[0].game == "euchre" and first[2].file == "01-first-hand.ipynb"
    html = index._repr_mimebundle_()["text/html"]
    assert 'href="euchre/01-first-hand.ipynb"' in html
