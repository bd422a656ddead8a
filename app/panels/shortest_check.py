"""Is there a shorter mate than the one PN proved? The αβ `shortest_mate` check (thesis §3.6.2,
Figure 3.10: PN finds *a* mate, not the shortest) run in a spawned process beside the window.

The process is polled by a timer, so the GUI thread never waits; Cancel, a new search or closing
the window terminate it; it has a node budget and a time limit, and a watchdog ends it if it
overruns that limit by far. A shorter mate it reports has passed `mate_solution`'s independent
replay inside `shortest_mate` before it is sent.
"""

from __future__ import annotations

import multiprocessing
import time
from multiprocessing.connection import Connection

from PySide6.QtCore import QObject, QTimer, Signal

from core.errors import PnExplorerError
from core.search.alphabeta import shortest_mate
from core.search.defaults import DEFAULT_NODE_CAP
from core.search.types import Limits

SECONDS = 60.0
"""αβ's time limit for the check: a few seconds settle most of the 82 WAC mates."""

POLL_MS = 100


def _work(fen: str, mate_in: int, seconds: float, connection: Connection) -> None:
    """In the worker process: the check's one-line verdict (or why it failed)."""
    try:
        found = shortest_mate(fen, mate_in, Limits(max_nodes=DEFAULT_NODE_CAP, max_seconds=seconds))
        line = " ".join(found.solution.main_line_san) if found.shorter_found else ""
        connection.send((True, found.text, found.mate_in, line))
    except PnExplorerError as error:
        connection.send((False, str(error), mate_in, ""))
    connection.close()


class ShortestCheck(QObject):
    """One check at a time; `finished(text, given, mate_in, line)` when it ends by itself: the
    proved length `given`, the shortest mate known and, if shorter, its verified line in SAN."""

    finished = Signal(str, int, int, str)

    def __init__(self, parent: QObject | None = None, seconds: float = SECONDS) -> None:
        super().__init__(parent)
        self.seconds = seconds
        self._context = multiprocessing.get_context("spawn")
        self._process: multiprocessing.process.BaseProcess | None = None
        self._connection: Connection | None = None
        self._started = 0.0
        self._given = 0
        self.timer = QTimer(self)
        self.timer.setInterval(POLL_MS)
        self.timer.timeout.connect(self._poll)

    @property
    def busy(self) -> bool:
        return self._process is not None

    def start(self, fen: str, mate_in: int) -> None:
        """Look for a mate shorter than `mate_in` from `fen` (ends any check running)."""
        self.cancel()
        receiver, sender = self._context.Pipe(duplex=False)
        self._process = self._context.Process(
            target=_work,
            args=(fen, mate_in, self.seconds, sender),
            daemon=True,
            name="pn-explorer shortest mate",
        )
        self._process.start()
        sender.close()
        self._connection = receiver
        self._started = time.monotonic()
        self._given = mate_in
        self.timer.start()

    def cancel(self) -> None:
        """End the running check at once (nothing is reported)."""
        self.timer.stop()
        process, connection = self._process, self._connection
        self._process = self._connection = None
        if process is None:
            return
        process.terminate()
        process.join(2.0)
        if process.is_alive():
            process.kill()
            process.join()
        connection.close()

    def _poll(self) -> None:
        process, connection = self._process, self._connection
        if process is None:
            return
        message: tuple[bool, str, int, str] | None = None
        try:
            if connection.poll():
                message = connection.recv()
        except (EOFError, OSError):
            message = (False, f"the check's process ended (exit code {process.exitcode})", 0, "")
        if message is None and not process.is_alive():
            message = (False, f"the check's process ended (exit code {process.exitcode})", 0, "")
        if message is None and time.monotonic() > self._started + 2 * self.seconds + 30:
            message = (False, f"stopped: far over its time limit of {self.seconds:g} s", 0, "")
        if message is None:
            return
        self.cancel()
        ok, text, mate_in, line = message
        text = text if ok else f"the check failed: {text}"
        self.finished.emit(text, self._given, mate_in or self._given, line)
