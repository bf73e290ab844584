"""``tutor book build --lite``: the browser edition beside the book, each lesson's page linked
to the same lesson there, so one folder is the whole course for a class."""
import re
from pathlib import Path

import pytest

from tutor import book, lite

ROOT = Path(__file__).resolve().parents[2]
LESSON = "lessons/euchre/01-first-hand.ipynb"


@pytest.fixture
def fake_site(monkeypatch):
    """The site's own build is tested apart (test_build, the browser tests): here a stand-in
    that writes a page where the site goes."""
    built = []

    def build(out_dir, **kwargs):
        out = Path(out_dir)
        out.mkdir(parents=True, exist_ok=True)
        (out / "index.html").write_text("the browser edition")
        built.append(out)
        return lite.LiteReport(out, 0.1, 19, 1, "314.0.6", "0.8.6", "0.8.6", "trick_tutor.whl")

    monkeypatch.setattr(lite, "build", build)
    return built


def test_the_site_sits_beside_the_book_and_each_lesson_links_to_it(tmp_path, fake_site):
    spec = tmp_path / "class.toml"
    spec.write_text(f'title = "A class"\nroot = "{ROOT.as_posix()}"\nseed = 1\n\n'
                    f'[[chapter]]\nlesson = "{LESSON}"\n')
    out = tmp_path / "out"
    result = book.build(spec, editions="student", out=out, progress=False, lite=True)
    assert fake_site == [out / "lite"] and result.lite.out_dir == out / "lite"
    pages = {p.name: p.read_text(encoding="utf-8") for p in result.editions["student"].pages}
    lesson_pages = [text for name, text in pages.items() if name != "index.html"]
    assert lesson_pages
    for text in lesson_pages:
        link = re.search(r'<a href="([^"]+)">Open this lesson interactively</a>', text)
        assert link and link.group(1) == f"../lite/index.html?path={LESSON}"
        target = (result.editions["student"].folder / link.group(1).split("?")[0]).resolve()
        assert target == (out / "lite" / "index.html").resolve()   # the site's front page
    assert "Open this lesson interactively" not in pages["index.html"]
    # built again into the same folder: the site is the book's own and is replaced
    book.build(spec, editions="student", out=out, progress=False, lite=True)
    assert len(fake_site) == 2


def test_without_lite_no_link_and_no_site(tmp_path, fake_site):
    spec = tmp_path / "class.toml"
    spec.write_text(f'title = "A class"\nroot = "{ROOT.as_posix()}"\nseed = 1\n\n'
                    f'[[chapter]]\nlesson = "{LESSON}"\n')
    result = book.build(spec, editions="student", out=tmp_path / "out", progress=False)
    assert fake_site == [] and result.lite is None
    for page in result.editions["student"].pages:
        assert "Open this lesson interactively" not in page.read_text(encoding="utf-8")


def test_a_lite_folder_that_is_not_the_books_is_left_alone(tmp_path, fake_site):
    spec = tmp_path / "class.toml"
    spec.write_text(f'title = "A class"\nroot = "{ROOT.as_posix()}"\nseed = 1\n\n'
                    f'[[chapter]]\nlesson = "{LESSON}"\n')
    out = tmp_path / "out"
    book.build(spec, editions="student", out=out, progress=False)
    (out / "lite").mkdir()
    (out / "lite" / "notes.txt").write_text("a teacher's notes")
    with pytest.raises(book_error(), match="was not made by tutor book build"):
        book.build(spec, editions="student", out=out, progress=False, lite=True)
    assert fake_site == [] and (out / "lite" / "notes.txt").read_text() == "a teacher's notes"


def book_error():
    from tutor.errors import BookError
    return BookError
