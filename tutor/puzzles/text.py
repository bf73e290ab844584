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
    if game == "euchre":
        side = hero_side(puzzle, state)
        need = t - _banked_tricks(state, side)
        left = _tricks_left(state, hero)
        rest = ("all of the last " + number(left) + " tricks" if need >= left
                else f"{number(need)} of the last {number(left)} tricks")
        who = "your side needs" if len(side) > 1 else "you need"
        if hero in state.makers:
            if t >= 5:
                return f"Take every trick for the march: {who} {rest}."
            if t == 3:
                return f"Make your trumps: {who} three tricks in the hand, {rest}."
        else:
            if t == 3:
                return f"Euchre the makers: {who} three tricks in the hand, {rest}."
            if t == 1:
                return f"Stop the march: {who} one trick, {rest}."
    if game in ("euchre", "raub"):
        side = hero_side(puzzle, state)
        need = t - _banked_tricks(state, side)
        left = _tricks_left(state, hero)
        who = "Your side must take" if len(side) > 1 else "Take"
        if game == "raub" and len(side) > 1:
            who = defenders(state, hero)[0].upper() + defenders(state, hero)[1:] + " must take"
        if need >= left:
            return f"{who} all of the last {number(left)} tricks."
        return f"{who} {number(need)} of the last {number(left)} tricks."
    if game == "clabber":
        side = hero_side(puzzle, state)
        who = "Your side must win" if len(side) > 1 else "Win"
        total = clabber_points_left(state)
        if t >= total:
            return (f"{who} every one of the {total} points still to be played for "
                    "(the last trick's 10 included).")
        return (f"{who} at least {t} of the {total} points still to be played for "
                "(the last trick's 10 included).")
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


def clabber_points_left(state) -> int:
    """The card points still in play, with the 10 for the last trick."""
    from ..games import clabber
    live = [c for h in state.hands for c in h] + [c for _, c in state.trick]
    return sum(clabber.card_points(c, state.trump) for c in live) + clabber.LAST_TRICK_BONUS


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


# ----------------------------------------------------------------------------- solutions
def both(cs) -> str:
    """``K♠``, ``K♠ and Q♠``, ``A♥, K♥ and Q♥``."""
    names = [card(c) for c in cs]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _who(puzzle, state) -> tuple[str, str]:
    """("your side", "s") or ("you", "") - the subject and the verb ending."""
    from .solve import hero_side
    if len(hero_side(puzzle, state)) == 1:
        return ("you", "")
    if puzzle.game == "raub":
        return ("the defenders", "")
    return ("your side", "s")


def defenders(state, hero) -> str:
    """Raub: "the defenders (you and North)"."""
    others = [state.seat_name(s) for s in state.active_seats
              if s != state.declarer and s != hero]
    return f"the defenders (you and {' and '.join(others)})"


def _count(n: int, word: str) -> str:
    return f"{number(n)} {word}{'s' if n != 1 else ''}"


def _of_last(got: int, left: int) -> str:
    if got >= left:
        return f"all of the last {number(left)} tricks"
    if got <= 0:
        return f"none of the last {number(left)} tricks"
    return f"{number(got)} of the last {number(left)} tricks"


def _prior(puzzle, start):
    """What the hero's side had before the puzzle's start, in the goal's terms."""
    from .solve import hero_side
    side = hero_side(puzzle, start)
    if puzzle.game in ("euchre", "raub"):
        return _banked_tricks(start, side)
    if puzzle.game == "lora" and start.contract != "lora":
        won = start.won_cards()[puzzle.hero]
        return {"minimum": start.trick_counts()[puzzle.hero],
                "maximum": start.trick_counts()[puzzle.hero],
                "queens": sum(1 for c in won if c.rank.char == "Q"),
                "hearts": sum(1 for c in won if c.suit.value == "H")}.get(start.contract, 0)
    return 0


def result_words(puzzle, value: int) -> str:
    """What a final value means from the puzzle's start, e.g. "your side takes two of the last
    four tricks", "you take one queen"."""
    start = puzzle.start_state()
    who, s = _who(puzzle, start)
    prior = _prior(puzzle, start)
    left = _tricks_left(start, puzzle.hero)
    if puzzle.game in ("euchre", "raub"):
        return f"{who} take{s} {_of_last(value - prior, left)}"
    if puzzle.game == "clabber":
        got = "none" if value == 0 else str(value)
        return f"{who} win{s} {got} of the {clabber_points_left(start)} points"
    contract = start.contract
    if contract == "minimum":
        return f"you take {_of_last(value - prior, left)}"
    if contract == "maximum":
        return f"you take {_of_last(-value - prior, left)}"
    if contract == "queens":
        q = value // 2 - prior
        return "you take no queen" if q <= 0 else f"you take {_count(q, 'queen')}"
    if contract == "hearts":
        h = value - prior
        return "you take no heart" if h <= 0 else f"you take {_count(h, 'heart')}"
    if contract == "jack_of_clubs":
        return f"you take the {card('JC')}" if value > 0 else f"you do not take the {card('JC')}"
    if contract == "lora":
        if value <= start.rules.lora_out_points:
            return "you go out first"
        return f"you are left with {_count(value, 'card')} when another player goes out"
    return f"you score {value}"


def shortfall(puzzle, value: int) -> str:
    """How a result misses the goal, e.g. "one short of the two you need"."""
    start = puzzle.start_state()
    g = puzzle.goal
    if g.target is None:
        return "and the goal is lost"
    prior = _prior(puzzle, start)
    if puzzle.game in ("euchre", "raub"):
        need = g.target - prior
        who = "you need"
        if puzzle.game == "raub" and puzzle.hero != start.declarer and \
                len(start.active_seats) > 2:
            who = "the defenders need"
        return f"one short of the {number(need)} {who}" if g.target - value == 1 else \
            f"{number(g.target - value)} short of the {number(need)} {who}"
    if puzzle.game == "clabber":
        gap = g.target - value
        return f"{gap} point{'s' if gap != 1 else ''} short of the {g.target} you need"
    contract = start.contract
    if contract == "minimum":
        if g.target - prior <= 0:
            return "when the goal is to take none"
        return f"{_count(value - g.target, 'trick')} more than you may take"
    if contract == "maximum":
        return f"{number(value - g.target)} short of what you need"
    if contract == "queens":
        if g.target // 2 - prior <= 0:
            return "when the goal is to take none"
        return f"{_count((value - g.target) // 2, 'queen')} more than you may take"
    if contract == "lora":
        if g.target <= start.rules.lora_out_points:
            return "so you do not go out first"
        return f"{number(value - g.target)} more than the goal allows"
    return f"when the goal allows at most {g.target}"


def _trick_story(state, line):
    """Replays ``line`` from ``state`` to the end of the trick its first card goes to:
    (winner seat, winning card)."""
    st = state.copy()
    count = len(st.tricks)
    for a in line:
        st.push(st.parse_action(a))
        if len(st.tricks) > count:
            break
    if len(st.tricks) <= count or st.trick_rules is None:
        return None, None
    _, cs, winner = st.tricks[-1]
    return winner, next(c for seat_, c in cs if seat_ == winner)


def _verb(state) -> str:
    """"lead" when the hero starts a trick, else "play"."""
    return "lead" if state.trick_rules is not None and not state.trick else "play"


def why_wrong(puzzle, d, cls, line) -> str:
    """Why a wrong card class fails, from its refutation."""
    state = d.state
    hero = puzzle.hero
    first = card(cls[0].action)
    also = f" (or {cards(j.action for j in cls[1:])})" if len(cls) > 1 else ""
    result = result_words(puzzle, cls[0].value)
    miss = shortfall(puzzle, cls[0].value)
    if state.trick_rules is None:       # Lora's layout
        return (f"If you play {first}{also}, the others can answer so that {result}, "
                f"{miss}.")
    winner, win_card = _trick_story(state, line)
    if winner is None:
        story = "after the best answer "
    elif winner == hero:
        others = "the others' best answer" if puzzle.game == "lora" else \
            "the defence's best answer"
        story = f"it wins this trick, but after {others} "
    elif is_partner(state, winner, hero):
        story = f"your partner wins this trick with {card(win_card)}, but then "
    else:
        story = f"{state.seat_name(winner)} wins the trick with {card(win_card)}, and in the end "
    return f"If you {_verb(state)} {first}{also}, {story}{result}: {miss}."


def _principle(puzzle, found) -> str:
    from .themes import theme
    return theme(puzzle.game, found[0]).principle if found else ""


def why_right(puzzle, d, found=()) -> str:
    """Why the accepted card works."""
    best = d.winners[0][0]
    names = both(j.action for j in d.winners[0])
    what = "is the only card that works" if len(d.winners[0]) == 1 else \
        "are the only cards that work (they are equal here)"
    idea = _principle(puzzle, found)
    played = f"Played right, {result_words(puzzle, best.value)}."
    return f"{names} {what}. " + (f"{idea} " if idea else "") + played


def hints(puzzle, d, found=()) -> tuple[str, str, str]:
    """The hint ladder: a nudge, the principle, the card."""
    from .themes import theme
    accepted = d.winners[0]
    verb = _verb(d.state)
    play = f"{verb.capitalize()} {card(accepted[0].action)}."
    if len(accepted) > 1:
        play = (f"{verb.capitalize()} {card(accepted[0].action)} ({cards(j.action for j in accepted[1:])} "
                "is just as good).")
    if found:
        t = theme(puzzle.game, found[0])
        return (t.nudge, t.principle, play)
    losing = sum(1 for c in d.classes if not c[0].ok)
    return (f"Only one of your {number(len(d.classes))} choices works: "
            f"{number(losing)} of them lose.",
            "For each card, ask what the opponents' best answer would be, and count what is "
            "left for you after it.", play)


def title(puzzle, found: dict) -> str:
    """A short title from the first theme and the position."""
    from .themes import names
    state = puzzle.start_state()
    all_names = names(found)
    if all_names:
        head = all_names[0][0].upper() + all_names[0][1:]
    else:
        head = "Lead the right card" if not getattr(state, "trick", ()) else \
            "Play the right card"
    if puzzle.game == "lora":
        from ..games.lora import CONTRACT_NAMES
        where = CONTRACT_NAMES.get(state.contract, state.contract)
    else:
        where = f"{_suit(state)} trumps"
    left = len(state.hands[puzzle.hero])
    return f"{head} ({where}, {number(left)} cards left)"


def _suit(state) -> str:
    from ..cards import Suit
    t = getattr(state, "trump", None)
    return Suit.parse(t).symbol if t is not None else ""


def explanation(puzzle, cert, found: dict) -> str:
    """The whole idea for a beginner: the goal, each decision's card and why, and what goes
    wrong with the most tempting other card."""
    state = puzzle.start_state()
    parts = [f"You are {state.seat_name(puzzle.hero)}. {puzzle.goal.text}"]
    n = len(cert.decisions)
    for i, d in enumerate(cert.decisions):
        accepted = d.winners[0]
        verb = _verb(d.state)
        names = card(accepted[0].action)
        if len(accepted) > 1:
            names += f" (or {cards(j.action for j in accepted[1:])}, just as good)"
        step = ("The key is to" if n == 1 else "First" if i == 0 else
                "Finally" if i == n - 1 else "Next")
        idea = _principle(puzzle, found.get(i, ()))
        parts.append(f"{step} {verb} {names}." + (f" {idea}" if idea else ""))
    best = cert.decisions[0].winners[0][0].value
    parts.append(f"Played right, {result_words(puzzle, best)}.")
    d0 = cert.decisions[0]
    wrong = [c for c in d0.classes if not c[0].ok]
    if wrong:
        cls = min(wrong, key=lambda c: abs(c[0].value - d0.winners[0][0].value))
        key = str(cls[0].action)
        line = d0.refutations.get(key[5:] if key.startswith("play ") else key, [])
        parts.append(why_wrong(puzzle, d0, cls, line))
    return " ".join(parts)
