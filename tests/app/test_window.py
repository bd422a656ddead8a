"""The PN Explorer window, offscreen: what it shows equals the engine's state after every step."""

import uuid

import chess
import pytest
from PySide6.QtCore import QSettings, Qt

from pn_explorer.app import focus
from pn_explorer.app.controls import STEP_KEYS
from pn_explorer.app.driving.driver import FULL_SPEED
from pn_explorer.app.problems.search_setup import PN, PN2, SearchParams
from pn_explorer.app.problems.settings import Settings
from pn_explorer.app.problems.sources import FEN, SUITE, TREE, TREE_FILES, Source
from pn_explorer.app.progress.memory_gauge import memory_state
from pn_explorer.app.result.panel import MATE, TREE_PROOF, UNSOLVED
from pn_explorer.app.window import MainWindow
from pn_explorer.core.engines import uci
from pn_explorer.core.search.registry import entries
from pn_explorer.core.search.types import ITERATION, Result, StopReason
from pn_explorer.core.tree import ROOT

WAC_001 = Source(SUITE, "wac-mates", "WAC.001")
FIGURE = Source(TREE, TREE_FILES["figure-3-1"])
SMALL_PROOF = Source(TREE, TREE_FILES["small-proof"])
WAC_014 = Source(SUITE, "paper-figures", "WAC.014")
SMALL_PN2 = SearchParams(PN2, 5000, a=300.0, b=100.0)


@pytest.fixture
def settings(tmp_path):
    """Settings in a temporary folder under an organisation name of this test alone."""
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path))
    return Settings(organisation=f"pn-explorer-test-{uuid.uuid4().hex}")


def make_window(qtbot, source=WAC_001, params=None, settings=None):
    window = MainWindow(
        settings=settings,
        persist=settings is not None,
        source=source,
        params=params or SearchParams(),
    )
    qtbot.addWidget(window)
    window.resize(1200, 800)
    window.show()
    return window


def wait_idle(qtbot, window):
    qtbot.waitUntil(lambda: not window.driver.busy, timeout=20000)


def assert_views_match_engine(window):
    """Board, gauge and status equal the engine's state now."""
    search = window.driver.search
    window.refresh_views()
    state = window.gauge.state
    assert state == memory_state(search)
    inner = search.second_level
    second = len(inner.tree) if inner is not None else 0
    assert state.total == search.nodes_in_memory == len(search.tree) + second
    assert (state.first_level, state.second_level) == (len(search.tree), second)
    assert state.cap == search.limits.max_nodes
    assert state.peak == search.peak_nodes_in_memory >= search.nodes_in_memory
    level, node = focus.most_proving_node(search)
    view = window.board_view.view
    assert (view.level, view.node) == (level, node)
    moves = focus.moves_to(search, level, node)
    if inner is None or not len(inner.tree):
        path = search.tree.most_proving_path()  # empty once the root is solved
        assert (level, node) == (focus.FIRST_LEVEL, path[-1] if path else ROOT)
        assert moves == search.tree.moves_to(node)
    else:
        assert (level, node) == (focus.SECOND_LEVEL, inner.tree.most_proving_path()[-1])
        anchor = search.second_level_root
        assert moves == search.tree.moves_to(anchor) + inner.tree.moves_to(node)
    if window.problem.game.capabilities.has_board:
        assert window.board_view.fen == search.game.board_after(moves).fen()
    else:
        names = [search.game.tree.nodes[0].name] + [search.game.node_name(m) for m in moves]
        assert view.line == " → ".join(names)
    assert f"Iteration {search.iterations:,}" in window.status.text()
    assert f"{search.nodes_in_memory:,} in memory" in window.status.text()


def test_stepping_a_position_phase_by_phase(qtbot, dialogs):
    window = make_window(qtbot)
    reports = []
    window.driver.stepped.connect(reports.append)
    for _ in range(12):
        window.controls.step_phase()
        assert_views_match_engine(window)
        if reports[-1].path:
            # right after a select the board shows the node the search selected
            selected = window.driver.search.tree.moves_to(reports[-1].path[-1])
            assert window.board_view.fen == window.driver.search.game.board_after(selected).fen()
    assert window.driver.search.iterations == 4
    assert len(reports) == 12 and not dialogs


def test_stepping_figure_3_1(qtbot):
    window = make_window(qtbot, FIGURE)
    assert window.title.text().startswith("Figure 3.1")
    assert window.board_view.view.line == "A → C → G → L"
    assert window.driver.search.root_numbers == (1, 3)
    window.controls.step_phase()
    assert_views_match_engine(window)
    window.controls.step_phase()
    assert window.driver.outcome.reason is StopReason.FRONTIER
    assert window.result_panel.kind == UNSOLVED
    assert not window.controls.iteration_action.isEnabled()


def test_small_tree_proof_in_node_names(qtbot):
    window = make_window(qtbot, SMALL_PROOF)
    for _ in range(40):
        window.controls.step_iteration()
        assert_views_match_engine(window)
        if window.driver.finished_search:
            break
    assert window.driver.outcome.result is Result.PROVED
    window.wait_for_solution()
    qtbot.waitUntil(lambda: window.solution is not None, timeout=10000)
    assert window.result_panel.kind == TREE_PROOF
    assert window.solution.verified and window.solution.proof_size > 0
    assert window.result_panel.body.text().startswith("A → ")


def test_pn2_second_level_appears_and_goes(qtbot):
    window = make_window(qtbot, WAC_014, SMALL_PN2)
    for _ in range(24):
        window.controls.step_iteration()
        wait_idle(qtbot, window)
        assert_views_match_engine(window)
    search = window.driver.search
    assert search.second_level is None
    window.controls.step_into()  # first-level select
    window.controls.step_into()  # the second level starts
    assert search.second_level is not None
    for _ in range(6):
        window.controls.step_into()
        assert search.second_level is not None
        assert_views_match_engine(window)
        assert window.board_view.view.level == focus.SECOND_LEVEL
        assert window.gauge.state.second_level == len(search.second_level.tree) > 1
    window.controls.step_over()
    wait_idle(qtbot, window)
    assert search.second_level is None
    assert_views_match_engine(window)
    assert window.gauge.state.second_level == 0
    assert window.board_view.view.level == focus.FIRST_LEVEL


def test_bad_input_shows_a_dialog_and_keeps_the_search(qtbot, dialogs, tmp_path):
    window = make_window(qtbot)
    window.controls.step_iteration()
    search = window.driver.search
    assert not window.open_source(Source(FEN, "rnbqkbnr/pppppppp/8/8 w KQkq"))
    broken = tmp_path / "broken.json"
    broken.write_text('{"nodes": [], "edges": []}')
    assert not window.opener.open_path(str(broken))
    assert not window.opener.open_path(str(tmp_path / "missing.epd"))
    assert not window.open_source(WAC_001, SearchParams(PN, 0))
    assert not window.open_source(WAC_014, SearchParams(PN2, 5000, a=-5.0))
    assert len(dialogs) == 5
    assert window.driver.search is search and search.iterations == 1
    window.controls.step_iteration()
    assert search.iterations == 2
    assert_views_match_engine(window)


def test_run_pause_and_reset_stay_consistent(qtbot):
    window = make_window(qtbot, WAC_014)
    window.controls.set_speed(FULL_SPEED)
    window.controls.toggle_run()
    assert window.driver.running
    qtbot.waitUntil(lambda: window.driver.search.iterations > 50, timeout=20000)
    window.controls.toggle_run()
    assert not window.driver.running
    assert window.controls.run_action.text() == "Run"
    assert_views_match_engine(window)
    window.controls.step_phase()
    assert_views_match_engine(window)
    window.session.reset()
    search = window.driver.search
    assert search.iterations == 0 and len(search.tree) == 1
    assert window.result_panel.kind is None
    assert_views_match_engine(window)


def test_slow_motion_steps_phase_by_phase(qtbot):
    window = make_window(qtbot)
    window.controls.set_speed(30)
    reports = []
    window.driver.stepped.connect(reports.append)
    window.controls.set_speed(10)
    window.controls.toggle_run()
    qtbot.waitUntil(lambda: len(reports) >= 4, timeout=10000)
    window.driver.pause()
    assert all(len(report.phases) == 1 for report in reports)
    assert_views_match_engine(window)


def test_run_to_the_end_shows_the_verified_mate(qtbot):
    window = make_window(qtbot)
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.driver.finished_search, timeout=30000)
    qtbot.waitUntil(lambda: window.solution is not None, timeout=30000)
    result = window.solution
    assert window.result_panel.kind == MATE and "mate in 2" in window.result_panel.headline_text
    assert result.verified and result.mate_in == 2
    assert result.main_line[0] == "Qg6"
    window.result_panel.slider.setValue(1)
    board = chess.Board(window.driver.search.game.root_board.fen())
    board.push_san("Qg6")
    assert window.board_view.fen == board.fen()
    assert window.board_view.view.lastmove == board.peek().uci()


def test_memory_cap_is_said_plainly(qtbot):
    window = make_window(qtbot, WAC_014, SearchParams(PN, 400))
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.driver.finished_search, timeout=20000)
    assert window.driver.outcome.reason is StopReason.MEMORY
    assert window.banner.isVisible() and "node cap" in window.banner.text()
    assert window.gauge.state.total <= 400


def test_settings_persist(qtbot, settings):
    window = make_window(qtbot, None, None, settings)
    assert window.problem.source == WAC_001
    assert window.open_source(WAC_014, SearchParams(PN2, 20_000, a=1000.0, b=300.0))
    window.controls.set_speed(10)
    window.compare_dock.toggleViewAction().trigger()  # the user's choice: it comes back
    window.docks.offer(window.solution_dock, 300)  # a feature's: it does not
    window.compare_panel.seconds.setValue(17)
    window.close()
    again = MainWindow(settings=settings)
    qtbot.addWidget(again)
    assert again.problem.source == WAC_014
    assert again.params == SearchParams(PN2, 20_000, a=1000.0, b=300.0)
    assert again.driver.speed == 10
    assert again.compare_panel.seconds.value() == 17
    assert not again.compare_dock.isHidden() and again.solution_dock.isHidden()


def test_keyboard_shortcuts_drive_the_search(qtbot):
    window = make_window(qtbot)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)
    qtbot.keyClick(window.tree_view, Qt.Key.Key_Space)
    assert window.driver.search.next_phase.value == "expand"
    qtbot.keyClick(window.tree_view, Qt.Key.Key_Return)
    assert window.driver.search.iterations == 1
    qtbot.keyClick(window.tree_view, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert window.driver.search.iterations == 0


def test_a_decided_root_and_a_tree_with_pn2(qtbot, dialogs):
    """Pn² runs on a tree file as asked; a figure's snapshot, which only PN continues, refuses
    it in words and the search on screen stays."""
    window = make_window(qtbot, Source(FEN, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"))
    qtbot.waitUntil(lambda: window.solution is not None, timeout=10000)
    assert window.driver.outcome.result is Result.DISPROVED
    assert window.result_panel.headline_text.startswith("Disproved")
    assert window.open_source(SMALL_PROOF, SearchParams(PN2, 1000))
    assert "Pn² search · node cap 1,000" in window.title.text()
    assert window.driver.search.algorithm == PN2 and window.controls.into_action.isEnabled()
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.solution is not None, timeout=10000)
    assert window.driver.outcome.result is Result.PROVED
    assert not window.open_source(FIGURE, SearchParams(PN2, 1000))
    assert len(dialogs) == 1 and "opens as PN search, not as Pn² search" in dialogs[0][1]
    assert window.driver.search.algorithm == PN2


def test_a_proof_the_verifier_rejects_is_an_error_not_a_mate(qtbot, monkeypatch):
    import pn_explorer.app.result.panel as result_panel
    from pn_explorer.core.errors import VerificationError
    from pn_explorer.core.games.chess_kind import ChessKind

    def reject(kind, game, proof):
        raise VerificationError("replay found a legal escape")

    monkeypatch.setattr(ChessKind, "verify", reject)
    window = make_window(qtbot)
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.solution is not None, timeout=30000)
    assert window.result_panel.kind == result_panel.ERROR
    assert window.solution.verified is False and window.solution.mate_in is None
    assert "mate" not in window.result_panel.headline.text().replace("no mate", "")
    assert "legal escape" in window.result_panel.body.text()


def test_pointing_at_a_tree_node_shows_it_until_the_next_step(qtbot, dialogs):
    window = make_window(qtbot)
    window.controls.step_iteration()
    search = window.driver.search
    node = search.tree.children(0)[3]
    window.tree_view.node_focused.emit(focus.FIRST_LEVEL, node)
    assert (window.board_view.view.level, window.board_view.view.node) == (1, node)
    assert window.board_view.fen == search.game.board_after(search.tree.moves_to(node)).fen()
    window.pointing.unpin()
    assert_views_match_engine(window)
    window.tree_view.node_focused.emit(focus.FIRST_LEVEL, node)
    window.controls.step_phase()
    assert_views_match_engine(window)
    window.help.show_shortcuts()
    assert "F10" in dialogs[-1][1] and "Space" in dialogs[-1][1]


def test_the_window_has_the_apps_icon(qtbot):
    window = make_window(qtbot)
    assert not window.windowIcon().isNull()
    assert window.windowTitle().startswith("PN Explorer — WAC.001")


def test_no_engine_installed_is_one_line_and_nothing_else_changes(qtbot, tmp_path, monkeypatch):
    """The engine cross-check under the board with no engine: one line, and the window solves as
    ever."""
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(uci, "DEBIAN_GAMES", str(tmp_path))
    window = make_window(qtbot)
    window.resize(1600, 1000)
    panel = window.engine_panel
    assert panel.engine_line.text().startswith("No UCI engine: no UCI engine 'stockfish' found")
    assert panel.engine_line.isVisible() and "\n" not in panel.engine_line.text()
    assert not panel.ask_button.isEnabled() and not panel.cancel_button.isEnabled()
    assert panel.choose_button.isEnabled()
    assert panel.theirs_line.text() == ""
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.solution is not None, timeout=30000)
    assert window.result_panel.headline_text.startswith("Proved: mate in 2")


@pytest.mark.parametrize("name", [search.name for search in entries(steppable=True)])
def test_the_step_buttons_are_named_from_each_registered_searchs_step_units(qtbot, name):
    """Every steppable search in the registry names the buttons it steps with from its own
    `step_units` (text, tooltip, enabled); a button no unit of it stands for stays, disabled."""
    window = make_window(qtbot, params=SearchParams(name, 20_000))
    search = window.driver.search
    assert search.algorithm == name
    controls = window.controls
    named = {controls.buttons[STEP_KEYS[unit.name]]: unit for unit in search.step_units}
    assert named, f"{name} offers no step"
    for action in controls.buttons.values():
        unit = named.get(action)
        if unit is None:
            assert not action.isEnabled() and "not a step of this search" in action.toolTip()
            continue
        assert action.isEnabled() and action.text() == unit.text
        assert action.toolTip().startswith(unit.tip)
    iterations = search.iterations
    named_iteration = [a for a, unit in named.items() if unit.name == ITERATION]
    for action in named_iteration:
        action.trigger()
        qtbot.waitUntil(lambda: not window.driver.busy, timeout=20_000)
    assert search.iterations == iterations + len(named_iteration)
    assert f"Iteration {search.iterations:,}" in window.status.text()
