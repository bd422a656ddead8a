"""What the board shows and the tree points at when the user points: a node hovered in the tree, a
refutation clicked, the main line played through (its slider, ←/→/Home/End), Esc back to the
most-proving node, and whether the tree follows that node (M). The board's presenter
(`app.board_focus`) decides the position; this puts it on the board and the focus in the tree.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow

from . import focus
from .board.view import BoardView
from .board_focus import BoardFocus
from .driving.driver import SearchDriver
from .problems.settings import Settings
from .refutation_focus import refutation_target
from .result.panel import ResultPanel
from .tree_view.view import TreeView


class Pointing(QObject):
    """The board and the tree's focus over one driver; `actions` are its keys, in View."""

    def __init__(
        self,
        host: QMainWindow,
        driver: SearchDriver,
        board_focus: BoardFocus,
        board_view: BoardView,
        tree_view: TreeView,
        result_panel: ResultPanel,
        settings: Settings | None,
    ) -> None:
        super().__init__(host)
        self.settings = settings
        self.driver = driver
        self.board_focus = board_focus
        self.board_view = board_view
        self.tree_view = tree_view
        self.result_panel = result_panel

        def action(text: str, key: str, slot) -> QAction:
            made = QAction(text, host)
            made.setShortcut(QKeySequence(key))
            made.triggered.connect(slot)
            host.addAction(made)
            return made

        self.unpin_action = action("Show the most-proving node", "Esc", self.unpin)
        self.line_back = action("Main line back", "Left", lambda: self.nudge_line(-1))
        self.line_forward = action("Main line forward", "Right", lambda: self.nudge_line(1))
        self.line_start = action("Main line start", "Home", lambda: self.line_to(0))
        self.line_end = action("Main line end", "End", lambda: self.line_to(None))
        self.follow_action = action("Follow the most-proving node", "M", self._follow_toggled)
        self.follow_action.setCheckable(True)
        self.follow_action.setChecked(True)
        self.actions = [  # as View lists them
            self.unpin_action,
            self.line_start,
            self.line_back,
            self.line_forward,
            self.line_end,
        ]
        tree_view.pin_changed.connect(board_focus.pin)
        tree_view.node_focused.connect(self.focus_node)
        tree_view.focus_released.connect(self.unpin)
        result_panel.ply_changed.connect(self.show_line)
        result_panel.refutation_chosen.connect(self.show_refutation)
        tree_view.follow_changed.connect(self._follow_changed_in_view)
        tree_view.follow_paused_changed.connect(self._follow_paused)

    def set_follow(self, follow: bool) -> None:
        self.follow_action.setChecked(follow)
        self.tree_view.set_follow(follow)

    def _follow_toggled(self) -> None:
        follow = self.follow_action.isChecked()
        self.tree_view.set_follow(follow)
        if self.settings is not None:
            self.settings.set_follow(follow)

    def _follow_paused(self, _paused: bool) -> None:
        """A drag paused follow: the menu's tick shows it off (M resumes), and the saved
        choice stays on."""
        self.follow_action.blockSignals(True)
        self.follow_action.setChecked(self.tree_view.follow)
        self.follow_action.blockSignals(False)

    def _follow_changed_in_view(self, follow: bool) -> None:
        if self.follow_action.isChecked() != follow:
            self.follow_action.setChecked(follow)
            if self.settings is not None:
                self.settings.set_follow(follow)

    def focus_node(self, level: int, node: int) -> None:
        """Show a node the user pointed at in the tree (until the next step or Esc)."""
        if self.board_focus.hover(level, node):
            self.update_board()

    def unpin(self) -> None:
        """Back to showing the most-proving node (Esc, or the pointer left the tree's nodes); at
        a finale played through, back to the main line at the slider's ply."""
        if self.tree_view.focused is not None:
            self.tree_view.set_focused(focus.FIRST_LEVEL, -1)
        self.board_focus.release()
        if self.board_focus.playing_line():
            self.show_line(self.result_panel.ply)
            return
        self.update_board()

    def show_line(self, ply: int) -> None:
        """Play the main line through on the board, and point at its node in the tree."""
        main_line = self.result_panel.main_line
        node = self.board_focus.show_line(main_line, ply, self.result_panel.line_name)
        if main_line and node is not None:
            self.tree_view.set_focused(focus.FIRST_LEVEL, node)
            self.tree_view.show_node(focus.FIRST_LEVEL, node)
        self.update_board()

    def show_refutation(self, index: int) -> None:
        """A clicked refutation line: the board and the tree go to the reply that holds (or to
        the root move itself when it fails on its own, e.g. stalemate)."""
        node = refutation_target(self.driver.search, index)
        if node is not None:
            self.tree_view.set_focused(focus.FIRST_LEVEL, node)
            self.update_board()

    def nudge_line(self, delta: int) -> None:
        if self.result_panel.main_line:
            slider = self.result_panel.slider
            slider.setValue(max(0, min(slider.maximum(), slider.value() + delta)))

    def line_to(self, ply: int | None) -> None:
        if self.result_panel.main_line:
            slider = self.result_panel.slider
            slider.setValue(slider.maximum() if ply is None else ply)

    def update_board(self) -> None:
        view = self.board_focus.view()
        if view is not None:
            self.board_view.show_position(view)
