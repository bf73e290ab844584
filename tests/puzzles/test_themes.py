"""Each theme detector on a hand-built position: it fires on the play that shows the theme
and stays silent on another play of the same position."""

import pytest

from tutor.puzzles import GoalSpec, Puzzle, themes
from tutor.puzzles.format import position_arguments


def P(game, position, hero=0, target=0):
    return Puzzle(id="t", title="t", game=game, position=position, hero=hero,
                  goal=GoalSpec(text="", target=target))


def seats(**hands):
    return {k[1:]: v for k, v in hands.items()}


# Euchre, hearts trumps, partners 0 and 2; two cards each, three tricks gone
def E(hands, leader=0, trick=(), **kw):
    return P("euchre", {"hands": hands, "trump": "H", "leader": leader, "trick": list(trick),
                        "maker": 0, "tricks_won": {"0": 2, "1": 1}, **kw})


EU_LEAD = {"0": "JH AS", "1": "9H KS", "2": "9C TC", "3": "QC KC"}
EU_FOLLOW = {"0": "9H QC", "1": "KC", "2": "JC", "3": "9D"}
CASES = [
    # (detector, puzzle, moves before, the play, wrong cards, expected)
    ("draws_trumps", E(EU_LEAD), (), "play JH", (), True),
    ("draws_trumps", E(EU_LEAD), (), "play AS", (), False),
    ("euchre_right_bower", E(EU_LEAD), (), "play JH", (), True),
    ("euchre_right_bower", E(EU_LEAD), (), "play AS", (), False),
    ("cashes_winner", E({"0": "AS 9C", "1": "KS TC", "2": "QS JC", "3": "9S QC"}), (),
     "play AS", (), True),
    ("cashes_winner", E({"0": "AS 9C", "1": "KS TC", "2": "QS JC", "3": "9S QC"}), (),
     "play 9C", (), False),
    ("throw_in", E({"0": "AS 9C", "1": "KS TC", "2": "QS JC", "3": "9S QC"}), (),
     "play 9C", (), True),
    ("throw_in", E({"0": "AS 9C", "1": "KS TC", "2": "QS JC", "3": "9S QC"}), (),
     "play AS", (), False),
    ("leads_to_partner", E({"0": "9S 9C", "1": "KS TC", "2": "AS JC", "3": "TS QC"}), (),
     "play 9S", (), True),
    ("leads_to_partner", E({"0": "9S 9C", "1": "KS TC", "2": "AS JC", "3": "TS QC"}), (),
     "play 9C", (), False),
    # seat 1 leads; hero (0) plays last
    ("ruffs", E({"0": "9H QC", "1": "KC", "2": "9S", "3": "9D"}, leader=1,
                trick=["AS", "TS", "KS"]), (), "play 9H", (), True),
    ("ruffs", E({"0": "9H QC", "1": "KC", "2": "9S", "3": "9D"}, leader=1,
                trick=["AS", "TS", "KS"]), (), "play QC", (), False),
    ("discards_instead_of_ruffing", E({"0": "9H QC", "1": "KC", "2": "9S", "3": "9D"},
                                      leader=1, trick=["AS", "TS", "KS"]), (), "play QC", (),
     True),
    ("discards_instead_of_ruffing", E({"0": "9H QC", "1": "KC", "2": "9S", "3": "9D"},
                                      leader=1, trick=["AS", "TS", "KS"]), (), "play 9H", (),
     False),
    ("euchre_left_bower_ruffs", E({"0": "JD QC", "1": "KC", "2": "9S", "3": "9D"}, leader=1,
                                  trick=["AS", "TS", "KS"]), (), "play JD", (), True),
    ("euchre_left_bower_ruffs", E({"0": "9H QC", "1": "KC", "2": "9S", "3": "9D"}, leader=1,
                                  trick=["AS", "TS", "KS"]), (), "play 9H", (), False),
    ("ducks", E({"0": "AS 9S", "1": "KC", "2": "TC", "3": "9D"}, leader=1,
                trick=["KS", "9C", "QS"]), (), "play 9S", (), True),
    ("ducks", E({"0": "AS 9S", "1": "KC", "2": "TC", "3": "9D"}, leader=1,
                trick=["KS", "9C", "QS"]), (), "play AS", (), False),
    ("wins_cheaply", E({"0": "AS KS", "1": "KC", "2": "TC", "3": "9D"}, leader=1,
                       trick=["TS", "9C", "9S"]), (), "play KS", (), True),
    ("wins_cheaply", E({"0": "AS KS", "1": "KC", "2": "TC", "3": "9D"}, leader=1,
                       trick=["TS", "9C", "9S"]), (), "play AS", (), False),
    ("overtakes_partner", E({"0": "AS 9S", "1": "KC", "2": "TC", "3": "9D"}, leader=1,
                            trick=["TS", "KS", "9C"]), (), "play AS", (), True),
    ("overtakes_partner", E({"0": "AS 9S", "1": "KC", "2": "TC", "3": "9D"}, leader=1,
                            trick=["TS", "KS", "9C"]), (), "play 9S", (), False),
    ("lets_partner_win", E({"0": "AS 9S", "1": "KC", "2": "TC", "3": "9D"}, leader=1,
                           trick=["TS", "KS", "9C"]), (), "play 9S", (), True),
    ("lets_partner_win", E({"0": "AS 9S", "1": "KC", "2": "TC", "3": "9D"}, leader=1,
                           trick=["TS", "KS", "9C"]), (), "play AS", (), False),
    ("euchre_lone_hand", P("euchre", {"hands": {"0": "JH AS", "1": "9H KS", "3": "QC KC"},
                                      "trump": "H", "leader": 0, "maker": 0, "alone": 0,
                                      "tricks_won": {"0": 2, "1": 1}}), (), "play JH", (), True),
    ("euchre_lone_hand", E(EU_LEAD), (), "play JH", (), False),
]

# Clabber, hearts trumps, four players (partners 0 and 2); trump order J 9 A 10 K Q
CL = {"0": "AS KD", "1": "9H QD", "2": "QS TD", "3": "KS AD"}
CASES += [
    ("forced_to_trump", P("clabber", {"hands": {"0": "AD KS", "1": "9H QS", "2": "9D TS",
                                                "3": "KD AS"}, "trump": "H", "leader": 0,
                                      "maker": 0, "players": 4}), (), "play AD", (), True),
    ("forced_to_trump", P("clabber", {"hands": {"0": "AD KS", "1": "9H QS", "2": "9D TS",
                                                "3": "KD AS"}, "trump": "H", "leader": 0,
                                      "maker": 0, "players": 4}), (), "play KS", (), False),
    ("gives_partner_points", P("clabber", {"hands": {"0": "TS 9S", "1": "QD", "2": "KD",
                                                     "3": "QS"}, "trump": "H", "leader": 1,
                                           "trick": ["9D", "AD", "JD"], "maker": 0,
                                           "players": 4}), (), "play TS", (), True),
    ("gives_partner_points", P("clabber", {"hands": {"0": "TS 9S", "1": "QD", "2": "KD",
                                                     "3": "QS"}, "trump": "H", "leader": 1,
                                           "trick": ["9D", "AD", "JD"], "maker": 0,
                                           "players": 4}), (), "play 9S", (), False),
    ("captures_points", P("clabber", {"hands": {"0": "AS 9S", "1": "QD", "2": "KD", "3": "QC"},
                                      "trump": "H", "leader": 1, "trick": ["TS", "9D", "KS"],
                                      "maker": 0, "players": 4}), (), "play AS", (), True),
    ("captures_points", P("clabber", {"hands": {"0": "AS 9S", "1": "QD", "2": "KD", "3": "QC"},
                                      "trump": "H", "leader": 1, "trick": ["TS", "9D", "KS"],
                                      "maker": 0, "players": 4}), (), "play 9S", (), False),
    # 0 leads: the last trick goes to whoever keeps the trump
    ("wins_last_trick_ten", P("clabber", {"hands": {"0": "JH 9C", "1": "AH AC", "2": "9S QC",
                                                    "3": "KS KC"}, "trump": "H", "leader": 0,
                                          "maker": 0, "players": 4}), (), "play 9C", ("JH",),
     True),
    ("wins_last_trick_ten", P("clabber", {"hands": {"0": "JH 9C", "1": "AH AC", "2": "9S QC",
                                                    "3": "KS KC"}, "trump": "H", "leader": 0,
                                          "maker": 0, "players": 4}), (), "play JH", ("9C",),
     False),
]

# Raub: the declarer (0) needs two tricks
CASES += [
    ("raub_counts_to_two", P("raub", {"hands": {"0": "QH 7D KC 7C", "1": "JS AH KD 8C"},
                                      "trump": "H", "declarer": 0}, target=2),
     ("play KC", "play 8C"), "play 7C", (), True),
    ("raub_counts_to_two", P("raub", {"hands": {"0": "QH 7D KC 7C", "1": "JS AH KD 8C"},
                                      "trump": "H", "declarer": 0}, target=2),
     (), "play KC", (), False),
]


def L(contract, hands, leader=0, trick=(), **kw):
    return P("lora", {"contract": contract, "hands": hands, "leader": leader,
                      "trick": list(trick), "tricks_won": {"0": 2, "1": 2, "2": 1, "3": 1}, **kw})


CASES += [
    ("lora_sheds_queen", L("queens", {"0": "QH 7C", "1": "8C", "2": "9C", "3": "AD"}, leader=1,
                           trick=["TD", "JD", "KD"]), (), "play QH", (), True),
    ("lora_sheds_queen", L("queens", {"0": "QH 7C", "1": "8C", "2": "9C", "3": "AD"}, leader=1,
                           trick=["TD", "JD", "KD"]), (), "play 7C", (), False),
    # leading a queen under a higher card sheds it too
    ("lora_sheds_queen", L("queens", {"0": "QS 7C", "1": "AS 8C", "2": "9S 9C", "3": "7S TC"}),
     (), "play QS", (), True),
    ("lora_sheds_queen", L("queens", {"0": "QS 7C", "1": "AS 8C", "2": "9S 9C", "3": "7S TC"}),
     (), "play 7C", (), False),
    ("lora_sheds_king", L("king_hearts_last_trick", {"0": "KH 7C", "1": "8C", "2": "9C",
                                                     "3": "AD"}, leader=1,
                          trick=["TD", "JD", "KD"]), (), "play KH", (), True),
    ("lora_sheds_jack", L("jack_of_clubs", {"0": "JC 7H", "1": "8H", "2": "9H", "3": "AD"},
                          leader=1, trick=["TD", "QD", "KD"]), (), "play JC", (), True),
    ("lora_sheds_jack", L("jack_of_clubs", {"0": "JC 7H", "1": "8H", "2": "9H", "3": "AD"},
                          leader=1, trick=["TD", "QD", "KD"]), (), "play 7H", (), False),
    ("lora_keeps_winners", L("maximum", {"0": "AC 7C", "1": "8D", "2": "9C", "3": "AD"},
                             leader=1, trick=["TD", "JD", "KD"]), (), "play 7C", (), True),
    ("lora_keeps_winners", L("maximum", {"0": "AC 7C", "1": "8D", "2": "9C", "3": "AD"},
                             leader=1, trick=["TD", "JD", "KD"]), (), "play AC", (), False),
    ("lora_sheds_queen", L("maximum", {"0": "QH 7C", "1": "8C", "2": "9C", "3": "AD"},
                           leader=1, trick=["TD", "JD", "KD"]), (), "play QH", (), False),
    ("lora_unloads_high", L("minimum", {"0": "AC 7C", "1": "8C", "2": "9C", "3": "AD"},
                            leader=1, trick=["TD", "JD", "KD"]), (), "play AC", (), True),
    ("lora_unloads_high", L("minimum", {"0": "AC 7C", "1": "8C", "2": "9C", "3": "AD"},
                            leader=1, trick=["TD", "JD", "KD"]), (), "play 7C", (), False),
    ("ducks", L("minimum", {"0": "AD 7D", "1": "8C", "2": "9C", "3": "7S"}, leader=1,
                trick=["TD", "JD", "KD"]), (), "play 7D", (), True),
    ("ducks", L("minimum", {"0": "AD 7D", "1": "8C", "2": "9C", "3": "7S"}, leader=1,
                trick=["TD", "JD", "KD"]), (), "play AD", (), False),
    ("lora_leads_low", L("minimum", {"0": "7D AC", "1": "8D 8C", "2": "9D 9C", "3": "TD TC"}),
     (), "play 7D", (), True),
    ("lora_leads_low", L("minimum", {"0": "7D AC", "1": "8D 8C", "2": "9D 9C", "3": "TD TC"}),
     (), "play AC", (), False),
    # last trick: keep the low club so that someone else wins trick 8
    ("lora_loses_last_trick", L("king_hearts_last_trick", {"0": "AD 7C", "1": "8D 8C",
                                                           "2": "9D 9C", "3": "TD TC"}),
     (), "play AD", ("7C",), True),
    ("lora_loses_last_trick", L("minimum", {"0": "AD 7C", "1": "8D 8C", "2": "9D 9C",
                                            "3": "TD TC"}), (), "play AD", ("7C",), False),
]

# Lora's layout: start rank 7, hearts not opened and the hero (South, to move after 22 turns
# from the eldest North) holds 7♥, the card that opens them
LAYOUT = {"contract": "lora", "leader": 0,
          "laid": "7C 8C 9C TC JC QC KC AC 7D 8D 9D TD JD QD KD AD 7S 8S 9S TS JS QS",
          "hands": {"0": "7H KS AS", "1": "8H TH QH", "2": "9H JH", "3": "KH AH"}}
CASES += [
    ("layout_holds_start_rank", P("lora", LAYOUT, target=99), (), "play KS", ("7H",), True),
    ("layout_holds_start_rank", P("lora", LAYOUT, target=99), (), "play 7H", ("KS",), False),
    ("layout_opens_suit", P("lora", LAYOUT, target=99), (), "play 7H", (), True),
    ("layout_opens_suit", P("lora", LAYOUT, target=99), (), "play KS", (), False),
    ("layout_blocks", P("lora", LAYOUT, target=99), (), "play KS", ("7H",), True),
    ("layout_blocks", P("lora", LAYOUT, target=99), (), "play KS", (), False),
    ("layout_goes_out", P("lora", LAYOUT, target=-8), (), "play KS", (), True),
    ("layout_goes_out", P("lora", LAYOUT, target=1), (), "play KS", (), False),
]

DETECTORS = {
    "lora_sheds_queen": themes.lora_sheds("Q"),
    "lora_sheds_king": themes.lora_sheds("K", "H"),
    "lora_sheds_jack": themes.lora_sheds("J", "C"),
}


@pytest.mark.parametrize("name,puzzle,before,play,wrong,expected", CASES,
                         ids=[f"{c[0]}-{'yes' if c[-1] else 'no'}-{i}"
                              for i, c in enumerate(CASES)])
def test_detector(name, puzzle, before, play, wrong, expected):
    detector = DETECTORS.get(name) or getattr(themes, name)
    facts = themes.facts_at(puzzle, before, play, wrong)
    assert detector(facts) is expected


def test_every_detector_of_every_game_is_tested():
    tested = {DETECTORS.get(c[0]) or getattr(themes, c[0]) for c in CASES}
    tested_names = {c[0] for c in CASES}
    for game, listed in themes.THEMES.items():
        for t in listed:
            det = t.detector
            if det in tested:
                continue
            # the Lora shedding detectors are closures: matched by their theme
            assert {"shed the queen": "lora_sheds_queen",
                    "shed the king of hearts": "lora_sheds_king",
                    "shed the jack of clubs": "lora_sheds_jack"}[t.name] in tested_names, t.name
