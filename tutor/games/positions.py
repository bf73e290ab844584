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
           "trick_follows", "hand_sizes", "seat_words"]

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
    if isinstance(value, (list, tuple)) and value and all(
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
                raise PositionError(f"{where}: the {card.name} ({card}) is not in {pack_words}")
            if card in seen:
                other = seen[card]
                places = f"in {where}" if other == where else f"in {other} and in {where}"
                raise PositionError(f"the {card.name} ({card}) appears twice, {places}: each "
                                    f"card exists once")
            seen[card] = where


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
