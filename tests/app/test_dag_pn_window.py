"""DAG PN in a real-size window: offered by the set-up, stepped like PN, and a node reached by two
paths shows both parents (marker, dashed link, lines) as the search's own `parents()` has them."""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.problems.search_setup import SearchParams
from app.problems.sources import SUITE, Source
from app.tree_view.dag_links import extra_links
from app.tree_view.dag_parents import parents_marker
from app.tree_view.layout import NODE
from app.window import MainWindow
from core.games.chess_game import decode_move
from core.search.dag_pn import DagProofNumberSearch

WAC_001 = Source(SUITE, "wac-mates", "WAC.001")


def test_dag_pn_steps_and_shows_every_parent_of_a_shared_node(qtbot) -> None:
    window = MainWindow(persist=False, source=WAC_001, params=SearchParams("dagpn"))
    qtbot.addWidget(window)
    window.resize(1600, 1000)
    window.show()
    qtbot.waitExposed(window)
    window.tree_view.set_animated(False)
    search = window.driver.search
    assert isinstance(search, DagProofNumberSearch)
    while not search.tree.extra_parents:
        window.step_iteration()
        qtbot.waitUntil(lambda: not window.driver.busy, timeout=20000)
    shared = next(iter(search.tree.extra_parents))
    parents = search.parents(shared)
    assert len(parents) == 2
    for parent in parents:
        window.tree_view.expand_stub(parent)
    window.tree_view.set_focused(1, shared)
    window.tree_view.refresh()
    qtbot.wait(50)
    drawn = {item.node for item in window.tree_view.displayed_nodes() if item.kind == NODE}
    assert shared in drawn and set(parents) <= drawn
    items = window.tree_view.displayed_nodes()
    index = {(item.level, item.node): at for at, item in enumerate(items) if item.kind == NODE}
    links = [(items[a].node, items[b].node) for a, b in extra_links(search.tree, items, index)]
    assert (parents[1], shared) in links
    assert parents_marker(search.tree, shared) == "2 parents"
    window.tree_view.set_follow(False)
    assert window.tree_view.show_node(1, shared)
    qtbot.wait(50)
    items = window.tree_view.displayed_nodes()
    item = next(item for item in items if item.kind == NODE and item.node == shared)
    point = window.tree_view.scene_to_widget(item.x, item.y).toPoint()
    qtbot.mouseClick(window.tree_view, Qt.MouseButton.LeftButton, pos=point)
    qtbot.waitUntil(lambda: "parents" in window.board_view.details.text(), timeout=5000)
    details = window.board_view.details.text()
    assert "2 parents (transposition)" in details
    board = search.game.root_board
    for parent in parents:
        moves = [*search.tree.moves_to(parent), search.tree.move_to(parent, shared)]
        assert board.variation_san([decode_move(code) for code in moves]) in details
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: search.outcome is not None and not window.driver.busy, timeout=60000)
    assert search.nodes_created == 4_040
    assert window.tree_view.displayed_nodes()[0].proof == 0
