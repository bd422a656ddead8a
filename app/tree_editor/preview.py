"""The editor's live picture of a tree draft: shapes, values, names and a marker at each problem.

Drawn in the tree view's vocabulary (`app.tree_view.style`: OR squares, AND circles, green true
leaves, red false ones) so the draft looks like the tree the search will show. A draft may be
broken (a cycle, two parents, two roots): the layout visits each node once and still draws it.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ...core.trees.edit import ERROR, TreeDraft
from ..short_text import short_label
from ..tree_view import style
from ..tree_view.paint import draw_shape

SLOT = 56.0
"""Scene distance between neighbouring leaves (the preview is smaller than the search's view)."""
ROW = 64.0
NODE = 22.0
MARKER = 9.0
"""Radius of the problem marker at a node's top right."""
WARNING = QColor("#ef8f00")


def draft_layout(draft: TreeDraft) -> dict[int, tuple[float, float]]:
    """Each node's (slot, depth): leaves in depth-first order one slot apart, a parent centred
    over its children. Nodes no root reaches (on a pure cycle) are laid out as roots after."""
    position: dict[int, tuple[float, float]] = {}
    next_slot = 0.0
    starts = [key for key in draft.node_keys() if not draft.parents(key)]
    starts += [key for key in draft.node_keys() if key not in starts]
    for start in starts:
        if start in position:
            continue
        stack: list[tuple[int, int, bool]] = [(start, 0, False)]
        while stack:
            key, depth, done = stack.pop()
            if done:
                placed = [position[c][0] for c in draft.children(key) if position[c][1] > depth]
                position[key] = (
                    (min(placed) + max(placed)) / 2 if placed else next_slot,
                    float(depth),
                )
                if not placed:
                    next_slot += 1
                continue
            if key in position:
                continue
            position[key] = (-1.0, float(depth))
            stack.append((key, depth, True))
            for child in reversed(draft.children(key)):
                if child not in position:
                    stack.append((child, depth + 1, False))
    return position


class DraftPreview(QWidget):
    """The draft drawn to fit the widget; a click on a node selects it (`node_clicked`)."""

    node_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.draft: TreeDraft | None = None
        self.selected: int | None = None
        self._centres: dict[int, QPointF] = {}
        self.setMinimumSize(420, 320)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def show_draft(self, draft: TreeDraft, selected: int | None) -> None:
        self.draft, self.selected = draft, selected
        self.update()

    def _place(self, draft: TreeDraft) -> float:
        """Widget positions for every node; returns the scale the drawing uses."""
        layout = draft_layout(draft)
        slots = max((x for x, _ in layout.values()), default=0) + 1
        rows = max((y for _, y in layout.values()), default=0) + 1
        width, height = slots * SLOT, rows * ROW
        scale = min(1.4, (self.width() - 16) / width, (self.height() - 16) / height)
        left = (self.width() - width * scale) / 2
        top = (self.height() - height * scale) / 2
        self._centres = {
            key: QPointF(left + (x + 0.5) * SLOT * scale, top + (y + 0.5) * ROW * scale)
            for key, (x, y) in layout.items()
        }
        return scale

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), style.BACKGROUND)
        draft = self.draft
        if draft is None:
            return
        scale = self._place(draft)
        size = NODE * scale
        problems: dict[int, str] = {}
        for problem in draft.problems():
            if problem.key is not None and problems.get(problem.key) != ERROR:
                problems[problem.key] = problem.severity
        painter.setPen(QPen(style.EDGE, style.EDGE_WIDTH))
        for key, centre in self._centres.items():
            for child in draft.children(key):
                painter.drawLine(centre, self._centres[child])
        name_font = style.font(max(8.0, 12 * scale))
        for key, centre in self._centres.items():
            value = draft.value(key)
            fill = {"true": style.PROVED_FILL, "false": style.DISPROVED_FILL}.get(
                (value or "") if not draft.children(key) else "", style.UNKNOWN_FILL
            )
            chosen = key == self.selected
            painter.setPen(QPen(style.FOCUS if chosen else style.OUTLINE, 3.0 if chosen else 1.5))
            painter.setBrush(fill)
            rect = QRectF(centre.x() - size / 2, centre.y() - size / 2, size, size)
            draw_shape(painter, rect, draft.is_or(key))
            painter.setFont(name_font)
            painter.setPen(style.TEXT)
            label = short_label(draft.label(key) or "?", 12)
            painter.drawText(
                QRectF(centre.x() - SLOT * scale / 2, rect.bottom() + 1, SLOT * scale, 16 * scale),
                Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                label,
            )
            if key in problems:
                self._marker(painter, rect.topRight(), problems[key] == ERROR, scale)

    def _marker(self, painter: QPainter, at: QPointF, error: bool, scale: float) -> None:
        """A red (error) or amber (warning) disc with '!' at a node that has a problem."""
        radius = MARKER * max(0.7, scale)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(style.ALERT if error else WARNING)
        painter.drawEllipse(at, radius, radius)
        painter.setPen(QColor("white"))
        painter.setFont(style.font(radius * 1.5, bold=True))
        painter.drawText(
            QRectF(at.x() - radius, at.y() - radius, 2 * radius, 2 * radius),
            Qt.AlignmentFlag.AlignCenter,
            "!",
        )

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        point = event.position()
        nearest = min(
            self._centres.items(),
            key=lambda item: (item[1] - point).manhattanLength(),
            default=None,
        )
        if nearest is not None and (nearest[1] - point).manhattanLength() < SLOT / 2:
            self.node_clicked.emit(nearest[0])
