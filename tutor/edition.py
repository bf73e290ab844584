"""Which edition of a lesson book is being printed: the one switch that lets a static picture
carry the answers in a teacher's book and never in a student's.

A lesson book is built by running each notebook in a fresh kernel and exporting its outputs, so
whatever a widget shows in its static picture (the ``text/html`` of ``_repr_mimebundle_``) is what
the book prints. ``tutor book build`` sets the environment variable ``TUTOR_EDITION`` to
``teacher`` for the teacher edition and to ``student`` for the student one; anywhere else
(JupyterLab, nbval) it is unset and :func:`edition` says ``"student"``, so a learner never sees an
answer by accident.

The protocol for anything with a static picture (exercise widgets, the puzzle board, puzzles):

- ``teacher_html()`` returns the teacher's view as HTML: the picture with the answer, the
  solution line, the reasons behind each option. Objects that have one are printed with it in
  the teacher edition.
- In ``_repr_mimebundle_`` (or ``_repr_html_``), call :func:`is_teacher` and, when it is true,
  put the teacher view in the ``text/html``; wrap answer-only parts in :func:`teacher_block`
  so the book can mark them for the teacher (and tests can find them)::

      from tutor.edition import is_teacher, teacher_block

      def _repr_mimebundle_(self, **kwargs):
          html = self.picture_html()
          if is_teacher():
              html += teacher_block(self.answer_html())
          return {"text/html": html, "text/plain": self.text()}

Unknown values of ``TUTOR_EDITION`` count as the student edition: the safe side.
"""

from __future__ import annotations

import html as _html
import os

__all__ = ["EDITIONS", "VARIABLE", "edition", "is_teacher", "teacher_block", "TEACHER_CLASS"]

VARIABLE = "TUTOR_EDITION"
EDITIONS = ("student", "teacher")
TEACHER_CLASS = "tutor-teacher"


def edition() -> str:
    """``"teacher"`` while the teacher edition of a book is built, otherwise ``"student"``."""
    value = os.environ.get(VARIABLE, "").strip().lower()
    return "teacher" if value == "teacher" else "student"


def is_teacher() -> bool:
    """True while the teacher edition of a book is built: static pictures then show answers."""
    return edition() == "teacher"


def teacher_block(content_html: str, label: str = "For the teacher") -> str:
    """Wrap teacher-only HTML in a marked box (class ``tutor-teacher``) with a short label."""
    return (f'<div class="{TEACHER_CLASS}" style="border-left:4px solid #b5651d;'
            f'padding:.2em .6em;margin:.4em 0;background:#fbf4ec">'
            f'<div style="font-size:.8em;font-weight:bold;color:#b5651d">{_html.escape(label)}</div>'
            f"{content_html}</div>")
