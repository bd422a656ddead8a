"""Position pictures by game kind: the widget the board panel draws a position with, for a game
that has a board (`Capabilities.has_board`).

The chess picture is python-chess's board and pieces, drawn from parts rasterised once; the board
games' widgets are in `app.board.game_pictures`. What each picture is given to draw comes from the
pure descriptions (`app.board.describe`); a game with a board but no widget here is drawn as its
position in words (`TextBoard`); a game without a board shows its line alone (an explicit tree's
node letters). A new picture is a description registered by its game kind's name in
`DESCRIPTIONS` and a widget that draws a `PositionView` (`set_position`) registered in `WIDGETS`.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Protocol

import chess
import chess.svg
from PySide6.QtCore import QByteArray, QPointF, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPixmap, QRadialGradient
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QSizePolicy, QWidget

from ...core.games.chess_game import ChessGame
from ...core.games.mnk import MnkGame
from ...core.games.openspiel_game import OpenSpielGame
from .game_pictures import MnkBoard, TextBoard

if TYPE_CHECKING:
    from ..position_view import PositionView

BOARD_COLOURS = {"square light lastmove": "#cdd26a", "square dark lastmove": "#aaa23a"}
SQUARE_UNITS, MARGIN_UNITS = chess.svg.SQUARE_SIZE, 15
"""python-chess's board geometry (with coordinates): 45-unit squares in a 15-unit margin."""
BOARD_UNITS = 8 * SQUARE_UNITS + 2 * MARGIN_UNITS
CACHED_BOARDS = 32
"""Finished boards kept, so stepping back and forth over a line repaints with one blit."""


class PictureWidget(Protocol):
    """What the board panel asks of a picture. A picture on which the user can choose a move
    also has a `move_chosen` signal carrying the move's label."""

    def set_position(self, view: PositionView) -> None: ...


def _svg_pixmap(svg: str, side: int, ratio: float) -> QPixmap:
    """One SVG rendered once into a square pixmap of `side` logical pixels."""
    pixmap = QPixmap(round(side * ratio), round(side * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    QSvgRenderer(QByteArray(svg.encode("utf-8"))).render(painter, QRectF(0, 0, side, side))
    painter.end()
    return pixmap


class BoardPainter:
    """Draws python-chess's board with Qt from parts rendered once per size.

    Rendering a whole board SVG costs ~25 ms (generate, parse, rasterise) and three to four times
    that on a shared CPU, on the GUI thread; here the empty board and the twelve pieces are
    rasterised once per size and a position is a few fills and blits (~1 ms). Same colours and
    geometry as `chess.svg.board`, which the tests compare it with pixel by pixel."""

    def __init__(self) -> None:
        self._parts: dict[tuple[str, int, float], QPixmap] = {}
        self._boards: OrderedDict[tuple, QPixmap] = OrderedDict()
        self._size: tuple[int, float] | None = None

    def _part(self, name: str, side: int, ratio: float) -> QPixmap:
        key = (name, side, ratio)
        if key not in self._parts:
            if name == "board":
                svg = chess.svg.board(chess.Board(None), coordinates=True, colors=BOARD_COLOURS)
            else:
                svg = chess.svg.piece(chess.Piece.from_symbol(name))
            self._parts[key] = _svg_pixmap(svg, side, ratio)
        return self._parts[key]

    def pixmap(self, view: PositionView, side: int, ratio: float) -> QPixmap:
        """The finished board for a view at `side` logical pixels (cached by what it shows)."""
        key = (view.fen, view.lastmove, view.check, side, ratio)
        if key in self._boards:
            self._boards.move_to_end(key)
            return self._boards[key]
        if (side, ratio) != self._size:
            self._parts.clear()  # a resize drag passes many sizes: keep the current one's
            self._size = (side, ratio)
        pixmap = QPixmap(self._part("board", side, ratio))
        scale = side / BOARD_UNITS
        square = SQUARE_UNITS * scale
        piece_side = max(1, round(square))

        def corner(sq: int) -> QPointF:
            file, rank = chess.square_file(sq), chess.square_rank(sq)
            return QPointF(
                (MARGIN_UNITS + file * SQUARE_UNITS) * scale,
                (MARGIN_UNITS + (7 - rank) * SQUARE_UNITS) * scale,
            )

        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        if view.lastmove:
            move = chess.Move.from_uci(view.lastmove)
            for sq in {move.from_square, move.to_square}:
                light = (chess.square_file(sq) + chess.square_rank(sq)) % 2 == 1
                colour = BOARD_COLOURS["square light lastmove" if light else "square dark lastmove"]
                painter.fillRect(QRectF(corner(sq), QSizeF(square, square)), QColor(colour))
        if view.check is not None:
            centre = corner(view.check) + QPointF(square / 2, square / 2)
            gradient = QRadialGradient(centre, square / 2)
            for at, colour, alpha in (
                (0, "#ff0000", 255),
                (0.5, "#e70000", 255),
                (1, "#9e0000", 0),
            ):
                qcolour = QColor(colour)
                qcolour.setAlpha(alpha)
                gradient.setColorAt(at, qcolour)
            painter.fillRect(QRectF(corner(view.check), QSizeF(square, square)), gradient)
        for sq, piece in chess.Board(view.fen).piece_map().items():
            target = QRectF(corner(sq), QSizeF(square, square))
            painter.drawPixmap(target, self._part(piece.symbol(), piece_side, ratio), QRectF())
        painter.end()
        self._boards[key] = pixmap
        if len(self._boards) > CACHED_BOARDS:
            self._boards.popitem(last=False)
        return pixmap


class SvgBoard(QWidget):
    """Paints one position into the largest centred square (a board must stay square)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.painter = BoardPainter()
        self.view: PositionView | None = None
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

    def set_position(self, view: PositionView) -> None:
        """Show a view's position; nothing is drawn until the next paint (at most once a frame)."""
        if self.view is None or (view.fen, view.lastmove, view.check) != (
            self.view.fen,
            self.view.lastmove,
            self.view.check,
        ):
            self.view = view
            self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        if self.view is None or self.view.fen is None:
            return
        side = min(self.width(), self.height())
        pixmap = self.painter.pixmap(self.view, side, self.devicePixelRatioF())
        painter = QPainter(self)
        painter.drawPixmap(QPointF((self.width() - side) / 2, 0), pixmap)
        painter.end()


WIDGETS: dict[str, Callable[[], QWidget]] = {
    ChessGame.kind: SvgBoard,
    MnkGame.kind: partial(MnkBoard, clickable=True),
    OpenSpielGame.kind: TextBoard,
}
"""The pictures' widgets by game kind name (`Game.kind`), beside `app.board.describe`'s
`DESCRIPTIONS`: a kind without one is drawn in words."""


def picture_widget(kind: str) -> QWidget:
    """A new widget drawing the positions `describe_position` describes for the game kind
    `kind` (the position in words where the kind has no widget of its own)."""
    return WIDGETS.get(kind, TextBoard)()
