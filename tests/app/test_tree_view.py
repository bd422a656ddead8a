"""The tree view draws what the engine holds: numbers, most-proving path, step marks, stubs, Pn²."""

import pytest
from helpers import wac
from PySide6.QtCore import QPoint, QPointF, Qt

from pn_explorer.app.tree_view import style
from pn_explorer.app.tree_view.follow import drawn_span
from pn_explorer.app.tree_view.layout import FOLD, NODE
from pn_explorer.app.tree_view.path_strip import inside
from pn_explorer.app.tree_view.style import FOLLOW_MIN_SCALE
from pn_explorer.app.tree_view.view import PAUSED_NOTE, TreeView
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.explicit_tree import AndOrTree, ExplicitTreeGame
from pn_explorer.core.games.suites import BUILTIN_TREES
from pn_explorer.core.search.events import SecondLevelEnded, SecondLevelStarted, SecondLevelStepped
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.pn2 import ONE, Pn2Search
from pn_explorer.core.search.registry import Capabilities
from pn_explorer.core.search.snapshot import snapshot_search
from pn_explorer.core.search.types import Limits, Phase, StepReport
from pn_explorer.core.tree import ROOT
from pn_explorer.core.values import format_number


@pytest.fixture
def view(qtbot):
    widget = TreeView()
    qtbot.addWidget(widget)
    widget.resize(1000, 700)
    widget.set_follow(False)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def chess_search(position: str = "WAC.001") -> ProofNumberSearch:
    return ProofNumberSearch(ChessGame(wac(position).board), Limits(max_nodes=200_000))


def drawn(view, level=1):
    return [item for item in view.displayed_nodes() if item.kind == NODE and item.level == level]


def engine_path(tree):
    """Figure 3.4's path as the engine's tree walks it (it ends at a node awaiting its update)."""
    return tree.most_proving_path()


def assert_matches_engine(view, tree, report, level=1):
    nodes = drawn(view, level)
    assert nodes, "nothing drawn"
    for item in nodes:
        assert (item.proof, item.disproof) == tree.numbers(item.node)
        assert item.proof_text == format_number(tree.proof[item.node])
        assert item.disproof_text == format_number(tree.disproof[item.node])
        assert item.is_or == tree.is_or(item.node)
    assert [item.node for item in nodes if item.highlighted] == engine_path(tree)
    assert {item.node for item in nodes if item.changed} == {c.node for c in report.changed}
    new = {child for child, _, _ in report.new_children}
    shown_new = {item.node for item in nodes if item.new}
    assert shown_new == new & {item.node for item in nodes}
    if new and len(shown_new) < len(new):
        parent = tree.parent[next(iter(new))]
        stub = [
            s
            for s in view.displayed_nodes()
            if s.kind != NODE and s.node == parent and s.level == level
        ]
        assert stub and stub[0].hidden_children == len(new) - len(shown_new)


def point(view, item) -> QPoint:
    return view.scene_to_widget(item.x, item.y).toPoint()


def test_stepping_the_small_tree_phase_by_phase_draws_the_engines_state(view):
    search = ProofNumberSearch(
        ExplicitTreeGame(AndOrTree.from_file(BUILTIN_TREES["small-proof"])), initialisation="unit"
    )
    view.set_search(search)
    steps = 0
    while search.outcome is None:
        report = search.step_phase()
        view.apply_report(report)
        view.refresh()
        assert_matches_engine(view, search.tree, report)
        if report.path:
            selected = [item.node for item in drawn(view) if item.selected]
            assert selected == [report.path[-1]]
        steps += 1
    assert steps == 3 * search.iterations and search.tree.proof[ROOT] == 0
    assert len(drawn(view)) == len(search.tree)
    root = drawn(view)[0]
    assert (root.proof_text, root.disproof_text) == ("0", "∞")


def test_stepping_a_chess_position_draws_the_engines_state_and_san_labels(view):
    search = chess_search()
    view.set_search(search)
    for _ in range(45):
        report = search.step_phase()
        view.apply_report(report)
        view.refresh()
        assert_matches_engine(view, search.tree, report)
    assert len(drawn(view)) < len(search.tree)
    for item in drawn(view):
        if item.node != ROOT:
            assert item.label == search.game.san_line(search.tree.moves_to(item.node))[-1]


def test_figure_3_1_shows_the_papers_numbers_and_path(view):
    file_tree = AndOrTree.from_file(BUILTIN_TREES["figure-3-1"])
    view.set_search(snapshot_search(file_tree))
    view.refresh()
    shown = {item.name: (item.proof_text, item.disproof_text) for item in drawn(view)}
    assert shown["A"] == ("1", "3")
    assert shown["B"] == ("2", "1") and shown["C"] == ("1", "2") and shown["D"] == ("∞", "0")
    assert shown["G"] == ("1", "1") and shown["H"] == ("2", "1") and shown["J"] == ("∞", "0")
    assert shown["K"] == ("0", "∞") and shown["O"] == ("∞", "0") and shown["L"] == ("1", "1")
    assert len(shown) == 16
    assert [item.name for item in drawn(view) if item.highlighted] == ["A", "C", "G", "L"]
    a, c = drawn(view)[0], next(item for item in drawn(view) if item.name == "C")
    assert a.is_or and c.is_or and not next(i for i in drawn(view) if i.name == "B").is_or
    assert a.y < c.y


def test_stubs_unfold_on_click_and_fold_again_on_double_click(view, qtbot):
    search = chess_search()
    for _ in range(40):
        search.step_iteration()
    view.set_search(search)
    view.refresh()
    stub = next(item for item in view.displayed_nodes() if item.kind == FOLD)
    assert stub.hidden_nodes == search.tree.subtree_size(stub.node) - 1
    view.fit()
    view.reset_view()
    qtbot.mouseMove(view, point(view, stub))
    assert view.displayed_nodes()[view.item_at(view.scene_to_widget(stub.x, stub.y))] == stub
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=point(view, stub))
    after = {item.node for item in drawn(view)}
    assert set(search.tree.children(stub.node)) <= after
    assert not any(item.kind != NODE and item.node == stub.node for item in view.displayed_nodes())
    node = next(item for item in drawn(view) if item.node == stub.node)
    assert view.show_node(1, node.node)
    assert view.drawing_area().contains(point(view, node))
    qtbot.mouseDClick(view, Qt.MouseButton.LeftButton, pos=point(view, node))
    assert not set(search.tree.children(stub.node)) & {item.node for item in drawn(view)}
    folds = [item for item in view.displayed_nodes() if item.kind == FOLD]
    assert any(item.node == stub.node for item in folds)
    view.expand_stub(stub.node)
    assert set(search.tree.children(stub.node)) <= {item.node for item in drawn(view)}
    view.collapse(ROOT)
    assert [item.kind for item in view.displayed_nodes()] == [NODE, FOLD]


def test_clicking_and_hovering_focus_nodes(view, qtbot):
    search = chess_search()
    for _ in range(10):
        search.step_iteration()
    view.set_search(search)
    view.refresh()
    target = drawn(view)[2]
    with qtbot.waitSignal(view.node_focused) as signal:
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=point(view, target))
    assert signal.args == [1, target.node]
    assert view.focused == (1, target.node)
    other = drawn(view)[1]
    with qtbot.waitSignal(view.node_focused) as signal:
        qtbot.mouseMove(view, point(view, other))
    assert signal.args == [1, other.node]
    with qtbot.waitSignal(view.focus_released):
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=QPoint(5, view.height() // 2))
    assert view.focused is None
    view.set_focused(1, target.node)
    assert view.focused == (1, target.node)
    view.set_focused(1, -1)
    assert view.focused is None


def test_follow_keeps_the_most_proving_node_in_view_and_a_drag_pauses_it(view, qtbot):
    """A drag pauses follow and says so in the header; follow stays the user's choice (no
    `follow_changed`) and M resumes it. After an iteration the children it created are in
    view; after a selection, the node selected."""
    search = chess_search()
    view.set_search(search)
    view.set_follow(True)
    for _ in range(6):
        for _ in range(8):
            report = search.step_iteration()
            view.apply_report(report)
        view.refresh()
        new = {child for child, _, _ in report.new_children}
        fresh = [item for item in drawn(view) if item.node in new]
        assert path_on_screen(view, search.tree.most_proving_path())
        leaf = [item for item in drawn(view) if item.highlighted][-1]
        xs = [point(view, item).x() for item in [*fresh, leaf]]
        if max(xs) - min(xs) < view.drawing_area().width() - 120:
            assert fresh and all(view.rect().contains(point(view, item)) for item in fresh)
        report = search.step_phase()
        assert report.phases == [Phase.SELECT]
        view.apply_report(report)
        view.refresh()
        target = search.tree.most_proving_path()[-1]
        leaf = next(item for item in drawn(view) if item.node == target)
        assert view.rect().contains(point(view, leaf))
    start = QPoint(view.width() // 2, view.height() - 30)
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=start)
    with qtbot.assertNotEmitted(view.follow_changed):
        with qtbot.waitSignal(view.follow_paused_changed) as signal:
            qtbot.mouseMove(view, start + QPoint(120, -60))
        qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=start + QPoint(120, -60))
    assert signal.args == [True] and not view.follow and view.follow_paused
    assert PAUSED_NOTE in view.caption_lines()[0]
    qtbot.keyClick(view, "m")
    assert view.follow and not view.follow_paused
    assert PAUSED_NOTE not in view.caption_lines()[0]


def assert_whole_and_legible(view: TreeView) -> None:
    """Every drawn node whole inside the drawing area (shape, numbers, move label; a stub's
    box), its smallest text at least `READABLE_PX` on screen."""
    area, scale, offset = view.drawing_area(), view._viewport.scale, view._viewport.offset
    nodes = view.displayed_nodes()
    assert nodes
    for item in nodes:
        if item.kind == NODE:
            assert inside(item, area, scale, offset), item
        else:
            box = view.scene_to_widget(item.x, item.y)
            half_width, half_height = style.STUB_WIDTH / 2 * scale, style.STUB_HEIGHT / 2 * scale
            assert area.left() <= box.x() - half_width and box.x() + half_width <= area.right()
            assert area.top() <= box.y() - half_height and box.y() + half_height <= area.bottom()
    smallest = min(style.LABEL_PX, style.NAME_PX, style.NUMBER_PX - 2)
    assert smallest * scale >= style.READABLE_PX - 1e-6


def test_zoom_and_fit(view, qtbot):
    search = chess_search()
    for _ in range(30):
        search.step_iteration()
    view.set_search(search)
    view.refresh()
    a, b = drawn(view)[:2]
    distance = lambda: (point(view, a) - point(view, b)).manhattanLength()  # noqa: E731
    before = distance()
    view.zoom_in()
    assert distance() > before
    view.zoom_out()
    view.zoom_out()
    assert distance() < before
    view.fit()
    assert_whole_and_legible(view)
    fitted = distance()
    qtbot.keyClick(view, "+")
    assert distance() > fitted
    qtbot.keyClick(view, "m")
    assert view.follow
    qtbot.keyClick(view, "0")
    assert distance() == before


def test_fit_on_a_tree_too_big_to_read_whole_stops_at_the_readable_zoom(view, qtbot):
    """On a pane the size a 1024×768 window leaves the tree, WAC.001's tree after 30 iterations
    is too wide to fit at a readable zoom: Fit zooms out to the floor (not to where labels are
    a few pixels tall) and shows the tree from its root, every node it shows whole is legible."""
    search = chess_search()
    for _ in range(30):
        search.step_iteration()
    view.resize(600, 330)
    view.set_search(search)
    view.refresh()
    view.fit()
    qtbot.wait(20)
    area, scale, offset = view.drawing_area(), view._viewport.scale, view._viewport.offset
    assert view._extent.width() * FOLLOW_MIN_SCALE > area.width()  # too big to read whole
    assert scale == pytest.approx(FOLLOW_MIN_SCALE)
    root = view.displayed_nodes()[0]
    assert root.node == ROOT and inside(root, area, scale, offset)


class FakePn2:
    """Pn²'s interface as the view reads it: a first-level tree, a live second level, its root."""

    capabilities = Capabilities(two_levels=True)

    def __init__(self, first: ProofNumberSearch) -> None:
        self.tree = first.tree
        self.drawn_tree = first.tree
        self.game = first.game
        self.second_level = None
        self.second_level_root = None


def fake_second_level(view):
    """A PN search with a second-level search hung under its most-proving node, shown in `view`:
    (first level, the fake Pn² object, the second-level search, the node it evaluates)."""
    first = chess_search()
    for _ in range(15):
        first.step_iteration()
    fake = FakePn2(first)
    view.set_search(fake)
    anchor = first.tree.most_proving_path()[-1]
    second = ProofNumberSearch(
        ChessGame(first.game.board_after(first.tree.moves_to(anchor))), Limits(max_nodes=5000)
    )
    fake.second_level, fake.second_level_root = second, anchor
    return first, fake, second, anchor


def second_level_events(anchor: int, started: bool, inner: StepReport) -> list:
    """What Pn² reports for one step inside its second level (started with it, or not)."""
    stepped = SecondLevelStepped(anchor, inner)
    return [SecondLevelStarted(anchor, 5000), stepped] if started else [stepped]


def test_a_fake_second_level_is_drawn_below_its_node_then_discarded(view, qtbot):
    first, fake, second, anchor = fake_second_level(view)
    for step in range(24):
        inner = second.step_phase()
        view.apply_report(StepReport(events=second_level_events(anchor, step == 0, inner)))
        view.refresh()
        assert_matches_engine(view, second.tree, inner, level=2)
        assert_matches_engine(view, first.tree, StepReport(), level=1)
    top = next(item for item in view.displayed_nodes() if item.level == 2)
    assert top.node == ROOT and view.displayed_nodes()[top.parent].node == anchor
    deepest = max(drawn(view, 2), key=lambda item: item.y)
    assert view.show_node(2, deepest.node)
    assert view.rect().contains(point(view, deepest))
    with qtbot.waitSignal(view.node_focused) as signal:
        qtbot.mouseMove(view, point(view, deepest))
    assert signal.args == [2, deepest.node]
    board = first.game.board_after(first.tree.moves_to(anchor))
    for item in drawn(view, 2):
        if item.node != ROOT:
            line = second.game.san_line(second.tree.moves_to(item.node))
            assert item.label == line[-1]
    assert board.fen() == second.game.root_board.fen()
    size = len(second.tree)
    fake.second_level, fake.second_level_root = None, None
    view.apply_report(
        StepReport(
            phases=[Phase.EXPAND],
            events=[SecondLevelEnded(anchor, 5000, None, size, discarded=size - 1)],
        )
    )
    view.refresh()
    assert not any(item.level == 2 for item in view.displayed_nodes())
    assert f"discarded {size - 1:,} nodes" in view.discard_note
    view.apply_report(first.step_phase())
    assert view.discard_note == ""


def test_a_real_pn2_search_shows_its_second_level_while_it_runs(view):
    search = Pn2Search(ChessGame(wac("WAC.001").board), Limits(max_nodes=200_000), fraction=ONE)
    view.set_search(search)
    while len(search.tree) < 150:
        view.apply_report(search.step_over())
    while search.next_phase is not Phase.EXPAND:
        view.apply_report(search.step_phase())
    saw_second_level = False
    for _ in range(60):
        report = search.step_into()
        view.apply_report(report)
        view.refresh()
        live = search.second_level
        level2 = drawn(view, 2)
        if live is None:
            assert not level2
            break
        saw_second_level = True
        assert_matches_engine(view, live.tree, report.last(SecondLevelStepped).inner, level=2)
        top = next(item for item in view.displayed_nodes() if item.level == 2)
        assert view.displayed_nodes()[top.parent].node == search.second_level_root
    assert saw_second_level
    ended = report.last(SecondLevelEnded)
    assert search.second_level is None and ended is not None
    kept = ended.kept
    assert {item.node for item in drawn(view) if item.new} == set(kept) & {
        item.node for item in drawn(view)
    }
    assert "discarded" in view.discard_note


def test_clear_marks_and_an_empty_view(view):
    search = chess_search()
    view.set_search(search)
    view.apply_report(search.step_iteration())
    view.refresh()
    assert any(item.changed or item.new for item in drawn(view))
    view.clear_marks()
    assert not any(item.changed or item.new or item.selected for item in drawn(view))
    view.set_search(None)
    view.refresh()
    assert view.displayed_nodes() == []
    view.grab()


# -- placement: follow, the header and the legend strip ------------------------------------------


def cut_at_edges(view, offset: QPointF | None = None) -> int:
    """How many nodes drawn in the view's rows straddle its left or right edge (with the
    picture moved by `offset`)."""
    offset = offset or QPointF()
    area = view.drawing_area()
    count = 0
    for item in view.displayed_nodes():
        centre = view.scene_to_widget(item.x, item.y) + offset
        if not area.top() <= centre.y() <= area.bottom():
            continue
        first, last = (view.scene_to_widget(x, item.y).x() + offset.x() for x in drawn_span(item))
        count += sum(first < edge - 0.5 and last > edge + 0.5 for edge in (0.0, view.width()))
    return count


def widget_point(view, item):
    return view.scene_to_widget(item.x, item.y)


def in_area(view, item) -> bool:
    return view.drawing_area().contains(widget_point(view, item))


def follow_view(view, search):
    view.set_search(search)
    view.set_follow(True)
    view.refresh()


def test_the_drawing_area_lies_between_the_caption_and_the_legend_strip(view, qtbot):
    view.set_search(chess_search())
    view.apply_report(view._search.step_iteration())
    area = view.drawing_area()
    assert area.top() > 40 and area.bottom() < view.height() - 20
    assert area.left() == 0 and area.width() == view.width()
    qtbot.keyClick(view, "l")
    assert view.drawing_area().bottom() == view.height()
    assert view.drawing_area().top() == area.top()
    qtbot.keyClick(view, "l")
    assert view.drawing_area() == area
    # Nothing is drawn or clickable outside it.
    assert view.item_at(view.scene_to_widget(0, -500)) == -1


def test_nodes_dragged_under_the_legend_and_the_caption_never_hide_them(view, qtbot):
    search = chess_search()
    for _ in range(30):
        search.step_iteration()
    view.set_search(search)
    view.refresh()
    area = view.drawing_area()
    legend = view.rect().adjusted(0, int(area.bottom()) + 1, 0, 0)
    header = view.rect().adjusted(0, 0, 0, int(area.top()) - view.height() - 1)
    before = view.grab()
    root = drawn(view)[0]
    start = point(view, root)
    for target in (QPoint(start.x(), view.height() - 12), QPoint(start.x(), 20)):
        # Drag the tree so the root (and the levels below it) sit under the legend, then under
        # the caption: those strips look exactly as they did, the nodes are clipped away.
        origin = point(view, root)
        qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=origin)
        qtbot.mouseMove(view, origin + (target - origin) / 2)
        qtbot.mouseMove(view, target)
        qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=target)
        assert point(view, root) == target
        after = view.grab()
        assert after.copy(legend).toImage() == before.copy(legend).toImage()
        assert after.copy(header).toImage() == before.copy(header).toImage()
        assert view.item_at(widget_point(view, root)) == -1


def test_follow_shows_the_whole_path_with_the_root_at_the_top_and_never_moves_needlessly(view):
    search = ProofNumberSearch(
        ExplicitTreeGame(AndOrTree.from_file(BUILTIN_TREES["small-proof"])), initialisation="unit"
    )
    follow_view(view, search)
    area = view.drawing_area()
    root_at = None
    while search.outcome is None:
        view.apply_report(search.step_phase())
        view.refresh()
        root = drawn(view)[0]
        assert area.top() < widget_point(view, root).y() < area.top() + 60
        assert all(in_area(view, item) for item in drawn(view) if item.highlighted)
        # The whole small tree fits: once placed, the view does not move at all.
        root_at = root_at or widget_point(view, root)
        assert widget_point(view, root) == root_at
    assert all(in_area(view, item) for item in view.displayed_nodes())


def path_on_screen(view: TreeView, path: list[int]) -> bool:
    """Every node of the first level's most-proving `path` is drawn whole in the drawing area
    or summarised in the path strip above it."""
    strip = {chip.item.node for chip in view.path_strip() if chip.item.level == 1}
    area = view.drawing_area()
    drawn_path = {item.node: item for item in drawn(view) if item.highlighted}
    return all(
        node in strip
        or (
            node in drawn_path
            and inside(drawn_path[node], area, view._viewport.scale, view._viewport.offset)
        )
        for node in path
    )


def path_leaf(view: TreeView):
    """The most-proving node as drawn."""
    return [item for item in drawn(view) if item.highlighted][-1]


def test_follow_keeps_a_deep_most_proving_node_its_parent_and_its_children_in_view(view):
    """Also the children the step just created (as many as the width holds): the narration
    names them."""
    search = chess_search("WAC.014")
    follow_view(view, search)
    area = view.drawing_area()
    comfortable = area.adjusted(50, 40, -50, -30)
    moves = frames = 0
    zooms = []
    for _ in range(120):
        before = view.scene_to_widget(0, 0)
        scale = view._viewport.scale
        report = search.step_iteration()
        view.apply_report(report)
        view.refresh()
        frames += 1
        new = {child for child, _, _ in report.new_children}
        expanded = report.path[-1]
        fresh = [widget_point(view, i) for i in drawn(view) if i.node in new or i.node == expanded]
        on_path = expanded in search.tree.most_proving_path()
        path = [item for item in drawn(view) if item.highlighted]
        assert [item.node for item in path] == search.tree.most_proving_path()
        assert path_on_screen(view, search.tree.most_proving_path())
        strip = {chip.item.node for chip in view.path_strip()}
        scene_path = [widget_point(view, item) for item in path if item.node not in strip]
        across = [point.x() for point in [*fresh, *scene_path]]
        down = [point.y() for point in [*fresh, *scene_path]]
        if max(across) - min(across) < area.width() - 120 and max(down) - min(down) < (
            area.height() - 120
        ):
            # The expanded node and its children, which the narration names, are in view, also
            # when the update moved the most-proving node to another branch, where they fit
            # beside the path.
            assert all(area.contains(point) for point in fresh)
        leaf, parent = path[-1], path[-2]
        below = view.scene_to_widget(leaf.x, leaf.y + 82)
        must = [widget_point(view, leaf), below]
        if abs(parent.x - leaf.x) < area.width() - 120:
            must.append(widget_point(view, parent))
        if all(in_area(view, item) for item in path):
            must.append(widget_point(view, path[0]))
        both = [*fresh, *must]
        xs, ys = [point.x() for point in both], [point.y() for point in both]
        fits = max(xs) - min(xs) < area.width() - 120 and max(ys) - min(ys) < area.height() - 120
        if on_path or fits:
            assert all(area.contains(point) for point in must)
        if view._viewport.scale != scale:
            # Follow zoomed out to keep the whole path in view (down to a readable zoom only),
            # or back to the chosen zoom 1 once the path fits there again.
            zooms.append(view._viewport.scale)
            assert zooms[-1] == 1.0 or FOLLOW_MIN_SCALE <= zooms[-1] < scale
            assert all(in_area(view, item) for item in path) or zooms[-1] == FOLLOW_MIN_SCALE
            continue
        # The view moved only if the old placement had lost one of those, or sideways to
        # centre the drawn tree once it is narrow enough to fit across, or to show whole or
        # hide nodes the old placement cut at the view's left or right edge.
        shift = view.scene_to_widget(0, 0) - before
        if shift.manhattanLength() > 0.5:
            moves += 1
            across = [widget_point(view, item).x() for item in view.displayed_nodes()]
            assert (
                not all(comfortable.contains(point - shift) for point in must)
                or not all(comfortable.contains(point - shift) for point in fresh)
                or (shift.y() == 0 and area.left() <= min(across) <= max(across) <= area.right())
                or (shift.y() == 0 and cut_at_edges(view, -shift) > cut_at_edges(view))
            )
    assert 0 < moves < frames
    assert FOLLOW_MIN_SCALE in zooms


def test_a_node_the_right_edge_would_cut_in_half_is_left_out_while_following(view, qtbot):
    """Where no sideways shift clears every row in view, a node the edge would cut in half is
    not drawn (its edge runs off the side) and cannot be clicked; with Follow off, a moved view
    shows it cut as it slides past."""
    search = chess_search()
    for _ in range(12):
        search.step_iteration()
    follow_view(view, search)
    area = view.drawing_area()
    scale = view._viewport.scale
    lower = [item for item in drawn(view) if widget_point(view, item).y() > area.top() + 40]
    item = next(item for item in lower if widget_point(view, item).y() < area.bottom())
    left, _ = drawn_span(item)
    # Move the picture so the node's centre sits 6 px inside the right edge: its right half out.
    offset = view._viewport.offset + QPointF(area.right() - 6 - widget_point(view, item).x(), 0)
    view._viewport.set_view(scale, offset)
    centre = widget_point(view, item)
    assert view.scene_to_widget(left, item.y).x() < area.right() - 0.5

    def edge_column_is_background() -> bool:
        image = view.grab().toImage()
        # the node's middle rows: its edges in and out end at its top and bottom
        band = range(int(centre.y() - 6 * scale), int(centre.y() + 6 * scale))
        return all(image.pixelColor(int(area.right()) - 2, y) == style.BACKGROUND for y in band)

    assert edge_column_is_background()
    assert view.item_at(centre - QPointF(4, 0)) == -1
    view.set_follow(False)
    view._viewport.set_view(scale, offset)
    assert not edge_column_is_background()
    assert view.displayed_nodes()[view.item_at(centre - QPointF(4, 0))] == item


def test_a_solved_root_is_shown_at_the_top_with_its_main_line(view):
    search = chess_search()
    follow_view(view, search)
    while search.outcome is None:
        view.apply_report(search.step_iteration())
        view.refresh()
    assert search.tree.proof[ROOT] == 0
    view.reset_view()  # what the window does when a search ends
    view.refresh()
    area = view.drawing_area()
    line = [item for item in drawn(view) if item.in_solution]
    assert line[0].node == ROOT and len(line) >= 3
    assert all(in_area(view, item) for item in line)
    assert widget_point(view, line[0]).y() < area.top() + 60


def test_the_caption_wraps_instead_of_cutting_the_step_short(view):
    search = chess_search()
    view.set_search(search)
    while search.outcome is None:
        report = search.step_iteration()
    view.apply_report(report)
    lines = view.caption_lines()
    assert lines[0].startswith("showing ") and len(lines) == 3
    assert not any(line.endswith("…") for line in lines)
    assert " ".join(lines[1:]).endswith(f"search over: {search.outcome}")


def test_the_second_level_title_stays_readable_when_the_band_starts_off_screen(view, qtbot):
    first, fake, second, anchor = fake_second_level(view)
    for step in range(20):
        view.apply_report(
            StepReport(events=second_level_events(anchor, step == 0, second.step_phase()))
        )
    view.set_follow(True)
    view.refresh()
    text, rect = view.band_title()
    assert text == f"2nd level (budget 5,000, {len(second.tree):,} nodes)"
    area = view.drawing_area()
    assert area.contains(rect)
    top = next(item for item in drawn(view, 2) if item.node == ROOT)
    start = point(view, top)
    target = QPoint(40, start.y())
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(view, target + QPoint(10, 0))
    qtbot.mouseMove(view, target)
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=target)
    moved_text, moved = view.band_title()
    assert moved_text.startswith("2nd level") and area.contains(moved)


def test_follow_glides_on_screen_and_ends_where_it_jumps_offscreen(view, qtbot):
    search = chess_search("WAC.014")
    follow_view(view, search)
    view.set_animated(True)
    for _ in range(200):
        view._viewport.finish_glide()
        root_before = widget_point(view, drawn(view)[0])
        scale = view._viewport.scale
        view.apply_report(search.step_iteration())
        view.refresh()
        if view._viewport.scale != scale:
            continue  # a change of zoom (keeping the whole path in view) is a jump
        if widget_point(view, drawn(view)[0]) != root_before:
            break
        leaf = next(
            item for item in drawn(view) if item.node == search.tree.most_proving_path()[-1]
        )
        if not in_area(view, leaf):
            break
    else:
        pytest.fail("follow never had to scroll")
    leaf = next(item for item in drawn(view) if item.node == search.tree.most_proving_path()[-1])
    assert widget_point(view, drawn(view)[0]) == root_before, "it jumped instead of gliding"
    qtbot.waitUntil(lambda: in_area(view, leaf) and not view._glide_timer.isActive(), timeout=3000)
    glided = widget_point(view, leaf)
    view.set_animated(False)
    view.set_follow(False)
    view.set_follow(True)
    view.refresh()
    assert in_area(view, leaf)
    assert (widget_point(view, leaf) - glided).manhattanLength() < 200


def test_an_expansion_the_node_cap_refuses_is_said_plainly(view, qtbot):
    search = ProofNumberSearch(ChessGame(wac("WAC.014").board), Limits(max_nodes=200))
    view.set_search(search)
    report = search.step_iteration()
    while report.outcome is None:
        report = search.step_iteration()
    view.apply_report(report)
    view.refresh()
    text = " ".join(view.caption_lines())
    assert "could not expand it (memory)" in text and "expanded it: 0" not in text
