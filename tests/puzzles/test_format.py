"""The puzzle file format: round trip, validation errors naming file, puzzle and field."""

import pytest

from tutor import PuzzleError, games, puzzles
from tutor.puzzles import Decision, GoalSpec, Puzzle, Wrong

EUCHRE = {"hands": {"0": "JH AH TS", "1": "9H QS KS", "2": "JD 9C TC", "3": "AS KC QC"},
          "trump": "H", "leader": 0, "maker": 0, "tricks_won": {"0": 1, "1": 1}}


def euchre_puzzle(**changes):
    base = Puzzle(
        id="E-test-1", title="Cash the side ace first", game="euchre", position=dict(EUCHRE),
        hero=0, goal=GoalSpec(text="Your side must take all of the last three tricks.",
                              target=4),
        solution=(Decision(before=(), seat=0, accept=(("TS",),), play="play TS",
                           reply=("play QS", "play JD", "play AS"),
                           hints=("Which card can wait?", "Trumps keep.", "10♠"),
                           why="The trumps win later.",
                           wrong=(Wrong(cards=("JH", "AH"), cost=1,
                                        refutation=("play JH", "play 9H"), why="too early"),)),),
        themes=("cash the side winner",), difficulty={"level": 2, "features": {"decisions": 1}},
        source={"made_by": "hand", "licence": "CC-BY-4.0"})
    return base.with_(**changes)


def test_round_trip_keeps_every_field(tmp_path):
    p = euchre_puzzle()
    path = puzzles.save([p], tmp_path / "set.toml")
    back = puzzles.load(path, validate=False)
    assert back.errors == []
    assert back[0] == p
    assert back[0].file == str(path)
    assert puzzles.dumps(back) == puzzles.dumps([p])


def test_start_state_is_a_fresh_position():
    p = euchre_puzzle()
    a, b = p.start_state(), p.start_state()
    a.apply("play TS")
    assert b.actions == () and b.to_move == 0
    assert p.decision_at(b).play == "play TS"
    assert p.decision_at(a) is None


def _text_with(table_text):
    return '[[puzzle]]\n' + table_text


GOOD = '''
id = "ok-1"
title = "fine"
game = "euchre"
hero = 0
[puzzle.goal]
text = "Take all three."
target = 4
[puzzle.position]
trump = "H"
leader = 0
maker = 0
tricks_won = {0 = 1, 1 = 1}
hands = {0 = "JH AH TS", 1 = "9H QS KS", 2 = "JD 9C TC", 3 = "AS KC QC"}
'''

BROKEN = {
    "game": ('game = "chess"', "game"),
    "hero": ('hero = "South"', "hero"),
    "goal.target": ('target = "three"', "goal.target"),
    "position": ('hands = {0 = "JH AH TS", 1 = "9H QS KS", 2 = "JD 9C TC", 3 = "AS KC JH"}',
                 "position"),
    "themes": ('themes = "duck"', "themes"),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_puzzle_names_file_puzzle_and_field_and_the_rest_loads(name, tmp_path):
    line, fld = BROKEN[name]
    key = line.split(" =")[0]
    lines = []
    for row in GOOD.strip().splitlines():
        if row.split(" =")[0] == key:
            row = line
        lines.append(row)
    if key not in [r.split(" =")[0] for r in GOOD.strip().splitlines()]:
        lines.insert(4, line)
    broken = "\n".join(lines).replace('id = "ok-1"', 'id = "bad-1"')
    path = tmp_path / "mixed.toml"
    path.write_text(_text_with(broken) + "\n" + _text_with(GOOD.replace("ok-1", "ok-2")),
                    encoding="utf-8")
    with pytest.warns(UserWarning):
        coll = puzzles.load(path)
    assert [p.id for p in coll] == ["ok-2"]
    (err,) = coll.errors
    text = str(err)
    assert str(path) in text and "bad-1" in text and fld in text
    assert (err.file, err.puzzle, err.field) == (str(path), "bad-1", fld)
    with pytest.raises(PuzzleError, match="bad-1"):
        puzzles.load(path, strict=True)


def test_solution_actions_are_replayed_and_a_bad_one_is_named(tmp_path):
    p = euchre_puzzle()
    bad = p.with_(solution=(p.solution[0].__class__(**{**p.solution[0].__dict__,
                                                        "reply": ("play KC",)}),))
    path = puzzles.save([bad], tmp_path / "s.toml")
    with pytest.warns(UserWarning):
        coll = puzzles.load(path)
    assert len(coll) == 0
    assert "solution[1].reply" in str(coll.errors[0])


def test_duplicate_ids_across_files_are_refused(tmp_path):
    puzzles.save([euchre_puzzle()], tmp_path / "a.toml")
    puzzles.save([euchre_puzzle()], tmp_path / "b.toml")
    with pytest.warns(UserWarning):
        coll = puzzles.load(tmp_path)
    assert len(coll) == 1 and "already used" in str(coll.errors[0])


def test_from_moment_writes_a_half_puzzle_that_loads(tmp_path):
    state = games.position("euchre", rules=None, **puzzles.format.position_arguments(EUCHRE))
    half = puzzles.from_moment(state, 0)
    assert half.goal.target == 4 and not half.is_complete
    assert half.goal.text == "Your side must take all of the last three tricks."
    path = puzzles.save([half], tmp_path / "h.toml")
    again = puzzles.load(path)[0]
    assert again.start_state().hands == state.hands


def test_judging_a_live_state():
    p = euchre_puzzle()
    state = p.start_state()
    assert {str(j.action): j.ok for j in puzzles.move_values(p, state)} == {
        "play JH": False, "play AH": False, "play TS": True}
    wrong = p.start_state()
    wrong.apply("play AH")
    assert puzzles.judge(p, wrong) == "failed"
    state.apply("play TS")
    assert str(puzzles.defence_reply(p, state)) == "play QS"   # the main line's reply
    puzzles.play_out(p, state)
    assert puzzles.is_success(p, state) and puzzles.judge(p, state) == "solved"
