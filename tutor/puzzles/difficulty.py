"""A puzzle's level (1-5) from its solution alone, before anyone has tried it.

Features (kept in ``difficulty.features``): ``decisions`` (hero decisions with a single winning
class), ``losing_share`` (at each decision, the share of the card classes that lose), ``trap``
(the ``basic`` bot's card loses at some decision: the natural play is wrong), ``hidden``
(hands the learner does not see), ``cards`` (the hero's cards at the start) and ``nodes``
(search effort, a tiebreak). The points below grow with each; the thresholds split them into
five levels.
"""

from __future__ import annotations

import math

__all__ = ["features", "points", "level_of", "rate", "THRESHOLDS"]

# points at which levels 2, 3, 4 and 5 begin
THRESHOLDS = (0.75, 1.55, 2.6, 3.2)


def _basic_card(state, seat):
    from .. import bots
    try:
        return bots.make("basic", seat=seat, seed=0).choose(state.view(seat))
    except Exception:  # noqa: BLE001 - a bot that cannot decide sets no trap
        return None


def features(puzzle, cert) -> dict:
    shares, trap = [], False
    for d in cert.decisions:
        shares.append(round(1 - len(d.winners) / len(d.classes), 3))
        card = _basic_card(d.state, puzzle.hero)
        if card is not None and not any(str(j.action) == str(card) for c in d.winners for j in c):
            trap = True
    start = puzzle.start_state()
    return {"decisions": len(cert.decisions), "losing_share": shares, "trap": trap,
            "hidden": len(puzzle.hidden), "cards": len(start.hands[puzzle.hero]),
            "nodes": int(cert.nodes)}


def points(f: dict) -> float:
    p = 0.9 * (f["decisions"] - 1) + sum(f["losing_share"]) * 0.9
    p += 1.0 if f["trap"] else 0.0
    p += 0.8 * f["hidden"]
    p += 0.15 * max(0, f["cards"] - 3)
    p += 0.05 * math.log10(1 + f["nodes"])
    return round(p, 3)


def level_of(p: float) -> int:
    return 1 + sum(1 for t in THRESHOLDS if p >= t)


def rate(puzzle, cert) -> dict:
    """``{"level": 1-5, "points": ..., "features": {...}}``."""
    f = features(puzzle, cert)
    p = points(f)
    return {"level": level_of(p), "points": p, "features": f}
