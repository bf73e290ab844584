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


# The lesson that teaches each kind of decision (the topics of tutor.games.raub.DECISION_TOPICS);
# a table in an earlier lesson makes that decision for the learner and says where it is taught.
TAUGHT_IN = {"blind call": 2, "bidding": 3, "defending": 5, "drawing": 6, "dealing": 8}


def not_yet(lesson: int) -> dict:
    """The ``decides=`` of a table in lesson ``lesson``: every decision taught later,
    mapped to the lesson that teaches it."""
    return {topic: f"lesson {n}" for topic, n in TAUGHT_IN.items() if n > lesson}


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
    pack = raub.deck_for(hands, face_up=face_up, dealer=dealer,
                         **({} if stock is None else {"stock": stock}))
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
        changed = {seat: pts for seat, pts in result.points.items() if pts}
        if not changed:
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


def minus(points: int) -> str:
    """A score change as printed in the lessons: ``+2``, ``−4`` (a real minus sign), ``0``."""
    return "0" if points == 0 else (f"+{points}" if points > 0 else f"−{-points}")


def score_change_words(state, who: "str | int") -> str:
    """One player's score change for a finished hand (``"declarer"`` or a seat), as ``−4``."""
    result = state.result()
    seat = result.details["declarer"] if who == "declarer" else who
    return minus(result.points[seat])


def next_to_decide(state, action: str) -> str:
    """Who acts after the player to move takes ``action``."""
    later = after(state, action)
    return later.seat_name(later.to_move) if later.to_move is not None else "Nobody"


def everyone_drops(refas: int = 0, rules=None):
    """The worked example's deal: West (elder) declares at once and everyone else drops
    (with ``refas`` pending before the hand)."""
    state = games.new_hand("raub", deck=EXAMPLE_PACK, dealer=0, refas=refas, rules=rules)
    for action in ("deal", "look", "declare", "drop", "drop", "drop"):
        state.apply(action)
    return state


def draw_order(state) -> Note:
    """The order in which the players still in will draw (each takes the smallest legal
    exchange on a copy, to see who comes next)."""
    probe = state.copy()
    order = []
    while probe.phase == "draw":
        order.append(probe.to_move)
        probe.apply(probe.legal_actions()[0])
    lines = [f"The draw goes: {names(state, order)}."]
    out = [s for s in range(state.players) if s not in order]
    if out:
        lines.append(f"{names(state, out)} dropped out and {'does' if len(out) == 1 else 'do'} "
                     "not draw.")
    return Note(lines)


_COUNT_WORDS = ("None", "One", "Two", "Three", "Four")


def defender_draw_words(discards: int) -> str:
    """How many cards a defender draws for ``discards`` cards thrown away (West, in the worked
    example), as a word."""
    state = example("defended")
    west = 1
    state.apply("exchange " + " ".join(str(c) for c in state.hands[west][:discards]))
    return _COUNT_WORDS[state.view(0).public["drew"][west]]


def cards_drawn(state, seat: int) -> int:
    """How many cards ``seat`` drew in this hand's draw."""
    return state.view(0).public["drew"][seat]


def after_the_draw(state) -> Note:
    """Everyone's hand size once the draw is over, the stock left and who leads."""
    public = state.view(0).public
    sizes = ", ".join(f"{state.seat_name(s)} {len(state.hands[s])}" for s in public["active"])
    return Note([f"Cards in hand: {sizes}.", f"Cards left in the stock: {public['stock']}.",
                 f"{state.seat_name(state.to_move)}, the declarer, leads to the first trick."])


def must_trump_example(rules=None):
    """Lesson 7's trick, spades trump: West, the declarer, won the first trick and leads the 9♦;
    North and East have no diamond, South has two."""
    state = raub.position(hands={1: "9D 7H 7C", 2: "KS 7S QC", 3: "AS 8S JH", 0: "AD TD 8C"},
                          trump="S", declarer=1, leader=1, tricks_won={1: 1}, rules=rules)
    state.apply("play 9D")
    return state


def overtrump_example():
    """Lesson 7's trick under the rule that you must overtrump: East to play after North's K♠."""
    return after(must_trump_example(rules="must_overtrump"), "play KS")


def scoring_example():
    """The last trick of a hand, clubs trump: North declared and has one trick, West two, East
    and South none; West leads the K♥ and South's A♥ wins it."""
    state = raub.position(hands={0: "AH", 1: "KH", 2: "8H", 3: "7H"}, trump="C", declarer=2,
                          leader=1, tricks_won={0: 0, 1: 2, 2: 1, 3: 0})
    for card in ("KH", "8H", "7H", "AH"):
        state.apply(f"play {card}")
    return state


def multiplier(state) -> int:
    """The multiplier a finished hand was scored with (2 while a refa was pending)."""
    return state.result().details["multiplier"]


def before_the_deal(scores=None, dealer: int = 0, seed: int = 2, rules=None):
    """A new hand before the dealer's first choice (South deals), with the given scores."""
    return games.new_hand("raub", seed=seed, dealer=dealer, scores=scores, rules=rules)


def amount(value) -> str:
    """A settlement amount as the learner writes it: ``12.5``, ``22``."""
    return _amount(value)


def stock_after_deal(players: int) -> str:
    """The number of stock cards after the deal, as text."""
    state = games.new_hand("raub", seed=1, dealer=0, players=players)
    state.apply("deal")
    return str(state.view(0).public["stock"])


_SEVEN_HANDS = {0: "AS KS 7D 8D", 1: "7H JH 9C 8C", 2: "TS 9S TH 9H", 3: "AC KC QC JC"}


def _seven_deal(face_up: str):
    """South deals with the trump-seven exchange on; West and North pass and East declares."""
    return deal(_SEVEN_HANDS, face_up=face_up, rules="trump_seven",
                actions=("deal", "look", "pass", "pass", "declare"))


def seven_exchange_example():
    """The A♥ face up, East declares; South (no seven) keeps his cards, West (7♥) is asked."""
    return after(_seven_deal("AH"), "decline")


def seven_exchange_allowed(face_up: str) -> bool:
    """Whether West, holding the 7♥, may exchange it for ``face_up`` under the standard
    trump-seven exchange."""
    state = _seven_deal(face_up)
    while state.phase == "seven":
        if state.to_move == 1:
            return may(state, "exchange_seven")
        state.apply("decline")
    return False


def after_seven_exchange(state) -> Note:
    """What the exchange changed: the new bonus card and the exchanging player's hand."""
    seat = state.to_move
    done = after(state, "exchange_seven")
    bonus = parse_card(done.view(0).public["bonus_card"]).symbol
    return Note([f"{state.seat_name(seat)} exchanges: the {bonus} is now the bonus card, which "
                 f"{state.seat_name(done.declarer)} will take.",
                 f"{state.seat_name(seat)} now holds {symbols(done.hands[seat])}."])


def refa_modes_compared(refas: int = 2) -> Note:
    """Everybody drops against the declarer with ``refas`` pending, counted both ways."""
    lines = []
    for rules, words_ in ((None, "Each refa doubles one hand (the standard game)"),
                          ("refas_multiply", "Refas multiply")):
        state = everyone_drops(refas=refas, rules=rules)
        d = state.result().details
        lines.append(f"{words_}: the declarer's score changes by "
                     f"{minus(state.result().points[d['declarer']])}; "
                     f"refas left pending: {d['refas_after']}.")
    return Note(lines, title=f"{refas} refas pending, everybody drops against the declarer")


def declarer_change(tricks: int = 2, refas: int = 0, multiply: bool = False) -> str:
    """The change for a declarer (South, against West alone) who ends with ``tricks`` tricks,
    with ``refas`` pending, counted the standard way or multiplying."""
    won = {0: tricks - 1, 1: 4 - tricks}
    state = raub.position(hands={0: "AH", 1: "KH"}, trump="C", declarer=0, leader=0,
                          tricks_won=won, refas=refas,
                          rules="refas_multiply" if multiply else None)
    state.apply("play AH")
    state.apply("play KH")
    return score_change_words(state, 0)


def deliberate_misdeal(refas: int = 0):
    """South deals at a real table (table mode) and misdeals on purpose."""
    state = games.new_hand("raub", seed=3, dealer=0, table_mode=True, refas=refas)
    state.apply("deal")
    state.apply("misdeal_deliberate 0")
    return state


def two_top_trumps():
    """South declares with the A♠ K♠ (spades trump) against three defenders, to lead."""
    return raub.position(hands={0: "AS KS 7H 8C", 1: "QS JH 9H TC", 2: "AH KH 9C 7D",
                                3: "JS 8S AD KD"}, trump="S", declarer=0, leader=0)


def ace_of_trumps_defence():
    """South holds A♥ 8♦ 9♠ 8♠; West declared with hearts, North stays in, East drops."""
    return deal({0: "AH 8D 9S 8S", 1: "KH QH 9C 7C", 2: "AS JD TD 7D", 3: "AC KC QS JS"},
                face_up="7H", actions=("deal", "look", "declare", "play", "drop"))


# puzzles of the shipped collection, by theme, easiest first
COUNT_TO_TWO = ("raub-s1-c3-00164", "raub-s1-c3-00154", "raub-s1-c3-00115")
MUST_TRUMP = ("raub-s1-c3-00100", "raub-s1-c3-00066", "raub-s2-c4-00005")


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
                 f"{_tricks_words(won[dec])}: {minus(points[dec])}.")
    n = state.players
    for seat in sorted(range(n), key=lambda s: (s - dec) % n):
        if seat in d["dropped"]:
            lines.append(f"{name(seat)} dropped out: no change.")
        elif seat != dec:
            lines.append(f"{name(seat)} stayed in and took {_tricks_words(won[seat])}: "
                         f"{minus(points[seat])}.")
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
            lines.append(f"{state.seat_name(seat)}: {minus(points)} "
                         f"(instead of {minus(d['base'][seat])}).")
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
