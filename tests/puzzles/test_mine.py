"""The miner: reproducible from the seed whatever the number of processes; its puzzles
certify; the command writes a set file that check certifies."""

from tutor import puzzles
from tutor.cli import main
from tutor.puzzles.mine import mine


def test_the_same_seed_gives_the_same_file_with_one_or_two_processes(tmp_path):
    one, tried1, _ = mine("euchre", 3, seed=4, cards=3, jobs=1, progress=False, batch=8)
    two, tried2, _ = mine("euchre", 3, seed=4, cards=3, jobs=2, progress=False, batch=8)
    assert puzzles.dumps(one) == puzzles.dumps(two) and tried1 == tried2
    other, _, _ = mine("euchre", 3, seed=5, cards=3, jobs=1, progress=False, batch=8)
    assert [p.id for p in other] != [p.id for p in one]


def test_mine_command_writes_a_file_that_check_certifies(tmp_path, capsys):
    out = tmp_path / "new.toml"
    assert main(["puzzles", "mine", "--game", "lora", "--contract", "lora", "--count", "2",
                 "--cards", "3", "--seed", "1", "--out", str(out)]) == 0
    assert "certified puzzles per CPU minute" in capsys.readouterr().out
    assert main(["puzzles", "check", str(out)]) == 0
    coll = puzzles.load(out)
    assert len(coll) == 2 and all(p.position["contract"] == "lora" for p in coll)


def test_mined_from_played_hands(tmp_path):
    found, _, _ = mine("raub", 2, seed=3, cards=3, source="game", progress=False, batch=8)
    assert len(found) == 2
    assert all(puzzles.check(p).ok for p in found)
    assert all(p.source["made_by"].endswith("(game)") for p in found)


def test_a_theme_filter_keeps_only_that_theme():
    found, _, _ = mine("euchre", 2, seed=1, cards=3, theme="ruff", progress=False, batch=8)
    assert found and all("ruff" in p.themes for p in found)
