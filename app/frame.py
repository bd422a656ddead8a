"""The window as its features see it: one narrow object (`Frame`, an `app.session.Ui`) instead of
the window itself, so a feature reaches the status line, the narration, the board and the docks
and nothing else of the window's.

The frame also keeps the status line (`show_status`), whose text a redraw replaces and whose
messages Qt would otherwise draw behind it, and the note that a panel stayed closed.
"""

from __future__ import annotations

from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QMessageBox

from .docks import DockKeeper
from .pointing import Pointing
from .progress.status_label import StatusLabel
from .progress.timeline import Timeline
from .session import OPEN_ERROR
from .short_text import one_line

OPENED_BY = "opened_by"
"""A dock property: the menu entry that opens the dock where View's toggle is not the way
("Search ▸ Why not found? (Ctrl+W)")."""


class Frame:
    """What a feature may ask of the window (`app.session.Ui`), over the window's parts."""

    def __init__(
        self,
        host: QMainWindow,
        narration: QLabel,
        status: StatusLabel,
        timeline: Timeline,
        docks: DockKeeper,
        pointing: Pointing,
    ) -> None:
        self._host = host
        self.narration = narration
        self.status = status
        self.timeline = timeline
        self.docks = docks
        self.pointing = pointing
        self.line: tuple[str, ...] = ("",)
        """The status line's text and its shorter forms (`show_status`)."""
        self.dock_waiting = ""
        """The status line's note that a panel stayed closed (cleared when the user opens it)."""
        host.statusBar().messageChanged.connect(lambda _text: self.show_line())
        docks.waiting.connect(self.dock_waits)

    @property
    def host(self) -> QMainWindow:
        return self._host

    def say(self, text: str, timeout_ms: int = 0) -> None:
        self._host.statusBar().showMessage(text, timeout_ms)

    def narrate(self, text: str) -> None:
        self.narration.setText(text)

    def point_at(self, level: int, node: int) -> None:
        self.pointing.focus_node(level, node)

    def show_board(self) -> None:
        self.pointing.update_board()

    def show_status(self, text: str, *shorter: str) -> None:
        self.line = (text, *shorter)
        self.show_line()

    def show_line(self) -> None:
        """The status line, after the latest message (a message alone would be hidden behind
        the line: Qt draws messages beside the permanent widgets, and the line takes the
        width)."""
        self.status.set_message(self._host.statusBar().currentMessage())
        self.status.set_line(*self.line)

    def cover_answer(self, covered: bool) -> None:
        self.timeline.hide_answer(covered)

    def show_error(self, text: str, title: str = OPEN_ERROR) -> None:
        """Every mistake in the user's input ends here (the session's `error` too): a dialog
        with one line (tests intercept QMessageBox.warning); the window and its search stay as
        they were."""
        QMessageBox.warning(self._host, title, one_line(text))

    def dock_waits(self, dock: QDockWidget) -> None:
        """A panel with something to show stayed closed to keep the tree readable: say which
        menu entry opens it (the entry's own shortcut where the dock's action is not in View)."""
        name = dock.toggleViewAction().text().replace("&", "")
        opener = dock.property(OPENED_BY)
        entry = opener if isinstance(opener, str) and opener else f"View ▸ {name}"
        self.dock_waiting = f"{name} has more to say: {entry} opens it."
        self._host.statusBar().showMessage(self.dock_waiting)

    def open_dock(self, dock: QDockWidget, extent: int, asked: bool) -> None:
        bar = self._host.statusBar()
        if asked and bar.currentMessage() == self.dock_waiting:
            bar.clearMessage()  # the panel it named is opening
        (self.docks.ask if asked else self.docks.offer)(dock, extent)

    def close_dock(self, dock: QDockWidget) -> None:
        self.docks.dismiss(dock)
