"""Lora conformance: seeded random play through legal_actions()/apply() for every contract and
every variant combination the option table allows (rules file 9.9).

Checked on every hand: each action is legal, undo() restores the exact snapshot, replay of the
record rebuilds the same state, no view shows another seat's hidden card, the 32 cards are
conserved, and the hand scores follow the rules (recomputed here independently)."""

import random

import pytest

from tutor import games
from tutor.cards import Rank, Suit
from tutor.errors import TutorError
from tutor.games import lora

from test_lora_helpers import play_random

# Every variant combination of the option table, each with all its contracts.
CONFIGS = {
    "basic": {},
    "little_lora": {"rules": "little_lora"},
    "king_hearts_sixth_trick": {"rules": "king_hearts_sixth_trick"},
    "little+sixth": {"rules": "little_lora+king_hearts_sixth_trick"},
    "jack_clubs_partner": {"jack_clubs_partner": True},
    "lora_pass_penalty": {"rules": "lora_pass_penalty"},
    "pass_penalty_out_free": {"rules": "lora_pass_penalty", "lora_out_player_pays_passes": False},
    "packet_deal": {"packet_deal_on_no_cut": True},
    "choice": {"contract_choice": True},
    "choice_dealer_block_extra": {"contract_choice": True, "contract_chooser": "dealer",
                                  "deal_rotation": "block", "extra_hands": True},
    "penalties": {"penalties": True, "slow_play_seconds": 20, "aborted_hand_counts": False},
    "libyan": {"rules": "libyan"},
    "libyan_takers_one_attempt": {"rules": "libyan", "libyan_two_players_penalize": "takers",
                                  "libyan_two_players_attempts": 1},
    "libyan_manual_call": {"rules": "libyan", "lora_last_card_call": "manual", "penalties": True},
    "libyan_choice_packets": {"rules": "libyan", "contract_choice": True, "extra_hands": True,
                              "packet_deal_on_no_cut": True},
    "custom_lora_points": {"lora_out_points": 0, "lora_card_points": 2, "lora_pass_points": 3,
                           "lora_double_on_start_rank": True, "lora_last_card_call": "auto"},
}

HANDS_PER_CONTRACT = 19  # about 2,150 hands over all configurations and contracts


def cases():
    for name, options in CONFIGS.items():
        rules = lora.resolve(**{k: v for k, v in options.items() if k != "rules"}) if "rules" not in options \
            else lora.resolve(options["rules"], **{k: v for k, v in options.items() if k != "rules"})
        for contract in rules.contracts:
            yield pytest.param(rules, contract, id=f"{name}-{contract}")


def expected_points(state):
    """The rules file's scores, recomputed from the finished hand without the engine's scorer."""
    r = state.rules
    c = state.contract
    won = {s: [] for s in range(4)}
    tricks = {s: 0 for s in range(4)}
    for _, plays, w in state.tricks:
        won[w] += [card for _, card in plays]
        tricks[w] += 1
    count = lambda s, test: sum(1 for card in won[s] if test(card))
    heart = lambda card: card.suit is Suit.HEARTS
    queen = lambda card: card.rank is Rank.QUEEN
    is_card = lambda text: (lambda card: str(card) == text)
    pts = {s: 0 for s in range(4)}
    if c == "minimum":
        pts = dict(tricks)
    elif c == "maximum":
        pts = {s: -tricks[s] for s in range(4)}
    elif c == "tricks":
        pts = {s: -8 if tricks[s] == 8 else tricks[s] for s in range(4)}
    elif c == "queens":
        pts = {s: 2 * count(s, queen) for s in range(4)}
    elif c == "queens_libyan":
        pts = {s: -8 if count(s, queen) == 4 else 2 * count(s, queen) for s in range(4)}
    elif c == "hearts":
        pts = {s: -8 if count(s, heart) == 8 else count(s, heart) for s in range(4)}
    elif c == "jack_of_clubs":
        taker = next(s for s in range(4) if count(s, is_card("JC")))
        if r.jack_clubs_partner:
            pts[taker], pts[(taker + 2) % 4] = 6, 2
        else:
            pts[taker] = 8
    elif c == "jack_of_clubs_libyan":
        taker = next(s for s in range(4) if count(s, is_card("JC")))
        pts[(taker + 1) % 4] = 8
    elif c in ("king_hearts_last_trick", "king_hearts_sixth_trick", "king_of_hearts", "sixth_trick"):
        if c != "sixth_trick":
            taker = next(s for s in range(4) if count(s, is_card("KH")))
            pts[taker] += 8 if c == "king_of_hearts" else 4
        if c != "king_of_hearts":
            number = 8 if c == "king_hearts_last_trick" else 6
            pts[state.tricks[number - 1][2]] += 8 if c == "sixth_trick" else 4
    elif c == "two_players":
        qualified = [s for s in range(4) if tricks[s] >= 3]
        if len(qualified) == 2:
            payers = qualified if r.libyan_two_players_penalize == "takers" else \
                [s for s in range(4) if s not in qualified]
            for s in payers:
                pts[s] = 4
        elif state.attempt >= r.libyan_two_players_attempts:
            pts[state.dealer] = 8
    elif c == "lora":
        out = [s for s in range(4) if not state.hands[s]]
        assert out == [state.out], "exactly one player goes out"
        mult = 2 if r.lora_double_on_start_rank and state.out_card.rank == state.start_rank else 1
        for s in range(4):
            if s == state.out:
                pts[s] = r.lora_out_points + (mult * r.lora_pass_points * state.passes[s]
                                              if r.lora_out_player_pays_passes else 0)
            else:
                pts[s] = mult * (r.lora_card_points * len(state.hands[s]) + r.lora_pass_points * state.passes[s])
    return pts


def check_sums(state, pts):
    c, total = state.contract, sum(pts.values())
    if c in ("minimum", "queens", "jack_of_clubs", "king_hearts_last_trick", "king_hearts_sixth_trick",
             "king_of_hearts", "jack_of_clubs_libyan", "sixth_trick"):
        assert total == 8
    elif c == "maximum":
        assert total == -8
    elif c in ("hearts", "queens_libyan", "tricks"):
        assert total == 8 or (total == -8 and sorted(pts.values()) == [-8, 0, 0, 0])
    elif c == "two_players":
        assert total in (0, 8)


@pytest.mark.parametrize("rules, contract", list(cases()))
def test_conformance_random_hands(rules, contract):
    run_hands(rules, contract, HANDS_PER_CONTRACT)


@pytest.mark.slow
@pytest.mark.parametrize("rules, contract", list(cases()))
def test_conformance_random_hands_long(rules, contract):
    run_hands(rules, contract, 120, offset=10_000)


def run_hands(rules, contract, count, offset=0):
    for seed in range(offset, offset + count):
        rng = random.Random(seed)
        attempt = 1 + seed % rules.libyan_two_players_attempts if contract == "two_players" else 1
        if rules.contract_choice:
            state = lora.new_hand(seed=seed, rules=rules, available=(contract,) if seed % 3 == 0 else None,
                                  attempt=attempt)
        else:
            state = lora.new_hand(seed=seed, rules=rules, contract=contract, attempt=attempt)
        play_random(state, rng, check_every=1 + seed % 3)
        res = state.result()
        pts = dict(res.points)
        assert sum(p for *_, p, _ in state.penalty_log) == 0 or rules.penalties
        assert pts == expected_points(state)
        check_sums(state, pts)
        assert all(a in state.VERBS for a in (act.verb for _, act in state.actions))


STRICT_CONFIGS = {
    "strict": lora.resolve(penalties=True, slow_play_seconds=5),
    "strict_redeal": lora.resolve("lora_pass_penalty", penalties=True, aborted_hand_counts=False),
    "strict_libyan_manual": lora.resolve("libyan", penalties=True, lora_last_card_call="manual"),
}


def irregular_attempt(state, rng):
    """An action a careless player might send: mostly legal, sometimes not."""
    roll = rng.random()
    if roll < 0.04:
        seat = rng.randrange(4)
        if state.hands[seat]:
            return f"play {rng.choice(state.hands[seat])}", seat
    if roll < 0.06:
        return "pass", None
    if roll < 0.08:
        return f"penalty P6 {state.to_move if rng.random() < 0.7 else rng.randrange(4)}", None
    if roll < 0.09:
        return f"penalty P4 {rng.randrange(4)}", None
    if state.call_due is not None and roll < 0.4:
        return "pass", None  # the next player acts before the call
    return str(rng.choice(state.legal_actions())), None


@pytest.mark.parametrize("name", list(STRICT_CONFIGS))
def test_strict_table_random_irregularities(name):
    rules = STRICT_CONFIGS[name]
    ended = 0
    for seed in range(60):
        rng = random.Random(seed)
        contract = rules.contracts[seed % len(rules.contracts)]
        state = lora.new_hand(seed=seed, rules=rules, contract=contract)
        while not state.is_over:
            text, seat = irregular_attempt(state, rng)
            before, done = state.snapshot(), len(state.actions)
            try:
                state.apply(text, seat=seat)
            except TutorError:
                assert state.snapshot() == before
                continue
            after = state.snapshot()
            for _ in range(len(state.actions) - done):
                state.undo()
            assert state.snapshot() == before
            state.apply(text, seat=seat)
            assert state.snapshot() == after
        twin = games.replay(state.record())
        assert twin.snapshot() == state.snapshot()
        res = state.result()
        penalties = {s: sum(p for who, _, p, _ in state.penalty_log if who == s) for s in range(4)}
        if state.ended_by is not None:
            ended += 1
            assert state.ended_by == state.penalty_log[-1][1] and state.ended_by in ("P2", "P3", "P5")
            assert dict(res.points) == penalties
            assert res.details["redeal"] == (not rules.aborted_hand_counts)
        else:
            assert res.details["contract_points"] == expected_points(state)
            assert dict(res.points) == {s: expected_points(state)[s] + penalties[s] for s in range(4)}
    assert ended > 0
