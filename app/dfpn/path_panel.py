"""The df-pn path panel: MID's recursion path, each node's numbers beside its thresholds.

One row per frame on df-pn's stack (root first): the move, OR/AND, pn/dn, φ/δ and φ_t/δ_t, the
table hits of that position and, for the frame about to return, why ("φ ≥ φ_t: back to parent").
Under each row its children as MID's lists hold them, the child MID is searching highlighted in
the tree view's most-proving orange. The rows are rebuilt from `DfpnStepper.frames` (the search's
own state) after each step; the panel never calls into the search.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import QDockWidget, QMainWindow, QTreeWidget, QTreeWidgetItem, QWidget

from app.tree_view import style
from core.games.chess_game import ChessGame, decode_move
from core.search.dfpn_steps import BackUpReason, DfpnFrame, DfpnStepper
from core.values import INF, format_number

COLUMNS = ("move", "type", "pn / dn", "φ / δ", "φ_t / δ_t", "table", "status")
CHILDREN_SHOWN = 40
"""Children listed under a frame; the rest are counted ('… and 12 more')."""


NEAR_INFINITY = 1 << 40
"""Thresholds within this of ∞ are written ∞ − k (φ_t = δ_t − δ + φ under a root's ∞)."""


def number(value: int) -> str:
    if INF - NEAR_INFINITY < value < INF:
        return f"∞−{INF - value:,}"
    return format_number(value)


def pair(first: int, second: int) -> str:
    return f"{number(first)} / {number(second)}"


def back_up_text(reason: BackUpReason) -> str:
    """What the frame about to be popped shows in its status column ("φ ≥ φ_t: back to
    parent", "proved: back to parent")."""
    return f"{reason.value}: back to parent"


def move_labels(search: DfpnStepper, moves: list[int]) -> list[str]:
    """SAN for chess (each move in its position), node names for trees."""
    game = search.game
    if isinstance(game, ChessGame):
        return game.san_line(moves)
    return [game.node_name(move) for move in moves]


def frame_row(search: DfpnStepper, frame: DfpnFrame, label: str) -> list[str]:
    """The columns of one path row."""
    hits = search.path_trace.transposition_label(frame.key)
    status = back_up_text(frame.backing_up) if frame.backing_up is not None else "searching"
    return [
        label,
        "OR" if frame.is_or else "AND",
        pair(*frame.numbers),
        pair(frame.phi, frame.delta),
        pair(frame.phi_threshold, frame.delta_threshold),
        hits,
        status,
    ]


def child_labels(search: DfpnStepper, path: list[int], frame: DfpnFrame) -> list[str]:
    """The children's move labels (SAN needs the position: the path's moves before them)."""
    game = search.game
    if not isinstance(game, ChessGame):
        return [game.node_name(move) for move in frame.children.moves]
    board = game.board_after(path)
    return [board.san(decode_move(move)) for move in frame.children.moves]


class DfpnPathPanel(QTreeWidget):
    """The recursion path as rows, each frame's children beneath it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setColumnCount(len(COLUMNS))
        self.setHeaderLabels(list(COLUMNS))
        self.setRootIsDecorated(True)
        self.setUniformRowHeights(True)
        self.setMinimumWidth(620)  # every column readable beside the tree at 1600 × 1000
        self.search: DfpnStepper | None = None
        self._version = -1

    def set_search(self, search: object) -> None:
        self.search = search if isinstance(search, DfpnStepper) else None
        self._version = -1
        self.refresh()

    def refresh(self) -> None:
        """Rebuild the rows when the trace has moved on since the last look."""
        search = self.search
        if search is None:
            self.clear()
            return
        if search.path_trace.version == self._version:
            return
        self._version = search.path_trace.version
        self.clear()
        frames = search.frames
        moves = search.path_moves
        labels = ["root", *move_labels(search, moves)]
        trace = search.path_trace
        highlight = QBrush(style.PATH)
        alert = QBrush(style.DISPROVED_TEXT)
        for depth, frame in enumerate(frames):
            row = QTreeWidgetItem(self, frame_row(search, frame, f"{depth}. {labels[depth]}"))
            if frame.backing_up is not None:
                for column in range(len(COLUMNS)):
                    row.setForeground(column, alert)
            children = frame.children
            chosen = trace.chosen(depth)
            names = child_labels(search, moves[:depth], frame)
            for index in range(min(len(children.moves), CHILDREN_SHOWN)):
                key = children.keys[index]
                item = QTreeWidgetItem(
                    row,
                    [
                        names[index],
                        "AND" if frame.is_or else "OR",
                        pair(children.proof[index], children.disproof[index]),
                        "",
                        "",
                        trace.transposition_label(key),
                        "searching" if index == chosen else "",
                    ],
                )
                if index == chosen:
                    for column in range(len(COLUMNS)):
                        item.setBackground(column, highlight)
            if len(children.moves) > CHILDREN_SHOWN:
                QTreeWidgetItem(row, [f"… and {len(children.moves) - CHILDREN_SHOWN} more"])
            row.setExpanded(depth >= len(frames) - 2)
        for column in range(len(COLUMNS)):
            self.resizeColumnToContents(column)


def add_dfpn_dock(window: QMainWindow) -> tuple[DfpnPathPanel, QDockWidget]:
    """The panel in a dock on the right, shown while the window's search is df-pn."""
    panel = DfpnPathPanel()
    dock = QDockWidget("df-pn: the recursion path, numbers and thresholds", window)
    dock.setObjectName("dfpn-path")
    dock.setWidget(panel)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    dock.hide()
    return panel, dock
