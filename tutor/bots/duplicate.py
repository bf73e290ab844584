"""Duplicate matches between bot levels: the same deals replayed with the seats rotated, so that
the luck of the cards cancels and what remains is the difference in play.

    from tutor.bots import duplicate
    report = duplicate.compare("euchre", "basic", "random", deals=20, seed=1)
    report.mean, report.ci95, report.latency["basic"]

Scores are the game's own hand scores, signed so that more is better for the level: points in
Euchre and Clabber, penalty points avoided in Lora, score points taken off in Raub.
"""

from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass, field

from .. import games, platform
from . import make

__all__ = ["compare", "Report", "play_hand", "LORA_CONTRACTS"]

# Lora contracts a duplicate series cycles through (every one the solver can value)
LORA_CONTRACTS = ("minimum", "maximum", "queens", "hearts", "jack_of_clubs",
                  "king_hearts_last_trick", "lora")


@dataclass
class Report:
    game: str
    level_a: str
    level_b: str
    diffs: list[float] = field(default_factory=list)     # per deal: A's score - B's, per hand
    latency: dict[str, list[float]] = field(default_factory=dict)

    @property
    def deals(self) -> int:
        return len(self.diffs)

    @property
    def mean(self) -> float:
        return statistics.fmean(self.diffs) if self.diffs else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        if len(self.diffs) < 2:
            return (-math.inf, math.inf)
        half = 1.96 * statistics.stdev(self.diffs) / math.sqrt(len(self.diffs))
        return (self.mean - half, self.mean + half)

    def latency_figures(self, level: str) -> tuple[float, float]:
        """Median and 95th percentile of the level's decision times, in seconds."""
        times = sorted(self.latency.get(level, ()))
        if not times:
            return (0.0, 0.0)
        p95 = times[min(len(times) - 1, int(math.ceil(0.95 * len(times))) - 1)]
        return (statistics.median(times), p95)

    def line(self) -> str:
        lo, hi = self.ci95
        parts = [f"{self.game:8} {self.level_a:>6} vs {self.level_b:<6} deals {self.deals:4}  "
                 f"mean {self.mean:+7.3f} per hand  95% CI [{lo:+.3f}, {hi:+.3f}]"]
        for level in (self.level_a, self.level_b):
            med, p95 = self.latency_figures(level)
            parts.append(f"{level} median {med * 1000:.1f} ms p95 {p95 * 1000:.1f} ms")
        return "  |  ".join(parts)


def _sign(game: str) -> int:
    return -1 if game == "lora" else 1


def _raub_gain(state, seat) -> float:
    # Raub scores go down when a player does well
    return -state.result().for_seat(seat)


def _seat_score(state, seat) -> float:
    if state.game == "raub":
        return _raub_gain(state, seat)
    return _sign(state.game) * state.result().for_seat(seat)


def _deal(game: str, seed: int, rules, index: int):
    options = {}
    if game == "lora":
        options["contract"] = LORA_CONTRACTS[index % len(LORA_CONTRACTS)]
    return games.new_hand(game, seed=seed, rules=rules, dealer=index % _players(game, rules), **options)


def _players(game: str, rules) -> int:
    state = games.new_hand(game, seed=0, rules=rules)
    return state.players


def play_hand(state, bots_by_seat, latency=None):
    """Play ``state`` to its end with one bot per seat; each bot sees its seat's view only."""
    while not state.is_over:
        seat = state.to_move
        view = state.view(seat)
        bot = bots_by_seat[seat]
        t0 = time.perf_counter()
        action = bot.choose(view)
        spent = time.perf_counter() - t0
        if latency is not None and len(view.legal) > 1:
            latency.setdefault(bot.level, []).append(spent)
        state.apply(action, seat=seat)
    return state


def _lineups(game: str, n: int, sides: dict[int, object]) -> list[set[int]]:
    """Seat sets given to level A in turn; level B takes the other seats."""
    units = {}
    for s in range(n):
        units.setdefault(sides[s], set()).add(s)
    return [seats for _, seats in sorted(units.items(), key=lambda kv: str(kv[0]))]


def compare(game: str, level_a: str, level_b: str, deals: int = 10, seed: int = 0, rules=None,
            budget: float | None = None, jobs: int = 1) -> Report:
    """Duplicate series: each deal is played once per lineup (level A in one unit's seats, level B
    in all others); the deal's figure is the mean over lineups of A's score minus B's.
    ``jobs`` > 1 shares the deals out to that many processes (the same deals, the same figures);
    the browser edition, which has no processes, plays them all in one and says so."""
    jobs = platform.single_process_jobs(jobs, "duplicate matches")
    if jobs > 1 and deals > 1:
        from concurrent.futures import ProcessPoolExecutor
        parts = [range(j, deals, jobs) for j in range(jobs)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            reports = list(pool.map(_compare_deals, [game] * jobs, [level_a] * jobs,
                                    [level_b] * jobs, parts, [seed] * jobs, [rules] * jobs,
                                    [budget] * jobs))
        report = Report(game, level_a, level_b)
        by_index = {}
        for part, sub in zip(parts, reports):
            by_index.update(zip(part, sub.diffs))
            for level, times in sub.latency.items():
                report.latency.setdefault(level, []).extend(times)
        report.diffs = [by_index[i] for i in range(deals)]
        return report
    return _compare_deals(game, level_a, level_b, range(deals), seed, rules, budget)


def _compare_deals(game, level_a, level_b, indices, seed, rules, budget) -> Report:
    report = Report(game, level_a, level_b)
    for index in indices:
        deal_seed = seed * 100_003 + index
        probe = _deal(game, deal_seed, rules, index)
        n = probe.players
        sides = _sides(probe)
        figures = []
        for lineup in _lineups(game, n, sides):
            state = _deal(game, deal_seed, rules, index)
            bots_by_seat = {}
            for s in range(n):
                level = level_a if s in lineup else level_b
                options = {"budget": budget} if level == "expert" and budget is not None else {}
                bots_by_seat[s] = make(level, s, seed=deal_seed * 7 + s, **options)
            play_hand(state, bots_by_seat, report.latency)
            a = [_seat_score(state, s) for s in lineup]
            b_seats = [s for s in range(n) if s not in lineup]
            b = [_seat_score(state, s) for s in b_seats]
            a_unit = statistics.fmean(a) if _per_seat(state) else a[0]
            b_unit = statistics.fmean(b) if b else 0.0
            figures.append(a_unit - b_unit)
        report.diffs.append(statistics.fmean(figures))
    return report


def _per_seat(state) -> bool:
    return state.game in ("lora", "raub")


def _sides(state) -> dict[int, object]:
    """Scoring unit of each seat: partnerships in 4-player Euchre and 4/6-player Clabber."""
    n = state.players
    if state.game == "euchre" and n == 4:
        return {s: s % 2 for s in range(n)}
    if state.game == "clabber" and n in (4, 6):
        return {s: s % 2 for s in range(n)}
    return {s: s for s in range(n)}
