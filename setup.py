"""Builds the optional compiled solver cores (tutor/solver/_*.c: the trick search, and where
present the layout and goal searches).

Plain C extensions with no build-time dependency beyond a C compiler and the Python headers.
Where either is missing the build warns and goes on: the package installs and the solver runs
its pure-Python search (``tutor.solver.backend()`` says which core is active).
"""

from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


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
    ext_modules=[Extension(f"tutor.solver.{src.stem}", [src.as_posix()], optional=True,
                           depends=["tutor/solver/_search_common.h"])
                 for src in CORES],
    cmdclass={"build_ext": OptionalBuildExt},
)
