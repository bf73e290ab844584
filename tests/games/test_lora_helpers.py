"""Shared helpers of the Lora tests: the deals of rules file section 13 and a checked random player."""

import json
import random
import re

from tutor import games
from tutor.cards import parse_cards
from tutor.games import lora

# Seats in the examples: A, B, C, D in turn order; D deals, A is the eldest.
A, B, C, D = 0, 1, 2, 3
DEALER = D

D1 = {A: "AH KH AD JD 7D JC 8C 7C", B: "QS TS 9S 8S 9H 7H TD TC",
      C: "AS 7S JH TH 8H KD 9D 9C", D: "KS JS QH QD 8D AC KC QC"}
P1 = ("7C TC 9C QC  8D 7D TD 9D  7H JH QH AH  8C QS AS AC  JS KH TS 7S  QD JD 9S KD  "
      "8H KS JC 9H  8S TH KC AD").split()

D2 = {A: "AH KH QH JH 7S 7D 8C 7C", B: "AS KS 8S TH 9H AD TC 9C",
      C: "QS JS TS 8H QD JD AC KC", D: "9S 7H KD TD 9D 8D QC JC"}
P2 = ("AH TH 8H 7H  KH 9H TS 9S  QH 8S JS 8D  JH 9C JD 9D  7S KS QS TD  TC AC JC 8C  "
      "KC QC 7C AS  QD KD 7D AD").split()

D3 = {A: "AS KS AD KD AC KC AH KH", B: "QS JS QD JD QC JC QH JH",
      C: "TS 9S TD 9D TC 9C TH 9H", D: "8S 7S 8D 7D 8C 7C 8H 7H"}
P3 = []
for _suit in "SDCH":
    for _ranks in (("A", "Q", "T", "8"), ("K", "J", "9", "7")):
        P3 += [r + _suit for r in _ranks]

L1 = {A: "QS 9S KH TH 9H TD 9D QC", B: "8S QH 8H 7H KD AC TC 8C",
      C: "AS JS TS 7S AH JH QD 7C", D: "KS AD JD 8D 7D KC JC 9C"}
L1_PLAY = """
9H pass pass 9C
9D TC pass JC
TD pass pass JD
9S pass QD pass
TH KD TS AD
QC pass JS KC
QS AC 7C 7D
pass 8C JH KS
pass QH AS 8D
""".split()

L2 = {A: "AS KS TS 8S 9H JC TC 8C", B: "QS QH TH 7H 8D 7D KC 7C",
      C: "AH JH AD KD QD TD 9D 9C", D: "JS 9S 7S KH 8H JD AC QC"}
L2_PLAY = """
9H TH JH 9S
TS QH 9D JS
pass QS TD KH
KS pass AH JD
AS 7H QD 8H
pass pass KD 7S
8S pass AD pass
pass 7D 9C
""".split()


def action(token):
    return token if token == "pass" else f"play {token}"


def deal(hands, contract, rules=None, **options):
    return lora.new_hand(deck=lora.deck_for(hands, dealer=DEALER), dealer=DEALER, contract=contract,
                         rules=rules, **options)


def played(hands, plays, contract, rules=None, **options):
    state = deal(hands, contract, rules, **options)
    for token in plays:
        state.apply(action(token))
    return state


def points(state):
    res = state.result()
    return tuple(res.points[s] for s in range(4))


# ----------------------------------------------------------------------------- conformance
_CARD_TOKEN = re.compile(r"\b[7-9TJQKA][CDHS]\b")


def check_no_leak(state):
    for seat in range(4):
        text = state.view(seat).to_json()
        tokens = set(_CARD_TOKEN.findall(text))
        for other in range(4):
            if other == seat:
                continue
            leaked = tokens & {str(c) for c in state.hands[other]}
            assert not leaked, f"seat {seat} sees {leaked} held by seat {other}"


def check_conserved(state):
    cards = [c for h in state.hands for c in h]
    cards += [c for _, c in state.trick]
    cards += [c for _, plays, _ in state.tricks for _, c in plays]
    if state.contract == "lora" and state.start_rank is not None:
        from tutor.cards import SUITS
        from tutor.games import lora_layout
        for s in SUITS:
            cards += list(lora_layout.pile_cards(s, state.piles[s.index], state.start_rank))
    if state.phase == "cut":
        return
    assert len(cards) == 32 and len(set(cards)) == 32


def play_random(state, rng, check_every=1, leak_every=11, conserve_every=5):
    """Play a hand to its end with random legal actions, checking undo, conservation, views."""
    step = 0
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, "a live state must have a legal action"
        act = rng.choice(legal)
        if step % check_every == 0:
            before = state.snapshot()
            state.apply(act)
            state.undo()
            assert state.snapshot() == before
        state.apply(act)
        if step % leak_every == 0:
            check_no_leak(state)
        if step % conserve_every == 0:
            check_conserved(state)
        step += 1
    check_no_leak(state)
    check_conserved(state)
    twin = games.replay(json.loads(json.dumps(state.record())))
    assert twin.snapshot() == state.snapshot()
    return state


# ----------------------------------------------------------------------------- the helpers' own checks
def test_example_deals_are_whole_packs():
    for hands in (D1, D2, D3, L1, L2):
        cards = [c for text in hands.values() for c in parse_cards(text)]
        assert len(cards) == 32 and len(set(cards)) == 32
    for plays in (P1, P2, P3):
        assert len(plays) == 32 and len(set(plays)) == 32


def test_leak_check_catches_a_card_of_another_hand():
    import pytest
    state = lora.new_hand(seed=1, contract="minimum")
    check_no_leak(state)
    honest = state._view_public
    state._view_public = lambda: dict(honest(), spy=str(state.hands[2][0]))
    with pytest.raises(AssertionError, match="held by seat 2"):
        check_no_leak(state)
