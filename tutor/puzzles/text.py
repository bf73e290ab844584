"""The words a learner reads: goal sentences, card and seat names (seats by direction, cards
as ``K♠``, never an engine identifier)."""

from __future__ import annotations

from ..cards import parse_card

__all__ = ["goal_sentence", "card", "cards", "number", "seat", "you"]

NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number(n: int) -> str:
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


def card(c) -> str:
    """``K♠`` for a card, its text or a ``play`` action."""
    text = str(c)
    if text.startswith("play "):
        text = text[5:]
    if text == "pass":
        return "a pass"
    return parse_card(text).symbol


def cards(cs) -> str:
    """``K♠``, ``K♠ or Q♠``, ``A♥, K♥ or Q♥``."""
    names = [card(c) for c in cs]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " or " + names[-1]


def seat(state, s: int, hero: int) -> str:
    """"you", "your partner (North)" or "West"."""
    if s == hero:
        return "you"
    if is_partner(state, s, hero):
        return f"your partner ({state.seat_name(s)})"
    return state.seat_name(s)


def you(state, hero: int) -> str:
    return f"You ({state.seat_name(hero)})"


def is_partner(state, s: int, hero: int) -> bool:
    if s == hero or state.game in ("lora", "raub"):
        return False
    if state.game == "euchre":
        return state.players == 4 and s % 2 == hero % 2
    if state.game == "clabber":
        return state.side(s) == state.side(hero)
    return False


def _tricks_left(state, hero) -> int:
    return len(state.hands[hero]) + (1 if any(p == hero for p, _ in state.trick) else 0)


def _banked_tricks(state, side) -> int:
    if state.game == "lora":
        return state.trick_counts()[next(iter(side))]
    return sum(state.tricks_won[s] for s in range(state.players) if s in side)


def goal_sentence(puzzle) -> str:
    """A plain sentence for the puzzle's goal, e.g. "Your side must take three of the last
    four tricks." (used when a puzzle file gives none, and by the miner)."""
    from .solve import hero_side
    state = puzzle.start_state()
    spec = puzzle.goal
    hero = puzzle.hero
    if spec.preset is not None:
        return _preset_sentence(puzzle, state)
    t = spec.target
    game = puzzle.game
    if game in ("euchre", "raub"):
        side = hero_side(puzzle, state)
        need = t - _banked_tricks(state, side)
        left = _tricks_left(state, hero)
        who = "Your side must take" if len(side) > 1 else "Take"
        if need >= left:
            return f"{who} all of the last {number(left)} tricks."
        return f"{who} {number(need)} of the last {number(left)} tricks."
    if game == "clabber":
        side = hero_side(puzzle, state)
        who = "Your side must win" if len(side) > 1 else "Win"
        return (f"{who} at least {t} of the card points still to be played for "
                "(the last trick is worth 10 more).")
    contract = state.contract
    left = _tricks_left(state, hero) if contract != "lora" else 0
    have = state.trick_counts()[hero] if contract != "lora" else 0
    if contract == "minimum":
        more = t - have
        if more <= 0:
            return f"Take none of the last {number(left)} tricks."
        return f"Take at most {number(more)} of the last {number(left)} tricks."
    if contract == "maximum":
        more = -t - have
        if more >= left:
            return f"Take all of the last {number(left)} tricks."
        return f"Take at least {number(more)} of the last {number(left)} tricks."
    if contract == "queens":
        taken = sum(1 for c in state.won_cards()[hero] if c.rank.char == "Q")
        more = t // 2 - taken
        if more <= 0:
            return "Take no queen in the tricks still to come."
        return f"Take at most {number(more)} of the queens still to come."
    if contract == "jack_of_clubs":
        return f"Do not take the {card('JC')} in a trick."
    if contract == "hearts":
        taken = sum(1 for c in state.won_cards()[hero] if c.suit.value == "H")
        more = t - taken
        if more <= 0:
            return "Take no heart in the tricks still to come."
        return f"Take at most {number(more)} of the hearts still to come."
    if contract == "king_hearts_last_trick":
        if t <= 0:
            return f"Take neither the {card('KH')} nor the last trick."
        return f"Score at most {t}: the {card('KH')} and the last trick cost 4 each."
    if contract == "lora":
        if t <= state.rules.lora_out_points:
            return "Go out first: be the first to lay all your cards on the layout."
        return (f"End with at most {number(t)} card{'s' if t != 1 else ''} in your hand "
                "when someone goes out.")
    return f"Score at most {t} penalty points in this hand."


def _preset_sentence(puzzle, state) -> str:
    p = puzzle.goal.preset
    hero = puzzle.hero
    if puzzle.game == "euchre":
        return {"make": "Your side must take at least three tricks in this hand.",
                "march": "Your side must take all five tricks (a march).",
                "euchre": "Stop the makers: your side must take three tricks (a euchre).",
                "stop_march": "Stop the march: take at least one trick.",
                "lone_sweep": "Take all five tricks alone.",
                "stop_lone": "Stop the lone player's sweep: take at least one trick.",
                "lone_defense_euchre": "Defending alone, take three tricks.",
                "lone_defense_sweep": "Defending alone, take all five tricks.",
                "at_least": f"Your side must take at least {number(puzzle.goal.k or 0)} tricks "
                            "in this hand."}[p]
    if puzzle.game == "raub":
        return {"declarer_makes": f"Take the {number(state.need)} tricks you need.",
                "defeat_declarer": f"Keep {state.seat_name(state.declarer)} from taking the "
                                   f"{number(state.need)} tricks he needs.",
                "defender_scores": "Take at least one trick.",
                "blank_defender": f"Keep {state.seat_name(puzzle.goal.seat or 0)} "
                                  "from taking any trick.",
                "all_defenders_score": "Every defender must take a trick."}[p]
    if puzzle.game == "clabber":
        return {"make": "Finish the hand with more points than the other side.",
                "set": "Keep the makers from finishing ahead of you.",
                "last_trick": "Win the last trick (it is worth 10 points)."}[p]
    return {"qualify": "Take at least three tricks.",
            "avoid_four": "Do not be one of the two players who pay 4."}.get(p, "")
