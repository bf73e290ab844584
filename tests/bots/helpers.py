"""Seeded hands of every game and variant for the bot tests."""
import random

from tutor import games

CASES = [
    ("euchre", None), ("euchre", "three_handed_cutthroat"), ("euchre", "two_handed"),
    ("euchre", "british_25_joker"), ("euchre", {"call_for_best": True, "stick_the_dealer": True}),
    ("lora", None), ("lora", {"contract_choice": True}), ("lora", "libyan"),
    ("lora", {"packet_deal_on_no_cut": True, "contract_choice": True}),
    ("raub", None), ("raub", "two_players"), ("raub", "three_players"), ("raub", "trump_seven"),
    ("clabber", None), ("clabber", "two_player"), ("clabber", "three_player"),
    ("clabber", "six_player"), ("clabber", {"meld_declaration": "choice"}),
]

LORA_EXTRA = [("lora", "lora"), ("lora", "queens"), ("lora", "hearts"), ("lora", "jack_of_clubs"),
              ("lora", "maximum"), ("lora", "king_hearts_last_trick")]


def case_id(case):
    game, rules = case
    return f"{game}-{rules if isinstance(rules, str) or rules is None else '+'.join(rules)}"


def deal(game, rules, seed, contract=None):
    options = {"contract": contract} if contract else {}
    return games.new_hand(game, seed=seed, rules=rules, **options)


def random_play_views(game, rules, seeds, contract=None, phase=None):
    """Yield (state, view) at every decision of seeded random hands (optionally one phase)."""
    for seed in seeds:
        state = deal(game, rules, seed, contract)
        rng = random.Random(seed)
        while not state.is_over:
            view = state.view(state.to_move)
            if phase is None or state.phase == phase:
                yield state, view
            state.apply(rng.choice(view.legal))
