"""Small windows in a real window: no pane can be dragged to nothing, and View ▸ Restore layout
brings back the default panes, dock and zoom (and is listed under F1)."""

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtWidgets import QDockWidget

from pn_explorer.app.problems.search_setup import SearchParams
from pn_explorer.app.problems.sources import SUITE, TREE, TREE_FILES, Source
from pn_explorer.app.shortcuts import shortcut_rows
from pn_explorer.app.tree_view.follow import drawn_span
from pn_explorer.app.tree_view.layout import NODE
from pn_explorer.app.tree_view.style import BACKGROUND
from pn_explorer.app.window import MainWindow
from pn_explorer.app.window_layout import (
    BOARD_PANE,
    DEFAULT_WINDOW,
    MIN_BOARD_PANE,
    MIN_DOCK_HEIGHT,
    MIN_TREE_PANE,
    MIN_WINDOW,
    TREE_ROOM,
    first_size,
)
from tests.app.windows import shown_window


def test_panes_keep_their_minimum_and_restore_layout_brings_the_defaults_back(qtbot):
    window = shown_window(
        qtbot, (1600, 1000), source=Source(SUITE, "wac-mates", "WAC.001"), params=SearchParams()
    )
    splitter, view = window.splitter, window.tree_view
    window.resize(400, 300)
    qtbot.wait(20)
    assert window.width() >= MIN_WINDOW[0] and window.height() >= MIN_WINDOW[1]
    splitter.moveSplitter(0, 1)
    qtbot.wait(20)
    board_pane = splitter.widget(0)
    assert board_pane.width() >= MIN_BOARD_PANE and splitter.sizes()[0] >= MIN_BOARD_PANE
    assert window.board_view.board.width() > 100 and window.result_panel.isVisible()
    splitter.moveSplitter(splitter.width(), 1)
    qtbot.wait(20)
    assert splitter.widget(1).width() >= MIN_TREE_PANE and view.width() >= MIN_TREE_PANE
    window.compare_dock.toggleViewAction().trigger()  # the user's choice: it stays
    window.compare_dock.setFloating(True)
    window.docks.offer(window.solution_dock, 300)  # a feature's: restore closes it
    view.zoom_out()
    view.zoom_out()
    zoomed = view.scene_to_widget(1, 0).x() - view.scene_to_widget(0, 0).x()
    assert zoomed < 0.7
    window.resize(1600, 1000)
    qtbot.wait(20)
    rows = dict(shortcut_rows(window.actions()))
    assert any(what.startswith("Restore layout") for what in rows)
    qtbot.keyClick(window, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    qtbot.wait(20)
    total = sum(splitter.sizes())
    assert BOARD_PANE <= splitter.sizes()[0] <= max(BOARD_PANE, total - TREE_ROOM)
    assert not window.compare_dock.isFloating() and window.compare_dock.isVisible()
    assert window.solution_dock.isHidden()
    assert window.dockWidgetArea(window.compare_dock) == Qt.DockWidgetArea.BottomDockWidgetArea
    assert view.scene_to_widget(1, 0).x() - view.scene_to_widget(0, 0).x() == 1.0


def test_every_dock_keeps_a_usable_height_and_restore_puts_each_back_where_it_started(qtbot):
    """Docks added after the merges (why not found, proof browser, quiz, paper runs, …) got no
    minimum height, and Restore layout moved the proof browser from the right to the bottom."""
    window = shown_window(
        qtbot, (1600, 1000), source=Source(SUITE, "wac-mates", "WAC.001"), params=SearchParams()
    )
    docks = window.findChildren(QDockWidget)
    assert len(docks) >= 3
    started = {dock.objectName(): window.dockWidgetArea(dock) for dock in docks}
    assert started["compare"] == Qt.DockWidgetArea.BottomDockWidgetArea
    assert Qt.DockWidgetArea.RightDockWidgetArea in started.values()
    for dock in docks:
        dock.show()
        window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    window.resizeDocks(docks, [1] * len(docks), Qt.Orientation.Vertical)
    qtbot.wait(20)
    for dock in docks:
        assert dock.widget().height() >= MIN_DOCK_HEIGHT, dock.objectName()
    qtbot.keyClick(window, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    qtbot.wait(20)
    assert {dock.objectName(): window.dockWidgetArea(dock) for dock in docks} == started


def test_the_setting_stays_readable_beside_the_why_not_found_dock(qtbot):
    """Found in a real window: a search stopping unsolved opens Why not found? beside the compare
    dock, and the budgets were squeezed to a column a word wide. (Here the user opens it: by
    itself it waits, as it would cut Figure 3.1 at this width.)"""
    window = MainWindow(
        persist=False, source=Source(TREE, TREE_FILES["figure-3-1"]), params=SearchParams()
    )
    qtbot.addWidget(window)
    window.resize(1280, 860)  # the window's size on a 1366×768 laptop's projector
    window.show()
    qtbot.waitExposed(window)
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.driver.outcome is not None, timeout=30_000)
    window.explain.explain_action.trigger()
    qtbot.waitUntil(lambda: window.explain.dock.isVisible(), timeout=30_000)
    window.compare_action.trigger()
    qtbot.wait(100)
    footnote = window.compare_panel.footnote
    assert window.compare_dock.isVisible() and footnote.isVisible()
    metrics = footnote.fontMetrics()
    assert footnote.width() >= metrics.horizontalAdvance("Node budgets, as on the command line:")
    shown = footnote.text()
    assert f"{window.params.max_nodes:,} nodes in memory" in shown


def test_the_first_size_fits_the_screen_it_opens_on(qtbot):
    """A 1024×768 projector (less a panel) gets a window no larger than it; a large screen the
    default size; the offscreen screen (800×800 here) is a screen like another."""
    assert first_size(QRect(0, 0, 1024, 740)) == QSize(1024, 740)
    assert first_size(QRect(0, 0, 2560, 1400)) == QSize(*DEFAULT_WINDOW)
    assert first_size(QRect(0, 0, 640, 480)) == QSize(*MIN_WINDOW)
    assert first_size(None) == QSize(*DEFAULT_WINDOW)
    window = MainWindow(persist=False, params=SearchParams())
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    available = window.screen().availableGeometry()
    assert window.width() <= max(available.width(), MIN_WINDOW[0])
    assert window.height() <= max(available.height(), MIN_WINDOW[1])
    wanted = first_size(available)
    assert (window.width(), window.height()) == (wanted.width(), wanted.height())


def test_a_long_message_in_the_status_bar_is_cut_with_an_ellipsis_and_the_state_line_stays(qtbot):
    """Paper ▸ Figure 3.1's caption at 1024 px: the message ends in "…" with the whole of it in
    the tooltip, and the search's state line (the driver's iteration and root numbers) is drawn
    whole beside it, all within the label's width; a short message is drawn whole."""
    window = shown_window(qtbot, (1024, 768), params=SearchParams())
    window.paper.actions["3.1"].trigger()
    qtbot.wait(20)
    label = window.status
    search = window.driver.search
    shown = label.shown_text()
    assert label.message == window.paper.caption and label.message not in shown
    assert label.fontMetrics().horizontalAdvance(shown) <= label.width()
    assert shown.endswith(label.line) and f"Iteration {search.iterations:,}" in label.line
    assert window.paper.caption in label.toolTip() and label.line in label.toolTip()
    assert "…" in shown.removesuffix(label.line)
    window.frame.say("Saved.")
    assert label.shown_text() == label.text() == f"Saved.  ·  {label.line}"
    assert label.toolTip() == ""


def test_an_unsolved_end_beside_why_not_found_at_1024_says_it_all(wac096_beside_why_not_found):
    """WAC.096 stopped by a 20,000-node cap, Why not found? open, at 1024×768: the title keeps
    the problem, the search and its node cap whole (the rest in its tooltip), and the gauge's
    line gives the engine's count against the cap whole."""
    window = wac096_beside_why_not_found
    search = window.driver.search
    title = window.title
    shown = title.shown_text()
    assert title.fontMetrics().horizontalAdvance(shown) <= title.width()
    assert shown.startswith(window.problem.title) and "PN search" in shown
    assert "node cap 20,000" in shown and title.toolTip() == title.text() != shown
    gauge = window.gauge
    line = gauge.shown_text()
    assert gauge.fontMetrics().horizontalAdvance(line) <= gauge.width() - 8
    assert f"{search.nodes_in_memory:,} of 20,000" in line and "…" not in line
    assert window.tree_view.width() < 400


def test_an_unsolved_end_beside_why_not_found_at_1024_cuts_no_node_in_half(
    qtbot, wac096_beside_why_not_found
):
    """The same end: once the view has settled, no node of the engine's tree is drawn cut in
    half at the tree view's left or right edge: one the edge crosses is left out, the columns
    either side of it show only the background in the node's middle rows."""
    window = wac096_beside_why_not_found
    view = window.tree_view
    qtbot.waitUntil(lambda: not view._viewport.gliding, timeout=5000)
    area = view.drawing_area()
    image = view.grab().toImage()
    tree = window.driver.search.tree
    scale = view._viewport.scale
    for item in view.displayed_nodes():
        if item.kind != NODE:
            continue
        assert (item.proof, item.disproof) == tree.numbers(item.node)
        centre = view.scene_to_widget(item.x, item.y)
        if not area.top() <= centre.y() <= area.bottom():
            continue
        first, last = (view.scene_to_widget(x, item.y).x() for x in drawn_span(item))
        for edge in (area.left(), area.right()):
            if first < edge - 0.5 and last > edge + 0.5:
                column = int(min(max(edge, 1), area.right() - 2))
                band = range(int(centre.y() - 6 * scale), int(centre.y() + 6 * scale))
                assert all(image.pixelColor(column, y) == BACKGROUND for y in band), item.label
