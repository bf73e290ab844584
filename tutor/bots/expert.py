"""The expert level: sample deals consistent with the view, solve each double dummy with
:mod:`tutor.solver`, and choose the action with the best average in the game's own units.

Anytime within a time budget (default 1 s): more time, more deals. When even one deal cannot be
solved in the time (early Lora tricks, big layouts), it falls back on the basic rule and says
so in its hint. Decisions the solver cannot value (bids, exchanges, melds) are taken by the
basic rule, also said in the hint.
"""

from __future__ import annotations

import random
import time
from collections import defaultdict

from ..errors import TutorError
from ..games.base import View
from . import basic, knowledge as K
from .hints import Alternative, Hint, describe, ladder, reminder_for
from .sampling import SamplingError, position_for, sample_hands

__all__ = ["advise", "UNITS", "DEFAULT_BUDGET"]

DEFAULT_BUDGET = 1.0
UNITS = {"euchre": "points", "raub": "points off your score", "clabber": "card points",
         "lora": "penalty points"}
_NODE_RATE = 150_000      # nodes per second assumed before a solve measures it
_rates: dict = {}   # measured search speed per kind of search, kept between decisions
_MAX_SAMPLES = 64
_MIN_BID_SAMPLES = 8


def advise(view: View, budget: float | None = None, rng: random.Random | None = None,
           max_samples: int = _MAX_SAMPLES) -> Hint:
    """The expert's decision for ``view`` within ``budget`` seconds."""
    start = time.perf_counter()
    budget = DEFAULT_BUDGET if budget is None else float(budget)
    rng = rng or random.Random(0)
    base = basic.advise(view)
    plays = [a for a in view.legal if a.verb == "play" and a.card is not None]
    if len(view.legal) == 1:
        return _relabel(base, "expert", ())
    if view.phase != "play" or len(plays) != len(view.legal):
        from . import rollout
        if rollout.applies(view):
            means, samples = rollout.value_options(view, start + 0.8 * budget, rng, max_samples)
            if samples:
                return _option_hint(view, base, means, samples, "points off your score",
                                    "the rest of the bidding and drawing by the basic rules, "
                                    "the play double dummy")
            return _relabel(base, "expert", ("no deal could be valued within the time budget: "
                                             "the basic rule decides",))
        if rollout.applies_lora_choice(view):
            costs, samples = rollout.value_lora_contracts(view, start + 0.8 * budget, rng, max_samples)
            if samples:
                # the hint machinery keeps the largest value: a penalty counts negatively
                return _option_hint(view, base, {a: -c for a, c in costs.items()}, samples,
                                    "penalty points saved",
                                    "each contract played out by the basic rules")
        options = _bid_options(view)
        if options is not None:
            return _value_bids(view, base, options, start, budget, rng, max_samples)
        return _relabel(base, "expert", ("the expert level takes this decision by the basic rule: "
                                         "its searches value card play and Euchre's bids only",))
    solve = _solver_for(view)
    if solve is None:
        return _relabel(base, "expert", ("no solver for this contract: the basic rule decides",))
    deadline = start + 0.8 * budget
    know = K.read(view)
    totals: dict = defaultdict(float)
    samples = 0
    failures = 0
    kind = (view.game, view.public.get("contract") == "lora")   # the layout search has its own speed
    rate = _rates.get(kind, _NODE_RATE)
    minimise = False
    to_units = _units_of(view)
    solver_error = ""
    while samples < max_samples:
        now = time.perf_counter()
        left = deadline - now
        if left <= 0:
            break
        try:
            hands = sample_hands(know, rng)
            state = position_for(view, hands)
        except (SamplingError, TutorError):
            failures += 1
            if failures > 3:
                break
            continue
        t0 = time.perf_counter()
        # a safety margin: a search that outruns its node budget is wasted time
        try:
            result = solve(state, view.seat, max(2_000, int(0.7 * left * rate)))
        except Exception as err:  # a solver fault must not stop a game: fall back, say so
            solver_error = f"{type(err).__name__}: {err}"
            break
        spent = time.perf_counter() - t0
        if result.nodes > 1_000 and spent > 0:
            measured = max(30_000, int(result.nodes / spent))
            # quick to believe a slower search, slow to believe a faster one
            rate = measured if measured < rate else int(0.8 * rate + 0.2 * measured)
            _rates[kind] = rate
        if not result.exact or not result.moves:
            failures += 1
            break
        minimise = view.game == "lora"   # Lora counts penalty points: the hero wants fewer
        for action, value in result.moves.items():
            totals[action] += to_units(value)
        samples += 1
    if solver_error:
        return _relabel(base, "expert", (f"the solver failed ({solver_error}): the basic rule decides",))
    if samples == 0:
        return _relabel(base, "expert", ("no deal could be solved within the time budget: "
                                         "the basic rule decides",))
    legal = {a for a in view.legal}
    means = {a: totals[a] / samples for a in totals if a in legal}
    if not means:
        return _relabel(base, "expert", ("the solver returned no legal card: the basic rule decides",))
    pick = min if minimise else max
    best_value = pick(means.values())
    tied = [a for a, v in means.items() if abs(v - best_value) < 1e-9]
    action = base.action if base.action in tied else sorted(tied)[0]
    units = UNITS[view.game]
    if view.game == "clabber" and view.players in (4, 6) and view.public.get("maker") is not None:
        units = "points more than the other side"
    others = sorted((a for a in means if a != action), key=lambda a: means[a], reverse=not minimise)
    figures = ", ".join(f"{describe(a)} {means[a]:.2f}" for a in others[:3])
    what = "costs" if minimise else "is worth"
    reason = (f"Over {samples} deal{'s' if samples != 1 else ''} consistent with what you have "
              f"seen, {describe(action)} {what} {means[action]:.2f} {units} on average"
              + (f"; {figures}" if figures else "") + ".")
    if action == base.action:
        principle = base.principle
        idea = base.ladder[1] if len(base.ladder) > 2 else ""
        reason += f" It is also the rule '{principle}'."
    else:
        principle = "count what each card brings over the likely deals"
        idea = _idea(view, action)
    notes = []
    if samples < 8:
        notes.append(f"only {samples} deal{'s' if samples != 1 else ''} solved within the time budget")
    alts = tuple(Alternative(a, round(means[a], 2)) for a in others)
    return Hint(action=action, reason=reason, principle=principle, alternatives=alts,
                ladder=ladder(principle, idea, action), reminder=reminder_for(view, view.legal),
                level="expert", units=units, notes=tuple(notes))


def _idea(view: View, action) -> str:
    tr = K.trick_rules(view)
    card = action.card
    if card is None:
        return ""
    if tr is not None and tr.is_trump(card):
        return "Look at your trumps."
    return f"Look at your {card.suit.noun}." if card.suit is not None else "Look at your hand."


def _relabel(base: Hint, level: str, notes: tuple) -> Hint:
    reason = base.reason
    if notes:
        reason = f"{reason} ({notes[0]})"
    return Hint(action=base.action, reason=reason, principle=base.principle,
                alternatives=base.alternatives, ladder=base.ladder, reminder=base.reminder,
                level=level, units=base.units, notes=tuple(notes))


def _solver_for(view: View):
    from .. import solver
    if view.game == "lora" and view.public.get("contract") == "lora":
        try:
            from ..solver.layout import solve_layout
        except ImportError:  # pragma: no cover - the layout search is optional
            return None
        return lambda state, hero, nodes: solve_layout(state, hero=hero, budget=nodes)
    if view.game == "lora":
        from ..solver.adapters import lora_objective
        try:
            lora_objective(view.public.get("contract"), view.seat, view.rules)
        except TutorError:
            return None
    if view.game == "raub":
        # each Raub player is scored on his own tricks: he plays for himself
        return lambda state, hero, nodes: solver.solve(state, hero=hero, budget=nodes, side={hero})
    return lambda state, hero, nodes: solver.solve(state, hero=hero, budget=nodes)


def _units_of(view: View):
    """Solver figures (tricks for the hero's side) -> the game's score for the hero."""
    pub = view.public
    seat = view.seat
    if view.game == "euchre" and view.players == 4 and pub.get("maker") is not None:
        from ..games import euchre
        maker = int(pub["maker"])
        alone = set(pub.get("alone") or ())
        maker_alone = any(s % 2 == maker % 2 for s in alone)
        defender_alone = any(s % 2 != maker % 2 for s in alone)
        ours = maker % 2 == seat % 2

        def euchre_points(tricks):
            makers = tricks if ours else 5 - tricks
            who, pts, _ = euchre.score_hand(makers, maker_alone, defender_alone, view.rules)
            return pts if (who == "makers") == ours else -pts
        return euchre_points
    if view.game == "raub" and pub.get("declarer") is not None:
        declarer = int(pub["declarer"])
        need = int(pub.get("need") or 2) if seat == declarer else 1
        fail = 4 if seat == declarer else 2

        def raub_points(tricks):
            return tricks if tricks >= need else -fail
        return raub_points
    if view.game == "clabber" and view.players in (4, 6) and pub.get("maker") is not None:
        sides = pub.get("sides") or {}
        side = {int(k): v for k, v in sides.items()}
        mine = side.get(seat)
        ours = side.get(int(pub["maker"])) == mine
        banked = int((pub.get("card_points") or {}).get(mine, 0))

        def clabber_points(future):
            return _clabber_made_or_set(banked + future, ours)
        return clabber_points
    return lambda value: value


# ---------------------------------------------------------------------------- bids by sampling
def _bid_options(view: View):
    """Euchre (four players): each bidding action -> how the play would start after it
    (trump, maker, lone players, whether the dealer picks up the up card); ``None`` for a pass,
    valued at 0 (the hand is left to the others)."""
    if view.game == "clabber":
        return _clabber_bid_options(view)
    if view.game != "euchre" or view.players != 4:
        return None
    pub = view.public
    seat = view.seat
    out = {}
    for a in view.legal:
        if a.verb in ("order_up", "accept"):
            out[a] = dict(trump=pub.get("proposed"), maker=seat, alone=(), pickup=True)
        elif a.verb == "name":
            out[a] = dict(trump=a.arg, maker=seat, alone=(), pickup=False)
        elif a.verb == "go_alone" and pub.get("trump") is not None:
            out[a] = dict(trump=pub["trump"], maker=pub["maker"],
                          alone=tuple(pub.get("alone") or ()) + (seat,), pickup=False)
        elif a.verb == "decline" and pub.get("trump") is not None:
            out[a] = dict(trump=pub["trump"], maker=pub["maker"], alone=tuple(pub.get("alone") or ()),
                          pickup=False)
        elif a.verb in ("discard", "leave") and view.phase == "exchange":
            from ..cards import parse_card
            keep = list(view.hand)
            up = parse_card(pub["up_card"]) if pub.get("up_card") else None
            if a.verb == "discard":
                if up is not None and up not in keep:
                    keep.append(up)
                if a.card not in keep:
                    return None
                keep.remove(a.card)
            elif up is not None and up in keep:
                keep.remove(up)
            out[a] = dict(trump=pub.get("trump") or pub.get("proposed"), maker=pub.get("maker"),
                          alone=tuple(pub.get("alone") or ()), pickup=False, keep=tuple(keep))
        elif a.verb == "pass":
            out[a] = None
        else:
            return None
    if not any(v is not None for v in out.values()):
        return None
    return out


def _clabber_bid_options(view: View):
    """Clabber with partnerships: accept (the face-up suit) or call a suit, I am the maker."""
    if view.players not in (4, 6) or view.phase != "bid":
        return None
    pub = view.public
    face = pub.get("face_up")
    out = {}
    for a in view.legal:
        if a.verb == "accept" and face:
            out[a] = dict(trump=face[-1], maker=view.seat)
        elif a.verb == "call":
            out[a] = dict(trump=a.arg, maker=view.seat)
        elif a.verb == "pass":
            out[a] = None
        else:
            return None
    if not any(v is not None for v in out.values()):
        return None
    return out


def _start(view: View, hands, spec):
    if view.game == "clabber":
        from ..games import clabber
        return clabber.position(hands=hands, trump=spec["trump"], leader=(view.dealer + 1) % view.players,
                                maker=spec["maker"], rules=view.rules, dealer=view.dealer,
                                players=view.players)
    return _euchre_start(view, hands, spec)


def _clabber_made_or_set(mine: float, maker_side: bool, total: int = 162) -> float:
    """Our side's total minus theirs after the made/set rule (melds left out)."""
    theirs = total - mine
    if maker_side:
        return mine - theirs if mine > theirs else -theirs
    return mine - theirs if theirs > mine else mine


def _euchre_start(view: View, hands, spec):
    from ..games import euchre
    from ..cards import Suit, parse_card
    trump = Suit.parse(spec["trump"])
    hands = dict(hands)
    dealer = view.dealer
    if spec["pickup"] and view.public.get("up_card"):
        up = parse_card(view.public["up_card"])
        cards = list(hands[dealer]) + [up]
        cards.remove(basic._euchre_worst(cards, trump, view.rules))
        hands[dealer] = tuple(cards)
    if spec.get("keep") is not None:
        hands[view.seat] = spec["keep"]
    lone = tuple(spec["alone"])
    active = [s for s in range(4) if (s + 2) % 4 not in lone]
    leader = (dealer + 1) % 4
    if lone:
        if view.rules.lone_lead == "left_of_dealer_skip_inactive":
            while leader not in active:
                leader = (leader + 1) % 4
        else:
            first = lone[0] if len(lone) == 1 else next(s for s in lone if s % 2 != spec["maker"] % 2)
            leader = (first + 1) % 4
            while leader not in active:
                leader = (leader + 1) % 4
    return euchre.position(hands={s: hands[s] for s in active}, trump=trump, leader=leader,
                           alone=list(lone) or None, maker=spec["maker"], rules=view.rules,
                           dealer=dealer)


def _value_bids(view, base, options, start, budget, rng, max_samples) -> Hint:
    from .. import solver
    from ..games import euchre
    deadline = start + 0.8 * budget
    know = K.read(view)
    seat = view.seat
    totals = defaultdict(float)
    samples = 0
    live = [a for a, spec in options.items() if spec is not None]
    rate = _rates.get((view.game, "bids"), _NODE_RATE)
    while samples < max_samples and time.perf_counter() < deadline:
        try:
            hands = sample_hands(know, rng)
        except SamplingError:
            break
        figures = {}
        for action in live:
            spec = options[action]
            left = deadline - time.perf_counter()
            if left <= 0:
                break
            try:
                state = _start(view, hands, spec)
                result = solver.solve(state, hero=seat, budget=max(2_000, int(0.5 * left * rate)),
                                      moves=False)
            except Exception:  # an impossible start or a solver fault: this deal is skipped
                figures = None
                break
            if not result.exact:
                figures = None
                break
            maker = spec["maker"]
            ours = maker % 2 == seat % 2
            if view.game == "clabber":
                figures[action] = _clabber_made_or_set(result.value, ours)
                continue
            makers = result.value if ours else 5 - result.value
            alone = set(spec["alone"])
            who, pts, _ = euchre.score_hand(makers, any(s % 2 == maker % 2 for s in alone),
                                            any(s % 2 != maker % 2 for s in alone), view.rules)
            figures[action] = pts if (who == "makers") == ours else -pts
        if not figures or len(figures) != len(live):
            break
        for action, v in figures.items():
            totals[action] += v
        samples += 1
    if samples < min(_MIN_BID_SAMPLES, max_samples):
        # a bid decided on a handful of deals is noisier than the rule of thumb
        return _relabel(base, "expert", (f"only {samples} deals could be valued within the time "
                                         "budget: the basic rule decides",))
    means = {a: totals[a] / samples for a in live}
    for a, spec in options.items():
        if spec is None:
            means[a] = 0.0
    unit = "points" if view.game == "euchre" else "points more than the other side"
    passing = any(spec is None for spec in options.values())
    return _option_hint(view, base, means, samples, unit, "played out double dummy",
                        " (a pass counts as 0: the hand is left to the others)" if passing else "")


def _option_hint(view, base, means, samples, unit, how, tail="") -> Hint:
    best = max(means.values())
    tied = [a for a, v in means.items() if abs(v - best) < 1e-9]
    action = base.action if base.action in tied else sorted(tied)[0]
    others = sorted((a for a in means if a != action), key=lambda a: -means[a])
    figures = ", ".join(f"{describe(a)} {means[a]:+.2f}" for a in others[:3])
    reason = (f"Over {samples} deal{'s' if samples != 1 else ''} consistent with what you have seen, "
              f"{how}, {describe(action)} is worth {means[action]:+.2f} "
              f"{unit} on average" + (f"; {figures}" if figures else "") + tail + ".")
    principle = base.principle if action == base.action else "count what each card brings over the likely deals"
    idea = base.ladder[1] if action == base.action and len(base.ladder) > 2 else \
        "Value the hand with each trump suit."
    notes = () if samples >= 8 else (f"only {samples} deals valued within the time budget",)
    return Hint(action=action, reason=reason, principle=principle,
                alternatives=tuple(Alternative(a, round(means[a], 2)) for a in others),
                ladder=ladder(principle, idea, action), reminder="", level="expert",
                units=unit, notes=notes)
