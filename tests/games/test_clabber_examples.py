"""Every worked example of rules/clabber.md section 16, one test each, named after it."""
import pytest

from tutor import games
from tutor.cards import Suit, deck, parse_card, parse_cards
from tutor.errors import IllegalAction
from tutor.games import clabber
from tutor.games.clabber import card_points, game_winner, score_totals, trick_rules_for
from tutor.games.clabber_melds import best_declaration

C = parse_card

EX40_DECK = "JH 9H KH 9S AH 10H QH KC KS AD AS QC QS 10D 10S JC JS AC KD 10C 9D 9C QD JD"
EX42_HANDS = {0: "JH AH KS QS JS 9D", 1: "9H 10H AD 10D AC 9C", 2: "KH QH AS 10S KD QD",
              3: "9S KC QC JC 10C JD"}
EX43_DECK = "JS AC AS 9H 9S KC KS AD AH QC QS QD KH JH 10H JC QH 10D JD 10C 9D KD 9C 10S"


# --------------------------------------------------------------------------- helpers
def legal(trump, trick, hand):
    rules = trick_rules_for(Suit.parse(trump))
    return set(rules.legal_cards(parse_cards(hand), parse_cards(trick)))


def start(hands, trump, dealer=3, **rules):
    """A dealt four-player hand with these hands and ``trump`` made by the first seat able."""
    trump = Suit.parse(trump)
    state = clabber.new_hand(deck=clabber.deck_for(hands, dealer=dealer), dealer=dealer, **rules)
    if state.upcard.suit is trump:
        while state.phase == "bid":
            state.apply("accept" if state.legal_actions()[0].verb == "accept" else "pass")
    else:
        for _ in range(4):
            state.apply("pass")
        while state.phase == "bid":
            call = f"call {trump.value}"
            state.apply(call if call in map(str, state.legal_actions()) else "pass")
    assert state.trump is trump
    return state


def play_out(state, choose=None):
    """Play to the end (first legal card unless ``choose`` names one); returns the action that
    announced the bell as (seat, action, events before it)."""
    bell = None
    while not state.is_over:
        actions = state.legal_actions()
        action = (choose(state) if choose else None) or actions[0]
        before = len(state.events)
        was = state.bell_announced
        state.apply(action)
        if state.bell_announced and not was:
            bell = (state.actions[-1][0], str(state.actions[-1][1]), state.events[before:])
    return bell


def announced(state):
    return {e[1]: e[2] for e in state.events if e[0] == "announce"}


def assert_bell_on_second_card(state, bell, seat, cards="KH QH"):
    holder, action, new_events = bell
    assert holder == seat
    k, q = parse_cards(cards)
    played_card = C(action.split()[1])
    assert played_card in (k, q)
    other = q if played_card == k else k
    # the other bell card was exposed earlier: played to an earlier trick
    tricks_cards = [c for _, plays, _ in state.tricks for s, c in plays if s == seat]
    assert tricks_cards.index(other) < tricks_cards.index(played_card)
    assert ("bell", seat) in new_events


# --------------------------------------------------------------------------- card points
def test_EX01_the_162_check():
    for trump in Suit:
        trumps = sum(card_points(c, trump) for c in deck("24") if c.suit is trump)
        plain = sum(card_points(c, trump) for c in deck("24") if c.suit is not trump)
        assert (trumps, plain) == (62, 90)
        assert trumps + plain + clabber.LAST_TRICK_BONUS == 162


# --------------------------------------------------------------------------- legal moves
def test_EX02_trump_lead_must_overtrump():
    assert legal("H", "KH", "QH 10H 9H AS KD 9C") == set(parse_cards("10H 9H"))


def test_EX03_overtrump_partner():
    # one earlier trick: South led AC and won it over KC, QC, JC (dealer East)
    state = games.position("clabber", hands={0: "AD KD QD JD", 1: "10C 9D 10H KH",
                                             2: "JH AH KS 10D 9C", 3: "AS QS JS 10S 9S"},
                           trump="H", leader=0, trick=["9H", "QH"], dealer=3)
    # the hands of seats 0 and 1 are one card shorter: they already played
    assert {a.card for a in state.legal_actions()} == {C("JH")}


def test_EX04_forced_undertrump_on_trump_lead():
    assert legal("H", "JH", "AH QH AS 10D") == set(parse_cards("AH QH"))


def test_EX05_overruff_an_opponent():
    assert legal("S", "AD 10S", "9S KS AC") == {C("9S")}


def test_EX06_overruff_partners_ruff():
    assert legal("S", "AD QS 9D", "KS AS 10H") == set(parse_cards("AS KS"))


def test_EX07_must_ruff_partners_winning_card():
    assert legal("S", "9C AC 10C", "QS AH 10D") == {C("QS")}


def test_EX08_following_after_a_ruff_no_duty_to_beat():
    assert legal("S", "AD 9S", "KD 9D JS") == set(parse_cards("KD 9D"))


def test_EX09_void_no_trumps():
    assert legal("S", "AH", "KD 9C 10D") == set(parse_cards("KD 9C 10D"))


def test_EX10_void_cannot_overruff():
    assert legal("S", "AH JS", "AS KS 10C") == set(parse_cards("AS KS"))


def test_EX11_trump_led_no_trumps():
    assert legal("S", "9S", "AH KH 10D") == set(parse_cards("AH KH 10D"))


def test_EX12_leading():
    hand = "JH AH KS QS JS 9D"
    assert legal("H", "", hand) == set(parse_cards(hand))


# --------------------------------------------------------------------------- trick winners
def test_EX13_the_only_trump_wins():
    state = games.position("clabber", hands={3: "AD", 0: "9S", 1: "KD", 2: "10D"}, trump="S",
                           leader=3)
    for card in ("AD", "9S", "KD", "10D"):
        state.apply(f"play {card}")
    assert state.tricks[-1][2] == 0
    assert state.won[0] == 39 + clabber.LAST_TRICK_BONUS   # a one-trick position is the last trick
    assert sum(card_points(c, Suit.SPADES) for c in parse_cards("AD 9S KD 10D")) == 39


def test_EX14_highest_of_the_led_suit_wins():
    rules = trick_rules_for(Suit.SPADES)
    assert rules.winner_index(parse_cards("KC AC JD 9C")) == 1
    assert sum(card_points(c, Suit.SPADES) for c in parse_cards("KC AC JD 9C")) == 17


# --------------------------------------------------------------------------- declarations
def kinds_and_points(decl):
    return sorted(m.kind for m in decl), sum(m.points for m in decl)


def test_EX15_four_queens_not_also_the_dad():
    decl = best_declaration(parse_cards("10S JS QS QC QD QH"), Suit.CLUBS)
    assert kinds_and_points(decl) == (["four_queens"], 100)


def test_EX16_whole_suit():
    hand = parse_cards("AC KC QC JC 10C 9C")
    decl = best_declaration(hand, Suit.HEARTS)
    assert kinds_and_points(decl) == (["five_run"], 100)
    assert set(decl[0].cards) == set(parse_cards("AC KC QC JC 10C"))
    assert kinds_and_points(best_declaration(hand, Suit.HEARTS, six_sequence=True)) == (["six_run"], 300)


def test_EX17_three_players_ranking_decides():
    hand = parse_cards("AS KS QS JS 10S AH AD AC")
    decl = best_declaration(hand, Suit.HEARTS)
    assert kinds_and_points(decl) == (["fifty", "four_aces"], 150)
    assert set(next(m for m in decl if m.kind == "fifty").cards) == set(parse_cards("KS QS JS 10S"))
    decl = best_declaration(hand, Suit.HEARTS, evansville=True)
    assert kinds_and_points(decl) == (["five_run"], 100)
    assert set(decl[0].cards) == set(parse_cards("AS KS QS JS 10S"))


def test_EX18_two_players_nine_cards():
    hand = parse_cards("AS KS QS JS 10S 9S AH AD AC")
    for evansville in (False, True):
        decl = best_declaration(hand, Suit.HEARTS, evansville=evansville)
        assert kinds_and_points(decl) == (["five_run", "four_aces"], 200)
        run = next(m for m in decl if m.kind == "five_run")
        assert set(run.cards) == set(parse_cards("KS QS JS 10S 9S"))
        assert kinds_and_points(best_declaration(hand, Suit.HEARTS, evansville, True)) == (["six_run"], 300)


# --------------------------------------------------------------------------- side comparisons
def test_EX19_higher_category_wins_partners_dad_counts():
    state = start({0: "AS KS QS JS 9C 10C", 1: "QH JH 10H AD 10S 9S", 2: "9D 10D JD AC KH 9H",
                   3: "AH KD QD KC QC JC"}, "H")
    play_out(state)
    assert announced(state) == {0: ("fifty",), 1: ("dad",), 2: ("dad",), 3: ("dad",)}
    assert state.meld_winner == "NS"
    assert state.meld_points() == {"NS": 70, "EW": 0}
    assert state.bell_holder is None


def test_EX20_equal_dads_trump_wins():
    state = start({0: "QS JS 10S KH KD 9D", 1: "QH JH 10H JD QC 9C", 2: "AS KS 9S 10D AC KC",
                   3: "AH 9H AD QD JC 10C"}, "H")
    play_out(state)
    assert announced(state) == {0: ("dad",), 1: ("dad",), 2: (), 3: ()}
    statements = [e for e in state.events if e[0] in ("top", "trumps")]
    assert sorted(statements) == sorted([("top", 0, "Q"), ("top", 1, "Q"),
                                         ("trumps", 0, False), ("trumps", 1, True)])
    assert state.meld_winner == "EW"
    assert state.meld_points() == {"NS": 0, "EW": 20}


def test_EX21_equal_plain_sequences_cancel():
    state = start({0: "AS KS QS JS 9H 9D", 1: "9S AH JH 10D 10C 9C", 2: "10S KH 10H AC QC JC",
                   3: "QH AD KD QD JD KC"}, "C")
    play_out(state)
    assert announced(state)[0] == ("fifty",) and announced(state)[3] == ("fifty",)
    assert state.melds_resolved and state.meld_winner is None
    assert ("melds", None) in state.events
    assert state.meld_points() == {"NS": 0, "EW": 0}
    assert not any(state.shown)


def test_EX22_only_the_best_meld_is_compared():
    state = start({0: "9S KH 9H 10D QC 10C", 1: "KS QS JS 9D KC JC", 2: "AS 10S KD QD JD AC",
                   3: "AH QH JH 10H AD 9C"}, "H")
    play_out(state)
    assert announced(state) == {0: (), 1: ("dad",), 2: ("dad",), 3: ("dad",)}
    assert state.meld_winner is None
    assert state.meld_points() == {"NS": 0, "EW": 0}


def test_EX23_top_card_before_trumps_bell_survives():
    state = start({0: "KH QH JH 10H 10D KC", 1: "AS KS QS JS KD QC", 2: "10S QD JD AC 10C 9C",
                   3: "9S AH 9H AD 9D JC"}, "H")
    bell = play_out(state)
    assert announced(state)[0] == ("fifty",) and announced(state)[1] == ("fifty",)
    assert ("top", 0, "K") in state.events and ("top", 1, "A") in state.events
    assert not any(e[0] == "trumps" for e in state.events)
    assert state.meld_winner == "EW"
    assert state.meld_points() == {"NS": 20, "EW": 50}
    assert_bell_on_second_card(state, bell, 0)


@pytest.mark.parametrize("evansville, winner", [(False, "NS"), (True, "EW")])
def test_EX24_four_aces_vs_five_run(evansville, winner):
    state = start({0: "AS JS AH AD AC 10C", 1: "9S KD QD JD 10D 9D", 2: "10S KH 10H KC QC 9C",
                   3: "KS QS QH JH 9H JC"}, "H", evansville_ranking=evansville)
    play_out(state)
    assert announced(state)[0] == ("four_aces",) and announced(state)[1] == ("five_run",)
    assert state.meld_winner == winner
    assert state.meld_points()[winner] == 100


@pytest.mark.parametrize("evansville, winner", [(False, "NS"), (True, "EW")])
def test_EX25_four_tens_vs_four_kings(evansville, winner):
    state = start({0: "10S 10H 10D QC 10C 9C", 1: "KS 9S KH JH KD KC", 2: "AS QS QH AD QD JC",
                   3: "JS AH 9H JD 9D AC"}, "H", evansville_ranking=evansville)
    play_out(state)
    assert announced(state)[0] == ("four_tens",) and announced(state)[1] == ("four_kings",)
    assert state.meld_winner == winner
    assert state.meld_points()[winner] == 100


@pytest.mark.parametrize("evansville, winner", [(False, "NS"), (True, "EW")])
def test_EX26_four_nines_vs_five_run(evansville, winner):
    state = start({0: "QS 10S AH QH KC JC", 1: "AS KS JH 10H AC QC", 2: "9S KH 9H 9D 10C 9C",
                   3: "JS AD KD QD JD 10D"}, "H", evansville_ranking=evansville)
    play_out(state)
    assert announced(state)[2] == ("four_nines",) and announced(state)[3] == ("five_run",)
    assert state.meld_winner == winner


# --------------------------------------------------------------------------- the bell
def test_EX27_bell_while_the_opponents_win_the_melds():
    state = start({0: "QD JD KC QC 10C 9C", 1: "AS KS QS JS AH JH", 2: "10S KH QH KD 10D JC",
                   3: "9S 10H 9H AD 9D AC"}, "H")
    bell = play_out(state)
    assert state.meld_winner == "EW"
    assert state.meld_points() == {"NS": 20, "EW": 50}
    assert_bell_on_second_card(state, bell, 2)


def test_EX28_dad_and_bell_is_40():
    state = start({0: "KH QH JH 9D QC 9C", 1: "QS AH 9H JD KC JC", 2: "KS JS 10H AD KD 10C",
                   3: "AS 10S 9S QD 10D AC"}, "H")
    bell = play_out(state)
    assert announced(state) == {0: ("dad",), 1: (), 2: (), 3: ()}
    assert state.meld_points() == {"NS": 40, "EW": 0}
    holder, action, new_events = bell
    # announced at the show, just before seat 0's card to trick 2
    assert holder == 0 and len(state.tricks[0][1]) == 4
    kinds = [e[0] for e in new_events]
    assert kinds.index("show") < kinds.index("bell")
    assert state.tricks[1][1][[s for s, _ in state.tricks[1][1]].index(0)][1] == C(action.split()[1])


def test_EX29_beaten_dad_bell_still_20():
    state = start({0: "10S KH QH JH KD 10D", 1: "KS AH KC QC JC 10C", 2: "AS JS QD 9D AC 9C",
                   3: "QS 9S 10H 9H AD JD"}, "H")
    bell = play_out(state)
    assert announced(state)[0] == ("dad",) and announced(state)[1] == ("fifty",)
    assert state.meld_winner == "EW"
    assert state.shown[0] == ()
    assert state.meld_points() == {"NS": 20, "EW": 50}
    assert_bell_on_second_card(state, bell, 0)


@pytest.mark.parametrize("first_card", ["KS", "QH"])
def test_EX30_bell_inside_four_kings(first_card):
    state = start({0: "KS KH QH KD KC JC", 1: "AS QS 10H AD QD QC", 2: "9S AH JH 10D 9D 10C",
                   3: "JS 10S 9H JD AC 9C"}, "H")

    def choose(s):
        if s.trick_number == 0 and s.to_move == 0:
            return f"play {first_card}"
        return None

    bell = play_out(state, choose)
    assert announced(state)[0] == ("four_kings",)
    assert state.meld_points() == {"NS": 120, "EW": 0}
    holder, action, new_events = bell
    kinds = [e[0] for e in new_events]
    if first_card == "QH":      # QH already played: the show exposes KH, the bell comes with it
        assert kinds.index("show") < kinds.index("bell")
    else:                       # the bell waits for QH to be played
        assert action == "play QH" and "show" not in kinds


def test_EX31_bell_lost_with_a_set():
    points, marks, made = score_totals({"NS": 70 + 20, "EW": 92}, "NS")
    assert not made and points == {"NS": 0, "EW": 92} and marks["NS"] == "XX"


# --------------------------------------------------------------------------- scoring a hand
def test_EX32_made():
    points, marks, made = score_totals({"NS": 100, "EW": 62}, "NS")
    assert made and points == {"NS": 100, "EW": 62}


def test_EX33_tie_is_a_set():
    points, marks, made = score_totals({"NS": 81, "EW": 81}, "NS")
    assert not made and points == {"NS": 0, "EW": 81} and marks == {"NS": "XX", "EW": "81"}


def test_EX34_defenders_zero():
    points, marks, made = score_totals({"NS": 162, "EW": 0}, "NS")
    assert made and points == {"NS": 162, "EW": 0} and marks == {"NS": "162", "EW": "-"}
    # the same through a whole hand: makers take every trick
    state = games.position("clabber", hands={0: "JH", 1: "9S", 2: "QS", 3: "KS"}, trump="H",
                           leader=0, maker=0, won={"NS": 125})
    for card in ("JH", "9S", "QS", "KS"):
        state.apply(f"play {card}")
    result = state.result()
    assert result.points == {"NS": 162, "EW": 0}
    assert result.details["marks"]["EW"] == "-"


EX23_HANDS = {0: "KH QH JH 10H 10D KC", 1: "AS KS QS JS KD QC", 2: "10S QD JD AC 10C 9C",
              3: "9S AH 9H AD 9D JC"}


@pytest.mark.parametrize("renege_melds, offender, expected", [
    ("all_held", "EW", {"NS": 232, "EW": 0}),
    ("compared", "EW", {"NS": 182, "EW": 0}),
    ("all_held", "NS", {"NS": 0, "EW": 212}),
    ("compared", "NS", {"NS": 0, "EW": 212}),
])
def test_EX35_renege_both_renege_melds_settings(renege_melds, offender, expected):
    state = start(EX23_HANDS, "H", renege_policy="penalize", renege_melds=renege_melds)
    state.apply("play 10D")
    state.apply("play AS" if offender == "EW" else "play KD")     # seat 1 holds KD
    state.apply("play 10S" if offender == "NS" else "play QD")    # seat 2 holds QD JD
    state.apply("play AD")
    assert state.is_over and state.outcome == "renege"
    assert state.result().points == expected


def test_EX36_both_sides_renege():
    state = clabber.new_hand(deck=EX40_DECK, dealer=3, renege_policy="penalize")
    for action in ["pass"] * 4 + ["call H", "play JH", "play AD", "play AS", "play 9S"]:
        state.apply(action)
    assert state.is_over and state.outcome == "void"
    assert state.result().points == {"NS": 0, "EW": 0}
    match = clabber.new_match(seed=1, dealer=3, renege_policy="penalize")
    assert match._next_dealer(state) == 3


def test_EX37_three_players():
    assert score_totals({0: 70, 1: 60, 2: 32}, 0)[0] == {0: 70, 1: 60, 2: 32}
    points, marks, _ = score_totals({0: 66, 1: 66, 2: 30}, 0)
    assert points == {0: 0, 1: 66, 2: 30} and marks[0] == "XX"
    points, marks, _ = score_totals({0: 50, 1: 60 + 50, 2: 52}, 0)
    assert points == {0: 0, 1: 110, 2: 52} and marks[0] == "XX"


def test_EX38_end_of_game():
    def after(start, hand):
        return {side: start[side] + hand[side] for side in start}

    a = after({"A": 480, "B": 430}, score_totals({"A": 70, "B": 92}, "B")[0])
    assert a == {"A": 550, "B": 522} and game_winner(a) == "A"
    b = after({"A": 450, "B": 420}, score_totals({"A": 80, "B": 90}, "A")[0])
    assert b == {"A": 450, "B": 510} and game_winner(b) == "B"
    c = after({"A": 430, "B": 428}, score_totals({"A": 80, "B": 82}, "B")[0])
    assert c == {"A": 510, "B": 510} and game_winner(c) == "draw"
    passed = clabber.new_hand(deck=EX40_DECK, dealer=3)
    for _ in range(8):
        passed.apply("pass")
    assert passed.result().points == {"NS": 0, "EW": 0}
    assert game_winner({"A": 499, "B": 300}) is None


# --------------------------------------------------------------------------- dealing, bidding
def test_EX39_choosing_partners():
    seat_of_chair, dealt = clabber.choose_seating(parse_cards("9H AS JD 10C KH JS 9S 9D"), 4)
    assert [(chair, str(card)) for chair, card in dealt] == [
        (0, "9H"), (1, "AS"), (2, "JD"), (3, "TC"), (0, "KH"), (1, "JS")]
    assert seat_of_chair == (3, 2, 0, 1)


@pytest.mark.parametrize("packet, expected", [
    (1, {0: "JH AH KS QS JS 9D", 1: "9H 10H AD 10D AC 9C", 2: "KH QH AS 10S KD QD",
         3: "9S KC QC JC 10C JD"}),
    (3, {0: "JH 9H KH QS 10D 10S", 1: "9S AH 10H JC JS AC", 2: "QH KC KS KD 10C 9D",
         3: "AD AS QC 9C QD JD"}),
    (2, {0: "JH 9H KS AD JS AC", 1: "KH 9S AS QC KD 10C", 2: "AH 10H QS 10D 9D 9C",
         3: "QH KC 10S JC QD JD"}),
])
def test_EX40_dealing_order_packets(packet, expected):
    state = clabber.new_hand(deck=EX40_DECK, dealer=3, deal_packet_size=packet)
    for seat, cards in expected.items():
        assert set(state.hands[seat]) == set(parse_cards(cards))
    assert state.upcard == C("JD") and state.view(0).public["face_up"] == "JD"
    # deck_for builds the same deck back from the hands
    assert clabber.deck_for(expected, dealer=3, deal_packet_size=packet) == list(parse_cards(EX40_DECK))


def test_EX41_bidding_legality():
    state = clabber.new_hand(deck=EX40_DECK, dealer=3)
    for seat in range(4):
        assert "accept" in map(str, state.legal_actions())
        state.apply("pass")
    assert state.bid_round == 2 and state.to_move == 0
    assert {str(a) for a in state.legal_actions()} == {"call H", "call S", "pass"}
    before = state.snapshot()
    for bad in ("call D", "call C", "accept"):
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert state.snapshot() == before


# --------------------------------------------------------------------------- full hands
def test_EX42_full_hand_round2_trump_lost_meld_comparison_bell_makers_set():
    state = clabber.new_hand(deck=EX40_DECK, dealer=3)
    for seat, cards in EX42_HANDS.items():
        assert set(state.hands[seat]) == set(parse_cards(cards))
    for _ in range(4):
        state.apply("pass")
    assert state.view(1).public["dealer_holds_face_up"]
    state.apply("call H")
    assert state.maker == 0 and state.trump is Suit.HEARTS

    def plays(*expected_legal):
        return {a.card for a in state.legal_actions()}

    state.apply("play JH")
    assert plays() == set(parse_cards("9H 10H"))
    state.apply("play 10H")
    assert plays() == set(parse_cards("KH QH"))
    state.apply("play QH")
    state.apply("play 9S")
    assert announced(state) == {0: ("dad",), 1: (), 2: (), 3: ("fifty",)}
    assert state.tricks[0][2] == 0 and state.won[0] == 33
    assert state.meld_winner == "EW"
    assert not any(e[0] in ("top", "trumps") for e in state.events)
    state.apply("play AH")
    assert plays() == {C("9H")}
    state.apply("play 9H")
    state.apply("play KH")
    assert state.events[-1] == ("bell", 2)
    state.apply("play JD")
    assert ("show", 3, tuple(sorted(parse_cards("KC QC JC 10C")))) in state.events
    assert state.tricks[1][2] == 1 and state.won[1] == 31
    rest = ["AC QD 10C 9D", "AD KD JC JS", "10D 10S QC QS", "9C AS KC KS"]
    for trick in rest:
        for card in trick.split():
            state.apply(f"play {card}")
    assert [t[2] for t in state.tricks] == [0, 1, 1, 1, 1, 3]
    assert state.card_points_by_side() == {"NS": 33, "EW": 129}
    result = state.result()
    assert result.details["totals"] == {"NS": 53, "EW": 179}
    assert result.points == {"NS": 0, "EW": 179}
    assert result.details["marks"] == {"NS": "XX", "EW": "179"}


def test_EX43_full_hand_round1_trump_tie_statements_bell_at_the_show_made():
    state = clabber.new_hand(deck=EX43_DECK, dealer=0)
    expected = {1: "JS 9S AH KH QH 9D", 2: "AC KC QC JH 10D KD", 3: "AS KS QS 10H JD 9C",
                0: "9H AD QD JC 10C 10S"}
    for seat, cards in expected.items():
        assert set(state.hands[seat]) == set(parse_cards(cards))
    assert state.upcard == C("10S")
    state.apply("accept")
    assert state.trump is Suit.SPADES and state.maker == 1
    for card in "JS JH QS 10S".split():
        state.apply(f"play {card}")
    assert announced(state) == {1: ("dad",), 2: ("dad",), 3: ("dad",), 0: ()}
    assert state.won[1] == 35
    statements = [e for e in state.events if e[0] in ("top", "trumps")]
    # side 1/3's best dad is seat 3's A-K-Q of spades: seat 3 makes its statements
    assert sorted(statements) == sorted([("top", 3, "A"), ("top", 2, "A"),
                                         ("trumps", 3, True), ("trumps", 2, False)])
    assert state.meld_winner == "EW"
    state.apply("play 9S")
    assert ("show", 1, tuple(sorted(parse_cards("AH KH QH")))) in state.events
    state.apply("play 10D")
    state.apply("play KS")
    assert ("show", 3, tuple(sorted(parse_cards("AS KS")))) in state.events
    i_show = state.events.index(("show", 3, tuple(sorted(parse_cards("AS KS")))))
    assert state.events[i_show + 1] == ("bell", 3)
    state.apply("play JC")
    assert state.won[1] == 35 + 30
    for trick in ["AH KD 10H 9H", "KH QC AS QD", "JD AD 9D KC", "10C QH AC 9C"]:
        for card in trick.split():
            state.apply(f"play {card}")
    assert [t[2] for t in state.tricks] == [1, 1, 1, 3, 0, 2]
    assert state.card_points_by_side() == {"NS": 51, "EW": 111}
    result = state.result()
    assert result.details["totals"] == {"NS": 51, "EW": 171}
    assert result.points == {"NS": 51, "EW": 171} and result.details["made"]


# --------------------------------------------------------------------------- double dummy
def dd_value(state, side):
    """Exhaustive card points ``side`` wins from here (test-local search on push/undo)."""
    memo = {}

    def search():
        if state.is_over:
            return 0
        key = None
        if not state.trick:
            key = (state.hands, state.to_move)
            if key in memo:
                return memo[key]
        mover_side = state.side(state.to_move)
        best = None
        for action in state.legal_actions():
            before = sum(state.won[s] for s in state.members(side))
            state.push(action)
            gained = sum(state.won[s] for s in state.members(side)) - before
            value = gained + search()
            state.undo()
            if best is None or (value > best if mover_side == side else value < best):
                best = value
        if key is not None:
            memo[key] = best
        return best

    return search()


def test_EX44_three_card_ending_lead_the_trump():
    hands = {0: "10H AS 10S", 1: "9H AD KS", 2: "JH AC 10C", 3: "QH 10D 9D"}
    values = {}
    for lead in ("10H", "AS", "10S"):
        state = games.position("clabber", hands=hands, trump="H", leader=0)
        remaining = sum(card_points(c, Suit.HEARTS) for h in state.hands for c in h) + 10
        assert remaining == 124
        state.apply(f"play {lead}")
        values[lead] = state.won[0] + state.won[2] + dd_value(state, "NS")
    assert values == {"10H": 124, "AS": 38, "10S": 37}


def make_threshold(remaining, won_m, won_d, melds_m, melds_d):
    return (remaining + won_d + melds_d - won_m - melds_m) // 2 + 1


def dd_full(state, side):
    """Card points ``side`` wins from a trick boundary, on raw cards (faster than push/undo):
    exact values memoised per (hands, leader), alpha-beta inside a trick."""
    rules, trump, n = state.trick_rules, state.trump, state.players
    ours = {s for s in range(n) if state.side(s) == side}
    memo = {}

    def solve(hands, leader):
        if not any(hands):
            return 0
        key = (hands, leader)
        if key not in memo:
            memo[key] = play(hands, leader, (), -1, 10 ** 6)
        return memo[key]

    def play(hands, leader, trick, alpha, beta):
        seat = (leader + len(trick)) % n
        maximise = seat in ours
        best = -1 if maximise else 10 ** 6
        for card in rules.legal_cards(sorted(hands[seat]), trick):
            rest = hands[:seat] + (hands[seat] - {card},) + hands[seat + 1:]
            now = trick + (card,)
            if len(now) == n:
                winner = (leader + rules.winner_index(now)) % n
                points = sum(card_points(c, trump) for c in now) + (0 if any(rest) else 10)
                value = (points if winner in ours else 0) + solve(rest, winner)
            else:
                value = play(rest, leader, now, alpha, beta)
            if maximise:
                best = max(best, value)
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    return solve(tuple(frozenset(h) for h in state.hands), state.to_move)


def test_EX45_make_thresholds():
    state = games.position("clabber", hands=EX42_HANDS, trump="H", leader=0, maker=0)
    ns = dd_full(state, "NS")
    assert (ns, 162 - ns) == (80, 82)
    need = make_threshold(162, 0, 0, 20, 50)
    assert need == 97 and ns < need
    ex43 = {1: "JS 9S AH KH QH 9D", 2: "AC KC QC JH 10D KD", 3: "AS KS QS 10H JD 9C",
            0: "9H AD QD JC 10C 10S"}
    state = games.position("clabber", hands=ex43, trump="S", leader=1, maker=1)
    ew = dd_full(state, "EW")
    assert (ew, 162 - ew) == (139, 23)
    need = make_threshold(162, 0, 0, 60, 0)
    assert need == 52 and ew >= need
