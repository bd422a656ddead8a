"""The quiz dock's contents: the question, the pn/dn answer fields, the verdict and the score.

A plain widget: it shows what the controller (`app.quiz.mode`) gives it and reports what the
student typed or pressed; it never reads the search.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...core.quiz.session import Grade, Score

RIGHT_STYLE = "color: #1b5e20; font-weight: bold;"
WRONG_STYLE = "color: #b71c1c; font-weight: bold;"


QUESTION_PT = 11.0
"""The question's size in points, a little above the window's text."""


class QuizPanel(QWidget):
    """Question, answer fields, verdict with its why, Next, and the session's score."""

    numbers_entered = Signal(str, str)
    """The student's typed proof and disproof numbers (Check, or Return in a field)."""
    next_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumWidth(300)
        self.score = QLabel()
        self.score.setWordWrap(True)  # the streaks wrap in a narrow dock rather than be cut
        self.score.setStyleSheet("font-weight: bold; padding: 2px;")
        self.question = QLabel()
        self.question.setWordWrap(True)
        self.question.setStyleSheet("padding: 2px;")
        large = QFont(self.question.font())  # a font, not a style sheet's size: projector
        large.setPointSizeF(QUESTION_PT)  # mode enlarges it with the window's text
        self.question.setFont(large)
        self.proof = QLineEdit()
        self.disproof = QLineEdit()
        for field, tip in ((self.proof, "proof number"), (self.disproof, "disproof number")):
            field.setPlaceholderText("a number, or ∞")
            field.setToolTip(f"The new {tip} (type ∞ or inf for infinity)")
            field.returnPressed.connect(self._check)
        self.check = QPushButton("Check")
        self.check.clicked.connect(self._check)
        self.answer_box = QWidget()
        form = QFormLayout(self.answer_box)
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow("proof number", self.proof)
        form.addRow("disproof number", self.disproof)
        form.addRow("", self.check)
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.why = QLabel()
        self.why.setWordWrap(True)
        self.why.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.why.setStyleSheet("background: #f4f1e8; border: 1px solid #d8d2bf; padding: 5px;")
        self.next = QPushButton("Next question (N)")
        self.next.clicked.connect(self.next_requested)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.next)
        layout = QVBoxLayout(self)
        layout.addWidget(self.score)
        layout.addWidget(self.question)
        layout.addWidget(self.answer_box)
        layout.addWidget(self.verdict)
        layout.addWidget(self.why)
        layout.addLayout(buttons)
        layout.addStretch(1)
        self.show_waiting("")

    def _check(self) -> None:
        self.numbers_entered.emit(self.proof.text(), self.disproof.text())

    def show_score(self, score: Score) -> None:
        self.score.setText(f"Score: {score}")

    def show_question(self, text: str, numbers: bool) -> None:
        """A new question: the answer fields only when numbers are asked for."""
        self.question.show()
        self.question.setText(text)
        self.answer_box.setVisible(numbers)
        self.proof.clear()
        self.disproof.clear()
        self.verdict.clear()
        self.why.clear()
        self.why.hide()
        self.next.setEnabled(False)
        if numbers:
            self.proof.setFocus()

    def show_grade(self, grade: Grade) -> None:
        """Right or wrong, then why (in the question's place); Next goes on."""
        self.question.hide()
        self.verdict.setStyleSheet(RIGHT_STYLE if grade.right else WRONG_STYLE)
        self.verdict.setText(grade.verdict)
        self.why.setText(grade.why)
        self.why.show()
        self.answer_box.hide()
        self.next.setEnabled(True)

    def show_note(self, text: str) -> None:
        """A step with nothing to ask (an update that changed no numbers): read it, then Next."""
        self.question.show()
        self.question.setText(text)
        self.answer_box.hide()
        self.verdict.clear()
        self.why.hide()
        self.next.setEnabled(True)

    def show_waiting(self, text: str) -> None:
        """Nothing to answer now (the search is stepping, or it is over)."""
        self.question.show()
        self.question.setText(text)
        self.answer_box.hide()
        self.verdict.clear()
        self.why.hide()
        self.next.setEnabled(False)
