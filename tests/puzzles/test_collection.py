"""The shipped collection: every puzzle loads and re-certifies with the solver, and the
collection meets its promises (counts per game, levels, themes, texts in words)."""

import re
from collections import Counter
from pathlib import Path

import pytest

from tutor import puzzles
from tutor.puzzles.certify import check

ROOT = Path(__file__).resolve().parents[2] / "puzzles"
GAMES = ("euchre", "raub", "clabber", "lora")
COLLECTION = {g: puzzles.load(ROOT / g, strict=True) for g in GAMES}
ALL = [p for g in GAMES for p in COLLECTION[g]]
# an engine identifier or a raw card code in learner text
ENGINE_WORDS = re.compile(r"\b(play [2-9TJQKA][CDHS]|[TJQKA2-9][CDHS])\b|_|\bseat \d")


@pytest.mark.parametrize("puzzle", ALL, ids=[p.id for p in ALL])
def test_every_shipped_puzzle_recertifies(puzzle):
    cert = check(puzzle)
    assert cert.ok, cert.report()
    assert puzzle.certified["value"] == cert.value


@pytest.mark.parametrize("game", GAMES)
def test_the_collection_meets_its_promises(game):
    coll = COLLECTION[game]
    assert len(coll) >= 40
    assert set(Counter(p.level for p in coll)) == {1, 2, 3, 4, 5}
    assert len(coll.themes()) >= 5
    if game == "lora":
        contracts = Counter(p.position["contract"] for p in coll)
        assert contracts["lora"] >= 10
        assert len([c for c in contracts if c != "lora"]) >= 4


@pytest.mark.parametrize("puzzle", ALL, ids=[p.id for p in ALL])
def test_learner_text_is_in_words(puzzle):
    texts = [puzzle.title, puzzle.goal.text, puzzle.explanation]
    for d in puzzle.solution:
        texts += list(d.hints) + [d.why] + [w.why for w in d.wrong]
    for text in texts:
        assert text and not ENGINE_WORDS.search(text), text
