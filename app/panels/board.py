"""The board panel: the position at the node in focus (python-chess SVG rendered by QtSvg), the move
into it highlighted and the line from the root beneath; for an explicit tree, the node's path.

The widget is given a `PositionView` (see `app.focus`) and draws it; it never reads the search.
"""

from __future__ import annotations

import chess
import chess.svg
from PySide6.QtCore import QByteArray, QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QLabel, QSizePolicy, QStackedWidget, QVBoxLayout, QWidget

from app.focus import PositionView

BOARD_COLOURS = {"square light lastmove": "#cdd26a", "square dark lastmove": "#aaa23a"}


def board_svg(view: PositionView, size: int = 400) -> str:
    """The SVG python-chess draws for a view's position (`lastmove` highlighted, king in check)."""
    board = chess.Board(view.fen)
    lastmove = chess.Move.from_uci(view.lastmove) if view.lastmove else None
    return chess.svg.board(
        board,
        lastmove=lastmove,
        check=view.check,
        size=size,
        coordinates=True,
        colors=BOARD_COLOURS,
    )


class SvgBoard(QWidget):
    """Paints one SVG into the largest centred square (a board must stay square)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.renderer = QSvgRenderer(self)
        self.svg = ""
        self.setMinimumSize(160, 160)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(360, 360)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt's name)
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt's name)
        return width

    def set_svg(self, svg: str) -> None:
        if svg != self.svg:
            self.svg = svg
            self.renderer.load(QByteArray(svg.encode("utf-8")))
            self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        if not self.svg:
            return
        side = min(self.width(), self.height())
        painter = QPainter(self)
        self.renderer.render(painter, QRectF((self.width() - side) / 2, 0, side, side))
        painter.end()


class BoardView(QWidget):
    """Heading, board (or node path for trees), the line from the root and the node's numbers."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view: PositionView | None = None
        self.heading = QLabel()
        self.heading.setStyleSheet("font-weight: bold;")
        self.board = SvgBoard()
        self.tree_path = QLabel()
        self.tree_path.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.tree_path.setWordWrap(True)
        self.tree_path.setStyleSheet("font-size: 20pt; padding: 12px;")
        self.stack = QStackedWidget()
        self.stack.addWidget(self.board)
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
        if view.fen is not None:
            self.stack.setCurrentWidget(self.board)
            self.board.set_svg(board_svg(view))
            self.line.setText(view.line)
        else:
            self.stack.setCurrentWidget(self.tree_path)
            self.tree_path.setText(view.line)
            self.line.setText("path from the root: " + view.line)

    @property
    def fen(self) -> str | None:
        """FEN of the position shown (None for an explicit tree): what tests compare."""
        return self.view.fen if self.view else None
