"""The paper's Pn² curves (thesis ch. 4, Figures 4.1–4.3) for the chosen a, b and N, drawn with
QPainter: the fraction f(x), the second-level size x·f(x) it asks for, and the size the engine
actually gives the second level, bounded by N − x, over x = 0 … N first-level nodes.

The numbers are the engine's own (`core.search.pn2`), sampled by `curve_points`; `CurvesWidget`
only draws them, and can mark the current first-level size while a Pn² search runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget

from ...core.search.defaults import DEFAULT_A, DEFAULT_B, DEFAULT_PN2_CAP, LOGISTIC, ONE
from ...core.search.pn2 import second_level_budget, second_level_fraction


@dataclass(frozen=True, slots=True)
class CurvePoint:
    """The curves at one first-level size x."""

    x: int
    fraction: float
    """f(x) (Figure 4.1)."""
    wanted: float
    """x·f(x), the second-level size the fraction asks for (Figure 4.2)."""
    used: int
    """The engine's second-level budget, never more than N − x (Figure 4.3)."""


def curve_point(x: int, a: float, b: float, cap: int, kind: str = LOGISTIC) -> CurvePoint:
    """The curves at first-level size `x`, computed by the engine's functions."""
    fraction = second_level_fraction(x, a, b, kind)
    return CurvePoint(x, fraction, x * fraction, second_level_budget(x, cap, a, b, kind))


def curve_points(
    a: float, b: float, cap: int, kind: str = LOGISTIC, samples: int = 240
) -> list[CurvePoint]:
    """`samples` + 1 points evenly over x = 0 … N."""
    return [curve_point(cap * i // samples, a, b, cap, kind) for i in range(samples + 1)]


def short_count(value: float) -> str:
    """Node counts the way the paper's axes print them: 300K, 2.5K, 1.5M."""
    if value >= 1_000_000:
        text = f"{value / 1_000_000:.1f}".rstrip("0").rstrip(".")
        return f"{text}M"
    if value >= 1000:
        text = f"{value / 1000:.2f}".rstrip("0").rstrip(".")
        return f"{text}K"
    return f"{value:.0f}"


FRACTION_COLOUR = QColor("#1f6fb2")
THEORY_COLOUR = QColor("#8a8a8a")
PRACTICE_COLOUR = QColor("#c0392b")
BOUND_COLOUR = QColor("#d9a441")
MARKER_COLOUR = QColor("#2e8b57")


class CurvesWidget(QWidget):
    """Two small plots side by side: f(x) (Fig. 4.1) and the second-level size (Figs. 4.2/4.3)."""

    SAMPLES = 240

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.a = float(DEFAULT_A)
        self.b = float(DEFAULT_B)
        self.cap = DEFAULT_PN2_CAP
        self.kind = LOGISTIC
        self.marker: int | None = None
        self.points = curve_points(self.a, self.b, self.cap, self.kind, self.SAMPLES)
        self._plots: QPixmap | None = None
        """The curves drawn once per parameter change and size; a paint adds only the marker."""
        self.setMinimumSize(420, 150)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(560, 210)

    def set_parameters(self, a: float, b: float, cap: int, kind: str = LOGISTIC) -> None:
        """Redraw for new a, b, N (as the user edits them)."""
        self.a, self.b, self.cap, self.kind = float(a), float(b), int(cap), kind
        self.points = curve_points(self.a, self.b, max(self.cap, 1), kind, self.SAMPLES)
        self._plots = None
        self.update()

    def set_marker(self, x: int | None) -> None:
        """Mark the current first-level size x on both plots (None: no marker)."""
        if x != self.marker:
            self.marker = x
            self.update()

    # -- drawing ----------------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        if self._plots is None or self._plots.size() != self.size():
            self._plots = QPixmap(self.size())
            self._plots.fill(self.palette().base().color())
            painter = QPainter(self._plots)
            self._draw(painter, None)
            painter.end()
        painter = QPainter(self)
        painter.drawPixmap(0, 0, self._plots)
        if self.marker is not None:
            self._draw(painter, self.marker)
        painter.end()

    def _draw(self, painter: QPainter, marker: int | None) -> None:
        """The plots (marker None) or only the marker at first-level size `marker` on them."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        half = self.width() / 2
        left = QRectF(0, 0, half, self.height())
        right = QRectF(half, 0, self.width() - half, self.height())
        cap = max(self.cap, 1)
        if marker is not None:
            point = curve_point(marker, self.a, self.b, cap, self.kind)
            self._draw_marker(painter, self._plot_area(left), point.fraction, 1.0)
            self._draw_marker(painter, self._plot_area(right), point.used, self._size_scale())
            return
        self._draw_fraction(painter, left, cap)
        self._draw_sizes(painter, right, cap)

    def _size_scale(self) -> float:
        return max(max(point.wanted for point in self.points), 1.0)

    def _plot_area(self, box: QRectF) -> QRectF:
        return box.adjusted(46, 22, -10, -30)

    def _axes(
        self, painter: QPainter, box: QRectF, title: str, y_max: float, y_label: str
    ) -> QRectF:
        area = self._plot_area(box)
        font = QFont(self.font())
        font.setPointSizeF(max(7.0, font.pointSizeF() * 0.85))
        painter.setFont(font)
        text_pen = QPen(self.palette().text().color())
        painter.setPen(text_pen)
        painter.drawText(
            QRectF(box.left(), box.top() + 2, box.width(), 18), Qt.AlignmentFlag.AlignHCenter, title
        )
        painter.setPen(QPen(QColor("#b0b0b0"), 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(area)
        for i in range(1, 4):
            y = area.bottom() - area.height() * i / 4
            painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
        painter.setPen(text_pen)
        for i in range(5):
            x = area.left() + area.width() * i / 4
            label = short_count(self.cap * i / 4)
            painter.drawText(
                QRectF(x - 30, area.bottom() + 2, 60, 14), Qt.AlignmentFlag.AlignHCenter, label
            )
        for i in (0, 2, 4):
            y = area.bottom() - area.height() * i / 4
            value = y_max * i / 4
            label = f"{value:g}" if y_max <= 1 else short_count(value)
            painter.drawText(QRectF(box.left(), y - 7, 42, 14), Qt.AlignmentFlag.AlignRight, label)
        painter.drawText(
            QRectF(area.left(), area.bottom() + 14, area.width(), 14),
            Qt.AlignmentFlag.AlignHCenter,
            "x = first-level nodes",
        )
        painter.save()
        painter.translate(box.left() + 8, area.center().y())
        painter.rotate(-90)
        painter.drawText(QRectF(-60, -8, 120, 14), Qt.AlignmentFlag.AlignHCenter, y_label)
        painter.restore()
        return area

    def _curve(
        self, painter: QPainter, area: QRectF, values: Sequence[float], y_max: float, pen: QPen
    ) -> None:
        path = QPainterPath()
        for i, value in enumerate(values):
            y = value / y_max if y_max > 0 else 0.0
            point = QPointF(
                area.left() + area.width() * i / self.SAMPLES,
                area.bottom() - area.height() * min(max(y, 0.0), 1.0),
            )
            if i == 0:
                path.moveTo(point)
            else:
                path.lineTo(point)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)

    def _draw_marker(self, painter: QPainter, area: QRectF, value: float, y_max: float) -> None:
        if self.marker is None or self.cap <= 0:
            return
        x = area.left() + area.width() * min(self.marker / self.cap, 1.0)
        painter.setPen(QPen(MARKER_COLOUR, 1, Qt.PenStyle.DashLine))
        painter.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()))
        y = area.bottom() - area.height() * (min(value / y_max, 1.0) if y_max > 0 else 0.0)
        painter.setBrush(MARKER_COLOUR)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawEllipse(QPointF(x, y), 3.5, 3.5)

    def _draw_fraction(self, painter: QPainter, box: QRectF, cap: int) -> None:
        name = (
            "f(x) = 1"
            if self.kind == ONE
            else (f"f(x), a = {short_count(self.a)}, b = {short_count(self.b)}")
        )
        area = self._axes(painter, box, f"Fraction {name}  (Fig. 4.1)", 1.0, "f(x)")
        self._curve(
            painter, area, [point.fraction for point in self.points], 1.0, QPen(FRACTION_COLOUR, 2)
        )

    def _draw_sizes(self, painter: QPainter, box: QRectF, cap: int) -> None:
        y_max = self._size_scale()
        area = self._axes(
            painter, box, f"Second-level size, N = {short_count(cap)}  (4.2/4.3)", y_max, "nodes"
        )
        points = self.points
        bound = [cap - point.x for point in points]
        self._curve(painter, area, bound, y_max, QPen(BOUND_COLOUR, 1, Qt.PenStyle.DotLine))
        wanted = [point.wanted for point in points]
        self._curve(painter, area, wanted, y_max, QPen(THEORY_COLOUR, 1.5, Qt.PenStyle.DashLine))
        used = [point.used for point in points]
        self._curve(painter, area, used, y_max, QPen(PRACTICE_COLOUR, 2))
        self._legend(painter, area)

    def _legend(self, painter: QPainter, area: QRectF) -> None:
        entries = [
            (THEORY_COLOUR, Qt.PenStyle.DashLine, "x·f(x)"),
            (BOUND_COLOUR, Qt.PenStyle.DotLine, "N − x"),
            (PRACTICE_COLOUR, Qt.PenStyle.SolidLine, "used"),
        ]
        y = area.top() + 4
        for colour, style, text in entries:
            painter.setPen(QPen(colour, 2, style))
            painter.drawLine(QPointF(area.left() + 6, y + 6), QPointF(area.left() + 24, y + 6))
            painter.setPen(QPen(self.palette().text().color()))
            painter.drawText(QRectF(area.left() + 28, y, 80, 13), Qt.AlignmentFlag.AlignLeft, text)
            y += 13
