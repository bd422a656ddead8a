"""Ctrl+L and the refutation, on screen in a real-size window: the FEN dialog is wide and holds
the board's position, a bad FEN is named in words, a bad file by its name, and a clicked
refutation line moves the board and the tree to the engine's node."""

import chess
import pytest
from PySide6.QtCore import Qt

from pn_explorer.app.problems.search_setup import SearchParams
from pn_explorer.app.problems.sources import FEN, SUITE, Source
from pn_explorer.core.games.chess_game import decode_move
from pn_explorer.core.proofs.proof import refutation_nodes
from pn_explorer.core.search.types import Result
from tests.app.windows import shown_window

WAC_001 = Source(SUITE, "wac-mates", "WAC.001")
FIFTY_MOVES = Source(FEN, "7k/8/8/8/8/8/R7/K7 w - - 98 80")
"""Every white move is answered by a king move that completes fifty moves: disproved, a
refutation of 15 lines, in 55 nodes."""


def make_window(qtbot, source=WAC_001):
    window = shown_window(qtbot, (1600, 1000), source=source, params=SearchParams())
    return window


def engine_fen(search, node: int) -> str:
    """The position at a node of the engine's tree, replayed from the root with python-chess."""
    board = search.game.root_board.copy()
    for code in search.tree.moves_to(node):
        board.push(decode_move(code))
    return board.fen()


def test_the_fen_dialog_is_wide_and_holds_the_boards_position(qtbot):
    window = make_window(qtbot)
    window.controls.step_iteration()
    qtbot.waitUntil(lambda: not window.driver.busy)
    window.opener.open_fen_dialog()
    dialog = window.opener.fen_dialog
    qtbot.waitExposed(dialog)
    assert dialog.isVisible() and dialog.width() >= 600 and dialog.edit.width() >= 600
    assert dialog.edit.text() == window.board_view.fen
    search = window.driver.search
    assert window.board_view.fen == engine_fen(search, search.tree.most_proving_path()[-1])
    whole = dialog.edit.fontMetrics().horizontalAdvance(dialog.edit.text())
    assert whole < dialog.edit.contentsRect().width()


def test_a_bad_fen_is_named_in_words_and_the_dialog_stays(qtbot, dialogs):
    window = make_window(qtbot)
    search = window.driver.search
    window.opener.open_fen_dialog()
    bad = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"
    window.opener.fen_dialog.edit.setText(bad)
    window.opener.fen_dialog.accept()
    assert len(dialogs) == 1
    text = dialogs[0][1]
    assert "the board field has 7 ranks" in text and bad not in text
    assert window.opener.fen_dialog.isVisible() and window.opener.fen_dialog.edit.text() == bad
    assert window.driver.search is search
    good = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
    window.opener.fen_dialog.edit.setText(good)
    window.opener.fen_dialog.accept()
    assert not window.opener.fen_dialog.isVisible()
    assert window.driver.search.game.root_board.fen() == good
    assert window.board_view.fen == good


def test_a_bad_file_is_named(qtbot, dialogs, tmp_path):
    window = make_window(qtbot)
    path = tmp_path / "broken-suite.epd"
    path.write_text('8/8/8/8/8/8/8/7k w - - id "no white king";\n')
    assert not window.opener.open_path(str(path))
    assert dialogs[0][1].startswith("broken-suite.epd line 1: ")
    assert "White has no king" in dialogs[0][1]


def click_line(qtbot, label, index: int) -> None:
    """Click the middle of the `index`th line of a rich-text label."""
    spacing = label.fontMetrics().lineSpacing()
    rect = label.contentsRect()
    point = rect.topLeft()
    point.setX(point.x() + 12)
    point.setY(point.y() + round(spacing * (index + 0.5)))
    qtbot.mouseClick(label, Qt.MouseButton.LeftButton, pos=point)


@pytest.mark.parametrize("index", [0, 6, 14])
def test_clicking_a_refutation_line_moves_the_board_and_the_tree(qtbot, index):
    window = make_window(qtbot, FIFTY_MOVES)
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.solution is not None, timeout=20000)
    search = window.driver.search
    assert search.outcome.result is Result.DISPROVED
    lines = refutation_nodes(search.tree)
    body = window.result_panel.body
    assert body.isVisible() and body.text().count("<a href=") == len(lines) == 15
    certificate = body.text().split("<br>")[-1]
    assert certificate.startswith("No forced mate: disproved, 55 nodes, certificate checked")
    click_line(qtbot, body, index)
    child, reply = lines[index]
    assert window.board_view.fen == engine_fen(search, reply)
    assert window.tree_view.focused == (1, reply)
    move = window.driver.search.game.root_board.san(decode_move(search.tree.move[child]))
    shown_line = window.result_panel.body.text().split("<br>")[index]
    assert move in shown_line
    assert window.board_view.view.lastmove == decode_move(search.tree.move[reply]).uci()
    board = chess.Board(window.board_view.fen)
    assert board.halfmove_clock == 100
