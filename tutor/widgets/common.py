"""Pieces every front end shares: card and action buttons with their test handles, the hand
sorted by the rules in force, the busy state of a widget whose bots think in the background,
handlers that never let an exception escape, and the static picture (``_repr_mimebundle_``).

Test handles: every clickable element carries the DOM class ``tutor-card`` (a card) or
``tutor-action`` (any other decision) and its canonical action string (``play JH``, ``pass``) as
its tooltip, so browser tests and people writing their own find them.
"""

from __future__ import annotations

import asyncio
import functools
import html
import sys
import threading
import traceback
from typing import Callable, Iterable, Sequence

import ipywidgets as W

from .. import platform
from ..cards import Card
from ..errors import TutorError

__all__ = ["CSS", "card_button", "action_button", "sort_hand", "Busy", "safe",
           "StaticPicture", "card_face_html", "esc"]

esc = html.escape

CSS = """<style>
.tutor-root{font-family:'DejaVu Sans',sans-serif;max-width:62em}
.tutor-status{font-size:1.05em;padding:.35em .5em;background:#eef3f8;border-radius:.3em}
.tutor-status .tutor-turn{font-weight:bold}
.tutor-busy{color:#7a4b00;font-weight:bold}
.tutor-msg-error{color:#a00000}.tutor-msg-note{color:#1d5a1d}
.tutor-card.jupyter-button,.tutor-card{font-size:1.15em;font-weight:bold;min-width:3.1em;
 height:2.6em;margin:2px;border:1px solid #777;border-radius:.35em;background:#fff}
.tutor-card.tutor-trump{background:#fff3c4;border:2px solid #d49a00}
.tutor-card.tutor-selected{outline:3px solid #2b6cb0;background:#dbeafe}
.tutor-card.tutor-red{color:#c0102a}.tutor-card.tutor-black{color:#111}
.tutor-card.tutor-joker{color:#6b2fa0}
.tutor-card:disabled{opacity:.55}
.tutor-action.jupyter-button{margin:2px}
.tutor-board{border-collapse:collapse;margin:.2em 0}
.tutor-board td{padding:.15em .4em;vertical-align:middle;text-align:center}
.tutor-seat{font-weight:bold;white-space:nowrap}
.tutor-board .tt-back{width:1.3em;height:1.8em;margin:0 .05em}
.tutor-small{font-size:.88em;color:#333}
.tutor-log{max-height:13em;min-height:3em;overflow-y:auto;display:flex;flex-direction:column-reverse;
 border:1px solid #ccc;border-radius:.3em;padding:.2em .5em;background:#fcfcfc;font-size:.92em}
.tutor-log ol{margin:.1em 0;padding-left:1.4em}
.tutor-panel{padding:.3em .5em;border-left:4px solid #2b6cb0;background:#f5f8fc;margin:.2em 0}
.tutor-guide{padding:.3em .5em;border-left:4px solid #2f855a;background:#f0faf3;margin:.2em 0}
.tutor-hint{padding:.3em .5em;border-left:4px solid #d49a00;background:#fffaf0;margin:.2em 0}
.tutor-sheet{border-collapse:collapse;font-size:.92em}
.tutor-sheet th,.tutor-sheet td{border-bottom:1px solid #ddd;padding:.15em .5em;text-align:right}
.tutor-sheet td.tutor-why{text-align:left;max-width:30em}
.tutor-slot{display:inline-flex;align-items:center;justify-content:center;width:2.6em;
 height:3.6em;margin:0 .15em;border:2px dashed #999;border-radius:.35em;color:#666;
 vertical-align:middle;box-sizing:border-box}
</style>"""


def card_face_html(card: Card, highlight: bool = False) -> str:
    from .. import render
    return render.card_html(card, highlight=highlight)


def _colour_class(card: Card) -> str:
    if card.is_joker:
        return "tutor-joker"
    return "tutor-red" if card.colour == "red" else "tutor-black"


def card_button(card: Card, action=None, on_click: Callable | None = None, trump: bool = False,
                selected: bool = False, label: str | None = None) -> W.Button:
    """A card as a button: its symbol (``J♥``), class ``tutor-card`` (+ ``tutor-trump`` when it
    is a trump), tooltip the canonical action (or the card's name when nothing may be done
    with it). Disabled when there is no action."""
    text = label or ("JK★" if card.is_joker else card.symbol)
    tooltip = str(action) if action is not None else card.name
    button = W.Button(description=text, tooltip=tooltip, disabled=action is None,
                      layout=W.Layout(width="auto"))
    button.add_class("tutor-card")
    button.add_class(_colour_class(card))
    if trump:
        button.add_class("tutor-trump")
    if selected:
        button.add_class("tutor-selected")
    button.style.text_color = {"tutor-red": "#c0102a", "tutor-black": "#111111",
                               "tutor-joker": "#6b2fa0"}[_colour_class(card)]
    button.style.button_color = "#dbeafe" if selected else "#fff3c4" if trump else "#ffffff"
    if on_click is not None:
        button.on_click(lambda _b: on_click())
    return button


def action_button(label: str, action, on_click: Callable | None = None, tip: str | None = None,
                  disabled: bool = False, style: str = "") -> W.Button:
    """Any other decision as a button: class ``tutor-action``, tooltip the canonical action
    string (``tip`` for a control such as Undo that is not an action of the game)."""
    button = W.Button(description=label, tooltip=str(action) if action is not None else (tip or label),
                      disabled=disabled, button_style=style, layout=W.Layout(width="auto"))
    button.add_class("tutor-action")
    if on_click is not None:
        button.on_click(lambda _b: on_click())
    return button


def sort_hand(cards: Iterable[Card], trick_rules=None) -> list[Card]:
    """The hand as a player holds it: trumps first (the left bower and the Joker among them,
    highest first), then the other suits, alternating colours, each highest first by the rules
    in force. Without trick rules (before trump is known, or Lora's layout), by printed suit
    and natural rank."""
    cards = list(cards)
    if trick_rules is None:
        suits = _suit_order({c.suit for c in cards if c.suit is not None})
        return sorted(cards, key=lambda c: (suits.index(c.suit) if c.suit in suits else -1,
                                            -c.rank.value if c.rank is not None else 0))
    rules = trick_rules
    trumps = [c for c in cards if rules.is_trump(c)]
    others = [c for c in cards if not rules.is_trump(c)]
    suits = _suit_order({rules.suit_of(c) for c in others})
    trumps.sort(key=lambda c: -rules.order[c])
    others.sort(key=lambda c: (suits.index(rules.suit_of(c)), -rules.order[c]))
    return trumps + others


def _suit_order(suits: set) -> list:
    """Suits in the order ♠ ♥ ♣ ♦, then reordered so that colours alternate where they can."""
    from ..cards import Suit
    base = [s for s in (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS) if s in suits]
    if len(base) == 3:
        reds = [s for s in base if s in (Suit.HEARTS, Suit.DIAMONDS)]
        blacks = [s for s in base if s not in reds]
        major, minor = (reds, blacks) if len(reds) == 2 else (blacks, reds)
        base = [major[0], minor[0], major[1]]
    return base


def safe(method):
    """Wrap a handler so that no exception escapes it: a TutorError becomes the message the
    table shows; anything else is shown as an internal error, and the game is kept."""
    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except TutorError as err:
            self._show_error(str(err))
        except Exception as err:  # a bug: say so plainly, keep the game
            self._show_error(f"something went wrong inside the table ({type(err).__name__}: {err}); "
                             f"the game is unchanged")
            self._last_traceback = traceback.format_exc()
        return None
    return wrapper


class Busy:
    """Runs slow work (the bots' moves, expert hints) without freezing the notebook, and says so.

    ``start(work, done)`` sets ``busy`` (the widget shows its sign and ignores clicks), runs
    ``work()`` and then ``done()``, and clears ``busy``. Natively the work runs in a background
    thread. In the browser edition there are no threads: the work is scheduled on the kernel's
    running event loop a moment later, so that the front end receives the busy sign before the
    work starts (at once when no loop runs). With ``background`` false it runs at once (tests).
    ``wait()`` blocks until the work is done (tests, static pictures); in the browser it runs
    scheduled work on the spot. A lock keeps the state changes of the worker and of the
    handlers apart."""

    DEFER = 0.02   # seconds the browser's front end gets to draw the busy sign

    def __init__(self, background: bool = True):
        self.background = background
        self.lock = threading.RLock()
        self._thread: threading.Thread | None = None
        self._scheduled: _Scheduled | None = None
        self.busy = False
        self.error: str | None = None

    def start(self, work: Callable[[], None], done: Callable[[], None]) -> None:
        self.busy = True

        def run():
            try:
                work()
            except Exception as err:  # shown by done(); never lost in a thread
                self.error = f"{type(err).__name__}: {err}"
            finally:
                self.busy = False
                try:
                    done()
                except Exception as err:  # pragma: no cover - last resort
                    self.error = f"{type(err).__name__}: {err}"

        if not self.background:
            run()
        elif platform.in_browser():
            self._defer(run)
        else:
            self._thread = threading.Thread(target=run, daemon=True, name="tutor-bots")
            self._thread.start()

    def _defer(self, run: Callable[[], None]) -> None:
        loop = _running_loop()
        if loop is None:
            run()
            return
        scheduled = _Scheduled(run)
        self._scheduled = scheduled
        scheduled.handle = loop.call_later(self.DEFER, scheduled.fire)

    def wait(self, timeout: float | None = 120.0) -> bool:
        """Wait for the background work; returns whether it has finished."""
        scheduled = self._scheduled
        if scheduled is not None:
            self._scheduled = None
            scheduled.fire()          # no thread to wait for: do the work now
            return not self.busy
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
            return not thread.is_alive()
        return not self.busy


class _Scheduled:
    """Work waiting on the event loop; it runs once, when the loop calls it or ``wait()`` does."""

    def __init__(self, run: Callable[[], None]):
        self.run = run
        self.handle = None
        self.ran = False

    def fire(self) -> None:
        if self.ran:
            return
        self.ran = True
        if self.handle is not None:
            self.handle.cancel()
        self.run()


def _running_loop():
    """The event loop running the kernel (Pyodide's webloop in the browser), or None."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    if sys.platform != "emscripten":
        return None               # natively, never create a loop just to ask
    try:
        loop = asyncio.get_event_loop()
    except RuntimeError:
        return None
    return loop if loop.is_running() else None


class StaticPicture:
    """Mixin: ``_repr_mimebundle_`` gives the live widget view plus a ``text/html`` picture
    (``static_html()``) and a ``text/plain`` summary (``summary()``), so a static page, a book
    or nbval shows and compares what the learner's seat may see."""

    widget: W.Widget

    def static_html(self) -> str:  # pragma: no cover - every widget overrides
        raise NotImplementedError

    def summary(self) -> str:  # pragma: no cover - every widget overrides
        raise NotImplementedError

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        settle = getattr(self, "wait", None)
        if settle is not None:
            settle()
        data = {}
        view = getattr(self.widget, "_repr_mimebundle_", None)
        if view is not None:
            bundle = view(include=include, exclude=exclude, **kwargs)
            if isinstance(bundle, tuple):
                bundle = bundle[0]
            data.update(bundle or {})
        data["text/html"] = self.static_html()
        data["text/plain"] = self.summary()
        return data

    def _repr_html_(self) -> str:
        return self.static_html()

    def __repr__(self) -> str:
        return self.summary()


def rows_html(rows: Sequence[tuple[str, str]]) -> str:
    return "".join(f"<tr><th style='text-align:left'>{esc(k)}</th><td>{v}</td></tr>" for k, v in rows)
