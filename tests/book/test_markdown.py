"""Markdown pages with card examples, and the rules references of every game."""

from pathlib import Path

import pytest

from tutor.book.markdown import ExampleError, PICTURE_TAG, first_heading, page_notebook
from tutor.games import GAMES

RULES = Path(__file__).resolve().parents[2] / "book" / "rules"


def pictures(nb):
    return [c for c in nb.cells if PICTURE_TAG in c.metadata.get("tags", [])]


def html_of(cell):
    return cell.outputs[0]["data"]["text/html"]


def test_text_and_examples_alternate():
    nb = page_notebook("# Title\n\nSome text.\n\n```cards Two jacks\nJH JD\n```\n\nMore text.\n"
                       "\n```python\nprint('code stays code')\n```\n")
    kinds = [c.cell_type for c in nb.cells]
    assert kinds == ["markdown", "code", "markdown"]
    assert "```python" in nb.cells[2].source
    picture = html_of(nb.cells[1])
    assert "Two jacks" in picture and 'title="jack of hearts"' in picture
    assert first_heading("```\n# not a heading\n```\n# The heading\n") == "The heading"


def test_the_rules_work_out_the_winner_of_a_trick():
    nb = page_notebook("```trick\ngame: euchre\ntrump: S\nplays: West AH, North 9H, East JC, South TS\n```")
    picture = html_of(pictures(nb)[0])
    assert "East ✔" in picture and "West ✔" not in picture


def test_a_trick_with_the_wrong_winner_stops_the_page():
    text = "Intro\n\n```trick\ngame: euchre\ntrump: S\nplays: West AH, North 9H, East JC, South TS\nwinner: West\n```"
    with pytest.raises(ExampleError, match="^line 7: the rules give this trick to East, not West"):
        page_notebook(text)


@pytest.mark.parametrize("text, message", [
    ("```cards\nJH XX\n```", "line 2: "),
    ("```cards\n```", "line 1: a cards example needs at least one card"),
    ("```trick\nplays: Up AH\n```", "line 2: 'Up' is not a seat"),
    ("```trick\nwho: West\n```", "line 2: 'who: West' is not a line of this example"),
    ("```deal\ncentre: nothing\n```", "line 1: a deal example needs at least one seat line"),
])
def test_a_broken_example_names_its_line(text, message):
    with pytest.raises(ExampleError) as err:
        page_notebook(text)
    assert str(err.value).startswith(message)


def test_a_deal_draws_hidden_hands_as_backs():
    nb = page_notebook("```deal\nNorth: AS KS\nEast: 2\nSouth: AH KH\nWest: 2\nhero: south\n```")
    picture = html_of(pictures(nb)[0])
    assert picture.count('class="tt-card tt-back"') == 4
    assert 'tt-south tt-hero' in picture


@pytest.mark.parametrize("game", GAMES)
def test_a_rules_reference_reads_with_every_example(game):
    path = RULES / f"{game}.md"
    if not path.exists():
        pytest.skip(f"no rules reference for {game} yet")
    text = path.read_text(encoding="utf-8")
    nb = page_notebook(text, game)        # every example draws, every trick winner agrees
    assert first_heading(text).startswith("The rules of")
    assert len(pictures(nb)) >= 3
    # words for players: no engine identifiers
    for word in ("order_up", "bid1", "_", "seat 0", "row S"):
        body = "".join(c.source for c in nb.cells if c.cell_type == "markdown")
        assert word not in body, word
