"""Double-dummy solver benchmark: seeded random full deals from the start of play.

    python benchmarks/solver.py                  # every game and Lora contract
    python benchmarks/solver.py --game euchre --deals 500
    python benchmarks/solver.py --moves          # also value every legal first move
    python benchmarks/solver.py --dds            # Euchre against DDS (needs endplay)
    python benchmarks/solver.py --review         # reviews of whole hands (tutor.review)
    python benchmarks/solver.py --core both      # the compiled and the Python core side by side
    python benchmarks/solver.py --goals          # goal presets of each game (tutor.solver.goals)

Prints, per game / contract: deals solved, median / p90 / max CPU time per solve, the median
node count, and the time of an untimed first solve (which, for a shape new to the process,
includes writing and compiling its search code). Targets: Euchre <= 1 ms median and <= 2.5 ms
p90; Clabber <= 10 / 40 ms; every Lora trick contract with the hero on lead <= 100 / 400 ms
(two_players is a goal search, see tutor.solver.goals); the layout contract from the first
card <= 100 ms median. Times are CPU time (time.process_time) of one solve.

``--core`` picks the search core: ``compiled`` (the C extension, where the problem's shape is
one it covers, see tutor.solver.compiled; the layout line runs the compiled layout search,
tutor/solver/_layout.c, and the goal searches, Lora's two_players and ``--goals``, the compiled
goal search, tutor/solver/_goals.c), ``python`` (TUTOR_SOLVER=python) or ``both`` (each line run
on both, the compiled row with its speed-up). Default: the core in use.
Targets of the compiled core: Euchre <= DDS's time (``--dds`` ratio <= 1.0); every Lora trick
contract with the hero on lead (two_players included) <= 5 ms median; layout <= 1 ms; Clabber
<= 0.5 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor import games, solver  # noqa: E402
from tutor.cards import DECKS, SUITS, format_cards  # noqa: E402
from tutor.solver import compiled_goals, goals  # noqa: E402
from tutor.solver.layout import _compiled as layout_core, solve_layout  # noqa: E402

LORA_TRICK_CONTRACTS = ("minimum", "maximum", "queens", "hearts", "jack_of_clubs",
                        "king_hearts_last_trick", "king_hearts_sixth_trick", "king_of_hearts",
                        "queens_libyan", "jack_of_clubs_libyan", "sixth_trick", "tricks",
                        "two_players")


def _deal(rng, deck, per, seats):
    cards = list(deck)
    rng.shuffle(cards)
    return {s: format_cards(cards[i * per:(i + 1) * per]) for i, s in enumerate(seats)}


def euchre_deal(seed):
    rng = random.Random(seed)
    hands = _deal(rng, DECKS["24"], 5, range(4))
    return games.position("euchre", hands=hands, trump=rng.choice(SUITS).value, leader=1), None


def clabber_deal(seed):
    rng = random.Random(seed)
    hands = _deal(rng, DECKS["24"], 6, range(4))
    return games.position("clabber", hands=hands, trump=rng.choice(SUITS).value, leader=0), None


def raub_deal(seed, players):
    rng = random.Random(seed)
    hands = _deal(rng, DECKS["32"], 4, range(players))
    return games.position("raub", hands=hands, trump=rng.choice(SUITS).value, declarer=0,
                          players=players), None


def lora_deal(seed, contract, rules=None):
    rng = random.Random(seed)
    hands = _deal(rng, DECKS["32"], 8, range(4))
    state = games.position("lora", contract=contract, hands=hands, leader=0, rules=rules)
    return state, 0


CORES: tuple = (None,)   # None: the core in use; else "compiled" / "python" per row


def on_core(core, layout=False):
    """Run what follows on ``core`` (None: leave the choice as it is); ``layout``: the layout
    search's own compiled core (tutor/solver/_layout.c) is needed too."""
    if core is None:
        return
    os.environ["TUTOR_SOLVER"] = core
    if solver.backend() != core or (layout and core == "compiled" and layout_core is None):
        raise SystemExit(f"the {core} core is not available: build it with "
                         "'python setup.py build_ext --inplace' or 'pip install -e .'")


def on_goal_core(core):
    """The goal searches run on ``core`` too: its compiled rows need the goal extension."""
    on_core(core)
    if core == "compiled" and compiled_goals._goals is None:
        raise SystemExit("the compiled goal search is not built: build it with "
                         "'python setup.py build_ext --inplace' or 'pip install -e .'")


def run(name, make, count, moves, layout=False, goal=None):
    """One line per core; ``goal`` (state -> Goal or Levels): solve that goal instead of
    the game's objective. Lora's two_players is a goal search whatever the line."""
    medians = {}
    for core in CORES:
        if goal is not None or "two_players" in name:
            on_goal_core(core)
        else:
            on_core(core, layout)
        medians[core] = _run(name if core is None else f"{name} [{core}]", make, count, moves,
                             layout, medians.get("python"), goal)


def _run(name, make, count, moves, layout, reference, goal=None):
    def timed(seed):
        state, hero = make(seed)
        target = goal(state) if goal is not None else None
        t0 = time.process_time()
        if layout:
            res = solve_layout(state, hero=hero)
        elif target is not None:
            res = solver.solve(state, goal=target, moves=moves)
        else:
            res = solver.solve(state, hero=hero, moves=moves)
        return time.process_time() - t0, res

    # an untimed deal first: a shape's first solve in a process also writes and compiles its
    # search code (reported apart, as "first ms")
    first, _ = timed(1_000_000)
    times, nodes = [], []
    exact = 0
    for seed in range(count):
        t, res = timed(seed)
        times.append(t)
        nodes.append(res.nodes)
        exact += res.exact
    times.sort()
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    median = statistics.median(times)
    speedup = f" {reference / median:>7.1f}x" if reference and median else ""
    print(f"{name:<45} {exact:>5} {median * 1e3:>9.2f} {p90 * 1e3:>9.2f} "
          f"{times[-1] * 1e3:>9.1f} {statistics.median(nodes):>10.0f} {first * 1e3:>9.1f}"
          f"{speedup}", flush=True)
    return median


def played_out(state, seed):
    """The hand played to its end by random legal cards (a hand to review)."""
    rng = random.Random(seed)
    while not state.is_over and state.phase == "play":
        state.apply(rng.choice(state.legal_actions()))
    return state


def review_run(name, make, count):
    """CPU time to review every card of a hand played out at random (tutor.review)."""
    from tutor.solver.review import review_hand
    times, exact, cards = [], 0, 0
    for seed in range(count):
        state = played_out(make(seed)[0], seed)
        t0 = time.process_time()
        rows = review_hand(state)
        times.append(time.process_time() - t0)
        cards += len(rows)
        exact += sum(r.exact for r in rows)
    times.sort()
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    print(f"{name:<34} {count:>5} {statistics.median(times) * 1e3:>9.1f} {p90 * 1e3:>9.1f} "
          f"{times[-1] * 1e3:>9.1f} {exact:>6}/{cards}", flush=True)


def calibrate() -> float:
    """CPU microseconds for a million simple loop steps, to compare machines and loads."""
    t0 = time.process_time()
    x = 0
    for i in range(1_000_000):
        x = (x ^ i) & 0xFFFF
    return (time.process_time() - t0) * 1e3


def dds_compare(count):
    """Euchre deals solved by this solver and by DDS (every first move valued by both)."""
    try:
        from endplay import dds
        from endplay.types import Deal, Denom, Player
    except ImportError:
        print("endplay is not installed: no DDS comparison (pip install endplay)")
        return
    from tutor.solver.dds_bridge import euchre_to_pbn
    denom = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs}
    ours, theirs, agree = [], [], 0
    for seed in range(count):
        rng = random.Random(seed)
        cards = list(DECKS["24"])
        rng.shuffle(cards)
        trump = rng.choice(SUITS)
        hands = {s: cards[5 * s:5 * s + 5] for s in range(4)}
        state = games.position("euchre", hands={s: format_cards(h) for s, h in hands.items()},
                               trump=trump.value, leader=1)
        t0 = time.process_time()
        res = solver.solve(state)
        ours.append(time.process_time() - t0)
        deal = Deal(euchre_to_pbn(hands, trump))
        deal.first = Player.east
        deal.trump = denom[trump.value]
        t0 = time.process_time()
        solved = list(dds.solve_board(deal))
        theirs.append(time.process_time() - t0)
        agree += res.value == max(t for _, t in solved)
    m_ours, m_dds = statistics.median(ours), statistics.median(theirs)
    print(f"euchre deals: {count}, same value: {agree}")
    print(f"median CPU per deal (every first move valued): solver {m_ours * 1e3:.2f} ms, "
          f"DDS {m_dds * 1e3:.3f} ms, ratio {m_ours / m_dds:.2f}x")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="all",
                    help="euchre, clabber, raub, lora, layout or all")
    ap.add_argument("--deals", type=int, default=None, help="deals per line (default per game)")
    ap.add_argument("--contract", default=None, help="only this Lora contract")
    ap.add_argument("--moves", action="store_true", help="value every legal first move too")
    ap.add_argument("--dds", action="store_true", help="compare Euchre with DDS (endplay)")
    ap.add_argument("--review", action="store_true",
                    help="time the review of whole hands played out at random")
    ap.add_argument("--partition", action="store_true",
                    help="partition-search table entries (fewer nodes, dearer ones)")
    ap.add_argument("--goals", action="store_true",
                    help="goal presets of each game instead of the games' objectives")
    ap.add_argument("--core", choices=("compiled", "python", "both"), default=None,
                    help="search core (default: the one in use; both: side by side)")
    args = ap.parse_args(argv)
    global CORES
    CORES = (("python", "compiled") if args.core == "both" else (args.core,))
    print(f"search core: {args.core or solver.backend()}")
    if args.partition:
        from tutor.solver import search
        search.PARTITION = True
    if args.dds:
        for core in CORES:
            on_core(core)
            if core:
                print(f"[{core} core]")
            dds_compare(args.deals or 100)
        return
    want = args.game
    print(f"calibration: 1M loop steps = {calibrate():.0f} ms CPU")
    if args.review:
        if len(CORES) > 1:
            raise SystemExit("--review runs one core at a time: --core compiled or python")
        on_core(CORES[0])
        print(f"{'review of a whole hand':<34} {'hands':>5} {'median ms':>9} {'p90 ms':>9} "
              f"{'max ms':>9} {'exact cards':>12}")
        if want in ("all", "euchre"):
            review_run("euchre", euchre_deal, args.deals or 50)
        if want in ("all", "clabber"):
            review_run("clabber", clabber_deal, args.deals or 20)
        if want in ("all", "raub"):
            review_run("raub 3 players", lambda s: raub_deal(s, 3), args.deals or 50)
        if want in ("all", "lora"):
            for contract in ("minimum", "queens", "hearts"):
                if args.contract and contract != args.contract:
                    continue
                review_run(f"lora {contract}", lambda s, c=contract: lora_deal(s, c),
                           args.deals or 5)
        return
    print(f"{'game / objective':<45} {'deals':>5} {'median ms':>9} {'p90 ms':>9} {'max ms':>9} "
          f"{'med nodes':>10} {'first ms':>9}{' speed-up' if len(CORES) > 1 else ''}   "
          f"({'value of every first move' if args.moves else 'value only'})")
    if args.goals:
        goal_lines(want, args)
        return
    if want in ("all", "euchre"):
        run("euchre, leader's side tricks", euchre_deal, args.deals or 500, args.moves)
    if want in ("all", "clabber"):
        run("clabber, leader's side points", clabber_deal, args.deals or 100, args.moves)
    if want in ("all", "raub"):
        for players in (2, 3, 4):
            run(f"raub {players} players, declarer", lambda s, p=players: raub_deal(s, p),
                args.deals or 300, args.moves)
    if want in ("all", "lora"):
        for contract in LORA_TRICK_CONTRACTS:
            if args.contract and contract != args.contract:
                continue
            run(f"lora {contract}, hero on lead", lambda s, c=contract: lora_deal(s, c),
                args.deals or 20, args.moves)
    if want in ("all", "layout", "lora"):
        run("lora layout, from the first card", lambda s: lora_deal(s, "lora"),
            args.deals or 20, True, layout=True)
        # passes scored and doubled: the hero's pass count joins the position
        run("lora layout (libyan), first card",
            lambda s: lora_deal(s, "lora", "libyan"), args.deals or 20, True, layout=True)


GOAL_LINES = (
    # (game, line, deal, goal of the state)
    ("euchre", "euchre goal max_points(leader)", euchre_deal,
     lambda st: goals.euchre("max_points", st, st.to_move)),
    ("euchre", "euchre goal march", euchre_deal, lambda st: goals.euchre("march", st)),
    ("clabber", "clabber goal make", clabber_deal, lambda st: goals.clabber("make", st)),
    ("clabber", "clabber goal last_trick(leader)", clabber_deal,
     lambda st: goals.clabber("last_trick", st)),
    ("raub", "raub 3 players goal all_defenders_score", lambda s: raub_deal(s, 3),
     lambda st: goals.raub("all_defenders_score", st)),
    ("raub", "raub 4 players goal max_tricks(declarer)", lambda s: raub_deal(s, 4),
     lambda st: goals.raub("max_tricks", st, seat=st.declarer)),
    ("lora", "lora two_players goal avoid_four", lambda s: lora_deal(s, "two_players"),
     lambda st: goals.lora("avoid_four", st, 0)),
    ("lora", "lora two_players goal qualify", lambda s: lora_deal(s, "two_players"),
     lambda st: goals.lora("qualify", st, 0)),
)


def goal_lines(want, args):
    for game, name, make, goal in GOAL_LINES:
        if want in ("all", game):
            run(name, make, args.deals or (20 if game in ("lora", "clabber") else 100),
                args.moves, goal=goal)


if __name__ == "__main__":
    main()
