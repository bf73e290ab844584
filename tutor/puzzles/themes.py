"""Themes a player recognises, detected from a certified solution.

Each detector is a small function ``detector(facts) -> bool`` over the :class:`Facts` of one
hero decision (the state before it, the key card, the trick it went to, the wrong cards and
their refutations). :data:`THEMES` lists, per game, the theme's name (what the learner
reads), its detector, a nudge and the principle (the first two steps of the hint ladder).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import Card, Rank, parse_card

__all__ = ["Facts", "Theme", "THEMES", "facts_of", "detect", "names", "theme"]


@dataclass
class Facts:
    """What a detector may look at for one decision."""

    puzzle: object
    state: object                 # before the decision (a copy)
    card: Card | None             # the key card (None for a pass)
    lead: bool                    # the hero leads the trick
    led: object = None            # the suit led (None on a lead)
    trick_cards: tuple = ()       # (seat, card) of the whole trick the key card went to
    winner: int | None = None     # who won that trick on the main line
    hero_side: frozenset = frozenset()
    legal: tuple = ()             # the hero's legal cards
    wrong_lines: list = field(default_factory=list)   # (first card, refutation actions)
    main_after: object = None     # the state at the end of the main line
    decision_index: int = 0

    @property
    def game(self) -> str:
        return self.state.game

    @property
    def rules(self):
        return self.state.trick_rules

    def is_trump(self, c) -> bool:
        r = self.rules
        return r is not None and r.trump is not None and r.is_trump(c)

    def suit(self, c):
        return self.rules.suit_of(c)

    def opponents(self) -> list[int]:
        return [s for s in self.state.active_seats if s not in self.hero_side]

    @property
    def hero_won(self) -> bool:
        return self.winner in self.hero_side

    @property
    def hand(self) -> tuple:
        return tuple(self.state.hands[self.puzzle.hero])


def _trick_of(state_after_play, seat):
    """The (trick cards, winner) of the last finished trick that ``seat`` played to."""
    for _, cards, winner in reversed(state_after_play.tricks):
        if any(s == seat for s, _ in cards):
            return tuple(cards), winner
    return (), None


def facts_of(puzzle, decision, index: int = 0, main_line=None) -> Facts:
    """The facts of one decision found by the certifier."""
    from .solve import hero_side
    state = decision.state
    action = decision.play
    card = parse_card(action[5:]) if action.startswith("play ") else None
    lead = not getattr(state, "trick", ())
    led = None
    if not lead:
        led = state.trick_rules.suit_of(state.trick[0][1])
    after = state.copy()
    for a in (action,) + tuple(decision.reply):
        after.push(after.parse_action(a))
    cards, winner = ((), None)
    if state.trick_rules is not None:
        cards, winner = _trick_of(after, puzzle.hero)
    legal = tuple(parse_card(str(a)[5:]) for a in state.legal_actions()
                  if str(a).startswith("play "))
    end = None
    if main_line is not None:
        end = puzzle.start_state()
        for a in main_line:
            end.push(end.parse_action(a))
    return Facts(puzzle=puzzle, state=state, card=card, lead=lead, led=led, trick_cards=cards,
                 winner=winner, hero_side=hero_side(puzzle, state), legal=legal,
                 wrong_lines=list(decision.refutations.items()), main_after=end,
                 decision_index=index)


# ----------------------------------------------------------------------------- helpers
def _live(f: Facts) -> list[Card]:
    st = f.state
    out = [c for s in st.active_seats for c in st.hands[s]]
    out += [c for _, c in getattr(st, "trick", ())]
    return out


def _top_of_suit(f: Facts, c: Card) -> bool:
    """``c`` is the highest live card of its suit."""
    r = f.rules
    suit = r.suit_of(c)
    same = [x for x in _live(f) if r.suit_of(x) == suit]
    return all(x == c or r.beats(c, x, suit) for x in same)


def _would_win(f: Facts, c: Card) -> bool:
    """``c`` would beat every card already in the trick."""
    if f.lead:
        return True
    r = f.rules
    return all(r.beats(c, x, f.led) for _, x in f.state.trick)


def _end_trick_winner(state, line) -> int | None:
    st = state.copy()
    for a in line:
        st.push(st.parse_action(a))
    return st.tricks[-1][2] if st.tricks else None


def _bowers(f: Facts):
    trump = f.rules.trump
    right = Card(Rank.JACK, trump)
    left = next(c for c in f.rules.effective if f.rules.effective[c] == trump
                and c.rank is Rank.JACK) if f.rules.effective else None
    return right, left


# ----------------------------------------------------------------------------- detectors
def draws_trumps(f: Facts) -> bool:
    """Leads a trump while an opponent still holds one."""
    return (f.lead and f.card is not None and f.is_trump(f.card)
            and any(f.is_trump(c) for s in f.opponents() for c in f.state.hands[s]))


def ruffs(f: Facts) -> bool:
    """Plays a trump on a plain-suit lead (not over his partner's winning card: that is an
    overtake)."""
    return (not f.lead and f.card is not None and f.is_trump(f.card) and f.led is not None
            and f.led != f.rules.trump and _partner_winning(f) is None)


def ducks(f: Facts) -> bool:
    """Follows with a card that loses the trick although a legal card would win it now."""
    if f.lead or f.card is None or f.hero_won:
        return False
    return (not _would_win(f, f.card)) and any(_would_win(f, c) for c in f.legal)


def cashes_winner(f: Facts) -> bool:
    """Leads the highest card still out in its suit (a sure winner) and wins the trick."""
    return f.lead and f.card is not None and f.hero_won and _top_of_suit(f, f.card)


def throw_in(f: Facts) -> bool:
    """Leads a card that gives the trick away on purpose: the winner must lead next."""
    return (f.lead and f.card is not None and f.winner is not None and not f.hero_won
            and len(f.hand) >= 2)


def discards_instead_of_ruffing(f: Facts) -> bool:
    """Void in the suit led, keeps his trump and throws a plain card."""
    if f.lead or f.card is None or f.led is None or f.is_trump(f.card):
        return False
    void = not any(f.suit(c) == f.led for c in f.hand)
    return void and any(f.is_trump(c) for c in f.legal)


def euchre_right_bower(f: Facts) -> bool:
    right, _ = _bowers(f)
    return f.lead and f.card == right


def euchre_left_bower_ruffs(f: Facts) -> bool:
    _, left = _bowers(f)
    return ruffs(f) and f.card == left


def euchre_lone_hand(f: Facts) -> bool:
    return bool(f.state.alone) and f.puzzle.hero in f.state.alone


def forced_to_trump(f: Facts) -> bool:
    """Leads a plain suit that an opponent must trump (void, and the rules make him ruff or
    overtrump), so that trump is spent where it does the least good."""
    if not f.lead or f.card is None or f.is_trump(f.card):
        return False
    for s, c in f.trick_cards:
        if s in f.hero_side:
            continue
        if f.is_trump(c):
            return True
    return False


def wins_last_trick_ten(f: Facts) -> bool:
    """A wrong card would give away the last trick (and its 10 points) that the main line
    wins."""
    if f.main_after is None or not f.main_after.tricks:
        return False
    if f.main_after.tricks[-1][2] not in f.hero_side:
        return False
    return any(_end_trick_winner(f.state, line) not in f.hero_side for _, line in f.wrong_lines)


def raub_counts_to_two(f: Facts) -> bool:
    """The declarer needs exactly his two tricks and a wrong card leaves him one short."""
    st = f.state
    if st.game != "raub" or f.puzzle.hero != st.declarer or f.card is None:
        return False
    exact = f.puzzle.goal.target == st.need or f.puzzle.goal.preset == "declarer_makes"
    # he gives this trick up: two tricks are all he needs, and they come later
    return exact and f.winner is not None and f.winner != f.puzzle.hero


def lora_sheds(rank_char: str, suit: str | None = None):
    def detector(f: Facts) -> bool:
        c = f.card
        if c is None or f.winner is None or f.hero_won or c.rank.char != rank_char:
            return False
        if suit is not None and c.suit.value != suit:
            return False
        # thrown on another suit's trick, or led for someone else to win
        return f.lead or f.suit(c) != f.led
    return detector


def lora_unloads_high(f: Facts) -> bool:
    """Void in the suit led, throws away his highest card while it costs nothing."""
    if f.lead or f.card is None or f.hero_won or f.led is None:
        return False
    if any(f.suit(c) == f.led for c in f.hand):
        return False
    return f.card.rank.value >= max(c.rank.value for c in f.hand) and len(f.hand) >= 2


def lora_leads_low(f: Facts) -> bool:
    """Leads a card that someone else has to win."""
    return f.lead and f.card is not None and not f.hero_won and len(f.hand) >= 2


def lora_loses_last_trick(f: Facts) -> bool:
    """In King of hearts and last trick: a wrong card would leave the hero winning the last
    trick."""
    if f.state.contract not in ("king_hearts_last_trick",):
        return False
    if f.main_after is None or not f.main_after.tricks:
        return False
    if f.main_after.tricks[-1][2] == f.puzzle.hero:
        return False
    return any(_end_trick_winner(f.state, line) == f.puzzle.hero for _, line in f.wrong_lines)


def _start_rank_cards(f: Facts) -> list:
    r0 = f.state.start_rank
    hand = f.hand
    if r0 is None:
        return []
    return [c for c in hand if c.rank is r0]


def layout_holds_start_rank(f: Facts) -> bool:
    """Could open a new suit with a card of the start rank, and keeps it back."""
    st = f.state
    if st.contract != "lora" or f.card is None or st.start_rank is None:
        return False
    legal_starts = [c for c in f.legal if c.rank is st.start_rank]
    return (bool(legal_starts) and f.card.rank is not st.start_rank
            and any(_wrong_card(w) in legal_starts for w, _ in f.wrong_lines))


def layout_blocks(f: Facts) -> bool:
    """Keeps back a card that another player needs next on a pile (a block) and plays
    elsewhere, or passes the turn by holding it."""
    st = f.state
    if st.contract != "lora":
        return False
    from ..games import lora_layout
    needed = set(lora_layout.needed(st.piles, st.start_rank).values())
    held = [c for c in f.legal if c in needed and c != f.card]
    # releasing the block is one of the wrong cards
    return bool(held) and f.card is not None and any(_wrong_card(w) in held
                                                     for w, _ in f.wrong_lines)


def _wrong_card(text):
    try:
        return parse_card(text)
    except Exception:  # noqa: BLE001 - a pass
        return None


def layout_goes_out(f: Facts) -> bool:
    """The race to go out first: the hero's plan empties his hand first."""
    st = f.puzzle.goal
    return f.state.contract == "lora" and st.target is not None and \
        st.target <= f.state.rules.lora_out_points


def layout_opens_suit(f: Facts) -> bool:
    """Opens a new suit with a card of the start rank at the right moment."""
    st = f.state
    return (st.contract == "lora" and f.card is not None and st.start_rank is not None
            and f.card.rank is st.start_rank)


def _partner_winning(f: Facts):
    """The card winning the trick so far, when it is the hero's partner's (else None)."""
    if f.lead or not f.state.trick:
        return None
    r = f.rules
    cards = [c for _, c in f.state.trick]
    seat, best = f.state.trick[r.winner_index(cards)]
    return best if seat in f.hero_side and seat != f.puzzle.hero else None


def leads_to_partner(f: Facts) -> bool:
    """Leads a card for the partner to win (his ruff or his higher card)."""
    return (f.lead and f.card is not None and f.winner is not None
            and f.winner in f.hero_side and f.winner != f.puzzle.hero)


def overtakes_partner(f: Facts) -> bool:
    """Beats his partner's winning card to win the trick himself (to take the lead)."""
    best = _partner_winning(f)
    return best is not None and f.card is not None and f.winner == f.puzzle.hero


def lets_partner_win(f: Facts) -> bool:
    """Leaves the trick to his partner although he could beat his card."""
    best = _partner_winning(f)
    if best is None or f.card is None or f.winner == f.puzzle.hero:
        return False
    return any(_would_win(f, c) for c in f.legal)


def wins_cheaply(f: Facts) -> bool:
    """Wins the trick with a lower card while holding a higher one that would also win."""
    if f.lead or f.card is None or f.winner != f.puzzle.hero:
        return False
    r = f.rules
    led = f.led
    higher = [c for c in f.legal if c != f.card and r.beats(c, f.card, led) and _would_win(f, c)]
    return bool(higher)


def _points(f: Facts, c) -> int:
    from ..games import clabber
    return clabber.card_points(c, f.rules.trump)


def gives_partner_points(f: Facts) -> bool:
    """Clabber: throws a card worth many points (an ace or a ten) on his partner's trick."""
    if f.lead or f.card is None or f.winner not in f.hero_side or f.winner == f.puzzle.hero:
        return False
    return _points(f, f.card) >= 10 and any(_points(f, c) < _points(f, f.card) for c in f.legal)


def captures_points(f: Facts) -> bool:
    """Clabber: wins a trick holding an opponent's ace or ten."""
    if f.card is None or f.winner != f.puzzle.hero:
        return False
    return any(s not in f.hero_side and _points(f, c) >= 10 for s, c in f.trick_cards)


@dataclass(frozen=True)
class Theme:
    name: str
    detector: object
    nudge: str
    principle: str


def _t(name, detector, nudge, principle) -> Theme:
    return Theme(name, detector, nudge, principle)


_DRAW = _t("draw trumps", draws_trumps, "Who still holds trumps that could hurt you?",
           "Lead trumps to take the opponents' trumps out before you cash your side winners.")
_CASH = _t("cash the winner", cashes_winner, "Is there a card nobody can beat?",
           "Take a sure trick while you can, before the opponents can discard or ruff it.")
_DUCK = _t("duck", ducks, "Do you have to win this trick?",
           "Let the trick go to keep your high card for later, when it wins more.")
_THROW = _t("throw-in", throw_in, "What happens if you give the lead away?",
            "Give up a trick on purpose so that the opponent who wins it must lead into your "
            "strong cards.")
_RUFF = _t("ruff", ruffs, "Can you win this trick without following suit?",
           "When you have no card of the suit led, a trump wins the trick.")

_TO_PARTNER = _t("lead to your partner", leads_to_partner, "Which trick can your partner "
                 "win for you?", "Lead a card your partner can win, so that the lead passes "
                 "to him when you want it there.")
_OVERTAKE = _t("overtake", overtakes_partner, "Who should be on lead after this trick?",
               "Beat your partner's winning card when you need the lead yourself.")
_LET_PARTNER = _t("let partner win", lets_partner_win, "Is this trick already yours?",
                  "Your partner's card is winning: keep your high card for a trick he cannot "
                  "win.")
_CHEAP = _t("win as cheaply as you can", wins_cheaply, "Which of your winners do you need "
            "later?", "Win the trick with the lowest card that does it and keep the higher one.")

THEMES: dict[str, tuple[Theme, ...]] = {
    "euchre": (
        _t("lead the right bower", euchre_right_bower, "Which is the highest trump of all?",
           "The right bower (the jack of trumps) beats every card: lead it to draw trumps."),
        _t("the left bower ruffs", euchre_left_bower_ruffs,
           "Which of your cards belongs to the trump suit although it does not look like it?",
           "The left bower (the other jack of the same colour) is the second-highest trump."),
        _OVERTAKE, _LET_PARTNER,
        _t("keep the trump", discards_instead_of_ruffing, "Must you spend a trump here?",
           "Ruffing here does not help: throw a loser and keep your trump for a trick that "
           "needs it."),
        _DRAW, _THROW, _DUCK, _TO_PARTNER, _CHEAP, _CASH, _RUFF,
        _t("lone-hand ending", euchre_lone_hand, "Alone, every trick is yours to win: which "
           "card keeps the most tricks?", "Going alone, plan all the remaining tricks at once."),
    ),
    "clabber": (
        _t("forced overtrump", forced_to_trump, "Which suit is an opponent out of?",
           "In Clabber a player who cannot follow must trump, and over-trump when he can: lead "
           "that suit to make him spend his trump."),
        _t("the last-trick ten", wins_last_trick_ten, "Who will win the last trick?",
           "The last trick is worth 10 points: keep the card that wins it."),
        _t("give partner points", gives_partner_points, "Who is winning this trick?",
           "When your partner wins the trick, throw him your ace or ten: their points go to "
           "your side."),
        _t("capture the ten", captures_points, "Which trick holds the most points?",
           "Win the trick where the opponents' aces and tens fall."),
        _OVERTAKE, _LET_PARTNER, _DRAW, _THROW, _DUCK, _TO_PARTNER, _CHEAP, _CASH, _RUFF,
    ),
    "raub": (
        _t("must-trump endplay", forced_to_trump, "Which suit is an opponent out of?",
           "In Raub a player who cannot follow must trump: lead that suit to force his trump "
           "out where it does no harm."),
        _t("the declarer counts to two", raub_counts_to_two, "Count: where will your two "
           "tricks come from?", "The declarer needs two tricks: count them before you play "
           "and give up the rest."),
        _DRAW, _THROW, _DUCK, _CHEAP, _CASH, _RUFF,
    ),
    "lora": (
        _t("shed the queen", lora_sheds("Q"), "Which card would cost you most if you won it "
           "later?", "Get rid of a queen on a trick someone else wins: throw it when you "
           "cannot follow suit, or lead it under a higher card."),
        _t("shed the king of hearts", lora_sheds("K", "H"), "Which card would cost you most "
           "if you won it later?", f"Get rid of the {parse_card('KH').symbol} on a trick "
           "someone else wins."),
        _t("shed the jack of clubs", lora_sheds("J", "C"), "Which card would cost you most "
           "if you won it later?", f"Get rid of the {parse_card('JC').symbol} on a trick "
           "someone else wins: whoever takes it pays 8."),
        _t("lose the last trick", lora_loses_last_trick, "Who will win the last trick?",
           "The last trick costs 4: plan to leave it to someone else."),
        _t("duck", ducks, "Do you have to win this trick?",
           "Play a card lower than the one winning the trick, so someone else takes it."),
        _t("unload the high card", lora_unloads_high, "Which of your cards could win a "
           "trick later?", "When you cannot follow suit, get rid of your highest card: it is "
           "the one that would win a trick you do not want."),
        _t("give the lead away", lora_leads_low, "Can you make someone else win this trick?",
           "Lead a card another player has to beat, so the trick and the next lead go to "
           "him."),
        _t("hold back the start rank", layout_holds_start_rank, "Must you open a new suit "
           "now?", "A card of the start rank opens a suit for everyone: keep it until it "
           "helps you more than the others."),
        _t("block a suit", layout_blocks, "Which of your cards do the others need next?",
           "A card the others need next blocks its suit: while you keep it, they cannot "
           "play on that pile."),
        _t("open the suit", layout_opens_suit, "Which suit can you start?",
           "Start a new suit when its next cards are yours to play."),
        _t("the race to go out", layout_goes_out, "How many turns do you need to go out?",
           "Go out first: choose the order so that you never have to pass."),
    ),
}


LAYOUT_THEMES = ("hold back the start rank", "block a suit", "open the suit",
                 "the race to go out")


def theme(game: str, name: str) -> Theme:
    return next(t for t in THEMES[game] if t.name == name)


def detect(puzzle, cert) -> dict[int, tuple[str, ...]]:
    """The themes of each decision of a certificate (decision index -> names)."""
    out = {}
    for i, d in enumerate(cert.decisions):
        f = facts_of(puzzle, d, i, cert.line)
        found = []
        layout = f.state.trick_rules is None
        for t in THEMES[puzzle.game]:
            if t.name in LAYOUT_THEMES and not layout or layout and t.name not in LAYOUT_THEMES:
                continue
            try:
                if t.detector(f):
                    found.append(t.name)
            except (AttributeError, TypeError, StopIteration):   # a detector for another form
                continue
        out[i] = tuple(found)
    return out


def names(found: dict) -> list[str]:
    """All the themes of a puzzle, each once, in the order of its decisions."""
    out = []
    for i in sorted(found):
        for n in found[i]:
            if n not in out:
                out.append(n)
    return out


def facts_at(puzzle, before=(), play=None, wrong=()) -> Facts:
    """The facts of the hero's ``play`` after the actions ``before`` (a hand-built decision,
    e.g. for a test): the other seats answer as the solver does, each ``wrong`` card is
    played out with best play on both sides."""
    from .certify import DecisionFound
    from .solve import defence_reply, play_out
    state = puzzle.start_state()
    for a in before:
        state.apply(a)
    if state.to_move != puzzle.hero:
        raise ValueError("the hero is not on move there")
    d = DecisionFound(tuple(before), state.copy(), [], [], [], play=str(state.parse_action(play)))
    after = state.copy()
    after.apply(play)
    reply = []
    while after.to_move is not None and after.to_move != puzzle.hero:
        a = defence_reply(puzzle, after)
        after.push(a)
        reply.append(str(a))
    d.reply = tuple(reply)
    for w in wrong:
        st = state.copy()
        st.apply(f"play {w}")
        d.refutations[w] = [f"play {w}"] + play_out(puzzle, st)
    main = list(before) + [d.play] + reply
    rest = state.copy()
    for a in [d.play] + reply:
        rest.push(rest.parse_action(a))
    main += play_out(puzzle, rest)
    return facts_of(puzzle, d, 0, main)
