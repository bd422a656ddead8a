"""The "Why not found?" panel: effort per root move (a table: click a row to see that move on the
board and in the tree), what holds the root's proof number up (df-pn: why it stopped and the line
its transposition table holds), and what to try (`core.explain`).

The analysis is a generator (`core.explain.explain.explanation_steps`); the window's background-job
runner (`app.jobs`) runs it on the GUI thread, which owns the tree, in slices of at most
`app.jobs.SLICE_SECONDS`, so a million-node tree is explained while the window stays responsive
(measured on WAC.096's 999,970-node PN tree, two cores under a load of 11: 3.0 s in all, the
longest slice 40 ms, a 5 ms heartbeat never late by more than 46 ms).
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QBoxLayout,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...core.explain.advice import Suggestion
from ...core.explain.explain import Explanation, explanation_steps
from ...core.explain.trace import RootTrace
from ...core.search.contract import Stepper
from ...core.search.registry import entry
from ...core.search.types import Result, StopReason
from ...core.tree import NO_NODE
from ...core.values import INF, capitalised, counted
from ..jobs import Jobs

STACKED_BELOW = 760
"""Narrower than this (the dock beside the board at 1280 wide) the words go under the table, so
its line column is not squeezed to a letter."""

COLUMNS = ("Move", "Nodes", "Share", "pn", "dn", "Deepest line reached")
"""The table's columns; the last one's title is the explanation's `line_title`."""


def nothing_to_try(explanation: Explanation) -> str:
    """What the advice says when it has no suggestion: never that the root is solved unless it
    is."""
    if explanation.result in (Result.PROVED.value, Result.DISPROVED.value):
        return f"Nothing: the root is {explanation.result}."
    if explanation.stopped.startswith(Result.UNKNOWN.value + " (" + StopReason.FRONTIER.value):
        return (
            "Nothing in the search: the tree file has nothing below the leaf it reached. Give "
            "that leaf children in the tree editor (File ▸ Edit this tree…), or open Paper ▸ "
            "Figure 3.1, where the figure's unknown leaves have subtrees and the search goes on."
        )
    return "Nothing to change in the search: step or run it further."


def applicable(suggestion: Suggestion) -> bool:
    """Whether the window can apply `suggestion` by opening the problem again: it has settings,
    and the search it names (if any) is one the window steps. αβ's advice stays in the words, its
    options for the command line, without a button that could only fail."""
    algo = suggestion.settings.get("algo")
    return bool(suggestion.settings) and (not isinstance(algo, str) or entry(algo).steppable)


def _number(value: int) -> str:
    return "∞" if value >= INF else f"{value:,}"


def _section(title: str, summary: str, sentences: list[str]) -> str:
    """A titled paragraph of the words beside the table, and its points."""
    return (
        f"<b>{html.escape(title, quote=False)}</b><br>"
        + html.escape(summary, quote=False)
        + "".join(f"<br>• {html.escape(s, quote=False)}" for s in sentences)
    )


class ExplainPanel(QWidget):
    """Shows one `Explanation`; computes it in slices on request (`explain`)."""

    node_chosen = Signal(int)
    """A root move's row was clicked: its first-level node id."""
    explained = Signal(object)
    """The analysis is ready (an Explanation)."""
    apply_requested = Signal(object)
    """A suggestion's button was pressed: its settings (`core.explain.advice.Suggestion`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.explanation: Explanation | None = None
        self.jobs = Jobs(self)
        self.jobs.progress.connect(self._progress)
        self.jobs.result.connect(self._explained)
        self.jobs.failed.connect(self._failed)
        self.heading = QLabel("Stop or pause a search, then ask why it has not found a mate.")
        self.heading.setWordWrap(True)
        self.heading.setStyleSheet("font-weight: bold;")
        self.button = QPushButton("Explain now")
        self.button.setToolTip("Analyse the search as it stands (Ctrl+I)")
        top = QHBoxLayout()
        top.addWidget(self.heading, 1)
        top.addWidget(self.button)
        self.details = QLabel()
        self.details.setWordWrap(True)
        self.details.setStyleSheet("color: #455a64;")
        self.details.hide()
        self.apply_row = QHBoxLayout()
        self.apply_row.setContentsMargins(0, 0, 0, 0)
        self.apply_buttons: list[QPushButton] = []
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.table.horizontalHeader()
        for column in range(len(COLUMNS) - 1):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(len(COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        self.table.cellClicked.connect(self._row_clicked)
        self.table.setToolTip("Click a move to show it on the board and in the tree")
        self.held = QLabel()
        self.held.setWordWrap(True)
        self.held.setTextFormat(Qt.TextFormat.RichText)
        self.held.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.advice = QLabel()
        self.advice.setWordWrap(True)
        self.advice.setTextFormat(Qt.TextFormat.RichText)
        self.advice.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        text = QVBoxLayout()
        text.addWidget(self.held)
        text.addWidget(self.advice)
        text.addStretch(1)
        words = QWidget()
        words.setLayout(text)
        self.words = QScrollArea()
        self.words.setWidgetResizable(True)
        self.words.setFrameShape(QFrame.Shape.NoFrame)
        self.words.setWidget(words)
        self.body = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        body = self.body
        body.addWidget(self.table, 5)
        body.addWidget(self.words, 6)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.details)
        layout.addLayout(self.apply_row)
        layout.addLayout(body, 1)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        """The table beside the words where there is room, above them where there is not."""
        wide = event.size().width() >= STACKED_BELOW
        self.body.setDirection(
            QBoxLayout.Direction.LeftToRight if wide else QBoxLayout.Direction.TopToBottom
        )
        super().resizeEvent(event)

    # -- computing --------------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self.jobs.busy

    @property
    def longest_slice(self) -> float:
        """The longest the analysis held the GUI thread at once, in seconds."""
        return self.jobs.longest_slice

    def explain(
        self, search: Stepper, trace: RootTrace | None, known_mate_length: int | None = None
    ) -> None:
        """Analyse `search` as it stands (it must not step until `explained`)."""
        self.jobs.run_steps(explanation_steps(search, trace, known_mate_length))
        memory = search.memory()
        self.heading.setText(f"Explaining {counted(memory.used, memory.unit)}…")

    def cancel(self, why: str = "") -> None:
        """Stop a computation under way (the search moved on, or another was opened)."""
        self.jobs.cancel()
        if why:
            self.heading.setText(why)

    def clear(self) -> None:
        """A new search: nothing explained yet."""
        self.cancel("Stop or pause a search, then ask why it has not found a mate.")
        self.explanation = None
        self.table.setRowCount(0)
        self.held.clear()
        self.advice.clear()
        self.details.hide()
        self._set_buttons([])

    def _progress(self, done: float) -> None:
        self.heading.setText(f"Explaining… {100 * done:.0f} %")

    def _explained(self, _index: int, explanation: Explanation) -> None:
        self.show_explanation(explanation)
        self.explained.emit(explanation)

    def _failed(self, _index: int, why: str) -> None:
        self.heading.setText(f"Could not explain the search: {why}")

    # -- showing ---------------------------------------------------------------------------------

    def show_explanation(self, explanation: Explanation) -> None:
        """Fill the table and the texts."""
        self.explanation = explanation
        search = entry(explanation.algorithm)
        shared = (
            f" · {search.short_title}: a node reached by several paths counts under the root "
            "move that made it"
            if search.capabilities.transpositions
            else ""
        )
        self.heading.setText(explanation.sentence)
        table = explanation.table
        size = (
            f"{counted(explanation.nodes, 'node')}, {counted(explanation.max_ply, 'ply')} deep"
            if table is None
            else f"{counted(explanation.nodes, 'node')} created, to ply {explanation.max_ply}; "
            "table "
            f"{table.entries:,} of {table.capacity:,} entries, "
            f"{counted(table.replacements, 'replacement')}"
        )
        self.details.setText(f"{capitalised(explanation.stopped)} · {size}{shared}")
        self.details.show()
        self._set_buttons([s for s in explanation.suggestions if applicable(s)])
        rows = explanation.effort
        title = explanation.line_title
        self.table.setHorizontalHeaderLabels([*COLUMNS[:-1], capitalised(title)])
        self.table.setRowCount(len(rows))
        for index, row in enumerate(rows):
            cells = (
                row.move,
                f"{row.nodes:,}",
                f"{100 * row.share:.1f} %",
                _number(row.proof),
                _number(row.disproof),
                row.deepest_line,
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if 0 < column < 5:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                if column == 5:
                    item.setToolTip(text)
                self.table.setItem(index, column, item)
        held = explanation.hold_up
        if held is not None:
            sentences = [d.sentence for d in held.defences] + [n.sentence for n in held.narrow]
            self.held.setText(_section("What holds the proof number up", held.summary, sentences))
        elif table is not None:
            self.held.setText(
                _section("Why it stopped", table.stopped, [])
                + "<br>"
                + _section("The table's most-proving line", table.summary, table.step_sentences)
            )
        if explanation.suggestions:
            items = []
            for suggestion in explanation.suggestions:
                text = html.escape(suggestion.text, quote=False)
                if suggestion.options:
                    text += f" <code>{html.escape(suggestion.options, quote=False)}</code>"
                items.append(f"• {text}")
            self.advice.setText("<b>What to try</b><br>" + "<br>".join(items))
        else:
            self.advice.setText(f"<b>What to try</b><br>{nothing_to_try(explanation)}")

    def _set_buttons(self, suggestions: list[Suggestion]) -> None:
        """One button per suggestion the window can apply, in the advice's order."""
        for button in self.apply_buttons:
            self.apply_row.removeWidget(button)
            button.deleteLater()
        self.apply_buttons = []
        for suggestion in suggestions:
            button = QPushButton(suggestion.button)
            button.setToolTip(suggestion.text)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(
                lambda _=False, settings=suggestion.settings: self.apply_requested.emit(settings)
            )
            self.apply_row.addWidget(button)
            self.apply_buttons.append(button)
        if suggestions:
            self.apply_row.addStretch(1)

    def _row_clicked(self, row: int, _column: int) -> None:
        if self.explanation is not None and 0 <= row < len(self.explanation.effort):
            node = self.explanation.effort[row].node
            if node != NO_NODE:
                self.node_chosen.emit(node)
