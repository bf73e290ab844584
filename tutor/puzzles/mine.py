"""The miner: certified puzzles found in random endings and in positions of played hands.

Candidate ``i`` of a run is built from its own generator, ``random.Random(f"{seed}:{game}:{i}")``,
so a run is reproducible from the seed whatever the number of processes: the candidates are
tried in batches over a ``ProcessPoolExecutor`` and the first ``count`` that certify, in
candidate order, are kept. The browser edition has no processes: there every batch is tried in
the one process (the same puzzles), with a one-line note when more jobs were asked for.

Sources: ``deal`` (random endings of ``cards`` cards a hand: any cards, a random trump or
contract, random earlier tricks that the position's checks accept (Clabber and Lora: a full deal played
down by random legal cards); the current trick started by random legal cards) and
``game`` (a random full deal bid and played by ``basic`` bots down to ``cards`` cards a hand;
Lora's layout is always mined from a real layout, played down by random legal cards). The goal
is the best the hero's side can make sure of; a candidate is kept when exactly one card class
reaches it at every decision. The learner always sits South (seat 0); the roles around him
(maker, declarer, leader) are drawn at random.
"""

from __future__ import annotations

import random

from .. import platform
from ..cards import deck as card_deck
from ..errors import TutorError
from .format import GoalSpec, Puzzle

__all__ = ["candidate", "try_candidate", "mine", "LORA_CONTRACTS", "SOURCES"]

SOURCES = ("deal", "game")
LORA_CONTRACTS = ("minimum", "maximum", "queens", "jack_of_clubs", "king_hearts_last_trick",
                  "lora")
SUITS = ("C", "D", "H", "S")


def _deal(rng, cards, seats, size, must=()):
    """``size`` cards for each seat from ``cards``, holding every card of ``must``."""
    pool = [c for c in cards if c not in must]
    rng.shuffle(pool)
    chosen = list(must) + pool[:size * len(seats) - len(must)]
    rng.shuffle(chosen)
    return {s: [str(c) for c in chosen[i * size:(i + 1) * size]] for i, s in enumerate(seats)}


def _start_trick(rng, state, hero) -> bool:
    """Random legal cards from the leader on until the hero is to move."""
    done = len(state.tricks)
    while state.to_move != hero:
        if state.to_move is None:
            return False
        state.push(rng.choice(state.legal_actions()))
        if len(state.tricks) > done:
            return False   # a trick finished before the hero played: not this candidate
    return True


def _euchre(rng, k, spec):
    from .. import games
    trump = rng.choice(SUITS)
    leader = rng.randrange(4)
    alone = rng.random() < 0.3
    maker = rng.randrange(4)
    if alone and maker == 2:
        maker = 0          # the hero (South, seat 0) must play: not North's lone hand
    seats = [s for s in range(4) if not (alone and s == (maker + 2) % 4)]
    if alone and leader not in seats:
        leader = maker
    hands = _deal(rng, card_deck("24"), seats, k)
    done = 5 - k
    side_tricks = rng.randint(0, done)
    tw = {}
    if done:
        tw = {maker: side_tricks, (maker + 1) % 4: done - side_tricks}
        if not tw[maker if maker % 2 == leader % 2 else (maker + 1) % 4]:
            # the winner of the last trick leads the next: the leader's side has won one
            tw = {maker: done - side_tricks, (maker + 1) % 4: side_tricks}
    elif alone:
        leader = seats[(seats.index(maker) + 1) % len(seats)]   # the lone player's left leads
    pos = dict(hands=hands, trump=trump, leader=leader, maker=maker,
               tricks_won={s: n for s, n in tw.items() if n})
    if alone:
        pos["alone"] = maker
    state = games.position("euchre", **pos)
    return state, 0


def _raub(rng, k, spec):
    from .. import games
    n = rng.choice((2, 3, 3, 4))
    seats = list(range(n))
    trump = rng.choice(SUITS)
    declarer = 0 if rng.random() < 0.7 else rng.randrange(1, n)
    hands = _deal(rng, card_deck("32"), seats, k)
    tw = {}
    leader = declarer if k == 4 else rng.randrange(n)
    if k < 4:
        tw[leader] = 1       # the winner of the last trick leads the next (15.6)
        for _ in range(3 - k):
            s = rng.randrange(n)
            tw[s] = tw.get(s, 0) + 1
    state = games.position("raub", hands=hands, trump=trump, declarer=declarer, players=n,
                           leader=leader, tricks_won=tw)
    return state, 0


def _clabber(rng, k, spec):
    """A random full deal (all 24 cards: six a hand) played down by random legal cards to
    ``k`` cards a hand, so that the earlier tricks are real; counted from there."""
    from .. import games
    from ..games.clabber import HAND_SIZE
    trump = rng.choice(SUITS)
    dealer = rng.randrange(4)
    maker = rng.randrange(4)
    hands = _deal(rng, card_deck("24"), range(4), HAND_SIZE[4])
    full = games.position("clabber", hands=hands, trump=trump, leader=(dealer + 1) % 4,
                          maker=maker, dealer=dealer, players=4)
    while len(full.hands[full.leader]) > k or full.trick:
        full.push(rng.choice(full.legal_actions()))
    args = games.position_args(full)
    args.pop("won", None)          # an ending: counted from here
    return games.position("clabber", **args), 0


def _lora_tricks(rng, k, contract):
    """A random full deal played down by random legal cards to ``k`` cards a hand, so that
    the earlier tricks (and the cards each player took) are real; None when a card that
    scores in the contract was played on the way (the puzzle would not turn on it)."""
    from .. import games
    from ..cards import parse_card
    must = {"queens": ["QC", "QD", "QH", "QS"], "jack_of_clubs": ["JC"],
            "king_hearts_last_trick": ["KH"]}.get(contract, [])
    dealer = rng.randrange(4)
    hands = _deal(rng, card_deck("32"), range(4), 8)
    state = games.position("lora", contract=contract, hands=hands, leader=(dealer + 1) % 4,
                           dealer=dealer)
    while len(state.hands[state.leader]) > k or state.trick:
        state.push(rng.choice(state.legal_actions()))
    held = {c for h in state.hands for c in h}
    if any(parse_card(c) not in held for c in must):
        return None, 0
    return games.position("lora", **games.position_args(state)), 0


def _lora_layout(rng, k):
    from .. import games
    hands = _deal(rng, card_deck("32"), range(4), 8)
    state = games.position("lora", contract="lora", hands=hands, leader=rng.randrange(4))
    hero = 0
    # play down to about k cards a hand; the hero must have a choice then
    while state.to_move is not None:
        total = sum(len(h) for h in state.hands)
        if total <= 4 * k and state.to_move == hero and len(state.legal_actions()) > 1:
            return state, hero
        state.push(rng.choice(state.legal_actions()))
    return None, hero


def _played_down(rng, game, k, **deal):
    """A random full deal of a trick game bid and played by ``basic`` bots to ``k`` cards."""
    from .. import bots, games
    state = games.new_hand(game, seed=rng.randrange(10**9), **deal)
    seats = {}
    guard = 0
    while state.to_move is not None and guard < 400:
        guard += 1
        if state.phase == "play" and len(state.hands[state.to_move]) <= k \
                and not getattr(state, "trick", ()):
            return state
        seat = state.to_move
        bot = seats.setdefault(seat, bots.make("basic", seat=seat, seed=rng.randrange(99)))
        state.apply(bot.choose(state.view(seat)))
    return None


def candidate(game: str, index: int, seed: int = 0, cards: int = 4, source: str = "deal",
              contract: str | None = None):
    """(state, hero) of candidate ``index`` of a run, or (None, None)."""
    rng = random.Random(f"{seed}:{game}:{index}:{cards}:{source}:{contract}")
    if game == "lora":
        contract = contract or rng.choice(LORA_CONTRACTS)
        if contract == "lora":
            return _lora_layout(rng, cards)
        state, hero = _lora_tricks(rng, cards, contract)
        if state is None:
            return None, None
    elif source == "game":
        state = _played_down(rng, game, cards)
        if state is None:
            return None, None
        if 0 not in state.active_seats:
            return None, None
        hero = 0
    else:
        state, hero = {"euchre": _euchre, "raub": _raub, "clabber": _clabber}[game](
            rng, cards, None)
    if not _start_trick(rng, state, hero):
        return None, None
    return state, hero


LIVE_NEEDED = {"queens": ("QC", "QD", "QH", "QS"), "jack_of_clubs": ("JC",),
               "king_hearts_last_trick": ("KH",), "hearts": tuple(f"{r}H" for r in "789TJQKA")}


def history_free(state) -> bool:
    """Lora: whether the position's score does not depend on who took earlier cards (every
    scoring card of the contract is still in play), so it needs no history."""
    if state.game != "lora" or state.contract in ("lora", "minimum", "maximum"):
        return True
    from ..cards import parse_card
    live = {c for h in state.hands for c in h} | {c for _, c in state.trick}
    return all(parse_card(c) in live for c in LIVE_NEEDED.get(state.contract, ()))


def meaningful(puzzle, state) -> bool:
    """Whether the best the hero can make sure of is a goal the game's scoring rewards: in
    Euchre three tricks (the bid made, or a euchre) or five (a march), and for the defenders
    one trick (no march); in Raub at least the declarer's need (below it he pays the same
    penalty), for defenders together enough tricks to beat him, for a single defender a
    trick; any count of card points or penalty points in Clabber and Lora."""
    t = puzzle.goal.target
    if puzzle.game == "raub":
        if puzzle.hero == state.declarer:
            return t >= state.need            # short of his need he pays the same penalty
        if len(state.active_seats) > 2:       # the defenders together: beat the declarer
            return t >= 5 - state.need
        return t >= 1
    if puzzle.game != "euchre":
        return True
    makers = puzzle.hero in state.makers
    return t in ((3, 5) if makers else (1, 3))


def try_candidate(args):
    """Build and certify one candidate; returns (index, completed Puzzle or None, seconds)."""
    from .certify import certify, complete
    from .moment import from_moment
    from .themes import names
    game, index, seed, cards, source, contract, theme = args
    import time
    t0 = time.process_time()
    try:
        state, hero = candidate(game, index, seed, cards, source, contract)
        if state is None:
            return index, None, time.process_time() - t0
        half = from_moment(state, hero, puzzle_id=f"{game}-cand-{index}",
                           source={"made_by": f"tutor puzzles mine ({source})", "seed": seed,
                                   "candidate": index, "licence": "CC-BY-4.0"})
        if not meaningful(half, state):
            return index, None, time.process_time() - t0
        cert = certify(half)
        if cert.ok and cert.decisions[0].before:
            # start the puzzle at its first real decision, not at a turn where any card works
            later = cert.decisions[0].state
            if not history_free(later):
                return index, None, time.process_time() - t0
            half = from_moment(later, hero, puzzle_id=half.id, source=half.source)
            cert = certify(half)
        if not cert.ok:
            return index, None, time.process_time() - t0
        full = complete(half, cert)
        if theme == "any" and not full.themes:
            return index, None, time.process_time() - t0
        if theme not in (None, "any") and theme.lower() not in {t.lower() for t in full.themes}:
            return index, None, time.process_time() - t0
        return index, full, time.process_time() - t0
    except TutorError:
        return index, None, time.process_time() - t0


def mine(game: str, count: int, seed: int = 0, cards: int = 4, theme: str | None = None,
         jobs: int = 1, source: str = "deal", contract: str | None = None, batch: int = 16,
         limit: int | None = None, progress: bool = True, prefix: str | None = None,
         start: int = 0):
    """Mine ``count`` certified puzzles. Returns (puzzles, candidates tried, CPU seconds).

    ``limit``: stop after this many candidates (default 400 per puzzle asked). Ids are
    ``<prefix>-<candidate index>`` (prefix default ``<game>[-<contract>]-s<seed>-c<cards>``),
    stable for a seed."""
    from tqdm import tqdm
    if source not in SOURCES:
        raise TutorError(f"unknown source {source!r}; the sources are {', '.join(SOURCES)}")
    if not 3 <= cards <= (4 if game == "raub" else 6):
        raise TutorError("puzzles are endings: give --cards from 3 to "
                         + ("4 (a Raub hand has four cards)" if game == "raub" else "6"))
    limit = limit if limit is not None else 400 * count
    prefix = prefix or "-".join(x for x in (game, contract, f"s{seed}", f"c{cards}") if x)
    found, tried, seconds = [], 0, 0.0
    bar = tqdm(total=count, desc=f"mining {game}", unit="puzzle", disable=not progress)
    jobs = platform.single_process_jobs(jobs, "puzzle mining")
    pool = None
    if jobs > 1:
        # imported only when used: the browser's Python has no working process pools
        from concurrent.futures import ProcessPoolExecutor
        pool = ProcessPoolExecutor(jobs)
    try:
        index = start
        while len(found) < count and tried < limit:
            args = [(game, i, seed, cards, source, contract, theme)
                    for i in range(index, index + batch)]
            index += batch
            results = list(pool.map(try_candidate, args)) if pool else map(try_candidate, args)
            for i, puzzle, secs in sorted(results, key=lambda r: r[0]):
                tried += 1
                seconds += secs
                if puzzle is not None and len(found) < count:
                    found.append(puzzle.with_(id=f"{prefix}-{i:05d}"))
                    bar.update(1)
            bar.set_postfix(tried=tried)
    finally:
        bar.close()
        if pool:
            pool.shutdown()
    return found, tried, seconds
