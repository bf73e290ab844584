"""Public facts in words: a side's points are named by its seats, never by the engine's
identifiers ("NS", "EW")."""
from tutor import games, render


def test_card_points_by_side_are_named_in_words():
    state = games.position("clabber", hands={0: "KC", 1: "AD", 2: "QS", 3: "9C"}, trump="S",
                           leader=0)       # the last trick of a real hand
    facts = dict(render.view_facts(state.view(0), state.seat_name))
    assert facts["card points"] == "North/South: 0, East/West: 0"
    assert "NS" not in " ".join(facts.values()) and "EW" not in " ".join(facts.values())
