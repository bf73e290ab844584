"""Clabber rules clauses not covered by a worked example: options, player counts, the
announcement protocol in views, bad input, matches, rendering."""
import json

import pytest

from tutor import games
from tutor.cards import Suit, parse_card, parse_cards
from tutor.errors import CardError, IllegalAction, PositionError, RulesError, TutorError
from tutor.games import clabber

C = parse_card
EX40_DECK = "JH 9H KH 9S AH 10H QH KC KS AD AS QC QS 10D 10S JC JS AC KD 10C 9D 9C QD JD"


def unchanged(state, action, error=IllegalAction, seat=None):
    before = state.snapshot()
    with pytest.raises(error) as info:
        state.apply(action, seat=seat)
    assert state.snapshot() == before
    return str(info.value)


# --------------------------------------------------------------------------- 13.1 rules
def test_13_1_rules_defaults_and_presets():
    rules = clabber.resolve()
    assert rules.to_dict() == {
        "players": 4, "evansville_ranking": False, "wadesville_six_sequence": False,
        "redeal_same_dealer": False, "deal_packet_size": 1, "target_score": 500,
        "meld_declaration": "auto", "renege_policy": "prevent", "renege_melds": "all_held"}
    assert clabber.resolve("three_player+deal_packets_3").deal_packet_size == 3
    assert clabber.resolve("six_player").players == 6
    assert clabber.resolve("two_player").players == 2
    with pytest.raises(RulesError):
        clabber.resolve(players=5)
    with pytest.raises(RulesError):
        clabber.resolve(renege_policy="ignore")
    with pytest.raises(RulesError):
        clabber.resolve(target_score=0)
    with pytest.raises(RulesError):
        clabber.resolve(no_such_option=True)


# --------------------------------------------------------------------------- 5 the deal
def test_5_2_the_cut_keeps_four_cards_each_side_and_seed_is_deterministic():
    a = clabber.new_hand(seed=42)
    b = clabber.new_hand(seed=42)
    assert a.snapshot() == b.snapshot()
    assert 0 <= a.dealer < 4 and a.to_move == (a.dealer + 1) % 4
    assert all(len(h) == 6 for h in a.hands)
    assert a.upcard in a.hands[a.dealer]


def test_5_5_bad_decks_are_refused():
    with pytest.raises(CardError):
        clabber.new_hand(deck="JH 9H KH", dealer=0)
    with pytest.raises(CardError):
        clabber.new_hand(deck=EX40_DECK.replace("JD", "8D"), dealer=0)


@pytest.mark.parametrize("players, size, packet", [(3, 8, 1), (3, 8, 3), (6, 4, 3), (6, 4, 2)])
def test_13_4_short_final_packet_and_face_up_card(players, size, packet):
    state = clabber.new_hand(deck=EX40_DECK, dealer=0, players=players, deal_packet_size=packet)
    assert all(len(h) == size for h in state.hands)
    assert state.upcard == C("JD") and C("JD") in state.hands[0]   # the dealer's last card
    seats = clabber._deal_seats(players, 0, packet)
    if (players, packet) == (3, 3):     # 3 + 3 + 2
        assert seats[:9] == [1, 1, 1, 2, 2, 2, 0, 0, 0] and seats[18:] == [1, 1, 2, 2, 0, 0]
    if (players, packet) == (6, 3):     # 3 + 1
        assert seats[:3] == [1, 1, 1] and seats[18:] == [1, 2, 3, 4, 5, 0]


# --------------------------------------------------------------------------- 6 bidding
def test_6_1_first_acceptance_ends_the_bidding_and_eldest_leads():
    state = clabber.new_hand(deck=EX40_DECK, dealer=3)
    state.apply("pass")
    state.apply("accept")         # seat 1 holds diamonds
    assert state.phase == "play" and state.trump is Suit.DIAMONDS and state.maker == 1
    assert state.to_move == 0 and state.leader == 0


def test_6_3_all_pass_nobody_scores_and_the_deal_passes():
    state = clabber.new_hand(deck=EX40_DECK, dealer=3)
    for _ in range(8):
        state.apply("pass")
    assert state.is_over and state.outcome == "passed"
    assert state.result().points == {"NS": 0, "EW": 0}
    plain = clabber.new_match(seed=3, dealer=3)
    assert plain._next_dealer(state) == 0
    same = clabber.new_match(seed=3, dealer=3, redeal_same_dealer=True)
    assert same._next_dealer(state) == 3


def test_6_4_bad_input_bidding_a_suit_you_do_not_hold():
    state = clabber.new_hand(deck=EX40_DECK, dealer=3)
    for _ in range(4):
        state.apply("pass")
    message = unchanged(state, "call C")
    assert "hold no clubs" in message
    message = unchanged(state, "call D")
    assert "different suit" in message
    assert "accept" in unchanged(state, "accept") or "first round" in unchanged(state, "accept")
    unchanged(state, "play JH")
    unchanged(state, "call X", error=CardError)
    unchanged(state, "bid 7", error=IllegalAction)
    # out of turn
    assert "turn" in unchanged(state, "call H", seat=2)


def test_6_4_accepting_without_a_trump_is_refused():
    hands = {0: "AS KS QS JS 10S 9S", 1: "AH KH QH JH 10H 9H", 2: "AC KC QC JC 10C 9C",
             3: "AD KD QD JD 10D 9D"}
    state = clabber.new_hand(deck=clabber.deck_for(hands, dealer=3), dealer=3)
    assert state.upcard.suit is Suit.DIAMONDS
    assert "hold no diamonds" in unchanged(state, "accept")


def test_11_penalize_accepts_a_bid_without_trump_and_calls_it_after_trick_one():
    hands = {0: "AS KS QS JS 10S 9S", 1: "AH KH QH JH 10H 9H", 2: "AC KC QC JC 10C 9C",
             3: "AD KD QD JD 10D 9D"}
    state = clabber.new_hand(deck=clabber.deck_for(hands, dealer=3), dealer=3,
                             renege_policy="penalize")
    assert [str(a) for a in state.lawful_actions()] == ["pass"]
    state.apply("accept")             # R7: seat 0 holds no diamond
    assert state.maker == 0 and state.offences
    assert "offences" not in json.dumps(state.view(1).to_json())
    for _ in range(3):
        state.apply(state.lawful_actions()[0])
    assert not state.is_over
    state.apply(state.lawful_actions()[0])
    assert state.is_over and state.outcome == "renege" and state.offenders == ("NS",)
    points = state.result().points
    # side EW: 162 + all its melds (five-runs in hearts and diamonds, 200) + the bell (KD QD)
    assert points == {"NS": 0, "EW": 162 + 200 + 20}


# --------------------------------------------------------------------------- 7 play, bad input
def test_7_2_illegal_cards_explained_and_state_unchanged():
    state = clabber.new_hand(deck=EX40_DECK, dealer=3)
    for action in ["pass"] * 4 + ["call H", "play JH"]:
        state.apply(action)
    message = unchanged(state, "play AD")
    assert "must follow suit" in message.lower() or "trump" in message.lower()
    assert "do not hold" in unchanged(state, "play JS")
    unchanged(state, "play 1H", error=CardError)
    unchanged(state, "play", error=IllegalAction)
    assert "turn" in unchanged(state, "play 10H", seat=2)
    # an announcement is refused in the automatic mode
    assert "automatically" in unchanged(state, "announce none")


def test_hand_over_refuses_actions_and_result_before_end():
    state = clabber.new_hand(deck=EX40_DECK, dealer=3)
    with pytest.raises(IllegalAction):
        state.result()
    for _ in range(8):
        state.apply("pass")
    unchanged(state, "pass")


# --------------------------------------------------------------------------- 9 the protocol
def choice_hand(**rules):
    return clabber.new_hand(deck=EX40_DECK, dealer=3, meld_declaration="choice", **rules)


def test_9_choice_mode_announcements_are_actions_before_the_card():
    state = choice_hand()
    for _ in range(4):
        state.apply("pass")
    state.apply("call H")
    assert {str(a) for a in state.legal_actions()} == {"announce none", "announce dad"}
    assert "announce your melds" in unchanged(state, "play JH")
    assert "turn" in unchanged(state, "announce none", seat=1)      # out of turn
    unchanged(state, "announce fifty")                               # not held
    unchanged(state, "announce sixty", error=IllegalAction)          # not a meld
    state.apply("announce dad")
    assert state.view(2).public["announcements"] == {0: ["dad"]}
    assert str(state.actions[-1][1]) == "announce dad"
    state.apply("play JH")
    state.apply("announce none")
    state.apply("play 10H")
    state.apply("announce none")
    state.apply("play QH")
    assert {str(a) for a in state.legal_actions()} == {"announce none", "announce fifty",
                                                       "announce dad"}
    state.apply("announce none")            # seat 3 keeps his fifty quiet
    state.apply("play 9S")
    assert state.meld_winner == "NS"
    # announcing again, or in trick 2, is refused
    assert "first trick" in unchanged(state, "announce dad")
    state.apply("play AH")                  # seat 0 shows KS QS JS before leading
    assert state.events[-1][0] == "show" and state.events[-1][1] == 0
    assert state.view(1).public["shown"] == {0: [["KS", "QS", "JS"]]}
    assert games.replay(state.record()).snapshot() == state.snapshot()


def test_9_announcing_in_canonical_order_parses_back():
    state = choice_hand()
    action = state.parse_action("announce dad four_aces")
    assert str(action) == "announce four_aces dad"
    assert state.parse_action(str(action)) == action
    assert str(state.parse_action("announce")) == "announce none"


def test_9_views_show_types_then_cards_only_when_shown():
    state = clabber.new_hand(deck=EX40_DECK, dealer=3)
    for action in ["pass"] * 4 + ["call H"]:
        state.apply(action)
    for card in ("JH", "10H", "QH"):
        state.apply(f"play {card}")
    pub = state.view(1).public
    assert pub["announcements"] == {0: ["dad"], 1: [], 2: []}
    assert pub["shown"] == {} and not pub["melds_resolved"]
    view0 = state.view(0).to_json()
    assert "KS" in view0           # seat 0's own cards
    assert "KS" not in state.view(1).to_json()
    state.apply("play 9S")
    pub = state.view(0).public
    assert pub["announcements"][3] == ["fifty"] and pub["meld_winner"] == "EW"
    assert pub["shown"] == {}
    assert "KC" not in state.view(0).to_json()
    # seat 3's fifty becomes public when he shows it, before his card to trick 2
    for card in ("AH", "9H", "KH"):
        state.apply(f"play {card}")
    assert "KC" not in state.view(0).to_json()
    assert state.view(0).public["bell"] == 2
    state.apply("play JD")
    assert state.view(0).public["shown"] == {3: [["KC", "QC", "JC", "TC"]]}
    assert "KC" in state.view(0).to_json()
    assert state.view(0).public["dealer_holds_face_up"] is False


def test_14_dealer_holds_the_face_up_card_publicly():
    state = clabber.new_hand(deck=EX40_DECK, dealer=3)
    view = state.view(0)
    assert view.public["face_up"] == "JD" and view.public["dealer_holds_face_up"]
    assert "JD" in view.to_json() and "JC" not in view.to_json()


# --------------------------------------------------------------------------- 13.5, 13.6, 13.7
def test_13_6_two_players_held_back_dead_hand_and_nine_tricks():
    state = clabber.new_hand(deck=EX40_DECK, dealer=1, players=2)
    # deck indices 0-11 alternate from the non-dealer, 12-14 non-dealer, 15-17 dealer, 18 indicator
    deck = parse_cards(EX40_DECK)
    assert set(state.hands[0]) == set(deck[0:12:2]) and set(state.hands[1]) == set(deck[1:12:2])
    assert set(state.held_back[0]) == set(deck[12:15]) and set(state.held_back[1]) == set(deck[15:18])
    assert state.upcard == deck[18] and state.dead == tuple(deck[18:])
    view = state.view(0)
    assert view.public["indicator"] == str(deck[18]) and len(view.hand) == 6
    for card in list(deck[12:18]) + list(deck[19:]):
        assert str(card) not in view.to_json()
    # round 1 on the indicator's suit (clubs): each needs a club among his six cards
    assert state.to_move == 0
    while state.phase == "bid":
        state.apply(state.legal_actions()[0])
    assert all(len(h) == 9 for h in state.hands) and state.held_back == ((), ())
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert len(state.tricks) == 9
    total = sum(state.card_points_by_side().values())
    dead_points = sum(clabber.card_points(c, state.trump) for c in state.dead)
    assert total == 152 - dead_points + 10


def test_13_5_three_players_score_alone():
    state = clabber.new_hand(seed=9, players=3)
    assert all(len(h) == 8 for h in state.hands)
    while not state.is_over:
        state.apply(state.legal_actions()[-1] if state.phase == "bid" and
                    state.bid_round == 2 and len(state.bids) > 4 else state.legal_actions()[0])
    result = state.result()
    assert set(result.points) == {0, 1, 2} and result.sides == {0: 0, 1: 1, 2: 2}


def test_13_7_six_players_two_sides_of_three():
    state = clabber.new_hand(seed=4, players=6)
    assert all(len(h) == 4 for h in state.hands)
    assert {clabber.side_of(s, 6) for s in (0, 2, 4)} == {"A"}
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    if state.outcome == "played":
        assert len(state.tricks) == 4 and sum(state.card_points_by_side().values()) == 162


def test_13_8_renege_melds_use_the_best_declaration_before_announcing():
    state = clabber.new_hand(deck=EX40_DECK, dealer=3, renege_policy="penalize")
    for action in ["pass"] * 4 + ["call H"]:
        state.apply(action)
    assert state.declaration(3) == state.best_declarations[3]
    assert [m.kind for m in state.declaration(3)] == ["fifty"]


# --------------------------------------------------------------------------- 3 and 12: matches
def test_3_seating_for_six_three_and_two_players():
    seats, dealt = clabber.choose_seating(parse_cards("9H JS AS JD KC JC 9C"), 6)
    # c1 first Jack (seat 0), c3 second (seat 2), c5 third (seat 4)
    assert [chair for chair, _ in dealt] == [0, 1, 2, 3, 4, 5]
    assert seats == (5, 0, 1, 2, 3, 4)
    seats, _ = clabber.choose_seating(parse_cards("9H AS JD"), 3)
    assert seats == (1, 2, 0)
    seats, _ = clabber.choose_seating(parse_cards("JH"), 2)
    assert seats == (0, 1)


def test_12_match_records_xx_and_dash_on_the_sheet():
    match = clabber.new_match(seed=5, dealer=3)
    state = match.current
    # replace the first hand by EX-42 (makers set)
    match.current = clabber.new_hand(deck=EX40_DECK, dealer=3)
    state = match.current
    for action in ["pass"] * 4 + ["call H"]:
        state.apply(action)
    for card in ("JH 10H QH 9S AH 9H KH JD AC QD 10C 9D AD KD JC JS 10D 10S QC QS "
                 "9C AS KC KS").split():
        state.apply(f"play {card}")
    row = match.sheet[0]
    assert row["marks"] == {"NS": "XX", "EW": "179"}
    assert match.scores == {"NS": 0, "EW": 179} and not match.is_over and match.winner is None
    assert match.next_hand().dealer == 0
    with pytest.raises(IllegalAction):
        match.next_hand()


def test_12_3_target_score_option_ends_the_match_early():
    match = clabber.new_match(seed=8, dealer=0, target_score=50)
    while not match.is_over:
        state = match.current
        while not state.is_over:
            state.apply(state.legal_actions()[0])
        if not match.is_over:
            match.next_hand()
    assert max(match.scores.values()) >= 50 and match.winner in ("NS", "EW", "draw")


def test_registry_entry_points():
    state = games.new_hand("clabber", seed=3)
    assert isinstance(state, clabber.State)
    match = games.new_match("clabber", seed=3, players=3)
    assert match.rules.players == 3 and match.current.players == 3
    assert games.rules_for("clabber", "evansville_ranking").evansville_ranking


# --------------------------------------------------------------------------- positions
def test_position_for_the_solver_and_puzzles():
    state = games.position("clabber", hands={0: "10H AS 10S", 1: "9H AD KS", 2: "JH AC 10C",
                                             3: "QH 10D 9D"}, trump="H", leader=0, maker=0)
    assert state.phase == "play" and state.to_move == 0 and state.trick_rules.trump is Suit.HEARTS
    assert state.trick_rules.when_void == "overtrump" and state.trick_rules.overtrump_on_trump_lead
    assert state.active_seats == (0, 1, 2, 3)
    # no meld protocol in positions
    state.apply("play 10H")
    assert state.announced == (None,) * 4
    assert not any(e[0] == "announce" for e in state.events)
    with pytest.raises(TutorError):
        games.position("clabber", hands={0: "JH AH", 1: "9H", 2: "KH", 3: "QH"}, trump="H",
                       leader=0)
    with pytest.raises(PositionError, match="appears twice"):
        games.position("clabber", hands={0: "JH", 1: "JH", 2: "KH", 3: "QH"}, trump="H", leader=0)
    with pytest.raises(PositionError, match="eight of hearts .8H. is not in the 24-card"):
        games.position("clabber", hands={0: "8H", 1: "9H", 2: "KH", 3: "QH"}, trump="H", leader=0)


def test_position_mid_trick_replays():
    # the 12 cards already played are worth 58, e.g. South 9♦ West K♥ North J♦ East Q♦ (West
    # 9), West 9♠ North 10♠ East K♠ South 10♥ (South 24), South 10♣ West J♣ North Q♣ East 10♦
    # (South 25)
    state = games.position("clabber", hands={0: "AD KD", 1: "AC KC", 2: "JH AH 9C",
                                             3: "AS QS JS"},
                           trump="H", leader=0, trick=["9H", "QH"], won={"NS": 49, "EW": 9},
                           melds={"EW": 20})
    assert state.to_move == 2 and [a.card for a in state.legal_actions()] == [C("JH")]
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    record = json.loads(json.dumps(state.record()))
    assert games.replay(record).snapshot() == state.snapshot()
    result = state.result()
    assert sum(result.details["card_points"].values()) == 49 + 9 + sum(
        clabber.card_points(c, Suit.HEARTS) for c in parse_cards("9H QH JH AD KD AC KC AH 9C AS QS JS")) + 10
    assert result.details["melds"] == {"NS": 0, "EW": 20}


def test_position_won_is_the_whole_count_and_a_side_left_out_has_none():
    # three tricks played: the 12 cards out of the hands and the trick are worth 58
    hands = {0: "AD KD", 1: "AC KC", 2: "JH AH 9C", 3: "AS QS JS"}
    for won in ({"NS": 58}, {"NS": 49, "EW": 9}):
        assert games.position("clabber", hands=hands, trump="H", leader=0, trick=["9H", "QH"],
                              won=won).counts_every_trick()
    for won, shown in (({"NS": 48}, "South/North 48, West/East 0"),
                       ({"EW": 58}, "South/North 0, West/East 58"),   # South's side took none
                       ({"NS": 40, "EW": 10}, "South/North 40, West/East 10")):
        with pytest.raises(PositionError, match=f"won: no 3 tricks .* give {shown} card points"):
            games.position("clabber", hands=hands, trump="H", leader=0, trick=["9H", "QH"],
                           won=won)


def test_an_ending_without_won_counts_from_its_start_and_stays_an_ending():
    ending = games.position("clabber", hands={0: "AD KD", 1: "AC KC", 2: "JH AH 9C",
                                              3: "AS QS JS"}, trump="H", leader=0,
                            trick=["9H", "QH"])
    assert not ending.counts_every_trick()
    for _ in range(3):                               # the trick ends, the next is led
        ending.apply(ending.legal_actions()[0])
    assert ending.card_points_by_side()["NS"] > 0     # won since the ending began
    args = games.position_args(ending)
    assert args["won"] == {}
    again = games.position("clabber", **args)
    assert not again.counts_every_trick()
    assert [str(a) for a in again.legal_actions()] == [str(a) for a in ending.legal_actions()]
    dealt = clabber.new_hand(deck=EX40_DECK, dealer=3)
    assert dealt.counts_every_trick()


# --------------------------------------------------------------------------- rendering
def test_rendering_html_extras_and_text():
    state = clabber.new_hand(deck=EX40_DECK, dealer=3)
    assert "Face-up card" in clabber.State.__str__(state)
    assert any("Face-up" in h for h in state._html_extras())
    for action in ["pass"] * 4 + ["call H", "play JH", "play 10H", "play QH", "play 9S",
                                  "play AH", "play 9H", "play KH", "play JD"]:
        state.apply(action)
    extras = "".join(state._html_extras())
    assert "Trump" in extras and "hearts" in extras
    assert "announced fifty" in extras and "shown" in extras
    assert "Bell" in extras and "Card points won" in extras
    assert "South/North 33" in extras and "West/East 31" in extras
    text = str(state)
    assert "Trump hearts" in text and "bell: North" in text and "Card points" in text
    from tutor import render
    html = render.state_html(state)
    assert "Card points won" in html


def test_5_5_deck_for_builds_chosen_hands_for_every_player_count():
    two = clabber.deck_for({0: "AS KS QS JS 10S 9S", 1: "AH KH QH JH 10H 9H"}, dealer=1, players=2,
                           held_back={0: "AD KD QD", 1: "AC KC QC"}, dead="JD 10D 9D JC 10C 9C")
    state = clabber.new_hand(deck=two, dealer=1, players=2)
    assert set(state.hands[0]) == set(parse_cards("AS KS QS JS 10S 9S"))
    assert set(state.held_back[1]) == set(parse_cards("AC KC QC"))
    assert state.upcard == C("JD") and set(state.dead) == set(parse_cards("JD 10D 9D JC 10C 9C"))
    partial = clabber.deck_for({3: "AS KS"}, dealer=3)
    state = clabber.new_hand(deck=partial, dealer=3)
    assert {C("AS"), C("KS")} <= set(state.hands[3]) and state.upcard == C("KS")
    six = clabber.deck_for({0: "JH JD JC JS", 5: "AH KH QH 9S"}, dealer=5, players=6)
    state = clabber.new_hand(deck=six, dealer=5, players=6)
    assert set(state.hands[0]) == set(parse_cards("JH JD JC JS")) and state.upcard == C("9S")


def test_4_the_three_orders_agree_with_who_wins_and_the_meld_sequences():
    assert clabber.trump_order("S") == parse_cards("JS 9S AS 10S KS QS")
    assert clabber.plain_order("H", trump="S") == parse_cards("AH 10H KH QH JH 9H")
    assert clabber.sequence_order("D") == parse_cards("AD KD QD JD 10D 9D")
    with pytest.raises(RulesError):
        clabber.plain_order("S", trump="S")
    # each card of the trick order beats every card after it, for trumps and for a plain suit
    for cards, trump in ((clabber.trump_order("S"), "S"), (clabber.plain_order("H", "S"), "S")):
        for i, high in enumerate(cards):
            for low in cards[i + 1:]:
                state = games.position("clabber", hands={0: [low], 1: [high], 2: ["9C"], 3: ["10C"]},
                                       trump=trump, leader=0)
                for card in (low, high, parse_card("9C"), parse_card("10C")):
                    state.apply(f"play {card}")
                assert state.tricks[-1][2] == 1, (high, low)
    # the sequence order makes the meld sequences: A K Q is a dad, K Q J 10 a fifty
    from tutor.games.clabber_melds import find_melds
    seq = clabber.sequence_order("D")
    assert {m.kind for m in find_melds(seq[:3])} == {"dad"}
    assert "fifty" in {m.kind for m in find_melds(seq[1:5])}


def test_12_2_card_points_to_make_is_the_smallest_split_that_makes():
    assert clabber.card_points_to_make() == 82
    assert clabber.card_points_to_make(20, 50) == 97          # EX-45, the deal of EX-42
    assert clabber.card_points_to_make(60, 0) == 52           # EX-45, the deal of EX-43
    for mine, theirs in ((0, 0), (20, 0), (0, 50), (40, 100), (20, 20), (300, 0)):
        made = [x for x in range(163) if clabber.score_totals(
            {"m": x + mine, "d": 162 - x + theirs}, "m")[2]]
        assert clabber.card_points_to_make(mine, theirs) == (made[0] if made else 163)
