"""A small widget with a teacher view, for the book tests: an ipywidgets front end whose static
picture follows the protocol of :mod:`tutor.edition` (the answer only in the teacher edition)."""

import html

import ipywidgets as W

from tutor.edition import is_teacher, teacher_block


class AnswerBox:
    def __init__(self, question: str, answer: str):
        self.question, self.answer = question, answer
        self.widget = W.VBox([W.HTML(html.escape(question)), W.Text(placeholder="your answer")])

    def picture_html(self) -> str:
        return f'<div class="answer-box"><p>{html.escape(self.question)}</p></div>'

    def teacher_html(self) -> str:
        return self.picture_html() + teacher_block(f"<p>{html.escape(self.answer)}</p>", "Answer")

    def _repr_mimebundle_(self, **kwargs):
        bundle = self.widget._repr_mimebundle_(**kwargs)
        bundle["text/html"] = self.teacher_html() if is_teacher() else self.picture_html()
        bundle["text/plain"] = self.question
        return bundle
