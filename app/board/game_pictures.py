"""Widgets of the board games' pictures (`app.board.pictures` registers them by game kind): the
m,n,k family drawn as a grid of stones, and any OpenSpiel game as OpenSpiel's own text in a
monospace view.

The widgets only draw what they are given: the descriptions (`app.board.describe`) are pure. An
m,n,k position travels as `MnkPosition`'s text (the rows, k and gravity), so the widget needs no
game to draw it. A click on a cell offers it as a move: in the board panel it opens the New game
dialog on the position shown with that stone added, and in the dialog it sets up a start position
one stone at a time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from .describe import EMPTY, FIRST_STONE, SECOND_STONE, MnkPosition, cell_name, cell_of

if TYPE_CHECKING:
    from ..position_view import PositionView

PAPER = QColor("#f4ecd8")
GRID = QColor("#6d5d4b")
FRAME = QColor("#1f4e9c")
"""Connect-Four's frame: stones drop into its holes."""
HOLE = QColor("#f2f2f2")
LAST_MOVE = QColor("#cdd26a")
"""The last move's cell, in the chess board's last-move colour."""
LAST_DISC = QColor("#212121")
"""The last disc dropped (with gravity): a dark ring inside it."""
LINE_MADE = QColor("#2e7d32")
STONE_COLOURS = {FIRST_STONE: QColor("#c62828"), SECOND_STONE: QColor("#f9a825")}
"""Discs with gravity: X red, O yellow, as on the toy."""
MARK_COLOURS = {FIRST_STONE: QColor("#c62828"), SECOND_STONE: QColor("#1565c0")}
"""Marks without gravity: a red cross and a blue ring."""
MARGIN = 0.6
"""The margin round the grid for the coordinates and the drop arrows, in cells."""
KEY_ROWS = 0.6
"""With gravity, the room under the column letters for the key to the discs' colours, in
cells: red and yellow say nothing of which is X and which O until the board says so."""
KEY_WORDS = {FIRST_STONE: "X (moves first)", SECOND_STONE: "O"}


def _round_pen(colour: QColor, width: float) -> QPen:
    pen = QPen(colour, width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    return pen


class MnkBoard(QWidget):
    """Draws an m,n,k position: a grid with X and O marks, or with gravity a frame of holes with
    discs and an arrow over each column a disc can still drop into; the last stone's cell is
    lit and a finished line is struck through. `clickable`: a press on a cell emits its name
    (with gravity, the column's lowest empty cell)."""

    move_chosen = Signal(str)
    """The cell the user chose, by its name ("c1"): a board panel's picture offers it as a move
    from the position shown (`app.board.view.BoardView.move_chosen`)."""

    def __init__(self, parent: QWidget | None = None, clickable: bool = False) -> None:
        super().__init__(parent)
        self.position: MnkPosition | None = None
        self.lastmove: str | None = None
        self.clickable = clickable
        self.setMinimumSize(160, 160)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        if clickable:
            self.setCursor(Qt.CursorShape.PointingHandCursor)
            self.setToolTip("Click a cell to put the next stone there (a new game from here)")

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(360, self.heightForWidth(360))

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt's name)
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt's name)
        if self.position is None:
            return width
        across = self.position.width + 2 * MARGIN
        down = self.position.height + 2 * MARGIN + self._key_rows()
        return round(width * down / across)

    def _key_rows(self) -> float:
        return KEY_ROWS if self.position is not None and self.position.gravity else 0.0

    def key(self) -> list[tuple[str, QColor, str]]:
        """The key drawn under a board with gravity: each player's stone, its disc's colour and
        its words; empty without gravity (a cross and a ring say X and O themselves)."""
        if self.position is None or not self.position.gravity:
            return []
        return [(stone, STONE_COLOURS[stone], KEY_WORDS[stone]) for stone in KEY_WORDS]

    def set_position(self, view: PositionView) -> None:
        """Show a view's position (`describe_mnk`'s text); drawn at the next paint."""
        if view.position is None:
            return
        self.show_board(MnkPosition.parse(view.position), view.lastmove)

    def show_board(self, position: MnkPosition, lastmove: str | None) -> None:
        """Show a position with its last move's cell name (None: no stone yet)."""
        if (position, lastmove) == (self.position, self.lastmove):
            return
        resized = self.position is None or (position.width, position.height) != (
            self.position.width,
            self.position.height,
        )
        self.position, self.lastmove = position, lastmove
        if resized:
            self.updateGeometry()
        self.update()

    def _geometry(self) -> tuple[float, QPointF]:
        """The cell's side and the grid's top-left corner, the board centred in the widget."""
        assert self.position is not None
        across = self.position.width + 2 * MARGIN
        down = self.position.height + 2 * MARGIN + self._key_rows()
        side = min(self.width() / across, self.height() / down)
        left = (self.width() - side * across) / 2 + side * MARGIN
        return side, QPointF(left, side * MARGIN)

    def _cell_rect(self, column: int, row: int) -> QRectF:
        side, corner = self._geometry()
        assert self.position is not None
        top = corner.y() + (self.position.height - 1 - row) * side
        return QRectF(corner.x() + column * side, top, side, side)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        position = self.position
        if position is None:
            return
        side, corner = self._geometry()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        grid = QRectF(corner.x(), corner.y(), side * position.width, side * position.height)
        painter.fillRect(grid, FRAME if position.gravity else PAPER)
        if self.lastmove is not None and not position.gravity:
            painter.fillRect(self._cell_rect(*cell_of(self.lastmove)), LAST_MOVE)
        if not position.gravity:
            painter.setPen(QPen(GRID, max(1.0, side / 30)))
            for column in range(1, position.width):
                x = corner.x() + column * side
                painter.drawLine(QPointF(x, grid.top()), QPointF(x, grid.bottom()))
            for row in range(1, position.height):
                y = corner.y() + row * side
                painter.drawLine(QPointF(grid.left(), y), QPointF(grid.right(), y))
        for row in range(position.height):
            for column in range(position.width):
                self._draw_cell(painter, column, row, side)
        self._draw_line_made(painter, side)
        self._draw_coordinates(painter, side, corner)
        self._draw_key(painter, side, corner)
        painter.end()

    def _draw_key(self, painter: QPainter, side: float, corner: QPointF) -> None:
        """Under the column letters: a disc of each colour and whose it is."""
        assert self.position is not None
        entries = self.key()
        if not entries:
            return
        band = side * MARGIN
        top = corner.y() + side * self.position.height + band
        height = side * KEY_ROWS
        font = QFont(self.font())
        font.setPixelSize(max(9, round(height * 0.6)))
        painter.setFont(font)
        x = corner.x()
        radius = height * 0.3
        for _stone, colour, words in entries:
            centre = QPointF(x + radius, top + height / 2)
            painter.setPen(QPen(GRID, 1.0))
            painter.setBrush(colour)
            painter.drawEllipse(centre, radius, radius)
            painter.setPen(GRID)
            text = QRectF(x + 2 * radius + 4, top, side * self.position.width, height)
            painter.drawText(
                text, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, words
            )
            x += 2 * radius + 4 + painter.fontMetrics().horizontalAdvance(words) + height

    def _draw_cell(self, painter: QPainter, column: int, row: int, side: float) -> None:
        assert self.position is not None
        stone = self.position.stone(column, row)
        rect = self._cell_rect(column, row)
        inner = rect.adjusted(side * 0.12, side * 0.12, -side * 0.12, -side * 0.12)
        if self.position.gravity:
            painter.setPen(QPen(FRAME.darker(130), max(1.0, side / 40)))
            painter.setBrush(STONE_COLOURS.get(stone, HOLE))
            painter.drawEllipse(inner)
            if self.lastmove == cell_name(column, row) and stone != EMPTY:
                painter.setPen(QPen(LAST_DISC, max(2.0, side / 14)))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawEllipse(inner.adjusted(side / 8, side / 8, -side / 8, -side / 8))
            return
        if stone == EMPTY:
            return
        mark = inner.adjusted(side * 0.06, side * 0.06, -side * 0.06, -side * 0.06)
        painter.setPen(_round_pen(MARK_COLOURS[stone], max(2.0, side / 9)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if stone == FIRST_STONE:
            painter.drawLine(mark.topLeft(), mark.bottomRight())
            painter.drawLine(mark.topRight(), mark.bottomLeft())
        else:
            painter.drawEllipse(mark)

    def _draw_line_made(self, painter: QPainter, side: float) -> None:
        cells = self.position.line_made() if self.position is not None else []
        if not cells:
            return
        painter.setPen(_round_pen(LINE_MADE, max(3.0, side / 8)))
        first, last = self._cell_rect(*cells[0]), self._cell_rect(*cells[-1])
        painter.drawLine(first.center(), last.center())

    def _draw_coordinates(self, painter: QPainter, side: float, corner: QPointF) -> None:
        """Column letters below, row numbers at the left (from the bottom, as cells are named);
        with gravity, an arrow over each column a disc can drop into."""
        assert self.position is not None
        font = QFont(self.font())
        font.setPixelSize(max(9, round(side * MARGIN * 0.45)))
        painter.setFont(font)
        painter.setPen(GRID)
        band = side * MARGIN
        bottom = corner.y() + side * self.position.height
        for column in range(self.position.width):
            x = corner.x() + column * side
            label = QRectF(x, bottom, side, band)
            painter.drawText(label, Qt.AlignmentFlag.AlignCenter, chr(ord("a") + column))
        for row in range(self.position.height):
            rect = self._cell_rect(0, row)
            label = QRectF(rect.left() - band, rect.top(), band, side)
            painter.drawText(label, Qt.AlignmentFlag.AlignCenter, str(row + 1))
        if not self.position.gravity:
            return
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(FRAME)
        for column in self.position.open_columns():
            middle = corner.x() + (column + 0.5) * side
            tip = corner.y() - band * 0.15
            half = band * 0.3
            painter.drawPolygon(
                QPolygonF(
                    [
                        QPointF(middle - half, tip - band * 0.55),
                        QPointF(middle + half, tip - band * 0.55),
                        QPointF(middle, tip),
                    ]
                )
            )

    def cell_at(self, point: QPointF) -> tuple[int, int] | None:
        """The cell under `point` (with gravity: the lowest empty cell of the column under it,
        anywhere over the column), or None."""
        position = self.position
        if position is None:
            return None
        side, corner = self._geometry()
        column = int((point.x() - corner.x()) // side)
        row = position.height - 1 - int((point.y() - corner.y()) // side)
        if not 0 <= column < position.width:
            return None
        if position.gravity:
            empty = [r for r in range(position.height) if position.stone(column, r) == EMPTY]
            return (column, empty[0]) if empty else None
        return (column, row) if 0 <= row < position.height else None

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        cell = self.cell_at(event.position()) if self.clickable else None
        if cell is None:
            super().mousePressEvent(event)
            return
        self.move_chosen.emit(cell_name(*cell))


class TextBoard(QWidget):
    """OpenSpiel's text of a state in a monospace view, the last move under it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.board = QLabel()
        self.board.setTextFormat(Qt.TextFormat.PlainText)
        self.board.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        font.setPointSize(max(font.pointSize(), 14))
        self.board.setFont(font)
        self.board.setStyleSheet("background: #f7f7f2; padding: 12px;")
        self.last = QLabel()
        self.last.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.board, 1)
        layout.addWidget(self.last)

    def set_position(self, view: PositionView) -> None:
        self.board.setText(view.position or "")
        self.last.setText(f"last move: {view.lastmove}" if view.lastmove else "no move yet")
