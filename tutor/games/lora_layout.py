"""The Lora layout contract (*Ređanje*): the cyclic rank order, legal plays and the picture.

Pure functions on a layout given as four pile sizes (indexed by ``Suit.index``) and the start
rank ``R0``; the hand state in :mod:`tutor.games.lora` keeps those values. Rules file section 7.
"""

from __future__ import annotations

import html
from typing import Iterable, Sequence

from ..cards import SUITS, Card, Rank, Suit

__all__ = ["CYCLE", "pile_order", "next_card", "pile_cards", "legal_cards", "why_illegal",
           "infer_start_rank", "layout_text", "layout_html", "public_layout_html"]

# Layout order: ascending, and the ace is followed by the seven (7.2).
CYCLE = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
PILE_SIZE = len(CYCLE)
EMPTY = (0, 0, 0, 0)


def pile_order(start_rank: Rank) -> tuple[Rank, ...]:
    """The eight ranks of every pile in the order they are laid, starting at ``start_rank``."""
    i = CYCLE.index(Rank(start_rank))
    return CYCLE[i:] + CYCLE[:i]


def next_card(suit: Suit, count: int, start_rank: Rank | None) -> Card | None:
    """The one card that may go on ``suit``'s pile now (None: the pile is complete)."""
    if start_rank is None or count >= PILE_SIZE:
        return None
    return Card(pile_order(start_rank)[count], suit)


def pile_cards(suit: Suit, count: int, start_rank: Rank | None) -> tuple[Card, ...]:
    """The cards lying on ``suit``'s pile, bottom first."""
    if start_rank is None:
        return ()
    return tuple(Card(r, suit) for r in pile_order(start_rank)[:count])


def needed(piles: Sequence[int], start_rank: Rank | None) -> dict[Suit, Card]:
    """For each suit still open or unopened, the card it needs next."""
    out = {}
    for suit in SUITS:
        card = next_card(suit, piles[suit.index], start_rank)
        if card is not None:
            out[suit] = card
    return out


def legal_cards(hand: Iterable[Card], piles: Sequence[int], start_rank: Rank | None) -> list[Card]:
    """The cards of ``hand`` that may be laid now (any card for the very first play)."""
    hand = list(hand)
    if start_rank is None:
        return hand
    wanted = set(needed(piles, start_rank).values())
    return [c for c in hand if c in wanted]


def why_illegal(card: Card, hand: Sequence[Card], piles: Sequence[int],
                start_rank: Rank | None) -> str | None:
    """A learner-readable reason why ``card`` cannot be laid now, or None if it can."""
    if card not in hand:
        return f"you do not hold the {card.name}"
    if start_rank is None or card in legal_cards(hand, piles, start_rank):
        return None
    count = piles[card.suit.index]
    noun = card.suit.noun
    if count >= PILE_SIZE:
        return f"the {noun} pile is complete: no more {noun} can be laid"
    want = next_card(card.suit, count, start_rank)
    if count == 0:
        return (f"{noun.capitalize()} have not been opened yet: a new suit can only be opened "
                f"with its card of the start rank, the {want.name}")
    return f"the next card on the {noun} pile is the {want.name}, not the {card.name}"


def infer_start_rank(laid: Iterable[Card]) -> Rank | None:
    """The start rank that makes ``laid`` a valid layout, if exactly one does."""
    laid = set(laid)
    if not laid:
        return None
    fits = []
    for r0 in CYCLE:
        order = pile_order(r0)
        ok = True
        for suit in SUITS:
            ranks = {c.rank for c in laid if c.suit is suit}
            if ranks != set(order[:len(ranks)]):
                ok = False
                break
        if ok:
            fits.append(r0)
    return fits[0] if len(fits) == 1 else None


def piles_from_cards(laid: Iterable[Card], start_rank: Rank) -> tuple[int, ...] | None:
    """Pile sizes for the cards ``laid`` under ``start_rank``; None if they are not a layout."""
    laid = set(laid)
    order = pile_order(start_rank)
    counts = []
    for suit in SUITS:
        ranks = {c.rank for c in laid if c.suit is suit}
        if ranks != set(order[:len(ranks)]):
            return None
        counts.append(len(ranks))
    return tuple(counts)


def _display_suits():
    # Spades, hearts, diamonds, clubs: the order the rules file lists hands in.
    return tuple(reversed(SUITS))


def layout_text(piles: Sequence[int], start_rank: Rank | None) -> str:
    """Four text lines, one per suit: the cards down, then what comes next."""
    if start_rank is None:
        return "layout: empty (the first card sets the start rank)"
    lines = [f"layout (start rank {start_rank.label}):"]
    for suit in _display_suits():
        count = piles[suit.index]
        down = " ".join(c.symbol for c in pile_cards(suit, count, start_rank)) or "-"
        nxt = next_card(suit, count, start_rank)
        tail = f"next {nxt.symbol}" if nxt else "complete"
        lines.append(f"  {suit.symbol} {down}  ({tail})")
    return "\n".join(lines)


def _card_html(card: Card) -> str:
    try:
        from .. import render
        return render.card_html(card)
    except Exception:  # the renderer is optional here: fall back to a plain span
        colour = "#c00" if card.colour == "red" else "#000"
        return (f'<span class="card" style="color:{colour};border:1px solid #999;'
                f'border-radius:3px;padding:0 3px;margin:1px">{html.escape(card.symbol)}</span>')


def layout_html(piles: Sequence[int], start_rank: Rank | None) -> str:
    """The layout as a picture: one row per suit with every rank of the cycle; laid cards are
    shown, the card that comes next is outlined, later cards are faint placeholders."""
    if start_rank is None:
        return ('<div class="lora-layout"><b>Layout</b>: empty. The first card may be any '
                'card; its rank becomes the start rank of every suit.</div>')
    rows = []
    order = pile_order(start_rank)
    for suit in _display_suits():
        count = piles[suit.index]
        colour = "#c00" if suit.colour == "red" else "#000"
        cells = []
        for j, rank in enumerate(order):
            card = Card(rank, suit)
            if j < count:
                cells.append(f'<td class="down">{_card_html(card)}</td>')
            elif j == count:
                cells.append(f'<td class="next" title="next card" style="outline:2px dashed {colour};'
                             f'color:{colour};text-align:center">{html.escape(card.symbol)}?</td>')
            else:
                cells.append(f'<td class="later" style="color:#ccc;text-align:center">'
                             f'{html.escape(card.symbol)}</td>')
        state = "complete" if count >= PILE_SIZE else f"next: {Card(order[count], suit).symbol}"
        rows.append(f'<tr><th style="color:{colour}">{suit.symbol}</th>{"".join(cells)}'
                    f'<td style="padding-left:6px;color:#555">{html.escape(state)}</td></tr>')
    return (f'<div class="lora-layout"><b>Layout</b> (start rank {start_rank.label}, order '
            f'{" ".join(r.label for r in order)})<table style="border-collapse:separate;'
            f'border-spacing:3px">{"".join(rows)}</table></div>')


def public_layout_html(public) -> str:
    """The layout picture from a view's public information (``view.public`` of a Lora hand),
    for front ends that draw from views rather than states."""
    start = public.get("start_rank")
    laid = public.get("layout") or {}
    if start is None:
        return layout_html(EMPTY, None)
    rank = next(r for r in CYCLE if r.char == start)
    piles = tuple(len(laid.get(s.value, ())) for s in SUITS)
    return layout_html(piles, rank)


# --------------------------------------------------------------------------- positions (7.4)
def turns_taken(hand_sizes: Sequence[int], passes: Sequence[int]) -> list[int]:
    """Each seat's turns so far: a turn lays a card (every hand began with 8) or passes."""
    return [PILE_SIZE - size + p for size, p in zip(hand_sizes, passes)]


def turns_due(total: int, eldest: int, seat: int) -> int:
    """How many of the first ``total`` turns were ``seat``'s: turns go round from the eldest."""
    return (total - (seat - eldest) % 4 + 3) // 4


class _Undecided(Exception):
    pass


def order_exists(hands: Sequence[Sequence[Card]], piles: Sequence[int], start_rank: Rank,
                 passes: Sequence[int], eldest: int, budget: int | None = None) -> bool | None:
    """Whether some regular play from the deal reaches this layout, these hands and these
    passes: turns go round from the eldest (who lays the first card), each turn lays the card a
    pile needs next or, only when the player holds none of those cards, passes (7.3, 7.4).

    A search forward through the turns. Who laid which layout card is not known, so a layout
    card is given to a player only when it is laid, and a pass remembers that the passer cannot
    be the one who later lays the card a pile needed at that moment. The state is the turn, the
    pile sizes, the cards each seat still has to lay and, per pile, the seats that passed while
    it waited for its next card. A failed state is remembered, and so fails every state that
    differs from it only by more such passers (more passers only forbid more). A pass is tried
    before a card (real play mostly needs that order).

    The search is exact: on real positions it answers within about a thousand states (a few
    milliseconds); positions given extra passes, which no real play may reach, take up to
    about two million states, some seconds (``benchmarks/layout_positions.py`` measures it).
    With a ``budget`` of states it answers None when that ran out first."""
    laid_by = [PILE_SIZE - len(h) for h in hands]
    total = sum(laid_by) + sum(passes)
    holder = {c: s for s, h in enumerate(hands) for c in h}
    final = tuple(piles)
    # who holds the card each pile needs once it has grown all it grows (None: complete)
    lock = tuple(holder.get(pile_cards(suit, PILE_SIZE, start_rank)[final[i]])
                 if final[i] < PILE_SIZE else None for i, suit in enumerate(SUITS))
    failed: dict[tuple, list[int]] = {}       # (turn, piles, cards to lay) -> fewest passers
    visited = 0
    limit = float("inf") if budget is None else budget
    # each seat's turns from turn t to the end
    turns_left = [tuple(turns_due(total, eldest, s) - turns_due(t, eldest, s) for s in range(4))
                  for t in range(total + 1)]

    # The seats that passed while a pile waited are four bits per pile (pile i: bits 4i-4i+3),
    # so that "every passer of one is a passer of the other" is one AND.
    shapes: dict[tuple, tuple] = {}

    def shape(counts: tuple) -> tuple:
        """The piles still to grow, their bits, and the seats that hold a card some pile that
        grows no more needs (they can never pass again)."""
        if counts not in shapes:
            growing = tuple(i for i in range(4) if counts[i] < final[i])
            keep = sum(15 << 4 * i for i in growing)
            stuck = 0
            for i in range(4):
                if counts[i] == final[i] and lock[i] is not None:
                    stuck |= 1 << lock[i]
            shapes[counts] = growing, keep, stuck
        return shapes[counts]

    def search(t: int, counts: tuple, barred: int, to_lay: tuple) -> bool:
        nonlocal visited
        if t == total:
            return counts == final
        left = turns_left[t]
        growing, keep, stuck = shape(counts)
        if stuck and any(stuck >> s & 1 and left[s] > to_lay[s] for s in range(4)):
            return False        # a seat that can never pass again has passes left
        # only seats that still lay cards can be barred from laying them
        layers = sum(1 << s for s in range(4) if to_lay[s])
        barred &= layers * 0x1111 & keep
        if any(barred >> 4 * i & 15 == layers for i in growing):
            return False
        key = (t, counts, to_lay)
        earlier = failed.get(key, ())
        if any(e & barred == e for e in earlier):
            return False
        visited += 1
        if visited > limit:
            raise _Undecided
        seat = (eldest + t) % 4
        bit = 1 << seat
        # a pass: not the first turn, not by a seat that holds a card some pile needs now
        if t and left[seat] > to_lay[seat] and not stuck & bit:
            after = barred | bit * 0x1111 & keep
            if not any(after >> 4 * i & 15 == 15 for i in growing) and \
                    search(t + 1, counts, after, to_lay):
                return True
        if to_lay[seat]:
            fewer = to_lay[:seat] + (to_lay[seat] - 1,) + to_lay[seat + 1:]
            for i in growing:                       # lay the card pile i needs next
                if not barred >> 4 * i & bit:
                    if search(t + 1, counts[:i] + (counts[i] + 1,) + counts[i + 1:],
                              barred & ~(15 << 4 * i), fewer):
                        return True
        failed[key] = [e for e in earlier if barred & e != barred] + [barred]
        return False

    try:
        return search(0, (0, 0, 0, 0), 0, tuple(laid_by))
    except _Undecided:
        return None
