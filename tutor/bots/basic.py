"""Named rules of thumb for every decision of every game.

``advise(view)`` returns a :class:`~tutor.bots.hints.Hint`: the action, the principle it follows
(each with a one-line explanation in :data:`PRINCIPLES`), the alternatives (with the rule's own
estimate where it has one) and the hint ladder. It reads the view only.
"""

from __future__ import annotations

from typing import Callable, Mapping

from ..cards import Card, Rank, Suit, SUITS, parse_card
from ..games.base import View
from . import cardplay, knowledge as K
from .hints import Alternative, Hint, describe, ladder, reminder_for

__all__ = ["advise", "PRINCIPLES"]

PRINCIPLES = dict(cardplay.RULES)
PRINCIPLES.update({
    "bid on trump strength": "count your trumps (high ones count more) and side aces before you take on a contract",
    "order up your partner": "the up card goes to your partner, the dealer: you may order with a little less",
    "go alone with a sure hand": "with the top trumps and a sure side trick you can win all five alone",
    "create a void": "discard a lone side card so that you can trump that suit at once",
    "keep the better card": "take the up card only if it is better than your worst card",
    "pass your best trump": "your partner plays alone: give him the card most likely to win a trick",
    "name your longest strong suit": "choose as trumps the suit where you hold most strength",
    "pick the contract that suits your hand": "choose the contract your hand is expected to pay least in",
    "start with the rank you hold most of": "the first card fixes the start rank: pick the one you hold most cards of",
    "play where you can follow on": "lay a card whose next card you also hold, so you keep playing",
    "keep the start rank to block the layout": "a start-rank card opens a new pile for everyone: keep it back",
    "the only legal action": "the rules leave no choice here",
    "deal the hand": "passing the deal costs everyone a doubled hand: deal unless there is a reason not to",
    "look before you bid": "a blind Raub needs a high up card; otherwise look at your hand first",
    "Raub on a high up card": "with an ace face up the bonus card alone is nearly a trick: rob it blind",
    "stay in with a likely trick": "a defender who stays in must take one trick: stay in only with a trump or an ace",
    "drop without a trick": "with no trump and no ace you would likely pay for staying in: drop out",
    "keep trumps and aces": "exchange the cards that cannot win a trick, keep trumps and aces",
    "turn for a new trump": "rather than pass with a weak hand, turn a new card for another trump suit",
    "take the ace for your seven": "swap the seven of trumps for the face-up ace: a sure gain",
    "declare your best meld": "meld points count only if declared: announce your melds",
    "cut the cards": "cutting is the usual custom",
    "when in doubt, pass": "no rule of thumb favours acting, so take the quiet choice",
    "count what each card brings over the likely deals":
        "try each choice on many deals that fit what you have seen and keep the best average",
})

_EUCHRE_BID = 7.0
_CLABBER_BID = 6.0


def advise(view: View) -> Hint:
    """The basic level's decision for ``view`` with its reason."""
    legal = list(view.legal)
    if not legal:
        from ..errors import TutorError
        raise TutorError(f"seat {view.seat} has nothing to decide now")
    if len(legal) == 1:
        action = legal[0]
        principle = "the only legal action"
        if action.verb == "play" and action.card is not None:
            reason = f"{describe(action)}: the only card you may play"
            why = reminder_for(view, legal)
            reason += f" ({why[0].lower() + why[1:]})" if why else ""
        else:
            reason = f"{describe(action)}: your only choice"
        return _hint(view, action, principle, reason[0].upper() + reason[1:] + ".", "", {})
    handler = _HANDLERS.get(view.game)
    action, principle, reason, idea, values = handler(view, legal)
    return _hint(view, action, principle, reason, idea, values)


def choose(view: View):
    """The basic level's action for ``view``, as :func:`advise` decides it, without the hint's
    words (the rollouts of the expert level play many hands out by these rules)."""
    legal = list(view.legal)
    if len(legal) == 1:
        return legal[0]
    if not legal:
        return advise(view).action   # says there is nothing to decide
    return _HANDLERS[view.game](view, legal)[0]


def _hint(view, action, principle, reason, idea, values, units="") -> Hint:
    legal = list(view.legal)
    alts = []
    for a in legal:
        if a == action:
            continue
        v = values.get(a)
        alts.append(Alternative(a, None if v is None else round(float(v), 2)))
    alts.sort(key=lambda al: (-(al.value if al.value is not None else -1e9), str(al.action)))
    named = describe(action)
    if named.lower() not in reason.lower():
        reason = f"{reason.rstrip('.')}: {named}."
    return Hint(action=action, reason=reason, principle=principle, alternatives=tuple(alts),
                ladder=ladder(principle, idea, action), reminder=reminder_for(view, legal),
                level="basic", units=units)


def _only(view, legal, verb):
    return [a for a in legal if a.verb == verb]


def _card_play(view, legal, **kw):
    choice = cardplay.play_card(view, **kw)
    return choice.action, choice.principle, choice.explanation, choice.idea, {}


def _generic(view, legal):
    """A decision no rule covers: prefer to pass or decline, else the first action."""
    for verb in ("pass", "decline", "leave"):
        for a in legal:
            if a.verb == verb:
                return a, "when in doubt, pass", f"No rule favours acting here: {describe(a)}.", "", {}
    a = legal[0]
    return a, "when in doubt, pass", f"No rule favours another choice: {describe(a)}.", "", {}


# ============================================================================ Euchre
def euchre_strength(hand, trump: Suit, rules) -> float:
    from ..games import euchre
    order = euchre.trump_order(trump, rules)
    weights = (3.0, 2.5, 2.0, 1.5, 1.2, 1.0, 1.0, 1.0, 1.0)
    total = 0.0
    trumps = [c for c in hand if euchre.effective_suit(c, trump) is trump]
    for c in trumps:
        total += weights[min(order.index(c), len(weights) - 1)]
    for c in hand:
        if c in trumps:
            continue
        if c.rank is Rank.ACE:
            total += 1.0
        elif c.rank is Rank.KING:
            total += 0.3
    if len(trumps) >= 2:
        plain = {euchre.effective_suit(c, trump) for c in hand if c not in trumps}
        total += 0.5 * (3 - len(plain))
    return total


def _euchre_worst(hand, trump, rules) -> Card:
    from ..games import euchre
    def keep(c):
        if euchre.effective_suit(c, trump) is trump:
            return 10 + euchre.trump_order(trump, rules)[::-1].index(c)
        same = [o for o in hand if euchre.effective_suit(o, trump) is euchre.effective_suit(c, trump)]
        return (5 if c.rank is Rank.ACE else 0) + (0 if len(same) == 1 else 1) + int(c.rank) / 20
    return min(hand, key=lambda c: (keep(c), c))


def _euchre(view: View, legal):
    from ..games import euchre
    pub = view.public
    rules = view.rules
    hand = list(view.hand)
    phase = view.phase
    verbs = {a.verb for a in legal}
    seat, dealer = view.seat, view.dealer
    if phase == "play":
        maker = pub.get("maker")
        return _card_play(view, legal, aim="win",
                          attacking=maker is not None and maker in K.partners(view))
    if phase == "bid1" and ({"order_up", "accept"} & verbs):
        up = parse_card(pub["up_card"]) if pub.get("up_card") else None
        trump = Suit.parse(pub.get("proposed") or up.suit)
        cards = list(hand)
        principle = "bid on trump strength"
        if seat == dealer and up is not None:
            cards.append(up)
            cards.remove(_euchre_worst(cards, trump, rules))
        strength = euchre_strength(cards, trump, rules)
        need = _EUCHRE_BID
        if view.players == 4 and up is not None and seat != dealer:
            if dealer % 2 == seat % 2:
                need -= 0.8
                principle = "order up your partner"
            else:
                need += 0.8
        yes = next(a for a in legal if a.verb in ("order_up", "accept"))
        no = next((a for a in legal if a.verb == "pass"), yes)
        act = yes if strength >= need else no
        values = {yes: strength - need, no: 0.0}
        return act, principle, (f"With {trump.noun} as trumps your hand counts {strength:.1f} "
                                f"(right bower 3, left bower 2.5, ace of trumps 2, other trumps "
                                f"less, side aces 1); ordering up needs a count of about {need:.1f} "
                                f"here, so {describe(act)}."), \
            f"Count your {trump.noun}.", values
    if phase in ("bid2", "name_blind") or "name" in verbs:
        names = _only(view, legal, "name")
        scored = {a: euchre_strength(hand, a.suit, rules) for a in names}
        best = max(names, key=lambda a: (scored[a], str(a)))
        passing = next((a for a in legal if a.verb == "pass"), None)
        values = {a: s - _EUCHRE_BID for a, s in scored.items()}
        if passing is not None:
            values[passing] = 0.0
            if scored[best] < _EUCHRE_BID:
                return passing, "bid on trump strength", (
                    f"Your best suit, {best.suit.noun}, counts only {scored[best]:.1f}: pass."), \
                    "Count each suit as trumps.", values
        return best, "name your longest strong suit", (
            f"{best.suit.noun.capitalize()} count {scored[best]:.1f}, your best suit as trumps."), \
            "Count each suit as trumps.", values
    if "go_alone" in verbs:
        trump = Suit.parse(pub["trump"]) if pub.get("trump") else None
        yes = next(a for a in legal if a.verb == "go_alone")
        no = next(a for a in legal if a.verb != "go_alone")
        if trump is None:
            return no, "go alone with a sure hand", "Decline.", "", {}
        strength = euchre_strength(hand, trump, rules)
        top = euchre.trump_order(trump, rules)[0]
        maker_side = pub.get("maker") is not None and pub.get("maker") % 2 == seat % 2
        need = 10.5 if maker_side else 12.5
        act = yes if strength >= need and top in hand else no
        return act, "go alone with a sure hand", (
            f"Your hand counts {strength:.1f} in trumps ({need:.1f} to go alone), so {describe(act)}."), \
            "Do you hold the top trumps and a sure side trick?", {yes: strength - need, no: 0.0}
    if phase == "exchange" or ("discard" in verbs and phase != "call_for_best"):
        trump = Suit.parse(pub.get("trump") or pub.get("proposed"))
        discards = _only(view, legal, "discard")
        leave = next((a for a in legal if a.verb == "leave"), None)
        cands = [a.card for a in discards]
        worst = _euchre_worst(cands, trump, rules)
        up = parse_card(pub["up_card"]) if pub.get("up_card") else None
        if leave is not None and up is not None and up not in hand:
            with_up = hand + [up]
            if _euchre_worst(with_up, trump, rules) == up:
                return leave, "keep the better card", (
                    f"The {up.symbol} is no better than any card you hold: leave it."), \
                    "Compare the up card with your worst card.", {}
        act = next(a for a in discards if a.card == worst)
        single = sum(1 for c in hand if euchre.effective_suit(c, trump) is euchre.effective_suit(worst, trump)) == 1
        principle = "create a void" if single and euchre.effective_suit(worst, trump) is not trump \
            else "keep trumps and aces"
        return act, principle, f"{PRINCIPLES[principle].capitalize()}: {describe(act)}.", \
            "Which card will never win a trick?", {}
    if "pass_card" in verbs:
        trump = Suit.parse(pub["trump"])
        order = euchre.trump_order(trump, rules)
        cards = [a.card for a in legal if a.verb == "pass_card"]
        best = min(cards, key=lambda c: (order.index(c) if c in order else 20 - int(c.rank) / 20, c))
        act = next(a for a in legal if a.card == best)
        return act, "pass your best trump", f"Give your partner your best card: {describe(act)}.", \
            "What helps a lone player most?", {}
    return _generic(view, legal)


# ============================================================================ Lora
_LORA_DANGER = {
    "queens": lambda c: 2 if c.rank is Rank.QUEEN else 0,
    "queens_libyan": lambda c: 2 if c.rank is Rank.QUEEN else 0,
    "hearts": lambda c: 1 + (int(c.rank) - 7) / 10 if c.suit is Suit.HEARTS else 0,
    "jack_of_clubs": lambda c: 8 if c == Card(Rank.JACK, Suit.CLUBS) else 0,
    "jack_of_clubs_libyan": lambda c: 8 if c == Card(Rank.JACK, Suit.CLUBS) else 0,
    "king_of_hearts": lambda c: 8 if c == Card(Rank.KING, Suit.HEARTS) else 0,
    "king_hearts_last_trick": lambda c: 4 if c == Card(Rank.KING, Suit.HEARTS) else 0,
    "king_hearts_sixth_trick": lambda c: 4 if c == Card(Rank.KING, Suit.HEARTS) else 0,
}


def _lora_tricks_expected(hand) -> float:
    weight = {Rank.ACE: 0.9, Rank.KING: 0.6, Rank.QUEEN: 0.35, Rank.JACK: 0.15}
    total = 0.0
    for s in SUITS:
        cards = [c for c in hand if c.suit is s]
        total += sum(weight.get(c.rank, 0.0) for c in cards)
        total += 0.3 * max(0, len(cards) - 4)
    return total


def lora_contract_cost(contract: str, hand) -> float:
    """A rough expected penalty for the seat in ``contract`` (lower is better)."""
    tricks = _lora_tricks_expected(hand)
    jc, kh = Card(Rank.JACK, Suit.CLUBS), Card(Rank.KING, Suit.HEARTS)
    def guarded(card):
        return sum(1 for c in hand if c.suit is card.suit and c.rank < card.rank)
    if contract in ("minimum", "tricks"):
        return 1.0 + tricks
    if contract == "maximum":
        return -tricks - 0.5
    if contract.startswith("queens"):
        mine = [c for c in hand if c.rank is Rank.QUEEN]
        return sum(2 * (0.3 if guarded(q) >= 2 else 0.7) for q in mine) + 0.5 * (4 - len(mine))
    if contract == "hearts":
        hearts = [c for c in hand if c.suit is Suit.HEARTS]
        return 1.5 + sum(0.5 if c.rank >= Rank.JACK else 0.2 for c in hearts)
    if contract.startswith("jack_of_clubs"):
        return 8 * ((0.25 if guarded(jc) >= 2 else 0.6) if jc in hand else 0.2)
    if contract.startswith("king"):
        return 8 * ((0.25 if guarded(kh) >= 2 else 0.6) if kh in hand else 0.2)
    if contract == "sixth_trick":
        return 2.0 + 0.2 * tricks
    if contract == "lora":
        ranks = {}
        for c in hand:
            ranks[c.rank] = ranks.get(c.rank, 0) + 1
        return 2.5 - 0.5 * max(ranks.values())
    return 2.0


def _lora_layout(view, legal):
    from ..games import lora_layout as layout
    hand = list(view.hand)
    plays = [a for a in legal if a.verb == "play"]
    if not plays:
        return _generic(view, legal)
    laid = [parse_card(c) for cs in (view.public.get("layout") or {}).values() for c in cs]
    if not laid:
        counts = {}
        for c in hand:
            counts[c.rank] = counts.get(c.rank, 0) + 1
        rank = max(counts, key=lambda r: (counts[r], int(r)))
        card = max((c for c in hand if c.rank is rank), key=lambda c: c.suit.index)
        act = next(a for a in plays if a.card == card)
        return act, "start with the rank you hold most of", (
            f"You hold {counts[rank]} cards of that rank: start with the {card.symbol}."), \
            "Which rank do you hold most of?", {}
    start = laid[0].rank
    order = layout.pile_order(start)
    def follow_on(card):
        i = order.index(card.rank)
        n = 0
        for r in order[i + 1:]:
            if Card(r, card.suit) in hand:
                n += 1
            else:
                break
        return n
    def score(card):
        return follow_on(card) * 2 - (3 if card.rank is start else 0)
    card = max((a.card for a in plays), key=lambda c: (score(c), -c.suit.index))
    act = next(a for a in plays if a.card == card)
    if card.rank is start:
        principle = "keep the start rank to block the layout"
        reason = f"Every other card keeps a pile closed for someone; lay the {card.symbol} now."
        if follow_on(card):
            principle = "play where you can follow on"
            reason = f"The {card.symbol} opens a pile you can continue yourself."
    elif follow_on(card):
        principle = "play where you can follow on"
        reason = f"You also hold the next card after the {card.symbol}."
    else:
        principle = "keep the start rank to block the layout"
        reason = f"Keep your start-rank cards back; lay the {card.symbol}."
    return act, principle, reason, f"Look at the {card.suit.noun} pile.", \
        {a: float(score(a.card)) for a in plays}


def _lora(view: View, legal):
    pub = view.public
    verbs = {a.verb for a in legal}
    if "choose" in verbs:
        options = _only(view, legal, "choose")
        costs = {a: lora_contract_cost(a.arg, view.hand) for a in options}
        act = min(options, key=lambda a: (costs[a], str(a)))
        return act, "pick the contract that suits your hand", (
            f"Your hand is expected to pay about {costs[act]:.1f} in {act.arg.replace('_', ' ')}, "
            f"less than in the other contracts."), "Which contract would your hand pay least in?", \
            {a: -c for a, c in costs.items()}
    if "cut" in verbs:
        act = next(a for a in legal if a.verb == "cut")
        return act, "cut the cards", "Cut the cards.", "", {}
    contract = pub.get("contract")
    if contract == "lora":
        return _lora_layout(view, legal)
    if contract in ("maximum", "two_players"):
        return _card_play(view, legal, aim="win")
    return _card_play(view, legal, aim="avoid", danger=_LORA_DANGER.get(contract))


# ============================================================================ Raub
def _raub_strength(hand, trump: Suit, extra=None) -> float:
    cards = list(hand) + ([extra] if extra is not None else [])
    total = 0.0
    for c in cards:
        if c.suit is trump:
            total += 1.0 if c.rank >= Rank.QUEEN else 0.6
        elif c.rank is Rank.ACE:
            total += 0.7
    return total


def raub_exchange_score(cards, trump) -> float:
    """How good it is to exchange ``cards``: +1 per card that cannot win a trick, a loss for
    a trump or an ace given away."""
    def weak(c):
        return not ((trump is not None and c.suit is trump) or c.rank is Rank.ACE)
    return sum(1.0 if weak(c) else -(2.0 + int(c.rank) / 20) for c in cards)


def _raub_proposed(view) -> tuple[Suit | None, Card | None]:
    pub = view.public
    if pub.get("trump"):
        bonus = pub.get("bonus_card")
        return Suit.parse(pub["trump"]), parse_card(bonus) if bonus else None
    face = pub.get("face_up") or []
    if not face:
        return None, None
    card = parse_card(face[-1])
    return card.suit, card


def _raub(view: View, legal):
    pub = view.public
    verbs = {a.verb for a in legal}
    hand = list(view.hand)
    seat = view.seat
    if view.phase == "play":
        return _card_play(view, legal, aim="win", attacking=pub.get("declarer") == seat)
    if "deal" in verbs:
        act = next(a for a in legal if a.verb == "deal")
        return act, "deal the hand", "Deal: passing the deal would double a later hand.", "", {}
    if {"raub", "look"} & verbs and view.phase == "blind":
        trump, up = _raub_proposed(view)
        raub = next((a for a in legal if a.verb == "raub"), None)
        look = next(a for a in legal if a.verb == "look")
        if raub is not None and up is not None and up.rank is Rank.ACE:
            return raub, "Raub on a high up card", f"The up card is the {up.symbol}: call Raub.", \
                "How good is the up card?", {}
        return look, "look before you bid", "The up card is not high enough to rob blind: look.", \
            "How good is the up card?", {}
    if "exchange_seven" in verbs:
        act = next(a for a in legal if a.verb == "exchange_seven")
        return act, "take the ace for your seven", "Swap your seven of trumps for the ace.", "", {}
    if "declare" in verbs:
        trump, bonus = _raub_proposed(view)
        declare = next(a for a in legal if a.verb == "declare")
        strength = _raub_strength(hand, trump, bonus) if trump else 0.0
        need = {2: 1.5, 3: 2.0}.get(view.players, 2.4)
        if strength >= need:
            return declare, "bid on trump strength", (
                f"Your hand and the bonus card count {strength:.1f} in {trump.noun} ({need} needed): declare."), \
                f"Count your {trump.noun}.", {declare: strength - need}
        turn = next((a for a in legal if a.verb == "turn"), None)
        if turn is not None:
            return turn, "turn for a new trump", (
                f"{trump.noun.capitalize()} count only {strength:.1f}: turn a new card."), \
                f"Count your {trump.noun}.", {declare: strength - need}
        passing = next(a for a in legal if a.verb == "pass")
        return passing, "bid on trump strength", (
            f"{trump.noun.capitalize() if trump else 'Trumps'} count only {strength:.1f} ({need} needed): pass."), \
            "Count your trumps.", {declare: strength - need, passing: 0.0}
    if "drop" in verbs:
        trump = Suit.parse(pub["trump"]) if pub.get("trump") else None
        play = next(a for a in legal if a.verb == "play")
        drop = next(a for a in legal if a.verb == "drop")
        good = [c for c in hand if (trump is not None and c.suit is trump and c.rank >= Rank.QUEEN)
                or c.rank is Rank.ACE]
        trumps = [c for c in hand if trump is not None and c.suit is trump]
        if good or len(trumps) >= 2:
            why = good[0].symbol if good else f"{len(trumps)} trumps"
            return play, "stay in with a likely trick", f"You hold {why}: stay in and play.", \
                "Can you win one trick?", {}
        return drop, "drop without a trick", "No trump or ace to win a trick: drop out.", \
            "Can you win one trick?", {}
    if "exchange" in verbs:
        trump = Suit.parse(pub["trump"]) if pub.get("trump") else None

        def score(a):
            return raub_exchange_score(a.cards, trump)
        options = _only(view, legal, "exchange")
        act = max(options, key=lambda a: (score(a), -len(a.cards), str(a)))
        shown = " ".join(c.symbol for c in act.cards) or "nothing"
        return act, "keep trumps and aces", f"Exchange {shown}; keep your trumps and aces.", \
            "Which cards cannot win a trick?", {a: score(a) for a in options}
    return _generic(view, legal)


# ============================================================================ Clabber
def clabber_strength(hand, trump: Suit) -> float:
    trump_w = {Rank.JACK: 3.5, Rank.NINE: 2.5, Rank.ACE: 1.5, Rank.TEN: 1.0, Rank.KING: 0.6,
               Rank.QUEEN: 0.5}
    total = 0.0
    for c in hand:
        if c.suit is trump:
            total += trump_w.get(c.rank, 0)
        elif c.rank is Rank.ACE:
            total += 1.0
        elif c.rank is Rank.TEN and Card(Rank.ACE, c.suit) in hand:
            total += 0.5
    return total


def _clabber(view: View, legal):
    from ..games import clabber
    pub = view.public
    verbs = {a.verb for a in legal}
    hand = list(view.hand)
    if "announce" in verbs:
        from ..games import clabber_melds as M
        def points(a):
            if a.arg in (None, "none"):
                return 0
            return sum(M.MELD_POINTS.get(k, 20 if k == "dad" else 50 if k == "fifty" else 0)
                       for k in a.arg.split())
        act = max(legal, key=lambda a: (points(a), str(a)))
        if points(act) == 0:
            return act, "the only legal action", "You have no meld to announce.", "", {}
        return act, "declare your best meld", (
            f"Announce {act.arg.replace('_', ' ')}: meld points count only when declared."), \
            "Look for runs and four of a kind.", {a: float(points(a)) for a in legal}
    if view.phase == "play":
        trump = Suit.parse(pub["trump"])
        values = {c: clabber.card_points(c, trump) for c in K.game_deck(view)}
        maker = pub.get("maker")
        return _card_play(view, legal, aim="win", values=values,
                          attacking=maker is not None and maker in K.partners(view))
    if "accept" in verbs or "call" in verbs:
        options = [a for a in legal if a.verb in ("accept", "call")]
        face = parse_card(pub["face_up"]) if pub.get("face_up") else None
        def strength(a):
            suit = a.suit if a.verb == "call" else (face.suit if face else None)
            if suit is None:
                return 0.0
            cards = hand + ([face] if a.verb == "accept" and view.seat == view.dealer and face else [])
            return clabber_strength(cards, suit)
        scored = {a: strength(a) for a in options}
        best = max(options, key=lambda a: (scored[a], str(a)))
        passing = next((a for a in legal if a.verb == "pass"), None)
        values = {a: s - _CLABBER_BID for a, s in scored.items()}
        if passing is not None:
            values[passing] = 0.0
        if passing is None or scored[best] >= _CLABBER_BID:
            suit = best.suit if best.verb == "call" else face.suit
            return best, "bid on trump strength", (
                f"{suit.noun.capitalize()} count {scored[best]:.1f} as trumps "
                f"({_CLABBER_BID} needed): {describe(best)}."), "Count the jack and nine of trumps.", values
        return passing, "bid on trump strength", (
            f"Your best trump suit counts only {scored[best]:.1f} ({_CLABBER_BID} needed): pass."), \
            "Count the jack and nine of trumps.", values
    return _generic(view, legal)


_HANDLERS: Mapping[str, Callable] = {"euchre": _euchre, "lora": _lora, "raub": _raub,
                                     "clabber": _clabber}
