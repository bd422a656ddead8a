"""The window's layout: minimum sizes, so no pane can be dragged or squeezed to nothing, and the
default arrangement that View ▸ Restore layout puts back (panes, docks, toolbar, the tree's zoom).

A classroom laptop has a small screen and a teacher in a hurry: a board dragged to zero width
had no way back but deleting the settings file.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow, QSplitter, QToolBar, QWidget

from app.tree_view.view import TreeView

BOARD_PANE = 400
"""Default width of the left pane (board and result) in pixels; the tree takes the rest."""
MIN_BOARD_PANE = 260
"""The left pane never gets narrower: the board stays a board and the result's buttons fit."""
MIN_TREE_PANE = 360
"""The tree's pane never gets narrower: its header buttons and a few nodes stay visible."""
MIN_DOCK_HEIGHT = 140
"""The comparison dock keeps its table's header and a row or two."""
DOCK_HEIGHT = 260
"""Default height of a dock shown at the bottom (the comparison's table)."""
HOME_AREA = "home_area"
"""The dock property holding the area a dock started in, where Restore layout puts it back."""
MIN_WINDOW = (800, 560)
"""The window's smallest size: the panes' minimums, the toolbar's first buttons, the gauge."""


def hidden_right_dock(window: QMainWindow, widget: QWidget, title: str, name: str) -> QDockWidget:
    """A dock at the window's right holding `widget`, hidden until its feature shows it; `name`
    is its object name, under which the window's saved layout finds it again."""
    dock = QDockWidget(title, window)
    dock.setObjectName(name)
    dock.setWidget(widget)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    dock.hide()
    return dock


def set_minimum_sizes(window: QMainWindow, splitter: QSplitter, docks: list[QDockWidget]) -> None:
    """Give every pane a floor: the splitter cannot collapse either side, docks keep a usable
    height, the window stays big enough for all of them."""
    splitter.setChildrenCollapsible(False)
    for index, floor in enumerate((MIN_BOARD_PANE, MIN_TREE_PANE)):
        pane = splitter.widget(index)
        if pane is not None:
            pane.setMinimumWidth(floor)
    for dock in docks:
        dock.widget().setMinimumHeight(MIN_DOCK_HEIGHT)
        dock.setProperty(HOME_AREA, window.dockWidgetArea(dock).value)
    window.setMinimumSize(*MIN_WINDOW)


def restore_layout(window: QMainWindow, splitter: QSplitter, tree: TreeView) -> None:
    """The layout a new window has: the board pane at its default width, every dock back in the
    area it started in (the bottom; the proof browser on the right), bottom docks at their default
    height (shown or hidden as it was: its results stay), the toolbars shown, the tree at zoom 1
    with its legend (following, if follow is on)."""
    total = sum(splitter.sizes())
    board = min(BOARD_PANE, max(total - MIN_TREE_PANE, MIN_BOARD_PANE))
    splitter.setSizes([board, max(total - board, 0)])
    docks = window.findChildren(QDockWidget)
    for dock in docks:
        shown = dock.isVisible()
        dock.setFloating(False)
        home = dock.property(HOME_AREA)
        area = Qt.DockWidgetArea.BottomDockWidgetArea if home is None else Qt.DockWidgetArea(home)
        window.addDockWidget(area, dock)
        dock.setVisible(shown)
    bottom = Qt.DockWidgetArea.BottomDockWidgetArea
    at_bottom = [
        dock for dock in docks if dock.isVisible() and window.dockWidgetArea(dock) == bottom
    ]
    if at_bottom:
        window.resizeDocks(at_bottom, [DOCK_HEIGHT] * len(at_bottom), Qt.Orientation.Vertical)
    for toolbar in window.findChildren(QToolBar):
        toolbar.show()
    tree.set_legend_visible(True)
    tree.reset_view()
    if tree.follow:
        tree.set_follow(True)
