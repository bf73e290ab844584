"""Hints: a reason naming the advised action, alternatives, a ladder ending on the action,
rule reminders, determinism, variant flags, and the expert's graceful fall-back."""
import pytest

from tutor import TutorError, bots, games
from tutor.bots import PRINCIPLES, describe

from .helpers import CASES, case_id, random_play_views


def check_hint(view, h):
    assert h.action in view.legal
    assert h.reason.strip()
    assert describe(h.action).lower() in h.reason.lower()      # the reason names the action
    assert h.ladder and h.ladder[-1] == str(h.action)         # the last step is the action
    assert h.principle in h.ladder[0] or len(h.ladder) == 1
    assert {a.action for a in h.alternatives} == set(view.legal) - {h.action}


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_basic_hints_name_the_action_and_end_the_ladder_on_it(case):
    game, rules = case
    principles = set()
    for state, view in random_play_views(game, rules, range(4)):
        h = bots.hint(view)
        check_hint(view, h)
        assert h.principle in PRINCIPLES, h.principle
        principles.add(h.principle)
    assert len(principles) >= 3


def test_every_principle_has_a_one_line_explanation():
    for name, text in PRINCIPLES.items():
        assert text and "\n" not in text and len(text) < 120, name


def test_hints_of_a_seeded_position_are_deterministic():
    for game in games.GAMES:
        for state, view in random_play_views(game, None, [7]):
            assert bots.hint(view) == bots.hint(view)
    state = games.position("euchre", hands={0: "JH AH TS", 1: "9H QS KS", 2: "TH QH AS", 3: "KH JS AC"},
                           trump="H", leader=0, tricks_won={0: 1, 1: 1})
    view = state.view(0)
    a = bots.hint(view, level="expert", budget=30.0, samples=6)
    b = bots.hint(view, level="expert", budget=30.0, samples=6)
    assert a == b
    check_hint(view, a)
    assert a.level == "expert" and "6 sampled deals" in a.reason and "points" in a.reason
    assert all(alt.value is not None for alt in a.alternatives)


def test_expert_hint_gives_figures_for_every_alternative_in_every_game():
    positions = [
        games.position("raub", hands={0: "AH 7S KC", 1: "9H QS KS", 2: "TH QH AS"}, trump="H",
                       declarer=0, players=4, active=[0, 1, 2], tricks_won={0: 1}),
        games.position("clabber", hands={0: "KC TS KS", 1: "AC JS AS", 2: "TD KD QS", 3: "TH KH 9S"},
                       trump="H", leader=0),
        games.position("lora", contract="hearts", hands={0: "7C 9H 7D", 1: "JC QH 8D",
                                                         2: "7H 9C QS", 3: "JH AH KS"}, leader=0),
    ]
    for state in positions:
        view = state.view(state.to_move)
        h = bots.hint(view, level="expert", budget=30.0, samples=4)
        check_hint(view, h)
        assert "4 sampled deals" in h.reason
        assert h.units in h.reason
        assert h.principle in PRINCIPLES


def test_rule_reminder_when_the_left_bower_must_follow():
    # hearts are trumps, a trump is led: the J♦ (left bower) is a trump and must follow
    state = games.position("euchre", hands={0: "QH 9S TS AS KS", 1: "JD AC KC QC 9C",
                                            2: "9D TD QD KD AD", 3: "9H TH JC QS JS"},
                           trump="H", leader=0)
    state.apply("play QH")
    view = state.view(1)
    assert [str(a) for a in view.legal] == ["play JD"]
    h = bots.hint(view)
    assert h.action == games.Play("JD")
    assert "trump" in h.reminder.lower() and "follow" in h.reminder.lower()
    assert "J♦" in h.reminder


def test_hints_respect_variant_flags():
    # round 2 of Euchre: the turned-down suit is never advised unless the variant allows it
    for rules, allowed in ((None, False), ({"allow_turned_down_suit": True}, True)):
        advised = set()
        for state, view in random_play_views("euchre", rules, range(40), phase="bid2"):
            h = bots.hint(view)
            if h.action.verb == "name":
                advised.add(h.action.suit.value == view.public["turned_down"])
        if not allowed:
            assert True not in advised
    # Lora layout: the advice always fits the layout
    for state, view in random_play_views("lora", None, range(3), contract="lora"):
        h = bots.hint(view)
        assert h.action in view.legal


def test_expert_falls_back_on_the_basic_rule_and_says_so():
    state = games.new_hand("lora", seed=4, contract="minimum")
    view = state.view(state.to_move)
    h = bots.hint(view, level="expert", budget=0.01)
    assert h.action in view.legal
    assert h.level == "expert" and h.notes and "basic rule" in h.reason
    state = games.new_hand("raub", seed=4)
    view = state.view(state.to_move)
    h = bots.hint(view, level="expert")
    assert "basic rule" in h.reason and h.action in view.legal


def test_expert_values_euchre_bids_by_sampled_deals():
    state = games.new_hand("euchre", seed=1, dealer=3)
    view = state.view(0)
    h = bots.hint(view, level="expert", budget=30.0, samples=5)
    check_hint(view, h)
    assert "5 sampled deals" in h.reason and "points" in h.reason
    assert {str(a.action) for a in h.alternatives} | {str(h.action)} == {"pass", "order_up"}
    assert bots.hint(view, level="expert", budget=30.0, samples=5) == h


def test_no_hint_from_the_random_level_or_out_of_turn():
    state = games.new_hand("euchre", seed=1, dealer=3)
    with pytest.raises(TutorError):
        bots.hint(state.view(0), level="random")
    with pytest.raises(TutorError):
        bots.hint(state.view(1))
    with pytest.raises(TutorError):
        bots.make("grandmaster", 0)


def test_expert_values_raub_calls_by_rollouts():
    state = games.new_hand("raub", seed=2)
    while state.phase != "defend":
        state.apply(bots.hint(state.view(state.to_move)).action)
    view = state.view(state.to_move)
    h = bots.hint(view, level="expert", budget=30.0, samples=6)
    check_hint(view, h)
    assert "6 sampled deals" in h.reason and "points off your score" in h.reason
    assert h.level == "expert" and h.alternatives[0].value is not None


def test_expert_values_lora_contracts_by_playing_them_out():
    state = games.new_hand("lora", seed=1, rules={"contract_choice": True})
    view = state.view(state.to_move)
    h = bots.hint(view, level="expert", budget=30.0, samples=2)
    check_hint(view, h)
    assert "2 sampled deals" in h.reason and "penalty points" in h.reason


def test_a_forced_choice_is_said_in_words():
    state = games.new_hand("lora", contract="minimum", seed=0)
    forced = None
    while forced is None and not state.is_over:
        view = state.view(state.to_move)
        if len(view.legal) == 1 and view.legal[0].verb == "play":
            forced = view
        else:
            state.apply(view.legal[-1])
    h = bots.hint(forced, level="basic")
    card = forced.legal[0].card.symbol
    assert h.reason.startswith(f"Play {card}: the only card you may play (")
    assert "legal action" not in h.reason and h.reason.endswith("must follow suit).")
    not_a_card = next(v for v in _views_with_one_choice() if v.legal[0].verb != "play")
    assert bots.hint(not_a_card, level="basic").reason.endswith(": your only choice.")


def _views_with_one_choice():
    """Views of seeded Clabber hands where the seat to act has one choice."""
    for seed in range(20):
        state = games.new_hand("clabber", seed=seed)
        while not state.is_over:
            view = state.view(state.to_move)
            if len(view.legal) == 1:
                yield view
            state.apply(view.legal[0])
