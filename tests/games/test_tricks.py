"""The shared trick mechanics (tutor.games.tricks), independent of any game."""
import random

import pytest

from tutor.cards import Suit, deck, parse_card, parse_cards
from tutor.games.tricks import TrickRules, ranked_order


def natural(trump=None, **kw):
    return TrickRules.natural(deck("32"), trump=trump, **kw)


def test_no_trump_highest_of_led_suit_wins():
    rules = natural()
    assert rules.winner_index(parse_cards("9S AH KS 7S")) == 2
    assert rules.winner_index(parse_cards("7D AS AC AH")) == 0


def test_trump_beats_led_suit():
    rules = natural(Suit.HEARTS)
    assert rules.winner_index(parse_cards("AS 7H KS 8H")) == 3


def test_follow_suit_else_free():
    rules = natural(Suit.HEARTS)
    hand = parse_cards("AS 7S KD 9H")
    assert set(rules.legal_cards(hand, parse_cards("8S"))) == set(parse_cards("AS 7S"))
    assert set(rules.legal_cards(hand, parse_cards("8C"))) == set(hand)
    assert rules.legal_cards(hand, ()) == list(hand)


def test_must_trump_when_void_without_overtrump_duty():
    rules = natural(Suit.HEARTS, when_void="trump")
    hand = parse_cards("7H 9H KD")
    assert set(rules.legal_cards(hand, parse_cards("AC QH"))) == set(parse_cards("7H 9H"))


def test_must_overtrump_when_void_and_able():
    rules = natural(Suit.HEARTS, when_void="overtrump")
    hand = parse_cards("7H KH KD")
    assert rules.legal_cards(hand, parse_cards("AC QH")) == [parse_card("KH")]
    # no higher trump: any trump
    assert set(rules.legal_cards(parse_cards("7H 8H KD"), parse_cards("AC QH"))) == set(parse_cards("7H 8H"))


def test_overtrump_on_trump_lead():
    rules = natural(Suit.HEARTS, overtrump_on_trump_lead=True)
    assert rules.legal_cards(parse_cards("7H AH"), parse_cards("KH")) == [parse_card("AH")]
    # plain suit led: following never needs to beat
    assert set(rules.legal_cards(parse_cards("7S AS"), parse_cards("KS"))) == set(parse_cards("7S AS"))


def test_effective_suit_moves_a_card_into_trumps():
    jd = parse_card("JD")
    order = ranked_order(parse_cards("JH JD AH KH QH TH 9H") + parse_cards("AD KD QD TD 9D"))
    rules = TrickRules(trump=Suit.HEARTS, order=order, effective={jd: Suit.HEARTS})
    assert rules.suit_of(jd) is Suit.HEARTS and rules.is_trump(jd)
    assert rules.legal_cards(parse_cards("JD 9D"), parse_cards("KD")) == [parse_card("9D")]
    reason = rules.why_illegal(parse_card("9D"), parse_cards("9D JD"), parse_cards("9H"))
    assert "follow suit" in reason and "jack of diamonds" in reason


def test_why_illegal_reasons():
    rules = natural(Suit.HEARTS, when_void="trump")
    assert "do not hold" in rules.why_illegal(parse_card("AS"), parse_cards("KS"), ())
    assert "must follow" in rules.why_illegal(parse_card("KD"), parse_cards("KD 7S"), parse_cards("AS"))
    assert "must play a trump" in rules.why_illegal(parse_card("KD"), parse_cards("KD 7H"), parse_cards("AS"))
    assert rules.why_illegal(parse_card("7S"), parse_cards("KD 7S"), parse_cards("AS")) is None


def test_invalid_void_rule():
    with pytest.raises(ValueError):
        natural(when_void="sometimes")


def test_winner_matches_pairwise_beats_on_random_tricks():
    rng = random.Random(5)
    cards = list(deck("32"))
    for _ in range(300):
        trump = rng.choice([None, *Suit])
        rules = natural(trump)
        trick = rng.sample(cards, rng.randint(2, 4))
        w = rules.winner_index(trick)
        led = rules.suit_of(trick[0])
        assert all(not rules.beats(c, trick[w], led) for c in trick)
