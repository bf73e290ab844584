"""Plain exhaustive minimax on real cards, written directly on ``TrickRules``.

It is the authority the solver's pruning is checked against: no bit tricks, no bounds, no rank
equivalence, no normalised keys (only a memo on the exact state).
"""

from __future__ import annotations

import random
from functools import lru_cache

from tutor.cards import DECKS, JOKER, Card, Rank, Suit, SUITS
from tutor.games.tricks import TrickRules


def euchre_rules(trump: Suit, deck, joker=False) -> TrickRules:
    """Right bower, left bower (re-encoded into trumps), then A K Q J T 9 (8 7)."""
    left = Card(Rank.JACK, trump.same_colour)
    right = Card(Rank.JACK, trump)
    order = {}
    for c in deck:
        if c.is_joker:
            continue
        order[c] = int(c.rank)
    order[right] = 30
    order[left] = 29
    effective = {left: trump}
    if joker:
        order[JOKER] = 31
        effective[JOKER] = trump
    return TrickRules(trump=trump, order=order, effective=effective)


CLABBER_TRUMP = "J 9 A T K Q".split()
CLABBER_PLAIN = "A T K Q J 9".split()
CLABBER_TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3}
CLABBER_PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}


def clabber_rules(trump: Suit):
    order = {}
    points = {}
    for s in SUITS:
        ranks = CLABBER_TRUMP if s is trump else CLABBER_PLAIN
        table = CLABBER_TRUMP_POINTS if s is trump else CLABBER_PLAIN_POINTS
        for i, r in enumerate(ranks):
            c = Card(Rank.TEN if r == "T" else {"J": 11, "Q": 12, "K": 13, "A": 14, "9": 9}[r], s)
            order[c] = 10 - i
            points[c] = table[r]
    return (TrickRules(trump=trump, order=order, when_void="overtrump",
                       overtrump_on_trump_lead=True), points)


def solve_reference(rules: TrickRules, seats, hands, trick, leader, hero_side, *, weights,
                    card_values, trick_value, trick_index_values, tricks_played, sweeps,
                    minimise, banked):
    """Value of the position for the hero and of each legal move of the player on move.

    The score is ``banked + sum(weights[s] * points won by s from here)`` plus the sweep
    bonuses; the hero's side maximises it (minimises with ``minimise``), the others the
    opposite. ``hands``: seat -> tuple of Cards; ``trick``: tuple of (seat, Card);
    ``sweeps``: list of (cards, all_value, owner) with owner a seat, None or "split".
    """
    n = len(seats)
    nxt = {seats[i]: seats[(i + 1) % n] for i in range(n)}
    total = tricks_played + len(hands[leader]) + (1 if trick else 0)
    sweep_sets = [(frozenset(cs), all_value - sum(card_values.get(c, 0) for c in cs))
                  for cs, all_value, _ in sweeps]

    def maximises(seat):
        return (seat in hero_side) != minimise

    def final(owners):
        v = 0
        for (_, bonus), owner in zip(sweep_sets, owners):
            if owner not in (None, "split"):
                v += weights.get(owner, 0) * bonus
        return v

    @lru_cache(maxsize=None)
    def go(hand_t, trick_t, lead, owners):
        hd = dict(hand_t)
        if not trick_t and not any(hd.values()):
            return final(owners)
        mover = nxt[trick_t[-1][0]] if trick_t else lead
        legal = rules.legal_cards(list(hd[mover]), [c for _, c in trick_t])
        vals = [after(hand_t, trick_t, lead, owners, mover, card) for card in legal]
        return max(vals) if maximises(mover) else min(vals)

    def after(hand_t, trick_t, lead, owners, mover, card):
        hd = dict(hand_t)
        hd[mover] = tuple(c for c in hd[mover] if c is not card)
        new_t = tuple(sorted(hd.items()))
        t2 = trick_t + ((mover, card),)
        if len(t2) < n:
            return go(new_t, t2, lead, owners)
        cards = [c for _, c in t2]
        win = t2[rules.winner_index(cards)][0]
        index = total - len(hd[win]) - 1
        pts = trick_value + sum(card_values.get(c, 0) for c in cards)
        if index < len(trick_index_values):
            pts += trick_index_values[index]
        new_owners = []
        for (cs, _), owner in zip(sweep_sets, owners):
            if any(c in cs for c in cards):
                if owner is None:
                    owner = win
                elif owner != win:
                    owner = "split"
            new_owners.append(owner)
        return weights.get(win, 0) * pts + go(new_t, (), win, tuple(new_owners))

    start = tuple(sorted((s, tuple(hands[s])) for s in seats))
    owners0 = tuple(o for _, _, o in sweeps)
    mover = nxt[trick[-1][0]] if trick else leader
    legal = rules.legal_cards(list(hands[mover]), [c for _, c in trick])
    move_values = {card: banked + after(start, tuple(trick), leader, owners0, mover, card)
                   for card in legal}
    best = (max if maximises(mover) else min)(move_values.values())
    return best, move_values


def random_ending(rng: random.Random, kind: str):
    """A random small ending: rules, seats, hands, trick, leader and an objective."""
    if kind == "euchre":
        trump = rng.choice(SUITS)
        joker = rng.random() < 0.3
        deck = list(DECKS["24"]) + ([JOKER] if joker else [])
        rules = euchre_rules(trump, deck, joker)
        values = {}
    elif kind == "clabber":
        trump = rng.choice(SUITS)
        rules, values = clabber_rules(trump)
        deck = list(DECKS["24"])
    else:
        deck = list(DECKS["32"])
        trump = rng.choice(SUITS + (None,))
        rules = TrickRules.natural(deck, trump=trump, when_void=rng.choice(("any", "trump",
                                                                           "overtrump")),
                                   overtrump_on_trump_lead=rng.random() < 0.5)
        values = {}
    players = rng.choice((4, 4, 3, 2))
    all_seats = list(range(4))
    seats = sorted(rng.sample(all_seats, players)) if players < 4 else all_seats
    per = rng.randint(2, 4)
    in_trick = rng.randint(0, min(3, players - 1))
    rng.shuffle(deck)
    leader = rng.choice(seats)
    order = [seats[(seats.index(leader) + i) % players] for i in range(players)]
    hands = {}
    pos = 0
    for i, s in enumerate(order):
        k = per
        hands[s] = deck[pos:pos + k]
        pos += k
    trick = []
    for i in range(in_trick):
        s = order[i]
        legal = rules.legal_cards(hands[s], [c for _, c in trick])
        card = rng.choice(legal)
        hands[s] = [c for c in hands[s] if c is not card]
        trick.append((s, card))
    hands = {s: tuple(h) for s, h in hands.items()}
    return rules, values, seats, hands, tuple(trick), leader, deck[pos:]
