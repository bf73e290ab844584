"""``parse_cards`` from every kind of iterable, and hand records broken in depth (nested junk,
huge numbers, extra and missing fields, wrong seat counts, another game's actions): a value is
read exactly or refused with a readable CardError / RecordError naming the field."""

import copy
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor import RecordError, games
from tutor.cards import Card, parse_card, parse_cards
from tutor.errors import CardError

from .support import GENERATED, MODES, POOL, attempt, budget, junk, refused

CARD_TEXTS = ["AS", "KS", "TH", "10H", "9c", "Joker", "J♦", "♥Q"]
good_token = st.one_of(st.sampled_from(CARD_TEXTS), st.sampled_from(CARD_TEXTS).map(parse_card))


class Failing:
    """An iterable whose iteration fails after some cards."""

    def __init__(self, items, error):
        self.items, self.error = items, error

    def __iter__(self):
        yield from self.items
        raise self.error


@st.composite
def iterables(draw):
    """(value, the cards it must give or None when it must be refused)"""
    tokens = draw(st.lists(good_token, max_size=5, unique_by=lambda t: parse_card(t)))
    cards = tuple(parse_card(t) for t in tokens)
    how = draw(st.sampled_from(["list", "tuple", "generator", "iterator", "set", "frozenset",
                                "text", "one card", "one Card", "bytes", "dict", "nested",
                                "failing", "number", "junk in list", "dict view", "range"]))
    if how == "list":
        return list(tokens), cards
    if how == "tuple":
        return tuple(tokens), cards
    if how == "generator":
        return (t for t in tokens), cards
    if how == "iterator":
        return iter(tokens), cards
    if how in ("set", "frozenset"):
        return (set if how == "set" else frozenset)(tokens), tuple(sorted(cards))
    if how == "text":
        return " ".join(str(t) for t in tokens), cards
    if how == "one card":
        return str(draw(st.sampled_from(CARD_TEXTS))), None
    if how == "one Card":
        card = parse_card(draw(st.sampled_from(CARD_TEXTS)))
        return card, (card,)
    if how == "bytes":
        return " ".join(map(str, tokens)).encode(), None
    if how == "dict":
        return {str(t): 1 for t in tokens}, None
    if how == "nested":
        return [list(tokens)] + list(tokens), None
    if how == "failing":
        return Failing(tokens, draw(st.sampled_from([ValueError("x"), KeyError("x"),
                                                     RuntimeError("x"), TypeError("x")]))), None
    if how == "number":
        return draw(st.one_of(st.integers(), st.floats())), None
    if how == "dict view":
        return {str(t): 1 for t in tokens}.keys(), cards
    if how == "range":
        return range(draw(st.integers(0, 3))), None
    return list(tokens) + [draw(junk)], None


@pytest.mark.parametrize("mode", MODES)
def test_parse_cards_from_any_iterable(mode):
    @budget("cards", mode)
    @given(case=iterables())
    def check(case):
        GENERATED["cards"] += 1
        value, expected = case
        cards, err = attempt(parse_cards, value)
        if err is not None:
            refused(err)
            assert isinstance(err, CardError), type(err).__name__
            return
        assert all(isinstance(c, Card) for c in cards)
        if expected is not None:
            assert cards == expected
        elif isinstance(value, str):
            assert cards == (parse_card(value),)       # a single card as text
    check()


def test_parse_cards_reads_a_set_in_card_order_and_a_single_card():
    assert parse_cards({"KS", "AS", "TH"}) == tuple(sorted(parse_cards("KS AS TH")))
    assert parse_cards(parse_card("AS")) == (parse_card("AS"),)
    assert parse_cards("10H") == (parse_card("TH"),)
    for bad in (b"AS KS", {"AS": 1}, 5, [["AS"]], None):
        with pytest.raises(CardError):
            parse_cards(bad)


# --------------------------------------------------------------------------- records
def _position_records() -> list:
    """Records of positions (a setup that is a position's arguments) cut from real play."""
    out = []
    for state in POOL:
        if state.phase == "play" and not state.is_over and not getattr(state, "offences", ()):
            position = games.position(state.game, **games.position_args(state))
            out.append(position.record())
    return out


RECORDS = [s.record() for s in POOL] + _position_records()
OTHER_ACTIONS = {game: sorted({a for s in POOL if s.game == game for a in s.record()["actions"]})
                 for game in games.GAMES}

nested = st.recursive(junk, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=5), inner, max_size=3)),
    max_leaves=8)


def _paths(value, prefix=()):
    """Every place inside a record's nested fields."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, prefix + (i,))


def _put(record, path, value):
    target = record
    for key in path[:-1]:
        target = target[key]
    if value is _DROP:
        if isinstance(target, dict):
            del target[path[-1]]
        else:
            target.pop(path[-1])
    else:
        target[path[-1]] = value


_DROP = object()


@st.composite
def deep_broken_records(draw):
    record = copy.deepcopy(draw(st.sampled_from(RECORDS)))
    how = draw(st.sampled_from(["nested", "drop", "extra", "huge", "players", "other game",
                                "seat count"]))
    paths = [p for p in _paths(record) if p]
    if how == "extra":
        where = draw(st.sampled_from([(), ("setup",), ("rules",)]))
        target = record
        for key in where:
            target = target[key]
        target[draw(st.sampled_from(["extra", "x", "", "players", "seed"]))] = draw(nested)
        return record
    if how == "players":
        record["rules"]["players" if record["game"] in ("euchre", "clabber") else
                        "player_count"] = draw(st.sampled_from([1, 2, 3, 4, 5, 6, 8, 0]))
        return record
    if how == "seat count":
        setup = record["setup"]
        setup["players"] = draw(st.sampled_from([1, 2, 3, 4, 5, 6, 7]))
        return record
    if how == "other game":
        other = draw(st.sampled_from([g for g in games.GAMES if g != record["game"]]))
        if OTHER_ACTIONS[other]:
            record["actions"] = record["actions"] + draw(st.lists(
                st.sampled_from(OTHER_ACTIONS[other]), min_size=1, max_size=3))
        return record
    path = draw(st.sampled_from(paths))
    if how == "drop":
        _put(record, path, _DROP)
    elif how == "huge":
        _put(record, path, draw(st.sampled_from([10**30, -10**30, 2**63, 10**4000 if False else
                                                  10**300, 1e308, -1])))
    else:
        _put(record, path, draw(nested))
    return record


@pytest.mark.parametrize("mode", MODES)
def test_records_broken_in_depth(mode):
    @budget("records", mode)
    @given(record=deep_broken_records())
    def check(record):
        GENERATED["records"] += 1
        state, err = attempt(games.replay, record)
        if err is None:
            assert state.record()["game"] == record["game"].strip().lower()
            return
        message = refused(err)
        assert isinstance(err, RecordError), f"{type(err).__name__}: {message}"
        assert re.search(r"field '[\w ]+'|actions\[\d+\]|hand record", message), message
    check()
