"""The progress file under faults: two kernels writing at once, a kernel killed mid-write (at
random moments, and exactly before the sync and before the rename of a write).

Each test prints its figures (run with ``-s`` to see them):
``updates tried / lost`` and ``kills tried / landed mid-write / corrupt files``.
"""

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL") or os.name != "posix",
                                reason="processes and SIGKILL as on POSIX systems")

# two updates of different kinds in turn: a counter every kernel bumps (lost if a kernel writes
# a stale copy) and a list each kernel appends its own numbered entries to
WRITER = """
import sys, time
from pathlib import Path
from tutor.progress import Store
path, tag, count, go = sys.argv[1], sys.argv[2], int(sys.argv[3]), Path(sys.argv[4])
store = Store(path)
while not go.exists():
    time.sleep(0.001)
for i in range(count):
    if i % 2 == 0:
        store.record_exercise("race/01", "shared", correct=True)
    else:
        store.record_attempt("race-" + tag, solved=True, index=i)
"""

# writes without end until killed; says "ready" once the store is open
HAMMER = """
import sys
from tutor.progress import Store
store = Store(sys.argv[1])
key = sys.argv[2]
print("ready", flush=True)
i = 0
while True:
    store.record_attempt(key, solved=True, index=i)
    i += 1
"""


def _python(code, *args, **kwargs):
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.Popen([sys.executable, "-c", code, *map(str, args)], cwd=ROOT, env=env,
                            **kwargs)


def test_two_kernels_updating_at_once_lose_no_update(tmp_path):
    path = tmp_path / "progress.json"
    go = tmp_path / "go"
    count = 250                                   # updates per kernel
    kernels = [_python(WRITER, path, tag, count, go) for tag in ("a", "b")]
    time.sleep(0.3)                               # both started and waiting
    go.touch()
    for k in kernels:
        assert k.wait(timeout=120) == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    counted = data["lessons"]["race/01"]["exercises"]["shared"]["tries"]
    appended = {tag: [a["index"] for a in data["attempts"].get("race-" + tag, [])] for tag in "ab"}
    tried = 2 * count
    found = counted + sum(len(v) for v in appended.values())
    print(f"\ntwo kernels: updates tried {tried}, lost {tried - found}")
    assert counted == count                       # count // 2 from each kernel
    for tag in "ab":
        assert appended[tag] == list(range(1, count, 2))
    assert found == tried
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp.txt")]


def test_a_kernel_killed_at_random_moments_never_corrupts_the_file(tmp_path):
    path = tmp_path / "progress.json"
    # a record of some size, so that a write takes long enough to be interrupted
    seed = {"version": 1, "ratings": {}, "attempts": {},
            "lessons": {f"euchre/{i:03d}": {"completed": None, "exercises": {
                f"ex{j}": {"first_try": True, "tries": 1, "solved": True, "last": 0.0}
                for j in range(12)}} for i in range(150)}}
    path.write_text(json.dumps(seed), encoding="utf-8")
    rng = random.Random(7)
    tries, mid_write, corrupt, updates_seen = 40, 0, 0, 0
    for t in range(tries):
        key = f"kill-{t}"
        kernel = _python(HAMMER, path, key, stdout=subprocess.PIPE, text=True)
        assert kernel.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 0.1))
        kernel.send_signal(signal.SIGKILL)
        kernel.wait(timeout=30)
        kernel.stdout.close()
        if any(p.name.endswith(".tmp.txt") for p in tmp_path.iterdir()):
            mid_write += 1                        # killed between the temporary file and the rename
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            corrupt += 1
            continue
        indices = [a["index"] for a in data["attempts"].get(key, [])]
        if indices != list(range(len(indices))) or len(data["lessons"]) != 150:
            corrupt += 1                          # not a prefix of the updates made
        updates_seen += len(indices)
    print(f"\nkills tried {tries}, landed mid-write {mid_write}, corrupt files {corrupt} "
          f"({updates_seen} updates kept in all)")
    assert corrupt == 0
    assert updates_seen > 0
    from tutor.progress import Store
    store = Store(path)                           # the next kernel reads it as it is ...
    assert store.notice == "" and len(store.lessons()) == 150
    store.record_exercise("euchre/000", "ex0", correct=True)
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp.txt")]   # ... and tidies


# stops at a chosen step of its second write, says so, and waits to be killed there
STOPPER = """
import os, sys, time
from tutor import progress
store = progress.Store(sys.argv[1])
store.record_exercise("l/1", "first", correct=True)
step = sys.argv[2]

def stop(*args):
    print("stopped", flush=True)
    time.sleep(60)

setattr(progress.os, step, stop)
store.record_exercise("l/1", "second", correct=True)
"""


@pytest.mark.parametrize("step", ["fsync", "replace"])
def test_a_kernel_killed_between_the_steps_of_a_write_leaves_the_previous_file(tmp_path, step):
    path = tmp_path / "progress.json"
    kernel = _python(STOPPER, path, step, stdout=subprocess.PIPE, text=True)
    assert kernel.stdout.readline().strip() == "stopped"
    before = path.read_bytes()
    kernel.send_signal(signal.SIGKILL)
    kernel.wait(timeout=30)
    kernel.stdout.close()
    assert path.read_bytes() == before
    left = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp.txt")]
    assert len(left) == 1 and "second" in left[0].read_text(encoding="utf-8")   # the write, unfinished
    from tutor.progress import Store
    store = Store(path)
    assert list(store.lesson("l/1")["exercises"]) == ["first"] and store.notice == ""
    store.record_exercise("l/1", "third", correct=True)
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp.txt")]
