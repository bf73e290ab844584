"""The book's output folder: the builder writes, replaces and removes only files it created.

``tutor book build --out DIR`` marks DIR as its own with a small file, ``.tutor-book.json``,
listing every file it has written there (relative paths). It then

* refuses a DIR that is a file, the book's project folder (or a folder above it), the folder of
  the book file, or a folder inside the lessons;
* refuses a DIR that exists, is not empty and carries no mark (somebody else's folder);
* never overwrites or removes a file that is not on its list (a file a teacher put there stays,
  and the build stops before touching it).

A path is put on the list *before* the file is written, so a build killed halfway leaves a
folder that the next build still recognises as its own.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

from ..errors import BookError

__all__ = ["OutputFolder", "MARK"]

MARK = ".tutor-book.json"


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve())) or "."
    except ValueError:
        return str(path)


def _within(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


class OutputFolder:
    """The folder a book is built into (see the module's docstring)."""

    def __init__(self, out: Path, book=None):
        self.path = Path(out)
        where = self.path.resolve()
        self._where = where
        shown = _shown(self.path)
        if where.exists() and not where.is_dir():
            raise BookError(f"--out {shown} is a file, not a folder: give a new or empty folder "
                            f"for the book")
        if book is not None:
            self._refuse_project_folders(where, shown, book)
        self.files: set[str] = set()
        mark = where / MARK
        if mark.exists():
            try:
                data = json.loads(mark.read_text(encoding="utf-8"))
                files = data["files"]
                if data.get("made_by") != "tutor book build" or not isinstance(files, list):
                    raise ValueError("not a book mark")
                self.files = {str(f) for f in files if isinstance(f, str)}
            except (OSError, ValueError, KeyError, TypeError):
                raise BookError(f"--out {shown}: its mark {MARK} cannot be read, so the folder "
                                f"may not be a book's; remove the folder or give another one"
                                ) from None
        elif where.is_dir() and any(where.iterdir()):
            raise BookError(f"--out {shown} is not empty and was not made by tutor book build; "
                            f"give a new or empty folder (nothing in it was changed)")

    @staticmethod
    def _refuse_project_folders(where: Path, shown: str, book) -> None:
        root = Path(book.root).resolve()
        book_dir = Path(book.path).resolve().parent
        if where == root or where in root.parents:
            raise BookError(f"--out {shown} is the book's project folder (or above it); give a "
                            f"folder of its own, such as {_shown(book_dir / '_build' / book.name)}")
        if where == book_dir or where in book_dir.parents:
            raise BookError(f"--out {shown} holds the book file itself; give a folder of its "
                            f"own, such as {_shown(book_dir / '_build' / book.name)}")
        lesson_dirs = {root / "lessons"}
        for chapter in book.chapters:
            if chapter.kind == "lesson" and isinstance(chapter.source, Path):
                parent = Path(chapter.source).resolve().parent
                if parent != root and root in parent.parents:   # a lessons folder of its own
                    lesson_dirs.add(parent)
        for folder in lesson_dirs:
            if _within(where, folder.resolve()):
                raise BookError(f"--out {shown} is inside the lessons ({_shown(folder)}); a book "
                                f"is built outside them, e.g. into "
                                f"{_shown(book_dir / '_build' / book.name)}")

    # -- the list of own files ------------------------------------------------------------
    def _relative(self, path: Path) -> str:
        target = Path(path).resolve()
        if not _within(target, self._where) or target == self._where:
            raise BookError(f"the book may only write inside {_shown(self.path)}, not {path}")
        return target.relative_to(self._where).as_posix()

    def owns(self, path: Path) -> bool:
        return self._relative(path) in self.files

    def _save_mark(self) -> None:
        self._where.mkdir(parents=True, exist_ok=True)
        data = {"made_by": "tutor book build", "files": sorted(self.files)}
        fd, tmp = tempfile.mkstemp(prefix=".tutor-book-", dir=self._where)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh, indent=1)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, self._where / MARK)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise

    def claim(self, *paths: Path) -> None:
        """Put files on the list before they are written; a file that exists and is not the
        book's own stops the build before anything is changed."""
        new = []
        for path in paths:
            rel = self._relative(path)
            if rel in self.files or rel in new:
                continue
            if Path(path).exists() or Path(path).is_symlink():
                raise BookError(f"{_shown(Path(path))} was not made by tutor book build: the book "
                                f"will not overwrite it (move it away, or build into another folder)")
            new.append(rel)
        if new or not (self._where / MARK).exists():
            self.files.update(new)
            self._save_mark()

    # -- writing --------------------------------------------------------------------------
    def write_text(self, path: Path, text: str) -> Path:
        """Write one of the book's files atomically (a temporary file renamed over it)."""
        from ..puzzles.files import write_atomic     # the same writer as the puzzle files'
        path = Path(path)
        self.claim(path)
        return write_atomic(path, text)

    def copy(self, source: Path, path: Path) -> Path:
        self.claim(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, path)
        return path

    def remove(self, path: Path) -> bool:
        """Remove one of the book's own files (an earlier build's page no longer in the book);
        anything else is left alone. Returns whether it was removed."""
        rel = self._relative(path)
        if rel not in self.files:
            return False
        try:
            Path(path).unlink()
        except FileNotFoundError:
            pass
        self.files.discard(rel)
        self._save_mark()
        return True
