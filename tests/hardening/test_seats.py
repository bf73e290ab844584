"""Any value as a seat: ``apply(..., seat=)``, ``view(seat)``, ``bots.make(level, seat)``."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor import bots

from .support import GENERATED, MODES, attempt, budget, junk, picture, refused, states


@pytest.mark.parametrize("mode", MODES)
def test_any_seat(mode):
    @budget("seats", mode)
    @given(state=states, seat=junk, pick=st.integers(0, 30))
    def check(state, seat, pick):
        GENERATED["seats"] += 1
        is_seat = type(seat) is int and 0 <= seat < state.players
        view, err = attempt(state.view, seat)
        if is_seat:
            assert err is None and view.seat == seat
        else:
            refused(err, seat)
        before = picture(state)
        legal = state.legal_actions()
        if legal:
            action = legal[pick % len(legal)]
            done, err = attempt(state.apply, action, seat=seat)
            if err is None:
                assert seat is None or (is_seat and (seat == before[1] or state.game == "lora"))
            else:
                refused(err)
                if not is_seat and seat is not None:
                    refused(err, seat)
                assert picture(state) == before
        bot, err = attempt(bots.make, "basic", seat)
        if err is None:
            assert type(seat) is int and 0 <= seat <= bots.MAX_SEAT
        else:
            refused(err, seat)
    check()
