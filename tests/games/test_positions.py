"""Every game's position() is validated as strictly as a real hand could arise: bad input gets
a PositionError naming the field, never a raw ValueError, TypeError, AttributeError or
KeyError (and never a state that fails later)."""

from __future__ import annotations

import pytest

from tutor import games
from tutor.errors import PositionError

FULL_CLABBER = {0: "9C TC JC QC KC AC", 1: "9D TD JD QD KD AD", 2: "9H TH JH QH KH AH",
                3: "9S TS JS QS KS AS"}

# a valid position of each game, as keyword arguments of games.position
GOOD = {
    "lora": dict(contract="hearts", hands={0: "8C KH 9C", 1: "7C 9D KC", 2: "8D QS JC",
                                           3: "QH TC QC"}, leader=0),
    "raub": dict(hands={0: "AH 7S KC", 1: "9H QS KS", 2: "TH QH AS"}, trump="H", declarer=0,
                 players=3, tricks_won={0: 1}),
    "euchre": dict(hands={0: "JH AH TS", 1: "KH 9S QD", 2: "JD QC 9C", 3: "AS KS TD"},
                   trump="H", leader=1, tricks_won={"NS": 1, "EW": 1}),
    "clabber": dict(hands={0: "KC TS KS", 1: "AC JS AS", 2: "TD KD QS", 3: "TH KH 9S"},
                    trump="H", leader=0),
}


@pytest.mark.parametrize("game", sorted(GOOD))
def test_the_valid_positions_stand(game):
    state = games.position(game, **GOOD[game])
    assert state.phase == "play" and state.to_move is not None
    repr(state), str(state)


BAD_EVERY_GAME = [
    ({"hands": None}, "hands"),
    ({"hands": "AS KS"}, "hands must map each seat"),
    ({"hands": ["AS", "KS"]}, "hands must map each seat"),
    ({"hands": {"x": "AS"}}, "hands: there is no seat 'x'"),
    ({"hands": {1.0: "AS"}}, "hands: there is no seat 1.0"),
    ({"hands": {0: 5}}, "hands: the hand of seat 0 .South."),
    ({"hands": {0: "AS ZZ"}}, "hands: the hand of seat 0 .South.: .*ZZ"),
    ({"trick": 5}, "trick must be cards"),
]


@pytest.mark.parametrize("game", sorted(GOOD))
@pytest.mark.parametrize("change, message", BAD_EVERY_GAME)
def test_bad_input_gets_a_position_error_naming_the_field(game, change, message):
    spec = dict(GOOD[game], **change)
    with pytest.raises(PositionError, match=message):
        games.position(game, **spec)


@pytest.mark.parametrize("game, field", [
    ("lora", "leader"), ("lora", "dealer"), ("raub", "declarer"), ("raub", "dealer"),
    ("raub", "leader"), ("euchre", "leader"), ("euchre", "maker"), ("euchre", "dealer"),
    ("clabber", "leader"), ("clabber", "maker"), ("clabber", "dealer"),
])
@pytest.mark.parametrize("value", ["x", 1.5, 4, 9, -1, True])
def test_seat_fields_must_be_seats_of_the_table(game, field, value):
    spec = dict(GOOD[game], **{field: value})
    with pytest.raises(PositionError, match="there is no .*seat|leader|dealer|maker|declarer"):
        games.position(game, **spec)


@pytest.mark.parametrize("game, change, message", [
    # cards outside the pack, and cards given twice (the card is named)
    ("raub", {"hands": {0: "2H 7S KC", 1: "9H QS KS", 2: "TH QH AS"}}, "2H.*not in the 32-card"),
    ("raub", {"hands": {0: "6H 7S KC", 1: "9H QS KS", 2: "TH QH AS"}}, "6H"),
    ("lora", {"hands": {0: "8C KH 9C", 1: "7C 9D KC", 2: "8D QS JC", 3: "QH TC 8C"}},
     "eight of clubs .8C. appears twice, in the hand of South and in the hand of West"),
    ("clabber", {"hands": {0: "KC TS 8S", 1: "AC JS AS", 2: "TD KD QS", 3: "TH KH 9S"}},
     "8S.*24-card"),
    ("lora", {"won": {1: "QH"}}, "queen of hearts .QH. appears twice"),
    # counts per seat that no trick number gives
    ("raub", {"hands": {0: "AH 7S KC 8C 9C", 1: "9H QS KS JC TC", 2: "TH QH AS JD TD"},
              "tricks_won": None}, "holds 5 cards"),
    ("lora", {"hands": {0: "8C KH 9C 7S", 1: "7C 9D KC", 2: "8D QS JC", 3: "QH TC QC"}},
     "East.*should hold 4"),
    # tricks and points won beyond the total
    ("raub", {"tricks_won": {0: 3}}, "3 tricks won, but only 1 trick"),
    ("raub", {"tricks_won": {0: "x"}}, "tricks_won of seat 0 .South. must be a whole number"),
    ("euchre", {"tricks_won": {"NS": "x"}}, r"tricks_won\[NS\] must be a whole number"),
    ("euchre", {"tricks_won": {"NS": 4, "EW": 1}}, "5 tricks already won"),
    ("lora", {"tricks_won": {0: 9}}, "tricks_won of seat 0 .South. must be from 0 to 5"),
    ("lora", {"tricks_won": {0: 4}}, "must add up to the 5 tricks"),
    ("lora", {"trick_winners": [9] * 5}, "trick_winners, trick 1: there is no seat 9"),
    ("lora", {"trick_winners": [1] * 6}, "winners of the 5 earlier tricks, not 6"),
    ("lora", {"trick_winners": [1] * 5}, "East won trick 5 and leads the next one"),
    ("lora", {"trick_winners": [0] * 5, "tricks_won": {1: 5}}, "does not match"),
    ("lora", {"won": {2: "AS KS QD JD TD"}, "tricks_won": {0: 4, 2: 1}},
     "North has taken 5 cards but won only 1 trick"),
    ("clabber", {"won": {"NS": 500}, "hands": {0: "JH AH", 1: "9H QS", 2: "TH QH", 3: "KH 9S"}},
     "worth only"),
    ("clabber", {"won": {"NS": 10}, "hands": FULL_CLABBER}, "no trick has been played yet"),
    ("clabber", {"won": {"XY": 10}}, "'XY' is not a side"),
    # Raub's need, Lora's variant fields
    ("raub", {"need": 9}, "need: a ordinary declarer needs 2 tricks"),
    ("raub", {"need": "x"}, "need must be a whole number"),
    ("raub", {"kind": "grand"}, "kind"),
    ("lora", {"contract": "whist"}, "unknown contract"),
    ("lora", {"trick": ["TD"]}, "should hold"),
    # the current trick keeps the duty to follow suit
    ("lora", {"hands": {0: "KH 9C", 1: "7C 9D KC", 2: "8D QS JC", 3: "QH TC QC"},
              "trick": ["8C"], "leader": 0, "to_move": None}, None),
    ("lora", {"hands": {0: "KH 9C", 1: "7C 9D", 2: "8D QS JC", 3: "QH TC QC"},
              "trick": ["8C", "KC"]}, None),
    ("lora", {"hands": {0: "KH 9C", 1: "7C KC", 2: "8D QS JC", 3: "QH TC QC"},
              "trick": ["8C", "9D"]}, "seat 1 .East. played the nine of diamonds but still holds 7C KC"),
    ("raub", {"hands": {0: "AH 7S", 1: "9H QS KS", 2: "TH QH AS"}, "trick": ["KC"],
              "tricks_won": {0: 1}}, None),
    ("raub", {"hands": {0: "AH 7S", 1: "9H QS", 2: "TH QH AS"}, "trick": ["KC", "KS"],
              "tricks_won": {0: 1}}, "seat 1 .West. played the king of spades but still holds 9H QS .you cannot follow clubs"),
    ("clabber", {"hands": {0: "KC KS", 1: "AC AS", 2: "TD KD QS", 3: "TH KH 9S"},
                 "trick": ["TS", "JS"]}, None),
    ("clabber", {"hands": {0: "KC KS", 1: "JS AS", 2: "TD KD QS", 3: "TH KH 9S"},
                 "trick": ["TS", "AC"]}, "West. played the ace of clubs but still holds JS AS"),
    # the first trick is led by the eldest, a later one by a seat that has won a trick
    ("raub", {"leader": 1, "tricks_won": None, "hands": {0: "AH 7S KC 8C", 1: "9H QS KS JC",
                                                          2: "TH QH AS JD"}},
     "the declarer .South. leads the first trick"),
    ("raub", {"leader": 2}, "East has won no trick"),
    ("lora", {"hands": {0: "8C KH 9C 7H 8H 9H TH JH", 1: "7C 9D KC 7D 8D TD JD QD",
                        2: "AD QS JC 7S 8S 9S TS JS", 3: "QH TC QC KS AS AH KD AC"},
              "dealer": 1}, "the eldest .North, next after the dealer. leads the first trick"),
    ("clabber", {"dealer": 1, "hands": FULL_CLABBER},
     "the eldest .North, the dealer's left. leads the first trick"),
])
def test_positions_no_real_hand_reaches_are_refused(game, change, message):
    spec = dict(GOOD[game], **change)
    if message is None:        # the legal twin of the next case stands
        games.position(game, **spec)
        return
    with pytest.raises(PositionError, match=message):
        games.position(game, **spec)


def test_a_refused_dealer_never_gives_a_state_that_fails_later():
    with pytest.raises(PositionError, match="dealer"):
        games.position("raub", **dict(GOOD["raub"], dealer=4))
    with pytest.raises(PositionError, match="maker"):
        games.position("clabber", **dict(GOOD["clabber"], maker=9))


def test_lora_trick_winners_out_of_range_do_not_wait_for_result():
    """Seen: trick_winners=[9]*6 was accepted and failed with a KeyError at result()."""
    hands = {0: "8C KH", 1: "7C 9D", 2: "8D QS", 3: "QH TC"}
    with pytest.raises(PositionError, match="trick_winners, trick 1: there is no seat 9"):
        games.position("lora", contract="sixth_trick", hands=hands, leader=0,
                       trick_winners=[9] * 6)
    state = games.position("lora", contract="sixth_trick", hands=hands, leader=0,
                           trick_winners=[1, 2, 3, 1, 2, 0])
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.result().points[0] == 8      # South won the sixth trick


def test_positions_survive_a_record_and_its_replay():
    for game, spec in GOOD.items():
        state = games.position(game, **spec)
        again = games.replay(state.record())
        assert again.snapshot() == state.snapshot(), game
