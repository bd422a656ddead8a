"""DAG PN in a real-size window: offered by the set-up, stepped like PN, and a node reached by two
paths shows both parents (marker, dashed link, lines) as the search's own `parents()` has them."""

from __future__ import annotations

from itertools import pairwise

from PySide6.QtCore import Qt

from pn_explorer.app.problems.search_setup import SearchParams, fresh_game
from pn_explorer.app.problems.sources import SUITE, Source
from pn_explorer.app.tree_view.dag_links import extra_links
from pn_explorer.app.tree_view.dag_parents import parents_marker
from pn_explorer.app.tree_view.layout import NODE
from pn_explorer.app.window import MainWindow
from pn_explorer.core.games.chess_game import decode_move
from pn_explorer.core.search.dag_pn import DagProofNumberSearch
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.registry import Capabilities
from tests.app.windows import shown_window

WAC_001 = Source(SUITE, "wac-mates", "WAC.001")


def test_dag_pn_steps_and_shows_every_parent_of_a_shared_node(qtbot) -> None:
    window = shown_window(
        qtbot, (1600, 1000), animated=False, source=WAC_001, params=SearchParams("dagpn")
    )
    search = window.driver.search
    assert isinstance(search.live, DagProofNumberSearch)
    while not search.tree.extra_parents:
        window.controls.step_iteration()
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


def _window(qtbot, position_id: str) -> MainWindow:
    source = Source(SUITE, "wac-mates", position_id)
    window = shown_window(
        qtbot, (1600, 1000), animated=False, source=source, params=SearchParams("dagpn")
    )
    return window


def _step(window: MainWindow, qtbot, phase: bool = False) -> None:
    (window.controls.step_phase if phase else window.controls.step_iteration)()
    qtbot.waitUntil(lambda: not window.driver.busy, timeout=20000)


def _on_screen(window: MainWindow, node: int) -> bool:
    view = window.tree_view
    item = next(
        (item for item in view.displayed_nodes() if item.kind == NODE and item.node == node), None
    )
    return item is not None and view.drawing_area().contains(view.scene_to_widget(item.x, item.y))


def test_an_expansion_that_links_shows_the_shared_nodes_and_says_so(qtbot) -> None:
    """WAC.001's first links (iteration 21): the linked nodes are drawn under the parent that
    created them, on screen with the dashed links from the node just expanded, the legend keys
    the link and the narration counts each one's parents as `parents()` does."""
    window = _window(qtbot, "WAC.001")
    search = window.driver.search
    while not search.tree.extra_parents:
        _step(window, qtbot, phase=True)
    expanded = search.selected_node
    linked = [child for child in search.children(expanded) if len(search.parents(child)) > 1]
    assert linked
    qtbot.wait(50)
    view = window.tree_view
    items = view.displayed_nodes()
    index = {(item.level, item.node): at for at, item in enumerate(items) if item.kind == NODE}
    links = {(items[a].node, items[b].node) for a, b in extra_links(search.tree, items, index)}
    for child in linked:
        assert (expanded, child) in links
        assert _on_screen(window, child) and _on_screen(window, expanded)
        assert (1, search.parents(child)[0]) in index
        assert f"{len(search.parents(child))} parents" in window.narration.text()
    assert "linked, not created" in window.narration.text()
    assert f"{len(linked)} linked (transpositions)" in " ".join(view.caption_lines())


def test_a_most_proving_path_through_a_link_is_drawn_whole(qtbot) -> None:
    """WAC.222's 45th selection enters a shared node from its second parent: every node of the
    path is drawn (the shared one under its first parent) and the link it takes is lit."""
    window = _window(qtbot, "WAC.222")
    search = window.driver.search
    tree = search.tree
    while True:
        _step(window, qtbot)
        path = tree.most_proving_path()
        entered = [(above, child) for above, child in pairwise(path) if tree.parent[child] != above]
        if entered:
            break
    qtbot.wait(50)
    items = window.tree_view.displayed_nodes()
    drawn = {item.node: item for item in items if item.kind == NODE}
    assert set(path) <= set(drawn)
    index = {(item.level, item.node): at for at, item in enumerate(items) if item.kind == NODE}
    links = {(items[a].node, items[b].node) for a, b in extra_links(tree, items, index)}
    assert set(entered) <= links
    assert all(drawn[node].highlighted for node in path)


class UnrecordedPn(ProofNumberSearch):
    """A probe stepper that declares no checkpoints: PN, not replayable."""

    capabilities = Capabilities(replayable=False)


def test_a_search_the_replay_cannot_record_shows_no_empty_plot(qtbot, monkeypatch) -> None:
    """A stepper that declares no replay is not recorded: the timeline says so and hides its
    plot, and its back and forward actions are off; DAG PN, which replays, shows them again."""
    window = shown_window(qtbot, (1600, 1000), source=WAC_001, params=SearchParams("dagpn"))
    back, forward = window.timeline.key_actions
    assert window.timeline.replay is not None and window.timeline.plot.isVisible()
    assert forward.isEnabled() and not back.isEnabled()  # nothing before iteration 0
    monkeypatch.setattr(
        "pn_explorer.app.session.build_search", lambda game, params: UnrecordedPn(fresh_game(game))
    )
    window.open_source(WAC_001, SearchParams("pn"))
    assert window.timeline.replay is None
    assert "not recorded for PN" in window.timeline.label.text()
    assert not window.timeline.plot.isVisible()
    assert not back.isEnabled() and not forward.isEnabled()
    window.controls.step_iteration()
    qtbot.waitUntil(lambda: not window.driver.busy)
    assert window.driver.search.iterations == 1
    assert not back.isEnabled() and not forward.isEnabled()
