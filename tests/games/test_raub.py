"""Raub rules: every worked example of rules file §23 (test_EXnn_...) and the clauses around them.

Seats as in §23: D is the dealer (seat 3), A = 0 (elder), B = 1, C = 2, clockwise D → A → B → C.
Where an example gives only trick counts, the deal is found by trying seeded packs and the play by
searching legal cards for one line that produces those counts; the engine's scoring is then
checked against the figures of the rules file.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from tutor import games
from tutor.cards import parse_card, parse_cards
from tutor.errors import CardError, IllegalAction, PositionError, PuzzleError, RulesError
from tutor.games import raub
from tutor.games.actions import Action

A, B, C, D = 0, 1, 2, 3
EX1_PACK = ("AS 9S QH 7H AH JC TS JD KH 8D 7C TD 8S 9C 8C 7D QC 9H KS TC 8H JS 7S QS TH JH 9D QD "
            "KD AD KC AC")


# --------------------------------------------------------------------------- helpers
def pack(seed, face_up=None, stock="", hands=None, dealer=D, players=4):
    """A pack with the given face-up card, top of stock and hands; the rest shuffled by seed."""
    hands = {s: parse_cards(h) for s, h in (hands or {}).items()}
    fixed = set(parse_cards(stock)) | {c for h in hands.values() for c in h}
    if face_up:
        fixed.add(parse_card(face_up))
    rest = [c for c in raub.PACK if c not in fixed]
    random.Random(seed).shuffle(rest)
    for s in range(players):
        if s not in hands:
            hands[s], rest = rest[:4], rest[4:]
    up = parse_card(face_up) if face_up else rest.pop()
    return raub.deck_for(hands, up, dealer, players, list(parse_cards(stock)) + rest)


def run(state, actions):
    for act in actions.split(",") if isinstance(actions, str) else actions:
        state.apply(act.strip())
    return state


def keep_hands(state):
    """Drawing phase: nobody changes cards; the declarer pays for the bonus card with it."""
    while state.phase == "draw":
        seat = state.to_move
        if seat == state.declarer and state.bonus is not None:
            state.apply(f"exchange {state.bonus}")
        else:
            state.apply("exchange")
    return state


def play_to(state, target):
    """Search legal card play for a line giving exactly ``target`` tricks {seat: n}."""
    if state.is_over:
        return all(state.tricks_won[s] == n for s, n in target.items())
    for s, n in target.items():
        if state.tricks_won[s] > n:
            return False
    for act in state.legal_actions():
        state.push(act)
        if play_to(state, target):
            return True
        state.undo()
    return False


def find_deal(build, target, seeds=range(400)):
    """The first seeded hand that ``build(seed)`` brings to play and that can end with ``target``."""
    for seed in seeds:
        state = build(seed)
        if state.phase == "play" and play_to(state, target):
            return state
    raise AssertionError(f"no deal reaches {target}")


def unchanged_after(state, action, *words, seat=None):
    """``action`` is refused with a message containing ``words``, and the state is untouched."""
    before = state.snapshot()
    with pytest.raises(IllegalAction) as err:
        state.apply(action, seat)
    assert state.snapshot() == before
    for word in words:
        assert word.lower() in str(err.value).lower(), str(err.value)
    return str(err.value)


def deltas(state):
    return state.result().points


# --------------------------------------------------------------------------- §23 worked examples
def test_EX01_complete_hand_card_by_card():
    s = raub.new_hand(deck=EX1_PACK, dealer=D)
    run(s, "deal")
    assert s.hands[A] == parse_cards("AS 9S 8D 7C")
    assert s.hands[B] == parse_cards("QH 7H TD 8S")
    assert s.hands[C] == parse_cards("AH JC 9C 8C")
    assert s.hands[D] == parse_cards("TS JD 7D QC")
    assert s.face_up == parse_card("KH") and s.trump.value == "H"
    assert len(s.stock) == 15 and s.stock[:5] == parse_cards("9H KS TC 8H JS")
    run(s, "look, pass, declare")
    assert (s.declarer, s.need, str(s.bonus)) == (B, 2, "KH")
    run(s, "play, drop, play")
    assert s.active_seats == (A, B, C)
    assert s.queue == (A, B, C)  # drawing from elder, D skipped
    run(s, "exchange 8D 7C")
    assert sorted(s.hands[A]) == sorted(parse_cards("AS KS 9S 9H"))
    run(s, "exchange TD 8S")
    assert sorted(s.hands[B]) == sorted(parse_cards("KH QH 7H TC"))
    run(s, "exchange JC 9C")
    assert sorted(s.hands[C]) == sorted(parse_cards("AH 8H JS 8C"))
    assert len(s.stock) == 10
    assert s.to_move == B  # the declarer leads
    run(s, "play KH, play AH, play 9H")
    assert s.tricks[-1][2] == C
    unchanged_after(s, "play 7H", "turn", seat=B)
    run(s, "play JS, play AS")
    unchanged_after(s, "play TC", "spades", "trump")  # void in spades, so B must trump
    run(s, "play 7H")
    assert s.tricks[-1][2] == B
    run(s, "play QH, play 8H, play 9S")
    assert s.tricks[-1][2] == B
    unchanged_after(s, "play TC", seat=C)
    run(s, "play TC")
    unchanged_after(s, "play JS", "you do not hold")
    run(s, "play 8C, play KS")
    assert s.tricks[-1][2] == B
    assert s.tricks_won == (0, 3, 1, 0)
    assert deltas(s) == {B: -3, C: -1, A: 2, D: 0}
    assert s.result().details["scores_after"] == {B: 18, C: 20, A: 23, D: 21}
    m = raub.new_match(seed=0, dealer=D)
    m.current = raub.new_hand(deck=EX1_PACK, dealer=D)
    for act in s.actions:
        m.current.apply(act[1])
    m.next_hand()
    assert m.current.dealer == A


def test_EX02_seed_first_bidding_example():
    def build(seed):
        return keep_hands(run(raub.new_hand(deck=pack(seed), dealer=D),
                              "deal, look, pass, pass, declare, play, drop, play"))
    s = find_deal(build, {C: 2, D: 1, B: 1})
    assert [(seat, w) for seat, w in s.calls[:8]] == [
        (D, "deal"), (D, "look"), (A, "pass"), (B, "pass"), (C, "declare"),
        (D, "play"), (A, "drop"), (B, "play")]
    assert deltas(s) == {C: -2, D: -1, B: -1, A: 0}


def _raub_ex3(seed, **options):
    return keep_hands(run(raub.new_hand(deck=pack(seed, "KH"), dealer=D, **options),
                          "deal, raub, drop, play, play"))


def test_EX03_blind_raub_that_fails():
    s = raub.new_hand(deck=pack(0, "KH"), dealer=D)
    run(s, "deal")
    assert s.view(D).hand == () and s.legal_actions() == [Action("raub"), Action("look")]
    run(s, "raub")
    assert (s.declarer, s.kind, s.need, str(s.bonus)) == (D, "raub", 2, "KH")
    s = find_deal(_raub_ex3, {D: 1, B: 2, C: 1})
    assert deltas(s) == {D: 4, B: -2, C: -1, A: 0}
    lit = find_deal(lambda seed: _raub_ex3(seed, blind_raub_needs_one_trick=True),
                    {D: 1, B: 2, C: 1})
    assert lit.need == 1
    assert deltas(lit) == {D: -1, B: -2, C: -1, A: 0}


def test_EX04_blind_raub_against_a_single_defender():
    def build(seed):
        return keep_hands(run(raub.new_hand(deck=pack(seed), dealer=D), "deal, raub, drop, drop, play"))
    a = find_deal(build, {D: 3, C: 1})
    assert a.active_seats == (C, D)
    assert deltas(a) == {D: -3, C: -1, A: 0, B: 0}
    b = find_deal(build, {D: 4, C: 0})
    assert deltas(b) == {D: -4, C: 2, A: 0, B: 0}


def test_EX05_stih():
    def build(seed):
        return keep_hands(run(raub.new_hand(deck=pack(seed, "7C"), dealer=D),
                              "deal, stih, play, drop, play"))
    s = raub.new_hand(deck=pack(1, "7C"), dealer=D)
    run(s, "deal")
    assert set(map(str, s.legal_actions())) == {"raub", "stih", "look"}
    run(s, "stih")
    assert (s.declarer, s.kind, s.need, str(s.bonus), s.trump.value) == (D, "stih", 1, "7C", "C")
    a = find_deal(build, {D: 1, A: 2, C: 1})
    assert deltas(a) == {D: -1, A: -2, C: -1, B: 0}
    b = find_deal(build, {D: 0, A: 3, C: 1})
    assert deltas(b) == {D: 4, A: -3, C: -1, B: 0}
    eight = run(raub.new_hand(deck=pack(1, "8C"), dealer=D), "deal")
    unchanged_after(eight, "stih", "seven")
    assert set(map(str, eight.legal_actions())) == {"raub", "look"}


def test_EX06_everyone_drops():
    s = run(raub.new_hand(deck=pack(6), dealer=D), "deal, look, declare, drop, drop, drop")
    assert s.is_over and s.end == "all_dropped" and s.tricks == ()
    assert deltas(s) == {A: -4, B: 0, C: 0, D: 0}
    assert s.result().details["refas_after"] == 0
    r = run(raub.new_hand(deck=pack(6), dealer=D, refas=1), "deal, look, declare, drop, drop, drop")
    assert deltas(r) == {A: -8, B: 0, C: 0, D: 0}
    assert r.result().details["refas_after"] == 0


def test_EX07_dealer_passes_in_round_1_then_doubled_hand():
    for seed in range(300):
        m = raub.new_match(seed=seed, dealer=D)
        run(m.current, "deal, look, pass, pass, pass")
        assert m.current.phase == "dealer_choice"
        run(m.current, "pass")
        assert m.current.end == "dealer_pass" and m.refas == 1
        assert m.sheet[-1]["totals"] == {s: 21 for s in range(4)}
        hand2 = m.next_hand()
        assert hand2.dealer == A and hand2.elder == B and hand2.multiplier == 2
        keep_hands(run(hand2, "deal, look, pass, declare, play, play, drop"))
        if hand2.phase == "play" and play_to(hand2, {C: 1, D: 2, A: 1}):
            break
    else:  # pragma: no cover
        raise AssertionError("no deal found")
    details = hand2.result().details
    assert details["base"] == {C: 4, D: -2, A: -1, B: 0} and details["multiplier"] == 2
    assert deltas(hand2) == {C: 8, D: -4, A: -2, B: 0}
    assert m.refas == 0
    assert m.scores == {A: 19, B: 21, C: 29, D: 17}


def test_EX08_turning_a_card_round_2_bonus_card():
    s = run(raub.new_hand(deck=pack(8, "9S", "JS 8D"), dealer=D), "deal, look, pass, pass, pass")
    run(s, "turn")
    assert s.turned == parse_cards("9S JS 8D") and s.trump.value == "D"
    assert s.dead == parse_cards("9S JS") and s.bonus == parse_card("8D")
    assert len(s.stock) == 13 and s.phase == "bid2"
    unchanged_after(s, "raub", "turned card")
    run(s, "pass, declare")
    assert (s.declarer, s.need, s.kind) == (B, 2, "ordinary")
    run(s, "play, drop, play")
    assert s.active_seats == (A, B, C) and s.queue == (A, B, C)
    run(s, "exchange")
    assert s.bonus == parse_card("8D")  # B takes it at his own turn, after A
    run(s, f"exchange {s.hands[B][0]}")
    assert s.bonus_taken == parse_card("8D") and parse_card("8D") in s.hands[B]

    def build(seed):
        return keep_hands(run(raub.new_hand(deck=pack(seed, "9S", "JS 8D"), dealer=D),
                              "deal, look, pass, pass, pass, turn, pass, declare, play, drop, play"))
    r = find_deal(build, {B: 2, C: 0, A: 2})
    assert deltas(r) == {B: -2, C: 2, A: -2, D: 0}
    assert not any(w in ("raub", "stih") for _, w in r.calls)


def test_EX09_three_cards_of_one_suit_throw_in():
    s = run(raub.new_hand(deck=pack(9, "9S", "JS AS"), dealer=D), "deal, look, pass, pass, pass, turn")
    assert s.is_over and s.end == "same_suit" and s.turned == parse_cards("9S JS AS")
    assert deltas(s) == {A: 0, B: 0, C: 0, D: 0}
    assert s.result().details["refas_after"] == 0
    r = run(raub.new_hand(deck=pack(9, "9S", "JS AS"), dealer=D, refa_on_same_suit_throw_in=True),
            "deal, look, pass, pass, pass, turn")
    assert r.result().details["refas_after"] == 1
    m = raub.new_match(seed=3, dealer=D)
    m.current = s
    assert m.next_hand().dealer == A and m.refas == 0


def test_EX10_everyone_passes_in_round_2():
    s = run(raub.new_hand(deck=pack(10, "9S", "QH"), dealer=D), "deal, look, pass, pass, pass, turn")
    assert s.trump.value == "H" and s.bonus == parse_card("QH") and s.dead == parse_cards("9S")
    run(s, "pass, pass, pass")
    assert s.to_move == D and set(map(str, s.legal_actions())) == {"declare", "pass"}
    unchanged_after(s, "turn", "round 2")
    run(s, "pass")
    assert s.end == "second_round_pass" and s.result().details["refas_after"] == 1
    r = run(raub.new_hand(deck=pack(10, "9S", "QH"), dealer=D, refa_on_second_round_all_pass=False),
            "deal, look, pass, pass, pass, turn, pass, pass, pass, pass")
    assert r.result().details["refas_after"] == 0
    assert deltas(r) == {A: 0, B: 0, C: 0, D: 0}


def test_EX11_muss():
    scores = {D: 15, A: 7, B: 12, C: 18}

    def build(seed):
        s = raub.new_hand(deck=pack(seed, "QD"), dealer=D, scores=scores)
        return keep_hands(run(s, "muss"))
    s = raub.new_hand(deck=pack(0, "QD"), dealer=D, scores=scores)
    assert Action("muss") in s.legal_actions()
    run(s, "muss")
    assert (s.declarer, s.kind, s.need, str(s.bonus), s.trump.value) == (D, "muss", 2, "QD", "D")
    assert s.phase == "draw" and s.queue == (A, B, C, D) and s.active_seats == (A, B, C, D)
    assert s.view(A).hand == s.hands[A]  # hands are seen at once, no blind window
    unchanged_after(s, "drop", "muss")
    unchanged_after(s, "look", "muss")
    unchanged_after(s, "declare")
    r = find_deal(build, {D: 2, A: 0, B: 1, C: 1})
    assert r.bonus_taken == parse_card("QD")
    assert deltas(r) == {D: -2, A: 2, B: -1, C: -1}
    assert r.result().details["scores_after"] == {D: 13, A: 9, B: 11, C: 17}
    high = raub.new_hand(deck=pack(0, "QD"), dealer=D, scores={D: 15, A: 10, B: 12, C: 18})
    assert Action("muss") not in high.legal_actions()
    unchanged_after(high, "muss", "below 10")


def test_EX12_passing_the_deal_and_refas_queueing():
    for mode, m3, after3, m4, after4 in (("queue", 2, 1, 2, 0), ("multiply", 4, 0, 1, 0)):
        for seed in range(300):
            m = raub.new_match(seed=seed, dealer=D, refa_mode=mode)
            run(m.current, "pass_deal")
            assert m.current.end == "pass_deal" and m.refas == 1
            h2 = m.next_hand()
            assert h2.dealer == A
            run(h2, "deal, look, pass, pass, pass, pass")
            assert m.refas == 2
            h3 = m.next_hand()
            assert h3.dealer == B and h3.multiplier == m3
            keep_hands(run(h3, "deal, look, declare, play, play, drop"))
            if h3.phase == "play" and play_to(h3, {C: 2, D: 1, A: 1}):
                break
        else:  # pragma: no cover
            raise AssertionError("no deal found")
        assert h3.result().details["base"] == {C: -2, D: -1, A: -1, B: 0}
        assert deltas(h3) == {C: -2 * m3, D: -1 * m3, A: -1 * m3, B: 0}
        assert m.refas == after3
        h4 = m.next_hand()
        assert h4.dealer == C and h4.multiplier == m4
        run(h4, "deal, look, declare, drop, drop, drop")
        assert h4.result().details["multiplier"] == m4 and m.refas == after4
        h5 = m.next_hand()
        assert h5.multiplier == 1


def test_EX13_misdeal_in_table_mode():
    s = run(raub.new_hand(deck=pack(13), dealer=D, table_mode=True), "deal")
    assert Action("misdeal", (), "3") in s.legal_actions()
    run(s, "misdeal 3")
    assert s.end == "misdeal" and deltas(s) == {A: 0, B: 0, C: 0, D: 0}
    assert s.result().details["refas_after"] == 1
    m = raub.new_match(seed=13, dealer=D, table_mode=True, refas=1)
    run(m.current, "deal")
    m.current.apply("misdeal_deliberate 3", seat=B)  # any player may point it out
    assert m.current.result().points == {A: 0, B: 0, C: 0, D: 4}  # not doubled by the refa
    assert m.scores[D] == 25 and m.refas == 2
    assert m.next_hand().dealer == A
    plain = run(raub.new_hand(deck=pack(13), dealer=D), "deal")
    unchanged_after(plain, "misdeal 3", "table mode")
    late = run(raub.new_hand(deck=pack(13), dealer=D, table_mode=True), "deal, look")
    unchanged_after(late, "misdeal 3", "after the deal")


def test_EX14_game_ends_with_two_winners_fractional_share():
    start = {A: 1, B: 2, C: 10, D: 16}
    for seed in range(300):
        m = raub.new_match(seed=seed, dealer=D, scores=start)
        h = keep_hands(run(m.current, "deal, look, pass, declare, play, drop, play"))
        if h.phase == "play" and play_to(h, {B: 2, A: 1, C: 1}):
            break
    else:  # pragma: no cover
        raise AssertionError("no deal found")
    assert m.scores == {A: 0, B: 0, C: 9, D: 16}
    assert m.is_over and m.winner == (A, B)
    assert m.settlement() == {A: Fraction(25, 2), B: Fraction(25, 2), C: -9, D: -16}
    assert m.settlement()[A] == 12.5
    assert m.sheet[-1]["winners"] == (A, B) and m.sheet[-1]["settlement"] == m.settlement()
    with pytest.raises(IllegalAction):
        m.next_hand()


def test_EX15_one_winner_below_zero():
    start = {A: 3, B: 14, C: 9, D: 20}
    for seed in range(300):
        m = raub.new_match(seed=seed, dealer=D, scores=start)
        h = keep_hands(run(m.current, "deal, look, declare, play, play, drop"))
        if h.phase == "play" and play_to(h, {A: 4, B: 0, C: 0}):
            break
    else:  # pragma: no cover
        raise AssertionError("no deal found")
    assert m.scores == {A: -1, B: 16, C: 11, D: 20}
    assert m.winner == (A,)
    assert m.settlement() == {A: 47, B: -16, C: -11, D: -20}


def test_EX16_legal_cards_follow_must_trump_no_overtrump():
    hands = {A: "KH QH", B: "KS 7S QC", C: "AS 8S JH", D: "AD TD 8C"}
    for strict in (False, True):
        s = raub.position(players=4, hands=hands, trump="S", declarer=A, leader=A, trick=["9D"],
                          must_overtrump=strict)
        assert s.to_move == B
        assert {str(a) for a in s.legal_actions()} == {"play KS", "play 7S"}
        unchanged_after(s, "play QC", "trump")
        run(s, "play KS")
        expected = {"play AS"} if strict else {"play AS", "play 8S"}
        assert {str(a) for a in s.legal_actions()} == expected
        if strict:
            unchanged_after(s, "play 8S", "higher")
            run(s, "play AS")
            continue
        run(s, "play 8S")
        assert {str(a) for a in s.legal_actions()} == {"play AD", "play TD"}
        unchanged_after(s, "play 8C", "diamonds", "follow suit")
        run(s, "play AD")
        assert s.tricks[-1][2] == B
    free = raub.position(players=4, hands={A: "KH QH", B: "KS 7S QC", C: "AS 8S JH",
                                           D: "JH 8C 7C".replace("JH", "9H")},
                         trump="S", declarer=A, leader=A, trick=["9D"])
    run(free, "play 7S, play 8S")
    assert {str(a) for a in free.legal_actions()} == {"play 9H", "play 8C", "play 7C"}
    run(free, "play 9H")
    assert free.tricks[-1][2] == C


def test_EX17_stock_shortage():
    deal = pack(17, "9S", "JS 8D")
    script = "deal, look, pass, pass, pass, turn, pass, declare, play, play, play"
    for mode in ("limit", "reshuffle_discards"):
        s = run(raub.new_hand(deck=deal, dealer=D, stock_shortage=mode), script)
        assert s.queue == (A, B, C, D) and len(s.stock) == 13
        run(s, f"exchange {' '.join(map(str, s.hands[A]))}")
        assert len(s.stock) == 9
        run(s, f"exchange 8D {' '.join(map(str, s.hands[B]))}")
        assert len(s.stock) == 5 and s.drew[B] == 4
        run(s, f"exchange {' '.join(map(str, s.hands[C]))}")
        assert len(s.stock) == 1 and s.to_move == D
        two = f"exchange {s.hands[D][0]} {s.hands[D][1]}"
        if mode == "limit":
            assert s.max_draw() == 1
            unchanged_after(s, two, "0 to 1")
            run(s, f"exchange {s.hands[D][0]}")
            assert len(s.stock) == 0 and s.phase == "play"
            continue
        assert s.max_draw() == 4 and len(s.discard_pile) == 13
        earlier = {c for _, c in s.discard_pile}
        last = s.stock[0]
        mine = s.hands[D]
        run(s, f"exchange {' '.join(map(str, mine))}")
        assert last in s.hands[D] and len(s.hands[D]) == 4
        assert set(s.hands[D]) - {last} <= earlier
        assert len(s.stock) == 10 and set(s.stock) <= earlier
        assert sorted(c for _, c in s.discard_pile) == sorted(mine)
        assert s.reshuffles == 1


def test_EX18_trump_seven_exchange():
    deal = pack(18, "AH", hands={A: "7H KS QS JS"})
    s = run(raub.new_hand(deck=deal, dealer=D, trump_seven_exchange=True),
            "deal, look, pass, pass, declare")
    assert s.phase == "seven" and s.to_move == D
    assert [str(a) for a in s.legal_actions()] == ["decline"]
    unchanged_after(s, "exchange_seven", "seven of trumps")
    run(s, "decline")
    assert {str(a) for a in s.legal_actions()} == {"exchange_seven", "decline"}
    run(s, "exchange_seven")
    assert parse_card("AH") in s.hands[A] and parse_card("7H") not in s.hands[A]
    assert s.bonus == parse_card("7H") and s.seven_exchanged_by == A
    assert s.phase == "defend" and s.queue == (D, A, B)
    run(s, "play, play, play")
    run(s, "exchange, exchange")
    assert s.to_move == C
    run(s, f"exchange {s.hands[C][0]}")
    assert parse_card("7H") in s.hands[C] and s.bonus_taken == parse_card("7H")
    king = pack(18, "KH", hands={A: "7H KS QS JS"})
    strict = run(raub.new_hand(deck=king, dealer=D, trump_seven_exchange=True),
                 "deal, look, pass, pass, declare")
    assert strict.phase == "defend"
    loose = run(raub.new_hand(deck=king, dealer=D, trump_seven_exchange=True,
                              trump_seven_exchange_requires_ace=False),
                "deal, look, pass, pass, declare, decline")
    assert Action("exchange_seven") in loose.legal_actions()
    off = run(raub.new_hand(deck=deal, dealer=D), "deal, look, pass, pass, declare")
    assert off.phase == "defend"
    unchanged_after(off, "exchange_seven", "declarer is known")


def test_EX19_two_players():
    X, Y = 1, 0

    def build(seed, stay=True):
        s = raub.new_hand(deck=pack(seed, "9S", "QH", dealer=X, players=2), dealer=X, players=2)
        run(s, "deal, look, pass, turn, declare")
        run(s, "play" if stay else "drop")
        return keep_hands(s) if stay else s
    s = raub.new_hand(deck=pack(19, "9S", "QH", dealer=X, players=2), dealer=X, players=2)
    run(s, "deal")
    assert len(s.stock) == 23
    run(s, "look, pass")
    assert s.phase == "dealer_choice" and s.to_move == X
    run(s, "turn")
    assert s.trump.value == "H" and s.bonus == parse_card("QH") and s.to_move == Y
    run(s, "declare, play")
    assert s.queue == (Y, X)
    r = find_deal(build, {Y: 3, X: 1})
    assert deltas(r) == {Y: -3, X: -1}
    dropped = build(19, stay=False)
    assert dropped.end == "all_dropped" and deltas(dropped) == {Y: -4, X: 0}


def test_EX20_rejected_actions_leave_the_state_unchanged():
    s = run(raub.new_hand(deck=pack(20, "KH", "QS"), dealer=D), "deal")
    unchanged_after(s, "stih", "seven")                      # stih without a seven face up
    unchanged_after(s, "look", "turn", seat=A)               # out of turn
    run(s, "look")
    unchanged_after(s, "raub", "blind")                      # raub after looking
    unchanged_after(s, "turn", "only the dealer")            # a non-dealer turning
    run(s, "pass, pass, pass, turn")
    assert s.phase == "bid2" and s.trump.value == "S"
    run(s, "pass, pass, pass")
    unchanged_after(s, "turn", "round 2")                    # turning in round 2
    muss = run(raub.new_hand(deck=pack(20), dealer=D, scores=(9, 21, 21, 21)), "muss")
    unchanged_after(muss, "drop", "muss")                    # Idem in a Muss hand
    h = run(raub.new_hand(deck=EX1_PACK, dealer=D), "deal, look, pass, declare, play, drop, play")
    unchanged_after(h, "exchange AS 9S 8D 7C QH", "do not hold")  # five discards as a defender
    unchanged_after(h, "exchange AS 9S 8D 7C 9D", "do not hold")
    run(h, "exchange 8D 7C, exchange TD 8S, exchange JC 9C, play KH")
    unchanged_after(h, "play 8C", "trumps were led", "must follow suit")  # a club, holding hearts
    unchanged_after(h, "declare", "bidding is over")
    before = h.snapshot()
    with pytest.raises(CardError):
        h.apply("play 1X")
    assert h.snapshot() == before


# --------------------------------------------------------------------------- clauses
@pytest.mark.parametrize("players,stock", [(2, 23), (3, 19), (4, 15)])
def test_7_3_deal_mapping_and_7_2_stock_sizes(players, stock):
    cards = raub.PACK
    dealer = players - 1
    s = run(raub.new_hand(deck=cards, dealer=dealer, players=players), "deal")
    n = players
    for k in range(1, n + 1):
        seat = (dealer + k) % n
        assert s.hands[seat] == (cards[2 * k - 2], cards[2 * k - 1],
                                 cards[2 * n + 2 * k - 1], cards[2 * n + 2 * k])
    assert s.face_up == cards[2 * n]
    assert s.stock == cards[4 * n + 1:] and len(s.stock) == stock


def test_deck_for_deals_the_chosen_hands():
    deal = raub.deck_for({0: "AS KS QS JS", 2: "7H 8H 9H TH"}, "AD", dealer=1, players=3,
                         stock="KC QC")
    s = run(raub.new_hand(deck=deal, dealer=1, players=3), "deal")
    assert s.hands[0] == parse_cards("AS KS QS JS") and s.hands[2] == parse_cards("7H 8H 9H TH")
    assert s.face_up == parse_card("AD") and s.stock[:2] == parse_cards("KC QC")
    with pytest.raises(CardError):
        raub.deck_for({0: "AS KS QS JS"}, "AS", dealer=1)


def test_7_4_and_21_nobody_sees_a_card_before_the_blind_window_closes():
    s = run(raub.new_hand(seed=4, dealer=D), "deal")
    for seat in range(4):
        v = s.view(seat)
        assert v.hand == ()
        assert v.public["face_up"] == [str(s.face_up)]
        assert v.public["hand_sizes"] == {0: 4, 1: 4, 2: 4, 3: 4} and v.public["stock"] == 15
    run(s, "look")
    assert all(s.view(seat).hand == s.hands[seat] for seat in range(4))


def test_8_6_with_a_seven_raub_is_also_allowed():
    s = run(raub.new_hand(deck=pack(86, "7S"), dealer=D), "deal, raub")
    assert (s.kind, s.need) == ("raub", 2)


def test_11_1_muss_threshold_is_strict_and_optional():
    at_nine = raub.new_hand(seed=1, dealer=D, scores=(21, 21, 9, 21))
    assert Action("muss") in at_nine.legal_actions()
    dealer_low = raub.new_hand(seed=1, dealer=D, scores=(21, 21, 21, 5))
    assert Action("muss") in dealer_low.legal_actions()
    off = raub.new_hand(seed=1, dealer=D, scores=(21, 21, 9, 21), muss_enabled=False)
    unchanged_after(off, "muss", "switched off")
    higher = raub.new_hand(seed=1, dealer=D, scores=(21, 21, 12, 21), muss_threshold=13)
    assert Action("muss") in higher.legal_actions()


def test_18_1_pass_deal_switch():
    s = raub.new_hand(seed=2, dealer=D, allow_pass_deal=False)
    assert [str(a) for a in s.legal_actions()] == ["deal"]
    unchanged_after(s, "pass_deal", "switched off")


def test_13_2_defenders_speak_from_the_declarers_left_and_14_2_draw_from_elder():
    s = run(raub.new_hand(seed=5, dealer=D), "deal, look, pass, pass, declare")
    assert s.queue == (D, A, B)
    run(s, "play, drop, play")
    assert s.dropped == (A,) and s.queue == (B, C, D)  # elder A dropped; dealer last
    assert s.hands[A] == () and len(s.folded[A]) == 4
    v = s.view(B)
    assert v.public["dropped"] == [A] and v.public["active"] == [B, C, D]
    assert s.view(A).private["folded"] == [str(c) for c in s.folded[A]]


def test_14_4_declarer_may_discard_the_bonus_card_and_must_pay_for_it():
    s = run(raub.new_hand(deck=EX1_PACK, dealer=D), "deal, look, pass, declare, play, drop, play, exchange")
    sizes = {len(a.cards) for a in s.legal_actions()}
    assert sizes == {1, 2, 3, 4, 5}
    unchanged_after(s, "exchange", "must discard 1")
    run(s, "exchange KH")
    assert parse_card("KH") not in s.hands[B] and len(s.hands[B]) == 4 and s.drew[B] == 0
    v = s.view(A)
    assert v.public["bonus_taken"] == "KH" and v.public["drew"] == {A: 0, B: 0}
    assert "KH" not in v.public["face_up"]


def test_20_second_round_bonus_card_options():
    script = "deal, look, pass, pass, pass, turn, pass, declare, play, play, play, exchange"
    deal = pack(20, "9S", "JS 8D")
    choice = run(raub.new_hand(deck=deal, dealer=D, second_round_bonus_card="any_face_up"), script)
    assert {str(a) for a in choice.legal_actions()} == {"take 9S", "take JS", "take 8D"}
    unchanged_after(choice, "exchange", "take one of the face-up cards")
    run(choice, "take 9S")
    assert parse_card("9S") in choice.hands[B] and choice.dead == parse_cards("JS 8D")
    assert min(len(a.cards) for a in choice.legal_actions()) == 1
    run(choice, "exchange 9S")
    assert len(choice.hands[B]) == 4
    none = run(raub.new_hand(deck=deal, dealer=D, second_round_bonus_card="none"), script)
    assert none.bonus is None and none.dead == parse_cards("9S JS 8D")
    assert {len(a.cards) for a in none.legal_actions()} == {0, 1, 2, 3, 4}
    run(none, "exchange")
    assert none.bonus_taken is None and len(none.hands[B]) == 4


def test_15_1_declarer_leads_and_15_2_dropped_players_are_skipped():
    s = keep_hands(run(raub.new_hand(seed=15, dealer=D), "deal, look, pass, declare, drop, play, play"))
    assert s.phase == "play" and s.to_move == B and s.leader == B
    seen = []
    while not s.is_over:
        seen.append(s.to_move)
        s.apply(s.legal_actions()[0])
    assert C not in seen and len(s.tricks) == 4
    assert all(len(cards) == 3 for _, cards, _ in s.tricks)


def test_DD4_must_overtrump_forces_the_overruff():
    hands = {0: "TS 9H", 1: "TH 8C", 2: "QH 8H"}
    loose = raub.position(players=3, hands=hands, trump="H", declarer=0, leader=0)
    run(loose, "play TS, play TH")
    assert {str(a) for a in loose.legal_actions()} == {"play QH", "play 8H"}
    strict = raub.position(players=3, hands=hands, trump="H", declarer=0, leader=0,
                           must_overtrump=True)
    run(strict, "play TS, play TH")
    assert [str(a) for a in strict.legal_actions()] == ["play QH"]
    run(strict, "play QH, play 8H, play 9H, play 8C")
    assert strict.tricks_won == (1, 0, 1)


def test_position_as_the_solver_builds_it():
    s = games.position("raub", players=3, hands={0: "JS JH KD JC", 1: "TS AD 8D 8C",
                                                  2: "8H TD KC 9C"},
                       trump="H", declarer=0, active=(0, 1, 2), leader=0, trick=[], rules=None)
    assert s.phase == "play" and s.to_move == 0 and s.need == 2
    assert s.trick_rules.when_void == "trump"
    run(s, "play JH, play AD")
    assert s.to_move == 2 and [str(a) for a in s.legal_actions()] == ["play 8H"]
    r = games.replay(s.record())
    assert r.snapshot() == s.snapshot()
    mid = raub.position(players=4, hands={0: "AH 9H KC", 1: "TH 7H KD QC", 2: "KS QS 9S 9C",
                                          3: "8S QD TD TC"}, trump="H", declarer=0, leader=0,
                        trick=["8C"])
    assert mid.to_move == 1 and [str(a) for a in mid.legal_actions()] == ["play QC"]
    with pytest.raises(PositionError, match="appears twice"):
        raub.position(players=3, hands={0: "AS KS", 1: "AS QS", 2: "7H 8H"}, trump="H")
    with pytest.raises(PositionError, match="should hold"):
        raub.position(players=3, hands={0: "AS KS", 1: "QS", 2: "7H 8H"}, trump="H")


def test_16_scoring_table_with_refas_doubling_penalties():
    s = find_deal(lambda seed: keep_hands(run(raub.new_hand(deck=pack(seed), dealer=D, refas=3),
                                              "deal, look, declare, play, play, play")),
                  {A: 1, B: 0, C: 2, D: 1})
    assert s.multiplier == 2
    assert deltas(s) == {A: 8, B: 4, C: -4, D: -2}
    assert s.result().details["refas_after"] == 2
    m = find_deal(lambda seed: keep_hands(run(raub.new_hand(deck=pack(seed), dealer=D, refas=3,
                                                            refa_mode="multiply"),
                                              "deal, look, declare, play, play, play")),
                  {A: 1, B: 0, C: 2, D: 1})
    assert m.multiplier == 8 and deltas(m) == {A: 32, B: 16, C: -16, D: -8}
    assert m.result().details["refas_after"] == 0


def test_19_settlement_rules():
    assert raub.settlement({0: 0, 1: -2, 2: 0}) == {0: 0, 1: 0, 2: 0}
    assert raub.settlement({0: 5, 1: 3}) == {}
    assert raub.settlement({0: 0, 1: 4, 2: 5}, stake=0.5) == {0: Fraction(9, 2), 1: -2,
                                                                2: Fraction(-5, 2)}


def test_rules_options_and_presets():
    r = raub.resolve()
    assert (r.player_count, r.first_dealer, r.starting_score, r.refa_mode) == (4, "random", 21, "queue")
    assert raub.resolve("trump_seven+reshuffle").stock_shortage == "reshuffle_discards"
    for bad in ({"refa_mode": "double"}, {"player_count": 5}, {"first_dealer": 4},
                {"stake_per_point": -1}, {"must_overtrump": "yes"}, {"no_such_option": 1}):
        with pytest.raises(RulesError):
            raub.resolve(bad)
    assert raub.new_hand(seed=1, first_dealer=2).dealer == 2
    assert raub.new_match(seed=1, first_dealer=1).current.dealer == 1
    with pytest.raises(RulesError):
        raub.new_hand(seed=1, players=5)
    with pytest.raises(CardError):
        raub.new_hand(deck="AS KS")


def test_action_strings_parse_back():
    verbs = set()
    for seed in range(40):
        s = raub.new_hand(seed=seed, table_mode=True, trump_seven_exchange=True,
                          second_round_bonus_card="any_face_up", scores=(5, 21, 21, 21))
        rng = random.Random(seed)
        while not s.is_over:
            for act in s.legal_actions():
                assert s.parse_action(str(act)) == act
                verbs.add(act.verb)
            choice = rng.choice([a for a in s.legal_actions() if not a.verb.startswith("misdeal")]
                                or s.legal_actions())
            s.apply(str(choice))
    assert verbs >= {"deal", "pass_deal", "muss", "raub", "look", "declare", "pass", "turn",
                     "decline", "play", "drop", "exchange", "misdeal", "misdeal_deliberate"}


def test_view_and_rendering_show_public_information_only():
    s = run(raub.new_hand(deck=pack(21, "9S", "QH"), dealer=D),
            "deal, look, pass, pass, pass, turn, pass, declare, drop, play, play")
    run(s, f"exchange {s.hands[A][0]} {s.hands[A][1]}")
    v = s.view(C).public
    assert v["face_up"] == ["9S", "QH"] and v["dead"] == ["9S"] and v["bonus_card"] == "QH"
    assert v["drew"] == {A: 2} and v["dropped"] == [C] and v["stock"] == 12 and v["trump"] == "H"
    history = dict(s.view(B).history[-1:])
    assert history[A] == "exchange (2 cards)"
    assert s.view(A).history[-1][1].startswith("exchange ") and "(" not in s.view(A).history[-1][1]
    html = "".join(s._html_extras())
    assert "dropped" in html and "dead" in html and "bonus card" in html and "21" in html
    assert "Stock" in html
    text = str(s)
    assert "dealer East" in text and "face-up" in text


def test_DD1_line_of_play_from_the_verified_puzzle():
    s = raub.position(players=2, hands={0: "QH 7D KC 7C", 1: "JS AH KD 8C"}, trump="H",
                      declarer=0, leader=0)
    run(s, "play KC")
    assert [str(a) for a in s.legal_actions()] == ["play 8C"]  # W must follow
    run(s, "play 8C, play 7C")
    assert [str(a) for a in s.legal_actions()] == ["play AH"]  # void in clubs: must ruff
    run(s, "play AH, play KD, play 7D, play JS")
    assert [str(a) for a in s.legal_actions()] == ["play QH"]  # S ruffs the last spade
    run(s, "play QH")
    assert s.tricks_won == (2, 2) and s.is_over
    assert s.result().points == {0: -2, 1: -2}


def test_16_3_and_24_1_a_blind_raub_position_needs_one_trick_under_the_literal_option():
    """16.3: with blind_raub_needs_one_trick a blind Raub is scored like a Stih (need 1);
    24.1: a position states the declarer and his need, so position(kind="raub") follows."""
    hands = {0: "8S 7D", 1: "AH 9S", 2: "KS QS"}
    literal = raub.position(players=3, hands=hands, trump="H", declarer=0, kind="raub",
                            tricks_won=[1, 1, 0], rules="literal_raub")
    plain = raub.position(players=3, hands=hands, trump="H", declarer=0, kind="raub",
                          tricks_won=[1, 1, 0])
    assert literal.need == 1 and plain.need == 2
    for state in (literal, plain):
        for card in ("8S", "9S", "KS", "QS", "7D", "AH"):
            state.apply(f"play {card}")
    assert literal.tricks_won[0] == 1 == plain.tricks_won[0]
    # one trick: made under the literal reading (-1), failed otherwise (+4 under refa 1)
    assert literal.result().points[0] == -1 and plain.result().points[0] > 0
    with pytest.raises(PositionError, match="need: a raub declarer needs 1 trick"):
        raub.position(players=3, hands=hands, trump="H", declarer=0, kind="raub", need=2,
                      tricks_won=[1, 1, 0], rules="literal_raub")


# ------------------------------------------------------------- positions: who declared, scores
def test_position_blind_declarations_are_the_dealers():
    hands = {0: "AS KS 7H 8C", 1: "QS JH 9H TC", 2: "AH KH 9C 7D"}
    # a blind Raub, a Stih and a Muss are the dealer's: left out, the dealer is the declarer
    assert raub.position(hands=hands, trump="S", declarer=1, leader=1, kind="raub",
                         players=3).dealer == 1
    with pytest.raises(PositionError, match=r"^declarer: a Stih is the dealer's declaration"):
        raub.position(hands=hands, trump="S", declarer=1, leader=1, kind="stih", dealer=0,
                      players=3)
    # an ordinary declarer need not be the dealer
    assert raub.position(hands=hands, trump="S", declarer=1, leader=1, dealer=0,
                         players=3).dealer == 0


def test_position_stih_seven_of_trumps_is_the_declarers_bonus_card():
    # 8.3 and 14.4: under a Stih the face-up 7 of trumps goes to the dealer (who may discard
    # it); nobody else can hold it or play it
    with pytest.raises(PositionError, match=r"^hands: in a Stih the seven of spades \(7S\)"):
        raub.position(hands={0: "AS KS QS JS", 1: "7S AH KH QH"}, trump="S", declarer=0,
                      players=2, kind="stih")
    with pytest.raises(PositionError, match=r"^hands: in a Stih the seven of spades"):
        raub.position(hands={0: "AS KS QS", 1: "AH KH", 2: "9H 9C"}, trump="S", declarer=0,
                      players=3, kind="stih", leader=1, trick=["TS", "7S"], tricks_won={1: 1})
    assert raub.position(hands={0: "AS KS QS 7S", 1: "JS AH KH QH"}, trump="S", declarer=0,
                         players=2, kind="stih").kind == "stih"
    # the same hands are fine for a blind Raub, whose bonus card is whatever was face up
    assert raub.position(hands={0: "AS KS QS JS", 1: "7S AH KH QH"}, trump="S", declarer=0,
                         players=2, kind="raub").kind == "raub"


def test_position_scores_and_muss():
    hands = {0: "AS KS 7H 8C", 1: "QS JH 9H TC", 2: "AH KH 9C 7D"}
    with pytest.raises(PositionError, match=r"^scores: West has 0: .* the game is over"):
        raub.position(hands=hands, trump="S", declarer=0, players=3, scores=[5, 0, 12])
    muss = dict(hands=hands, trump="S", declarer=0, dealer=0, kind="muss", players=3)
    assert raub.position(**muss, scores=[15, 9, 21]).kind == "muss"
    with pytest.raises(PositionError, match=r"^kind: Muss needs a player whose score was below 10"):
        raub.position(**muss, scores=[15, 10, 21])
    with pytest.raises(PositionError, match=r"^active: nobody may drop in a Muss hand"):
        raub.position(**dict(muss, hands={0: hands[0], 1: hands[1]}), scores=[15, 9, 21])
    with pytest.raises(PositionError, match=r"^kind: Muss is not played under these rules"):
        raub.position(**muss, scores=[15, 9, 21], rules="no_muss")
