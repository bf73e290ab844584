"""Clabber positions: the check that a position's ``won`` (every side's card points from the
tricks already played) could come from those tricks, against a brute force that hands every card
of small pools to a side's tricks or to nobody (never in play), and tries every way."""
import itertools
import random

import pytest

from tutor.cards import deck
from tutor.games.clabber import card_points, sides_of, Suit
from tutor.games.history import points_possible

TRUMP = Suit.parse("H")
CLABBER_DECK = [c for c in deck() if c.rank.value >= 9]


def brute(pool, played, n, won, leader_unit):
    units = list(won)
    for assignment in itertools.product(range(len(units) + 1), repeat=len(pool)):
        cards = [[c for c, o in zip(pool, assignment) if o == i] for i in range(len(units))]
        counts = [len(cs) for cs in cards]
        if sum(counts) != played or any(c % n for c in counts):
            continue
        if any(sum(card_points(c, TRUMP) for c in cs) != won[u] for cs, u in zip(cards, units)):
            continue
        if counts[units.index(leader_unit)]:      # the leader's side took the last trick
            return True
    return False


def cases(count):
    rng = random.Random(32)
    for _ in range(count):
        n = rng.choice([2, 3, 4])
        pool = rng.sample(CLABBER_DECK, rng.randint(n, 7))
        played = n * rng.randint(1, len(pool) // n)
        sides = list(sides_of(n))
        leader = rng.choice(sides)
        if rng.random() < 0.5:       # the points of tricks dealt out at random: often possible
            tricks = [rng.sample(sides, 1)[0] for _ in range(played // n)]
            cards = rng.sample(pool, played)
            stated = {u: sum(card_points(c, TRUMP) for t, side in enumerate(tricks) if side == u
                             for c in cards[t * n:(t + 1) * n]) for u in sides}
        else:                        # any total up to the pool's points: often impossible
            total = sum(card_points(c, TRUMP) for c in pool)
            stated = {u: rng.choice([0, rng.randint(0, total)]) for u in sides}
        yield pool, played, n, stated, leader


@pytest.mark.parametrize("case", list(cases(60)), ids=lambda c: f"n{c[2]}-{len(c[0])}cards")
def test_the_won_check_agrees_with_brute_force(case):
    pool, played, n, stated, leader = case
    assert points_possible(pool, played, n, stated, leader, lambda c: card_points(c, TRUMP)) == \
        brute(pool, played, n, stated, leader)


def test_both_answers_occur_among_the_cases():
    answers = {brute(p, pl, n, s, l) for p, pl, n, s, l in cases(60)}
    assert answers == {True, False}
