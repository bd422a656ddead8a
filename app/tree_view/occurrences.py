"""One position reached by several paths (thesis Figures 3.11/3.12): every node of the tree holding
it, found by position hash, ringed in the tree view with a legend entry.

PN search has no transposition table, so a position reached by k move orders is searched k times
and its proof number counts k times over (§3.6.2). `position_groups` hashes every node of a
search tree with its own game cursor, in pieces (a generator), so the GUI thread never waits;
`OccurrenceOverlay` draws the rings over the tree view and asks it to reveal those nodes.
"""

from __future__ import annotations

from collections.abc import Iterator

import chess
import chess.polyglot
from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from ...core.games.game import Game
from ...core.tree import ROOT, Tree
from . import style
from .items import NODE
from .view import TreeView

FIGURE_3_12_LINE = "Rxh7+ Kxh7 Qh5+ Kg8 Rxg7+ Kxg7 Bh6+ Kh7 Bg5+ Kg7 Qh6+ Kf7 Qf6+ Kg8 Qg6+ Kh8"
"""The thesis's main line of WAC.213 to the position of Figure 3.12 (§3.6.2)."""
PIECE = 3_000
"""Nodes hashed between two yields."""


def figure_3_12_hash(root: str) -> int | None:
    """The Polyglot hash of Figure 3.12's position from WAC.213's root, given as its game kind
    describes it (a FEN); None elsewhere."""
    try:
        board = chess.Board(root)
        for san in FIGURE_3_12_LINE.split():
            board.push_san(san)
    except ValueError:
        return None
    return chess.polyglot.zobrist_hash(board)


def position_groups(game: Game, tree: Tree, groups: dict[int, list[int]]) -> Iterator[None]:
    """Fill `groups` (position hash → nodes holding it), walking the tree depth first with the
    game cursor; yields every PIECE nodes."""
    game.reset()
    stack: list[tuple[int, bool]] = [(ROOT, True)]
    walked = 0
    while stack:
        node, entering = stack.pop()
        if not entering:
            game.pop()
            continue
        if node != ROOT:
            game.push(tree.move[node])
            stack.append((node, False))
        groups.setdefault(game.position_hash(), []).append(node)
        stack.extend((child, True) for child in reversed(tree.children(node)))
        walked += 1
        if walked % PIECE == 0:
            yield
    game.reset()


def chosen_group(groups: dict[int, list[int]], preferred: int | None) -> tuple[int, list[int]]:
    """Figure 3.12's position if the tree reached it by several paths, else the position the
    tree holds most often (ties: the one met first)."""
    if preferred is not None and len(groups.get(preferred, ())) > 1:
        return preferred, groups[preferred]
    best = max(groups.items(), key=lambda entry: len(entry[1]))
    return best


class OccurrenceOverlay(QWidget):
    """Rings around the drawn nodes of one position, and a legend entry, over the tree view."""

    def __init__(self, view: TreeView) -> None:
        super().__init__(view)
        self.view = view
        self.nodes: set[int] = set()
        self.text = ""
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setGeometry(view.rect())
        view.installEventFilter(self)
        self.hide()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if watched is self.view and event.type() == QEvent.Type.Resize:
            self.setGeometry(self.view.rect())
        return False

    def show_nodes(self, nodes: list[int], text: str) -> None:
        """Ring these first-level nodes (revealed in the tree) and say what they are."""
        self.nodes = set(nodes)
        self.text = text
        self.view.reveal_marked(sorted(nodes))
        self.show()
        self.raise_()
        self.update()

    def clear(self) -> None:
        if self.nodes:
            self.nodes = set()
            self.view.reveal_marked([])
        self.hide()

    def drawn(self) -> list[int]:
        """The ringed nodes the view draws now."""
        return [
            item.node
            for item in self.view.displayed_nodes()
            if item.kind == NODE and item.level == 1 and item.node in self.nodes
        ]

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        if not self.nodes:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setClipRect(self.view.drawing_area())
        painter.setPen(QPen(style.TRANSPOSITION, 3))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        drawn = 0
        for item in self.view.displayed_nodes():
            if item.kind != NODE or item.level != 1 or item.node not in self.nodes:
                continue
            centre = self.view.scene_to_widget(item.x, item.y)
            edge = self.view.scene_to_widget(item.x + style.NODE, item.y)
            radius = (edge.x() - centre.x()) / 2 + 6
            painter.drawEllipse(centre, radius, radius)
            drawn += 1
        painter.setClipping(False)
        area = self.view.drawing_area()
        text = f"{self.text} ({drawn} drawn)"
        metrics = painter.fontMetrics()
        box = QRectF(area.left() + 8, area.bottom() - 30, metrics.horizontalAdvance(text) + 40, 24)
        painter.setPen(QPen(style.OVERLAY_BORDER, 1))
        painter.setBrush(style.OVERLAY_BACKGROUND)
        painter.drawRoundedRect(box, 4, 4)
        painter.setPen(QPen(style.TRANSPOSITION, 3))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(QPointF(box.left() + 14, box.center().y()), 7, 7)
        painter.setPen(style.TEXT)
        painter.drawText(
            box.adjusted(28, 0, 0, 0),
            Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
            text,
        )
        painter.end()
