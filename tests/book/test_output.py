"""The book's output folder: `tutor book build --out DIR` writes, replaces and removes only files
it created, refuses folders that are not its own, and refuses book files whose paths leave the
book's folder (naming the line)."""

import json

import pytest

from tutor import book
from tutor.book.output import MARK
from tutor.errors import BookError

PAGE_BOOK = 'title = "Pages"\n[[chapter]]\npage = "intro.md"\n'


def page_book(folder):
    """A book of one markdown page: builds in a moment, no kernel."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "intro.md").write_text("# Intro\n\nA page of the book.\n", "utf-8")
    (folder / "b.toml").write_text(PAGE_BOOK, "utf-8")
    return folder / "b.toml"


def snapshot(folder):
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_new_folder_is_marked_with_every_file_written(tmp_path):
    spec = page_book(tmp_path / "src")
    out = tmp_path / "out"
    book.build(spec, editions="both", out=out, progress=False)
    mark = json.loads((out / MARK).read_text("utf-8"))
    written = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()} - {MARK}
    assert written and set(mark["files"]) == written
    assert "student/index.html" in written and "teacher/print.html" in written


def test_a_folder_that_is_not_the_books_own_is_refused_and_left_alone(tmp_path):
    spec = page_book(tmp_path / "src")
    out = tmp_path / "someone-elses"
    out.mkdir()
    (out / "index.html").write_text("a teacher's own page", "utf-8")
    before = snapshot(out)
    with pytest.raises(BookError, match="not empty and was not made by tutor book build"):
        book.build(spec, editions="student", out=out, progress=False)
    assert snapshot(out) == before


def test_an_empty_folder_is_taken(tmp_path):
    spec = page_book(tmp_path / "src")
    out = tmp_path / "empty"
    out.mkdir()
    book.build(spec, editions="student", out=out, progress=False)
    assert (out / "student" / "index.html").exists()


@pytest.mark.parametrize("where", ["file", "root", "above the root", "book folder", "lessons"])
def test_folders_that_must_never_hold_a_book_are_refused(tmp_path, where):
    root = tmp_path / "project"
    (root / "lessons" / "euchre").mkdir(parents=True)
    (root / "book").mkdir()
    nb = (book_dir := root / "book")
    import nbformat
    lesson = nbformat.v4.new_notebook()
    lesson.cells = [nbformat.v4.new_markdown_cell("# A lesson")]
    nbformat.write(lesson, root / "lessons" / "euchre" / "01-x.ipynb")
    (nb / "b.toml").write_text('title = "B"\nroot = ".."\n[[chapter]]\n'
                               'lesson = "lessons/euchre/01-x.ipynb"\n', "utf-8")
    (root / "a-file.txt").write_text("notes", "utf-8")
    out = {"file": root / "a-file.txt", "root": root, "above the root": tmp_path,
           "book folder": book_dir, "lessons": root / "lessons" / "euchre" / "built"}[where]
    before = snapshot(tmp_path)
    with pytest.raises(BookError) as err:
        book.build(book_dir / "b.toml", editions="student", out=out, progress=False)
    assert "--out" in str(err.value)
    assert snapshot(tmp_path) == before


def test_a_rebuild_keeps_files_it_did_not_make_and_removes_only_its_own_stale_pages(tmp_path):
    src = tmp_path / "src"
    spec = page_book(src)
    (src / "more.md").write_text("# More\n\nA second page.\n", "utf-8")
    spec.write_text(PAGE_BOOK + '[[chapter]]\npage = "more.md"\n', "utf-8")
    out = tmp_path / "out"
    book.build(spec, editions="student", out=out, progress=False)
    pages = {p.name for p in (out / "student").glob("*.html")}
    stale = next(n for n in pages if "more" in n)
    (out / "student" / "my-notes.html").write_text("the teacher's notes", "utf-8")
    (out / "handout.txt").write_text("printed on Monday", "utf-8")
    spec.write_text(PAGE_BOOK, "utf-8")             # the second page leaves the book
    book.build(spec, editions="student", out=out, progress=False)
    assert not (out / "student" / stale).exists()
    assert (out / "student" / "my-notes.html").read_text("utf-8") == "the teacher's notes"
    assert (out / "handout.txt").read_text("utf-8") == "printed on Monday"


def test_a_file_the_book_would_overwrite_but_did_not_make_stops_the_build(tmp_path):
    spec = page_book(tmp_path / "src")
    out = tmp_path / "out"
    book.build(spec, editions="student", out=out, progress=False)
    mark = json.loads((out / MARK).read_text("utf-8"))
    mark["files"].remove("student/print.html")      # as if a teacher had put it there
    (out / MARK).write_text(json.dumps(mark), "utf-8")
    (out / "student" / "print.html").write_text("the teacher's print page", "utf-8")
    before = snapshot(out)
    with pytest.raises(BookError, match="was not made by tutor book build"):
        book.build(spec, editions="student", out=out, progress=False)
    assert snapshot(out) == before


def test_an_unreadable_mark_is_not_taken_for_the_books(tmp_path):
    spec = page_book(tmp_path / "src")
    out = tmp_path / "out"
    out.mkdir()
    (out / MARK).write_text("{ not json", "utf-8")
    with pytest.raises(BookError, match="cannot be read"):
        book.build(spec, editions="student", out=out, progress=False)


@pytest.mark.parametrize("line, field", [
    ('page = "../outside.md"', "page"),
    ('lesson = "/etc/hostname.ipynb"', "lesson"),
    ('puzzles = { game = "euchre", folder = "../../puzzles/euchre" }', "folder"),
])
def test_spec_paths_that_leave_the_books_folder_are_refused_with_their_line(tmp_path, line, field):
    src = tmp_path / "src"
    src.mkdir()
    (tmp_path / "outside.md").write_text("# Outside\n", "utf-8")
    (src / "b.toml").write_text(f'title = "B"\n\n[[chapter]]\n{line}\n', "utf-8")
    with pytest.raises(BookError) as err:
        book.load_book(src / "b.toml")
    message = str(err.value)
    assert "line 4" in message and "leaves the book's folder" in message and field in message
