"""Earlier tricks: whether some legal play of the tricks already played leads to a position.

A position gives the cards still held and who leads; the tricks already played are gone. A real
hand got there by legal play: the first trick led by the seat the rules name and each later one
by the winner of the one before, every card played under the duty to follow suit (and to trump
or overtrump, as the game's :class:`~tutor.games.tricks.TrickRules` say) with the cards the
player held then (those he holds now and those he played later), and the tricks giving each
side what the position says it took. :func:`possible` searches backwards from the position for
such a play.

The search undoes one trick at a time: the trick just before the position is won by the player
who leads now; its cards come from the cards no longer in play, each of them legal for a hand
made of the player's later cards and that card. What decides the earlier tricks about a hand is
only which suits it holds and its best trump, and cards of a suit next to each other with
nothing between them that tells them apart (a card of the trick, a player's best trump, a
different card-point value) are interchangeable: the search tries one of them, and a failed
search remembers the question up to such cards, never asking it twice. Where the tricks must
also give card points (Clabber), each node first asks whether the tricks before it can be
played at all, the points left aside (a much quicker search, remembered both ways), and a trick
is cut short as soon as its cards' values, or the suits they leave, could no longer add up.
Where the trick winners and the cards taken are stated (Lora), a seat with one trick left to
win must be able to make it of the cards it took. A search that has tried
``RESTART_CARDS`` cards without an answer starts again in another order (a random one, the
same every time) with twice as many, keeping what it learnt. The search is exact: it always
answers, within milliseconds for most positions and about two seconds at worst, late in
three-handed Clabber (``benchmarks/earlier_tricks.py`` measures it). A caller may give it a
budget of cards to try (``possible(facts, budget)``); then it may answer None: undecided.
"""

from __future__ import annotations

import collections
import contextlib
import contextvars
import itertools
import random
from dataclasses import dataclass, field, replace
from typing import Callable, Hashable, Iterable, Mapping

from ..cards import Card
from ..errors import PositionError
from .tricks import TrickRules

RESTART_CARDS = 20_000
"""Cards the first go of a search tries before it starts again in another order."""

__all__ = ["Facts", "facts_of", "possible", "points_possible", "require", "trusted",
           "is_trusted"]


@dataclass(frozen=True)
class Facts:
    """What a position says about its earlier tricks.

    ``held``: each playing seat's cards at the start of the trick in progress (his card in it
    included); ``pool``: the cards that may have been played earlier (all of them were when
    ``every_card``, as when the whole pack is dealt); ``tricks``: how many were played;
    ``leader`` won the last of them, ``first`` led the first (a seat, the seats that may have,
    or None: any seat, as when a position leaves out the dealer). Optional, each the whole count:
    ``wins`` (tricks per ``unit``: a seat, or a side), ``winners`` (each trick's winner in
    order), ``owner`` (card -> the seat whose tricks hold it) and ``points`` (card points per
    unit, ``card_points`` valuing a card). ``prefer``: the first leader to try before the others
    (where the position left the dealer out, the one its default dealer gives). ``played_by``:
    card -> the only seat that can have played it (Raub's Stih: the 7 of trumps, the dealer's
    bonus card)."""

    rules: TrickRules
    seats: tuple[int, ...]
    held: Mapping[int, frozenset]
    pool: frozenset
    tricks: int
    leader: int
    first: int | frozenset | None
    every_card: bool = False
    unit: Callable[[int], Hashable] = field(default=lambda seat: seat)
    wins: Mapping[Hashable, int] | None = None
    winners: tuple[int, ...] | None = None
    owner: Mapping[Card, int] = field(default_factory=dict)
    points: Mapping[Hashable, int] | None = None
    card_points: Callable[[Card], int] | None = None
    prefer: int | None = None
    played_by: Mapping[Card, int] = field(default_factory=dict)


def facts_of(state, pack: Iterable[Card], tricks: int, first, **stated) -> Facts:
    """The facts of a play-phase ``state`` built from a position (its hands, trick, leader,
    trick rules and playing seats), ``tricks`` earlier tricks, the first led by ``first``;
    the cards of ``pack`` not in play make the pool. ``stated``: the other fields of Facts."""
    seats = tuple(getattr(state, "active_seats", None) or range(state.players))
    in_trick = dict(state.trick)
    held = {s: frozenset(state.hands[s]) | ({in_trick[s]} if s in in_trick else frozenset())
            for s in seats}
    in_play = set().union(*held.values())
    return Facts(rules=state.trick_rules, seats=seats, held=held,
                 pool=frozenset(c for c in pack if c not in in_play), tricks=tricks,
                 leader=state.leader, first=first, **stated)


_TRUSTED = contextvars.ContextVar("trick_tutor_trusted_positions", default=False)


@contextlib.contextmanager
def trusted():
    """Within this block positions are not searched for the play that led to them (their
    earlier tricks, the Lora layout's passes). For the bots, which build one position per
    sampled deal of a hand whose public play is real and need them fast; for a certified
    puzzle, whose certificate says its very position was checked; and for checking the
    solver on arbitrary endings, real or not."""
    token = _TRUSTED.set(True)
    try:
        yield
    finally:
        _TRUSTED.reset(token)


def is_trusted() -> bool:
    """Whether positions are built within :func:`trusted`."""
    return _TRUSTED.get()


def require(facts: Facts, name: Callable[[int], str], stated: str = "") -> int | None:
    """Raise a PositionError when no legal play of the earlier tricks leads to the position.
    ``stated`` names in words what the tricks must also give, e.g. "the tricks won as
    stated". Returns who led the first trick in the play found (None when none was searched
    for): where the position left the dealer out, the dealer is the one whose eldest that
    is."""
    if is_trusted():
        return None
    k = facts.tricks
    if facts.prefer is not None and not isinstance(facts.first, int):
        if _search(replace(facts, first=facts.prefer)) is not False:
            return facts.prefer
    verdict = _search(facts)
    if verdict is not False:
        return verdict
    first = f"the first led by {name(facts.first)}, " if isinstance(facts.first, int) else ""
    duty = ("follow suit" if facts.rules.when_void == "any" or facts.rules.trump is None
            else "follow suit, and to trump or overtrump as the rules ask,")
    also = f", giving {stated}" if stated else ""
    raise PositionError(
        f"hands: no legal play of the {k} earlier trick{'s' * (k != 1)} leads here ({first}"
        f"the last won by {name(facts.leader)}{also}): whichever "
        f"way the cards already played fell, a trick would have gone to another player or "
        f"someone would have broken the duty to {duty} with the cards he held then (those he "
        f"still holds and those he played later)")


def points_possible(pool, played: int, n: int, won: Mapping, leader_unit,
                    card_points: Callable, every_card: bool = False) -> bool:
    """Whether ``played`` cards of ``pool`` can make tricks of ``n`` cards so that each unit's
    tricks hold exactly its points in ``won`` (every unit named), ``leader_unit`` having won
    at least one trick (the last). Cards left over were never in play (none with
    ``every_card``). Which cards could share a trick is not asked: this is the count of
    points, not a replay.

    Cards worth the same are alike here, so each unit takes a count of each point value; the
    units are served one after another, the fewest points first, and what one unit leaves is
    remembered once it has failed."""
    by_value: dict[int, int] = {}
    for card in pool:
        points = card_points(card)
        by_value[points] = by_value.get(points, 0) + 1
    if every_card and played != len(pool):
        return False
    values = sorted(by_value, reverse=True)
    units = sorted(won, key=lambda u: won[u])
    total = len(pool)

    def takes(left: tuple[int, ...], target: int, must_win: bool):
        """Every count per value, within ``left``, worth exactly ``target`` in whole tricks."""
        best = [0] * (len(values) + 1)
        for g in range(len(values) - 1, -1, -1):
            best[g] = best[g + 1] + values[g] * left[g]
        taken = [0] * len(values)

        def walk(g: int, need: int, cards: int):
            if need > best[g]:
                return
            if g == len(values):
                if need == 0 and cards % n == 0 and (cards or not must_win):
                    yield tuple(taken)
                return
            for x in range(left[g] + 1):
                if values[g] * x > need:
                    break
                taken[g] = x
                yield from walk(g + 1, need - values[g] * x, cards + x)
            taken[g] = 0

        yield from walk(0, target, 0)

    failed: set = set()

    def serve(i: int, left: tuple[int, ...]) -> bool:
        used = total - sum(left)
        if used > played:
            return False
        if i == len(units):
            return used == played
        if (i, left) in failed:
            return False
        unit = units[i]
        for taken in takes(left, won[unit], unit == leader_unit):
            if serve(i + 1, tuple(a - b for a, b in zip(left, taken))):
                return True
        failed.add((i, left))
        return False

    return serve(0, tuple(by_value[v] for v in values))


class _OutOfBudget(Exception):
    pass


def possible(facts: Facts, budget: int | None = None) -> bool | None:
    """True when some legal play of the earlier tricks leads to the position, False when none
    does; with a ``budget`` (cards to try), None when it ran out first."""
    verdict = _search(facts, budget)
    return verdict if verdict is False or verdict is None else True


def _search(facts: Facts, budget: int | None = None) -> int | bool | None:
    """The first trick's leader in a play found, False when there is none, None when a
    ``budget`` ran out first."""
    budget = float("inf") if budget is None else budget
    f = facts
    rules = f.rules
    seats = tuple(f.seats)
    firsts = (set(seats) if f.first is None else
              {f.first} if isinstance(f.first, int) else set(f.first))
    players = len(seats)
    k0 = f.tricks
    if k0 == 0:
        return f.leader if f.leader in firsts else False
    if len(f.pool) < k0 * players or (f.every_card and len(f.pool) != k0 * players):
        return False
    units = sorted({f.unit(s) for s in seats}, key=str)
    where = {u: i for i, u in enumerate(units)}
    wins0 = tuple(f.wins.get(u, 0) for u in units) if f.wins is not None else None
    if wins0 is not None and (sum(wins0) != k0 or min(wins0) < 0):
        return False
    value = f.card_points or (lambda card: 0)
    points0 = tuple(f.points.get(u, 0) for u in units) if f.points is not None else None
    hands = {s: set(f.held[s]) for s in seats}
    suit_of = {c: rules.suit_of(c) for c in set(f.pool).union(*f.held.values())}
    # how many cards of each suit each hand holds, kept with ``hands``
    count = {s: collections.Counter(suit_of[c] for c in hands[s]) for s in seats}
    trump_of = {c: rules.order[c] for c in suit_of if rules.is_trump(c)}
    pool = sorted(f.pool, key=lambda c: (suit_of[c].value, -rules.order[c]))
    left = set(pool)
    failed: set = set()
    tried = [0]
    # what tells two cards of a suit apart, besides their rank: with the card points and
    # without them (the quick search that looks at the cards' play alone)
    plain_marks = {c: (f.owner.get(c), f.played_by.get(c)) for c in pool}
    point_marks = {c: (value(c),) + plain_marks[c] for c in pool}

    def suits_held(s) -> frozenset:
        return frozenset(x for x, n in count[s].items() if n)

    def best_trumps() -> tuple:
        return tuple(max((trump_of[c] for c in hands[s] if c in trump_of), default=0)
                     for s in seats)

    def signature(marks):
        """The question still open, up to interchangeable cards: per suit, the marks of the
        cards left, high to low, with each player's best trump where it falls among them (a
        hand's other cards matter only by their suits). Two positions alike in this are won
        or lost alike: a card of one maps to the card in the same place of the other."""
        best = best_trumps()
        rows = []
        suit = None
        row: list = []
        for c in pool:
            if suit_of[c] is not suit:
                rows.append(tuple(row))
                suit, row = suit_of[c], []
                tops = sorted(((b, i) for i, b in enumerate(best) if b), reverse=True) \
                    if c in trump_of else []
            if c in left:
                while tops and tops[0][0] > trump_of.get(c, 0):
                    row.append(tops.pop(0)[1])
                row.append(marks[c])
        rows.append(tuple(row))
        return tuple(rows), tuple(suits_held(s) for s in seats)

    def runs(trick: list, marks) -> dict:
        """Cards left numbered by interchangeability for the next card of ``trick``: next to
        each other in a suit, alike in their marks, with no card of the trick and no player's
        best trump between them. Playing one or the other leads to positions alike."""
        best = [b for b in best_trumps() if b]
        number: dict = {}
        prev = None
        between = False
        for c in pool:
            if c in left:
                if (prev is not None and suit_of[prev] is suit_of[c] and marks[prev] == marks[c]
                        and not between and not any(
                            trump_of[c] < b < trump_of[prev] for b in best if c in trump_of)):
                    number[c] = number[prev]
                else:
                    number[c] = len(number)
                prev, between = c, False
            elif c in trick:
                between = True
        return number

    def rotated(lead):
        i = seats.index(lead)
        return seats[i:] + seats[:i]

    found_first: list[int] = []
    split_memo: dict = {}

    def points_split(k: int, u: int, points, values=None) -> bool:
        """The cards left (or those worth ``values``) can make k tricks worth exactly
        ``points`` per unit, unit ``u`` taking at least one (the one being undone)."""
        if values is None:
            values = tuple(sorted(map(value, left)))
        key = (values, k, u, points)
        if key not in split_memo:
            split_memo[key] = points_possible(
                values, k * players, players, dict(enumerate(points)), u, lambda v: v,
                every_card=f.every_card)
        return split_memo[key]

    parts_memo: dict = {}

    def trick_parts(k: int, u: int, lead_unit: int, points) -> frozenset:
        """The values the cards of trick k can have, won by unit ``u`` after tricks 1..k-1
        of which unit ``lead_unit`` won the last, so that the points still add up: every
        sorted tuple of values the trick's cards placed so far may show."""
        values = tuple(sorted(map(value, left)))
        key = (values, k, u, lead_unit, points)
        if key in parts_memo:
            return parts_memo[key]
        parts: set = set()
        for trick in set(itertools.combinations(values, players)):
            got = points[:u] + (points[u] - sum(trick),) + points[u + 1:]
            if got[u] < 0:
                continue
            rest = list(values)
            for v in trick:
                rest.remove(v)
            if (not any(got) and not (f.every_card and rest)) if k == 1 else \
                    points_split(k - 1, lead_unit, got, tuple(rest)):
                parts.update(part for n in range(players + 1)
                             for part in itertools.combinations(trick, n))
        parts_memo[key] = frozenset(parts)
        return parts_memo[key]

    known_memo: dict = {}

    def known_tricks_play(k: int, wins) -> bool:
        """Where the trick winners and the cards each seat took are stated, a seat that wins
        just one of tricks 1..k (``wins`` counts them) took in it exactly the cards left that
        it owns: those cards must make that trick, led by the winner of the one before, won
        by that seat, each card legal for its player's cards now (he held those then too,
        and more cards only add duties)."""
        if f.winners is None or wins is None or not f.owner:
            return True
        for seat in seats:
            if f.unit(seat) != seat or wins[where[seat]] != 1:
                continue
            cards = [c for c in left if f.owner.get(c) == seat]
            if len(cards) < players:
                continue                        # some of its cards were not stated
            if len(cards) > players:
                return False
            t = f.winners[:k].index(seat) + 1
            leads = [f.winners[t - 2]] if t > 1 else [s for s in seats if s in firsts]
            key = (t, frozenset(cards), tuple(leads), tuple(suits_held(s) for s in seats),
                   best_trumps())
            if key not in known_memo:
                known_memo[key] = any(_arranged(cards, rotated(lead), seat) for lead in leads)
            if not known_memo[key]:
                return False
        return True

    def _arranged(cards, order, taker) -> bool:
        """Some way to give ``cards`` to the players in ``order`` makes a legal trick that
        ``taker`` wins."""
        for dealt in itertools.permutations(cards):
            trick: list = []
            for s, c in zip(order, dealt):
                if trick and c not in rules.legal_cards(list(hands[s]) + [c], trick):
                    break
                trick.append(c)
            else:
                if order[rules.winner_index(trick)] == taker:
                    return True
        return False

    def enough_of_a_suit(k: int, winner: int, wins) -> bool:
        """Each trick led in a suit takes a card of it from every player who holds that suit
        (players only hold more suits further back): the cards left must allow k such tricks,
        each winner's from the cards his tricks hold where that is known."""
        if f.owner and wins is not None and f.unit(winner) == winner:
            groups = []
            for s in seats:
                tricks = wins[where[s]] + (s == winner)
                if tricks:
                    groups.append(([c for c in left if f.owner.get(c, s) == s], tricks, s))
        else:
            groups = [(left, k, None)]
        return all(suits_suffice(tricks, cards, taker) for cards, tricks, taker in groups)

    def suits_suffice(tricks: int, cards=None, taker=None) -> bool:
        """``cards`` (those left) hold enough of some suit for each of ``tricks`` tricks, led
        in that suit, to take one from every player holding it."""
        by_suit: dict = {}
        for c in left if cards is None else cards:
            by_suit[suit_of[c]] = by_suit.get(suit_of[c], 0) + 1
        return sum(min(tricks, n // need(suit, taker)) for suit, n in by_suit.items()) >= tricks

    def need(suit, taker) -> int:
        """Cards of ``suit`` a trick led in it takes at the least: one from each player who
        holds the suit, and one from ``taker`` (who wins the trick) when only that suit can
        win it (no trumps, or trumps led)."""
        holders = {s for s in seats if count[s][suit]}
        if taker is not None and (rules.trump is None or suit is rules.trump):
            holders.add(taker)
        return max(1, len(holders))

    played_well: set = set()
    quick = [0]

    def play_alone(k: int, winner: int, wins) -> bool:
        """Whether tricks 1..k can be played at all, the points left aside: a quicker search
        (cards of a suit mostly interchangeable there), remembered both ways, that cuts most
        dead branches of the search with the points."""
        quick[0] += 1
        try:
            return undo(k, winner, wins, None)
        finally:
            quick[0] -= 1

    def undo(k: int, winner: int, wins, points) -> bool:
        """Tricks 1..k can be played, trick k won by ``winner``, leaving ``left`` unplayed
        (and giving each unit its ``points``, unless None)."""
        if k == 0:
            if (winner in firsts and (not f.every_card or not left)
                    and (points is None or not any(points))):
                if not quick[0]:
                    found_first.append(winner)
                return True
            return False
        if f.winners is not None and f.winners[k - 1] != winner:
            return False
        u = where[f.unit(winner)]
        before = wins
        if wins is not None:
            if wins[u] <= 0:
                return False
            wins = wins[:u] + (wins[u] - 1,) + wins[u + 1:]
        tried[0] += 4 * players          # a node costs about as much as a few cards
        if not enough_of_a_suit(k, winner, wins) or not known_tricks_play(k, before) or (
                points is not None and not points_split(k, u, points)) or (
                points is not None and k > 1 and not play_alone(k, winner, before)):
            return False
        if k == 1:
            leads = [s for s in rotated(winner) if s in firsts]
        elif f.winners is not None:
            leads = [f.winners[k - 2]]
        else:
            leads = [s for s in rotated(winner)
                     if wins is None or wins[where[f.unit(s)]] > 0]
        # each lead with the values the trick's cards may take (None: any)
        options = [(lead, None if points is None else
                    trick_parts(k, u, where[f.unit(lead)], points)) for lead in leads]
        options = [(lead, parts) for lead, parts in options if parts is None or parts]
        if not options:
            return False
        if shuffled[0] is not None:
            shuffled[0].shuffle(options)
        key = (k, winner, signature(plain_marks if points is None else point_marks),
               wins, points)
        if key in failed:
            return False
        if key in played_well:
            return True
        for lead, parts in options:
            # the trick's cards are in their players' hands and out of ``left`` while yielded
            tricks = _tricks(rotated(lead), winner, k, parts)
            with contextlib.closing(tricks):     # puts the cards back when a play is found
                for cards in tricks:
                    got = points
                    if points is not None:
                        got = points[:u] + (points[u] - sum(map(value, cards)),) + points[u + 1:]
                        if got[u] < 0:
                            continue
                    if undo(k - 1, lead, wins, got):
                        played_well.add(key)
                        return True
        failed.add(key)
        return False

    def _tricks(order, winner, k, parts=None):
        """Every legal trick of the cards left, played in ``order``, that ``winner`` wins (the
        k-th). One is cut short as soon as its cards could not leave enough of a suit for the
        tricks before it, or (``parts``: the values its cards may show) the points would not
        add up."""
        j = order.index(winner)
        cards: list[Card] = []

        def place(i: int, best: int):
            if i == len(order):
                yield tuple(cards)
                return
            s = order[i]
            led = suit_of[cards[0]] if cards else None
            wins_here = i == j
            must_follow = led is not None and count[s][led] > 0
            # the likely cards first: the led suit, then suits the player holds anyway (a new
            # suit in his hand is a new duty to follow in every earlier trick), the winner's
            # high cards and the others' low ones
            held = suits_held(s)
            rank = ((lambda c: -rules.order[c]) if wins_here else (lambda c: rules.order[c])) \
                if shuffled[0] is None else (lambda c: shuffled[0].random())
            candidates = sorted(
                (c for c in pool if c in left and f.owner.get(c, winner) == winner),
                key=lambda c: (suit_of[c] is not led, suit_of[c] not in held, rank(c)))
            number = runs(cards, plain_marks if parts is None else point_marks)
            seen: set = set()
            for c in candidates:
                if c not in left or (must_follow and suit_of[c] is not led) \
                        or f.played_by.get(c, s) != s or number[c] in seen or (
                            parts is not None and
                            tuple(sorted(value(x) for x in cards + [c])) not in parts):
                    continue
                seen.add(number[c])
                tried[0] += 1
                if tried[0] > run_limit[0]:
                    raise _OutOfBudget
                if i == 0:
                    top = 0
                else:
                    if c not in rules.legal_cards(list(hands[s]) + [c], cards):
                        continue
                    top = i if rules.beats(c, cards[best], led) else best
                if i >= j and top != j:
                    continue
                cards.append(c)
                left.discard(c)
                hands[s].add(c)
                count[s][suit_of[c]] += 1
                try:
                    if k == 1 or suits_suffice(k - 1):
                        yield from place(i + 1, top)
                finally:                # also when the search stops at a trick yielded
                    hands[s].discard(c)
                    count[s][suit_of[c]] -= 1
                    left.add(c)
                    cards.pop()

        yield from place(0, 0)

    # A search can lose itself in a large part with no play while a play lies elsewhere, so it
    # starts again, in another order, with twice the cards to try each time; what it learnt
    # (the questions that failed or succeeded) it keeps, so it ends within about twice the
    # cards one exhaustive search takes.
    shuffled: list = [None]
    run_limit: list = [budget]
    limit, spent = RESTART_CARDS, 0
    while True:
        tried[0] = 0
        run_limit[0] = min(limit, budget - spent)
        try:
            return found_first[0] if undo(k0, f.leader, wins0, points0) else False
        except _OutOfBudget:
            spent += tried[0]
            if spent >= budget:
                return None
        shuffled[0] = random.Random(limit)
        limit *= 2
