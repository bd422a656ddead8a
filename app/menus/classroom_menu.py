"""File → Classroom positions: each lesson opens its position with its preset, and a line under the
window's title says what it shows until another problem or preset is opened."""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QMenu

from app.problems.classroom import LESSONS, Lesson
from app.session import Session
from core.search.contract import Stepper


class ClassroomMenu:
    """The lessons' submenu in `menu`, and the line (`line`, placed by the window under its
    title) that states the open lesson's point while the session shows it."""

    def __init__(self, session: Session, menu: QMenu) -> None:
        self.session = session
        self.lesson: Lesson | None = None
        self.line = QLabel()
        self.line.setWordWrap(True)
        self.line.setStyleSheet("color: #37474f; padding: 0 4px 2px 4px;")
        self.line.hide()
        self.menu = menu.addMenu("&Classroom positions")
        self.menu.setToolTipsVisible(True)
        self.actions: list[QAction] = []
        for lesson in LESSONS:
            action = self.menu.addAction(f"{lesson.title}: {lesson.point}")
            action.triggered.connect(lambda _checked=False, chosen=lesson: self.open(chosen))
            self.actions.append(action)
        session.driver.search_changed.connect(self._search_changed)

    def open(self, lesson: Lesson) -> bool:
        """Open the lesson's position with its preset; say its point under the title."""
        self.lesson = lesson
        if not self.session.open_source(lesson.source, lesson.params):
            self.lesson = None
        self._search_changed(self.session.search)
        return self.lesson is not None

    def _search_changed(self, _search: Stepper | None) -> None:
        """Keep the line while the lesson's problem and preset are what the session holds (a
        reset keeps it); anything else opened hides it."""
        lesson = self.lesson
        problem = self.session.problem
        if lesson is None or not (
            problem is not None
            and problem.source == lesson.source
            and self.session.params == lesson.params
        ):
            self.lesson = None
            self.line.hide()
            return
        self.line.setText(f"<b>Classroom · {lesson.title}</b>: {lesson.point}.")
        self.line.show()
