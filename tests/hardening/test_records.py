"""Saved hand records broken in every field: ``games.replay`` rebuilds the hand or raises a
RecordError naming the field (or the refused action's index and text)."""

import copy
import re
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor import RecordError, games

from .support import GENERATED, MODES, POOL, attempt, budget, junk, refused

RECORDS = [s.record() for s in POOL if "position" not in s.setup and s.setup.get("kind") != "position"]
records = st.sampled_from(range(len(RECORDS))).map(lambda i: copy.deepcopy(RECORDS[i]))

TOP = ["game", "rules", "setup", "actions"]


@st.composite
def broken_records(draw):
    record = draw(records)
    how = draw(st.sampled_from(["top", "drop-top", "setup", "drop-setup", "rules", "action",
                                "actions", "whole"]))
    if how == "whole":
        return draw(junk), None
    if how in ("top", "drop-top"):
        field = draw(st.sampled_from(TOP))
        if how == "top":
            record[field] = draw(junk)
        else:
            del record[field]
        return record, field
    if how in ("setup", "drop-setup"):
        field = draw(st.sampled_from(sorted(record["setup"])))
        if how == "setup":
            record["setup"][field] = draw(st.one_of(junk, st.sampled_from(
                ["2C " + " ".join(record["setup"].get("deck", [])[1:])
                 if isinstance(record["setup"].get("deck"), list) else "2C"])))
        else:
            del record["setup"][field]
        return record, field
    if how == "rules":
        field = draw(st.sampled_from(sorted(record["rules"])))
        record["rules"][field] = draw(junk)
        return record, "rules"
    if how == "action":
        index = draw(st.integers(0, len(record["actions"])))
        record["actions"].insert(index, draw(st.one_of(junk, st.sampled_from(
            ["pass", "play AS", "play 2C", "deal", "accept", "choose jk", "PLAY AS"]))))
        return record, "actions"
    record["actions"] = draw(junk)
    return record, "actions"


@pytest.mark.parametrize("mode", MODES)
def test_broken_records(mode):
    @budget("records", mode)
    @given(case=broken_records())
    def check(case):
        GENERATED["records"] += 1
        record, field = case
        state, err = attempt(games.replay, record)
        if err is None:
            assert state.record()["actions"] == list(record["actions"])
            return
        message = refused(err)
        assert isinstance(err, RecordError), f"{type(err).__name__}: {message}"
        if field is not None:
            # the broken field, or one it makes impossible (two players and dealer 2 is
            # refused at 'dealer'), is named
            assert re.search(r"field '\w+'|actions\[\d+\]", message), message
        assert "Traceback" not in message and "object at 0x" not in message.replace(
            "<object object at", "")
    check()


def test_every_record_of_the_pool_replays():
    for record in RECORDS:
        assert games.replay(json.loads(json.dumps(record))).record() == record
