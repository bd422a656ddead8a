"""The replay's plot: the root's proof and disproof numbers and the nodes in memory over the
iterations, on a log scale, with the iteration shown now marked; a click picks an iteration.

It draws the replay's own log (`core.runs.replay.IterationLog`), read when it repaints; the
mapping between pixels and iterations is the pure function pair `iteration_at` / `x_of`.
"""

from __future__ import annotations

import math
from array import array

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from pn_explorer.app.tree_view.style import DISPROVED_TEXT, PATH, PROVED_TEXT
from pn_explorer.core.runs.replay import IterationLog
from pn_explorer.core.values import INF

PLOT_HEIGHT = 84
"""Pixels: the plot shares the bottom row with the memory gauge (and Pn²'s 150-pixel curves)."""
LEFT = 46.0
RIGHT = 10.0
TOP = 18.0
"""Room above the curves for the legend (drawn over the curves, it hid them)."""
BOTTOM = 4.0
PROOF_COLOUR = PROVED_TEXT
DISPROOF_COLOUR = DISPROVED_TEXT
NODES_COLOUR = QColor("#607d8b")
"""Slate, as the first level in the memory gauge."""
MARK_COLOUR = PATH


def plot_area(width: float, height: float) -> QRectF:
    """Where the curves go inside a widget of this size (axes' labels around it)."""
    return QRectF(LEFT, TOP, max(1.0, width - LEFT - RIGHT), max(1.0, height - TOP - BOTTOM))


def iteration_at(x: float, area: QRectF, furthest: int) -> int:
    """The iteration under pixel column `x` (clamped to 0 … furthest)."""
    if furthest <= 0:
        return 0
    share = (x - area.left()) / area.width()
    return max(0, min(furthest, round(share * furthest)))


def x_of(iteration: int, area: QRectF, furthest: int) -> float:
    """The pixel column of an iteration (the inverse of `iteration_at`)."""
    return area.left() + (iteration / furthest if furthest > 0 else 0.0) * area.width()


def log_height(value: int, top: float) -> float:
    """A value on the log scale as a share of `top` (∞ at the top, 0 and 1 at the bottom)."""
    if value >= INF:
        return 1.0
    return math.log10(max(1, value)) / top


class RootPlot(QWidget):
    """Root pn (green), dn (red) and nodes in memory (slate) against the iteration, log scale."""

    iteration_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.log: IterationLog | None = None
        self.current = 0
        self.hidden_note = ""
        """While set (a quiz question is open) the plot draws this instead of its curves: the
        root's numbers after the hidden step are the answer."""
        self.setMinimumSize(80, PLOT_HEIGHT)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip("Click to move the replay to that iteration")

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(600, PLOT_HEIGHT)

    @property
    def furthest(self) -> int:
        return 0 if self.log is None else self.log.iterations

    def set_log(self, log: IterationLog | None, current: int) -> None:
        self.log = log
        self.current = current
        self.update()

    def hide_curves(self, note: str) -> None:
        """Draw `note` instead of the curves ("" draws them again)."""
        self.hidden_note = note
        self.update()

    def area(self) -> QRectF:
        return plot_area(self.width(), self.height())

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        if (
            self.log is not None
            and not self.hidden_note
            and event.button() == Qt.MouseButton.LeftButton
        ):
            self.iteration_clicked.emit(
                iteration_at(event.position().x(), self.area(), self.furthest)
            )

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor("white"))
        if self.hidden_note:
            painter.setPen(QColor("#607d8b"))
            painter.drawText(
                QRectF(self.rect()).adjusted(4, 2, -4, -2),
                int(Qt.AlignmentFlag.AlignCenter) | int(Qt.TextFlag.TextWordWrap),
                self.hidden_note,
            )
            painter.end()
            return
        area = self.area()
        painter.setPen(QPen(QColor("#b0b0b0"), 1))
        painter.drawRect(area)
        log = self.log
        if log is None or not len(log.nodes):
            painter.end()
            return
        series = (
            (log.nodes, NODES_COLOUR, ("nodes in memory", "nodes")),
            (log.root_proof, PROOF_COLOUR, ("root pn", "pn")),
            (log.root_disproof, DISPROOF_COLOUR, ("root dn", "dn")),
        )
        finite = [v for column, _, _ in series for v in (max(column), 1) if v < INF]
        top = max(1.0, math.log10(max(finite)) * 1.05)
        self._draw_axis(painter, area, top)
        for column, colour, _ in series:
            self._draw_series(painter, area, column, colour, top)
        x = x_of(self.current, area, self.furthest)
        painter.setPen(QPen(MARK_COLOUR, 2))
        painter.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()))
        painter.setPen(QColor("#303030"))
        font = painter.font()
        font.setPointSizeF(max(6.0, font.pointSizeF() - 1))
        painter.setFont(font)
        metrics = painter.fontMetrics()
        baseline = area.top() - 4
        long = sum(metrics.horizontalAdvance(names[0]) + 26 for _, _, names in series)
        legend_x = area.left()
        for _, colour, names in series:
            name = names[0] if long <= area.width() else names[1]
            painter.fillRect(QRectF(legend_x, baseline - 6, 12, 5), colour)
            painter.drawText(QPointF(legend_x + 15, baseline), name)
            legend_x += metrics.horizontalAdvance(name) + 26
        painter.end()

    def _draw_axis(self, painter: QPainter, area: QRectF, top: float) -> None:
        painter.setPen(QColor("#707070"))
        decade = 0
        while decade <= top:
            y = area.bottom() - area.height() * decade / top
            painter.setPen(QPen(QColor("#e6e6e6"), 1))
            painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
            painter.setPen(QColor("#707070"))
            label = f"10^{decade}" if decade > 3 else f"{10**decade:,}"
            painter.drawText(
                QRectF(0, y - 8, LEFT - 4, 16),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                label,
            )
            decade += 1 if top < 8 else 2

    def _draw_series(
        self, painter: QPainter, area: QRectF, column: array, colour: QColor, top: float
    ) -> None:
        """One point per pixel column (a long search has far more iterations than pixels)."""
        furthest = self.furthest
        columns = max(2, int(area.width()))
        path = QPainterPath()
        for index in range(columns + 1):
            k = iteration_at(area.left() + area.width() * index / columns, area, furthest)
            point = QPointF(
                x_of(k, area, furthest),
                area.bottom() - area.height() * min(1.0, log_height(column[k], top)),
            )
            if index == 0:
                path.moveTo(point)
            else:
                path.lineTo(point)
        painter.setPen(QPen(colour, 1.6))
        painter.drawPath(path)
