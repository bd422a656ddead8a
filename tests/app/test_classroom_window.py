"""The window in front of a class: docks that make room instead of taking it, projector mode,
Follow that is never switched off silently, keys that only step, and lessons titled by their
names. Each test reads what is on screen and checks it against the search's own state."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QPoint, QRectF, QSettings, Qt
from PySide6.QtWidgets import QApplication, QDockWidget, QFileDialog, QToolButton

from pn_explorer.app.docks import OFFERED_TREE_WIDTH
from pn_explorer.app.problems.classroom import CLASSROOM_PN2, LESSONS
from pn_explorer.app.problems.search_setup import SearchParams
from pn_explorer.app.problems.settings import Settings
from pn_explorer.app.problems.sources import GAME, SUITE, TREE, TREE_FILES, Source
from pn_explorer.app.progress.memory_gauge import fitted
from pn_explorer.app.progress.root_plot import LEGEND_NAMES, SHORT_NAMES
from pn_explorer.app.projector import ACROSS_WIDTH, TEXT_SCALE
from pn_explorer.app.tree_view import style
from pn_explorer.app.tree_view.follow import drawn_span
from pn_explorer.app.tree_view.view import PAUSED_NOTE
from pn_explorer.app.window import MainWindow
from pn_explorer.app.window_layout import MIN_BOARD, MIN_TREE_HEIGHT
from pn_explorer.core.games.tree_catalog import load_tree, tree_points
from pn_explorer.core.quiz.session import SELECTION
from pn_explorer.core.search.defaults import PN2
from pn_explorer.core.search.types import PHASE, StopReason
from pn_explorer.core.tree import ROOT
from tests.app.windows import shown_window

WAC_001 = Source(SUITE, "wac-mates", "WAC.001")
LESSON = "lesson-mobility"


def open_window(qtbot, source: Source, size: tuple[int, int], settings=None) -> MainWindow:
    window = MainWindow(
        settings=settings, persist=settings is not None, source=source, params=SearchParams()
    )
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    window.tree_view.set_animated(False)
    qtbot.wait(30)
    return window


def settle(qtbot, window: MainWindow) -> None:
    qtbot.waitUntil(lambda: not window.driver.busy, timeout=20_000)
    qtbot.wait(30)


def board_side(window: MainWindow) -> int:
    board = window.board_view.board
    return min(board.width(), board.height())


def shown_fen_of_node(window: MainWindow, node: int) -> str:
    """The position of a node, from the search's own tree and game (not the board's code)."""
    search = window.driver.search
    return search.game.board_after(search.tree.moves_to(node)).fen()


def in_area(window: MainWindow, node: int) -> bool:
    view = window.tree_view
    item = next(i for i in view.displayed_nodes() if i.level == 1 and i.node == node)
    return view.drawing_area().contains(view.scene_to_widget(item.x, item.y))


# -- 1. docks ---------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1280, 800), (1600, 1000)])
def test_a_dock_that_opens_by_itself_keeps_the_board_readable_and_goes_with_a_reset(qtbot, size):
    window = open_window(qtbot, WAC_001, size)
    window.controls.step_iteration()
    settle(qtbot, window)
    window.explain.explain_now(asked=False)  # what an unsolved end does
    qtbot.waitUntil(window.explain.dock.isVisible)
    qtbot.wait(50)
    search = window.driver.search
    node = search.tree.most_proving_path()[-1]
    assert board_side(window) >= MIN_BOARD
    assert window.tree_view.height() >= MIN_TREE_HEIGHT
    assert window.board_view.fen == shown_fen_of_node(window, node)
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert window.driver.search.iterations == 0
    qtbot.waitUntil(lambda: not window.explain.dock.isVisible())
    assert not any(dock.isVisible() for dock in window.findChildren(QDockWidget))


def test_on_a_narrow_window_a_dock_waits_rather_than_squeeze_the_tree(qtbot):
    window = open_window(qtbot, Source(TREE, TREE_FILES["figure-3-1"]), (1024, 768))
    while window.driver.outcome is None:
        window.controls.step_iteration()
        settle(qtbot, window)
    assert window.driver.outcome.reason is StopReason.FRONTIER
    qtbot.wait(50)
    assert not window.explain.dock.isVisible()
    assert window.splitter.sizes()[1] >= OFFERED_TREE_WIDTH
    message = window.statusBar().currentMessage()
    assert "Why not found?" in message and "Ctrl+I" in message
    window.explain.explain_action.trigger()  # the user asks: it opens
    qtbot.waitUntil(window.explain.dock.isVisible)
    assert "has more to say" not in window.statusBar().currentMessage()


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800), (1600, 1000)])
def test_figure_3_1_at_its_frontier_is_shown_whole_at_a_readable_zoom(qtbot, size):
    """Why not found? opens by itself only where it leaves the tree that room (at 1280×800,
    beside the tree, it would cut the figure: it waits)."""
    window = open_window(qtbot, Source(TREE, TREE_FILES["figure-3-1"]), size)
    while window.driver.outcome is None:
        window.controls.step_iteration()
        settle(qtbot, window)
    assert window.driver.outcome.reason is StopReason.FRONTIER
    qtbot.wait(50)
    view, tree = window.tree_view, window.driver.search.tree
    drawn = {item.node for item in view.displayed_nodes() if item.level == 1}
    assert drawn == set(range(len(tree)))  # all 16 nodes of the figure, E among them
    across = view.scene_to_widget(style.SLOT, 0).x() - view.scene_to_widget(0, 0).x()
    assert across >= style.FOLLOW_MIN_SCALE * style.SLOT - 1e-6  # labels still readable
    area = view.drawing_area()
    for item in view.displayed_nodes():
        # Each node with its numbers beside it, mapped through the view, is inside the area.
        half = style.SLOT * 0.45
        corner = view.scene_to_widget(item.x - half, item.y - style.NODE / 2)
        box = QRectF(corner, view.scene_to_widget(item.x + half, item.y + style.NODE / 2))
        assert area.contains(box), (item.label or item.node, size)


def test_an_unsolved_search_with_why_not_found_open_leaves_the_board_whole(
    qtbot, wac096_beside_why_not_found
):
    window = wac096_beside_why_not_found
    assert window.driver.outcome.reason is StopReason.MEMORY and window.banner.isVisible()
    board = window.board_view
    assert board.height() >= board.minimumSizeHint().height()  # laid out whole, not cut
    assert board_side(window) >= MIN_BOARD
    assert not window.engine_panel.isVisible()
    node = window.driver.search.tree.most_proving_path()[-1]
    assert board.fen == shown_fen_of_node(window, node)
    plot = window.timeline.plot
    assert plot.isVisible() and plot.current == window.driver.search.iterations
    legend = plot.legend()
    assert [name for name, _ in legend] in (list(LEGEND_NAMES), list(SHORT_NAMES))
    for (_, box), (_, after) in itertools.pairwise(legend):
        assert box.right() < after.left()  # entries side by side, none drawn over another
    for _, box in legend:
        assert QRectF(plot.rect()).contains(box)  # and none cut by the plot's edge
    window.explain.dock.close()
    window.banner.hide()
    window.resize(1600, 1000)
    qtbot.waitUntil(window.engine_panel.isVisible)


def test_beside_pn2s_curves_at_1024_the_replay_keeps_its_legend_and_its_words(qtbot):
    window = shown_window(qtbot, (1024, 768), source=WAC_001, params=CLASSROOM_PN2)
    for _ in range(2):
        window.controls.step_iteration()
        settle(qtbot, window)
    qtbot.wait(50)
    assert window.curves.isVisible()
    plot, label = window.timeline.plot, window.timeline.label
    assert plot.current == window.driver.search.iterations == 2
    for _, box in plot.legend():
        assert QRectF(plot.rect()).contains(box)
    assert label.text() == "Replay: iteration 2"
    assert label.heightForWidth(label.width()) <= label.height()  # wrapped, not cut


def test_docks_the_user_chose_stay_and_only_they_are_saved(qtbot, tmp_path):
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path))
    settings = Settings("pn-explorer-docks-test")
    window = open_window(qtbot, WAC_001, (1280, 800), settings)
    window.explain.explain_now(asked=False)  # as an unsolved end opens it
    qtbot.waitUntil(window.explain.dock.isVisible)
    window.compare_dock.toggleViewAction().trigger()  # the user asks for this one
    window.quiz_mode.set_on(True)  # a mode's dock: never saved
    qtbot.waitUntil(window.quiz_mode.dock.isVisible)
    window.quiz_mode.set_on(False)
    window.session.reset()
    # Restore layout opens the kept docks again once the panes are laid out (a queued call),
    # which a busy machine may take longer than a fixed wait to reach.
    qtbot.waitUntil(lambda: window.compare_dock.isVisible() and not window.explain.dock.isVisible())
    window.solution_dock.show()  # left open by some feature
    qtbot.keyClick(window, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(
        lambda: window.compare_dock.isVisible() and not window.solution_dock.isVisible()
    )
    window.solution_dock.show()
    window.close()
    again = MainWindow(settings=Settings("pn-explorer-docks-test"))
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    shown = {dock.objectName() for dock in again.findChildren(QDockWidget) if dock.isVisible()}
    assert shown == {"compare"}


# -- 2. projector mode ------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800), (1600, 1000)])
def test_projector_mode_shows_board_tree_and_narration_large(qtbot, size):
    window = open_window(qtbot, WAC_001, size)
    normal_side = board_side(window)
    normal_font = window.narration.font().pointSizeF()
    status_font = window.status.font().pointSizeF()
    window.explain.explain_now(asked=True)
    qtbot.waitUntil(window.explain.dock.isVisible)
    qtbot.keyClick(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    qtbot.wait(50)
    assert window.projector.on
    for hidden in (window.bottom_strip, window.engine_panel, window.explain.dock):
        assert not hidden.isVisible()
    for shown in (window.board_view.board, window.tree_view, window.narration, window.title):
        assert shown.isVisible()
    assert window.narration.font().pointSizeF() >= 1.3 * normal_font
    assert window.status.font().pointSizeF() >= 1.3 * status_font
    view = window.tree_view
    assert view.legend_visible
    legend = view.height() - view.drawing_area().bottom()
    assert legend > 0  # the key to the picture stays, drawn larger rather than hidden
    root = view.displayed_nodes()[0]
    assert root.node == ROOT and window.driver.search.iterations == 0
    across = view.scene_to_widget(style.SLOT, 0).x() - view.scene_to_widget(0, 0).x()
    assert across >= 1.3 * style.SLOT  # nodes and numbers drawn larger
    assert board_side(window) >= normal_side
    if size[0] >= 1600:
        assert board_side(window) > 500
    assert window.board_view.fen == shown_fen_of_node(window, ROOT)
    qtbot.keyClick(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    qtbot.wait(50)
    assert window.bottom_strip.isVisible() and window.explain.dock.isVisible()
    assert window.narration.font().pointSizeF() == normal_font


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800), (1600, 1000)])
def test_in_projector_mode_board_tree_and_narration_share_the_window(qtbot, size):
    """The long narration of an expansion runs under the board and the tree (under the tree
    alone in a window narrower than `ACROSS_WIDTH`), whole; the tree
    keeps room for three rows of nodes at the projector's scale (the node expanded, the row
    above it and its children), and they are on screen."""
    window = open_window(qtbot, WAC_001, size)
    for _ in range(3):
        window.controls.step_iteration()
        settle(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    qtbot.wait(100)
    view, narration = window.tree_view, window.narration
    assert "Expand:" in narration.text() and "Update:" in narration.text()
    assert narration.height() >= narration.heightForWidth(narration.width())  # not cut
    row = view.scene_to_widget(0, style.ROW).y() - view.scene_to_widget(0, 0).y()
    assert row >= style.FOLLOW_MIN_SCALE * TEXT_SCALE * style.ROW - 1e-6  # follow's floor, large
    assert view.drawing_area().height() >= 2.5 * row
    left = window.splitter.widget(0).mapTo(window, QPoint(0, 0)).x()
    if size[0] >= ACROSS_WIDTH:
        assert narration.mapTo(window, QPoint(0, 0)).x() <= left  # under the board too
    else:  # under the tree only: the board keeps its height
        assert narration.mapTo(window, QPoint(0, 0)).x() >= view.mapTo(window, QPoint(0, 0)).x()
    assert board_side(window) >= MIN_BOARD
    tree = window.driver.search.tree
    expanded = tree.parent[len(tree) - 1]
    assert in_area(window, expanded)
    assert in_area(window, min(tree.children(expanded), key=lambda child: tree.proof[child]))
    # The status bar, in large letters, still gives the iteration, the nodes, the root's
    # numbers and what comes next whole (the speed and the time may give way).
    search = window.driver.search
    status = window.status
    shown = status.shown_text()
    assert status.fontMetrics().horizontalAdvance(shown) <= status.width()
    proof, disproof = search.root_numbers
    for part in (
        f"Iteration {search.iterations}",
        f"{search.nodes_created} nodes created",
        f"root {proof}/{disproof}",
        f"next: {search.next_step}",
    ):
        assert part in shown
    qtbot.keyClick(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    qtbot.wait(50)
    assert narration.parentWidget() is view.parentWidget()  # back under the tree
    assert status.shown_text().endswith(status.line)  # the whole line at the normal size


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800), (1600, 1000)])
def test_the_node_a_dag_pn_quiz_asks_for_is_on_screen_and_no_path_points_at_it(qtbot, size):
    window = MainWindow(persist=False, source=WAC_001, params=SearchParams("dagpn"))
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    window.tree_view.set_animated(False)
    for _ in range(3):
        window.controls.step_iteration()
        settle(qtbot, window)
    window.quiz_mode.action.trigger()
    quiz = window.quiz_mode.quiz
    qtbot.waitUntil(lambda: quiz.question is not None, timeout=20_000)
    qtbot.wait(50)
    question = quiz.question
    assert question.kind == SELECTION
    assert question.node == window.driver.search.tree.most_proving_path()[-1]
    assert in_area(window, question.node)
    assert window.timeline.answer_hidden  # the replay plot, which would show the answer, is covered


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800)])
def test_every_toolbar_control_is_on_screen(qtbot, size):
    window = open_window(qtbot, WAC_001, size)
    toolbar = window.toolbar
    for action in toolbar.actions():
        widget = toolbar.widgetForAction(action)
        if widget is None or action.isSeparator():
            continue
        assert widget.isVisible(), action.text()
        assert widget.geometry().right() <= toolbar.width(), action.text()
    assert window.controls.speed_label.isVisible() and window.controls.speed_slider.isVisible()
    extension = toolbar.findChild(QToolButton, "qt_toolbar_ext_button")
    assert extension is None or not extension.isVisible()


def test_a_narrow_toolbar_first_drops_the_words_of_steps_the_search_lacks(qtbot):
    """At 1024 px, PN (no Into, no Over) drops those greyed buttons' words before any other;
    Pn², which steps with them, gets them back in the order the toolbar keeps."""
    window = open_window(qtbot, WAC_001, (1024, 768))
    controls, toolbar = window.controls, window.toolbar

    def worded() -> list[bool]:
        return [
            toolbar.widgetForAction(action).toolButtonStyle()
            == Qt.ToolButtonStyle.ToolButtonTextBesideIcon
            for action in controls.wordy
        ]

    assert controls.wordy[:2] == [controls.into_action, controls.over_action]
    assert not controls.into_action.isEnabled() and not controls.over_action.isEnabled()
    assert worded()[:2] == [False, False] and worded() == sorted(worded())
    assert toolbar.sizeHint().width() <= window.width() - 12
    assert window.open_source(WAC_001, SearchParams(PN2, 1000))
    assert controls.wordy[0] is controls.reset_action and controls.into_action.isEnabled()
    assert worded() == sorted(worded())  # the words go in the toolbar's order, no gaps
    assert toolbar.sizeHint().width() <= window.width() - 12


# -- 3. follow --------------------------------------------------------------------------------


def test_a_drag_pauses_follow_on_screen_and_is_not_saved(qtbot, tmp_path):
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path))
    settings = Settings("pn-explorer-follow-test")
    window = open_window(qtbot, WAC_001, (1280, 800), settings)
    view = window.tree_view
    for _ in range(3):
        window.controls.step_iteration()
        settle(qtbot, window)
    start = view.drawing_area().center().toPoint()
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(view, start + QPoint(150, 80))
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=start + QPoint(150, 80))
    assert view.follow_paused and not window.pointing.follow_action.isChecked()
    assert PAUSED_NOTE in "  ·  ".join(view.header_rows()[0])
    assert settings.follow()  # the user's choice is untouched
    placed = view.scene_to_widget(0, 0)
    window.controls.step_iteration()
    settle(qtbot, window)
    assert view.scene_to_widget(0, 0) == placed  # paused: the view stays where it was put
    qtbot.keyClick(window, Qt.Key.Key_M)
    assert view.follow and window.pointing.follow_action.isChecked() and settings.follow()
    assert PAUSED_NOTE not in "  ·  ".join(view.header_rows()[0])
    assert in_area(window, window.driver.search.tree.most_proving_path()[-1])
    window.close()


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800), (1600, 1000)])
def test_follow_keeps_the_children_just_expanded_in_view(qtbot, size):
    window = open_window(qtbot, WAC_001, size)
    search = window.driver.search
    for _ in range(4):
        window.controls.step_iteration()
        settle(qtbot, window)
    window.driver.step(PHASE)  # select
    settle(qtbot, window)
    window.driver.step(PHASE)  # expand
    settle(qtbot, window)
    tree = search.tree
    expanded = tree.parent[len(tree) - 1]  # the newest node's parent: the node just expanded
    children = set(tree.children(expanded))
    assert len(children) > 1
    drawn = [i for i in window.tree_view.displayed_nodes() if i.level == 1 and i.node in children]
    best = sorted(drawn, key=lambda item: search.tree.proof[item.node])[:2]
    assert best and all(in_area(window, item.node) for item in best)


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800), (1600, 1000)])
def test_after_whole_iterations_the_node_expanded_and_the_children_named_stay_in_view(qtbot, size):
    """Also when the update moved the most-proving node to another branch (WAC.001's fifth
    iteration names Nh5+ 4/1 and Ne8+ 5/1 while the next most-proving node is Ng6+), where
    they fit beside the most-proving path, which stays in view whatever."""
    window = open_window(qtbot, WAC_001, size)
    search = window.driver.search
    view = window.tree_view
    elsewhere = 0
    for _ in range(8):
        window.controls.step_iteration()
        settle(qtbot, window)
        tree = search.tree
        expanded = tree.parent[len(tree) - 1]
        children = set(tree.children(expanded))
        drawn = {i.node: i for i in view.displayed_nodes() if i.level == 1}
        named = [drawn[node] for node in children if node in drawn and drawn[node].label]
        named = [item for item in named if f"{item.label} " in window.narration.text()]
        assert named
        # The path comes first (the board shows its end); the children named stay in view
        # where they fit beside it.
        path = [drawn[node] for node in tree.most_proving_path()]
        strip = {chip.item.node for chip in view.path_strip()}
        scene = [item for item in path if item.node not in strip]
        xs = [view.scene_to_widget(item.x, 0).x() for item in [*named, *scene]]
        ys = [view.scene_to_widget(0, item.y).y() for item in [*named, *scene]]
        area = view.drawing_area()
        if max(xs) - min(xs) < area.width() - 120 and max(ys) - min(ys) < area.height() - 80:
            assert in_area(window, expanded)
            for item in named:
                # The node's disc, mapped through the view, lies in the part of the tree shown.
                corner = view.scene_to_widget(item.x - style.NODE / 2, item.y - style.NODE / 2)
                disc = QRectF(corner, view.scene_to_widget(item.x + style.NODE / 2, item.y + 12))
                assert area.contains(disc), (item.label, size)
        assert all(in_area(window, item.node) for item in scene)
        elsewhere += expanded not in tree.most_proving_path()
    assert elsewhere  # the case the class met: the update sent the search to another branch


# -- 4. keys and focus ------------------------------------------------------------------------


def test_step_keys_only_step_and_never_press_a_focused_button(qtbot, monkeypatch):
    asked: list[str] = []
    monkeypatch.setattr(
        QFileDialog,
        "getOpenFileName",
        staticmethod(lambda *args, **kwargs: (asked.append("dialog"), ("", ""))[1]),
    )
    window = open_window(qtbot, WAC_001, (1280, 800))
    window.activateWindow()
    button = window.engine_panel.choose_button  # "Engine…" opens a file dialog
    button.setFocus()
    qtbot.waitUntil(button.hasFocus)
    search = window.driver.search
    qtbot.keyClick(button, Qt.Key.Key_Space)
    assert search.next_phase.value == "expand" and not asked  # a phase, not the button
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.driver.finished_search, timeout=20_000)
    window.wait_for_solution()
    button.setFocus()
    created = search.nodes_created
    for key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_F11):
        qtbot.keyClick(button, key)
    assert not asked and search.nodes_created == created
    assert "the search is over" in window.status.text()
    QApplication.processEvents()


# -- 12. lessons ------------------------------------------------------------------------------


def test_a_lesson_is_titled_by_its_name_keeps_its_point_and_its_finale_fits(qtbot):
    window = open_window(qtbot, WAC_001, (1024, 768))
    name = load_tree(TREE_FILES[LESSON]).name
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&File")
    lessons = next(a.menu() for a in menu.actions() if a.menu() and "Lesson trees" in a.text())
    next(a for a in lessons.actions() if a.text().startswith(LESSON)).trigger()
    assert window.windowTitle() == f"PN Explorer — {name}"
    point = tree_points()[LESSON]
    line = window.classroom.line
    assert line.isVisible() and point in line.text()
    window.session.reset()
    assert line.isVisible()
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.solution is not None, timeout=20_000)
    qtbot.wait(100)
    search = window.driver.search
    assert search.tree.proof[ROOT] == 0 and line.isVisible()
    view = window.tree_view
    area = view.drawing_area()
    for item in view.displayed_nodes():
        top_left = view.scene_to_widget(item.x - style.NODE / 2, item.y - style.NODE / 2)
        bottom_right = view.scene_to_widget(item.x + style.NODE / 2, item.y + style.NODE / 2)
        assert area.contains(QRectF(top_left, bottom_right)), item.node
    spec = "random:depth=4,branching=2-3,true=0.5,false=0.5,root=or,seed=5"
    assert window.open_source(Source(TREE, spec))
    assert not line.isVisible() and "random:" not in window.windowTitle()
    assert "depth 4" in window.windowTitle() and "seed 5" in window.windowTitle()


def test_the_gauge_line_drops_whole_parts_rather_than_cut_a_number(qtbot):
    """In a narrow column the line under the gauge loses its last parts (peak, bytes), never
    the end of a number."""
    window = open_window(qtbot, WAC_001, (1024, 768))
    window.controls.step_iteration()
    settle(qtbot, window)
    metrics = window.gauge.fontMetrics()
    parts = window.gauge.text().split("  ·  ")
    assert parts[0].startswith(f"{len(window.driver.search.tree):,} nodes")
    assert len(parts) > 2
    for kept in range(1, len(parts)):
        whole = "  ·  ".join(parts[:kept])
        room = metrics.horizontalAdvance("  ·  ".join(parts[: kept + 1])) - 1
        assert fitted(window.gauge.text(), metrics, room) == whole


def test_a_lessons_point_sits_under_the_title_above_the_board_and_tree(qtbot):
    window = open_window(qtbot, WAC_001, (1600, 1000))
    window.classroom.actions[0].trigger()
    line = window.classroom.line
    assert line.isVisible() and LESSONS[0].point in line.text()
    assert line.geometry().bottom() < window.splitter.geometry().top()


def test_a_board_game_is_titled_in_words_with_its_start_and_goal(qtbot):
    """The title names the game the engine searches (its rules, the moves played before the
    root, the attacker's goal), not the spec typed to open it."""
    spec = "connect-four(columns=4,rows=4,goal=draw,moves=b1.b2)"
    window = open_window(qtbot, Source(GAME, spec), (1280, 800))
    game = window.driver.search.game
    rules = game.rules
    assert (rules.width, rules.height, rules.k, rules.gravity) == (4, 4, 4, True)
    assert window.windowTitle() == "PN Explorer — Connect-Four 4 × 4 after b1 b2: X at least draws"
    assert "connect-four(" not in window.title.text()


def test_nine_new_children_wider_than_the_view_keep_the_most_proving_one_in_it(qtbot):
    """Tic-tac-toe's first expansion at 1024×768: X's nine first moves do not fit across the
    tree view at a readable zoom; follow keeps the most-proving one (the engine's path) on
    screen, with as many of its siblings as fit, none of them cut at the view's edges."""
    window = open_window(qtbot, Source(GAME, "tic-tac-toe(goal=draw)"), (1024, 768))
    window.controls.step_iteration()
    settle(qtbot, window)
    search = window.driver.search
    assert len(search.tree.children(ROOT)) == 9
    path = search.tree.most_proving_path()
    assert len(path) == 2 and in_area(window, path[-1])
    view = window.tree_view
    shown = [item for item in view.displayed_nodes() if in_area(window, item.node)]
    assert 3 <= len(shown) < 10
    for item in view.displayed_nodes():
        first, last = (view.scene_to_widget(x, item.y).x() for x in drawn_span(item))
        assert not any(first < edge - 0.5 < last - 1 for edge in (0.0, view.width())), item.label
