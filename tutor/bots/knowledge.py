"""What a seat knows, read from its view only: the trick rules in force, the cards already seen,
who cannot hold what (voids shown by failing to follow, passes at the Lora layout) and which
cards sit where because they were shown (up cards taken, melds, bonus cards, passed cards).

Bots (rules of thumb and sampling) share this reading so that none of them looks further than
``state.view(seat)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import DECKS, Card, Rank, Suit, parse_card
from ..games.base import View
from ..games.tricks import TrickRules

__all__ = ["Knowledge", "read", "trick_rules", "game_deck", "partners", "trick_cards",
           "completed_tricks"]


def _cards(items) -> tuple[Card, ...]:
    return tuple(parse_card(c) for c in items or ())


def _seatmap(mapping) -> dict[int, object]:
    return {int(k): v for k, v in (mapping or {}).items()}


def game_deck(view: View) -> tuple[Card, ...]:
    """Every card of the pack this hand is played with."""
    if view.game == "euchre":
        from ..games import euchre
        return tuple(euchre.game_deck(view.rules))
    if view.game == "clabber":
        from ..games import clabber
        return tuple(clabber.DECK)
    return tuple(DECKS["32"])


def trick_rules(view: View, trump: "Suit | str | None" = None) -> TrickRules | None:
    """The trick rules in force (or those that ``trump`` would bring), rebuilt from public facts."""
    if trump is None:
        trump = view.public.get("trump")
    if view.game == "lora":
        from ..games import lora
        return None if view.public.get("contract") == "lora" else lora.TRICK_RULES
    if trump is None:
        return None
    suit = Suit.parse(trump)
    if view.game == "euchre":
        from ..games import euchre
        return euchre.trick_rules_for(suit, view.rules)
    if view.game == "raub":
        from ..games import raub
        return raub.trick_rules_for(suit, view.rules.must_overtrump)
    if view.game == "clabber":
        from ..games import clabber
        return clabber.trick_rules_for(suit)
    return None


def trick_cards(view: View) -> list[tuple[int, Card]]:
    """The trick in progress as (seat, card)."""
    return [(int(s), parse_card(c)) for s, c in view.public.get("trick") or ()]


def completed_tricks(view: View) -> list[tuple[int, list[tuple[int, Card]], int]]:
    """Completed tricks of this hand as (leader, [(seat, card)...], winner)."""
    out = []
    for leader, plays, winner in view.public.get("tricks") or ():
        out.append((int(leader), [(int(s), parse_card(c)) for s, c in plays], int(winner)))
    return out


def partners(view: View, seat: int | None = None) -> frozenset[int]:
    """The seats whose score is ``seat``'s own (``seat`` included), during the play."""
    seat = view.seat if seat is None else seat
    pub = view.public
    n = view.players
    if view.game == "euchre":
        if n == 4:
            return frozenset(s for s in range(4) if s % 2 == seat % 2)
        maker = pub.get("maker")
        if n == 3 and maker is not None:
            return frozenset({maker}) if seat == maker else frozenset(s for s in range(3) if s != maker)
        return frozenset({seat})
    if view.game == "clabber":
        sides = _seatmap(pub.get("sides"))
        if sides:
            return frozenset(s for s, side in sides.items() if side == sides.get(seat))
        return frozenset({seat})
    if view.game == "raub":
        declarer = pub.get("declarer")
        active = set(pub.get("active") or range(n))
        if declarer is None or seat == declarer:
            return frozenset({seat})
        return frozenset(s for s in active if s != declarer)
    return frozenset({seat})


@dataclass
class Knowledge:
    """The seat's reading of the deal: what is seen, what is excluded, what is placed."""

    seat: int
    deck: tuple[Card, ...]
    hand: tuple[Card, ...]
    played: frozenset[Card]                          # cards gone to tricks (and the trick now)
    out_of_play: frozenset[Card]                     # seen cards no one holds (discards, dead cards)
    sizes: dict[int, int]                            # cards each other seat holds now
    known: dict[int, frozenset[Card]] = field(default_factory=dict)      # seat -> cards it holds
    excluded: dict[int, frozenset[Card]] = field(default_factory=dict)   # seat -> cards it cannot hold
    voids: dict[int, frozenset[Suit]] = field(default_factory=dict)      # seat -> suits shown void
    notes: list[str] = field(default_factory=list)

    def unseen(self) -> list[Card]:
        """Cards that may be in another seat's hand or in an unseen pile (stock, kitty)."""
        placed = set().union(*self.known.values()) if self.known else set()
        gone = set(self.hand) | self.played | self.out_of_play | placed
        return [c for c in self.deck if c not in gone]


def read(view: View) -> Knowledge:
    """Everything the seat may infer about the hidden cards, from its view only."""
    pub = view.public
    seat = view.seat
    hand = tuple(view.hand)
    played = set()
    tricks = completed_tricks(view)
    current = trick_cards(view)
    for _, plays, _ in tricks:
        played.update(c for _, c in plays)
    played.update(c for _, c in current)
    sizes = {int(s): int(k) for s, k in (pub.get("hand_sizes") or {}).items() if int(s) != seat}
    know = Knowledge(seat=seat, deck=game_deck(view), hand=hand, played=frozenset(played),
                     out_of_play=frozenset(), sizes=sizes)
    known: dict[int, set] = {}
    excluded: dict[int, set] = {}
    out: set[Card] = set()
    tr = trick_rules(view)
    voids: dict[int, set] = {}
    if tr is not None:
        for _, plays, _ in tricks + [(None, current, None)]:
            if not plays:
                continue
            led = tr.suit_of(plays[0][1])
            for s, card in plays[1:]:
                suit = tr.suit_of(card)
                if suit is not led:
                    voids.setdefault(s, set()).add(led)
                    if (tr.trump is not None and tr.when_void != "any" and suit is not tr.trump):
                        voids[s].add(tr.trump)
        for s, suits in voids.items():
            excluded.setdefault(s, set()).update(c for c in know.deck if tr.suit_of(c) in suits)
        # every card played was legal: a seat cannot hold a card that would have made it
        # illegal (a higher trump after an under-trump, where the rules make one overtrump);
        # without an overtrump duty that says no more than the voids above
        overtrump = tr.trump is not None and (tr.when_void == "overtrump"
                                              or tr.overtrump_on_trump_lead)
        for _, plays, _ in (tricks + [(None, current, None)]) if overtrump else ():
            for i, (s, card) in enumerate(plays[1:], start=1):
                led_cards = [c for _, c in plays[:i]]
                excluded.setdefault(s, set()).update(
                    c for c in know.deck
                    if c != card and card not in tr.legal_cards((card, c), led_cards))
    game = view.game
    if game == "euchre":
        _euchre(view, know, known, out)
    elif game == "raub":
        _raub(view, know, known, out)
    elif game == "clabber":
        _clabber(view, know, known, out, tr)
    elif game == "lora":
        _lora(view, know, excluded)
    for s in list(known):
        # a shown card the seat has since shown it cannot hold was discarded
        known[s] -= excluded.get(s, set())
        known[s] -= played
        known[s] -= set(hand)
        if s == seat or not known[s]:
            del known[s]
    out -= played
    out -= set(hand)
    for s in known:
        out -= known[s]
    know.known = {s: frozenset(cs) for s, cs in known.items()}
    know.excluded = {s: frozenset(cs) for s, cs in excluded.items() if s != seat}
    know.voids = {s: frozenset(v) for s, v in voids.items()}
    know.out_of_play = frozenset(out)
    return know


def _euchre(view, know, known, out) -> None:
    pub, priv = view.public, view.private
    up = pub.get("up_card")
    status = pub.get("up_card_status")
    if up:
        card = parse_card(up)
        if status == "taken":
            known.setdefault(view.dealer, set()).add(card)
        elif status in ("left", "turned down", "face up"):
            out.add(card)   # in the kitty (or face up on it): in no hand for now
    out.update(_cards(priv.get("discards")))
    for taker, c in priv.get("passed") or ():
        known.setdefault(int(taker), set()).add(parse_card(c))
    sitting = set(pub.get("sitting_out") or ())
    for s in sitting:
        know.sizes.pop(int(s), None)


def _raub(view, know, known, out) -> None:
    pub, priv = view.public, view.private
    out.update(_cards(pub.get("dead")))
    out.update(_cards(priv.get("discarded")))
    out.update(_cards(priv.get("folded")))
    taken = pub.get("bonus_taken")
    declarer = pub.get("declarer")
    if taken and declarer is not None:
        known.setdefault(int(declarer), set()).add(parse_card(taken))
    for c in pub.get("face_up") or ():
        card = parse_card(c)
        if not taken or card != parse_card(taken):
            out.add(card)
    active = set(pub.get("active") or ())
    if pub.get("declarer") is not None and active:
        for s in list(know.sizes):
            if s not in active:
                know.sizes.pop(s)


def _clabber(view, know, known, out, tr) -> None:
    pub = view.public
    face = pub.get("face_up")
    if face and pub.get("dealer_holds_face_up"):
        known.setdefault(view.dealer, set()).add(parse_card(face))
    for s, melds in _seatmap(pub.get("shown")).items():
        for meld in melds:
            known.setdefault(s, set()).update(_cards(meld))
    bell = pub.get("bell")
    trump = pub.get("trump")
    if bell is not None and trump:
        suit = Suit.parse(trump)
        known.setdefault(int(bell), set()).update(
            {Card(Rank.KING, suit), Card(Rank.QUEEN, suit)})
    if view.players == 2:
        indicator = pub.get("indicator")
        if indicator and not pub.get("trump"):
            out.add(parse_card(indicator))


def _lora(view, know, excluded) -> None:
    """At the layout a pass shows that the seat held none of the cards then playable."""
    pub = view.public
    if pub.get("contract") != "lora":
        return
    from ..games import lora_layout as layout
    laid: list[Card] = []
    for s, text in view.history:
        words = str(text).split()
        if not words:
            continue
        if words[0] == "play" and len(words) == 2:
            laid.append(parse_card(words[1]))
        elif words[0] == "pass" and laid:
            start = laid[0].rank   # the first card of the hand fixes the start rank
            piles = layout.piles_from_cards(laid, start)
            if piles is None:
                continue
            need = layout.needed(piles, start)
            excluded.setdefault(int(s), set()).update(need.values())
    laid_now = []
    for cards in (pub.get("layout") or {}).values():
        laid_now.extend(_cards(cards))
    know.played = frozenset(set(know.played) | set(laid_now))
