"""The expert values every choice before the card play by rollouts on sampled deals: Euchre's
bids in every variant, the dealer's exchange, going alone, calling for best and the blind call;
Clabber's bids and meld announcements; Lora's cut. Small sample counts keep these fast."""
import random
import re
import time

import pytest

from tutor import TutorError, bots, games
from tutor.bots import describe, expert
from tutor.games import clabber, euchre, lora


def valued(view, samples=8, seed=0):
    """The expert's hint, checked to be a sampled valuation with the usual hint shape."""
    h = bots.hint(view, level="expert", budget=30.0, samples=samples, seed=seed)
    assert h.level == "expert"
    assert h.action in view.legal
    assert describe(h.action).lower() in h.reason.lower()
    assert f"on average over {samples} sampled deal" in h.reason
    assert h.samples == samples and h.value is not None
    assert "basic rule decides" not in h.reason
    assert not any("basic rule" in n for n in h.notes)
    assert h.ladder and h.ladder[-1] == str(h.action)
    assert {a.action for a in h.alternatives} == set(view.legal) - {h.action}
    assert all(a.value is not None for a in h.alternatives)
    assert bots.hint(view, level="expert", budget=30.0, samples=samples, seed=seed) == h
    return h


def worth(h) -> float:
    """The chosen action's figure (the reason states it in words, to one decimal)."""
    assert f"about {abs(h.value):.1f}" in h.reason or "breaks even" in h.reason
    return h.value


def alternative(h, text) -> float:
    return next(a.value for a in h.alternatives if str(a.action) == text)


def euchre_hand(hand, seat, up, dealer, **rules):
    deck = euchre.deck_for({seat: hand}, up_card=up, dealer=dealer, rules=rules or None)
    return euchre.new_hand(deck=deck, dealer=dealer, rules=rules or None)


# ---------------------------------------------------------------------------- Euchre, two and three hands
def test_two_handed_bowers_and_ace_order_up_for_a_sure_march():
    # The non-dealer leads (12.3): right, left, ace and king of trumps draw the dealer's three
    # trumps at most, then the A♠ wins too: a march, +2 on every deal.
    state = euchre_hand("JH JD AH KH AS", 0, "9H", 1, players=2)
    h = valued(state.view(0))
    assert str(h.action) == "order_up"
    assert worth(h) == 2.0
    assert alternative(h, "pass") <= 2.0
    assert "points more than your opponent" in h.reason


def test_two_handed_hopeless_hand_passes():
    state = euchre_hand("9S TS 9C TC 9D", 0, "AH", 1, players=2)
    h = valued(state.view(0))
    assert str(h.action) == "pass"
    assert alternative(h, "order_up") < worth(h)


def test_three_handed_five_top_trumps_order_up_for_the_march_points():
    # Five top trumps win every trick: the maker scores three_handed_march_points (3), the
    # others nothing (12.4).
    state = euchre_hand("JH JD AH KH QH", 1, "9H", 0, players=3)
    h = valued(state.view(1))
    assert str(h.action) == "order_up"
    assert worth(h) == 3.0
    assert "opponents' average" in h.reason


def test_two_handed_dealer_exchange_is_valued():
    state = euchre.new_hand(seed=3, dealer=1, players=2)
    state.apply("order_up")
    view = state.view(1)
    assert view.phase == "exchange" and len(view.legal) == 7
    h = valued(view)
    assert h.action.verb in ("discard", "leave")


def test_three_handed_round_two_is_valued():
    state = euchre.new_hand(seed=2, dealer=0, players=3)
    for _ in range(3):
        state.apply("pass")
    view = state.view(state.to_move)
    assert view.phase == "bid2"
    h = valued(view)
    assert h.action.verb in ("name", "pass")
    assert view.public["turned_down"] not in [a.action.arg for a in h.alternatives]


@pytest.mark.parametrize("players, march", [(2, 2.0), (3, 3.0)])
def test_card_play_in_the_small_games_is_valued_in_points(players, march):
    # The maker holds both bowers for the last two tricks after three: a march, worth
    # points_march (2) with two players and three_handed_march_points (3) with three (12.3, 12.4).
    hands = {0: "JH JD", 1: "9S TS", 2: "9C TC"}
    state = euchre.position(hands={s: hands[s] for s in range(players)}, trump="H", leader=0,
                            maker=0, players=players, tricks_won={0: 3})
    view = state.view(0)
    h = bots.hint(view, level="expert", budget=30.0, samples=4)
    assert f"wins about {march:.1f} points more than your opponent" in h.reason
    assert h.value == march
    assert [a.value for a in h.alternatives] == [march]


# ---------------------------------------------------------------------------- Euchre, four hands
def test_five_top_trumps_go_alone_for_the_lone_march():
    # Alone the five top trumps march for 4 (9.1); with the partner the march is worth 2.
    state = euchre_hand("JH JD AH KH QH", 0, "9H", 3)
    state.apply("order_up")
    state.apply(bots.hint(state.view(3)).action)
    view = state.view(0)
    assert view.phase == "alone"
    h = valued(view)
    assert str(h.action) == "go_alone"
    assert worth(h) == 4.0
    assert alternative(h, "decline") == 2.0


def test_a_pass_is_valued_by_the_hand_that_follows_it():
    # The dealer last in round 2: a pass throws the hand in (5.2), which scores exactly 0.
    state = euchre.new_hand(seed=5, dealer=3)
    for _ in range(7):
        state.apply("pass")
    view = state.view(3)
    h = valued(view)
    figures = {str(a.action): a.value for a in h.alternatives}
    figures[str(h.action)] = worth(h)
    assert figures["pass"] == 0.0
    assert "counts as 0" not in h.reason
    # earlier in the bidding a pass hands the choice to the others and has a figure of its own
    state = euchre_hand("9S TS 9C TC 9D", 0, "AH", 3)
    h = valued(state.view(0))
    assert str(h.action) == "pass" and worth(h) != 0.0


def test_calling_for_best_discard_and_pass_are_valued():
    state = euchre_hand("JH JD AH KH 9S", 0, "9H", 3, call_for_best=True)
    state.apply("order_up")
    state.apply(bots.hint(state.view(3)).action)
    state.apply("go_alone")
    while state.phase == "alone":
        state.apply(bots.hint(state.view(state.to_move)).action)
    view = state.view(0)
    assert view.phase == "call_for_best" and {a.verb for a in view.legal} == {"discard"}
    h = valued(view)
    state.apply(h.action)
    view = state.view(state.to_move)
    assert view.seat == 2 and {a.verb for a in view.legal} == {"pass_card"}
    valued(view)


def test_the_blind_call_is_valued_without_seeing_the_hand():
    state = euchre.new_hand(seed=33, rules="british_25_joker")
    view = state.view(state.to_move)
    assert view.phase == "name_blind" and view.hand == ()
    h = valued(view)
    assert h.action.verb == "name"


def test_sampled_deals_lean_towards_hands_that_explain_the_calls(monkeypatch):
    from tutor.bots import rollout
    from tutor.cards import Suit
    state = euchre.new_hand(seed=11, dealer=3)
    state.apply("pass")
    state.apply("order_up")          # seat 1 orders spades up
    view = state.view(3)
    trump = Suit.parse(view.public["proposed"])

    def mean_trumps_of_seat_1():
        rng = random.Random(0)
        deals = []
        while len(deals) < 150:
            deal = rollout._euchre_deal(view, rng)
            if deal is not None:
                assert sorted(deal.hands[3]) == sorted(view.hand)
                deals.append(sum(euchre.effective_suit(c, trump) is trump for c in deal.hands[1]))
        return sum(deals) / len(deals)
    leaning = mean_trumps_of_seat_1()
    monkeypatch.setattr(rollout, "_KEEP_ODD_CALL", 1.0)
    uniform = mean_trumps_of_seat_1()
    assert leaning > uniform + 0.3


def test_the_expert_reads_only_the_view():
    # same hand, same up card, other hidden cards: the same advice
    a = euchre.deck_for({0: "JH 9D AH KS AS"}, up_card="9H", dealer=3, seed=1)
    b = euchre.deck_for({0: "JH 9D AH KS AS"}, up_card="9H", dealer=3, seed=2)
    assert a != b
    hints = [bots.hint(euchre.new_hand(deck=d, dealer=3).view(0), level="expert", budget=30.0,
                       samples=8) for d in (a, b)]
    assert hints[0] == hints[1]


# ---------------------------------------------------------------------------- Clabber
def test_two_player_clabber_bid_is_valued():
    state = clabber.new_hand(seed=1, players=2)
    h = valued(state.view(state.to_move), samples=3)
    assert "points more than your opponent" in h.reason
    assert h.notes == ("only 3 deals valued within the time budget",)


@pytest.mark.slow
def test_three_player_clabber_bid_is_valued():
    state = clabber.new_hand(seed=1, players=3)
    h = valued(state.view(state.to_move), samples=2)
    assert "opponents' average" in h.reason


def test_a_meld_announcement_that_beats_every_other_is_advised_without_sampling():
    state = clabber.new_hand(seed=1, meld_declaration="choice")
    while state.phase == "bid":
        state.apply(bots.hint(state.view(state.to_move)).action)
    while not any(a.verb == "announce" and a.arg != "none" for a in state.legal_actions()):
        state.apply(bots.hint(state.view(state.to_move)).action)
    view = state.view(state.to_move)
    assert [str(a) for a in view.legal] == ["announce none", "announce dad"]
    h = bots.hint(view, level="expert", budget=30.0, samples=4)
    assert str(h.action) == "announce dad"
    assert "deals" not in h.reason and "never costs points" in h.reason
    assert [str(a.action) for a in h.alternatives] == ["announce none"]
    assert h.ladder[-1] == "announce dad"


def test_a_real_choice_of_melds_is_valued_by_sampling():
    # Evansville ranking: the hundred (five_run) outranks four queens, but four queens and a
    # dad make more points; neither announcement is better on every deal.
    rules = dict(players=2, evansville_ranking=True, meld_declaration="choice")
    deck = clabber.deck_for({1: "QS QH QD QC KS JS"}, dealer=0, held_back={1: "TS 9S AD"},
                            dead="9H", **rules)
    state = clabber.new_hand(deck=deck, dealer=0, **rules)
    while state.phase == "bid":
        state.apply(bots.hint(state.view(state.to_move)).action)
    view = state.view(1)
    assert {"announce five_run", "announce four_queens dad"} <= {str(a) for a in view.legal}
    assert expert._dominant_announcement(view) is None
    h = valued(view, samples=3)
    assert h.action.verb == "announce"


# ---------------------------------------------------------------------------- Lora
def test_the_lora_cut_is_worth_the_same_either_way():
    state = lora.new_hand(seed=2, rules={"packet_deal_on_no_cut": True})
    view = state.view(state.to_move)
    assert view.phase == "cut" and view.hand == ()
    h = bots.hint(view, level="expert", budget=30.0, samples=3)
    assert str(h.action) == "cut"
    assert "Over 3 shuffled packs" in h.reason and "same chances" in h.reason
    assert h.samples == 3
    (alt,) = h.alternatives
    assert str(alt.action) == "decline_cut" and alt.value is not None
    assert f"{alt.value:.2f}" in h.reason
    assert h.ladder[-1] == "cut"
    assert bots.hint(view, level="expert", budget=30.0, samples=3) == h


# ---------------------------------------------------------------------------- time and faults
def test_a_bid_keeps_to_its_time_budget_and_says_when_few_deals_fit(monkeypatch):
    # the Python search and a tenth of a second: too little for eight deals of rollouts
    monkeypatch.setenv("TUTOR_SOLVER", "python")
    state = clabber.new_hand(seed=1, players=3)
    view = state.view(state.to_move)
    began = time.perf_counter()
    h = bots.hint(view, level="expert", budget=0.1)
    assert time.perf_counter() - began < 1.5
    assert h.action in view.legal
    # how many deals fit depends on the search core and the machine: the note follows the count
    assert bool(h.notes) == ((h.samples or 0) < 8)
    assert not h.notes or "time budget" in h.notes[0]
    # far too little time for eight whole-hand rollouts on any core
    h = bots.hint(view, level="expert", budget=0.02)
    assert h.action in view.legal and (h.samples or 0) < 8
    assert h.notes and "time budget" in h.notes[0]


def test_a_solver_fault_is_not_hidden(monkeypatch):
    from tutor import solver

    def broken(*args, **kwargs):
        raise RuntimeError("search fault")
    monkeypatch.setattr(solver, "solve", broken)
    state = euchre_hand("JH JD AH KH AS", 0, "9H", 1, players=2)
    with pytest.raises(RuntimeError):
        bots.hint(state.view(0), level="expert", budget=30.0, samples=2)


def test_a_position_the_solver_refuses_falls_back_and_says_so(monkeypatch):
    from tutor import games, solver

    def refuses(*args, **kwargs):
        raise TutorError("not a position the solver models")
    monkeypatch.setattr(solver, "solve", refuses)
    state = games.position("euchre", hands={0: "JH AH TS", 1: "9H QS KS", 2: "TH QH AS",
                                            3: "KH JS AC"}, trump="H", leader=0,
                           tricks_won={0: 1, 1: 1})
    view = state.view(0)
    h = bots.hint(view, level="expert", budget=30.0, samples=2)
    assert h.action in view.legal and "basic rule decides" in h.reason


def test_clabber_card_play_counts_the_melds_and_bell_the_table_knows():
    """Before the last card, the meld and bell points the expert adds to each side's total
    (from announcements, the meld comparison and an announced bell) are what the hand then
    scores, whenever the bell is announced or nobody holds it."""
    from tutor.bots.expert import _clabber_made_or_set, _clabber_public_melds
    checked = with_melds = 0
    for seed in range(120):
        state = clabber.new_hand(seed=seed)
        known = None
        while not state.is_over:
            if state.phase == "play" and sum(len(h) for h in state.hands) == 1:
                view = state.view(state.to_move)
                sides = {int(k): u for k, u in view.public["sides"].items()}
                known = (_clabber_public_melds(view, sides), view.public["bell"])
            seat = state.to_move
            state.apply(bots.make("basic", seat).choose(state.view(seat)))
        result = state.result()
        if known is None or result.details.get("outcome") != "played":
            continue
        melds, bell = known
        if bell is None and state.bell_holder is not None:
            continue    # the bell's second card is the last one: not known before it
        assert melds == {u: p for u, p in result.details["melds"].items() if p}
        checked += 1
        with_melds += bool(melds)
    assert checked > 60 and with_melds > 20
    # made or set on totals with melds: makers with 80 card points and a fifty (130) beat
    # 82 and both sides record their totals; without the fifty they are set and record 0
    assert _clabber_made_or_set(80, True, our_melds=50) == 130 - 82
    assert _clabber_made_or_set(80, True) == -82
    assert _clabber_made_or_set(82, False, their_melds=50) == 82 - 130
    assert _clabber_made_or_set(82, False) == 82


def test_raub_sampled_deals_lean_towards_a_declarer_with_trumps(monkeypatch):
    """A seat that declared after others passed is dealt more trumps in the sampled deals
    than uniform sampling gives it."""
    from tutor.bots import basic, rollout
    from tutor.games import raub
    state = raub.new_hand(seed=2, players=4)
    while not (state.view(state.to_move).history
               and state.view(state.to_move).history[-1] == (2, "declare")):
        state.apply(basic.advise(state.view(state.to_move)).action)
    view = state.view(state.to_move)
    assert view.seat == 3 and rollout.applies(view)

    def mean_trumps_of_declarer():
        rng = random.Random(0)
        counts = []
        while len(counts) < 150:
            deal = rollout._deal(view, rng)
            if deal is not None:
                assert sorted(deal.hands[3]) == sorted(view.hand)
                counts.append(sum(c.suit is state.trump for c in deal.hands[2]))
        return sum(counts) / len(counts)
    leaning = mean_trumps_of_declarer()
    monkeypatch.setattr(rollout, "_KEEP_ODD_CALL", 1.0)
    uniform = mean_trumps_of_declarer()
    assert leaning > uniform + 0.3


def test_rollout_skips_a_deal_whose_line_outruns_the_node_budget():
    """A play solved within the node budget whose best line is not (reading it searches on)
    skips the deal instead of scoring an unfinished hand."""
    from tutor import solver
    from tutor.bots import rollout
    state = clabber.new_hand(seed=5)
    while state.phase != "play":
        state.apply(bots.make("basic", state.to_move).choose(state.view(state.to_move)))
    seat = state.to_move
    full = solver.solve(state, hero=seat, moves=False)
    before = state.snapshot()
    assert rollout._played_out(state.copy(), seat, {}, nodes=full.nodes) is None
    assert rollout._played_out(state.copy(), seat, {}, nodes=full.nodes - 1) is None
    assert rollout._played_out(state.copy(), seat, {}, nodes=10 * full.nodes + 10_000) is not None
    assert state.snapshot() == before


# ---------------------------------------------------------------------------- sample caps
def test_the_expert_samples_up_to_each_decisions_cap_when_time_allows():
    # Clabber's card play keeps more deals than the others (expert._SAMPLE_CAPS): its card
    # points spread widely between deals
    clabber_lead = games.position("clabber", hands={0: "KC TS KS", 1: "AC JS AS", 2: "TD KD QS",
                                                    3: "TH KH 9S"}, trump="H", leader=0).view(0)
    euchre_lead = games.position("euchre", hands={0: "JH AH TS", 1: "9H QS KS", 2: "TH QH AS",
                                                  3: "KH JS AC"}, trump="H", leader=0,
                                 tricks_won={0: 1, 1: 1}).view(0)
    assert expert.sample_cap(clabber_lead) > expert._MAX_SAMPLES
    assert expert.sample_cap(euchre_lead) == expert._MAX_SAMPLES
    for view in (clabber_lead, euchre_lead):
        h = bots.hint(view, level="expert", budget=60.0)
        assert h.samples == expert.sample_cap(view)
        assert f"over {h.samples} sampled deals" in h.reason
        assert bots.hint(view, level="expert", budget=60.0, samples=5).samples == 5
    state = games.new_hand("euchre", seed=1, dealer=3)
    assert expert.sample_cap(state.view(0)) == expert._MAX_SAMPLES   # a bid
    # Clabber's second-round call keeps more deals too, the first-round bid does not
    caps = {}
    for seed in range(20):
        state = clabber.new_hand(seed=seed)
        while state.phase == "bid":
            view = state.view(state.to_move)
            verbs = {a.verb for a in view.legal}
            caps[frozenset(verbs)] = expert.sample_cap(view)
            state.apply(bots.hint(view).action)
    assert caps[frozenset({"call", "pass"})] > expert._MAX_SAMPLES
    assert caps[frozenset({"accept", "pass"})] == expert._MAX_SAMPLES
