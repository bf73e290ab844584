"""Random and adversarial cards and actions: only short TutorErrors escape, and a refused
action leaves the hand exactly as it was."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.cards import Card, parse_card, parse_cards
from tutor.errors import CardError
from tutor.games import Action

from .support import GENERATED, HUGE, MODES, attempt, budget, junk, picture, refused, states

card_tokens = st.one_of(
    junk,
    st.sampled_from(["AS", "10H", "th", "T♥", "♥10", "Joker", "JK", "2C", "5c", "1H", "11S",
                     "ZZ", "A", "♠", "10", HUGE, "AS AS", "AS,KS;QS"]),
    st.text(alphabet="0123456789TJQKAtjqkaCDHScdhs♣♦♥♠🃏 ", max_size=6),
)


@pytest.mark.parametrize("mode", MODES)
def test_cards_from_anything(mode):
    @budget("cards", mode)
    @given(token=card_tokens, rank=junk, suit=junk)
    def check(token, rank, suit):
        GENERATED["cards"] += 1
        for func, args in ((parse_card, (token,)), (Card, (rank, suit)), (Card, (rank,))):
            card, err = attempt(func, *args)
            if err is None:
                assert isinstance(card, Card)
            else:
                refused(err)
                assert isinstance(err, CardError)
        cards, err = attempt(parse_cards, token if isinstance(token, str) else [token])
        if err is not None:
            refused(err)
    check()


words = st.sampled_from(["play", "pass", "discard", "name", "order_up", "order up", "accept",
                         "leave", "go_alone", "decline", "pass_card", "choose", "cut",
                         "decline_cut", "last_card", "last card", "penalty", "deal", "pass_deal",
                         "muss", "raub", "stih", "look", "declare", "turn", "exchange_seven",
                         "drop", "take", "exchange", "misdeal", "misdeal_deliberate", "call",
                         "announce", "take_up", "PLAY", "Choose"])
arguments = st.sampled_from(["", "AS", "JH", "5C", "2C", "JK", "H", "x", "P1", "P3 1 9H", "P1 x",
                             "0", "4", "queens", "QUEENS", "lora", "jk", "dad", "none",
                             "7C 8D", "AS AS", HUGE, "\x00", "é"])
texts = st.one_of(junk, st.builds(lambda w, a, b: " ".join(x for x in (w, a, b) if x),
                                  words, arguments, arguments))


@pytest.mark.parametrize("mode", MODES)
def test_random_action_text_is_applied_or_refused_cleanly(mode):
    @budget("actions", mode)
    @given(state=states, text=texts, legal_pick=st.integers(0, 40))
    def check(state, text, legal_pick):
        GENERATED["actions"] += 1
        legal = state.legal_actions()
        if legal and legal_pick < 3:
            text = str(legal[legal_pick % len(legal)])  # some inputs are the legal ones
        before = picture(state)
        done, err = attempt(state.apply, text)
        if err is None:
            assert state.record()["actions"][-1] == str(done)
        else:
            refused(err)
            assert picture(state) == before
    check()


cards = st.sampled_from([Card(14, "S"), Card(11, "H"), Card(5, "C"), Card(2, "C"), Card(15),
                         Card(9, "D"), Card(7, "H")])
hand_made = st.builds(
    Action,
    st.one_of(words.map(lambda w: w.replace(" ", "_")), junk),
    st.one_of(st.just(()), st.tuples(cards), st.tuples(cards, cards), junk),
    st.one_of(st.none(), arguments, junk),
)


@pytest.mark.parametrize("mode", MODES)
def test_hand_made_actions_are_checked_like_their_text(mode):
    @budget("hand-made actions", mode)
    @given(state=states, action=hand_made)
    def check(state, action):
        GENERATED["hand-made actions"] += 1
        before = picture(state)
        legal = state.legal_actions()
        done, err = attempt(state.apply, action)
        if err is None:
            assert done in legal or done.verb == "penalty"
        else:
            refused(err)
            assert picture(state) == before
    check()
