"""Builds the optional compiled solver cores (tutor/solver/_*.c: the trick search, and where
present the layout and goal searches).

Plain C extensions with no build-time dependency beyond a C compiler and the Python headers.
Where either is missing the build warns and goes on: the package installs and the solver runs
its pure-Python search (``tutor.solver.backend()`` says which core is active).

``TUTOR_PURE_WHEEL=1`` leaves the cores out altogether: the wheel is ``py3-none-any``, the one
the browser edition (Pyodide) installs (``tutor lite build`` sets it).

The puzzle collection is edited in ``puzzles/`` at the repository root; the build copies it into
the package (``tutor/puzzles/collection/``) so that ``tutor.puzzles.shipped()`` finds it in an
installed wheel too.
"""

import os
import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

PURE = os.environ.get("TUTOR_PURE_WHEEL", "").strip().lower() not in ("", "0", "false", "no")
COLLECTION = Path("puzzles")


class BuildPyWithPuzzles(build_py):
    """build_py that also copies the puzzle collection (``puzzles/``: the TOML files and the
    README) into ``tutor/puzzles/collection`` of the build."""

    def run(self):
        super().run()
        # an editable install reads puzzles/ of the checkout itself: no copy to fall out of date
        if getattr(self, "editable_mode", False) or not COLLECTION.is_dir():
            return
        target = Path(self.build_lib) / "tutor" / "puzzles" / "collection"
        if target.exists():
            shutil.rmtree(target)
        for src in sorted(COLLECTION.rglob("*")):
            if src.is_file() and src.suffix in (".toml", ".md"):
                dest = target / src.relative_to(COLLECTION)
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(src, dest)


class OptionalBuildExt(build_ext):
    """build_ext that reports a failed compile in one line instead of failing the install."""

    def run(self):
        try:
            super().run()
        except Exception as exc:  # no compiler at all (setuptools' CCompilerError, OSError…)
            self._skipped("tutor.solver", exc)

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as exc:
            self._skipped(ext.name, exc)
        else:
            print(f"trick-tutor: compiled solver core built ({ext.name})")

    @staticmethod
    def _skipped(name, exc):
        reason = " ".join(str(exc).split())
        if len(reason) > 60:
            reason = reason[:57] + "..."
        print(f"trick-tutor: WARNING: compiled solver core not built ({name}; "
              f"{type(exc).__name__}: {reason}); the pure-Python search will run")


# one extension per C source of the solver: tutor/solver/_core.c -> tutor.solver._core
CORES = sorted(Path("tutor/solver").glob("_*.c"))

setup(
    ext_modules=[] if PURE else [
        Extension(f"tutor.solver.{src.stem}", [src.as_posix()], optional=True,
                  depends=["tutor/solver/_search_common.h"])
        for src in CORES],
    cmdclass={"build_ext": OptionalBuildExt, "build_py": BuildPyWithPuzzles},
)
