"""Board games in the window: the m,n,k picture (pure description and drawing), OpenSpiel's text
view, the New game dialog, the command line's --game/--id, and tic-tac-toe and Connect-Four 4×4
run to the end with the tree, narration, explain panel, replay, quiz and exports working on them
as on chess."""

from __future__ import annotations

import json
import multiprocessing
import xml.etree.ElementTree as ElementTree

import pytest
from PySide6.QtCore import QPointF, Qt

from pn_explorer.app.board.describe import MnkPosition, describe_mnk, describe_position
from pn_explorer.app.board.game_pictures import MnkBoard, TextBoard
from pn_explorer.app.board.pictures import picture_widget
from pn_explorer.app.compare.panel import compared
from pn_explorer.app.main import main as app_main
from pn_explorer.app.menus.new_game import NewGameDialog, game_spec
from pn_explorer.app.problems.search_setup import SearchParams
from pn_explorer.app.problems.sources import GAME, Source
from pn_explorer.app.tree_view.layout import NODE
from pn_explorer.app.window import MainWindow
from pn_explorer.core.errors import PnExplorerError
from pn_explorer.core.games.game_specs import parse_game_spec
from pn_explorer.core.games.mnk import MnkGame, MnkReferee
from pn_explorer.core.runs.comparison import algorithm_factory
from pn_explorer.core.runs.runner import WorkItem, run_item
from pn_explorer.core.search.defaults import DAGPN, PN
from pn_explorer.core.search.types import ITERATION, PHASE, Limits
from pn_explorer.core.tree import ROOT
from tests.app.windows import shown_window

TIC_TAC_TOE = "tic-tac-toe(goal=draw)"
CONNECT_FOUR = "connect-four(columns=4,rows=4,goal=draw)"


def cells(rules, names: str) -> list[int]:
    return [rules.cell(ord(name[0]) - ord("a"), int(name[1:]) - 1) for name in names.split()]


def test_an_mnk_position_is_described_as_rows_with_its_last_stone_and_read_back():
    spec = parse_game_spec("connect-four(columns=4,rows=4,moves=b1.b2)")
    game = spec.game()
    assert isinstance(game, MnkGame)
    position, last, mark = describe_mnk(game, cells(game.rules, "c1"))
    assert (position, last, mark) == ("..../..../.O../.XX. k=4 gravity=1", "c1", None)
    drawn = MnkPosition.parse(position)
    assert drawn.text() == position and drawn.gravity and drawn.k == 4
    assert drawn.stone(1, 1) == "O" and drawn.stone(2, 0) == "X" and drawn.stone(3, 0) == "."
    assert drawn.open_columns() == [0, 1, 2, 3] and drawn.line_made() == []
    assert describe_mnk(game, [])[1] == "b2"  # the start position's last stone
    won = MnkGame(parse_game_spec("tic-tac-toe").rules)
    moves = cells(won.rules, "a1 b1 b2 c1 c3")
    drawn = MnkPosition.parse(describe_mnk(won, moves)[0])
    assert sorted(drawn.line_made()) == [(0, 0), (1, 1), (2, 2)]


def test_each_board_game_kind_has_its_picture(qtbot):
    assert isinstance(picture_widget("mnk"), MnkBoard)
    assert isinstance(picture_widget("openspiel"), TextBoard)
    game = parse_game_spec("openspiel:tic_tac_toe").game()
    position, last, _ = describe_position(game, [4])
    assert position is not None and last == "x(1,1)"
    assert position.splitlines()[1] == ".x."


def test_a_click_on_a_gravity_board_drops_into_the_column(qtbot):
    board = MnkBoard(clickable=True)
    qtbot.addWidget(board)
    board.resize(400, 400)
    board.show()
    board.show_board(MnkPosition(("....", "....", ".O..", ".X.."), 4, True), "b2")
    clicked = []
    board.move_chosen.connect(clicked.append)
    top_of_b = board._cell_rect(1, 3).center().toPoint()
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=top_of_b)
    assert clicked == ["b3"]
    assert board.cell_at(QPointF(1, 1)) is None


def test_the_dialog_writes_the_command_line_s_spec_and_sets_up_by_clicks(qtbot):
    assert game_spec("tic-tac-toe", {"m": 3, "n": 3, "k": 3}, "X wins", "") == "tic-tac-toe"
    assert (
        game_spec("connect-four", {"columns": 4, "rows": 4, "k": 4}, "O at least draws", "b1, c1")
        == "connect-four(columns=4,rows=4,goal=draw,player=o,moves=b1.c1)"
    )
    assert game_spec("openspiel", {"game": "hex(board_size=3)"}, "player 1 wins", "4") == (
        "openspiel:hex(board_size=3,moves=4)"
    )
    assert game_spec("openspiel", {"game": "hex"}, "player 2 at least draws", "a1 b2") == (
        "openspiel:hex(goal=draw,player=o,moves=a1.b2)"
    )
    with pytest.raises(PnExplorerError, match="is not an OpenSpiel game"):
        parse_game_spec(game_spec("openspiel", {"game": "hex(board_size=3"}, "player 1 wins", ""))
    opened: list[str] = []
    dialog = NewGameDialog(lambda spec: opened.append(spec) or True, CONNECT_FOUR)
    qtbot.addWidget(dialog)
    assert dialog.spec_text() == CONNECT_FOUR
    dialog.board.move_chosen.emit("c1")
    dialog.board.move_chosen.emit("c2")
    dialog.board.move_chosen.emit("c2")  # taken: refused in words, the list kept
    assert dialog.moves.text() == "c1 c2" and "not a legal move" in dialog.problem.text()
    dialog.take_back.click()
    assert dialog.moves.text() == "c1"
    dialog.accept()
    assert opened == ["connect-four(columns=4,rows=4,goal=draw,moves=c1)"]


@pytest.mark.parametrize(
    ("width", "height", "k", "moves", "words"),
    [(3, 3, 9, "", "cannot fit"), (1, 1, 1, "", "two cells"), (3, 3, 3, "b2 b2", "not a legal")],
)
def test_bad_input_in_the_dialog_is_a_dialog_and_the_window_goes_on(
    qtbot, dialogs, width, height, k, moves, words
):
    window = MainWindow(persist=False, source=Source(GAME, TIC_TAC_TOE), params=SearchParams())
    qtbot.addWidget(window)
    window.opener.new_game_dialog()
    dialog = window.opener.new_game
    dialog.game.setCurrentIndex(dialog.game.findData("mnk"))
    dialog.boxes["m"].setValue(width)
    dialog.boxes["n"].setValue(height)
    dialog.boxes["k"].setValue(k)
    dialog.moves.setText(moves)
    dialog.accept()
    assert len(dialogs) == 1 and words in dialogs[0][1] and "\n" not in dialogs[0][1]
    assert dialog.isVisible() and window.problem.source == Source(GAME, TIC_TAC_TOE)
    window.controls.step_iteration()
    assert window.driver.search.iterations == 1


def test_the_window_s_command_line_says_id_for_a_pgn_game_and_game_for_a_board_game(
    capsys, tmp_path
):
    with pytest.raises(SystemExit) as raised:
        app_main(["--game", "3"])
    assert raised.value.code == 2 and "--pgn FILE --id 3" in capsys.readouterr().err
    shot = tmp_path / "c4.png"
    assert app_main(["--game", CONNECT_FOUR, "--steps", "2", "--screenshot", str(shot)]) == 0
    assert shot.stat().st_size > 0
    assert app_main(["--game", "mnk(k=9)", "--screenshot", str(shot)]) == 2
    assert capsys.readouterr().err == (
        "pn-explorer: error: k = 9 cannot fit on a 3×3 board: no line is that long\n"
    )
    with pytest.raises(SystemExit) as raised:
        app_main(["--game", "tic-tac-toe", "--tree", "small-proof"])
    assert raised.value.code == 2 and "either --game" in capsys.readouterr().err


def _window(qtbot, spec: str, algo: str) -> MainWindow:
    window = shown_window(qtbot, (1280, 800), source=Source(GAME, spec), params=SearchParams(algo))
    return window


@pytest.mark.parametrize(("spec", "algo"), [(TIC_TAC_TOE, PN), (CONNECT_FOUR, DAGPN)])
def test_a_board_game_runs_to_its_verified_end_as_chess_does(qtbot, tmp_path, spec, algo):
    window = _window(qtbot, spec, algo)
    rules = parse_game_spec(spec).rules
    assert rules is not None
    board = window.board_view
    assert isinstance(board.stack.currentWidget(), MnkBoard)
    window.driver.step(PHASE)
    window.driver.step(PHASE)
    names = {rules.name(cell) for cell in MnkGame(rules).legal_moves()}
    assert any(name in window.narration.text() for name in names)
    labels = {item.label for item in window.tree_view.displayed_nodes() if item.kind == NODE}
    assert labels - {""} and labels - {""} <= names
    window.driver.step(ITERATION)
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.solution is not None, timeout=120_000)
    solution = window.solution
    assert solution.verified and window.result_panel.headline_text == "X can at least draw: proved"
    assert window.narration.text() == "The root is proved: X can at least draw."
    referee = MnkReferee(rules)
    for move in solution.line_moves:
        assert move in referee.legal()
        referee.play(move)
    assert referee.goal_reached() is True
    window.result_panel.last.click()
    shown = MnkPosition.parse(board.view.position)
    assert board.view.lastmove == solution.main_line[-1]
    assert shown.rows == tuple(
        "".join(
            "X" if referee.grid[row][c] == 0 else "O" if referee.grid[row][c] == 1 else "."
            for c in range(rules.width)
        )
        for row in reversed(range(rules.height))
    )
    graph_path = tmp_path / "tree.graphml"
    window.exporter.graphml(str(graph_path))
    window.exporter.wait()
    qtbot.waitUntil(lambda: "GraphML" in window.statusBar().currentMessage(), timeout=20_000)
    text = graph_path.read_text(encoding="utf-8")
    ElementTree.fromstring(text)
    assert f">{solution.main_line[0]}<" in text
    moves_path = tmp_path / "proof.json"
    window.exporter.moves(str(moves_path))
    window.exporter.wait()
    qtbot.waitUntil(lambda: "move tree" in window.statusBar().currentMessage(), timeout=20_000)
    exported = json.loads(moves_path.read_text(encoding="utf-8"))
    assert exported["meaning"] == "X can at least draw" and exported["verified"]
    assert exported["moves"][0]["move"] == solution.main_line[0]
    window.timeline.go_to(1)
    qtbot.waitUntil(lambda: window.timeline.replay.iterations == 1, timeout=20_000)
    assert len(window.driver.search.drawn_tree) == 1 + len(MnkGame(rules).legal_moves())
    assert MnkPosition.parse(board.view.position).rows != shown.rows


def test_why_not_found_and_the_quiz_work_on_a_board_game(qtbot):
    window = _window(qtbot, "connect-four(columns=4,rows=4)", PN)
    for _ in range(30):
        window.driver.step(ITERATION)
    window.explain.explain_now()
    qtbot.waitUntil(lambda: window.explain.panel.explanation is not None, timeout=60_000)
    rows = window.explain.panel.explanation.effort
    rules = parse_game_spec("connect-four(columns=4,rows=4)").rules
    names = {rules.name(cell) for cell in MnkGame(rules).legal_moves()}
    tree = window.driver.search.tree
    assert rows and {rules.name(tree.move[row.node]) for row in rows} <= names
    window.quiz_mode.action.trigger()
    qtbot.waitUntil(lambda: window.quiz_mode.quiz.question is not None, timeout=20_000)
    assert window.board_view.view.node == ROOT


def test_a_click_on_the_window_s_board_starts_a_new_game_from_the_position_shown(qtbot):
    window = _window(qtbot, CONNECT_FOUR, PN)
    for _ in range(3):
        window.driver.step(ITERATION)
    shown = window.board_view.view
    rules = parse_game_spec(CONNECT_FOUR).rules
    line = [rules.name(move) for move in shown.moves]
    assert line and shown.position == describe_mnk(window.driver.search.game, shown.moves)[0]
    picture = window.board_view.stack.currentWidget()
    open_column = MnkPosition.parse(shown.position).open_columns()[0]
    qtbot.mouseClick(
        picture,
        Qt.MouseButton.LeftButton,
        pos=picture._cell_rect(open_column, 3).center().toPoint(),
    )
    dialog = window.opener.new_game
    assert dialog.isVisible() and dialog.moves.text().split()[:-1] == line
    dialog.goal.setCurrentText("O wins")
    dialog.accept()
    assert window.problem.source.text == dialog.spec_text()
    assert window.problem.source.text.startswith("connect-four(columns=4,rows=4,player=o,moves=")
    assert len(window.driver.search.game.start) == len(line) + 1


def test_the_compare_dock_runs_every_search_that_fits_a_board_game(qtbot):
    window = _window(qtbot, "tic-tac-toe", PN)
    panel = window.compare_panel
    assert panel.compare_button.isEnabled()
    window.compare_action.trigger()
    window.compare()
    try:
        qtbot.waitUntil(lambda: not panel.busy, timeout=120_000)
        ran = {item.algorithm for item in panel._items}
        for name in compared():
            if name in ran:
                assert panel.result_text(name) == "disproved: X cannot force a win"
            else:
                assert panel.result_text(name) == "does not run here"
        assert {PN, DAGPN} <= ran
        headless = run_item(
            WorkItem(
                "",
                "",
                DAGPN,
                algorithm_factory(DAGPN),
                Limits(),
                source=Source(GAME, "tic-tac-toe"),
            )
        )
        assert panel.runs[DAGPN].record.nodes_created == headless.nodes_created
    finally:
        panel.cancel()
        window.close()
    qtbot.waitUntil(lambda: not multiprocessing.active_children(), timeout=10_000)
