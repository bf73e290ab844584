"""From a game's play-phase state to a solver :class:`~tutor.solver.problem.Problem`.

Each adapter reads only the common attributes (``hands``, ``trick``, ``tricks``,
``trick_rules``, ``active_seats``, ``to_move``, ``players``) plus the game's objective
information, and states the objective as data. Units and sides (design.md, the rules files'
"Double-dummy objectives" sections):

* Euchre: tricks for the hand (tricks already won included); partnerships, a lone player
  against the active defenders, the maker against the other two in three-handed play.
* Raub: tricks for the hand; the declarer against all active defenders.
* Clabber: card points still to be won, with the 10 for the last trick; partnerships (single
  players with 2 or 3 players).
* Lora trick contracts: the hero's penalty points for the hand; the other three are a
  coalition against the hero.

``side`` overrides the seats playing with the hero (e.g. Raub's ``defender_scores(P)``: P alone).
"""

from __future__ import annotations

from ..cards import Card, Rank, Suit
from ..errors import TutorError
from .problem import Problem, problem_from_rules

__all__ = ["problem_for", "play_position", "ADAPTERS"]


def _check_play(state) -> None:
    if getattr(state, "phase", None) != "play" or state.to_move is None:
        raise TutorError("the solver works on the card play: this hand is not in its play phase")
    if getattr(state, "trick_rules", None) is None:
        raise TutorError("the solver needs the trick rules in force (trump not fixed yet?)")


def _hands(state) -> dict:
    return {s: tuple(state.hands[s]) for s in state.active_seats}


def _order(state) -> tuple[int, ...]:
    return tuple(sorted(state.active_seats))


def _side(state, hero, side, default) -> set:
    if side is not None:
        chosen = set(side)
        if hero not in chosen:
            chosen.add(hero)
        return chosen
    return default


# ---------------------------------------------------------------------------- Euchre
def euchre_problem(state, hero=None, side=None) -> Problem:
    _check_play(state)
    hero = state.to_move if hero is None else hero
    active = _order(state)
    n = state.players
    if n == 4:
        default = {s for s in active if s % 2 == hero % 2}
    elif n == 3:
        maker = state.maker
        default = {maker} if hero == maker else {s for s in active if s != maker}
    else:
        default = {hero}
    sides = _side(state, hero, side, default)
    banked = sum(state.tricks_won[s] for s in sides)
    return problem_from_rules(state.trick_rules, _hands(state), tuple(state.trick),
                              to_move=state.to_move, active_seats=active, hero_side=sides,
                              banked=banked)


# ---------------------------------------------------------------------------- Raub
def raub_problem(state, hero=None, side=None) -> Problem:
    _check_play(state)
    hero = state.to_move if hero is None else hero
    active = _order(state)
    declarer = state.declarer
    default = {declarer} if hero == declarer else {s for s in active if s != declarer}
    sides = _side(state, hero, side, default)
    banked = sum(state.tricks_won[s] for s in sides)
    return problem_from_rules(state.trick_rules, _hands(state), tuple(state.trick),
                              to_move=state.to_move, active_seats=active, hero_side=sides,
                              banked=banked)


# ---------------------------------------------------------------------------- Clabber
def clabber_problem(state, hero=None, side=None) -> Problem:
    from ..games import clabber
    _check_play(state)
    hero = state.to_move if hero is None else hero
    active = _order(state)
    if state.players in (4, 6):
        default = {s for s in active if s % 2 == hero % 2}
    else:
        default = {hero}
    sides = _side(state, hero, side, default)
    trump = state.trump
    live = [c for s in active for c in state.hands[s]] + [c for _, c in state.trick]
    values = {c: clabber.card_points(c, trump) for c in live}
    left = len(state.hands[state.to_move])   # the player on move has not played to this trick
    bonus = getattr(clabber, "LAST_TRICK_BONUS", 10)
    return problem_from_rules(state.trick_rules, _hands(state), tuple(state.trick),
                              to_move=state.to_move, active_seats=active, hero_side=sides,
                              card_values=values, trick_value=0,
                              trick_index_values=(0,) * (left - 1) + (bonus,), tricks_played=0)


# ---------------------------------------------------------------------------- Lora
HEARTS_SUIT = Suit.HEARTS
JACK_OF_CLUBS = Card(Rank.JACK, Suit.CLUBS)
KING_OF_HEARTS = Card(Rank.KING, Suit.HEARTS)


def lora_objective(contract: str, hero: int, rules=None) -> dict:
    """The hero's penalty for a Lora trick contract as data (keyword arguments of
    :func:`problem_from_rules` without the sweep statuses): weights, card_values, trick_value,
    trick_index_values and sweeps as (cards, all_value)."""
    from ..cards import DECKS
    deck = DECKS["32"]
    hearts = [c for c in deck if c.suit is HEARTS_SUIT]
    queens = [c for c in deck if c.rank is Rank.QUEEN]
    weights = {s: (1 if s == hero else 0) for s in range(4)}
    obj = dict(weights=weights, card_values={}, trick_value=0, trick_index_values=(), sweeps=[])
    if contract == "minimum":
        obj["trick_value"] = 1
    elif contract == "maximum":
        obj["trick_value"] = 1
        obj["weights"] = {s: (-1 if s == hero else 0) for s in range(4)}
    elif contract == "tricks":
        obj["trick_value"] = 1
        # all eight tricks = all 32 cards: -8 replaces the 8 trick points (bonus -16)
        obj["sweeps"] = [(deck, -16)]
    elif contract in ("queens", "queens_libyan"):
        obj["card_values"] = {q: 2 for q in queens}
        if contract == "queens_libyan":
            obj["sweeps"] = [(queens, -8)]
    elif contract == "hearts":
        obj["card_values"] = {h: 1 for h in hearts}
        obj["sweeps"] = [(hearts, -8)]
    elif contract == "jack_of_clubs":
        if rules is not None and getattr(rules, "jack_clubs_partner", False):
            obj["card_values"] = {JACK_OF_CLUBS: 2}
            obj["weights"] = {s: (3 if s == hero else 1 if s == (hero + 2) % 4 else 0)
                              for s in range(4)}
        else:
            obj["card_values"] = {JACK_OF_CLUBS: 8}
    elif contract == "jack_of_clubs_libyan":
        # the taker's next player pays: the hero pays when the seat before him takes it
        obj["card_values"] = {JACK_OF_CLUBS: 8}
        obj["weights"] = {s: (1 if s == (hero - 1) % 4 else 0) for s in range(4)}
    elif contract == "king_hearts_last_trick":
        obj["card_values"] = {KING_OF_HEARTS: 4}
        obj["trick_index_values"] = (0,) * 7 + (4,)
    elif contract == "king_hearts_sixth_trick":
        obj["card_values"] = {KING_OF_HEARTS: 4}
        obj["trick_index_values"] = (0,) * 5 + (4, 0, 0)
    elif contract == "king_of_hearts":
        obj["card_values"] = {KING_OF_HEARTS: 8}
    elif contract == "sixth_trick":
        obj["trick_index_values"] = (0,) * 5 + (8, 0, 0)
    else:
        raise TutorError(f"the solver has no objective for the Lora contract {contract!r}")
    return obj


def lora_problem(state, hero=None, side=None) -> Problem:
    if state.contract == "lora":
        raise TutorError("the layout contract is solved by tutor.solver.layout, not as tricks")
    _check_play(state)
    hero = state.to_move if hero is None else hero
    obj = lora_objective(state.contract, hero, state.rules)
    if side is not None:
        raise TutorError("in Lora the other three always play together against the hero")
    # the facts of the hand so far, as the engine scores them (games.lora.position documents
    # the default: what a position does not state counts for nobody)
    won = state.won_cards()
    counts = state.trick_counts()
    played = state.tricks_played
    unassigned = state.unassigned_cards()
    open_tricks = state.unassigned_tricks()
    weights = obj["weights"]
    values = obj["card_values"]
    banked = 0
    for s in range(4):
        banked += weights[s] * (sum(values.get(c, 0) for c in won[s])
                                + obj["trick_value"] * counts[s])
    for i, v in enumerate(obj["trick_index_values"][:played]):
        if v:
            winner = state.winner_of(i + 1)
            if winner is None:
                raise TutorError(f"the winner of trick {i + 1} is needed for this contract")
            banked += weights[winner] * v
    sweeps = []
    for cards, all_value in obj["sweeps"]:
        members = set(cards)
        if state.contract == "tricks":
            # all eight tricks: a trick won by nobody in particular puts it out of reach
            takers = {s for s in range(4) if counts[s]}
            blocked = open_tricks > 0
        else:
            takers = {s for s in range(4) if any(c in members for c in won[s])}
            blocked = bool(members & unassigned)
        if blocked:
            status = "split"
        else:
            status = None if not takers else (takers.pop() if len(takers) == 1 else "split")
        sweeps.append((cards, all_value, status))
    return problem_from_rules(state.trick_rules, _hands(state), tuple(state.trick),
                              to_move=state.to_move, active_seats=_order(state),
                              hero_side={hero}, weights=weights, card_values=values,
                              trick_value=obj["trick_value"],
                              trick_index_values=obj["trick_index_values"],
                              tricks_played=played, sweeps=sweeps, minimise=True, banked=banked)


ADAPTERS = {"euchre": euchre_problem, "raub": raub_problem, "clabber": clabber_problem,
            "lora": lora_problem}


def problem_for(state, hero=None, side=None) -> Problem:
    """The solver's problem for a play-phase state of any game."""
    game = getattr(state, "game", None)
    try:
        adapter = ADAPTERS[game]
    except KeyError:
        raise TutorError(f"the solver does not know the game {game!r}") from None
    return adapter(state, hero, side)


def play_position(state, side, minimise=False) -> Problem:
    """The cards of a play-phase state of any trick game as a :class:`Problem` whose hero's
    side is ``side``, for searches that bring their own objective (:mod:`tutor.solver.goals`);
    ``minimise`` marks an objective whose smaller values are better for the hero."""
    if getattr(state, "game", None) == "lora" and state.contract == "lora":
        raise TutorError("the layout contract is solved by tutor.solver.layout, not as tricks")
    _check_play(state)
    active = _order(state)
    return problem_from_rules(state.trick_rules, _hands(state), tuple(state.trick),
                              to_move=state.to_move, active_seats=active,
                              hero_side={s for s in side if s in active}, minimise=minimise)
