"""Every engine identifier a learner could meet has words (tutor/widgets/words.py)."""
import random

import pytest

from tutor import games
from tutor.games import clabber_melds, lora, raub
from tutor.games.actions import Action
from tutor.widgets import words

GAMES = {"euchre": {}, "clabber": {}, "raub": {"players": 3}, "lora": {}}


def phases_seen(game, options, hands=25):
    seen = set()
    for seed in range(hands):
        state = games.new_hand(game, seed=seed, **options)
        rng = random.Random(seed)
        while True:
            seen.add(state.phase)
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
    return seen


@pytest.mark.parametrize("game", GAMES)
def test_every_phase_met_in_play_has_words(game):
    for phase in phases_seen(game, GAMES[game]):
        assert words.phase(game, phase)


def test_every_declared_phase_has_words():
    for phase in raub.PHASES:
        assert words.phase("raub", phase)
    from tutor.games import euchre
    for phase in euchre.PHASE_WORDS:
        assert words.phase("euchre", phase)


@pytest.mark.parametrize("game", GAMES)
def test_every_verb_has_a_button_and_a_sentence(game):
    verbs = games.module(game).State.VERBS
    assert set(verbs) <= set(words.VERBS[game])
    for verb in verbs:
        label, template = words.VERBS[game][verb]
        assert label and ("{who}" in template or "{who_dealer}" in template)
        text = words.sentence(game, "West", Action(verb))
        assert text.startswith("West") and "_" not in text


def test_every_contract_meld_kind_and_end_has_words():
    for contract in lora.CONTRACTS:
        assert words.contract("lora", contract) and "_" not in words.contract("lora", contract)
    for kind in clabber_melds.MELD_TYPES:
        assert "_" not in words.meld(kind)
    assert set(raub.KINDS) <= set(words.RAUB_KINDS)
    assert set(raub.ENDS) <= set(words.RAUB_ENDS)


def test_sentences_read_as_the_issue_asks():
    assert words.sentence("euchre", "West", Action("order_up")) == "West ordered up"
    assert words.button("euchre", Action("name", (), "H")) == "Name ♥"
    assert words.sentence("euchre", "North", Action("name", (), "H")) == "North named hearts trump"
    assert words.button("lora", Action("choose", (), "king_hearts_last_trick")) == \
        "King of hearts and last trick"
    assert words.button("clabber", Action("announce", (), "dad fifty")) == \
        "Announce a run of three (20) and a run of four (50)"
    assert words.reason_words("euchre", "NS made trump and won 3 tricks: NS +1 (row S1)") == \
        "North/South made trump and won 3 tricks: North/South +1"


def test_unknown_identifiers_raise_a_clear_error():
    from tutor import TutorError
    with pytest.raises(TutorError, match="no words for the phase 'nonsense'"):
        words.phase("euchre", "nonsense")


def test_a_seat_with_its_role_keeps_one_pair_of_brackets():
    assert words.with_role("West", "the dealer") == "West (the dealer)"
    assert words.with_role("You (South)", "the dealer") == "You (South, the dealer)"
    assert words.sentence("euchre", "You (South)", Action("accept")) == \
        "You (South, the dealer) picked up the up-card"
