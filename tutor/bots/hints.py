"""Advice as a learner reads it: the action, the reason, the alternatives and a hint ladder.

A :class:`Hint` is what ``bots.hint(view)`` returns. Its ``ladder`` goes from a nudge that names
the principle, through the suit or idea, to the action itself (the last step is always exactly
``str(hint.action)``), so a table can reveal it one step at a time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ..cards import Card
from ..games.actions import Action

__all__ = ["Hint", "Alternative", "describe", "figures_in_words", "figures_sentence", "value_words"]


@dataclass(frozen=True)
class Alternative:
    """Another legal action with its estimated value (``None`` when the level has no figure)."""

    action: Action
    value: float | None
    note: str = ""

    def __str__(self) -> str:
        figure = "" if self.value is None else f" {self.value:.2f}"
        return f"{describe(self.action)}{figure}{' - ' + self.note if self.note else ''}"


@dataclass(frozen=True)
class Hint:
    action: Action
    reason: str
    principle: str
    alternatives: tuple[Alternative, ...] = ()
    ladder: tuple[str, ...] = ()
    reminder: str = ""
    level: str = "basic"
    units: str = ""
    notes: tuple[str, ...] = field(default=())
    value: float | None = None      # the advised action's estimated value (expert), in ``units``
    samples: int | None = None      # how many sampled deals the figures average over
    minimise: bool = False          # the figures are costs (Lora's penalty points)

    def __str__(self) -> str:
        return f"{describe(self.action)}: {self.reason}"


def card_text(card: Card) -> str:
    return card.symbol


def describe(action: Action) -> str:
    """An action in words with card symbols: ``play J♥``, ``discard 9♠``, ``name ♥``."""
    words = [action.verb.replace("_", " ")]
    words += [c.symbol for c in action.cards]
    if action.arg is not None:
        suit = action.suit
        words.append(suit.symbol if suit is not None else action.arg.replace("_", " "))
    return " ".join(words)


def value_words(value: float, units: str = "points", minimise: bool = False) -> str:
    """An estimated value in words: "wins about 1.3 points", "loses about 0.4 points",
    "costs about 2.0 penalty points" (``minimise``: the figure is a cost), "about breaks even"."""
    figure = f"{abs(value):.1f}"
    if figure == "0.0":
        return f"costs no {units}" if minimise else "about breaks even"
    if minimise:
        return f"costs about {figure} {units}" if value > 0 else f"saves about {figure} {units}"
    return f"wins about {figure} {units}" if value > 0 else f"loses about {figure} {units}"


def figures_sentence(action_text: str, value: float, samples: int, others, units: str,
                     minimise: bool = False) -> str:
    """ "Order up wins about 1.3 points on average over 40 sampled deals; pass wins about 0.2
    points"
    (``others``: (text, value) pairs of the other choices, best first)."""
    deals = f"{samples} sampled deal{'s' if samples != 1 else ''}"
    text = f"{action_text} {value_words(value, units, minimise)} on average over {deals}"
    rest = [f"{t} {value_words(v, units, minimise)}" for t, v in others]
    if rest:
        text += "; " + "; ".join(rest)
    return text


def figures_in_words(hint: Hint, label=describe) -> str:
    """The hint's figures in a sentence (see :func:`figures_sentence`). Empty when the level
    has no figures: the basic rules of thumb count strength, not points."""
    if hint.level != "expert" or hint.value is None or not hint.samples:
        return ""
    others = [(label(a.action), a.value) for a in hint.alternatives if a.value is not None][:3]
    return figures_sentence(label(hint.action), hint.value, hint.samples, others,
                            hint.units or "points", hint.minimise) + "."


def ladder(principle: str, idea: str, action: Action) -> tuple[str, ...]:
    """Nudge (the principle), then the idea (a suit, a plan), then the action."""
    steps = [f"Think of '{principle}'."]
    if idea:
        steps.append(idea)
    steps.append(str(action))
    return tuple(steps)


def reminder_for(view, legal: Sequence[Action]) -> str:
    """A rule reminder when the rules leave the seat few card choices."""
    from . import knowledge as K
    plays = [a for a in legal if a.verb == "play" and a.card is not None]
    if not plays or len(plays) == len(view.hand):
        return ""
    tr = K.trick_rules(view)
    trick = [c for _, c in K.trick_cards(view)]
    if tr is None:
        if view.game == "lora" and view.public.get("contract") == "lora":
            cards = ", ".join(a.card.symbol for a in plays)
            return f"only cards that fit the layout may be laid: {cards}"
        return ""
    if not trick:
        return ""
    outside = next((c for c in view.hand if c not in {a.card for a in plays}), None)
    if outside is None:
        return ""
    why = tr.why_illegal(outside, list(view.hand), trick)
    if not why:
        return ""
    odd = [a.card for a in plays if a.card.suit is not tr.suit_of(a.card)]
    if odd:
        c = odd[0]
        why += f" (your {c.symbol} counts as a {'trump' if tr.is_trump(c) else tr.suit_of(c).noun[:-1]})"
    return why
