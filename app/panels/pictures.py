"""Position pictures by game kind: what the board panel draws for a position of a game that has a
picture (`Capabilities.has_board`), and the words that describe it for the drawing.

The chess picture is python-chess's board and pieces, drawn from parts rasterised once; the board
games' pictures are in `app.panels.game_pictures`. A game with a board but no entry here is drawn
as its position in words (`TEXT_PICTURE`); a game without a board shows its line alone (an
explicit tree's node letters). A new picture is a `Picture`: a pure `describe` (game and moves in,
what to draw out) and a widget that draws a `PositionView` (`set_position`), registered by its
game kind's name in `PICTURES`.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

import chess
import chess.svg
from PySide6.QtCore import QByteArray, QPointF, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPixmap, QRadialGradient
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QSizePolicy, QWidget

from ...core.games.chess_codes import decode_move
from ...core.games.chess_game import ChessGame
from ...core.games.game import Game
from ...core.games.mnk import MnkGame
from ...core.games.openspiel_game import OpenSpielGame
from ...core.games.registry import kind_of
from .game_pictures import (
    MnkBoard,
    TextBoard,
    describe_mnk,
    describe_openspiel,
)

if TYPE_CHECKING:
    from ..position_view import PositionView

BOARD_COLOURS = {"square light lastmove": "#cdd26a", "square dark lastmove": "#aaa23a"}
SQUARE_UNITS, MARGIN_UNITS = chess.svg.SQUARE_SIZE, 15
"""python-chess's board geometry (with coordinates): 45-unit squares in a 15-unit margin."""
BOARD_UNITS = 8 * SQUARE_UNITS + 2 * MARGIN_UNITS
CACHED_BOARDS = 32
"""Finished boards kept, so stepping back and forth over a line repaints with one blit."""

Drawn = tuple[str | None, str | None, int | None]
"""What a picture draws: the position, the move into it and a square to mark (`PositionView`'s
`position`, `lastmove` and `check`)."""


class PictureWidget(Protocol):
    """What the board panel asks of a picture. A picture on which the user can choose a move
    also has a `move_chosen` signal carrying the move's label."""

    def set_position(self, view: PositionView) -> None: ...


@dataclass(frozen=True, slots=True)
class Picture:
    """One game kind's picture: `describe` is pure (no Qt), `widget` builds the drawing."""

    describe: Callable[[Any, Sequence[int]], Drawn]
    widget: Callable[[], QWidget]


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


def describe_chess(game: ChessGame, moves: Sequence[int]) -> Drawn:
    """The FEN after `moves`, the last move in UCI and the king's square if it is in check."""
    board = game.board_after(moves)
    check = board.king(board.turn) if board.is_check() else None
    return board.fen(), decode_move(moves[-1]).uci() if moves else None, check


def describe_text(game: Game, moves: Sequence[int]) -> Drawn:
    """A position in the words its game describes it with (`GameKind.position_text`) and the
    last move's label: the picture of a game with a board but no picture of its own."""
    kind = kind_of(game)
    last = kind.move_labels(game, moves)[-1] if moves else None
    return kind.position_text(game, moves), last, None


PICTURES: dict[str, Picture] = {
    ChessGame.kind: Picture(describe_chess, SvgBoard),
    MnkGame.kind: Picture(describe_mnk, partial(MnkBoard, clickable=True)),
    OpenSpielGame.kind: Picture(describe_openspiel, TextBoard),
}
"""The pictures by game kind name (`Game.kind`): a new game's picture is one line here."""

TEXT_PICTURE = Picture(describe_text, TextBoard)
"""The picture of a game that has a board (`Capabilities.has_board`) and no entry in
`PICTURES`: its position in words."""


def picture_of(game: Game) -> Picture | None:
    """The picture of `game`'s kind: its own, the text picture for a board without one, or None
    for a game without a board (a tree file, shown by its line alone)."""
    picture = PICTURES.get(game.kind)
    if picture is None and game.capabilities.has_board:
        return TEXT_PICTURE
    return picture


def describe_position(game: Game, moves: Sequence[int]) -> Drawn:
    """What the picture of `game`'s kind draws after `moves` (nothing without a picture)."""
    picture = picture_of(game)
    return (None, None, None) if picture is None else picture.describe(game, moves)


def picture_widget(kind: str) -> QWidget:
    """A new widget drawing the positions `describe_position` describes for the game kind
    `kind` (the text picture where the kind has none of its own)."""
    return PICTURES.get(kind, TEXT_PICTURE).widget()
