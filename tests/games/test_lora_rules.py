"""Lora rules outside the worked examples: options and presets (9.9), bad input, views (11),
positions (14.4), dealing (4), strict-table details (10) and rendering."""

import json

import pytest

from tutor import games, render
from tutor.cards import Card, Rank, Suit, parse_card, parse_cards
from tutor.errors import CardError, IllegalAction, PositionError, RulesError, TutorError
from tutor.games import lora

from test_lora_helpers import A, B, C, D, D1, DEALER, L1, L1_PLAY, P1, action, deal, played, points


# ----------------------------------------------------------------------------- 9.9 options
@pytest.mark.parametrize("rules, options, message", [
    (None, {"extra_hands": True}, "extra_hands needs contract_choice"),
    ("libyan+king_hearts_sixth_trick", {}, "king_hearts_last_trick"),
    ("libyan+little_lora", {}, "little_lora cannot be combined with libyan"),
    ("libyan", {"jack_clubs_partner": True}, "jack_clubs_partner needs"),
    ("libyan+lora_pass_penalty", {}, "lora_pass_penalty cannot be combined with libyan"),
    (None, {"lora_double_on_start_rank": True}, "lora_out_points = 0"),
    (None, {"lora_last_card_call": "manual"}, "needs penalties"),
    (None, {"slow_play_seconds": 30}, "needs penalties"),
    (None, {"contracts": []}, "non-empty"),
    (None, {"contracts": ["minimum", "minimum"]}, "listed twice"),
    (None, {"contracts": ["minimum", "whist"]}, "unknown contract 'whist'"),
    ("king_hearts_sixth_trick", {"contracts": ["minimum", "lora"]}, "king_hearts_last_trick"),
    (None, {"colour": "red"}, "unknown option 'colour'"),
    ("mala", {}, "unknown preset 'mala'"),
    (None, {"first_dealer": 5}, "first_dealer"),
    (None, {"libyan_two_players_attempts": 0}, "at least 1"),
    (None, {"direction": "sideways"}, "direction"),
])
def test_rejected_option_combinations(rules, options, message):
    with pytest.raises(RulesError, match=message):
        lora.resolve(rules, **options)


def test_libyan_preset_values():
    r = lora.resolve("libyan")
    assert r.direction == "clockwise" and r.contracts == lora.LIBYAN_CONTRACTS
    assert (r.lora_out_points, r.lora_card_points, r.lora_pass_points) == (0, 1, 2)
    assert r.lora_out_player_pays_passes is False and r.lora_double_on_start_rank is True
    assert r.lora_last_card_call == "auto"
    assert lora.resolve(libyan=True) == r
    assert lora.resolve({"libyan": True}) == r


def test_preset_order_explicit_list_wins_then_sixth_trick_swaps_in_place():
    r = lora.resolve("little_lora+king_hearts_sixth_trick",
                     contracts=["lora", "king_hearts_last_trick", "minimum"])
    assert r.contracts == ("lora", "king_hearts_sixth_trick", "minimum")
    r = lora.resolve("little_lora+king_hearts_sixth_trick")
    assert r.contracts == ("minimum", "maximum", "queens", "hearts", "king_hearts_sixth_trick", "lora")
    assert lora.resolve("little_lora").contracts == lora.LITTLE_LORA_CONTRACTS


def test_explicit_option_keeps_the_users_value_over_a_preset():
    assert lora.resolve("libyan", lora_last_card_call="off").lora_last_card_call == "off"
    assert lora.resolve("lora_pass_penalty", lora_pass_points=3).lora_pass_points == 3


def test_contract_choice_rotates_each_hand_by_default():
    assert lora.resolve().rotation == "block"
    assert lora.resolve(contract_choice=True).rotation == "each_hand"
    assert lora.resolve(contract_choice=True, deal_rotation="block").rotation == "block"


def test_rules_round_trip_through_a_dict():
    for preset in ("libyan", "little_lora+king_hearts_sixth_trick", "lora_pass_penalty"):
        r = lora.resolve(preset, contract_choice=True)
        assert lora.resolve(json.loads(json.dumps(r.to_dict()))) == r


def test_exactly_four_players():
    with pytest.raises(RulesError, match="four players"):
        lora.new_hand(seed=1, players=3)
    with pytest.raises(RulesError, match="four players"):
        games.new_match("lora", seed=1, players=5)


# ----------------------------------------------------------------------------- bad input
def test_bad_input_leaves_the_state_unchanged():
    state = deal(D1, "minimum")
    state.apply("play 7C")
    before = state.snapshot()
    cases = [
        ("play 1H", CardError, "not a card"),
        ("play ZZ", CardError, "not a card"),
        ("play AS", IllegalAction, "cannot play the ace of spades: East does not hold it"),
        ("play QS", IllegalAction, "Clubs were led and you hold clubs"),
        ("pass", IllegalAction, "no passing in a trick contract"),
        ("choose hearts", IllegalAction, "not possible now"),
        ("last card", IllegalAction, "last card"),
        ("jump", IllegalAction, "not an action here"),
        ("", IllegalAction, "expected an action"),
        ("penalty P3 1 QS", IllegalAction, "strict table"),
        ("penalty P9 1", IllegalAction, "not a penalty item"),
    ]
    for text, error, message in cases:
        with pytest.raises(error, match=message):
            state.apply(text)
        assert state.snapshot() == before
    with pytest.raises(IllegalAction, match="East's turn, not North's"):
        state.apply("play TC", seat=C)
    assert state.snapshot() == before
    assert issubclass(CardError, TutorError)


def test_bad_lora_input_explains_the_layout():
    state = deal(L1, "lora")
    for token in L1_PLAY[:4]:
        state.apply(action(token))
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="not been opened yet.*nine of diamonds"):
        state.apply("play TD")
    with pytest.raises(IllegalAction, match="cannot pass.*9D"):
        state.apply("pass")
    state.apply("play 9D")
    with pytest.raises(IllegalAction, match="next card on the clubs pile is the ten of clubs"):
        state.apply("play 8C")
    assert state.to_move == B
    state2 = state.copy()
    assert state2.snapshot() == state.snapshot()
    assert state.snapshot() != before


def test_choosing_an_unknown_or_used_contract():
    state = lora.new_hand(seed=3, dealer=0, contract_choice=True,
                          available=["minimum", "lora"])
    assert state.phase == "choose" and state.to_move == 1
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="already chosen Hearts"):
        state.apply("choose hearts")
    with pytest.raises(IllegalAction, match="'whist' is not a contract"):
        state.apply("choose whist")
    with pytest.raises(IllegalAction, match="not possible now"):
        state.apply("play 7C")
    assert state.snapshot() == before
    state.apply("choose LORA")
    assert state.contract == "lora" and state.to_move == 1 and state.phase == "play"


def test_bad_decks_and_positions():
    with pytest.raises(CardError, match="32 cards"):
        lora.new_hand(deck="AS KS")
    with pytest.raises(CardError, match="exactly once"):
        lora.new_hand(deck=["AS"] * 32)
    with pytest.raises(PositionError, match="appears twice"):
        lora.position(contract="minimum", hands={0: "AS", 1: "AS", 2: "KS", 3: "QS"})
    with pytest.raises(PositionError, match="should hold 2"):
        lora.position(contract="minimum", hands={0: "AS KS", 1: "AH", 2: "KH", 3: "QH"})
    with pytest.raises(PositionError, match="unknown contract"):
        lora.position(contract="whist", hands={0: "AS", 1: "KS", 2: "QS", 3: "JS"})
    with pytest.raises(PositionError, match="all 32 cards"):
        lora.position(contract="lora", hands={0: "AS", 1: "KS", 2: "QS", 3: "JS"})
    with pytest.raises(PositionError, match="trick_winners"):
        lora.position(contract="sixth_trick", hands={0: "AS", 1: "KS", 2: "QS", 3: "JS"})


def test_game_over_and_result_before_end():
    state = played(D1, P1, "minimum")
    with pytest.raises(IllegalAction, match="over"):
        state.apply("play AS")
    with pytest.raises(IllegalAction, match="not over"):
        deal(D1, "minimum").result()


# ----------------------------------------------------------------------------- 4 dealing
def test_single_deal_goes_from_the_eldest_round_to_the_dealer():
    deck = list(lora.TRICK_CARDS)
    state = lora.new_hand(deck=deck, dealer=2, contract="minimum")
    assert set(state.hands[3]) == set(deck[0::4]) and set(state.hands[2]) == set(deck[3::4])
    assert state.eldest == 3 and state.cutter == 1 and state.to_move == 3


def test_packet_deal_when_the_cut_is_declined():
    deck = list(lora.TRICK_CARDS)
    state = lora.new_hand(deck=deck, dealer=2, contract="minimum", packet_deal_on_no_cut=True)
    assert state.phase == "cut" and state.to_move == state.cutter == 1
    assert {str(a) for a in state.legal_actions()} == {"cut", "decline_cut"}
    twin = state.copy()
    state.apply("decline cut")
    assert set(state.hands[3]) == set(deck[:8]) and set(state.hands[2]) == set(deck[24:])
    twin.apply("cut")
    assert set(twin.hands[3]) == set(deck[0::4])
    assert lora.new_hand(deck=lora.deck_for({3: deck[:8]}, dealer=2, packets=True), dealer=2,
                         packet_deal_on_no_cut=True).legal_actions()


def test_seed_deals_reproducibly():
    assert lora.new_hand(seed=5).snapshot() == lora.new_hand(seed=5).snapshot()
    assert lora.new_hand(seed=5).hands != lora.new_hand(seed=6).hands


# ----------------------------------------------------------------------------- 1 direction
def test_lora_1_2_seat_names_follow_the_direction():
    """1.2: the standard game turns counterclockwise, so the next player sits at South's right
    (East); 1.3: the Libyan version turns clockwise (West next)."""
    standard = lora.new_hand(seed=1, dealer=0)
    libyan = lora.new_hand(seed=1, dealer=0, rules="libyan")
    assert [standard.seat_name(s) for s in range(4)] == ["South", "East", "North", "West"]
    assert [libyan.seat_name(s) for s in range(4)] == ["South", "West", "North", "East"]
    assert standard.eldest == libyan.eldest == 1  # seats are numbered in playing order


# ----------------------------------------------------------------------------- 11 views
def test_lora_view_shows_layout_passes_and_sizes_only():
    state = deal(L1, "lora")
    for token in L1_PLAY[:9]:
        state.apply(action(token))
    view = state.view(B)
    pub = view.public
    assert pub["start_rank"] == "9" and pub["layout"]["H"] == ["9H"] and pub["layout"]["D"] == ["9D", "TD"]
    assert pub["next"] == {"C": "Q", "D": "J", "H": "T", "S": "9"}  # ranks: no card names in views
    assert pub["layout"]["C"] == ["9C", "TC", "JC"] and pub["layout"]["S"] == []
    assert pub["passes"] == {0: 0, 1: 1, 2: 2, 3: 0}
    assert pub["hand_sizes"] == {0: 5, 1: 7, 2: 8, 3: 6}
    assert view.hand == state.hands[B]
    text = view.to_json()
    for other in (A, C, D):
        for card in state.hands[other]:
            assert f'"{card}"' not in text


def test_choice_view_shows_the_choosers_list():
    state = lora.new_hand(seed=3, dealer=0, contract_choice=True, available=["minimum", "lora"])
    view = state.view(2)
    assert view.public["available"] == ["minimum", "lora"] and view.public["chooser"] == 1
    assert view.legal == () and [str(a) for a in state.view(1).legal] == ["choose minimum", "choose lora"]


def test_forced_last_contract_is_applied_without_asking():
    state = lora.new_hand(seed=3, dealer=0, contract_choice=True, available=["queens"])
    assert state.phase == "play" and state.contract == "queens" and state.chooser == 1


# ----------------------------------------------------------------------------- 10 strict table
def test_strict_table_penalties_replay_and_undo():
    rules = lora.resolve(penalties=True, slow_play_seconds=10)
    state = deal(L1, "lora", rules=rules)
    for token in L1_PLAY[:5]:
        state.apply(action(token))
    before = state.snapshot()
    state.apply("play 8C")  # P4: the card goes back
    state.undo()
    assert state.snapshot() == before
    state.apply("play 8C")
    state.apply("penalty P6 1")
    for token in L1_PLAY[5:]:
        state.apply(action(token))
    assert points(state) == (1, 3 + 8 + 4, 2, -8)
    twin = games.replay(json.loads(json.dumps(state.record())))
    assert twin.snapshot() == state.snapshot()


def test_strict_table_still_refuses_impossible_actions():
    state = deal(D1, "minimum", rules=lora.resolve(penalties=True))
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="does not hold"):
        state.apply("play AS")
    with pytest.raises(IllegalAction, match="only exists in the Lora"):
        state.apply("penalty P5 0")
    with pytest.raises(IllegalAction, match="no slow-play timer"):
        state.apply("penalty P6 0")
    assert state.snapshot() == before
    timed = deal(D1, "minimum", rules=lora.resolve(penalties=True, slow_play_seconds=10))
    with pytest.raises(IllegalAction, match="only the player to act"):
        timed.apply("penalty P6 2")
    assert str(timed.apply("penalty 0 P6")) == "penalty P6 0"  # the rules file's argument order


def test_penalty_is_never_doubled_in_libyan_lora():
    from test_lora_helpers import L2, L2_PLAY
    rules = lora.resolve("libyan", penalties=True)
    state = deal(L2, "lora", rules=rules)
    state.apply("penalty P4 1")  # an umpire reports a hidden card
    for token in L2_PLAY:
        state.apply(action(token))
    assert points(state) == (18, 18 + 8, 0, 8)


def test_missed_call_before_a_refused_action_changes_nothing():
    from test_lora_helpers import L2, L2_PLAY
    rules = lora.resolve("libyan", lora_last_card_call="manual", penalties=True)
    state = deal(L2, "lora", rules=rules)
    for token in L2_PLAY[:27]:
        state.apply(action(token))
    before = state.snapshot()
    with pytest.raises(IllegalAction):
        state.apply("play AS")  # nobody can play the ace of spades: refused, no penalty
    assert state.snapshot() == before


# ----------------------------------------------------------------------------- 14.4 positions
def test_position_hearts_non_monotone_puzzle():
    spec = dict(contract="hearts", hands={A: "AH 8S", B: "KH 9S", C: "7H TS", D: "JS 7D"},
                leader=A, won={A: "QH JH TH 9H 8H"})
    good = lora.position(**spec)
    for card in "AH KH 7H JS 8S 9S TS 7D".split():
        good.apply(f"play {card}")
    assert good.result().points[A] == -8
    bad = lora.position(**spec)
    for card in "8S 9S TS JS 7D AH KH 7H".split():
        bad.apply(f"play {card}")
    assert bad.result().points[A] == 5
    assert games.replay(bad.record()).snapshot() == bad.snapshot()


def test_position_lora_holding_back_puzzle():
    laid = "9S TS JS QS KS AS 7S 8S 9D TD JD QD KD AD 7D 8D 9H TH JH QH 9C TC JC"
    hands = {A: "7H KH QC", B: "8H KC", C: "8C AC", D: "7C AH"}
    state = lora.position(contract="lora", hands=hands, laid=laid, start_rank="9", leader=A)
    for token in "KH pass pass AH 7H 8H pass pass QC".split():
        state.apply(action(token))
    assert state.out == A and state.result().points[A] == -8
    state = lora.position(contract="lora", hands=hands, laid=laid, start_rank="9", leader=A)
    for token in "QC KC AC 7C KH pass 8C".split():
        state.apply(action(token))
    assert state.out == C
    assert games.replay(state.record()).snapshot() == state.snapshot()


def test_position_mid_trick_and_numbered_tricks():
    hands = {A: "AS", B: "KS 8S", C: "KH 9S", D: "QS TS"}
    state = lora.position(contract="king_hearts_last_trick", hands=hands, trick=["7S"], to_move=B,
                          trick_winners=[0, 1, 2, 3, 1, 0], won={C: "7H"})
    assert state.leader == A and state.to_move == B and state.trick == ((A, parse_card("7S")),)
    for card in "KS 9S TS  8S KH QS AS".split():
        state.apply(f"play {card}")
    assert [w for *_, w in state.tricks] == [B, A]
    assert points(state) == (8, 0, 0, 0)  # A takes the K♥ in trick 8, the last trick
    with pytest.raises(PositionError, match="trick_winners"):
        lora.position(contract="minimum", hands=hands, trick=["7S"], to_move=B, trick_winners=[0, 1])


# ----------------------------------------------------------------------------- rendering
def test_layout_picture_and_text():
    state = deal(L1, "lora")
    for token in L1_PLAY[:6]:
        state.apply(action(token))
    extras = "".join(state._html_extras())
    assert "Lora (layout)" in extras and "+1 per card left" in extras
    assert extras.count("<tr>") >= 4 and 'class="next"' in extras and "start rank 9" in extras
    assert "J♣?" in extras  # clubs 9 10 are down, the jack comes next
    html = render.state_html(state)
    assert "lora-layout" in html
    from tutor.games import lora_layout
    assert lora_layout.public_layout_html(state.view(B).public) == state._html_extras()[1]
    text = str(state)
    assert "♣ 9♣ 10♣  (next J♣)" in text and "♠ -  (next 9♠)" in text


def test_trick_contract_rendering_names_the_rule():
    state = played(D1, P1, "jack_of_clubs", jack_clubs_partner=True)
    text = str(state)
    assert "Jack of clubs: +6 for taking the J♣, +2 to the player opposite" in text
    assert "East +6" in "".join(state._html_extras())
    assert "Jack of clubs" in render.state_html(state)


# ----------------------------------------------------------------------------- 10, 11.2, 4.2
def test_lora_10_penalty_report_during_contract_choice():
    """10: a report is accepted at any time between the deal and the end of the hand, also
    while the contract is being chosen; an offence that ends the hand then strikes no contract
    from the chooser's list (nothing was played) and the schedule moves on."""
    match = games.new_match("lora", seed=4, penalties=True, first_dealer=0, contract_choice=True,
                            slow_play_seconds=20)
    state = match.current
    assert state.phase == "choose" and state.chooser == 1
    state.apply("penalty P6 1")                       # the chooser runs out of time: +4, goes on
    assert state.phase == "choose" and state.to_move == 1
    before = state.snapshot()
    for text, why in [("penalty P3 2", "no card is played"), ("penalty P5 2", "no card is played"),
                      ("penalty P6 2", "only the player to act")]:
        with pytest.raises(IllegalAction, match=why):
            state.apply(text)
        assert state.snapshot() == before
    state.apply("penalty P2 3")                       # West looks at another hand: +8, ends
    assert state.is_over and state.contract is None
    result = state.result()
    assert result.points == {0: 0, 1: 4, 2: 0, 3: 8} and result.details["aborted"]
    match.next_hand()
    assert match.index == 1                           # the aborted hand counts as played
    assert match.remaining[1] == lora.STANDARD_CONTRACTS   # and struck nothing
    assert match.scores == {0: 0, 1: 4, 2: 0, 3: 8}


def test_lora_10_aborted_choice_is_dealt_again_when_aborted_hands_do_not_count():
    match = games.new_match("lora", seed=4, penalties=True, first_dealer=0, contract_choice=True,
                            aborted_hand_counts=False)
    match.current.apply("penalty P2 2")
    match.next_hand()
    assert match.index == 0 and match.current.phase == "choose" and match.current.chooser == 1


def test_lora_11_2_view_holds_every_remaining_list_and_every_earlier_choice():
    """11.2: under contract_choice the public view holds each player's remaining contracts and
    every earlier choice, so that a bot or a learner decides from the view alone."""
    match = games.new_match("lora", seed=9, first_dealer=0, contract_choice=True)
    picks = []
    for _ in range(3):
        state = match.current
        seat, number = state.chooser, match.index + 1
        public = state.view((seat + 2) % 4).public      # an opponent's view
        assert public["remaining"] == {s: list(match.remaining[s]) for s in range(4)}
        assert public["choices"] == [{"hand": h, "chooser": s, "contract": c} for h, s, c in picks]
        choice = public["remaining"][seat][-1]
        state.apply(f"choose {choice}")
        after = state.view(0).public
        assert choice not in after["remaining"][seat]     # this hand's choice is struck at once
        while not state.is_over:
            state.apply(state.legal_actions()[0])
        picks.append((number, seat, choice))
        match.next_hand()
    assert match.current.view(3).public["choices"][-1] == {"hand": 3, "chooser": picks[-1][1],
                                                           "contract": picks[-1][2]}
    # the facts survive a record and its replay
    again = games.replay(match.current.record())
    assert again.view(1).public["remaining"] == match.current.view(1).public["remaining"]
    assert again.view(1).public["choices"] == match.current.view(1).public["choices"]


def test_lora_4_2_a_human_cutter_chooses_how_many_cards_to_cut():
    """4.2: the cutter lifts c cards (1 <= c <= 31) from the top and puts them underneath;
    the engine draws c unless a human cutter chooses it."""
    deck = list(lora.TRICK_CARDS)
    state = lora.new_hand(deck=deck, dealer=2, contract="minimum", packet_deal_on_no_cut=True)
    twin = state.copy()
    state.apply("cut 5")
    cut = deck[5:] + deck[:5]
    assert set(state.hands[3]) == set(cut[0::4]) and set(state.hands[2]) == set(cut[3::4])
    assert str(state.actions[-1][1]) == "cut 5"
    assert games.replay(state.record()).snapshot() == state.snapshot()
    before = twin.snapshot()
    for bad in ("cut 0", "cut 32", "cut many"):
        with pytest.raises(IllegalAction, match="1 to 31"):
            twin.apply(bad)
        assert twin.snapshot() == before
    twin.apply("decline_cut")
    with pytest.raises(IllegalAction):
        twin.apply("cut 3")                       # the cut is over: nothing to cut any more
    # the basic game: the cutter's number is given when the hand is dealt
    chosen = lora.new_hand(deck=deck, dealer=2, contract="minimum", cut=12)
    cut = deck[12:] + deck[:12]
    assert set(chosen.hands[3]) == set(cut[0::4])
    drawn = lora.new_hand(seed=8, dealer=2, contract="minimum")
    pending = lora.new_hand(seed=8, dealer=2, contract="minimum", packet_deal_on_no_cut=True)
    pending.apply("cut")                          # the engine's own number: the same deal
    assert pending.hands == drawn.hands
    with pytest.raises(IllegalAction, match="1 to 31"):
        lora.new_hand(seed=1, cut=40)


def test_each_contract_says_its_scoring_with_the_numbers_of_the_rules_in_force():
    basic = lora.contract_rule("lora")
    assert basic == ("lay your cards on four suit piles; the first player out scores -8, each "
                     "other player +1 per card left")              # 7.5
    assert basic == lora.CONTRACT_RULES["lora"]
    libyan = lora.contract_rule("lora", "libyan")                   # 9.8.4: 0, +1 a card, +2 a pass
    assert "the first player out scores 0, each other player +1 per card left and +2 per pass" \
        in libyan and libyan.endswith("all doubled when the player going out does so with a card "
                                      "of the start rank")
    assert lora.contract_rule("two_players", "libyan") == lora.CONTRACT_RULES["two_players"]
    takers = lora.contract_rule("two_players", lora.resolve(
        "libyan", libyan_two_players_penalize="takers", libyan_two_players_attempts=2))
    assert takers.startswith("when exactly two players win 3 tricks or more, those two score +4")
    assert takers.endswith("after 2 such deals the dealer scores +8")  # 9.8.3
    # the hand's own line and its public view read the same sentence
    state = lora.new_hand(contract="lora", rules="libyan", seed=1)
    assert state.contract_line() == f"Lora (layout): {libyan}"
    assert state.view(0).public["contract_rule"] == libyan
