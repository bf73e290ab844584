"""Argument checks shared by every public entry point: one helper per concept (a seat, a dealer,
a seed, a number of players, a whole or finite number, a card list, a deck, a hand record), so
every game refuses bad input up front, with the same words, before anything changes.

Each helper returns the checked value (normalised where that is safe, e.g. a card list read into
Cards) or raises a :class:`~tutor.errors.TutorError` subclass whose message quotes the offending
value, shortened to about 40 characters (:func:`quote`).
"""

from __future__ import annotations

import math
import re
from typing import Callable, Iterable, Mapping, Sequence

from ..errors import CardError, IllegalAction, RecordError, RulesError, TutorError

__all__ = ["quote", "listing", "check_seat", "check_dealer", "check_seed", "check_whole_number",
           "check_finite", "check_players", "check_choice", "check_bool", "check_mapping",
           "check_card_list", "check_deck", "check_record", "record_field",
           "MESSAGE_LIMIT", "clip", "setup_field", "check_spec", "check_hands", "missing_fields"]

QUOTE_LIMIT = 40
MESSAGE_LIMIT = 300  # no message a user can cause is longer than this


def quote(value, limit: int = QUOTE_LIMIT) -> str:
    """``value`` as the user wrote it, in quotes, shortened to about ``limit`` characters.

    Strings are shown between single quotes as they are (control characters escaped); numbers,
    lists and dicts as Python writes them, with cards in their text form (``'AS'``); any other
    object by its kind (``a Rules value``), never as a raw ``<... at 0x...>`` or a dataclass
    repr. A long value keeps its start and ends with ``...``.
    """
    try:
        text = _shown(value, 0)
    except RecursionError:  # a structure nested too deeply to print
        text = f"<a deeply nested {type(value).__name__}>"
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return text


_PLAIN = (int, float, complex, bytes, bytearray, type(None), type(Ellipsis))


def _shown(value, depth: int) -> str:
    from ..cards import Card
    if depth > 40:
        raise RecursionError
    if isinstance(value, str):
        return "'" + value + "'" if value.isprintable() else repr(value)
    if isinstance(value, Card):
        return "'" + str(value) + "'"
    if isinstance(value, _PLAIN):
        return repr(value)
    if type(value) in (list, tuple, set, frozenset):
        items = [_shown(v, depth + 1) for v in value]
        if type(value) is list:
            return "[" + ", ".join(items) + "]"
        if type(value) is tuple:
            return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
        return "{" + ", ".join(items) + "}" if items else "an empty set"
    if type(value) is dict:
        return "{" + ", ".join(f"{_shown(k, depth + 1)}: {_shown(v, depth + 1)}"
                               for k, v in value.items()) + "}"
    from ..games.actions import Action
    if isinstance(value, Action):
        return "'" + str(value) + "'"
    if hasattr(value, "value") and isinstance(getattr(value, "value"), str) and \
            type(value).__name__ in ("Suit", "Rank"):
        return "'" + value.value + "'"
    kind = type(value).__name__.replace("_", " ")
    return f"{'an' if kind[:1].lower() in 'aeiou' else 'a'} {kind} value"


def clip(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """A message built from parts (a field's name and the reason) kept within ``limit``."""
    return message if len(message) <= limit else message[: limit - 3] + "..."


def listing(items: Iterable, limit: int = 120) -> str:
    """``a, b, c`` for messages; a long list is cut after about ``limit`` characters and says how
    many items are left out."""
    items = [str(i) for i in items]
    shown: list[str] = []
    used = 0
    for i, item in enumerate(items):
        if shown and used + len(item) + 2 > limit:
            return ", ".join(shown) + f" and {len(items) - i} more"
        shown.append(item)
        used += len(item) + 2
    return ", ".join(shown)


def _is_whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_whole_number(value, what: str, low: int | None = None, high: int | None = None,
                       error: type[TutorError] = TutorError) -> int:
    """A whole number (not a bool, float or string) within ``low..high`` (inclusive)."""
    if not _is_whole(value):
        raise error(f"{what} must be a whole number, not {quote(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        if low is not None and high is not None:
            raise error(f"{what} must be from {low} to {high}, not {quote(value)}")
        bound = f"at least {low}" if low is not None else f"at most {high}"
        raise error(f"{what} must be {bound}, not {quote(value)}")
    return value


def check_seat(value, players: int, what: str = "seat",
               name: Callable[[int], str] | None = None,
               error: type[TutorError] = IllegalAction, where: str = "") -> int:
    """A seat number ``0..players-1``; ``name`` (seat -> words) lists the seats in the message,
    ``where`` (e.g. "hands: ") says where the seat was given."""
    if not _is_whole(value) or not 0 <= value < players:
        seats = ", ".join(f"{s} ({name(s)})" if name else str(s) for s in range(players))
        raise error(f"{where}there is no {what} {quote(value)}: the seats are {seats}")
    return value


def check_dealer(value, players: int, name: Callable[[int], str] | None = None,
                 error: type[TutorError] = IllegalAction) -> int:
    """The dealer's seat (``None`` is handled by the caller: it means 'choose one')."""
    return check_seat(value, players, what="dealer seat", name=name, error=error)


def check_seed(value, error: type[TutorError] = TutorError):
    """A seed for ``random.Random``: ``None``, a whole number or a string."""
    if value is None or _is_whole(value) or isinstance(value, str):
        return value
    raise error(f"a seed must be a whole number or a word, not {quote(value)}")


def check_finite(value, what: str, error: type[TutorError] = TutorError) -> float:
    """A real number that is neither NaN nor infinite (ints and floats, not bools)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise error(f"{what} must be a finite number, not {quote(value)}")
    return value


_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def check_players(value, allowed: Sequence[int], game: str,
                  error: type[TutorError] = RulesError) -> int:
    """A number of players the game is played by (``allowed``)."""
    if not _is_whole(value) or value not in allowed:
        words = [_NUMBER_WORDS.get(n, str(n)) for n in allowed]
        counts = ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 \
            else f"exactly {words[0]}"
        raise error(f"{game} is played by {counts} players, not {quote(value)}")
    return value


def check_choice(value, choices: Sequence, what: str,
                 error: type[TutorError] = TutorError):
    """One of ``choices`` (compared by equality, so an unhashable value is simply refused)."""
    if isinstance(value, bool) or not any(value == c and type(value) is type(c) for c in choices):
        raise error(f"{what} {quote(value)} is not allowed; choose one of "
                    f"{listing(quote(c) for c in choices)}")
    return value


def check_bool(value, what: str, error: type[TutorError] = TutorError) -> bool:
    """``True`` or ``False`` (not 0, 1 or a word)."""
    if not isinstance(value, bool):
        raise error(f"{what} must be true or false, not {quote(value)}")
    return value


def check_mapping(value, what: str, error: type[TutorError] = TutorError) -> Mapping:
    """A mapping (a dict, or a JSON object)."""
    if not isinstance(value, Mapping):
        raise error(f"{what} must be a dict (a JSON object), not {quote(value)}")
    return value


def _card_tokens(value, what: str, error: type[TutorError]) -> list:
    from ..cards import Card
    if isinstance(value, str):
        return [t for t in re.split(r"[\s,;]+", value.strip()) if t]
    if isinstance(value, Card):
        return [value]
    if isinstance(value, (bytes, bytearray, Mapping)) or not isinstance(value, Iterable):
        raise error(f"{what} must be cards, such as 'AS KS TH' or a list of cards, not "
                    f"{quote(value)}")
    return list(value)


def check_card_list(value, what: str, pack: Sequence | None = None, pack_name: str | None = None,
                    error: type[TutorError] = CardError, repeats: bool = False) -> tuple:
    """Cards from ``"AS KS 10H"`` (spaces or commas), one card, or a list of cards or tokens.

    With ``pack`` every card must belong to it (``pack_name`` names it in the message; the
    default is "the N-card pack"); a card given twice is refused unless ``repeats``. The message
    names the offending token or card.
    """
    from ..cards import parse_card
    cards = []
    for item in _card_tokens(value, what, error):
        try:
            cards.append(parse_card(item))
        except CardError as err:
            raise error(f"{what}: {err}") from err
    if pack is not None:
        members = set(pack)
        for card in cards:
            if card not in members:
                where = pack_name or f"the {len(members)}-card pack"
                raise error(f"{what}: the {card.name} ({card}) is not in {where}")
    if not repeats:
        seen = set()
        for card in cards:
            if card in seen:
                raise error(f"{what}: the {card.name} ({card}) appears twice; each card "
                            f"exists exactly once")
            seen.add(card)
    return tuple(cards)


def check_deck(value, pack: Sequence, what: str = "deck", pack_name: str | None = None,
               error: type[TutorError] = CardError, partial: bool = False) -> tuple:
    """A deck order: the cards of ``pack``, each exactly once (``partial``: some may be missing,
    the caller fills them in). The message names a card out of the pack, a card given twice,
    or the missing cards."""
    cards = check_card_list(value, what, pack, pack_name, error)
    if not partial and len(cards) != len(pack):
        from ..cards import format_cards
        missing = [c for c in pack if c not in set(cards)]
        raise error(f"{what}: {len(cards)} cards; a deck is all {len(pack)} cards of "
                    f"{pack_name or 'the pack'}, missing {quote(format_cards(missing), 60)}")
    return cards


def check_hands(value, players: int, pack: Sequence, pack_name: str | None = None,
                 most: int | None = None, what: str = "hands",
                 name: Callable[[int], str] | None = None,
                 error: type[TutorError] = CardError) -> dict:
    """Chosen hands: a dict {seat: cards} (a seat may be written as text, ``"0"``, as JSON and
    TOML write keys) or a list with one entry per seat. Each hand is a card list of ``pack``, at
    most ``most`` cards; a card named twice, in one hand or in two, is refused by name."""
    if isinstance(value, Mapping):
        items = list(value.items())
    elif isinstance(value, (list, tuple)):
        items = list(enumerate(value))
    else:
        raise error(f"{what} must map seats to cards, such as {{0: 'AS KS'}}, not {quote(value)}")
    out: dict = {}
    seen: dict = {}
    for key, cards in items:
        seat = int(key) if isinstance(key, str) and key.strip().isdecimal() and \
            key.strip().isascii() else key
        check_seat(seat, players, name=name, error=error, where=f"{what}: ")
        if seat in out:
            raise error(f"{what}: seat {seat} is given twice")
        hand = check_card_list(cards, f"{what}, seat {seat}", pack, pack_name, error)
        if most is not None and len(hand) > most:
            raise error(f"{what}, seat {seat}: {len(hand)} cards; a hand has at most "
                        f"{_NUMBER_WORDS.get(most, most)}")
        for card in hand:
            if card in seen:
                raise error(f"{what}: the {card.name} ({card}) is given twice, to seats "
                            f"{seen[card]} and {seat}; each card exists once")
            seen[card] = seat
        out[seat] = hand
    return out


# --------------------------------------------------------------------------- hand records
RECORD_FIELDS = ("game", "rules", "setup", "actions")


def check_record(record, games: Sequence[str]) -> tuple[str, Mapping, Mapping, tuple[str, ...]]:
    """The four fields of a hand record (``state.record()``): ``game`` (one of ``games``),
    ``rules`` and ``setup`` (dicts) and ``actions`` (a list of action strings)."""
    if not isinstance(record, Mapping):
        raise RecordError(f"a hand record is a dict (a JSON object) with the fields "
                          f"{', '.join(RECORD_FIELDS)}, not {quote(record)}")
    missing = [f for f in RECORD_FIELDS if f not in record]
    if missing:
        raise RecordError(f"the hand record has no field {quote(missing[0])}; a record has "
                          f"{', '.join(RECORD_FIELDS)}")
    game = record["game"]
    if not isinstance(game, str) or game.strip().lower() not in games:
        raise RecordError(f"hand record, field 'game': {quote(game)} is not a game; the games "
                          f"are {', '.join(games)}")
    rules = record_field(record, "rules", check_mapping, "the rules")
    setup = record_field(record, "setup", check_mapping, "the setup")
    actions = record["actions"]
    if isinstance(actions, (str, bytes, Mapping)) or not isinstance(actions, (list, tuple)):
        raise RecordError(f"hand record, field 'actions': a list of actions such as "
                          f"['pass', 'play JH'], not {quote(actions)}")
    for i, text in enumerate(actions):
        if not isinstance(text, str):
            raise RecordError(f"hand record, field 'actions[{i}]': an action is text such as "
                              f"'play JH', not {quote(text)}")
    return game.strip().lower(), rules, setup, tuple(actions)


def record_field(record: Mapping, name: str, check: Callable, *args, default=None,
                 optional: bool = False, where: str = "hand record", **kwargs):
    """``check(record[name], *args, **kwargs)`` with any refusal turned into a
    :class:`RecordError` that names the field; a missing field is an error unless ``optional``
    (then ``default`` is returned)."""
    if name not in record:
        if optional:
            return default
        raise RecordError(f"{where} has no field {quote(name)}")
    try:
        return check(record[name], *args, **kwargs)
    except RecordError:
        raise
    except TutorError as err:
        raise RecordError(clip(f"{where}, field {quote(name)}: {err}")) from err


def setup_field(setup: Mapping, name: str, check: Callable, *args, default=None,
                optional: bool = False, **kwargs):
    """A field of a hand record's ``setup`` read by ``check`` (see :func:`record_field`)."""
    return record_field(setup, name, check, *args, default=default, optional=optional,
                        where="hand record, 'setup'", **kwargs)


def _parameters(func) -> dict:
    import inspect
    return dict(inspect.signature(func).parameters)


def missing_fields(func, given, reserved: Sequence[str] = ()) -> list[str]:
    """The required keyword parameters of ``func`` that ``given`` (names) leaves out."""
    return [p for p, param in _parameters(func).items()
            if param.default is param.empty and p not in given and p not in reserved
            and param.kind in (param.POSITIONAL_OR_KEYWORD, param.KEYWORD_ONLY)]


def check_spec(value, what: str, reserved: Sequence[str] = ("rules",),
               error: type[TutorError] = TutorError, allowed: Callable | None = None) -> dict:
    """Keyword arguments given as a dict (e.g. a saved position): text keys that are names,
    none of them ``reserved``; with ``allowed`` (a function), only its keyword parameters."""
    check_mapping(value, what, error)
    names = None
    if allowed is not None:
        missing = missing_fields(allowed, value, reserved)
        if missing:
            raise error(f"{what} has no field {quote(missing[0])}")
        names = [p for p, param in _parameters(allowed).items() if p not in reserved
                 and param.kind is not param.VAR_KEYWORD]
    for key in value:
        if not isinstance(key, str) or not key.isidentifier() or key in reserved or (
                names is not None and key not in names):
            known = f"; the fields are {listing(names)}" if names else ""
            raise error(clip(f"{what}: {quote(key)} is not a field name here{known}"))
    return dict(value)
