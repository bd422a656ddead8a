"""The comparison panel: PN, Pn² and αβ on the current position side by side, as Table 3.1
compares them on a suite, and beside them the searches that merge transpositions, DAG PN and
df-pn (a class compares tree PN, DAG PN and df-pn on one position): result, verified
mate length, first move, nodes created, peak nodes in memory and time. A board game is compared
as a chess position is, by the searches that run on it (the registry's refusal says why not the
others), each worker opening the game again from its specification.

Each algorithm runs in a worker process (spawned, so nothing of the window is shared) through
`core.runs.runner.run_item`, the headless comparison's own runner: same node counting, and a
proof counts only after the independent verifier accepted it. The window's background-job runner
(`app.jobs`) polls the processes, so the window never waits and rows fill in as each search
ends. At most one process per core runs at once (the others wait), so the times stay comparable.
Cancel ends the processes; so do a new position and closing the window. Every run has the command
line's node budget and the user's time limit, and a deadline ends a process that overruns that
limit by far, so the panel always finishes.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QStyle,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ...core.runs.comparison import algorithm_factory
from ...core.runs.runner import ERROR, RunRecord, WorkItem, run_item
from ...core.search.registry import entries, entry, refusal
from ...core.search.types import Limits, Result
from ...core.values import counted
from ..jobs import Jobs
from ..problems.search_setup import SearchParams
from ..problems.sources import GAME, Problem, Source
from ..session import Session
from ..tree_view import style
from .model import (
    RESULT_COLUMN,
    CompareModel,
    Row,
)

DEFAULT_SECONDS = 60
MAX_SECONDS = 3600


def compared() -> tuple[str, ...]:
    """The panel's rows: every search of the registry that the comparison runs, in its order
    (the thesis's three, then the two that merge transpositions)."""
    return tuple(search.name for search in entries(compared=True))


def spoken(names: tuple[str, ...]) -> str:
    """ "PN, Pn², αβ, DAG PN and df-pn"."""
    titles = [entry(name).short_title for name in names]
    return titles[0] if len(titles) == 1 else f"{', '.join(titles[:-1])} and {titles[-1]}"


MIN_COLUMN_WIDTH = 70
FOOTNOTE_HEAD = "Node budgets, as on the command line:"

PROVED_COLOUR, DISPROVED_COLOUR = style.PROVED_TEXT.name(), style.DISPROVED_TEXT.name()
UNSOLVED_COLOUR, ERROR_COLOUR, QUIET_COLOUR = "#8a5a00", style.ALERT.name(), "#6b6b6b"


@dataclass(frozen=True, slots=True)
class PanelRun:
    """One finished row: the run's record and the first move of its verified mate, or, when the
    run has no record (it raised, its worker was killed or overran), `record` None and `failure`
    saying why."""

    algorithm: str
    record: RunRecord | None
    failure: str = ""

    @property
    def first_move(self) -> str | None:
        return self.record.first_move if self.record is not None else None

    @property
    def solved(self) -> bool:
        return self.record is not None and self.record.solved


def work_items(
    position_id: str,
    fen: str,
    seconds: float,
    attacker_to_move: bool = True,
    names: tuple[str, ...] | None = None,
    source: Source | None = None,
) -> list[WorkItem]:
    """The runs with the command line's budgets: each search with its default cap and default
    parameters (Pn² the paper's N = 300,000, a = 600,000, b = 80,000, the setting Table 3.1's
    comparison and the command line's `compare` use, not the window's own, which may be tuned
    to show the second level rather than to solve), and a time limit of `seconds` each. Raises
    InvalidLimitError for a bad time. `names`: these searches (default: every one compared);
    `source`: a board game each worker opens again, instead of the position `fen`."""
    return [
        WorkItem(
            position_id,
            fen,
            name,
            algorithm_factory(name),
            Limits(max_nodes=entry(name).cap, max_seconds=seconds),
            attacker_to_move=attacker_to_move,
            source=source,
        )
        for name in (compared() if names is None else names)
    ]


def budget_text(name: str) -> str:
    """One search's budget in the comparison: its cap and its default settings."""
    search = entry(name)
    settings = search.settings(search.defaults())
    if search.capabilities.tuned_cap:
        return f"{search.short_title}: the paper's setting, N = {search.cap:,}, {settings}"
    return f"{search.short_title}: {search.cap_unit.budget_text(search.cap)}" + (
        f", {settings}" if settings else ""
    )


def budgets_text(params: SearchParams) -> list[str]:
    """The node budget of each algorithm, one line each, and, when the window's own search is
    compared with settings other than the comparison's, a line saying the comparison does not
    use them."""
    lines = [budget_text(name) for name in compared()]
    search = entry(params.algo)
    own = (params.max_nodes, search.settings(params.values()))
    used = (search.cap, search.settings(search.defaults()))
    if search.capabilities.compared and own != used:
        lines.append(
            f"(Not the window's own {search.short_title}: N = {params.max_nodes:,}, {own[1]}.)"
        )
    return lines


def best_algorithms(runs: dict[str, PanelRun]) -> set[str]:
    """The best performers: fewest nodes among the runs that solved the position (ties: all)."""
    solved = {
        name: run.record.nodes_created
        for name, run in runs.items()
        if run.record is not None and run.record.solved
    }
    if not solved:
        return set()
    fewest = min(solved.values())
    return {name for name, nodes in solved.items() if nodes == fewest}


def deadline(seconds: float) -> float:
    """Past this many seconds a run's process is ended: its time limit, plus as long again (at
    least 30 s) for reading and verifying the proof."""
    return seconds + max(30.0, seconds)


# -- the panel ------------------------------------------------------------------------------------


def _seconds_text(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:,.2f} s"


def row_cells(run: PanelRun, disproved: str = "no forced mate") -> tuple[list[str], str, str]:
    """The cells of a finished row after the algorithm's name, the result's colour and a
    tooltip with the full reason; `disproved`: what a disproof means for the problem (a board
    game's goal in words). A verifier's rejection is an error, never a mate, and a disproof the
    replay did not accept is "not certified", never its goal's verdict."""
    record = run.record
    if record is None:
        return ["error: " + run.failure, "—", "—", "—", "—", "—"], ERROR_COLOUR, run.failure
    counts = [
        f"{record.nodes_created:,}",
        f"{record.peak_nodes_in_memory:,}",
        _seconds_text(record.seconds),
    ]
    if record.verdict == ERROR:
        reason = record.verdict_reason
        return ["error: " + reason, "—", "—", *counts], ERROR_COLOUR, reason
    if record.result == Result.PROVED.value:
        mate = "—" if record.mate_in is None else str(record.mate_in)
        return (
            ["proved, verified", mate, run.first_move or "—", *counts],
            PROVED_COLOUR,
            f"{record.reason} (the proof was replayed by the independent verifier)",
        )
    if record.uncertified:
        reason = record.verdict_reason
        return ["disproved, not certified", "—", "—", *counts], UNSOLVED_COLOUR, reason
    if record.result == Result.DISPROVED.value:
        tooltip = record.disproof_text or record.reason
        return [f"disproved: {disproved}", "—", "—", *counts], DISPROVED_COLOUR, tooltip
    return (
        [record.reason.replace("unknown", "unsolved", 1), "—", "—", *counts],
        UNSOLVED_COLOUR,
        record.reason,
    )


class ComparePanel(QWidget):
    """Compare button, time limit, one row per algorithm, and the budgets used."""

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.problem: Problem | None = None
        self.params = SearchParams()
        self.runs: dict[str, PanelRun] = {}
        self.algorithms = compared()
        """The rows, one per search the registry compares when the panel is made."""
        self._key: str | None = None
        self._started = 0.0
        self._items: list[WorkItem] = []
        self.jobs = Jobs(self)
        self.jobs.started.connect(self._on_started)
        self.jobs.result.connect(self._on_result)
        self.jobs.failed.connect(self._on_failed)
        self.jobs.done.connect(self._on_all_finished)
        self.jobs.timer.timeout.connect(self._show_elapsed)
        pixmap = QStyle.StandardPixmap
        self.compare_button = QPushButton("Compare")
        self.compare_button.setIcon(self.style().standardIcon(pixmap.SP_MediaPlay))
        self.compare_button.setToolTip(
            f"Run {spoken(self.algorithms)} on this position in the background (Ctrl+K)"
        )
        self.compare_button.clicked.connect(self.compare)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setIcon(self.style().standardIcon(pixmap.SP_MediaStop))
        self.cancel_button.setToolTip("Stop the comparison: its processes are ended")
        self.cancel_button.clicked.connect(self.cancel)
        self.seconds = QSpinBox()
        self.seconds.setRange(1, MAX_SECONDS)
        self.seconds.setValue(DEFAULT_SECONDS)
        self.seconds.setSuffix(" s")
        self.seconds.setToolTip("Each algorithm stops after this long (unsolved)")
        self.status = QLabel()
        self.status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        controls = QHBoxLayout()
        controls.addWidget(self.compare_button)
        controls.addWidget(self.cancel_button)
        controls.addSpacing(12)
        controls.addWidget(QLabel("Time limit per algorithm"))
        controls.addWidget(self.seconds)
        controls.addSpacing(12)
        controls.addWidget(self.status, 1)
        self.model = CompareModel(len(self.algorithms), self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setSizeAdjustPolicy(QAbstractScrollArea.SizeAdjustPolicy.AdjustToContents)
        self.table.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        header.setMinimumSectionSize(MIN_COLUMN_WIDTH)
        self.table.setFixedHeight(
            self.table.horizontalHeader().sizeHint().height()
            + len(self.algorithms) * self.table.verticalHeader().defaultSectionSize()
            + 2 * self.table.frameWidth()
        )
        self.footnote = QLabel()
        self.footnote.setWordWrap(True)
        self.footnote.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.footnote.setStyleSheet(f"color: {QUIET_COLOUR}; padding-left: 8px;")
        # The setting in force must stay readable when another dock shares the bottom row.
        self.footnote.setMinimumWidth(
            self.footnote.fontMetrics().horizontalAdvance(FOOTNOTE_HEAD) + 16
        )
        rows = QHBoxLayout()
        rows.addWidget(self.table)
        rows.addWidget(self.footnote, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addLayout(controls)
        layout.addLayout(rows)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self._reset_rows()
        session.driver_changed.connect(self._search_started)

    # -- what the session tells the panel ---------------------------------------------------------

    def _search_started(self, _search: object) -> None:
        """The session opened (or reset) a problem. A new position cancels the comparison and
        clears the rows; the same one keeps what was found (the comparison's budgets do not
        depend on the window's search, only the footnote does)."""
        problem = self.session.problem
        if problem is None:
            return
        fen = problem.kind.same_problem(problem.game)
        self.problem, self.params = problem, self.session.params
        if fen == self._key:
            self._reset_footnote()
            return
        self._key = fen
        self.jobs.cancel()
        self.runs = {}
        self._reset_rows()

    @property
    def comparable(self) -> bool:
        """Whether the problem open can be compared: a chess position, or a board game, which a
        worker process opens again from its specification."""
        problem = self.problem
        return problem is not None and (
            problem.game.capabilities.standard_chess or problem.source.kind == GAME
        )

    def compare(self) -> None:
        """Start every search on the current position (any earlier comparison is dropped); on a
        board game, every search that runs on it (the others' rows say why not)."""
        if self.problem is None or not self.comparable:
            return
        game, kind = self.problem.game, self.problem.kind
        chess = game.capabilities.standard_chess
        refused = {name: refusal(name, game) for name in self.algorithms}
        names = tuple(name for name in self.algorithms if refused[name] is None)
        items = work_items(
            self.problem.title,
            kind.root_text(game) if chess else "",
            self.seconds.value(),
            kind.fresh(game).is_or(),
            names,
            None if chess else self.problem.source,
        )
        self.runs = {}
        self._reset_rows()
        for name in names:
            self._set_pending(name, "waiting for a free core")
        for name, why in refused.items():
            if why is not None:
                row = self.algorithms.index(name)
                cells = [entry(name).title, "does not run here", "", "", "", "", ""]
                self._set_row(row, cells, QUIET_COLOUR, why, quiet=True)
        self._started = time.monotonic()
        self._items = items
        self.jobs.run_processes(run_item, items, deadline=deadline(self.seconds.value()))
        self._update_controls()
        self._show_status()

    def cancel(self) -> None:
        """End the comparison's processes now; rows already filled stay."""
        if not self.jobs.busy:
            return
        self.jobs.cancel()
        for name in self.algorithms:
            if name not in self.runs:
                self._set_pending(name, "cancelled")
        self._update_controls()
        self.status.setText("Cancelled: the remaining searches were stopped.")

    @property
    def busy(self) -> bool:
        return self.jobs.busy

    # -- rows -------------------------------------------------------------------------------------

    def _reset_rows(self) -> None:
        for row, name in enumerate(self.algorithms):
            self._set_row(row, [entry(name).title, "", "", "", "", "", ""])
        self._update_controls()
        self._show_status()
        self._reset_footnote()

    def _reset_footnote(self) -> None:
        self.footnote.setText(
            "<br>".join(
                [
                    FOOTNOTE_HEAD,
                    *budgets_text(self.params),
                    "Proved mates are checked by an independent replay."
                    if self.problem is None or self.problem.game.capabilities.standard_chess
                    else "Proofs are replayed by the game's own referee.",
                ]
            )
        )

    def _set_row(
        self,
        row: int,
        cells: list[str],
        colour: str | None = None,
        tooltip: str = "",
        best: bool = False,
        quiet: bool = False,
    ) -> None:
        self.model.set_row(row, Row(tuple(cells), colour, tooltip, best, quiet))

    def _set_pending(self, name: str, text: str) -> None:
        row = self.algorithms.index(name)
        self._set_row(row, [entry(name).title, text, "", "", "", "", ""], QUIET_COLOUR, quiet=True)

    def _show_run(self, run: PanelRun, best: bool = False) -> None:
        problem = self.problem
        words = problem.kind.verdict_text(problem.game, False) if problem is not None else ""
        cells, colour, tooltip = row_cells(run, words or "no forced mate")
        name = entry(run.algorithm).title + ("  ★" if best else "")
        self._set_row(self.algorithms.index(run.algorithm), [name, *cells], colour, tooltip, best)

    def result_text(self, name: str) -> str:
        """What the Result cell of `name`'s row says (tests, screenshots)."""
        return self.model.text(self.algorithms.index(name), RESULT_COLUMN)

    # -- job signals ------------------------------------------------------------------------------

    def _on_started(self, index: int) -> None:
        self._set_pending(self._items[index].algorithm, "running… 0.0 s")

    def _show_elapsed(self) -> None:
        for index, item in enumerate(self._items):
            elapsed = self.jobs.elapsed(index)
            if elapsed is not None:
                self.model.set_text(
                    self.algorithms.index(item.algorithm),
                    RESULT_COLUMN,
                    f"running… {elapsed:.1f} s",
                )
        self._show_status()

    def _on_result(self, index: int, record: RunRecord) -> None:
        self._on_finished(PanelRun(self._items[index].algorithm, record))

    def _on_failed(self, index: int, why: str) -> None:
        self._on_finished(PanelRun(self._items[index].algorithm, None, failure=why))

    def _on_finished(self, run: PanelRun) -> None:
        self.runs[run.algorithm] = run
        self._show_run(run)
        self._show_status()

    def _on_all_finished(self) -> None:
        best = best_algorithms(self.runs)
        for run in self.runs.values():
            self._show_run(run, run.algorithm in best)
        self._update_controls()
        self._show_status()

    # -- status -----------------------------------------------------------------------------------

    def _update_controls(self) -> None:
        comparable = self.comparable
        self.compare_button.setEnabled(comparable and not self.jobs.busy)
        self.cancel_button.setEnabled(self.jobs.busy)
        self.seconds.setEnabled(comparable)
        self.table.setEnabled(comparable)

    def _show_status(self) -> None:
        if self.problem is not None and not self.comparable:
            title = self.problem.kind.title
            self.status.setText(
                f"The comparison runs on chess positions and board games only, not on this {title}."
            )
            return
        if self.jobs.busy:
            self.status.setText(
                f"Comparing: {len(self.runs)} of {len(self._items)} finished "
                f"after {time.monotonic() - self._started:.1f} s"
            )
            return
        if self.runs and len(self.runs) == len(self._items):
            best = best_algorithms(self.runs)
            if best:
                names = spoken(tuple(name for name in self.algorithms if name in best))
                best_record = self.runs[min(best)].record
                assert best_record is not None, "a best performer solved it"
                nodes = best_record.nodes_created
                self.status.setText(
                    f"★ Best performer: {names}, {counted(nodes, 'node')} created: the "
                    f"fewest among the algorithms that solved it."
                )
            else:
                self.status.setText("None of them solved it within its budget.")
            return
        if not self.runs:
            self.status.setText(
                f"Compare runs {spoken(self.algorithms)} on this position in the background "
                "(Ctrl+K)."
            )
