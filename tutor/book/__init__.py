"""Lesson books for teachers: a book file (``book/<name>.toml``) built into a static HTML book,
in a student and a teacher edition, that reads with no kernel and no network, and prints.

    from tutor import book
    result = book.build("book/euchre-course.toml", editions="both", out="book/_build/euchre")
    result.editions["teacher"].index          # .../teacher/index.html

    tutor book build book/euchre-course.toml --edition both --out book/_build/euchre [--pdf]

What a build does (``builder.py``): each lesson runs in a fresh kernel (``execute.py``: seeded,
with its own empty progress record) and is exported with nbconvert's HTMLExporter through the
one template of the book (``templates/tutor_book``: title page and contents, previous/next
navigation, local stylesheets, no script at all). Markdown pages and the rules references
(``markdown.py``) and puzzle chapters (``sheets.py``: sheets and an answer key) become
notebooks for the same template. ``print.html`` holds the whole edition in one page for
printing; ``--pdf`` prints it with headless Chromium.

How answers reach the teacher edition only:

- cells tagged ``teacher`` or ``solution`` are removed from the student edition
  (nbconvert's ``TagRemovePreprocessor``) and marked in the teacher edition;
- every widget is printed as its static picture: the ``text/html`` of its mime bundle (the
  widget view is dropped). While the teacher edition is built, ``TUTOR_EDITION=teacher`` is
  set in the kernel; a widget or puzzle with a teacher view (the protocol: a ``teacher_html()``
  method) asks :func:`tutor.edition.is_teacher` in its ``_repr_mimebundle_`` and then puts the
  teacher view, answers included, in its ``text/html`` — wrapping the answer-only part in
  :func:`tutor.edition.teacher_block` so it is marked "For the teacher";
- puzzle chapters get their answer key (solution line, refutations, explanation) in the
  teacher edition only.

Other tags: ``hide-input``/``remove-input`` hide a cell's code, ``remove-output`` its output.
The book file format and its checks are in ``spec.py``; the teacher's guide is
``book/README.md``.
"""

_LAZY = {"build": "builder", "BuildResult": "builder", "EditionResult": "builder",
         "find_chromium": "builder", "load_book": "spec", "Book": "spec", "Chapter": "spec"}


def require_book_extra() -> None:
    """Raise a one-line BookError when the book extra (nbconvert, nbclient) is not installed."""
    import importlib.util
    missing = [m for m in ("nbformat", "nbclient", "nbconvert") if importlib.util.find_spec(m) is None]
    if missing:
        from ..errors import BookError
        raise BookError(f"building a book needs the book extra: pip install 'trick-tutor[book]' "
                        f"({', '.join(missing)} not installed)")


def __getattr__(name):
    # nbconvert and nbclient load only when a book is built, not with every ``tutor`` command
    if name in _LAZY:
        import importlib
        if _LAZY[name] == "builder":
            require_book_extra()
        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["build", "load_book", "Book", "Chapter", "BuildResult", "EditionResult",
           "find_chromium"]
