"""The play table's hint button walks the ladder; bot levels are set per seat."""
import html

from tutor import games

from tutor.widgets import PlayTable


def test_hint_button_reveals_the_ladder_step_by_step():
    table = PlayTable("euchre", seat=0, seed=0, dealer=3, bots="basic")
    assert table.state.to_move == 0 and not table.hint_button.disabled
    first = table.hint()
    assert first.startswith("Think of")
    assert "Hint" in table.hint_box.value and html.escape(first) in table.hint_box.value
    steps = [first]
    while len(steps) < len(table._hint.ladder):
        steps.append(table.hint())
    assert steps[-1] == str(table._hint.action)
    assert html.escape(table._hint.reason) in table.hint_box.value
    assert table.hint() == steps[-1]                    # the last step stays shown
    advised = table._hint.action
    assert table.click(advised)
    assert table.hint_steps == [] and "Hint" not in table.hint_box.value


def test_bot_levels_per_seat_and_a_whole_hand_with_hints():
    table = PlayTable("clabber", seat=0, seed=2, bots={1: "basic", 2: "random", 3: "expert"},
                      bot_budget=0.02, background=False)
    assert [table.bots[s].level for s in (1, 2, 3)] == ["basic", "random", "expert"]
    while not table.state.is_over:
        table.hint()
        assert table.click(table._hint.action)
    assert table.state.is_over and table.hint_button.disabled
    assert table.hint() is None and "not your turn" in table.message


def test_the_hint_level_can_be_expert():
    state = games.position("euchre", hands={0: "JH AH TS", 1: "9H QS KS", 2: "TH QH AS",
                                            3: "KH JS AC"}, trump="H", leader=0,
                           tricks_won={0: 1, 1: 1})
    table = PlayTable(state=state, seat=0, hint_level="expert", bots="basic", background=False)
    while len(table.hint_steps) < 3:
        table.hint()
    assert table._hint.level == "expert" and "deals" in table.hint_box.value


def test_the_finished_hand_shows_the_learners_costly_cards():
    table = PlayTable("euchre", seat=0, seed=5, dealer=3, bots="basic")
    while not table.state.is_over:
        legal = table.state.legal_actions()
        # a careless learner: always the first legal action
        assert table.click(legal[0])
    text = table.review.head.value
    assert "The hand is over" in text
    from tutor.solver.review import review_hand
    rows = review_hand(table.state, seats=[0], budget=table.review_budget)
    if rows:
        costly = sum(1 for r in rows if r.exact and r.cost)
        assert f"{costly} of your {len(rows)} cards cost something" in text
        said = [t for _, t in table.review.sentences()]
        assert sum(1 for t in said if " cost " in t) == costly
