"""PlayTable driven through the handlers its buttons call, asserting on state and HTML."""
import pytest

from tutor import IllegalAction, games
from tutor.widgets import PlayTable


def learner_turn_table(seed=0):
    """A Euchre table whose first decision is the learner's (South, left of dealer East)."""
    return PlayTable("euchre", seat=0, seed=seed, dealer=3)


def test_only_legal_actions_are_clickable_in_bidding():
    table = learner_turn_table()
    assert table.state.phase == "bid1" and table.state.to_move == 0
    assert set(table.action_buttons) == {"pass", "order_up"}
    assert table.card_buttons and all(b.disabled for b in table.card_buttons.values())
    assert "Your turn" in table.header.value


def test_click_applies_action_and_bots_reply_until_learner_turn_or_end():
    table = learner_turn_table()
    assert table.click("pass")
    state = table.state
    assert state.actions[0] == (0, games.Action("pass"))
    # the bots act until the learner must decide again or the hand ends
    assert state.to_move in (0, None)
    assert all(seat != 0 for seat, _ in state.actions[1:])


def test_button_click_calls_the_same_handler():
    table = learner_turn_table()
    table.action_buttons["order_up"].click()
    assert table.state.actions[0] == (0, games.Action("order_up"))
    assert table.state.maker == 0


def test_refused_action_shows_reason_and_changes_nothing():
    table = learner_turn_table()
    before = table.state.snapshot()
    card = table.state.hands[0][0]
    assert not table.click(f"play {card}")
    assert table.state.snapshot() == before
    assert "Not allowed" in table.header.value
    assert not table.click("play ZZ")
    assert "not a card" in table.message
    assert table.state.snapshot() == before


def test_out_of_turn_action_is_refused_by_the_state():
    table = learner_turn_table()
    with pytest.raises(IllegalAction, match="turn"):
        table.state.apply("pass", seat=2)


def test_undo_restores_the_state_before_the_learners_decision():
    table = learner_turn_table()
    before = table.state.snapshot()
    table.click("pass")
    assert table.state.snapshot() != before
    assert table.undo()
    assert table.state.snapshot() == before
    assert not table.undo()
    assert "nothing" in table.message


def test_learner_sees_no_hidden_card_of_another_seat():
    table = learner_turn_table(seed=5)
    state = table.state
    html = table.table.value
    public = {state.up_card}
    for seat in (1, 2, 3):
        for card in state.hands[seat]:
            if card not in public:
                assert f'title="{card.name}"' not in html
    for card in state.hands[0]:
        assert f'title="{card.name}"' in html


def play_out(table):
    for _ in range(200):
        if table.state.is_over:
            return
        legal = list(table.state.view(table.seat).legal)
        assert table.click(legal[-1])
    raise AssertionError("hand did not finish")


def test_a_whole_hand_then_the_next_one_with_scores():
    table = learner_turn_table(seed=1)
    play_out(table)
    result = table.state.result()
    assert "Result:" in table.table.value and str(result) in table.table.value.replace("&#x27;", "'")
    assert not table.next_button.disabled
    first = table.state
    assert table.next_hand()
    assert table.state is not first and table.state.dealer == (first.dealer + 1) % 4
    assert sum(table.match.scores.values()) == sum(result.points.values())


def test_cards_become_clickable_in_play_and_show_trick():
    table = learner_turn_table(seed=3)
    table.click("order_up")
    for _ in range(20):
        if table.state.phase == "play" and table.state.to_move == 0:
            break
        legal = list(table.state.view(0).legal)
        table.click(legal[0])
    if table.state.phase != "play" or table.state.to_move != 0:
        pytest.skip("learner sits out in this deal")
    legal_cards = {a.card for a in table.state.legal_actions()}
    enabled = {c for c, b in table.card_buttons.items() if not b.disabled}
    assert enabled == legal_cards
    card = sorted(legal_cards)[0]
    table.card_buttons[card].click()
    assert (0, games.Action("play", (card,))) in table.state.actions


@pytest.mark.parametrize("game,options", [("lora", {}), ("raub", {"players": 3}), ("clabber", {})])
def test_every_game_runs_on_the_table(game, options):
    table = PlayTable(game, seat=0, seed=7, **options)
    play_out(table)
    assert table.state.is_over and "Result:" in table.table.value
