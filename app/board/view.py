"""The board panel: the position at the node in focus, drawn by its game kind's picture
(`app.board.pictures`: python-chess's board for chess, the move into it highlighted), with the
line from the root beneath; a game without a picture (an explicit tree) shows the node's path.

The widget is given a `PositionView` (see `app.focus`) and draws it; it never reads the search.
"""

from __future__ import annotations

from typing import cast

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QSizePolicy, QStackedWidget, QVBoxLayout, QWidget

from ...core.games.chess_kind import CHESS
from ..position_view import PositionView
from .pictures import BOARD_COLOURS as BOARD_COLOURS
from .pictures import BoardPainter as BoardPainter
from .pictures import PictureWidget, picture_widget


class BoardView(QWidget):
    """Heading, the position's picture (or the node's path for a game without one), the line from
    the root and the node's numbers."""

    move_chosen = Signal(str)
    """The user chose a move on the picture (its label, e.g. a cell "c1"), from the position
    shown: where a picture offers it (`move_chosen` on the picture widget)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view: PositionView | None = None
        self.heading = QLabel()
        self.heading.setStyleSheet("font-weight: bold;")
        self.pictures: dict[str, QWidget] = {}
        """The picture widget of each game kind shown so far (`app.board.pictures`)."""
        self.tree_path = QLabel()
        self.tree_path.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.tree_path.setWordWrap(True)
        self.tree_path.setStyleSheet("font-size: 20pt; padding: 12px;")
        self.stack = QStackedWidget()
        board = self._picture(CHESS.name)
        assert board is not None, "chess has a picture (WIDGETS)"
        self.board: QWidget = board
        """The chess board, made up front: the first problem shown is a chess position."""
        self.stack.addWidget(self.tree_path)
        self.line = QLabel()
        self.line.setWordWrap(True)
        self.line.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details = QLabel()
        self.details.setWordWrap(True)
        self.details.setStyleSheet("color: #555;")
        for label in (self.heading, self.tree_path, self.line, self.details):
            # The text changes as the pointer moves over the tree: it wraps within the width
            # the column has and never asks for more, so the tree beside it never shifts.
            label.setWordWrap(True)
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.heading)
        layout.addWidget(self.stack)
        layout.addWidget(self.line)
        layout.addWidget(self.details)
        layout.addStretch(1)

    def show_position(self, view: PositionView) -> None:
        """Draw a node (skipped when nothing changed: at full speed this is called ~15×/s)."""
        if view == self.view:
            return
        self.view = view
        self.heading.setText(view.heading)
        self.details.setText(view.details)
        picture = self._picture(view.kind) if view.position is not None else None
        if picture is not None:
            self.stack.setCurrentWidget(picture)
            cast(PictureWidget, picture).set_position(view)
            self.line.setText(view.line)
        else:
            self.stack.setCurrentWidget(self.tree_path)
            self.tree_path.setText(view.line)
            self.line.setText("path from the root: " + view.line)

    def _picture(self, kind: str) -> QWidget:
        """The picture widget of the game kind `kind`, made on first use."""
        widget = self.pictures.get(kind)
        if widget is None:
            widget = picture_widget(kind)
            self.pictures[kind] = widget
            self.stack.addWidget(widget)
            chosen = getattr(widget, "move_chosen", None)
            if chosen is not None:
                chosen.connect(self.move_chosen)
        return widget

    @property
    def fen(self) -> str | None:
        """The position shown as its picture reads it (a FEN for chess; None for a game without
        a picture): what tests compare."""
        return self.view.position if self.view else None
