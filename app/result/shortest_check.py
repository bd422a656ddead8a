"""Is the mate proved the shortest? The certificate of `core.search.dfpn_shortest` (thesis §3.6.2,
Figure 3.10: PN finds *a* mate, not the shortest) run in a worker process beside the window.

df-pn bounded by mate length proves shorter mates downward and disproves the length below the
shortest it finds: the answer is a length with a certificate, where the budget allows. The
window's background-job runner (`app.jobs`) runs it, so the GUI thread never waits; Cancel, a
new search or closing the window end its process; it has a node budget and a time limit, and a
deadline ends it if it overruns that limit by far. A shorter mate it reports has passed
`mate_solution`'s independent replay before it is sent.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from ...core.inputs.boards import parse_fen
from ...core.search.defaults import DEFAULT_NODE_CAP
from ...core.search.dfpn_shortest import certify_shortest
from ...core.search.types import Limits
from ..jobs import Jobs

SECONDS = 60.0
"""The certificate's time limit: a few seconds settle most of the 82 WAC mates."""


def check_shorter(task: tuple[str, bool, int, float]) -> tuple[str, int, str, bool]:
    """In the worker process, for (fen, attacker to move, proved length, seconds): what
    certifies the shortest mate known or leaves shorter ones open (`verdict`), its length, its
    verified line in SAN if shorter, and whether that length is certified shortest."""
    fen, attacker_to_move, mate_in, seconds = task
    board = parse_fen(fen)
    attacker = board.turn if attacker_to_move else not board.turn
    found = certify_shortest(
        board, attacker, mate_in, Limits(max_nodes=DEFAULT_NODE_CAP, max_seconds=seconds)
    )
    shorter = found.solution if found.shorter_found else None
    line = " ".join(shorter.main_line_san) if shorter is not None else ""
    return found.verdict, found.mate_in, line, found.certified


class ShortestCheck(QObject):
    """One check at a time; `finished(verdict, given, mate_in, line, certified)` when it ends
    by itself: what certifies the length or leaves shorter ones open, the proved length
    `given`, the shortest mate known, its verified line in SAN if shorter, and whether no
    shorter mate exists (disproved)."""

    finished = Signal(str, int, int, str, bool)

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

    def start(self, fen: str, mate_in: int, attacker_to_move: bool = True) -> None:
        """Look for a mate shorter than `mate_in` from `fen` by the side to move, or with
        `attacker_to_move` False by the other side, and certify the shortest (ends any check
        running)."""
        self._given = mate_in
        deadline = 2 * self.seconds + 30
        task = (fen, attacker_to_move, mate_in, self.seconds)
        self.jobs.run_processes(check_shorter, [task], deadline=deadline)

    def cancel(self) -> None:
        """End the running check at once (nothing is reported)."""
        self.jobs.cancel()

    def _answered(self, _index: int, answer: tuple[str, int, str, bool]) -> None:
        text, mate_in, line, certified = answer
        self.finished.emit(text, self._given, mate_in or self._given, line, certified)

    def _failed(self, _index: int, why: str) -> None:
        self.finished.emit(f"the check failed: {why}", self._given, self._given, "", False)
