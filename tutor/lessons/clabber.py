"""What the Clabber lessons share: small set-ups, pictures and sentences, so that a lesson's
code cell is one line and its output reads as words and cards, never as Python.

Every fact comes from :mod:`tutor.games.clabber` (orders, points, legality, scoring, melds); the
functions here only choose what to show and say it in the learner's words. Seats are named by
direction (South is the learner), cards by their symbols.
"""

from __future__ import annotations

import html
from typing import Iterable, Mapping, Sequence

from .. import bots, games, puzzles, render, solver
from ..cards import Card, Rank, Suit, deck, parse_card, parse_cards
from ..errors import TutorError
from ..games import clabber
from ..games.clabber_melds import (BELL_POINTS, MELD_NAMES, MELD_POINTS, MELD_TYPES,
                                   SEQUENCE_ORDER as SEQUENCE_RANK, best_declaration, category_rank,
                                   compare_sides, find_melds)
from ..widgets import PuzzleBoard, WhoWins
from ..widgets.words import button

__all__ = ["Lines", "PACK", "SUIT_WORDS", "BELL_POINTS", "FULL_HAND_POINTS", "new_deal",
           "order_picture", "points_of", "pack_picture", "trick", "trick_picture", "who_wins",
           "partners", "points_table", "pack_points", "play_out", "points_won", "deal_picture",
           "DealPicture", "seating_deal", "first_dealer_chair", "shuffled_pack", "cut_refused",
           "next_dealers", "bidding_sequence", "bidding_position", "may_say_words",
           "callable_suits", "result_words", "cut_picture", "may_say", "holds_suit_lines",
           "refusals", "position", "may_play", "melds_in", "meld_total", "melds_words",
           "meld_ladder", "meld_contest", "meld_winner_of", "first_trick_deal", "play_cards",
           "announcements", "statements", "shows", "meld_scores", "bell_hand", "dad_n_bell_hand",
           "bell_cards_fell", "score_line", "makers_write", "game_end_words", "result_lines",
           "last_trick_line", "game_end_lines", "whole_game", "count_lines", "target_lines",
           "card_points_to_make", "best_lead_kind", "lead_values", "puzzle_set", "seats_and_cards",
           "three_player_score", "maker_writes_three", "two_player_lines", "two_player_played",
           "packet_hands", "six_card_suit", "standard_hand", "strict_hand", "allowed_lines"]

BELL_POINTS = BELL_POINTS
FULL_HAND_POINTS = clabber.FULL_HAND_POINTS
PACK = tuple(deck("24"))
_RANK_NOUN = {rank.char: rank.noun for rank in Rank}
SUIT_WORDS = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds",
              Suit.CLUBS: "clubs"}


class Lines:
    """A few sentences (or table rows) shown as a small block of text: readable in the
    notebook, in the book and in plain text alike."""

    def __init__(self, lines: Iterable[str], title: str | None = None):
        self.lines = [str(line) for line in lines]
        self.title = title

    def __repr__(self) -> str:
        return "\n".join(([self.title] if self.title else []) + self.lines)

    def _repr_html_(self) -> str:
        head = f"<div class='tt-note'><b>{html.escape(self.title)}</b></div>" if self.title else ""
        body = "".join(f"<div>{html.escape(line)}</div>" for line in self.lines)
        return f"{render.STYLE}<div class='tt-table'>{head}{body}</div>"


def _suit(suit) -> Suit:
    return suit if isinstance(suit, Suit) else Suit(str(suit).upper())


def _cards(cards) -> str:
    return " ".join(c.symbol for c in (parse_cards(cards) if isinstance(cards, str) else cards))


def _seat(state, seat: int) -> str:
    return "you (South)" if seat == 0 else state.seat_name(seat)


def _Seat(state, seat: int) -> str:
    return "You (South)" if seat == 0 else state.seat_name(seat)


# --------------------------------------------------------------------------- lesson 1
def new_deal(seed: int, dealer: int, **options):
    """A freshly dealt four-player hand (shuffled and cut from ``seed``)."""
    return games.new_hand("clabber", seed=seed, dealer=dealer, **options)


def order_picture(kind: str, suit, trump=None) -> render.Hand:
    """One suit in an order of the game, highest first: ``"trumps"`` (trick order of the trump
    suit), ``"plain"`` (trick order of a plain suit) or ``"sequence"`` (the melds' order)."""
    suit = _suit(suit)
    if kind == "trumps":
        return render.Hand(clabber.trump_order(suit),
                           title=f"{SUIT_WORDS[suit].capitalize()} are trumps: the six trumps, highest first")
    if kind == "plain":
        trump = _suit(trump)
        return render.Hand(clabber.plain_order(suit, trump=trump),
                           title=f"{SUIT_WORDS[suit].capitalize()}, when {SUIT_WORDS[trump]} are trumps: "
                                 f"highest first")
    return render.Hand(clabber.sequence_order(suit),
                       title=f"{SUIT_WORDS[suit].capitalize()} in sequence order: A K Q J 10 9")


def points_of(card: str, trump) -> int:
    """The card points of one card when ``trump`` is the trump suit."""
    return clabber.card_points(parse_card(card), _suit(trump))


def pack_picture() -> render.Hand:
    """The 24 cards of the Clabber pack as a picture."""
    return render.Hand(PACK, title=f"The Clabber pack: {len(PACK)} cards")


def trick(trump, leader: int, cards: Sequence[str], players: int = 4):
    """A finished trick: ``cards`` played in order from ``leader`` (four players, or
    ``players``), with ``trump`` the trump suit, as the first trick of a hand (``leader`` the
    eldest). The rest of each hand is dealt from a fixed shuffle so that every card of the
    trick was a legal one. Returns the state after the trick."""
    import random
    played = [parse_card(c) for c in cards]
    rest = [c for c in PACK if c not in played]
    size = clabber.HAND_SIZE[players] + (3 if players == 2 else 0)
    shuffle = random.Random(f"{trump}{leader}{' '.join(cards)}")
    rules = clabber.trick_rules_for(_suit(trump))
    # a player who did not follow held none of the suit led; one who did not beat the best
    # trump held no higher one, one who threw a plain card held no trump (the rules' apply
    # below has the last word; this only makes a fitting deal likely)
    barred = []
    for k, card in enumerate(played):
        so_far = played[:k]
        bar = set()
        if k and rules.suit_of(card) is not rules.suit_of(played[0]):
            bar |= {c for c in rest if rules.suit_of(c) is rules.suit_of(played[0])}
        if k and not rules.is_trump(card) and rules.suit_of(card) is not rules.suit_of(played[0]):
            bar |= {c for c in rest if rules.is_trump(c)}
        best = max((rules.order[c] for c in so_far if rules.is_trump(c)), default=None)
        if k and best is not None and (not rules.is_trump(card) or rules.order[card] < best):
            bar |= {c for c in rest if rules.is_trump(c) and rules.order[c] > best}
        barred.append(bar)
    for _ in range(2000):
        shuffle.shuffle(rest)
        hands, pool = {}, list(rest)
        for k in sorted(range(len(played)), key=lambda k: -len(barred[k])):
            mine = [c for c in pool if c not in barred[k]][:size - 1]
            pool = [c for c in pool if c not in mine]
            hands[(leader + k) % players] = [played[k]] + mine
        if any(len(h) != size for h in hands.values()):
            continue
        state = games.position("clabber", hands={s: " ".join(map(str, h)) for s, h in
                                                 hands.items()},
                               trump=_suit(trump).value, leader=leader,
                               dealer=(leader - 1) % players, players=players)
        try:
            for card in cards:
                state.apply(f"play {card}")
        except TutorError:
            continue
        return state
    raise TutorError(f"the trick {' '.join(cards)} cannot be played under these rules")


def trick_picture(trump, leader: int, cards: Sequence[str]) -> render.Trick:
    """The trick as a picture with its winner marked (decided by the game's trick rules)."""
    state = trick(trump, leader, cards)
    _, plays, winner = state.tricks[-1]
    return render.Trick(plays, winner=winner, seat_name=state.seat_name)


def who_wins(trump, leader: int, cards: Sequence[str], lesson, id: str) -> WhoWins:
    """A *who takes this trick?* exercise on the given trick."""
    return WhoWins(trick(trump, leader, cards), lesson=lesson, id=id)


def partners(state) -> Lines:
    """Who plays with whom at this table, in words."""
    lines = []
    for seat in range(state.players):
        mates = [state.seat_name(s) for s in state.members(state.side_of(seat)) if s != seat]
        lines.append(f"{state.seat_name(seat)} plays with {' and '.join(mates) or 'nobody'}")
    return Lines(lines)


def points_table(trump="S", plain="H") -> Lines:
    """The card points of the trump suit and of a plain suit, highest card first."""
    trump = _suit(trump)
    rows = [("Trumps", clabber.trump_order(trump)), ("A plain suit", clabber.plain_order(plain, trump))]
    return Lines([f"{name}: " + ",  ".join(f"{c.symbol} {clabber.card_points(c, trump)}" for c in cards)
                  for name, cards in rows],
                 title=f"Card points ({SUIT_WORDS[trump]} trumps)")


def pack_points(trump="S") -> Lines:
    """How the 162 points of a hand add up: the trump suit, each plain suit, the last trick."""
    trump = _suit(trump)
    trumps = sum(clabber.card_points(c, trump) for c in clabber.trump_order(trump))
    plain = [s for s in Suit if s is not trump][0]
    one_plain = sum(clabber.card_points(c, trump) for c in clabber.plain_order(plain, trump))
    cards = sum(clabber.card_points(c, trump) for c in PACK)
    return Lines([f"The trump suit: {trumps} points",
                  f"Each plain suit: {one_plain} points (three of them: {3 * one_plain})",
                  f"All 24 cards: {cards} points",
                  f"With the {clabber.LAST_TRICK_BONUS} for the last trick: "
                  f"{cards + clabber.LAST_TRICK_BONUS} points"])


def play_out(state, until=None):
    """Four (or ``state.players``) computer players play ``state`` on, by the basic rules of
    thumb, to the end of the hand or until ``until(state)`` holds. Returns the state."""
    players = {seat: bots.make("basic", seat, seed=seat) for seat in range(state.players)}
    while not state.is_over and not (until and until(state)):
        state.apply(players[state.to_move].choose(state.view(state.to_move)))
    return state


def _side_words(state, side) -> str:
    return " and ".join(_seat(state, s) for s in state.members(side))


def points_won(state) -> Lines:
    """The card points each side won in a finished hand, and their sum."""
    won = state.card_points_by_side()
    lines = [f"{_side_words(state, side)[0].upper()}{_side_words(state, side)[1:]} won {points} "
             f"card points" for side, points in won.items()]
    return Lines(lines + [f"Together: {sum(won.values())}"])


# --------------------------------------------------------------------------- lesson 2
def deal_picture(state, title: str | None = None, marks: bool = True) -> "DealPicture":
    """Every hand of a fresh deal face up; with ``marks`` also the dealer, eldest, the cutter
    and the face-up card (words taught in Lesson 2)."""
    return DealPicture(state, title, marks)


class DealPicture:
    """A whole deal face up (see :func:`deal_picture`)."""

    def __init__(self, state, title=None, marks=True):
        self.state = state
        self.title = title or "The deal, every hand face up"
        self.marks = marks

    def _rows(self):
        state = self.state
        for seat in range(state.players):
            marks = []
            if not self.marks:
                yield seat, state.hands[seat], ""
                continue
            if seat == state.dealer:
                marks.append("dealer")
            if seat == state.eldest:
                marks.append("eldest")
            if seat == state.cutter and state.players > 2:
                marks.append("cut the pack")
            yield seat, state.hands[seat], ", ".join(marks)

    def __repr__(self) -> str:
        state = self.state
        lines = [self.title]
        for seat, cards, marks in self._rows():
            lines.append(f"{_Seat(state, seat)}: {_cards(cards)}" + (f" ({marks})" if marks else ""))
        if self.marks:
            lines.append(f"Face-up card: {state.upcard.symbol}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        state = self.state
        rows = [f"<tr><td class='tt-seat'>{html.escape(_Seat(state, seat))}</td>"
                f"<td>{render.cards_html(cards, highlight=[state.upcard] if seat == state.dealer else [])}"
                f"</td><td class='tt-note'>{html.escape(marks)}</td></tr>"
                for seat, cards, marks in self._rows()]
        if self.marks:
            rows.append(f"<tr><td class='tt-seat'>Face-up card</td><td>{render.card_html(state.upcard)}"
                        f"</td><td class='tt-note'>the dealer's last card, dealt face up</td></tr>")
        return (f"{render.STYLE}<div class='tt-note'><b>{html.escape(self.title)}</b></div>"
                f"<table class='tt-table'>{''.join(rows)}</table>")


def seating_deal(match) -> Lines:
    """How the first dealer and the partnerships of a match were chosen: each card dealt face
    up to each chair, then where each chair sits."""
    names = match.current.seat_name
    lines = [f"Chair {chair + 1} gets {card.symbol}" for chair, card in match.seating_deal]
    moves = [f"chair {chair + 1} sits {names(seat)}" for chair, seat in enumerate(match.seating)]
    lines.append("So " + ", ".join(moves) + f"; {names(match.current.dealer)} deals first.")
    return Lines(lines, title="Dealing for the first dealer")


def first_dealer_chair(cards: str) -> str:
    """``"chair N"``: who deals first when ``cards`` are dealt face up from chair 1 (rules 3)."""
    seats, _ = clabber.choose_seating(parse_cards(cards))
    return f"chair {seats.index(0) + 1}"


def shuffled_pack(seed: int) -> list[Card]:
    """The 24 cards shuffled from ``seed`` (before the cut)."""
    import random
    cards = list(PACK)
    random.Random(seed).shuffle(cards)
    return cards


def cut_refused(cards, at: int) -> Lines:
    """The game's answer to a cut that leaves fewer than four cards in a part."""
    try:
        clabber.cut(cards, at)
    except TutorError as why:
        return Lines([f"Lifting {at} cards is refused: {why}"])
    return Lines([f"Lifting {at} cards is allowed"])  # pragma: no cover - lessons show refusals


def next_dealers(match, hands: int = 3) -> Lines:
    """Plays ``hands`` hands of a match by computer players and says who dealt each."""
    lines = []
    for number in range(1, hands + 1):
        state = match.current
        lines.append(f"Hand {number}: {state.seat_name(state.dealer)} deals, "
                     f"{state.seat_name(state.eldest)} is eldest, "
                     f"{state.seat_name(state.cutter)} cuts")
        play_out(state)
        if number < hands and not match.is_over:
            match.next_hand()
    return Lines(lines)


def bidding_sequence(state, actions: Sequence[str]) -> Lines:
    """Applies bidding actions to ``state`` and tells each one in words, with what follows."""
    lines = []
    for action in actions:
        seat = state.to_move
        allowed = [str(a) for a in state.legal_actions()]
        state.apply(action)
        you = seat == 0
        said = {"pass": "pass" if you else "passes",
                "accept": "accept" if you else "accepts"}.get(action)
        if said is None:
            said = f"{'name' if you else 'names'} {SUIT_WORDS[_suit(action.split()[-1])]}"
        if action != "pass":
            said += ': "I play"'

        if allowed == ["pass"]:
            said += " (he holds no card of the suit, so he may only pass)"
        lines.append(f"{_Seat(state, seat)} {said}")
    if state.trump is not None:
        lines.append(f"Trumps: {SUIT_WORDS[state.trump]} · maker: {_seat(state, state.maker)} · "
                     f"first to lead: {_seat(state, state.to_move)}")
    return Lines(lines)


def bidding_position(hands: Mapping, up: str, dealer: int = 3, passes: int = 0):
    """A deal in which the given seats hold the given cards (the dealer's list ends with the
    face-up card ``up``), after ``passes`` passes. Returns the state."""
    state = games.new_hand("clabber", dealer=dealer,
                           deck=clabber.deck_for(hands, dealer=dealer, up=up))
    for _ in range(passes):
        state.apply("pass")
    return state


def may_say_words(state) -> str:
    """``"only pass"``, ``"accept or pass"``, ``"only accept"``: what the player to move may say
    in round 1."""
    said = {str(a) for a in state.legal_actions()}
    if said == {"pass"}:
        return "only pass"
    return "accept or pass" if "pass" in said else "only accept"


def callable_suits(state) -> str:
    """The suits the player to move may name in round 2, as ``"♥ or ♠"``."""
    return " or ".join(a.suit.symbol for a in state.legal_actions() if getattr(a, "suit", None))


def result_words(state) -> Lines:
    """The result of a hand in words (also a hand thrown in)."""
    text = str(state.result())
    return Lines([text[:1].upper() + text[1:]])


def cut_picture(cards, at: int) -> Lines:
    """A cut of the pack ``cards`` (top first) after ``at`` cards: the two parts, and the pack
    as it is dealt (the game's own cut)."""
    cards = parse_cards(cards) if isinstance(cards, str) else list(cards)
    after = clabber.cut(cards, at)
    return Lines([f"Top part, lifted off ({at} cards): {_cards(cards[:at])}",
                  f"Bottom part ({len(cards) - at} cards): {_cards(cards[at:])}",
                  f"After the cut the bottom part is on top; the deal starts with "
                  f"{_cards(after[:4])} …"], title="The cut")


def may_say(state, seat: int | None = None) -> Lines:
    """What the player to move may say (or play), in words, and who holds the suit proposed."""
    seat = state.to_move if seat is None else seat
    options = ", ".join(button("clabber", a) for a in state.legal_actions())
    return Lines([f"{_Seat(state, seat)} may: {options}"])


def holds_suit_lines(state) -> Lines:
    """Round 1: which players hold a card of the face-up suit (and so may accept)."""
    suit = state.upcard.suit
    lines = []
    for seat in range(state.players):
        holds = any(c.suit is suit for c in state.hands[seat])
        verb = "hold" if seat == 0 else "holds"
        lines.append(f"{_Seat(state, seat)} {verb} {'' if holds else 'no '}{SUIT_WORDS[suit]}")
    return Lines(lines)


def refusals(state, actions: Sequence[str]) -> Lines:
    """Tries each action on the state; says the game's reason for every one it refuses (the
    state stays as it was)."""
    lines = []
    for action in actions:
        try:
            state.apply(action)
        except TutorError as why:
            lines.append(f"Refused: {why}")
        else:  # pragma: no cover - a lesson shows refusals only
            state.undo()
            lines.append(f"{action}: allowed")
    return Lines(lines)


# --------------------------------------------------------------------------- lesson 4
def position(trump, leader: int, hands: Mapping, trick: str = "", **options):
    """A play position for an exercise: ``hands`` by seat, ``trick`` the cards already played
    to the current trick from ``leader`` (a string such as ``"KD 9D AD"``)."""
    return games.position("clabber", hands=hands, trump=_suit(trump).value, leader=leader,
                          trick=trick.split(), **options)


def may_play(state) -> Lines:
    """The cards the player to move may play, in words."""
    return Lines([f"{_Seat(state, state.to_move)} may play: "
                  + ", ".join(button("clabber", a) for a in state.legal_actions())])


# --------------------------------------------------------------------------- melds
def melds_in(cards, trump, **options) -> Lines:
    """The melds a hand declares (the best declaration: no card in two melds) with their points;
    with ``all=True`` also every meld it holds before that choice."""
    hand = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
    show_all = options.pop("all", False)
    decl = best_declaration(hand, trump=_suit(trump), **options)
    lines = []
    if show_all:
        lines.append("Melds held: " + (", ".join(m.text() for m in find_melds(hand)) or "none"))
    lines.append("Melds declared: " + (", ".join(f"{m.text()} ({m.points})" for m in decl) or "none"))
    if len(decl) > 1:
        lines.append(f"Together: {sum(m.points for m in decl)} points")
    return Lines(lines, title=f"{_cards(hand)} ({SUIT_WORDS[_suit(trump)]} trumps)")


def meld_total(cards, trump, **options) -> int:
    """The points of a hand's declared melds (no card in two melds)."""
    hand = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
    return sum(m.points for m in best_declaration(hand, trump=_suit(trump), **options))


def melds_words(cards, trump) -> str:
    """The declared melds of a hand in words: ``"a dad in hearts"``, ``"four queens"``, ``"none"``."""
    hand = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
    words = [f"a {m.name} in {SUIT_WORDS[m.suit]}" if m.is_sequence else m.name
             for m in best_declaration(hand, trump=_suit(trump))]
    return " and ".join(words) or "none"


def meld_ladder(evansville: bool = False) -> Lines:
    """Every meld of the four-player game, highest first, with its points."""
    kinds = [k for k in MELD_TYPES if k != "six_run"]
    kinds.sort(key=lambda k: category_rank(k, evansville), reverse=True)
    return Lines([f"{n}. {MELD_NAMES[k]}: {MELD_POINTS[k]}" for n, k in enumerate(kinds, 1)],
                 title="The melds, highest first" + (" (Evansville ranking)" if evansville else ""))


def meld_contest(yours, theirs, trump, evansville: bool = False) -> Lines:
    """Your meld against theirs (each the best declaration of the cards given): who scores."""
    trump = _suit(trump)
    mine = best_declaration(parse_cards(yours), trump=trump)[0]
    other = best_declaration(parse_cards(theirs), trump=trump)[0]
    winner, _ = compare_sides({"you": [(0, mine)], "they": [(1, other)]}, trump=trump,
                              evansville=evansville)
    who = {"you": "your side scores the melds", "they": "their side scores the melds",
           None: "nobody scores melds"}[winner]
    return Lines([f"Yours: {mine.text()} · theirs: {other.text()} → {who}"])


def meld_winner_of(yours, theirs, trump, evansville: bool = False) -> str:
    """``"you"``, ``"they"`` or ``"nobody"``: who scores melds when these two meet."""
    trump = _suit(trump)
    mine = best_declaration(parse_cards(yours), trump=trump)[0]
    other = best_declaration(parse_cards(theirs), trump=trump)[0]
    winner, _ = compare_sides({"you": [(0, mine)], "they": [(1, other)]}, trump=trump,
                              evansville=evansville)
    return winner or "nobody"


def first_trick_deal():
    """Rules EX-43: South deals, West accepts spades; the first trick is played (West, North and
    East each announce a dad). Returns the state after trick 1."""
    state = games.new_hand("clabber", dealer=0, deck="JS AC AS 9H 9S KC KS AD AH QC QS QD KH JH TH "
                                                     "JC QH TD JD TC 9D KD 9C TS")
    state.apply("accept")
    for card in ["JS", "JH", "QS", "TS"]:
        state.apply(f"play {card}")
    return state


def play_cards(state, cards: Sequence[str]):
    """Plays the given cards in turn (each must be allowed). Returns the state."""
    for card in cards:
        state.apply(f"play {card}")
    return state


def announcements(state) -> Lines:
    """What each player announced before his first card (kinds only)."""
    lines = []
    for seat in range(state.players):
        said = state.announced[seat]
        if said is None:
            continue
        lines.append(f"{_Seat(state, seat)} announced " + (", ".join(m.name for m in said) or "nothing"))
    return Lines(lines, title="The announcements of the first trick")


def statements(state) -> Lines:
    """The statements after trick 1 (how high, then whether in trumps) and who won the melds."""
    lines = []
    for event in state.events:
        if event[0] == "top":
            lines.append(f"{_Seat(state, event[1])} says: to the {_RANK_NOUN[event[2]]}")
        elif event[0] == "trumps":
            lines.append(f"{_Seat(state, event[1])} says: {'in trumps' if event[2] else 'not in trumps'}")
    if state.melds_resolved:
        lines.append("The melds go to: " + (_side_words(state, state.meld_winner)
                                            if state.meld_winner is not None else "nobody"))
    return Lines(lines, title="After the first trick")


def shows(state) -> Lines:
    """The melds shown before trick 2 so far, and the bell if it has been announced."""
    lines = []
    for event in state.events:
        if event[0] == "show":
            shown = sorted(event[2], key=lambda c: -SEQUENCE_RANK[c.rank])
            lines.append(f"{_Seat(state, event[1])} shows {_cards(shown)}")
        elif event[0] == "bell":
            lines.append(f"{_Seat(state, event[1])} announces the bell")
    return Lines(lines or ["Nothing shown yet"])


def meld_scores(state) -> Lines:
    """Each side's points for melds and bell in a hand."""
    return Lines([f"{_side_words(state, side)[0].upper()}{_side_words(state, side)[1:]}: {points} "
                  f"for melds and bell" for side, points in state.meld_points().items()])


def bell_hand():
    """South holds K♥ Q♥ J♥ (a dad and the bell), West a fifty in clubs; East deals, South
    accepts hearts and the computer plays the hand out. Returns the finished hand."""
    deck_ = clabber.deck_for({0: "TS KH QH JH KD TD", 1: "KS AH KC QC JC TC", 2: "AS JS QD 9D AC 9C",
                              3: "QS 9S TH 9H AD JD"}, dealer=3, up="TH")
    state = games.new_hand("clabber", deck=deck_, dealer=3)
    state.apply("accept")
    return play_out(state)


def dad_n_bell_hand():
    """South holds K♥ Q♥ J♥ and nobody holds a better meld (rules EX-28); North deals, East
    passes, South accepts hearts; played out. Returns the finished hand."""
    deck_ = clabber.deck_for({0: "KH QH JH 9D QC 9C", 1: "QS AH 9H JD KC JC", 2: "KS JS TH AD KD TC",
                              3: "AS TS 9S QD TD AC"}, dealer=2, up="TH")
    state = games.new_hand("clabber", deck=deck_, dealer=2)
    state.apply("pass")
    state.apply("accept")
    return play_out(state)


def bell_cards_fell(state) -> Lines:
    """Where the bell's two cards went in a finished hand, and what the bell still scored."""
    trump = state.trump
    bell = {Card(Rank.KING, trump), Card(Rank.QUEEN, trump)}
    lines = []
    for _, plays, winner in state.tricks:
        for seat, card in plays:
            if seat == state.bell_holder and card in bell:
                owner = "Your" if seat == 0 else f"{state.seat_name(seat)}'s"
                lines.append(f"{owner} {card.symbol} fell in a trick won by "
                             f"{_seat(state, winner)}")
    side = state.side_of(state.bell_holder)
    lines.append(f"{_side_words(state, side)[0].upper()}{_side_words(state, side)[1:]} still score "
                 f"{BELL_POINTS} for the bell")
    return Lines(lines)


# --------------------------------------------------------------------------- scoring
def score_line(makers: int, defenders: int) -> Lines:
    """What the makers and the defenders write down for these totals (cards, melds and bell)."""
    points, marks, made = clabber.score_totals({"makers": makers, "defenders": defenders}, "makers")
    verdict = "made: each side writes its own total" if made else "set: the makers write XX"
    return Lines([f"Makers {makers}, defenders {defenders} → {verdict}. On the sheet: makers "
                  f"{marks['makers']}, defenders {marks['defenders']}"])


def makers_write(makers: int, defenders: int) -> str:
    """What the makers write for these totals: their total, or ``"0 (XX)"`` when set."""
    points, _, made = clabber.score_totals({"makers": makers, "defenders": defenders}, "makers")
    return str(points["makers"]) if made else "0 (XX)"


def game_end_words(you: int, they: int) -> str:
    """``"you win"``, ``"they win"``, ``"a draw"`` or ``"play on"`` for these scores."""
    winner = clabber.game_winner({"you": you, "they": they})
    return {None: "play on", "draw": "a draw"}.get(winner, f"{winner} win")


def result_lines(state) -> Lines:
    """The result of a finished hand in words (each side's total and whether it was made)."""
    return Lines(state.result().reasons)


def last_trick_line(state) -> Lines:
    """Who won the last trick of a finished hand and what it brought."""
    _, plays, winner = state.tricks[-1]
    cards = sum(clabber.card_points(card, state.trump) for _, card in plays)
    return Lines([f"{_Seat(state, winner)} won the last trick: {cards} in its cards + "
                  f"{clabber.LAST_TRICK_BONUS} for the last trick = {cards + clabber.LAST_TRICK_BONUS}"])


def game_end_lines(scores: Sequence[tuple[int, int]]) -> Lines:
    """For each (you, they) score after a hand: whether the game is over and who won."""
    lines = []
    for you, they in scores:
        winner = clabber.game_winner({"you": you, "they": they})
        said = {None: "nobody has 500 yet: play on", "draw": "a draw"}.get(winner, f"{winner} win")
        lines.append(f"{you} to {they}: {said}")
    return Lines(lines)


def whole_game(seed: int, dealer: int = 0):
    """A whole game to 500 played by four computer players. Returns the finished match."""
    match = games.new_match("clabber", seed=seed, dealer=dealer)
    while not match.is_over:
        play_out(match.current)
        if not match.is_over:
            match.next_hand()
    return match


# --------------------------------------------------------------------------- strategy
def count_lines(state) -> Lines:
    """Card points taken by each side so far, and the points still to be won."""
    won = state.card_points_by_side()
    out = sum(clabber.card_points(card, state.trump) for hand in state.hands for card in hand)
    lines = [f"{_side_words(state, side)[0].upper()}{_side_words(state, side)[1:]} have taken "
             f"{points}" for side, points in won.items()]
    lines.append(f"Still in the players' hands: {out}, + {clabber.LAST_TRICK_BONUS} for the last "
                 f"trick = {out + clabber.LAST_TRICK_BONUS} still to be won")
    lines.append(f"Check: {' + '.join(str(p) for p in won.values())} + "
                 f"{out + clabber.LAST_TRICK_BONUS} = {sum(won.values()) + out + clabber.LAST_TRICK_BONUS}")
    return Lines(lines, title=f"After {len(state.tricks)} tricks")


def target_lines(cases: Sequence[tuple[str, int, int]]) -> Lines:
    """For each (situation, makers' melds and bell, defenders' melds and bell): the fewest card
    points with which the makers still make the hand."""
    return Lines([f"{what}: {clabber.card_points_to_make(maker_melds=m, defender_melds=d)} card points"
                  for what, m, d in cases], title="Card points the makers need")


def card_points_to_make(maker_melds: int = 0, defender_melds: int = 0) -> int:
    """The fewest card points with which four-player makers make the hand (see the game)."""
    return clabber.card_points_to_make(maker_melds=maker_melds, defender_melds=defender_melds)


def best_lead_kind(state) -> str:
    """``"a small trump"`` when the best lead (every card known) is a trump, else
    ``"your plain ace"``: the answer of the forcing exercise."""
    values = solver.solve(state).moves
    best = max(values, key=values.get)
    return "a small trump" if best.card.suit is state.trump else "your plain ace"


def lead_values(state) -> Lines:
    """Each possible lead of the player to move, with the points his side then takes against
    the best defence (every card known)."""
    values = solver.solve(state).moves
    out = sum(clabber.card_points(c, state.trump) for h in state.hands for c in h) + clabber.LAST_TRICK_BONUS
    side = _side_words(state, state.side_of(state.to_move))
    return Lines([f"Lead {button('clabber', a)}: {side} take {v} of the {out} points still to be won"
                  for a, v in sorted(values.items(), key=lambda item: -item[1])])


# --------------------------------------------------------------------------- puzzles
def puzzle_set(theme: str, count: int = 3, skip: int = 0) -> PuzzleBoard:
    """A puzzle board with ``count`` shipped Clabber puzzles on ``theme``, easiest first
    (``skip`` leaves out the first few, for a second set on the same theme)."""
    chosen = sorted(puzzles.shipped("clabber", theme=theme), key=lambda p: (p.level, p.id))
    return PuzzleBoard(chosen[skip:skip + count])


# --------------------------------------------------------------------------- other tables
def seats_and_cards(state) -> Lines:
    """For each seat: how many cards it holds and who plays with it."""
    lines = []
    for seat in range(state.players):
        mates = [state.seat_name(s) for s in state.members(state.side_of(seat)) if s != seat]
        lines.append(f"{state.seat_name(seat)}: {len(state.hands[seat])} cards, "
                     + (f"plays with {' and '.join(mates)}" if mates else "plays alone"))
    return Lines(lines)


def three_player_score(maker: int, first: int, second: int) -> Lines:
    """Three players: what the maker and the two opponents write for these totals."""
    _, marks, made = clabber.score_totals({"maker": maker, "A": first, "B": second}, "maker")
    return Lines([f"Maker {maker}, opponents {first} and {second} → "
                  + ("made" if made else "set") + f": the maker writes {marks['maker']}, the "
                  f"opponents {marks['A']} and {marks['B']}"])


def maker_writes_three(maker: int, first: int, second: int) -> str:
    """Three players: ``"70"`` or ``"0 (XX)"``, what the maker records."""
    points, _, made = clabber.score_totals({"maker": maker, "A": first, "B": second}, "maker")
    return str(points["maker"]) if made else "0 (XX)"


def two_player_lines(state) -> Lines:
    """Two players, before the bidding: the cards each sees and holds back, and the dead hand."""
    return Lines([f"Each player sees {len(state.hands[0])} cards and holds {len(state.held_back[0])} "
                  f"more face down, picked up after the bidding",
                  f"Dead hand: {len(state.dead)} cards; its top card, the {state.upcard.symbol}, is "
                  f"turned face up to propose trumps"])


def two_player_played(state) -> Lines:
    """A two-player hand played out: the tricks and the card points in play."""
    play_out(state)
    return Lines([f"Tricks played: {len(state.tricks)}",
                  f"Card points won, the last trick included: {sum(state.card_points_by_side().values())}"
                  f" (the dead hand's cards are out of play)"])


def packet_hands(cards: str, dealer: int, packets: Sequence[int]) -> Lines:
    """The learner's hand from the same pack dealt one at a time or in packets."""
    lines = []
    for packet in packets:
        dealt = games.new_hand("clabber", deck=cards, dealer=dealer, deal_packet_size=packet)
        how = "one at a time" if packet == 1 else f"in packets of {packet}"
        lines.append(f"Dealt {how}: you get {_cards(dealt.hands[0])}")
    return Lines(lines)


def six_card_suit(cards: str, trump) -> Lines:
    """A whole suit as a meld in the standard game and at Wadesville."""
    hand = parse_cards(cards)
    lines = []
    for six, name in ((False, "Standard game"), (True, "Wadesville")):
        decl = best_declaration(hand, trump=_suit(trump), six_sequence=six)
        lines.append(f"{name}: " + ", ".join(f"{m.name} ({m.points})" for m in decl))
    return Lines(lines)


def standard_hand(cards: str, dealer: int, actions: Sequence[str]):
    """A hand dealt from ``cards`` at the course's standard table, after the given actions."""
    state = games.new_hand("clabber", deck=cards, dealer=dealer)
    for action in actions:
        state.apply(action)
    return state


def strict_hand(cards: str, dealer: int, actions: Sequence[str]):
    """A hand at a strict table (a wrong card is accepted, and called at the end of the trick)
    after the given actions. Returns the state."""
    state = games.new_hand("clabber", deck=cards, dealer=dealer, rules={"renege_policy": "penalize"})
    for action in actions:
        state.apply(action)
    return state


def allowed_lines(state) -> Lines:
    """The player to move's cards, and those the rules allow him."""
    seat = state.to_move
    lawful = ", ".join(button("clabber", a) for a in state.lawful_actions())
    return Lines([f"{_Seat(state, seat)} holds {_cards(state.hands[seat])}",
                  f"The rules allow: {lawful}"])
