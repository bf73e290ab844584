"""Checks shared by every game's ``position()``: a position must be one a real hand could reach.

One helper per fact, each raising :class:`~tutor.errors.PositionError` with a message that names
the field (``hands``, ``trick``, ``won``, ``tricks_won``, a seat field) and quotes the offending
value, shortened:

* :func:`seat` - a seat field (leader, dealer, maker, declarer ...) within the table;
* :func:`seat_map` - a field keyed by seat (a mapping, or a list indexed by seat);
* :func:`cards` and :func:`hands` - card lists, as text (``"AS KS"``) or as a list of cards;
* :func:`count` and :func:`counts` - whole numbers in range (tricks won, passes);
* :func:`conserved` - every card inside the pack and in one place only, naming the card;
* :func:`trick_follows` - the current trick keeps the follow obligations of the rules;
* :func:`hand_sizes` - every seat holds the cards the trick number leaves it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Callable, Iterable, Sequence

from ..cards import Card, parse_card, parse_cards
from ..errors import CardError, PositionError
from .checks import check_seat, check_whole_number, quote

__all__ = ["seat", "seat_map", "cards", "hands", "count", "counts", "conserved",
           "trick_follows", "hand_sizes", "seat_words", "position_args"]

SeatName = Callable[[int], str] | None


def seat_words(seat_no: int, name: SeatName) -> str:
    """``"seat 1 (West)"``: a seat as a message names it."""
    return f"seat {seat_no} ({name(seat_no)})" if name else f"seat {seat_no}"


def seat(value, players: int, what: str, name: SeatName = None, field: str | None = None) -> int:
    """A seat field: a whole number from 0 to ``players - 1`` (not a float, bool or word);
    ``field`` (e.g. ``"trick_winners"``) prefixes the message where ``what`` is not its name."""
    try:
        return check_seat(value, players, what=what, name=name, error=PositionError)
    except PositionError as err:
        if field is None:
            raise
        raise PositionError(f"{field}: {err}") from None


def _seat_key(key, players: int, what: str, name: SeatName) -> int:
    if isinstance(key, str) and key.strip().isdigit():
        key = int(key)               # records and JSON store seat keys as text
    try:
        return seat(key, players, "seat", name)
    except PositionError as err:
        raise PositionError(f"{what}: {err}") from None


def seat_map(value, players: int, what: str, name: SeatName = None) -> dict:
    """A field keyed by seat: a mapping ``{seat: ...}`` (keys may be digit strings, as records
    store them) or a list/tuple indexed by seat. ``None`` gives ``{}``."""
    if value is None:
        return {}
    if isinstance(value, Mapping):
        items = list(value.items())
    elif isinstance(value, (list, tuple)):
        items = list(enumerate(value))
    else:
        raise PositionError(f"{what} must map seats to values, e.g. {{0: ..., 1: ...}}, "
                            f"not {quote(value)}")
    out = {}
    for key, item in items:
        s = _seat_key(key, players, what, name)
        if s in out:
            raise PositionError(f"{what}: {seat_words(s, name)} is given twice")
        out[s] = item
    return out


def cards(value, what: str) -> tuple[Card, ...]:
    """Cards as text (``"AS KS 10H"``) or a list/tuple of card texts or Cards."""
    try:
        if isinstance(value, str):
            return tuple(parse_cards(value))
        if isinstance(value, (list, tuple)):
            return tuple(parse_card(c) for c in value)
    except CardError as err:
        raise PositionError(f"{what}: {err}") from None
    raise PositionError(f"{what} must be cards such as 'AS KS' or ['AS', 'KS'], not {quote(value)}")


def hands(value, players: int, name: SeatName = None, what: str = "hands") -> dict[int, tuple]:
    """``hands``: seat -> cards. A missing argument, a bare string or a list of card texts in
    place of the mapping get a message saying how to write it."""
    if value is None:
        raise PositionError(f"a position needs the {what}: a mapping of seats to cards, "
                            f"e.g. {{0: 'AS KS', 1: 'QH JH', ...}}")
    if isinstance(value, str):
        raise PositionError(f"{what} must map each seat to its cards, e.g. {{0: {quote(value)}, "
                            f"...}}, not a single list of cards")
    # a list of single cards is one hand written flat, unless it has one entry per seat (then
    # it is every seat's hand at the last trick: one card each)
    if isinstance(value, (list, tuple)) and value and len(value) != players and all(
            isinstance(v, (str, Card)) and len(str(v).split()) == 1 for v in value):
        raise PositionError(f"{what} must map each seat to its cards, e.g. {{0: 'AS KS', ...}}, "
                            f"not one list of cards {quote(list(map(str, value)))}")
    return {s: cards(v, f"{what}: the hand of {seat_words(s, name)}")
            for s, v in seat_map(value, players, what, name).items()}


def count(value, what: str, low: int = 0, high: int | None = None) -> int:
    """A whole number within ``low..high`` (tricks, passes)."""
    return check_whole_number(value, what, low, high, error=PositionError)


def counts(value, players: int, what: str, name: SeatName = None, high: int | None = None,
           keys: Mapping | None = None) -> dict[int, int]:
    """A field of whole numbers keyed by seat; ``keys`` maps extra key words (e.g. a side
    ``"NS"``) to a seat. Values must be from 0 to ``high``."""
    if value is None:
        return {}
    if keys and isinstance(value, Mapping):
        value = dict(value)
        extra = {}
        for word, target in keys.items():
            if word in value:
                extra[target] = extra.get(target, 0) + count(value.pop(word), f"{what}[{word}]",
                                                              0, high)
        out = {s: count(v, f"{what} of {seat_words(s, name)}", 0, high)
               for s, v in seat_map(value, players, what, name).items()}
        for s, v in extra.items():
            out[s] = out.get(s, 0) + v
        return out
    return {s: count(v, f"{what} of {seat_words(s, name)}", 0, high)
            for s, v in seat_map(value, players, what, name).items()}


def conserved(groups: Iterable[tuple[str, Iterable[Card]]], pack: Iterable[Card],
              pack_words: str) -> None:
    """Every card inside ``pack`` and in one place only. ``groups`` are (where, cards) pairs,
    e.g. ``("the hand of seat 0 (South)", cards)``; the message names the card and both places."""
    inside = set(pack)
    seen: dict[Card, str] = {}
    for where, group in groups:
        for card in group:
            if card not in inside:
                raise PositionError(f"{_field_of(where)}: {where}: the {card.name} ({card}) is "
                                    f"not in {pack_words}")
            if card in seen:
                other = seen[card]
                places = f"in {where}" if other == where else f"in {other} and in {where}"
                raise PositionError(f"{_field_of(where)}: the {card.name} ({card}) appears twice, "
                                    f"{places}: each card exists once")
            seen[card] = where


_PLACE_FIELDS = (("the hand of", "hands"), ("the trick", "trick"), ("the cards taken", "won"),
                 ("the layout", "laid"))


def _field_of(where: str) -> str:
    """The position field a place of ``conserved`` belongs to."""
    return next((field for start, field in _PLACE_FIELDS if where.startswith(start)), "hands")


def trick_follows(trick_rules, plays: Sequence[tuple[int, Card]],
                  held: Mapping[int, Sequence[Card]], name: SeatName = None) -> None:
    """Each card of the trick in progress was legal when it was played: the player held it
    together with the cards still in his hand (the follow, trump and overtrump obligations of
    ``trick_rules``)."""
    led: list[Card] = []
    for who, card in plays:
        before = list(held.get(who, ())) + [card]
        if led and card not in trick_rules.legal_cards(before, led):
            reason = trick_rules.why_illegal(card, before, led) if hasattr(
                trick_rules, "why_illegal") else ""
            raise PositionError(f"trick: {seat_words(who, name)} played the {card.name} but "
                                f"still holds " + " ".join(str(c) for c in held.get(who, ()))
                                + (f" ({reason})" if reason else "")
                                + ": no real hand gets there")
        led.append(card)


def hand_sizes(order: Sequence[int], held: Mapping[int, Sequence[Card]], played: int,
               size: int, name: SeatName = None, what: str = "hands") -> None:
    """In turn order from the leader, the first ``played`` seats have played to the trick in
    progress: they hold ``size - 1`` cards, the others ``size``."""
    for i, s in enumerate(order):
        want = size - (1 if i < played else 0)
        if s not in held:
            raise PositionError(f"{what}: the hand of {seat_words(s, name)} is missing")
        if len(held[s]) != want:
            note = " (he has played to the trick in progress)" if i < played else ""
            raise PositionError(f"{what}: {seat_words(s, name)} holds {len(held[s])} cards but "
                                f"should hold {want}{note}: every player holds as many cards "
                                f"as tricks are left")


# --------------------------------------------------------------------------- state -> position
def position_args(state) -> dict:
    """The keyword arguments of ``games.position(state.game, **args)`` that rebuild ``state``, a
    hand in its play phase: the same cards, trick, turn, and everything that still decides the
    result (tricks or cards already won, declarer, maker, melds ...). Useful to save a moment of
    real play as a puzzle or to hand a position to the solver.

    Only what ``position`` can state is carried: Clabber's melds count as fixed points (once the
    first trick is over and the melds are settled), Lora's pending last-card call and penalties
    are not carried, and a Clabber ending (a position without ``won``) stays one: the points its
    own tricks took are not carried either, as its earlier tricks' are not known. A state not in its play phase, or a Clabber trick holding a renege (under
    ``renege_policy = "penalize"``), raises :class:`PositionError`.
    """
    if getattr(state, "phase", None) != "play" or state.to_move is None:
        raise PositionError(f"only a hand being played has a position, not one in its "
                            f"{getattr(state, 'phase', 'unknown')} phase")
    extract = _EXTRACTORS[state.game]
    args = extract(state)
    args["rules"] = state.rules.to_dict()
    return args


def _card_texts(cards) -> str:
    return " ".join(str(c) for c in cards)


def _euchre_args(state) -> dict:
    return {
        "hands": {s: _card_texts(state.hands[s]) for s in state.active_seats},
        "trump": state.trump.value, "leader": state.leader,
        "trick": [str(c) for _, c in state.trick],
        "alone": list(state.alone), "maker": state.maker, "dealer": state.dealer,
        "tricks_won": {s: w for s, w in enumerate(state.tricks_won) if w},
        "players": state.players,
    }


def _lora_args(state) -> dict:
    args = {"contract": state.contract, "dealer": state.dealer,
            "hands": {s: _card_texts(state.hands[s]) for s in range(4)}}
    if state.contract == "lora":
        from . import lora_layout as layout
        laid = [c for suit_cards in (layout.pile_cards(s, state.piles[s.index], state.start_rank)
                                     for s in _suits()) for c in suit_cards] \
            if state.start_rank is not None else []
        args.update(leader=state.to_move, laid=_card_texts(laid),
                    start_rank=state.start_rank.char if state.start_rank else None,
                    passes={s: p for s, p in enumerate(state.passes) if p})
        return args
    won = state.won_cards()
    counts = state.trick_counts()
    args.update(leader=state.leader, trick=[str(c) for _, c in state.trick],
                won={s: _card_texts(cs) for s, cs in enumerate(won) if cs},
                tricks_won={s: c for s, c in enumerate(counts) if c})
    winners = [state.winner_of(k) for k in range(1, state.tricks_played + 1)]
    if winners and None not in winners:
        args["trick_winners"] = winners
    return args


def _suits():
    from ..cards import SUITS
    return SUITS


def _raub_args(state) -> dict:
    return {
        "hands": {s: _card_texts(state.hands[s]) for s in state.active_seats},
        "trump": state.trump.value, "declarer": state.declarer, "players": state.players,
        "active": list(state.active_seats), "leader": state.leader,
        "trick": [str(c) for _, c in state.trick], "need": state.need, "kind": state.kind,
        "tricks_won": {s: w for s, w in enumerate(state.tricks_won) if w},
        "dealer": state.dealer, "scores": list(state.scores), "refas": state.refas,
    }


def _clabber_args(state) -> dict:
    from .clabber import BELL_POINTS
    if state.offences:
        raise PositionError("the trick in progress holds a renege: that hand ends in the renege's "
                            "penalty when the trick is complete, which a position cannot state")
    melds = dict(state.meld_points())
    if state.melds_on and state.bell_holder is not None and state.outcome != "played":
        melds[state.side(state.bell_holder)] += BELL_POINTS
    return {
        "hands": {s: _card_texts(state.hands[s]) for s in range(state.players)},
        "trump": state.trump.value, "leader": state.leader,
        "trick": [str(c) for _, c in state.trick], "maker": state.maker, "dealer": state.dealer,
        "won": ({str(side): p for side, p in state.card_points_by_side().items()}
                if state.counts_every_trick() else {}),
        "melds": {str(side): p for side, p in melds.items() if p},
        "players": state.players,
    }


_EXTRACTORS = {"euchre": _euchre_args, "lora": _lora_args, "raub": _raub_args,
               "clabber": _clabber_args}
