"""The replay's plot: the root's proof and disproof numbers and the nodes in memory over the
iterations, on a log scale, with the iteration shown now marked; a click picks an iteration.

It draws the replay's own log (`core.runs.replay.IterationLog`), read when it repaints; the
mapping between pixels and iterations is the pure function pair `iteration_at` / `x_of`.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from ...core.runs.replay import IterationLog
from ...core.values import INF
from ..tree_view.style import DISPROVED_TEXT, PATH, PROVED_TEXT

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
PIXELS_PER_POINT = 2
"""The curves have a point every this many pixel columns: finer is not seen on a plot a few
hundred pixels wide, and each point costs the GUI thread while a run redraws the plot."""


LEGEND_NAMES = ("nodes in memory", "root pn", "root dn")
SHORT_NAMES = ("nodes", "pn", "dn")
"""The legend's names where the long ones do not fit."""
SWATCH = 12.0
"""Width of a legend entry's colour swatch; its name follows 3 pixels after it."""
GAPS = (11.0, 6.0)
"""Room between legend entries: the usual, then the least a narrow plot (a dock beside it)
gets."""
EDGE = 4.0
"""The legend may reach this close to the widget's left edge, over the axis labels' column
(it runs above the highest label), when it does not fit above the curves alone."""


def legend_row(
    forms: list[list[float]], left: float, right: float
) -> tuple[int, list[float], list[float]]:
    """Where the legend's entries go in one row: the first of the `forms` (their names' text
    widths: long names, then short ones) and gaps (`GAPS`) that fits above the curves from
    `left` to `right`, else that fits from the widget's edge (`EDGE`), ending at `right`; the
    shortest form from the edge as a last resort. Returns the form's index, each entry's left
    edge and width (swatch and name)."""

    def placed(index: int, gap: float, start: float) -> tuple[int, list[float], list[float]]:
        widths = [SWATCH + 3 + text for text in forms[index]]
        starts = [start + sum(widths[:k]) + gap * k for k in range(len(widths))]
        return index, starts, widths

    for start in (left, EDGE):
        for gap in GAPS:
            for index in range(len(forms)):
                _, starts, widths = placed(index, gap, 0.0)
                total = starts[-1] + widths[-1]
                if total <= right - start:
                    return placed(index, gap, start if start == left else right - total)
    return placed(len(forms) - 1, GAPS[-1], EDGE)


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


def sampled(furthest: int, columns: int) -> list[int]:
    """The iterations drawn (a long search has far more iterations than pixels): the iteration
    under each of `columns` + 1 evenly spaced columns, as `iteration_at` picks them, computed
    once per paint for all three series."""
    if furthest <= 0:
        return [0] * (columns + 1)
    return [min(furthest, round(index * furthest / columns)) for index in range(columns + 1)]


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
        self.setMinimumSize(self.narrowest(), PLOT_HEIGHT)
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
        top, curves = self.curves()
        self._draw_axis(painter, area, top)
        for colour, points in curves:
            painter.setPen(QPen(colour, 1.6))
            painter.drawPolyline(QPolygonF(points))
        x = x_of(self.current, area, self.furthest)
        painter.setPen(QPen(MARK_COLOUR, 2))
        painter.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()))
        painter.setPen(QColor("#303030"))
        painter.setFont(self.legend_font())
        for (colour, _), (name, box) in zip(curves, self.legend(), strict=True):
            painter.fillRect(QRectF(box.left(), box.bottom() - 8, SWATCH, 5), colour)
            painter.drawText(QPointF(box.left() + SWATCH + 3, box.bottom() - 2), name)
        painter.end()

    def legend_font(self) -> QFont:
        """The legend's text, a point smaller than the widget's (it shares the plot's top)."""
        font = QFont(self.font())
        font.setPointSizeF(max(6.0, font.pointSizeF() - 1))
        return font

    def narrowest(self) -> int:
        """The least width: the legend's short names in one row from the widget's edge (a
        narrower plot cut the legend, beside Pn²'s curves at 1024 pixels), and a few columns
        of curve."""
        metrics = QFontMetricsF(self.legend_font())
        _, starts, widths = legend_row(
            [[metrics.horizontalAdvance(name) for name in SHORT_NAMES]], 0.0, 0.0
        )
        return math.ceil(max(starts[-1] + widths[-1] + RIGHT, LEFT + RIGHT + 40))

    def legend(self) -> list[tuple[str, QRectF]]:
        """The legend's entries (nodes, pn, dn) as drawn: each name and the box its swatch and
        name fill, in one row above the curves."""
        metrics = QFontMetricsF(self.legend_font())
        area = self.area()
        names = [LEGEND_NAMES, SHORT_NAMES]
        form, starts, widths = legend_row(
            [[metrics.horizontalAdvance(name) for name in form] for form in names],
            area.left(),
            area.right(),
        )
        height = metrics.height()
        top = area.top() - 2 - height
        return [
            (names[form][index], QRectF(x, top, widths[index], height))
            for index, x in enumerate(starts)
        ]

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

    def curves(self) -> tuple[float, list[tuple[QColor, list[QPointF]]]]:
        """The log scale's top (in decades) and each series as drawn (nodes, pn, dn): its colour
        and its points, one per `PIXELS_PER_POINT` columns, at the iterations `sampled` picks."""
        log = self.log
        if log is None or not len(log.nodes):
            return 1.0, []
        series = (
            (log.nodes, NODES_COLOUR),
            (log.root_proof, PROOF_COLOUR),
            (log.root_disproof, DISPROOF_COLOUR),
        )
        finite = [v for column, _ in series for v in (max(column), 1) if v < INF]
        top = max(1.0, math.log10(max(finite)) * 1.05)
        area = self.area()
        bottom, height = area.bottom(), area.height()
        picked = sampled(self.furthest, max(2, int(area.width() / PIXELS_PER_POINT)))
        xs = [x_of(k, area, self.furthest) for k in picked]
        return top, [
            (
                colour,
                [
                    QPointF(x, bottom - height * min(1.0, log_height(column[k], top)))
                    for x, k in zip(xs, picked, strict=True)
                ],
            )
            for column, colour in series
        ]
