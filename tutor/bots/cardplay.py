"""Rules of thumb for playing a card to a trick, for any trick game.

Two aims cover every game: ``win`` (take tricks or card points: Euchre, Raub, Clabber, Lora's
maximum) and ``avoid`` (Lora's penalty contracts: keep out of tricks, or at least out of the
tricks that hold the penalty cards). Each rule has a name and a one-line explanation that names
the card, so the same code plays and explains.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

from ..cards import Card, Suit
from ..games.actions import Action
from ..games.base import View
from ..games.tricks import TrickRules
from . import knowledge as K

__all__ = ["Choice", "play_card", "RULES"]

# name -> one-line explanation (also the lesson glossary of the bots' principles)
RULES = {
    "draw trumps": "lead your top trumps first so the opponents cannot ruff your winners",
    "cash your winners": "lead the top card left in its suit while you have the lead (only a trump can still beat it)",
    "lead from length": "lead a low card of your longest plain suit to set up its later cards",
    "lead a low trump": "only trumps left: lead the lowest so the high ones stay in control",
    "second hand low": "with players still to come after you, keep your high cards and play low",
    "third hand high": "play high enough to win, or to force out the opponents' best cards",
    "win as cheaply as possible": "take the trick with the smallest card that is sure to win",
    "don't overtake your partner": "your partner is winning this trick: play your smallest card",
    "give points to your partner": "your partner wins this trick: add a card rich in points",
    "ruff when void": "you cannot follow suit: win the trick with your smallest trump",
    "throw your least useful card": "you cannot win this trick: get rid of your least valuable card",
    "duck under the winning card": "play the highest card that still loses the trick",
    "win with your highest card": "you must take this trick: get rid of your highest card with it",
    "throw your dangerous cards": "you cannot follow suit: throw away the card most likely to cost you",
    "lead low": "lead a low card that carries no penalty, so that someone else has to take the trick",
    "follow suit": "only one card is allowed here",
}


@dataclass(frozen=True)
class Choice:
    action: Action
    principle: str
    explanation: str
    idea: str = ""


def _name(card: Card) -> str:
    return card.symbol


def play_card(view: View, aim: str = "win", values: Mapping[Card, int] | None = None,
              danger: Callable[[Card], float] | None = None,
              attacking: bool = False) -> Choice:
    """The rule-of-thumb card for ``view``: ``aim`` is ``win`` or ``avoid``; ``values`` card
    points (Clabber); ``danger`` how much a card costs whoever takes it (Lora); ``attacking``
    whether the seat's side chose trumps (it then draws them)."""
    plays = [a for a in view.legal if a.verb == "play" and a.card is not None]
    tr = K.trick_rules(view)
    if len(plays) == 1:
        card = plays[0].card
        return Choice(plays[0], "follow suit", f"{_name(card)} is your only legal card",
                      "The rules leave you one card.")
    hand = list(view.hand)
    legal = [a.card for a in plays]
    trick = K.trick_cards(view)
    ctx = _Context(view, tr, hand, legal, trick, values or {}, danger)
    if aim == "avoid":
        card, rule, idea = _avoid(ctx)
    else:
        card, rule, idea = _win(ctx, attacking)
    action = next(a for a in plays if a.card == card)
    return Choice(action, rule, f"{RULES[rule][0].upper()}{RULES[rule][1:]}: play {_name(card)}.", idea)


class _Context:
    def __init__(self, view, tr: TrickRules, hand, legal, trick, values, danger):
        self.view, self.tr, self.hand, self.legal, self.trick = view, tr, hand, legal, trick
        self.values = values
        self.danger = danger or (lambda c: 0)
        know = K.read(view)
        self.seen = set(know.played) | set(hand) | set(know.out_of_play)
        self.deck = know.deck
        self.mates = K.partners(view)
        active = view.public.get("active_seats") or view.public.get("active") or range(view.players)
        self.active = len(list(active))
        self.after = self.active - len(trick) - 1

    def rank(self, c: Card) -> int:
        return self.tr.order[c]

    def value(self, c: Card) -> int:
        return self.values.get(c, 0)

    def suit(self, c: Card) -> Suit:
        return self.tr.suit_of(c)

    def boss(self, c: Card) -> bool:
        """No unseen card of its suit ranks higher (trumps: no unseen higher trump)."""
        s = self.suit(c)
        return not any(self.suit(o) is s and self.rank(o) > self.rank(c)
                       for o in self.deck if o not in self.seen)

    def best_so_far(self):
        if not self.trick:
            return None, None
        cards = [c for _, c in self.trick]
        i = self.tr.winner_index(cards) if len(cards) > 1 else 0
        return self.trick[i]

    def beats(self, c: Card) -> bool:
        seat, best = self.best_so_far()
        if best is None:
            return True
        return self.tr.beats(c, best, self.suit(self.trick[0][1]))

    def low(self, cards, key=None):
        return min(cards, key=key or (lambda c: (self.value(c), self.rank(c), c)))

    def high(self, cards, key=None):
        return max(cards, key=key or (lambda c: (self.rank(c), self.value(c), c)))

    def suit_len(self, s: Suit) -> int:
        return sum(1 for c in self.hand if self.suit(c) is s)


def _suit_idea(card: Card, tr: TrickRules) -> str:
    s = tr.suit_of(card)
    if tr.trump is not None and s is tr.trump:
        return "Look at your trumps."
    return f"Look at your {s.noun}." if s is not None else "Look at your hand."


def _win(x: _Context, attacking: bool):
    tr = x.tr
    trumps = [c for c in x.legal if tr.is_trump(c)]
    if not x.trick:
        if attacking and len(trumps) >= 2:
            top = x.high(trumps)
            if x.boss(top):
                return top, "draw trumps", "Your side chose trumps: take theirs out first."
        bosses = [c for c in x.legal if x.boss(c) and not tr.is_trump(c)]
        if bosses:
            card = max(bosses, key=lambda c: (x.value(c), x.rank(c), c))
            return card, "cash your winners", _suit_idea(card, tr)
        plain = [c for c in x.legal if not tr.is_trump(c)]
        if plain:
            longest = max({x.suit(c) for c in plain}, key=lambda s: (x.suit_len(s), s.index))
            card = x.low([c for c in plain if x.suit(c) is longest])
            return card, "lead from length", f"Look at your {longest.noun}, your longest suit."
        return x.low(trumps), "lead a low trump", "Only trumps are left."
    seat, best = x.best_so_far()
    led = x.suit(x.trick[0][1])
    winners = [c for c in x.legal if x.beats(c)]
    partner_wins = seat in x.mates
    if partner_wins and (x.after == 0 or x.boss(best)):
        if x.values:
            safe = [c for c in x.legal if not x.beats(c)] or x.legal
            card = max(safe, key=lambda c: (x.value(c), -x.rank(c), c))
            if x.value(card) > 0:
                return card, "give points to your partner", "Your partner has this trick."
        card = x.low(x.legal)
        return card, "don't overtake your partner", "Your partner has this trick."
    if winners:
        following = any(x.suit(c) is led for c in x.legal)
        if not following and tr.trump is not None and all(tr.is_trump(c) for c in winners):
            card = x.low(winners, key=lambda c: (x.rank(c), c))
            return card, "ruff when void", f"You have no {led.noun} left."
        if x.after == 0:
            card = x.low(winners, key=lambda c: (x.rank(c), c))
            return card, "win as cheaply as possible", "You are last to play."
        sure = [c for c in winners if x.boss(c)]
        if len(x.trick) == 1 and not sure and x.active > 2:
            card = x.low(x.legal)
            return card, "second hand low", "Others play after you."
        if sure:
            card = x.low(sure, key=lambda c: (x.rank(c), c))
            return card, "win as cheaply as possible", _suit_idea(card, tr)
        card = x.high(winners)
        return card, "third hand high", _suit_idea(card, tr)
    card = _least_useful(x)
    return card, "throw your least useful card", "You cannot win this trick."


def _least_useful(x: _Context) -> Card:
    tr = x.tr
    plain = [c for c in x.legal if not tr.is_trump(c)] or x.legal
    return min(plain, key=lambda c: (x.value(c), x.boss(c), x.suit_len(x.suit(c)) > 2, x.rank(c), c))


def _avoid(x: _Context):
    tr = x.tr
    if not x.trick:
        safe = [c for c in x.legal if x.danger(c) == 0] or x.legal
        card = min(safe, key=lambda c: (x.rank(c), x.suit_len(x.suit(c)), c))
        return card, "lead low", _suit_idea(card, tr)
    led = x.suit(x.trick[0][1])
    following = any(x.suit(c) is led for c in x.legal)
    losers = [c for c in x.legal if not x.beats(c)]
    if not following:
        card = max(x.legal, key=lambda c: (x.danger(c), x.rank(c), c))
        return card, "throw your dangerous cards", f"You have no {led.noun} left."
    if losers:
        card = max(losers, key=lambda c: (x.danger(c), x.rank(c), c))
        return card, "duck under the winning card", f"Stay below the {x.best_so_far()[1].symbol}."
    if x.after == 0:
        card = max(x.legal, key=lambda c: (x.rank(c) - 100 * x.danger(c), c))
        return card, "win with your highest card", "You cannot stay below the winning card."
    card = min(x.legal, key=lambda c: (x.danger(c), x.rank(c), c))
    return card, "second hand low", "Someone after you may still take it."
