"""Raub's decisions before the card play, valued by sampled deals.

For a decision of the seat before it has drawn, the whole deal is rebuilt consistent with its
view (its own four cards, the face-up and turned cards, the public calls), each option is
tried, the rest of the bidding, dropping and drawing is played by the basic rules for every
seat, and the card play is solved double dummy. Each option's value is the average of the
seat's score change (points taken off its own score, so more is better).
"""

from __future__ import annotations

import random
import time
from collections import defaultdict

from ..cards import DECKS, parse_card
from ..games.base import View
from . import basic

__all__ = ["applies", "value_options"]


def _time_left(began: float, samples: int, deadline: float) -> bool:
    """Whether one more sample, as long as the ones so far, still ends before the deadline."""
    now = time.perf_counter()
    per = (now - began) / samples if samples else 0.0
    return now + per < deadline


def applies(view: View) -> bool:
    """Whether this decision can be valued by rollouts (a Raub decision before one's draw)."""
    if view.game != "raub" or view.phase == "play":
        return False
    priv = view.private
    return not priv.get("drew") and not priv.get("discarded") and len(view.legal) > 1


def _deal(view: View, rng: random.Random):
    """A full Raub state at this decision, consistent with the view; None if the replay fails."""
    from ..games import raub
    pub = view.public
    n = view.players
    seat = view.seat
    turned = [parse_card(c) for c in pub.get("turned") or ()]
    mine = list(view.hand)
    pool = [c for c in DECKS["32"] if c not in set(mine) | set(turned)]
    rng.shuffle(pool)
    if not turned:
        turned = [pool.pop()]
    hands = {}
    for s in range(n):
        if s == seat and mine:
            hands[s] = mine
        else:
            hands[s], pool = pool[:4], pool[4:]
    stock = turned[1:] + pool
    try:
        deck = raub.deck_for(hands, face_up=turned[0], dealer=view.dealer, players=n, stock=stock,
                             rules=view.rules)
        scores = [int(v) for _, v in sorted((int(k), v) for k, v in (pub.get("scores") or {}).items())]
        state = raub.new_hand(deck=deck, dealer=view.dealer, rules=view.rules,
                              scores=scores or None, refas=int(pub.get("refas") or 0))
        for s, text in view.history:
            if text.startswith("exchange ("):
                k = int(text.split("(")[1].split()[0])
                options = [a for a in state.legal_actions() if a.verb == "exchange" and len(a.cards) == k]
                trump = state.trump
                state.apply(max(options, key=lambda a: (basic.raub_exchange_score(a.cards, trump), str(a))))
            else:
                state.apply(text)
    except Exception:  # a deal the public calls rule out: skip it
        return None
    if state.to_move != seat or sorted(state.legal_actions()) != sorted(view.legal):
        return None
    return state


def _finish(state, seat: int, nodes: int):
    """Play the rest before the cards by the basic rules, then solve the play for ``seat``."""
    from .. import solver
    while not state.is_over and state.phase != "play":
        mover = state.to_move
        state.apply(basic.advise(state.view(mover)).action)
    mult = max(1, int(getattr(state, "multiplier", 1) or 1))
    if state.is_over:
        return -state.result().for_seat(seat) / mult
    if seat not in state.active_seats:
        return 0.0
    result = solver.solve(state, hero=seat, budget=nodes, moves=False, side={seat})
    if not result.exact:
        return None
    tricks = result.value
    if seat == state.declarer:
        return float(tricks) if tricks >= state.need else -4.0
    return float(tricks) if tricks >= 1 else -2.0


def value_options(view: View, deadline: float, rng: random.Random, max_samples: int):
    """Average value of each legal action over sampled deals: ({action: value}, samples)."""
    totals = defaultdict(float)
    samples = 0
    failures = 0
    began = time.perf_counter()
    while samples < max_samples and _time_left(began, samples, deadline):
        state = _deal(view, rng)
        if state is None:
            failures += 1
            if failures > 20 + 2 * samples:
                break
            continue
        figures = {}
        for action in view.legal:
            trial = state.copy()
            trial.apply(action)
            value = _finish(trial, view.seat, 200_000)
            if value is None:
                figures = None
                break
            figures[action] = value
        if figures is None:
            continue
        for a, v in figures.items():
            totals[a] += v
        samples += 1
    return _averages(totals, samples, view.legal)


def _averages(totals, samples: int, actions) -> tuple[dict, int]:
    """Each action's mean figure over the samples, as ({action: mean}, samples)."""
    if not samples:
        return {}, 0
    return {a: totals[a] / samples for a in actions}, samples


# ---------------------------------------------------------------------------- Lora's contract choice
def applies_lora_choice(view: View) -> bool:
    return view.game == "lora" and view.phase == "choose" and len(view.legal) > 1


def value_lora_contracts(view: View, deadline: float, rng: random.Random, max_samples: int):
    """Each contract on offer, played out on sampled deals by the basic rules for every seat
    (a whole hand is too big to solve within a decision's time): the chooser's average penalty,
    as ({action: penalty}, samples)."""
    from ..games import lora
    mine = list(view.hand)
    pool = [c for c in DECKS["32"] if c not in set(mine)]
    eldest = (view.dealer + 1) % 4
    totals = defaultdict(float)
    samples = 0
    began = time.perf_counter()
    while samples < max_samples and _time_left(began, samples, deadline):
        rng.shuffle(pool)
        hands, rest = {}, list(pool)
        for s in range(4):
            if s == view.seat:
                hands[s] = tuple(mine)
            else:
                hands[s], rest = tuple(rest[:8]), rest[8:]
        figures = {}
        for action in view.legal:
            try:
                if action.arg == "lora":
                    state = lora.position(contract="lora", hands=hands, rules=view.rules,
                                          dealer=view.dealer, to_move=eldest)
                else:
                    state = lora.position(contract=action.arg, hands=hands, leader=eldest,
                                          rules=view.rules, dealer=view.dealer)
                while not state.is_over:
                    state.apply(basic.advise(state.view(state.to_move)).action)
                figures[action] = float(state.result().for_seat(view.seat))
            except Exception:  # a contract the positions cannot model: no figure for this deal
                figures = None
                break
        if figures is None:
            break
        for a, v in figures.items():
            totals[a] += v
        samples += 1
    return _averages(totals, samples, view.legal)
