import pickle

import pytest

from tutor import CardError, TutorError
from tutor.cards import JOKER, Card, Rank, Suit, deck, format_cards, parse_card, parse_cards
from tutor.render import Hand


@pytest.mark.parametrize("text", ["10H", "TH", "th", "T♥", "♥10", "10♥", "t♡", " TH "])
def test_ten_of_hearts_is_read_in_every_spelling(text):
    assert parse_card(text) == Card(Rank.TEN, Suit.HEARTS)


@pytest.mark.parametrize("text", ["JK", "jk", "Joker", "JOKER", "🃏"])
def test_joker_spellings(text):
    assert parse_card(text) is JOKER
    assert JOKER.is_joker and JOKER.suit is None


def test_canonical_ascii_and_unicode_forms():
    assert str(parse_card("10S")) == "TS"
    assert parse_card("TS").symbol == "10♠"
    assert str(parse_card("qd")) == "QD"
    assert parse_card("AC").symbol == "A♣"
    assert str(JOKER) == "JK"
    assert format_cards(parse_cards("AS 10H"), unicode=True) == "A♠ 10♥"


@pytest.mark.parametrize("bad", ["1H", "XH", "TX", "", "AH5", "10", "H", "11H"])
def test_malformed_card_names_the_token(bad):
    with pytest.raises(CardError) as err:
        parse_card(bad)
    assert isinstance(err.value, TutorError) and isinstance(err.value, ValueError)
    assert f"'{bad.strip()}'" in str(err.value)


def test_parse_cards_separators_and_bad_token():
    assert parse_cards("AS, KS;10H") == (parse_card("AS"), parse_card("KS"), parse_card("TH"))
    with pytest.raises(CardError) as err:
        parse_cards("AS KS ZZ QS")
    assert err.value.token == "ZZ"


def test_duplicate_card_in_list_is_an_error():
    with pytest.raises(CardError, match="twice"):
        parse_cards("AS TH 10H")


def test_cards_are_interned_hashable_ordered_and_immutable():
    a, b = parse_card("AS"), Card(Rank.ACE, "S")
    assert a is b and hash(a) == hash(b)
    assert parse_card("9C") < parse_card("AC") < parse_card("7D") < parse_card("7S") < JOKER
    with pytest.raises(AttributeError):
        a.rank = Rank.KING
    assert pickle.loads(pickle.dumps(a)) is a


def test_card_indexes_are_distinct():
    cards = deck("52") + (JOKER,)
    assert len({c.index for c in cards}) == 53


@pytest.mark.parametrize("kind,size,low", [("32", 32, Rank.SEVEN), ("24", 24, Rank.NINE),
                                           ("25-joker", 25, Rank.NINE), ("52", 52, Rank.TWO)])
def test_decks(kind, size, low):
    cards = deck(kind)
    assert len(cards) == len(set(cards)) == size
    assert min(c.rank for c in cards) == low
    assert (JOKER in cards) == ("joker" in kind)


def test_unknown_deck():
    with pytest.raises(CardError, match="unknown deck"):
        deck("36")


def test_suit_helpers():
    assert Suit.parse("hearts") is Suit.HEARTS and Suit.parse("♣") is Suit.CLUBS
    assert Suit.HEARTS.same_colour is Suit.DIAMONDS and Suit.SPADES.same_colour is Suit.CLUBS
    with pytest.raises(CardError):
        Suit.parse("X")


def test_card_and_hand_render_as_html_with_symbols():
    html = parse_card("TH")._repr_html_()
    assert "10" in html and "♥" in html and "ten of hearts" in html
    hand = Hand("JH JD AH", title="Trumps")
    assert str(hand) == "Trumps: J♥ J♦ A♥"
    out = hand._repr_html_()
    assert out.count('class="tt-card') == 3 and "Trumps" in out and "♦" in out


def test_trick_renders_with_seat_names_and_winner():
    from tutor.render import Trick
    trick = Trick([(3, "JD"), (0, "9H"), (1, "AD"), (2, "TH")], winner=3)
    assert str(trick) == "East J♦, South 9♥, West A♦, North 10♥ → East"
    out = trick._repr_html_()
    assert out.count('class="tt-card') == 4 and "East ✔" in out and "tt-hl" in out
