"""The play table in a real JupyterLab and Chromium: a table per game, a full hand of each
played by clicking, the last trick kept in sight, the log, the score sheet, undo, the hint, the
review's retry, the busy state, and no engine identifier anywhere on screen."""
import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from .conftest import open_notebook

pytestmark = pytest.mark.browser

CELLS = [
    "from tutor.widgets import PlayTable",
    'euchre = PlayTable("euchre", seed=3, dealer=3, bots="basic")\neuchre',
    'lora = PlayTable("lora", seed=4, contract="minimum")\nlora',
    'raub = PlayTable("raub", seed=2, contract="declarer")\nraub',
    'clabber = PlayTable("clabber", seed=1, contract="bidder")\nclabber',
    'slow = PlayTable("euchre", seed=3, dealer=3, bots="expert", bot_budget=1.5)\nslow',
    'layout = PlayTable("lora", seed=4, contract="lora")\nlayout',
]
TABLES = {"euchre": 0, "lora": 1, "raub": 2, "clabber": 3, "slow": 4, "layout": 5}
IDENTIFIERS = re.compile(r"\b(bid1|bid2|order_up|go_alone|up_card|pass_deal|exchange_seven|"
                         r"dealer_choice|name_blind|phase|outcome|refas|multiplier|None|"
                         r"row S\d+|[a-z]+_[a-z_]+)\b")


@pytest.fixture(scope="module")
def page(lab, browser_context):
    page = open_notebook(lab, browser_context, "tables.ipynb", CELLS)
    page.wait_for_function(f"document.querySelectorAll('.jp-OutputArea .tutor-root').length >= {len(TABLES)}",
                           timeout=120_000)
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


def root(page, name):
    return page.locator(".jp-OutputArea .tutor-root").nth(TABLES[name])


def wait_change(node, before: str, timeout: float = 30.0) -> str:
    """Wait for the kernel's answer: the table's text changes."""
    end = time.time() + timeout
    while time.time() < end:
        text = node.inner_text()
        if text != before:
            return text
        time.sleep(0.05)
    raise AssertionError("the table did not answer the click")


def settled(node, quiet: float = 0.4, timeout: float = 90.0) -> str:
    """Wait until the table has stopped changing and nobody is thinking: the kernel's answer
    arrives as several messages (text first, buttons after), and a button found between two
    of them may already be on its way out."""
    end = time.time() + timeout
    last, since = node.inner_text(), time.time()
    while time.time() < end:
        time.sleep(0.05)
        text = node.inner_text()
        if text != last:
            last, since = text, time.time()
        elif time.time() - since >= quiet and not node.locator(".tutor-busy").count():
            return text
    raise AssertionError("the table kept changing or stayed busy")


def click_and_wait(node, button):
    before = node.inner_text()
    try:
        button.click(timeout=10_000)
    except PlaywrightTimeout:
        if button.count():
            raise
        return settled(node)   # the button went away before the click: the table moved on
    wait_change(node, before)
    return settled(node)


def decisions(node):
    return node.locator("button.tutor-action:not(.tutor-control):not(.tutor-retry):enabled")


def playable_cards(node):
    return node.locator("button.tutor-card:enabled")


def assert_in_words(node):
    found = IDENTIFIERS.findall(node.inner_text())
    assert not found, f"engine identifiers on screen: {found[:5]}"


def play_hand(page, node, shoot=None, label=""):
    """Click through a hand: a decision button when there is one (the last offered), else the
    first playable card. Returns how often the last trick was in sight while the next ran."""
    last_trick_seen = []
    for step in range(150):
        text = node.inner_text()
        if "The hand is over." in text:
            return last_trick_seen
        if node.locator(".tutor-busy").count():
            settled(node)
            continue
        assert_in_words(node)
        if re.search(r"Trick [2-9]\b", node.locator(".tutor-board").first.inner_text()):
            last = node.locator(".tutor-lasttrick")
            last_trick_seen.append(last.count() == 1 and last.first.is_visible()
                                   and "won it with" in last.first.inner_text())
        if step == 3 and shoot is not None:
            shoot(page, f"{label}-playing")
        acts, cards = decisions(node), playable_cards(node)
        if acts.count():
            click_and_wait(node, acts.last)
        elif cards.count():
            click_and_wait(node, cards.first)
        else:
            wait_change(node, text)
    raise AssertionError("the hand did not end")


def test_every_table_shows_in_words(page, shoot):
    for name in TABLES:
        node = root(page, name)
        node.scroll_into_view_if_needed()
        assert node.locator(".tutor-status").first.is_visible()
        if name != "slow":
            assert_in_words(node)
    for button in page.locator(".tutor-root button.tutor-card, .tutor-root button.tutor-action:not(.tutor-control):not(.tutor-retry)").all()[:40]:
        tip = button.get_attribute("title") or ""
        assert tip and not tip[0].isupper(), f"a clickable element without its action as tooltip: {tip!r}"
    shoot(page, "start")


def test_a_euchre_hand_by_clicking_with_hint_undo_sheet_and_retry(page, shoot):
    node = root(page, "euchre")
    node.scroll_into_view_if_needed()
    # the hint ladder
    hint = node.locator("button.tutor-control", has_text="Hint")
    click_and_wait(node, hint)
    expect(node.locator(".tutor-hint").first).to_be_visible(timeout=10_000)
    # a decision, then undo
    log_before = node.locator(".tutor-log").inner_text()
    click_and_wait(node, decisions(node).last)
    click_and_wait(node, node.locator("button.tutor-control", has_text="Undo"))
    expect(node.locator(".tutor-status")).to_contain_text("Taken back")
    expect(node.locator(".tutor-log")).to_have_text(log_before)
    seen = play_hand(page, node, shoot, "euchre")
    assert seen and all(seen), "the last trick went out of sight while the next one ran"
    expect(node.locator(".tutor-log")).to_contain_text(re.compile(r"Trick 1 — .* won it with"))
    sheet = node.locator(".tutor-scoresheet")
    expect(sheet).to_contain_text("First side to 10 points", timeout=30_000)
    expect(sheet).not_to_contain_text("No hand finished yet", timeout=30_000)
    expect(node.locator(".tutor-review")).to_contain_text("Review", timeout=30_000)
    assert_in_words(node)
    shoot(page, "euchre-over")
    # the review's retry reopens the hand at that card
    retry = node.locator("button.tutor-retry")
    assert retry.count() >= 1
    click_and_wait(node, retry.first)
    expect(node.locator(".tutor-status")).to_contain_text("Play it again from here")
    expect(sheet).to_contain_text("No hand finished yet", timeout=30_000)
    play_hand(page, node)
    expect(sheet).not_to_contain_text("No hand finished yet", timeout=30_000)


@pytest.mark.parametrize("name", ["lora", "raub", "clabber", "layout"])
def test_a_hand_of_every_other_game_by_clicking(page, shoot, name):
    node = root(page, name)
    node.scroll_into_view_if_needed()
    play_hand(page, node, shoot, name)
    expect(node.locator(".tutor-review")).to_contain_text("The hand is over", timeout=30_000)
    expect(node.locator(".tutor-scoresheet")).not_to_contain_text("No hand finished yet",
                                                                  timeout=30_000)
    assert_in_words(node)
    shoot(page, f"{name}-over")


def test_busy_state_while_expert_bots_think(page, shoot):
    node = root(page, "slow")
    node.scroll_into_view_if_needed()
    before = node.inner_text()
    decisions(node).last.click()
    start = time.time()
    node.locator(".tutor-busy").first.wait_for(state="visible", timeout=5_000)
    shown = time.time() - start
    shoot(page, "busy")
    assert "is thinking" in node.inner_text()
    assert decisions(node).count() == 0 and playable_cards(node).count() == 0
    node.locator(".tutor-busy").first.wait_for(state="detached", timeout=90_000)
    assert node.inner_text() != before
    assert shown < 3.0
