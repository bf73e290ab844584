"""``games.position`` exact in both directions, as property tests over real play:

1. every moment of a real hand's play, written as ``games.position`` arguments
   (``games.position_args``), is accepted and has the same future: the same legal actions at
   every step of the play that followed, and the same result;
2. every single-field corruption of such arguments is refused with a PositionError naming the
   field, or is itself a real position (checked by a witness search for its earlier tricks and
   by the roles the rules files allow: Euchre's maker and lone players, Raub's kind of
   declarer, need and scores). The
   Lora layout is corrupted in its own fields (cards laid or taken back, passes, start rank).
   The engine's search for earlier tricks (``games.history``) has a budget: a position it
   could not decide in time is accepted, and counted apart here, never silently.

Bounded example counts here; ``-m slow`` runs the long budgets. The figures (tried, refused,
accepted) are printed in the terminal summary of the run.
"""

from __future__ import annotations

import collections
import copy
import re
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tutor import TutorError, games
from tutor.errors import PositionError
from tutor.games import history

from reachable import reachable, roles_real
from real_play import CONFIGS, as_saved, config_name, equivalent_forms, real_hand, settled

sys.path.insert(0, str(Path(__file__).parents[1] / "hardening"))
from support import unreadable  # noqa: E402

FIGURES: collections.Counter = collections.Counter()

MODES = [pytest.param((60, True), id="default"),
         pytest.param((1500, False), id="slow", marks=pytest.mark.slow)]


def _settings(mode):
    examples, derandomize = mode
    return settings(max_examples=examples, deadline=None, derandomize=derandomize, database=None,
                    suppress_health_check=list(HealthCheck))


def _actions(state) -> list[str]:
    return sorted(str(a) for a in state.legal_actions())


def same_future(state, rebuilt, rest) -> None:
    """The rebuilt position plays like the real hand: the same legal actions at every step of
    the real play that followed, and the same result."""
    for step, action in enumerate(rest):
        assert rebuilt.to_move == state.to_move, f"step {step}: seat to move"
        assert _actions(rebuilt) == _actions(state), f"step {step}: legal actions"
        state.apply(action)
        rebuilt.apply(action)
    assert rebuilt.is_over and state.is_over
    assert dict(rebuilt.result().points) == dict(state.result().points)


@pytest.mark.parametrize("config", CONFIGS, ids=config_name)
def test_every_moment_of_real_play_is_an_accepted_position_with_the_same_future(config):
    for seed in range(2):
        moments, _ = real_hand(config, seed)
        for state, rest in moments:
            args = as_saved(games.position_args(state))
            FIGURES["real positions tried"] += 1
            try:
                rebuilt = games.position(state.game, **args)
            except TutorError as err:
                FIGURES["real positions refused"] += 1
                raise AssertionError(f"a real position is refused: {err}\n{args}") from None
            if settled(state):
                same_future(state.copy(), rebuilt, rest)


@pytest.mark.parametrize("mode", MODES)
def test_real_positions_property(mode):
    @_settings(mode)
    @given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10**6), cut=st.integers(0, 40))
    def check(config, seed, cut):
        moments, _ = real_hand(config, seed)
        state, rest = moments[cut % len(moments)]
        args = as_saved(games.position_args(state))
        FIGURES["real positions tried"] += 1
        try:
            rebuilt = games.position(state.game, **args)
        except TutorError as err:
            FIGURES["real positions refused"] += 1
            raise AssertionError(f"a real position is refused: {err}\n{args}") from None
        if settled(state):
            same_future(state.copy(), rebuilt, rest)
        for form in equivalent_forms(state.game, args):
            FIGURES["real positions tried"] += 1
            try:
                again = games.position(state.game, **form)
            except TutorError as err:
                FIGURES["real positions refused"] += 1
                raise AssertionError(f"a real position is refused: {err}\n{form}") from None
            if settled(state):
                same_future(state.copy(), again, rest)
    check()


# --------------------------------------------------------------------------- direction 2
EARLY = 3          # tricks already played: the witness search stays small
FIELDS = re.compile(r"\b(hands|trick|leader|tricks_won|won|trick_winners|trump|dealer|declarer|"
                    r"maker|alone|players|active|need|kind|contract|passes|laid|start_rank|"
                    r"scores|refas|melds|to_move)\b")


def _seats(args):
    return sorted(int(s) for s in args["hands"])


def _unseen(game, args, rules):
    """Cards of the game's pack in no hand and not in the trick."""
    from tutor.games import clabber, euchre, lora, raub
    pack = {"euchre": lambda: euchre.game_deck(euchre.resolve(rules)), "raub": lambda: raub.PACK,
            "lora": lambda: lora.TRICK_CARDS, "clabber": lambda: clabber.DECK}[game]()
    shown = {c for cs in args["hands"].values() for c in str(cs).split()} | set(args.get("trick", []))
    return [str(c) for c in pack if str(c) not in shown]


def _shift_count(draw, counts: dict, seats, how: str, up_from_zero: int) -> dict:
    """A seat's count one more ("+1"), one less ("-1"; a count at zero goes up by
    ``up_from_zero`` instead) or one moved to it from another seat ("move")."""
    s = draw(st.sampled_from(seats))
    if how == "+1" or (how == "-1" and not counts.get(s)):
        counts[s] = counts.get(s, 0) + (1 if how == "+1" else up_from_zero)
    elif how == "-1":
        counts[s] -= 1
    else:
        src = draw(st.sampled_from([t for t in counts if counts[t]] or [s]))
        counts[src] = max(0, counts.get(src, 0) - 1)
        counts[s] = counts.get(s, 0) + 1
    return counts


@st.composite
def corruptions(draw, args, game):
    """(field, corrupted arguments): one field changed."""
    args = copy.deepcopy(args)
    seats = _seats(args)
    kinds = ["move card", "swap unseen", "leader", "dealer", "trick swap", "trick drop"]
    if "trump" in args:
        kinds.append("trump")
    if args.get("tricks_won") is not None and game != "clabber":
        kinds += ["tricks +1", "tricks -1", "tricks move"]
    if game == "clabber":
        kinds += ["won +", "won -", "won move"]
    if game == "lora":
        kinds += ["won card move"] + (["winner"] if args.get("trick_winners") else [])
    if game == "raub":
        kinds += ["declarer", "kind", "need", "scores"]
    if game == "euchre":
        kinds += ["maker", "alone"]
    layout = args.get("contract") == "lora"
    if layout:
        kinds = ["move card", "swap between hands", "leader", "dealer", "passes +1", "passes -1",
                 "passes move", "lay a hand card", "take back a laid card", "start_rank"]
    else:
        kinds.append("swap between hands")
    kind = draw(st.sampled_from(kinds))
    hands = {int(s): str(cs).split() for s, cs in args["hands"].items()}
    if kind == "swap between hands":
        holders = [s for s in seats if hands[s]]
        if len(holders) >= 2:
            a, b = draw(st.lists(st.sampled_from(holders), min_size=2, max_size=2, unique=True))
            i = draw(st.integers(0, len(hands[a]) - 1))
            j = draw(st.integers(0, len(hands[b]) - 1))
            hands[a][i], hands[b][j] = hands[b][j], hands[a][i]
        args["hands"] = {s: " ".join(cs) for s, cs in hands.items()}
        return "hands", args
    if kind.startswith("passes"):
        passes = {int(s): p for s, p in (args.get("passes") or {}).items()}
        args["passes"] = _shift_count(draw, passes, seats, kind.split()[1], up_from_zero=1)
        return "passes", args
    if kind == "lay a hand card":
        who = draw(st.sampled_from(seats))
        card = draw(st.sampled_from(hands[who]))
        hands[who].remove(card)
        args["hands"] = {s: " ".join(cs) for s, cs in hands.items()}
        args["laid"] = (args.get("laid") or "") + " " + card
        return "laid", args
    if kind == "take back a laid card":
        laid = str(args.get("laid") or "").split()
        if laid:
            card = draw(st.sampled_from(laid))
            laid.remove(card)
            hands[draw(st.sampled_from(seats))].append(card)
        args["hands"] = {s: " ".join(cs) for s, cs in hands.items()}
        args["laid"] = " ".join(laid)
        return "laid", args
    if kind == "start_rank":
        args["start_rank"] = draw(st.sampled_from([r for r in "789TJQKA"
                                                   if r != args.get("start_rank")]))
        return "start_rank", args
    if kind == "move card":
        src = draw(st.sampled_from([s for s in seats if hands[s]] or seats))
        dst = draw(st.sampled_from([s for s in seats if s != src]))
        if hands[src]:
            card = draw(st.sampled_from(hands[src]))
            hands[src].remove(card)
            hands[dst].append(card)
        args["hands"] = {s: " ".join(cs) for s, cs in hands.items()}
        return "hands", args
    if kind == "swap unseen":
        unseen = _unseen(game, args, args["rules"])
        who = draw(st.sampled_from([s for s in seats if hands[s]] or seats))
        if hands[who] and unseen:
            hands[who][draw(st.integers(0, len(hands[who]) - 1))] = draw(st.sampled_from(unseen))
        args["hands"] = {s: " ".join(cs) for s, cs in hands.items()}
        return "hands", args
    if kind == "kind":
        args["kind"] = draw(st.sampled_from([k for k in ("ordinary", "raub", "stih", "muss")
                                             if k != args.get("kind")]))
        return "kind", args
    if kind == "need":
        args["need"] = 3 - int(args.get("need") or 2)
        return "need", args
    if kind == "scores":
        scores = list(args["scores"])
        scores[draw(st.integers(0, len(scores) - 1))] = draw(st.integers(-2, 25))
        args["scores"] = scores
        return "scores", args
    if kind == "alone":
        lone = list(args.get("alone") or [])
        if lone and draw(st.booleans()):
            lone.pop(draw(st.integers(0, len(lone) - 1)))
        else:
            lone.append(draw(st.sampled_from(range(args.get("players") or 4))))
        args["alone"] = lone
        return "alone", args
    if kind in ("leader", "dealer", "declarer", "maker"):
        n = args.get("players") or 4
        args[kind] = draw(st.sampled_from([s for s in range(n) if s != args.get(kind)]))
        return kind, args
    if kind == "trump":
        args["trump"] = draw(st.sampled_from([s for s in "CDHS" if s != args["trump"]]))
        return "trump", args
    if kind == "trick swap" and args.get("trick"):
        unseen = _unseen(game, args, args["rules"])
        i = draw(st.integers(0, len(args["trick"]) - 1))
        if unseen:
            args["trick"][i] = draw(st.sampled_from(unseen))
        return "trick", args
    if kind in ("trick swap", "trick drop"):
        if args.get("trick"):
            args["trick"] = args["trick"][:-1]
        else:
            args["trick"] = [draw(st.sampled_from(_unseen(game, args, args["rules"]) or ["AS"]))]
        return "trick", args
    if kind.startswith("tricks"):
        won = {int(s): w for s, w in args["tricks_won"].items()}
        args["tricks_won"] = _shift_count(draw, won, seats, kind.split()[1], up_from_zero=2)
        return "tricks_won", args
    if kind.startswith("won") and game == "clabber":
        won = dict(args["won"])
        side = draw(st.sampled_from(sorted(won)))
        step = draw(st.sampled_from([1, 2, 3, 4, 10, 11, 20]))
        if kind == "won +":
            won[side] += step
        elif kind == "won -":
            won[side] = won[side] - step if won[side] >= step else won[side] + step
        else:
            other = [t for t in won if t != side]
            moved = min(step, won[side])
            won[side] -= moved
            won[other[0]] += moved or step
        args["won"] = won
        return "won", args
    if kind == "won card move":
        won = {int(s): str(cs).split() for s, cs in args.get("won", {}).items()}
        holders = [s for s in won if won[s]]
        if holders:
            src = draw(st.sampled_from(holders))
            dst = draw(st.sampled_from([s for s in range(4) if s != src]))
            card = draw(st.sampled_from(won[src]))
            won[src].remove(card)
            won.setdefault(dst, []).append(card)
        args["won"] = {s: " ".join(cs) for s, cs in won.items() if cs}
        return "won", args
    winners = list(args["trick_winners"])
    i = draw(st.integers(0, len(winners) - 1))
    winners[i] = draw(st.sampled_from([s for s in range(4) if s != winners[i]]))
    args["trick_winners"] = winners
    return "trick_winners", args


def _early(state) -> bool:
    """A moment within the first tricks (the Lora layout: any moment)."""
    if state.game == "lora" and state.contract == "lora":
        return True
    return len(state.tricks) <= EARLY and settled(state)


@pytest.mark.parametrize("mode", [pytest.param((150, True), id="default"),
                                  pytest.param((3000, False), id="slow",
                                               marks=pytest.mark.slow)])
def test_corrupted_positions_are_refused_or_real(mode):
    @_settings(mode)
    @given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10**6), cut=st.integers(0, 40),
           data=st.data())
    def check(config, seed, cut, data):
        moments, _ = real_hand(config, seed)
        early = [s for s, _ in moments if _early(s)]
        assume(early)
        state = early[cut % len(early)]
        args = as_saved(games.position_args(state))
        field, bad = data.draw(corruptions(args, state.game))
        if bad == args:
            return
        FIGURES["bad positions tried"] += 1
        try:
            built = games.position(state.game, **bad)
        except PositionError as err:
            message = str(err)
            assert FIELDS.search(message), f"no field named in: {message}"
            assert not unreadable(message), message
            searched = {"no legal play of the": "their earlier tricks",
                        "passes: no order of play": "the layout's passes"}
            for words, what in searched.items():
                if words in message:
                    # refused by a search for the play before: the witness search agrees
                    with history.trusted():
                        unchecked = games.position(state.game, **bad)
                    assert reachable(unchecked, budget=50_000) is not True, \
                        f"refused, but real play reaches it ({field} changed): {message}\n{bad}"
                    FIGURES[f"bad positions refused for {what}"] += 1
            return
        except TutorError as err:
            raise AssertionError(f"{type(err).__name__}, not a PositionError: {err}") from None
        verdict = reachable(built, budget=50_000) if roles_real(built) else False
        if verdict is None:
            FIGURES["bad positions undecided (search budget)"] += 1
            return
        if not verdict:
            FIGURES["bad positions accepted"] += 1
        assert verdict, f"accepted, but no real play reaches it ({field} changed): {bad}"
        FIGURES["changed positions that are real"] += 1

    check()
