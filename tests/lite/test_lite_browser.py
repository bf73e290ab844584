"""The browser edition in Chromium, nothing loaded from any other host: the course index opens
first, a lesson of each game runs all its cells without an error, a table plays and its bots
answer, a puzzle refutes a wrong card and accepts the right one, hints, and the learner's
progress is still there after a reload. A browser without WebAssembly or storage is told so."""
import importlib.util
import re
import time

import pytest
from playwright.sync_api import expect

from tutor import syllabus

from .conftest import NOTEBOOK, ROOT, new_context, open_lab, run_all, save_notebook

pytestmark = pytest.mark.browser

_spec = importlib.util.spec_from_file_location("lesson_cells", ROOT / "tools" / "lesson_cells.py")
lesson_cells = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lesson_cells)

CHECK = "lite-check.ipynb"
CHECK_CELLS = [
    lesson_cells.SETUP_SOURCE,
    "from tutor import games\nfrom tutor.widgets import PlayTable, PuzzleBoard, Lesson, Quiz",
    'table = PlayTable("euchre", seed=3, dealer=3, bots="basic")\ntable',
    # North (seat 2) leads; only the J♣ takes two of the last three tricks
    'lead = games.position("euchre", trump="H", leader=2, tricks_won={"NS": 1, "EW": 1},\n'
    '    hands={0: "JS QH 9H", 1: "9S KC TH", 2: "TD JC KD", 3: "TS AC AH"})\n'
    "board = PuzzleBoard(lead)\nboard",
    'lesson = Lesson("euchre/01-first-hand")\n'
    'Quiz("How many cards does the Euchre deck have?", ["52", "32", "24"], answer="24",\n'
    '     explanations=["Too many.", "A variant.", "Right."], lesson=lesson, id="deck-size",\n'
    '     title="the size of the deck")',
]


def first_lessons() -> list[tuple[str, str]]:
    out = []
    for course in syllabus.courses(ROOT / "lessons"):
        out.append((course.folder.name, f"lessons/{course.folder.name}/{course.lessons[0].file}"))
    return sorted(out)


@pytest.fixture(scope="module")
def page(context):
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page
    page.close()


def wait_change(node, before: str, timeout: float = 60.0) -> str:
    end = time.time() + timeout
    while time.time() < end:
        text = node.inner_text()
        if text != before and node.locator(".tutor-busy").count() == 0:
            time.sleep(0.2)
            if node.locator(".tutor-busy").count() == 0:
                return node.inner_text()
        time.sleep(0.05)
    raise AssertionError("the widget did not answer the click")


def click_and_wait(node, button, timeout: float = 60.0) -> str:
    before = node.inner_text()
    button.click()
    return wait_change(node, before, timeout)


def test_index_html_opens_the_course_index(page, served, shoot):
    page.goto(f"{served}/")
    page.wait_for_url(re.compile(r"/lab/index\.html\?path=lessons/index\.ipynb"))
    notebook = page.locator(NOTEBOOK).first
    expect(notebook).to_contain_text("the courses", timeout=60_000)
    for folder, _ in first_lessons():
        expect(notebook.locator(f'a[href*="{folder}/"]').first).to_be_attached()
    shoot(page, "opened")
    open_lab(page, served, "lessons/index.ipynb")
    state = run_all(page)
    assert state["errors"] == [], "\n".join(state["errors"])
    # the courses were read from the site's drive: every course's table with its lesson links
    expect(notebook.locator(".tutor-courses table.tutor-index")).to_have_count(len(first_lessons()))
    shoot(page, "ran")


@pytest.mark.parametrize("game,path", first_lessons(), ids=[g for g, _ in first_lessons()])
def test_a_lesson_of_each_game_runs_all_its_cells(page, served, shoot, game, path):
    started = time.time()
    open_lab(page, served, path, timeout=180)
    state = run_all(page, timeout=600)
    took = time.time() - started
    widget = page.locator(".jp-OutputArea .tutor-root").first
    if widget.count():
        widget.scroll_into_view_if_needed()
    shoot(page, "ran")
    print(f"{path}: {len(state['counts'])} cells in {took:.1f} s, kernel start included")
    assert state["errors"] == [], f"{path}: error output: {state['errors'][:3]}"
    # prose, pictures and widgets, and no code: every input is hidden and shows no preview
    notebook = page.locator(NOTEBOOK).first
    assert notebook.locator(".jp-CodeCell .jp-InputArea-editor:visible").count() == 0
    assert notebook.locator(".jp-InputPlaceholder:visible").count() == 0
    assert notebook.locator(".jp-MarkdownCell h1:visible").count() == 1


@pytest.fixture(scope="module")
def check(page, served):
    """A notebook of our own in the site's drive: a table, a puzzle board and a quiz."""
    open_lab(page, served, "lessons/index.ipynb")
    save_notebook(page, CHECK, CHECK_CELLS)
    open_lab(page, served, CHECK, timeout=180)
    state = run_all(page)
    assert state["errors"] == []
    return page


def output(page, index: int):
    """The output area of the check notebook's code cell ``index``."""
    return page.locator(f"{NOTEBOOK} .jp-CodeCell").nth(index).locator(".jp-OutputArea")


def test_a_table_plays_a_card_and_the_bots_answer(check, shoot):
    node = output(check, 2).locator(".tutor-root").first
    node.scroll_into_view_if_needed()
    expect(node.locator(".tutor-status").first).to_be_visible()
    shoot(check, "table")
    click_and_wait(node, node.locator("button.tutor-control", has_text="Hint"))
    expect(node.locator(".tutor-hint").first).to_be_visible(timeout=10_000)
    shoot(check, "hint")
    log = node.locator(".tutor-log")
    for _ in range(12):              # decisions, then the first card
        before = log.inner_text()
        cards = node.locator("button.tutor-card:enabled")
        acts = node.locator("button.tutor-action:not(.tutor-control):not(.tutor-retry):enabled")
        if cards.count():
            click_and_wait(node, cards.first)
            break
        click_and_wait(node, acts.last)
    else:
        raise AssertionError("no card to play after the bidding")
    text = log.inner_text()
    assert text != before
    assert re.search(r"\b(West|North|East)\b", text), text
    shoot(check, "played")


def test_a_puzzle_refutes_a_wrong_card_and_accepts_the_right_one(check, shoot):
    node = output(check, 3).locator(".tutor-puzzle.tutor-root").first
    node.scroll_into_view_if_needed()
    click_and_wait(node, node.locator('button.tutor-card[title="play TD"]'))
    expect(node).to_contain_text("How the defence beats it")
    shoot(check, "refuted")
    click_and_wait(node, node.locator("button.tutor-control", has_text="Retry from the mistake"))
    click_and_wait(node, node.locator("button.tutor-control", has_text="Hint"))
    expect(node.locator(".tt-say.tt-info li")).to_have_count(1)
    click_and_wait(node, node.locator('button.tutor-card[title="play JC"]'))
    expect(node.locator(".tt-good")).to_contain_text("Good: the J♣")
    shoot(check, "accepted")


def test_progress_is_kept_after_a_reload(check, served, shoot):
    node = output(check, 4)
    node.scroll_into_view_if_needed()
    quiz = node.locator(".tutor-exercise").first
    click_and_wait(quiz, quiz.locator("button.tutor-action", has_text="24"))
    shoot(check, "answered")
    check.reload()
    open_lab(check, served, "lessons/index.ipynb")
    run_all(check)
    row = check.locator(".tutor-courses tr", has=check.locator('a[href$="01-first-hand.ipynb"]'))
    expect(row.first).not_to_contain_text("not started")
    expect(row.first).to_contain_text("solved")
    row.first.scroll_into_view_if_needed()
    shoot(check, "after-reload")


@pytest.mark.parametrize("missing,script", [
    ("WebAssembly", "delete window.WebAssembly;"),
    ("storage", "Object.defineProperty(window, 'indexedDB', {get() { return undefined; }});"),
], ids=["no-webassembly", "no-storage"])
def test_a_browser_that_cannot_run_the_lessons_is_told(browser, served, shoot, missing, script):
    context = new_context(browser, served)
    try:
        context.add_init_script(script)
        page = context.new_page()
        page.goto(f"{served}/lab/index.html?path=lessons/index.ipynb")
        banner = page.locator("#tutor-browser-check")
        expect(banner).to_be_visible(timeout=30_000)
        expect(banner).to_contain_text(missing if missing == "WebAssembly" else "storage")
        shoot(page, "banner")
        assert context.guard.blocked == []
    finally:
        context.close()
