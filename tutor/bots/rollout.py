"""Decisions before the card play, valued by rollouts on sampled deals.

The whole deal is rebuilt consistent with the seat's view (its own cards, the cards shown,
the public calls, replayed on the real engine), each option is tried, the rest of the
decisions before the play are taken by the basic rules for every seat, and the card play is
solved double dummy. Each option's value is the average of the seat's result over the deals:

* Raub (before one's draw): points taken off one's own score, so more is better;
* Euchre (every bid, the dealer's exchange, going alone, calling for best) and Clabber (bids,
  meld announcements): the seat's points for the hand less its opponents' (their average when
  each plays for himself); a pass is valued like any other option, by the hand the others
  then bid and play;
* Lora: the contract choice and the cut, each hand played out by the basic rules (a whole
  Lora hand is too big to solve within a decision's time).
"""

from __future__ import annotations

import random
import time
from collections import defaultdict

from ..cards import DECKS, parse_card
from ..errors import TutorError
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
    """A full Raub state at this decision, consistent with the view (deals that do not explain
    the others' calls kept one time in four, see :func:`_odd_call`); None if the replay fails."""
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
                if not options:
                    return None
                trump = state.trump
                state.apply(max(options, key=lambda a: (basic.raub_exchange_score(a.cards, trump), str(a))))
            else:
                if _odd_call(state, s, text, seat, rng):
                    return None
                state.apply(text)
    except TutorError:  # a deal the public calls rule out: skip it
        return None
    if state.to_move != seat or sorted(state.legal_actions()) != sorted(view.legal):
        return None
    return state


def _finish(state, seat: int, nodes: int):
    """Play the rest before the cards by the basic rules, then solve the play for ``seat``."""
    from .. import solver
    while not state.is_over and state.phase != "play":
        mover = state.to_move
        state.apply(basic.choose(state.view(mover)))
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
            # a deal whose replay of the calls fails costs little: the time limit still holds
            if failures > 200 + 10 * samples:
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
                    state.apply(basic.choose(state.view(state.to_move)))
                figures[action] = float(state.result().for_seat(view.seat))
            except TutorError:  # a contract the positions cannot model: no figure for this deal
                figures = None
                break
        if figures is None:
            break
        for a, v in figures.items():
            totals[a] += v
        samples += 1
    return _averages(totals, samples, view.legal)


# ---------------------------------------------------------------------------- Euchre and Clabber
_PLAY_NODES = 200_000   # one whole-hand search; a deal that needs more is skipped
_NODE_RATE = 40_000     # nodes per second assumed before a search measures it
_rates: dict = {}       # measured search speed per game and number of players


def applies_before_play(view: View) -> bool:
    """Whether this is a Euchre or Clabber choice before the card play (a bid, the dealer's
    exchange, going alone, calling for best, a meld announcement)."""
    if len(view.legal) < 2:
        return False
    if view.game == "euchre":
        return view.phase != "play"
    if view.game == "clabber":
        return view.phase == "bid" or any(a.verb == "announce" for a in view.legal)
    return False


def net_units(view: View) -> str:
    """How :func:`net_score` reads for this game and number of players."""
    if view.game == "euchre" and view.players == 4:
        return "points"
    if view.players in (4, 6):
        return "points more than the other side"
    if view.players == 2:
        return "points more than your opponent"
    return "points more than your opponents' average"


def net_score(result, seat: int) -> float:
    """The seat's points for the hand less its opponents' (their average with several).

    With three players each for himself the rules score no side against side; a rival's gain
    counts against the seat as it does in the race to the target, so the seat's points less
    the average of the other two is the figure (the double-dummy play treats the two others
    as partners, the adapter's three-handed sides)."""
    points = result.points
    mine = result.sides[seat]
    others = [u for u in points if u != mine]
    return points.get(mine, 0) - sum(points[u] for u in others) / max(1, len(others))


_KEEP_ODD_CALL = 0.25   # chance of keeping a deal in which a call is not what the basic rule makes


def _odd_call(state, seat: int, text: str, me: int, rng: random.Random) -> bool:
    """Whether to drop a sampled deal because another seat's call (not a card played) is not
    what the basic rule makes with that seat's sampled cards; such a deal is kept one time in
    four (see :func:`_replay`)."""
    if seat == me or text.split()[0] == "play" or len(state.legal_actions()) <= 1:
        return False
    return str(basic.choose(state.view(seat))) != text and rng.random() >= _KEEP_ODD_CALL


def _replay(state, view: View, rng: random.Random):
    """Replay the view's history on ``state``; None if the deal rules it out.

    An action hidden from the seat (a discard, a card passed between others) is taken by the
    basic rule. The others' calls (bids, going alone, melds announced; not their cards played)
    also tell something about their hands: a deal in which the basic rule would not have made
    a seat's call with its sampled cards is kept only one time in four, so that the deals lean
    towards hands that explain the calls without ruling out players who bid otherwise."""
    try:
        for s, text in view.history:
            verb = text.split()[0]
            if text == verb:
                options = [a for a in state.legal_actions() if a.verb == verb and a.cards]
                if options:
                    advised = basic.choose(state.view(s))
                    state.apply(advised if advised in options else rng.choice(options))
                    continue
            if _odd_call(state, s, text, view.seat, rng):
                return None
            state.apply(text)
    except TutorError:   # a call the sampled cards do not allow: this deal is impossible
        return None
    if (state.to_move != view.seat or sorted(state.legal_actions()) != sorted(view.legal)
            or sorted(state.view(view.seat).hand) != sorted(view.hand)):
        return None
    return state


def _euchre_deal(view: View, rng: random.Random):
    """A full Euchre hand at this decision, consistent with the view; None if none fits."""
    from ..games import euchre
    pub, priv = view.public, view.private
    up = parse_card(pub["up_card"])
    received = [(int(g), parse_card(c)) for g, c in priv.get("received") or ()]
    got = {c for _, c in received}
    given = {parse_card(c) for _, c in priv.get("passed") or ()}
    discards = {parse_card(c) for c in priv.get("discards") or ()}
    # the seat's dealt cards: the up-card and cards received were never among them
    mine = (set(view.hand) | discards | given) - got - {up}
    pool = [c for c in euchre.game_deck(view.rules) if c not in mine | got | {up}]
    rng.shuffle(pool)
    hands = {}
    for s in range(view.players):
        if s == view.seat and view.hand:
            hands[s] = sorted(mine)
            continue
        known = [c for g, c in received if g == s and c != up]
        need = 5 - len(known)
        hands[s], pool = known + pool[:need], pool[need:]
    deck = euchre.deck_for(hands, up_card=up, kitty=pool, dealer=view.dealer, rules=view.rules)
    return _replay(euchre.new_hand(deck=deck, dealer=view.dealer, rules=view.rules), view, rng)


def _clabber_deal(view: View, rng: random.Random):
    """A full Clabber hand at this decision, consistent with the view; None if none fits."""
    from ..games import clabber
    from . import knowledge as K
    n, seat, dealer = view.players, view.seat, view.dealer
    played: dict[int, list] = {s: [] for s in range(n)}
    for _, plays, _ in K.completed_tricks(view):
        for s, c in plays:
            played[s].append(c)
    for s, c in K.trick_cards(view):
        played[s].append(c)
    face = parse_card(view.public["face_up"])
    mine = list(view.hand) + played[seat]
    seen = set(mine) | {c for cs in played.values() for c in cs} | {face}
    pool = [c for c in clabber.DECK if c not in seen]
    rng.shuffle(pool)
    size = clabber.HAND_SIZE[n]
    if n == 2:
        # before the bidding ends each sees six cards; afterwards the three held back are in
        # the hand too, and which three they were is unknown: any split that replays will do
        hands, held = {}, {}
        for s in range(2):
            cards = list(mine) if s == seat else played[s] + [pool.pop() for _ in range(
                (9 if view.public.get("trump") else 6) - len(played[s]))]
            rng.shuffle(cards)
            if len(cards) == 9:
                hands[s], held[s] = cards[:6], cards[6:]
            else:
                hands[s], held[s] = cards, [pool.pop() for _ in range(3)]
        deck = clabber.deck_for(hands, dealer=dealer, rules=view.rules, held_back=held,
                                dead=[face] + pool[:5])
    else:
        hands = {}
        for s in range(n):
            if s == seat:
                hands[s] = mine
                continue
            cards = played[s] + ([face] if s == dealer and face not in played[s] else [])
            hands[s] = cards + [pool.pop() for _ in range(size - len(cards))]
        deck = clabber.deck_for(hands, dealer=dealer, rules=view.rules, up=face)
    return _replay(clabber.new_hand(deck=deck, dealer=dealer, rules=view.rules), view, rng)


def _line_key(state) -> tuple:
    # the double-dummy play does not depend on who bid, except where the maker fixes the sides
    maker = state.maker if state.game == "euchre" and state.players == 3 else None
    return (state.trump, state.to_move, tuple(state.active_seats), maker,
            tuple(tuple(sorted(h)) for h in state.hands))


def _played_out(state, seat: int, cache: dict, nodes: int = _PLAY_NODES):
    """Take the decisions left before the play by the basic rules, play the cards double dummy
    (best play for ``seat``'s side and against it) and return the seat's net score; None when
    the play cannot be solved within the node budget."""
    from .. import solver
    while not state.is_over:
        legal = state.legal_actions()
        if state.phase == "play" and all(a.verb == "play" for a in legal):
            key = _line_key(state)
            line = cache.get(key)
            if line is None:
                began = time.perf_counter()
                result = solver.solve(state, hero=seat, budget=nodes, moves=False)
                spent = time.perf_counter() - began
                if result.nodes > 1_000 and spent > 0:
                    kind = (state.game, state.players)
                    measured = max(5_000, int(result.nodes / spent))
                    rate = _rates.get(kind, _NODE_RATE)
                    # quick to believe a slower search, slow to believe a faster one
                    _rates[kind] = measured if measured < rate else int(0.8 * rate + 0.2 * measured)
                if not result.exact:
                    return None
                line = tuple(result.line)
                if len(line) < sum(len(state.hands[s]) for s in state.active_seats):
                    return None   # the line is searched on the same node budget: it ran out
                cache[key] = line
            for action in line:
                # a meld announcement comes before a seat's first card
                while any(a.verb != "play" for a in state.legal_actions()):
                    state.apply(basic.choose(state.view(state.to_move)))
                state.apply(action)
                if state.is_over:   # a renege called at the end of a trick ends the hand
                    break
            break
        state.apply(basic.choose(state.view(state.to_move)))
    return net_score(state.result(), seat)


def value_before_play(view: View, deadline: float, rng: random.Random, max_samples: int):
    """Each legal action's average net score (:func:`net_score`) over sampled deals, the rest of
    the hand played by the basic rules before the cards and double dummy after: ({action:
    value}, samples)."""
    deal = _euchre_deal if view.game == "euchre" else _clabber_deal
    totals = defaultdict(float)
    samples = failures = 0
    began = time.perf_counter()
    # a deal's options are valued together: stop one that would overrun the time by far
    stop = deadline + 0.25 * max(0.0, deadline - began)
    while samples < max_samples and _time_left(began, samples, deadline):
        state = deal(view, rng)
        if state is None:
            failures += 1
            if failures > 200 + 10 * samples:   # replays are cheap; the time limit still holds
                break
            continue
        cache: dict = {}
        figures = {}
        for action in view.legal:
            left = stop - time.perf_counter()
            if left <= 0:
                figures = None
                break
            trial = state.copy()
            trial.apply(action)
            rate = _rates.get((view.game, view.players), _NODE_RATE)
            nodes = max(2_000, min(_PLAY_NODES, int(0.8 * rate * left)))
            value = _played_out(trial, view.seat, cache, nodes)
            if value is None:
                figures = None
                break
            figures[action] = value
        if figures is None:
            if time.perf_counter() > stop:
                break
            continue
        for a, v in figures.items():
            totals[a] += v
        samples += 1
    return _averages(totals, samples, view.legal)


# ---------------------------------------------------------------------------- Lora's cut
def applies_lora_cut(view: View) -> bool:
    return view.game == "lora" and view.phase == "cut" and len(view.legal) > 1


def value_lora_cut(view: View, deadline: float, rng: random.Random, max_samples: int):
    """The cutter's expected penalty for the hand, as ({action: penalty}, samples).

    The cutter has seen no card and the pack is shuffled uniformly, so dealing singly (a cut)
    or in packets of eight (declined) gives every seat the same chance of every hand: both
    choices have the same value. That value is estimated by playing shuffled packs out by the
    basic rules, each pack dealt both ways, and given to both options."""
    from ..games import lora
    pub = view.public
    total = 0.0
    games = samples = 0
    began = time.perf_counter()
    pack = list(DECKS["32"])
    extra = bool(pub.get("extra_hand"))
    while samples < max_samples and _time_left(began, samples, deadline):
        rng.shuffle(pack)
        for action in view.legal:
            state = lora.new_hand(deck=pack, dealer=view.dealer, rules=view.rules,
                                  contract=pub.get("contract"), extra=extra,
                                  available=None if extra or pub.get("contract") else
                                  pub.get("available") or None,
                                  attempt=int(pub.get("attempt") or 1),
                                  hand_index=pub.get("hand_index"))
            state.apply(action)
            while not state.is_over:
                state.apply(basic.choose(state.view(state.to_move)))
            total += float(state.result().for_seat(view.seat))
            games += 1
        samples += 1
    if not samples:
        return {}, 0
    return {a: total / games for a in view.legal}, samples
