"""The window's panes fitted to their room: the board's pane (the board, the result under it and
the engine cross-check), the strip under the board and the tree (the memory gauge, the replay and
Pn²'s curves), and the split between the board's pane and the tree's."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QSplitter,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from ..core.search.contract import Stepper
from ..core.search.registry import entry
from .board.view import BoardView
from .docks import DockKeeper
from .problems.search_setup import SearchParams
from .progress.curves import CurvesWidget
from .progress.memory_gauge import MemoryGauge, gauge_title, memory_state
from .progress.timeline import Timeline
from .result.engine_check import EngineCheckPanel
from .result.panel import ResultPanel
from .tree_view.view import TreeView
from .window_layout import DOCK_HEIGHT, board_room, fit_board_pane, restore_layout

STRIP_ROOM = 480
"""The width the memory gauge and the replay keep beside Pn²'s curves in the bottom strip."""


def tree_pane(tree_view: TreeView, narration: QLabel) -> QWidget:
    """The tree over the narration."""
    pane = QWidget()
    layout = QVBoxLayout(pane)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(tree_view, 1)
    layout.addWidget(narration)
    return pane


class BoardPane(QWidget):
    """The board over the result and the engine cross-check. On a short window (a banner shown,
    a dock at the bottom) the cross-check gives its height to the board rather than let the
    board be cut, and comes back once the pane is tall enough again (not while `held`:
    projector mode has put it away)."""

    def __init__(
        self,
        board_view: BoardView,
        result_panel: ResultPanel,
        engine_panel: EngineCheckPanel,
        held: Callable[[], bool],
    ) -> None:
        super().__init__()
        self.board_view = board_view
        self.engine_panel = engine_panel
        self.held = held
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(board_view, 1)
        layout.addWidget(result_panel)
        layout.addWidget(engine_panel)
        self.engine_room = 0
        """The pane's height at which the engine panel, put away for the board, returns (0: not
        put away)."""

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        QTimer.singleShot(0, self, self.engine_panel_yields)

    def engine_panel_yields(self) -> None:
        if self.held():
            return
        if self.engine_room and self.height() >= self.engine_room:
            self.engine_room = 0
            self.engine_panel.show()
        elif (
            self.engine_panel.isVisible()
            and self.board_view.height() < self.board_view.minimumSizeHint().height()
        ):
            self.engine_room = self.height() + self.engine_panel.height()
            self.engine_panel.hide()


class BottomStrip(QWidget):
    """The gauge (under its title), the replay and Pn²'s curves. The curves show only where the
    strip keeps the gauge and the replay their readable width beside them: at 1024×768 with a
    dock open they left the gauge 60 pixels, its caption one word a line; the gauge and the
    replay are what the class follows."""

    def __init__(self, gauge: MemoryGauge, timeline: Timeline, curves: CurvesWidget) -> None:
        super().__init__()
        self.gauge = gauge
        self.curves = curves
        self.curves_wanted = False
        """Pn²'s curves belong in the strip (a two-level search); they show where it has room."""
        gauge_box = QWidget()
        gauge_layout = QVBoxLayout(gauge_box)
        gauge_layout.setContentsMargins(0, 0, 0, 0)
        self.gauge_title = QLabel(gauge_title())
        self.gauge_title.setWordWrap(True)
        gauge_layout.addWidget(self.gauge_title)
        gauge_layout.addWidget(gauge)
        gauge_layout.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(gauge_box, 1)
        layout.addWidget(timeline, 1)
        layout.addWidget(curves)

    def set_search(self, search: Stepper, params: SearchParams) -> None:
        """Set up for a new search: the gauge's title, and the curves of Pn²'s parameters."""
        self.gauge_title.setText(gauge_title(memory_state(search)))
        self.curves_wanted = entry(params.algo).capabilities.two_levels
        self.fit()
        fraction = str(params.value("fraction"))
        self.curves.set_parameters(
            params.number("a"), params.number("b"), params.max_nodes, fraction
        )

    def refresh(self, search: Stepper, params: SearchParams) -> None:
        self.gauge.set_state(memory_state(search))
        if self.curves.isVisible() or entry(params.algo).capabilities.two_levels:
            self.curves.set_marker(len(search.drawn_tree))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        QTimer.singleShot(0, self, self.fit)  # not inside the layout pass

    def fit(self) -> None:
        room = self.width() >= self.curves.width() + STRIP_ROOM
        self.curves.setVisible(self.curves_wanted and room)


def board_height(board_view: BoardView) -> int:
    """How tall the board could be (0 for a problem without a board: a tree's path)."""
    board = board_view.board
    return board_room(board_view, board) if board.isVisible() else 0


class PaneFitter(QObject):
    """The split between the board's pane and the tree's: sized so the board fills the height
    it has, until the user drags it (`chosen`); Restore layout sizes it again."""

    def __init__(
        self, host: QMainWindow, splitter: QSplitter, board_view: BoardView, tree_view: TreeView
    ) -> None:
        super().__init__(host)
        self.host = host
        self.splitter = splitter
        self.board_view = board_view
        self.tree_view = tree_view
        self.docks: DockKeeper | None = None
        """The window's docks, for Restore layout (given once they are kept)."""
        self.chosen = False
        """The user dragged the board's pane: the window no longer sizes it to the board."""
        splitter.splitterMoved.connect(self._dragged)

    def _dragged(self) -> None:
        self.chosen = True

    def fit(self) -> None:
        """Unless the user sized the board's pane, let the board fill the height it has (also
        after projector mode put the strips under it away)."""
        if not self.chosen:
            fit_board_pane(
                self.splitter,
                board_height(self.board_view),
                tree_needs=self.tree_view.width_to_show_drawn(),
            )
            QTimer.singleShot(0, self.tree_view.fit_drawn_across)

    def restore_layout(self) -> None:
        """View ▸ Restore layout: panes, docks and zoom as in a new window; only the docks the
        user opened stay open."""
        docks = self.docks
        assert docks is not None, "the window keeps its docks before it has a menu"
        with docks.rearranging():
            restore_layout(self.host, self.splitter, self.tree_view)
        docks.close_unchosen()
        # The docks kept open go where a dock opens (the board and the tree keep their readable
        # sizes), not all to their first area: two at the bottom of a 1280×800 window took the
        # board down to 314 pixels.
        kept = [dock for dock in self.host.findChildren(QDockWidget) if dock.isVisible()]
        with docks.rearranging():
            for dock in kept:
                dock.hide()
        self.chosen = False
        self.fit()
        QTimer.singleShot(0, self, lambda: self._reopen(docks, kept))

    def _reopen(self, docks: DockKeeper, kept: list[QDockWidget]) -> None:
        """Open these docks again as a new window opens them, once the panes are laid out
        without them."""
        for dock in kept:
            if isValid(dock) and dock.isHidden():
                docks.offer(dock, DOCK_HEIGHT)
        self.fit()
