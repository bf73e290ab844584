"""A sound check that a play-phase state is one real play reaches: it looks for a witness, the
earlier tricks of a real hand, searched backwards from the position (each earlier trick a legal
trick of cards no longer in play, won by the seat that led the next, the first one led by the
seat the rules name), that also gives every stated fact: tricks won (by seat, or by side where
only the side counts), trick winners, the cards taken (Lora: at least those stated), the card points taken (Clabber: exactly
those stated, a side not named having none); Raub's Stih: the 7 of trumps played by the declarer
only (it is his bonus card). The Lora layout has its own witness: the turns before
the position, each a card laid or a pass with no card to lay (``layout_reachable``).

``reachable(state)`` is True when a witness is found, False when none exists, None when the
node budget ran out first. It is written apart from the engine's own checks, so that the
property tests compare two independent readings of the rules.
"""

from __future__ import annotations

from collections import Counter

FULL = {"euchre": 5, "raub": 4, "lora": 8}


class _Budget(Exception):
    pass


def _facts(state):
    """(pack, full hand size, first leader, winner constraints) of a trick game's position."""
    game = state.game
    n = state.players
    setup = state.setup.get("position", state.setup)
    if game == "euchre":
        from tutor.games.euchre import game_deck
        pack = game_deck(state.rules)
        first = _euchre_first_leader(state)
        unit = (lambda s: s % 2) if n == 4 else (lambda s: s)
        won = Counter()
        for s, w in enumerate(state.tricks_won):
            won[unit(s)] += w
        return pack, 5, first, {"unit": unit, "tricks": dict(won)}
    if game == "raub":
        from tutor.games.raub import PACK
        stated = any(state.tricks_won)
        only = {c: state.declarer for c in PACK
                if state.kind == "stih" and c.suit is state.trump and c.rank.value == 7}
        return PACK, 4, state.declarer, {
            "unit": (lambda s: s), "tricks": dict(enumerate(state.tricks_won)) if stated else None,
            "only": only}
    if game == "lora":
        from tutor.games.lora import TRICK_CARDS
        stated = setup.get("tricks_won") is not None or setup.get("trick_winners") is not None
        return TRICK_CARDS, 8, (state.dealer + 1) % 4, {
            "unit": (lambda s: s),
            "tricks": dict(enumerate(state.prior_tricks)) if stated else None,
            "winners": tuple(state.prior_winners) or None,
            "cards": {s: set(cs) for s, cs in enumerate(state.prior_won) if cs}}
    from tutor.games.clabber import DECK, HAND_SIZE, card_points
    size = HAND_SIZE[n] + (3 if n == 2 else 0)
    unit = state.side
    carried = {}
    if state.carried:               # won is the whole count: a side not named has none
        from tutor.games.clabber import sides_of
        carried = {side: 0 for side in sides_of(n)}
        for side, pts in state.carried:
            carried[side] += pts
    return DECK, size, (state.dealer + 1) % n, {
        "unit": unit, "tricks": None, "points": carried,
        "card_points": lambda c: card_points(c, state.trump)}


def _euchre_first_leader(state) -> int:
    """Rules section 7's table: the dealer's left; with one lone player X, the player on X's
    left; with one on each side, the lone defender; under ``left_of_dealer_skip_inactive``, the
    first active player clockwise from the dealer's left. Two-handed: the non-dealer."""
    n, dealer, lone = state.players, state.dealer, tuple(state.alone)
    left = (dealer + 1) % n
    if n != 4 or not lone:
        return left
    if state.rules.lone_lead == "left_of_dealer_skip_inactive":
        return next(s for s in ((left + k) % 4 for k in range(4)) if (s + 2) % 4 not in lone)
    if len(lone) == 1:
        return (lone[0] + 1) % 4
    return next(s for s in lone if s % 2 != state.maker % 2)


def roles_real(state) -> bool:
    """Whether the roles a position states are ones a real hand gives, read from the rules
    files. Euchre (6.2): going alone only four-handed, at most one lone player a side, a lone
    maker's-side player the maker himself unless ``maker_partner_may_go_alone``, a lone
    defender only as ``defender_alone`` allows. Raub (4, 8, 11, 16): every score above 0; a
    blind Raub, a Stih and a Muss the dealer's; in a Stih the 7 of trumps (the bonus card)
    held or played by nobody else; in a Muss every player in, Muss in the rules and a score
    below the threshold; the need 1 for a Stih (and a blind Raub under
    ``blind_raub_needs_one_trick``), else 2."""
    rules = state.rules
    if state.game == "euchre":
        lone = tuple(state.alone)
        if not lone:
            return True
        if state.players != 4 or len({s % 2 for s in lone}) != len(lone):
            return False
        ours = [s for s in lone if s % 2 == state.maker % 2]
        theirs = [s for s in lone if s % 2 != state.maker % 2]
        if ours and ours[0] != state.maker and not rules.maker_partner_may_go_alone:
            return False
        if theirs and (rules.defender_alone == "never"
                       or (rules.defender_alone == "vs_lone_maker" and not ours)):
            return False
        return True
    if state.game != "raub":
        return True
    if min(state.scores) <= 0:
        return False
    kind = state.kind
    if kind in ("raub", "stih", "muss") and state.declarer != state.dealer:
        return False
    if kind == "stih":
        seven = next(c for c in state.trick_rules.order if c.suit is state.trump
                     and c.rank.value == 7)
        holders = [s for s in range(state.players) if seven in state.hands[s]]
        holders += [s for s, c in state.trick if c == seven]
        if any(s != state.declarer for s in holders):
            return False
    if kind == "muss" and not (rules.muss_enabled and len(state.active_seats) == state.players
                               and min(state.scores) < rules.muss_threshold):
        return False
    one = kind == "stih" or (kind == "raub" and rules.blind_raub_needs_one_trick)
    return state.need == (1 if one else 2)


def layout_reachable(state, budget: int = 200_000):
    """The Lora layout: a witness is the turns before the position, searched backwards from it
    (each turn, in turn order back to the eldest's first card, either took back the top card of
    a pile into the mover's hand or was a pass of a player who held no card the piles needed),
    that ends with every hand at eight cards and every pile empty."""
    from tutor.games.lora_layout import legal_cards, pile_order
    from tutor.cards import SUITS, Card
    hands = [set(h) for h in state.hands]
    if not all(hands):
        return False
    r0 = state.start_rank
    piles = list(state.piles)
    passes = list(state.passes)
    eldest = (state.dealer + 1) % 4
    turns = sum(piles) + sum(passes)
    if (eldest + turns) % 4 != state.to_move:
        return False
    order = pile_order(r0) if r0 is not None else ()
    nodes = [0]
    failed = set()

    def back(t):
        """Turns 0 .. t-1 can be undone from the present piles, hands and passes."""
        if t == 0:
            return not any(piles) and not any(passes) and all(len(h) == 8 for h in hands)
        key = (t, tuple(piles), tuple(passes), tuple(frozenset(h) for h in hands))
        if key in failed:
            return False
        nodes[0] += 1
        if nodes[0] > budget:
            raise _Budget
        seat = (eldest + t - 1) % 4
        if passes[seat] and t - 1 > 0 and not legal_cards(hands[seat], piles, r0):
            passes[seat] -= 1                                 # the mover passed
            found = back(t - 1)
            passes[seat] += 1
            if found:
                return True
        for i, suit in enumerate(SUITS):                      # the mover laid a pile's top card
            if piles[i] and len(hands[seat]) < 8:
                card = Card(order[piles[i] - 1], suit)
                piles[i] -= 1
                hands[seat].add(card)
                found = back(t - 1)
                hands[seat].discard(card)
                piles[i] += 1
                if found:
                    return True
        failed.add(key)
        return False

    try:
        return back(turns)
    except _Budget:
        return None


def reachable(state, budget: int = 200_000):
    """True / False / None (budget spent) - see the module docstring."""
    if state.game == "lora" and state.contract == "lora":
        return layout_reachable(state, budget)
    pack, size, first, facts = _facts(state)
    active = list(state.active_seats)
    n = state.players
    rules = state.trick_rules
    played_now = dict(state.trick)
    hands = {s: set(state.hands[s]) | ({played_now[s]} if s in played_now else set())
             for s in active}
    leader = state.leader
    done = size - len(hands[leader])
    if any(len(hands[s]) != size - done for s in active) or done < 0:
        return False
    led = []
    for s, c in state.trick:        # the trick in progress keeps the duty to follow
        if led and c not in rules.legal_cards(list(state.hands[s]) + [c], led):
            return False
        led.append(c)
    in_play = {c for s in active for c in hands[s]}
    pool = [c for c in pack if c not in in_play]
    if state.game == "lora" and len(pool) != 4 * done:
        return False
    unit = facts["unit"]
    tricks = facts.get("tricks")
    winners = facts.get("winners")
    owned = {}
    for s, cs in (facts.get("cards") or {}).items():
        for c in cs:
            owned[c] = s
    only = facts.get("only") or {}          # card -> the one seat that can have played it
    points = facts.get("points") or {}
    card_points = facts.get("card_points")
    nodes = [0]

    def order_from(lead):
        i = active.index(lead)
        return active[i:] + active[:i]

    def undo(k, next_leader, left_tricks, left_points, used):
        """Tricks k, k-1, ..., 1 exist, trick k won by ``next_leader``."""
        nodes[0] += 1
        if nodes[0] > budget:
            raise _Budget
        if k == 0:
            if next_leader != first:
                return False
            if tricks is not None and any(left_tricks.values()):
                return False
            if any(v != 0 for v in left_points.values()):
                return False
            if state.game == "lora" and used != set(pool):
                return False
            return True
        w = next_leader
        if winners is not None and winners[k - 1] != w:
            return False
        if tricks is not None:
            if left_tricks.get(unit(w), 0) <= 0:
                return False
            left_tricks = dict(left_tricks)
            left_tricks[unit(w)] -= 1
        leads = [first] if k == 1 else active
        for lead in leads:
            seats = order_from(lead)
            if place(k, seats, 0, [], w, lead, left_tricks, left_points, used):
                return True
        return False

    def place(k, seats, i, cards, w, lead, left_tricks, left_points, used):
        if i == len(seats):
            if seats[rules.winner_index(cards)] != w:
                return False
            if card_points is not None and unit(w) in left_points:
                left_points = dict(left_points)       # stated points: exactly the tricks held
                left_points[unit(w)] -= sum(card_points(c) for c in cards)
                if left_points[unit(w)] < 0:
                    return False
            for s, c in zip(seats, cards):
                hands[s].add(c)
            try:
                return undo(k - 1, lead, left_tricks, left_points, used)
            finally:
                for s, c in zip(seats, cards):
                    hands[s].discard(c)
        s = seats[i]
        for c in pool:
            if c in used:
                continue
            if (c in owned and owned[c] != w) or only.get(c, s) != s:
                continue
            if cards and c not in rules.legal_cards(list(hands[s]) + [c], cards):
                continue
            used.add(c)
            if place(k, seats, i + 1, cards + [c], w, lead, left_tricks, left_points, used):
                used.discard(c)
                return True
            used.discard(c)
        return False

    try:
        start_tricks = dict(tricks) if tricks is not None else None
        # every stated point total must be met exactly by the tricks of its side
        return undo(done, leader, start_tricks or {}, dict(points), set()) if tricks is not None \
            else undo(done, leader, {}, dict(points), set())
    except _Budget:
        return None
