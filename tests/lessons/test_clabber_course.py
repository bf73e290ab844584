"""The Clabber course keeps its promises: each lesson's seeded table deal contains the situation
its text announces, the syllabus covers every section 2-13 of the rules, and every lesson,
exercise and puzzle theme it names exists.

The learner's seat is played by the table's hints (what a newcomer who presses Hint would do),
the other seats by the table's own bots, exactly as in the notebook."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from tutor import bots, games
from tutor.cards import Rank
from tutor.games.clabber import trick_rules_for
from tutor.widgets import PlayTable

ROOT = Path(__file__).resolve().parents[2]
COURSE = ROOT / "lessons" / "clabber"


def table_cells(path: Path) -> list[str]:
    """The source of every cell of a lesson that builds a PlayTable (the lesson's seeded hand
    comes first)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"]
            if c["cell_type"] == "code" and "PlayTable(" in "".join(c["source"])]


def table_call(path: Path, index: int = 0) -> str:
    """The source of the lesson's ``PlayTable(...)`` call (the first table by default)."""
    source = table_cells(path)[index]
    [call] = [node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Call)
              and getattr(node.func, "id", None) == "PlayTable"]
    return ast.get_source_segment(source, call)


def build_table(path: Path, index: int = 0) -> PlayTable:
    """The lesson's table exactly as its cell builds it, without background threads."""
    def table(*args, **kwargs):
        return PlayTable(*args, background=False, **kwargs)
    return eval(table_call(path, index), {"PlayTable": table})


def play_by_hints(path: Path, index: int = 0):
    """Build the lesson's table and play the learner's seat by the hints; returns the finished
    hand and every decision the learner met as (state before, legal action strings). Decisions
    the table takes for the learner (``decides=``) are not met."""
    table = build_table(path, index)
    met = []
    for _ in range(80):
        state = table.state
        if state.is_over:
            break
        view = state.view(0)
        met.append((snapshot(state), [str(a) for a in view.legal]))
        assert table.click(bots.hint(view, level="basic").action)
    assert table.state.is_over
    return table.state, met


def snapshot(state) -> dict:
    return {"topic": games.decision_topic(state), "phase": state.phase, "trick": tuple(state.trick),
            "trump": state.trump,
            "hand": tuple(state.hands[0]), "trick_number": state.trick_number,
            "bids": tuple(state.bids)}


def lesson(number: int) -> Path:
    [path] = sorted(COURSE.glob(f"{number:02d}-*.ipynb"))
    return path


def duty_to_overtrump(snap: dict, legal: list[str]) -> bool:
    """The learner must beat a trump already in the trick and holds a trump that may not go."""
    trump = snap["trump"]
    trick_trumps = [c for _, c in snap["trick"] if c.suit is trump]
    mine = [c for c in snap["hand"] if c.suit is trump]
    if snap["phase"] != "play" or not trick_trumps or not mine:
        return False
    led = snap["trick"][0][1].suit
    if led is not trump and any(c.suit is led for c in snap["hand"]):
        return False
    playable = {a.split()[-1] for a in legal}
    forbidden = [c for c in mine if str(c) not in playable]
    return bool(forbidden) and all(any(str(c) == p for c in mine) for p in playable)


def duty_to_trump(snap: dict, legal: list[str]) -> bool:
    """A plain suit led, the learner void in it, and he must trump though he holds other cards."""
    trump = snap["trump"]
    if snap["phase"] != "play" or not snap["trick"]:
        return False
    led = snap["trick"][0][1].suit
    hand = snap["hand"]
    if led is trump or any(c.suit is led for c in hand):
        return False
    mine = [c for c in hand if c.suit is trump]
    return bool(mine) and len(mine) < len(hand) and len(legal) <= len(mine)


def test_lesson1_the_nine_of_trumps_captures_the_ace_of_trumps():
    state, met = play_by_hints(lesson(1))
    # bidding and the duty to trump come later: the table takes those decisions
    assert {s["topic"] for s, _ in met} == {"play"}
    assert "decides=" in table_call(lesson(1))
    trump = state.trump
    captures = [plays for _, plays, win in state.tricks
                if any(c.suit is trump and c.rank is Rank.ACE for _, c in plays)
                and dict(plays)[win].suit is trump and dict(plays)[win].rank is Rank.NINE]
    assert captures


def test_lesson2_the_learner_is_eldest_and_leads_while_east_holds_the_face_up_card():
    state, met = play_by_hints(lesson(2))
    assert state.dealer == 3 and state.eldest == 0 and state.cutter == 2
    first_leader, first_plays, _ = state.tricks[0]
    assert first_leader == 0 and first_plays[0][0] == 0        # eldest leads the first trick
    assert any(seat == 3 and card == state.upcard for _, plays, _ in state.tricks
               for seat, card in plays)                       # the face-up card was East's
    assert {s["topic"] for s, _ in met} == {"play"}          # bidding and trumping are decided


def test_lesson3_the_choice_comes_to_the_dealer():
    table = build_table(lesson(3))
    state = table.state
    assert state.dealer == 0 and state.to_move == 0 and state.bid_round == 1
    assert [str(b[1]) if isinstance(b, tuple) else str(b) for b in state.bids] == ["pass"] * 3
    assert {str(a) for a in state.legal_actions()} == {"accept", "pass"}
    _, met = play_by_hints(lesson(3))
    assert "trumping" not in {s["topic"] for s, _ in met}    # the duty to trump comes next


def test_lesson3_the_bidding_decision_is_settled():
    """The Decide of Lesson 3 (the same deal as its cell) has one clear answer: accept."""
    from tutor.lessons import clabber as cl
    from tutor.widgets import settle
    nb = json.loads(lesson(3).read_text(encoding="utf-8"))
    assert any('id="accept-strong"' in "".join(c["source"]) for c in nb["cells"])
    strong = cl.bidding_position({0: "JS 9S AS AH AD KD", 3: "QC 9C KH QH 9D TS"}, up="TS")
    result = settle(strong.view(0), samples=16, seeds=(0, 1, 2))
    assert result.settled and str(result.best) == "accept", result.reason


def test_lesson4_the_learner_must_overtrump_his_partner_in_trick_one_and_trump_later():
    _, met = play_by_hints(lesson(4))
    first = [(s, legal) for s, legal in met if s["phase"] == "play" and s["trick_number"] == 0]
    assert first and duty_to_overtrump(*first[0])
    snap = first[0][0]
    rules = trick_rules_for(snap["trump"])
    best = max((pc for pc in snap["trick"] if pc[1].suit is snap["trump"]),
               key=lambda pc: rules.order[pc[1]])
    assert best[0] == 2                       # the trump to beat is the partner's (North)
    assert any(duty_to_trump(s, legal) for s, legal in met if s["trick_number"] > 0)


def test_lesson5_the_learner_holds_four_aces_and_scores_them():
    state, _ = play_by_hints(lesson(5))
    assert [m.kind for m in state.announced[0]] == ["four_aces"]
    assert state.meld_winner == state.side_of(0) and state.meld_points()[state.side_of(0)] == 100


def test_lesson6_the_learner_announces_a_dad_himself_and_both_sides_state_how_high():
    assert '"meld_declaration": "choice"' in table_call(lesson(6))
    state, met = play_by_hints(lesson(6))
    announcing = [legal for s, legal in met if s["topic"] == "melds"]
    assert announcing and any(a != "announce none" for a in announcing[0])
    assert [m.kind for m in state.announced[0]] == ["dad"]
    assert [m.kind for m in state.announced[3]] == ["dad"]
    tops = [e for e in state.events if e[0] == "top"]
    assert {e[1] for e in tops} == {0, 3}                     # both say how high their dad goes
    assert state.meld_winner == state.side_of(0)


def test_lesson7_the_learner_holds_the_bell_and_the_other_side_wins_the_melds():
    state, _ = play_by_hints(lesson(7))
    assert state.maker == 2 and state.bell_holder == 0
    assert ("bell", 0) in state.events
    assert state.meld_winner == state.side_of(1)


def test_lesson8_west_makes_trumps_and_a_tie_sets_him():
    state, _ = play_by_hints(lesson(8))
    details = state.result().details
    assert state.maker == 1 and details["made"] is False
    assert len(set(details["totals"].values())) == 1          # level: a tie sets the makers
    assert details["marks"][state.side_of(1)] == "XX"


def test_lesson9_the_others_pass_and_the_learner_makes_it_with_the_bell():
    state, _ = play_by_hints(lesson(9))
    assert [b for _, b in state.bids] == ["pass", "pass", "pass", "accept"]
    assert state.maker == 0 and state.bell_holder == 0 and state.result().details["made"]


def test_lesson10_three_players_west_makes_trumps_and_the_learner_ties_him():
    path = lesson(10)
    assert "players=3" in table_call(path)
    state, _ = play_by_hints(path)
    totals = state.result().details["totals"]
    assert state.players == 3 and state.maker == 1
    assert totals[0] == totals[1] and state.result().details["made"] is False


def test_lesson11_the_final_game_starts_with_the_first_dealer_chosen_by_the_jacks():
    table = build_table(lesson(11))
    match = table.match
    assert match.seating_deal and match.seating_deal[-1][1].rank is Rank.JACK
    assert match.current.dealer == 0 and match.scores == {"NS": 0, "EW": 0}


def test_the_syllabus_covers_sections_2_to_13():
    from tutor import syllabus
    course = syllabus.load(COURSE)
    assert list(course.sections) == [str(n) for n in range(2, 14)]
    assert len(course.lessons) == 11


# the theme each lesson's puzzle text promises (the collection's own theme names); lessons
# whose idea no puzzle of the collection practises have none
PUZZLE_THEMES = {1: {"capture the ten"}, 3: {"draw trumps"}, 4: {"forced overtrump"},
                 7: {"give partner points"}, 8: {"the last-trick ten"},
                 9: {"forced overtrump", "draw trumps"}, 11: {"lead to your partner"}}


@pytest.mark.parametrize("number", sorted(PUZZLE_THEMES))
def test_each_lesson_ends_with_puzzles_on_its_theme(number):
    from tutor import puzzles
    nb = json.loads(lesson(number).read_text(encoding="utf-8"))
    [cell] = ["".join(c["source"]) for c in nb["cells"]
              if c["cell_type"] == "code" and re.search(r"PuzzleBoard\(|puzzle_set\(", "".join(c["source"]))]
    [theme] = re.findall(r'(?:theme=|puzzle_set\()"([^"]+)"', cell)
    assert theme in PUZZLE_THEMES[number]
    chosen = puzzles.shipped("clabber", theme=theme)
    assert len(chosen) >= 2, f"the collection has fewer than two puzzles on {theme!r}"
