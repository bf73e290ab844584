"""Busy: slow work in a thread natively; in the browser edition (forced here) no thread, the
work scheduled on the running event loop after the busy sign, or run at once without a loop."""
import asyncio
import threading

import pytest

from tutor import platform
from tutor.widgets import PlayTable
from tutor.widgets.common import Busy


@pytest.fixture
def browser(monkeypatch):
    """The browser's road: the platform flag set, and any thread a failure."""
    monkeypatch.setattr(platform, "IN_BROWSER", True)

    def no_threads(*args, **kwargs):
        raise RuntimeError("can't start new thread")       # what Pyodide says

    monkeypatch.setattr(threading.Thread, "start", no_threads)


def recorder():
    calls = []
    return calls, (lambda: calls.append("work")), (lambda: calls.append("done"))


def test_natively_the_work_runs_in_a_thread_and_wait_joins_it():
    calls, work, done = recorder()
    release = threading.Event()
    busy = Busy()
    busy.start(lambda: (release.wait(5), work()), done)
    assert busy.busy and calls == []
    assert busy.wait(0.01) is False                 # still working
    release.set()
    assert busy.wait(5) is True
    assert calls == ["work", "done"] and not busy.busy


def test_without_background_the_work_runs_at_once():
    calls, work, done = recorder()
    busy = Busy(background=False)
    busy.start(work, done)
    assert calls == ["work", "done"] and not busy.busy and busy.wait()


def test_in_the_browser_without_a_running_loop_the_work_runs_at_once(browser):
    calls, work, done = recorder()
    busy = Busy()
    busy.start(work, done)
    assert calls == ["work", "done"] and not busy.busy and busy.wait()


def test_in_the_browser_the_busy_sign_comes_first_and_the_loop_runs_the_work(browser):
    calls, work, done = recorder()
    busy = Busy()

    async def kernel():
        busy.start(work, done)
        seen = (busy.busy, list(calls))             # what the front end is sent meanwhile
        await asyncio.sleep(Busy.DEFER * 5)
        return seen

    seen = asyncio.run(kernel())
    assert seen == (True, [])
    assert calls == ["work", "done"] and not busy.busy


def test_in_the_browser_wait_does_the_scheduled_work_once(browser):
    calls, work, done = recorder()
    busy = Busy()

    async def kernel():
        busy.start(work, done)
        assert busy.busy and calls == []
        assert busy.wait() is True                   # a static picture asks for the result
        assert calls == ["work", "done"] and not busy.busy
        await asyncio.sleep(Busy.DEFER * 5)         # the loop's turn comes: nothing runs twice

    asyncio.run(kernel())
    assert calls == ["work", "done"]


def test_in_the_browser_an_error_in_the_work_is_kept_for_the_widget(browser):
    busy = Busy()
    said = []

    async def kernel():
        busy.start(lambda: 1 / 0, lambda: said.append(busy.error))
        await asyncio.sleep(Busy.DEFER * 5)

    asyncio.run(kernel())
    assert said == ["ZeroDivisionError: division by zero"] and not busy.busy


def test_a_table_in_the_browser_shows_the_busy_sign_before_the_bots_move(browser):
    table = PlayTable("euchre", seed=0, dealer=3, background=True)   # the learner speaks first
    assert table.state.to_move == table.seat

    async def kernel():
        actions = len(table.state.actions)
        assert table.click("pass")
        first = (table.busy.busy, "is thinking" in table.status.value,
                 len(table.state.actions) == actions + 1)           # only the learner's pass
        ignored = table.click("pass")                                # a click meanwhile
        await asyncio.sleep(Busy.DEFER * 10)
        return first, ignored

    first, ignored = asyncio.run(kernel())
    assert first == (True, True, True) and ignored is False
    assert not table.busy.busy and "is thinking" not in table.status.value
    assert table.state.to_move == table.seat or table.state.is_over
    assert len(table.state.actions) > 1                              # the bots have spoken


def test_a_table_in_the_browser_draws_its_static_picture_after_the_bots(browser):
    table = PlayTable("euchre", seed=0, dealer=3, background=True)

    async def kernel():
        table.click("pass")
        assert table.busy.busy
        return table._repr_mimebundle_()["text/html"]              # waits: runs the bots now

    picture = asyncio.run(kernel())
    assert not table.busy.busy and "is thinking" not in picture
    assert len(table.state.actions) > 1


def test_an_expert_hint_in_the_browser_shows_its_sign_then_its_first_step(browser):
    table = PlayTable("euchre", seed=0, dealer=3, hint_level="expert", background=True)
    assert table.state.to_move == table.seat

    async def kernel():
        assert table.hint() is None                                  # not ready yet ...
        sign = (table.busy.busy, "Working out a hint" in table.status.value, table.hint_steps)
        await asyncio.sleep(Busy.DEFER * 5)
        table.wait()                                                 # the sampling may still run
        return sign

    sign = asyncio.run(kernel())
    assert sign == (True, True, [])
    assert not table.busy.busy and len(table.hint_steps) == 1          # ... then its first step
    assert "Working out a hint" not in table.status.value
