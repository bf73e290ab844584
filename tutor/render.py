"""HTML and text pictures of cards, hands, tricks, states and views.

Pure functions returning strings; no widget or rules logic here. Suits are told apart by their
symbol (shape), with colour only as a second cue, so the pictures also work without colour.
"""

from __future__ import annotations

import html
from typing import Iterable, Mapping, Sequence

from .cards import Card

__all__ = ["card_html", "cards_html", "back_html", "hand_html", "Hand", "Trick", "trick_html", "state_html", "view_html",
           "STYLE"]

STYLE = """<style>
.tt-card{display:inline-flex;flex-direction:column;align-items:center;justify-content:center;
 width:2.6em;height:3.6em;margin:0 .15em;border:1px solid #555;border-radius:.35em;background:#fff;
 font-family:'DejaVu Sans',sans-serif;line-height:1.05;vertical-align:middle;box-shadow:1px 1px 1px #bbb}
.tt-card .r{font-weight:bold;font-size:1.05em}.tt-card .s{font-size:1.35em}
.tt-red{color:#c0102a}.tt-black{color:#111}.tt-joker{color:#6b2fa0}
.tt-back{background:repeating-linear-gradient(45deg,#2b4c8c,#2b4c8c 4px,#dfe6f5 4px,#dfe6f5 8px)}
.tt-dim{opacity:.35}.tt-hl{outline:3px solid #e6a100}
.tt-table{font-family:'DejaVu Sans',sans-serif;border-collapse:collapse;margin:.3em 0}
.tt-table td{padding:.2em .5em;vertical-align:middle}
.tt-seat{font-weight:bold;white-space:nowrap}.tt-note{color:#333;font-size:.9em}
</style>"""


def card_html(card: Card, dim: bool = False, highlight: bool = False) -> str:
    """One card face: rank above suit symbol, with its name as a tooltip."""
    if card.is_joker:
        colour, rank, suit = "tt-joker", "JK", "★"
    else:
        colour = "tt-red" if card.colour == "red" else "tt-black"
        rank, suit = card.rank.label, card.suit.symbol
    extra = (" tt-dim" if dim else "") + (" tt-hl" if highlight else "")
    return (f'<span class="tt-card {colour}{extra}" title="{html.escape(card.name)}">'
            f'<span class="r">{rank}</span><span class="s">{suit}</span></span>')


def back_html(count: int = 1) -> str:
    """Face-down cards (a card back repeated ``count`` times)."""
    return "".join('<span class="tt-card tt-back" title="face-down card"></span>'
                   for _ in range(count))


def cards_html(cards: Iterable[Card], highlight: Iterable[Card] = ()) -> str:
    marked = set(highlight)
    return "".join(card_html(c, highlight=c in marked) for c in cards)


def trick_html(plays: Sequence, seat_name, winner: int | None = None) -> str:
    """A trick as seat labels over cards; ``plays`` are (seat, card) pairs in order."""
    cells = []
    for seat, card in plays:
        card = card if isinstance(card, Card) else _card(card)
        label = html.escape(seat_name(seat)) + (" ✔" if seat == winner else "")
        cells.append(f'<td style="text-align:center"><div class="tt-note">{label}</div>'
                     f'{card_html(card, highlight=seat == winner)}</td>')
    return f'<table class="tt-table"><tr>{"".join(cells) or "<td>—</td>"}</tr></table>'


def _card(text) -> Card:
    from .cards import parse_card
    return parse_card(text)


def _sorted_hand(state, cards):
    rules = getattr(state, "trick_rules", None)
    if rules is None:
        return sorted(cards, reverse=True)
    return sorted(cards, key=lambda c: (rules.is_trump(c), rules.suit_of(c).index, rules.order[c]),
                  reverse=True)


def state_html(state) -> str:
    """The whole state seen from above (every hand face up): for teachers, review and puzzles."""
    rows = []
    hands = getattr(state, "hands", None)
    active = set(getattr(state, "active_seats", None) or range(state.players))
    won = _tricks_won(state)
    for seat in range(state.players):
        name = html.escape(state.seat_name(seat))
        marks = []
        if seat == state.dealer:
            marks.append("dealer")
        if seat == state.to_move:
            marks.append("to play" if state.phase == "play" else "to act")
        if seat not in active:
            marks.append("sits out")
        cards = _sorted_hand(state, hands[seat]) if hands is not None else []
        tricks = f"tricks: {won.get(seat, 0)}" if won else ""
        rows.append(f'<tr><td class="tt-seat">{name}</td><td>{cards_html(cards)}</td>'
                    f'<td class="tt-note">{", ".join(marks)}</td><td class="tt-note">{tricks}</td></tr>')
    parts = [STYLE, f'<div class="tt-note">{html.escape(state.game.capitalize())} — '
                    f'{html.escape(_phase_words(state))}</div>',
             f'<table class="tt-table">{"".join(rows)}</table>']
    trick = getattr(state, "trick", ())
    if trick:
        parts.append('<div class="tt-note">Trick in progress:</div>' + trick_html(trick, state.seat_name))
    elif getattr(state, "tricks", ()):
        leader, plays, winner = state.tricks[-1]
        parts.append('<div class="tt-note">Last trick:</div>' + trick_html(plays, state.seat_name, winner))
    extras = getattr(state, "_html_extras", None)
    if extras is not None:
        parts.extend(extras())
    return "<div>" + "".join(parts) + "</div>"


def _phase_words(state) -> str:
    """Where the hand stands, in words (the phase's name is the engine's)."""
    if state.is_over:
        return "the hand is over"
    from .widgets import words   # late: the widgets draw with this module
    return words.phase(state.game, state.phase)


def _tricks_won(state) -> dict:
    counts: dict = {}
    for _, _, winner in getattr(state, "tricks", ()) or ():
        counts[winner] = counts.get(winner, 0) + 1
    return counts


def view_html(view, seat_name=None) -> str:
    """What one seat sees: its own hand face up, the others' as backs, the public table."""
    name = seat_name or (lambda s: f"Seat {s}")
    public: Mapping = view.public
    sizes = public.get("hand_sizes", {})
    won = public.get("tricks_won", {})
    rows = []
    for seat in range(view.players):
        if seat == view.seat:
            cards = cards_html(sorted(view.hand, reverse=True)) or '<span class="tt-note">(hidden)</span>'
        else:
            n = sizes.get(seat, sizes.get(str(seat), 0))
            cards = back_html(n) if n else '<span class="tt-note">—</span>'
        marks = []
        if seat == view.dealer:
            marks.append("dealer")
        if seat == view.to_move:
            marks.append("to act")
        w = won.get(seat, won.get(str(seat)))
        rows.append(f'<tr><td class="tt-seat">{html.escape(name(seat))}</td><td>{cards}</td>'
                    f'<td class="tt-note">{", ".join(marks)}</td>'
                    f'<td class="tt-note">{"" if w is None else f"tricks: {w}"}</td></tr>')
    parts = [STYLE, f'<table class="tt-table">{"".join(rows)}</table>']
    trick = public.get("trick") or []
    if trick:
        parts.append('<div class="tt-note">Trick in progress:</div>' + trick_html(trick, name))
    from . import games
    extras = getattr(games.module(view.game), "view_html_extras", None)
    if extras is not None:
        parts.extend(extras(view))
    return "<div>" + "".join(parts) + "</div>"


def hand_html(cards: Iterable[Card], title: str | None = None, highlight: Iterable[Card] = ()) -> str:
    """A row of cards with an optional title, styles included (usable on its own)."""
    head = f'<div class="tt-note">{html.escape(title)}</div>' if title else ""
    return f"{STYLE}<div>{head}{cards_html(cards, highlight)}</div>"


class Trick:
    """A displayable trick: ``Trick([(3, "JD"), (0, "9H")], winner=3)``; seats are named by
    ``seat_name`` (default South, West, North, East: seat 0 is South, play goes clockwise)."""

    def __init__(self, plays, winner: int | None = None, seat_name=None):
        from .cards import parse_card
        self.plays = tuple((seat, parse_card(card)) for seat, card in plays)
        self.winner = winner
        self.seat_name = seat_name or (lambda s: ("South", "West", "North", "East")[s % 4])

    def __str__(self) -> str:
        text = ", ".join(f"{self.seat_name(s)} {c.symbol}" for s, c in self.plays)
        return text + (f" → {self.seat_name(self.winner)}" if self.winner is not None else "")

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return STYLE + trick_html(self.plays, self.seat_name, self.winner)


class Hand:
    """A displayable row of cards: ``Hand("JH JD AH", title="Trumps")`` shows as a picture in a
    notebook and as ``JH JD AH`` in text."""

    def __init__(self, cards, title: str | None = None, highlight=()):
        from .cards import parse_cards
        self.cards = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
        self.title = title
        self.highlight = parse_cards(highlight) if isinstance(highlight, str) else tuple(highlight)

    def __str__(self) -> str:
        text = " ".join(c.symbol for c in self.cards)
        return f"{self.title}: {text}" if self.title else text

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return hand_html(self.cards, self.title, self.highlight)


# --------------------------------------------------------------------------- public facts
# the partnership games' sides, by the engines' identifiers
_SIDE_WORDS = {"NS": "North/South", "EW": "East/West"}
_SUIT_WORDS = {"C": "♣ clubs", "D": "♦ diamonds", "H": "♥ hearts", "S": "♠ spades"}
_SEAT_KEYS = {"maker", "declarer", "eldest", "chooser", "leader", "elder", "cutter", "meld_winner"}
_SEATS_KEYS = {"alone", "sitting_out", "dropped", "active", "active_seats"}
_NOT_FACTS = {"trick", "tricks", "hand_sizes", "tricks_won", "history", "leader", "active_seats",
              "active", "sides", "events", "dealer", "hand_index", "attempt", "packets", "round",
              "bid_round", "melds_resolved", "extra_hand", "dealer_holds_face_up", "exchange",
              "scores", "choices"}


def fact_text(key: str, value, seat_name) -> str:
    """A public fact as words: suits and cards as symbols, seats by name."""
    from .cards import parse_card
    from .errors import CardError
    if key in _SEAT_KEYS and isinstance(value, int):
        return seat_name(value)
    if key in _SEATS_KEYS and isinstance(value, (list, tuple)):
        return ", ".join(seat_name(s) for s in value) or "—"
    if isinstance(value, str):
        if value in _SUIT_WORDS:
            return _SUIT_WORDS[value]
        if len(value) <= 3:
            try:
                return parse_card(value).symbol
            except CardError:
                return value
        return value
    if isinstance(value, Mapping):
        return ", ".join(f"{seat_name(k) if isinstance(k, int) else _SIDE_WORDS.get(k, k)}: "
                         f"{fact_text('', v, seat_name)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return " ".join(fact_text("", v, seat_name) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


# Facts whose engine form reads badly: a label in words, and a text (None: leave the fact out).
_RAUB_KINDS = {"ordinary": "declared", "raub": "Raub, called blind", "stih": "Stih, called blind",
               "muss": "Muss"}


def _lora_contract(value):
    from .games.lora import CONTRACT_NAMES
    return CONTRACT_NAMES.get(value, value)


_FACT_WORDS = {
    "up_card": ("up-card", None),
    "up_card_status": ("the up-card was", lambda v, pub: None if v == "face_up" else str(v).replace("_", " ")),
    "turned_down": ("suit turned down", None),
    "tricks_by_side": ("tricks", None),
    "card_points": ("card points", None),
    "meld_winner": ("melds won by", lambda v, pub: _SIDE_WORDS.get(v, v) if isinstance(v, str) else None),
    "announcements": ("announced", "announcements"),
    "bids": ("", lambda v, pub: None),          # the history says it in words
    "calls": ("", lambda v, pub: None),         # the history says it in words
    "direction": ("", lambda v, pub: None),     # shown by where the seats sit
    "multiplier": ("this hand counts", lambda v, pub: None if v in (0, 1) else
                   ("double" if v == 2 else f"{v} times")),
    "refas": ("doubled hands waiting (refas)", lambda v, pub: None if not v else str(v)),
    "face_up": ("face-up card", None),
    "turned": ("turned cards", lambda v, pub: None if list(v) == list(pub.get("face_up") or []) else ...),
    "kind": ("", lambda v, pub: None),          # folded into the declarer's line
    "need": ("tricks the declarer needs", None),
    "stock": ("cards in the stock", None),
    "discard_pile": ("cards discarded so far", lambda v, pub: str(v) if v else None),
    "discarded": ("cards discarded", None),
    "drew": ("cards drawn", None),
    "contract": ("contract", lambda v, pub: _lora_contract(v)),
    "contract_rule": ("scoring", None),
}


def view_facts(view, seat_name) -> list[tuple[str, str]]:
    """The public facts of a view worth showing a player, as (label, text) pairs in words."""
    facts = []
    pub = view.public
    for key, value in pub.items():
        # seat 0 is falsy but a real seat: only missing values and empty collections are left out
        if key in _NOT_FACTS or value is None or value is False or (
                isinstance(value, (str, tuple, list, Mapping)) and not value):
            continue
        if key == "proposed" and (pub.get("trump") or pub.get("turned_down")):
            continue  # the proposal has become the trump suit, or was turned down
        label, words = _FACT_WORDS.get(key, (key.replace("_", " "), None))
        if words == "announcements":
            said = [f"{seat_name(int(k))}: {', '.join(map(str, a)) if isinstance(a, (list, tuple)) else a}"
                    for k, a in value.items() if a] if isinstance(value, Mapping) else []
            if said:
                facts.append((label, "; ".join(said)))
            continue
        if words is not None:
            text = words(value, pub)
            if text is None:
                continue
            text = fact_text(key, value, seat_name) if text is ... else text
        else:
            text = fact_text(key, value, seat_name)
        if key == "declarer" and pub.get("kind") in _RAUB_KINDS:
            text = f"{text} ({_RAUB_KINDS[pub['kind']]})"
        facts.append((label, text))
    return facts
