"""Browsing a finished search's proof or refutation tree in a real-size window: choosing another
reply (or try) moves the board and the tree's focus to that node of the engine's tree; the df-pn
certificate of the shortest mate runs beside it, cancellable."""

import chess
import pytest
from PySide6.QtWidgets import QComboBox

from pn_explorer.app import focus
from pn_explorer.app.problems.search_setup import SearchParams
from pn_explorer.app.problems.sources import FEN, SUITE, Source
from pn_explorer.app.result.solution_browser import read_solution
from pn_explorer.app.tree_view.layout import NODE
from pn_explorer.app.window import MainWindow
from pn_explorer.core.games.chess_game import decode_move
from pn_explorer.core.proofs.proof import node_after_moves
from pn_explorer.core.runs.runner import ERROR
from pn_explorer.core.search.types import Result

WAC_001 = Source(SUITE, "wac-mates", "WAC.001")
DRAWN = Source(FEN, "k7/P7/1K6/8/8/8/8/8 w - - 0 1")


@pytest.fixture
def solved(qtbot):
    """A 1600×1000 window whose search ran to its end and whose solution tree has been read."""

    def solve(source):
        window = MainWindow(persist=False, source=source, params=SearchParams())
        qtbot.addWidget(window)
        window.resize(1600, 1000)
        window.show()
        window.driver.run_to_end()
        qtbot.waitUntil(lambda: window.driver.finished_search, timeout=20000)
        window.wait_for_solution()
        qtbot.waitUntil(lambda: window.solution_browser.line is not None, timeout=20000)
        return window

    yield solve


def _choose(box: QComboBox, label: str) -> None:
    """What a user's pick in the list does: select the entry and activate it."""
    index = next(i for i in range(box.count()) if box.itemText(i).split()[0] == label)
    box.setCurrentIndex(index)
    box.activated.emit(index)


def _shown_board(window) -> str:
    return window.board_view.view.fen


def test_the_proof_opens_on_the_verified_line_and_any_reply_can_be_followed(solved, qtbot):
    window = MainWindow(persist=False, source=WAC_001, params=SearchParams())
    qtbot.addWidget(window)
    window.show()
    assert not window.solution_dock.isVisible()
    window = solved(WAC_001)
    browser, search = window.solution_browser, window.driver.search
    record = window.solution
    assert browser.line.moves == record.line_moves
    assert window.solution_dock.isVisible() and browser.width() >= 300
    assert "Proof tree: 70 nodes, 3 plies deep" in browser.summary.text()
    replies = browser.rows[1]
    assert isinstance(replies, QComboBox)
    qtbot.waitUntil(replies.isVisible)
    after_key = chess.Board(record.fen)
    after_key.push_san("Qg6")
    assert replies.count() == after_key.legal_moves.count()
    assert replies.currentText().split()[0] == "Rg8"

    window.result_panel.slider.setValue(2)
    assert window.board_view.heading.text() == "Main line: ply 2 of 3 (move 1)"
    _choose(replies, "fxg6")
    assert window.board_view.heading.text() == "Chosen line of the proof: ply 2 of 3 (move 1)"
    moves = browser.line.moves
    assert [decode_move(code).uci() for code in moves] == ["g3g6", "f7g6", "e5g6"]
    expected = after_key.copy()
    expected.push_san("fxg6")
    assert _shown_board(window) == expected.fen()
    node = node_after_moves(search.tree, moves[:2])
    assert search.tree.moves_to(node) == moves[:2]
    assert window.tree_view.focused == (focus.FIRST_LEVEL, node)
    assert [row.text() for row in browser.rows[::2]] == ["Qg6", "Nxg6#"]

    browser.rows[2].click()
    expected.push_san("Nxg6#")
    assert _shown_board(window) == expected.fen() and expected.is_checkmate()
    assert window.result_panel.slider.value() == 3
    assert window.tree_view.focused == (focus.FIRST_LEVEL, node_after_moves(search.tree, moves))
    qtbot.waitUntil(lambda: "shortest" in browser.shortest.text(), timeout=60000)
    assert "mate in 2 is the shortest" in browser.shortest.text()


def test_the_refutation_tree_offers_every_try_with_the_reply_that_holds(solved):
    window = solved(DRAWN)
    assert window.driver.outcome.result is Result.DISPROVED
    browser = window.solution_browser
    tries = browser.rows[0]
    board = chess.Board(DRAWN.text)
    assert isinstance(tries, QComboBox) and tries.count() == board.legal_moves.count()
    assert "Refutation tree" in browser.summary.text()
    assert browser.shortest.text() == ""

    _choose(tries, "Kc6")
    assert [row.text() for row in browser.rows[1:]] == ["Kxa7"]
    heading = window.board_view.heading.text()
    assert heading.startswith("Chosen line of the refutation: ply 1 of ")
    board.push_san("Kc6")
    assert _shown_board(window) == board.fen()
    browser.rows[1].click()
    board.push_san("Kxa7")
    assert _shown_board(window) == board.fen()
    tree = window.driver.search.tree
    node = window.tree_view.focused[1]
    assert tree.disproof[node] == 0 and tree.moves_to(node) == browser.line.moves

    _choose(browser.rows[0], "Ka6")
    assert len(browser.rows) == 1
    board = chess.Board(DRAWN.text)
    board.push_san("Ka6")
    assert _shown_board(window) == board.fen() and board.is_stalemate()


def test_on_a_disproof_the_browsers_first_line_is_the_tree_views_red_line(solved):
    """One rule: the try whose refutation lasts longest, with the reply that holds."""
    window = solved(DRAWN)
    tree = window.driver.search.tree
    view = window.tree_view
    view.refresh()
    drawn = [
        item.node
        for item in view.displayed_nodes()
        if item.kind == NODE and item.level == 1 and item.in_solution
    ]
    line = window.solution_browser.line.moves
    expected = [node_after_moves(tree, line[:ply]) for ply in range(len(line) + 1)]
    assert sorted(drawn) == sorted(expected) and len(expected) >= 2
    assert all(tree.disproof[node] == 0 for node in drawn)


def test_a_longer_mate_than_needed_is_named_and_the_check_can_be_cancelled(solved, qtbot):
    window = solved(WAC_001)
    browser = window.solution_browser
    qtbot.waitUntil(lambda: not browser.check.busy, timeout=60000)
    browser.check.start(window.solution.fen, 4)
    qtbot.waitUntil(lambda: not browser.check.busy, timeout=60000)
    text = browser.shortest.text()
    assert "Mate in 4 found; a mate in 2 exists (df-pn, verified):</b> Qg6 " in text
    assert "Certified shortest: no mate in 1 or fewer: disproved, " in text
    board = chess.Board(window.solution.fen)
    for san in text.split("</b> ")[1].split(". PN")[0].split():
        board.push_san(san)
    assert board.is_checkmate()

    browser.check.seconds = 600
    browser.check.start(window.solution.fen, 40)
    (process,) = browser.check.jobs.processes()
    browser.cancel_button.show()
    browser.cancel_button.click()
    assert not browser.check.busy and not process.is_alive()
    assert "cancelled" in browser.shortest.text()


def test_a_rejected_proof_is_not_browsed(solved, qtbot):
    window = solved(WAC_001)
    record = window.solution
    record.result, record.verified = ERROR, False
    record.verification_error = "after g3g6: planted"
    assert read_solution(window.driver.search, record) is None
    browser = window.solution_browser
    browser.show_solution(window.driver.search, record)
    browser.wait()
    qtbot.waitUntil(lambda: "failed verification" in browser.summary.text(), timeout=10000)
    assert browser.line is None and browser.rows == [] and not browser.check.busy
