"""Glicko-2 ratings for the learner (per game) and for each puzzle, updated from attempts.

The mathematics follows Mark Glickman, "Example of the Glicko-2 system" (2013): ratings on the
Glicko scale (1500 / RD 350 / volatility 0.06 for a newcomer), converted to the Glicko-2
scale, the volatility found with the Illinois algorithm. A puzzle attempt is one game between
the learner and the puzzle: solved = a win for the learner, failed = a win for the puzzle.

    from tutor.puzzles import rating
    rating.update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), ...])   # pure maths
    rating.record(store, puzzle, solved=True)    # both ratings, stored in tutor.progress
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

__all__ = ["Rating", "update", "expected", "record", "learner_rating", "puzzle_rating",
           "TAU", "SCALE", "DEFAULT"]

SCALE = 173.7178
TAU = 0.5            # the system constant: how fast volatility may change
EPSILON = 0.000001


@dataclass(frozen=True)
class Rating:
    rating: float = 1500.0
    rd: float = 350.0
    vol: float = 0.06

    def as_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d) -> "Rating":
        return cls(float(d["rating"]), float(d["rd"]), float(d["vol"]))


DEFAULT = Rating()


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi ** 2)


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Rating, opponent: Rating) -> float:
    """The player's expected score against the opponent."""
    return _e((player.rating - 1500) / SCALE, (opponent.rating - 1500) / SCALE,
              opponent.rd / SCALE)


def update(player: Rating, results, tau: float = TAU) -> Rating:
    """The player's rating after one rating period of ``results`` ((opponent Rating, score)
    pairs, score 1 win, 0.5 draw, 0 loss). With no games only the RD grows (step 6)."""
    mu = (player.rating - 1500) / SCALE
    phi = player.rd / SCALE
    sigma = player.vol
    results = list(results)
    if not results:
        return Rating(player.rating, min(350.0, math.sqrt(phi ** 2 + sigma ** 2) * SCALE), sigma)
    v_inv = 0.0
    delta_sum = 0.0
    for opp, score in results:
        mu_j, phi_j = (opp.rating - 1500) / SCALE, opp.rd / SCALE
        g, e = _g(phi_j), _e(mu, mu_j, phi_j)
        v_inv += g * g * e * (1 - e)
        delta_sum += g * (score - e)
    v = 1 / v_inv
    delta = v * delta_sum
    # step 5: the new volatility (Illinois algorithm)
    a = math.log(sigma ** 2)

    def f(x):
        ex = math.exp(x)
        return (ex * (delta ** 2 - phi ** 2 - v - ex) / (2 * (phi ** 2 + v + ex) ** 2)
                - (x - a) / tau ** 2)

    big_a = a
    if delta ** 2 > phi ** 2 + v:
        big_b = math.log(delta ** 2 - phi ** 2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    fa, fb = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2
        big_b, fb = c, fc
    new_sigma = math.exp(big_a / 2)
    phi_star = math.sqrt(phi ** 2 + new_sigma ** 2)
    new_phi = 1 / math.sqrt(1 / phi_star ** 2 + 1 / v)
    new_mu = mu + new_phi ** 2 * delta_sum
    return Rating(new_mu * SCALE + 1500, new_phi * SCALE, new_sigma)


def _initial_puzzle_rating(puzzle) -> Rating:
    """A puzzle's rating before anyone has tried it: from its level (1 -> 1100 ... 5 -> 1900),
    with a wide RD."""
    level = puzzle.level or 3
    return Rating(1100 + 200 * (level - 1), 250.0, 0.06)


def learner_rating(store, game: str) -> Rating:
    d = store.rating("learner", game)
    return Rating.from_dict(d) if d else DEFAULT


def puzzle_rating(store, puzzle) -> Rating:
    d = store.rating("puzzle", puzzle.id)
    return Rating.from_dict(d) if d else _initial_puzzle_rating(puzzle)


def record(store, puzzle, solved: bool, **details) -> tuple[Rating, Rating]:
    """One attempt: both ratings are updated (each against the other's rating before the
    attempt) and stored, with the attempt, in ``store`` (a :class:`tutor.progress.Store`).
    Returns (the learner's new rating, the puzzle's new rating). Read and written as one
    change, so another notebook's attempt at the same time is not lost."""
    with store.transaction():
        me = learner_rating(store, puzzle.game)
        it = puzzle_rating(store, puzzle)
        score = 1.0 if solved else 0.0
        new_me = update(me, [(it, score)])
        new_it = update(it, [(me, 1.0 - score)])
        store.set_rating("learner", puzzle.game, new_me.as_dict())
        store.set_rating("puzzle", puzzle.id, new_it.as_dict())
        store.record_attempt(puzzle.id, solved, rating=round(new_me.rating, 1), **details)
    return new_me, new_it
