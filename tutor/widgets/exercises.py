"""Exercises for lessons: small questions checked by the engine, with immediate feedback.

    from tutor.widgets import Lesson, PickCards, WhoWins, ScoreIt, Decide, Quiz
    lesson = Lesson("euchre/02-ordering-up")     # <game>/<notebook name without .ipynb>
    PickCards(state, lesson=lesson, id="follow-1")          # "Click every card you may play"
    WhoWins(state, lesson=lesson, id="winner-1")            # who took the last completed trick?
    ScoreIt(state, lesson=lesson, id="score-1")             # a finished hand: points, for whom
    Decide(state.view(0), "Order up or pass?", lesson=lesson, id="bid-1",
           level="expert", samples=32, margin=0.1)          # a settled bidding or play decision
    Quiz("Which card is the highest trump?", ["J♥", "J♦", "A♥"], answer="J♥",
         explanations=["...", "...", "..."], lesson=lesson, id="order-1")
    lesson.summary()                                        # last cell: "7 of 8 right first time"

What each one asks and how it is checked (never against an answer typed into the notebook):

* ``PickCards(state, seat=None)`` — the seat to act (default ``state.to_move``) clicks every
  card it may play, then *Check*. Right when the chosen cards are exactly those of
  ``state.legal_actions()``; each wrong card gets the engine's own refusal (``apply`` tried on a
  copy of the state), each missed card is named.
* ``WhoWins(state, trick=-1)`` — the state's last *completed* trick (``state.tricks[trick]``),
  shown without its winner: the learner clicks the seat that takes it. Checked by the game's
  trick rules (``state.trick_rules.winner_index``); the feedback says why in words.
* ``ScoreIt(state, choices=None)`` — a finished hand (``state.is_over``): for every scoring unit
  (a side, or a seat) the learner picks the points it scores (``choices``, default 0 to 4 or the
  largest score), then *Check*. Checked against ``state.result()``; then the scoring row in words.
* ``Decide(view, question, level="expert", samples=32, margin=0.0, seed=0)`` — one decision of
  the seat of ``view`` (a bid, a discard, a card). The level's advice (``bots.hint``) decides:
  the learner is right when the value of his choice is within ``margin`` (in the game's units,
  e.g. points) of the best; with ``level="basic"`` only the rule of thumb's own choice is right.
  Afterwards it shows the expert's choice, the hint ladder and the figures in words. Use it only
  where the answer is settled: :func:`settle` evaluates the decision with several seeds and says
  whether the best choice is the same every time and its lead is clear of the sampling error;
  the course tests run it on every ``Decide`` of every lesson. The evaluation runs when the
  learner first answers (about a second), never while the lesson is opened.
* ``Quiz(question, options, answer, explanations)`` — multiple choice for facts; ``answer`` is
  one of the ``options`` (or its index), ``explanations`` one text per option (a list in the
  same order, or a dict). Compute the answer with the engine in the cell where you can
  (``answer=euchre.trump_order("H")[0].symbol``), so the lesson fails if the rules change.

Every exercise answers at once, may be tried again (*Try again*), reveals its answer with
*Show me* (it then no longer counts as right first time) and records each try in its
:class:`Lesson` and in the learner's progress file (:class:`tutor.progress.Store`). All controls
are ordinary buttons: *Tab* moves between them, *Enter* or *Space* presses one. Buttons carry the
DOM classes ``tutor-exercise`` (the whole exercise), ``tutor-card`` (a card), ``tutor-action``
(any other choice) and, as tooltip, the canonical action string (``play JH``, ``order_up``) or the
choice's text.

Static pictures: each exercise's ``_repr_mimebundle_`` gives ``text/html`` and ``text/plain``
with the question only (what the learner's seat may see), so nbval compares them and books show
them; ``teacher=True``, or building a book's teacher edition (:func:`tutor.edition.is_teacher`),
puts :meth:`Exercise.teacher_html` there instead, with the answer. Under nbval nothing is
answered, so a lesson's outputs never depend on a learner's record:
:meth:`Lesson.summary` reports this run's answers only (the course index reads the stored record).

``settle(view, level="expert", samples=32, margin=0.0, seeds=(0, 1, 2, 3))`` returns a
:class:`Settlement`: settled when every seed accepts the same options (those within ``margin`` of
the best) and the lead of the worst accepted over the best rejected option is positive in every
run and above three standard deviations of its spread across the seeds. ``Decide.settle()`` runs
it with the exercise's own level, samples and margin; a course test should assert it for every
``Decide`` (see ``tests/lessons/test_euchre_course.py``). Choose situations a modest sample
settles (24-32 deals, a second or two per seed); the helper refuses coin flips, e.g. ordering up
a good hand from the dealer's left, where passing and defending is worth about as much.

Two pictures for the steps between exercises: ``SeatView(state, seat=0)`` (what one seat sees:
its cards, the backs of the others, the up-card, the trick) and ``Deal(state)`` (every hand face
up, for the teacher's explanation of a whole deal).
"""

from __future__ import annotations

import html
import statistics
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

import ipywidgets as W

from .. import bots as bots_module
from .. import render
from . import common, words
from ..cards import Card, parse_card
from ..edition import is_teacher
from ..errors import CardError, IllegalAction, TutorError
from ..games.actions import Action
from ..games.base import HandState, View

__all__ = ["Lesson", "LessonSummary", "Exercise", "PickCards", "WhoWins", "ScoreIt", "Decide",
           "Quiz", "Settlement", "settle", "SeatView", "Deal", "KEYS_NOTE"]

KEYS_NOTE = "Keyboard: Tab moves between the buttons, Enter or Space presses one."
_EVAL_BUDGET = 600.0     # seconds: the sample count, not the clock, ends an evaluation
_RIGHT = "#0a6b2a"
_WRONG = "#a00000"


# --------------------------------------------------------------------------- the lesson
class Lesson:
    """One lesson's exercises and this run's answers.

    ``name`` is ``"<game>/<notebook name>"`` (``"euchre/02-ordering-up"``); every exercise given
    ``lesson=`` registers here under its ``id``. Each answer is recorded at once in ``store``
    (default: ``tutor.progress.Store()``, opened at the first answer), so the course index can
    show what the learner has done; :meth:`summary` shows this run's answers only.
    """

    def __init__(self, name: str, store=None):
        if not isinstance(name, str) or name.count("/") != 1 or not all(name.split("/")):
            raise TutorError(f"a lesson is named '<game>/<notebook>', e.g. 'euchre/02-ordering-up', "
                             f"not {name!r:.60}")
        self.name = name
        self.game = name.split("/")[0]
        self._store = store
        self.exercises: dict[str, Exercise] = {}
        self.answers: dict[str, dict] = {}
        self.store_error = ""

    @property
    def store(self):
        if self._store is None:
            from ..progress import Store
            self._store = Store()
        return self._store

    def add(self, exercise: "Exercise") -> None:
        """Register an exercise (a cell run again replaces its earlier widget)."""
        self.exercises[exercise.id] = exercise

    def record(self, exercise_id: str, correct: bool) -> dict:
        """One try at an exercise: kept for :meth:`summary` and written to the store."""
        entry = self.answers.setdefault(exercise_id, {"first_try": bool(correct), "tries": 0,
                                                      "solved": False})
        entry["tries"] += 1
        entry["solved"] = entry["solved"] or bool(correct)
        try:
            self.store.record_exercise(self.name, exercise_id, bool(correct))
        except (OSError, TutorError) as err:   # the lesson goes on without a record
            self.store_error = f"your progress could not be saved ({err})"
        return dict(entry)

    def right_first_time(self) -> list[str]:
        return [i for i in self.exercises if self.answers.get(i, {}).get("first_try")]

    def to_revisit(self) -> list["Exercise"]:
        """Exercises answered wrongly first, revealed, or not answered yet, in lesson order."""
        return [ex for i, ex in self.exercises.items() if not self.answers.get(i, {}).get("first_try")]

    def summary(self) -> "LessonSummary":
        """The last cell of a lesson: how many exercises were right first time, what to revisit.
        Marks the lesson completed in the store once every exercise is solved."""
        done = bool(self.exercises) and all(self.answers.get(i, {}).get("solved")
                                            for i in self.exercises)
        if done:
            try:
                self.store.complete_lesson(self.name)
            except (OSError, TutorError) as err:
                self.store_error = f"your progress could not be saved ({err})"
        return LessonSummary(self)


class LessonSummary:
    """The picture :meth:`Lesson.summary` returns (computed when the cell runs)."""

    def __init__(self, lesson: Lesson):
        self.lesson = lesson
        self.total = len(lesson.exercises)
        self.answered = sum(1 for i in lesson.exercises if i in lesson.answers)
        self.right = len(lesson.right_first_time())
        self.revisit = lesson.to_revisit()

    def lines(self) -> list[str]:
        n = self.total
        if not n:
            return ["This lesson has no exercises."]
        if not self.answered:
            return [f"This lesson has {n} exercise{'s' if n != 1 else ''}; you have not answered "
                    f"any in this session yet. Work through them above, then run this cell again."]
        out = [f"{self.right} of {n} right first time."]
        if self.answered < n:
            out.append(f"{n - self.answered} not answered yet.")
        if self.revisit:
            out.append("Worth another look: " + "; ".join(ex.title for ex in self.revisit) + ".")
        else:
            out.append("Nothing to revisit: well done.")
        if self.lesson.store_error:
            out.append(f"Note: {self.lesson.store_error}.")
        return out

    def __repr__(self) -> str:
        return "\n".join(self.lines())

    def _repr_mimebundle_(self, include=None, exclude=None):
        lines = self.lines()
        body = f"<b>{html.escape(lines[0])}</b>" + "".join(
            f"<div>{html.escape(line)}</div>" for line in lines[1:])
        return {"text/html": f'<div class="tutor-summary">{body}</div>', "text/plain": repr(self)}


# --------------------------------------------------------------------------- the exercise
def _button(label: str, tooltip: str, kind: str, handler, selected: bool = False) -> W.Button:
    """A choice or a control (``tutor-action``) through the shared button maker."""
    button = common.action_button(label, None, handler, tip=tooltip,
                                  style="info" if selected else "")
    if selected:
        button.add_class("tutor-selected")
    return button


_HIDDEN_FACTS = {"tricks by side"}     # shown per seat in the picture; its keys are side codes


def _facts(view, seat_name) -> list[tuple[str, str]]:
    return [(k, v) for k, v in render.view_facts(view, seat_name) if k not in _HIDDEN_FACTS]


def _seat_namer(state_or_view):
    if isinstance(state_or_view, HandState):
        return state_or_view.seat_name
    from .. import games
    names = games.module(state_or_view.game).State.SEAT_NAMES.get(state_or_view.players)
    return (lambda s: names[s]) if names else (lambda s: f"Player {s + 1}")


def action_words(action: Action, game: str | None = None) -> str:
    """An action as a learner reads it: ``Order up``, ``Play J♥``, ``Name ♠`` (the table's own
    button words when the game is given)."""
    if game is not None:
        try:
            text = words.button(game, action)
            return f"Play {text}" if action.verb == "play" and action.cards else text
        except TutorError:
            pass
    text = bots_module.describe(action)
    return text[:1].upper() + text[1:]


class Exercise(common.StaticPicture):
    """What every exercise shares: registration, tries, feedback, *Try again*, *Show me*, the
    widget and the static picture. Subclasses define the question, the choices and the check.

    Buttons call their handler through :meth:`_press`, so no exception ever escapes a click: a
    mistake is shown in the feedback. Called directly (tests, lesson code) the handlers raise
    :class:`TutorError` for bad input."""

    kind = "exercise"

    def __init__(self, lesson: Lesson | None, id: str | None, prompt: str, title: str | None,
                 teacher: bool):
        if lesson is not None and not isinstance(lesson, Lesson):
            raise TutorError("lesson= takes a Lesson, e.g. Lesson('euchre/02-ordering-up')")
        if lesson is not None and (not isinstance(id, str) or not id.strip()):
            raise TutorError(f"an exercise of a lesson needs an id, e.g. id='follow-1' "
                             f"(in {lesson.name})")
        self.lesson = lesson
        self.id = id or self.kind
        self.prompt = prompt
        self.title = title or prompt
        self.teacher = bool(teacher) or is_teacher()   # the teacher edition of a book
        self.tries = 0
        self.first_try: bool | None = None
        self.solved = False
        self.shown = False
        self.message = ""          # the last feedback, HTML
        self._build()
        if lesson is not None:
            lesson.add(self)

    # -- what subclasses provide ---------------------------------------------------------
    def question_html(self) -> str:
        raise NotImplementedError

    def question_text(self) -> str:
        raise NotImplementedError

    def answer_html(self) -> str:
        raise NotImplementedError

    def answer_text(self) -> str:
        raise NotImplementedError

    def _choices(self) -> list[W.Widget]:
        return []

    def _needs_check_button(self) -> bool:
        return False

    def _check(self):  # -> (correct, message html)
        raise NotImplementedError

    def _clear_choice(self) -> None:
        pass

    # -- handlers (what the buttons call) ------------------------------------------------
    def check(self) -> bool:
        """Check the learner's current answer; returns whether it is right."""
        try:
            result = self._check()
        except TutorError as err:
            self.message = f'<div style="color:{_WRONG}">{html.escape(str(err))}</div>'
            self._refresh()
            return False
        if result is None:      # nothing chosen yet
            self._refresh()
            return False
        correct, text = result
        self.tries += 1
        if self.first_try is None:
            self.first_try = correct and not self.shown
        self.solved = self.solved or correct
        if self.lesson is not None:
            self.lesson.record(self.id, correct)
        mark = "Right!" if correct else "Not quite."
        colour = _RIGHT if correct else _WRONG
        self.message = f'<div style="color:{colour}"><b>{mark}</b> {text}</div>'
        self._refresh()
        return correct

    def retry(self) -> None:
        """Clear the feedback and the choice for another try."""
        self.message = ""
        self._clear_choice()
        self._refresh()

    def show(self) -> str:
        """Reveal the answer (the exercise then no longer counts as right first time)."""
        if self.first_try is None and not self.shown and self.lesson is not None:
            self.lesson.record(self.id, False)
        if self.first_try is None:
            self.first_try = False
        self.shown = True
        try:
            self.message = f'<div class="tutor-answer"><b>The answer:</b> {self.answer_html()}</div>'
        except TutorError as err:
            self.message = f'<div style="color:{_WRONG}">{html.escape(str(err))}</div>'
        self._refresh()
        return self.message

    # -- widget ---------------------------------------------------------------------------
    def _build(self) -> None:
        self.prompt_box = W.HTML()
        self.picture = W.HTML()
        self.choices_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.check_button = _button("Check", "Check your answer", "tutor-action",
                                    lambda: self._press(self.check))
        self.retry_button = _button("Try again", "Clear the feedback and try again",
                                    "tutor-action", lambda: self._press(self.retry))
        self.show_button = _button("Show me", "Reveal the answer", "tutor-action",
                                   lambda: self._press(self.show))
        self.feedback = W.HTML()
        controls = ([self.check_button] if self._needs_check_button() else []) + [
            self.retry_button, self.show_button]
        self.widget = W.VBox([self.prompt_box, self.picture, self.choices_box, W.HBox(controls),
                              self.feedback, W.HTML(f'<div class="tt-note">{KEYS_NOTE}</div>')])
        self.widget.add_class("tutor-exercise")
        self._refresh()

    def _refresh(self) -> None:
        self.prompt_box.value = f"<b>{html.escape(self.prompt)}</b>"
        self.picture.value = self._picture_html()
        self.choices_box.children = tuple(self._choices())
        self.feedback.value = self.message

    def _picture_html(self) -> str:
        return render.STYLE

    # -- static pictures --------------------------------------------------------------------
    def question_only_html(self) -> str:
        return f'<div class="tutor-exercise">{self.question_html()}</div>'

    def teacher_html(self) -> str:
        """The question and its answer (the teacher's edition of a book)."""
        return (f'<div class="tutor-exercise">{self.question_html()}'
                f'<div class="tutor-answer"><b>Answer:</b> {self.answer_html()}</div></div>')

    def static_text(self) -> str:
        text = self.question_text()
        return text + ("\nAnswer: " + self.answer_text() if self.teacher else "")

    def static_html(self) -> str:
        """The question (with the answer when ``teacher`` is set): the ``text/html`` picture."""
        return self.teacher_html() if self.teacher else self.question_only_html()

    def summary(self) -> str:
        """The ``text/plain`` picture."""
        return self.static_text()

    # -- clicks -------------------------------------------------------------------------
    @common.safe
    def _press(self, handler, *args):
        return handler(*args)

    def _show_error(self, text: str) -> None:
        self.message = f'<div style="color:{_WRONG}">{html.escape(text)}</div>'
        self._refresh()


# --------------------------------------------------------------------------- PickCards
class PickCards(Exercise):
    """"Click every card you may play": checked against ``state.legal_actions()``."""

    kind = "pick-cards"

    def __init__(self, state: HandState, seat: int | None = None, lesson: Lesson | None = None,
                 id: str | None = None, prompt: str | None = None, title: str | None = None,
                 teacher: bool = False):
        if not isinstance(state, HandState):
            raise TutorError("PickCards needs a hand state (from games.new_hand or games.position)")
        seat = state.to_move if seat is None else seat
        if seat is None or state.to_move != seat:
            who = "nobody" if state.to_move is None else state.seat_name(state.to_move)
            raise TutorError(f"PickCards asks the seat to act, and that is {who}")
        self.state = state.copy()
        self.seat = seat
        hand = tuple(self.state.hands[seat])
        legal = [a for a in self.state.legal_actions() if a.card is not None and a.card in hand]
        if not legal:
            raise TutorError(f"{state.seat_name(seat)} has no card to choose now")
        self.verb = legal[0].verb
        self.legal = {a.card: a for a in legal}
        self.hand = sorted(hand, key=self._order, reverse=True)
        self.selected: set[Card] = set()
        name = state.seat_name(seat)
        default = (f"You are {name}. Click every card you may {self.verb.replace('_', ' ')}, "
                   f"then Check.")
        super().__init__(lesson, id, prompt or default, title, teacher)

    def _order(self, card: Card):
        rules = self.state.trick_rules
        if rules is None:
            return (card.suit.index if card.suit else 4, card.rank)
        return (rules.is_trump(card), rules.suit_of(card).index, rules.order.get(card, 0))

    def action_for(self, card: Card) -> Action:
        return self.legal.get(card) or Action(self.verb, (card,))

    def refusal(self, card: Card) -> str | None:
        """The engine's reason for refusing ``card`` (tried on a copy), or None if it is legal."""
        trial = self.state.copy()
        try:
            trial.apply(self.action_for(card), seat=self.seat)
        except IllegalAction as err:
            return str(err)
        return None

    # handlers
    def toggle(self, card) -> None:
        """Select or deselect a card (what a card button calls)."""
        card = parse_card(card)
        if card not in self.hand:
            raise TutorError(f"the {card.name} is not in this hand")
        self.selected ^= {card}
        self._refresh()

    def answer(self, cards) -> bool:
        """Choose exactly ``cards`` (e.g. ``"9H AD"``) and check."""
        from ..cards import parse_cards
        chosen = set(parse_cards(cards))   # text or a list of cards; anything else: a CardError
        strange = [c for c in chosen if c not in self.hand]
        if strange:
            raise TutorError(f"the {strange[0].name} is not in this hand")
        self.selected = chosen
        return self.check()

    def _clear_choice(self) -> None:
        self.selected = set()

    def _needs_check_button(self) -> bool:
        return True

    def _check(self):
        if not self.selected:
            self.message = "Click the cards you may play first (at least one card is always allowed)."
            return None
        wrong = sorted(self.selected - set(self.legal), key=self._order, reverse=True)
        missed = sorted(set(self.legal) - self.selected, key=self._order, reverse=True)
        if not wrong and not missed:
            cards = " ".join(c.symbol for c in self._legal_sorted())
            extra = " — every card of your hand." if len(self.legal) == len(self.hand) else "."
            return True, f"You may play {cards}{extra}"
        parts = []
        for card in wrong:
            parts.append(f"<li>{html.escape(card.symbol)}: {html.escape(self.refusal(card) or '')}</li>")
        if missed:
            parts.append("<li>You may also play " + html.escape(" ".join(c.symbol for c in missed))
                         + ": the rules allow it here.</li>")
        return False, f"<ul>{''.join(parts)}</ul>"

    def _legal_sorted(self) -> list[Card]:
        return [c for c in self.hand if c in self.legal]

    # pictures
    def _view_html(self) -> str:
        return render.view_html(self.state.view(self.seat), self.state.seat_name)

    def _picture_html(self) -> str:
        return self._view_html()

    def _choices(self) -> list[W.Widget]:
        buttons = []
        for card in self.hand:
            button = common.card_button(card, self.action_for(card), lambda c=card: self._press(self.toggle, c),
                                        selected=card in self.selected)
            buttons.append(button)
        self.card_buttons = dict(zip(self.hand, buttons))
        return buttons

    def question_html(self) -> str:
        return f"<p><b>{html.escape(self.prompt)}</b></p>{self._view_html()}"

    def question_text(self) -> str:
        state = self.state
        lines = [self.prompt]
        if state.trick_rules is not None and state.trick_rules.trump is not None:
            lines.append(f"Trump: {state.trick_rules.trump.symbol}")
        if state.trick:
            lines.append("Trick so far: " + ", ".join(f"{state.seat_name(s)} {c.symbol}"
                                                       for s, c in state.trick))
        lines.append("Your hand: " + " ".join(c.symbol for c in self.hand))
        return "\n".join(lines)

    def answer_html(self) -> str:
        return html.escape(self.answer_text())

    def answer_text(self) -> str:
        cards = " ".join(c.symbol for c in self._legal_sorted())
        others = [c for c in self.hand if c not in self.legal]
        if not others:
            return f"{cards} (any card)"
        reason = self.refusal(others[0]) or ""
        return f"{cards}. Not {' '.join(c.symbol for c in others)}: {reason}"


# --------------------------------------------------------------------------- WhoWins
def _trick_reason(rules, plays: Sequence[tuple[int, Card]], seat_name, winner: int) -> str:
    """Why ``winner`` takes the trick, in words."""
    cards = [c for _, c in plays]
    led = rules.suit_of(cards[0])
    win_card = dict(plays)[winner]
    trumps = [c for c in cards if rules.is_trump(c)]
    note = ""
    if win_card.suit is not rules.suit_of(win_card) or win_card.is_joker:
        note = f" (the {win_card.name} counts as a trump)" if rules.is_trump(win_card) else ""
    if trumps:
        if len(trumps) == 1:
            return (f"{seat_name(winner)}'s {win_card.symbol} is the only trump{note}, and any "
                    f"trump beats every card of another suit.")
        return f"Trumps were played, and the highest trump wins: {win_card.symbol}{note}."
    return (f"Nobody played a trump, so the highest {led.noun[:-1]} (the suit led) wins: "
            f"{win_card.symbol}; cards of other suits cannot win.")


class WhoWins(Exercise):
    """"Who takes this trick?": the state's last completed trick (``state.tricks[trick]``),
    checked by the game's trick rules."""

    kind = "who-wins"

    def __init__(self, state: HandState, lesson: Lesson | None = None, id: str | None = None,
                 prompt: str | None = None, trick: int = -1, title: str | None = None,
                 teacher: bool = False):
        if not isinstance(state, HandState) or not getattr(state, "tricks", None):
            raise TutorError("WhoWins asks about a completed trick: play one to the end first")
        if state.trick_rules is None:
            raise TutorError("WhoWins needs a trick game's play phase")
        try:
            _, plays, _ = state.tricks[trick]
        except IndexError:
            raise TutorError(f"there is no trick {trick}: {len(state.tricks)} were played") from None
        self.state = state
        self.rules = state.trick_rules
        self.plays = tuple(plays)
        self.seat_name = state.seat_name
        self.winner = self.plays[self.rules.winner_index([c for _, c in self.plays])][0]
        self.choice: int | None = None
        super().__init__(lesson, id, prompt or "Who takes this trick? Click the player.", title,
                         teacher)

    def answer(self, seat) -> bool:
        """Choose a seat (its number or its name) and check."""
        seats = [s for s, _ in self.plays]
        if isinstance(seat, str):
            names = {self.seat_name(s).lower(): s for s in seats}
            if seat.lower() not in names:
                raise TutorError(f"{seat!r:.30} did not play to this trick; "
                                 f"choose {', '.join(self.seat_name(s) for s in seats)}")
            seat = names[seat.lower()]
        if seat not in seats:
            raise TutorError(f"seat {seat!r:.20} did not play to this trick")
        self.choice = seat
        return self.check()

    def _clear_choice(self) -> None:
        self.choice = None

    def _check(self):
        if self.choice is None:
            return None
        why = _trick_reason(self.rules, self.plays, self.seat_name, self.winner)
        if self.choice == self.winner:
            return True, html.escape(f"{self.seat_name(self.winner)} takes it. {why}")
        mine = dict(self.plays)[self.choice]
        return False, html.escape(f"{self.seat_name(self.choice)}'s {mine.symbol} does not win. {why}")

    def _choices(self) -> list[W.Widget]:
        return [_button(self.seat_name(s), self.seat_name(s), "tutor-action",
                        lambda s=s: self._press(self.answer, s)) for s, _ in self.plays]

    def _trick_picture(self) -> str:
        trump = self.rules.trump
        head = (f'<div class="tt-note">Trump: {html.escape(trump.symbol + " " + trump.noun)}</div>'
                if trump is not None else '<div class="tt-note">No trumps</div>')
        return render.STYLE + head + render.trick_html(self.plays, self.seat_name)

    def _picture_html(self) -> str:
        return self._trick_picture()

    def question_html(self) -> str:
        return f"<p><b>{html.escape(self.prompt)}</b></p>{self._trick_picture()}"

    def question_text(self) -> str:
        trump = self.rules.trump
        plays = ", ".join(f"{self.seat_name(s)} {c.symbol}" for s, c in self.plays)
        return (f"{self.prompt}\nTrump: {trump.symbol if trump else 'none'}\n"
                f"Trick (in the order played): {plays}")

    def answer_text(self) -> str:
        return (f"{self.seat_name(self.winner)}. "
                + _trick_reason(self.rules, self.plays, self.seat_name, self.winner))

    def answer_html(self) -> str:
        return html.escape(self.answer_text())


# --------------------------------------------------------------------------- ScoreIt
def unit_name(state: HandState, unit) -> str:
    """A scoring unit in words: a seat's name, or a side as its seats (``North and South``)."""
    if isinstance(unit, int):
        return state.seat_name(unit)
    sides = state.result().sides if state.is_over else {}
    seats = [s for s, u in sides.items() if u == unit]
    return " and ".join(state.seat_name(s) for s in seats) if seats else str(unit)


def score_words(state: HandState) -> str:
    """The scoring row of a finished hand in words."""
    result = state.result()
    details = result.details
    if state.game == "euchre" and details.get("outcome") == "played" and state.players == 4:
        return _euchre_row_words(state, result)
    text = "; ".join(result.reasons)
    import re
    text = re.sub(r"\s*\(row [^)]*\)", "", text)
    for unit in result.points:
        if isinstance(unit, str):
            text = re.sub(rf"\b{re.escape(unit)}\b", unit_name(state, unit), text)
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _euchre_row_words(state, result) -> str:
    d = result.details
    makers, m = d["makers"], d["makers_tricks"]
    defenders = next(u for u in result.points if u != makers)
    maker_alone = any(s in state.makers for s in state.alone)
    defender_alone = any(s not in state.makers for s in state.alone)
    who = {makers: unit_name(state, makers), defenders: unit_name(state, defenders)}
    pts = result.points[d["scoring"]]
    lone = []
    if maker_alone:
        lone.append(f"{state.seat_name(next(s for s in state.alone if s in state.makers))} "
                    f"played alone for the makers")
    if defender_alone:
        lone.append(f"{state.seat_name(next(s for s in state.alone if s not in state.makers))} "
                    f"defended alone")
    setting = (" (" + " and ".join(lone) + ")") if lone else " (nobody alone)"
    head = f"{who[makers]} made trump{setting} and took {m} trick{'s' if m != 1 else ''}"
    if m == 5:
        tail = f"all five, a march: {who[makers]} score {pts}"
    elif m >= 3:
        tail = f"three or four tricks make the contract: {who[makers]} score {pts}"
    else:
        tail = (f"fewer than three, so they are euchred: the defenders, {who[defenders]}, "
                f"score {pts}")
    return f"{head}; {tail} point{'s' if pts != 1 else ''}."


class ScoreIt(Exercise):
    """"How many points, and for whom?": a finished hand, checked against ``state.result()``."""

    kind = "score-it"

    def __init__(self, state: HandState, lesson: Lesson | None = None, id: str | None = None,
                 prompt: str | None = None, choices: Iterable[int] | None = None,
                 title: str | None = None, teacher: bool = False):
        if not isinstance(state, HandState) or not state.is_over:
            raise TutorError("ScoreIt asks about a finished hand: play it to the end first")
        self.state = state
        self.result = state.result()
        self.units = list(self.result.points)
        values = list(self.result.points.values())
        if choices is None:
            low = min(0, min(values))
            high = max(4, max(values))
            choices = range(low, high + 1)
        self.values = sorted(set(int(v) for v in choices))
        if len(self.values) > 16:
            raise TutorError(f"ScoreIt shows one button per possible score: give at most 16 "
                             f"choices=, not {len(self.values)}")
        missing = [v for v in values if v not in self.values]
        if missing:
            raise TutorError(f"choices= must include the real score {missing[0]}")
        self.picked: dict[Any, int] = {}
        default = ("The hand is over. How many points does each side score? "
                   "Pick a number for each, then Check.")
        super().__init__(lesson, id, prompt or default, title, teacher)

    def pick(self, unit, points: int) -> None:
        """Choose the points of one unit (what a number button calls)."""
        if not any(unit == u for u in self.units):
            raise TutorError(f"{unit!r:.20} does not score in this hand")
        from ..games.checks import check_whole_number
        self.picked[unit] = check_whole_number(points, "the points")
        self._refresh()

    def answer(self, points: Mapping) -> bool:
        """Choose the points of every unit (``{"NS": 2, "EW": 0}``) and check."""
        if not isinstance(points, Mapping):
            raise TutorError(f"give the points of every side as a mapping such as "
                             f"{{{self.units[0]!r}: 2}}, not {points!r:.30}")
        before = dict(self.picked)
        try:
            for unit, value in dict(points).items():
                self.pick(unit, value)
        except TutorError:
            self.picked = before      # a refused answer changes nothing
            raise
        return self.check()

    def _clear_choice(self) -> None:
        self.picked = {}

    def _needs_check_button(self) -> bool:
        return True

    def _check(self):
        missing = [u for u in self.units if u not in self.picked]
        if missing:
            self.message = html.escape(f"Pick the points of {unit_name(self.state, missing[0])} too.")
            return None
        words = html.escape(score_words(self.state))
        wrong = [u for u in self.units if self.picked[u] != self.result.points[u]]
        if not wrong:
            return True, words
        u = wrong[0]
        nudge = ("Count the makers' tricks and look at who went alone."
                 if self.state.game == "euchre" else "Count again with the scoring rules of this hand.")
        return False, html.escape(f"Not {self.picked[u]} for {unit_name(self.state, u)}. {nudge}")

    def _choices(self) -> list[W.Widget]:
        rows = []
        self.point_buttons = {}
        for unit in self.units:
            name = unit_name(self.state, unit)
            buttons = []
            for value in self.values:
                b = _button(str(value), f"{name} {value}", "tutor-action",
                            lambda u=unit, v=value: self._press(self.pick, u, v),
                            selected=self.picked.get(unit) == value)
                self.point_buttons[(unit, value)] = b
                buttons.append(b)
            rows.append(W.HBox([W.HTML(f"<b>{html.escape(name)}</b>&nbsp;")] + buttons))
        return [W.VBox(rows)]

    def _hand_picture(self) -> str:
        state = self.state
        rows = []
        trump = getattr(state, "trump", None)
        if trump is not None:
            rows.append(f"Trump: {trump.symbol} {trump.noun}")
        maker = getattr(state, "maker", None)
        if maker is not None:
            rows.append(f"Made trump: {state.seat_name(maker)}")
        alone = getattr(state, "alone", ())
        if alone:
            rows.append("Alone: " + ", ".join(state.seat_name(s) for s in alone))
        won = getattr(state, "tricks_won", None)
        if won is not None:
            rows.append("Tricks won: " + ", ".join(
                f"{state.seat_name(s)} {won[s]}" for s in range(state.players)
                if s in getattr(state, "active_seats", range(state.players))))
        return render.STYLE + "".join(f'<div class="tt-note">{html.escape(r)}</div>' for r in rows)

    def _picture_html(self) -> str:
        return self._hand_picture()

    def question_html(self) -> str:
        return f"<p><b>{html.escape(self.prompt)}</b></p>{self._hand_picture()}"

    def question_text(self) -> str:
        import re
        pic = re.sub(r"<style>.*?</style>", "", self._hand_picture(), flags=re.S)
        facts = [html.unescape(t) for t in re.findall(r'<div class="tt-note">(.*?)</div>', pic)]
        return "\n".join([self.prompt] + facts)

    def answer_text(self) -> str:
        pts = ", ".join(f"{unit_name(self.state, u)} {v}" for u, v in self.result.points.items())
        return f"{pts}. {score_words(self.state)}"

    def answer_html(self) -> str:
        return html.escape(self.answer_text())


# --------------------------------------------------------------------------- Decide
@dataclass(frozen=True)
class Settlement:
    """How settled a decision is (:func:`settle`): the evaluation repeated with several seeds.

    ``runs`` holds each seed's value of every option; ``accepted`` the options within ``margin``
    of the best in the first run; ``leads`` per run, how far the worst accepted option is ahead
    of the best rejected one; ``settled`` is true when every run accepts the same options and
    the leads are all positive and clear of their spread (mean lead above three standard
    deviations across the seeds). ``reason`` says it in words."""

    best: Action
    accepted: frozenset
    runs: tuple
    leads: tuple
    settled: bool
    reason: str
    samples: int
    level: str


def _values(hint) -> dict:
    """Every option's value, higher is better (a cost such as Lora's penalty points negated)."""
    sign = -1.0 if getattr(hint, "minimise", False) else 1.0
    values = {hint.action: sign * hint.value}
    values.update({a.action: sign * a.value for a in hint.alternatives if a.value is not None})
    return values


def _accepted(values: Mapping, margin: float) -> frozenset:
    best = max(values.values())
    return frozenset(a for a, v in values.items() if v >= best - margin - 1e-9)


def settle(view: View, level: str = "expert", samples: int = 32, margin: float = 0.0,
           seeds: Sequence[int] = (0, 1, 2, 3)) -> Settlement:
    """Evaluate a decision once per seed and say whether its answer is settled."""
    hints = [bots_module.hint(view, level=level, budget=_EVAL_BUDGET, seed=s, samples=samples)
             for s in seeds]
    if level == "basic" or hints[0].value is None:
        actions = {h.action for h in hints}
        ok = len(actions) == 1
        return Settlement(hints[0].action, frozenset(actions), (), (), ok,
                          "the rule of thumb always gives this answer" if ok else
                          "the advice changes with the seed", samples, level)
    runs = tuple(_values(h) for h in hints)
    accepted = [_accepted(r, margin) for r in runs]
    leads = []
    for values, ok in zip(runs, accepted):
        rejected = [v for a, v in values.items() if a not in ok]
        if not rejected:
            leads.append(float("inf"))
            continue
        leads.append(min(values[a] for a in ok) - max(rejected))
    first = runs[0]
    best = max(first, key=lambda a: (first[a], a == hints[0].action))
    if any(a != accepted[0] for a in accepted):
        return Settlement(best, accepted[0], runs, tuple(leads), False,
                          "the options counted right change with the seed", samples, level)
    if any(lead == float("inf") for lead in leads):
        return Settlement(best, accepted[0], runs, tuple(leads), False,
                          "every option is within the margin: there is nothing to decide",
                          samples, level)
    spread = statistics.pstdev(leads) if len(leads) > 1 else 0.0
    mean = statistics.fmean(leads)
    ok = min(leads) > 0 and mean > 3 * spread
    why = (f"over {samples} deals with each of {len(seeds)} seeds the best choice leads the "
           f"next by {min(leads):.2f} to {max(leads):.2f} {hints[0].units}"
           f"{'' if ok else ', not clear of the sampling error'}")
    return Settlement(best, accepted[0], runs, tuple(leads), ok, why, samples, level)


class Decide(Exercise):
    """A bidding or play decision of the seat of ``view``, judged by the level's advice.

    Right when the chosen action's value is within ``margin`` of the best (expert), or is the
    rule of thumb's choice (basic). The evaluation (``bots.hint(view, level, samples=...,
    seed=...)``) runs at the first answer, reveal or teacher's picture, and is deterministic:
    the sample count, not a clock, ends it."""

    kind = "decide"

    def __init__(self, view, question: str, lesson: Lesson | None = None, id: str | None = None,
                 level: str = "expert", samples: int = 32, margin: float = 0.0, seed: int = 0,
                 title: str | None = None, teacher: bool = False):
        if isinstance(view, HandState):
            if view.to_move is None:
                raise TutorError("Decide needs a decision: this hand is over")
            view = view.view(view.to_move)
        if not isinstance(view, View) or view.to_move != view.seat or not view.legal:
            raise TutorError("Decide needs the view of the seat to act (state.view(state.to_move))")
        if level not in ("basic", "expert"):
            raise TutorError(f"level must be 'basic' or 'expert', not {level!r:.20}")
        if len(view.legal) < 2:
            raise TutorError("Decide needs at least two possible actions")
        self.view = view
        self.level = level
        self.samples = int(samples)
        self.margin = float(margin)
        self.seed = seed
        self.seat_name = _seat_namer(view)
        self.options = list(view.legal)
        self.choice: Action | None = None
        self._hint = None
        super().__init__(lesson, id, question, title, teacher)

    # evaluation
    def evaluation(self):
        """The level's advice (a :class:`tutor.bots.Hint`), computed once."""
        if self._hint is None:
            self._hint = bots_module.hint(self.view, level=self.level, budget=_EVAL_BUDGET,
                                          seed=self.seed, samples=self.samples)
        return self._hint

    def values(self) -> dict:
        """Each option's value in the game's units, higher is better (costs negated), for the
        expert; {} for the basic level."""
        h = self.evaluation()
        return _values(h) if h.value is not None else {}

    def accepted(self) -> frozenset:
        values = self.values()
        return _accepted(values, self.margin) if values else frozenset({self.evaluation().action})

    def best(self) -> Action:
        values = self.values()
        h = self.evaluation()
        return max(values, key=lambda a: (values[a], a == h.action)) if values else h.action

    def settle(self, seeds: Sequence[int] = (0, 1, 2, 3)) -> Settlement:
        """:func:`settle` for this decision (with its level, samples and margin)."""
        return settle(self.view, self.level, self.samples, self.margin, seeds)

    # handlers
    def answer(self, action) -> bool:
        """Choose an action (or its string, e.g. ``"order_up"``) and check."""
        if isinstance(action, str):
            try:
                action = next(a for a in self.options if str(a) == action.strip())
            except StopIteration:
                raise TutorError(f"{action!r:.30} is not one of the choices here") from None
        if action not in self.options:
            raise TutorError(f"{action} is not one of the choices here")
        self.choice = action
        return self.check()

    def _clear_choice(self) -> None:
        self.choice = None

    def _explain(self) -> str:
        h = self.evaluation()
        best = self.best()
        game = self.view.game
        steps = list(h.ladder[:-1]) + [f"{action_words(best, game)}."]
        ladder = "".join(f"<li>{html.escape(step)}</li>" for step in steps)
        extra = ""
        if self.margin and self.values():
            extra = html.escape(f"Choices within {self.margin:g} {h.units or 'points'} of the "
                                f"best count as right.")
        who = "expert" if self.level == "expert" else "rule of thumb"
        return (f"<div>The {who}'s choice: <b>{html.escape(action_words(best, game))}</b>.</div>"
                f"<div>{html.escape(h.reason)}</div><ol>{ladder}</ol>{extra}")

    def _check(self):
        if self.choice is None:
            return None
        if self._hint is None and self.level == "expert":
            self.feedback.value = ('<div class="tutor-busy">The expert is playing your choices '
                                   'out on many deals (a second or two)…</div>')
        right = self.choice in self.accepted()
        return right, self._explain()

    def _choices(self) -> list[W.Widget]:
        buttons = []
        for action in self.options:
            handler = lambda a=action: self._press(self.answer, a)
            if action.card is not None:
                b = common.card_button(action.card, action, handler, selected=action == self.choice,
                                       label=action_words(action, self.view.game))
            else:
                b = common.action_button(action_words(action, self.view.game), action, handler,
                                         style="info" if action == self.choice else "")
                if action == self.choice:
                    b.add_class("tutor-selected")
            buttons.append(b)
        return buttons

    def _how(self) -> str:
        if self.level == "basic":
            return "Checked against the rule of thumb the computer players follow."
        return (f"Checked by playing each choice out on {self.samples} deals that fit what you "
                f"can see, several times over: the answer came out the same every time, and "
                f"clearly ahead.")

    def _picture_html(self) -> str:
        return render.view_html(self.view, self.seat_name)

    def question_html(self) -> str:
        return (f"<p><b>{html.escape(self.prompt)}</b></p>{self._picture_html()}"
                f"<div>Your choices: {html.escape(', '.join(action_words(a, self.view.game) for a in self.options))}"
                f"</div><div class=\"tt-note\">{html.escape(self._how())}</div>")

    def question_text(self) -> str:
        view = self.view
        lines = [self.prompt, f"You are {self.seat_name(view.seat)}.",
                 "Your hand: " + " ".join(c.symbol for c in view.hand)]
        for key, value in _facts(view, self.seat_name):
            lines.append(f"{key.capitalize()}: {value}")
        trick = view.public.get("trick") or []
        if trick:
            lines.append("Trick so far: " + ", ".join(
                f"{self.seat_name(int(s))} {parse_card(c).symbol}" for s, c in trick))
        lines.append("Your choices: " + ", ".join(action_words(a, self.view.game) for a in self.options))
        lines.append(self._how())
        return "\n".join(lines)

    def answer_html(self) -> str:
        return self._explain()

    def answer_text(self) -> str:
        return action_words(self.best(), self.view.game)


# --------------------------------------------------------------------------- Quiz
class Quiz(Exercise):
    """Multiple choice for facts; every option has its own explanation."""

    kind = "quiz"

    def __init__(self, question: str, options: Sequence[str], answer, explanations,
                 lesson: Lesson | None = None, id: str | None = None, title: str | None = None,
                 teacher: bool = False):
        options = [str(o) for o in options]
        if len(options) < 2 or len(set(options)) != len(options):
            raise TutorError("a quiz needs at least two different options")
        if isinstance(answer, int) and not isinstance(answer, bool):
            if not 0 <= answer < len(options):
                raise TutorError(f"answer {answer} is not the index of an option")
            answer = options[answer]
        if str(answer) not in options:
            raise TutorError(f"the answer {answer!r:.40} is not one of the options")
        if isinstance(explanations, Mapping):
            missing = [o for o in options if o not in explanations]
            if missing:
                raise TutorError(f"no explanation for the option {missing[0]!r:.40}")
            explanations = [str(explanations[o]) for o in options]
        explanations = [str(e) for e in explanations]
        if len(explanations) != len(options):
            raise TutorError(f"give one explanation per option ({len(options)}), "
                             f"not {len(explanations)}")
        self.options = options
        self.correct = str(answer)
        self.explanations = dict(zip(options, explanations))
        self.choice: str | None = None
        super().__init__(lesson, id, question, title, teacher)

    def answer(self, option) -> bool:
        """Choose an option (its text or index) and check."""
        if isinstance(option, int) and not isinstance(option, bool):
            if not 0 <= option < len(self.options):
                raise TutorError(f"there is no option {option}: choose 0 to {len(self.options) - 1}")
            option = self.options[option]
        if not isinstance(option, str) or option not in self.options:
            raise TutorError(f"{option!r:.40} is not one of the options")
        self.choice = option
        return self.check()

    def _clear_choice(self) -> None:
        self.choice = None

    def _check(self):
        if self.choice is None:
            return None
        return self.choice == self.correct, html.escape(self.explanations[self.choice])

    def _choices(self) -> list[W.Widget]:
        buttons = []
        for option in self.options:
            buttons.append(_button(option, option, "tutor-action", lambda o=option: self._press(self.answer, o),
                                   selected=option == self.choice))
        return buttons

    def _picture_html(self) -> str:
        return ""

    def question_html(self) -> str:
        items = "".join(f"<li>{html.escape(o)}</li>" for o in self.options)
        return f'<p><b>{html.escape(self.prompt)}</b></p><ol type="A">{items}</ol>'

    def question_text(self) -> str:
        return "\n".join([self.prompt] + [f"{chr(65 + i)}. {o}" for i, o in enumerate(self.options)])

    def answer_text(self) -> str:
        return f"{self.correct}: {self.explanations[self.correct]}"

    def answer_html(self) -> str:
        others = "".join(f"<li>{html.escape(o)}: {html.escape(e)}</li>"
                         for o, e in self.explanations.items() if o != self.correct)
        return (f"<b>{html.escape(self.correct)}</b>: {html.escape(self.explanations[self.correct])}"
                f"<ul>{others}</ul>")


# --------------------------------------------------------------------------- pictures
class SeatView:
    """What one seat sees, as a picture for a lesson: ``SeatView(state, seat=0)``: its own
    cards face up, the others' as backs, the public facts (up-card, trump, the trick)."""

    def __init__(self, state: HandState, seat: int = 0, title: str | None = None):
        self.view = state.view(seat)
        self.seat_name = state.seat_name
        self.title = title or f"What {state.seat_name(seat)} sees"

    def __repr__(self) -> str:
        view = self.view
        lines = [self.title, "Hand: " + " ".join(c.symbol for c in view.hand)]
        lines += [f"{k.capitalize()}: {v}" for k, v in _facts(view, self.seat_name)]
        trick = view.public.get("trick") or []
        if trick:
            lines.append("Trick so far: " + ", ".join(
                f"{self.seat_name(int(s))} {parse_card(c).symbol}" for s, c in trick))
        return "\n".join(lines)

    def _repr_mimebundle_(self, include=None, exclude=None):
        return {"text/html": f'<div class="tt-note"><b>{html.escape(self.title)}</b></div>'
                             + render.view_html(self.view, self.seat_name),
                "text/plain": repr(self)}


class Deal:
    """A whole deal seen from above, every hand face up (for a teacher's explanation, never
    for a decision the learner is about to take): ``Deal(state)``."""

    def __init__(self, state: HandState, title: str | None = None):
        self.state = state
        self.title = title or "The whole deal, every hand face up"

    def _up_card(self):
        """The card turned up at the deal (Euchre's up card, Clabber's upcard), if any."""
        state = self.state
        return getattr(state, "up_card", None) or getattr(state, "upcard", None)

    def _up_card_note(self, before: str = "") -> str:
        """Whose hand the up card is in, when it is in one (Clabber's is the dealer's card)."""
        up, state = self._up_card(), self.state
        for seat in range(state.players):
            if up in state.hands[seat]:
                return f"{before}(in {state.seat_name(seat)}'s hand)"
        return ""

    def __repr__(self) -> str:
        state = self.state
        lines = [self.title]
        for seat in range(state.players):
            cards = " ".join(c.symbol for c in common.sort_hand(state.hands[seat], state.trick_rules))
            mark = " (dealer)" if seat == state.dealer else ""
            lines.append(f"{state.seat_name(seat)}{mark}: {cards}")
        up = self._up_card()
        if up is not None:
            lines.append(f"Up-card: {up.symbol}{self._up_card_note(' ')}")
        return "\n".join(lines)

    def _repr_mimebundle_(self, include=None, exclude=None):
        state = self.state
        rows = []
        for seat in range(state.players):
            cards = common.sort_hand(state.hands[seat], state.trick_rules)
            mark = "dealer" if seat == state.dealer else ""
            rows.append(f'<tr><td class="tt-seat">{html.escape(state.seat_name(seat))}</td>'
                        f'<td>{render.cards_html(cards)}</td><td class="tt-note">{mark}</td></tr>')
        up = self._up_card()
        if up is not None:
            rows.append(f'<tr><td class="tt-seat">Up-card</td><td>{render.card_html(up)}</td>'
                        f'<td class="tt-note">{html.escape(self._up_card_note())}</td></tr>')
        return {"text/html": f'{render.STYLE}<div class="tt-note"><b>{html.escape(self.title)}</b>'
                             f'</div><table class="tt-table">{"".join(rows)}</table>',
                "text/plain": repr(self)}
