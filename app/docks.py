"""Which side panels (docks) are open, and how much room they may take from the board and tree.

A dock opens when the user asks for it (its View menu entry, or a command such as Compare or
Why not found?) or when its feature has something to say (a proof to browse, a search that
stopped unsolved, df-pn's path). It closes when it has nothing: a reset or a new problem empties
the docks a feature opened, and they go. A dock never takes the board below `MIN_BOARD` pixels
or the tree below `MIN_TREE_HEIGHT`: it opens where there is room (at the bottom when the window
is tall enough, else on the right) and sized to what is left, beside a dock already there as a
tab rather than squeezed under it. A dock the user did not ask for never takes the tree's pane
under `OFFERED_TREE_WIDTH`, nor under the width that shows a small unsolved tree whole (Figure
3.1 at its frontier): on a small window it waits, and the status line names the menu entry that
opens it. Only the docks the user chose are saved open: a restart or
View ▸ Restore layout brings back those and no others.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QDockWidget, QMainWindow, QSplitter, QWidget
from shiboken6 import isValid

from .tree_view.view import TreeView
from .window_layout import (
    BOARD_PANE,
    DOCK_HEIGHT,
    HOME_AREA,
    MIN_BOARD,
    MIN_BOARD_PANE,
    MIN_DOCK_HEIGHT,
    MIN_TREE_HEIGHT,
    MIN_TREE_PANE,
)

MIN_DOCK_WIDTH = 280
"""A dock on the right keeps this width, or the window has no room for it beside the tree."""
SIDE_WIDTH = 380
"""The width a dock opened on the right asks for."""
SLACK = 40
"""Height kept back when a dock opens at the bottom: a banner or a wrapped line may still come
and must not take the board under its floor."""

OFFERED_TREE_WIDTH = 480
"""The tree's pane keeps this width beside a dock that opened by itself: at its bare minimum
(`MIN_TREE_PANE`) a 1024-pixel window showed three nodes of Figure 3.1 with the others cut."""

BOTTOM = Qt.DockWidgetArea.BottomDockWidgetArea
RIGHT = Qt.DockWidgetArea.RightDockWidgetArea


class DockKeeper(QObject):
    """The docks of one window: which the user chose, where a dock opens, what closes when."""

    rearranged = Signal()
    """Docks opened or closed (after Qt has laid them out): the panes may size anew."""
    waiting = Signal(QDockWidget)
    """A feature's dock stayed closed for lack of room: the window says how to open it."""

    def __init__(
        self,
        window: QMainWindow,
        splitter: QSplitter,
        board: QWidget,
        board_room: Callable[[], int],
        tree: TreeView,
    ) -> None:
        super().__init__(window)
        self.window = window
        self.splitter = splitter
        self.board = board
        self.board_room = board_room
        """How tall the board could be where it is (its pane may leave room under it)."""
        self.tree = tree
        self.chosen: set[str] = set()
        """Object names of the docks the user opened himself (these stay, and are saved)."""
        self._busy = False
        self._hidden_by_window: set[str] = set()
        """Docks the window hid itself and has not shown again (not closed by the user)."""
        self.docks: list[QDockWidget] = []
        self._unsaved: set[str] = set()
        self._pending: list[tuple[QDockWidget, int]] = []
        """Docks opened before the window was shown, and the size each asked for: where they go
        is decided once the window has its size (Qt ignores a dock's resize until then)."""
        self.held_back = False
        """Projector mode: a feature's dock waits (the user's still opens)."""
        """Sizes asked for before the window was shown (Qt ignores a resize until then)."""

    def manage(self, docks: list[QDockWidget], unsaved: Sequence[QDockWidget] = ()) -> None:
        """Start keeping these docks: the View menu's toggles count as the user's choice.
        `unsaved` docks belong to a mode (the quiz's) and never reopen by themselves."""
        self._unsaved |= {dock.objectName() for dock in unsaved}
        for dock in docks:
            if dock in self.docks:
                continue
            self.docks.append(dock)
            dock.toggleViewAction().triggered.connect(
                lambda checked, chosen=dock: self._toggled(chosen, checked)
            )
            dock.visibilityChanged.connect(self._visibility_changed)

    # -- the user's choice ------------------------------------------------------------------------

    def ask(self, dock: QDockWidget, extent: int) -> None:
        """The user asked for this dock (a command): open it, and keep it open."""
        self.chosen.add(dock.objectName())
        self.offer(dock, extent)

    @contextmanager
    def rearranging(self) -> Iterator[None]:
        """Docks hidden and shown in here are the window's doing, not the user closing them."""
        busy, self._busy = self._busy, True
        try:
            yield
        finally:
            self._busy = busy

    def dismiss(self, dock: QDockWidget) -> None:
        """The user is done with this dock (its mode ended): close it, and forget the choice."""
        self.chosen.discard(dock.objectName())
        with self.rearranging():
            dock.hide()

    def saved(self) -> list[str]:
        """The docks to reopen at the next start: those the user chose (not a mode's)."""
        return sorted(self.chosen - self._unsaved)

    def _toggled(self, dock: QDockWidget, checked: bool) -> None:
        if checked:
            self.chosen.add(dock.objectName())
            with self.rearranging():
                self.window.removeDockWidget(dock)
            self.offer(dock, self._extent(dock))
        else:
            self.chosen.discard(dock.objectName())

    def _visibility_changed(self, visible: bool) -> None:
        """The dock's own close button hides it: the user no longer wants it (checked once
        the event is over: floating or re-docking a dock hides it for a moment). A dock the
        window hid itself (`rearranging`) is marked so until it shows again: a check queued
        before (a tab sent behind another) must not take that hiding for the user's."""
        dock = self.sender()
        if not isinstance(dock, QDockWidget) or not isValid(self.window):
            return
        if visible:
            self._hidden_by_window.discard(dock.objectName())
        elif self._busy:
            self._hidden_by_window.add(dock.objectName())
        else:
            QTimer.singleShot(0, self, lambda: self._closed(dock))

    def _closed(self, dock: QDockWidget) -> None:
        if (
            isValid(dock)
            and not self._busy
            and dock.isHidden()
            and dock.objectName() not in self._hidden_by_window
            and self.window.isVisible()
        ):
            self.chosen.discard(dock.objectName())

    # -- opening ----------------------------------------------------------------------------------

    def offer(self, dock: QDockWidget, extent: int) -> None:
        """A feature has something to show in `dock`: open it where the board and the tree keep
        their readable size, `extent` pixels tall at the bottom (or wide on the right) if there
        is room for that, else what there is."""
        if self.held_back and dock.objectName() not in self.chosen:
            return
        if dock.isVisible() or dock.isFloating():
            dock.show()
            dock.raise_()
            return
        if not self.window.isVisible():
            self._pending = [(d, e) for d, e in self._pending if d is not dock]
            self._pending.append((dock, extent))
            dock.show()
            return
        area, size = self._room(dock, extent)
        beside = self._visible_in(area, dock)
        if (
            area == RIGHT
            and not beside
            and dock.objectName() not in self.chosen
            and self._tree_width_beside(dock, size)
            < max(OFFERED_TREE_WIDTH, self.tree.width_to_show_whole())
        ):
            self.waiting.emit(dock)
            return
        with self.rearranging():
            self.window.addDockWidget(area, dock)
            if beside:
                self.window.tabifyDockWidget(beside[0], dock)
            dock.show()
            dock.raise_()
            if not beside:
                orientation = (
                    Qt.Orientation.Vertical if area == BOTTOM else Qt.Orientation.Horizontal
                )
                self.window.resizeDocks([dock], [size], orientation)
        QTimer.singleShot(0, self, self.keep_the_board)

    def window_shown(self) -> None:
        """The window is on screen: place the docks opened before it, as if opened now."""
        pending, self._pending = self._pending, []
        for dock, extent in pending:
            if dock.isHidden() or dock.isFloating():
                continue
            with self.rearranging():
                self.window.removeDockWidget(dock)
            self.offer(dock, extent)

    def _room(self, dock: QDockWidget, extent: int) -> tuple[Qt.DockWidgetArea, int]:
        """Where `dock` opens and how big: at home (the bottom or the right) if the board and
        the tree can give it `extent` pixels there; else where they can give a usable size
        (beside the tree first: it is the wider view); a dock already open there shares."""
        home = self._home(dock)
        for area in (home, RIGHT if home == BOTTOM else BOTTOM):
            if self._visible_in(area, dock):
                return area, extent
        spare = self._spare_height() - SLACK
        side = self._spare_width()
        if home == BOTTOM and spare >= extent:
            return BOTTOM, extent
        width = extent if home == RIGHT else SIDE_WIDTH
        if side >= MIN_DOCK_WIDTH or spare < MIN_DOCK_HEIGHT:
            return RIGHT, max(MIN_DOCK_WIDTH, min(width, side))
        return BOTTOM, spare

    def _spare_width(self) -> int:
        """Pixels the board's and the tree's panes could give up and keep their minimums."""
        splitter = self.splitter
        need = 0
        for index, floor in enumerate((MIN_BOARD_PANE, MIN_TREE_PANE)):
            pane = splitter.widget(index)
            need += floor if pane is None else max(floor, pane.minimumSizeHint().width())
        return sum(splitter.sizes()) - need

    def _tree_width_beside(self, dock: QDockWidget, width: int) -> int:
        """The tree's pane's width once `dock` is open `width` pixels wide on the right (the
        board's pane gives up its width first, down to its minimum, or to `BOARD_PANE`, which
        the window keeps it at unless the user made it narrower). Read from the window's
        width: when the window has just been shown its panes are not laid out yet."""
        board = self.splitter.widget(0)
        board_floor = (
            MIN_BOARD_PANE
            if board is None
            else max(
                MIN_BOARD_PANE, board.minimumSizeHint().width(), min(board.width(), BOARD_PANE)
            )
        )
        taken = max(width, dock.minimumSizeHint().width())
        beside = sum(other.width() for other in self._visible_in(RIGHT, dock))
        return self.window.width() - beside - taken - board_floor

    def _spare_height(self) -> int:
        """Pixels the board and the tree could give up and stay readable."""
        spare = self.tree.height() - MIN_TREE_HEIGHT
        if self.board.isVisible():
            spare = min(spare, self.board_room() - MIN_BOARD)
        return spare

    def _visible_in(self, area: Qt.DockWidgetArea, other_than: QDockWidget) -> list[QDockWidget]:
        return [
            dock
            for dock in self.docks
            if dock is not other_than
            and dock.isVisible()
            and not dock.isFloating()
            and self.window.dockWidgetArea(dock) == area
        ]

    @staticmethod
    def _home(dock: QDockWidget) -> Qt.DockWidgetArea:
        home = dock.property(HOME_AREA)
        return RIGHT if home is None else Qt.DockWidgetArea(home)

    def _extent(self, dock: QDockWidget) -> int:
        return SIDE_WIDTH if self._home(dock) == RIGHT else DOCK_HEIGHT

    def keep_the_board(self) -> None:
        """If the docks have left the board or the tree under their readable size (a small
        window, a dock dragged), give them back the height the bottom docks can spare."""
        missing = -self._spare_height()
        bottom = [dock for dock in self.docks if self._in(dock, BOTTOM)]
        if missing > 0 and bottom:
            heights = [max(MIN_DOCK_HEIGHT, dock.height() - missing) for dock in bottom]
            self.window.resizeDocks(bottom, heights, Qt.Orientation.Vertical)
        self.rearranged.emit()

    def _in(self, dock: QDockWidget, area: Qt.DockWidgetArea) -> bool:
        return (
            dock.isVisible() and not dock.isFloating() and self.window.dockWidgetArea(dock) == area
        )

    # -- closing ----------------------------------------------------------------------------------

    def close_unchosen(self, docks: list[QDockWidget] | None = None) -> None:
        """Close the docks (all, or these) the user did not choose: a reset, a new problem or a
        replayed state left them with nothing to say."""
        with self.rearranging():
            closing = [
                dock
                for dock in (self.docks if docks is None else docks)
                if dock.objectName() not in self.chosen and not dock.isHidden()
            ]
            for dock in closing:
                dock.hide()
        if closing:
            QTimer.singleShot(0, self, self.rearranged.emit)

    def restore(self, chosen: list[str]) -> None:
        """After the saved layout is back: only the docks the user chose stay open."""
        names = {dock.objectName() for dock in self.docks} - self._unsaved
        self.chosen = set(chosen) & names
        self.close_unchosen()
