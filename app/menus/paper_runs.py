"""The Paper menu's suite runs (Table 3.1; chapter 4's Pn² at about twice PN's nodes): the 82 WAC
mates searched in background processes with progress, our numbers beside the thesis's, cancellable.

Each position is one `core.runs.runner.run_item` in a spawned worker process (the one run →
verify path: a mate counts only once the independent verifier accepted it), run by the window's
background-job runner (`app.jobs`), so the GUI thread never waits.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...core.games.suites import load_suite
from ...core.runs.comparison import algorithm_factory
from ...core.runs.paper import chapter_4_lines, table_3_1_lines
from ...core.runs.runner import RunRecord, WorkItem, run_item
from ...core.search.defaults import DEFAULT_A, DEFAULT_B, DEFAULT_PN2_CAP, PN, PN2
from ...core.search.types import Limits
from ..jobs import Jobs

PN_CAP = 1_000_000
"""The thesis's budget for PN (§3.5)."""
TABLE_3_1 = "table-3-1"
CHAPTER_4 = "chapter-4"


def paper_items(kind: str) -> list[WorkItem]:
    """Table 3.1: PN on the 82 (1,000,000 nodes). Chapter 4: PN and Pn² (N = 300K, a = 600K,
    b = 80K) on the 82."""
    algorithms = [(PN, algorithm_factory(PN), PN_CAP)]
    if kind == CHAPTER_4:
        algorithms.append((PN2, algorithm_factory(PN2, a=DEFAULT_A, b=DEFAULT_B), DEFAULT_PN2_CAP))
    return [
        WorkItem(
            position.id,
            position.fen,
            name,
            factory,
            Limits(max_nodes=cap),
            position.best_moves,
            position.mate_length,
        )
        for position in load_suite("wac-mates")
        for name, factory, cap in algorithms
    ]


class PaperRunsPanel(QWidget):
    """Progress, a row per position (ours beside the thesis) and a summary; Cancel stops all."""

    finished = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.progress = QProgressBar()
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(self.cancel)
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels(["position", "algorithm", "result", "nodes"])
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.progress, 1)
        row.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.caption)
        layout.addLayout(row)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.summary)
        self.jobs = Jobs(self)
        self.jobs.result.connect(self._on_result)
        self.jobs.failed.connect(self._on_failed)
        self.jobs.done.connect(self._on_done)
        self.items: list[WorkItem] = []
        self.records: dict[int, RunRecord] = {}
        self.kind = ""

    @property
    def busy(self) -> bool:
        return self.jobs.busy

    def start(self, kind: str, caption: str, jobs: int | None = None) -> None:
        """Run Table 3.1's or chapter 4's searches (whatever ran before is cancelled)."""
        self.cancel()
        self.kind = kind
        self.items = paper_items(kind)
        self.records = {}
        self.caption.setText(caption)
        self.table.setRowCount(0)
        self.progress.setRange(0, len(self.items))
        self.progress.setValue(0)
        self.progress.setFormat(f"%v of {len(self.items)} searches")
        self.summary.setText("Running in the background; the window stays usable.")
        self.cancel_button.setEnabled(True)
        self.jobs.run_processes(run_item, self.items, parallel=jobs)

    def cancel(self) -> None:
        """Stop every worker now; what finished stays in the table."""
        if self.jobs.busy:
            self.jobs.cancel()
            self.summary.setText(
                "Cancelled. " + " ".join(self.summary_lines()) if self.records else "Cancelled."
            )
        self.cancel_button.setEnabled(False)

    def _on_result(self, index: int, record: RunRecord) -> None:
        self.records[index] = record
        item = self.items[index]
        mark = " ✓" if record.solved else ""
        self._add_row(
            [item.position_id, item.algorithm, record.result + mark, f"{record.nodes_created:,}"]
        )
        self.summary.setText("\n".join(self.summary_lines()))

    def _on_failed(self, index: int, why: str) -> None:
        item = self.items[index]
        self._add_row([item.position_id, item.algorithm, f"failed: {why}", ""])

    def _add_row(self, cells: list[str]) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        for column, text in enumerate(cells):
            self.table.setItem(row, column, QTableWidgetItem(text))
        self.progress.setValue(self.progress.value() + 1)

    def _on_done(self) -> None:
        self.cancel_button.setEnabled(False)
        self.finished.emit()

    def summary_lines(self) -> list[str]:
        """Ours beside the thesis's, over the records so far."""
        records = [self.records[i] for i in sorted(self.records)]
        by_algorithm: dict[str, list[RunRecord]] = {PN: [], PN2: []}
        for record in records:
            by_algorithm.setdefault(record.algorithm, []).append(record)
        if self.kind == CHAPTER_4:
            return chapter_4_lines(by_algorithm[PN], by_algorithm[PN2])
        return table_3_1_lines(by_algorithm[PN], len(self.items))
