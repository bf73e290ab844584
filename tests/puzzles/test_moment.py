"""from_moment: a moment of a played hand becomes a position that plays and solves exactly
like the hand itself."""

import random

import pytest

from tutor import games, puzzles
from tutor.puzzles.mine import _played_down
from tutor.solver import solve


def _lora_played(contract, k, seed):
    rng = random.Random(seed)
    from tutor.cards import deck
    cards = list(deck("32"))
    rng.shuffle(cards)
    hands = {s: [str(c) for c in cards[8 * s:8 * s + 8]] for s in range(4)}
    state = games.position("lora", contract=contract, hands=hands, leader=rng.randrange(4))
    while len(state.hands[state.to_move]) > k or state.trick:
        state.push(rng.choice(state.legal_actions()))
    return state


def _moments():
    out = []
    for game in ("euchre", "raub", "clabber"):
        for seed in range(3):
            state = _played_down(random.Random(seed), game, 3)
            if state is not None:
                out.append(pytest.param(state, id=f"{game}-{seed}"))
    for contract in ("minimum", "queens", "hearts", "king_hearts_last_trick"):
        out.append(pytest.param(_lora_played(contract, 3, 1), id=f"lora-{contract}"))
    return out


@pytest.mark.parametrize("state", _moments())
def test_a_saved_moment_solves_like_the_hand(state):
    hero = state.to_move
    half = puzzles.from_moment(state, hero)
    assert not half.is_complete and half.goal.text
    again = half.start_state()
    assert again.hands == state.hands and again.to_move == state.to_move
    assert list(again.trick) == list(state.trick)
    mine, theirs = solve(again, hero=hero), solve(state, hero=hero)
    assert mine.value == theirs.value      # earlier tricks and captures carried over
    assert ({str(a): v for a, v in mine.moves.items()}
            == {str(a): v for a, v in theirs.moves.items()})
    # the file round trip keeps it
    back = puzzles.loads(puzzles.dumps([half]))[0]
    assert back.start_state().hands == state.hands


def test_a_layout_moment():
    rng = random.Random(5)
    from tutor.cards import deck
    cards = list(deck("32"))
    rng.shuffle(cards)
    state = games.position("lora", contract="lora",
                           hands={s: [str(c) for c in cards[8 * s:8 * s + 8]] for s in range(4)},
                           leader=0)
    for _ in range(14):
        state.push(rng.choice(state.legal_actions()))
    half = puzzles.from_moment(state, state.to_move)
    again = half.start_state()
    assert again.hands == state.hands and again.piles == state.piles
    from tutor.solver import solve_layout
    assert solve_layout(again).value == solve_layout(state).value
