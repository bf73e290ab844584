"""A real lesson of each course opened in JupyterLab as a learner opens it: every cell runs with
no error, the prose and the pictures show, and no code does (the inputs are hidden and the
lab's custom.css shows nothing in their place)."""
import shutil

import pytest

from .conftest import ROOT

pytestmark = pytest.mark.browser

LESSONS = ["euchre/01-first-hand", "lora/02-seven-games-in-one", "raub/01-one-against-the-rest",
           "clabber/01-cards-and-points"]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda name: name.split("/")[0])
def test_a_lesson_shows_prose_and_pictures_and_no_code(lab, browser_context, shoot, lesson):
    game, stem = lesson.split("/")
    folder = lab["dir"] / game
    if not folder.exists():
        shutil.copytree(ROOT / "lessons" / game, folder)
    page = browser_context.new_page()
    page.set_default_timeout(90_000)
    # a workspace of its own: only this lesson open, as a learner opens it from the file browser
    page.goto(f"{lab['url']}/lab/workspaces/{game}/tree/{game}/{stem}.ipynb"
              f"?reset&token={lab['token']}")
    page.wait_for_selector(".jp-Notebook .jp-MarkdownCell", timeout=90_000)
    try:
        page.wait_for_selector(".jp-Dialog .jp-mod-accept", timeout=5_000)
        page.click(".jp-Dialog .jp-mod-accept")
    except Exception:
        pass
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
    # every code cell has run: the last one (the lesson's summary) has its output, unless an
    # error stopped the run on the way (then the assertions below say which)
    page.wait_for_function(
        """() => {
            const cells = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell')];
            const error = document.querySelector(
                ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']");
            return error !== null || (cells.length > 0 &&
                cells[cells.length - 1].querySelector('.jp-OutputArea-output') !== null);
        }""", timeout=240_000)
    scroller = page.locator(".jp-NotebookPanel .jp-WindowedPanel-outer").first
    try:
        scroller.evaluate("n => n.scrollTop = 0")
        page.wait_for_timeout(300)
        shoot(page, "top")
        errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
        assert errors.count() == 0, errors.first.inner_text()
        # code shows nowhere: no editor and no preview line of a hidden input is visible
        assert page.locator(".jp-CodeCell .jp-InputArea-editor:visible").count() == 0
        assert page.locator(".jp-InputPlaceholder:visible").count() == 0
        # prose and the lesson's pictures and widgets do show
        assert page.locator(".jp-MarkdownCell h1:visible").count() == 1
        assert page.locator(".jp-OutputArea-output .tt-card").count() > 0
        assert page.locator(".jp-OutputArea-output .widget-button, "
                            ".jp-OutputArea-output .jupyter-button").count() > 0
        scroller.evaluate("n => n.scrollTop = n.scrollHeight / 3")
        page.wait_for_timeout(300)
        shoot(page, "a third down")
    finally:
        page.close()
