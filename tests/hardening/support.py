"""What the hardening tests share: adversarial values, a pool of states in every phase of
every game, the check that a refusal is a short TutorError and left the state untouched, and
the two example budgets (default run, ``-m slow`` run) per category."""

from __future__ import annotations

import collections
import random
import re

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from tutor import TutorError, games
from tutor.games.checks import MESSAGE_LIMIT, quote

# Inputs generated per category: (default run, slow run). The default run stays well under
# a minute for the whole directory; `pytest -m slow tests/hardening` runs the large budgets.
EXAMPLES = {
    "cards": (150, 4000),
    "actions": (150, 4000),
    "hand-made actions": (120, 3000),
    "seats": (120, 3000),
    "records": (120, 3000),
    "options": (120, 3000),
    "constructors": (120, 3000),
    "deck_for": (80, 2000),
    "solver": (40, 1000),
    "bots": (60, 1500),
    "cli": (50, 1200),
}
GENERATED: collections.Counter = collections.Counter()  # inputs actually run, per category

MODES = [pytest.param("default", id="default"),
         pytest.param("slow", id="slow", marks=pytest.mark.slow)]


def budget(category: str, mode: str):
    """Hypothesis settings for a category: derandomised in the default run (the suite is
    reproducible), random in the slow run."""
    default, slow = EXAMPLES[category]
    return settings(max_examples=default if mode == "default" else slow, deadline=None,
                    derandomize=mode == "default", database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


def deep(depth: int):
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


HUGE = "x" * 100_000
SPECIAL = [None, True, False, 0, 1, -1, 2, 3, 4, 5, 6, 9, 99, -10**30, 10**100, 1.5, 0.0, -0.0,
           float("nan"), float("inf"), float("-inf"), "", " ", "0", "1", "x", "North", "random",
           HUGE, "\x00\n\t", "é♥🃏", [], [0], [[]], (), (0,), {}, {"a": 1}, {0: 1}, set(), b"1",
           bytearray(b"0"), object(), Ellipsis, deep(60), 1j]

junk = st.one_of(
    st.integers(0, len(SPECIAL) - 1).map(SPECIAL.__getitem__),  # (a short repr, unlike the list)
    st.integers(), st.integers(-3, 8),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20), st.text(alphabet="0123456789 CDHSTJQKAjk♥♠,-x", max_size=12),
    st.binary(max_size=8),
    st.lists(st.one_of(st.integers(-2, 9), st.text(max_size=4)), max_size=4),
    st.dictionaries(st.text(max_size=6), st.integers(), max_size=3),
    st.tuples(st.integers(-2, 9)),
)


def _play(state, rng, steps):
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


RULES = {
    "euchre": [None, "railroad", "two_handed", "three_handed_cutthroat", "deck_32"],
    "lora": [None, {"penalties": True, "lora_last_card_call": "manual"},
             {"contract_choice": True}, "libyan"],
    "raub": [None, "two_players", "three_players", "trump_seven"],
    "clabber": [None, {"meld_declaration": "choice"}, {"renege_policy": "penalize"},
                "two_player", "six_player"],
}


def _pool() -> list:
    rng = random.Random(17)
    pool = []
    for game, variants in RULES.items():
        for rules in variants:
            for seed in range(3):
                for depth in (0, 3, 12, 40, 200):
                    state = games.new_hand(game, seed=seed, rules=rules)
                    if game == "raub" and rules is None and seed == 0:
                        state = games.new_hand(game, seed=seed, table_mode=True)
                    pool.append(_play(state, rng, depth))
    return pool


POOL = _pool()
states = st.sampled_from(range(len(POOL))).map(lambda i: POOL[i].copy())


def picture(state) -> tuple:
    """Everything a refusal must leave as it was."""
    return (state.record(), state.to_move, state.phase,
            tuple(state.view(s).to_json() for s in range(state.players)), state.snapshot())


# what a learner cannot read: raw reprs, dataclass reprs, Python's own exception texts
UNREADABLE = re.compile("|".join([
    r"0x[0-9a-fA-F]{4,}", r"<[\w.]+ object", r"\bCard\(", r"\bAction\(", r"\b[A-Z]\w+\(\w+=",
    r"Traceback", r"unhashable type", r"has no attribute", r"invalid literal for",
    r"NoneType", r"positional argument", r"unsupported operand", r"index out of range",
    r"object is not", r"KeyError", r"TypeError", r"ValueError", r"AttributeError",
    r"RuntimeError", r"<class '", r"<function ", r"<generator ",
]))


def unreadable(message: str) -> list[str]:
    """The raw pieces of a message no learner should see (what the user typed, quoted, aside)."""
    own_words = re.sub(r"'[^']*'", "''", message)
    return [m.group(0) for m in UNREADABLE.finditer(own_words)]


def refused(err: BaseException, *named) -> str:
    """The refusal is a TutorError with a short, readable message naming (quoting) what is
    given."""
    assert isinstance(err, TutorError), f"{type(err).__name__} escaped: {err}"
    message = str(err)
    assert 0 < len(message) <= MESSAGE_LIMIT, f"{len(message)} characters: {message}"
    assert not unreadable(message), f"unreadable for a learner: {unreadable(message)} in {message}"
    for value in named:
        assert quote(value) in message, f"{quote(value)} is not named in: {message}"
    return message


def attempt(func, *args, **kwargs):
    """``(result, None)`` or ``(None, error)`` — any exception is returned for the asserts."""
    try:
        return func(*args, **kwargs), None
    except Exception as err:  # noqa: BLE001 - the tests assert that it is a TutorError
        return None, err
