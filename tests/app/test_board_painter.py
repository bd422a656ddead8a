"""The board drawn from parts looks like python-chess's SVG and costs a blit to repaint."""

import time

import chess
import chess.svg
import pytest
from PySide6.QtCore import QByteArray, QRectF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from pn_explorer.app.board.view import BOARD_COLOURS, BoardPainter
from pn_explorer.app.position_view import PositionView
from pn_explorer.app.problems.search_setup import SearchParams
from pn_explorer.app.problems.sources import SUITE, Source
from pn_explorer.core.search.types import ITERATION
from tests.app.windows import shown_window

SIDE = 360
POSITIONS = [
    ("2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", None, None),
    ("2rr3k/pp3pQ1/1nnqbN1p/3pN3/2pP4/2P5/PPB4P/R4RK1 b - - 0 1", "g3g7", None),
    ("6rk/pp3pQ1/1nnqbN1p/3pN3/2pP4/2P5/PPB4P/R4RK1 w - - 0 1", "c8g8", chess.H8),
]


def svg_image(fen: str, lastmove: str | None, check: int | None, side: int = SIDE) -> QImage:
    """python-chess's own SVG of the position, rasterised: the reference."""
    move = chess.Move.from_uci(lastmove) if lastmove else None
    svg = chess.svg.board(
        chess.Board(fen), lastmove=move, check=check, coordinates=True, colors=BOARD_COLOURS
    )
    image = QImage(side, side, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    QSvgRenderer(QByteArray(svg.encode())).render(painter, QRectF(0, 0, side, side))
    painter.end()
    return image


@pytest.mark.parametrize(("fen", "lastmove", "check"), POSITIONS)
def test_drawn_board_matches_python_chess_svg(qapp, fen, lastmove, check):
    view = PositionView(0, 0, "", fen, lastmove, "", "", check)
    drawn = BoardPainter().pixmap(view, SIDE, 1.0).toImage()
    assert differing_share(drawn, svg_image(fen, lastmove, check), SIDE) < 0.01


def differing_share(drawn: QImage, reference: QImage, side: int) -> float:
    """The share of sampled pixels whose colour differs clearly (anti-aliasing aside)."""
    reference = reference.convertToFormat(drawn.format())
    far = 0
    for y in range(0, side, 2):
        for x in range(0, side, 2):
            a, b = drawn.pixelColor(x, y), reference.pixelColor(x, y)
            if (
                max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue()))
                > 60
            ):
                far += 1
    return far / (side // 2) ** 2


def test_board_on_screen_follows_the_focus_and_repaints_fast(qtbot):
    window = shown_window(
        qtbot, (1600, 1000), source=Source(SUITE, "wac-mates", "WAC.001"), params=SearchParams()
    )
    window.driver.step(ITERATION)
    board = window.board_view.board
    qtbot.waitUntil(lambda: board.view is not None and board.view.fen == window.board_view.fen)
    side = min(board.width(), board.height())
    assert side >= 300
    x = (board.width() - side) // 2
    shown = board.grab().toImage().copy(x, 0, side, side)
    view = board.view
    assert view.lastmove is not None
    reference = svg_image(view.fen, view.lastmove, view.check, side)
    assert differing_share(shown, reference, side) < 0.01
    start = time.perf_counter()
    for _ in range(10):
        board.repaint()
    assert (time.perf_counter() - start) / 10 < 0.010


def test_parts_are_kept_for_the_current_size_only(qapp):
    """A resize drag passes through many sizes: the rasterised parts must not pile up."""
    painter = BoardPainter()
    fen, lastmove, check = POSITIONS[2]
    view = PositionView(0, 0, "", fen, lastmove, "", "", check)
    for side in range(200, 400, 10):
        painter.pixmap(view, side, 1.0)
    kinds = {chess.Board(fen).piece_at(sq).symbol() for sq in chess.Board(fen).piece_map()}
    assert len(painter._parts) == 1 + len(kinds)
    assert {key[1:] for key in painter._parts if key[0] == "board"} == {(390, 1.0)}
