"""The property a class relies on: at every step, at every classroom size, plain and in projector
mode, the whole most-proving path from the root (into Pn²'s second level while one runs) is on
screen, legible and uncovered.

"On screen" is read against the engine's own path, not the view's: every node of
`tree.most_proving_path()` (and of the second-level search's) is either drawn whole inside the
tree's drawing area (shape, numbers and move label) at a zoom where its smallest text is at
least `READABLE_PX` (times projector mode's text scale), with no other drawn node overlapping
it, or summarised in the path strip above the drawing area, at the header's text size, inside
the view. The path reads as one line: the strip holds its top, the drawing area the rest,
and every edge of it drawn in the area stays inside the area's columns (the edge into the first
drawn node comes in from the top, under the strip's end). No node or stub is drawn cut in half
at a side. No dock covers the tree view. The runs: WAC.001 to its proof, WAC.096 for 200
iterations, Figure 3.1 continued to its end, and the Pn² classroom entry on WAC.001 stepped
into its second levels, at 1024×768, 1280×800 and 1600×1000.

To keep the time down, WAC.096's 200 iterations are checked after every iteration at 1024×768
and after every fourth at the larger sizes (the path is checked at the steps it is deepest at
1024, where room is scarcest); every other run is checked after every step.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, QRectF
from PySide6.QtWidgets import QDockWidget

from pn_explorer.app.problems.classroom import CLASSROOM_PN2
from pn_explorer.app.problems.search_setup import SearchParams
from pn_explorer.app.problems.sources import SUITE, TREE, TREE_FILES, Source
from pn_explorer.app.projector import TEXT_SCALE
from pn_explorer.app.tree_view import style
from pn_explorer.app.tree_view.follow import drawn_span, room_above
from pn_explorer.app.tree_view.items import DisplayedNode
from pn_explorer.app.tree_view.layout import NODE
from pn_explorer.app.tree_view.path_strip import inside, layout_chips
from pn_explorer.app.window import MainWindow
from tests.app.windows import shown_window

SIZES = [(1024, 768), (1280, 800), (1600, 1000)]
SMALLEST_TEXT_PX = min(style.LABEL_PX, style.NAME_PX, style.NUMBER_PX - 2)
"""The smallest text a drawn node has: a name, or a five-digit number."""

RUNS = {
    "WAC.001": (Source(SUITE, "wac-mates", "WAC.001"), SearchParams(), "iteration", 400, 1),
    "WAC.096": (Source(SUITE, "wac-mates", "WAC.096"), SearchParams(), "iteration", 200, 4),
    "figure-3-1": (
        Source(TREE, TREE_FILES["figure-3-1-continued"]),
        SearchParams(),
        "iteration",
        60,
        1,
    ),
    "Pn² classroom": (Source(SUITE, "wac-mates", "WAC.001"), CLASSROOM_PN2, "into", 90, 1),
}
"""Name: source, parameters, the step (an iteration, or F11 into Pn²'s second level), the most
steps, and every how many steps the larger sizes are checked."""


def settle(qtbot, window: MainWindow) -> None:
    qtbot.waitUntil(lambda: not window.driver.busy, timeout=30_000)


def engine_path(window: MainWindow) -> list[tuple[int, int]]:
    """(level, node) of the most-proving path as the engine has it: the first level's, and
    while a Pn² second level runs, the way to its root and its own path."""
    search = window.driver.search
    tree = search.tree
    inner = search.second_level
    root = search.second_level_root
    if inner is not None and root is not None and 0 <= root < len(tree):
        inner_path = inner.tree.most_proving_path()
        return [(1, node) for node in tree.path_to(root)] + [(2, node) for node in inner_path]
    return [(1, node) for node in tree.most_proving_path()]


def node_box(view, item) -> QRectF:
    """Widget rectangle of a drawn node: shape, numbers either side, move label above."""
    scale, offset = view._viewport.scale, view._viewport.offset
    left, right = drawn_span(item)
    top, bottom = item.y - room_above(item), item.y + style.NODE / 2
    return QRectF(
        left * scale + offset.x(),
        top * scale + offset.y(),
        (right - left) * scale,
        (bottom - top) * scale,
    )


def problems(window: MainWindow, base: float) -> list[str]:
    """What breaks the property now (empty: it holds)."""
    view = window.tree_view
    nodes = view.displayed_nodes()
    drawn = {(item.level, item.node): item for item in nodes if item.kind == NODE}
    chips = view.path_strip()
    strip = {(chip.item.level, chip.item.node): chip for chip in chips if chip.item.node >= 0}
    area = view.drawing_area()
    scale = view._viewport.scale
    found: list[str] = []
    least = style.READABLE_PX * base - 0.05
    for key in engine_path(window):
        chip = strip.get(key)
        if chip is not None:
            if not QRectF(view.rect()).contains(chip.rect):
                found.append(f"{key} in the strip, outside the view")
            if view._overlay_px < least:
                found.append(f"{key} in the strip at {view._overlay_px:.1f} px")
            continue
        item = drawn.get(key)
        if item is None:
            found.append(f"{key} not drawn")
            continue
        if not inside(item, area, scale, view._viewport.offset):
            found.append(f"{key} not whole in the drawing area")
        if SMALLEST_TEXT_PX * scale < least:
            found.append(f"{key} drawn at {SMALLEST_TEXT_PX * scale:.1f} px")
        box = node_box(view, item).adjusted(1, 1, -1, -1)
        for other in nodes:
            if other is item or other.kind != NODE or abs(other.y - item.y) > 1:
                continue
            if node_box(view, other).intersects(box):
                found.append(f"{key} overlapped by {other.level}:{other.node}")
    found += broken_path_edges(view, engine_path(window), drawn, strip, area)
    found += cut_at_a_side(view, nodes, area)
    for one, two in zip(chips, chips[1:], strict=False):
        if one.rect.intersects(two.rect):
            found.append("two chips of the strip overlap")
    tree_rect = QRect(view.mapTo(window, view.rect().topLeft()), view.size())
    for dock in window.findChildren(QDockWidget):
        if dock.isVisible() and not dock.isFloating() and dock.geometry().intersects(tree_rect):
            found.append(f"the {dock.objectName()} dock covers the tree")
    if not view.isVisible():
        found.append("the tree view is hidden")
    return found


def broken_path_edges(
    view, path: list[tuple[int, int]], drawn: dict, strip: dict, area: QRectF
) -> list[str]:
    """Where the path as drawn does not read as one line from the strip down: a strip node
    after a drawn one, or an edge into a drawn node whose piece inside the drawing area's rows
    runs off its left or right side (it must come in from the top, under the strip's end)."""
    found: list[str] = []
    seen_drawn = False
    for parent_key, child_key in zip(path, path[1:], strict=False):
        if child_key in strip:
            if seen_drawn:
                found.append(f"{child_key} in the strip below a drawn path node")
            continue
        seen_drawn = True
        parent, child = drawn.get(parent_key), drawn.get(child_key)
        if parent is None or child is None:
            continue  # "not drawn" is reported with the nodes
        start = view.scene_to_widget(parent.x, parent.y + style.NODE / 2)
        end = view.scene_to_widget(child.x, child.y - style.NODE / 2)
        if start.y() < area.top() < end.y():
            share = (area.top() - start.y()) / (end.y() - start.y())
            start = start + (end - start) * share
        for point in (start, end):
            if not area.left() - 0.5 <= point.x() <= area.right() + 0.5:
                found.append(f"the edge {parent_key} → {child_key} runs off a side")
                break
    return found


def cut_at_a_side(view, nodes: list[DisplayedNode], area: QRectF) -> list[str]:
    """Nodes and stubs the view paints cut in half by the drawing area's left or right edge
    (the view leaves such an item out, its edge running off the side)."""
    scale, offset = view._viewport.scale, view._viewport.offset
    rows = (area.top() - offset.y()) / scale, (area.bottom() - offset.y()) / scale
    found = []
    for item in nodes:
        if not rows[0] <= item.y <= rows[1] or view._cut_at_a_side(item, area):
            continue
        left, right = (edge * scale + offset.x() for edge in drawn_span(item))
        if any(left < edge - 0.5 and right > edge + 0.5 for edge in (area.left(), area.right())):
            found.append(f"{item.kind} {item.level}:{item.node} cut at a side")
    return found


@pytest.mark.parametrize("projector", [False, True], ids=["plain", "projector"])
@pytest.mark.parametrize("size", SIZES, ids=["1024x768", "1280x800", "1600x1000"])
@pytest.mark.parametrize("run", list(RUNS))
def test_the_whole_most_proving_path_is_on_screen_legible_and_uncovered_at_every_step(
    qtbot, run, size, projector
):
    source, params, unit, most, every = RUNS[run]
    if size == SIZES[0]:
        every = 1
    window = shown_window(qtbot, size, animated=False, source=source, params=params)
    if projector:
        window.projector.set_on(True)
        qtbot.wait(20)
    base = TEXT_SCALE if projector else 1.0
    step = window.controls.step_into if unit == "into" else window.controls.step_iteration
    checked = 0
    for number in range(1, most + 1):
        if window.driver.outcome is not None:
            break
        step()
        settle(qtbot, window)
        if number % every:
            continue
        found = problems(window, base)
        assert not found, f"{run} at {size}, step {number}: {found[:4]}"
        checked += 1
    assert checked
    if run in ("WAC.001", "figure-3-1"):
        assert window.driver.outcome is not None  # driven to the end
    if run == "Pn² classroom":
        assert window.driver.search.second_level_searches  # through second levels


def test_a_path_too_long_for_the_strip_keeps_its_root_and_its_end(qapp):
    path = [
        DisplayedNode(
            1,
            node,
            NODE,
            0.0,
            0.0,
            node - 1,
            proof_text="2",
            disproof_text="35",
            label=f"Qg{node % 8}+" if node else "",
        )
        for node in range(10_000)
    ]
    chips, lines = layout_chips(path, 600, 16.0, 2)
    assert lines == 2
    assert chips[0].text == "root" and chips[-1].item is path[-1]
    assert chips[1].item.node < 0 and chips[1].text == f"… {10_000 - len(chips) + 1} more"
    for one, two in zip(chips, chips[1:], strict=False):
        assert not one.rect.intersects(two.rect)
    assert all(chip.rect.left() >= 0 and chip.rect.right() <= 600 for chip in chips)


@pytest.mark.parametrize("projector", [False, True], ids=["plain", "projector"])
def test_fit_stops_where_labels_stay_readable_and_keeps_the_path(qtbot, projector):
    """Fit on a tree too big for the view at 1024×768 (WAC.096 after 60 iterations) zooms out
    only to follow's floor (it used to make the labels about 6 pixels tall); the path stays
    on screen."""
    source, params, *_ = RUNS["WAC.096"]
    window = shown_window(qtbot, SIZES[0], animated=False, source=source, params=params)
    if projector:
        window.projector.set_on(True)
        qtbot.wait(20)
    for _ in range(60):
        window.controls.step_iteration()
        settle(qtbot, window)
    view = window.tree_view
    base = TEXT_SCALE if projector else 1.0
    view.fit()
    qtbot.wait(20)
    assert view._viewport.scale == pytest.approx(style.FOLLOW_MIN_SCALE * base)
    assert view._extent.width() * view._viewport.scale > view.drawing_area().width()  # too big
    assert not problems(window, base)
