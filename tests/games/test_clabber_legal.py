"""Legal-move and trick-winner corpus (rules 7.2, 7.3): the engine against a straightforward
implementation of the rule text written here, independent of tutor.games.tricks."""
import random

import pytest

from tutor import games
from tutor.cards import SUITS, Rank, deck
from tutor.games.clabber import trick_rules_for

TRUMP_RANK = {Rank.JACK: 6, Rank.NINE: 5, Rank.ACE: 4, Rank.TEN: 3, Rank.KING: 2, Rank.QUEEN: 1}
PLAIN_RANK = {Rank.ACE: 6, Rank.TEN: 5, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.NINE: 1}


def reference_legal(hand, trick, trump):
    """The algorithm of rules 7.2, transcribed."""
    if not trick:
        return set(hand)
    led = trick[0].suit
    trumps = [c for c in hand if c.suit is trump]
    if led is trump:
        if not trumps:
            return set(hand)
        top = max(TRUMP_RANK[c.rank] for c in trick if c.suit is trump)
        over = [c for c in trumps if TRUMP_RANK[c.rank] > top]
        return set(over or trumps)
    follow = [c for c in hand if c.suit is led]
    if follow:
        return set(follow)
    if trumps:
        played = [TRUMP_RANK[c.rank] for c in trick if c.suit is trump]
        if played:
            over = [c for c in trumps if TRUMP_RANK[c.rank] > max(played)]
            return set(over or trumps)
        return set(trumps)
    return set(hand)


def reference_winner(trick, trump):
    """Position in the trick of the winning card (rules 7.3)."""
    trumps = [i for i, c in enumerate(trick) if c.suit is trump]
    if trumps:
        return max(trumps, key=lambda i: TRUMP_RANK[trick[i].rank])
    led = trick[0].suit
    return max((i for i, c in enumerate(trick) if c.suit is led),
               key=lambda i: PLAIN_RANK[trick[i].rank])


def random_case(rng, players=4):
    cards = list(deck("24"))
    rng.shuffle(cards)
    trump = rng.choice(SUITS)
    size = {2: 9, 3: 8, 4: 6, 6: 4}[players]
    in_trick = rng.randrange(players)
    hand_len = rng.randint(1, size)
    # bias towards interesting tricks: often lead a trump or a suit the hand lacks
    trick = cards[:in_trick]
    hand = cards[in_trick:in_trick + hand_len]
    return hand, trick, trump


def test_legal_cards_match_the_rule_text_on_random_tricks():
    rng = random.Random(2026)
    kinds = {"lead": 0, "trump_led": 0, "follow": 0, "ruff": 0, "overruff": 0, "free": 0}
    for _ in range(20000):
        players = rng.choice((2, 3, 4, 6))
        hand, trick, trump = random_case(rng, players)
        engine = set(trick_rules_for(trump).legal_cards(hand, trick))
        assert engine == reference_legal(hand, trick, trump), (hand, trick, trump)
        if not trick:
            kinds["lead"] += 1
        elif trick[0].suit is trump:
            kinds["trump_led"] += 1
        elif any(c.suit is trick[0].suit for c in hand):
            kinds["follow"] += 1
        elif any(c.suit is trump for c in hand):
            kinds["overruff" if any(c.suit is trump for c in trick) else "ruff"] += 1
        else:
            kinds["free"] += 1
    assert min(kinds.values()) > 300, kinds     # every branch of the rule was exercised


def test_trick_winner_matches_the_rule_text_on_random_tricks():
    rng = random.Random(7)
    for _ in range(20000):
        players = rng.choice((2, 3, 4, 6))
        cards = rng.sample(deck("24"), players)
        trump = rng.choice(SUITS)
        assert trick_rules_for(trump).winner_index(cards) == reference_winner(cards, trump)


def test_engine_legal_actions_match_the_rule_text_in_positions():
    """Through the engine's own legal_actions() on positions with partly played tricks, each
    reached by earlier tricks played by the rule text (as a real hand reaches it)."""
    rng = random.Random(11)
    for _ in range(1500):
        players = rng.choice((3, 4, 6))
        cards = list(deck("24"))
        rng.shuffle(cards)
        full = 24 // players
        hands = {s: cards[s * full:(s + 1) * full] for s in range(players)}
        dealer = rng.randrange(players)
        leader = (dealer + 1) % players
        trump = rng.choice(SUITS)

        def play(seat, trick):
            card = rng.choice(sorted(reference_legal(hands[seat], trick, trump)))
            hands[seat] = [c for c in hands[seat] if c != card]
            trick.append(card)

        for _ in range(rng.randrange(full)):          # earlier tricks
            trick = []
            for k in range(players):
                play((leader + k) % players, trick)
            leader = (leader + reference_winner(trick, trump)) % players
        played = rng.randrange(players)
        trick = []
        for k in range(played):
            play((leader + k) % players, trick)
        state = games.position("clabber", hands={s: [str(c) for c in h] for s, h in hands.items()},
                               trump=trump.value, leader=leader, trick=[str(c) for c in trick],
                               players=players, dealer=dealer)
        mover = (leader + played) % players
        assert state.to_move == mover
        got = {a.card for a in state.legal_actions()}
        assert got == reference_legal(hands[mover], trick, trump)


@pytest.mark.slow
def test_legal_cards_match_the_rule_text_exhaustively_for_short_hands():
    """Every trick of one or two cards and every hand of one or two cards, all trumps."""
    from itertools import combinations
    cards = deck("24")
    for trump in SUITS:
        rules = trick_rules_for(trump)
        for lead in cards:
            for second in [None] + [c for c in cards if c != lead]:
                trick = [lead] if second is None else [lead, second]
                rest = [c for c in cards if c not in trick]
                for size in (1, 2):
                    for hand in combinations(rest, size):
                        assert set(rules.legal_cards(hand, trick)) == reference_legal(hand, trick, trump)
