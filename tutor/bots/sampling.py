"""Deals consistent with a seat's view, and play-phase positions built from them.

``sample_hands(knowledge, rng)`` places the unseen cards among the other seats: cards shown in a
seat's hand stay there, a seat never receives a card it cannot hold (a suit it showed void in, a
layout card it passed on), hand sizes match, and what is left over goes to the unseen piles
(stock, kitty, discards). ``position_for(view, hands)`` turns such a deal into a full play-phase
state that the solver can search.
"""

from __future__ import annotations

import random

from ..cards import Card, parse_card
from ..errors import TutorError
from ..games.base import View
from . import knowledge as K

__all__ = ["sample_hands", "position_for", "SamplingError"]


class SamplingError(TutorError):
    """No deal fits what the seat has seen (the view contradicts itself)."""


def sample_hands(know: K.Knowledge, rng: random.Random, tries: int = 60) -> dict[int, tuple[Card, ...]]:
    """One deal of the hidden cards consistent with ``know``; every seat with cards included."""
    pool = know.unseen()
    for attempt in range(tries):
        hands = _attempt(know, pool, rng, strict=attempt < tries - 1)
        if hands is not None:
            hands[know.seat] = tuple(know.hand)
            return hands
    raise SamplingError("no deal of the unseen cards fits what this seat has seen")


def _attempt(know, pool, rng, strict=True):
    room = {}
    hands: dict[int, list[Card]] = {}
    for s, size in know.sizes.items():
        held = sorted(know.known.get(s, ()))
        if len(held) > size:
            # a shown card (an up card, a bonus card) may since have been discarded
            rng.shuffle(held)
            held = held[:size]
        hands[s] = held
        room[s] = size - len(held)
    spare = len(pool) - sum(room.values())   # cards that lie in unseen piles
    if spare < 0:
        return None
    cards = list(pool)
    rng.shuffle(cards)
    # most constrained cards first, so that a short seat is not starved by chance
    options = {c: [s for s in room if c not in know.excluded.get(s, ())] for c in cards}
    cards.sort(key=lambda c: len(options[c]))
    for card in cards:
        seats = [s for s in options[card] if room[s] > 0]
        weights = [room[s] for s in seats]
        total = sum(weights) + max(spare, 0)
        if total <= 0:
            if strict:
                return None
            seats = [s for s in room if room[s] > 0]
            if not seats:
                return None
            weights = [room[s] for s in seats]
            total = sum(weights)
        pick = rng.random() * total
        chosen = None
        for s, w in zip(seats, weights):
            if pick < w:
                chosen = s
                break
            pick -= w
        if chosen is None:
            spare -= 1
            continue
        hands[chosen].append(card)
        room[chosen] -= 1
    if any(room.values()):
        return None
    return {s: tuple(sorted(h)) for s, h in hands.items()}


# ---------------------------------------------------------------------------- positions
def _counts(view: View) -> dict[int, int]:
    return {int(s): int(k) for s, k in (view.public.get("tricks_won") or {}).items()}


def position_for(view: View, hands: dict[int, tuple[Card, ...]], trump=None, leader=None):
    """A play-phase state with the view's public play so far and the sampled ``hands``. The
    public play is real, so the position's earlier tricks are not searched again (one position
    is built per sampled deal)."""
    from ..games import history
    with history.trusted():
        return _position_for(view, hands, trump, leader)


def _position_for(view: View, hands, trump=None, leader=None):
    game = view.game
    pub = view.public
    trick = K.trick_cards(view)
    lead = trick[0][0] if trick else (leader if leader is not None else _leader(view))
    cards = [c for _, c in trick]
    from .. import games
    mod = games.module(game)
    if game == "euchre":
        active = [int(s) for s in pub.get("active_seats") or range(view.players)]
        return mod.position(hands={s: hands[s] for s in active}, trump=trump or pub["trump"],
                            leader=lead, trick=cards, alone=list(pub.get("alone") or ()) or None,
                            maker=pub.get("maker"), rules=view.rules, dealer=view.dealer,
                            tricks_won={s: w for s, w in _counts(view).items() if w})
    if game == "raub":
        active = [int(s) for s in pub.get("active") or range(view.players)]
        return mod.position(hands={s: hands[s] for s in active}, trump=trump or pub["trump"],
                            declarer=pub["declarer"], players=view.players, active=active,
                            leader=lead, trick=cards, rules=view.rules, need=pub.get("need"),
                            kind=pub.get("kind") or "ordinary", tricks_won=_counts(view),
                            dealer=view.dealer,
                            scores=[int(v) for _, v in sorted((int(k), v) for k, v in
                                                             (pub.get("scores") or {}).items())] or None)
    if game == "clabber":
        return mod.position(hands={s: hands[s] for s in range(view.players)},
                            trump=trump or pub["trump"], leader=lead, trick=cards,
                            maker=pub.get("maker"), rules=view.rules, dealer=view.dealer,
                            players=view.players)
    if game == "lora":
        contract = pub.get("contract")
        if contract == "lora":
            laid = [parse_card(c) for cs in (pub.get("layout") or {}).values() for c in cs]
            passes = {int(s): int(k) for s, k in (pub.get("passes") or {}).items()}
            start = pub.get("start_rank")
            return mod.position(contract="lora", hands=hands, rules=view.rules, dealer=view.dealer,
                                laid=laid, start_rank=start, passes=passes, to_move=view.to_move)
        tricks = K.completed_tricks(view)
        won = {s: [] for s in range(4)}
        for _, plays, winner in tricks:
            won[winner].extend(c for _, c in plays)
        if not tricks:   # a puzzle position: earlier tricks are not on record
            return mod.position(contract=contract, hands=hands, leader=lead, trick=cards,
                                rules=view.rules, dealer=view.dealer)
        return mod.position(contract=contract, hands=hands, leader=lead, trick=cards,
                            rules=view.rules, dealer=view.dealer,
                            won={s: cs for s, cs in won.items() if cs},
                            tricks_won=_counts(view),
                            trick_winners=[w for _, _, w in tricks])
    raise TutorError(f"no positions for the game {game!r}")


def _leader(view: View) -> int:
    tricks = K.completed_tricks(view)
    if tricks:
        return tricks[-1][2]
    lead = view.public.get("leader")
    return int(lead) if lead is not None else view.to_move
