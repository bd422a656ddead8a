"""When the window redraws: at once after a single step, and on a timer while the search runs, as
often as the drawing budget allows (`app.driving.redraw_throttle`)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

from ...core.search.types import StepReport
from .driver import SearchDriver
from .redraw_throttle import REFRESH_MS, RedrawThrottle


class RedrawSchedule(QObject):
    """Calls `redraw(board)` for one driver's steps; `board` says whether the board is due too."""

    def __init__(
        self, parent: QObject, driver: SearchDriver, redraw: Callable[[bool], None]
    ) -> None:
        super().__init__(parent)
        self.driver = driver
        self.redraw = redraw
        self.dirty = False
        self.throttle = RedrawThrottle()
        driver.stepped.connect(self._stepped)
        driver.progressed.connect(self._progressed)
        driver.running_changed.connect(self._running_changed)
        self.timer = QTimer(self)
        self.timer.setInterval(REFRESH_MS)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def _stepped(self, _report: StepReport) -> None:
        if self.driver.running:
            self.dirty = True
        else:
            self.redraw(True)

    def _progressed(self) -> None:
        self.dirty = True

    def _running_changed(self, running: bool) -> None:
        self.throttle.restart()
        if not running:
            self.redraw(True)

    def _tick(self) -> None:
        """The redraw timer: at full speed, as often as the drawing budget allows."""
        if not self.dirty:
            return
        if not self.driver.running_fast:
            self.redraw(True)
            return
        if self.throttle.due():
            self.redraw(self.throttle.frame(self.driver.take_overhead_share()))
            self.throttle.drawn()
