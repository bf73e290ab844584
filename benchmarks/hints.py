"""Expert hint benchmark: how many sampled deals the expert's time budget buys, per decision.

    python benchmarks/hints.py                          # every decision kind, 7 hands each
    python benchmarks/hints.py --kinds lora             # the kinds whose name contains "lora"
    python benchmarks/hints.py --kinds "euchre: go alone" --hands 20 --budget 0.5
    python benchmarks/hints.py --core both              # the Python and the compiled core
    python benchmarks/hints.py --variants               # also other table sizes (2, 3, 6 players)
    python benchmarks/hints.py --list                   # the decision kinds, nothing measured

A *decision kind* is one decision of one game: the first lead of each Lora contract, of
Clabber, Euchre and Raub, and every decision before the card play (Euchre's bids, the dealer's
exchange, going alone, calling for best, the blind call; Raub's deal, blind calls, bids, defence
and draw; Clabber's bids and meld announcements; Lora's contract choice and cut). For each kind,
seeded hands are dealt and played by the basic bots until such a decision (with more than one
legal action) is due; the expert is then asked for its hint, ``bots.hint(view, level="expert",
budget=..., seed=...)``, as a table asks it, and the deals its figures average over
(``hint.samples``) are counted.

Prints, per kind: hands measured, the median and smallest number of sampled deals, the hands
that reached the sample cap (``tutor.bots.expert.sample_cap``), and the median and p95 latency
of a hint (wall time, which the budget limits) with the median CPU time. A hint that fell back
on the basic rule counts as 0 deals; a hint with nothing to sample (one choice never worse on
any deal: Clabber's dominant meld announcement) is counted apart. Before each kind's hands one
untimed hint is asked (a search shape's first solve in a process also writes and compiles its
search code).

``--core`` picks the search core: ``compiled`` (TUTOR_SOLVER=compiled, the C extension),
``python`` (TUTOR_SOLVER=python) or ``both`` (each kind run on both, one after the other on the
same hands; the compiled row shows the ratio of median deals). Default: the core in use.
Target: at the default 1 s budget, every first lead listed above and every decision before the
play reaches the cap (64 deals) at the median. The budget is wall time: on a loaded machine it
buys fewer deals, so note the load with the figures (printed at the start and the end).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor import bots, games, solver  # noqa: E402
from tutor.bots import basic, expert, rollout  # noqa: E402
from tutor.errors import TutorError  # noqa: E402
from tutor.games import lora  # noqa: E402


@dataclass(frozen=True)
class Kind:
    """One decision of one game: where seeded hands are dealt and which decision is measured.

    ``due(view, plays)`` says whether the decision at ``view`` is this kind (``plays``: cards
    played so far in the hand); ``steer(view)`` may take an action on the way there instead
    of the basic rule (to reach a decision the basic bots seldom lead to)."""

    name: str
    game: str
    due: Callable
    rules: object = None
    options: dict = field(default_factory=dict)
    steer: Callable | None = None


def _verbs(view) -> set:
    return {a.verb for a in view.legal}


def first_lead(view, plays) -> bool:
    return plays == 0 and view.phase == "play" and _verbs(view) <= {"play", "pass"}


def phase_is(phase, *verbs):
    """Due in ``phase`` when every verb of ``verbs`` is among the legal ones."""
    return lambda view, plays: view.phase == phase and set(verbs) <= _verbs(view)


def _lora_rules(contract):
    if contract in lora.STANDARD_CONTRACTS:
        return None
    if contract == "king_hearts_sixth_trick":
        return "king_hearts_sixth_trick"
    return "libyan"


def _go_alone(view):
    return next((a for a in view.legal if a.verb == "go_alone"), None)


def _stick(view, plays) -> bool:
    return view.phase == "bid2" and "name" in _verbs(view) and "pass" not in _verbs(view)


def kinds(variants: bool = False) -> list[Kind]:
    """Every decision kind measured (``variants``: also the other table sizes)."""
    out = [Kind(f"lora {c}: first lead", "lora", first_lead, _lora_rules(c), {"contract": c})
           for c in lora.CONTRACTS]
    for game in ("clabber", "euchre", "raub"):
        out.append(Kind(f"{game}: first lead", game, first_lead))
    call_for_best = {"call_for_best": True}
    out += [
        Kind("euchre: order up / pass (round 1)", "euchre", phase_is("bid1", "order_up")),
        Kind("euchre: dealer takes up / pass (round 1)", "euchre", phase_is("bid1", "accept")),
        Kind("euchre: dealer's exchange", "euchre", phase_is("exchange", "discard")),
        Kind("euchre: call trump / pass (round 2)", "euchre", phase_is("bid2", "name", "pass")),
        Kind("euchre: stuck dealer names trump", "euchre", _stick, {"stick_the_dealer": True}),
        Kind("euchre: go alone", "euchre", phase_is("alone", "go_alone")),
        Kind("euchre: call for best", "euchre", phase_is("call_for_best"), call_for_best,
             steer=_go_alone),
        Kind("euchre: dealer's blind call (joker up)", "euchre", phase_is("name_blind"),
             "british_25_joker"),
        Kind("raub: deal / pass the deal", "raub", phase_is("predeal", "deal")),
        Kind("raub: muss", "raub", phase_is("predeal", "muss"), options={"scores": [8, 21, 21, 21]}),
        Kind("raub: blind call (raub / look)", "raub", phase_is("blind", "raub")),
        Kind("raub: bid (round 1)", "raub", phase_is("bid1", "declare")),
        Kind("raub: bid (round 2)", "raub", phase_is("bid2", "declare")),
        Kind("raub: dealer's choice (declare / pass / turn)", "raub",
             phase_is("dealer_choice", "turn")),
        Kind("raub: trump seven exchange", "raub", phase_is("seven", "exchange_seven"),
             "trump_seven"),
        Kind("raub: defend (play / drop)", "raub", phase_is("defend", "drop")),
        Kind("raub: draw", "raub", phase_is("draw", "exchange")),
        Kind("clabber: take / pass (round 1)", "clabber", phase_is("bid", "accept")),
        Kind("clabber: call trump / pass (round 2)", "clabber", phase_is("bid", "call")),
        Kind("clabber: announce melds", "clabber", phase_is("play", "announce"),
             {"meld_declaration": "choice"}),
        Kind("lora: choose contract", "lora", phase_is("choose"), {"contract_choice": True}),
        Kind("lora: cut / decline", "lora", phase_is("cut"), {"packet_deal_on_no_cut": True}),
    ]
    if variants:
        sized = {"euchre": {"two_handed": "2 players", "three_handed_cutthroat": "3 players"},
                 "raub": {"two_players": "2 players", "three_players": "3 players"},
                 "clabber": {"two_player": "2 players", "three_player": "3 players",
                             "six_player": "6 players"}}
        for kind in list(out):
            for preset, words in sized.get(kind.game, {}).items():
                if kind.rules is not None and not isinstance(kind.rules, dict):
                    continue   # a preset of its own already
                rules = games.rules_for(kind.game, preset, **(kind.rules or {}))
                options = dict(kind.options)
                if "scores" in options:   # one score per seat
                    options["scores"] = options["scores"][:int(words[0])]
                out.append(Kind(f"{kind.name} [{words}]", kind.game, kind.due, rules,
                                options, kind.steer))
    return out


def positions(kind: Kind, count: int, seed: int = 1, tries: int = 400) -> list:
    """Up to ``count`` views at which a ``kind`` decision is due, one per seeded hand (hands
    dealt from ``seed`` on, played by the basic bots; at most ``tries`` hands dealt)."""
    found = []
    for s in range(seed * 10_000, seed * 10_000 + tries):
        if len(found) >= count:
            break
        try:
            state = games.new_hand(kind.game, seed=s, rules=kind.rules, **kind.options)
        except TutorError:   # a deal these rules refuse
            continue
        plays = 0
        while not state.is_over:
            view = state.view(state.to_move)
            if len(view.legal) > 1 and kind.due(view, plays):
                found.append(view)
                break
            if plays and kind.due is first_lead:
                break   # past the first lead: the rest of this hand cannot be it
            action = (kind.steer(view) if kind.steer else None) or basic.advise(view).action
            plays += action.verb == "play" and bool(action.cards)   # Raub's "play" defends
            state.apply(action)
    return found


def on_core(core):
    """Run what follows on ``core`` (None: leave the choice as it is); the search speeds the
    expert has measured are forgotten, so that one core's do not steer the other's budgets."""
    if core is not None:
        os.environ["TUTOR_SOLVER"] = core
        if solver.backend() != core:
            raise SystemExit(f"the {core} core is not available: build it with "
                             "'python setup.py build_ext --inplace' or 'pip install -e .'")
    expert._rates.clear()
    rollout._rates.clear()


@dataclass
class Row:
    """One kind's figures on one core. ``samples``: the deals of each hint that needed them
    (a fall-back on the basic rule counts 0); ``proved``: hints decided without sampling
    because one choice is never worse on any deal (Clabber's dominant meld announcement)."""

    name: str
    hands: int
    samples: list
    cap_reached: int
    wall: list
    cpu: list
    proved: int = 0

    @property
    def median_samples(self) -> float:
        return statistics.median(self.samples) if self.samples else 0

    def line(self, reference: "Row | None" = None) -> str:
        if not self.hands:
            return f"{self.name:<58} {0:>5}   (no such decision in the hands dealt)"
        proved = f"   ({self.proved} decided without sampling: never worse on any deal)" \
            if self.proved else ""
        if not self.samples:
            return f"{self.name:<58} {self.hands:>5}{proved}"
        wall = sorted(self.wall)
        p95 = wall[min(len(wall) - 1, int(0.95 * len(wall)))]
        ratio = ""
        if reference is not None and reference.median_samples:
            ratio = f" {self.median_samples / reference.median_samples:>6.1f}x"
        return (f"{self.name:<58} {self.hands:>5} {self.median_samples:>7.0f} {min(self.samples):>6} "
                f"{self.cap_reached:>4} {statistics.median(wall) * 1e3:>8.0f} {p95 * 1e3:>8.0f} "
                f"{statistics.median(self.cpu) * 1e3:>8.0f}{ratio}{proved}")


HEADER = (f"{'decision kind':<58} {'hands':>5} {'med dl':>7} {'min dl':>6} {'cap':>4} "
          f"{'med ms':>8} {'p95 ms':>8} {'cpu ms':>8}")


def measure(name: str, views: list, budget: float, seed: int, warm=None) -> Row:
    """Ask the expert's hint at each view (seeded per view); ``warm``: a view asked first,
    untimed."""
    if warm is not None:
        bots.hint(warm, level="expert", budget=budget, seed=seed)
    samples, wall, cpu = [], [], []
    reached = proved = 0
    for i, view in enumerate(views):
        cap = expert.sample_cap(view)
        w0, c0 = time.perf_counter(), time.process_time()
        h = bots.hint(view, level="expert", budget=budget, seed=seed + i)
        w, c = time.perf_counter() - w0, time.process_time() - c0
        if h.samples is None and not h.notes:   # no fall-back: nothing was left to sample
            proved += 1
            continue
        wall.append(w)
        cpu.append(c)
        samples.append(h.samples or 0)
        reached += (h.samples or 0) >= cap
    return Row(name, len(views), samples, reached, wall, cpu, proved)


def run(kind: Kind, hands: int, budget: float, seed: int, cores) -> list[Row]:
    """The kind's rows, one per core (same hands, same seeds)."""
    found = positions(kind, hands + 1, seed)
    warm, views = (found[0], found[1:]) if len(found) > hands else (None, found)
    rows = []
    for core in cores:
        on_core(core)
        name = kind.name if core is None else f"{kind.name} [{core}]"
        rows.append(measure(name, views, budget, seed, warm))
    return rows


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:   # pragma: no cover - no load figures on this system
        return "unknown"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=7, help="hands measured per decision kind")
    ap.add_argument("--budget", type=float, default=expert.DEFAULT_BUDGET,
                    help="the expert's seconds per decision (wall time)")
    ap.add_argument("--kinds", nargs="*", default=None,
                    help="only the kinds whose name contains one of these words")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--core", choices=("compiled", "python", "both"), default=None,
                    help="search core (default: the one in use; both: side by side)")
    ap.add_argument("--variants", action="store_true", help="also the other table sizes")
    ap.add_argument("--list", action="store_true", help="list the decision kinds and stop")
    args = ap.parse_args(argv)
    chosen = [k for k in kinds(args.variants)
              if not args.kinds or any(w.lower() in k.name.lower() for w in args.kinds)]
    if args.list:
        for k in chosen:
            print(k.name)
        return 0
    cores = ("python", "compiled") if args.core == "both" else (args.core,)
    print(f"expert hints: {args.hands} hands per kind, budget {args.budget} s (wall), seed "
          f"{args.seed}, core {args.core or solver.backend()}, load average {load()}")
    print(f"med dl / min dl: sampled deals (median, smallest); cap: hands that reached the "
          f"sample cap; ms: wall time per hint (median, p95), CPU time (median)")
    print(HEADER + (" deals" if len(cores) > 1 else ""), flush=True)
    t0 = time.perf_counter()
    for kind in chosen:
        rows = run(kind, args.hands, args.budget, args.seed, cores)
        for i, row in enumerate(rows):
            print(row.line(rows[0] if i else None), flush=True)
    print(f"done in {time.perf_counter() - t0:.0f} s, load average {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
