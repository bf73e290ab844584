"""Bots choose legal actions, from views only, in every game and variant."""
import pytest

from tutor import TutorError, bots, games
from tutor.games.base import View

from .helpers import CASES, LORA_EXTRA, case_id, deal


def play_out(state, levels, seed=0, budget=None):
    made = {s: bots.make(levels[s % len(levels)], s, seed=seed + s,
                         **({"budget": budget} if levels[s % len(levels)] == "expert" else {}))
            for s in range(state.players)}
    decisions = 0
    while not state.is_over:
        seat = state.to_move
        view = state.view(seat)
        action = made[seat].choose(view)
        assert action in view.legal, (state.game, state.phase, action, view.legal)
        state.apply(action, seat=seat)
        decisions += 1
    return decisions


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_basic_bots_play_legal_actions_in_every_variant(case):
    game, rules = case
    for seed in range(8):
        assert play_out(deal(game, rules, seed), ["basic"], seed) > 0


@pytest.mark.parametrize("contract", [c for _, c in LORA_EXTRA])
def test_basic_bots_play_every_lora_contract(contract):
    for seed in range(4):
        play_out(deal("lora", None, seed, contract), ["basic"], seed)


@pytest.mark.parametrize("game,rules", [("euchre", None), ("raub", None), ("clabber", None),
                                        ("clabber", "two_player"), ("euchre", "three_handed_cutthroat")])
def test_expert_bots_play_legal_actions(game, rules):
    play_out(deal(game, rules, 3), ["expert", "basic"], 3, budget=0.05)


def test_expert_plays_a_lora_hand_legally_with_a_tiny_budget():
    for contract in ("minimum", "lora"):
        play_out(deal("lora", None, 5, contract), ["expert", "random"], 5, budget=0.03)


def test_a_bot_refuses_anything_but_its_own_view():
    state = games.new_hand("euchre", seed=1, dealer=3)
    bot = bots.make("basic", 0)
    with pytest.raises(TutorError, match="view"):
        bot.choose(state)
    with pytest.raises(TutorError, match="seat 0"):
        bots.make("basic", 1).choose(state.view(0))
    with pytest.raises(TutorError, match="nothing to decide"):
        bots.make("basic", 2).choose(state.view(2))   # seat 0 is to act, not seat 2


def rebuilt(view: View) -> View:
    """The same view rebuilt from its JSON: a bot that only reads the view decides the same."""
    import json
    from tutor.cards import parse_card
    data = json.loads(view.to_json())
    return View(game=view.game, rules=view.rules, seat=data["seat"], players=data["players"],
                dealer=data["dealer"], phase=data["phase"], to_move=data["to_move"],
                hand=tuple(parse_card(c) for c in data["hand"]), legal=view.legal,
                public=data["public"], private=data["private"],
                history=tuple((s, a) for s, a in data["history"]))


# Positions that differ only in the other seats' hidden cards: the seat's view is the same, so
# its bot must decide the same (a bot that peeked at the hidden cards would not).
TWIN_POSITIONS = [
    ("euchre", dict(hands={0: "JH AH TS 9C KD", 1: "9H QS KS 9D TD", 2: "TH QH AS JD QD",
                           3: "KH JS AC KC QC"}, trump="H", leader=0),
     {1: "9H QS KS 9D TD", 3: "KH JS AC KC QC"}, {1: "KH JS AC KC QC", 3: "9H QS KS 9D TD"}),
    ("raub", dict(hands={0: "AH 7S KC 8D", 1: "9H QS KS 9D", 2: "TH QH AS JD", 3: "KH JS AC QC"},
                  trump="H", declarer=0, players=4),
     {1: "9H QS KS 9D", 2: "TH QH AS JD"}, {1: "TH QH AS JD", 2: "9H QS KS 9D"}),
    ("clabber", dict(hands={0: "JH AH TS 9C KD QD", 1: "9H QS KS 9D TD AD", 2: "TH QH AS JD JS TC",
                            3: "KH 9S AC KC QC JC"}, trump="H", leader=0),
     {1: "9H QS KS 9D TD AD", 3: "KH 9S AC KC QC JC"}, {1: "KH 9S AC KC QC JC", 3: "9H QS KS 9D TD AD"}),
    ("lora", dict(contract="queens", hands={0: "7C 9C 7D QD", 1: "JC QC 8D KD",
                                            2: "7H 9H QH 8S", 3: "JH AH QS KS"},
                  leader=0),
     {1: "JC QC 8D KD", 3: "JH AH QS KS"}, {1: "JH AH QS KS", 3: "JC QC 8D KD"}),
]


@pytest.mark.parametrize("game,spec,first,second", TWIN_POSITIONS, ids=[t[0] for t in TWIN_POSITIONS])
def test_decisions_depend_on_the_view_only(game, spec, first, second):
    spec_a = dict(spec, hands={**spec["hands"], **first})
    spec_b = dict(spec, hands={**spec["hands"], **second})
    a = games.position(game, **spec_a)
    b = games.position(game, **spec_b)
    seat = a.to_move
    assert a.view(seat).to_json() == b.view(seat).to_json()
    assert a.hands != b.hands
    for level in ("basic", "expert"):
        bot_a = bots.make(level, seat, seed=4, **({"budget": 30.0, "samples": 3} if level == "expert" else {}))
        bot_b = bots.make(level, seat, seed=4, **({"budget": 30.0, "samples": 3} if level == "expert" else {}))
        assert bot_a.advise(a.view(seat)) == bot_b.advise(b.view(seat))
    assert bots.make("basic", seat).choose(rebuilt(a.view(seat))) == bots.make("basic", seat).choose(a.view(seat))
