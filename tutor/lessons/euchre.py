"""What the Euchre lessons share: the small set-ups, pictures and sentences behind their cells.

    from tutor.lessons import euchre as course
    course.seating()                         # who plays with whom, in words
    course.trumps("H")                       # the trumps of hearts, highest first, as cards
    course.refusal(state, "play AD")         # the rules' own refusal, and that nothing changed

Every fact comes from :mod:`tutor.games.euchre` (orders, legal actions, scores, refusals);
these helpers only choose the situation and phrase what the engine answers for a learner who
never reads code. Their results show as pictures or sentences (:class:`Note`), never as Python
values.
"""

from __future__ import annotations

import html
from typing import Iterable, Sequence

from .. import IllegalAction, bots, games, render
from ..cards import Card, Suit, parse_card
from ..games import euchre
from ..widgets import words
from ..widgets.exercises import action_words, score_words

__all__ = [
    "Note", "seating", "deck", "trumps", "plain_suit", "suits_of", "refusal", "may_play",
    "played", "trick_taken", "differences", "round_one", "after", "choices", "trump_made",
    "dealt", "score_table", "whole_game", "alone_questions", "lone_hand", "lone_table",
    "decks", "blind_call", "railroad_rules", "call_for_best", "slam_game", "COMMON",
]

#: The rules most players know (the usual modern alternatives to this course's defaults).
COMMON = "common_north_american"


# --------------------------------------------------------------------------- the picture
class Note:
    """Sentences shown as a small picture (and as plain lines in text): a lesson's output
    that a learner reads on its own. ``cards`` adds a row of card pictures above them."""

    def __init__(self, lines: Iterable[str], title: str | None = None,
                 cards: Sequence[Card] = ()):
        self.lines = [str(line) for line in lines]
        self.title = title
        self.cards = tuple(cards)

    def __repr__(self) -> str:
        head = [self.title] if self.title else []
        row = [" ".join(c.symbol for c in self.cards)] if self.cards else []
        return "\n".join(head + row + self.lines)

    def _repr_mimebundle_(self, include=None, exclude=None):
        parts = [render.STYLE, '<div class="tt-note">']
        if self.title:
            parts.append(f"<b>{html.escape(self.title)}</b>")
        if self.cards:
            parts.append(f"<div>{render.cards_html(self.cards)}</div>")
        parts += [f"<div>{html.escape(line)}</div>" for line in self.lines]
        parts.append("</div>")
        return {"text/html": "".join(parts), "text/plain": repr(self)}


def _rules(rules=None):
    return euchre.resolve(rules)


def _list(items: Sequence[str], last: str = "and") -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def _choices(state) -> str:
    return _list([action_words(a, "euchre") for a in state.legal_actions()], "or")


# --------------------------------------------------------------------------- lesson 1: the cards
def seating(players: int = 4) -> Note:
    """Who plays with whom and the turn order, from a dealt hand of the game."""
    state = games.new_hand("euchre", seed=1, dealer=players - 1, players=players)
    name = state.seat_name
    order = " → ".join(name(s) for s in range(players)) + f" → {name(0)} …"
    if players == 4:
        lines = [f"You ({name(0)}) play with {name(state.partner(0))}; {name(1)} plays with "
                 f"{name(state.partner(1))}.",
                 "Turn order, clockwise: " + order]
    else:
        lines = ["Every player plays for himself.", "Turn order, clockwise: " + order]
    return Note(lines, title="The table")


def deck(rules=None) -> Note:
    """The pack of ``rules`` as cards, with its size and what the deal leaves in the kitty."""
    r = _rules(rules)
    pack = euchre.game_deck(r)
    dealt = 5 * r.players
    return Note([f"{len(pack)} cards. Each of the {r.players} players gets five, {dealt} in all, "
                 f"so {len(pack) - dealt} stay in the kitty; its top card is turned face up: "
                 f"the up-card."], title="The Euchre deck", cards=pack)


def trumps(suit, rules=None) -> render.Hand:
    """The trumps of ``suit`` under ``rules``, highest first, as a row of cards."""
    order = euchre.trump_order(suit, _rules(rules))
    noun = Suit.parse(suit).noun
    return render.Hand(order, title=f"{noun.capitalize()} are trump: the {len(order)} trumps, "
                                    f"highest first")


def plain_suit(suit, trump, rules=None) -> render.Hand:
    """The cards of a plain suit, highest first, when ``trump`` is trump."""
    cards = euchre.plain_order(suit, trump, _rules(rules))
    return render.Hand(cards, title=f"{Suit.parse(suit).noun.capitalize()} when "
                                    f"{Suit.parse(trump).noun} are trump: {len(cards)} cards")


def suits_of(cards: str, trump) -> Note:
    """Which suit each card belongs to in play (its effective suit) when ``trump`` is trump."""
    trump_suit = Suit.parse(trump)
    lines = []
    for text in cards.split():
        card = parse_card(text)
        suit = euchre.effective_suit(card, trump_suit)
        lines.append(f"{card.symbol} belongs to {words.suit_words(suit)}"
                     + (" — a trump" if suit is trump_suit else ""))
    return Note(lines, title=f"{trump_suit.noun.capitalize()} are trump")


# --------------------------------------------------------------------------- lesson 2: following
def left_bower_led():
    """Hearts trump; East leads the jack of diamonds (the left bower); you hold the ace of
    diamonds and one heart."""
    return euchre.position(
        hands={0: "AD KC 9H QS 9S", 1: "AS KS QD 9C TC", 2: "TS KD AC QH AH", 3: "QC JC TH TD"},
        trump="H", leader=3, trick=["JD"], maker=3)


def diamond_led(with_ace: bool = True):
    """Hearts trump; East leads the nine of diamonds; you hold the jack of diamonds (the left
    bower), with the ace of diamonds beside it or (``with_ace=False``) with no other diamond."""
    if with_ace:
        hands = {0: "JD AD TS KS 9C", 1: "AS QS QD 9S TC", 2: "TH KD AC QH AH", 3: "QC JC KH TD"}
    else:
        hands = {0: "JD AC TS KS 9C", 1: "AS QS QD 9S TC", 2: "TH KD AD QH AH", 3: "QC JC KH TD"}
    return euchre.position(hands=hands, trump="H", leader=3, trick=["9D"], maker=3)


def refusal(state, action: str) -> Note:
    """Tries ``action`` for the seat to move: the rules' refusal in its own words, and proof
    that nothing changed (the same cards still in hand)."""
    seat = state.to_move
    before = len(state.hands[seat])
    try:
        state.apply(action)
    except IllegalAction as why:
        text = str(why)
        lines = [text[:1].upper() + text[1:] + ("" if text.endswith(".") else "."),
                 f"Nothing changed: {state.seat_name(seat)} still holds {len(state.hands[seat])} "
                 f"cards" + (" and it is still his turn." if len(state.hands[seat]) == before
                             and state.to_move == seat else ".")]
        return Note(lines, title="The game refuses it")
    state.undo()
    return Note([f"{action_words(state.legal_actions()[0], 'euchre')} is allowed here."])


def may_play(state) -> Note:
    """The cards the seat to move may play, by the rules."""
    cards = [a.card for a in state.legal_actions() if a.verb == "play"]
    return Note([f"{state.seat_name(state.to_move)} may play any of these {len(cards)} cards."],
                title="The cards the rules allow", cards=cards)


def played(state, cards: str):
    """``state`` after the seats play ``cards`` (e.g. ``"JD QD KD"``) in turn; returns it."""
    for text in cards.split():
        state.apply(f"play {text}")
    return state


def trick_taken(state) -> Note:
    """Who took the last completed trick, and with which card."""
    _, plays, winner = state.tricks[-1]
    card = dict(plays)[winner]
    shown = " · ".join(f"{state.seat_name(s)} {c.symbol}" for s, c in plays)
    return Note([shown, f"The trick goes to {state.seat_name(winner)}, with the {card.name}."],
                title="The trick")


def last_trick_with_trumps():
    """Spades trump, North and South made it; the last trick: East A♥, South 9♥, West J♣ (the
    left bower), North 10♠. Each side has two tricks before it."""
    state = euchre.position(hands={3: "AH", 0: "9H", 1: "JC", 2: "TS"}, trump="S", leader=3,
                            maker=2, tricks_won={0: 2, 1: 2})
    return played(state, "AH 9H JC TS")


def last_trick_without_trumps():
    """Clubs trump, East and West made it; the last trick: West 10♦, North A♠ (no diamond),
    East Q♦, South 9♦. Each side has two tricks before it."""
    state = euchre.position(hands={1: "TD", 2: "AS", 3: "QD", 0: "9D"}, trump="C", leader=1,
                            maker=1, tricks_won={0: 2, 1: 2})
    return played(state, "TD AS QD 9D")


def hand_result(state) -> Note:
    """A finished hand's score in words."""
    return Note([score_words(state)], title="The hand is over")


# --------------------------------------------------------------------------- the course's rules
_DIFFERENCES = {
    "dealer_pickup_optional": (
        "After another player orders up, the dealer may leave the up-card and keep his own five "
        "cards (lesson 2).",
        "the dealer must take the up-card"),
    "maker_partner_may_go_alone": (
        "The maker's partner may go alone instead of the maker (lesson 4).",
        "only the maker may go alone"),
    "defender_alone": (
        "A defender may go alone against the makers at any time (lesson 4).",
        "defenders never go alone"),
    "lone_lead": (
        "Against a lone player, the player on the lone player's left leads first (lesson 4).",
        "the player on the dealer's left leads, or the next player if that seat sits out"),
}


def differences() -> Note:
    """Where this course's rules differ from the rules most players know, option by option
    (read from the two rule sets, so the list follows the engine)."""
    ours, common = _rules(None), _rules(COMMON)
    lines = []
    for field, (here, usual) in _DIFFERENCES.items():
        if getattr(ours, field) != getattr(common, field):
            lines.append(f"{here} Common rule: {usual}.")
    return Note(lines, title="This course's rules and the common rules")


# --------------------------------------------------------------------------- bidding
def round_one(state) -> Note:
    """Round 1 of the bidding from ``state``, everybody passing: each speaker and his choices."""
    trial = state.copy()
    lines = []
    while trial.phase == "bid1":
        lines.append(f"{_speaker(trial)} may: {_choices(trial)}.")
        trial.apply("pass")
    lines.append(f"After four passes comes {euchre.PHASE_WORDS[trial.phase]}.")
    return Note(lines, title=f"Round 1: the up-card is the {state.up_card.name}")


def after(state, *actions: str):
    """A copy of ``state`` after ``actions`` (``"pass"``, ``"order_up"``, ...); ``state`` is
    left as it was."""
    trial = state.copy()
    for action in actions:
        trial.apply(action)
    return trial


def choices(state, title: str | None = None) -> Note:
    """The seat to move and every action the rules allow it, in words."""
    return Note([f"{_speaker(state)} may: {_choices(state)}."], title=title)


def _speaker(state) -> str:
    """The seat to move, named with its role when it deals."""
    who = state.seat_name(state.to_move)
    return words.with_role(who, "the dealer") if state.to_move == state.dealer else who


def trump_made(state) -> Note:
    """Trump, the maker, and what comes next, once the bidding is over."""
    lines = [f"Trump: {words.suit_words(state.trump)}. Maker: {state.seat_name(state.maker)}; "
             f"{_list([state.seat_name(s) for s in range(state.players) if state.side_of(s) == state.side_of(state.maker)])}"
             f" need three tricks."]
    if state.up_card is not None and state.exchange is None and state.phase == "exchange":
        lines.append(f"Next: {euchre.PHASE_WORDS[state.phase]}; "
                     f"{state.seat_name(state.to_move)} may: {_choices(state)}.")
    else:
        status = state.view(0).public.get("up_card_status")
        held = len(state.hands[state.dealer])
        lines.append(f"The up-card, the {state.up_card.name}, is {status}; the dealer still "
                     f"holds {held} cards.")
    return Note(lines, title="The bidding is over")


def dealt(hand: str, up_card: str, dealer: int, passes: int = 0, rules=None, seed: int = 1):
    """A hand where South holds ``hand`` and ``up_card`` is turned, ``dealer`` dealing; the
    first ``passes`` speakers pass. The other hands are shuffled from ``seed``."""
    order = euchre.deck_for(hands={0: hand}, up_card=up_card, dealer=dealer, seed=seed,
                            rules=rules)
    state = euchre.new_hand(deck=order, dealer=dealer, rules=rules)
    for _ in range(passes):
        state.apply("pass")
    return state


def throw_in(seed: int, dealer: int) -> Note:
    """A game's first hand where all four pass twice: its result and the next dealer."""
    match = games.new_match("euchre", seed=seed, dealer=dealer)
    first = match.current
    while not first.is_over:
        first.apply("pass")
    result = first.result()
    text = result.reasons[0]
    scores = ", ".join(f"{words.side_words(u)} {v}" for u, v in match.scores.items())
    nxt = match.next_hand()
    note = Note([text[:1].upper() + text[1:] + ".", f"Scores: {scores}.",
                 f"The dealer was {first.seat_name(first.dealer)}; the next dealer is "
                 f"{nxt.seat_name(nxt.dealer)}, on his left."], title="Everybody passed twice")
    note.scored = any(result.points.values())
    return note


# --------------------------------------------------------------------------- scoring
def score_table(maker_alone: bool = False, defender_alone: bool = False, rules=None,
                tricks: Sequence[int] = range(6)) -> Note:
    """What the hand scores for each number of makers' tricks (four-handed game)."""
    r = _rules(rules)
    lines = []
    for m in tricks:
        side, points, _ = euchre.score_hand(m, maker_alone=maker_alone,
                                            defender_alone=defender_alone, rules=r)
        lines.append(f"Makers take {m} trick{'s' if m != 1 else ''} (defenders {5 - m}): "
                     f"{points} point{'s' if points != 1 else ''} to the {side}.")
    who = ("a lone maker" if maker_alone else "makers playing together") + \
        (" against a lone defender" if defender_alone else "")
    return Note(lines, title=f"Scoring: {who}")


def whole_game(seed: int, dealer: int, rules=None):
    """A whole game played by four computer players at the basic level; returns the match."""
    game = games.new_match("euchre", seed=seed, dealer=dealer, rules=rules)
    players = {seat: bots.make("basic", seat, seed=seat) for seat in range(game.players)}
    while True:
        hand = game.current
        while not hand.is_over:
            hand.apply(players[hand.to_move].choose(hand.view(hand.to_move)))
        if game.is_over:
            return game
        game.next_hand()


# --------------------------------------------------------------------------- going alone
def _exchange(state) -> None:
    """The dealer takes the up-card and discards his first card (for set-ups only)."""
    if state.phase == "exchange":
        state.apply("discard " + str(state.hands[state.dealer][0]))


def alone_questions(rules=None) -> Note:
    """West orders up with South dealing; everybody declines to go alone: who was asked, in
    which order."""
    state = games.new_hand("euchre", seed=4, dealer=0, rules=rules)
    state.apply("order_up")
    _exchange(state)
    asked = []
    while state.phase == "alone":
        asked.append(state.seat_name(state.to_move))
        state.apply("decline")
    note = Note([f"{state.seat_name(state.maker)} ordered up and is the maker.",
                 "Asked in turn whether they go alone: " + " → ".join(asked) + "."],
                title="The going-alone questions")
    note.asked = asked
    return note


def lone_hand(defender: bool = False, rules=None):
    """East deals; you (South) order up and go alone; the others decline, or (``defender``)
    West goes alone against you. Returns the hand at its first lead."""
    hand = games.new_hand("euchre", seed=4, dealer=3, rules=rules)
    hand.apply("order_up")
    _exchange(hand)
    hand.apply("go_alone")
    if defender:
        hand.apply("go_alone")
    while hand.phase == "alone":
        hand.apply("decline")
    return hand


def lone_table(hand, lead: bool = True) -> Note:
    """Who sits out, the order of play and (``lead``) the first leader of a lone hand."""
    name = hand.seat_name
    lines = [f"Sits out: {_list([name(s) for s in hand.sitting_out])}.",
             "Play goes round: " + " → ".join(name(s) for s in hand.active_seats) + "."]
    if lead:
        lines.append(f"First lead: {name(hand.to_move)}.")
    return Note(lines, title="A lone hand")


def lone_defence():
    """Diamonds trump, made by West; you (South) defend alone against West and East; West leads
    the ace of spades and East plays the queen; North sits out."""
    return euchre.position(hands={1: "KH QH 9C TC", 0: "JH 9S KD TH AC", 3: "TS AD QC KC"},
                           trump="D", leader=1, trick=["AS", "QS"], alone=0, maker=1)


def lone_march():
    """Spades trump; you went alone, took four tricks and lead the right bower to the last."""
    state = euchre.position(hands={0: "JS", 1: "9D", 3: "KH"}, trump="S", leader=0, alone=0,
                            maker=0, tricks_won={0: 4})
    return played(state, "JS 9D KH")


def strong_lone_hand():
    """You ordered up hearts with three top trumps and a side ace; North, the dealer, took the
    up-card: the question whether you go alone."""
    state = dealt("TH AH AC JH JD", "QH", dealer=2, passes=1, seed=3)
    state.apply("order_up")
    state.apply(bots.hint(state.view(2)).action)
    return state


# --------------------------------------------------------------------------- variants
_DECK_NAMES = {"north_american": "The usual deck (nine to ace)",
               "deck_32": "The 32-card deck (seven to ace)",
               "british_25_joker": "British Euchre (nine to ace and a Joker)"}


def decks() -> Note:
    """The three packs side by side: cards, trumps, kitty with four players."""
    lines = []
    for preset, name in _DECK_NAMES.items():
        r = _rules(preset)
        pack = len(euchre.game_deck(r))
        lines.append(f"{name}: {pack} cards, {len(euchre.trump_order('S', r))} trumps, "
                     f"{pack - 20} in the kitty.")
    return Note(lines, title="Three packs")


def joker_led():
    """British Euchre, spades trump; East leads the Joker; you hold the nine of spades and the
    jack of clubs (the left bower)."""
    return euchre.position(hands={3: "AD KD QD 9H", 0: "9S JC AH KH QC", 1: "TS QS AC KC 9C",
                                  2: "TH QH JD TD 9D"}, trump="S", leader=3, trick=["JK"],
                           maker=3, rules="british_25_joker")


def joker_up(rules: str, seed: int = 2):
    """A hand with the Joker turned up, South dealing, under ``rules``."""
    order = euchre.deck_for(hands={}, up_card="JK", dealer=0, rules=rules, seed=seed)
    return euchre.new_hand(deck=order, dealer=0, rules=rules)


def blind_call(state) -> Note:
    """What the dealer sees and may do when the Joker is turned up (British rule)."""
    view = state.view(state.to_move)
    lines = [f"Next: {euchre.PHASE_WORDS[state.phase]}.",
             f"The dealer, {state.seat_name(state.to_move)}, sees {len(view.hand)} of his cards "
             f"and may: {_list([action_words(a, 'euchre') for a in view.legal], 'or')}."]
    trial = state.copy()
    trial.apply(str(view.legal[0]))
    lines.append(f"Once he has named a suit ({words.suit_words(trial.trump)}), "
                 f"{euchre.PHASE_WORDS[trial.phase]} follows; he may: {_choices(trial)}"
                 + ("" if trial.phase != "exchange" else
                    "; leaving the Joker is not among them."))
    return Note(lines, title="The Joker turned up")


def railroad_rules() -> Note:
    """What the railroad preset switches on, in words (read from its rules)."""
    r, ours = _rules("railroad"), _rules(None)
    alone = {"any": "at any time", "vs_lone_maker": "only against a lone maker",
             "never": "never"}[r.defender_alone]
    lines = [f"The Joker is in the pack: {len(euchre.game_deck(r))} cards.",
             f"A Joker up-card proposes {words.suit_words(Suit.parse(r.joker_upcard_suit))}."
             if r.joker_upcard == "fixed_suit" else "",
             f"A defender may go alone {alone}; if his side takes three or four tricks he scores "
             f"{r.lone_defender_euchre_points} (usual game: {ours.lone_defender_euchre_points}), "
             f"all five: {r.lone_defender_sweep_points}.",
             "Calling for best: " + ("yes" if r.call_for_best else "no") + ".",
             "Laps: " + ("yes" if r.laps else "no") + "; slams: " + ("yes" if r.slams else "no")
             + "."]
    note = Note([line for line in lines if line], title="Railroad Euchre")
    note.defender_alone = r.defender_alone
    return note


def call_for_best(seed: int = 3) -> Note:
    """A railroad hand: South orders up and goes alone; the exchange with his partner, step by
    step (each seat's choices, the first one taken)."""
    hand = games.new_hand("euchre", seed=seed, dealer=3, rules="railroad")
    hand.apply("order_up")
    _exchange(hand)
    hand.apply("go_alone")
    while hand.phase == "alone":
        hand.apply("decline")
    lines, options_seen = [], []
    while hand.phase == "call_for_best":
        who = hand.seat_name(hand.to_move)
        options = hand.legal_actions()
        options_seen.append(options)
        lines.append(f"{who} may: {_list([action_words(a, 'euchre') for a in options], 'or')}.")
        hand.apply(options[0])
    lines.append(f"Then {euchre.PHASE_WORDS[hand.phase]}: South holds "
                 f"{len(hand.hands[0])} cards again.")
    note = Note(lines, title="Calling for best")
    note.partner_choices = len(options_seen[1]) if len(options_seen) > 1 else 0
    return note


def slam_game(start: dict | None = None) -> Note:
    """A railroad game from ``start`` scores (default North/South 7, East/West 0) whose next
    hand is a sure lone march for South: the game's end, its weight and the next game's start."""
    start = start or {"NS": 7, "EW": 0}
    order = euchre.deck_for(hands={0: "JK JH JD AH KH", 2: "TH 9H AS AC AD"}, up_card="QH",
                            dealer=3, rules="railroad", seed=1)
    match = games.new_match("euchre", rules="railroad", dealer=3, start_scores=start, deck=order,
                            seed=1)
    hand = match.current
    players = {seat: bots.make("basic", seat, seed=seat) for seat in range(4)}
    mine = {"bid1": "order_up", "alone": "go_alone", "call_for_best": "discard KH"}
    while not hand.is_over:
        seat = hand.to_move
        if seat == 0 and hand.phase in mine:
            hand.apply(mine[hand.phase])
        elif seat == 2 and hand.phase == "call_for_best":
            hand.apply("pass_card TH")          # every card South then holds is a trump
        else:
            hand.apply(players[seat].choose(hand.view(seat)))
    result = match.game_result()
    scores = ", ".join(f"{words.side_words(u)} {v}" for u, v in result.scores.items())
    nxt = ", ".join(f"{words.side_words(u)} {v}" for u, v in result.next_scores.items())
    won = words.side_words(result.winner)
    lines = [f"Before the hand: {', '.join(f'{words.side_words(u)} {v}' for u, v in start.items())}.",
             score_words(hand),
             f"After it: {scores}. {won} win the game.",
             f"It counts as {result.weight} game{'s' if result.weight != 1 else ''} won"
             + (" (a slam: the other side had no point)." if result.slam else "."),
             f"The next game starts at: {nxt} (the lap)."]
    note = Note(lines, title="Laps and slams")
    note.next_scores = dict(result.next_scores)
    return note


# --------------------------------------------------------------------------- small facts
def partner_name(seat: int = 0) -> str:
    """The name of ``seat``'s partner at the four-handed table."""
    state = games.new_hand("euchre", seed=1, dealer=3)
    return state.seat_name(state.partner(seat))


def bowers_held(state, seat: int = 0) -> Note:
    """Which bowers ``seat`` holds: for the trump once it is made, else for the up-card's suit."""
    trump = state.trump or state.up_card.suit
    held = sorted((c for c in state.hands[seat]
                   if c.rank.label == "J" and euchre.effective_suit(c, trump) is trump),
                  key=lambda c: c.suit is not trump)
    names = [f"{c.symbol} (the {'right' if c.suit is trump else 'left'} bower)" for c in held]
    head = (f"Trump: {words.suit_words(trump)}." if state.trump else
            f"If {trump.noun} become trump:")
    return Note([f"{head} {state.seat_name(seat)} holds {_list(names) or 'no bower'}."],
                title="Your bowers")


def trumps_in(hand: str, suits: str) -> Note:
    """How many trumps ``hand`` holds for each suit of ``suits`` (e.g. ``"S C"``), by the
    effective suit of each card."""
    cards = [parse_card(t) for t in hand.split()]
    lines, counts = [], {}
    for text in suits.split():
        suit = Suit.parse(text)
        mine = [c for c in euchre.trump_order(suit) if c in cards]
        counts[suit.noun] = len(mine)
        lines.append(f"If {suit.noun} are trump you hold {len(mine)} trump"
                     f"{'s' if len(mine) != 1 else ''}: {_cards(mine) or 'none'}.")
    note = Note(lines, title="Your trumps, suit by suit")
    note.best = max(counts, key=counts.get)     # the suit that gives the most trumps
    return note


def trump_count(trump, played: str, held: str) -> Note:
    """Trumps still out against you: all trumps, minus those played, minus your own. The
    number is ``note.out``."""
    order = euchre.trump_order(trump)
    gone = [c for c in order if str(c) in played.split()]
    mine = [c for c in order if str(c) in held.split()]
    out = [c for c in order if c not in gone and c not in mine]
    note = Note([f"{len(order)} trumps in all; {len(gone)} played, {len(mine)} in your hand: "
                 f"{len(out)} still out ({_cards(out)})."], title="Counting trumps")
    note.out = len(out)
    return note


def puzzles(theme: str, count: int = 3, skip: Sequence[str] = ()):
    """The first ``count`` puzzles of the collection on ``theme``, easiest first, leaving out
    the puzzle ids in ``skip`` (shown in an earlier lesson)."""
    from .. import puzzles as collection
    chosen = [p for p in sorted(collection.shipped("euchre", theme=theme),
                                key=lambda p: (p.level, p.id)) if p.id not in skip]
    return chosen[:count]


def points(makers_tricks: int, maker_alone: bool = False, defender_alone: bool = False,
           rules=None) -> int:
    """The points the four-handed hand scores (to whichever side scores)."""
    return euchre.score_hand(makers_tricks, maker_alone=maker_alone,
                             defender_alone=defender_alone, rules=_rules(rules))[1]


def deal(seed: int, dealer: int, rules=None, players: int | None = None):
    """A shuffled hand of the game (the same cards for the same ``seed``)."""
    return games.new_hand("euchre", seed=seed, dealer=dealer, rules=rules, players=players)


def can(state, action: str) -> bool:
    """Whether the rules allow ``action`` (``"leave"``, ``"pass"``, ...) to the seat to move."""
    return any(str(a) == action for a in state.legal_actions())


# --------------------------------------------------------------------------- scoring tries
def clubs_made_three():
    """You (South) made clubs trump, nobody alone; two tricks each before the last; you lead the
    ace of clubs to it."""
    state = euchre.position(hands={0: "AC", 1: "KD", 2: "9S", 3: "QD"}, trump="C", leader=0,
                            maker=0, tricks_won={0: 1, 2: 1, 1: 2})
    return played(state, "AC KD 9S QD")


def spades_made_four():
    """West made spades trump, nobody alone; West and East took the first four tricks; West leads
    the king of hearts to the last, North plays the ace and you (South) trump with the right
    bower."""
    state = euchre.position(hands={1: "KH", 2: "AH", 3: "9H", 0: "JS"}, trump="S", leader=1,
                            maker=1, tricks_won={1: 2, 3: 2})
    return played(state, "KH AH 9H JS")


def hearts_euchred():
    """North made hearts trump, nobody alone; before the last trick North and South have one
    trick, West and East three; East leads the ace of spades and West trumps it."""
    state = euchre.position(hands={3: "AS", 0: "9S", 1: "JH", 2: "KS"}, trump="H", leader=3,
                            maker=2, tricks_won={0: 1, 1: 2, 3: 1})
    return played(state, "AS 9S JH KS")


# --------------------------------------------------------------------------- card play tries
def lead_trumps():
    """You (South) made hearts trump, nobody alone, East dealt: your opening lead with both red
    jacks, the ace and king of spades and the nine of clubs."""
    return euchre.position(hands={0: "JH JD AS KS 9C", 1: "QH 9S TD QC AC", 2: "TH KD 9D KC TS",
                                  3: "AH QS AD JC JS"}, trump="H", leader=0, maker=0, dealer=3)


def partner_winning():
    """West made hearts trump, nobody alone; you and North have two tricks, West and East one.
    North leads the ace of spades, East plays the king; you hold no spade (9♥ 9♣); West plays
    last."""
    return euchre.position(hands={2: "QD", 3: "TC", 0: "9H 9C", 1: "TS JC"}, trump="H", leader=2,
                           maker=1, trick=["AS", "KS"], tricks_won={0: 1, 2: 1, 1: 1})


# --------------------------------------------------------------------------- two and three players
def two_handed() -> Note:
    """A two-handed hand, North dealing: the kitty, who speaks first, and what follows an order."""
    hand = deal(seed=1, dealer=1, rules="two_handed")
    lines = [f"{hand.players} players, five cards each; {len(hand.kitty)} cards stay in the kitty.",
             f"{hand.seat_name(hand.to_move)}, the non-dealer, speaks first: "
             f"{_choices(hand)}."]
    hand.apply("order_up")
    lines.append(f"{hand.seat_name(hand.to_move)}, the dealer, then may: {_choices(hand)}.")
    hand.apply("leave")
    lines.append(f"After that comes {euchre.PHASE_WORDS[hand.phase]} at once, with no going-alone "
                 f"question; first lead: {hand.seat_name(hand.to_move)}.")
    note = Note(lines, title="Two-handed Euchre")
    note.asked_alone = hand.phase == "alone"
    return note


def two_handed_euchre():
    """Two players; you (South) made clubs trump; two tricks each before the last; you lead the
    nine of clubs and North takes it with the ace."""
    state = euchre.position(hands={0: "9C", 1: "AC"}, trump="C", leader=0, maker=0,
                            tricks_won={0: 2, 1: 2}, players=2)
    return played(state, "9C AC")


def three_handed_euchre():
    """Three players; you (South) made clubs trump; before the last trick you have two tricks,
    West one and East one; you lead the queen of clubs, West takes it with the king."""
    state = euchre.position(hands={0: "QC", 1: "KC", 2: "9S"}, trump="C", leader=0, maker=0,
                            tricks_won={0: 2, 1: 1, 2: 1}, players=3)
    return played(state, "QC KC 9S")


def three_handed_march():
    """Three players; you (South) made spades trump and took the first four tricks; you lead the
    right bower to the last."""
    state = euchre.position(hands={0: "JS", 1: "9D", 2: "9H"}, trump="S", leader=0, maker=0,
                            tricks_won={0: 4}, players=3)
    return played(state, "JS 9D 9H")


def three_handed_tie(start: dict | None = None) -> Note:
    """A three-handed game from ``start`` scores (default you 4, West 9, East 9) whose next hand
    you make with no trump at all: the scores after it and whether the game is over."""
    start = start or {0: 4, 1: 9, 2: 9}
    order = euchre.deck_for(hands={0: "9C TC 9S TS 9D", 1: "JH JD AH KH QH"}, up_card="TH",
                            dealer=2, players=3, seed=1)
    match = games.new_match("euchre", players=3, dealer=2, start_scores=start, deck=order, seed=1)
    hand = match.current
    hand.apply("order_up")                      # South, first to speak, orders up hearts
    players = {seat: bots.make("basic", seat, seed=seat) for seat in range(3)}
    while not hand.is_over:
        hand.apply(players[hand.to_move].choose(hand.view(hand.to_move)))
    name = hand.seat_name
    before = ", ".join(f"{'You' if s == 0 else name(s)} {v}" for s, v in start.items())
    after_ = ", ".join(f"{'You' if s == 0 else name(s)} {v}" for s, v in match.scores.items())
    lines = [f"Before the hand: {before}.", score_words(hand), f"After it: {after_}.",
             (f"{name(match.winner)} wins the game." if match.is_over else
              "Two players share the highest score: nobody has won yet, and the next hand is "
              "dealt.")]
    note = Note(lines, title="A tie at the top")
    note.over = match.is_over
    return note


def railroad_lone_defence():
    """Railroad; West made clubs trump and went alone, you (South) defend alone (North and East
    sit out); two tricks each before the last; West leads the nine of diamonds, you take it with
    the ace."""
    state = euchre.position(hands={1: "9D", 0: "AD"}, trump="C", leader=1, maker=1, alone=(1, 0),
                            tricks_won={0: 2, 1: 2}, rules="railroad")
    return played(state, "9D AD")


def proposed(state) -> Note:
    """The suit round 1 proposes, and the first speaker's choices."""
    return Note([f"The up-card is the {state.up_card.name}; round 1 proposes "
                 f"{words.suit_words(state.proposed)}.",
                 f"{state.seat_name(state.to_move)} may: {_choices(state)}."],
                title="The Joker turned up")
