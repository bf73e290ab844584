"""Rule tests for Euchre, named after the clauses and worked examples of rules/euchre.md."""

import json

import pytest

from tutor import games
from tutor.cards import JOKER, Suit, parse_card, parse_cards
from tutor.errors import CardError, IllegalAction, RulesError, TutorError, PositionError
from tutor.games import euchre

SEAT = {"N": 0, "E": 1, "S": 2, "W": 3}


def deal(hands, kitty, dealer, rules=None):
    """A hand dealt from a deck that gives ``hands`` ({"N": "..."}), up-card first in ``kitty``."""
    up, *rest = kitty.split()
    rules = euchre.resolve(rules)
    deck = euchre.deck_for({SEAT[k]: v for k, v in hands.items()}, up_card=up,
                           kitty=" ".join(rest), dealer=SEAT[dealer], rules=rules)
    state = euchre.new_hand(deck=deck, dealer=SEAT[dealer], rules=rules)
    for letter, cards in hands.items():
        assert set(state.hands[SEAT[letter]]) == set(parse_cards(cards))
    assert state.up_card == parse_card(up)
    return state


def act(state, *steps):
    """Apply steps such as "N order_up" or "W discard 9S"; the seat must be the one to move."""
    for step in steps:
        who, action = step.split(" ", 1)
        state.apply(action, seat=SEAT[who])


def trick(state, line, winner):
    """Play one trick written "W KD, E QD, S AD" and check its winner."""
    for play in line.split(","):
        who, card = play.split()
        state.apply(f"play {card}", seat=SEAT[who])
    assert state.tricks[-1][2] == SEAT[winner]


def legal(state):
    return {str(a) for a in state.legal_actions()}


def cards(text):
    return list(parse_cards(text))


# --------------------------------------------------------------------------- rules and presets
def test_rules_defaults_are_section_13():
    r = euchre.Rules()
    assert (r.players, r.deck_ranks, r.joker, r.joker_upcard, r.joker_upcard_suit) == \
        (4, "9_to_ace", False, "dealer_names_blind", "H")
    assert r.target_score == 10 and r.deal_pattern == "3-2"
    assert r.dealer_pickup_optional and not r.allow_turned_down_suit and not r.stick_the_dealer
    assert r.maker_partner_may_go_alone and r.defender_alone == "any"
    assert not r.dealer_partner_order_must_go_alone and r.lone_lead == "left_of_lone_player"
    assert (r.points_make, r.points_march, r.points_lone_march, r.points_euchre,
            r.lone_maker_euchred_points, r.lone_defender_euchre_points,
            r.lone_defender_sweep_points) == (1, 2, 4, 2, 2, 2, 4)
    assert not r.call_for_best and r.call_for_best_order == "discard_first"
    assert not r.laps and not r.slams
    assert (r.three_handed_march_points, r.three_handed_euchre_points) == (3, 2)


def test_presets_of_section_12_0():
    assert euchre.resolve("north_american") == euchre.Rules()
    assert euchre.resolve("deck_32").deck_ranks == "7_to_ace"
    brit = euchre.resolve("british_25_joker")
    assert brit.joker and brit.joker_upcard == "dealer_names_blind"
    assert euchre.resolve("two_handed").players == 2
    assert euchre.resolve("three_handed_cutthroat").players == 3
    rr = euchre.resolve("railroad")
    assert rr.joker and rr.joker_upcard == "fixed_suit" and rr.joker_upcard_suit == "H"
    assert rr.defender_alone == "vs_lone_maker" and rr.call_for_best and rr.laps and rr.slams
    assert (rr.lone_defender_euchre_points, rr.lone_defender_sweep_points) == (4, 4)
    common = euchre.resolve("common_north_american")
    assert not common.dealer_pickup_optional and not common.maker_partner_may_go_alone
    assert common.defender_alone == "never"
    assert common.lone_lead == "left_of_dealer_skip_inactive"
    both = euchre.resolve("deck_32+railroad")
    assert both.deck_ranks == "7_to_ace" and both.joker
    assert len(euchre.game_deck(both)) == 33


def test_unknown_option_preset_and_bad_values_raise_rules_error():
    with pytest.raises(RulesError, match="unknown option 'stick_dealer'"):
        euchre.resolve(stick_dealer=True)
    with pytest.raises(RulesError, match="unknown preset"):
        euchre.resolve("canadian")
    with pytest.raises(RulesError, match="defender_alone"):
        euchre.resolve(defender_alone="sometimes")
    with pytest.raises(RulesError, match="players"):
        euchre.resolve(players=5)
    with pytest.raises(RulesError, match="target_score"):
        euchre.resolve(target_score=0)
    with pytest.raises(RulesError, match="true or false"):
        euchre.resolve(joker="yes")
    with pytest.raises(RulesError):
        games.new_hand("euchre", seed=1, lone_lead="dealer")


# --------------------------------------------------------------------------- EX-01
def test_EX01_card_order_and_effective_suits():
    assert euchre.trump_order("H") == tuple(cards("JH JD AH KH QH TH 9H"))
    assert euchre.plain_order("D", "H") == tuple(cards("AD KD QD TD 9D"))
    assert euchre.plain_order("C", "H") == tuple(cards("AC KC QC JC TC 9C"))
    for card, suit in (("JD", "H"), ("JH", "H"), ("JC", "C"), ("JS", "S")):
        assert euchre.effective_suit(parse_card(card), Suit.HEARTS) is Suit.parse(suit)
    joker_rules = euchre.resolve(joker=True)
    assert euchre.trump_order("H", joker_rules) == (JOKER, *cards("JH JD AH KH QH TH 9H"))
    assert euchre.effective_suit(JOKER, "H") is Suit.HEARTS
    r32 = euchre.resolve("deck_32")
    assert euchre.trump_order("D", r32) == tuple(cards("JD JH AD KD QD TD 9D 8D 7D"))
    assert euchre.plain_order("H", "D", r32) == tuple(cards("AH KH QH TH 9H 8H 7H"))
    assert euchre.plain_order("C", "D", r32) == tuple(cards("AC KC QC JC TC 9C 8C 7C"))
    # the engine's trick rules rank the same way
    tr = euchre.trick_rules_for("H", joker_rules)
    trumps = [c for c in euchre.game_deck(joker_rules) if tr.is_trump(c)]
    assert sorted(trumps, key=lambda c: -tr.order[c]) == [JOKER, *cards("JH JD AH KH QH TH 9H")]
    diamonds = tr.cards_of_suit(euchre.game_deck(joker_rules), Suit.DIAMONDS)
    assert sorted(diamonds, key=lambda c: -tr.order[c]) == cards("AD KD QD TD 9D")
    assert not euchre.effective_suit(parse_card("JD"), None) is Suit.HEARTS  # before trump


# --------------------------------------------------------------------------- EX-02
def _follow_position(trump, led, hand, rules=None):
    """East to play to a trick that North led with ``led``; East holds ``hand``."""
    rules = euchre.resolve(rules)
    hand = cards(hand)
    led = parse_card(led)
    k = len(hand)
    spare = [c for c in euchre.game_deck(rules) if c not in hand and c != led]
    hands = {0: spare[:k - 1], 1: hand, 2: spare[k - 1:2 * k - 1], 3: spare[2 * k - 1:3 * k - 1]}
    return euchre.position(hands=hands, trump=trump, leader=0, trick=[led],
                           tricks_won={0: 5 - k}, rules=rules)


@pytest.mark.parametrize("trump, led, hand, allowed, rules", [
    ("H", "JD", "AD KC 9H QS", "9H", None),
    ("H", "JD", "AD KD QS", "AD KD QS", None),
    ("H", "KD", "JD AC TS", "JD AC TS", None),
    ("H", "KD", "JD 9D", "9D", None),
    ("C", "JS", "AS KS QH", "AS KS QH", None),
    ("S", "JK", "JC AH KD", "JC", "british_25_joker"),
])
def test_EX02_legal_plays_with_the_left_bower(trump, led, hand, allowed, rules):
    state = _follow_position(trump, led, hand, rules)
    assert state.to_move == 1
    assert {a.card for a in state.legal_actions()} == set(cards(allowed))


def test_EX02_refusal_explains_the_left_bower():
    state = _follow_position("H", "JD", "AD KC 9H QS")
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="must follow suit"):
        state.apply("play AD")
    assert state.snapshot() == before
    state = _follow_position("H", "KD", "JD 9D")
    with pytest.raises(IllegalAction, match="Diamonds were led"):
        state.apply("play JD")


# --------------------------------------------------------------------------- EX-03
@pytest.mark.parametrize("trump, leader, plays, winner, rules", [
    ("S", "W", "W AH, N 9H, E JC, S TS", "E", None),
    ("S", "N", "N KD, E AC, S 9D, W QD", "N", None),
    ("S", "N", "N JK, E JC, S JS, W AS", "N", "british_25_joker"),
])
def test_EX03_trick_winners(trump, leader, plays, winner, rules):
    hands = {SEAT[p.split()[0]]: p.split()[1] for p in plays.split(", ")}
    state = euchre.position(hands=hands, trump=trump, leader=SEAT[leader],
                            tricks_won={"NS": 2, "EW": 2}, rules=rules)
    trick(state, plays, winner)
    assert state.is_over


# --------------------------------------------------------------------------- EX-04
EX04 = dict(hands={"N": "JS AS KH AD 9C", "E": "QS 9S AH TD KC", "S": "JC KD QH AC TC",
                   "W": "KS 9H JD QD JH"}, kitty="TS TH 9D QC", dealer="W")


def test_EX04_order_up_dealer_leaves_left_bower_forced():
    state = deal(**EX04)
    assert state.to_move == SEAT["N"] and state.phase == "bid1"
    assert legal(state) == {"pass", "order_up"}
    act(state, "N order_up")
    assert state.trump is Suit.SPADES and state.maker == 0 and state.makers == (0, 2)
    assert state.phase == "exchange" and state.to_move == SEAT["W"]
    assert legal(state) == {"leave"} | {f"discard {c}" for c in "KS 9H JD QD JH TS".split()}
    act(state, "W leave")
    assert state.exchange == "left" and state.hands[3] == tuple(cards("KS 9H JD QD JH"))
    assert state.phase == "alone"
    act(state, "N decline", "S decline", "E decline", "W decline")
    assert state.phase == "play" and state.leader == SEAT["N"]
    state.apply("play JS", seat=0)
    state.apply("play 9S", seat=1)
    assert legal(state) == {"play JC"}  # S's only spade-suit card is the left bower
    state.apply("play JC", seat=2)
    state.apply("play KS", seat=3)
    assert state.tricks[-1][2] == 0
    trick(state, "N AS, E QS, S TC, W 9H", "N")
    state.apply("play AD", seat=0)
    state.apply("play TD", seat=1)
    state.apply("play KD", seat=2)
    assert legal(state) == {"play JD", "play QD"}  # JD is an ordinary diamond here
    state.apply("play QD", seat=3)
    trick(state, "N KH, E AH, S QH, W JH", "E")
    trick(state, "E KC, S AC, W JD, N 9C", "S")
    assert state.tricks_won == (3, 1, 1, 0)
    result = state.result()
    assert result.points == {"NS": 1, "EW": 0}
    assert result.details["row"] == "S1"
    assert "NS" in str(result)


def test_4_4_taking_up_is_a_discard():
    state = deal(**EX04)
    act(state, "N order_up")
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="discard 9S"):
        state.apply("take_up")
    with pytest.raises(IllegalAction, match="six cards"):
        state.apply("discard AS")
    assert state.snapshot() == before
    act(state, "W discard TS")  # the up-card itself may go
    assert state.hands[3] == tuple(cards("KS 9H JD QD JH")) and state.exchange == "taken"


def test_EX04_without_optional_pickup_only_six_discards():
    state = deal(**EX04, rules={"dealer_pickup_optional": False})
    act(state, "N order_up")
    assert legal(state) == {f"discard {c}" for c in "KS 9H JD QD JH TS".split()}
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="may not leave"):
        state.apply("leave")
    assert state.snapshot() == before


def test_EX04_next_dealer_is_north():
    match = euchre.new_match(seed=3, dealer=3, deck=deal(**EX04).deck)
    state = match.current
    act(state, "N order_up", "W leave", "N decline", "S decline", "E decline", "W decline")
    for line in ("N JS, E 9S, S JC, W KS", "N AS, E QS, S TC, W 9H", "N AD, E TD, S KD, W QD",
                 "N KH, E AH, S QH, W JH", "E KC, S AC, W JD, N 9C"):
        for play in line.split(", "):
            state.apply("play " + play.split()[1])
    assert match.scores == {"NS": 1, "EW": 0}
    assert match.next_hand().dealer == SEAT["N"]


# --------------------------------------------------------------------------- EX-05
def test_EX05_assist_take_up_discard_march():
    state = deal(hands={"N": "JH JD AH AS KS", "E": "AD KD 9D QC TS", "S": "QH TH AC KC 9S",
                        "W": "KH QD TD 9C QS"}, kitty="9H JS JC TC", dealer="S")
    act(state, "W pass", "N order_up")
    assert state.maker == 0 and state.trump is Suit.HEARTS
    act(state, "S discard 9S")
    assert sorted(state.hands[2]) == sorted(cards("QH TH 9H AC KC"))
    assert state.exchange == "taken" and state.discards == ((2, parse_card("9S")),)
    act(state, "N decline", "S decline", "E decline", "W decline")
    assert state.leader == SEAT["W"]
    trick(state, "W QS, N AS, E TS, S KC", "N")
    trick(state, "N JH, E 9D, S 9H, W KH", "N")
    state.apply("play JD")
    state.apply("play QC")
    assert legal(state) == {"play QH", "play TH"}  # the left bower led is a trump lead
    state.apply("play TH")
    state.apply("play 9C")
    assert state.tricks[-1][2] == 0
    trick(state, "N AH, E KD, S QH, W QD", "N")
    trick(state, "N KS, E AD, S AC, W TD", "N")
    result = state.result()
    assert result.points == {"NS": 2, "EW": 0} and result.details["row"] == "S2"
    assert result.details["march"]


# --------------------------------------------------------------------------- EX-06
EX06 = dict(hands={"W": "JS TS AH KH AC", "E": "9S QH 9D TC QC", "N": "KS AD KD 9C 9H",
                   "S": "AS JC QS KC TD"}, kitty="TH JH JD QD", dealer="E")
EX06_PLAY = ("S KC, W AC, N 9C, E TC", "W JS, N KS, E 9S, S QS", "W AH, N 9H, E QH, S JC",
             "S AS, W TS, N KD, E QC", "S TD, W KH, N AD, E 9D")
EX06_WINNERS = ("W", "W", "S", "S", "N")


def test_EX06_turned_down_suit_barred_left_bower_ruffs_euchre():
    state = deal(**EX06)
    act(state, "S pass", "W pass", "N pass")
    assert legal(state) == {"pass", "accept"}
    act(state, "E pass")
    assert state.phase == "bid2" and state.turned_down is Suit.HEARTS
    assert legal(state) == {"pass", "name C", "name D", "name S"}
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="hearts were turned down"):
        state.apply("name H")
    assert state.snapshot() == before
    act(state, "S pass", "W name S")
    assert state.maker == 3 and state.makers == (1, 3) and state.exchange is None
    assert state.hands[1] == tuple(cards("9S QH 9D TC QC"))  # nobody takes the up-card
    act(state, "W decline", "E decline", "N decline", "S decline")
    assert state.leader == SEAT["S"]
    for line, winner in zip(EX06_PLAY, EX06_WINNERS):
        trick(state, line, winner)
    result = state.result()
    assert result.points == {"NS": 2, "EW": 0} and result.details["row"] == "S3"
    assert result.details["euchred"]


# --------------------------------------------------------------------------- EX-07
def _ex07(rules=None, up="9D"):
    deck = euchre.deck_for({}, up_card=up, dealer=0, rules=rules)
    return euchre.new_hand(deck=deck, dealer=0, rules=rules)


def test_EX07_throw_in():
    state = _ex07()
    act(state, "E pass", "S pass", "W pass", "N pass", "E pass", "S pass", "W pass")
    assert legal(state) == {"pass", "name C", "name H", "name S"}
    act(state, "N pass")
    assert state.phase == "done" and state.is_over
    result = state.result()
    assert result.points == {"NS": 0, "EW": 0} and "thrown in" in str(result)


def test_EX07_throw_in_passes_the_deal_to_the_left():
    match = euchre.new_match(seed=5, dealer=0, deck=_ex07().deck)
    act(match.current, "E pass", "S pass", "W pass", "N pass", "E pass", "S pass", "W pass",
        "N pass")
    assert match.scores == {"NS": 0, "EW": 0} and not match.is_over
    assert match.next_hand().dealer == SEAT["E"]
    assert match.sheet[0]["reasons"][0].startswith("thrown in")


def test_EX07_stick_the_dealer():
    state = _ex07({"stick_the_dealer": True})
    act(state, "E pass", "S pass", "W pass", "N pass", "E pass", "S pass", "W pass")
    assert legal(state) == {"name C", "name H", "name S"}
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="stick the dealer"):
        state.apply("pass")
    assert state.snapshot() == before
    state = _ex07({"stick_the_dealer": True, "allow_turned_down_suit": True})
    act(state, "E pass", "S pass", "W pass", "N pass", "E pass", "S pass", "W pass")
    assert legal(state) == {"name C", "name D", "name H", "name S"}


def test_EX07_dealer_accepts_and_must_take_up():
    state = _ex07(up="QC")
    five = [str(c) for c in state.hands[0]]
    act(state, "E pass", "S pass", "W pass", "N accept")
    assert state.trump is Suit.CLUBS and state.maker == 0
    assert legal(state) == {f"discard {c}" for c in five + ["QC"]}


# --------------------------------------------------------------------------- EX-08
EX08 = dict(hands={"W": "KC QC KD TH 9S", "E": "TC KH QD AS TS", "N": "QH JH 9H KS QS",
                   "S": "JC JS AC AD AH"}, kitty="9C JD TD 9D", dealer="W")


def test_EX08_lone_maker_march_lead_from_lone_players_left():
    state = deal(**EX08)
    act(state, "N pass", "E pass", "S order_up", "W discard 9S")
    assert sorted(state.hands[3]) == sorted(cards("KC QC 9C KD TH"))
    act(state, "S go_alone")
    assert state.alone == (2,) and state.active_seats == (1, 2, 3)
    assert state.to_move == SEAT["W"]  # N sits out and is not asked
    act(state, "W decline", "E decline")
    assert state.phase == "play" and state.leader == SEAT["W"]
    trick(state, "W KD, E QD, S AD", "S")
    trick(state, "S JC, W 9C, E TC", "S")
    trick(state, "S JS, W QC, E TS", "S")
    trick(state, "S AC, W KC, E AS", "S")
    trick(state, "S AH, W TH, E KH", "S")
    assert state.hands[0] == tuple(cards("QH JH 9H KS QS"))  # N's cards never played
    result = state.result()
    assert result.points == {"NS": 4, "EW": 0} and result.details["row"] == "S5"


def test_EX08_other_lead_rule_east_leads():
    state = deal(**EX08, rules={"lone_lead": "left_of_dealer_skip_inactive"})
    act(state, "N pass", "E pass", "S order_up", "W discard 9S", "S go_alone", "W decline",
        "E decline")
    assert state.leader == SEAT["E"] and state.to_move == SEAT["E"]


def test_EX08_sitting_out_partner_cannot_play():
    state = deal(**EX08)
    act(state, "N pass", "E pass", "S order_up", "W discard 9S", "S go_alone", "W decline",
        "E decline")
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="turn"):
        state.apply("play QH", seat=SEAT["N"])
    assert state.snapshot() == before


# --------------------------------------------------------------------------- EX-09
EX09 = dict(hands={"N": "JS KS QS AH 9D", "E": "JC TS KH QH AD", "S": "QC TC 9C KD QD",
                   "W": "9S AC KC JH TH"}, kitty="AS 9H JD TD", dealer="N")


def test_EX09_makers_partner_the_dealer_goes_alone():
    state = deal(**EX09)
    act(state, "E pass", "S order_up", "N discard 9D")
    assert sorted(state.hands[0]) == sorted(cards("JS AS KS QS AH"))
    act(state, "S decline")
    assert state.to_move == SEAT["N"]
    act(state, "N go_alone")
    assert state.alone == (0,) and 2 not in state.active_seats
    act(state, "W decline", "E decline")
    assert state.leader == SEAT["E"]
    trick(state, "E AD, W TH, N QS", "N")
    trick(state, "N JS, E TS, W 9S", "N")
    trick(state, "N AS, E JC, W KC", "E")
    trick(state, "E KH, W JH, N AH", "N")
    trick(state, "N KS, E QH, W AC", "N")
    result = state.result()
    assert result.points == {"NS": 1, "EW": 0} and result.details["row"] == "S4"


def test_EX09_makers_partner_not_asked_when_flag_off():
    state = deal(**EX09, rules={"maker_partner_may_go_alone": False})
    act(state, "E pass", "S order_up", "N discard 9D", "S decline")
    assert state.to_move == SEAT["W"]
    before = state.snapshot()
    with pytest.raises(IllegalAction):
        state.apply("go_alone", seat=SEAT["N"])
    assert state.snapshot() == before


# --------------------------------------------------------------------------- EX-10
EX10 = dict(hands={"W": "JD JH AD KD AC", "S": "QD 9D AH KH QC", "N": "KS QS 9H KC TC",
                   "E": "AS JS TS QH TH"}, kitty="TD 9S JC 9C", dealer="N")


def test_EX10_defender_alone_against_ordinary_contract_sweeps():
    state = deal(**EX10)
    act(state, "E pass", "S order_up", "N discard TC")
    assert sorted(state.hands[0]) == sorted(cards("KS QS 9H KC TD"))
    act(state, "S decline", "N decline", "W go_alone")
    assert state.phase == "play" and state.alone == (3,)  # E sits out, not asked
    assert state.leader == SEAT["N"]
    trick(state, "N KS, S 9D, W KD", "W")
    trick(state, "W JD, N TD, S QD", "W")
    trick(state, "W JH, N QS, S KH", "W")
    trick(state, "W AD, N 9H, S AH", "W")
    trick(state, "W AC, N KC, S QC", "W")
    result = state.result()
    assert result.points == {"NS": 0, "EW": 4} and result.details["row"] == "S10"


@pytest.mark.parametrize("mode", ["vs_lone_maker", "never"])
def test_EX10_defender_cannot_go_alone_under_stricter_flags(mode):
    state = deal(**EX10, rules={"defender_alone": mode})
    act(state, "E pass", "S order_up", "N discard TC", "S decline", "N decline")
    assert state.phase == "play" and state.alone == ()
    assert state.leader == SEAT["E"]


# --------------------------------------------------------------------------- EX-11
EX11 = dict(hands={"E": "JH AH KH AC 9D", "S": "JD QH AS AD KC", "N": "KS TS KD TD 9C",
                   "W": "QS 9H TH QD TC"}, kitty="9S JS JC QC", dealer="W")


def test_EX11_both_sides_alone_lone_defender_leads():
    state = deal(**EX11)
    act(state, "N pass", "E pass", "S pass", "W pass", "N pass", "E name H")
    assert state.maker == 1
    act(state, "E go_alone")
    assert state.to_move == SEAT["S"]  # W sits out and is not asked
    act(state, "S go_alone")
    assert state.active_seats == (1, 2) and state.leader == SEAT["S"]
    trick(state, "S AS, E KH", "E")
    trick(state, "E JH, S QH", "E")
    state.apply("play AH")
    assert legal(state) == {"play JD"}
    state.apply("play JD")
    assert state.tricks[-1][2] == SEAT["S"]
    trick(state, "S AD, E 9D", "S")
    trick(state, "S KC, E AC", "E")
    result = state.result()
    assert result.points == {"NS": 0, "EW": 1} and result.details["row"] == "S11"


def test_EX11_alternative_lead_rule_east_leads_and_other_outcomes():
    state = deal(**EX11, rules={"lone_lead": "left_of_dealer_skip_inactive"})
    act(state, "N pass", "E pass", "S pass", "W pass", "N pass", "E name H", "E go_alone",
        "S go_alone")
    assert state.leader == SEAT["E"]
    assert euchre.score_hand(2, True, True, euchre.Rules()) == ("defenders", 2, "S13")
    assert euchre.score_hand(2, True, True, euchre.resolve("railroad"))[:2] == ("defenders", 4)


# --------------------------------------------------------------------------- EX-12
@pytest.mark.parametrize("maker_alone, defender_alone, m, who, pts, rules", [
    (False, False, 3, "makers", 1, None),
    (False, False, 4, "makers", 1, None),
    (False, False, 5, "makers", 2, None),
    (False, False, 2, "defenders", 2, None),
    (False, False, 0, "defenders", 2, None),
    (True, False, 5, "makers", 4, None),
    (True, False, 3, "makers", 1, None),
    (True, False, 2, "defenders", 2, None),
    (True, False, 2, "defenders", 4, {"lone_maker_euchred_points": 4}),
    (False, True, 3, "makers", 1, None),
    (False, True, 5, "makers", 2, None),
    (False, True, 2, "defenders", 2, None),
    (False, True, 0, "defenders", 4, None),
    (True, True, 5, "makers", 4, None),
    (True, True, 4, "makers", 1, None),
    (True, True, 1, "defenders", 2, None),
    (True, True, 1, "defenders", 4, "railroad"),
    (True, True, 0, "defenders", 4, None),
    (True, True, 2, "defenders", 4, {"lone_maker_euchred_points": 4}),
])
def test_EX12_scoring_table(maker_alone, defender_alone, m, who, pts, rules):
    assert euchre.score_hand(m, maker_alone, defender_alone, euchre.resolve(rules))[:2] == (who, pts)


def test_EX12_scoring_through_a_played_last_trick():
    # lone maker North with 4 tricks wins the last trick: 5 tricks, +4
    state = euchre.position(hands={0: "AH", 1: "9C", 3: "TC"}, trump="H", leader=0, alone=0,
                            tricks_won={0: 4})
    act(state, "N play AH", "E play 9C", "W play TC")
    assert state.result().points == {"NS": 4, "EW": 0}
    # lone defender West takes the last trick: the defenders win 3 of 5, +2
    state = euchre.position(hands={0: "9H", 2: "TH", 3: "AH"}, trump="H", leader=3, alone=3,
                            maker=0, tricks_won={"NS": 2, "EW": 2})
    act(state, "W play AH", "N play 9H", "S play TH")
    result = state.result()
    assert result.points == {"NS": 0, "EW": 2} and result.details["row"] == "S9"


# --------------------------------------------------------------------------- EX-13
EX13 = dict(hands={"S": "AD 9D KS QH 9C", "N": "JH TD AC KC 9S", "E": "JD KD AH QS TC",
                   "W": "QD AS JS KH QC"}, kitty="JK TH 9H TS JC", dealer="S")


def test_EX13_joker_upcard_dealer_names_blind():
    state = deal(**EX13, rules="british_25_joker")
    assert len(state.deck) == 25
    assert state.phase == "name_blind" and state.to_move == SEAT["S"]
    assert legal(state) == {"name C", "name D", "name H", "name S"}
    view = state.view(SEAT["S"])
    assert view.hand == ()
    shown = json.loads(view.to_json())
    for c in EX13["hands"]["S"].split():
        assert c not in json.dumps(shown)
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="must name trump"):
        state.apply("pass")
    assert state.snapshot() == before
    act(state, "S name D")
    assert state.maker == SEAT["S"] and state.trump is Suit.DIAMONDS
    assert state.view(SEAT["S"]).hand == tuple(sorted(cards("AD 9D KS QH 9C")))
    assert legal(state) == {f"discard {c}" for c in "AD 9D KS QH 9C JK".split()}
    act(state, "S discard 9C")
    assert sorted(state.hands[2]) == sorted([JOKER] + cards("AD 9D KS QH"))
    act(state, "S decline", "N decline", "W decline", "E decline")
    assert state.leader == SEAT["W"]
    trick(state, "W AS, N 9S, E QS, S KS", "W")
    trick(state, "W QD, N TD, E JD, S JK", "S")
    trick(state, "S AD, W QC, N JH, E KD", "N")
    trick(state, "N AC, E TC, S 9D, W JS", "S")
    trick(state, "S QH, W KH, N KC, E AH", "E")
    assert state.result().points == {"NS": 1, "EW": 0}


def test_EX13_fixed_suit_proposes_hearts():
    state = deal(**EX13, rules={"joker": True, "joker_upcard": "fixed_suit"})
    assert state.phase == "bid1" and state.proposed is Suit.HEARTS
    assert state.to_move == SEAT["W"]


def test_EX13_redeal_by_the_same_dealer():
    rules = {"joker": True, "joker_upcard": "redeal"}
    state = deal(**EX13, rules=rules)
    assert state.is_over and state.result().points == {"NS": 0, "EW": 0}
    assert "redeal" in str(state.result())
    match = euchre.new_match(seed=2, dealer=SEAT["S"], deck=state.deck, rules=rules)
    assert match.current.is_over
    assert match.next_hand().dealer == SEAT["S"]


# --------------------------------------------------------------------------- EX-14
EX14 = dict(hands={"S": "AH KH QH AS AC", "E": "JH TH 9H 9C QC", "N": "JD KS QS KD TC",
                   "W": "AD JS TS QD KC"}, kitty="JK 9S TD 9D JC", dealer="E")


def test_EX14_railroad_both_alone_calling_for_best():
    state = deal(**EX14, rules="railroad")
    assert state.proposed is Suit.HEARTS
    act(state, "S order_up")
    assert state.trump is Suit.HEARTS and state.maker == SEAT["S"]
    act(state, "E discard QC")
    assert sorted(state.hands[1]) == sorted([JOKER] + cards("JH TH 9H 9C"))
    act(state, "S go_alone", "W decline", "E go_alone")
    assert state.phase == "call_for_best" and state.to_move == SEAT["S"]
    assert legal(state) == {f"discard {c}" for c in "AH KH QH AS AC".split()}
    act(state, "S discard AC")
    assert state.to_move == SEAT["N"]
    assert legal(state) == {f"pass_card {c}" for c in "JD KS QS KD TC".split()}
    act(state, "N pass_card JD", "E discard 9C", "W pass_card AD")
    assert sorted(state.hands[2]) == sorted(cards("JD AH KH QH AS"))
    assert sorted(state.hands[1]) == sorted([JOKER] + cards("JH TH 9H AD"))
    # nobody else learns the discarded or passed cards
    seen_by_w = state.view(SEAT["W"]).to_json()
    assert "AC" not in seen_by_w and "JD" not in seen_by_w
    seen_by_s = state.view(SEAT["S"])
    assert seen_by_s.private["received"] == [[0, "JD"]] and seen_by_s.private["discards"] == ["AC"]
    assert "9C" not in state.view(SEAT["N"]).to_json()
    assert state.leader == SEAT["E"]
    state.apply("play JK")
    assert legal(state) == {"play JD", "play AH", "play KH", "play QH"}
    state.apply("play QH")
    assert state.tricks[-1][2] == SEAT["E"]
    trick(state, "E JH, S KH", "E")
    trick(state, "E TH, S JD", "S")
    trick(state, "S AS, E 9H", "E")
    trick(state, "E AD, S AH", "S")
    result = state.result()
    assert result.points == {"NS": 0, "EW": 4} and result.details["row"] == "S13"
    assert euchre.score_hand(2, True, True, euchre.Rules())[:2] == ("defenders", 2)


def test_EX14_receive_first_order_and_dealer_passing_the_left_up_card():
    state = deal(**EX14, rules={**euchre.PRESETS["railroad"], "call_for_best_order": "receive_first"})
    act(state, "S order_up", "E leave", "S go_alone", "W decline", "E decline")
    assert state.to_move == SEAT["N"] and state.phase == "call_for_best"
    act(state, "N pass_card JD")
    assert len(state.hands[2]) == 6
    act(state, "S discard AC")
    assert state.phase == "play"
    # a sitting-out dealer who left the up-card may pass it
    state = deal(hands={"N": "AH KH QH AS AC", "W": "JH TH 9H 9C QC", "E": "JD KS QS KD TC",
                        "S": "AD JS TS QD KC"}, kitty="9S TD 9D JC JK", dealer="E",
                 rules="railroad")
    act(state, "S pass", "W order_up", "E leave", "W go_alone", "N decline", "S decline",
        "W discard QC")
    assert state.to_move == SEAT["E"]
    assert "pass_card 9S" in legal(state)
    act(state, "E pass_card 9S")
    assert parse_card("9S") in state.hands[3] and parse_card("9S") not in state.kitty


# --------------------------------------------------------------------------- EX-15
def test_EX15_two_handed_deal_structure():
    rules = euchre.resolve("two_handed")
    pack = list(euchre.game_deck(rules))
    state = euchre.new_hand(deck=pack, dealer=1, rules=rules)
    pos = lambda idx: tuple(pack[i] for i in idx)  # noqa: E731
    assert state.hands[0] == pos([0, 1, 2, 5, 6])      # P, the non-dealer
    assert state.hands[1] == pos([3, 4, 7, 8, 9])      # D
    assert state.up_card == pack[10] and len(state.kitty) == 14
    assert state.to_move == 0 and legal(state) == {"pass", "order_up"}


TWO = dict(hands={0: "AS KS QS AH AD", 1: "JS JC 9H 9D TD"}, up_card="9S", dealer=1)


def _two_handed():
    rules = euchre.resolve("two_handed")
    deck = euchre.deck_for(**TWO, rules=rules)
    return euchre.new_hand(deck=deck, dealer=1, rules=rules)


def _play_two(state, lines):
    for line in lines:
        for card in line.split():
            state.apply("play " + card)


def test_EX15_two_handed_order_up_leave_march_scores_two():
    rules = euchre.resolve("two_handed")
    deck = euchre.deck_for({0: "JH JD AH KH QH", 1: "9C TC 9S TS AD"}, up_card="9H",
                           dealer=1, rules=rules)
    state = euchre.new_hand(deck=deck, dealer=1, rules=rules)
    state.apply("order_up", seat=0)
    assert legal(state) == {"leave", *(f"discard {c}" for c in "9C TC 9S TS AD 9H".split())}
    state.apply("leave", seat=1)
    assert state.phase == "play" and state.leader == 0  # no going-alone phase
    _play_two(state, ["JH 9C", "JD TC", "AH 9S", "KH TS", "QH AD"])
    assert state.tricks_won == (5, 0)
    assert state.result().points == {0: 2, 1: 0}


def test_EX15_two_handed_dealer_accepts_and_is_euchred():
    state = _two_handed()
    act_two = [("pass", 0), ("accept", 1)]
    for a, s in act_two:
        state.apply(a, seat=s)
    assert "leave" not in legal(state) and len(legal(state)) == 6
    state.apply("discard TD", seat=1)
    assert state.leader == 0
    _play_two(state, ["AH 9H", "AD 9D", "AS JS", "JC KS", "9S QS"])
    assert state.tricks_won == (3, 2)
    assert state.result().points == {0: 2, 1: 0}


def test_EX15_two_handed_maker_wins_three():
    state = _two_handed()
    state.apply("order_up", seat=0)
    state.apply("discard TD", seat=1)
    _play_two(state, ["AH 9H", "AD 9D", "AS JS", "JC KS", "9S QS"])
    assert state.result().points == {0: 1, 1: 0}


def test_EX15_two_handed_throw_in_and_next_dealer():
    match = euchre.new_match(seed=4, rules="two_handed", dealer=1)
    for _ in range(4):
        match.current.apply("pass")
    assert match.current.result().points == {0: 0, 1: 0}
    assert match.next_hand().dealer == 0


# --------------------------------------------------------------------------- EX-16
def test_EX16_three_handed_deal_structure():
    rules = euchre.resolve("three_handed_cutthroat")
    pack = list(euchre.game_deck(rules))
    state = euchre.new_hand(deck=pack, dealer=0, rules=rules)
    pos = lambda idx: tuple(pack[i] for i in idx)  # noqa: E731
    assert state.hands[1] == pos([0, 1, 2, 8, 9])          # B
    assert state.hands[2] == pos([3, 4, 10, 11, 12])       # C
    assert state.hands[0] == pos([5, 6, 7, 13, 14])        # A, the dealer
    assert state.up_card == pack[15] and len(state.kitty) == 9
    order = []
    while state.phase == "bid1":
        order.append(state.to_move)
        state.apply("pass")
    assert order == [1, 2, 0]


THREE = dict(hands={2: "TS 9D TD 9C TC", 0: "JS JC AS AH KH", 1: "KS QS AD KD AC"},
             up_card="9S", dealer=0)


def _three(start=None):
    rules = euchre.resolve("three_handed_cutthroat")
    deck = euchre.deck_for(**THREE, rules=rules)
    match = euchre.new_match(seed=1, rules=rules, dealer=0, deck=deck, start_scores=start)
    state = match.current
    state.apply("pass", seat=1)
    state.apply("order_up", seat=2)
    state.apply("leave", seat=0)
    assert state.phase == "play" and state.leader == 1
    for line in ("KS TS JS", "JC QS 9D", "AS AD TD", "AH KD 9C", "KH AC TC"):
        for card in line.split():
            state.apply("play " + card)
    return match


def test_EX16_three_handed_maker_euchred_each_opponent_scores():
    match = _three()
    assert match.current.tricks_won == (5, 0, 0)
    assert match.current.result().points == {0: 2, 1: 2, 2: 0}


@pytest.mark.parametrize("won_before, points", [({2: 4}, 3), ({2: 3, 0: 1}, 1)])
def test_EX16_three_handed_maker_scores(won_before, points):
    state = euchre.position(hands={0: "9H", 1: "TH", 2: "AH"}, trump="S", leader=2, maker=2,
                            tricks_won=won_before, rules="three_handed_cutthroat")
    for c in ("AH", "9H", "TH"):
        state.apply("play " + c)
    assert state.result().points == {0: 0, 1: 0, 2: points}


def test_EX16_three_handed_unique_top_score_wins():
    match = _three({0: 8, 1: 9, 2: 4})
    assert match.scores == {0: 10, 1: 11, 2: 4}
    assert match.is_over and match.winner == 1


def test_EX16_three_handed_tie_at_the_top_plays_on():
    match = _three({0: 9, 1: 9, 2: 4})
    assert match.scores == {0: 11, 1: 11, 2: 4}
    assert not match.is_over and match.winner is None
    assert match.next_hand().dealer == 1


# --------------------------------------------------------------------------- EX-17
def _rotated(example, by):
    letters = "NESW"
    hands = {letters[(SEAT[k] + by) % 4]: v for k, v in example["hands"].items()}
    dealer = letters[(SEAT[example["dealer"]] + by) % 4]
    return deal(hands=hands, kitty=example["kitty"], dealer=dealer).deck, dealer


def _play_rotated(state, actions, tricks, by):
    letters = "NESW"
    for step in actions:
        who, action = step.split(" ", 1)
        state.apply(action, seat=(SEAT[who] + by) % 4)
    for line in tricks:
        for play in line.split(", "):
            who, card = play.split()
            state.apply("play " + card, seat=(SEAT[who] + by) % 4)
    assert letters  # seats are rotated, the cards are not


EX09_ACTIONS = ("E pass", "S order_up", "N discard 9D", "S decline", "N go_alone", "W decline",
                "E decline")
EX09_PLAY = ("E AD, W TH, N QS", "N JS, E TS, W 9S", "N AS, E JC, W KC", "E KH, W JH, N AH",
             "N KS, E QH, W AC")
EX04_ACTIONS = ("N order_up", "W leave", "N decline", "S decline", "E decline", "W decline")
EX04_PLAY = ("N JS, E 9S, S JC, W KS", "N AS, E QS, S TC, W 9H", "N AD, E TD, S KD, W QD",
             "N KH, E AH, S QH, W JH", "E KC, S AC, W JD, N 9C")
EX06_ACTIONS = ("S pass", "W pass", "N pass", "E pass", "S pass", "W name S", "W decline",
                "E decline", "N decline", "S decline")

LONE = {None: dict(hands={"S": "JC JS AC KC QC", "N": "9S 9H TH KH AH"}, kitty="TC 9D",
                   dealer="W"),
        "railroad": dict(hands={"S": "JK JC JS AC KC", "N": "QC 9H TH KH AH"}, kitty="TC 9S",
                         dealer="W")}


def _lone_march(rules, start):
    deck = deal(**LONE[rules], rules=rules).deck
    match = euchre.new_match(seed=9, rules=rules, dealer=3, deck=deck, start_scores=start)
    state = match.current
    act(state, "N pass", "E pass", "S order_up", "W leave", "S go_alone", "W decline",
        "E decline")
    if state.phase == "call_for_best":
        act(state, "S discard KC", "N pass_card QC")
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.tricks_won[2] == 5
    return match


def test_EX17_game_end_after_a_euchre():
    # EX-09 turned by a quarter: West (the dealer) goes alone and makes his point
    deck, dealer = _rotated(EX09, 3)
    assert dealer == "W"
    match = euchre.new_match(seed=1, dealer=SEAT[dealer], deck=deck,
                             start_scores={"NS": 9, "EW": 8})
    _play_rotated(match.current, EX09_ACTIONS, EX09_PLAY, 3)
    assert match.scores == {"NS": 9, "EW": 9} and not match.is_over
    # EX-06 turned by a quarter: North deals, NS make trump and are euchred
    deck, dealer = _rotated(EX06, 3)
    assert dealer == "N"
    state = match.next_hand(deck=deck)
    assert state.dealer == 0 and state.scores == (("NS", 9), ("EW", 9))
    _play_rotated(state, EX06_ACTIONS, EX06_PLAY, 3)
    assert match.scores == {"NS": 9, "EW": 11}
    assert match.is_over and match.winner == "EW"
    with pytest.raises(IllegalAction, match="game is over"):
        match.next_hand()


def test_EX17_extra_points_have_no_effect_by_default():
    match = _lone_march(None, {"NS": 7, "EW": 3})
    assert match.scores == {"NS": 11, "EW": 3} and match.winner == "NS"
    result = match.game_result()
    assert result.weight == 1 and dict(result.next_scores) == {"NS": 0, "EW": 0}


def test_EX17_railroad_laps_and_slams():
    match = _lone_march("railroad", {"NS": 7, "EW": 0})
    assert match.scores == {"NS": 11, "EW": 0} and match.winner == "NS"
    result = match.game_result()
    assert result.slam and result.weight == 2
    assert dict(result.next_scores) == {"NS": 1, "EW": 0}
    nxt = euchre.new_match(seed=1, rules="railroad", start_scores=result.next_scores)
    assert nxt.scores == {"NS": 1, "EW": 0}


# --------------------------------------------------------------------------- EX-18
def test_EX18_deck_32_structure():
    rules = euchre.resolve("deck_32")
    pack = list(euchre.game_deck(rules))
    assert len(pack) == 32
    state = euchre.new_hand(deck=pack, dealer=3, rules=rules)
    table = {0: [0, 1, 2, 10, 11], 1: [3, 4, 12, 13, 14], 2: [5, 6, 7, 15, 16],
             3: [8, 9, 17, 18, 19]}  # L, P, R, D with dealer W
    for seat, idx in table.items():
        assert state.hands[seat] == tuple(pack[i] for i in idx)
    assert state.up_card == pack[20] and state.kitty == tuple(pack[20:32])


@pytest.mark.parametrize("pattern, first", [("2-3", [0, 1, 10, 11, 12]), ("single", [0, 4, 8, 12, 16])])
def test_deal_pattern_flag(pattern, first):
    pack = list(euchre.game_deck(euchre.Rules()))
    state = euchre.new_hand(deck=pack, dealer=3, deal_pattern=pattern)
    assert state.hands[0] == tuple(pack[i] for i in first)
    assert state.up_card == pack[20]


# --------------------------------------------------------------------------- EX-19
LEAD_CASES = [
    # (bidding and alone answers with dealer W, default leader, alternative leader)
    (("N order_up", "W leave", "N decline", "S decline", "E decline", "W decline"), "N", "N"),
    (("N pass", "E pass", "S order_up", "W leave", "S go_alone", "W decline", "E decline"),
     "W", "E"),
    (("N order_up", "W leave", "N go_alone", "E decline", "W decline"), "E", "N"),
    (("N pass", "E order_up", "W leave", "E go_alone", "S decline", "N decline"), "S", "N"),
    (("N pass", "E pass", "S pass", "W accept", "W discard {}", "W go_alone", "N decline",
      "S decline"), "N", "N"),
    (("N pass", "E order_up", "W leave", "E go_alone", "S go_alone"), "S", "E"),
    (("N order_up", "W leave", "N go_alone", "E decline", "W go_alone"), "W", "N"),
]


@pytest.mark.parametrize("steps, default, alternative", LEAD_CASES)
@pytest.mark.parametrize("rule", ["left_of_lone_player", "left_of_dealer_skip_inactive"])
def test_EX19_first_leader_table(steps, default, alternative, rule):
    state = euchre.new_hand(seed=11, dealer=3, lone_lead=rule)
    for step in steps:
        if "{}" in step:
            step = step.format(state.up_card)
        act(state, step)
    assert state.phase == "play"
    assert state.leader == SEAT[default if rule == "left_of_lone_player" else alternative]


# --------------------------------------------------------------------------- other clauses
def test_6_6_dealers_partner_ordering_up_must_go_alone():
    state = deal(**EX09, rules={"dealer_partner_order_must_go_alone": True})
    act(state, "E pass", "S order_up")
    assert state.alone == (2,) and state.exchange == "skipped"
    assert state.active_seats == (1, 2, 3)
    assert state.phase == "alone" and state.to_move == SEAT["W"]  # S's left, a defender
    assert state.hands[0] == tuple(cards("JS KS QS AH 9D"))
    act(state, "W decline", "E decline")
    assert state.leader == SEAT["W"]


def test_6_3_vs_lone_maker_defender_asked_only_after_a_lone_maker():
    state = deal(**EX10, rules={"defender_alone": "vs_lone_maker"})
    act(state, "E pass", "S order_up", "N discard TC", "S go_alone")
    assert state.to_move == SEAT["W"]
    act(state, "W decline", "E go_alone")
    assert state.alone == (2, 1) and state.active_seats == (1, 2)


def test_4_2_round_one_actions():
    state = deal(**EX04)
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="only the dealer accepts"):
        state.apply("accept")
    with pytest.raises(IllegalAction, match="round 1"):
        state.apply("name S")
    assert state.snapshot() == before
    act(state, "N pass", "E pass", "S pass")
    with pytest.raises(IllegalAction, match="dealer says 'accept'"):
        state.apply("order_up")


def test_undo_restores_the_exact_state_and_replay_rebuilds_it():
    state = deal(**EX08)
    snaps = [state.snapshot()]
    for step in ("N pass", "E pass", "S order_up", "W discard 9S", "S go_alone", "W decline",
                 "E decline"):
        act(state, step)
        snaps.append(state.snapshot())
    state.apply("play KD")
    rebuilt = games.replay(json.loads(json.dumps(state.record())))
    assert rebuilt.snapshot() == state.snapshot()
    state.undo()
    while snaps:
        assert state.snapshot() == snaps.pop()
        if snaps:
            state.undo()
    with pytest.raises(IllegalAction, match="nothing to take back"):
        state.undo()


def test_position_record_replays():
    state = euchre.position(hands={0: "JH AH TS", 1: "KD 9C QS", 2: "KS 9S", 3: "QC 9D"},
                            trump="H", leader=2, trick=["AS", "TD"], tricks_won={"NS": 1, "EW": 1})
    assert state.to_move == 0
    state.apply("play TS")
    again = games.replay(state.record())
    assert again.snapshot() == state.snapshot()


def test_position_built_through_the_registry():
    state = games.position("euchre", hands={0: "JH AH TS", 1: "KD 9C QS", 2: "KS 9S",
                                            3: "QC 9D"}, trump="H", leader=2,
                           trick=["AS", "TD"], tricks_won={"NS": 1, "EW": 1})
    assert state.phase == "play" and state.trump is Suit.HEARTS
    assert legal(state) == {"play TS"}


@pytest.mark.parametrize("spec, error, words", [
    (dict(hands={0: "JH AH", 1: "KD 9C", 2: "AS 9S", 3: "TD QC"}, trump="H", leader=0,
          trick=[]), IllegalAction, "should hold"),
    (dict(hands={0: "JH", 1: "JH", 2: "AS", 3: "TD"}, trump="H", leader=0,
          tricks_won={0: 4}), CardError, "twice"),
    (dict(hands={0: "7H", 1: "9C", 2: "AS", 3: "TD"}, trump="H", leader=0,
          tricks_won={0: 4}), CardError, "not in this deck"),
    (dict(hands={0: "JK", 1: "9C", 2: "AS", 3: "TD"}, trump="H", leader=0,
          tricks_won={0: 4}), CardError, "Joker"),
    (dict(hands={0: "AH", 1: "9C", 2: "AS", 3: "TD"}, trump="X", leader=0,
          tricks_won={0: 4}), CardError, "not a suit"),
    (dict(hands={0: "AH", 1: "9C", 3: "TD"}, trump="H", leader=2, alone=0,
          tricks_won={0: 4}), IllegalAction, "sits out"),
    (dict(hands={0: "AH", 1: "9C", 2: "AS"}, trump="H", leader=0, alone=(0, 2),
          tricks_won={0: 4}), IllegalAction, "one player of each partnership"),
    (dict(hands={0: "AH 9H", 1: "9C KC", 2: "KS", 3: "9S"}, trump="H", leader=2,
          trick=["AS", "TD"], tricks_won={0: 3}), IllegalAction, "led suit"),
    (dict(hands={0: "AH", 1: "9C", 2: "AS", 3: "TD"}, trump="H", leader=0,
          tricks_won={0: 5}), IllegalAction, "tricks"),
])
def test_position_rejects_invalid_puzzles(spec, error, words):
    with pytest.raises(error, match=words):
        euchre.position(**spec)


def test_deck_for_checks_its_input():
    with pytest.raises(CardError, match="twice"):
        euchre.deck_for({0: "JH AH", 1: "JH"})
    with pytest.raises(CardError, match="five"):
        euchre.deck_for({0: "JH AH KH QH TH 9H"})
    with pytest.raises(CardError, match="not a card"):
        euchre.deck_for({0: "JH 1H"})
    with pytest.raises(CardError):
        euchre.new_hand(deck="JH AH JH")
    with pytest.raises(CardError, match="too few"):
        euchre.new_hand(deck="JH AH KH")


# --------------------------------------------------------------------------- bad input
def test_bad_input_leaves_the_state_unchanged():
    state = deal(**EX04)
    before = state.snapshot()
    for text, error, words in (
        ("play 1H", CardError, "1H"),
        ("play ZZ", CardError, "ZZ"),
        ("play JS", IllegalAction, "round 1"),
        ("jump", IllegalAction, "not an action"),
        ("order_up now", IllegalAction, "takes nothing"),
        ("name X", CardError, "not a suit"),
        ("", IllegalAction, "expected an action"),
    ):
        with pytest.raises(error, match=words):
            state.apply(text)
        assert state.snapshot() == before
    with pytest.raises(IllegalAction, match="South's turn, not West's"):
        state.apply("pass", seat=1)
    assert state.snapshot() == before
    with pytest.raises(IllegalAction, match="not over"):
        state.result()
    with pytest.raises(IllegalAction, match="no seat"):
        state.view(4)
    for error in (CardError, IllegalAction, RulesError):
        assert issubclass(error, TutorError)


def test_bad_input_during_play():
    state = deal(**EX04)
    act(state, *EX04_ACTIONS)
    state.apply("play JS")
    before = state.snapshot()
    with pytest.raises(IllegalAction,
                       match="cannot play the jack of hearts: [A-Za-z]+ does not hold it"):
        state.apply("play JH")
    with pytest.raises(IllegalAction, match="trick play"):
        state.apply("pass")
    assert state.snapshot() == before
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    done = state.snapshot()
    with pytest.raises(IllegalAction, match="hand is over"):
        state.apply("play AH")
    assert state.snapshot() == done


# --------------------------------------------------------------------------- views and display
def test_14_views_hide_discards_and_other_hands():
    state = deal(**EX05)
    act(state, "W pass", "N order_up", "S discard 9S")
    for seat in (0, 1, 3):
        text = state.view(seat).to_json()
        assert "9S" not in text
        assert (2, "discard") in state.view(seat).history
    assert state.view(2).private["discards"] == ["9S"]
    public = state.view(0).public
    assert public["up_card"] == "9H" and public["up_card_status"] == "taken"
    assert public["trump"] == "H" and public["maker"] == 0
    for seat in range(4):
        view = state.view(seat)
        others = {str(c) for s in range(4) if s != seat for c in state.hands[s]} - {"9H"}
        assert not others & set(json.loads(view.to_json())["hand"])


EX05 = dict(hands={"N": "JH JD AH AS KS", "E": "AD KD 9D QC TS", "S": "QH TH AC KC 9S",
                   "W": "KH QD TD 9C QS"}, kitty="9H JS JC TC", dealer="S")


def test_str_and_html_extras():
    state = deal(**EX08)
    act(state, "N pass", "E pass", "S order_up", "W discard 9S", "S go_alone")
    text = str(state)
    assert "trump C" in text and "maker North" in text and "sits out" in text
    extras = "".join(state._html_extras())
    assert "Trump" in extras and "Maker" in extras and "Alone" in extras and "Tricks" in extras
    match = euchre.new_match(seed=1)
    assert "Score" in "".join(match.current._html_extras())
    assert "Score: NS 0, EW 0" in str(match.current)


@pytest.mark.parametrize("options, alone, maker, message", [
    ({"defender_alone": "never"}, 1, 0, "a defender cannot go alone"),
    ({"defender_alone": "never"}, (0, 1), 0, "a defender cannot go alone"),
    ({"defender_alone": "vs_lone_maker"}, 1, 0, "only against a lone maker"),
    ({"maker_partner_may_go_alone": False}, 2, 0, "maker's partner cannot go alone"),
])
def test_17_1_position_refuses_lone_players_the_rules_forbid(options, alone, maker, message):
    """17.1: the sides must match a legal configuration of the variant."""
    lone = (alone,) if isinstance(alone, int) else alone
    active = [s for s in range(4) if (s + 2) % 4 not in lone]
    deck = iter(euchre.game_deck(euchre.resolve(options)))
    hands = {s: " ".join(str(next(deck)) for _ in range(5)) for s in active}
    leader = (lone[0] + 1) % 4
    with pytest.raises(PositionError, match=message):
        euchre.position(hands=hands, trump="H", leader=leader, alone=alone, maker=maker, **options)
    # the same set-ups stand where the rules allow them
    state = euchre.position(hands=hands, trump="H", leader=leader, alone=alone, maker=maker)
    assert state.alone == tuple(lone)
    # a lone defender against a lone maker is allowed under vs_lone_maker
    if options == {"defender_alone": "vs_lone_maker"}:
        both = [s for s in range(4) if s in (0, 1)]
        hands2 = {s: hands.get(s) or " ".join(str(next(deck)) for _ in range(5)) for s in both}
        assert euchre.position(hands=hands2, trump="H", leader=1, alone=(0, 1), maker=0,
                               **options).alone == (0, 1)
