"""What the Raub lessons share: the worked deals they return to, and pictures and sentences
that say what the cards show, so that a lesson's code cell stays one or two lines.

    from tutor.lessons import raub as course
    hand = course.example("declared")      # the rules' first worked example, North has declared
    course.declarer(hand)                  # "North is the declarer: ♥ is trump, he needs 2 ..."

Nothing here decides a rule: legality, winners, scores and refas come from
:mod:`tutor.games.raub`; these helpers only set up deals and put the engine's answers in words.
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Iterable, Sequence

from .. import bots, games, solver
from ..cards import Card, parse_card
from ..errors import IllegalAction
from ..games import raub
from ..render import STYLE, trick_html
from ..widgets import words
from ..widgets.exercises import action_words

__all__ = ["Note", "Tricks", "EXAMPLE_PACK", "pack", "example", "played_example", "deal", "symbols",
           "names", "choices", "refusal", "declarer", "in_and_out", "tricks", "score_changes",
           "scores_after", "table_cards", "how_it_ended", "hands_after_deal", "nobody_has_looked",
           "face_up_place", "stock_sizes", "draws_seen", "hand_of", "play_a_game", "game_over",
           "settlement", "best_leads", "puzzles", "multiplied"]

# Rules §23, example 1, top of the pack first: with South dealing, West is elder (A),
# North is B (who declares), East is C.
EXAMPLE_PACK = ("AS 9S QH 7H AH JC TS JD KH 8D 7C TD 8S 9C 8C 7D QC 9H KS TC 8H JS 7S QS TH JH 9D "
                "QD KD AD KC AC").split()
_EXAMPLE_STEPS = {
    "dealt": ["deal"],
    "looked": ["deal", "look"],
    "declared": ["deal", "look", "pass", "declare"],
    "defended": ["deal", "look", "pass", "declare", "play", "drop", "play"],
    "west drew": ["deal", "look", "pass", "declare", "play", "drop", "play", "exchange 8D 7C"],
    "north drew": ["deal", "look", "pass", "declare", "play", "drop", "play", "exchange 8D 7C",
                   "exchange TD 8S"],
    "drawn": ["deal", "look", "pass", "declare", "play", "drop", "play", "exchange 8D 7C",
              "exchange TD 8S", "exchange JC 9C"],
    "played": ["deal", "look", "pass", "declare", "play", "drop", "play", "exchange 8D 7C",
               "exchange TD 8S", "exchange JC 9C",
               "play KH", "play AH", "play 9H", "play JS", "play AS", "play 7H",
               "play QH", "play 8H", "play 9S", "play TC", "play 8C", "play KS"],
}


# --------------------------------------------------------------------------- pictures
class Note:
    """A few sentences as a picture (and as plain text): what a cell shows, in words."""

    def __init__(self, lines: "str | Iterable[str]", title: str | None = None):
        self.lines = [lines] if isinstance(lines, str) else list(lines)
        self.title = title

    def __repr__(self) -> str:
        return "\n".join(([self.title] if self.title else []) + self.lines)

    def _repr_mimebundle_(self, include=None, exclude=None):
        head = f"<b>{html.escape(self.title)}</b>" if self.title else ""
        body = "".join(f"<div>{html.escape(line)}</div>" for line in self.lines)
        return {"text/html": f'{STYLE}<div class="tt-note tutor-note">{head}{body}</div>',
                "text/plain": repr(self)}


class Tricks:
    """Several tricks one under the other, each with its winner marked."""

    def __init__(self, state, title: str | None = None):
        self.state = state
        self.title = title
        self.rows = [(plays, winner) for _, plays, winner in state.tricks]

    def __repr__(self) -> str:
        name = self.state.seat_name
        lines = [f"Trick {i}: " + ", ".join(f"{name(s)} {c.symbol}" for s, c in plays)
                 + f" → {name(w)}" for i, (plays, w) in enumerate(self.rows, 1)]
        return "\n".join(([self.title] if self.title else []) + lines)

    def _repr_mimebundle_(self, include=None, exclude=None):
        name = self.state.seat_name
        head = f'<div class="tt-note"><b>{html.escape(self.title)}</b></div>' if self.title else ""
        body = "".join(f'<div class="tt-note">Trick {i}:</div>{trick_html(plays, name, w)}'
                       for i, (plays, w) in enumerate(self.rows, 1))
        return {"text/html": f"{STYLE}<div>{head}{body}</div>", "text/plain": repr(self)}


# --------------------------------------------------------------------------- words
def symbols(cards: Iterable) -> str:
    """Cards as the learner reads them: ``A♠ 9♠``."""
    return " ".join((parse_card(c) if isinstance(c, str) else c).symbol for c in cards)


def names(state, seats: Iterable[int]) -> str:
    """Seats in words: ``West, North and East``."""
    seats = [state.seat_name(s) for s in seats]
    if not seats:
        return "nobody"
    return seats[0] if len(seats) == 1 else ", ".join(seats[:-1]) + " and " + seats[-1]


def _or(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


# --------------------------------------------------------------------------- deals
def example(until: str = "declared"):
    """The rules' first worked example, South dealing, played up to ``until``: ``dealt``,
    ``looked``, ``declared`` (West passed, North declared), ``defended`` (East and West stay in,
    South drops), ``west drew``, ``north drew``, ``drawn`` or ``played`` (all four tricks)."""
    state = games.new_hand("raub", deck=EXAMPLE_PACK, dealer=0)
    for action in _EXAMPLE_STEPS[until]:
        state.apply(action)
    return state


def played_example():
    """The worked example played to its end."""
    return example("played")


def deal(hands, face_up, dealer: int = 0, stock=None, rules=None, scores=None, refas: int = 0,
         actions: Sequence[str] = ()):
    """A hand dealt so that each seat gets ``hands[seat]``, with ``face_up`` turned up and
    ``stock`` on top of the stock, then ``actions`` applied."""
    pack = raub.deck_for(hands, face_up=face_up, dealer=dealer, stock=stock)
    state = games.new_hand("raub", deck=pack, dealer=dealer, rules=rules, scores=scores, refas=refas)
    for action in actions:
        state.apply(action)
    return state


def pack():
    """The 32-card pack as a picture, highest card first in each suit."""
    from ..render import Hand
    return Hand(sorted(raub.PACK, reverse=True), title="The 32-card Raub pack, highest first in each suit")


def hands_after_deal(state) -> Note:
    """How many cards each player holds and how many are left in the stock."""
    sizes = {len(state.hands[s]) for s in range(state.players)}
    each = f"{sizes.pop()} cards each" if len(sizes) == 1 else "their cards"
    return Note(f"{names(state, range(state.players))} hold {each}; "
                f"{state.view(0).public['stock']} cards are left face down in the stock.")


def nobody_has_looked(state) -> Note:
    """What each player has seen of his own hand straight after the deal."""
    seen = [len(state.view(s).hand) for s in range(state.players)]
    up = parse_card(state.view(0).public["face_up"][0]).symbol
    if any(seen):
        return Note(f"The players have looked at their cards; the face-up card is the {up}.")
    return Note(f"Each player holds {len(state.hands[0])} cards face down and has seen none of "
                f"them. The only card anyone has seen is the face-up {up}.")


def face_up_place(pack: Sequence, state) -> Note:
    """Which card of the pack went face up, counted from the top."""
    up = parse_card(state.view(0).public["face_up"][0])
    place = list(pack).index(up) + 1
    return Note(f"Card number {place} from the top, the {up.symbol}, is the face-up card.")


def stock_sizes(counts: Sequence[int] = (2, 3, 4), seed: int = 1) -> Note:
    """The stock left after the deal with each number of players."""
    lines = []
    for players in counts:
        state = games.new_hand("raub", seed=seed, dealer=0, players=players)
        state.apply("deal")
        who = names(state, range(players))
        lines.append(f"{players} players ({who}): {state.view(0).public['stock']} cards in the stock.")
    return Note(lines)


def choices(state) -> Note:
    """What the player to move may do, in the table's own words."""
    options = [action_words(a, "raub") for a in state.legal_actions()]
    return Note(f"{state.seat_name(state.to_move)} may: {_or(options)}.")


def refusal(state, action: str) -> Note:
    """The engine's answer when ``action`` is tried now (on a copy: the state stays as it is)."""
    trial = state.copy()
    who = state.seat_name(state.to_move)
    try:
        trial.apply(action)
    except IllegalAction as why:
        return Note(f"Not allowed for {who}: {why}.")
    return Note(f"{who} may do that.")


def declarer(state) -> Note:
    """Who is declarer, on what trump, what he needs and his bonus card."""
    public = state.view(0).public
    d, need = public["declarer"], public["need"]
    kind = words.RAUB_KINDS[public["kind"]]
    trump = parse_card(public["bonus_card"]).suit if public["bonus_card"] else None
    trump_words = words.suit_words(state.trump or trump)
    bonus = (f", and the {parse_card(public['bonus_card']).symbol} is his bonus card"
             if public["bonus_card"] else "")
    return Note(f"{state.seat_name(d)} {kind} and is the declarer: {trump_words} are trump, "
                f"he needs {need} trick{'s' if need != 1 else ''}{bonus}.")


def in_and_out(state) -> Note:
    """Who is still in the hand and who dropped out."""
    public = state.view(0).public
    lines = [f"Still in the hand: {names(state, public['active'])}."]
    if public["dropped"]:
        lines.append(f"Dropped out (Idem): {names(state, public['dropped'])}.")
    return Note(lines)


def hand_of(state, seat: int, title: str | None = None):
    """One seat's cards as a picture."""
    from ..render import Hand
    return Hand(sorted(state.hands[seat], reverse=True),
                title=title or f"{state.seat_name(seat)} holds")


def draws_seen(state, viewer: int) -> Note:
    """What ``viewer`` knows of the others' exchanges: how many cards, never which."""
    public = state.view(viewer).public
    lines = []
    for seat, count in public["discarded"].items():
        seat = int(seat)
        if seat != viewer:
            drew = public["drew"][seat]
            lines.append(f"{state.seat_name(seat)} discarded {count} and drew {drew}.")
    lines.append(f"Cards left in the stock: {public['stock']}.")
    return Note(lines, title=f"What {state.seat_name(viewer)} knows about the others' draws")


def table_cards(state) -> Note:
    """The face-up cards after a turn: the proposed trump, the bonus card, the dead cards."""
    public = state.view(0).public
    lines = [f"Face-up cards, in order: {symbols(public['turned'])}."]
    if state.is_over:
        return Note(lines)
    bonus = parse_card(public["bonus_card"])
    lines.append(f"Trump is now {words.suit_words(bonus.suit)}; the {bonus.symbol} is the bonus card.")
    if public["dead"]:
        lines.append(f"Dead (visible, but out of the hand): {symbols(public['dead'])}.")
    return Note(lines)


def how_it_ended(state) -> Note:
    """A hand that ended without play: how, and what it left behind (refas)."""
    result = state.result()
    lines = [words.reason_words("raub", r).replace(": throw-in", ": the hand is thrown in")
             for r in result.reasons if not r.startswith("one refa")]
    lines = [line[:1].upper() + line[1:] + "." for line in lines]
    added, after = result.details["refas_added"], result.details["refas_after"]
    if not state.scored:
        lines.append("Nobody's score changes.")
        if added:
            lines.append(f"One refa is added ({after} pending): the next hand that is scored "
                         "counts double.")
        else:
            lines.append(f"No refa is added ({after} pending).")
    return Note(lines)


# --------------------------------------------------------------------------- small set-ups
_ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth",
             7: "seventh", 8: "eighth", 9: "ninth", 10: "tenth", 11: "eleventh", 12: "twelfth"}
# lesson 2's deal: South deals; only the face-up card changes between its two versions
_BLIND_HANDS = {0: "AS KS 7D 8D", 1: "QH JH 9C 8C", 2: "TS 9S TH 9H", 3: "AC KC QC JC"}


def after(state, *actions: str):
    """A copy of ``state`` with ``actions`` applied (the original stays as it is)."""
    state = state.copy()
    for action in actions:
        state.apply(action)
    return state


def may(state, verb: str) -> bool:
    """Whether the player to move may now take an action of this kind (``"stih"``, ``"turn"``)."""
    return any(a.verb == verb for a in state.legal_actions())


def dealer_and_elder(state) -> Note:
    public = state.view(0).public
    return Note(f"{state.seat_name(public['dealer'])} deals, so "
                f"{state.seat_name(public['elder'])}, on his left, is elder.")


def elder_when(dealer_name: str, players: int = 4) -> str:
    """The name of elder when the seat called ``dealer_name`` deals."""
    probe = games.new_hand("raub", seed=0, dealer=0, players=players)
    dealer = [probe.seat_name(s) for s in range(players)].index(dealer_name)
    state = games.new_hand("raub", seed=0, dealer=dealer, players=players)
    return state.seat_name(state.view(0).public["elder"])


def blind_example_pack(face_up: str) -> list:
    """Lesson 2's pack, South dealing to four, with ``face_up`` turned up."""
    return raub.deck_for(_BLIND_HANDS, face_up=face_up, dealer=0)


def deal_from(pack, dealer: int = 0, **options):
    """A hand dealt from ``pack`` (top first)."""
    state = games.new_hand("raub", deck=list(pack), dealer=dealer, **options)
    state.apply("deal")
    return state


def face_up_position(pack, dealer: int = 0) -> str:
    """Which card of ``pack`` the deal turns face up, as ``"The ninth card"``."""
    state = deal_from(pack, dealer)
    up = parse_card(state.view(0).public["face_up"][0])
    return f"The {_ORDINALS.get(list(pack).index(up) + 1, 'last')} card"


def stih_last_trick():
    """The last trick of a Stih hand (clubs trump, North dropped): South, the declarer, has no
    trick yet and wins this one with the A♥."""
    last = raub.position(hands={0: "AH", 1: "KH", 3: "8H"}, trump="C", declarer=0, kind="stih",
                         leader=1, tricks_won={0: 0, 1: 2, 3: 1})
    for card in ("KH", "8H", "AH"):
        last.apply(f"play {card}")
    return last


_BIDDING_HANDS = {0: "AH KH 7D 8C", 1: "QH JH 9C 8H", 2: "TS 7S TH 9H", 3: "AC KC QC JC"}


def bidding_example(face_up: str = "9S", stock: str = "JS 8D"):
    """Lessons 3 and 4's hand: South deals, the 9♠ is face up, the dealer has looked; the stock
    starts J♠ 8♦ (a turn gives a new trump at the second card)."""
    return deal(_BIDDING_HANDS, face_up=face_up, stock=stock, actions=("deal", "look"))


def three_of_a_suit_ends(face_up: str, second: str, third: str) -> bool:
    """Whether the hand is over when everybody passes and the dealer turns ``second`` and
    ``third`` after ``face_up``."""
    state = after(bidding_example(face_up, f"{second} {third}"), "pass", "pass", "pass", "turn")
    return state.is_over


def bonus_card_words(state) -> str:
    """The bonus card as ``The 8♦``."""
    return f"The {parse_card(state.view(0).public['bonus_card']).symbol}"


def refa_added(state) -> bool:
    """Whether a finished hand added a refa."""
    return state.result().details["refas_added"] > 0


def bidding_so_far(state) -> Note:
    """The bids made so far, in order, and whether the bidding is over."""
    public = state.view(0).public
    bids = [(int(seat), call) for seat, call in public["calls"]
            if call.split()[0] in ("declare", "pass", "turn")]
    lines = [words.sentence("raub", state.seat_name(seat), state.parse_action(call)) + "."
             for seat, call in bids]
    if public["declarer"] is not None:
        d, n = public["declarer"], state.players
        silent = sorted((s for s in range(n) if s not in {seat for seat, _ in bids} and s != d),
                        key=lambda s: (s - d) % n)
        if silent:
            lines.append(f"The bidding is over: {names(state, silent)} "
                         f"{'was' if len(silent) == 1 else 'were'} never asked.")
    return Note(lines, title="The bidding")


# --------------------------------------------------------------------------- tricks, scores
def tricks(state, title: str | None = None) -> Tricks:
    return Tricks(state, title)


_DECLARER_WORDS = {"ordinary": "the declarer", "raub": "the declarer after a blind Raub",
                   "stih": "the declarer after a Stih", "muss": "the declarer after Muss"}


def _tricks_words(n: int) -> str:
    return "no trick" if n == 0 else f"{n} trick{'s' if n != 1 else ''}"


def score_changes(state) -> Note:
    """Each player's score change for a finished hand, with the reason, in words."""
    result = state.result()
    if not state.scored:
        return how_it_ended(state)
    d, points = result.details, result.points
    name = state.seat_name
    lines = []
    if d["end"] == "all_dropped":
        lines.append(f"Everyone else dropped out: {name(d['declarer'])} is credited with all "
                     "four tricks.")
    if d["multiplier"] > 1:
        lines.append(f"A refa was pending: every change is multiplied by {d['multiplier']}.")
    won = d["tricks"]
    dec = d["declarer"]
    lines.append(f"{name(dec)}, {_DECLARER_WORDS[d['kind']]}, needed {d['need']} and took "
                 f"{_tricks_words(won[dec])}: {words.signed(points[dec])}.")
    for seat in range(state.players):
        if seat in d["dropped"]:
            lines.append(f"{name(seat)} dropped out: no change.")
        elif seat != dec:
            lines.append(f"{name(seat)} stayed in and took {_tricks_words(won[seat])}: "
                         f"{words.signed(points[seat])}.")
    return Note(lines, title="How the scores change")


def scores_after(state) -> Note:
    after = state.result().details["scores_after"]
    return Note("Scores after the hand: "
                + ", ".join(f"{state.seat_name(s)} {after[s]}" for s in range(state.players)) + ".")


def multiplied(state) -> Note:
    """How a refa changed a scored hand: the multiplier and the refas before and after."""
    d = state.result().details
    lines = [f"Refas pending before the hand: {d['refas_before']}; after it: {d['refas_after']}.",
             f"Every change in this hand is multiplied by {d['multiplier']}."]
    for seat, points in state.result().points.items():
        if points:
            lines.append(f"{state.seat_name(seat)}: {words.signed(points)} "
                         f"(instead of {words.signed(d['base'][seat])}).")
    return Note(lines)


# --------------------------------------------------------------------------- a whole game
def play_a_game(scores: Sequence[int], seed: int = 7, dealer: int = 0):
    """Four computer players finish a game begun at ``scores`` (South, West, North, East)."""
    from ..bots.duplicate import play_hand
    match = games.new_match("raub", seed=seed, dealer=dealer, scores=list(scores))
    players = {seat: bots.make("basic", seat=seat, seed=seat) for seat in range(4)}
    while not match.is_over:
        play_hand(match.current, players)
        if not match.is_over:
            match.next_hand()
    return match


def game_over(match) -> Note:
    """How a finished game ended: hands played, final scores, winners."""
    name = match.current.seat_name
    final = ", ".join(f"{name(s)} {v}" for s, v in match.scores.items())
    winners = names(match.current, match.winner)
    return Note([f"The game ended after {len(match.sheet)} hands.", f"Final scores: {final}.",
                 f"Winner{'s' if len(match.winner) > 1 else ''}: {winners}."])


def _amount(value) -> str:
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def settlement(amounts, seat_name=None) -> Note:
    """Who pays and who receives at the end of a game (amounts from the engine)."""
    name = seat_name or (lambda s: ("South", "West", "North", "East")[s])
    lines = [f"{name(s)} {'receives' if v > 0 else 'pays'} {_amount(abs(v))}."
             for s, v in amounts.items()]
    return Note(lines, title="Settling up")


# --------------------------------------------------------------------------- play well
def best_leads(position, seat: int = 0) -> Note:
    """Every lead of ``seat`` and the tricks it takes with best play by everyone, worked out by
    trying every way the cards can be played."""
    moves = solver.solve(position, hero=seat).moves
    name = position.seat_name(seat)
    return Note([f"{name} leads the {action.cards[0].symbol}: he takes {value} tricks."
                 for action, value in moves.items()],
                title="Every lead, with the best play of all four players afterwards")


def puzzles(*ids: str) -> list:
    """Puzzles of the shipped Raub collection, by id, in the order given."""
    from .. import puzzles as library
    collection = {p.id: p for p in library.shipped("raub")}
    return [collection[i] for i in ids]
