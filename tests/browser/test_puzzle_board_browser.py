"""The puzzle board in a real JupyterLab and Chromium: a wrong card refuted, retry from the
mistake, the hint ladder, the right line to success, the solution stepped through, and a
hidden seat drawn as card backs."""
import time

import pytest
from playwright.sync_api import expect

from .conftest import open_notebook

pytestmark = pytest.mark.browser

CELLS = [
    "import os, tempfile\nos.environ['TUTOR_DATA_DIR'] = tempfile.mkdtemp()\n"
    "from tutor import games\nfrom tutor.widgets import PuzzleBoard",
    # North (seat 2) leads; only the J♣ takes two of the last three tricks
    'lead = games.position("euchre", trump="H", leader=2, tricks_won={"NS": 1, "EW": 1},\n'
    '    hands={0: "JS QH 9H", 1: "9S KC TH", 2: "TD JC KD", 3: "TS AC AH"})\n'
    "board = PuzzleBoard(lead)\nboard",
]


@pytest.fixture(scope="module")
def page(lab, browser_context):
    page = open_notebook(lab, browser_context, "puzzles.ipynb", CELLS)
    try:
        page.wait_for_function("document.querySelectorAll('.jp-OutputArea .tutor-puzzle "
                               "button.tutor-card').length >= 3", timeout=120_000)
    except Exception:
        from .conftest import shots_dir
        page.screenshot(path=str(shots_dir() / "puzzle-board-did-not-appear.png"), full_page=True)
        raise
    return page


@pytest.fixture(autouse=True)
def screenshot_on_failure(request, page):
    yield
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        from .conftest import shots_dir
        path = shots_dir() / f"{request.node.name}-FAILED.png"
        page.screenshot(path=str(path), full_page=True)
        print(f"screenshot of the failure: {path}")


def board(page):
    return page.locator(".jp-OutputArea .tutor-puzzle.tutor-root").first


def click_and_wait(node, button, timeout=30.0):
    before = node.inner_text()
    button.click()
    end = time.time() + timeout
    while time.time() < end:     # the answer: the text changes and the defence has done
        if node.inner_text() != before and node.locator(".tutor-busy").count() == 0:
            time.sleep(0.2)
            if node.locator(".tutor-busy").count() == 0:
                return node.inner_text()
        time.sleep(0.05)
    raise AssertionError("the board did not answer the click")


def control(node, label):
    return node.locator("button.tutor-control", has_text=label)


def test_wrong_card_retry_hint_and_the_right_line(page, shoot):
    node = board(page)
    node.scroll_into_view_if_needed()
    cards = node.locator("button.tutor-card:enabled")
    assert sorted(c.get_attribute("title") for c in cards.all()) == ["play JC", "play KD", "play TD"]
    expect(node).to_contain_text("two of the last three tricks")
    shoot(page, "puzzle-start")
    click_and_wait(node, node.locator('button.tutor-card[title="play TD"]'))
    expect(node.locator(".tt-bad")).to_contain_text("short of the two you need")
    expect(node).to_contain_text("How the defence beats it")
    assert node.locator("button.tutor-card:enabled").count() == 0
    shoot(page, "puzzle-refuted")
    click_and_wait(node, control(node, "Retry from the mistake"))
    expect(node).to_contain_text("Back to just before the 10♦")
    for step in range(1, 4):                 # the ladder grows one step a click; the last names the card
        click_and_wait(node, control(node, "Hint"))
        expect(node.locator(".tt-say.tt-info li")).to_have_count(step)
    expect(node.locator(".tt-say.tt-info li").last).to_contain_text("J♣")
    click_and_wait(node, node.locator('button.tutor-card[title="play JC"]'))
    expect(node.locator(".tt-good")).to_contain_text("Good: the J♣")
    for _ in range(12):                      # the learner's side to the end, any card that keeps it
        if "Solved!" in node.inner_text():
            break
        click_and_wait(node, node.locator("button.tutor-card:enabled").first)
    expect(node.locator(".tt-good")).to_contain_text("Solved!")
    expect(node).to_contain_text("Euchre rating")
    shoot(page, "puzzle-solved")


def test_show_solution_steps_forward_and_back(page, shoot):
    node = board(page)
    click_and_wait(node, control(node, "Show solution"))
    expect(node.locator(".tt-line").first).to_contain_text("Solution")
    click_and_wait(node, control(node, "Forward"))
    expect(node).to_contain_text("Step 1 of")
    click_and_wait(node, control(node, "Forward"))
    click_and_wait(node, control(node, "Back"))
    expect(node).to_contain_text("Step 1 of")
    shoot(page, "puzzle-solution")
