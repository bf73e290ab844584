"""The built test book in a real Chromium, opened from disk with every network request blocked:
each page renders with its local stylesheets and card pictures; a puzzle sheet is screenshot
(kept in ``$TUTOR_SCREENSHOTS`` when that is set, to look at)."""

import os
import re
import shutil
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def browser():
    playwright = pytest.importorskip("playwright.sync_api")
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.skip("no Chromium on the PATH")
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def offline_page(browser):
    page = browser.new_page(viewport={"width": 1000, "height": 1300})
    page.blocked = []

    def only_files(route):
        if route.request.url.startswith("file://"):
            route.continue_()
        else:
            page.blocked.append(route.request.url)
            route.abort()

    page.route("**/*", only_files)
    yield page
    page.close()


def _visible_cards(page) -> int:
    return page.evaluate("""() => [...document.querySelectorAll('.tt-card')]
        .filter(e => { const r = e.getBoundingClientRect(); return r.width > 10 && r.height > 20; })
        .length""")


def test_every_page_renders_offline(built_book, offline_page):
    page = offline_page
    for edition in built_book.editions.values():
        for path in sorted(edition.folder.glob("*.html")):
            page.goto(path.resolve().as_uri())
            page.wait_for_load_state("load")
            # the book's stylesheet is applied (a narrow column) and the page has its heading
            assert page.evaluate("getComputedStyle(document.body).maxWidth") != "none", path.name
            assert page.locator("h1").first.is_visible(), path.name
            if path.name != "index.html":
                assert _visible_cards(page) > 0, path.name
    assert page.blocked == []


def test_following_the_navigation_from_the_title_page(built_book, offline_page):
    page = offline_page
    page.goto(built_book.editions["teacher"].index.resolve().as_uri())
    titles = []
    while True:
        titles.append(page.locator("h1").first.inner_text().strip(" ¶"))
        following = page.locator(".tt-nav-top a[rel=next]")
        if following.count() == 0:
            break
        following.click()
        page.wait_for_load_state("load")
    assert titles == ["A test book", "A tiny lesson", "Two endings", "Two endings — answer key"]
    assert page.blocked == []


def test_screenshot_of_a_puzzle_sheet(built_book, offline_page, tmp_path):
    page = offline_page
    sheet = built_book.editions["student"].folder / "02-euchre-endings-puzzles.html"
    page.goto(sheet.resolve().as_uri())
    page.emulate_media(media="print")
    assert page.locator(".tt-nav").first.is_hidden()          # print CSS hides navigation
    first = page.locator(".tt-puzzle").first
    box = first.bounding_box()
    assert box["height"] > 300                                  # diagram, goal and lines
    shot = tmp_path / "puzzle-sheet.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 20_000
    keep = os.environ.get("TUTOR_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, Path(keep) / shot.name)
    assert page.blocked == []


def test_pdf_of_each_edition(tmp_path):
    """--pdf prints each edition to one PDF with headless Chromium (title page, contents, every
    chapter on its own sheets)."""
    from tutor import book
    from .conftest import DATA
    if book.find_chromium() is None:
        pytest.skip("no Chromium on the PATH")
    result = book.build(DATA / "test-book.toml", out=tmp_path / "out", pdf=True, progress=False)
    for name, edition in result.editions.items():
        pdf = edition.pdf
        assert pdf == tmp_path / "out" / f"test-book-{name}.pdf"
        data = pdf.read_bytes()
        assert data.startswith(b"%PDF")
        pages = len(re.findall(rb"/Type\s*/Page[^s]", data))
        assert pages >= 4, pages      # title, contents, the lesson, the sheets (and the key)
