"""The play table: one learner's seat against bots, for every game of the registry.

    from tutor.widgets import PlayTable
    PlayTable("euchre", seed=3)                         # a whole game against basic bots
    PlayTable("lora", seed=5, contract="queens")        # practise one contract on fresh deals
    PlayTable("euchre", seed=1, guided=True)            # a teacher beside you in the first hand
    PlayTable("euchre", seed=1, decides={"bidding", "discard", "going alone"})   # play only

The table holds no rules: it renders what the learner's seat may see (``state.view(seat)``)
and sends actions; the engine decides what is legal and says why not. Every click calls a
handler (``click``, ``select``, ``hint``, ``undo``, ``next_hand``, ``retry``, ``show_deal``)
that tests and lessons may call directly; no exception ever escapes one of them.
"""

from __future__ import annotations

import random
import time
import zlib
from typing import Mapping

import ipywidgets as W

from .. import bots as bots_module
from .. import games, render
from ..bots import knowledge
from ..cards import Card, parse_card
from ..errors import TutorError
from ..games.actions import Action
from ..games.base import HandState
from ..games.checks import check_finite, check_seed, check_seat, check_whole_number, quote
from . import words
from .common import (CSS, Busy, StaticPicture, action_button, card_button, esc, safe,
                     sort_hand)
from .practice import PRACTICE, PracticeSeries, check_contract
from .review import HandReview
from .sheet import ScoreSheet, unit_words

__all__ = ["PlayTable"]

HINT_LEVELS = ("basic", "expert")
AUTO_SKIP = 12  # hands that end before the learner's first decision are dealt past, at most this many


def _stable_seed(seed) -> int:
    if isinstance(seed, int):
        return seed
    return zlib.crc32(str(seed).encode())


def check_decides(game: str, decides) -> dict[str, str | None]:
    """``decides=`` read into {topic: the lesson that teaches it, or None}; an unknown topic or
    a lesson that is not a word is refused, naming the game's topics."""
    if decides is None:
        return {}
    topics = games.module(game).DECISION_TOPICS
    listed = ", ".join(map(quote, topics))
    if isinstance(decides, str):
        decides = [decides]
    if isinstance(decides, Mapping):
        pairs = list(decides.items())
    elif isinstance(decides, (list, tuple, set, frozenset)):
        pairs = [(topic, None) for topic in decides]
    else:
        raise TutorError(f"decides must be a collection of decision topics such as "
                         f"{{{quote(topics[0])}}} or a mapping {{topic: lesson}}, not "
                         f"{quote(decides)}; the topics of {game.capitalize()} are: {listed}")
    out: dict[str, str | None] = {}
    for topic, where in pairs:
        name = topic.strip().lower().replace("_", " ") if isinstance(topic, str) else None
        if name not in topics:
            raise TutorError(f"{quote(topic)} is not a decision topic of {game.capitalize()}; "
                             f"the topics are: {listed}")
        if where is not None and not (isinstance(where, str) and where.strip()):
            raise TutorError(f"decides[{quote(topic)}] must name the lesson that teaches it "
                             f"(such as 'lesson 2') or be None, not {quote(where)}")
        out[name] = where.strip() if where is not None else None
    return out


class PlayTable(StaticPicture):
    """One learner's seat against bots, for any game.

    Arguments (all but ``game`` by keyword is clearest):

    * ``game``: ``"euchre"``, ``"lora"``, ``"raub"`` or ``"clabber"`` (ignored when ``state`` is
      given).
    * ``seat``: the learner's seat, 0 by default: "You (South)" in every game.
    * ``seed``: a whole number or a word; the same seed gives the same deals and the same bot
      decisions. ``None`` picks one at random (kept in ``table.seed``).
    * ``bots``: the bots' level, ``"random"``, ``"basic"`` (default) or ``"expert"``, for every
      other seat, or a mapping ``{seat: level}`` (seats left out play ``"basic"``).
    * ``rules``: the game's Rules, a preset name or a dict of options (None: the defaults).
    * ``guided``: in the learner's first hand, every decision shows the recommended choice and
      its reason before the learner acts; afterwards hints on request.
    * ``contract``: practise one situation on fresh seeded deals: a Lora contract
      (``"queens"``), Euchre ``"maker"`` or ``"against a lone hand"``, Raub ``"declarer"``,
      Clabber ``"bidder"`` (see :mod:`tutor.widgets.practice`).
    * ``hint_level``: ``"basic"`` (rules of thumb, instant) or ``"expert"`` (sampled deals
      solved, a second or more) for hints and the guide.
    * ``state``: play on from an existing hand state (a position, a replayed record); no match.
    * ``players``: the number of players where the game allows several (Raub 2-4, Euchre 2-4,
      Clabber 2/3/4/6).
    * ``dealer``: the first dealer's seat (None: chosen by the game's rules).
    * ``bot_budget``: seconds an expert bot may think per decision (None: its default).
    * ``review_budget``: the solver's node budget per card in the post-hand review.
    * ``background``: run the bots' moves in a background thread so the notebook stays free
      (default: only when a bot or the hint level is ``"expert"``); ``False`` runs them at once,
      which tests use. ``wait()`` blocks until the bots have moved.
    * ``decides``: decisions the table makes for the learner, so that an early lesson never asks
      for one it has not taught yet: a collection of decision topics (``{"bidding"}``), or a
      mapping of topic to the lesson that teaches it (``{"bidding": "lesson 2"}``). When the
      learner's seat faces one, the table plays the basic advice at once (no click) and says
      so in the message and the log: "You passed: the table chose this for you (lesson 2
      teaches bidding)." The topics are the game module's ``DECISION_TOPICS``
      (:func:`tutor.games.decision_topic`):

      - Euchre: ``"bidding"`` (both rounds, the blind call), ``"discard"`` (the dealer's
        exchange), ``"going alone"``, ``"calling for best"``, ``"play"``;
      - Raub: ``"dealing"`` (deal, pass the deal, Muss), ``"blind call"`` (Raub, Stih, look),
        ``"bidding"`` (declare, pass, turn), ``"seven exchange"``, ``"defending"`` (play or drop
        out), ``"drawing"``, ``"play"``;
      - Clabber: ``"bidding"``, ``"melds"`` (announcing them), ``"trumping"`` (a card under the
        duty to trump: a trump led and the learner holds one, or a plain suit led and he holds
        none of it), ``"play"`` (any other card);
      - Lora: ``"choosing"`` (the contract), ``"cut"``, ``"play"`` (a card to a trick),
        ``"layout"`` (a card or a pass in the layout), ``"last card"`` (the call).

      Undo takes back the learner's own decisions (and the table's after them); a decision
      the table made is not offered for "Retry from here". A hand that ends before the learner
      plays a card or decides anything himself is dealt past, as one that ends before his turn.
    """

    def __init__(self, game: str = "euchre", seat: int = 0, seed=None, bots="basic", rules=None,
                 guided: bool = False, contract=None, hint_level: str = "basic", state=None,
                 players=None, dealer=None, bot_budget: float | None = None,
                 review_budget: int = 300_000, background: bool | None = None, decides=None):
        # -- arguments, checked before anything is built --------------------------------
        if state is not None and not isinstance(state, HandState):
            raise TutorError(f"state must be a hand state such as games.new_hand('euchre', seed=1), "
                             f"not {quote(state)}")
        if state is None:
            games.module(game)  # names the games when unknown
            game = str(game).strip().lower()
        else:
            game = state.game
        check_seed(seed)
        if hint_level not in HINT_LEVELS:
            raise TutorError(f"hint_level must be one of {', '.join(map(quote, HINT_LEVELS))}, "
                             f"not {quote(hint_level)}")
        if not isinstance(guided, bool):
            raise TutorError(f"guided must be True or False, not {quote(guided)}")
        if background is not None and not isinstance(background, bool):
            raise TutorError(f"background must be True, False or None, not {quote(background)}")
        if bot_budget is not None:
            check_finite(bot_budget, "bot_budget (seconds)")
            if bot_budget <= 0:
                raise TutorError(f"bot_budget must be more than 0 seconds, not {quote(bot_budget)}")
        check_whole_number(review_budget, "review_budget", low=1)
        check_whole_number(seat, "seat", low=0)
        if contract is not None and state is not None:
            raise TutorError("give either a state or a practice contract, not both")
        self._decides: dict[str, str | None] = check_decides(game, decides)

        self.seed = random.randrange(1_000_000) if seed is None else seed
        self.game = game
        self.practice = None
        if state is not None:
            self.match = None
            self.state = state
        elif contract is not None:
            name = check_contract(game, contract, rules)
            if seat != 0:
                raise TutorError("practice by contract puts the learner in seat 0 (South)")
            self.practice = name
            self.match = PracticeSeries(game, name, seed=self.seed, rules=rules, players=players)
            self.state = self.match.current
        else:
            self.match = games.new_match(game, seed=self.seed, rules=rules, players=players,
                                         dealer=dealer)
            self.state = self.match.current
        n = self.state.players
        self.seat = check_seat(seat, n, name=self.state.seat_name, error=TutorError)
        levels = self._bot_levels(bots, n)
        base = _stable_seed(self.seed)
        self.bots = {}
        for s in range(n):
            if s == self.seat:
                continue
            options = {"budget": bot_budget} if levels[s] == "expert" and bot_budget is not None else {}
            self.bots[s] = bots_module.make(levels[s], s, seed=base * 10 + s, **options)
        self.hint_level = hint_level
        self.guided = guided
        self.review_budget = review_budget
        slow = "expert" in levels.values() or hint_level == "expert"
        self.busy = Busy(background=slow if background is None else background)

        # -- what the table remembers ------------------------------------------------------
        self.hand_number = 1
        self._first_hand = 1           # the hand the guide shows (hands dealt past do not count)
        self.message = ""
        self.message_kind = "note"
        self.hint_steps: list[str] = []
        self._hint = None
        self._hint_key = None
        self.guide = None              # the guide's advice for the current decision
        self._guide_key = None
        self._checkpoints: list[int] = []
        self.selected: set[Card] = set()
        self.skipped: list[str] = []   # hands that ended before the learner's first decision
        self.show_deal_open = False
        self.timings: list[float] = []
        self._last_traceback = None
        self._learner_acted = False
        self._busy_note = ""
        self.decided: dict[int, str] = {}   # action index -> topic, the table's decisions for the learner
        self._decided_notes: list[str] = []

        # -- widgets -----------------------------------------------------------------------
        self.style_box = W.HTML(CSS + render.STYLE)
        self.status = W.HTML()
        self.board = W.HTML()
        self.layout_box = W.VBox()
        self.panel = W.HTML()
        self.actions_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.cards_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.hint_button = action_button("Hint", None, self.hint,
                                         tip="Advice one step at a time: the principle, the idea, the move")
        self.undo_button = action_button("Undo", None, self.undo,
                                         tip="Take back your last decision and the replies to it")
        self.next_button = action_button("Next hand", None, self.next_hand, tip="Deal the next hand")
        self.deal_button = action_button("Show the deal", None, self.show_deal,
                                         tip="Every hand as it was dealt (after the hand)")
        for b in (self.hint_button, self.undo_button, self.next_button, self.deal_button):
            b.add_class("tutor-control")
        self.guide_box = W.HTML()
        self.hint_box = W.HTML()
        self.review = HandReview(self)
        self.sheet = ScoreSheet(self.match, learner=self.seat) if self.match is not None else None
        self.log_box = W.HTML()
        children = [self.style_box, self.status, self.board, self.layout_box, self.panel,
                    self.actions_box, self.cards_box,
                    W.HBox([self.hint_button, self.undo_button, self.next_button, self.deal_button]),
                    self.guide_box, self.hint_box, self.review.widget]
        if self.sheet is not None:
            children.append(self.sheet.widget)
        children.append(self.log_box)
        self.widget = W.VBox(children)
        self.widget.add_class("tutor-root")
        self.card_buttons: dict[Card, W.Button] = {}
        self.action_buttons: dict[str, W.Button] = {}
        self.layout_buttons: dict[str, W.Button] = {}
        self._row_key = None
        self._selectors: set[Card] = set()
        self._actions_key = None
        self._start_bots()

    @property
    def decides(self) -> dict[str, str | None]:
        """The decision topics the table makes for the learner, each with the lesson that
        teaches it (None: "a later lesson"). Setting it takes effect at once: a decision of the
        learner's now among them is made by the table."""
        return dict(self._decides)

    @decides.setter
    def decides(self, value) -> None:
        self._decides = check_decides(self.game, value)
        if self.state.to_move == self.seat and not self.busy.busy and self._topic_decided(self.state):
            self._start_bots()

    @staticmethod
    def _bot_levels(bots, n: int) -> dict:
        if isinstance(bots, str):
            if bots not in bots_module.LEVELS:
                raise TutorError(f"unknown bot level {quote(bots)}; the levels are: "
                                 f"{', '.join(bots_module.LEVELS)}")
            return {s: bots for s in range(n)}
        if isinstance(bots, Mapping):
            levels = {s: "basic" for s in range(n)}
            for s, level in bots.items():
                check_seat(s, n, what="bot seat", error=TutorError)
                if level not in bots_module.LEVELS:
                    raise TutorError(f"unknown bot level {quote(level)} for seat {s}; the levels "
                                     f"are: {', '.join(bots_module.LEVELS)}")
                levels[s] = level
            return levels
        raise TutorError(f"bots must be a level ('random', 'basic', 'expert') or a mapping "
                         f"{{seat: level}}, not {quote(bots)}")

    # ------------------------------------------------------------------ names
    def name(self, seat: int) -> str:
        """A seat as the learner reads it: "You (South)" for the learner, else its direction."""
        return words.seat_label(self.state.seat_name, seat, self.seat)

    # ------------------------------------------------------------------ handlers
    def _show_error(self, text: str) -> None:
        self.message, self.message_kind = text, "error"
        self._refresh()

    def _ignored_while_busy(self) -> bool:
        if self.busy.busy:
            mover = self.state.to_move
            who = self.name(mover) if mover is not None else "The table"
            self.message, self.message_kind = f"Wait a moment: {who} is thinking…", "busy"
            self._refresh_status()
            return True
        return False

    @safe
    def click(self, action) -> bool:
        """Play ``action`` (an Action or its canonical string) for the learner. Returns whether
        it was accepted; a refused action leaves the state unchanged and shows why. Ignored
        (False) while the bots are thinking."""
        if self._ignored_while_busy():
            return False
        started = time.perf_counter()
        with self.busy.lock:
            before = len(self.state.actions)
            try:
                self.state.apply(action, seat=self.seat)
            except TutorError as err:
                self.message, self.message_kind = f"Not allowed: {err}", "error"
                self._refresh()
                return False
            self._checkpoints.append(before)
            self._learner_acted = True
            self.selected = set()
            self.message = ""
        self._start_bots()
        self.timings.append(time.perf_counter() - started)
        return True

    @safe
    def select(self, card) -> bool:
        """Raub's draw: mark or unmark a card to throw away (then ``confirm_draw()``)."""
        if self._ignored_while_busy():
            return False
        card = card if isinstance(card, Card) else parse_card(card)
        if card not in self._selectable():
            self.message, self.message_kind = f"The {card.name} cannot be exchanged now.", "error"
            self._refresh()
            return False
        self.selected ^= {card}
        self.message = ""
        self._refresh()
        return True

    def draw_action(self) -> Action:
        """The exchange the selected cards make (``exchange 8C 7H``; none selected: keep all)."""
        return Action("exchange", tuple(sorted(self.selected)))

    @safe
    def confirm_draw(self) -> bool:
        """Raub's draw: throw away the selected cards and draw as many."""
        return self.click(self.draw_action())

    @safe
    def hint(self) -> str | None:
        """Reveal the next step of the hint ladder for the learner's decision: the principle,
        then the idea, then the move with its reason and the figures in words. Returns the
        step shown (None when it is not the learner's turn)."""
        if self._ignored_while_busy():
            return None
        if self.state.to_move != self.seat:
            self.message, self.message_kind = "No hint now: it is not your turn.", "note"
            self._refresh()
            return None
        key = self._decision_key()
        if self._hint is None or self._hint_key != key:
            if self.busy.background and self.hint_level == "expert":
                return self._hint_in_background(key)
            self._hint = self._advice()
            self._hint_key = key
            self.hint_steps = []
        ladder = self._hint.ladder
        if len(self.hint_steps) < len(ladder):
            self.hint_steps.append(ladder[len(self.hint_steps)])
            self.message = ""
        else:
            self.message, self.message_kind = ("That was the last step: the hint is complete "
                                               "(the move and its reason are shown)."), "note"
        self._refresh()
        return self.hint_steps[-1]

    def _hint_in_background(self, key) -> None:
        """An expert hint takes a second or more: work it out off the main thread, saying so,
        and show its first step when it is ready."""
        self._busy_note = "Working out a hint…"
        self.busy.busy = True
        self._refresh()

        def work():
            advice = self._advice()
            with self.busy.lock:
                if self._decision_key() == key:
                    self._hint, self._hint_key, self.hint_steps = advice, key, [advice.ladder[0]]

        self.busy.start(work, self._after_bots)
        return None

    @safe
    def undo(self) -> bool:
        """Take back the learner's last decision and everything the bots did after it (a
        finished hand reopens, and its score comes off the sheet until it ends again)."""
        if self._ignored_while_busy():
            return False
        if not self._checkpoints:
            self.message, self.message_kind = "There is nothing of yours to take back in this hand.", "note"
            self._refresh()
            return False
        with self.busy.lock:
            target = self._checkpoints.pop()
            while len(self.state.actions) > target:
                self.state.undo()
            # a decision the table now makes for the learner (decides= changed) is not
            # reopened: back to his decision before it, else the table makes it again
            while self._checkpoints and self._topic_decided(self.state):
                target = self._checkpoints.pop()
                while len(self.state.actions) > target:
                    self.state.undo()
            self._forget_decided()
            self.selected = set()
            self.show_deal_open = False
        self.message, self.message_kind = "Taken back: your last decision and the replies to it.", "note"
        if self._topic_decided(self.state):
            self._start_bots()
        else:
            self._refresh()
        return True

    @safe
    def retry(self, index: int) -> bool:
        """Reopen the hand at its ``index``-th action (one of the learner's, from the review):
        the learner's cards and everything that was known then, against the same bots."""
        if self._ignored_while_busy():
            return False
        if not any(seat == self.seat for seat, _ in self.state.actions):
            raise TutorError("there is no decision of yours in this hand to retry from yet")
        check_whole_number(index, "the action's number", low=0, high=len(self.state.actions) - 1)
        seat, _ = self.state.actions[index]
        if seat != self.seat:
            raise TutorError("you can retry only from one of your own decisions")
        if index in self.decided:
            raise TutorError(f"the table made that decision for you "
                             f"({words.topic(self.game, self.decided[index])} is taught later): "
                             f"retry from one of your own decisions")
        with self.busy.lock:
            while len(self.state.actions) > index:
                self.state.undo()
            self._forget_decided()
            self._checkpoints = [c for c in self._checkpoints if c < index]
            self.selected = set()
            self.show_deal_open = False
        self.message, self.message_kind = "Play it again from here.", "note"
        if self._topic_decided(self.state):   # decides= changed since: the table makes it now
            self._start_bots()
        else:
            self._refresh()
        return True

    @safe
    def show_deal(self) -> bool:
        """After the hand: show every hand as it was dealt."""
        if not self.state.is_over:
            self.message, self.message_kind = "The deal is shown once the hand is over.", "note"
            self._refresh()
            return False
        self.show_deal_open = not self.show_deal_open
        self._refresh()
        return True

    @safe
    def next_hand(self) -> bool:
        """Deal the next hand once the current one is over."""
        if self._ignored_while_busy():
            return False
        if self.match is None or not self.state.is_over or self.match.is_over:
            self.message, self.message_kind = (
                "Finish this hand first." if not self.state.is_over
                else "The game is over." if self.match is not None else "There are no more hands here."), "note"
            self._refresh()
            return False
        with self.busy.lock:
            self._deal_next()
            self.message = ""
        self._start_bots()
        return True

    def _deal_next(self) -> None:
        self.state = self.match.next_hand()
        self.hand_number += 1
        self._checkpoints = []
        self.decided = {}
        self._decided_notes = []
        self._learner_acted = False
        self.selected = set()
        self.show_deal_open = False
        self.guide = None
        self._guide_key = None

    def wait(self, timeout: float | None = 120.0) -> bool:
        """Wait until the bots have made their moves (tests, pictures)."""
        return self.busy.wait(timeout)

    # ------------------------------------------------------------------ the bots
    def _start_bots(self) -> None:
        state = self.state
        # the learner's move and the busy sign show at once, before any bot thinks
        self.busy.busy = state.to_move is not None and state.to_move != self.seat
        self._refresh()
        self.busy.start(self._run_bots, self._after_bots)

    def _run_bots(self) -> None:
        background = self.busy.background
        self._decided_notes = []
        while True:
            with self.busy.lock:
                state = self.state
                mover = state.to_move
                if mover is None:
                    if not self._skip_finished_hand():
                        return
                    continue
                topic = None
                if mover == self.seat:
                    topic = self._topic_decided(state)
                    if topic is None:
                        break
                view = state.view(mover)
            if topic is None:
                action = self.bots[mover].choose(view)
            else:   # a decision the lesson has not taught yet: the basic advice, played for the learner
                action = bots_module.hint(view, level="basic", seed=_stable_seed(self.seed)).action
            with self.busy.lock:
                if self.state is not state or state.to_move != mover:
                    # the state moved on while this bot thought (a click or a second run got
                    # in as the last run ended): look again rather than leave a bot's turn
                    # with nobody to play it
                    continue
                state.apply(action, seat=mover)
                if topic is not None:
                    self._note_decided(state, topic, action)
            if background:
                self._refresh()
        if self.guided and self.hand_number == self._first_hand:
            self._prepare_guide()

    def _topic_decided(self, state) -> str | None:
        """The topic of the learner's decision now if the table makes it for him, else None."""
        if not self._decides:
            return None
        topic = games.decision_topic(state)
        return topic if topic in self._decides else None

    def _note_decided(self, state, topic: str, action) -> None:
        self.decided[len(state.actions) - 1] = topic
        self._decided_notes.append(self.decided_sentence(topic, action))
        self.message, self.message_kind = " ".join(self._decided_notes), "note"

    def decided_sentence(self, topic: str, action) -> str:
        """What the learner reads when the table decides for him, e.g. "You passed: the table
        chose this for you (a later lesson teaches bidding)."."""
        where = self._decides.get(topic) or "a later lesson"
        return (f"{words.sentence(self.game, 'You', action)}: the table chose this for you "
                f"({where} teaches {words.topic(self.game, topic)}).")

    def _forget_decided(self) -> None:
        """Drop the table's decisions that were taken back."""
        n = len(self.state.actions)
        self.decided = {i: t for i, t in self.decided.items() if i < n}

    def _skip_finished_hand(self) -> bool:
        """A hand that ended before the learner's first decision (Raub's passed deal, an
        Euchre throw-in by everyone else) is noted and the next one dealt (at most
        ``AUTO_SKIP`` in a row). Returns whether a new hand was dealt."""
        if (self._learner_acted or self.match is None or self.match.is_over
                or len(self.skipped) >= AUTO_SKIP or self.state.to_move is not None):
            return False
        actions = self.state.actions
        if any(actions[i][1].verb == "play" and actions[i][1].cards for i in self.decided):
            return False   # the table played the learner's cards: the hand is his to see
        result = self.state.result()
        why = "; ".join(words.reason_words(self.game, r) for r in result.reasons)
        when = "before you played a card" if self.decided else "before your turn"
        self.skipped.append(f"Hand {self.hand_number} ended {when}: {why}.")
        if self._first_hand == self.hand_number:
            self._first_hand += 1
        self._deal_next()
        return True

    def _after_bots(self) -> None:
        self._busy_note = ""
        if self.message_kind == "busy":
            self.message = ""
        if self.busy.error:
            self.message, self.message_kind = f"A bot failed: {self.busy.error}", "error"
            self.busy.error = None
        elif (not self.busy.busy and self.state.to_move == self.seat
              and self._topic_decided(self.state)):
            # decides= changed while the bots were thinking: the table makes this one too
            self._start_bots()
            return
        self._refresh()

    def _prepare_guide(self) -> None:
        key = self._decision_key()
        if self.state.to_move == self.seat and self._guide_key != key:
            self.guide = self._advice()
            self._guide_key = key

    def _advice(self):
        return bots_module.hint(self.state.view(self.seat), level=self.hint_level,
                                seed=_stable_seed(self.seed))

    def _decision_key(self):
        return (id(self.state), len(self.state.actions))

    # ------------------------------------------------------------------ rendering
    def _refresh_status(self) -> None:
        with self.busy.lock:   # the bots' thread may be applying a move
            self.status.value = self._status_html(self.state.view(self.seat))

    def _refresh(self) -> None:
        with self.busy.lock:
            state = self.state
            view = state.view(self.seat)
            if self._hint_key != self._decision_key():
                self._hint, self.hint_steps = None, []
            self.status.value = self._status_html(view)
            self.board.value = self._board_html(view)
            self.panel.value = self._panel_html(view)
            self._build_layout(view)
            self._build_buttons(view)
            busy = self.busy.busy
            over = state.is_over
            self.undo_button.disabled = busy or not self._checkpoints
            self.hint_button.disabled = busy or state.to_move != self.seat
            self.next_button.disabled = busy or not (self.match is not None and over
                                                     and not self.match.is_over)
            self.deal_button.disabled = busy or not over
            self.deal_button.description = "Hide the deal" if self.show_deal_open else "Show the deal"
            self.guide_box.value = self._guide_html()
            self.hint_box.value = self._hint_html()
            self.review.refresh()
            if self.sheet is not None:
                self.sheet.refresh()
            self.log_box.value = self._log_html(view)

    # -- status line -------------------------------------------------------------------
    def _status_parts(self, view) -> list[str]:
        pub = view.public
        game = self.game
        parts = []
        if game == "euchre":
            parts += self._euchre_status(view)
        elif game == "clabber":
            parts += self._clabber_status(view)
        elif game == "raub":
            parts += self._raub_status(view)
        elif game == "lora":
            parts += self._lora_status(view)
        dealer = self.state.dealer
        parts.append(f"{self.name(dealer)} deal{'' if dealer == self.seat else 's'}")
        return [p for p in parts if p]

    def _maker_sentence(self, maker: int) -> str:
        for seat, action in reversed(self.state.actions):
            if seat == maker and action.verb in ("order_up", "accept", "name", "call", "declare",
                                                 "raub", "stih", "muss"):
                return words.sentence(self.game, self.name(maker), action)
        return f"{self.name(maker)} made trump"

    def _euchre_status(self, view) -> list[str]:
        pub, st = view.public, self.state
        parts = []
        if pub.get("trump"):
            parts.append(f"{words.suit_words(pub['trump']).split(' ', 1)[1].capitalize()} are trump")
        elif pub.get("up_card") and st.phase in ("bid1", "exchange"):
            parts.append(f"The up-card is the {parse_card(pub['up_card']).symbol}")
        elif st.phase == "bid2":
            parts.append(f"Round 2: any suit but {words.suit_words(pub['turned_down']).split(' ', 1)[1]} "
                         f"may be named" if pub.get("turned_down") else "Round 2 of the bidding")
        maker = pub.get("maker")
        if maker is not None:
            parts.append(self._maker_sentence(maker))
            alone = pub.get("alone") or []
            if alone:
                parts.append(", ".join(self.name(s) for s in alone) + " alone")
            if st.players == 4:
                mine = st.side_of(self.seat)
                makers = st.side_of(maker)
                won = pub.get("tricks_by_side", {})
                if st.phase == "play" or st.is_over:
                    parts.append(f"tricks: your side {won.get(mine, 0)}, theirs "
                                 f"{won.get('EW' if mine == 'NS' else 'NS', 0)}")
                if not st.is_over:
                    parts.append("your side needs 3 tricks" if mine == makers
                                 else "your side needs 3 tricks to euchre them")
        return parts

    def _clabber_status(self, view) -> list[str]:
        pub, st = view.public, self.state
        parts = []
        if pub.get("trump"):
            parts.append(f"{words.suit_words(pub['trump']).split(' ', 1)[1].capitalize()} are trump")
        elif pub.get("face_up"):
            parts.append(f"The face-up card is the {parse_card(pub['face_up']).symbol}"
                         + (" (round 2: call another suit or pass)" if pub.get("bid_round") == 2 else ""))
        maker = pub.get("maker")
        if maker is not None:
            parts.append(self._maker_sentence(maker))
            side = st.side_of(maker)
            parts.append(f"{unit_words(st, side, self.seat)} must score more than the other side")
            points = pub.get("card_points") or {}
            if points and (st.phase == "play" or st.is_over):
                parts.append("card points so far: " + ", ".join(
                    f"{unit_words(st, u, self.seat)} {v}" for u, v in points.items()))
        return parts

    def _raub_status(self, view) -> list[str]:
        pub, st = view.public, self.state
        parts = []
        if pub.get("trump"):
            parts.append(f"{words.suit_words(pub['trump']).split(' ', 1)[1].capitalize()} are trump")
        elif pub.get("face_up"):
            cards = " ".join(parse_card(c).symbol for c in pub["face_up"])
            parts.append(f"Face-up: {cards}")
        declarer = pub.get("declarer")
        if declarer is not None:
            kind = words.RAUB_KINDS.get(pub.get("kind"), "declared")
            parts.append(f"{self.name(declarer)} {kind} and needs {pub.get('need')} "
                         f"trick{'s' if pub.get('need') != 1 else ''}")
        dropped = pub.get("dropped") or []
        if dropped:
            parts.append(", ".join(self.name(s) for s in dropped) + " dropped out")
        mult = pub.get("multiplier") or 1
        if mult > 1:
            parts.append("this hand counts double" if mult == 2 else f"this hand counts {mult} times")
        refas = pub.get("refas") or 0
        if refas:
            parts.append(f"{refas} doubled hand{'s' if refas != 1 else ''} (refa) waiting")
        if st.phase == "play" or st.is_over:
            won = pub.get("tricks_won", {})
            parts.append("tricks: " + ", ".join(f"{self.name(s)} {won.get(s, 0)}"
                                                for s in (pub.get("active") or range(st.players))))
        return parts

    def _lora_status(self, view) -> list[str]:
        pub, st = view.public, self.state
        parts = []
        c = pub.get("contract")
        if c:
            parts.append(f"{words.contract('lora', c)}: {st._rule_text()}")
        else:
            parts.append(f"{self.name(st.chooser)} chooses the contract")
        if pub.get("hand_index") is not None and self.practice is None:
            parts.append(f"hand {pub['hand_index'] + 1} of {self.match.total_hands}"
                         if self.match is not None and hasattr(self.match, "total_hands") else "")
        running = self._lora_running(view)
        if running:
            parts.append(running)
        return parts

    def _lora_running(self, view) -> str:
        """The contract's running penalty from the tricks taken so far (the engine's own
        scoring applied to the cards won up to now); in the layout, cards left and passes."""
        st = self.state
        if st.phase != "play" and not st.is_over:
            return ""
        if st.contract == "lora":
            sizes = view.public.get("hand_sizes", {})
            passes = view.public.get("passes", {})
            return "cards left: " + ", ".join(
                f"{self.name(s)} {sizes.get(s, 0)}" + (f" ({passes.get(s)} pass{'es' if passes.get(s) != 1 else ''})"
                                                       if passes.get(s) else "") for s in range(4))
        if not st.tricks:
            return ""
        try:
            points = st._score_contract([], {})
        except Exception:  # a contract whose score needs the whole hand
            return ""
        return "so far: " + ", ".join(f"{self.name(s)} {words.signed(points[s])}" for s in range(4))

    def _status_html(self, view) -> str:
        st = self.state
        head = f"<b>{esc(st.game.capitalize())}</b>"
        if self.practice is not None:
            what = (words.contract("lora", self.practice) if self.game == "lora"
                    else PRACTICE[self.game][self.practice])
            head += f" · practice: {esc(what)} (hand {self.hand_number})"
        parts = " · ".join(esc(p) for p in self._status_parts(view))
        if self.busy.busy and st.to_move is not None and st.to_move != self.seat:
            turn = f'<span class="tutor-busy">{esc(self.name(st.to_move))} is thinking…</span>'
        elif self.busy.busy and self._busy_note:
            turn = f'<span class="tutor-busy">{esc(self._busy_note)}</span>'
        elif st.is_over:
            turn = '<span class="tutor-turn">The hand is over.</span>'
        elif st.to_move == self.seat:
            turn = (f'<span class="tutor-turn">Your turn, {esc(st.seat_name(self.seat))} — '
                    f'{esc(words.phase(self.game, st.phase))}.</span>')
        else:
            turn = f"{esc(self.name(st.to_move))} to act."
        msg = ""
        if self.message:
            cls = "tutor-msg-error" if self.message_kind == "error" else "tutor-msg-note"
            msg = f'<div class="{cls}">{esc(self.message)}</div>'
        skipped = "".join(f'<div class="tutor-small">{esc(s)}</div>' for s in self.skipped[-3:]) \
            if self.skipped and not self._learner_acted else ""
        return (f'<div class="tutor-status">{head} · {parts}<br>{turn}{msg}{skipped}</div>')

    # -- the board ------------------------------------------------------------------------
    def _seat_cell(self, view, seat: int) -> str:
        pub, st = view.public, self.state
        marks = []
        if seat == st.dealer:
            marks.append("dealer")
        maker = pub.get("maker", pub.get("declarer"))
        if maker == seat:
            marks.append("maker" if self.game in ("euchre", "clabber") else "declarer")
        if seat in (pub.get("alone") or []):
            marks.append("alone")
        if seat in (pub.get("sitting_out") or []):
            marks.append("sits out")
        if seat in (pub.get("dropped") or []):
            marks.append("dropped out")
        if seat == st.to_move:
            marks.append("to act")
        sizes = pub.get("hand_sizes", {})
        count = sizes.get(seat, 0)
        won = pub.get("tricks_won", {})
        bits = [f'<div class="tutor-seat">{esc(self.name(seat))}</div>']
        if seat != self.seat:
            bits.append(f'<div>{render.back_html(min(count, 8)) if count else ""}</div>')
        info = []
        if count and seat != self.seat:
            info.append(f"{count} card{'s' if count != 1 else ''}")
        layout = self.game == "lora" and pub.get("contract") == "lora"
        if not layout and (st.phase == "play" or st.is_over) and won:
            w = won.get(seat, 0)
            info.append(f"{w} trick{'s' if w != 1 else ''}")
        if marks:
            info.append(", ".join(marks))
        bits.append(f'<div class="tutor-small">{esc(" · ".join(info))}</div>')
        style = ' style="background:#fff7d6"' if seat == st.to_move else ""
        return f"<td{style}>{''.join(bits)}</td>"

    def _positions(self) -> dict:
        """Where each seat sits on screen, from its direction (the learner at the bottom)."""
        st = self.state
        where = {}
        for seat in range(st.players):
            name = st.seat_name(seat)
            where[seat] = {"South": "bottom", "North": "top", "West": "left", "East": "right"}.get(name)
        if None in where.values() or where.get(self.seat) != "bottom":
            order = ["bottom", "left", "top", "right"] if st.players == 4 else \
                ["bottom", "left", "right"] if st.players == 3 else ["bottom", "top"]
            where = {(self.seat + i) % st.players: order[i] for i in range(st.players)}
        return where

    def _trick_plays(self, trick):
        return [(s, parse_card(c)) for s, c in trick]

    def _board_html(self, view) -> str:
        pub, st = view.public, self.state
        where = self._positions()
        cell = {pos: "<td></td>" for pos in ("top", "left", "right", "bottom")}
        for seat, pos in where.items():
            cell[pos] = self._seat_cell(view, seat)
        centre = self._centre_html(view)
        last = self._last_trick_html(view)
        board = (f'<table class="tutor-board"><tr><td></td>{cell["top"]}<td></td></tr>'
                 f'<tr>{cell["left"]}<td style="min-width:16em">{centre}</td>{cell["right"]}</tr>'
                 f'<tr><td></td>{cell["bottom"]}<td></td></tr></table>')
        return (f'<div style="display:flex;gap:1.5em;align-items:flex-start;flex-wrap:wrap">'
                f'{board}<div>{last}{self._table_cards_html(view)}</div></div>')

    def _centre_html(self, view) -> str:
        pub = view.public
        if self.game == "lora" and pub.get("contract") == "lora":
            return '<div class="tutor-small">The layout is below.</div>'
        trick = pub.get("trick") or []
        if trick:
            plays = self._trick_plays(trick)
            n = len(pub.get("tricks") or []) + 1
            return (f'<div class="tutor-small">Trick {n}</div>'
                    + render.trick_html(plays, self.name))
        if self.state.phase == "play" and not self.state.is_over:
            return f'<div class="tutor-small">{esc(self.name(self.state.to_move))} leads the next trick.</div>'
        return ""

    def _last_trick_html(self, view) -> str:
        tricks = view.public.get("tricks") or []
        if not tricks:
            return ""
        lead, plays, winner = tricks[-1]
        plays = self._trick_plays(plays)
        card = next(c for s, c in plays if s == winner)
        return (f'<div class="tutor-lasttrick"><div class="tutor-small"><b>Last trick</b> '
                f'(trick {len(tricks)}): {esc(self.name(winner))} won it with the {esc(card.symbol)}</div>'
                + render.trick_html(plays, self.name, winner) + "</div>")

    def _table_cards_html(self, view) -> str:
        """Cards on the table that are not in a trick: Euchre's up-card, Clabber's face-up
        card, Raub's face-up, turned and dead cards."""
        pub, st = view.public, self.state
        items = []
        if self.game == "euchre" and pub.get("up_card"):
            status = {"face up": "face up", "taken": "picked up by the dealer", "left": "left on the kitty",
                      "turned down": "turned down"}.get(pub.get("up_card_status"), "")
            if st.phase not in ("play", "done") or status != "picked up by the dealer":
                items.append(("Up-card", [parse_card(pub["up_card"])], status))
        if self.game == "clabber" and pub.get("face_up") and st.phase == "bid":
            items.append(("Face-up card", [parse_card(pub["face_up"])], "proposes trump"))
        if self.game == "raub":
            face = [parse_card(c) for c in pub.get("face_up") or []]
            dead = [parse_card(c) for c in pub.get("dead") or []]
            bonus = pub.get("bonus_card")
            if face and st.phase not in ("play", "done"):
                items.append(("Face-up", face, "the bonus card goes to the declarer" if bonus else ""))
            if dead:
                items.append(("Dead cards", dead, "rejected as trump, out of the hand"))
            if pub.get("stock") is not None and st.phase not in ("predeal",):
                items.append(("Stock", [], f"{pub['stock']} cards"))
        html = []
        for title, cards, note in items:
            html.append(f'<div class="tutor-small"><b>{esc(title)}</b> {esc(note)}</div>'
                        f'<div>{render.cards_html(cards)}</div>')
        return "".join(html)

    # -- the Lora layout board -----------------------------------------------------------
    def _build_layout(self, view) -> None:
        pub = view.public
        if not (self.game == "lora" and pub.get("contract") == "lora" and self.state.phase == "play"
                or self.game == "lora" and self.state.is_over and pub.get("contract") == "lora"):
            if self.layout_box.children:
                self.layout_box.children = ()
            self.layout_buttons = {}
            return
        legal = {a.card: a for a in view.legal if a.verb == "play"}
        key = (tuple(sorted((k, tuple(v)) for k, v in (pub.get("layout") or {}).items())),
               tuple(sorted(map(str, legal))), self.busy.busy)
        if key == getattr(self, "_layout_key", None):
            return
        self._layout_key = key
        rows = [W.HTML('<div class="tutor-small"><b>The layout</b> — each suit is laid up from the '
                       'start rank; the dashed box is the rank it needs next. Your cards that fit '
                       'are clickable.</div>')]
        self.layout_buttons = {}
        from ..cards import Suit
        for suit in (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS):
            laid = [parse_card(c) for c in (pub.get("layout") or {}).get(suit.value, [])]
            need = (pub.get("next") or {}).get(suit.value)
            pile = render.cards_html(laid)
            label = f'<span class="tutor-seat" style="display:inline-block;width:1.5em">{suit.symbol}</span>'
            widgets = [W.HTML(label + pile)]
            fits = [c for c in legal if c.suit is suit]
            if fits:
                card = fits[0]
                button = card_button(card, legal[card], lambda a=legal[card]: self.click(a))
                button.disabled = self.busy.busy
                self.layout_buttons[str(legal[card])] = button
                widgets.append(button)
            elif need:
                widgets.append(W.HTML(f'<span class="tutor-slot">{esc(need if need != "T" else "10")}</span>'))
            rows.append(W.HBox(widgets, layout=W.Layout(align_items="center")))
        self.layout_box.children = tuple(rows)

    # -- the decision panel -----------------------------------------------------------------
    def _panel_html(self, view) -> str:
        st = self.state
        if st.to_move != self.seat or self.busy.busy:
            return ""
        text = self._prompt(view)
        return f'<div class="tutor-panel">{text}</div>' if text else ""

    def _prompt(self, view) -> str:
        """What the decision is and what each choice means, for the learner."""
        st, pub, game, phase = self.state, view.public, self.game, self.state.phase
        verbs = {a.verb for a in view.legal}
        if game == "euchre":
            rules = st.rules
            if phase == "bid1":
                up = parse_card(pub["up_card"]).symbol
                suit = words.suit_words(pub["proposed"]).split(" ", 1)[1]
                dealer = self.name(st.dealer)
                if "accept" in verbs:
                    return (f"Round 1. <b>Pick it up</b>: you take the {up} into your hand, discard a "
                            f"card, and {suit} are trump; <b>Pass</b>: round 2, where a suit is named.")
                return (f"Round 1. <b>Order up</b>: {suit} become trump and {esc(words.with_role(dealer, 'the dealer'))} "
                        f"picks up the {up}; your side must then win 3 tricks. <b>Pass</b>: the next "
                        f"player decides.")
            if phase == "exchange":
                return (f"You pick up the {parse_card(pub['up_card']).symbol}: click the card to "
                        f"discard (any of your cards or the up-card itself)."
                        + (" Or leave the up-card." if "leave" in verbs else ""))
            if phase == "bid2":
                down = pub.get("turned_down")
                return ("Round 2. <b>Name</b> a suit to make it trump (your side must then win 3 "
                        "tricks)" + (f", any suit but {words.suit_words(down)}" if down else "")
                        + (", or <b>Pass</b>." if "pass" in verbs else
                           " — as the dealer you must name one now (stick the dealer)."))
            if phase == "name_blind":
                return "The Joker was turned up: name trump before you look at your cards."
            if phase == "alone":
                maker = pub.get("maker")
                if maker is not None and maker % 2 == self.seat % 2:
                    return (f"<b>Go alone</b>: your partner lays down his cards and you play the "
                            f"five tricks by yourself; winning all five scores {rules.points_lone_march} "
                            f"instead of {rules.points_march}, but 3 or 4 tricks still score "
                            f"{rules.points_make} and being euchred costs {rules.lone_maker_euchred_points}. "
                            f"<b>Play with partner</b>: the usual hand.")
                euchre = max(rules.points_euchre, rules.lone_defender_euchre_points)
                sweep = max(rules.points_euchre, rules.lone_defender_sweep_points)
                gain = (f"euchring the makers alone scores {euchre}"
                        + (f" (together: {rules.points_euchre})" if euchre != rules.points_euchre else
                           ", as together")
                        + f", and taking all five tricks alone scores {sweep}")
                return (f"The other side made trump. <b>Go alone</b> (defend alone): your partner "
                        f"sits out and you defend by yourself; {gain}; but alone you are less "
                        f"likely to take the three tricks a euchre needs. <b>Play with partner</b>: "
                        f"defend together, as usual.")
            if phase == "call_for_best":
                return "Calling for best: choose the card to pass to your partner (or to discard)."
        if game == "clabber":
            if phase == "bid":
                face = parse_card(pub["face_up"]).symbol
                if pub.get("bid_round") == 1:
                    return (f"<b>Accept</b> makes the suit of the {face} trump and your side the "
                            f"makers, who must score more than the other side (card points, melds "
                            f"and the bell); <b>Pass</b> leaves it to the next player.")
                return ("Round 2: <b>call</b> another suit as trump (your side then must score more "
                        "than the other), or <b>pass</b>.")
            if "announce" in verbs:
                mine = view.private.get("declaration") or []
                shown = "; ".join(" ".join(parse_card(c).symbol for c in m) for m in mine) or "none"
                return ("Announce your melds (your melds: " + esc(shown) + "). Only the side with "
                        "the best single meld scores melds — all of its own; a higher kind beats a "
                        "lower one (a run of four beats a run of three), then the higher top card. "
                        "The winner shows the cards after the first trick.")
        if game == "raub":
            if phase == "predeal":
                return ("<b>Deal</b> the cards, or <b>Pass the deal</b> to your left (a refa is added: "
                        "a later hand counts double)" + (", or call <b>Muss</b>: a forced game nobody "
                                                         "may drop out of." if "muss" in verbs else "."))
            if phase == "blind":
                return ("Before looking at your cards you may call <b>Raub</b>: you are the declarer, "
                        "the face-up card's suit is trump and it is your bonus card; you need 2 tricks"
                        + (", or <b>Stih</b> (the face-up card is a seven): you need only 1 trick"
                           if "stih" in verbs else "") + ". Or <b>look</b> at your cards and bid normally.")
            if phase in ("bid1", "bid2", "dealer_choice"):
                extra = (" As the dealer you may also <b>turn</b> the next card of the stock to propose "
                         "its suit." if "turn" in verbs else "")
                return ("<b>Declare</b>: you play alone against the others with the proposed trump, "
                        "take the face-up card as your bonus card and need 2 tricks; <b>Pass</b>: the "
                        "next player decides." + extra)
            if phase == "seven":
                return ("You hold the seven of trumps: <b>exchange</b> it for the declarer's bonus "
                        "card, or keep your cards.")
            if phase == "defend":
                return ("<b>Play</b>: you defend and must win at least one trick (or lose 2 points); "
                        "<b>Drop out</b> (Idem): you sit this hand out and score nothing.")
            if phase == "draw":
                if "take" in verbs:
                    return "Choose the face-up card you take as your bonus card."
                low = min(len(a.cards) for a in view.legal)
                high = max(len(a.cards) for a in view.legal)
                return (f"Drawing: select the cards to throw away ({low} to {high}), then confirm; "
                        f"you draw as many from the stock"
                        + (" (and the bonus card joins your hand: you throw one more than you draw)"
                           if self._bonus_card() is not None else "") + ".")
        if game == "lora":
            if phase == "choose":
                rules = self.state.rules
                rows = "".join(f"<li><b>{esc(words.contract('lora', a.arg))}</b>: "
                               f"{esc(words.contract_rule(a.arg, rules))}</li>" for a in view.legal)
                return (f"Choose the contract for this hand (each is chosen once in the game); "
                        f"penalty points count against you:<ul>{rows}</ul>")
            if phase == "cut":
                return "<b>Cut</b>: the cards are dealt one at a time; <b>decline</b>: in packets of eight."
            if pub.get("contract") == "lora":
                if "pass" in verbs:
                    return "No card of yours fits the layout: you must pass."
                return "Lay a card that fits the layout (the clickable cards)."
        if phase == "play":
            trick = pub.get("trick") or []
            if not trick:
                return "Your lead."
            return "Follow suit if you can; the clickable cards are the ones the rules allow."
        return ""

    def _bonus_card(self):
        if self.game != "raub":
            return None
        st = self.state
        if st.phase == "draw" and st.to_move == self.seat and st._has_bonus_to_take(self.seat):
            return st.bonus
        return None

    # -- buttons ---------------------------------------------------------------------------
    def _selectable(self) -> set[Card]:
        view = self.state.view(self.seat)
        return {c for a in view.legal if a.verb == "exchange" for c in a.cards}

    def _build_buttons(self, view) -> None:
        legal = list(view.legal)
        busy = self.busy.busy
        tr = knowledge.trick_rules(view)
        drawing = self.game == "raub" and any(a.verb == "exchange" for a in legal)
        by_card: dict[Card, list[Action]] = {}
        others: list[Action] = []
        hand = list(view.hand)
        for action in legal:
            if action.verb != "exchange" and action.card is not None and action.card in hand \
                    and action.verb in ("play", "discard", "pass_card"):
                by_card.setdefault(action.card, []).append(action)
            elif not drawing or action.verb != "exchange":
                others.append(action)
        bonus = self._bonus_card() if drawing else None
        cards = sort_hand(hand, tr) + ([bonus] if bonus is not None else [])
        selectable = self._selectable() if drawing else set()
        row = []
        for card in cards:
            acts = by_card.get(card, [])
            action = acts[0] if len(acts) == 1 else None
            trump = tr is not None and tr.is_trump(card)
            row.append((card, str(action) if action else None, trump,
                        drawing and card in selectable))
        # buttons are rebuilt only when the cards or what they do change; the busy state and
        # Raub's selection are set on the existing buttons (no flicker, stable test handles)
        key = tuple(row)
        if key != self._row_key:
            self._row_key = key
            self.card_buttons = {}
            self._selectors = set()
            buttons = []
            for card, action_text, trump, can_select in row:
                action = next((a for a in by_card.get(card, []) if str(a) == action_text), None)
                if can_select:
                    b = card_button(card, None, lambda c=card: self.select(c), trump=trump)
                    b.tooltip = f"select {card}"
                    self._selectors.add(card)
                else:
                    b = card_button(card, action, (lambda a=action: self.click(a)) if action else None,
                                    trump=trump)
                if card == bonus:
                    b.description += " (bonus)"
                self.card_buttons[card] = b
                buttons.append(b)
            caption = self._hand_caption(view, tr)
            self.cards_box.children = tuple([W.HTML(caption)] + buttons) if caption else tuple(buttons)
        for card, b in self.card_buttons.items():
            selector = card in self._selectors
            b.disabled = busy or (not selector and b.tooltip == card.name)
            if selector:
                chosen = card in self.selected
                if chosen:
                    b.add_class("tutor-selected")
                else:
                    b.remove_class("tutor-selected")
                b.style.button_color = "#dbeafe" if chosen else (
                    "#fff3c4" if "tutor-trump" in b._dom_classes else "#ffffff")
        # other decisions
        akey = (tuple(map(str, others)), drawing)
        if akey != self._actions_key:
            self._actions_key = akey
            self.action_buttons = {}
            for action in others:
                if action.cards and action.verb in ("discard", "take", "pass_card"):
                    card = action.card
                    b = card_button(card, action, lambda a=action: self.click(a),
                                    label=f"{words.button(self.game, action, self.state)}")
                else:
                    b = action_button(words.button(self.game, action, self.state), action,
                                      lambda a=action: self.click(a))
                self.action_buttons[str(action)] = b
            if drawing:
                self.action_buttons["confirm"] = action_button("", None, self.confirm_draw)
            self.actions_box.children = tuple(self.action_buttons.values())
        for name, b in self.action_buttons.items():
            b.disabled = busy
        if drawing:
            act = self.draw_action()
            n = len(act.cards)
            confirm = self.action_buttons["confirm"]
            confirm.description = (f"Exchange the {n} selected card{'s' if n != 1 else ''}" if n
                                   else "Keep my hand (draw nothing)")
            confirm.tooltip = str(act)
            confirm.disabled = busy or act not in set(legal)

    def _hand_caption(self, view, tr) -> str:
        if not view.hand:
            if self.game == "raub" and self.state.phase in ("predeal", "blind"):
                return '<span class="tutor-small">Your hand (not looked at yet) </span>'
            return ""
        if tr is not None and tr.trump is not None:
            return ('<span class="tutor-small">Your hand — trumps first, shaded gold: </span>')
        return '<span class="tutor-small">Your hand: </span>'

    # -- guide and hints --------------------------------------------------------------------
    def _advice_html(self, h) -> str:
        text = f"<b>{esc(words.button(self.game, h.action, self.state))}</b> — {esc(h.reason)}"
        for note in h.notes:
            text += f'<div class="tutor-small">Note: {esc(note)}</div>'
        if h.reminder:
            text += f'<div class="tutor-small">Rule: {esc(h.reminder)}</div>'
        return text

    def _guide_html(self) -> str:
        if not (self.guided and self.hand_number == self._first_hand and self.guide is not None
                and self._guide_key == self._decision_key() and self.state.to_move == self.seat
                and not self.busy.busy):
            return ""
        return (f'<div class="tutor-guide"><b>Your teacher suggests:</b> '
                f'{self._advice_html(self.guide)}</div>')

    def _hint_html(self) -> str:
        h = self._hint
        if h is None or not self.hint_steps:
            return ""
        items = []
        last = len(h.ladder) - 1
        for i, step in enumerate(self.hint_steps):
            items.append(f"<li>{self._advice_html(h) if i == last else esc(step)}</li>")
        done = len(self.hint_steps) == len(h.ladder)
        tail = ('<div class="tutor-small">That is the whole hint.</div>' if done else
                f'<div class="tutor-small">Click Hint again for step {len(self.hint_steps) + 1} '
                f'of {len(h.ladder)}.</div>')
        return f'<div class="tutor-hint"><b>Hint</b><ol>{"".join(items)}</ol>{tail}</div>'

    # -- the log ----------------------------------------------------------------------------
    def log_lines(self, view=None) -> list[str]:
        """The play log in words: every action so far, tricks as one line each with their
        winner ("Trick 2 — East led the K♠, ...; South won it with the J♥")."""
        view = view or self.state.view(self.seat)
        st, pub = self.state, view.public
        verbs = st.VERBS
        layout = self.game == "lora" and pub.get("contract") == "lora"
        tricks = [(t[0], self._trick_plays(t[1]), t[2]) for t in (pub.get("tricks") or [])]
        if pub.get("trick"):
            current = self._trick_plays(pub["trick"])
            tricks.append((current[0][0], current, None))
        lines: list[str] = []
        trick_at: dict[int, int] = {}
        t, filled = 0, 0
        chosen = {c for i in self.decided if i < len(st.actions)
                  for c in st.actions[i][1].cards if st.actions[i][1].verb == "play"}
        for number, (seat, text) in enumerate(view.history):
            action = words.history_action(self.game, verbs, text)
            who = self.name(seat)
            by_table = " (the table chose this for you)" if number in self.decided else ""
            if action.verb == "play" and action.cards and not layout and t < len(tricks):
                if filled == 0:
                    trick_at[len(lines)] = t
                    lines.append("")
                filled += 1
                if filled == len(tricks[t][1]) and tricks[t][2] is not None:
                    t, filled = t + 1, 0
                continue
            if layout and action.verb == "play" and action.cards:
                lines.append(f"{who} laid the {action.cards[0].symbol}{by_table}")
                continue
            if not action.cards and action.verb in ("discard", "pass_card", "exchange"):
                lines.append(words.hidden_sentence(self.game, who, action) + by_table)
                continue
            try:
                lines.append(words.sentence(self.game, who, action) + by_table)
            except TutorError:
                lines.append(f"{who}: {action.verb.replace('_', ' ')}{by_table}")
        extra = self._clabber_events(pub) if self.game == "clabber" else {}
        for index, number in trick_at.items():
            lead, plays, winner = tricks[number]
            first = plays[0]
            mark = {c: " (chosen by the table)" for s, c in plays if s == self.seat and c in chosen}
            said = [f"{self.name(first[0])} led the {first[1].symbol}{mark.get(first[1], '')}"]
            said += [f"{self.name(s)} {'played the ' if i == 0 else 'the '}{c.symbol}{mark.get(c, '')}"
                     for i, (s, c) in enumerate(plays[1:])]
            line = f"Trick {number + 1} — " + ", ".join(said)
            if winner is not None:
                card = next(c for s, c in plays if s == winner)
                line += f"; {self.name(winner)} won it with the {card.symbol}"
            lines[index] = line
        if extra:
            # Clabber's meld comparison, shows and the bell come after the trick they follow
            placed = []
            by_trick = {number: index for index, number in trick_at.items()}
            for index, line in enumerate(lines):
                if by_trick.get(0) == index:
                    placed.extend(extra.pop(0, []))   # announced during the first trick
                placed.append(line)
                number = next((n for n, i in by_trick.items() if i == index), None)
                if number is not None:
                    placed.extend(extra.pop(number + 1, []))
            for rest in extra.values():
                placed.extend(rest)
            lines = placed
        if st.is_over:
            lines.append("The hand is over: " + "; ".join(
                words.reason_words(self.game, r) for r in st.result().reasons))
        return lines

    def _clabber_events(self, pub) -> dict[int, list[str]]:
        """Clabber's announcements, meld comparison, shows and bell in words, keyed by the
        number of tricks finished before them."""
        out: dict[int, list[str]] = {}
        done = 0
        for event in pub.get("events") or []:
            kind = event[0]
            if kind == "trick":
                done += 1
                continue
            text = ""
            if kind == "announce" and event[2]:
                text = f"{self.name(event[1])} announced {words.melds(' '.join(event[2]))}"
            elif kind == "melds" and event[1] is not None:
                text = (f"{unit_words(self.state, event[1], self.seat)} hold the best meld: only "
                        f"their melds count")
            elif kind == "show":
                cards = " ".join(parse_card(c).symbol for c in event[2])
                text = f"{self.name(event[1])} showed {cards}"
            elif kind == "bell":
                text = f"{self.name(event[1])} rang the bell (king and queen of trumps): 20 points"
            if text:
                out.setdefault(done, []).append(text)
        return out

    def _log_html(self, view) -> str:
        items = "".join(f"<li>{esc(line)}</li>" for line in self.log_lines(view))
        return (f'<div class="tutor-small"><b>The play so far</b></div>'
                f'<div class="tutor-log"><div><ol>{items}</ol></div></div>')

    # ------------------------------------------------------------------ static picture
    def static_html(self) -> str:
        """What the learner's seat sees, as HTML (the hand as card faces, no other hidden card)."""
        view = self.state.view(self.seat)
        tr = knowledge.trick_rules(view)
        hand = sort_hand(view.hand, tr)
        faces = "".join(render.card_html(c, highlight=tr is not None and tr.trump is not None
                                         and tr.is_trump(c)) for c in hand)
        layout = ""
        if self.game == "lora" and view.public.get("contract") == "lora":
            extras = getattr(games.module("lora"), "view_html_extras")
            layout = "".join(extras(view))
        parts = [CSS, render.STYLE, '<div class="tutor-root">', self._status_html(view),
                 self._board_html(view), layout, self._panel_html(view),
                 f'<div>{self._hand_caption(view, tr)}{faces}</div>',
                 self._guide_html(), self._hint_html(), self.review.static_html()]
        if self.sheet is not None:
            parts.append(self.sheet.static_html())
        parts.append(self._log_html(view))
        parts.append("</div>")
        return "".join(parts)

    def summary(self) -> str:
        view = self.state.view(self.seat)
        st = self.state
        hand = " ".join(c.symbol for c in sort_hand(view.hand, knowledge.trick_rules(view)))
        status = " · ".join(self._status_parts(view))
        if st.is_over:
            turn = "the hand is over"
        elif st.to_move == self.seat:
            turn = "your turn: " + ", ".join(words.button(self.game, a, st) for a in view.legal[:8]) \
                + (" …" if len(view.legal) > 8 else "")
        else:
            turn = f"{self.name(st.to_move)} to act"
        lines = [f"{st.game.capitalize()} play table — {status}", f"Your hand: {hand or '—'}",
                 turn[0].upper() + turn[1:] + "."]
        if self.decided and self._decided_notes and self.message == " ".join(self._decided_notes):
            lines.append(self.message)
        if self.match is not None:
            lines.append(self.sheet.summary())
        return "\n".join(lines)
