"""File → Classroom positions: each lesson opens its position with its preset, and a line under the
window's title says what it shows until another problem or preset is opened."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QBoxLayout, QLabel, QMenu

from app.problems.classroom import LESSONS, Lesson
from core.search.contract import Stepper

if TYPE_CHECKING:
    from app.window import MainWindow


class ClassroomMenu:
    """The lessons' submenu, and the line that states the open lesson's point."""

    def __init__(self, window: MainWindow, menu: QMenu) -> None:
        self.window = window
        self.lesson: Lesson | None = None
        self.line = QLabel()
        self.line.setWordWrap(True)
        self.line.setStyleSheet("color: #37474f; padding: 0 4px 2px 4px;")
        self.line.hide()
        central = window.centralWidget()
        column = central.layout() if central is not None else None
        if not isinstance(column, QBoxLayout):
            raise TypeError("the window's centre is not laid out in a column")
        column.insertWidget(1, self.line)
        self.menu = menu.addMenu("&Classroom positions")
        self.menu.setToolTipsVisible(True)
        self.actions: list[QAction] = []
        for lesson in LESSONS:
            action = self.menu.addAction(f"{lesson.title}: {lesson.point}")
            action.triggered.connect(lambda _checked=False, chosen=lesson: self.open(chosen))
            self.actions.append(action)
        window.driver.search_changed.connect(self._search_changed)

    def open(self, lesson: Lesson) -> bool:
        """Open the lesson's position with its preset; say its point under the title."""
        self.lesson = lesson
        if not self.window.open_source(lesson.source, lesson.params):
            self.lesson = None
        self._search_changed(self.window.driver.search)
        return self.lesson is not None

    def _search_changed(self, _search: Stepper | None) -> None:
        """Keep the line while the lesson's problem and preset are what the window shows (a
        reset keeps it); anything else opened hides it."""
        lesson = self.lesson
        window = self.window
        if lesson is None or not (
            window.problem is not None
            and window.problem.source == lesson.source
            and window.params == lesson.params
        ):
            self.lesson = None
            self.line.hide()
            return
        self.line.setText(f"<b>Classroom · {lesson.title}</b>: {lesson.point}.")
        self.line.show()
