"""The pure wheel the browser edition installs, the puzzle collection inside it, and the extras."""
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tutor import TutorError, lite, puzzles
from tutor.book import require_book_extra

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("euchre", "lora", "raub", "clabber")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    pytest.importorskip("wheel")
    return lite.build_wheel(ROOT, tmp_path_factory.mktemp("wheel"))


def test_the_wheel_is_pure_python_with_the_collection(wheel):
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
    assert not [n for n in names if n.endswith((".so", ".pyd", ".c", ".h"))]
    for game in GAMES:
        shipped = sorted(p.name for p in (ROOT / "puzzles" / game).glob("*.toml"))
        inside = sorted(Path(n).name for n in names
                        if n.startswith(f"tutor/puzzles/collection/{game}/") and n.endswith(".toml"))
        assert inside == shipped


def test_the_checkout_is_left_as_it_was(wheel):
    assert not (ROOT / "tutor" / "puzzles" / "collection").exists()


def test_an_installed_wheel_finds_its_own_puzzles(wheel, tmp_path):
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(site)
    script = ("import json, tutor, tutor.puzzles as p, tutor.solver as s\n"
              "print(json.dumps({'file': tutor.__file__, 'dir': str(p.COLLECTION_DIR),\n"
              "  'ids': sorted(x.id for x in p.shipped()), 'core': s.backend()}))")
    env = dict(os.environ, PYTHONPATH=str(site))
    env.pop("TUTOR_SOLVER", None)
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert Path(found["file"]).is_relative_to(site)
    assert Path(found["dir"]) == site / "tutor" / "puzzles" / "collection"
    assert found["ids"] == sorted(x.id for x in puzzles.shipped())
    assert found["core"] == "python"


def test_a_checkout_reads_the_collection_authors_edit():
    assert puzzles.COLLECTION_DIR == ROOT / "puzzles"


def test_the_runtime_dependencies_are_what_a_lesson_needs():
    import tomllib
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = {d.split(">")[0].split("=")[0].split("<")[0].strip().lower()
             for d in project["dependencies"]}
    assert names == {"ipywidgets", "platformdirs", "tomli-w", "tqdm"}
    extras = project["optional-dependencies"]
    assert any(d.startswith("jupyterlab") for d in extras["lab"])
    assert any(d.startswith("nbconvert") for d in extras["book"])
    core = [d for d in extras["lite"] if d.startswith("jupyterlite-core==")]
    kernel = [d for d in extras["lite"] if d.startswith("jupyterlite-pyodide-kernel==")]
    assert core and kernel and core[0].split("==")[1] == kernel[0].split("==")[1]


def test_a_book_without_the_book_extra_says_which_extra(monkeypatch, capsys):
    import importlib.util
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "nbconvert" else real(name, *a))
    with pytest.raises(TutorError, match=r"trick-tutor\[book\].*nbconvert"):
        require_book_extra()
    from tutor.cli import main
    assert main(["book", "build", str(ROOT / "book" / "euchre-course.toml")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "pip install 'trick-tutor[book]'" in err[0]
