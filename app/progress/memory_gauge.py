"""The memory gauge: nodes in memory now (first level and Pn²'s second level stacked) against the
node cap, with the peak marked and the bytes they take.

The byte estimate uses the measured `core.tree.BYTES_PER_NODE`, not a guess. `memory_state` reads
the counts; the widget only paints them.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ...core.search.contract import Stepper
from ...core.tree import BYTES_PER_NODE
from ...core.values import counted
from ..tree_view import style

WARN_FRACTION = 0.9

OK, WARN, FULL = "ok", "warn", "full"


@dataclass(frozen=True, slots=True)
class MemoryState:
    """Counts the gauge shows; `cap` None means no node cap."""

    first_level: int
    second_level: int
    cap: int | None
    peak: int
    unit: str = "node"
    """What is counted: nodes, or df-pn's transposition-table entries (`units`: plural)."""
    units: str = "nodes"
    replacements: int | None = None
    """df-pn: table entries evicted for new positions (None for the tree searches)."""
    bytes_each: float = BYTES_PER_NODE
    two_levels: bool = False
    """A search with second levels (Pn²), whose growth and discard the bar may zoom in on."""

    @property
    def total(self) -> int:
        return self.first_level + self.second_level

    @property
    def used_fraction(self) -> float:
        return self.total / self.cap if self.cap else 0.0

    @property
    def level(self) -> str:
        """OK, WARN (above 90% of the cap) or FULL (the next expansion may not fit)."""
        if self.cap and self.total >= self.cap:
            return FULL
        if self.cap and self.used_fraction > WARN_FRACTION:
            return WARN
        return OK

    @property
    def estimated_bytes(self) -> float:
        return self.total * self.bytes_each


def memory_state(search: Stepper) -> MemoryState:
    """The gauge's counts, as the search reports its memory use (`Stepper.memory`): nodes against
    the node cap, Pn²'s second level apart, or df-pn's table entries against its size."""
    use = search.memory()
    return MemoryState(
        use.used,
        use.second_level,
        use.capacity,
        use.peak,
        use.unit,
        use.units,
        use.replacements,
        use.bytes_each,
        search.capabilities.two_levels,
    )


def format_bytes(count: float) -> str:
    """≈ 45 MB style."""
    for unit, size in (("GB", 1 << 30), ("MB", 1 << 20), ("kB", 1 << 10)):
        if count >= size:
            value = count / size
            return f"≈ {value:.1f} {unit}" if value < 10 else f"≈ {value:.0f} {unit}"
    return f"≈ {count:.0f} B"


def describe(state: MemoryState) -> str:
    """One line of text for the gauge and its tooltip."""
    text = f"{state.first_level:,}"
    if state.second_level:
        text += f" + {state.second_level:,} second-level"
    text += " " + (state.unit if state.total == 1 else state.units)
    if state.cap:
        text += f" of {state.cap:,} ({100 * state.used_fraction:.0f}%)"
    if state.replacements is not None:
        text += f"  ·  {counted(state.replacements, 'replacement')}"
    text += f"  ·  peak {state.peak:,}  ·  {format_bytes(state.estimated_bytes)}"
    return text


FIRST_COLOUR = style.LEVEL1
SECOND_COLOUR = style.LEVEL2
"""Purple, as the tree view draws Pn²'s second level."""
WARN_COLOUR = FULL_COLOUR = style.ALERT


def gauge_title(state: MemoryState | None = None) -> str:
    """The gauge's caption, its key drawn in the gauge's own colours (rich text); for a search
    that counts table entries instead of nodes (df-pn), the table's."""

    def swatch(colour: QColor) -> str:
        return f'<span style="color: {colour.name()}">■</span>'

    if state is not None and state.replacements is not None:
        return (
            f"<b>Memory</b>: transposition-{state.units} against its size "
            f"({swatch(FIRST_COLOUR)} entries in use; black tick: peak)"
        )
    return (
        "<b>Memory</b>: nodes in memory against the node cap "
        f"({swatch(FIRST_COLOUR)} tree; {swatch(SECOND_COLOUR)} Pn² second level; "
        "black tick: peak)"
    )


def short_describe(state: MemoryState) -> str:
    """The gauge's count in its shortest words, for a narrow column: the total against the cap
    (the bar's colours still tell the levels apart)."""
    text = f"{state.total:,}"
    if state.cap:
        return f"{text} of {state.cap:,} {state.units} ({100 * state.used_fraction:.0f}%)"
    return f"{text} {state.unit if state.total == 1 else state.units}"


LEVEL_WORDS = {
    WARN: ("near the node cap: ", "near the cap: "),
    FULL: ("node cap reached: ", "cap reached: "),
}
"""The words before the gauge's line when the cap is near or reached, long and short."""


def gauge_line(state: MemoryState) -> tuple[str, str]:
    """The line under the bar, and its short form (`short_describe`)."""
    long_words, short_words = LEVEL_WORDS.get(state.level, ("", ""))
    return long_words + describe(state), short_words + short_describe(state)


def fitted(text: str, metrics: QFontMetrics, width: float, short: str = "") -> str:
    """`text` whole if it fits `width`, else without its last "  ·  " parts (the tooltip keeps
    them), else its `short` form, never cut inside a number ("peak 1,55" read as a count)."""
    while metrics.horizontalAdvance(text) > width and "  ·  " in text:
        text = text.rsplit("  ·  ", 1)[0]
    if short and metrics.horizontalAdvance(text) > width:
        text = short
    return metrics.elidedText(text, Qt.TextElideMode.ElideRight, int(width))


ZOOM_SHARE = 0.2
"""While a Pn² search's peak stays under this share of the cap, the bar is drawn against a
rounder, smaller scale (and says so): against Pn²'s classroom cap of 5,000 the first nine
iterations moved the bar 1–5 %, where a class could not see the second level grow and go."""


def bar_scale(state: MemoryState) -> tuple[int, str]:
    """The count the bar's full width stands for, and the words saying so when it is not the
    cap: for a search with second levels whose peak is under `ZOOM_SHARE` of the cap, the
    smallest of 1, 2, 5 × 10^k that leaves a quarter of the bar free above the peak; else the
    cap (or the peak, without one). A one-level search is always drawn against its cap: zoomed,
    153 of 1,000,000 nodes would look three quarters full, and there is no discard to see."""
    top = max(state.peak, state.total, 1)
    if not state.cap:
        return top, ""
    if not state.two_levels or top >= ZOOM_SHARE * state.cap:
        return state.cap, ""
    wanted = 1.25 * top
    scale = next(count for count in _round_counts(int(wanted)) if count >= wanted)
    return scale, f"zoomed: full bar = {scale:,} (cap {state.cap:,})"


def _round_counts(above: int) -> list[int]:
    """1, 2, 5, 10, 20, 50, … from the decade of `above` on."""
    decade = 1
    while decade * 10 <= above:
        decade *= 10
    return [decade * step for step in (1, 2, 5, 10, 20, 50)]


class MemoryGauge(QWidget):
    """A horizontal stacked bar with a peak tick and a line of text under it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = MemoryState(0, 0, None, 0)
        self.setMinimumHeight(44)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(360, 46)

    def set_state(self, state: MemoryState) -> None:
        if state != self.state:
            self.state = state
            self.setToolTip(describe(state))
            self.update()

    def text(self) -> str:
        return describe(self.state)

    def shown_text(self) -> str:
        """The line under the bar as drawn at the gauge's width."""
        text, short = gauge_line(self.state)
        return fitted(text, self.fontMetrics(), self.width() - 8, short)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        state = self.state
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        bar = QRectF(4, 4, self.width() - 8, 18)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#e4e4e4"))
        painter.drawRoundedRect(bar, 3, 3)
        scale, note = bar_scale(state)
        first_width = bar.width() * min(state.first_level / scale, 1.0)
        second_width = bar.width() * min(
            state.second_level / scale, 1.0 - first_width / bar.width()
        )
        painter.setBrush(FIRST_COLOUR)
        painter.drawRect(QRectF(bar.left(), bar.top(), first_width, bar.height()))
        painter.setBrush(SECOND_COLOUR)
        painter.drawRect(QRectF(bar.left() + first_width, bar.top(), second_width, bar.height()))
        if state.peak:
            x = bar.left() + bar.width() * min(state.peak / scale, 1.0)
            painter.setPen(QPen(QColor("#222222"), 2))
            painter.drawLine(QPointF(x, bar.top() - 3), QPointF(x, bar.bottom() + 3))
        if note:
            painter.setPen(self.palette().text().color())
            small = QFont(self.font())
            small.setPointSizeF(max(7.0, self.font().pointSizeF() * 0.85))
            painter.setFont(small)
            room = bar.width() - 8
            if painter.fontMetrics().horizontalAdvance(note) > room:
                note = note.split(" (", 1)[0]  # "zoomed: full bar = 200"
            if painter.fontMetrics().horizontalAdvance(note) > room:
                note = ""
            painter.drawText(
                bar.adjusted(4, 0, -4, 0),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                note,
            )
            painter.setFont(self.font())
        border = {OK: QColor("#9a9a9a"), WARN: WARN_COLOUR, FULL: FULL_COLOUR}[state.level]
        painter.setPen(QPen(border, 2 if state.level != OK else 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(bar, 3, 3)
        painter.setPen(border if state.level != OK else self.palette().text().color())
        line = QRectF(4, bar.bottom() + 3, self.width() - 8, 18)
        painter.drawText(
            line,
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            self.shown_text(),
        )
        painter.end()
