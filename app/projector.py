"""Projector mode (View ▸ Projector mode, Ctrl+P): the board, the tree and the narration only,
large enough for the back of a room.

On a projector the class reads what the teacher points at: the gauge, the replay, the engine
cross-check and the side panels are put away (not the quiz's: its question, score and verdict
are what the class answers, printed large too) (and come back as they were when the mode ends);
the window's text and status line, the tree's nodes, numbers, header and legend are drawn larger;
from 1200 pixels wide the narration runs under the board and the tree, the width of the window
(large print wraps onto half as many lines there as under the tree alone, and the tree keeps the
height), and the board takes the height the hidden strips leave. The toolbar keeps its size,
so every control still fits the width of a classroom projector (1024 or 1280 pixels).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QAction, QFont, QKeySequence
from PySide6.QtWidgets import QBoxLayout, QDockWidget, QLabel, QMainWindow, QSplitter, QWidget

from .docks import DockKeeper
from .tree_view.view import TreeView

SHORTCUT = "Ctrl+P"
"""P for projector (F11, full screen elsewhere, steps into Pn²'s second level here)."""
TEXT_SCALE = 1.35
"""The window's text, and the tree's nodes and numbers, this many times their usual size."""
ACROSS_WIDTH = 1200
"""From this window width on, the narration runs under the board and the tree; in a narrower
window (a 1024×768 projector) it stays under the tree, where its large print takes the tree's
height, not the board's: the board is never smaller in projector mode than outside it."""
TITLE_STYLE = "font-size: {pt}pt; font-weight: bold; padding: 2px 4px;"
TIP = "Projector mode: the board, the tree and the narration only, in large print"
SHOWN_IN_PROJECTOR = "shown_in_projector"
"""A dock property: the dock is part of what the class follows (the quiz's question, score and
verdict), so projector mode leaves it open and prints it large."""


@dataclass(frozen=True, slots=True)
class ProjectorParts:
    """The parts of the window projector mode rearranges, handed over by the window: its main
    window, its panes and strips, and how it fits the board's pane."""

    main: QMainWindow
    bottom_strip: QWidget
    engine_panel: QWidget
    central_column: QBoxLayout
    splitter: QSplitter
    title: QLabel
    tree_view: TreeView
    narration: QLabel
    docks: DockKeeper
    fit_panes: Callable[[], None]


class Projector(QObject):
    """Projector mode of one window: its action and what it put away."""

    def __init__(self, parts: ProjectorParts) -> None:
        super().__init__(parts.main)
        self.parts = parts
        self.action = QAction("&Projector mode", parts.main)
        self.action.setCheckable(True)
        self.action.setShortcut(QKeySequence(SHORTCUT))
        self.action.setToolTip(f"{TIP} ({SHORTCUT})")
        self.action.setWhatsThis(TIP)
        self.action.toggled.connect(self.set_on)
        parts.main.addAction(self.action)
        self._hidden: list[QWidget] = []
        self._fonts: list[tuple[QWidget, QFont]] = []
        self._title_style = ""
        self._narration_home: tuple[QBoxLayout, int] | None = None
        """Where the narration sat under the tree (layout, index), while the mode has it."""

    @property
    def on(self) -> bool:
        return self.action.isChecked()

    def put_away(self) -> list[QWidget]:
        """What the mode hides: everything but the board, the tree, the narration, the title,
        the result under the board, the controls and a dock the class follows (the quiz's)."""
        parts = self.parts
        docks = [
            dock
            for dock in parts.main.findChildren(QDockWidget)
            if dock.isVisible() and not dock.property(SHOWN_IN_PROJECTOR)
        ]
        return [parts.bottom_strip, parts.engine_panel, *docks]

    def set_on(self, on: bool) -> None:
        """Enter or leave the mode (the action's toggle; also a test's or a menu's call)."""
        if self.action.isChecked() != on:
            self.action.setChecked(on)
            return
        parts = self.parts
        view = parts.tree_view
        if on:
            self._hidden = [widget for widget in self.put_away() if widget.isVisible()]
            with parts.docks.rearranging():
                for widget in self._hidden:
                    widget.hide()
            kept = [
                dock
                for dock in parts.main.findChildren(QDockWidget)
                if dock.property(SHOWN_IN_PROJECTOR)
            ]
            central = parts.main.centralWidget() or parts.main
            self._enlarge([central, parts.main.statusBar(), *kept])
            self._narration_across(parts.main.width() >= ACROSS_WIDTH)
            self._title_style = parts.title.styleSheet()
            parts.title.setStyleSheet(TITLE_STYLE.format(pt=round(13 * TEXT_SCALE)))
            view.set_base_scale(TEXT_SCALE)
            parts.docks.held_back = True
        else:
            parts.docks.held_back = False
            with parts.docks.rearranging():
                for widget in self._hidden:
                    widget.show()
            self._hidden = []
            for widget, font in reversed(self._fonts):
                widget.setFont(font)
            self._fonts = []
            self._narration_across(False)
            parts.title.setStyleSheet(self._title_style)
            view.set_base_scale(1.0)
        parts.main.statusBar().showMessage(
            f"Projector mode: {SHORTCUT} leaves it." if on else "Projector mode off.", 6000
        )
        QTimer.singleShot(0, parts.fit_panes)

    def _narration_across(self, on: bool) -> None:
        """Move the narration from under the tree to under the board and the tree (on), or
        back where it was (off)."""
        narration = self.parts.narration
        column = self.parts.central_column
        if on and self._narration_home is None:
            parent = narration.parentWidget()
            home = parent.layout() if parent is not None else None
            if not isinstance(home, QBoxLayout):
                return
            self._narration_home = (home, home.indexOf(narration))
            home.removeWidget(narration)
            column.insertWidget(column.indexOf(self.parts.splitter) + 1, narration)
        elif not on and self._narration_home is not None:
            home, index = self._narration_home
            self._narration_home = None
            column.removeWidget(narration)
            home.insertWidget(index, narration)
        narration.show()

    def _enlarge(self, parts: list[QWidget]) -> None:
        """Larger text in these parts of the window (its centre, its status line): their fonts,
        and the font of every widget with a style sheet of its own (Qt does not pass a parent's
        font on to those)."""
        widgets = [
            w
            for part in parts
            for w in (part, *part.findChildren(QWidget))
            if w is part or w.styleSheet()
        ]
        self._fonts = [(widget, QFont(widget.font())) for widget in widgets]
        for widget, font in self._fonts:
            large = QFont(font)
            large.setPointSizeF(font.pointSizeF() * TEXT_SCALE)
            widget.setFont(large)
