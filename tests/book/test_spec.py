"""Book files: every mistake names the file, the chapter and the field."""

import pytest

from tutor import book
from tutor.cli import main
from tutor.errors import BookError, TutorError

from .conftest import DATA

GOOD_CHAPTER = '[[chapter]]\nlesson = "tiny-lesson.ipynb"\n'


def write(tmp_path, text, name="mine.toml"):
    (tmp_path / "tiny-lesson.ipynb").write_text((DATA / "tiny-lesson.ipynb").read_text("utf-8"))
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_test_book_reads(tmp_path):
    spec = book.load_book(DATA / "test-book.toml")
    assert spec.title == "A test book" and spec.seed == 3
    assert [c.kind for c in spec.chapters] == ["lesson", "puzzles"]
    assert spec.chapters[1].title == "Two endings"
    assert spec.editions["teacher"].answer_key and not spec.editions["student"].answer_key
    assert issubclass(BookError, TutorError)


MISTAKES = [
    ('title = "T"\n' + GOOD_CHAPTER + '[[chapter]]\nlesson = "lessons/euchre/09.ipynb"\n',
     "mine.toml: chapter 2: lesson 'lessons/euchre/09.ipynb' does not exist"),
    (GOOD_CHAPTER, "mine.toml: the field 'title' is missing"),
    ('title = 3\n' + GOOD_CHAPTER, "mine.toml: 'title' must be a text in quotes, not 3"),
    ('title = "T"\ncolour = "red"\n' + GOOD_CHAPTER, "mine.toml: unknown field 'colour'"),
    ('title = "T"\n', "mine.toml: a book needs at least one chapter"),
    ('title = "T"\n[[chapter]]\nlesson = "tiny-lesson.ipynb"\nrules = "euchre"\n',
     "mine.toml: chapter 1: give exactly one of lesson, page, puzzles or rules (it has lesson, rules)"),
    ('title = "T"\n[[chapter]]\ntitle = "Empty"\n',
     "mine.toml: chapter 1: give exactly one of lesson, page, puzzles or rules (it has none)"),
    ('title = "T"\n' + GOOD_CHAPTER + '[[chapter]]\nrules = "poker"\n',
     "mine.toml: chapter 2: rules 'poker': there is no such game"),
    ('title = "T"\n' + GOOD_CHAPTER + '[[chapter]]\nlesson = "mine.toml"\n',
     "mine.toml: chapter 2: lesson 'mine.toml' must be a .ipynb file"),
    ('title = "T"\n[[chapter]]\nlesson = "tiny-lesson.ipynb"\neditions = ["pupil"]\n',
     "mine.toml: chapter 1: 'editions' must list \"student\" and/or \"teacher\""),
    ('title = "T"\n[student]\nanswer_key = true\n' + GOOD_CHAPTER,
     "mine.toml: [student]: 'answer_key' cannot be true in the student edition"),
    ('title = "T"\n[teacher]\nwriting_lines = -1\n' + GOOD_CHAPTER,
     "mine.toml: [teacher]: 'writing_lines' must be a whole number from 0 to 40, not -1"),
    ('title = "T"\n[[chapter]]\npuzzles = { game = "euchre", folder = ".", levels = [0] }\n',
     "mine.toml: chapter 1: puzzles: 'levels' must be a list of levels from 1 to 5, not [0]"),
    ('title = "T"\n[[chapter]]\npuzzles = { game = "bridge" }\n',
     "mine.toml: chapter 1: puzzles: game 'bridge' is not one of euchre, lora, raub, clabber"),
    ('title = "T"\n[[chapter]]\npuzzles = { game = "euchre", folder = "nowhere" }\n',
     "mine.toml: chapter 1: puzzles: folder 'nowhere' does not exist"),
    ('title = "T"\nroot = "nowhere"\n' + GOOD_CHAPTER, "mine.toml: root 'nowhere' is not a folder"),
    ('title = "T\n', "mine.toml: not valid TOML"),
]


@pytest.mark.parametrize("text, message", MISTAKES, ids=[m[1][11:50] for m in MISTAKES])
def test_a_mistake_names_the_file_and_the_field(tmp_path, monkeypatch, text, message):
    monkeypatch.chdir(tmp_path)
    path = write(tmp_path, text)
    with pytest.raises(BookError) as err:
        book.load_book(path)
    assert str(err.value).startswith(message), str(err.value)


def test_a_missing_book_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(BookError, match="^nothing.toml: no such book file$"):
        book.load_book("nothing.toml")


def test_the_command_reports_a_mistake_and_fails(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, 'title = "T"\n[[chapter]]\nlesson = "lessons/euchre/09.ipynb"\n',
          name="euchre.toml")
    assert main(["book", "build", "euchre.toml", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == ("tutor: euchre.toml: chapter 1: lesson 'lessons/euchre/09.ipynb' "
                           "does not exist")
    assert not (tmp_path / "_build").exists()


def test_puzzle_filters_pick_by_theme_level_and_count(tmp_path):
    from tutor.book import sheets
    from tutor.book.spec import load_book
    (tmp_path / "b.toml").write_text(
        f'title = "T"\nroot = "{DATA.as_posix()}"\n'
        '[[chapter]]\npuzzles = { game = "euchre", themes = ["Cash winners"] }\n'
        '[[chapter]]\npuzzles = { game = "euchre", levels = [1, 2], count = 1, seed = 5 }\n'
        '[[chapter]]\npuzzles = { game = "euchre", levels = [4] }\n')
    spec = load_book(tmp_path / "b.toml")
    by_theme = sheets.select_puzzles(spec.chapters[0], "here")
    assert [p.id for p in by_theme] == ["book-test-2"]
    one = sheets.select_puzzles(spec.chapters[1], "here")
    assert len(one) == 1 and one == sheets.select_puzzles(spec.chapters[1], "here")
    with pytest.raises(BookError, match="^here: no puzzle matches"):
        sheets.select_puzzles(spec.chapters[2], "here")


SAMPLES = sorted((DATA.parents[2] / "book").glob("*.toml"))


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_the_sample_books_name_only_existing_files(path):
    spec = book.load_book(path)           # every lesson, page, puzzle set and rules file exists
    kinds = {c.kind for c in spec.chapters}
    assert {"lesson", "puzzles", "rules"} <= kinds
    assert any(c.kind == "page" and c.editions == ("teacher",) for c in spec.chapters)


def test_there_are_two_sample_books():
    assert [p.stem for p in SAMPLES] == ["euchre-course", "four-games"]
