"""The comparison table's model: one row per algorithm, the cells and how each is shown.

Qt's model/view split: the panel decides what a row says (`app.compare.panel`), this model holds
it and answers the table's questions (text, colour, font, alignment, header tips), and tests read
the model rather than widget cells.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

COLUMNS = (
    "Algorithm",
    "Result",
    "Mate in",
    "First move",
    "Nodes created",
    "Peak in memory",
    "Time",
)
RESULT_COLUMN, MATE_COLUMN, FIRST_MOVE_COLUMN, NODES_COLUMN = 1, 2, 3, 4
HEADER_TIPS = {
    RESULT_COLUMN: "Proved mates count only after the independent verifier replayed them",
    NODES_COLUMN: "Positions generated and evaluated, counted the same way for all three",
    NODES_COLUMN + 1: "Most nodes held at once (αβ keeps only its current path)",
    NODES_COLUMN + 2: "Search time in the worker process (verification not included)",
}
BEST_BACKGROUND = "#dff1e3"

Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True, slots=True)
class Row:
    """One algorithm's row: its cells, the Result cell's colour and tooltip, whether it is a
    best performer (bold on green) and whether it is only a note such as "waiting" (italic)."""

    cells: tuple[str, ...]
    colour: str | None = None
    tooltip: str = ""
    best: bool = False
    quiet: bool = False


class CompareModel(QAbstractTableModel):
    """A fixed number of rows of `COLUMNS`, replaced a row at a time."""

    def __init__(self, rows: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows = [Row(("",) * len(COLUMNS)) for _ in range(rows)]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008 (Qt's API)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008 (Qt's API)
        return 0 if parent.isValid() else len(COLUMNS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        row, column = self._rows[index.row()], index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return row.cells[column]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            if column in (MATE_COLUMN, FIRST_MOVE_COLUMN):
                return Qt.AlignmentFlag.AlignCenter
            if column >= NODES_COLUMN:
                return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
            return None
        if role == Qt.ItemDataRole.ForegroundRole:
            return QBrush(QColor(row.colour)) if column == RESULT_COLUMN and row.colour else None
        if role == Qt.ItemDataRole.ToolTipRole:
            return row.tooltip if column == RESULT_COLUMN and row.tooltip else None
        if role == Qt.ItemDataRole.BackgroundRole:
            return QBrush(QColor(BEST_BACKGROUND)) if row.best else None
        if role == Qt.ItemDataRole.FontRole:
            italic = row.quiet and column == RESULT_COLUMN
            if not (italic or row.best):
                return None
            font = QFont()
            font.setItalic(italic)
            if row.best:
                font.setWeight(QFont.Weight.Bold)
            return font
        return None

    def headerData(  # noqa: N802 (Qt's name)
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return HEADER_TIPS.get(section)
        return None

    def set_row(self, row: int, content: Row) -> None:
        self._rows[row] = content
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))

    def set_text(self, row: int, column: int, text: str) -> None:
        """Change one cell's text, keeping how the row is shown (the running time)."""
        cells = list(self._rows[row].cells)
        cells[column] = text
        self._rows[row] = replace(self._rows[row], cells=tuple(cells))
        self.dataChanged.emit(self.index(row, column), self.index(row, column))

    def row(self, row: int) -> Row:
        return self._rows[row]

    def text(self, row: int, column: int) -> str:
        return self._rows[row].cells[column]
