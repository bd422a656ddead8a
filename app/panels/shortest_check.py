"""Is there a shorter mate than the one PN proved? The αβ `shortest_mate` check (thesis §3.6.2,
Figure 3.10: PN finds *a* mate, not the shortest) run in a worker process beside the window.

The window's background-job runner (`app.jobs`) runs it, so the GUI thread never waits; Cancel, a
new search or closing the window end its process; it has a node budget and a time limit, and a
deadline ends it if it overruns that limit by far. A shorter mate it reports has passed
`mate_solution`'s independent replay inside `shortest_mate` before it is sent.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from app.jobs import Jobs
from core.search.alphabeta import shortest_mate
from core.search.defaults import DEFAULT_NODE_CAP
from core.search.types import Limits

SECONDS = 60.0
"""αβ's time limit for the check: a few seconds settle most of the 82 WAC mates."""


def check_shorter(task: tuple[str, int, float]) -> tuple[str, int, str]:
    """In the worker process, for (fen, proved length, seconds): the check's one-line verdict,
    the shortest mate known and, if shorter, its verified line in SAN."""
    fen, mate_in, seconds = task
    found = shortest_mate(fen, mate_in, Limits(max_nodes=DEFAULT_NODE_CAP, max_seconds=seconds))
    shorter = found.solution if found.shorter_found else None
    line = " ".join(shorter.main_line_san) if shorter is not None else ""
    return found.text, found.mate_in, line


class ShortestCheck(QObject):
    """One check at a time; `finished(text, given, mate_in, line)` when it ends by itself: the
    proved length `given`, the shortest mate known and, if shorter, its verified line in SAN."""

    finished = Signal(str, int, int, str)

    def __init__(self, parent: QObject | None = None, seconds: float = SECONDS) -> None:
        super().__init__(parent)
        self.seconds = seconds
        self._given = 0
        self.jobs = Jobs(self)
        self.jobs.result.connect(self._answered)
        self.jobs.failed.connect(self._failed)

    @property
    def busy(self) -> bool:
        return self.jobs.busy

    def start(self, fen: str, mate_in: int) -> None:
        """Look for a mate shorter than `mate_in` from `fen` (ends any check running)."""
        self._given = mate_in
        deadline = 2 * self.seconds + 30
        self.jobs.run_processes(check_shorter, [(fen, mate_in, self.seconds)], deadline=deadline)

    def cancel(self) -> None:
        """End the running check at once (nothing is reported)."""
        self.jobs.cancel()

    def _answered(self, _index: int, answer: tuple[str, int, str]) -> None:
        text, mate_in, line = answer
        self.finished.emit(text, self._given, mate_in or self._given, line)

    def _failed(self, _index: int, why: str) -> None:
        self.finished.emit(f"the check failed: {why}", self._given, self._given, "")
