"""The engine cross-check panel: a real UCI engine's mate distance and best move beside ours.

Why: PN's mate is proved but often not the shortest (thesis §3.6.2, Figure 3.10); Stockfish finds
short mates fast but proves nothing. The engine is asked from a worker thread of the window's
background-job runner (`app.jobs`; the engine itself is a separate process, given one thread),
within the time limit set here, `go mate N` with our
verified length when we have one; the GUI thread only starts it and reads the answer. Cancel
stops it; so do a new position and closing the window. Nothing runs until the user asks. With no
engine installed the panel says so in one line and the rest of the window is unchanged.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ...core.engines.uci import DEFAULT_SECONDS, CrossCheck, EngineClaim, find_engine
from ...core.errors import PnExplorerError
from ...core.proofs.claims import mate_text
from ...core.runs.runner import RunRecord
from ...core.search.types import Result
from ...core.values import counted
from ..jobs import Jobs
from ..problems.settings import Settings
from ..session import Session
from ..short_text import one_line

MAX_SECONDS = 600
QUIET = "color: #6b6b6b;"


def with_article(noun: str) -> str:
    """ "a board game", "an OpenSpiel game"."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def ours_text(record: RunRecord | Exception | None) -> str:
    """Our search's line of the cross-check."""
    if record is None:
        return "Ours: not solved yet."
    if isinstance(record, Exception):
        return "Ours: the result could not be read."
    if record.result == Result.PROVED.value and record.verified:
        first = f", first move {record.first_move}" if record.first_move else ""
        return f"Ours: {record.claim}{first} (verified)."
    if record.rejected:
        return "Ours: the proof failed verification (no mate)."
    if record.uncertified:
        return "Ours: disproved by the search but not certified."
    if record.result == Result.DISPROVED.value:
        return f"Ours: disproved, {record.claim}."
    return "Ours: unsolved."


def engine_text(claim: EngineClaim) -> str:
    """The engine's line of the cross-check: its claim, labelled as such."""
    if claim.mate_in is not None and claim.mate_in > 0:
        what = mate_text(claim.mate_in)
    elif claim.mate_in is not None:
        what = f"the side to move is mated in {-claim.mate_in}"
    else:
        what = f"no mate found (score {claim.score})"
    best = f", best move {claim.best_move}" if claim.best_move else ""
    stopped = ", cancelled" if claim.cancelled else ""
    return (
        f"{claim.engine}: {what}{best}{stopped} — {claim.nodes:,} nodes in "
        f"{claim.seconds:.2f} s (its claim, not verified)."
    )


def lengths_text(record: RunRecord | Exception | None, claim: EngineClaim) -> str:
    """Where both found a mate: whose is shorter (PN's need not be the shortest, §3.6.2)."""
    if not (isinstance(record, RunRecord) and record.verified and claim.mates):
        return ""
    ours, theirs = record.mate_in, claim.mate_in
    if not ours or theirs is None:
        return ""
    if theirs < ours:
        return (
            f"The engine's mate is {counted(theirs, 'move')} against our {ours}: ours is not "
            "the shortest."
        )
    if theirs > ours:
        return f"Our verified mate is shorter than the engine's ({ours} < {theirs})."
    return "Both mates have the same length."


class EngineCheckPanel(QWidget):
    """Ask / Cancel, the engine and its time limit, and the two answers one under the other."""

    def __init__(
        self, session: Session, settings: Settings | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.settings = settings
        self.fen: str | None = None
        self.known_mate: int | None = None
        self.ours: RunRecord | Exception | None = None
        self.claim: EngineClaim | None = None
        self.command: list[str] | None = None
        self.jobs = Jobs(self)
        self.jobs.result.connect(self._on_claim)
        self.jobs.failed.connect(self._on_failed)
        self.engine_line = QLabel()
        self.engine_line.setWordWrap(True)  # wraps within the board's column, never cut
        self.engine_line.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.ask_button = QPushButton("Ask the engine")
        self.ask_button.setToolTip("Ask the UCI engine for its mate on this position")
        self.ask_button.clicked.connect(self.ask)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("Stop the engine")
        self.cancel_button.clicked.connect(self.cancel)
        self.choose_button = QPushButton("Engine…")
        self.choose_button.setToolTip("Choose the UCI engine's program (default: stockfish)")
        self.choose_button.clicked.connect(self.choose_engine)
        self.seconds = QSpinBox()
        self.seconds.setRange(1, MAX_SECONDS)
        self.seconds.setSuffix(" s")
        self.seconds.setToolTip("The engine's time limit (one thread)")
        self.seconds.setValue(
            settings.engine_seconds(int(DEFAULT_SECONDS), MAX_SECONDS)
            if settings
            else int(DEFAULT_SECONDS)
        )
        self.seconds.valueChanged.connect(self._seconds_changed)
        self.ours_line = QLabel()
        self.theirs_line = QLabel()
        for label in (self.ours_line, self.theirs_line):
            label.setWordWrap(True)
        self.controls = QWidget()
        controls = QHBoxLayout(self.controls)
        controls.setContentsMargins(0, 0, 0, 0)
        for widget in (self.ask_button, self.cancel_button, self.seconds, self.choose_button):
            controls.addWidget(widget)
        controls.addStretch(1)
        self.not_applicable = ""
        """Why the cross-check does not apply to the problem open ("" where it does): its game's
        capability record (`Capabilities.standard_chess`) says so."""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.addWidget(self.engine_line)
        layout.addWidget(self.controls)
        layout.addWidget(self.ours_line)
        layout.addWidget(self.theirs_line)
        self.set_engine(settings.engine_path() if settings else "")
        session.driver_changed.connect(self._search_started)
        session.solution_changed.connect(self._set_ours)

    # -- the engine --------------------------------------------------------------------------------

    def set_engine(self, path: str) -> None:
        """Use the engine at `path` ("" = stockfish on PATH); say in one line if there is none."""
        self.cancel()
        try:
            self.command = find_engine(path or None)
            self.engine_line.setText(f"<b>Cross-check with a real engine:</b> {self.command[0]}")
            self.engine_line.setToolTip("")
        except PnExplorerError as error:
            self.command = None
            self.engine_line.setText(one_line(f"No UCI engine: {error}."))
            self.engine_line.setToolTip(str(error))
        if self.settings is not None:
            self.settings.set_engine_path(path)
        self.claim = None
        self._show()

    def choose_engine(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Choose a UCI engine")
        if path:
            self.set_engine(path)

    def _seconds_changed(self, seconds: int) -> None:
        if self.settings is not None:
            self.settings.set_engine_seconds(seconds)

    # -- what the session tells the panel --------------------------------------------------------

    def _search_started(self, _search: object) -> None:
        """A new position cancels the engine and forgets its answer (a reset of the same one
        keeps it)."""
        problem = self.session.problem
        if problem is None:
            return
        game = problem.game
        applies = game.capabilities.standard_chess
        self.not_applicable = (
            ""
            if applies
            else f"No engine cross-check on {with_article(problem.kind.title)}: a UCI engine "
            "reads chess positions."
        )
        self.engine_line.setVisible(applies)
        self.controls.setVisible(applies)
        fen = problem.kind.root_text(game) if applies else None
        self.ours = None
        self.known_mate = problem.mate_length
        if fen != self.fen or fen is None:
            self.cancel()
            self.fen, self.claim = fen, None
        self._show()

    def _set_ours(self, record: RunRecord | Exception | None) -> None:
        """The session's solution: our verified mate (its length asked of the engine)."""
        self.ours = record
        self._show()

    # -- asking ------------------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self.jobs.busy

    def ask(self) -> None:
        """Start the engine on the current position with `go mate`: our verified length, else the
        problem's stated one (a suite's `dm`), else a plain timed search."""
        if self.command is None or self.fen is None or self.busy:
            return
        mate = self.known_mate
        if isinstance(self.ours, RunRecord) and self.ours.verified and self.ours.mate_in:
            mate = self.ours.mate_in
        check = CrossCheck(self.command, self.fen, float(self.seconds.value()), mate)
        self.claim = None
        self.jobs.run_thread(check.run, stop=check.cancel)
        self._show()

    def cancel(self) -> None:
        """Stop the engine now (its answer so far is dropped); never waits."""
        if not self.jobs.busy:
            return
        self.jobs.cancel()
        self.theirs_line.setText("Cancelled: the engine was stopped.")
        self._update_controls()

    def wait(self, timeout_ms: int = 10000) -> None:
        """Block until every engine thread has ended (closing the window, tests)."""
        self.jobs.wait(timeout_ms)

    def _on_claim(self, _index: int, claim: EngineClaim) -> None:
        self.claim = claim
        self._show()

    def _on_failed(self, _index: int, why: str) -> None:
        self.claim = None
        self._show()
        self.theirs_line.setText(one_line(f"The engine could not answer: {why}"))

    # -- text --------------------------------------------------------------------------------------

    def _show(self) -> None:
        self._update_controls()
        if self.fen is None:
            self.ours_line.setText(self.not_applicable)
            self.theirs_line.setText("")
            return
        self.ours_line.setText(ours_text(self.ours))
        if self.jobs.busy:
            self.theirs_line.setText(f"The engine is thinking (at most {self.seconds.value()} s)…")
        elif self.claim is not None:
            compared = lengths_text(self.ours, self.claim)
            self.theirs_line.setText(f"{engine_text(self.claim)} {compared}".strip())
        elif self.command is not None:
            self.theirs_line.setText("Ask the engine for its mate on this position.")
        else:
            self.theirs_line.setText("")
        self.theirs_line.setStyleSheet("" if self.claim is not None else QUIET)

    def _update_controls(self) -> None:
        usable = self.command is not None and self.fen is not None
        self.ask_button.setEnabled(usable and not self.jobs.busy)
        self.cancel_button.setEnabled(self.jobs.busy)
        # Shown only while the engine runs: the row then fits the board's narrowest column.
        self.cancel_button.setVisible(self.jobs.busy)
        self.seconds.setEnabled(usable)
