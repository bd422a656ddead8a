"""The "Why not found?" panel and the effort map on a session and a tree view alone (no window):
what they show is compared with the engine's own tree."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from pn_explorer.app import focus
from pn_explorer.app.menus.explain_dock import NO_MAP, ExplainDock
from pn_explorer.app.problems.search_setup import PN, SearchParams
from pn_explorer.app.problems.sources import SUITE, TREE, TREE_FILES, Source
from pn_explorer.app.tree_view.effort_map import effort_colour, effort_level
from pn_explorer.app.tree_view.layout import NODE
from pn_explorer.core.search.types import ITERATION, StopReason
from pn_explorer.core.tree import ROOT
from pn_explorer.core.values import INF
from tests.app.stage import Stage

WAC_096 = Source(SUITE, "wac-mates", "WAC.096")
CAP = 20_000


def _window(qtbot, source=WAC_096, params=None):
    """A stage with a tree view and the feature, the problem opened."""
    window = Stage()
    window.tree_view = window.add_tree_view()
    window.explain = ExplainDock(window.session, window, window.tree_view)
    qtbot.addWidget(window)
    window.resize(1600, 1000)
    window.show()
    qtbot.waitExposed(window)
    window.open(source, params or SearchParams(PN, CAP))
    window.driver = window.session.driver
    return window


def _explained(qtbot, window):
    qtbot.waitUntil(lambda: window.explain.panel.explanation is not None, timeout=60000)
    return window.explain.panel


@pytest.fixture
def stopped(qtbot):
    """WAC.096 stopped by a 20,000-node cap, the panel filled by itself."""
    window = _window(qtbot)
    assert window.explain.dock.isHidden()
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.driver.finished_search, timeout=60000)
    return window, _explained(qtbot, window)


def test_the_panel_opens_when_the_cap_stops_the_search(stopped):
    window, panel = stopped
    search = window.driver.search
    tree = search.tree
    assert window.explain.dock.isVisible() and panel.table.isVisible()
    assert panel.table.rowCount() == len(tree.children(ROOT))
    assert panel.details.text().startswith("Unknown (memory): node cap of 20,000 nodes")
    rows = []
    for row in range(panel.table.rowCount()):
        cells = [panel.table.item(row, column).text() for column in range(6)]
        rows.append(cells)
    by_move = {}
    for child in tree.children(ROOT):
        san = search.game.san_line([tree.move[child]])[0]
        proof, disproof = tree.numbers(child)
        by_move[san] = [
            san,
            f"{tree.subtree_size(child):,}",
            f"{100 * tree.subtree_size(child) / len(tree):.1f} %",
            "∞" if proof >= INF else f"{proof:,}",
            "∞" if disproof >= INF else f"{disproof:,}",
        ]
    assert [cells[:5] for cells in rows] == [by_move[cells[0]] for cells in rows]
    sizes = [int(cells[1].replace(",", "")) for cells in rows]
    assert sizes == sorted(sizes, reverse=True) and sum(sizes) + 1 == len(tree)
    assert all(cells[5].startswith(f"1. {cells[0]}") for cells in rows)
    held = panel.held.text()
    assert "The root's proof number is" in held and f"is {tree.proof[ROOT]}:" in held
    advice = panel.advice.text()
    assert f"--algo pn2 --max-nodes {CAP}" in advice and "--algo ab --depth" in advice
    assert panel.longest_slice < 0.25


def test_the_depth_advice_uses_the_suites_mate_length(stopped):
    """WAC.096 is a mate in 9 in the suite: the window's problem carries it to the αβ advice."""
    window, panel = stopped
    assert window.session.problem.mate_length == 9
    advice = panel.advice.text()
    assert "try it up to mate in 9 (the problem says mate in 9)" in advice
    assert "--algo ab --depth 9" in advice


def test_a_row_shows_its_move_on_the_board_and_in_the_tree(qtbot, stopped):
    window, panel = stopped
    tree = window.driver.search.tree
    row = 1
    node = panel.explanation.effort[row].node
    rect = panel.table.visualItemRect(panel.table.item(row, 0))
    qtbot.mouseClick(panel.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.tree_view.focused == (focus.FIRST_LEVEL, node)
    assert window.pointed == [(focus.FIRST_LEVEL, node)] and tree.parent[node] == ROOT
    drawn = {(item.level, item.node): item for item in window.tree_view.displayed_nodes()}
    item = drawn[(focus.FIRST_LEVEL, node)]
    assert window.tree_view.drawing_area().contains(
        window.tree_view.scene_to_widget(item.x, item.y)
    )


def test_why_not_found_on_demand_pauses_a_running_search(qtbot):
    window = _window(qtbot, params=SearchParams(PN, 200_000))
    window.driver.run()
    qtbot.waitUntil(lambda: window.driver.search.iterations > 200, timeout=30000)
    window.explain.explain_action.trigger()
    assert not window.driver.running
    panel = _explained(qtbot, window)
    search = window.driver.search
    assert search.outcome is None
    assert panel.explanation.nodes == len(search.tree)
    assert panel.details.text().startswith("Not finished: paused")


def test_a_step_during_the_analysis_cancels_it(qtbot):
    window = _window(qtbot, params=SearchParams(PN, 200_000))
    window.driver.search.run(max_iterations=300)
    window.explain.explain_now()
    assert window.explain.panel.busy
    window.driver.step(ITERATION)
    qtbot.waitUntil(lambda: not window.driver.busy, timeout=10000)
    assert window.explain.panel.explanation is None and not window.explain.panel.busy
    assert "moved on" in window.explain.panel.heading.text()


def test_a_tree_file_stopped_at_its_frontier_is_explained(qtbot):
    window = _window(qtbot, Source(TREE, TREE_FILES["figure-3-1"]), SearchParams())
    window.driver.run_to_end()
    panel = _explained(qtbot, window)
    tree = window.driver.search.tree
    names = {window.session.problem.game.node_name(tree.move[c]): c for c in tree.children(ROOT)}
    shown = [panel.table.item(r, 0).text() for r in range(panel.table.rowCount())]
    assert sorted(shown) == ["B", "C", "D"]
    assert [tree.subtree_size(names[name]) for name in shown] == sorted(
        (tree.subtree_size(c) for c in tree.children(ROOT)), reverse=True
    )
    assert "After A → C the attacker has 2 tries at ply 2: 0 are refuted" in panel.held.text()


def _effort_colours_checked(window) -> list[tuple[int, float]]:
    """Every first-level node drawn well inside the view has the map's colour for its subtree's
    size in the engine's tree: (size, lightness) of each."""
    view = window.tree_view
    tree = window.driver.search.tree
    view.reset_view()
    image = view.grab().toImage()
    area = view.drawing_area()
    checked = []
    for item in view.displayed_nodes():
        if item.kind != NODE or item.level != focus.FIRST_LEVEL:
            continue
        point = view.scene_to_widget(item.x, item.y)
        if not area.adjusted(20, 20, -20, -20).contains(point):
            continue
        size = tree.subtree_size(item.node)
        expected = effort_colour(effort_level(size, len(tree)))
        shown = image.pixelColor(round(point.x()), round(point.y()))
        assert abs(shown.red() - expected.red()) <= 3, (item.node, size)
        assert (
            abs(shown.green() - expected.green()) <= 3 and abs(shown.blue() - expected.blue()) <= 3
        )
        checked.append((size, shown.lightness()))
    return sorted(checked)


def test_the_effort_map_colours_nodes_by_their_subtree_size(qtbot, stopped):
    window, _ = stopped
    view = window.tree_view
    tree = window.driver.search.tree
    window.explain.effort_action.trigger()
    assert view.effort_map.on
    checked = _effort_colours_checked(window)
    assert len(checked) >= 10
    assert checked[0][1] > checked[-1][1]
    assert checked[-1][0] == len(tree)
    window.explain.effort_action.trigger()
    image = view.grab().toImage()
    root = view.scene_to_widget(view.displayed_nodes()[0].x, view.displayed_nodes()[0].y)
    assert image.pixelColor(round(root.x()), round(root.y())).name() == "#ffffff"


def test_the_effort_map_on_dag_pn_colours_by_the_engines_subtree_sizes(qtbot):
    """DAG PN through the same control as PN: E colours each drawn node by its subtree in the
    engine's own tree (a shared node counted under the parent that made it)."""
    window = _window(qtbot, params=SearchParams("dagpn", 3_000))
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.driver.finished_search, timeout=60000)
    tree = window.driver.search.tree
    assert window.explain.effort_action.isEnabled()
    window.explain.effort_action.trigger()
    checked = _effort_colours_checked(window)
    assert len(checked) >= 10 and checked[-1][0] == len(tree)
    assert checked[0][1] > checked[-1][1]


def test_why_not_found_on_dag_pn_counts_shared_replies_and_says_what_differs(qtbot):
    """DAG PN on WAC.014 stopped by a 20,000-node cap: each AND node's replies are every reply
    the search reaches (shared ones too), the heading says where a shared node is counted, the
    proof number is not called a lower bound, and no transposition table is advised."""
    window = _window(qtbot, Source(SUITE, "wac-mates", "WAC.014"), SearchParams("dagpn", CAP))
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.driver.finished_search, timeout=60000)
    panel = _explained(qtbot, window)
    tree = window.driver.search.tree
    assert "counts under the root move that made it" in panel.details.text()
    held = panel.explanation.hold_up
    assert "counts once per path" in held.summary and "at least" not in held.summary.split(".")[0]
    assert held.defences
    for defence in held.defences:
        assert defence.replies == len(tree.successors(defence.node))
        assert f"{defence.replies} replies" in panel.held.text()
    assert any(n.tries > tree.child_count[n.node] for n in held.narrow), "a try is shared"
    for narrow in held.narrow:
        assert narrow.tries == len(tree.successors(narrow.node))
        assert f"{narrow.tries} tries" in panel.held.text()
    assert "No transposition table offered: DAG PN already stores" in panel.advice.text()
    assert "PN stores each copy" not in panel.advice.text()


def test_why_not_found_on_df_pn_shows_the_searchs_own_table_and_counts(qtbot):
    """df-pn on WAC.096 stopped at the budget of a 1,000-entry table opens the panel through the
    same controls as PN: the heading is the plain sentence, each row is a root move with the
    nodes created under it as the search counts them and the numbers MID's root frame holds,
    the details and the words say the table's fill and the budget, and the buttons apply."""
    window = _window(qtbot, params=SearchParams("dfpn", 1_000))
    explain = window.explain
    search = window.driver.search
    assert search.tree is None and explain.explain_action.isEnabled()
    assert not explain.effort_action.isEnabled() and explain.effort_action.toolTip() == NO_MAP
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.driver.finished_search, timeout=60000)
    panel = _explained(qtbot, window)
    assert search.outcome.reason is StopReason.BUDGET
    assert explain.dock.isVisible() and panel.table.isVisible()
    explanation = panel.explanation
    assert panel.heading.text() == explanation.sentence
    assert panel.heading.text().startswith(
        "df-pn ran out of its node budget before proving a win: "
    )
    root = search.frames[0].children
    assert panel.table.rowCount() == len(root.moves)
    assert panel.table.horizontalHeaderItem(5).text() == "Line the table holds"
    by_move = {}
    for index, move in enumerate(root.moves):
        san = search.game.san_line([move])[0]
        work = search.root_move_work.get(root.keys[index], 0)
        by_move[san] = [
            san,
            f"{work:,}",
            f"{100 * work / search.nodes_created:.1f} %",
            "∞" if root.proof[index] >= INF else f"{root.proof[index]:,}",
            "∞" if root.disproof[index] >= INF else f"{root.disproof[index]:,}",
        ]
    shown = [
        [panel.table.item(row, column).text() for column in range(5)]
        for row in range(panel.table.rowCount())
    ]
    assert shown == [by_move[cells[0]] for cells in shown]
    top = shown[0]
    assert f"{top[2].split('.')[0]}" in panel.heading.text() and top[0] in panel.heading.text()
    table = search.table
    details = panel.details.text()
    assert details.startswith(str(search.outcome)[:1].upper() + str(search.outcome)[1:])
    assert f"table {len(table):,} of {table.capacity:,} entries" in details
    assert f"{table.replacements:,} replacements" in details
    held = panel.held.text()
    assert "Why it stopped" in held and f"budget of {search.work_budget:,} nodes created" in held
    assert "The table's most-proving line" in held
    # The root's numbers were recorded against the nodes created as the search ran: flat at
    # the end, so no larger table is offered (its own trend says it would not prove the root).
    trace = window.explain.trace
    assert trace.points[-1] == (search.nodes_created, *search.root_numbers)
    assert explanation.trend == trace.trend() and explanation.trend.slope >= 0
    assert "A larger table alone is not offered" in panel.advice.text()
    buttons = [button.text() for button in panel.apply_buttons]
    pn_cap = next(s for s in explanation.suggestions if s.kind == "pn").settings["max_nodes"]
    assert pn_cap >= search.nodes_created
    assert buttons == [f"Switch to PN ({pn_cap:,} nodes)", "Switch to Pn² (1,000 nodes)"]
    # αβ is advised in words and options, without a button: the window does not step it.
    assert "--algo ab --depth 9" in panel.advice.text()
    row = 1
    node = explanation.effort[row].node
    rect = panel.table.visualItemRect(panel.table.item(row, 0))
    qtbot.mouseClick(panel.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    drawn = search.drawn_tree
    assert window.tree_view.focused == (focus.FIRST_LEVEL, node) and drawn.parent[node] == ROOT
    assert search.game.san_line([drawn.move[node]])[0] == shown[row][0]
    qtbot.mouseClick(panel.apply_buttons[0], Qt.MouseButton.LeftButton)
    assert window.driver.search.algorithm == "pn" and panel.explanation is None
    assert window.driver.search.limits.max_nodes == pn_cap


def test_why_not_found_on_df_pn_with_tca_says_its_line_replays_plain_df_pn(qtbot):
    """With TCA on, the table's line is read under plain df-pn's thresholds, and the panel's
    words say so beside it."""
    window = _window(qtbot, params=SearchParams("dfpn", 1_000, tca=True))
    assert window.driver.search.tca
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.driver.finished_search, timeout=60000)
    held = _explained(qtbot, window).held.text()
    assert "The table's most-proving line" in held
    assert "With TCA on, this line replays plain df-pn's thresholds and sums" in held
