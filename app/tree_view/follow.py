"""Where the tree view should look: follow, reset and solved-line placement, as plain maths.

Offsets are widget pixels (where scene point (0, 0) appears), scales the zoom; nothing here
paints or moves the view, so the widget decides whether to glide or jump.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QFontMetricsF

from ...core.tree import ROOT
from . import style
from .items import DisplayedNode
from .layout import NODE
from .level import TreeLevel


def follow_path(
    first: TreeLevel | None,
    second: TreeLevel | None,
    second_root: int,
    items: list[DisplayedNode],
    index: dict[tuple[int, int], int],
) -> tuple[list[DisplayedNode], bool, bool]:
    """The drawn nodes follow keeps in view, from the root down: the most-proving path
    (through the first level into a running second level), or a solved root's main line;
    whether it ends at a most-proving node (whose children are coming); whether it is the
    main line of a solved root."""
    if first is None or not items:
        return [], False, False
    if second is not None and (2, ROOT) in index:
        keys = [(1, node) for node in first.tree.path_to(second_root)]
        keys += [(2, node) for node in second.path or second.line or [ROOT]]
        growing, solved = bool(second.path), False
    else:
        keys = [(1, node) for node in first.path or first.line or [ROOT]]
        growing, solved = bool(first.path), bool(first.line)
    path = []
    for key in keys:
        position = index.get(key)
        if position is None:
            break
        path.append(items[position])
    return path, growing, solved


def follow_target(
    path: list[DisplayedNode],
    growing: bool,
    solved: bool,
    area: QRectF,
    scale: float,
    current: QPointF,
    extent: QRectF,
    force: bool = False,
    chosen: float | None = None,
    played: int = -1,
    children: list[DisplayedNode] | None = None,
    refit: bool = False,
    base: float = 1.0,
    drawn: list[DisplayedNode] | None = None,
) -> tuple[QPointF, float]:
    """Where follow wants the view, and at what zoom, from the `current` offset (`path` is not
    empty).

    The whole path, the root at the top, when it fits: at the user's `chosen` zoom (default:
    the current one) if it can, else zoomed out just enough, never below `FOLLOW_MIN_SCALE`
    times the `base` zoom (labels stay readable; from the back of a room in projector mode),
    and back to `chosen` once the path fits there again. Else the
    most-proving node and the levels just above it. Unless `force`d, the view stays put while
    what it must show is inside the drawing area (the whole path when it fits, else the
    most-proving node, its parent and the row its children will fill), and a scroll leaves
    slack on the side the path is heading for, so stepping does not scroll every time. A
    solved root's main line is shown from the root down at the `chosen` zoom, zooming out (not below
    `SOLVED_MIN_SCALE`: labels stay readable) if it is too big; a line still too long shows
    its end (the mate) and as much above it as fits while nothing is pinned (`played` -1), and
    once the board plays the line, the `played` node (index in `path`) and as much below it as
    fits. The `children` the last expansion created (with the node it expanded) are kept in
    view beside the path as far as the room allows, the path first (after a whole iteration
    the update may have moved the most-proving node to another branch: the narration is about
    the children, the board shows the path's end). Across, the view also keeps every path node
    in the rows it shows and the column the edge into the first of them comes from
    (`rows_reach`), so the path reads as one line from the strip down, never off a side. A
    `refit` (the view was resized) zooms back in as far as the path allows. The view then
    shifts sideways, keeping what it must show, so that none of the `drawn` nodes is cut in
    half at the view's left or right edge (`snap_to_columns`): a view that stays put moves
    only for that.
    """
    below = style.CHILD_ROOM if growing else style.NODE / 2 + style.HALO + 2
    whole = path_box(path, below)
    fresh = children_box(children) if children and not solved else None
    shown = whole if fresh is None else whole.united(fresh)
    fitting = min(area.width() / shown.width(), area.height() / shown.height())
    if solved:
        fitting *= style.SOLVED_FIT_MARGIN
        least = style.SOLVED_MIN_SCALE * base
        wanted = min(scale if chosen is None else chosen, max(fitting, least))
        force = force or wanted != scale
        scale = wanted
    else:
        wanted = path_scale(fitting, scale, scale if chosen is None else chosen, refit, base)
        force = force or wanted != scale
        scale = wanted

    def fits(box: QRectF, height_share: float = 1.0) -> bool:
        return (
            box.width() * scale <= area.width() + 1e-6
            and box.height() * scale <= area.height() * height_share + 1e-6
        )

    if fits(whole):
        need = keep = whole
    elif solved:
        # Before the line is played (nothing pinned): its end, the mate, and as much above it
        # as fits; then the played node and as much below it as fits.
        start, end = (len(path) - 1, len(path)) if played < 0 else (played, played + 1)
        while end < len(path) and fits(path_box(path[start : end + 1], below)):
            end += 1
        while start > 0 and fits(path_box(path[start - 1 : end], below)):
            start -= 1
        need = keep = path_box(path[start:end], below)
    else:
        start = len(path) - 1
        while start > 0 and fits(path_box(path[start - 1 :], below), style.FOLLOW_TAIL):
            start -= 1
        need = path_box(path[start:], below)
        keep = path_box(path[max(start, len(path) - style.FOLLOW_KEEP) :], below)
    near = [path_box(path[-2:], below), path_box(path[-1:], below)]
    stay = not force and not solved
    home_y = area.top() - whole.top() * scale
    top, bottom = keep.top() * scale + current.y(), keep.bottom() * scale + current.y()
    held = need
    if stay and top >= area.top() and bottom <= area.bottom():
        y, held = current.y(), keep
    elif need is whole:
        y = home_y
    elif solved:
        y = area.top() - need.top() * scale
    else:
        slack = max(area.height() - need.height() * scale, 0.0)
        ahead = min(slack, style.FOLLOW_AHEAD * style.ROW * scale)
        if stay and top < area.top():
            y = area.top() + ahead - need.top() * scale
        else:
            y = area.bottom() - ahead - need.bottom() * scale
        y = min(snap_to_rows(y, need, area, scale), home_y)
    if fresh is not None:
        room = area.height() / scale
        rows = rows_with(fresh, [held], room)
        if rows is not None and not (
            stay and y == current.y() and rows_in_view(*rows, current.y(), area, scale)
        ):
            top, bottom = rows
            y = max(min(y, area.bottom() - bottom * scale), area.top() - top * scale)
            if need is not whole and not solved:  # no row cut in half under the strip
                shown = QRectF(0.0, top, 1.0, bottom - top)
                y = min(snap_to_rows(y, shown, area, scale), home_y)
    reach = rows_reach(path, y, area, scale)
    if reach is not None and reach.width() * scale <= area.width():
        need, keep = need.united(reach), keep.united(reach)
    across_need, across_keep = need, keep
    if fresh is not None:
        room = area.width() / scale
        across_need, across_keep = (widened(box, fresh, room) for box in (need, keep))
    want = extent if extent.width() * scale <= area.width() else across_keep
    left, right = want.left() * scale + current.x(), want.right() * scale + current.x()
    if not force and left >= area.left() and right <= area.right():
        x = current.x()
    else:
        x = centred_x(area, extent, across_need.left(), across_need.right(), scale)
    if drawn:
        # what the view holds of the path, with the most-proving node's parent (the row it was
        # chosen from) where it fits, else less of it, at least the most-proving node itself
        # (new children cut by the view's edge anyway may lose a column to a clean edge)
        cut = fresh is not None and across_need.width() < need.united(fresh).width() - 1e-6
        path_first = [keep.united(near[0]), keep, need, near[1]]
        needs = path_first if cut else [across_keep.united(near[0]), across_keep, across_need]
        needs = needs if cut else [*needs, near[1]]
        x = snap_to_columns(x, y, drawn, area, scale, needs)
    return QPointF(x, y), scale


def snap_to_columns(
    x: float, y: float, drawn: list[DisplayedNode], area: QRectF, scale: float, needs: list[QRectF]
) -> float:
    """Shift a horizontal offset by as little as can be so that no node drawn in the area's
    rows (at vertical offset `y`) straddles the left or right edge of the view (the area and
    its padding), each such node shown whole or hidden, while the columns of the first of
    `needs` inside the view at `x` stay inside; where no shift clears every row (a wide tree,
    rows out of step), the one that leaves the fewest nodes cut, which the view then leaves out
    (`TreeView._cut_at_a_side`); `x` itself if none cuts fewer (or none of `needs` is in
    view)."""
    rows = [item for item in drawn if area.top() <= item.y * scale + y <= area.bottom()]
    spans = [drawn_span(item) for item in rows]
    edges = (area.left() - style.VIEW_PAD, area.right() + style.VIEW_PAD)

    def cut(offset: float) -> int:
        return sum(
            1
            for left, right in spans
            for edge in edges
            if left * scale + offset < edge - 0.5 and right * scale + offset > edge + 0.5
        )

    def keeps(need: QRectF, offset: float) -> bool:
        return (
            need.left() * scale + offset >= edges[0] - 0.5
            and need.right() * scale + offset <= edges[1] + 0.5
        )

    least = cut(x)
    held = [need for need in needs if keeps(need, x)]
    if not least or not held:
        return x
    shifts: set[float] = set()
    for left, right in spans:
        for edge in edges:
            shifts.update((edge - left * scale - x, edge - right * scale - x))
    best = x
    for shift in sorted(shifts, key=abs):
        if keeps(held[0], x + shift):
            count = cut(x + shift)
            if count < least:
                best, least = x + shift, count
                if not count:
                    break
    return best


def drawn_span(item: DisplayedNode) -> tuple[float, float]:
    """The scene columns a drawn item covers: a node's shape with its numbers either side and
    its move label above, or a stub's box."""
    if item.kind != NODE:
        return item.x - style.STUB_WIDTH / 2, item.x + style.STUB_WIDTH / 2
    reach = style.NODE / 2 + style.NUMBER_GAP

    def advance(text: str) -> float:
        return QFontMetricsF(style.number_font(len(text), item.changed)).horizontalAdvance(text)

    label = QFontMetricsF(style.font(style.LABEL_PX)).horizontalAdvance(item.label) / 2
    left = max(reach + advance(item.proof_text), label)
    right = max(reach + advance(item.disproof_text), label)
    return item.x - left, item.x + right


def rows_reach(path: list[DisplayedNode], y: float, area: QRectF, scale: float) -> QRectF | None:
    """The columns (scene) the path takes in the rows `area` shows at vertical offset `y`: its
    nodes whose top reaches into the area, and where the edge into the first of them comes from
    (its parent's column, above the area): with these columns in view, every piece of the path
    drawn in the area is whole, its top running up to the path strip, never off a side; None
    when no path node reaches into the area."""
    first = next(
        (
            index
            for index, item in enumerate(path)
            if (item.y - style.NODE / 2) * scale + y >= area.top() - 0.5
        ),
        None,
    )
    if first is None:
        return None
    box = path_box(path[first:], style.NODE / 2)
    if first > 0:
        parent = path[first - 1].x
        box = box.united(QRectF(parent - style.NODE / 2, box.top(), style.NODE, box.height()))
    return box


def children_box(children: list[DisplayedNode]) -> QRectF:
    """Scene rectangle of a step's new children and the node they hang from (labels and
    numbers above, halos below)."""
    half = style.SLOT / 2
    left = min(item.x for item in children) - half
    right = max(item.x for item in children) + half
    top = min(item.y - room_above(item) for item in children)
    bottom = max(item.y for item in children) + style.NODE / 2 + style.HALO + 2
    return QRectF(left, top, right - left, bottom - top)


def rows_with(fresh: QRectF, boxes: list[QRectF], room: float) -> tuple[float, float] | None:
    """The scene rows (top, bottom) of `fresh` (a step's new children) together with the first
    of `boxes` (the path follow keeps) that fits `room` beside them, else None: the children
    the narration names stay on screen when the update moved the most-proving node to another
    branch, as long as the path stays too."""
    for box in boxes:
        top, bottom = min(fresh.top(), box.top()), max(fresh.bottom(), box.bottom())
        if bottom - top <= room:
            return top, bottom
    return None


def rows_in_view(top: float, bottom: float, y: float, area: QRectF, scale: float) -> bool:
    """Whether the scene rows from `top` to `bottom` are inside `area` at vertical offset `y`."""
    return top * scale + y >= area.top() - 1e-6 and bottom * scale + y <= area.bottom() + 1e-6


def widened(box: QRectF, other: QRectF, room: float) -> QRectF:
    """The columns of `box` and of `other` together, as far as `room` (scene pixels) allows:
    `box` (the new children and their parent) stays whole, `other` (the path above) is cut on
    its far side; a `box` wider than the room is cut instead, from `other`'s near edge on
    (the most-proving node among nine children wider than the view stays in it)."""
    left, right = min(box.left(), other.left()), max(box.right(), other.right())
    if right - left > room:
        if other.center().x() < box.center().x():
            left = max(left, box.right() - room)
            if box.width() > room:
                left = other.left()
                right = left + room
        else:
            right = min(right, box.left() + room)
            if box.width() > room:
                right = other.right()
                left = right - room
    return QRectF(left, 0.0, right - left, 1.0)


def path_scale(
    fitting: float, scale: float, chosen: float, refit: bool = False, base: float = 1.0
) -> float:
    """The zoom follow shows a growing path at: the `chosen` zoom when the path fits there
    (`fitting` is the largest zoom it fits at); else the current `scale` while it still fits;
    else just small enough, but not below `FOLLOW_MIN_SCALE` times the `base` zoom (nor above
    the current zoom). The zoom only steps down as the path grows, and snaps back once it is
    short again; after a resize (`refit`) it is the largest that fits, up to `chosen`."""
    least = style.FOLLOW_MIN_SCALE * base
    if fitting >= chosen:
        return chosen
    if refit:
        return max(fitting, least)
    if fitting >= scale:
        return scale
    return min(scale, max(fitting, least))


def snap_to_rows(y: float, need: QRectF, area: QRectF, scale: float) -> float:
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


def room_above(item: DisplayedNode) -> float:
    """Scene room a node needs above its centre: its move label, or just its halo."""
    return style.LABEL_ROOM if item.label else style.NODE / 2 + style.HALO + 4


def path_box(path: list[DisplayedNode], below: float) -> QRectF:
    """Scene rectangle a run of path nodes needs (numbers, labels, `below` the last)."""
    half = style.SLOT / 2
    left = min(item.x for item in path) - half
    right = max(item.x for item in path) + half
    top = min(item.y - room_above(item) for item in path)
    return QRectF(left, top, right - left, path[-1].y + below - top)


def centred_x(
    area: QRectF, extent: QRectF | None, left: float, right: float, scale: float
) -> float:
    """Horizontal offset that centres the drawn tree (`extent`) if it fits, else the scene
    range [left, right] without leaving empty room beside the tree."""
    if extent is None:
        return area.center().x() - (left + right) / 2 * scale
    if extent.width() * scale <= area.width():
        return area.center().x() - extent.center().x() * scale
    x = area.center().x() - (left + right) / 2 * scale
    return min(max(x, area.right() - extent.right() * scale), area.left() - extent.left() * scale)
