"""The course index: every course that has a syllabus, its lessons in order with their length,
topics and the learner's progress (from :class:`tutor.progress.Store`).

    from tutor.widgets.courses import CourseIndex
    CourseIndex("lessons")        # in lessons/index.ipynb: CourseIndex(".")
"""

from __future__ import annotations

import html
from pathlib import Path

from .. import syllabus

__all__ = ["CourseIndex", "lesson_progress"]


def lesson_progress(store, name: str, exercises: list[str]) -> str:
    """One lesson's progress in words: "not started", "3 of 8 exercises right first time", "done"."""
    record = store.lessons().get(name)
    if not record or not record.get("exercises") and not record.get("completed"):
        return "not started"
    done = record.get("exercises", {})
    ids = exercises or list(done)
    right = sum(1 for i in ids if done.get(i, {}).get("first_try"))
    solved = sum(1 for i in ids if done.get(i, {}).get("solved"))
    text = f"{right} of {len(ids)} right first time"
    if record.get("completed") or (ids and solved == len(ids)):
        return f"done ({text})"
    return f"{solved} of {len(ids)} exercises solved, {text}"


class CourseIndex:
    """Every course under ``root`` (a folder of ``<game>/syllabus.toml``), as a static picture.
    ``store`` defaults to the learner's progress file."""

    def __init__(self, root=".", store=None):
        self.root = Path(root)
        self.courses = syllabus.courses(self.root)
        if store is None:
            from ..progress import Store
            store = Store()
        self.store = store

    def rows(self) -> list[tuple]:
        """(course, number, lesson entry, topics, exercises, progress) for every lesson."""
        out = []
        for course in self.courses:
            for n, entry in enumerate(course.lessons, start=1):
                topics = course.topics_of(entry)
                exercises = list(dict.fromkeys(e for t in topics for e in t.exercises))
                out.append((course, n, entry, topics, exercises,
                            lesson_progress(self.store, course.lesson_name(entry), exercises)))
        return out

    def __repr__(self) -> str:
        lines = []
        current = None
        for course, n, entry, topics, _, progress in self.rows():
            if course is not current:
                current = course
                total = sum(e.minutes for e in course.lessons)
                lines.append(f"{course.title} — {len(course.lessons)} lessons, about {total} minutes")
            lines.append(f"  {n}. {entry.title} ({entry.minutes} min) — {progress}")
            lines.append("     " + "; ".join(t.title for t in topics))
        return "\n".join(lines) or "No course has a syllabus yet."

    def _repr_mimebundle_(self, include=None, exclude=None):
        parts = []
        current = object()          # no course yet (the end marker below is None)
        rows = []
        for course, n, entry, topics, _, progress in self.rows() + [(None,) * 6]:
            if course is not current:
                if rows:
                    parts.append('<table class="tutor-index"><tr><th>#</th><th>Lesson</th>'
                                 '<th>Minutes</th><th>Topics</th><th>Your progress</th></tr>'
                                 + "".join(rows) + "</table>")
                    rows = []
                current = course
                if course is None:
                    break
                total = sum(e.minutes for e in course.lessons)
                parts.append(f"<h3>{html.escape(course.title)}</h3>"
                             f"<p>{html.escape(course.summary)} ({len(course.lessons)} lessons, "
                             f"about {total} minutes)</p>")
            link = f"{course.folder.name}/{entry.file}"
            topic_text = "; ".join(t.title for t in topics)
            rows.append(f'<tr><td>{n}</td><td><a href="{html.escape(link)}">{html.escape(entry.title)}'
                        f'</a></td><td>{entry.minutes}</td><td>{html.escape(topic_text)}</td>'
                        f'<td>{html.escape(progress)}</td></tr>')
        body = "".join(parts) or "<p>No course has a syllabus yet.</p>"
        return {"text/html": f'<div class="tutor-courses">{body}</div>', "text/plain": repr(self)}
