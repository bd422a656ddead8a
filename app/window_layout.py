"""The window's layout: minimum sizes, so no pane can be dragged or squeezed to nothing, and the
default arrangement that View ▸ Restore layout puts back (panes, docks, toolbar, the tree's zoom).

A classroom laptop has a small screen and a teacher in a hurry: a board dragged to zero width
had no way back but deleting the settings file.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMainWindow, QSplitter, QToolBar, QToolButton, QWidget

from .tree_view.view import TreeView

BOARD_PANE = 400
"""Default width of the left pane (board and result) in pixels; the tree takes the rest."""
BOARD_YIELD = 40
"""The board's pane gives up to this much of `BOARD_PANE` so that the tree shows what it draws
whole at a readable zoom (Figure 3.1 at 1024×768: 18 pixels); a tree that needs more scrolls
instead, and the board keeps its size."""
MIN_BOARD = 260
"""The board's smallest side in pixels: pieces and coordinates stay readable from a desk. No
dock, pane or window size takes it below this."""
MIN_TREE_HEIGHT = 260
"""The tree view's smallest height: its header, its legend and three rows of nodes."""
MIN_BOARD_PANE = MIN_BOARD + 8
"""The left pane never gets narrower: the board (and its margins) stays a board."""
MIN_TREE_PANE = 360
"""The tree's pane never gets narrower: its header buttons and a few nodes stay visible."""
MIN_DOCK_HEIGHT = 140
"""The comparison dock keeps its table's header and a row or two."""
DOCK_HEIGHT = 260
"""Default height of a dock shown at the bottom (the comparison's table)."""
HOME_AREA = "home_area"
"""The dock property holding the area a dock started in, where Restore layout puts it back."""
TREE_ROOM = 900
"""The board's pane grows past `BOARD_PANE` with a tall window only while the tree's pane keeps
this width: a deep path needs the width more than the board needs the last pixels."""
TREE_SHARE = 0.62
"""...or this share of the panes' width, where that is less and the drawn tree fits it: beside
a dock (the quiz's, at 1600×1000) the board grows into the height it has rather than leave it
empty under it."""
MIN_WINDOW = (800, 560)
"""The window's smallest size: the panes' minimums, the toolbar's first buttons, the gauge."""
DEFAULT_WINDOW = (1360, 860)
"""The window's first size (no saved geometry), where the screen has room for it."""


def first_size(available: QRect | None) -> QSize:
    """The window's first size: `DEFAULT_WINDOW`, but no larger than the screen's `available`
    geometry (a 1024×768 projector, less its panels), nor smaller than `MIN_WINDOW`."""
    width, height = DEFAULT_WINDOW
    if available is not None and not available.isEmpty():
        width = max(MIN_WINDOW[0], min(width, available.width()))
        height = max(MIN_WINDOW[1], min(height, available.height()))
    return QSize(width, height)


def hidden_right_dock(window: QMainWindow, widget: QWidget, title: str, name: str) -> QDockWidget:
    """A dock at the window's right holding `widget`, hidden until its feature shows it; `name`
    is its object name, under which the window's saved layout finds it again."""
    return hidden_dock(window, widget, title, name, Qt.DockWidgetArea.RightDockWidgetArea)


def hidden_dock(
    window: QMainWindow, widget: QWidget, title: str, name: str, area: Qt.DockWidgetArea
) -> QDockWidget:
    """A dock in `area` holding `widget`, hidden until its feature shows it."""
    dock = QDockWidget(title, window)
    dock.setObjectName(name)
    dock.setWidget(widget)
    window.addDockWidget(area, dock)
    dock.hide()
    return dock


def set_minimum_sizes(
    window: QMainWindow,
    splitter: QSplitter,
    docks: list[QDockWidget],
    board: QWidget,
    tree: QWidget,
) -> None:
    """Give every pane a floor: the splitter cannot collapse either side, the board and the tree
    keep a readable size whatever the docks take, docks keep a usable height, the window stays
    big enough for all of them."""
    splitter.setChildrenCollapsible(False)
    for index, floor in enumerate((MIN_BOARD_PANE, MIN_TREE_PANE)):
        pane = splitter.widget(index)
        if pane is not None:
            pane.setMinimumWidth(floor)
    board.setMinimumSize(MIN_BOARD, MIN_BOARD)
    tree.setMinimumHeight(MIN_TREE_HEIGHT)
    for dock in docks:
        dock.widget().setMinimumHeight(MIN_DOCK_HEIGHT)
        dock.setProperty(HOME_AREA, window.dockWidgetArea(dock).value)
    window.setMinimumSize(*MIN_WINDOW)


def board_room(board_view: QWidget, board: QWidget) -> int:
    """How tall the board could be in its column: its height and the empty room below the
    text under it (the column's stretch)."""
    layout = board_view.layout()
    item = layout.itemAt(layout.count() - 2) if layout is not None else None
    last = item.widget() if item is not None else None
    if last is None:
        return board.height()
    return board.height() + max(0, board_view.height() - last.geometry().bottom() - 8)


def fit_board_pane(splitter: QSplitter, room: int, tree_needs: int = 0) -> None:
    """Widen the board's pane so the board fills the height it has (a tall window grows the
    board instead of leaving room under it) while the tree keeps `TREE_ROOM` (or
    `TREE_SHARE` of the width, if less, but never less than the `tree_needs` to show what it
    draws whole); not under `BOARD_PANE` unless the tree needs up to `BOARD_YIELD` pixels of it
    to show what it draws whole at a readable zoom, never under `MIN_BOARD_PANE` nor over what
    leaves the tree `MIN_TREE_PANE`."""
    total = sum(splitter.sizes())
    tree_room = min(TREE_ROOM, max(round(TREE_SHARE * total), tree_needs))
    left = total - tree_needs
    floor = min(BOARD_PANE, left) if left >= BOARD_PANE - BOARD_YIELD else BOARD_PANE
    wanted = max(floor, min(room + 8, total - tree_room))
    board = max(MIN_BOARD_PANE, min(wanted, total - MIN_TREE_PANE))
    if abs(board - splitter.sizes()[0]) > 2:
        splitter.setSizes([board, total - board])


def icons_only(toolbar: QToolBar, actions: list[QAction]) -> None:
    """These actions' buttons show their icons alone (the tooltip names them): the width goes to
    the controls whose words matter."""
    for action in actions:
        button = toolbar.widgetForAction(action)
        if isinstance(button, QToolButton):
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)


def fit_toolbar(toolbar: QToolBar, spare: list[QAction], width: int) -> None:
    """Keep every control of `toolbar` on screen (none behind »): the `spare` actions' buttons
    drop their words, in that order, until the toolbar fits `width` (tooltips still name
    them)."""
    widgets = [toolbar.widgetForAction(action) for action in spare]
    buttons = [button for button in widgets if isinstance(button, QToolButton)]
    for button in buttons:
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    layout = toolbar.layout()
    for button in buttons:
        if layout is not None:
            layout.invalidate()
        if toolbar.sizeHint().width() <= width:
            return
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)


def restore_layout(window: QMainWindow, splitter: QSplitter, tree: TreeView) -> None:
    """The layout a new window has: the board pane at its default width, every dock back in the
    area it started in (the bottom; the proof browser on the right), bottom docks at their default
    height (shown or hidden as it was: the window then closes those the user did not choose),
    the toolbars shown, the tree at zoom 1 with its legend (following, if follow is on)."""
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
