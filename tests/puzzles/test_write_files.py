"""``tutor puzzles check --write`` keeps what it did not change, writes a file only when every
puzzle in it certified, and leaves every file either as it was or completely written when it
is killed at any moment."""

import multiprocessing
import os
import random
import shutil
import signal
import time

import pytest

from tutor import puzzles
from tutor.cli import main
from tutor.puzzles.files import rewrite, split_blocks

from test_certify import HALF  # noqa: E402  (the same folder)

HEAD = "# Endings for Thursday's class.\n# Keep the easy ones first.\n\n"


def completed(game, tmp_path):
    """The text of a half puzzle of ``game`` after one ``--write`` (certified, complete)."""
    path = tmp_path / f"done-{game}.toml"
    path.write_text(HALF[game], encoding="utf-8")
    assert main(["puzzles", "check", "--write", "--quiet", str(path)]) == 0
    return path.read_text(encoding="utf-8")


def with_id(text, old, new):
    return text.replace(f'id = "{old}"', f'id = "{new}"')


def test_unchanged_puzzles_keep_their_text_comments_and_layout(tmp_path, capsys):
    done = completed("raub", tmp_path)
    # an author's comments and spacing inside a finished puzzle
    done = done.replace("[puzzle.goal]", "# the goal as the class reads it\n[puzzle.goal]", 1)
    half = "# a new one, to be completed\n" + with_id(HALF["euchre"].lstrip(), "half-euchre", "new-1")
    path = tmp_path / "set.toml"
    path.write_text(HEAD + done.strip() + "\n\n" + half, encoding="utf-8")
    assert main(["puzzles", "check", "--write", "--quiet", str(path)]) == 0
    assert f"wrote {path}" in capsys.readouterr().out
    text = path.read_text(encoding="utf-8")
    assert text.startswith(HEAD + done.strip() + "\n\n# a new one, to be completed\n[[puzzle]]\n")
    first, second = puzzles.load(path)
    assert first.id == "half-raub" and second.id == "new-1"
    assert second.is_certified and second.solution and second.explanation


def test_a_file_with_a_puzzle_that_fails_is_not_written(tmp_path, capsys):
    failing = '''
[[puzzle]]
id = "no-single-answer"
game = "euchre"
hero = 0
goal = { text = "", target = 3 }
position = { trump = "H", leader = 0, maker = 0, tricks_won = { 0 = 1, 1 = 1 }, hands = { 0 = "JH AH TS", 1 = "9H QS KS", 2 = "JD 9C TC", 3 = "AS KC QC" } }
'''
    path = tmp_path / "mixed.toml"
    path.write_text(HEAD + HALF["raub"] + failing, encoding="utf-8")
    before = path.read_bytes()
    assert main(["puzzles", "check", "--write", "--quiet", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"not written: {path} (1 puzzle in it did not certify" in out
    assert path.read_bytes() == before


def test_a_split_that_is_not_certain_is_not_used():
    tricky = '[[puzzle]]\nid = "a"\nexplanation = """\n[[puzzle]]\n"""\n'
    assert split_blocks(tricky) is None
    assert split_blocks("title = 1\n") is None


def test_rewrite_reads_back_as_exactly_the_puzzles(tmp_path):
    text = completed("euchre", tmp_path)
    (p,) = puzzles.loads(text)
    renamed = p.with_(title="A new title")
    new = rewrite(text, [renamed], [True])
    (back,) = puzzles.loads(new)
    assert back.title == "A new title" and back.with_(title=p.title) == p.with_(file=back.file)


def _run_write(folder):
    import sys
    sys.stdout = open(os.devnull, "w")
    main(["puzzles", "check", "--write", "--quiet", str(folder)])


def test_killed_at_any_moment_every_file_is_as_before_or_complete(tmp_path):
    """Dozens of runs killed with SIGKILL at random moments: no file is ever half written."""
    source = tmp_path / "source"
    source.mkdir()
    for i, game in enumerate(sorted(HALF)):
        (source / f"set-{i}.toml").write_text(
            HEAD + with_id(HALF[game], f"half-{game}", f"k-{game}"), encoding="utf-8")
    before = {p.name: p.read_bytes() for p in source.iterdir()}
    finished = tmp_path / "finished"
    shutil.copytree(source, finished)
    fork = multiprocessing.get_context("fork")
    child = fork.Process(target=_run_write, args=(finished,))
    t0 = time.monotonic()
    child.start()
    child.join(120)
    whole_run = time.monotonic() - t0
    after = {p.name: p.read_bytes() for p in finished.iterdir()}
    assert all(after[name] != before[name] for name in before)       # every file completed
    rng = random.Random(5)
    tries, outcomes = 24, {"as before": 0, "complete": 0}
    for k in range(tries):
        work = tmp_path / f"run-{k}"
        shutil.copytree(source, work)
        child = fork.Process(target=_run_write, args=(work,))
        child.start()
        time.sleep(rng.uniform(0.0, whole_run))
        os.kill(child.pid, signal.SIGKILL)
        child.join()
        # a kill between creating the temporary file and renaming it leaves that hidden file;
        # it is never read as a puzzle set
        names = sorted(p.name for p in work.iterdir() if not p.name.endswith(".tmp"))
        assert names == sorted(before), f"try {k}: stray files {names}"
        assert {p.id for p in puzzles.load(work, validate=False)} == {f"k-{g}" for g in HALF}
        for name in before:
            now = (work / name).read_bytes()
            assert now in (before[name], after[name]), f"try {k}: {name} is half written"
            outcomes["as before" if now == before[name] else "complete"] += 1
    print(f"{tries} kills: {outcomes['as before']} files as before, "
          f"{outcomes['complete']} complete, 0 half written")
