"""The path strip: the top of the most-proving path, where the drawing area has no room for it.

Focus and context (SpaceTree, Plaisant, Grosjean and Bederson 2002; degree-of-interest trees,
Card and Nation 2002): the focus is the most-proving path from the root to the node being
expanded, with the children just created, and it must be on screen whole at every step. A
chess path goes 18 plies deep where a 1024×768 projector leaves the tree five rows; zooming out
until it fits would make every label unreadable. So follow keeps the deep end of the path in the
drawing area at a readable zoom, with its siblings and the new children around it, and the part
above it is summarised in one or two lines between the header and the drawing area, from the
root on: each node as a chip with its move, its proof number, its shape and its disproof number,
joined by orange arrows, in the header's text size. The strip is in widget pixels, drawn over no
node; the line it summarises continues in the drawing area right under it.

Pure geometry and painting: the view decides how many lines the strip gets and which nodes it
holds (`hidden_prefix`).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFontMetricsF, QPainter, QPen

from . import style
from .follow import drawn_span, room_above
from .items import DisplayedNode

MAX_LINES = 4
"""The most lines the strip takes (an 18-ply path at 1024 pixels in projector mode needs 4);
a longer prefix keeps its root and its end, the middle written as "… 4 more …"."""
PAD = 4.0
"""Room around the chips, in widget pixels."""
ARROW = " › "
"""Between two chips: the path goes on."""
ROOT_TEXT = "root"
"""The root's chip where the root has no name of its own (a chess position)."""


@dataclass(frozen=True, slots=True)
class Chip:
    """One path node in the strip: what it says and where (widget pixels)."""

    item: DisplayedNode
    text: str
    """The move into it (or its name, or "root")."""
    rect: QRectF
    """The chip's whole box: text, numbers and shape."""
    shape: QRectF
    """Where its small OR square or AND circle is drawn."""


def line_height(px: float) -> float:
    """Height of one line of chips at text size `px`."""
    return QFontMetricsF(style.font(px)).height() + 6


def strip_height(lines: int, px: float) -> float:
    """Widget pixels the strip takes with `lines` lines (0: none)."""
    return lines * line_height(px) + 2 * PAD if lines else 0.0


def chip_text(item: DisplayedNode) -> str:
    """What a chip calls its node: the move into it, else its name, else "root"."""
    return item.label or item.name or ROOT_TEXT


def _widths(item: DisplayedNode, metrics: QFontMetricsF, px: float) -> tuple[float, float]:
    """Width of a chip's text and its numbers with the shape between them."""
    text = metrics.horizontalAdvance(chip_text(item) + " ")
    numbers = metrics.horizontalAdvance(f"{item.proof_text} {item.disproof_text}") + px + 6
    return text, numbers


def layout_chips(
    path: list[DisplayedNode], width: float, px: float, lines: int | None = None
) -> tuple[list[Chip], int]:
    """Chips for `path` (the strip's nodes, from the root) wrapped into `width`, and the lines
    they take; with `lines` given and too few, the nodes after the root give way to a "… N
    more" chip, as few as make it fit (the root stays, and the end, which joins the drawing
    area)."""
    if not path:
        return [], 0
    metrics = QFontMetricsF(style.font(px))
    height = line_height(px)
    arrow = metrics.horizontalAdvance(ARROW)

    def place(items: list[DisplayedNode | int]) -> tuple[list[Chip], int]:
        chips: list[Chip] = []
        x, row = PAD, 0
        for entry in items:
            if isinstance(entry, int):
                text, numbers = metrics.horizontalAdvance(f"… {entry} more"), 0.0
            else:
                text, numbers = _widths(entry, metrics, px)
            needed = text + numbers + (arrow if chips else 0.0)
            if chips and x + needed > width - PAD:
                x, row = PAD, row + 1
                needed -= arrow
            start = x + (needed - text - numbers)
            rect = QRectF(start, PAD + row * height, text + numbers, height - 2)
            shape_x = start + text + metrics.horizontalAdvance(entry_proof(entry) + " ")
            shape = QRectF(shape_x, rect.center().y() - px / 2 + 1, px - 2, px - 2)
            if isinstance(entry, int):
                chips.append(Chip(_MORE, f"… {entry} more", rect, QRectF()))
            else:
                chips.append(Chip(entry, chip_text(entry), rect, shape))
            x = rect.right()
        return chips, row + 1

    if lines is None:
        return place(list(path))
    # A line takes at most width / (two characters) chips: past that many nodes, the ones
    # after the root could never all be shown, so the search starts elided (a path 10,000
    # plies deep costs as much as a short one).
    most = max(2, round(lines * width / max(metrics.horizontalAdvance("m "), 1.0)))
    low = max(0, len(path) - 1 - most)
    chips, used = place(list(path) if not low else [path[0], low, *path[1 + low :]])
    if used <= lines:
        return chips, used
    high = len(path) - 2
    if high <= low:
        return chips, used
    while low + 1 < high:  # the fewest nodes dropped that make the strip fit
        middle = (low + high) // 2
        if place([path[0], middle, *path[1 + middle :]])[1] <= lines:
            high = middle
        else:
            low = middle
    return place([path[0], high, *path[1 + high :]])


def entry_proof(entry: DisplayedNode | int) -> str:
    return "" if isinstance(entry, int) else entry.proof_text


_MORE = DisplayedNode(1, -1, "more", 0.0, 0.0, -1)
"""The item of an elision chip (no node)."""


def inside(item: DisplayedNode, area: QRectF, scale: float, offset: QPointF) -> bool:
    """Whether a drawn node, with its numbers and its move label, is whole inside `area`
    (widget pixels) at this zoom and offset."""
    left, right = drawn_span(item)
    top = item.y - room_above(item)
    bottom = item.y + style.NODE / 2
    return (
        left * scale + offset.x() >= area.left() - 0.5
        and right * scale + offset.x() <= area.right() + 0.5
        and top * scale + offset.y() >= area.top() - 0.5
        and bottom * scale + offset.y() <= area.bottom() + 0.5
    )


def hidden_prefix(
    path: list[DisplayedNode], area: QRectF, scale: float, offset: QPointF
) -> list[DisplayedNode]:
    """The path from the root to its last node not whole inside `area`: what the strip
    shows (empty when the drawing area holds the whole path). Read from the deep end up to
    the first node outside, so a deep path costs what the drawing area shows of it."""
    for index in range(len(path) - 1, -1, -1):
        if not inside(path[index], area, scale, offset):
            return path[: index + 1]
    return []


def paint_strip(
    painter: QPainter, top: float, width: float, chips: list[Chip], px: float, lines: int
) -> None:
    """The strip's background, `top` widget pixels down, and its chips (placed in the widget)."""
    height = strip_height(lines, px)
    painter.fillRect(QRectF(0, top, width, height), style.HEADER_FILL)
    painter.setPen(style.OVERLAY_BORDER)
    painter.drawLine(QPointF(0, top + height - 0.5), QPointF(width, top + height - 0.5))
    font = style.font(px)
    painter.setFont(font)
    metrics = QFontMetricsF(font)
    previous: Chip | None = None
    for chip in chips:
        rect = chip.rect
        if previous is not None and abs(previous.rect.top() - chip.rect.top()) < 1:
            painter.setPen(style.PATH)
            arrow = QRectF(
                previous.rect.right(),
                rect.top(),
                rect.left() - previous.rect.right(),
                rect.height(),
            )
            painter.drawText(arrow, Qt.AlignmentFlag.AlignCenter, ARROW.strip())
        previous = chip
        item = chip.item
        if item.node < 0:
            painter.setPen(style.MUTED_TEXT)
            painter.drawText(rect, Qt.AlignmentFlag.AlignVCenter, chip.text)
            continue
        painter.setPen(style.TEXT)
        text = f"{chip.text} {item.proof_text}"
        painter.drawText(rect, Qt.AlignmentFlag.AlignVCenter, text)
        shape = chip.shape
        fill = (
            style.PROVED_FILL
            if item.proof == 0
            else style.DISPROVED_FILL
            if item.disproof == 0
            else style.UNKNOWN_FILL
        )
        painter.setBrush(fill)
        painter.setPen(QPen(style.PATH if item.level == 1 else style.LEVEL2, 2.0))
        if item.is_or:
            painter.drawRect(shape)
        else:
            painter.drawEllipse(shape)
        painter.setPen(style.TEXT)
        after = QRectF(
            shape.right() + metrics.horizontalAdvance(" ") - 2,
            rect.top(),
            rect.right() - shape.right(),
            rect.height(),
        )
        painter.drawText(after, Qt.AlignmentFlag.AlignVCenter, item.disproof_text)
