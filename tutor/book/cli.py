"""``tutor book build BOOK.toml [--edition student|teacher|both] [--out DIR] [--pdf] [--lite]``."""

from __future__ import annotations

from pathlib import Path

__all__ = ["register"]


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _build(args) -> int:
    from . import require_book_extra
    require_book_extra()
    from .builder import build
    result = build(args.book, editions=args.edition, out=args.out, pdf=args.pdf,
                   progress=not args.quiet, lite=args.lite)
    for name, edition in result.editions.items():
        built = len(edition.executed)
        line = (f"{name} edition: {_shown(edition.index)} ({len(edition.pages)} pages; "
                f"{built} chapter{'s' if built != 1 else ''} built, {len(edition.reused)} "
                f"from the cache)")
        print(line)
        if edition.pdf:
            print(f"{name} edition PDF: {_shown(edition.pdf)}")
    if result.lite is not None:
        print(result.lite.summary())
    return 0


def register(sub) -> None:
    """Add the ``book`` command to the ``tutor`` command's subparsers."""
    book = sub.add_parser("book", help="build lesson books for a class (HTML, PDF)",
                          description="Lesson books: a book file built into a student and a "
                                      "teacher edition that read offline and print.")
    actions = book.add_subparsers(dest="book_command", required=True)
    build = actions.add_parser("build", help="build a book file into HTML (and PDF)")
    build.add_argument("book", help="the book file, e.g. book/euchre-course.toml")
    build.add_argument("--edition", choices=("student", "teacher", "both"), default="both",
                       help="which edition to build (default: both)")
    build.add_argument("--out", default=None,
                       help="output folder (default: _build/<book name> beside the book file)")
    build.add_argument("--pdf", action="store_true",
                       help="also print each edition to one PDF with headless Chromium")
    build.add_argument("--lite", action="store_true",
                       help="also build the browser edition beside the book (lite/) and link "
                            "each lesson's page to it")
    build.add_argument("--quiet", action="store_true", help="no progress bar")
    build.set_defaults(run=_build)
