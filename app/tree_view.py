"""The AND/OR tree view: a search's tree as it grows, drawn the way Figure 3.1 of the thesis is.

OR nodes are squares, AND nodes circles; the proof number stands left of a node and the disproof
number right (∞ as ∞); the move is written above each node; proved nodes are green, disproved
red, unknown white. The most-proving path is drawn in orange from the root to its leaf; the node
the last step selected, the children it created and the nodes whose numbers it changed are marked
in blue, so the update can be watched walking up the path. A Pn² second-level tree hangs below the
first-level node it evaluates, in a purple band with dashed outlines and its own (purple)
most-proving path; when it ends it fades out with a note of what was kept and discarded.

The widget has three zones: a header (the step in words, the buttons), the drawing area, and
the legend strip along the bottom; nodes are drawn only in the drawing area, so neither text nor
buttons ever hide one. Following the most-proving node keeps the whole path from the root to it
in view while it fits (the root at the top); when it does not, the most-proving node and the
levels just above it, scrolling only when they leave the drawing area (gliding on screen).

The view never draws the tree whole (see `app.tree_layout`): a refresh costs O(displayed nodes +
path length + nodes created since the last refresh), whatever the tree's size (only a tree met
already big costs one O(tree) pass, about 0.2-0.5 s for a million nodes, when it first stands
still). It reads the search's tree between steps and never calls into the search.

Public API
----------
``TreeView(parent: QWidget | None = None)``

Signals:
    ``node_focused(level: int, node: int)``: the pointer entered a drawn node, or a node was
        clicked (level 1 = first-level tree, 2 = Pn² second-level tree; `node` is that tree's id).
    ``focus_released()``: the pointer left the nodes and no node is pinned: show the default
        (the most-proving node) again.
    ``follow_changed(on: bool)``: follow was switched (also when a drag pan switches it off).

Methods:
    ``set_search(search: object | None) -> None``: show this search (a `ProofNumberSearch`, a
        `Pn2Search`, anything with `.tree` and `.game`), or nothing.
    ``apply_report(report: StepReport) -> None``: mark what the step changed; cheap, the layout
        is recomputed once at the next paint.
    ``clear_marks() -> None``: remove the step marks (when running without reports).
    ``refresh() -> None``: re-read the tree now, follow the most-proving node if asked, repaint.
    ``zoom_in() / zoom_out() / fit() / reset_view() -> None``
    ``set_follow(on: bool) -> None``, property ``follow -> bool``
    ``set_focused(level: int, node: int) -> None`` (node -1 clears), property
        ``focused -> tuple[int, int] | None``: the pinned node, drawn with a focus ring.
    ``show_node(level: int, node: int) -> bool``: pan a drawn node into view.
    ``expand_stub(node: int, level: int = 1) -> None``: unfold all children of `node`.
    ``collapse(node: int, level: int = 1) -> None``: fold everything below `node`.
    ``set_layout_options(options: LayoutOptions) -> None``, ``set_legend_visible(on: bool)``
    ``set_animated(on: bool) -> None``: glide when follow scrolls (default: on, except on the
        offscreen platform, where a render must show where the view ends up).
    ``drawing_area() -> QRectF``: the widget rectangle nodes are drawn in (below the header,
        above the legend strip).
    ``caption_lines() -> list[str]``: the header's text as drawn.
    ``band_title() -> tuple[str, QRectF] | None``: the Pn² band's title and where it is drawn.
    ``displayed_nodes() -> list[DisplayedNode]``: what is drawn (for tests and the window).
    ``scene_to_widget(x: float, y: float) -> QPointF``, ``item_at(point: QPointF) -> int``:
        where a displayed node appears; which one (index into `displayed_nodes()`) is at a point.
    property ``discard_note -> str``: the "2nd level … discarded N nodes" note, "" if none.

Mouse and keys: the wheel zooms around the pointer; dragging pans (and switches follow off); a
click pins a node (or unfolds a stub; a click on empty space unpins); a double-click folds or
unfolds a node; hovering shows the node's details. With the view focused: + and - zoom, 0 resets
the view, F fits, M toggles follow, L toggles the legend.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QElapsedTimer, QLineF, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QFontMetricsF,
    QGuiApplication,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
    QWheelEvent,
)
from PySide6.QtWidgets import QHBoxLayout, QSizePolicy, QToolButton, QToolTip, QWidget

from app import tree_style as style
from app.tree_layout import (
    FOLD,
    MORE,
    NODE,
    LayoutOptions,
    LevelInput,
    MoveLabels,
    PlacedNode,
    SubtreeSizes,
    layout_tree,
    solution_line,
)
from core.search import NumberChange, Phase, StepReport
from core.tree import NO_NODE, ROOT, Tree
from core.values import INF, REASON_TEXT, Reason

ALIGN_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
ALIGN_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
ALIGN_CENTER = Qt.AlignmentFlag.AlignCenter

SYNC_WORK = 50_000
"""Largest tree whose subtree sizes a refresh computes from scratch while the tree grows (about
25 ms); a bigger one (a Pn² second level met mid-run) shows stubs without node counts until the
search pauses."""


_LEGEND_SYMBOL_ROOM = {"numbers": 50.0, "stub": 34.0, "level2": 34.0, "path": 24.0}
"""Width of a legend entry's symbol, where it is not the plain 18 pixels."""


def _wrap(text: str, metrics: QFontMetricsF, width: float, lines: int) -> list[str]:
    """`text` in at most `lines` lines of `width` pixels, broken between words; whatever is
    left over is elided at the end of the last line."""
    if not text:
        return []
    rows = [""]
    for word in text.split(" "):
        candidate = f"{rows[-1]} {word}" if rows[-1] else word
        if rows[-1] and metrics.horizontalAdvance(candidate) > width:
            rows.append(word)
        else:
            rows[-1] = candidate
    if len(rows) > lines:
        rows = rows[:lines - 1] + [" ".join(rows[lines - 1:])]
    rows[-1] = metrics.elidedText(rows[-1], Qt.TextElideMode.ElideRight, width)
    return rows


@dataclass(slots=True)
class DisplayedNode:
    """One drawn item, as drawn: position (scene pixels), numbers and their text, marks."""

    level: int
    node: int
    kind: str
    """`NODE`, or a stub: `FOLD` (all children hidden) or `MORE` (some hidden)."""
    x: float
    y: float
    parent: int
    """Index of the item drawn above it in `displayed_nodes()`, -1 for the top."""
    is_or: bool = True
    proof: int = 0
    disproof: int = 0
    proof_text: str = ""
    disproof_text: str = ""
    label: str = ""
    """The move into the node (SAN for chess)."""
    name: str = ""
    """The node's own name (explicit trees), drawn inside the shape."""
    highlighted: bool = False
    """On the most-proving path (the first level's, or the second level's own)."""
    changed: bool = False
    """Its numbers changed in the last step."""
    new: bool = False
    """Created by the last step (or kept from a second-level search that just ended)."""
    selected: bool = False
    """The most-proving node the last step selected (and expanded)."""
    in_solution: bool = False
    """On the main line of a solved root (drawn once there is no most-proving path)."""
    evaluated: bool = True
    hidden_children: int = 0
    hidden_nodes: int = 0


class _Level:
    """What the view keeps about one tree: sizes, labels, the user's folds, the step's marks."""

    def __init__(self, search: object, tree: Tree, labels: MoveLabels) -> None:
        self.search = search
        self.tree = tree
        self.sizes = SubtreeSizes()
        self.labels = labels
        self.expanded: set[int] = set()
        self.collapsed: set[int] = set()
        self.changed: dict[int, NumberChange] = {}
        self.new: set[int] = set()
        self.selected_path: list[int] = []
        self.path: list[int] = []
        self.line: list[int] = []
        self.line_set: set[int] = set()
        self._line_key: tuple | None = None

    def mark(self, report: StepReport | None) -> None:
        """Replace the marks with one step's: changed numbers, new children, selected path."""
        if report is None:
            self.changed, self.new = {}, set()
            return
        self.changed = {change.node: change for change in report.changed}
        self.new = {child for child, _, _ in report.new_children}
        if report.path:
            self.selected_path = list(report.path)

    def selected(self) -> int:
        return self.selected_path[-1] if self.selected_path else NO_NODE

    def sync(self) -> None:
        """Follow the tree's growth; forget ids if the tree was replaced or cut back."""
        if self.sizes.sync(self.tree, SYNC_WORK):
            self.labels.clear()
            self.expanded.clear()
            self.collapsed.clear()
        self.path = self.tree.most_proving_path()
        if self.path:
            self.line, self._line_key = [], None
        elif self._line_key != (len(self.tree), self.tree.numbers(ROOT)):
            # A solved tree stands still: its main line is computed once, not every frame.
            self.line = solution_line(self.tree, self.sizes)
            self._line_key = (len(self.tree), self.tree.numbers(ROOT))
        self.line_set = set(self.line)

    def layout_input(self, focus: int) -> LevelInput:
        count = len(self.tree)
        reveal = [node for node in self.selected_path if node < count] + self.line
        if 0 <= focus < count:
            reveal.append(focus)
        selected = self.selected()
        open_also = self.line[:-1] + ([selected] if 0 <= selected < count else [])
        return LevelInput(self.tree, self.sizes, self.path, self.expanded, self.collapsed,
                          reveal, open_also, self.width)

    def width(self, node: int) -> float:
        """Slots a node needs for its numbers."""
        tree = self.tree
        return style.node_slots(style.number_text(tree.proof[node]),
                                style.number_text(tree.disproof[node]))


class _Ghost:
    """A discarded second-level tree fading out, drawn relative to its first-level node."""

    def __init__(self, anchor: int, items: list[DisplayedNode], band: QRectF,
                 origin: QPointF, label: str) -> None:
        self.anchor = anchor
        self.label = label
        self.items = items
        self.band = band
        self.origin = origin
        self.clock = QElapsedTimer()
        self.clock.start()

    def opacity(self) -> float:
        return max(0.0, 1.0 - self.clock.elapsed() / style.GHOST_MS)


class TreeView(QWidget):
    """The growing AND/OR tree of a search (see the module docstring for the API)."""

    node_focused = Signal(int, int)
    focus_released = Signal()
    follow_changed = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(240, 180)
        self._search: object | None = None
        self._level1: _Level | None = None
        self._level2: _Level | None = None
        self._second_root = NO_NODE
        self._second_budget = 0
        self._inner: StepReport | None = None
        self._inner_pending = False
        self._options = LayoutOptions()
        self._items: list[DisplayedNode] = []
        self._rows: dict[int, list[int]] = {}
        self._index: dict[tuple[int, int], int] = {}
        self._band: QRectF | None = None
        self._extent: QRectF | None = None
        self._dirty = False
        self._scale = 1.0
        self._offset = QPointF(0.0, 0.0)
        self._follow = True
        self._legend = True
        self._legend_cache: tuple[tuple, QPixmap] | None = None
        self._header_cache: tuple[tuple[int, int, int], float, QRectF] | None = None
        self._animated = QGuiApplication.platformName() != "offscreen"
        self._glide_from = QPointF()
        self._glide_to: QPointF | None = None
        self._glide_clock = QElapsedTimer()
        self._glide_timer = QTimer(self)
        self._glide_timer.setInterval(15)
        self._glide_timer.timeout.connect(self._glide_step)
        self._focus: tuple[int, int] | None = None
        self._hover: int = -1
        self._press: QPointF | None = None
        self._press_offset = QPointF()
        self._dragging = False
        self._caption = ""
        self._note = ""
        self._ghost: _Ghost | None = None
        self._ghost_timer = QTimer(self)
        self._ghost_timer.setInterval(40)
        self._ghost_timer.timeout.connect(self._fade)
        self._build_controls()
        # Width and drawing-area top the offset was placed for (see `resizeEvent`).
        self._placed = (self.width(), self.drawing_area().top())

    # -- public API -------------------------------------------------------------------------------

    @property
    def follow(self) -> bool:
        return self._follow

    @property
    def focused(self) -> tuple[int, int] | None:
        return self._focus

    @property
    def discard_note(self) -> str:
        return self._note

    def set_search(self, search: object | None) -> None:
        """Show `search` from scratch (folds, marks and view reset), or nothing for None."""
        self._search = search
        self._level1 = None
        self._level2 = None
        self._second_root = NO_NODE
        self._focus = None
        self._hover = -1
        self._caption = ""
        self._note = ""
        self._drop_ghost()
        if search is not None:
            self._level1 = _Level(search, search.tree, MoveLabels(search.game))
        self._rebuild()
        self.reset_view()

    def apply_report(self, report: StepReport) -> None:
        """Remember what a step changed (marks and caption) and schedule a repaint."""
        if self._level1 is None:
            return
        self._level1.mark(report)
        self._note = ""
        event = report.second_level
        if event is not None:
            self._second_root = event.first_level_node
            if event.budget:
                self._second_budget = event.budget
            if event.ended:
                self._end_second_level(event.first_level_node, event.kept, event.discarded)
        self._inner = event.inner if event is not None and not event.ended else None
        self._inner_pending = True
        self._caption = self._describe(report)
        self._dirty = True
        self.update()

    def clear_marks(self) -> None:
        for level in (self._level1, self._level2):
            if level is not None:
                level.mark(None)
                level.selected_path = []
        self._inner, self._inner_pending = None, False
        self._caption = ""
        self._dirty = True
        self.update()

    def refresh(self) -> None:
        """Re-read the tree, keep the most-proving path in view if following, repaint."""
        self._rebuild()
        if self._follow:
            self._follow_path_into_view()
        self.update()

    def zoom_in(self) -> None:
        self._zoom_at(QPointF(self.width() / 2, self.height() / 2), style.ZOOM_STEP)

    def zoom_out(self) -> None:
        self._zoom_at(QPointF(self.width() / 2, self.height() / 2), 1 / style.ZOOM_STEP)

    def reset_view(self) -> None:
        """Zoom 1, the root at the top of the drawing area (the drawn tree centred if it fits)."""
        self._ensure_layout()
        self._stop_glide()
        self._scale = 1.0
        area = self._inner_area()
        if not self._items:
            self._offset = QPointF(area.center().x(), area.top())
        else:
            root = self._items[0]
            self._offset = QPointF(self._centred_x(area, root.x, root.x),
                                   area.top() + (self._room_above(root) - root.y) * self._scale)
        self.update()

    def fit(self) -> None:
        """Zoom and pan so every drawn node is in the drawing area (never zooming in beyond 1)."""
        self._ensure_layout()
        if not self._items:
            return
        self._stop_glide()
        bounds = self._extent
        area = self.drawing_area().adjusted(16, 8, -16, -8)
        scale = min(area.width() / max(bounds.width(), 1.0),
                    area.height() / max(bounds.height(), 1.0), 1.0)
        self._scale = max(style.MIN_SCALE, scale)
        centre = bounds.center()
        self._offset = QPointF(area.center().x() - centre.x() * self._scale,
                               area.center().y() - centre.y() * self._scale)
        self.update()

    def set_follow(self, on: bool) -> None:
        """Keep the most-proving path (down into the second level while one runs) in view."""
        on = bool(on)
        changed = on != self._follow
        self._follow = on
        self._follow_button.setChecked(on)
        if on:
            self._ensure_layout()
            self._follow_path_into_view(force=True)
            self.update()
        else:
            self._stop_glide()
        if changed:
            self.follow_changed.emit(on)

    def set_animated(self, on: bool) -> None:
        """Glide (on) or jump (off) when follow scrolls."""
        self._animated = bool(on)
        if not self._animated and self._glide_to is not None:
            self._offset = self._glide_to
            self._stop_glide()
            self.update()

    def show_node(self, level: int, node: int) -> bool:
        """Pan so a drawn node is in the drawing area (centred if it was out); False if it is
        not drawn."""
        self._ensure_layout()
        position = self._index.get((level, node))
        if position is None:
            return False
        self._stop_glide()
        item = self._items[position]
        point = self.scene_to_widget(item.x, item.y)
        area = self._inner_area()
        if not area.contains(point):
            self._offset += area.center() - point
        self.update()
        return True

    def set_focused(self, level: int, node: int) -> None:
        """Pin a node (drawn with a focus ring and kept visible); node -1 unpins."""
        self._focus = None if node < 0 else (level, node)
        self._dirty = True
        self.update()

    def expand_stub(self, node: int, level: int = 1) -> None:
        """Unfold `node`: show all its children (each folded until opened in turn)."""
        state = self._level(level)
        if state is None:
            return
        state.expanded.add(node)
        state.collapsed.discard(node)
        self._dirty = True
        self.update()

    def collapse(self, node: int, level: int = 1) -> None:
        """Fold `node`: hide everything below it behind one stub."""
        state = self._level(level)
        if state is None:
            return
        state.expanded.discard(node)
        state.collapsed.add(node)
        self._dirty = True
        self.update()

    def set_layout_options(self, options: LayoutOptions) -> None:
        self._options = options
        self._dirty = True
        self.update()

    def set_legend_visible(self, on: bool) -> None:
        """Show or hide the legend strip (the drawing area grows into its place)."""
        self._legend = bool(on)
        self._legend_button.setChecked(self._legend)
        self.update()

    def band_title(self) -> tuple[str, QRectF] | None:
        """The Pn² band's title and where it appears in the widget, or None without a band."""
        self._ensure_layout()
        title = self._band_title()
        if title is None:
            return None
        rect = title[1]
        return title[0], QRectF(self.scene_to_widget(rect.left(), rect.top()),
                                self.scene_to_widget(rect.right(), rect.bottom()))

    def caption_lines(self) -> list[str]:
        """The header's text as drawn: the node count (and a Pn² note), then the last step in
        words, wrapped (elided only past two lines)."""
        self._ensure_layout()
        if self._level1 is None:
            return []
        metrics = QFontMetricsF(style.font(style.OVERLAY_PX))
        room = self._header()[1].width() - 16
        total = len(self._level1.tree)
        drawn = sum(1 for item in self._items if item.kind == NODE)
        count = f"showing {drawn:,} of {total:,} nodes"
        if self._note:
            count = metrics.elidedText(f"{count}  ·  {self._note}", Qt.TextElideMode.ElideRight,
                                       room)
        return [count, *_wrap(self._caption, metrics, room, style.CAPTION_LINES - 1)]

    def drawing_area(self) -> QRectF:
        """The part of the widget the tree is drawn in: below the caption and buttons, above
        the legend strip."""
        top = self._header()[0]
        bottom = self.height() - self._legend_height(top)
        return QRectF(0.0, top, float(self.width()), max(bottom - top, 1.0))

    def displayed_nodes(self) -> list[DisplayedNode]:
        """Everything drawn now, parents before children."""
        self._ensure_layout()
        return list(self._items)

    def scene_to_widget(self, x: float, y: float) -> QPointF:
        """Where a scene point (e.g. a `DisplayedNode`'s x, y) appears in the widget."""
        return QPointF(x * self._scale + self._offset.x(), y * self._scale + self._offset.y())

    # -- building the picture -----------------------------------------------------------------

    def _level(self, level: int) -> _Level | None:
        return self._level1 if level == 1 else self._level2

    def _ensure_layout(self) -> None:
        if self._dirty:
            self._rebuild()

    def _rebuild(self) -> None:
        """Choose and place the drawn nodes and precompute their text (O(displayed))."""
        self._dirty = False
        self._items, self._rows, self._index, self._band = [], {}, {}, None
        self._extent = None
        first = self._level1
        search = self._search
        if first is None or search is None:
            return
        if first.tree is not search.tree:
            first.tree = search.tree
        first.sync()
        second = self._second_level_state(search, first)
        focus = self._focus
        input1 = first.layout_input(focus[1] if focus and focus[0] == 1 else NO_NODE)
        input2 = None
        if second is not None:
            second.sync()
            input2 = second.layout_input(focus[1] if focus and focus[0] == 2 else NO_NODE)
        layout = layout_tree(input1, self._options, input2, self._second_root)
        self._items = [self._displayed(item, first if item.level == 1 else second)
                       for item in layout.items]
        for position, item in enumerate(self._items):
            row = round((item.y - style.TOP) / style.ROW)
            self._rows.setdefault(row, []).append(position)
            if item.kind == NODE:
                self._index[(item.level, item.node)] = position
        if second is not None:
            self._band = self._band_rect()
        if self._items:
            self._extent = self._bounds()

    def _second_level_state(self, search: object, first: _Level) -> _Level | None:
        """The live second-level search's state, created when a new one appears."""
        inner = getattr(search, "second_level", None)
        root = getattr(search, "second_level_root", self._second_root)
        if inner is None or root is None or not 0 <= root < len(first.tree):
            self._level2 = None
            return None
        self._second_root = root
        if self._level2 is None or self._level2.search is not inner:
            labels = MoveLabels(search.game, first.tree.moves_to(root),
                                first.labels.node_name(first.tree, root))
            self._level2 = _Level(inner, inner.tree, labels)
            limits = getattr(inner, "limits", None)
            if limits is not None and limits.max_nodes:
                self._second_budget = limits.max_nodes
        self._level2.tree = inner.tree
        if self._inner_pending:
            self._level2.mark(self._inner)
            self._inner_pending = False
        return self._level2

    def _displayed(self, item: PlacedNode, state: _Level) -> DisplayedNode:
        x = item.x * style.SLOT
        y = style.TOP + item.row * style.ROW
        if item.kind != NODE:
            return DisplayedNode(item.level, item.node, item.kind, x, y, item.parent,
                                 highlighted=item.on_path, hidden_children=item.hidden_children,
                                 hidden_nodes=item.hidden_nodes)
        tree, node = state.tree, item.node
        proof, disproof = tree.proof[node], tree.disproof[node]
        return DisplayedNode(
            item.level, node, NODE, x, y, item.parent, tree.is_or(node), proof, disproof,
            style.number_text(proof), style.number_text(disproof),
            state.labels.edge_label(tree, node), self._name(state, node), item.on_path,
            node in state.changed, node in state.new, node == state.selected(),
            node in state.line_set, tree.is_evaluated(node))

    @staticmethod
    def _name(state: _Level, node: int) -> str:
        name = state.labels.node_name(state.tree, node)
        if name or node == 0:
            return name
        reason = state.tree.reason(node)
        if reason is Reason.CHECKMATE:
            return "#"
        return "=" if reason not in (Reason.NONE, Reason.TREE_VALUE) else ""

    def _band_rect(self) -> QRectF | None:
        xs = [item.x for item in self._items if item.level == 2]
        ys = [item.y for item in self._items if item.level == 2]
        if not xs:
            return None
        pad = style.BAND_PAD * style.SLOT
        return QRectF(min(xs) - pad, min(ys) - style.ROW * 0.42, max(xs) - min(xs) + 2 * pad,
                      max(ys) - min(ys) + style.ROW * 0.42 + style.STUB_HEIGHT)

    def _bounds(self) -> QRectF:
        """Scene rectangle of everything drawn: shapes, numbers, labels, stubs, the band."""
        xs = [item.x for item in self._items]
        ys = [item.y for item in self._items]
        half = style.SLOT / 2
        bounds = QRectF(min(xs) - half, min(ys) - style.TOP, max(xs) - min(xs) + 2 * half,
                        max(ys) - min(ys) + style.TOP + style.STUB_HEIGHT)
        return bounds.united(self._band) if self._band is not None else bounds

    def _describe(self, report: StepReport) -> str:
        """One line saying what the step did, in the paper's words."""
        event = report.second_level
        parts = []
        if event is None:
            parts = self._phase_words(report)
        else:
            if Phase.SELECT in report.phases and report.path:
                parts.append(f"selected a most-proving node at depth {len(report.path) - 1}")
            if event.started:
                parts.append(f"2nd-level search started there (budget {event.budget:,})")
            if event.inner is not None and not event.ended:
                inner = self._phase_words(event.inner, inner=True)
                if inner:
                    parts.append("2nd level " + ", ".join(inner))
            if event.ended:
                parts.append(f"2nd level done: its root's {len(event.kept)} children joined "
                             "the first level" if event.kept else "2nd level done: no children "
                             "kept (it solved its root, or could not expand it)")
            if Phase.UPDATE in report.phases:
                parts.append(f"updated ancestors: {len(report.changed)} changed")
        if report.outcome is not None:
            parts.append(f"search over: {report.outcome}")
        return "; ".join(parts)

    @staticmethod
    def _phase_words(report: StepReport, inner: bool = False) -> list[str]:
        words = []
        if Phase.SELECT in report.phases and report.path:
            words.append(f"selected a most-proving node at depth {len(report.path) - 1}")
        if Phase.EXPAND in report.phases:
            count = len(report.new_children)
            words.append(f"expanded it: {count} {'child' if count == 1 else 'children'}")
        if Phase.UPDATE in report.phases:
            words.append(f"updated ancestors: {len(report.changed)} changed")
        if inner and report.outcome is not None:
            words.append(f"ended: {report.outcome.result.value}")
        return words

    # -- Pn²'s second level ending --------------------------------------------------------------

    def _end_second_level(self, anchor: int, kept: list[int], discarded: int) -> None:
        """Turn the drawn second-level tree (as last drawn: the search has dropped it already)
        into a fading ghost and say what was thrown away."""
        origin = self._items[self._index[(1, anchor)]] if (1, anchor) in self._index else None
        ghosts = [item for item in self._items if item.level == 2]
        kept_text = f"kept {len(kept)} children, " if kept else ""
        self._note = f"2nd level ended: {kept_text}discarded {discarded:,} nodes"
        if origin is not None and ghosts and self._band is not None:
            self._ghost = _Ghost(anchor, ghosts, QRectF(self._band), QPointF(origin.x, origin.y),
                                 f"discarded {discarded:,} nodes")
            self._ghost_timer.start()
        self._level2 = None
        self._second_budget = 0
        if self._level1 is not None:
            self._level1.new = set(kept)

    def _fade(self) -> None:
        if self._ghost is None or self._ghost.opacity() <= 0:
            self._drop_ghost()
        self.update()

    def _drop_ghost(self) -> None:
        self._ghost = None
        self._ghost_timer.stop()

    # -- view transform -------------------------------------------------------------------------

    def _zoom_at(self, anchor: QPointF, factor: float) -> None:
        self._stop_glide()
        scale = min(style.MAX_SCALE, max(style.MIN_SCALE, self._scale * factor))
        factor = scale / self._scale
        self._offset = anchor - (anchor - self._offset) * factor
        self._scale = scale
        self.update()

    def _follow_path(self) -> tuple[list[DisplayedNode], bool, bool]:
        """The drawn nodes follow keeps in view, from the root down: the most-proving path
        (through the first level into a running second level), or a solved root's main line;
        whether it ends at a most-proving node (whose children are coming); whether it is the
        main line of a solved root."""
        first, second = self._level1, self._level2
        if first is None or not self._items:
            return [], False, False
        if second is not None and (2, ROOT) in self._index:
            keys = [(1, node) for node in first.tree.path_to(self._second_root)]
            keys += [(2, node) for node in second.path or second.line or [ROOT]]
            growing, solved = bool(second.path), False
        else:
            keys = [(1, node) for node in first.path or first.line or [ROOT]]
            growing, solved = bool(first.path), bool(first.line)
        path = []
        for key in keys:
            position = self._index.get(key)
            if position is None:
                break
            path.append(self._items[position])
        return path, growing, solved

    def _follow_offset(self, force: bool = False) -> tuple[QPointF, float] | None:
        """Where follow wants the view, and at what zoom.

        The whole path, the root at the top, when it fits; else the most-proving node and the
        levels just above it. Unless `force`d, the view stays put while what it must show is
        inside the drawing area (the whole path when it fits, else the most-proving node, its
        parent and the row its children will fill), and a scroll leaves slack on the side the
        path is heading for, so stepping does not scroll every time. A solved root's main line
        is shown from the root down, zooming out (not below `SOLVED_MIN_SCALE`) if it is too big.
        """
        path, growing, solved = self._follow_path()
        if not path:
            return None
        area = self._inner_area()
        scale = self._scale
        below = style.CHILD_ROOM if growing else style.NODE / 2 + style.HALO + 2
        whole = self._path_box(path, below)
        if solved:
            fitting = style.SOLVED_FIT_MARGIN * min(area.width() / whole.width(),
                                                    area.height() / whole.height())
            if fitting < scale:
                scale = max(fitting, min(scale, style.SOLVED_MIN_SCALE))
                force = True

        def fits(box: QRectF, height_share: float = 1.0) -> bool:
            return (box.width() * scale <= area.width()
                    and box.height() * scale <= area.height() * height_share)

        if fits(whole):
            need = keep = whole
        elif solved:
            end = 1
            while end < len(path) and fits(self._path_box(path[:end + 1], below)):
                end += 1
            need = keep = self._path_box(path[:end], below)
        else:
            start = len(path) - 1
            while start > 0 and fits(self._path_box(path[start - 1:], below), style.FOLLOW_TAIL):
                start -= 1
            need = self._path_box(path[start:], below)
            keep = self._path_box(path[max(start, len(path) - style.FOLLOW_KEEP):], below)
        current = self._glide_to if self._glide_to is not None else self._offset
        stay = not force and not solved
        home_y = area.top() - whole.top() * scale
        top, bottom = keep.top() * scale + current.y(), keep.bottom() * scale + current.y()
        if stay and top >= area.top() and bottom <= area.bottom():
            y = current.y()
        elif need is whole or solved:
            y = home_y
        else:
            slack = max(area.height() - need.height() * scale, 0.0)
            ahead = min(slack, style.FOLLOW_AHEAD * style.ROW * scale)
            if stay and top < area.top():
                y = area.top() + ahead - need.top() * scale
            else:
                y = area.bottom() - ahead - need.bottom() * scale
            y = min(self._snap_to_rows(y, need, area, scale), home_y)
        want = self._extent if self._extent.width() * scale <= area.width() else keep
        left, right = want.left() * scale + current.x(), want.right() * scale + current.x()
        if not force and left >= area.left() and right <= area.right():
            x = current.x()
        else:
            x = self._centred_x(area, need.left(), need.right(), scale)
        return QPointF(x, y), scale

    @staticmethod
    def _snap_to_rows(y: float, need: QRectF, area: QRectF, scale: float) -> float:
        """Shift a vertical offset so the drawing area's top edge falls between two rows (no
        node cut in half there), showing the cut row whole if `need` stays in view, else
        hiding it."""
        top = (area.top() - y) / scale
        first = math.ceil((top + style.LABEL_ROOM - style.TOP) / style.ROW - 1e-9)
        if first <= 0 or top >= style.TOP + (first - 1) * style.ROW + style.NODE / 2 + style.HALO:
            return y
        show = area.top() - (style.TOP + (first - 1) * style.ROW - style.LABEL_ROOM) * scale
        if need.bottom() * scale + show <= area.bottom():
            return show
        hide = area.top() - (style.TOP + first * style.ROW - style.LABEL_ROOM) * scale
        return hide if need.top() * scale + hide >= area.top() else y

    @staticmethod
    def _room_above(item: DisplayedNode) -> float:
        """Scene room a node needs above its centre: its move label, or just its halo."""
        return style.LABEL_ROOM if item.label else style.NODE / 2 + style.HALO + 4

    def _path_box(self, path: list[DisplayedNode], below: float) -> QRectF:
        """Scene rectangle a run of path nodes needs (numbers, labels, `below` the last)."""
        half = style.SLOT / 2
        left = min(item.x for item in path) - half
        right = max(item.x for item in path) + half
        top = min(item.y - self._room_above(item) for item in path)
        return QRectF(left, top, right - left, path[-1].y + below - top)

    def _centred_x(self, area: QRectF, left: float, right: float,
                   scale: float | None = None) -> float:
        """Horizontal offset that centres the drawn tree if it fits, else the scene range
        [left, right] without leaving empty room beside the tree."""
        scale = self._scale if scale is None else scale
        extent = self._extent
        if extent is None:
            return area.center().x() - (left + right) / 2 * scale
        if extent.width() * scale <= area.width():
            return area.center().x() - extent.center().x() * scale
        x = area.center().x() - (left + right) / 2 * scale
        return min(max(x, area.right() - extent.right() * scale),
                   area.left() - extent.left() * scale)

    def _inner_area(self) -> QRectF:
        pad = style.VIEW_PAD
        return self.drawing_area().adjusted(pad, pad, -pad, -pad)

    def _follow_path_into_view(self, force: bool = False) -> None:
        wanted = self._follow_offset(force)
        if wanted is None:
            return
        target, scale = wanted
        if scale != self._scale:
            self._stop_glide()
            self._scale = scale
            self._offset = target
        else:
            self._move_to(target)

    def _move_to(self, target: QPointF) -> None:
        """Pan to `target`: gliding there when animated and on screen, else at once."""
        goal = self._glide_to if self._glide_to is not None else self._offset
        if (target - goal).manhattanLength() < 0.5:
            return
        if not (self._animated and self.isVisible()):
            self._stop_glide()
            self._offset = target
            return
        self._glide_from = QPointF(self._offset)
        self._glide_to = QPointF(target)
        self._glide_clock.start()
        self._glide_timer.start()

    def _glide_step(self) -> None:
        if self._glide_to is None:
            self._glide_timer.stop()
            return
        done = min(1.0, self._glide_clock.elapsed() / style.GLIDE_MS)
        eased = 1.0 - (1.0 - done) ** 3
        self._offset = self._glide_from + (self._glide_to - self._glide_from) * eased
        if done >= 1.0:
            self._stop_glide()
        self.update()

    def _stop_glide(self) -> None:
        self._glide_to = None
        self._glide_timer.stop()

    # -- painting -------------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        if self._dirty:
            self._rebuild()
            if self._follow:
                self._follow_path_into_view()
        painter = QPainter(self)
        painter.fillRect(self.rect(), style.BACKGROUND)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        scale = self._scale
        area = self.drawing_area()
        visible = QRectF((area.left() - self._offset.x()) / scale,
                         (area.top() - self._offset.y()) / scale,
                         area.width() / scale, area.height() / scale)
        visible.adjust(-style.SLOT, -style.ROW, style.SLOT, style.ROW)
        painter.save()
        painter.setClipRect(area)
        painter.translate(self._offset)
        painter.scale(scale, scale)
        text = scale >= style.TEXT_MIN_SCALE
        if self._ghost is not None:
            self._paint_ghost(painter, text)
        if self._band is not None:
            self._paint_band(painter, text)
        shown = [index for index, item in enumerate(self._items)
                 if visible.contains(item.x, item.y)]
        self._paint_edges(painter, visible)
        for index in shown:
            item = self._items[index]
            if item.kind == NODE:
                self._paint_node(painter, item, index, text)
            else:
                self._paint_stub(painter, item, index == self._hover, text)
        painter.restore()
        self._paint_header(painter, area.top())
        if self._legend:
            self._paint_legend(painter, area.bottom())
        painter.end()

    def _pen(self, color, width: float, dashed: bool = False) -> QPen:
        """A pen at least one device pixel wide at any zoom."""
        pen = QPen(color, max(width, 1.0 / self._scale))
        if dashed:
            pen.setStyle(Qt.PenStyle.DashLine)
        return pen

    def _paint_band(self, painter: QPainter, text: bool) -> None:
        band = self._band
        painter.setPen(self._pen(style.LEVEL2, 1.5, dashed=True))
        painter.setBrush(style.BAND_FILL)
        painter.drawRoundedRect(band, 12, 12)
        title = self._band_title() if text else None
        if title is not None:
            painter.fillRect(title[1], style.LABEL_BACKGROUND)
            painter.setFont(style.font(style.BAND_PX, bold=True))
            painter.setPen(style.LEVEL2)
            painter.drawText(title[1], ALIGN_CENTER, title[0])

    def _band_title(self) -> tuple[str, QRectF] | None:
        """The band's title and its scene rectangle: in the band's top left corner, slid right
        to stay readable when the band's left edge is out of the drawing area; shortened when
        the band is narrow."""
        band = self._band
        if band is None or self._level2 is None:
            return None
        metrics = QFontMetricsF(style.font(style.BAND_PX, bold=True))
        size = len(self._level2.tree)
        texts = [f"2nd level ({size:,} nodes)", "2nd level"]
        if self._second_budget:
            texts.insert(0, f"2nd level (budget {self._second_budget:,}, {size:,} nodes)")
        area = self.drawing_area().adjusted(style.VIEW_PAD, 0, -style.VIEW_PAD, 0)
        visible_left = (area.left() - self._offset.x()) / self._scale
        visible_right = (area.right() - self._offset.x()) / self._scale
        room = min(band.right(), visible_right) - max(band.left(), visible_left) - 16
        text = next((text for text in texts if metrics.horizontalAdvance(text) <= room),
                    texts[-1])
        width = metrics.horizontalAdvance(text) + 8
        left = max(band.left() + 6, min(visible_left, band.right() - 6 - width))
        return text, QRectF(left, band.top() + 3, width, metrics.height() + 2)

    def _paint_edges(self, painter: QPainter, visible: QRectF) -> None:
        items = self._items
        plain: list[QLineF] = []
        path1: list[QLineF] = []
        path2: list[QLineF] = []
        links: list[QLineF] = []
        line: list[QLineF] = []
        left, right, top_edge, bottom = (visible.left(), visible.right(), visible.top(),
                                         visible.bottom())
        half, stub_half = style.NODE / 2, style.STUB_HEIGHT / 2
        for item in items:
            if item.parent < 0:
                continue
            parent = items[item.parent]
            if (max(item.x, parent.x) < left or min(item.x, parent.x) > right
                    or item.y < top_edge or parent.y > bottom):
                continue
            target = (links if item.level != parent.level
                      else path2 if item.highlighted and item.level == 2
                      else path1 if item.highlighted and parent.highlighted
                      else line if item.in_solution and parent.in_solution else plain)
            target.append(QLineF(parent.x, parent.y + half, item.x,
                                 item.y - (half if item.kind == NODE else stub_half)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for lines, pen in ((path1, self._pen(style.PATH_GLOW, style.PATH_GLOW_WIDTH)),
                           (path2, self._pen(style.LEVEL2_GLOW, style.PATH_GLOW_WIDTH)),
                           (plain, self._pen(style.EDGE, style.EDGE_WIDTH)),
                           (line, self._pen(style.SOLUTION, style.PATH_WIDTH)),
                           (links, self._pen(style.LEVEL2, style.EDGE_WIDTH * 1.4, dashed=True)),
                           (path1, self._pen(style.PATH, style.PATH_WIDTH)),
                           (path2, self._pen(style.LEVEL2, style.PATH_WIDTH))):
            if lines:
                painter.setPen(pen)
                painter.drawLines(lines)

    def _paint_node(self, painter: QPainter, item: DisplayedNode, index: int, text: bool) -> None:
        half = style.NODE / 2
        x, y = item.x, item.y
        shape = QRectF(x - half, y - half, style.NODE, style.NODE)
        if item.changed or item.selected:
            ring = shape.adjusted(-style.HALO, -style.HALO, style.HALO, style.HALO)
            painter.setPen(self._pen(style.CHANGED, style.HALO_WIDTH))
            painter.setBrush(style.CHANGED_HALO)
            self._draw_shape(painter, ring, item.is_or)
        if index == self._hover:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(style.HOVER)
            painter.drawEllipse(QPointF(x, y), style.NODE * 1.15, style.NODE * 1.15)
        level2 = item.level == 2
        outline = style.LEVEL2 if level2 else style.OUTLINE
        width = style.OUTLINE_WIDTH
        if item.highlighted:
            outline = style.LEVEL2 if level2 else style.PATH
            width = style.PATH_OUTLINE_WIDTH
        pen = self._pen(outline, width, dashed=level2 and not item.highlighted)
        if not item.evaluated:
            pen.setStyle(Qt.PenStyle.DotLine)
        painter.setPen(pen)
        painter.setBrush(self._fill(item))
        self._draw_shape(painter, shape, item.is_or)
        if self._focus == (item.level, item.node):
            ring = shape.adjusted(-4, -4, 4, 4)
            painter.setPen(self._pen(style.FOCUS, style.FOCUS_WIDTH, dashed=True))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(ring.center(), ring.width() * 0.72, ring.height() * 0.72)
        if item.new:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(style.CHANGED)
            painter.drawEllipse(QPointF(x + half + 1, y - half - 1), 3.6, 3.6)
        if not text:
            return
        if item.name:
            painter.setFont(style.font(style.NAME_PX, bold=True))
            painter.setPen(style.TEXT if item.proof and item.disproof else style.NAME_ON_FILL)
            painter.drawText(shape, ALIGN_CENTER, item.name)
        painter.setPen(style.CHANGED if item.changed else style.TEXT)
        room = style.SLOT / 2 - half - style.NUMBER_GAP
        for number, box, align in (
                (item.proof_text, QRectF(x - half - style.NUMBER_GAP - room, y - 10, room, 20),
                 ALIGN_RIGHT | Qt.TextFlag.TextDontClip),
                (item.disproof_text, QRectF(x + half + style.NUMBER_GAP, y - 10, room, 20),
                 ALIGN_LEFT | Qt.TextFlag.TextDontClip)):
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

    @staticmethod
    def _draw_shape(painter: QPainter, rect: QRectF, is_or: bool) -> None:
        if is_or:
            painter.drawRect(rect)
        else:
            painter.drawEllipse(rect)

    @staticmethod
    def _fill(item: DisplayedNode):
        if item.proof == 0:
            return style.PROVED_FILL
        if item.disproof == 0:
            return style.DISPROVED_FILL
        return style.UNKNOWN_FILL

    def _paint_stub(self, painter: QPainter, item: DisplayedNode, hover: bool, text: bool) -> None:
        rect = QRectF(item.x - style.STUB_WIDTH / 2, item.y - style.STUB_HEIGHT / 2,
                      style.STUB_WIDTH, style.STUB_HEIGHT)
        color = style.LEVEL2 if item.level == 2 else style.STUB_OUTLINE
        if item.highlighted:
            color = style.PATH
        painter.setPen(self._pen(color, 1.8 if item.highlighted else 1.2, dashed=True))
        painter.setBrush(style.HOVER if hover else style.STUB_FILL)
        painter.drawRoundedRect(rect, 8, 8)
        if not text:
            return
        state = self._level(item.level)
        unit = state.labels.unit if state is not None else "children"
        more = "more" if item.kind == MORE else unit
        if item.hidden_nodes >= 0:
            top = f"+{style.count_text(item.hidden_nodes)}"
            bottom = f"{item.hidden_children} {more}"
        else:
            top, bottom = f"+{item.hidden_children}", more
        painter.setPen(style.TEXT)
        painter.setFont(style.font(style.STUB_PX, bold=True))
        painter.drawText(rect.adjusted(0, 2, 0, -rect.height() / 2 + 1), ALIGN_CENTER, top)
        painter.setPen(style.MUTED_TEXT)
        painter.setFont(style.font(style.STUB_SMALL_PX))
        painter.drawText(rect.adjusted(0, rect.height() / 2 - 1, 0, -2), ALIGN_CENTER, bottom)

    def _paint_ghost(self, painter: QPainter, text: bool) -> None:
        ghost = self._ghost
        anchor = self._index.get((1, ghost.anchor))
        opacity = ghost.opacity()
        if anchor is None or opacity <= 0:
            return
        now = self._items[anchor]
        shift = QPointF(now.x, now.y) - ghost.origin
        painter.save()
        painter.translate(shift)
        painter.setOpacity(opacity * 0.8)
        painter.setPen(self._pen(style.GHOST, 1.4, dashed=True))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(ghost.band, 12, 12)
        for item in ghost.items:
            half = style.NODE / 2
            rect = QRectF(item.x - half, item.y - half, style.NODE, style.NODE)
            if item.kind == NODE:
                self._draw_shape(painter, rect, item.is_or)
            else:
                painter.drawRoundedRect(QRectF(item.x - style.STUB_WIDTH / 2,
                                               item.y - style.STUB_HEIGHT / 2, style.STUB_WIDTH,
                                               style.STUB_HEIGHT), 8, 8)
        if text:
            painter.setFont(style.font(style.BAND_PX, bold=True))
            painter.setPen(style.GHOST)
            painter.drawText(QRectF(ghost.origin.x() + 10, ghost.band.bottom() - 20, 420, 18),
                             ALIGN_LEFT, ghost.label)
        painter.restore()

    def _header(self) -> tuple[float, QRectF]:
        """Height of the header strip and the caption's box in it: beside the buttons, or
        below them when the view is too narrow for both on one line."""
        controls = self._controls.size()
        key = (self.width(), controls.width(), controls.height())
        if self._header_cache is None or self._header_cache[0] != key:
            line = QFontMetricsF(style.font(style.OVERLAY_PX)).height() + 1
            box_height = style.CAPTION_LINES * line + 7
            margin = style.MARGIN
            width = self.width() - controls.width() - 3 * margin
            if width >= 220:
                box = QRectF(margin, margin, width, box_height)
            else:
                box = QRectF(margin, 2 * margin + controls.height(),
                             max(self.width() - 2 * margin, 1.0), box_height)
            height = max(box.bottom(), margin + controls.height()) + margin / 2
            self._header_cache = (key, height, box)
        return self._header_cache[1], self._header_cache[2]

    def _paint_header(self, painter: QPainter, bottom: float) -> None:
        """The strip above the drawing area: nodes shown (and a Pn² note in purple), then what
        the last step did."""
        painter.fillRect(QRectF(0, 0, self.width(), bottom), style.HEADER_FILL)
        painter.setPen(style.OVERLAY_BORDER)
        painter.drawLine(QPointF(0, bottom - 0.5), QPointF(self.width(), bottom - 0.5))
        lines = self.caption_lines()
        if not lines:
            return
        font = style.font(style.OVERLAY_PX)
        metrics = QFontMetricsF(font)
        box = self._header()[1]
        used = max(metrics.horizontalAdvance(line) for line in lines)
        height = len(lines) * (metrics.height() + 1) + 7
        painter.setPen(style.OVERLAY_BORDER)
        painter.setBrush(style.OVERLAY_BACKGROUND)
        painter.drawRoundedRect(QRectF(box.left(), box.top(), min(used, box.width() - 16) + 16,
                                       height), 6, 6)
        painter.setFont(font)
        row = QRectF(box.left() + 8, box.top() + 4, box.width() - 16, metrics.height())
        count, *caption = lines
        split = count.find("  ·  ") if self._note else -1
        painter.setPen(style.MUTED_TEXT)
        painter.drawText(row, ALIGN_LEFT, count if split < 0 else count[:split])
        if split >= 0:
            painter.setPen(style.LEVEL2)
            painter.drawText(row.adjusted(metrics.horizontalAdvance(count[:split]), 0, 0, 0),
                             ALIGN_LEFT, count[split:])
        painter.setPen(style.TEXT)
        for line in caption:
            row.translate(0, metrics.height() + 1)
            painter.drawText(row, ALIGN_LEFT, line)

    def _legend_height(self, top: float) -> float:
        """Height of the legend strip below the drawing area (0 if hidden, or if the drawing
        area would be left too small)."""
        if not self._legend:
            return 0.0
        pixmap = self._legend_strip()
        height = pixmap.height() / pixmap.devicePixelRatio()
        return height if self.height() - top - height >= 80 else 0.0

    def _paint_legend(self, painter: QPainter, top: float) -> None:
        if top >= self.height() - 1:
            return
        painter.drawPixmap(QPointF(0, top), self._legend_strip())

    def _legend_strip(self) -> QPixmap:
        """The key to the picture, drawn once per width and kind of search."""
        key = (self.width(), hasattr(self._search, "second_level"), self.devicePixelRatioF())
        if self._legend_cache is None or self._legend_cache[0] != key:
            self._legend_cache = (key, self._legend_pixmap(*key))
        return self._legend_cache[1]

    def _legend_pixmap(self, width: int, pn2: bool, ratio: float) -> QPixmap:
        """Shapes, numbers, colours and marks, a symbol each, flowing left to right in as many
        rows as the width needs."""
        entries = [
            ("or", "OR node: attacker to move"),
            ("and", "AND node: defender to move"),
            ("numbers", "proof | disproof number"),
            ("proved", "proved"),
            ("disproved", "disproved"),
            ("path", "most-proving path"),
            ("changed", "numbers changed / selected"),
            ("new", "new child"),
            ("stub", "hidden nodes: click to unfold"),
        ]
        if pn2:
            entries.append(("level2", "Pn² 2nd-level search"))
        text_font = style.font(style.OVERLAY_PX - 1)
        metrics = QFontMetricsF(text_font)
        line = metrics.height() + 4
        places = []
        x, row = style.MARGIN, 0
        for symbol, text in entries:
            room = _LEGEND_SYMBOL_ROOM.get(symbol, 18.0)
            span = room + 6 + metrics.horizontalAdvance(text)
            if x > style.MARGIN and x + span > width - style.MARGIN:
                x, row = style.MARGIN, row + 1
            places.append((symbol, text, x, room, row))
            x += span + 18
        height = (row + 1) * line + 6
        pixmap = QPixmap(round(width * ratio), round(height * ratio))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(style.HEADER_FILL)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(style.OVERLAY_BORDER)
        painter.drawLine(QPointF(0, 0.5), QPointF(width, 0.5))
        for symbol, text, x, room, row in places:
            cy = 3 + row * line + line / 2
            self._legend_symbol(painter, symbol, QPointF(x + room / 2, cy))
            painter.setPen(style.TEXT)
            painter.setFont(text_font)
            painter.drawText(QRectF(x + room + 6, cy - line / 2, width, line), ALIGN_LEFT, text)
        painter.end()
        return pixmap

    @staticmethod
    def _legend_symbol(painter: QPainter, key: str, centre: QPointF) -> None:
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
            painter.drawLine(QPointF(centre.x() - 11, centre.y()),
                             QPointF(centre.x() + 11, centre.y()))
            painter.setPen(QPen(style.PATH, 3))
            painter.drawLine(QPointF(centre.x() - 11, centre.y()),
                             QPointF(centre.x() + 11, centre.y()))
        elif key == "changed":
            painter.setPen(QPen(style.CHANGED, 2.5))
            painter.setBrush(style.CHANGED_HALO)
            painter.drawRect(square.adjusted(-3, -3, 3, 3))
            painter.setPen(QPen(style.OUTLINE, 1.3))
            painter.setBrush(style.UNKNOWN_FILL)
            painter.drawRect(square.adjusted(2, 2, -2, -2))
        elif key == "stub":
            pen = QPen(style.STUB_OUTLINE, 1.2)
            pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(style.STUB_FILL)
            painter.drawRoundedRect(QRectF(centre.x() - 16, centre.y() - 7, 32, 14), 4, 4)
            painter.setPen(style.TEXT)
            painter.setFont(style.font(9, bold=True))
            painter.drawText(QRectF(centre.x() - 16, centre.y() - 7, 32, 14), ALIGN_CENTER,
                             "+N")
        elif key == "level2":
            pen = QPen(style.LEVEL2, 1.2)
            pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(style.BAND_FILL)
            painter.drawRoundedRect(QRectF(centre.x() - 16, centre.y() - 7, 32, 14), 4, 4)

    # -- interaction ----------------------------------------------------------------------------

    def _build_controls(self) -> None:
        """Small zoom / fit / follow / legend buttons in the top right corner, with shortcuts."""
        self._controls = QWidget(self)
        row = QHBoxLayout(self._controls)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(3)
        buttons = [
            ("−", "Zoom out (-)", self.zoom_out),
            ("+", "Zoom in (+)", self.zoom_in),
            ("Fit", "Fit the drawn tree in view (F)", self.fit),
            ("1:1", "Reset zoom, root at the top (0)", self.reset_view),
        ]
        for text, tip, slot in buttons:
            button = QToolButton(self._controls)
            button.setText(text)
            button.setToolTip(tip)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(slot)
            row.addWidget(button)
        self._follow_button = QToolButton(self._controls)
        self._follow_button.setText("Follow")
        self._follow_button.setToolTip("Keep the most-proving node in view (M)")
        self._follow_button.setCheckable(True)
        self._follow_button.setChecked(self._follow)
        self._follow_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._follow_button.toggled.connect(self.set_follow)
        row.addWidget(self._follow_button)
        self._legend_button = QToolButton(self._controls)
        self._legend_button.setText("Legend")
        self._legend_button.setToolTip("Show the key to shapes, colours and marks (L)")
        self._legend_button.setCheckable(True)
        self._legend_button.setChecked(self._legend)
        self._legend_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._legend_button.toggled.connect(self.set_legend_visible)
        row.addWidget(self._legend_button)
        self._controls.adjustSize()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        """View keys, when the view has focus; a window shortcut on the same key wins (and
        should call the same method), so the two never clash."""
        actions = {"+": self.zoom_in, "=": self.zoom_in, "-": self.zoom_out, "0": self.reset_view,
                   "f": self.fit, "m": lambda: self.set_follow(not self._follow),
                   "l": lambda: self.set_legend_visible(not self._legend)}
        action = actions.get(event.text().lower())
        if action is None or event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier & ~(
                Qt.KeyboardModifier.ShiftModifier):
            super().keyPressEvent(event)
            return
        action()
        event.accept()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """Keep the picture's horizontal centre and its top (relative to the drawing area)
        where they were, also across the first resize of a view set up before it was shown
        (Qt reports no old size then)."""
        super().resizeEvent(event)
        self._controls.adjustSize()
        self._controls.move(self.width() - self._controls.width() - style.MARGIN, style.MARGIN)
        top = self.drawing_area().top()
        shift = QPointF((self.width() - self._placed[0]) / 2, top - self._placed[1])
        self._placed = (self.width(), top)
        self._offset += shift
        if self._glide_to is not None:
            self._glide_from += shift
            self._glide_to += shift

    def item_at(self, point: QPointF) -> int:
        """Index in `displayed_nodes()` of the item under a widget point, or -1 (also outside
        the drawing area: nothing is drawn there)."""
        self._ensure_layout()
        if not self.drawing_area().contains(point):
            return -1
        x = (point.x() - self._offset.x()) / self._scale
        y = (point.y() - self._offset.y()) / self._scale
        row = round((y - style.TOP) / style.ROW)
        best, best_distance = -1, float("inf")
        for position in self._rows.get(row, ()):
            item = self._items[position]
            if item.kind == NODE:
                reach_x, reach_y = style.SLOT * 0.42, style.NODE * 0.8
            else:
                reach_x, reach_y = style.STUB_WIDTH / 2, style.STUB_HEIGHT / 2
            dx, dy = abs(item.x - x), abs(item.y - y)
            if dx <= reach_x and dy <= reach_y and dx < best_distance:
                best, best_distance = position, dx
        return best

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 (Qt's name)
        steps = event.angleDelta().y() / 120
        if steps:
            self._zoom_at(event.position(), style.ZOOM_STEP ** steps)
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position()
            self._press_offset = QPointF(self._offset)
            self._dragging = False
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        position = event.position()
        if self._press is not None:
            moved = position - self._press
            if self._dragging or abs(moved.x()) + abs(moved.y()) > 4:
                if not self._dragging and self._follow:
                    self.set_follow(False)
                self._dragging = True
                self._offset = self._press_offset + moved
                self.update()
                return
        self._hover_at(position, event.globalPosition().toPoint())

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        if event.button() != Qt.MouseButton.LeftButton or self._press is None:
            return
        dragged = self._dragging
        self._press = None
        self._dragging = False
        if dragged:
            return
        self.click(event.position())

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        index = self.item_at(event.position())
        if index < 0:
            return
        item = self._items[index]
        if item.kind != NODE:
            return
        has_children = any(other.parent == index for other in self._items)
        if has_children:
            self.collapse(item.node, item.level)
        else:
            self.expand_stub(item.node, item.level)

    def click(self, point: QPointF) -> None:
        """What a left click at a widget point does: pin a node, unfold a stub or unpin."""
        index = self.item_at(point)
        if index < 0:
            if self._focus is not None:
                self.set_focused(1, -1)
                self.focus_released.emit()
            return
        item = self._items[index]
        if item.kind in (FOLD, MORE):
            self.expand_stub(item.node, item.level)
            return
        self.set_focused(item.level, item.node)
        self.node_focused.emit(item.level, item.node)

    def leaveEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        self._set_hover(-1)

    def _hover_at(self, point: QPointF, global_point) -> None:
        index = self.item_at(point)
        if index == self._hover:
            return
        self._set_hover(index)
        if index >= 0:
            QToolTip.showText(global_point, self._tooltip(self._items[index]), self)
        else:
            QToolTip.hideText()

    def _set_hover(self, index: int) -> None:
        if index == self._hover:
            return
        self._hover = index
        self.update()
        if index >= 0 and self._items[index].kind == NODE:
            item = self._items[index]
            self.node_focused.emit(item.level, item.node)
        elif index < 0:
            if self._focus is not None:
                self.node_focused.emit(*self._focus)
            else:
                self.focus_released.emit()

    def _tooltip(self, item: DisplayedNode) -> str:
        """Everything about a node, in words: line, type, numbers, status, size, last change."""
        state = self._level(item.level)
        if state is None:
            return ""
        tree = state.tree
        if item.kind != NODE:
            what = "all its" if item.kind == FOLD else "more of its"
            below = (f", {item.hidden_nodes:,} nodes below them" if item.hidden_nodes >= 0
                     else " (nodes below: counted when the search pauses)")
            return (f"{item.hidden_children} {state.labels.unit} hidden{below}.\n"
                    f"Click to show {what} children.")
        lines = []
        node = item.node
        if item.name:
            lines.append(f"node {item.name}")
        elif item.label or node:
            moves = " ".join(state.labels.edge_label(tree, step) for step in tree.path_to(node)[1:])
            lines.append(("2nd level: " if item.level == 2 else "") + moves)
        lines.append("OR node (attacker to move)" if item.is_or
                     else "AND node (defender to move)")
        if not item.evaluated:
            lines.append("not evaluated yet (Pn²'s first level evaluates lazily)")
        proof = "∞" if item.proof >= INF else f"{item.proof:,}"
        disproof = "∞" if item.disproof >= INF else f"{item.disproof:,}"
        lines.append(f"proof number {proof}, disproof number {disproof}")
        reason = REASON_TEXT.get(tree.reason(node), "")
        if item.proof == 0:
            lines.append("proved" + (f": {reason}" if reason else ""))
        elif item.disproof == 0:
            lines.append("disproved" + (f": {reason}" if reason else ""))
        children = len(tree.children(node))
        if children and state.sizes.complete:
            lines.append(f"{children} children, {state.sizes[node] - 1:,} nodes below")
        elif children:
            lines.append(f"{children} children")
        change = state.changed.get(node)
        if change is not None:
            lines.append("last step changed it from "
                         f"{style.number_text(change.old_proof)} | "
                         f"{style.number_text(change.old_disproof)}")
        return "\n".join(lines)
