"""Everything a learner reads about the engine's identifiers, in one place: phases, actions,
contracts, melds, kinds of game and ends of a hand, keyed by the identifiers the engines use.

Widgets never show an engine identifier (``bid1``, ``order_up``, ``king_hearts_last_trick``):
they ask this module. Where a game module already names something (Lora's ``CONTRACT_NAMES``
and ``CONTRACT_RULES``, Euchre's ``PHASE_WORDS``) those names are used, not rewritten.

    words.phase("euchre", "bid1")                  # 'round 1 of the bidding'
    words.button("euchre", Action("order_up"))     # 'Order up'
    words.sentence(state, 3, "order_up")           # 'West ordered up'
    words.contract("lora", "queens")               # 'Queens'
"""

from __future__ import annotations

import re
from typing import Callable

from ..cards import Card, Suit, parse_card
from ..errors import TutorError
from ..games import euchre as _euchre
from ..games import lora as _lora
from ..games.actions import Action
from ..games.clabber_melds import MELD_POINTS, MELD_TYPES

__all__ = ["PHASES", "VERBS", "CONTRACTS", "MELDS", "RAUB_KINDS", "RAUB_ENDS", "SIDES",
           "phase", "button", "sentence", "contract", "contract_rule", "meld", "melds",
           "suit_words", "card_words", "side_words", "seat_label", "reason_words",
           "history_action", "TOPICS", "topic"]

# --------------------------------------------------------------------------- phases
PHASES: dict[str, dict[str, str]] = {
    "euchre": dict(_euchre.PHASE_WORDS),
    "clabber": {
        "bid": "the bidding",
        "play": "trick play",
        "done": "the end of the hand",
    },
    "raub": {
        "predeal": "the dealer's choice before the deal",
        "blind": "the dealer's blind call",
        "bid1": "round 1 of the bidding",
        "dealer_choice": "the dealer's choice after round 1",
        "bid2": "round 2 of the bidding",
        "seven": "the trump-seven exchange",
        "defend": "the defenders' decisions (play or drop out)",
        "draw": "drawing cards",
        "play": "trick play",
        "done": "the end of the hand",
    },
    "lora": {
        "cut": "the cut",
        "choose": "the choice of contract",
        "play": "play",
        "done": "the end of the hand",
    },
}

# --------------------------------------------------------------------------- actions
# verb -> (button text, sentence). Sentences take {who}; {cards}, {card}, {suit}, {word}, {n}
# are filled from the action. A button may show cards as symbols (J♥) after its text.
VERBS: dict[str, dict[str, tuple[str, str]]] = {
    "euchre": {
        "pass": ("Pass", "{who} passed"),
        "order_up": ("Order up", "{who} ordered up"),
        "accept": ("Pick it up", "{who_dealer} picked up the up-card"),
        "leave": ("Leave the up-card", "{who} left the up-card on the kitty"),
        "discard": ("Discard", "{who} discarded {card_or_a_card}"),
        "name": ("Name {suit}", "{who} named {suit_noun} trump"),
        "go_alone": ("Go alone", "{who} went alone"),
        "decline": ("Play with partner", "{who} did not go alone"),
        "pass_card": ("Pass", "{who} passed {card_or_a_card} to partner"),
        "play": ("Play", "{who} played {card}"),
    },
    "clabber": {
        "pass": ("Pass", "{who} passed"),
        "accept": ("Accept", "{who} accepted the face-up card's suit as trump"),
        "call": ("Call {suit}", "{who} called {suit_noun} trump"),
        "play": ("Play", "{who} played {card}"),
        "announce": ("Announce", "{who} announced {melds}"),
    },
    "raub": {
        "deal": ("Deal", "{who} dealt"),
        "pass_deal": ("Pass the deal", "{who} passed the deal (one refa added)"),
        "muss": ("Call Muss (a forced game)", "{who} called Muss: nobody may drop out"),
        "raub": ("Call Raub (blind)", "{who} called Raub blind, before looking"),
        "stih": ("Call Stih (blind, need one trick)", "{who} called Stih blind, needing one trick"),
        "look": ("Look at the cards", "{who} looked at the cards (no blind call)"),
        "declare": ("Declare", "{who} declared"),
        "pass": ("Pass", "{who} passed"),
        "turn": ("Turn the next card", "{who} turned the next card of the stock"),
        "exchange_seven": ("Exchange the trump seven", "{who} exchanged the trump seven for the bonus card"),
        "decline": ("Keep my cards", "{who} kept the cards (no seven exchange)"),
        "play": ("Play (defend)", "{who} stayed in to defend"),
        "drop": ("Drop out (Idem)", "{who} dropped out (Idem)"),
        "take": ("Take", "{who} took {card} as the bonus card"),
        "exchange": ("Exchange", "{who} exchanged {n_cards}"),
        "misdeal": ("Call a misdeal", "{who} called a misdeal"),
        "misdeal_deliberate": ("Call a deliberate misdeal", "{who} called a deliberate misdeal"),
    },
    "lora": {
        "play": ("Play", "{who} played {card}"),
        "pass": ("Pass (no card fits)", "{who} passed (no card fits the layout)"),
        "choose": ("Choose", "{who} chose {contract}"),
        "cut": ("Cut", "{who} cut the pack (single cards are dealt)"),
        "decline_cut": ("Decline the cut", "{who} declined the cut (packets of eight are dealt)"),
        "last_card": ("Say 'last card'", "{who} said 'last card'"),
        "penalty": ("Penalty", "{who} was penalised"),
    },
}

CONTRACTS: dict[str, dict[str, str]] = {"lora": dict(_lora.CONTRACT_NAMES)}

# decision topics (each game module's DECISION_TOPICS) as "a later lesson teaches ..." ends
TOPICS: dict[str, dict[str, str]] = {
    "euchre": {"bidding": "bidding", "discard": "the dealer's discard",
               "going alone": "going alone", "calling for best": "calling for best",
               "play": "card play"},
    "raub": {"dealing": "the dealer's choice before the deal", "blind call": "the blind calls",
             "bidding": "bidding", "seven exchange": "the trump-seven exchange",
             "defending": "staying in or dropping out", "drawing": "drawing",
             "play": "card play"},
    "clabber": {"bidding": "bidding", "melds": "announcing melds",
                "trumping": "the duty to trump", "play": "card play"},
    "lora": {"choosing": "choosing the contract", "cut": "the cut", "play": "card play",
             "layout": "the layout", "last card": "the 'last card' call"},
}

MELDS: dict[str, str] = {
    "dad": "a run of three", "fifty": "a run of four", "five_run": "a run of five",
    "six_run": "a run of six", "mule": "four jacks", "four_nines": "four nines",
    "four_aces": "four aces", "four_tens": "four tens", "four_kings": "four kings",
    "four_queens": "four queens",
}

RAUB_KINDS = {
    "ordinary": "declared", "raub": "called Raub (blind)", "stih": "called Stih (blind)",
    "muss": "called Muss (a forced game)",
}
RAUB_ENDS = {
    "played": "played out", "all_dropped": "everyone dropped out",
    "pass_deal": "the dealer passed the deal (one refa added)",
    "dealer_pass": "everyone passed in round 1 (thrown in, one refa added)",
    "same_suit": "thrown in: the turned cards were all of one suit",
    "second_round_pass": "everyone passed in round 2 (thrown in)",
    "misdeal": "a misdeal",
}

SIDES = {"NS": "North/South", "EW": "East/West"}

_SUIT_NOUN = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def _known(table: dict, game: str, key: str, what: str) -> str:
    try:
        return table[game][key]
    except KeyError:
        raise TutorError(f"no words for the {what} {key!r} of {game}") from None


def phase(game: str, name: str) -> str:
    """The phase in words: ``phase("euchre", "bid1")`` -> 'round 1 of the bidding'."""
    return _known(PHASES, game, name, "phase")


def topic(game: str, name: str) -> str:
    """A decision topic in words: ``topic("clabber", "trumping")`` -> 'the duty to trump'."""
    return _known(TOPICS, game, name, "decision topic")


def contract(game: str, name: str) -> str:
    """A contract's name in words (Lora's own ``CONTRACT_NAMES``)."""
    return _known(CONTRACTS, game, name, "contract")


def contract_rule(name: str, rules=None) -> str:
    """A Lora contract's scoring in one line, for the rules in force (the game's own words)."""
    return _lora.contract_rule(name, rules)


def meld(kind: str, with_points: bool = True) -> str:
    text = MELDS[kind]
    return f"{text} ({MELD_POINTS[kind]})" if with_points else text


def melds(word: str | None) -> str:
    """An announcement (``"dad fifty"`` or ``"none"``) in words."""
    kinds = [k for k in (word or "").split() if k in MELD_TYPES]
    if not kinds:
        return "no meld"
    return " and ".join(meld(k) for k in kinds)


def suit_words(suit) -> str:
    """``♥ hearts`` for a suit or its letter."""
    if suit is None:
        return ""
    s = suit if isinstance(suit, Suit) else Suit.parse(suit)
    return f"{s.symbol} {_SUIT_NOUN[s.value]}"


def card_words(card) -> str:
    """A card as its symbol form: ``J♥``."""
    c = card if isinstance(card, Card) else parse_card(card)
    return c.symbol


def signed(value: int) -> str:
    """A score change as a learner reads it: +2, -1, 0."""
    return f"{value:+d}" if value else "0"


def side_words(side) -> str:
    return SIDES.get(side, str(side))


def seat_label(seat_name: Callable[[int], str], seat: int, learner: int | None) -> str:
    """``You (South)`` for the learner's seat, the direction for the others."""
    name = seat_name(seat)
    return f"You ({name})" if seat == learner else name


def with_role(who: str, role: str) -> str:
    """A seat with its role: ``West (the dealer)``, ``You (South, the dealer)``."""
    if who.endswith(")"):
        return f"{who[:-1]}, {role})"
    return f"{who} ({role})"


# --------------------------------------------------------------------------- actions in words
def _fill(template: str, game: str, action: Action, who: str = "") -> str:
    cards = action.cards
    suit = action.suit
    arg = action.arg
    values = {
        "who": who,
        "who_dealer": with_role(who, "the dealer") if who else "",
        "card": cards[0].symbol if cards else "",
        "card_or_a_card": cards[0].symbol if cards else "a card",
        "cards": " ".join(c.symbol for c in cards),
        "suit": suit.symbol if suit else "",
        "suit_noun": _SUIT_NOUN[suit.value] if suit else "",
        "melds": melds(arg) if game == "clabber" else "",
        "contract": contract(game, arg) if game == "lora" and arg in CONTRACTS["lora"] else (arg or ""),
        "n_cards": (f"{len(cards)} card{'s' if len(cards) != 1 else ''}" if cards
                    else "no card (kept the hand)"),
    }
    return template.format(**values).strip()


def button(game: str, action: Action, state=None) -> str:
    """Button text for an action: ``Order up``, ``Name ♥``, ``Discard 9♠``, ``Queens``."""
    label, _ = _known(VERBS, game, action.verb, "action")
    verb = action.verb
    if game == "lora" and verb == "choose":
        return contract(game, action.arg)
    if game == "clabber" and verb == "announce":
        return "Announce nothing" if action.arg in (None, "none") else \
            "Announce " + melds(action.arg)
    if game == "raub" and verb == "exchange":
        if not action.cards:
            return "Keep my hand (draw nothing)"
        return "Exchange " + " ".join(c.symbol for c in action.cards)
    if game == "raub" and verb in ("misdeal", "misdeal_deliberate") and state is not None:
        return f"{label} by {state.seat_name(int(action.arg))}"
    text = _fill(label, game, action)
    if action.cards and "{" not in label and verb not in ("play",):
        text += " " + " ".join(c.symbol for c in action.cards)
    elif verb == "play" and action.cards:
        text = action.cards[0].symbol
    return text


def sentence(game: str, who: str, action: Action) -> str:
    """A past action in words: ``West ordered up``, ``South played the J♥``."""
    _, template = _known(VERBS, game, action.verb, "action")
    return _fill(template, game, action, who)


_HIDDEN = re.compile(r"^(\w+) \((\d+) cards?\)$")


def history_action(game: str, verbs, text: str) -> Action:
    """An action as a seat saw it in ``view.history``: hidden parts (a discard seen from
    another seat, Raub's exchange ``exchange (3 cards)``) become an action without cards (the
    number of cards kept in ``arg``)."""
    from ..games.actions import parse_action
    m = _HIDDEN.match(text)
    if m:
        return Action(m.group(1), (), m.group(2))
    try:
        return parse_action(text, verbs)
    except TutorError:
        return Action(text.split()[0] if text.split() else text)


def hidden_sentence(game: str, who: str, action: Action) -> str:
    """Sentence for an action whose cards the viewer did not see."""
    if game == "raub" and action.verb == "exchange" and action.arg is not None:
        n = int(action.arg)
        return f"{who} exchanged {n} card{'s' if n != 1 else ''}" if n else f"{who} kept the hand"
    return sentence(game, who, Action(action.verb))


# --------------------------------------------------------------------------- results
_ROW = re.compile(r"\s*\(row S\d+\)")


def reason_words(game: str, text: str) -> str:
    """An engine's reason made readable: sides by name, no score-table row codes."""
    text = _ROW.sub("", text)
    text = text.replace("South/North", "North/South").replace("West/East", "East/West")
    for code, name in SIDES.items():
        text = re.sub(rf"\b{code}\b", name, text)
    if game == "clabber":
        text = text.replace("are set: XX", "are set and score nothing this hand")
    if game == "raub":
        text = text.replace("raub declarer", "Raub declarer").replace("stih declarer", "Stih declarer")
        text = text.replace("ordinary declarer", "declarer").replace("muss declarer", "Muss declarer")
    return text
