"""Positions cut from real play, for the property tests of ``games.position``: seeded random
hands of every game and variant, played with legal actions to the end, and every moment of
their play phase with the actions that followed it."""

from __future__ import annotations

import json
import random

from tutor import games
from tutor.cards import parse_cards
from tutor.games.lora import CONTRACTS

# (game, new_hand keyword arguments) - every game, every Lora contract, the Raub player counts
# with refas and drop-outs (random play drops), Clabber 2/3/4/6 players, the Euchre variants.
CONFIGS = (
    [("euchre", {"rules": r}) for r in (None, "railroad", "two_handed", "three_handed_cutthroat",
                                        "deck_32", "british_25_joker", "common_north_american",
                                        {"joker": True, "joker_upcard": "fixed_suit"},
                                        {"dealer_partner_order_must_go_alone": True},
                                        {"lone_lead": "left_of_dealer_skip_inactive"})]
    + [("lora", {"contract": c, "rules": {"contracts": [c]}}) for c in CONTRACTS]
    + [("lora", {"contract": c, "rules": "libyan"}) for c in ("lora", "queens_libyan")]
    + [("raub", {"players": p, "refas": r}) for p in (2, 3, 4) for r in (0, 2)]
    + [("raub", {"rules": r}) for r in ("trump_seven", "literal_raub", "must_overtrump",
                                        "refas_multiply", "reshuffle")]
    + [("raub", {"players": 3, "rules": "must_overtrump"})]
    + [("clabber", {"players": p}) for p in (2, 3, 4, 6)]
    + [("clabber", {"rules": r}) for r in ("evansville_ranking", "wadesville_six_sequence")]
    + [("clabber", {"rules": {"meld_declaration": "choice", "renege_policy": "penalize"}})]
)


def config_name(config) -> str:
    game, kwargs = config
    return game + "".join(f"-{k}={v}" for k, v in kwargs.items())


def real_hand(config, seed: int):
    """A whole hand played at random with legal actions: (the moments of its play phase, each
    as (state, the actions that followed)). Seeds whose hand never reaches play are skipped."""
    game, kwargs = config
    for attempt in range(40):
        rng = random.Random(seed * 1000 + attempt)
        state = games.new_hand(game, seed=seed * 1000 + attempt, **kwargs)
        moments, actions = [], []
        while not state.is_over:
            if state.phase == "play" and not getattr(state, "offences", ()):
                moments.append((state.copy(), len(actions)))
            action = rng.choice(state.legal_actions())
            actions.append(action)
            state.apply(action)
        if moments:
            return [(s, actions[i:]) for s, i in moments], state
    raise AssertionError(f"{config_name(config)}: no hand reached play")  # pragma: no cover


def settled(state) -> bool:
    """Whether everything that decides the result is fixed in the state (Clabber's melds are
    compared at the end of the first trick: before that a position cannot state them)."""
    return not (state.game == "clabber" and state.melds_on and not state.melds_resolved)


def as_saved(args: dict) -> dict:
    """The arguments as a teacher saves them (JSON: seat keys become text)."""
    return json.loads(json.dumps(args))


def _hands_forms(hands: dict, players: int):
    """The same hands written in the other accepted ways."""
    yield {int(s): cs.split() for s, cs in hands.items()}                  # lists of card texts
    yield {int(s): tuple(parse_cards(cs)) for s, cs in hands.items()}      # Cards
    yield [hands.get(str(s), hands.get(s, "")) for s in range(players)]    # a list by seat


def equivalent_forms(game: str, args: dict):
    """The same position in the other ways a teacher may write it: optional fields left out
    where their default says the same, seats as text or numbers, cards as text or Cards, Euchre's
    tricks by side, the number of players given by the rules only."""
    players = args.get("players") or 4
    for hands in _hands_forms(args["hands"], players):
        yield dict(args, hands=hands)
    if args.get("trick"):
        yield dict(args, trick=" ".join(args["trick"]))
        yield dict(args, trick=tuple(parse_cards(" ".join(args["trick"]))))
    if "players" in args:
        yield {k: v for k, v in args.items() if k != "players"}
    if game == "euchre" and players == 4:
        sides = {"NS": 0, "EW": 0}
        for s, w in args["tricks_won"].items():
            sides["NS" if int(s) % 2 == 0 else "EW"] += w
        yield dict(args, tricks_won=sides)
        if not args["alone"]:
            yield {k: v for k, v in args.items() if k != "alone"}
    if game == "raub":
        yield {k: v for k, v in args.items() if k not in ("need",)}
        if all(args["hands"].get(str(s)) for s in args["active"]):
            yield {k: v for k, v in args.items() if k != "active"}
        yield dict(args, tricks_won=[args["tricks_won"].get(str(s), 0)
                                     for s in range(players)])
    if game == "lora" and "trick_winners" in args:
        yield {k: v for k, v in args.items() if k != "tricks_won"}
    if game == "clabber":
        yield dict(args, won={k: v for k, v in args["won"].items() if v})
