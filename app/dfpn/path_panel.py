"""The df-pn path panel: MID's recursion path, each node's numbers beside its thresholds.

One row per frame on df-pn's stack (root first): the move, OR/AND, pn/dn, φ/δ and φ_t/δ_t, its
status (searching, or for the frame about to return why: "φ ≥ φ_t: back to parent"; after a limit
stop, that the search stopped and why) and the table hits of that position. Under each row its
children as MID's lists hold them, the child MID is searching highlighted in the tree view's
most-proving orange, and a child the attacker mates in one says so ("mate in 1"), and one whose
quiet move threatens mate says so when it is new (a re-expansion reads the children it already has
from the table, numbers only, and the table keeps no threats). The status column comes before the
table's hit labels so that it shows in the dock's first width; every status cell says the whole
reason in its tooltip. The rows are rebuilt from `DfpnStepper.frames` (the search's own state) after
each step; the panel never calls into the search. Cost on the GUI thread: the path's moves are
collected once, children are labelled for the two deepest frames (the others when a row is
unfolded), and nothing is rebuilt while the search runs at full speed.
"""

from __future__ import annotations

import html

from PySide6.QtGui import QBrush
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem, QWidget

from ...core.explain.numbers_text import dfpn_lines
from ...core.games.registry import kind_of
from ...core.proofs.claims import mate_text
from ...core.search.contract import Stepper
from ...core.search.dfpn_steps import DfpnFrame, RecursionPath, recursion_path
from ...core.search.events import BackUpReason
from ..narration.dfpn import pair
from ..narration.links import move_labels
from ..tree_view import style

COLUMNS = ("move", "type", "pn / dn", "φ / δ", "φ_t / δ_t", "status", "table")
STATUS = COLUMNS.index("status")
PN_DN, PHI_DELTA, THRESHOLDS = (COLUMNS.index(name) for name in ("pn / dn", "φ / δ", "φ_t / δ_t"))
CHILDREN_SHOWN = 40
"""Children listed under a frame; the rest are counted ('… and 12 more')."""
LABELLED_FRAMES = 2
"""The deepest frames whose children are listed at once (unfolded); the others on unfolding."""
RUNNING_TEXT = "running at full speed: the path is listed when the search pauses"


def back_up_text(reason: BackUpReason) -> str:
    """What the frame about to be popped shows in its status column ("φ ≥ φ_t: back to
    parent", "proved: back to parent")."""
    return f"{reason.value}: back to parent"


BACK_UP_TIPS = {
    BackUpReason.PROVED: "This node is proved: MID returns its numbers to the parent.",
    BackUpReason.DISPROVED: "This node is disproved: MID returns its numbers to the parent.",
    BackUpReason.PHI: (
        "Its φ reached the threshold φ_t = δ_t − δ + φ of the parent: with it the parent's δ"
        " would reach the parent's own δ_t, so MID backs up and stores the node's numbers in"
        " the table."
    ),
    BackUpReason.DELTA: (
        "Its δ reached the threshold δ_t: a sibling now looks better to the parent (δ₂ · (1+ε)),"
        " or the parent's own φ_t was reached, so MID backs up and stores the node's numbers in"
        " the table."
    ),
}
"""The whole reason behind a back-up, for the status cell's tooltip."""


def status_text(search: RecursionPath, frame: DfpnFrame) -> str:
    """A frame's status: backing up and why, stopped by a limit and why, or searching."""
    if frame.backing_up is not None:
        return back_up_text(frame.backing_up)
    if search.path_trace.stopped:
        return f"stopped — {search.path_trace.stopped}"
    return "searching"


def status_tip(search: RecursionPath, frame: DfpnFrame) -> str:
    """The status cell's tooltip: the status, then why it matters."""
    text = status_text(search, frame)
    if frame.backing_up is not None:
        return f"{text}. {BACK_UP_TIPS[frame.backing_up]}"
    if search.path_trace.stopped:
        return f"{text}. Run or step again to go on from the table."
    return "MID is searching below this node, within its thresholds φ_t and δ_t."


def wrapped(tip: str) -> str:
    """A tooltip as a rich-text paragraph, which Qt word-wraps: a sentence on one line would
    run off the screen."""
    return f"<p>{html.escape(tip, quote=False)}</p>"


def numbers_text(frame: DfpnFrame) -> str:
    """The numbers cells' tooltip: what φ/δ and φ_t/δ_t mean at this frame, ∞−k included
    (`core.explain.numbers_text.dfpn_lines`)."""
    lines = dfpn_lines(
        frame.is_or,
        frame.numbers,
        (frame.phi, frame.delta),
        (frame.phi_threshold, frame.delta_threshold),
    )
    return "".join(wrapped(line) for line in lines)


def frame_row(search: RecursionPath, frame: DfpnFrame, label: str) -> list[str]:
    """The columns of one path row."""
    hits = search.path_trace.transposition_label(frame.key)
    return [
        label,
        "OR" if frame.is_or else "AND",
        pair(*frame.numbers),
        pair(frame.phi, frame.delta),
        pair(frame.phi_threshold, frame.delta_threshold),
        status_text(search, frame),
        hits,
    ]


MATE_IN_ONE_NOTE = mate_text(1)
MATE_IN_ONE_TIP = (
    "The attacker mates in one move here: a proof one move long, found by the one-move mate"
    " test as the position was generated or held in the table, so it adds nothing to its"
    " parent's proof number."
)


def threat_note(search: RecursionPath) -> str:
    """A new child's note where its quiet move threatens mate: 'threat ÷ 2'."""
    return f"threat ÷ {search.path_trace.threat_divisor}"


def child_note(search: RecursionPath, frame: DfpnFrame, index: int) -> tuple[str, str]:
    """Why a child stands where it does, for its status column and tooltip: the attacker mates
    in one there (the one-move mate test's flag, or a proof one move long the table holds), or
    its quiet move threatens mate, so it started at mobility ÷ d (a flag only new children
    carry: the table keeps no threats)."""
    children = frame.children
    mates_at_once = children.proof[index] == 0 and children.distance[index] == 1
    if children.mate_in_one[index] or (children.child_is_or[index] and mates_at_once):
        return MATE_IN_ONE_NOTE, MATE_IN_ONE_TIP
    if children.threat[index]:
        divisor = search.path_trace.threat_divisor
        return threat_note(search), (
            "Its quiet move threatens mate in one (if the defender passed, the attacker would"
            f" mate), so its proof number started at its mobility ÷ {divisor}: the defender"
            " must answer the threat, and the replies that do not are proved at once."
        )
    return "", ""


def child_labels(search: RecursionPath, line: list[int], frame: DfpnFrame) -> list[str]:
    """The first `CHILDREN_SHOWN` children's labels, from the frame's position (reached by
    `line`) in the game's notation: SAN for chess, node names for trees."""
    game = search.game
    return kind_of(game).child_labels(game, line, frame.children.moves[:CHILDREN_SHOWN])


class DfpnPathPanel(QTreeWidget):
    """The recursion path as rows, each frame's children beneath it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setColumnCount(len(COLUMNS))
        self.setHeaderLabels(list(COLUMNS))
        self.setRootIsDecorated(True)
        self.setUniformRowHeights(True)
        self.setMinimumWidth(MIN_WIDTH)
        self.search: RecursionPath | None = None
        self._version = -1
        self._lines: dict[int, list[int]] = {}
        """The line to each frame whose children are labelled when its row unfolds."""
        self.rebuilds = 0
        """Rows built since the panel was made (tests read it: no rebuild at full speed)."""
        self.itemExpanded.connect(self._fill_unlabelled)

    @staticmethod
    def shows(search: Stepper | None) -> bool:
        """Whether the panel has something to list for `search`: a recursion path of frames."""
        return search is not None and search.capabilities.event_steps

    def set_search(self, search: Stepper | None) -> None:
        """Follow a stepper with a recursion path (df-pn's, perhaps inside a replay); any other
        search (or none) empties the panel."""
        self.search = recursion_path(search) if search is not None else None
        self._version = -1
        self.refresh()

    def refresh(self, running_fast: bool = False) -> None:
        """Rebuild the rows when the trace has moved on since the last look; at full speed one
        line says the path waits for a pause (rebuilding it each frame would cost the search)."""
        search = self.search
        if search is None:
            self.clear()
            return
        if running_fast:
            if self._version != -2:
                self._version = -2
                self.clear()
                QTreeWidgetItem(self, [RUNNING_TEXT])
            return
        if search.path_trace.version == self._version:
            return
        self._version = search.path_trace.version
        self.rebuilds += 1
        self.clear()
        self._lines = {}
        frames = search.frames
        moves = search.path_moves
        labels = ["root", *move_labels(search, moves)]
        alert = QBrush(style.DISPROVED_TEXT)
        for depth, frame in enumerate(frames):
            row = QTreeWidgetItem(self, frame_row(search, frame, f"{depth}. {labels[depth]}"))
            row.setToolTip(STATUS, wrapped(status_tip(search, frame)))
            numbers_tip = numbers_text(frame)
            for column in (PN_DN, PHI_DELTA, THRESHOLDS):
                row.setToolTip(column, numbers_tip)
            if frame.backing_up is not None:
                for column in range(len(COLUMNS)):
                    row.setForeground(column, alert)
            here = moves[:depth]  # the line to this frame
            if depth >= len(frames) - LABELLED_FRAMES:
                self._add_children(row, depth, child_labels(search, here, frame))
                row.setExpanded(True)
            elif frame.children.moves:
                self._lines[depth] = here
                row.setChildIndicatorPolicy(QTreeWidgetItem.ChildIndicatorPolicy.ShowIndicator)
        for column in range(len(COLUMNS)):
            self.resizeColumnToContents(column)

    def _fill_unlabelled(self, row: QTreeWidgetItem) -> None:
        """A shallower frame unfolded: label its children now (its board was kept)."""
        depth = self.indexOfTopLevelItem(row)
        search = self.search
        if search is None or depth not in self._lines or row.childCount():
            return
        line = self._lines.pop(depth)
        self._add_children(row, depth, child_labels(search, line, search.frames[depth]))

    def _add_children(self, row: QTreeWidgetItem, depth: int, names: list[str]) -> None:
        search = self.search
        if search is None:
            return
        trace = search.path_trace
        frame = search.frames[depth]
        children = frame.children
        chosen = trace.chosen(depth)
        searching = "stopped" if trace.stopped else "searching"
        highlight = QBrush(style.PATH)
        for index, name in enumerate(names):
            note, tip = (searching, "") if index == chosen else child_note(search, frame, index)
            item = QTreeWidgetItem(
                row,
                [
                    name,
                    "AND" if frame.is_or else "OR",
                    pair(children.proof[index], children.disproof[index]),
                    "",
                    "",
                    note,
                    trace.transposition_label(children.keys[index]),
                ],
            )
            if tip:
                item.setToolTip(STATUS, wrapped(tip))
            if index == chosen:
                for column in range(len(COLUMNS)):
                    item.setBackground(column, highlight)
        if len(children.moves) > CHILDREN_SHOWN:
            more = QTreeWidgetItem(row, [f"… and {len(children.moves) - CHILDREN_SHOWN} more"])
            more.setFirstColumnSpanned(True)  # its words do not widen the move column


DOCK_WIDTH = 360
"""The dock's width when df-pn starts: the columns up to the status fit (the table's hit labels
scroll into view), and the tree keeps the rest (a fixed 620 left the tree its bare minimum on a
1,400-pixel window, cutting the root's children off at the finale)."""
DOCK_TITLE = "df-pn: the recursion path, numbers and thresholds"
"""The title of the dock the window keeps the panel in, on its right, shown while its search is
df-pn."""
MIN_WIDTH = 300
"""Narrower than this the panel scrolls sideways rather than squeeze the tree's pane."""
