"""Building the two-chapter test book: what each edition holds, links, pictures, offline."""

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tutor import book
from tutor.errors import BookError

from .conftest import DATA, copy_data

# Texts that exist only in the teacher's material of the test book.
TEACHER_ONLY = {
    "solution cell": "SOLUTION-CELL-TEXT",
    "teacher cell": "TEACHER-CELL-TEXT",
    "widget answer": "ANSWER-TEXT",
    "puzzle explanation": "EXPLANATION-ONE",
    "second explanation": "EXPLANATION-TWO",
    "decision why": "WHY-ONE",
    "refutation why": "REFUTATION-ONE",
    "second refutation": "REFUTATION-TWO",
}


def pages(edition_result):
    return sorted(edition_result.folder.glob("*.html"))


def text_of(paths):
    return "\n".join(Path(p).read_text(encoding="utf-8") for p in paths)


def test_both_editions_are_built_with_every_page(built_book):
    student = built_book.editions["student"]
    teacher = built_book.editions["teacher"]
    assert [p.name for p in pages(student)] == [
        "01-tiny-lesson.html", "02-euchre-endings-puzzles.html", "index.html", "print.html"]
    assert [p.name for p in pages(teacher)] == [
        "01-tiny-lesson.html", "02-euchre-endings-puzzles-answers.html",
        "02-euchre-endings-puzzles.html", "index.html", "print.html"]
    index = student.index.read_text(encoding="utf-8")
    assert "A test book" in index and "Two chapters" in index and "Student's edition" in index
    assert "Teacher's edition" in teacher.index.read_text(encoding="utf-8")


@pytest.mark.parametrize("what", sorted(TEACHER_ONLY))
def test_the_student_edition_holds_no_teacher_material(built_book, what):
    marker = TEACHER_ONLY[what]
    student = text_of(built_book.editions["student"].folder.rglob("*.html"))
    assert marker not in student
    teacher = built_book.editions["teacher"]
    assert marker in text_of(p for p in pages(teacher) if p.name != "print.html")
    assert marker in (teacher.folder / "print.html").read_text(encoding="utf-8")


def test_the_answer_key_is_a_teacher_page(built_book):
    key = built_book.editions["teacher"].folder / "02-euchre-endings-puzzles-answers.html"
    text = key.read_text(encoding="utf-8")
    # the solution line in words, trick by trick, and the refutation of the tempting ace
    assert ("Play <strong>10♠</strong> — then West Q♠, North J♦, East A♠ (North wins); "
            "North 9♣, East Q♣") in text
    assert ("<strong>A♥</strong> costs one trick: you A♥, West 9♥, North J♦, East Q♣ "
            "(North wins); North 9♣, East K♣, you J♥, West Q♠ (you win); ") in text
    assert "_repr" not in text and "play TS" not in text   # no engine identifiers


def test_puzzle_sheets_have_diagram_goal_and_room_to_write(built_book):
    sheet = (built_book.editions["student"].folder / "02-euchre-endings-puzzles.html").read_text(
        encoding="utf-8")
    assert sheet.count('class="tt-puzzle"') == 2
    assert sheet.count('class="tt-diagram"') == 2
    assert "Your side must take all of the last three tricks." in sheet
    assert sheet.count('class="tt-write-line"') == 2 * 5
    # the second puzzle hides West's and East's hands: two backs each
    second = sheet[sheet.index('id="puzzle-2"'):]
    assert second.count('class="tt-card tt-back"') == 4
    assert 'title="ace of spades"' in second          # North's hand is shown


def test_widgets_print_their_static_picture(built_book):
    for edition in built_book.editions.values():
        text = text_of(edition.folder.rglob("*.html"))
        assert "application/vnd.jupyter.widget" not in text
        assert "Which jack is the left bower when hearts are trump?" in text
        assert "<script" not in text


def test_card_pictures_are_in_the_pages(built_book):
    lesson = (built_book.editions["student"].folder / "01-tiny-lesson.html").read_text(
        encoding="utf-8")
    for name in ("jack of hearts", "jack of diamonds", "ace of hearts"):
        assert f'class="tt-card tt-red" title="{name}"' in lesson
    assert ".tt-card{" in lesson        # the card styles travel with the picture


def test_solution_code_is_hidden_from_students_and_shown_to_teachers(built_book):
    student = (built_book.editions["student"].folder / "01-tiny-lesson.html").read_text("utf-8")
    teacher = (built_book.editions["teacher"].folder / "01-tiny-lesson.html").read_text("utf-8")
    assert "from tutor.render import Hand" not in student      # show_code = false
    assert "NBVAL" not in teacher and "Hand" in teacher
    assert "celltag_solution" in teacher and "celltag_teacher" in teacher


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.ids = [], set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        for key in ("href", "src"):
            if attrs.get(key):
                self.links.append(attrs[key])


def _parse(path):
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def test_every_link_points_to_an_existing_page(built_book):
    checked = 0
    for edition in built_book.editions.values():
        for page in pages(edition):
            for link in _parse(page).links:
                target, _, fragment = link.partition("#")
                assert not re.match(r"^[a-z]+:", target), f"{page.name}: {link}"
                file = page if not target else page.parent / target
                assert file.exists(), f"{page.name} links to a missing {link}"
                if fragment:
                    assert fragment in _parse(file).ids, f"{page.name}: no #{fragment} in {target}"
                checked += 1
    assert checked > 40
    # the lesson's link to the puzzle set became a link to its sheet; the missing lesson's
    # link became plain text
    lesson = (built_book.editions["student"].folder / "01-tiny-lesson.html").read_text("utf-8")
    assert 'href="02-euchre-endings-puzzles.html#puzzle-2"' in lesson
    assert "02-missing" not in lesson and "the next lesson" in lesson


def test_previous_and_next_links_follow_the_book_order(built_book):
    teacher = built_book.editions["teacher"].folder
    order = ["index.html", "01-tiny-lesson.html", "02-euchre-endings-puzzles.html",
             "02-euchre-endings-puzzles-answers.html"]
    for before, after in zip(order, order[1:]):
        assert f'href="{after}" rel="next"' in (teacher / before).read_text("utf-8")
        assert f'href="{before}" rel="prev"' in (teacher / after).read_text("utf-8")


def test_no_network_reference_anywhere(built_book):
    for edition in built_book.editions.values():
        files = [p for p in edition.folder.rglob("*") if p.suffix in (".html", ".css")]
        assert any(p.suffix == ".css" for p in files)
        for path in files:
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"https?:|//[a-z0-9.-]+\.[a-z]{2,}/", text, re.I), path.name
            assert "@import" not in text


def test_a_rebuild_redoes_only_the_changed_chapter(tmp_path):
    data = copy_data(tmp_path / "data")
    out = tmp_path / "out"
    first = book.build(data / "test-book.toml", editions="student", out=out, progress=False)
    assert first.editions["student"].executed == [1, 2]
    again = book.build(data / "test-book.toml", editions="student", out=out, progress=False)
    assert (again.editions["student"].executed, again.editions["student"].reused) == ([], [1, 2])
    lesson = data / "tiny-lesson.ipynb"
    lesson.write_text(lesson.read_text("utf-8").replace("in one picture", "in one NEW picture"),
                      "utf-8")
    changed = book.build(data / "test-book.toml", editions="student", out=out, progress=False)
    assert (changed.editions["student"].executed, changed.editions["student"].reused) == ([1], [2])
    assert "in one NEW picture" in (out / "student" / "01-tiny-lesson.html").read_text("utf-8")
    # one cache entry per chapter: the old lesson's entry is gone
    assert len(list((out / ".cache").glob("student-*.json"))) == 2


def test_a_lesson_that_fails_names_the_book_the_chapter_and_the_cell(tmp_path):
    import nbformat
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Broken"),
                nbformat.v4.new_code_cell("from tutor import games\ngames.new_hand('poker')")]
    nbformat.write(nb, tmp_path / "broken.ipynb")
    (tmp_path / "b.toml").write_text('title = "B"\n[[chapter]]\nlesson = "broken.ipynb"\n')
    with pytest.raises(BookError) as err:
        book.build(tmp_path / "b.toml", editions="student", out=tmp_path / "out", progress=False)
    message = str(err.value)
    assert "b.toml: chapter 1: lesson 'broken.ipynb'" in message
    assert "cell 2" in message and "unknown game 'poker'" in message


def test_pdf_without_chromium_says_so_before_building(tmp_path, monkeypatch):
    import shutil
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(BookError, match="--pdf needs Chromium"):
        book.build(DATA / "test-book.toml", out=tmp_path / "out", pdf=True, progress=False)
    assert not (tmp_path / "out").exists()


def test_a_widget_without_a_static_picture_gets_a_note_not_its_repr(built_book):
    lesson = (built_book.editions["student"].folder / "01-tiny-lesson.html").read_text("utf-8")
    assert "An interactive widget: open this lesson in JupyterLab to use it." in lesson
    assert "Button(" not in lesson and "A button with no picture" not in lesson


def test_pages_and_rules_references_need_no_kernel(tmp_path):
    (tmp_path / "notes.md").write_text(
        "# Thursday notes\n\nBring cards.\n\n```cards The bowers\nJH JD\n```\n", "utf-8")
    (tmp_path / "b.toml").write_text(
        'title = "Pages"\n[[chapter]]\npage = "notes.md"\n[[chapter]]\nrules = "euchre"\n'
        'editions = ["teacher"]\n', "utf-8")
    result = book.build(tmp_path / "b.toml", out=tmp_path / "out", progress=False)
    student, teacher = result.editions["student"], result.editions["teacher"]
    assert [p.name for p in student.pages] == ["index.html", "01-notes.html"]
    assert [p.name for p in teacher.pages] == ["index.html", "01-notes.html", "02-euchre-rules.html"]
    notes = (student.folder / "01-notes.html").read_text("utf-8")
    assert "Thursday notes" in notes and 'title="jack of diamonds"' in notes
    assert "```" not in notes                       # the example became a picture
    rules = (teacher.folder / "02-euchre-rules.html").read_text("utf-8")
    assert "The rules of Euchre" in rules and "East ✔" in rules


def test_a_wrong_card_example_names_the_chapter_the_file_and_the_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.md").write_text(
        "# Notes\n\n```trick\ngame: euchre\ntrump: S\nplays: West AH, North 9H, East JC, "
        "South TS\nwinner: South\n```\n", "utf-8")
    (tmp_path / "b.toml").write_text('title = "P"\n[[chapter]]\npage = "notes.md"\n', "utf-8")
    with pytest.raises(BookError) as err:
        book.build(tmp_path / "b.toml", out=tmp_path / "out", progress=False)
    assert str(err.value) == ("b.toml: chapter 1: page 'notes.md': notes.md line 7: the rules give "
                              "this trick to East, not South")


def test_themes_and_hints_are_for_the_teacher(built_book):
    sheet = (built_book.editions["student"].folder / "02-euchre-endings-puzzles.html").read_text(
        "utf-8")
    assert "cross-ruff" not in sheet and "Who can ruff a spade?" not in sheet
    assert "The ten of spades first" not in sheet and "Puzzle 1</h3>" in sheet
    key = (built_book.editions["teacher"].folder / "02-euchre-endings-puzzles-answers.html"
           ).read_text("utf-8")
    assert "cross-ruff" in key and "Puzzle 1: The ten of spades first" in key
    assert ("Hints to give: Who can ruff a spade? — Give partner a trick he can win with a trump."
            in key)
    assert "The ten of spades." not in key.split("Hints to give:")[1].split("</div>")[0]


def test_a_failing_chapter_leaves_the_built_book_as_it_was(tmp_path):
    data = copy_data(tmp_path / "data")
    out = tmp_path / "out"
    book.build(data / "test-book.toml", editions="student", out=out, progress=False)
    before = {p.name: p.read_bytes() for p in (out / "student").glob("*.html")}
    lesson = data / "tiny-lesson.ipynb"
    lesson.write_text(lesson.read_text("utf-8").replace('Hand(\\"JH JD AH\\"', 'Hand(\\"JH XX\\"'),
                      "utf-8")
    with pytest.raises(BookError, match="chapter 1: lesson 'tiny-lesson.ipynb'.*XX"):
        book.build(data / "test-book.toml", editions="student", out=out, progress=False)
    assert {p.name: p.read_bytes() for p in (out / "student").glob("*.html")} == before


def test_the_print_page_holds_every_page_with_unique_ids(built_book):
    teacher = built_book.editions["teacher"].folder
    printable = _parse(teacher / "print.html")
    text = (teacher / "print.html").read_text("utf-8")
    ids = re.findall(r'\bid="([^"]+)"', text)
    assert len(ids) == len(set(ids))
    for page in ("01-tiny-lesson", "02-euchre-endings-puzzles", "02-euchre-endings-puzzles-answers"):
        assert f"page-{page}" in printable.ids
    assert "02-euchre-endings-puzzles--puzzle-2" in printable.ids
    # the lesson's link to the second puzzle now points into the same document
    assert 'href="#02-euchre-endings-puzzles--puzzle-2"' in text
    assert all(link.startswith("#") or link.startswith("assets/") for link in printable.links)
