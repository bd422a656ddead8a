"""The tree view at the finale: a proved root's verified line, readable, and what it leaves out.

When a proof ends the most-proving path is gone; what a class wants to see is the mate line.
So the view shows that line alone (every other child of its nodes folded into one "+N more"
stub), at a zoom where its labels stay readable (`style.SOLVED_MIN_SCALE`), and keeps the ply
being played on the board in view. Pn²'s second level discards the trees it solves (thesis
§4.1), so the first level's line can end at a leaf the second level proved; the rest of the
verified line is then written under that leaf ("proved by the second-level search: 2. Qh7#").
Plain functions, no widget state.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFontMetricsF, QPainter

from ...core.games.game import Game
from ...core.games.registry import kind_of
from ...core.tree import ROOT, Tree
from ...core.values import Value
from . import style
from .items import DisplayedNode
from .layout import NODE, LayoutOptions
from .level import TreeLevel


def finale_options(options: LayoutOptions) -> LayoutOptions:
    """The layout at the finale: nothing opens by itself, so only the line (and what the user
    unfolds or points at) is drawn, each of its nodes' other children folded into a stub."""
    return replace(options, auto_depth=0, max_children=0)


def is_proved_finale(tree: Tree, line: list[int]) -> bool:
    """Whether the view is at a proof's finale: the root proved and its main line known."""
    return bool(line) and tree.proof[ROOT] == 0


def played_index(path: list[DisplayedNode], focus: tuple[int, int] | None) -> int:
    """Index in a solved line's drawn `path` of the pinned node (the ply played on the board),
    0 (the root) if the pinned node is not on it, -1 if nothing is pinned: the finale as it
    opens, which shows the line's end, the mate."""
    if focus is None:
        return -1
    for index, item in enumerate(path):
        if item.kind == NODE and (item.level, item.node) == focus:
            return index
    return 0


def proved_elsewhere(tree: Tree, node: int) -> bool:
    """A proved leaf that is no terminal position: Pn²'s second level proved it and, as the
    thesis's Pn² does, kept nothing of the tree that did."""
    return (
        tree.proof[node] == 0
        and not tree.is_expanded(node)
        and tree.evaluation(node) is not Value.TRUE
    )


def line_note(tree: Tree, line: list[int], moves: list[int], game: Game) -> str:
    """What to write beside the last node of the first level's main `line`, given the verified
    main line's `moves`: the rest of the mate when the second level proved that node, else ""."""
    if not line or not moves or not proved_elsewhere(tree, line[-1]):
        return ""
    done = len(line) - 1
    rest = moves[done:]
    if not rest:
        return ""
    text = kind_of(game).line_text(game, moves, start=done)
    return f"proved by the second-level search: {text}"


NOTE_WIDTH = 300.0
"""Width of the note under a leaf the second level proved, in scene pixels (it wraps)."""


def line_note_box(
    level: TreeLevel,
    index: dict[tuple[int, int], int],
    items: list[DisplayedNode],
    moves: list[int],
) -> tuple[str, QRectF] | None:
    """The note under the first level's last line node and its scene rectangle, or None when
    there is nothing to say or the node is not drawn. Under it, not beside it: beside the node
    stand its siblings' stub ("+N more"), and a note over a stub hides both; under a leaf at
    the finale nothing else is drawn."""
    if not level.line:
        return None
    position = index.get((1, level.line[-1]))
    if position is None:
        return None
    text = line_note(level.tree, level.line, moves, level.search.game)
    if not text:
        return None
    item = items[position]
    metrics = QFontMetricsF(style.font(style.LABEL_PX))
    bounds = metrics.boundingRect(
        QRectF(0, 0, NOTE_WIDTH, 1000), int(Qt.TextFlag.TextWordWrap), text
    )
    width = bounds.width() + 10
    top = item.y + style.NODE / 2 + 6
    return text, QRectF(item.x - width / 2, top, width, bounds.height() + 6)


def draw_line_note(
    painter: QPainter,
    level: TreeLevel,
    index: dict[tuple[int, int], int],
    items: list[DisplayedNode],
    moves: list[int],
) -> None:
    """Write the rest of the verified line beside the leaf the second level proved, in the
    proof's green, on a light box so edges behind it do not cross the words."""
    note = line_note_box(level, index, items, moves)
    if note is None:
        return
    text, box = note
    painter.setPen(style.PROVED_TEXT)
    painter.setBrush(style.OVERLAY_BACKGROUND)
    painter.drawRoundedRect(box, 4, 4)
    painter.setFont(style.font(style.LABEL_PX))
    painter.drawText(
        box.adjusted(5, 3, -5, -3),
        int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop) | int(Qt.TextFlag.TextWordWrap),
        text,
    )
