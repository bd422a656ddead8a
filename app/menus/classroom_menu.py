"""File → Classroom positions and File → Lesson trees: each lesson opens its position or tree (a
classroom position with its preset), and a line under the window's title says what it shows
until another problem or preset is opened. The window is then titled by the lesson's name; a
random tree by its spec in words."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QFontMetrics
from PySide6.QtWidgets import QLabel, QMenu

from ...core.games.random_trees import is_random_spec, parse_spec
from ...core.search.contract import Stepper
from ..problems.classroom import LESSONS, Lesson
from ..problems.search_setup import SearchParams
from ..problems.sources import TREE, Problem, Source
from ..session import Session

POINT_PX = 380
"""Each lesson's point in the menu is cut to this width (its tooltip and the line under the
title give it whole): whole, the longest made the menu wider than a 1280-pixel screen."""


@dataclass(frozen=True, slots=True)
class Shown:
    """The lesson on screen: its problem, its preset (None: any), its name and its point."""

    source: Source
    params: SearchParams | None
    name: str
    point: str


class ClassroomMenu:
    """The lessons' submenu in `menu`, and the line (`line`, placed by the window under its
    title) that states the open lesson's point while the session shows it."""

    def __init__(self, session: Session, menu: QMenu) -> None:
        self.session = session
        self.shown: Shown | None = None
        self.line = QLabel()
        self.line.setWordWrap(True)
        self.line.setStyleSheet("color: #37474f; padding: 0 4px 2px 4px;")
        self.line.hide()
        self.menu = menu.addMenu("&Classroom positions")
        self.menu.setToolTipsVisible(True)
        self.actions: list[QAction] = []
        metrics = QFontMetrics(self.menu.font())
        for lesson in LESSONS:
            point = metrics.elidedText(lesson.point, Qt.TextElideMode.ElideRight, POINT_PX)
            action = self.menu.addAction(f"{lesson.title}: {point}")
            action.setToolTip(f"{lesson.title}: {lesson.point}")
            action.triggered.connect(lambda _checked=False, chosen=lesson: self.open(chosen))
            self.actions.append(action)
        session.driver.search_changed.connect(self._search_changed)

    def open(self, lesson: Lesson) -> bool:
        """Open the lesson's position with its preset; say its point under the title."""
        shown = Shown(lesson.source, lesson.params, f"Classroom · {lesson.title}", lesson.point)
        return self._open(shown, lambda: self.session.open_source(lesson.source, lesson.params))

    def open_tree(self, name: str, point: str, path: str) -> bool:
        """Open a lesson tree with the session's search; say its point under the title."""
        source = Source(TREE, path)
        shown = Shown(source, None, name, point)
        return self._open(shown, lambda: self.session.open_source(source))

    def _open(self, shown: Shown, opening: Callable[[], bool]) -> bool:
        self.shown = shown
        if not opening():
            self.shown = None
        self._search_changed(self.session.search)
        return self.shown is not None

    def title(self, problem: Problem) -> str | None:
        """The window's title for this problem when it is not the problem's own: the open
        lesson's name, or a random tree's spec in words."""
        if self.shown is not None:
            return self.shown.name
        if problem.source.kind == TREE and is_random_spec(problem.source.text):
            return parse_spec(problem.source.text).title()
        return None

    def _search_changed(self, _search: Stepper | None) -> None:
        """Keep the line while the lesson's problem (and preset) are what the session holds (a
        reset keeps it); anything else opened hides it."""
        shown = self.shown
        problem = self.session.problem
        if shown is None or not (
            problem is not None
            and problem.source == shown.source
            and (shown.params is None or self.session.params == shown.params)
        ):
            self.shown = None
            self.line.hide()
            return
        self.line.setText(f"<b>{shown.name}</b>: {shown.point}.")
        self.line.show()
