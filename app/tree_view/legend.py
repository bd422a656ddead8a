"""The tree view's legend strip: a key to shapes, numbers, colours and marks.

Drawn once into a pixmap per width and kind of search, so repaints only blit it.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFontMetricsF, QPainter, QPen, QPixmap

from . import style
from .paint import ALIGN_CENTER, ALIGN_LEFT, ALIGN_RIGHT

_SYMBOL_ROOM = {
    "numbers": 50.0,
    "stub": 34.0,
    "level2": 34.0,
    "path": 24.0,
    "line": 24.0,
    "link": 24.0,
    "effort": 44.0,
}
"""Width of a legend entry's symbol, where it is not the plain 18 pixels."""


SHORT_ROWS = 2
"""Where the legend's words in large print would take more rows than this, it takes its short
words (a 1024- or 1280-pixel projector's tree pane wrapped it onto four rows)."""
GAP, SHORT_GAP = 18.0, 12.0
"""Room between two entries, with the long words and with the short ones."""


def legend_entries(pn2: bool, effort: bool, dag: bool) -> list[tuple[str, str, str]]:
    """The legend's entries: symbol, words, short words."""
    entries = [
        ("or", "OR node: attacker to move", "OR: attacker"),
        ("and", "AND node: defender to move", "AND: defender"),
        ("numbers", "proof | disproof number", "proof | disproof"),
        ("proved", "proved", "proved"),
        ("disproved", "disproved", "disproved"),
        ("path", "most-proving path", "most-proving path"),
        ("line", "proof / refutation line", "proof line"),
        ("changed", "numbers changed / selected", "changed"),
        ("new", "new child", "new child"),
        ("stub", "hidden nodes: click to unfold", "hidden nodes"),
    ]
    if pn2:
        entries.append(("level2", "Pn² 2nd-level search", "Pn² 2nd level"))
    if effort:
        below = "nodes made below (a shared node under its first parent)" if dag else "nodes below"
        entries.append(("effort", f"effort map: {below}, 1 → whole tree (log)", "effort (log)"))
    if dag:
        entries.append(("link", "link from another parent: same position, drawn once", "shared"))
    return entries


def legend_places(
    entries: list[tuple[str, str, str]], metrics: QFontMetricsF, width: float, large: bool
) -> list[tuple[str, str, float, float, int]]:
    """Each entry's symbol, words, left edge, symbol room and row, flowing left to right in
    `width`: the words, or in `large` print (projector mode) the short words where the words
    take more than `SHORT_ROWS` rows."""
    places: list[tuple[str, str, float, float, int]] = []
    for short, gap in ((False, GAP), (True, SHORT_GAP))[: 2 if large else 1]:
        places = []
        x, row = style.MARGIN, 0
        for symbol, words, short_words in entries:
            text = short_words if short else words
            room = _SYMBOL_ROOM.get(symbol, 18.0)
            span = room + 6 + metrics.horizontalAdvance(text)
            if x > style.MARGIN and x + span > width - style.MARGIN:
                x, row = style.MARGIN, row + 1
            places.append((symbol, text, x, room, row))
            x += span + gap
        if row < SHORT_ROWS:
            break
    return places


def legend_pixmap(
    width: int,
    pn2: bool,
    ratio: float,
    effort: bool = False,
    dag: bool = False,
    scale: float = 1.0,
) -> QPixmap:
    """Shapes, numbers, colours and marks, a symbol each, flowing left to right in as many
    rows as the width needs, in large print in short words where the long ones take more than
    `SHORT_ROWS` (with the Pn² band's entry if `pn2`, the effort map's if `effort`, DAG PN's
    dashed link to a shared node if `dag`), drawn `scale` times their size, as the tree's nodes
    are (projector mode)."""
    full_width, width = width, round(width / scale)
    text_font = style.font(style.OVERLAY_PX - 1)
    metrics = QFontMetricsF(text_font)
    line = metrics.height() + 4
    places = legend_places(legend_entries(pn2, effort, dag), metrics, width, scale > 1)
    rows = max(place[4] for place in places) + 1
    height = rows * line + 6
    pixmap = QPixmap(round(full_width * ratio), round(height * scale * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(style.HEADER_FILL)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(scale, scale)
    painter.setPen(style.OVERLAY_BORDER)
    painter.drawLine(QPointF(0, 0.5), QPointF(width, 0.5))
    for symbol, text, x, room, row in places:
        cy = 3 + row * line + line / 2
        _draw_symbol(painter, symbol, QPointF(x + room / 2, cy))
        painter.setPen(style.TEXT)
        painter.setFont(text_font)
        painter.drawText(QRectF(x + room + 6, cy - line / 2, width, line), ALIGN_LEFT, text)
    painter.end()
    return pixmap


def _draw_symbol(painter: QPainter, key: str, centre: QPointF) -> None:
    square = QRectF(centre.x() - 6, centre.y() - 6, 12, 12)
    painter.setBrush(style.UNKNOWN_FILL)
    painter.setPen(QPen(style.OUTLINE, 1.3))
    if key == "or":
        painter.drawRect(square)
    elif key in ("and", "new"):
        painter.drawEllipse(square)
        if key == "new":
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(style.CHANGED)
            painter.drawEllipse(QPointF(centre.x() + 7, centre.y() - 7), 3, 3)
    elif key == "numbers":
        painter.drawRect(square.adjusted(3, 3, -3, -3))
        painter.setFont(style.font(11, bold=True))
        painter.setPen(style.TEXT)
        painter.drawText(QRectF(centre.x() - 24, centre.y() - 8, 19, 16), ALIGN_RIGHT, "pn")
        painter.drawText(QRectF(centre.x() + 5, centre.y() - 8, 19, 16), ALIGN_LEFT, "dn")
    elif key in ("proved", "disproved"):
        painter.setBrush(style.PROVED_FILL if key == "proved" else style.DISPROVED_FILL)
        painter.drawRect(square)
    elif key == "path":
        painter.setPen(QPen(style.PATH_GLOW, 8))
        painter.drawLine(QPointF(centre.x() - 11, centre.y()), QPointF(centre.x() + 11, centre.y()))
        painter.setPen(QPen(style.PATH, 3))
        painter.drawLine(QPointF(centre.x() - 11, centre.y()), QPointF(centre.x() + 11, centre.y()))
    elif key == "line":
        painter.setPen(QPen(style.SOLUTION, 3))
        painter.drawLine(QPointF(centre.x() - 11, centre.y()), QPointF(centre.x(), centre.y()))
        painter.setPen(QPen(style.REFUTATION, 3))
        painter.drawLine(QPointF(centre.x(), centre.y()), QPointF(centre.x() + 11, centre.y()))
    elif key == "changed":
        painter.setPen(QPen(style.CHANGED, 2.5))
        painter.setBrush(style.CHANGED_HALO)
        painter.drawRect(square.adjusted(-3, -3, 3, 3))
        painter.setPen(QPen(style.OUTLINE, 1.3))
        painter.setBrush(style.UNKNOWN_FILL)
        painter.drawRect(square.adjusted(2, 2, -2, -2))
    elif key == "link":
        pen = QPen(style.TRANSPOSITION, style.LINK_WIDTH)
        pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawLine(QPointF(centre.x() - 11, centre.y()), QPointF(centre.x() + 11, centre.y()))
    elif key == "stub":
        pen = QPen(style.STUB_OUTLINE, 1.2)
        pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(style.STUB_FILL)
        painter.drawRoundedRect(QRectF(centre.x() - 16, centre.y() - 7, 32, 14), 4, 4)
        painter.setPen(style.TEXT)
        painter.setFont(style.font(9, bold=True))
        painter.drawText(QRectF(centre.x() - 16, centre.y() - 7, 32, 14), ALIGN_CENTER, "+N")
    elif key == "effort":
        stops = style.EFFORT_STOPS
        step = 40 / len(stops)
        painter.setPen(Qt.PenStyle.NoPen)
        for index, colour in enumerate(stops):
            painter.setBrush(colour)
            painter.drawRect(QRectF(centre.x() - 20 + index * step, centre.y() - 6, step, 12))
        painter.setPen(QPen(style.OUTLINE, 1.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(QRectF(centre.x() - 20, centre.y() - 6, 40, 12))
    elif key == "level2":
        pen = QPen(style.LEVEL2, 1.2)
        pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(style.BAND_FILL)
        painter.drawRoundedRect(QRectF(centre.x() - 16, centre.y() - 7, 32, 14), 4, 4)
