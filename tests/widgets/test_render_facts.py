"""Public facts in words: a side's points are named by its seats, never by the engine's
identifiers ("NS", "EW")."""
from tutor import games, render


def test_card_points_by_side_are_named_in_words():
    state = games.position("clabber", hands={0: "KC", 1: "AD", 2: "QS", 3: "9C"}, trump="S",
                           leader=0)       # the last trick of a real hand
    facts = dict(render.view_facts(state.view(0), state.seat_name))
    assert facts["card points"] == "North/South: 0, East/West: 0"
    assert "NS" not in " ".join(facts.values()) and "EW" not in " ".join(facts.values())


def test_the_whole_state_names_where_the_hand_stands_in_words():
    from tutor.widgets import words
    state = games.new_hand("euchre", seed=1)
    shown = state._repr_html_()
    assert "round 1 of the bidding" in shown and "bid1" not in shown and "phase" not in shown
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert "the hand is over" in state._repr_html_()
    lora = games.new_hand("lora", seed=1)
    assert words.phase("lora", lora.phase) in lora._repr_html_()


def test_the_deal_shows_the_up_card_of_either_game_and_whose_hand_holds_it():
    from tutor.widgets.exercises import Deal
    clabber = games.new_hand("clabber", seed=1)     # 3-4 players: the dealer's last card, face up
    dealer = clabber.seat_name(clabber.dealer)
    assert clabber.upcard in clabber.hands[clabber.dealer]
    text = repr(Deal(clabber))
    assert f"Up-card: {clabber.upcard.symbol} (in {dealer}'s hand)" in text
    assert "Up-card" in Deal(clabber)._repr_mimebundle_()["text/html"]
    euchre = games.new_hand("euchre", seed=1)        # the up card lies on the kitty
    assert repr(Deal(euchre)).splitlines()[-1] == f"Up-card: {euchre.up_card.symbol}"
