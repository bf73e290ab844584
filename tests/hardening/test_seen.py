"""The failures seen by hand (issue 17, entry points), each reproduced once."""

import json
import random

import pytest

from tutor import (CardError, IllegalAction, RecordError, RulesError, TutorError, bots, cli,
                   games, solver)
from tutor.cards import Card
from tutor.games import Action

from .support import HUGE, deep, picture, refused

FOUR = ("euchre", "lora", "raub", "clabber")


def hand(game, **kw):
    return games.new_hand(game, seed=3, dealer=0, **kw)


def first_play(game):
    """A hand of the game in its play phase (a trick contract for Lora)."""
    for seed in range(100):
        state, rng = games.new_hand(game, seed=seed, dealer=0), random.Random(seed)
        while not state.is_over and state.phase != "play":
            state.apply(rng.choice(state.legal_actions()))
        if state.phase == "play" and not state.is_over:
            return state
    raise AssertionError("no hand reached the play")


# ---------------------------------------------------------------- 1. seats
@pytest.mark.parametrize("game", FOUR)
@pytest.mark.parametrize("seat", [4, "1", 1.5, [0], -1, True])
def test_apply_and_view_refuse_what_is_not_a_seat(game, seat):
    state = hand(game)
    before = picture(state)
    action = state.legal_actions()[0]
    with pytest.raises(IllegalAction) as err:
        state.apply(action, seat=seat)
    refused(err.value, seat)
    assert "the seats are 0" in str(err.value)
    with pytest.raises(IllegalAction) as err:
        state.view(seat)
    refused(err.value, seat)
    assert picture(state) == before


@pytest.mark.parametrize("game", FOUR)
def test_view_of_none_and_of_a_string(game):
    state = hand(game)
    for seat in (None, "1"):
        with pytest.raises(IllegalAction, match="there is no seat"):
            state.view(seat)


def test_minus_one_is_no_longer_the_last_seat():
    state = hand("euchre")
    with pytest.raises(IllegalAction, match="there is no seat -1"):
        state.apply("pass", seat=-1)


def test_play_table_refuses_a_seat_that_is_not_one():
    from tutor.widgets import PlayTable
    with pytest.raises(TutorError, match="'x'"):
        PlayTable("euchre", seat="x")


# ---------------------------------------------------------------- 2. hand-made actions
@pytest.mark.parametrize("game", FOUR)
def test_a_play_with_no_card(game):
    state = first_play(game)
    before = picture(state)
    # Raub's 'play' takes any number of cards: with none it is the defenders' call to stay in
    with pytest.raises(IllegalAction, match="name a card" if game == "raub" else "needs"):
        state.apply(Action("play"))
    assert picture(state) == before


def test_a_play_with_no_card_in_the_lora_layout_and_a_euchre_discard_without_one():
    layout = games.new_hand("lora", seed=3, dealer=0, contract="lora")
    with pytest.raises(IllegalAction, match="exactly one card"):
        layout.apply(Action("play"))
    euchre = hand("euchre", deck=None)
    while euchre.phase != "exchange":
        euchre.apply("order_up" if "order_up" in map(str, euchre.legal_actions()) else "accept")
    with pytest.raises(IllegalAction, match="'discard' needs exactly one card"):
        euchre.apply(Action("discard"))


def test_lora_penalty_with_a_bad_seat():
    state = games.new_hand("lora", seed=3, dealer=0, penalties=True)
    before = picture(state)
    with pytest.raises(IllegalAction, match="'x' is not a seat"):
        state.apply(Action("penalty", (), "P1 x"))
    assert picture(state) == before


# ---------------------------------------------------------------- 3. records
def record_of(game, **kw):
    state = hand(game, **kw)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    return state.record()


@pytest.mark.parametrize("game", FOUR)
@pytest.mark.parametrize("dealer", [99, -1, 1.5, "x", None, [0]])
def test_record_dealer_out_of_range_or_of_the_wrong_type(game, dealer):
    record = record_of(game)
    record["setup"]["dealer"] = dealer
    with pytest.raises(RecordError) as err:
        games.replay(record)
    refused(err.value, dealer)
    assert "'dealer'" in str(err.value)


@pytest.mark.parametrize("field, value", [("scores", "many"), ("scores", [1, 2]),
                                          ("players", "4"), ("players", 7), ("refas", -1),
                                          ("refas", "2"), ("table_mode", "yes")])
def test_raub_record_fields_of_the_wrong_type(field, value):
    record = record_of("raub")
    record["setup"][field] = value
    with pytest.raises(RecordError, match=f"'{field}'"):
        games.replay(record)


@pytest.mark.parametrize("game", FOUR)
def test_record_actions_as_one_string_setup_none_and_a_deck_with_2c(game):
    record = record_of(game)
    with pytest.raises(RecordError, match="'actions': a list of actions"):
        games.replay(dict(record, actions=" ".join(record["actions"])))
    with pytest.raises(RecordError, match="'setup'"):
        games.replay(dict(record, setup=None))
    deck = record["setup"]["deck"]
    broken = "2C " + deck.split(" ", 1)[1] if isinstance(deck, str) else ["2C"] + deck[1:]
    with pytest.raises(RecordError, match="the two of clubs .2C. is not in the"):
        games.replay(dict(record, setup=dict(record["setup"], deck=broken)))


def test_a_refused_replay_names_the_action_its_index_and_why():
    record = record_of("euchre")
    record["actions"].insert(1, "play 5C")
    with pytest.raises(RecordError) as err:
        games.replay(record)
    message = str(err.value)
    assert "actions[1] 'play 5C' (action 2 of 4) is refused" in message
    assert "there is no five of clubs in this game" in message


def test_record_errors_show_no_internals():
    for bad in ([], "x", {"game": "euchre", "rules": [], "setup": {}, "actions": []},
                {"game": 5, "rules": {}, "setup": {}, "actions": []}):
        with pytest.raises(RecordError) as err:
            games.replay(bad)
        assert "list indices" not in str(err.value) and "NoneType" not in str(err.value)


# ---------------------------------------------------------------- 5. constructors, options
@pytest.mark.parametrize("game", FOUR)
def test_seed_and_deck_of_the_wrong_type(game):
    with pytest.raises(TutorError, match=r"a seed must be a whole number or a word, not \[1\]"):
        games.new_hand(game, seed=[1])
    with pytest.raises(CardError, match="not 5"):
        games.new_hand(game, deck=5)


@pytest.mark.parametrize("game", FOUR)
@pytest.mark.parametrize("dealer", ["x", [0], 1.5, 9, -1, True])
def test_new_hand_and_new_match_refuse_a_dealer_alike(game, dealer):
    with pytest.raises(IllegalAction) as by_hand:
        games.new_hand(game, dealer=dealer)
    with pytest.raises(IllegalAction) as by_match:
        games.new_match(game, dealer=dealer)
    assert str(by_hand.value) == str(by_match.value)
    refused(by_hand.value, dealer)


def test_card_with_a_rank_that_does_not_exist():
    with pytest.raises(CardError, match="1 is not a rank"):
        Card(1, "H")


@pytest.mark.parametrize("game, option", [("raub", "stake_per_point"), ("euchre", "target_score"),
                                          ("lora", "lora_out_points"), ("clabber", "target_score")])
@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf")])
def test_nan_and_infinite_options(game, option, value):
    with pytest.raises(RulesError) as err:
        games.new_hand(game, **{option: value})
    refused(err.value, value)


def test_option_errors_show_the_value_as_given():
    with pytest.raises(RulesError, match=r"not \[1\]"):
        games.rules_for("euchre", {"target_score": [1]})
    with pytest.raises(RulesError, match=r"option players = \[4\] is not allowed"):
        games.rules_for("euchre", {"players": [4]})


# ---------------------------------------------------------------- 6. solver and bots
def test_hint_given_the_state():
    state = hand("euchre")
    with pytest.raises(TutorError, match=r"pass state\.view\(seat\)"):
        bots.hint(state)


@pytest.mark.parametrize("options", [{"budget": "x"}, {"budget": float("nan")}, {"budget": -1},
                                     {"samples": 0}, {"samples": 1.5}, {"level": "grand"},
                                     {"level": ["basic"]}])
def test_hint_arguments(options):
    state = hand("euchre")
    with pytest.raises(TutorError) as err:
        bots.hint(state.view(state.to_move), **options)
    refused(err.value, next(iter(options.values())))


def test_unknown_bot_options_and_seats():
    with pytest.raises(TutorError, match="has no option 'foo'"):
        bots.make("basic", 0, foo=1)
    with pytest.raises(TutorError, match="has no option 'budgett'"):
        bots.make("expert", 0, budgett=1)
    with pytest.raises(TutorError, match="not 9"):
        bots.make("basic", 9)


def _ending():
    state = first_play("euchre")
    while sum(len(h) for h in state.hands) > 8:
        state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("options", [{"hero": 9}, {"hero": -1}, {"hero": "0"}, {"budget": 0},
                                     {"budget": 1.5}, {"side": "02"}, {"side": [0, 7]},
                                     {"moves": "yes"}, {"goal": "make"}])
def test_solver_arguments(options):
    state = _ending()
    with pytest.raises(TutorError) as err:
        solver.solve(state, **options)
    refused(err.value)
    with pytest.raises(TutorError, match="not a seat's view"):
        solver.solve(state.view(0))


# ---------------------------------------------------------------- 8. the command line
def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("content, words", [
    (b"\xff\xfe{}", "hand.json is not a text file in UTF-8"),
    (b"", "hand.json is not a JSON file (line 1, column 1)"),
    (b'{"game": "euchre",\n "actions": }', "hand.json is not a JSON file (line 2, column 13)"),
    (b"[" * 100_000 + b"]" * 100_000, "hand.json is nested too deeply"),
    (json.dumps(deep(900)).encode(), "hand.json: a hand record is a dict"),
])
def test_replay_unreadable_files(tmp_path, capsys, content, words):
    path = tmp_path / "hand.json"
    path.write_bytes(content)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and err.startswith("tutor: ") and words in err, err
    assert "Traceback" not in err and "char" not in err


@pytest.mark.parametrize("change, words", [({"actions": 5}, "'actions'"),
                                           ({"setup": {"dealer": 0}}, "'setup' has no field 'deck'")])
def test_replay_bad_records(tmp_path, capsys, change, words):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(dict(record_of("euchre"), **change)))
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and err.startswith("tutor: hand.json: hand record") and words in err, err


def test_deal_with_zero_players(capsys):
    code, out, err = run(capsys, "deal", "euchre", "--players", "0")
    assert code == 2 and "Euchre is played by two, three or four players, not 0" in err


# ---------------------------------------------------------------- 9. messages
def test_a_huge_token_is_shortened():
    state = hand("euchre")
    for text in (HUGE, "play " + HUGE, "name " + HUGE):
        with pytest.raises(TutorError) as err:
            state.apply(text)
        assert len(str(err.value)) < 300 and "xxx..." in str(err.value)


def test_a_card_outside_the_pack_is_said_to_be_outside_the_pack():
    state = first_play("euchre")
    with pytest.raises(IllegalAction) as err:
        state.apply("play 5C")
    assert str(err.value) == ("there is no five of clubs in this game: Euchre is played with "
                              "the 24-card pack here")


def test_lora_keeps_the_users_words():
    state = games.new_hand("lora", seed=1, contract_choice=True)
    with pytest.raises(IllegalAction, match="'JK' is not a contract"):
        state.apply("choose JK")
    play = games.new_hand("lora", seed=1)
    with pytest.raises(IllegalAction, match="'choose JK' is not possible now"):
        play.apply("choose JK")
