"""Small duplicate matches (a few deals) between the levels; the full series is
benchmarks/tournament.py."""
import math

import pytest

from tutor import games
from tutor.bots import duplicate


@pytest.mark.parametrize("game", games.GAMES)
def test_basic_against_random_duplicate_smoke(game):
    report = duplicate.compare(game, "basic", "random", deals=4, seed=1)
    assert report.deals == 4
    assert all(math.isfinite(d) for d in report.diffs)
    lo, hi = report.ci95
    assert lo <= report.mean <= hi
    med, p95 = report.latency_figures("basic")
    assert 0 <= med <= p95
    assert "basic" in report.line() and game in report.line()


def test_duplicate_rotation_cancels_the_cards_between_equal_levels():
    # the same level in every seat: each lineup plays the same deal the same way, so A - B is 0
    report = duplicate.compare("euchre", "basic", "basic", deals=3, seed=2)
    assert report.diffs == [0.0, 0.0, 0.0]
    report = duplicate.compare("lora", "basic", "basic", deals=2, seed=2)
    assert report.diffs == pytest.approx([0.0, 0.0], abs=1e-9)


@pytest.mark.parametrize("game", ["euchre", "clabber"])
def test_expert_against_basic_duplicate_smoke(game):
    report = duplicate.compare(game, "expert", "basic", deals=1, seed=3, budget=0.05)
    assert report.deals == 1 and math.isfinite(report.mean)
    assert report.latency.get("expert")


def test_parallel_duplicate_gives_the_same_figures_as_one_process():
    one = duplicate.compare("raub", "basic", "random", deals=4, seed=5)
    two = duplicate.compare("raub", "basic", "random", deals=4, seed=5, jobs=2)
    assert two.diffs == one.diffs
    # every decision of every deal is timed once, whichever process played it
    assert len(two.latency["basic"]) == len(one.latency["basic"]) > 0
    assert len(two.latency["random"]) == len(one.latency["random"]) > 0
