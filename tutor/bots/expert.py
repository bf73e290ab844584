"""The expert level: sample deals consistent with the view, solve each double dummy with
:mod:`tutor.solver`, and choose the action with the best average in the game's own units.

Decisions before the card play (bids, exchanges, going alone, calling for best, meld
announcements, Raub's calls, Lora's contract choice and cut) are valued by rollouts on sampled
deals (:mod:`tutor.bots.rollout`): each option is tried, the rest of the hand before the cards
is decided by the basic rules and the play is solved double dummy (Lora: played out).

Anytime within a time budget (default 1 s): more time, more deals. When even one deal cannot be
valued in the time (early Lora tricks, big layouts), it falls back on the basic rule and says so
in its hint; a choice before the play valued on fewer than eight deals also keeps the basic
rule, with the sampled figures shown beside it.
"""

from __future__ import annotations

import random
import time
from collections import defaultdict

from ..errors import TutorError
from ..games.base import View
from . import basic, knowledge as K
from .hints import figures_sentence, Alternative, Hint, describe, ladder, reminder_for
from .sampling import SamplingError, position_for, sample_hands

__all__ = ["advise", "sample_cap", "UNITS", "DEFAULT_BUDGET"]

DEFAULT_BUDGET = 1.0
UNITS = {"euchre": "points", "raub": "points off your score", "clabber": "card points",
         "lora": "penalty points"}
# nodes per second assumed before a solve measures it, per search core: a first search given
# too few nodes for the time comes back inexact and leaves the decision to the basic rule
_NODE_RATES = {"python": 150_000, "compiled": 4_000_000}
_rates: dict = {}   # measured search speed per kind of search, kept between decisions
_MIN_BID_SAMPLES = 8
# The most deals a decision samples when its time allows, by game and decision (see
# sample_cap). 64 where more deals no longer change decisions: judged on 256 other deals, a
# choice made on 64 is as good as one made on 256 within the noise (benchmarks/sample_cap.py,
# compiled core: the first leads and the choices before the play). Clabber's card play and
# its second-round call are the exceptions: card points spread widely between deals. A first
# lead chosen on 64 deals loses about 0.6 card points more than one chosen on 256 (two seeded
# studies, 20 and 30 leads), one chosen on 128 no more than one on 256 (0.06 +- 0.21); a call
# chosen on 64 deals loses about 1.7 points more (1.66, 1.63 +- 1.55 and 1.95 +- 1.12 in three
# studies of 20, 12 and 16 calls), one chosen on 128 no more (0.13 +- 0.13). (Four players;
# with two or three the gain is smaller, 0.04 +- 0.02 and 0.01 +- 0.01 on a lead, 0.39 +- 0.31
# on a three-handed call, and more deals cost only time the budget already bounds.)
_MAX_SAMPLES = 64
_SAMPLE_CAPS = {("clabber", "play"): 128, ("clabber", "call"): 128}


def _decision(view: View) -> str:
    """What a decision is, for the caps: "play" for a card, else its verbs other than a pass
    ("call", "accept", "order_up", "drop+play"...)."""
    if view.legal and all(a.verb == "play" and a.card is not None for a in view.legal):
        return "play"
    return "+".join(sorted({a.verb for a in view.legal} - {"pass"}))


def sample_cap(view: View) -> int:
    """The most deals the expert samples for a decision at ``view`` when the time allows
    (``_SAMPLE_CAPS``, else 64)."""
    return _SAMPLE_CAPS.get((view.game, _decision(view)), _MAX_SAMPLES)


def advise(view: View, budget: float | None = None, rng: random.Random | None = None,
           max_samples: int | None = None) -> Hint:
    """The expert's decision for ``view`` within ``budget`` seconds, on at most
    ``max_samples`` deals (default :func:`sample_cap`)."""
    start = time.perf_counter()
    if max_samples is None:
        max_samples = sample_cap(view)
    budget = DEFAULT_BUDGET if budget is None else float(budget)
    rng = rng or random.Random(0)
    base = basic.advise(view)
    plays = [a for a in view.legal if a.verb == "play" and a.card is not None]
    if len(view.legal) == 1:
        return _relabel(base, "expert", ())
    if view.phase != "play" or len(plays) != len(view.legal):
        return _before_play(view, base, start, budget, rng, max_samples)
    solve = _solver_for(view)
    if solve is None:
        return _relabel(base, "expert", ("no solver for this contract: the basic rule decides",))
    deadline = start + 0.8 * budget
    know = K.read(view)
    totals: dict = defaultdict(float)
    samples = 0
    failures = 0
    from ..solver import backend
    # the layout and the goal (two_players) searches have their own speeds
    contract = view.public.get("contract")
    kind = (view.game, contract if contract in ("lora", "two_players") else None, backend())
    rate = _rates.get(kind, _NODE_RATES[backend()])
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
        except TutorError as err:  # a position the solver does not model: fall back, say so
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
    if view.game == "euchre" and view.players != 4 and view.public.get("maker") is not None:
        from .rollout import net_units
        units = net_units(view)
    others = sorted((a for a in means if a != action), key=lambda a: means[a], reverse=not minimise)
    figures = figures_sentence(describe(action), means[action], samples,
                               [(describe(a), means[a]) for a in others[:3]], units, minimise)
    reason = (f"{figures[0].upper()}{figures[1:]} (deals that fit what you have seen, each "
              f"solved with every card known).")
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
                level="expert", units=units, notes=tuple(notes), value=means[action],
                samples=samples, minimise=minimise)


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
    if view.game == "lora" and view.public.get("contract") == "two_players":
        # no linear objective: the solver searches the contract's goals (a score of 0, 4 or 8)
        return lambda state, hero, nodes: solver.solve(state, hero=hero, budget=nodes)
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
    if view.game == "euchre" and pub.get("maker") is not None:
        return _small_euchre_points(view)
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
        melds = _clabber_public_melds(view, side)
        our_melds = melds.get(mine, 0)
        their_melds = sum(v for u, v in melds.items() if u != mine)

        def clabber_points(future):
            return _clabber_made_or_set(banked + future, ours, our_melds=our_melds,
                                        their_melds=their_melds)
        return clabber_points
    return lambda value: value


def _small_euchre_points(view: View):
    """Two- and three-handed Euchre (12.3, 12.4): the maker's tricks -> the hero's points less
    the opponents' average, the figure the choices before the play are valued in."""
    rules = view.rules
    n = view.players
    hero_makes = view.seat == int(view.public["maker"])
    march = rules.points_march if n == 2 else rules.three_handed_march_points
    euchre = rules.points_euchre if n == 2 else rules.three_handed_euchre_points

    def points(tricks):   # tricks of the hero's side: the maker alone against the others
        made = tricks if hero_makes else 5 - tricks
        if made >= 3:
            pts = march if made == 5 else rules.points_make
            return pts if hero_makes else -pts / (n - 1)
        # euchred: each opponent of the maker scores
        return -euchre if hero_makes else euchre - euchre * (n - 2) / (n - 1)
    return points


def _clabber_made_or_set(mine: float, maker_side: bool, total: int = 162, our_melds: int = 0,
                         their_melds: int = 0) -> float:
    """Our side's recorded score minus theirs after the made/set rule (rules 12.2): ``mine`` is
    our card points of the hand, the melds and bell each side scores are added to its total."""
    ours = mine + our_melds
    theirs = total - mine + their_melds
    if maker_side:
        return ours - theirs if ours > theirs else -theirs
    return ours - theirs if theirs > ours else ours


def _clabber_public_melds(view: View, side_of: dict) -> dict:
    """Meld and bell points each side will score, as far as the table knows them: the
    announced meld types of the side that won the comparison (each type has fixed points) and
    the bell once announced."""
    from ..games.clabber_melds import BELL_POINTS, MELD_POINTS
    pub = view.public
    out: dict = {}
    winner = pub.get("meld_winner")
    if pub.get("melds_resolved") and winner is not None:
        for seat, kinds in (pub.get("announcements") or {}).items():
            if side_of.get(int(seat)) == winner:
                out[winner] = out.get(winner, 0) + sum(MELD_POINTS[k] for k in kinds or ())
    bell = pub.get("bell")
    if bell is not None and int(bell) in side_of:
        unit = side_of[int(bell)]
        out[unit] = out.get(unit, 0) + BELL_POINTS
    return out


# ---------------------------------------------------------------------------- before the play
def _before_play(view: View, base: Hint, start: float, budget: float, rng: random.Random,
                 max_samples: int) -> Hint:
    """Bids, exchanges, calls, meld announcements and cuts, valued by rollouts on sampled deals
    (:mod:`tutor.bots.rollout`)."""
    from . import rollout
    deadline = start + 0.8 * budget
    if rollout.applies(view):
        means, samples = rollout.value_options(view, deadline, rng, max_samples)
        return _option_hint(view, base, means, samples, "points off your score",
                            "the rest of the bidding and drawing by the basic rules, "
                            "the play double dummy")
    if rollout.applies_lora_choice(view):
        costs, samples = rollout.value_lora_contracts(view, deadline, rng, max_samples)
        # the hint machinery keeps the largest value: a penalty counts negatively
        return _option_hint(view, base, {a: -c for a, c in costs.items()}, samples,
                            "penalty points saved", "each contract played out by the basic rules")
    if rollout.applies_lora_cut(view):
        costs, samples = rollout.value_lora_cut(view, deadline, rng, max_samples)
        if not samples:
            return _relabel(base, "expert", ("no deal could be valued within the time budget: "
                                             "the basic rule decides",))
        cost = costs[base.action]
        reason = (f"Over {samples} shuffled pack{'s' if samples != 1 else ''}, each dealt both "
                  f"ways and played out by the basic rules, the hand costs you {cost:.2f} penalty "
                  f"points on average whether you cut or not: the pack is shuffled, so dealing "
                  f"singly or in packets gives every seat the same chances. Neither choice is "
                  f"better; {describe(base.action)} follows the custom.")
        notes = () if samples >= 8 else (f"only {samples} pack{'s' if samples != 1 else ''} "
                                         "played out within the time budget",)
        return Hint(action=base.action, reason=reason, principle=base.principle,
                    alternatives=tuple(Alternative(a, round(costs[a], 2), "the same chances")
                                       for a in view.legal if a != base.action),
                    ladder=base.ladder, reminder="", level="expert", units="penalty points",
                    notes=notes, samples=samples)
    if rollout.applies_before_play(view):
        forced = _dominant_announcement(view)
        if forced is not None:
            return forced
        means, samples = rollout.value_before_play(view, deadline, rng, max_samples)
        passing = any(a.verb == "pass" for a in view.legal)
        return _option_hint(view, base, means, samples, rollout.net_units(view),
                            "the rest of the hand before the play by the basic rules, the play "
                            "double dummy", " (a pass is worth what the others then bid and "
                            "make of the hand)" if passing else "",
                            min_samples=min(_MIN_BID_SAMPLES, max_samples))
    return _relabel(base, "expert", ("the expert level takes this decision by the basic rule: "
                                     "its searches do not reach it",))


def _dominant_announcement(view: View) -> Hint | None:
    """A Clabber announcement at least as good as every other on every deal, if there is one.

    An unannounced meld can never score, and announcing never costs points: each side is judged
    by its best meld, so a better best meld can only turn a loss into "no melds" or a win, and
    the winning side scores all it announced. An announcement whose best meld ranks at least as
    high and whose points are at least as many is then never worse, whatever the others hold.
    (What the shown cards tell the opponents is left out, as in the double-dummy play.)"""
    if not view.legal or any(a.verb != "announce" for a in view.legal):
        return None
    from ..cards import Suit
    from ..games.clabber_melds import best_with_types, meld_key
    trump = Suit.parse(view.public["trump"])
    rules = view.rules
    worth = {}
    for a in view.legal:
        melds = best_with_types(view.hand, () if a.arg == "none" else a.arg.split(), trump,
                                rules.evansville_ranking, rules.wadesville_six_sequence) or ()
        top = max((meld_key(m, trump, rules.evansville_ranking) for m in melds), default=(0,))
        worth[a] = (top, sum(m.points for m in melds))
    top = [a for a in view.legal if all(worth[a][0] >= worth[b][0] and worth[a][1] >= worth[b][1]
                                        for b in view.legal)]
    if len(top) != 1:
        return None
    action = top[0]
    shown = action.arg.replace("_", " ")
    reason = (f"Announce {shown}: no other announcement has a higher meld or more points. A meld "
              f"not announced now can never score, and announcing never costs points (each side "
              f"is judged by its best meld and only the winning side scores), so no deal can "
              f"make another announcement better: {describe(action)}.")
    principle = "declare your best meld"
    alts = tuple(Alternative(a, None, f"a lower meld or fewer points ({worth[a][1]} against "
                                      f"{worth[action][1]}): never better")
                 for a in view.legal if a != action)
    return Hint(action=action, reason=reason, principle=principle, alternatives=alts,
                ladder=ladder(principle, "Look for runs and four of a kind.", action),
                reminder="", level="expert", units="meld points")


def _option_hint(view, base, means, samples, unit, how, tail="", min_samples=1) -> Hint:
    if not samples:
        return _relabel(base, "expert", ("no deal could be valued within the time budget: "
                                         "the basic rule decides",))
    best = max(means.values())
    tied = [a for a, v in means.items() if abs(v - best) < 1e-9]
    trusted = samples >= min_samples
    # a bid decided on a handful of deals is noisier than the rule of thumb
    action = base.action if base.action in tied or not trusted else sorted(tied)[0]
    others = sorted((a for a in means if a != action), key=lambda a: -means[a])
    if unit == "penalty points saved":   # Lora's contracts: the means are costs, negated
        figures = figures_sentence(describe(action), -means[action], samples,
                                   [(describe(a), -means[a]) for a in others[:3]],
                                   "penalty points", minimise=True)
    else:
        figures = figures_sentence(describe(action), means[action], samples,
                                   [(describe(a), means[a]) for a in others[:3]], unit)
    reason = f"{figures[0].upper()}{figures[1:]} (deals that fit what you have seen; {how}){tail}."
    notes = () if samples >= 8 else (f"only {samples} deal{'s' if samples != 1 else ''} valued "
                                     "within the time budget",)
    if not trusted:
        reason += f" That is too few deals to overrule the rule of thumb: {base.reason}"
        notes = (f"only {samples} deal{'s' if samples != 1 else ''} valued within the time "
                 "budget: the basic rule decides",)
    principle = base.principle if action == base.action else "count what each card brings over the likely deals"
    idea = base.ladder[1] if action == base.action and len(base.ladder) > 2 else \
        "Value the hand with each choice."
    return Hint(action=action, reason=reason, principle=principle,
                alternatives=tuple(Alternative(a, round(means[a], 2)) for a in others),
                ladder=ladder(principle, idea, action), reminder="", level="expert",
                units=unit, notes=notes, value=means[action], samples=samples)
