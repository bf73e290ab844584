"""What the Lora lessons share: the worked deals, pictures of tricks, layouts and schedules, and
sentences that put the engine's facts in words, so that each notebook cell is one short call.

    from tutor.lessons import lora as course
    hand = course.worked_hand("queens")          # the rules' deal D1, played out under Queens
    course.tricks(hand, where=course.has_queen)  # the tricks that hold a queen, as one picture
    course.scores(hand, total=True)              # each player's points in words, and their sum
    course.best_play(ending, hero=0, unit="tricks")   # what each card costs, best play all round

Nothing here decides a rule: legality, winners and scores come from :mod:`tutor.games.lora`,
the values of a position from :mod:`tutor.solver`; these helpers only choose what to show and
phrase it for the learner (seats by direction, cards as symbols, contracts by name).
"""

from __future__ import annotations

import html
from typing import Callable, Iterable, Sequence

from .. import games, render, solver
from ..cards import SUITS, Card, Rank, Suit, parse_card
from ..errors import IllegalAction
from ..games import lora
from ..games import lora_layout

__all__ = ["Words", "Rows", "HOW_TO", "WORKED_DEAL", "WORKED_PLAY", "worked_hand", "play_tricks",
           "play_rounds", "signed", "seat_names", "turn_order", "deal_roles", "the_cut", "the_deal",
           "may_play", "refusal", "tricks", "has_queen", "scores", "hand_total", "best_play",
           "best_card", "contract_rule", "contracts_table", "schedule_table", "layout",
           "cards_left", "clubs_held", "standings_words"]

HOW_TO = ("**How to use this lesson:** run it from the top — *Run ▸ Run All Cells*, or "
          "**Shift + Enter** on each cell in turn. The pictures, exercises and tables appear as you "
          "go; the code behind them is hidden, and you never need to read it.")

# The rules file's deal D1 and its play P1 (section 13): West deals, South is eldest.
WORKED_DEAL = {0: "AH KH AD JD 7D JC 8C 7C", 1: "QS TS 9S 8S 9H 7H TD TC",
               2: "AS 7S JH TH 8H KD 9D 9C", 3: "KS JS QH QD 8D AC KC QC"}
WORKED_PLAY = ("7C TC 9C QC", "8D 7D TD 9D", "7H JH QH AH", "8C QS AS AC",
               "JS KH TS 7S", "QD JD 9S KD", "8H KS JC 9H", "8S TH KC AD")
WORKED_DEALER = 3


# --------------------------------------------------------------------------- pictures
class Words:
    """Sentences shown as a picture: a bold title (optional), then one line each."""

    def __init__(self, lines: Iterable[str], title: str | None = None):
        self.lines = [str(line) for line in lines]
        self.title = title

    def __repr__(self) -> str:
        head = [self.title] if self.title else []
        return "\n".join(head + self.lines)

    def _repr_html_(self) -> str:
        head = f"<div><b>{html.escape(self.title)}</b></div>" if self.title else ""
        body = "".join(f"<div>{html.escape(line)}</div>" for line in self.lines)
        return f'<div class="tutor-words">{head}{body}</div>'


class Rows:
    """A small table of words: a header row and rows of cells."""

    def __init__(self, header: Sequence[str], rows: Iterable[Sequence], title: str | None = None):
        self.header = [str(h) for h in header]
        self.rows = [[str(cell) for cell in row] for row in rows]
        self.title = title

    def __repr__(self) -> str:
        widths = [max(len(r[i]) for r in [self.header] + self.rows) for i in range(len(self.header))]
        lines = [self.title] if self.title else []
        for row in [self.header] + self.rows:
            lines.append("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        cap = f"<caption style='text-align:left'><b>{html.escape(self.title)}</b></caption>" \
            if self.title else ""
        head = "".join(f"<th style='text-align:left;padding-right:12px'>{html.escape(h)}</th>"
                       for h in self.header)
        body = "".join("<tr>" + "".join(f"<td style='padding-right:12px'>{html.escape(c)}</td>"
                                        for c in row) + "</tr>" for row in self.rows)
        return f'<table class="tutor-rows">{cap}<tr>{head}</tr>{body}</table>'


class _Picture:
    """Any HTML picture with its own plain-text form."""

    def __init__(self, html_text: str, text: str):
        self.html_text, self.text = html_text, text

    def __repr__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        return self.html_text


def signed(points: int) -> str:
    """Points as a learner writes them: +3, −8, 0."""
    return "0" if points == 0 else (f"+{points}" if points > 0 else f"−{-points}")


def _symbol(action) -> str:
    return action.cards[0].symbol if action.cards else "pass"


# --------------------------------------------------------------------------- hands
def play_tricks(state, tricks: Iterable[str]):
    """Play whole tricks given as card lists ("7C TC 9C QC") on ``state``; returns it."""
    for trick in tricks:
        for card in trick.split():
            state.apply(f"play {card}")
    return state


def play_rounds(state, rounds: Iterable[str]):
    """Play layout turns given as rounds of cards and passes ("9D TC pass JC"); returns it."""
    for line in rounds:
        for move in line.split():
            state.apply("pass" if move == "pass" else f"play {move}")
    return state


def worked_hand(contract: str, tricks_played: int = 8, **options):
    """The rules' deal D1 under ``contract``, its first ``tricks_played`` tricks played as in
    the rules' play P1 (West deals, South leads)."""
    hand = games.new_hand("lora", dealer=WORKED_DEALER, contract=contract,
                          deck=lora.deck_for(WORKED_DEAL, dealer=WORKED_DEALER), **options)
    return play_tricks(hand, WORKED_PLAY[:tricks_played])


def seat_names(state) -> list[str]:
    """The four seats in turn order, by direction, starting with seat 0 (South)."""
    return [state.seat_name(s) for s in range(4)]


def turn_order(state) -> Words:
    """Who plays after whom, and which way the table turns."""
    way = state.rules.direction
    return Words([" → ".join(seat_names(state)) + " → " + state.seat_name(0) + " …",
                  f"The table turns {way}: the player after you sits on your "
                  f"{'right' if way == 'counterclockwise' else 'left'}."],
                 title="The order of play")


def deal_roles(state) -> Words:
    """The dealer, the eldest and the cutter of a hand, with where each sits."""
    public = state.view(0).public
    side = ("right", "left") if state.rules.direction == "counterclockwise" else ("left", "right")
    return Words([f"{state.seat_name(state.dealer)} deals.",
                  f"{state.seat_name(public['eldest'])}, on the dealer's {side[0]}, is eldest: "
                  f"he gets the first card and plays first.",
                  f"{state.seat_name(public['cutter'])}, on the dealer's {side[1]}, cuts the pack."],
                 title="Who does what")


_PACK = tuple(sorted(lora.TRICK_CARDS, key=lambda c: (-SUITS.index(c.suit), -c.rank.value)))


def the_cut(lifted: int, dealer: int = 0) -> _Picture:
    """A pack in a known order, cut by lifting ``lifted`` cards, and what the cut changes: the
    card that comes to the top goes to eldest, the old top card to the dealer (engine deal)."""
    hand = games.new_hand("lora", dealer=dealer, contract="minimum", deck=_PACK, cut=lifted)
    public = hand.view(0).public
    cutter = public["cutter"]
    top_after = _PACK[lifted]
    who_top = next(s for s in range(4) if _PACK[0] in hand.hands[s])
    who_new = next(s for s in range(4) if top_after in hand.hands[s])
    lines = [f"{hand.seat_name(cutter)} lifts the top {lifted} cards and puts them underneath.",
             f"The {top_after.symbol} is now on top: the first card dealt goes to "
             f"{hand.seat_name(who_new)}, the eldest.",
             f"The {_PACK[0].symbol}, on top before the cut, now goes to {hand.seat_name(who_top)}."]
    before = _PACK[:lifted + 3]
    top, bottom = _PACK[lifted:lifted + 3], _PACK[:lifted]
    pictures = (render.hand_html(before, title="The top of the pack before the cut")
                + render.hand_html(top, title="After the cut: the top of the pack")
                + render.hand_html(bottom, title="… and the bottom of the pack"))
    body = "".join(f"<div>{html.escape(line)}</div>" for line in lines)
    text = "\n".join(["before the cut, on top: " + " ".join(c.symbol for c in before),
                      "after the cut, on top: " + " ".join(c.symbol for c in top),
                      "after the cut, at the bottom: " + " ".join(c.symbol for c in bottom)]
                     + lines)
    return _Picture(pictures + body, text)


def the_deal(state, cards: int = 8) -> Rows:
    """Where the first ``cards`` cards from the top of the (cut) pack went: found in the hands."""
    top = state.setup["deck"][:cards]
    rows = []
    for i, text in enumerate(top, 1):
        card = parse_card(text)
        seat = next(s for s in range(4) if card in state.hands[s])
        rows.append([str(i), card.symbol, state.seat_name(seat)])
    sizes = ", ".join(f"{state.seat_name(s)} {len(state.hands[s])}" for s in range(4))
    return Rows(["card from the top", "card", "goes to"], rows,
                title=f"The deal, one card at a time (cards in each hand at the end: {sizes})")


# --------------------------------------------------------------------------- tricks
def may_play(state, seat: int | None = None) -> Words:
    """The cards (or the pass) the seat to move may play now, as the engine lists them."""
    seat = state.to_move if seat is None else seat
    moves = [_symbol(a) for a in state.legal_actions()]
    if moves == ["pass"]:
        return Words([f"{state.seat_name(seat)} has no card that may be played: he must pass."])
    return Words([f"{state.seat_name(seat)} may play: " + " ".join(moves)])


def refusal(state, action: str) -> Words:
    """The engine's own reason for refusing ``action`` (tried on a copy: ``state`` is kept)."""
    try:
        state.copy().apply(action)
    except IllegalAction as why:
        return Words([str(why)])
    return Words([f"{action} is allowed here."])


def has_queen(plays) -> bool:
    return any(card.rank is Rank.QUEEN for _, card in plays)


def tricks(state, numbers: Iterable[int] | None = None,
           where: Callable | None = None) -> _Picture:
    """Tricks of a hand as one picture, each with its number and winner: all of them, those
    ``numbers`` (1-8), or those whose plays satisfy ``where``."""
    chosen = []
    for number, (leader, plays, winner) in enumerate(state.tricks, 1):
        if numbers is not None and number not in numbers:
            continue
        if where is not None and not where(plays):
            continue
        chosen.append((number, plays, winner))
    parts, lines = [], []
    for number, plays, winner in chosen:
        parts.append(f"<div style='margin:4px 0'><b>Trick {number}</b>"
                     f"{render.trick_html(plays, state.seat_name, winner)}</div>")
        lines.append(f"Trick {number}: " + str(render.Trick(plays, winner, state.seat_name)))
    return _Picture(render.STYLE + "".join(parts), "\n".join(lines))


def scores(state, total: bool = False) -> Words:
    """A finished hand's score in words: the engine's reasons, then every player's points (and
    their sum with ``total``)."""
    result = state.result()
    lines = [reason[0].upper() + reason[1:] for reason in result.reasons]
    lines.append("Points: " + ", ".join(f"{state.seat_name(s)} {signed(p)}"
                                        for s, p in result.points.items()))
    if total:
        lines.append(f"Together: {signed(sum(result.points.values()))}")
    return Words(lines)


def hand_total(state) -> int:
    return sum(state.result().points.values())


def _values(state, hero: int) -> dict:
    """Each legal move's value for the hero, the other three playing together against him."""
    if state.contract == "lora":
        from ..solver.layout import solve_layout
        return solve_layout(state, hero=hero).moves
    return solver.solve(state, hero=hero).moves


def best_play(state, hero: int = 0, unit: str = "points") -> Words:
    """What each card the hero may play leads to, with best play by everyone (the others
    playing together against the hero): ``unit`` names what the value counts."""
    values = _values(state, hero)
    name = state.seat_name(hero)
    lines = []
    for action, value in sorted(values.items(), key=lambda kv: (kv[1], str(kv[0]))):
        shown = signed(value) if unit == "points" else str(value)
        lines.append(f"If {name} plays the {_symbol(action)}: {name} ends the hand with {shown} {unit}.")
    return Words(lines, title=f"Every card {name} may play, the other three playing their best "
                                f"together against {name}")


def best_card(state, hero: int = 0) -> str:
    """The symbol of the hero's best card (lowest score; the first in the engine's order on a tie)."""
    values = _values(state, hero)
    return _symbol(min(values, key=values.get))


# --------------------------------------------------------------------------- contracts and the game
def contract_rule(name: str, rules=None) -> str:
    """A contract's scoring in words, with every number (read from the rules in force)."""
    return lora.contract_rule(name, rules).replace("-", "−")


def contracts_table(rules=None) -> Rows:
    """The contracts of a game in order, each with its scoring in words."""
    rules = lora.resolve(rules) if not isinstance(rules, lora.Rules) else rules
    return Rows(["", "contract", "scoring"],
                [[str(i), lora.CONTRACT_NAMES[c], contract_rule(c, rules)]
                 for i, c in enumerate(rules.contracts, 1)])


def schedule_table(rules=None, first_dealer: int = 0, hands: Iterable[int] | None = None,
                   by_dealer: bool = False) -> Rows:
    """The schedule of a game (hands numbered from 1): the dealer and contract of each hand in
    ``hands``, or one row per dealer's block with ``by_dealer``."""
    rules = lora.resolve(rules) if not isinstance(rules, lora.Rules) else rules
    plan = lora.schedule(rules, first_dealer)
    name = games.new_hand("lora", seed=0, dealer=0, rules=rules).seat_name
    chosen = lambda row: lora.CONTRACT_NAMES[row["contract"]] if row["contract"] else \
        f"chosen by {name(row['chooser'])}" + (" (an extra hand: any contract)" if row["extra"] else "")
    if by_dealer:
        n = len(rules.contracts)
        rows = [[f"{k + 1}–{k + n}", name(plan[k]["dealer"]),
                 ", ".join(chosen(plan[j]) for j in range(k, k + n))]
                for k in range(0, 4 * n, n)]
        return Rows(["hands", "dealer", "contracts"], rows,
                    title=f"A game of {len(plan)} hands")
    numbers = range(1, len(plan) + 1) if hands is None else hands
    return Rows(["hand", "dealer", "contract"],
                [[str(k), name(plan[k - 1]["dealer"]), chosen(plan[k - 1])] for k in numbers],
                title=f"A game of {len(plan)} hands")


def standings_words(totals: dict[int, int], state) -> Words:
    """Final totals in words with the places the engine gives (ties share a place)."""
    winners, places = lora.standings(totals)
    order = sorted(totals, key=lambda s: (places[s], s))
    lines = [f"{places[s]}. {state.seat_name(s)}: {signed(totals[s])}" for s in order]
    win = " and ".join(state.seat_name(s) for s in winners)
    lines.append(f"{win} {'are joint winners' if len(winners) > 1 else 'wins'}.")
    return Words(lines, title="Final totals and places")


# --------------------------------------------------------------------------- the layout
def layout(state) -> _Picture:
    """The four piles of a layout hand: cards laid, the card each pile needs next."""
    public = state.view(0).public
    return _Picture(lora_layout.public_layout_html(public),
                    lora_layout.layout_text(state.piles, state.start_rank))


def cards_left(state, seats: Iterable[int] | None = None) -> Words:
    """For each seat's remaining cards: the ones that fit the layout now, and for the others the
    card of its suit that must be laid first."""
    needed = lora_layout.needed(state.piles, state.start_rank)
    lines = []
    for s in (range(4) if seats is None else seats):
        hand = state.hands[s]
        if not hand:
            lines.append(f"{state.seat_name(s)}: no cards left.")
            continue
        fits = lora_layout.legal_cards(hand, state.piles, state.start_rank)
        parts = []
        if fits:
            parts.append("fits now: " + " ".join(c.symbol for c in fits))
        for suit in SUITS:
            waiting = [c for c in hand if c.suit is suit and c not in fits]
            if waiting:
                parts.append(" ".join(c.symbol for c in waiting)
                             + f" must wait (the {suit.name.lower().rstrip('s')} pile needs the {needed[suit].symbol} next)")
        lines.append(f"{state.seat_name(s)}: " + "; ".join(parts) + ".")
    return Words(lines)


def clubs_held(state, seats: Iterable[int]) -> Words:
    """The clubs each of ``seats`` holds."""
    lines = []
    for s in seats:
        clubs = [c.symbol for c in state.hands[s] if c.suit is Suit.CLUBS]
        lines.append(f"{state.seat_name(s)}: {' '.join(clubs) if clubs else 'no club'}")
    return Words(lines, title="The clubs in the other hands")


# --------------------------------------------------------------------------- lesson 1
def pack() -> render.Hand:
    """The 32-card pack, a suit at a time, highest first."""
    return render.Hand(_PACK, title="The 32-card Lora pack, highest first in each suit")


def trump_answer() -> str:
    """The trumps quiz's answer, read from the trick rules of every contract."""
    return "None: there are no trumps" if lora.TRICK_RULES.trump is None else "Hearts"


def next_seat(seat: int, rules=None) -> str:
    """The name of the player who plays after ``seat``."""
    hand = games.new_hand("lora", seed=0, dealer=0, contract=None, rules=rules)
    return hand.seat_name((seat + 1) % 4)


def cutter(dealer: int, rules=None) -> str:
    """The name of the cutter when ``dealer`` deals."""
    hand = games.new_hand("lora", seed=0, dealer=dealer, rules=rules)
    return hand.seat_name(hand.view(0).public["cutter"])


FIRST_TRICK_DEAL = {0: "AD 7D KS 8S 9H 7C QC JH", 1: "QD KD 7S 9S TS JS AH TH",
                    2: "8H 7H TC JC KC QS AS 8C", 3: "9D TD JD 8D 9C AC KH QH"}


def first_trick():
    """North deals and West, eldest, has led the 9♦: South holds two diamonds."""
    hand = games.new_hand("lora", dealer=2, contract="minimum",
                          deck=lora.deck_for(FIRST_TRICK_DEAL, dealer=2))
    hand.apply("play 9D")
    return hand


def finish_first_trick(hand):
    """South follows with the 7♦, East with the K♦; North, void in diamonds, plays the K♣."""
    for card in ("7D", "KD", "KC"):
        hand.apply(f"play {card}")
    return hand


# --------------------------------------------------------------------------- lesson 2
def trick_is_good() -> str:
    """The trick contract in which a trick lowers its winner's score (the worked deal shows it)."""
    for contract in lora.STANDARD_CONTRACTS:
        if contract != "lora" and worked_hand(contract).result().points[WORKED_DEALER] < 0:
            return lora.CONTRACT_NAMES[contract]
    return "none"


def hands_in_a_game(rules=None) -> str:
    """The number of hands in a game, from the schedule."""
    rules = lora.resolve(rules) if not isinstance(rules, lora.Rules) else rules
    return str(len(lora.schedule(rules, 0)))


# --------------------------------------------------------------------------- lessons 3 to 5: endings
def minimum_ending():
    """Minimum, three cards left: West has led the 9♦; South (one trick so far) holds A♦ 7♦ K♠."""
    ending = lora.position(
        contract="minimum", leader=3,
        hands={0: "AD 7D KS", 1: "KD 8S 9C", 2: "TD 7S 8C", 3: "9D QD 7C"},
        won={0: "TC JC QC KC", 1: "AC 8D JD 7H 8H 9H TH JH", 2: "QH KH AH 9S", 3: "TS JS QS AS"},
        tricks_won={0: 1, 1: 2, 2: 1, 3: 1})
    ending.apply("play 9D")
    return ending


def queens_ending():
    """Queens, three cards left: East led the 8♦, North played the 9♦, West threw the J♠;
    South (one queen taken) holds Q♠ A♠ K♣ and no diamond."""
    ending = lora.position(
        contract="queens", leader=1,
        hands={0: "QS AS KC", 1: "AC 9H 8D", 2: "9C 9D 9S", 3: "JS TC 7H"},
        won={0: "KS QH TS 8S", 1: "KH AD 8H JD 8C JC JH 7S", 2: "QD QC KD 7D", 3: "7C TH TD AH"},
        tricks_won={0: 1, 1: 2, 2: 1, 3: 1})
    return play_tricks(ending, ["8D 9D JS"])


def jack_ending():
    """Jack of clubs, three cards left: East led the 10♥, North played the Q♥, West the 7♥;
    South holds J♣ 8♦ K♣ and no heart."""
    ending = lora.position(
        contract="jack_of_clubs", leader=1,
        hands={0: "JC 8D KC", 1: "KS QD TH", 2: "TC QH QS", 3: "7H KD JD"},
        won={0: "8S 8H TS 9S", 1: "AD 8C AS JH 7D AH KH TD", 2: "QC 9D 7S JS", 3: "9C 7C AC 9H"},
        tricks_won={0: 1, 1: 2, 2: 1, 3: 1})
    return play_tricks(ending, ["TH QH 7H"])


# --------------------------------------------------------------------------- the rules' other deals
SWEEP_DEAL = {0: "AH KH QH JH 7S 7D 8C 7C", 1: "AS KS 8S TH 9H AD TC 9C",
              2: "QS JS TS 8H QD JD AC KC", 3: "9S 7H KD TD 9D 8D QC JC"}
SWEEP_PLAY = ("AH TH 8H 7H", "KH 9H TS 9S", "QH 8S JS 8D", "JH 9C JD 9D",
              "7S KS QS TD", "TC AC JC 8C", "KC QC 7C AS", "QD KD 7D AD")
ALL_TRICKS_DEAL = {0: "AS KS AD KD AC KC AH KH", 1: "QS JS QD JD QC JC QH JH",
                   2: "TS 9S TD 9D TC 9C TH 9H", 3: "8S 7S 8D 7D 8C 7C 8H 7H"}
ALL_TRICKS_PLAY = ("AS QS TS 8S", "KS JS 9S 7S", "AD QD TD 8D", "KD JD 9D 7D",
                   "AC QC TC 8C", "KC JC 9C 7C", "AH QH TH 8H", "KH JH 9H 7H")


def hearts_sweep():
    """The rules' deal D2 under Hearts: South takes all eight hearts in four tricks."""
    hand = games.new_hand("lora", dealer=3, contract="hearts", deck=lora.deck_for(SWEEP_DEAL, dealer=3))
    return play_tricks(hand, SWEEP_PLAY)


def king_in_last_trick():
    """The rules' deal D3 under King of hearts and last trick: South wins every trick, the K♥
    in the last."""
    hand = games.new_hand("lora", dealer=3, contract="king_hearts_last_trick",
                          deck=lora.deck_for(ALL_TRICKS_DEAL, dealer=3))
    return play_tricks(hand, ALL_TRICKS_PLAY)


# --------------------------------------------------------------------------- lessons 6 and 7: the layout
LAYOUT_DEAL = {0: "QS 9S KH TH 9H TD 9D QC", 1: "8S QH 8H 7H KD AC TC 8C",
               2: "AS JS TS 7S AH JH QD 7C", 3: "KS AD JD 8D 7D KC JC 9C"}
LAYOUT_REST = ("9D TC pass JC", "TD pass pass JD", "9S pass QD pass", "TH KD TS AD",
               "QC pass JS KC", "QS AC 7C 7D", "pass 8C JH KS", "pass QH AS 8D")
HOLD_BACK_DEAL = {0: "AS KS TS 8S 9H JC TC 8C", 1: "QS QH TH 7H 8D 7D KC 7C",
                  2: "AH JH AD KD QD TD 9D 9C", 3: "JS 9S 7S KH 8H JD AC QC"}
HOLD_BACK_REST = ("JH 9S", "TS QH 9D JS", "pass QS TD KH", "KS pass AH JD", "AS 7H QD 8H",
                  "pass pass KD 7S", "8S pass AD pass", "pass 7D 9C")


def layout_hand(deal=None, rules=None):
    """A layout hand dealt by West from ``deal`` (default: the rules' deal L1), nothing played."""
    return games.new_hand("lora", dealer=3, contract="lora", rules=rules,
                          deck=lora.deck_for(deal or LAYOUT_DEAL, dealer=3))


def hand_of(state, seat: int) -> render.Hand:
    """One player's cards as a picture."""
    cards = sorted(state.hands[seat], key=lambda c: (-SUITS.index(c.suit), -c.rank.value))
    return render.Hand(cards, title=f"{state.seat_name(seat)} holds")


def cycle(start: Rank = Rank.NINE) -> Words:
    """The order every pile is built in, from a start rank."""
    order = lora_layout.pile_order(start)
    return Words([" → ".join(r.label for r in order)],
                 title=f"With the {start.name.lower()} as start rank, every pile reads")


def after_the_ace(start: Rank = Rank.NINE) -> str:
    order = lora_layout.pile_order(start)
    return f"The {order[(order.index(Rank.ACE) + 1) % 8].label}♥"


def must_pass(state) -> str:
    """The must-pass quiz's answer: what the seat to move may do, from the engine."""
    return "Pass" if [a.verb for a in state.legal_actions()] == ["pass"] else "Lay any card"


def hold_back_position():
    """The rules' deal L2: South has opened with the 9♥ and East laid the 10♥; North to move,
    holding the 9♣, his only club."""
    hand = layout_hand(HOLD_BACK_DEAL)
    return play_rounds(hand, ["9H TH"])


def keep_back_is_best(state, card: str) -> bool:
    """Whether laying ``card`` now does worse for the seat to move than its best card."""
    values = _values(state, state.to_move)
    return values[next(a for a in values if a.cards and str(a.cards[0]) == card)] > min(values.values())


def anyone_may_lay(state, seats: Iterable[int], suit: Suit) -> bool:
    """Whether any of ``seats`` holds a card of ``suit`` that fits the layout now."""
    return any(c.suit is suit for s in seats
               for c in lora_layout.legal_cards(state.hands[s], state.piles, state.start_rank))


# --------------------------------------------------------------------------- lesson 8: a whole game
def computer_game(seed: int = 2, dealer: int = 0, rules=None):
    """A whole game played by four computer players (the basic level), for its score sheet."""
    from ..bots import make
    from ..bots.duplicate import play_hand
    match = games.new_match("lora", seed=seed, dealer=dealer, rules=rules)
    players = {seat: make("basic", seat=seat, seed=seat) for seat in range(4)}
    while not match.is_over:
        play_hand(match.current, players)
        if not match.is_over:
            match.next_hand()
    return match


def hand_totals(match, hands: int = 7) -> Rows:
    """The sum of the four players' points in each of the first ``hands`` hands of a game."""
    rows = [[str(k + 1), lora.CONTRACT_NAMES[row["contract"]], signed(sum(row["points"].values()))]
            for k, row in enumerate(match.sheet[:hands])]
    return Rows(["hand", "contract", "the four scores together"], rows)


def next_dealer(hand_number: int, first_dealer: int = 0) -> str:
    """Who deals hand ``hand_number`` (from 1) of a basic game."""
    plan = lora.schedule(lora.resolve(), first_dealer)
    return games.new_hand("lora", seed=0, dealer=0).seat_name(plan[hand_number - 1]["dealer"])


def joint_winners(totals: dict[int, int]) -> int:
    """How many players share first place with these totals."""
    return len(lora.standings(totals)[0])


# --------------------------------------------------------------------------- lessons 9 and 10: variants
def _computer_hand(state):
    from ..bots import make
    from ..bots.duplicate import play_hand
    play_hand(state, {seat: make("basic", seat=seat, seed=seat) for seat in range(4)})
    return state


def chooser_words(state) -> Words:
    """Who chooses this hand's contract, and from which list."""
    public = state.view(0).public
    names = ", ".join(lora.CONTRACT_NAMES[c] for c in public["available"])
    return Words([f"{state.seat_name(public['chooser'])} chooses the contract, from: {names}."])


def choice_hand(dealer: int = 0, available=None):
    """A hand under 'players choose the contracts', its chooser holding ``available``."""
    return games.new_hand("lora", seed=1, dealer=dealer, contract_choice=True, available=available)


def may_choose(dealer: int, contract: str, struck: dict[int, Sequence[str]]) -> bool:
    """Whether this hand's chooser may name ``contract`` when ``struck`` (seat -> contracts)
    have already been chosen by those players."""
    remaining = {s: [c for c in lora.STANDARD_CONTRACTS if c not in struck.get(s, ())]
                 for s in range(4)}
    hand = games.new_hand("lora", seed=1, dealer=dealer, contract_choice=True, remaining=remaining,
                          available=remaining[(dealer + 1) % 4])
    return any(a.verb == "choose" and a.arg == contract for a in hand.legal_actions())


def options_table() -> Rows:
    """The smaller options of the basic game, in words."""
    return Rows(["table setting", "what changes"], [
        ["King of hearts and sixth trick", "contract six costs +4 for the sixth trick instead of the last"],
        ["passes cost a point", "in the layout every pass costs +1, also to the player who goes out"],
        ["jack shared with the player opposite", "the taker of the J♣ scores +6, the player opposite him +2"],
        ["packets when the cut is refused", "the cutter may refuse to cut; the cards are then dealt eight at a time"],
    ])


def packet_deal():
    """A deal by South under 'packets when the cut is refused', the cutter (West) refusing."""
    hand = games.new_hand("lora", seed=1, dealer=0, contract="minimum", packet_deal_on_no_cut=True)
    hand.apply("decline_cut")
    return hand


def pass_penalty_layout():
    """The layout deal of lesson 6, played the same way, when every pass costs a point."""
    hand = layout_hand(rules="lora_pass_penalty")
    return play_rounds(hand, ("9H pass pass 9C",) + LAYOUT_REST)


def two_players_examples() -> Rows:
    """Three Libyan 'Two players' deals played by the computer: two players qualify; nobody
    but one does (the deal is void); the same on the last attempt (the dealer pays)."""
    rows = []
    for seed, attempt in ((3, 1), (0, 1), (0, 3)):
        hand = _computer_hand(games.new_hand("lora", seed=seed, dealer=0, rules="libyan",
                                             contract="two_players", attempt=attempt))
        won = ", ".join(f"{hand.seat_name(s)} {n}" for s, n in enumerate(hand.trick_counts()))
        reason = hand.result().reasons[0]
        rows.append([("first", "second", "third")[attempt - 1] + " deal", won, reason[0].upper() + reason[1:]])
    return Rows(["which deal", "tricks won", "result"], rows,
                title=f"Two players, South dealing (at most {lora.resolve('libyan').libyan_two_players_attempts} deals)")


def libyan_layout():
    """The held-back layout deal of lesson 7, played the same way under the Libyan scoring."""
    hand = layout_hand(HOLD_BACK_DEAL, rules="libyan")
    return play_rounds(hand, ("9H TH",) + HOLD_BACK_REST)


def penalties_table() -> Rows:
    """The strict table's penalties, with the points from the engine."""
    what = {"P1": "a misdeal (the dealer pays)", "P2": "playing out of turn, looking at another hand or at old tricks",
            "P3": "a revoke: not following suit when you could", "P4": "in the layout: a card that does not fit, or a missed 'last card' call",
            "P5": "in the layout: passing when a card fits", "P6": "slow play"}
    after = {"P1": "the same dealer deals again", "P4": "the card goes back; play goes on",
             "P6": "play goes on"}
    rows = [[what[k], signed(v), "the hand ends at once" if k in lora.ENDS_HAND else after[k]]
            for k, v in lora.ITEMS.items()]
    return Rows(["mistake", "penalty", "then"], rows)


def revoke_hand():
    """The worked deal under Queens at a strict table: in trick 5 East plays the 9♥ on a spade
    lead although he holds spades."""
    hand = worked_hand("queens", tricks_played=4, penalties=True)
    for card in ("JS", "KH", "9H"):
        hand.apply(f"play {card}")
    return hand


def shared_jack_answer() -> str:
    """The shared-jack quiz's answer, from the worked deal's score with the option on."""
    points = worked_hand("jack_of_clubs", jack_clubs_partner=True).result().points
    return f"East {signed(points[1])}, West {signed(points[3])}"


def libyan_jack_payer() -> str:
    """Who pays for the J♣ in the worked deal under the Libyan game (West takes it)."""
    hand = worked_hand("jack_of_clubs_libyan", rules="libyan")
    payer = next(s for s, p in hand.result().points.items() if p)
    return hand.seat_name(payer)
