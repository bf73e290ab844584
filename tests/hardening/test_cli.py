"""``tutor replay`` on any file and ``tutor deal`` with any numbers: exit code 0 or 2, and on
2 one line ``tutor: ...`` naming the file, never a traceback."""

import contextlib
import io
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor import cli

from .support import GENERATED, MODES, POOL, budget

json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
              st.text(max_size=10)),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=20)
RECORDS = [json.dumps(s.record()) for s in POOL[::7]]


@st.composite
def files(draw):
    kind = draw(st.sampled_from(["bytes", "text", "json", "deep", "record", "record-json"]))
    if kind == "bytes":
        return draw(st.binary(max_size=60))
    if kind == "text":
        return draw(st.text(max_size=60)).encode("utf-8")
    if kind == "json":
        return json.dumps(draw(json_values)).encode()
    if kind == "deep":
        depth = draw(st.sampled_from([10, 900, 5000, 100_000]))
        opener, closer = draw(st.sampled_from([("[", "]"), ('{"a":', "}")]))
        return (opener * depth + "1" + closer * depth).encode()
    record = json.loads(draw(st.sampled_from(RECORDS)))
    if kind == "record":
        field = draw(st.sampled_from(["game", "rules", "setup", "actions"]))
        record[field] = draw(json_values)
    else:
        key = draw(st.sampled_from(sorted(record["setup"])))
        record["setup"][key] = draw(json_values)
    return json.dumps(record).encode()


def run(argv) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(argv)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("mode", MODES)
def test_replay_any_file(mode):
    folder = Path(tempfile.mkdtemp(prefix="tutor-cli-"))
    path = folder / "hand.json"

    @budget("cli", mode)
    @given(content=files())
    def check(content):
        GENERATED["cli"] += 1
        path.write_bytes(content)
        code, out, err = run(["replay", str(path)])
        assert code in (0, 2)
        if code == 2:
            assert err.startswith("tutor: ") and err.count("\n") == 1, err
            assert len(err) <= 320 and "Traceback" not in err
            assert "hand.json" in err, err
            assert "char " not in err and "Expecting" not in err, err
        else:
            assert out and not err
    check()


@pytest.mark.parametrize("mode", MODES)
def test_deal_any_numbers(mode):
    @budget("cli", mode)
    @given(game=st.sampled_from(["euchre", "lora", "raub", "clabber"]),
           players=st.one_of(st.none(), st.integers(-2, 8)),
           dealer=st.one_of(st.none(), st.integers(-2, 8)), seed=st.integers(-5, 10**12))
    def check(game, players, dealer, seed):
        GENERATED["cli"] += 1
        argv = ["deal", game, "--seed", str(seed)]
        if players is not None:
            argv += ["--players", str(players)]
        if dealer is not None:
            argv += ["--dealer", str(dealer)]
        code, out, err = run(argv)
        assert code in (0, 2)
        if code == 2:
            assert err.startswith("tutor: ") and err.count("\n") == 1 and len(err) <= 320, err
        else:
            assert out
            if players is not None:
                assert f"{players} players" in out or game in ("lora", "raub")
    check()
