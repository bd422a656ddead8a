"""Drawing a laid-out tree with QPainter: nodes, numbers, edges, stubs, the Pn² band and its
fading ghost, and the header strip.

The widget decides what is drawn and where the view is; this module only draws it, so the
picture's rules (Figure 3.1's shapes, numbers and colours) are in one place.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QElapsedTimer, QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen

from ...core.values import counted
from . import style
from .captions import stub_words
from .items import DisplayedNode
from .layout import NODE

ALIGN_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
ALIGN_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
ALIGN_CENTER = Qt.AlignmentFlag.AlignCenter


class SecondLevelGhost:
    """A discarded second-level tree fading out, drawn relative to its first-level node."""

    def __init__(
        self, anchor: int, items: list[DisplayedNode], band: QRectF, origin: QPointF, label: str
    ) -> None:
        self.anchor = anchor
        self.label = label
        self.items = items
        self.band = band
        self.origin = origin
        self.clock = QElapsedTimer()
        self.clock.start()

    def opacity(self) -> float:
        """How visible the ghost still is: 1 when it appears, 0 after `GHOST_MS`."""
        return max(0.0, 1.0 - self.clock.elapsed() / style.GHOST_MS)


def band_title(
    band: QRectF, size: int, budget: int, visible_left: float, visible_right: float
) -> tuple[str, QRectF]:
    """The band's title and its scene rectangle: in the band's top left corner, slid right
    to stay readable when the band's left edge is out of view (scene x `visible_left`);
    shortened when the band is narrow."""
    metrics = QFontMetricsF(style.font(style.BAND_PX, bold=True))
    texts = [f"2nd level ({counted(size, 'node')})", "2nd level"]
    if budget:
        texts.insert(0, f"2nd level (budget {budget:,}, {counted(size, 'node')})")
    room = min(band.right(), visible_right) - max(band.left(), visible_left) - 16
    text = next((text for text in texts if metrics.horizontalAdvance(text) <= room), texts[-1])
    width = metrics.horizontalAdvance(text) + 8
    left = max(band.left() + 6, min(visible_left, band.right() - 6 - width))
    return text, QRectF(left, band.top() + 3, width, metrics.height() + 2)


def draw_shape(painter: QPainter, rect: QRectF, is_or: bool) -> None:
    """An OR node's square or an AND node's circle, with the painter's pen and brush."""
    if is_or:
        painter.drawRect(rect)
    else:
        painter.drawEllipse(rect)


def node_fill(item: DisplayedNode) -> QColor:
    """Green for proved, red for disproved, white while unknown."""
    if item.proof == 0:
        return style.PROVED_FILL
    if item.disproof == 0:
        return style.DISPROVED_FILL
    return style.UNKNOWN_FILL


class TreePainter:
    """Draws items on a painter already translated and scaled to scene pixels; `scale` keeps
    every line at least one device pixel wide."""

    def __init__(
        self,
        painter: QPainter,
        scale: float,
        fill: Callable[[DisplayedNode], QColor | None] | None = None,
    ) -> None:
        self.painter = painter
        self.scale = scale
        self.fill = fill
        """Overrides a node's fill where it gives a colour (the effort map)."""

    def pen(self, color: QColor, width: float, dashed: bool = False) -> QPen:
        """A pen at least one device pixel wide at any zoom."""
        pen = QPen(color, max(width, 1.0 / self.scale))
        if dashed:
            pen.setStyle(Qt.PenStyle.DashLine)
        return pen

    def band(self, band: QRectF, title: tuple[str, QRectF] | None) -> None:
        """The Pn² band behind the second-level tree, with its title if given."""
        painter = self.painter
        painter.setPen(self.pen(style.LEVEL2, 1.5, dashed=True))
        painter.setBrush(style.BAND_FILL)
        painter.drawRoundedRect(band, 12, 12)
        if title is not None:
            painter.fillRect(title[1], style.LABEL_BACKGROUND)
            painter.setFont(style.font(style.BAND_PX, bold=True))
            painter.setPen(style.LEVEL2)
            painter.drawText(title[1], ALIGN_CENTER, title[0])

    def edges(self, items: list[DisplayedNode], visible: QRectF) -> None:
        """Every edge touching the `visible` scene rectangle, batched by kind, the paths last
        so they lie on top."""
        painter = self.painter
        plain: list[QLineF] = []
        path1: list[QLineF] = []
        path2: list[QLineF] = []
        links: list[QLineF] = []
        line: list[QLineF] = []
        refutation: list[QLineF] = []
        left, right, top_edge, bottom = (
            visible.left(),
            visible.right(),
            visible.top(),
            visible.bottom(),
        )
        half, stub_half = style.NODE / 2, style.STUB_HEIGHT / 2
        for item in items:
            if item.parent < 0:
                continue
            parent = items[item.parent]
            if (
                max(item.x, parent.x) < left
                or min(item.x, parent.x) > right
                or item.y < top_edge
                or parent.y > bottom
            ):
                continue
            target = (
                links
                if item.level != parent.level
                else path2
                if item.highlighted and item.level == 2
                else path1
                if item.highlighted and parent.highlighted
                else (refutation if item.disproof == 0 else line)
                if item.in_solution and parent.in_solution
                else plain
            )
            target.append(
                QLineF(
                    parent.x,
                    parent.y + half,
                    item.x,
                    item.y - (half if item.kind == NODE else stub_half),
                )
            )
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for lines, pen in (
            (path1, self.pen(style.PATH_GLOW, style.PATH_GLOW_WIDTH)),
            (path2, self.pen(style.LEVEL2_GLOW, style.PATH_GLOW_WIDTH)),
            (plain, self.pen(style.EDGE, style.EDGE_WIDTH)),
            (line, self.pen(style.SOLUTION, style.PATH_WIDTH)),
            (refutation, self.pen(style.REFUTATION, style.PATH_WIDTH)),
            (links, self.pen(style.LEVEL2, style.EDGE_WIDTH * 1.4, dashed=True)),
            (path1, self.pen(style.PATH, style.PATH_WIDTH)),
            (path2, self.pen(style.LEVEL2, style.PATH_WIDTH)),
        ):
            if lines:
                painter.setPen(pen)
                painter.drawLines(lines)

    def node(self, item: DisplayedNode, hovered: bool, focused: bool, text: bool) -> None:
        """A node with its marks (halo, hover, focus ring, new dot) and, if `text`, its name,
        numbers and move label."""
        painter = self.painter
        half = style.NODE / 2
        x, y = item.x, item.y
        shape = QRectF(x - half, y - half, style.NODE, style.NODE)
        if item.changed or item.selected:
            ring = shape.adjusted(-style.HALO, -style.HALO, style.HALO, style.HALO)
            painter.setPen(self.pen(style.CHANGED, style.HALO_WIDTH))
            painter.setBrush(style.CHANGED_HALO)
            draw_shape(painter, ring, item.is_or)
        if hovered:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(style.HOVER)
            painter.drawEllipse(QPointF(x, y), style.NODE * 1.15, style.NODE * 1.15)
        level2 = item.level == 2
        outline = style.LEVEL2 if level2 else style.OUTLINE
        width = style.OUTLINE_WIDTH
        if item.highlighted:
            outline = style.LEVEL2 if level2 else style.PATH
            width = style.PATH_OUTLINE_WIDTH
        pen = self.pen(outline, width, dashed=level2 and not item.highlighted)
        if not item.evaluated:
            pen.setStyle(Qt.PenStyle.DotLine)
        painter.setPen(pen)
        fill = self.fill(item) if self.fill is not None else None
        brush = fill if fill is not None else node_fill(item)
        painter.setBrush(brush)
        draw_shape(painter, shape, item.is_or)
        if focused:
            painter.setPen(self.pen(style.FOCUS, style.FOCUS_WIDTH, dashed=True))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(shape.center(), style.FOCUS_RADIUS, style.FOCUS_RADIUS)
        if item.new:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(style.CHANGED)
            painter.drawEllipse(QPointF(x + half + 1, y - half - 1), 3.6, 3.6)
        if not text:
            return
        if item.name:
            painter.setFont(style.font(style.NAME_PX, bold=True))
            painter.setPen(style.text_on(brush))
            painter.drawText(shape, ALIGN_CENTER, item.name)
        painter.setPen(style.CHANGED if item.changed else style.TEXT)
        # the numbers stand clear of the focus ring (a pinned node, the finale's last one)
        gap = style.FOCUS_NUMBER_GAP if focused else style.NUMBER_GAP
        room = style.SLOT / 2 - half - gap
        for number, box, align in (
            (
                item.proof_text,
                QRectF(x - half - gap - room, y - 10, room, 20),
                ALIGN_RIGHT | Qt.TextFlag.TextDontClip,
            ),
            (
                item.disproof_text,
                QRectF(x + half + gap, y - 10, room, 20),
                ALIGN_LEFT | Qt.TextFlag.TextDontClip,
            ),
        ):
            painter.setFont(style.number_font(len(number), item.changed))
            painter.drawText(box, align, number)
        if item.label:
            painter.setFont(style.font(style.LABEL_PX))
            metrics = painter.fontMetrics()
            width = metrics.horizontalAdvance(item.label) + 6
            box = QRectF(x - width / 2, y - half - 19, width, 15)
            painter.fillRect(box, style.LABEL_BACKGROUND)
            painter.setPen(style.LEVEL2 if level2 else style.TEXT)
            painter.drawText(box, ALIGN_CENTER, item.label)

    def stub(self, item: DisplayedNode, unit: str, hovered: bool, text: bool) -> None:
        """A stub standing for hidden children (`unit`: what they are, e.g. "moves")."""
        painter = self.painter
        rect = QRectF(
            item.x - style.STUB_WIDTH / 2,
            item.y - style.STUB_HEIGHT / 2,
            style.STUB_WIDTH,
            style.STUB_HEIGHT,
        )
        color = style.LEVEL2 if item.level == 2 else style.STUB_OUTLINE
        if item.highlighted:
            color = style.PATH
        painter.setPen(self.pen(color, 1.8 if item.highlighted else 1.2, dashed=True))
        painter.setBrush(style.HOVER if hovered else style.STUB_FILL)
        painter.drawRoundedRect(rect, 8, 8)
        if not text:
            return
        top, bottom = stub_words(item, unit)
        painter.setPen(style.TEXT)
        painter.setFont(style.font(style.STUB_PX, bold=True))
        if painter.fontMetrics().horizontalAdvance(top) > rect.width() - 4:
            top = f"+{item.hidden_children}"
        painter.drawText(rect.adjusted(0, 2, 0, -rect.height() / 2 + 1), ALIGN_CENTER, top)
        painter.setPen(style.MUTED_TEXT)
        painter.setFont(style.font(style.STUB_SMALL_PX))
        painter.drawText(rect.adjusted(0, rect.height() / 2 - 1, 0, -2), ALIGN_CENTER, bottom)

    def ghost(self, ghost: SecondLevelGhost, anchor: DisplayedNode | None, text: bool) -> None:
        """The fading outline of a discarded second level, moved along with its first-level
        node (`anchor`, as drawn now; nothing if it is not drawn)."""
        painter = self.painter
        opacity = ghost.opacity()
        if anchor is None or opacity <= 0:
            return
        shift = QPointF(anchor.x, anchor.y) - ghost.origin
        painter.save()
        painter.translate(shift)
        painter.setOpacity(opacity * 0.8)
        painter.setPen(self.pen(style.GHOST, 1.4, dashed=True))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(ghost.band, 12, 12)
        for item in ghost.items:
            half = style.NODE / 2
            rect = QRectF(item.x - half, item.y - half, style.NODE, style.NODE)
            if item.kind == NODE:
                draw_shape(painter, rect, item.is_or)
            else:
                painter.drawRoundedRect(
                    QRectF(
                        item.x - style.STUB_WIDTH / 2,
                        item.y - style.STUB_HEIGHT / 2,
                        style.STUB_WIDTH,
                        style.STUB_HEIGHT,
                    ),
                    8,
                    8,
                )
        if text:
            painter.setFont(style.font(style.BAND_PX, bold=True))
            painter.setPen(style.GHOST)
            painter.drawText(
                QRectF(ghost.origin.x() + 10, ghost.band.bottom() - 20, 420, 18),
                ALIGN_LEFT,
                ghost.label,
            )
        painter.restore()


def paint_header(
    painter: QPainter,
    width: int,
    bottom: float,
    rows: tuple[list[str], list[str]],
    box: QRectF,
    noted: bool,
    px: float = style.OVERLAY_PX,
) -> None:
    """The strip above the drawing area: nodes shown (and, if `noted`, a Pn² note in purple
    after the last "  ·  " of the count rows, or as a row of its own), then what the last step
    did, in `px`-pixel text."""
    painter.fillRect(QRectF(0, 0, width, bottom), style.HEADER_FILL)
    painter.setPen(style.OVERLAY_BORDER)
    painter.drawLine(QPointF(0, bottom - 0.5), QPointF(width, bottom - 0.5))
    counts, caption = rows
    lines = [*counts, *caption]
    if not lines:
        return
    font = style.font(px)
    metrics = QFontMetricsF(font)
    used = max(metrics.horizontalAdvance(line) for line in lines)
    height = len(lines) * (metrics.height() + 1) + 7
    painter.setPen(style.OVERLAY_BORDER)
    painter.setBrush(style.OVERLAY_BACKGROUND)
    painter.drawRoundedRect(
        QRectF(box.left(), box.top(), min(used, box.width() - 16) + 16, height), 6, 6
    )
    painter.setFont(font)
    row = QRectF(box.left() + 8, box.top() + 4, box.width() - 16, metrics.height())
    for index, count in enumerate(counts):
        if index:
            row.translate(0, metrics.height() + 1)
        split = -1
        if noted and index == len(counts) - 1:
            split = max(count.rfind("  ·  "), 0)
        painter.setPen(style.MUTED_TEXT)
        painter.drawText(row, ALIGN_LEFT, count if split < 0 else count[:split])
        if split >= 0:
            painter.setPen(style.LEVEL2)
            painter.drawText(
                row.adjusted(metrics.horizontalAdvance(count[:split]), 0, 0, 0),
                ALIGN_LEFT,
                count[split:],
            )
    painter.setPen(style.TEXT)
    for line in caption:
        row.translate(0, metrics.height() + 1)
        painter.drawText(row, ALIGN_LEFT, line)
