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

The view never draws the tree whole (see `app.tree_view.layout`): a refresh costs O(displayed nodes
+ path length + nodes created since the last refresh), whatever the tree's size (only a tree met
already big costs one O(tree) pass, about 0.2-0.5 s for a million nodes, when it first stands
still). It reads the search's tree between steps and never calls into the search.

This module is the widget (state, signals, public API, interaction); the per-tree bookkeeping is
in `app.tree_view.level`, the drawn items in `app.tree_view.items`, where the view should look in
`app.tree_view.follow`, the zoom, pan and glide in `app.tree_view.viewport`, the drawing in
`app.tree_view.paint` and `app.tree_view.legend`, and the words (step captions, tooltips) in
`app.tree_view.captions`.

Public API
----------
``TreeView(parent: QWidget | None = None)``

Signals:
    ``node_focused(level: int, node: int)``: the pointer entered a drawn node, or a node was
        clicked (level 1 = first-level tree, 2 = Pn² second-level tree; `node` is that tree's id).
    ``focus_released()``: the pointer left the nodes and no node is pinned: show the default
        (the most-proving node) again.
    ``pin_changed(level: int, node: int)``: a node was pinned (clicked, or `set_focused`); node
        -1: none is.
    ``follow_changed(on: bool)``: follow was switched on or off (the user's choice).
    ``follow_paused(paused: bool)``: a drag (or a node shown on request) paused follow, which
        stays the user's choice and resumes with Follow, M or a new search; False: resumed.
    ``node_clicked(level: int, node: int)``: a drawn node was clicked (not hovered).

Methods:
    ``set_search(search: Stepper | None) -> None``: show this search (its `drawn_tree`), or
        nothing.
    ``apply_report(report: StepReport) -> None``: mark what the step changed; cheap, the layout
        is recomputed once at the next paint.
    ``clear_marks() -> None``: remove the step marks (when running without reports).
    ``drop_stale_marks() -> None``: the search moved on without a report: clear the marks once.
    ``search_finished(outcome: Outcome) -> None``: back to the root view unless following; a
        small unsolved tree shown whole.
    ``refresh() -> None``: re-read the tree now, follow the most-proving node if asked, repaint.
    ``zoom_in() / zoom_out() / fit() / reset_view() -> None``
    ``set_follow(on: bool) -> None``, property ``follow -> bool`` (following now),
        ``pause_follow() -> None``, property ``follow_paused -> bool``
    ``set_focused(level: int, node: int) -> None`` (node -1 clears), property
        ``focused -> tuple[int, int] | None``: the pinned node, drawn with a focus ring.
    ``show_node(level: int, node: int) -> bool``: pan a drawn node into view.
    ``expand_stub(node: int, level: int = 1) -> None``: unfold all children of `node`.
    ``collapse(node: int, level: int = 1) -> None``: fold everything below `node`.
    ``set_legend_visible(on: bool)``
    ``set_verified_line(moves: list[int]) -> None``: the result's verified main line; at the
        finale only that line is drawn (the rest folded), readable, and where Pn²'s first level
        ends at a leaf its second level proved, ``line_note()`` writes the rest beside it.
    ``set_cover(cover: Cover) -> None``: what quiz mode keeps off the tree (`app.tree_view.cover`).
    ``set_animated(on: bool) -> None``: glide when follow scrolls (default: on, except on the
        offscreen platform, where a render must show where the view ends up).
    ``drawing_area() -> QRectF``: the widget rectangle nodes are drawn in (below the header,
        above the legend strip).
    ``caption_lines() -> list[str]``: the header's text as drawn.
    ``header_rows() -> tuple[list[str], list[str]]``: the same, count rows apart from the step's.
    ``band_title() -> tuple[str, QRectF] | None``: the Pn² band's title and where it is drawn.
    ``displayed_nodes() -> list[DisplayedNode]``: what is drawn (for tests and the window).
    ``scene_to_widget(x: float, y: float) -> QPointF``, ``item_at(point: QPointF) -> int``:
        where a displayed node appears; which one (index into `displayed_nodes()`) is at a point.
    property ``discard_note -> str``: the "2nd level … discarded N nodes" note, "" if none.

Mouse and keys: the wheel zooms around the pointer; dragging pans (and pauses follow); a
click pins a node (or unfolds a stub; a click on empty space unpins); a double-click folds or
unfolds a node; hovering shows the node's details. With the view focused: + and - zoom, 0 resets
the view, F fits, M toggles follow, L toggles the legend.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QFontMetricsF,
    QGuiApplication,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPixmap,
    QWheelEvent,
)
from PySide6.QtWidgets import QHBoxLayout, QSizePolicy, QToolButton, QToolTip, QWidget

from ...core.search.contract import Stepper, second_level, second_level_root
from ...core.search.events import SecondLevelEnded, SecondLevelStarted, SecondLevelStepped
from ...core.search.types import Outcome, StepReport
from ...core.tree import NO_NODE
from ...core.values import counted
from . import style
from .captions import describe_step, node_tooltip, pack_parts, wrap_text
from .counts import level_counts
from .cover import Cover
from .dag_links import draw_extra_links
from .effort_map import EffortMap
from .finale import (
    draw_line_note,
    finale_options,
    is_proved_finale,
    line_note_box,
    played_index,
)
from .follow import drawn_span, follow_path, follow_target, room_above
from .items import DisplayedNode, band_rect, displayed_node, scene_bounds
from .layout import (
    FOLD,
    MORE,
    NODE,
    LayoutOptions,
    MoveLabels,
    layout_tree,
    path_width,
)
from .legend import legend_pixmap
from .level import SYNC_WORK, TreeLevel
from .paint import SecondLevelGhost, TreePainter, band_title, paint_header
from .path_strip import MAX_LINES, Chip, hidden_prefix, layout_chips, paint_strip, strip_height
from .viewport import Viewport

__all__ = ["SYNC_WORK", "DisplayedNode", "TreeView"]


LEGEND_SHARE = 0.5
"""The legend is drawn only while the nodes keep at least this share of the view's height under
its header (a narrow pane beside a dock wrapped it onto seven rows over a 100-pixel tree)."""
LEGEND_ROWS = 3
"""...and at least this many rows of nodes, with the first one's move labels, at follow's
smallest zoom: under the header and a path strip, at 1024×768 in projector mode, the key gives
way to the tree (L or Legend bring it back where there is room)."""
PAUSED_NOTE = "Follow paused: you moved the view (M or Follow resumes)"
"""Said in the header while a drag has paused follow: the view no longer moves by itself."""


def draws_a_graph(search: Stepper | None) -> bool:
    """Whether the tree drawn is a graph's spanning tree (DAG PN): a node may have parents
    besides its first, drawn as extra links (df-pn merges transpositions in a table, and draws
    only its path)."""
    if search is None:
        return False
    capabilities = search.capabilities
    return capabilities.transpositions and capabilities.keeps_tree


class TreeView(QWidget):
    """The growing AND/OR tree of a search (see the module docstring for the API)."""

    node_focused = Signal(int, int)
    focus_released = Signal()
    pin_changed = Signal(int, int)
    follow_changed = Signal(bool)
    follow_paused_changed = Signal(bool)
    node_clicked = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(240, 180)
        self._search: Stepper | None = None
        self._level1: TreeLevel | None = None
        self._level2: TreeLevel | None = None
        self._second_root = NO_NODE
        self._second_budget = 0
        self._inner: StepReport | None = None
        self._inner_pending = False
        self._marked = False
        self.effort_map = EffortMap()
        self._options = LayoutOptions()
        self._cover = Cover()
        self._items: list[DisplayedNode] = []
        self._rows: dict[int, list[int]] = {}
        self._index: dict[tuple[int, int], int] = {}
        self._band: QRectF | None = None
        self._extent: QRectF | None = None
        self._dirty = False
        self._viewport = Viewport()
        self._chosen_scale = 1.0
        self._fitted_from: float | None = None
        """The zoom chosen before `fit_drawn_across` lowered it, given back as the view widens."""
        self._base_scale = 1.0
        """What 1:1 means: 1, or larger for a projector (`set_base_scale`)."""
        self._overlay_px = float(style.OVERLAY_PX)
        self._follow = True
        self._paused = False
        self._strip_lines = 0
        """Lines of the path strip between the header and the drawing area (0: none), set by
        follow (`app.tree_view.path_strip`)."""
        self._legend = True
        self._legend_cache: tuple[tuple, QPixmap] | None = None
        self._header_cache: tuple[tuple[int, int, int], float, QRectF] | None = None
        self._animated = QGuiApplication.platformName() != "offscreen"
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
        self._verified_moves: list[int] = []
        self._ghost: SecondLevelGhost | None = None
        self._ghost_timer = QTimer(self)
        self._ghost_timer.setInterval(40)
        self._ghost_timer.timeout.connect(self._fade)
        self._build_controls()
        # Width and drawing-area top the offset was placed for (see `resizeEvent`).
        self._placed = (self.width(), self.drawing_area().top())

    # -- public API -------------------------------------------------------------------------------

    @property
    def follow(self) -> bool:
        """Whether the view keeps the most-proving path in view after each refresh."""
        return self._follow and not self._paused

    @property
    def follow_paused(self) -> bool:
        """Follow is on but paused: the user moved the view, and it stays where he put it."""
        return self._paused

    @property
    def focused(self) -> tuple[int, int] | None:
        """The pinned (level, node), or None."""
        return self._focus

    @property
    def discard_note(self) -> str:
        """What the last ended Pn² second level kept and discarded, "" if none just ended."""
        return self._note

    def set_search(self, search: Stepper | None) -> None:
        """Show `search` from scratch (folds, marks and view reset), or nothing for None."""
        self._search = search
        self._level1 = None
        self._level2 = None
        self._second_root = NO_NODE
        self._focus = None
        self._hover = -1
        self._caption = ""
        self._note = ""
        self._verified_moves = []
        self._strip_lines = 0
        self._drop_ghost()
        self._set_paused(False)
        if search is not None:
            self._level1 = TreeLevel(search, search.drawn_tree, MoveLabels(search.game))
        self._rebuild()
        self.reset_view()

    def apply_report(self, report: StepReport) -> None:
        """Remember what a step changed (marks and caption) and schedule a repaint."""
        if self._level1 is None:
            return
        self._level1.mark(report)
        self._note = ""
        self._inner = None
        for event in report.events:
            drawer = EVENT_DRAWERS.get(type(event))
            if drawer is not None:
                drawer(self, event)
        self._inner_pending = True
        self._caption = describe_step(report)
        self._marked = True
        self._dirty = True
        self.update()

    def _second_level_started(self, event: SecondLevelStarted) -> None:
        self._second_root = event.first_level_node
        self._second_budget = event.budget

    def _second_level_stepped(self, event: SecondLevelStepped) -> None:
        self._second_root = event.first_level_node
        self._inner = event.inner

    def _second_level_ended(self, event: SecondLevelEnded) -> None:
        self._second_root = event.first_level_node
        self._inner = None
        self._end_second_level(event.first_level_node, event.kept, event.discarded)

    def clear_marks(self) -> None:
        """Drop the step marks, caption and Pn² note: running without reports, they would be
        stale."""
        for level in (self._level1, self._level2):
            if level is not None:
                level.mark(None)
                level.selected_path = []
        self._inner, self._inner_pending = None, False
        self._caption = ""
        self._note = ""
        self._marked = False
        self._dirty = True
        self.update()

    def drop_stale_marks(self) -> None:
        """The search ran on without reports: the last step's marks no longer say what changed
        (cleared once, not at every slice, so a run does not repaint outside its frames)."""
        if self._marked:
            self.clear_marks()

    def search_finished(self, _outcome: Outcome) -> None:
        """Unless following, show the finished tree from the root at zoom 1; following, a
        small unsolved tree whole (`_show_whole`)."""
        if not self.follow:
            self.reset_view()
            return
        self._show_whole()

    def width_to_show_whole(self) -> int:
        """The width this view needs to show an unsolved end's drawn tree whole at the zoom
        follow allows (as `_show_whole` does), where it shows it so now; 0 where that does not
        apply (the search runs or is solved, or the tree is too big to be seen whole here)."""
        extent = self._unsolved_end()
        if extent is None:
            return 0
        least = style.FOLLOW_MIN_SCALE * self._base_scale
        area = self._inner_area()
        wanted = math.ceil(extent.width() * least + (self.width() - area.width()))
        fits = extent.height() * least <= area.height() and wanted <= self.width()
        return wanted if fits else 0

    def width_to_show_drawn(self) -> int:
        """The width this view needs to show everything it draws whole across, at its zoom or
        as far out as labels stay readable (`fit_drawn_across`); 0 before anything is drawn."""
        self._ensure_layout()
        if self._extent is None:
            return 0
        scale = min(self._viewport.scale, style.SOLVED_MIN_SCALE * self._base_scale)
        return math.ceil(self._extent.width() * scale + (self.width() - self._inner_area().width()))

    def fit_drawn_across(self) -> None:
        """Zoom out, not below a readable zoom, so that everything drawn fits across the view
        where it does not at the chosen zoom (the window gave the board part of the width), and
        back towards the chosen zoom as the view widens again."""
        self._ensure_layout()
        if self._extent is None:
            return
        chosen = self._chosen_scale if self._fitted_from is None else self._fitted_from
        fitting = self._inner_area().width() / self._extent.width()
        readable = style.SOLVED_MIN_SCALE * self._base_scale
        wanted = min(chosen, fitting) if fitting >= readable else chosen
        if abs(wanted - self._chosen_scale) < 1e-3:
            return
        self._chosen_scale = wanted
        self._fitted_from = chosen if wanted < chosen else None
        if self._viewport.scale > wanted:
            self._stop_glide()
            area = self._inner_area()
            anchor = QPointF(area.center().x(), area.top())
            self._viewport.zoom_at(anchor, wanted / self._viewport.scale)
        if self.follow:
            self._follow_path_into_view(force=True, jump=True)
        self._keep_asked_node()
        self.update()

    def _show_whole(self) -> None:
        """At an unsolved end, the whole drawn tree when it fits at a zoom follow allows (a
        small tree, Figure 3.1 at its frontier, is then seen whole, not cut at the sides)."""
        extent = self._unsolved_end()
        if extent is None:
            return
        area = self._inner_area()
        scale = min(
            area.width() / extent.width(), area.height() / extent.height(), self._chosen_scale
        )
        if scale < style.FOLLOW_MIN_SCALE * self._base_scale or scale > self._viewport.scale:
            return
        self._stop_glide()
        centre = extent.center()
        self._viewport.set_view(
            scale,
            QPointF(area.center().x() - centre.x() * scale, area.top() - extent.top() * scale),
        )
        self._chosen_scale = scale
        self._fitted_from = None
        self.update()

    def _unsolved_end(self) -> QRectF | None:
        """The drawn tree's extent when the search has ended with the root unsolved (no Pn²
        second level on screen), else None."""
        self._ensure_layout()
        first, search = self._level1, self._search
        if first is None or search is None or search.outcome is None or not first.path:
            return None
        return self._extent if self._level2 is None else None

    def refresh(self) -> None:
        """Re-read the tree, keep the most-proving path in view if following, repaint."""
        self._rebuild()
        if self.follow:
            self._follow_path_into_view()
        self._keep_asked_node()
        self.update()

    def zoom_in(self) -> None:
        """Zoom in around the widget's centre."""
        self._zoom_at(QPointF(self.width() / 2, self.height() / 2), style.ZOOM_STEP)

    def zoom_out(self) -> None:
        """Zoom out around the widget's centre."""
        self._zoom_at(QPointF(self.width() / 2, self.height() / 2), 1 / style.ZOOM_STEP)

    def reset_view(self) -> None:
        """Zoom 1, the root at the top of the drawing area (the drawn tree centred if it fits)."""
        self._ensure_layout()
        if not self._items:
            self._viewport.reset(self._inner_area(), None)
        else:
            root = self._items[0]
            self._viewport.reset(
                self._inner_area(),
                self._extent,
                root.x,
                root.y - room_above(root),
                self._base_scale,
            )
        self._chosen_scale = self._viewport.scale
        self._fitted_from = None
        self.update()

    def set_base_scale(self, scale: float) -> None:
        """Draw nodes, numbers and the header's text `scale` times their size (a projector's
        back row); 1:1 and Reset the view come back to it."""
        self._base_scale = scale
        self._overlay_px = style.OVERLAY_PX * scale
        self._header_cache = None
        self.reset_view()
        if self.follow:
            self._follow_path_into_view(force=True, jump=True)

    def fit(self) -> None:
        """Zoom and pan so every drawn node is in the drawing area (never zooming in beyond 1,
        nor out past where labels stay readable: a tree too big for that is shown from its
        top, centred on the most-proving path, at that zoom, and follow keeps the path in
        view as it grows)."""
        self._ensure_layout()
        if self._extent is None:  # nothing is drawn
            return
        area = self.drawing_area().adjusted(16, 8, -16, -8)
        self._viewport.fit(self._extent, area)
        least = style.FOLLOW_MIN_SCALE * self._base_scale
        if self._viewport.scale < least:
            self._viewport.set_view(least, self._viewport.offset)
            self._chosen_scale = least
            self._fitted_from = None
            if self.follow:
                self._follow_path_into_view(force=True, jump=True)
            else:
                root = self._items[0]
                self._viewport.reset(
                    self._inner_area(), self._extent, root.x, root.y - room_above(root), least
                )
            self.update()
            return
        self._chosen_scale = self._viewport.scale
        self._fitted_from = None
        self.update()

    def set_follow(self, on: bool) -> None:
        """Keep the most-proving path (down into the second level while one runs) in view."""
        on = bool(on)
        changed = on != self._follow
        self._follow = on
        self._set_paused(False)
        if on:
            self._ensure_layout()
            self._follow_path_into_view(force=True)
            self.update()
        else:
            self._stop_glide()
        if changed:
            self.follow_changed.emit(on)

    def pause_follow(self) -> None:
        """Stop following for now (the user dragged the view, or asked to see a node), saying
        so in the header; follow stays the user's choice and resumes with Follow or M."""
        if self._follow and not self._paused:
            self._stop_glide()
            self._set_paused(True)

    def _set_paused(self, paused: bool) -> None:
        changed = paused != self._paused
        self._paused = paused
        self._follow_button.blockSignals(True)
        self._follow_button.setChecked(self.follow)
        self._follow_button.setText("Follow (paused)" if paused else "Follow")
        self._follow_button.blockSignals(False)
        self._controls.adjustSize()
        margin = round(style.MARGIN)
        self._controls.move(self.width() - self._controls.width() - margin, margin)
        self._header_cache = None
        if changed:
            self.update()
            self.follow_paused_changed.emit(paused)

    def set_animated(self, on: bool) -> None:
        """Glide (on) or jump (off) when follow scrolls."""
        self._animated = bool(on)
        if not self._animated and self._viewport.gliding:
            self._viewport.finish_glide()
            self._glide_timer.stop()
            self.update()

    def show_node(self, level: int, node: int, centre: bool = True) -> bool:
        """Pan so a drawn node is in the drawing area (centred if it was out, or, not to
        single it out, moved just inside the nearest edge); False if it is not drawn."""
        self._ensure_layout()
        position = self._index.get((level, node))
        if position is None:
            return False
        item = self._items[position]
        point = self.scene_to_widget(item.x, item.y)
        area = self._inner_area()
        if not centre:  # its numbers beside it on screen too
            edge = min(style.SLOT / 2, area.width() / 2, area.height() / 2)
            area = area.adjusted(edge, edge / 2, -edge, -edge / 2)
        if not area.contains(point):
            self._stop_glide()
            inside = QPointF(
                min(max(point.x(), area.left()), area.right()),
                min(max(point.y(), area.top()), area.bottom()),
            )
            self._viewport.pan_by((area.center() if centre else inside) - point)
        self.update()
        return True

    def reveal_marked(self, nodes: list[int]) -> None:
        """Show these first-level nodes (and their ancestors) wherever they are in the tree."""
        if self._level1 is not None:
            self._level1.marked = list(nodes)
            self._dirty = True
            self.update()

    def set_focused(self, level: int, node: int) -> None:
        """Pin a node (drawn with a focus ring and kept visible); node -1 unpins."""
        self._focus = None if node < 0 else (level, node)
        self._dirty = True
        self.update()
        self.pin_changed.emit(level, node)

    def expand_stub(self, node: int, level: int = 1) -> None:
        """Unfold `node`: show all its children (each folded until opened in turn), `node`
        staying where it is on screen."""
        state = self._level(level)
        if state is None:
            return
        where = self._drawn_at(level, node)
        state.expanded.add(node)
        state.collapsed.discard(node)
        self._relayout_in_place(level, node, where)

    def collapse(self, node: int, level: int = 1) -> None:
        """Fold `node`: hide everything below it behind one stub, `node` staying where it is
        on screen."""
        state = self._level(level)
        if state is None:
            return
        where = self._drawn_at(level, node)
        state.expanded.discard(node)
        state.collapsed.add(node)
        self._relayout_in_place(level, node, where)

    def set_verified_line(self, moves: list[int]) -> None:
        """The verified main line's moves (the result panel's): where the first level's line
        ends at a leaf Pn²'s second level proved, the rest is written beside it."""
        self._verified_moves = list(moves)
        self.update()

    def set_cover(self, cover: Cover) -> None:
        """Keep what `cover` says off the drawn tree from the next paint on."""
        self._cover = cover
        self._dirty = True
        self.update()

    @property
    def legend_visible(self) -> bool:
        return self._legend

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
        return title[0], QRectF(
            self.scene_to_widget(rect.left(), rect.top()),
            self.scene_to_widget(rect.right(), rect.bottom()),
        )

    def caption_lines(self) -> list[str]:
        """The header's text as drawn: the node count of each level (and a Pn² note), then
        the last step in words, wrapped (elided only past its last line)."""
        counts, caption = self.header_rows()
        return [*counts, *caption]

    def header_rows(self) -> tuple[list[str], list[str]]:
        """The count rows and the caption rows: the counts on one row where they fit, else
        broken between levels (the caption keeps at least one row), nothing wider than the
        header's box."""
        self._ensure_layout()
        if self._level1 is None or self._search is None:
            return [], []
        metrics = QFontMetricsF(style.font(self._overlay_px))
        room = self._header()[1].width() - 16
        two_levels = self._search.capabilities.two_levels
        parts = level_counts(self._level1, self._level2, self._items, two_levels).split("  ·  ")
        if self._paused:
            parts.append(PAUSED_NOTE)
        if self._note:
            parts.append(self._note)
        counts = pack_parts(parts, metrics, room, style.CAPTION_LINES - 1)
        caption = wrap_text(self._caption, metrics, room, style.CAPTION_LINES - len(counts))
        return counts, caption

    def line_note(self) -> tuple[str, QRectF] | None:
        """The note beside a leaf Pn²'s second level proved (the rest of the verified line)
        and where it appears in the widget, or None."""
        self._ensure_layout()
        if self._level1 is None:
            return None
        note = line_note_box(self._level1, self._index, self._items, self._verified_moves)
        if note is None:
            return None
        rect = note[1]
        return note[0], QRectF(
            self.scene_to_widget(rect.left(), rect.top()),
            self.scene_to_widget(rect.right(), rect.bottom()),
        )

    def drawing_area(self) -> QRectF:
        """The part of the widget the tree is drawn in: below the caption and buttons (and the
        path strip, when follow needs one), above the legend strip."""
        top = self._header()[0] + strip_height(self._strip_lines, self._overlay_px)
        bottom = self.height() - self._legend_height(top)
        return QRectF(0.0, top, float(self.width()), max(bottom - top, 1.0))

    def displayed_nodes(self) -> list[DisplayedNode]:
        """Everything drawn now, parents before children."""
        self._ensure_layout()
        return list(self._items)

    def scene_to_widget(self, x: float, y: float) -> QPointF:
        """Where a scene point (e.g. a `DisplayedNode`'s x, y) appears in the widget."""
        return self._viewport.scene_to_widget(x, y)

    # -- building the picture -----------------------------------------------------------------

    def _level(self, level: int) -> TreeLevel | None:
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
        tree = search.drawn_tree
        if first.tree is not tree:
            first.tree = tree
        first.sync()
        first.path = self._cover.layout_path(first)
        second = self._second_level_state(search, first)
        focus = self._focus
        input1 = first.layout_input(focus[1] if focus and focus[0] == 1 else NO_NODE)
        input2 = None
        if second is not None:
            second.sync()
            input2 = second.layout_input(focus[1] if focus and focus[0] == 2 else NO_NODE)
        finale = is_proved_finale(first.tree, first.line)
        options = finale_options(self._options) if finale else self._options
        layout = layout_tree(input1, options, input2, self._second_root)
        if path_width(layout) * style.SLOT * style.FOLLOW_MIN_SCALE * self._base_scale > (
            self._inner_area().width()
        ):
            # The path zigzags wider than the view holds at a readable zoom: straighten it.
            layout = layout_tree(input1, options, input2, self._second_root, straight=True)
        states = {1: first} if second is None else {1: first, 2: second}
        self._items = [
            self._cover.apply(displayed_node(item, states[item.level])) for item in layout.items
        ]
        for position, item in enumerate(self._items):
            row = round((item.y - style.TOP) / style.ROW)
            self._rows.setdefault(row, []).append(position)
            if item.kind == NODE:
                self._index[(item.level, item.node)] = position
        if second is not None:
            self._band = band_rect(self._items)
        if self._items:
            self._extent = scene_bounds(self._items, self._band)

    def _drawn_at(self, level: int, node: int) -> QPointF | None:
        """Where a node is on screen now (the items last drawn), None if it is not drawn."""
        position = self._index.get((level, node))
        if position is None:
            return None
        return self.scene_to_widget(self._items[position].x, self._items[position].y)

    def _relayout_in_place(self, level: int, node: int, where: QPointF | None) -> None:
        """Lay out again after the user unfolded or folded `node`, panning so it stays `where`
        it was on screen, under the pointer that clicked it; follow waits for the search to
        move (the user is looking here, not at the most-proving node)."""
        self._rebuild()
        after = self._index.get((level, node))
        if where is not None and after is not None:
            item = self._items[after]
            self._stop_glide()
            self._viewport.pan_by(where - self.scene_to_widget(item.x, item.y))
        self._hover = -1
        self.update()

    def _second_level_state(self, search: Stepper, first: TreeLevel) -> TreeLevel | None:
        """The live second-level search's state, created when a new one appears."""
        inner = second_level(search)
        root = second_level_root(search)
        if inner is None or root is None or not 0 <= root < len(first.tree):
            self._level2 = None
            return None
        self._second_root = root
        if self._level2 is None or self._level2.search is not inner:
            labels = MoveLabels(
                search.game, first.tree.moves_to(root), first.labels.node_name(first.tree, root)
            )
            self._level2 = TreeLevel(inner, inner.drawn_tree, labels)
            if inner.limits.max_nodes:
                self._second_budget = inner.limits.max_nodes
        self._level2.tree = inner.drawn_tree
        if self._inner_pending:
            self._level2.mark(self._inner)
            self._inner_pending = False
        return self._level2

    # -- Pn²'s second level ending --------------------------------------------------------------

    def _end_second_level(self, anchor: int, kept: list[int], discarded: int) -> None:
        """Turn the drawn second-level tree (as last drawn: the search has dropped it already)
        into a fading ghost and say what was thrown away."""
        origin = self._items[self._index[(1, anchor)]] if (1, anchor) in self._index else None
        ghosts = [item for item in self._items if item.level == 2]
        kept_text = f"kept {counted(len(kept), 'child')}, " if kept else ""
        self._note = f"2nd level ended: {kept_text}discarded {counted(discarded, 'node')}"
        if origin is not None and ghosts and self._band is not None:
            self._ghost = SecondLevelGhost(
                anchor,
                ghosts,
                QRectF(self._band),
                QPointF(origin.x, origin.y),
                f"discarded {counted(discarded, 'node')}",
            )
            self._ghost_timer.start()
        self._level2 = None
        self._second_budget = 0
        if self._level1 is not None:
            self._level1.new = self._level1.fresh = set(kept)

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
        self._viewport.zoom_at(anchor, factor)
        self._chosen_scale = self._viewport.scale
        self._fitted_from = None
        self.update()

    def _inner_area(self) -> QRectF:
        pad = style.VIEW_PAD
        return self.drawing_area().adjusted(pad, pad, -pad, -pad)

    def _follow_path_into_view(self, force: bool = False, jump: bool = False) -> None:
        """Move the view where `follow_target` says: gliding on screen, unless told to `jump`
        (a resize: the old placement means nothing at the new size). Where the drawing area
        cannot hold the whole growing path at a readable zoom, the path strip takes the lines
        its top needs (`app.tree_view.path_strip`) and follow places the rest under it."""
        path, growing, solved = follow_path(
            self._level1, self._level2, self._second_root, self._items, self._index
        )
        if not path or self._extent is None:
            self._set_strip_lines(0)
            return
        viewport = self._viewport
        children = self._new_children()
        lines = 0
        while True:
            self._set_strip_lines(lines)
            target, scale = follow_target(
                path,
                growing,
                solved,
                self._inner_area(),
                viewport.scale,
                viewport.goal,
                self._extent,
                force,
                self._chosen_scale,
                played_index(path, self._focus) if solved else -1,
                children,
                refit=jump,
                base=self._base_scale,
                drawn=self._items,
            )
            if not growing or lines >= MAX_LINES:
                break
            prefix = hidden_prefix(path, self.drawing_area(), scale, target)
            needed = layout_chips(prefix, self.width(), self._overlay_px, MAX_LINES)[1]
            if needed <= lines:
                break
            lines = needed
        if scale != viewport.scale:
            self._stop_glide()
            viewport.set_view(scale, target)
            return
        now = time.monotonic() if self._animated and self.isVisible() and not jump else None
        if viewport.move_to(target, now):
            self._glide_timer.start()

    def _set_strip_lines(self, lines: int) -> None:
        if lines != self._strip_lines:
            self._strip_lines = lines
            self.update()

    def path_strip(self) -> list[Chip]:
        """The path strip's chips as drawn (widget pixels), empty without a strip: the top of
        the most-proving path that the drawing area does not show whole, from the root."""
        if not self._strip_lines:
            return []
        self._ensure_layout()
        path, growing, _solved = follow_path(
            self._level1, self._level2, self._second_root, self._items, self._index
        )
        if not growing:
            return []
        viewport = self._viewport
        prefix = hidden_prefix(path, self.drawing_area(), viewport.scale, viewport.goal)
        chips, _lines = layout_chips(prefix, self.width(), self._overlay_px, self._strip_lines)
        top = self._header()[0]
        return [
            Chip(chip.item, chip.text, chip.rect.translated(0, top), chip.shape.translated(0, top))
            for chip in chips
        ]

    def _new_children(self) -> list[DisplayedNode]:
        """The children the last expansion created and the node it expanded, as drawn, until
        the next selection (the narration names them: they are what the class looks for next,
        also when the update moved the most-proving node elsewhere)."""
        items: dict[int, DisplayedNode] = {}
        for number, level in ((1, self._level1), (2, self._level2)):
            if level is None:
                continue
            for child in level.fresh:
                position = self._index.get((number, child))
                if position is None:
                    continue
                items[position] = self._items[position]
                parent = self._items[position].parent
                if parent >= 0:
                    items[parent] = self._items[parent]
        return list(items.values())

    def _glide_step(self) -> None:
        if not self._viewport.gliding:
            self._glide_timer.stop()
            return
        if not self._viewport.glide_step(time.monotonic()):
            self._glide_timer.stop()
        self.update()

    def _stop_glide(self) -> None:
        self._viewport.stop_glide()
        self._glide_timer.stop()

    # -- painting -------------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        if self._dirty:
            self._rebuild()
            if self.follow:
                self._follow_path_into_view()
            self._keep_asked_node()
        painter = QPainter(self)
        painter.fillRect(self.rect(), style.BACKGROUND)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        scale = self._viewport.scale
        area = self.drawing_area()
        visible = self._viewport.visible_scene(area)
        visible.adjust(-style.SLOT, -style.ROW, style.SLOT, style.ROW)
        painter.save()
        painter.setClipRect(area)
        painter.translate(self._viewport.offset)
        painter.scale(scale, scale)
        text = scale >= style.TEXT_MIN_SCALE
        draw = TreePainter(painter, scale, self.effort_map.fills(self._level1, self._level2))
        if self._ghost is not None:
            anchor = self._index.get((1, self._ghost.anchor))
            draw.ghost(self._ghost, None if anchor is None else self._items[anchor], text)
        if self._band is not None:
            draw.band(self._band, self._band_title() if text else None)
        shown = [
            index
            for index, item in enumerate(self._items)
            if visible.contains(item.x, item.y) and not self._cut_at_a_side(item, area)
        ]
        draw.edges(self._items, visible)
        if self._level1 is not None and draws_a_graph(self._search):
            first = self._level1
            draw_extra_links(painter, first.tree, self._items, self._index, first.path, text)
        for index in shown:
            item = self._items[index]
            if item.kind == NODE:
                draw.node(item, index == self._hover, self._focus == (item.level, item.node), text)
            else:
                state = self._level(item.level)
                unit = state.labels.unit if state is not None else "child"
                draw.stub(item, unit, index == self._hover, text)
        if self._verified_moves and self._level1 is not None and self._level1.line and text:
            draw_line_note(painter, self._level1, self._index, self._items, self._verified_moves)
        painter.restore()
        header = self._header()[0]
        if self._strip_lines:
            strip = self.path_strip()
            paint_strip(painter, header, self.width(), strip, self._overlay_px, self._strip_lines)
        paint_header(
            painter,
            self.width(),
            header,
            self.header_rows(),
            self._header()[1],
            bool(self._note),
            self._overlay_px,
        )
        if self._legend and area.bottom() < self.height() - 1:
            painter.drawPixmap(QPointF(0, area.bottom()), self._legend_strip())
        painter.end()

    def _cut_at_a_side(self, item: DisplayedNode, area: QRectF) -> bool:
        """Whether a node or a stub, at rest while following, would be cut in half at the
        drawing area's left or right edge (or at its top, under the path strip): it is then
        left out, its edge running off the side, as where the rows in view are out of step and
        no sideways shift clears them all (`snap_to_columns`). A drag or a glide shows nodes
        sliding past the edges."""
        if not self.follow or self._dragging or self._viewport.gliding:
            return False
        scale, x = self._viewport.scale, self._viewport.offset.x()
        left, right = (edge * scale + x for edge in drawn_span(item))
        if self._strip_lines:
            # under the path strip, a node cut by the drawing area's top is the strip's last
            # chip or beside it: its edges run up to the strip
            top = (item.y - room_above(item)) * scale + self._viewport.offset.y()
            bottom = (item.y + style.NODE / 2) * scale + self._viewport.offset.y()
            if top < area.top() - 0.5 < bottom:
                return True
        return any(left < edge - 0.5 and right > edge + 0.5 for edge in (area.left(), area.right()))

    def _band_title(self) -> tuple[str, QRectF] | None:
        """The band's title and its scene rectangle, kept readable in the visible part."""
        band = self._band
        if band is None or self._level2 is None:
            return None
        area = self.drawing_area().adjusted(style.VIEW_PAD, 0, -style.VIEW_PAD, 0)
        visible = self._viewport.visible_scene(area)
        return band_title(
            band, len(self._level2.tree), self._second_budget, visible.left(), visible.right()
        )

    def _header(self) -> tuple[float, QRectF]:
        """Height of the header strip and the caption's box in it: beside the buttons, or
        below them when the view is too narrow for both on one line."""
        controls = self._controls.size()
        key = (self.width(), controls.width(), controls.height())
        if self._header_cache is None or self._header_cache[0] != key:
            line = QFontMetricsF(style.font(self._overlay_px)).height() + 1
            box_height = style.CAPTION_LINES * line + 7
            margin = style.MARGIN
            width = self.width() - controls.width() - 3 * margin
            if width >= 220:
                box = QRectF(margin, margin, width, box_height)
            else:
                box = QRectF(
                    margin,
                    2 * margin + controls.height(),
                    max(self.width() - 2 * margin, 1.0),
                    box_height,
                )
            height = max(box.bottom(), margin + controls.height()) + margin / 2
            self._header_cache = (key, height, box)
        return self._header_cache[1], self._header_cache[2]

    def _legend_height(self, top: float) -> float:
        """Height of the legend strip below the drawing area (0 if hidden, or if the drawing
        area would be left too small: a narrow pane wraps the legend onto many rows, a path
        strip in large print takes the room)."""
        if not self._legend:
            return 0.0
        pixmap = self._legend_strip()
        height = pixmap.height() / pixmap.devicePixelRatio()
        room = self.height() - top
        rows = (LEGEND_ROWS * style.ROW + style.LABEL_ROOM) * style.FOLLOW_MIN_SCALE
        rows *= self._base_scale
        return height if room - height >= max(80.0, room * LEGEND_SHARE, rows) else 0.0

    def _legend_strip(self) -> QPixmap:
        """The key to the picture, drawn once per width and kind of search."""
        capabilities = self._search.capabilities if self._search is not None else None
        two_levels = capabilities is not None and capabilities.two_levels
        dag = draws_a_graph(self._search)
        key = (
            self.width(),
            two_levels,
            self.devicePixelRatioF(),
            self.effort_map.on,
            dag,
            self._base_scale,
        )
        if self._legend_cache is None or self._legend_cache[0] != key:
            self._legend_cache = (key, legend_pixmap(*key))
        return self._legend_cache[1]

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
            ("Fit", "Fit the drawn tree in view, as far as labels stay readable (F)", self.fit),
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
        actions = {
            "+": self.zoom_in,
            "=": self.zoom_in,
            "-": self.zoom_out,
            "0": self.reset_view,
            "f": self.fit,
            "m": lambda: self.set_follow(not self.follow),
            "l": lambda: self.set_legend_visible(not self._legend),
        }
        action = actions.get(event.text().lower())
        if action is None or event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier & ~(
            Qt.KeyboardModifier.ShiftModifier
        ):
            super().keyPressEvent(event)
            return
        action()
        event.accept()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """Keep the picture's horizontal centre and its top (relative to the drawing area)
        where they were, also across the first resize of a view set up before it was shown
        (Qt reports no old size then); when following, place the path anew for the new size
        (a view laid out small before it was shown, or squeezed by a dock, had to scroll or
        zoom out for room it now may have)."""
        super().resizeEvent(event)
        self._controls.adjustSize()
        margin = round(style.MARGIN)
        self._controls.move(self.width() - self._controls.width() - margin, margin)
        top = self.drawing_area().top()
        shift = QPointF((self.width() - self._placed[0]) / 2, top - self._placed[1])
        self._placed = (self.width(), top)
        self._viewport.shift(shift)
        if self.follow and self._level1 is not None:
            self._ensure_layout()
            self._follow_path_into_view(jump=True)
            self._show_whole()
        self._keep_asked_node()

    def _keep_asked_node(self) -> None:
        """The node a question asks for stays on screen whatever follow did (the cover's)."""
        if self._cover.in_view >= 0:
            self.show_node(1, self._cover.in_view, centre=False)

    def item_at(self, point: QPointF) -> int:
        """Index in `displayed_nodes()` of the item under a widget point, or -1 (also outside
        the drawing area, or a node left out at a side: nothing is drawn there)."""
        self._ensure_layout()
        if not self.drawing_area().contains(point):
            return -1
        scene = self._viewport.widget_to_scene(point)
        x, y = scene.x(), scene.y()
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
        if best >= 0 and self._cut_at_a_side(self._items[best], self.drawing_area()):
            return -1
        return best

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 (Qt's name)
        steps = event.angleDelta().y() / 120
        if steps:
            self._zoom_at(event.position(), style.ZOOM_STEP**steps)
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position()
            self._press_offset = QPointF(self._viewport.offset)
            self._dragging = False
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        position = event.position()
        if self._press is not None:
            moved = position - self._press
            if self._dragging or abs(moved.x()) + abs(moved.y()) > 4:
                if not self._dragging:
                    self.pause_follow()
                self._dragging = True
                self._viewport.pan_to(self._press_offset + moved)
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
        self.node_clicked.emit(item.level, item.node)

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
        """Everything about a node, in words (empty if its tree is gone)."""
        state = self._level(item.level)
        if state is None:
            return ""
        cover = self._cover
        return node_tooltip(item, state, explain=not (cover.hide_path or cover.numbers))


EVENT_DRAWERS: dict[type, Callable[[TreeView, Any], None]] = {
    SecondLevelStarted: TreeView._second_level_started,
    SecondLevelStepped: TreeView._second_level_stepped,
    SecondLevelEnded: TreeView._second_level_ended,
}
"""What the tree view does with a step's typed events, by event type (Pn²'s second level: where
it stands and what it keeps); an event of another type changes nothing here."""
