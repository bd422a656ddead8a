"""The Paper menu in a real-size window: each action opens what its caption says, checked against
the engine (tree numbers, board, curves, WAC.213's position hashes, the suite runs' records)."""

import chess
import chess.polyglot
import pytest

from pn_explorer.app.menus import paper_runs
from pn_explorer.app.problems.search_setup import PN2
from pn_explorer.app.problems.sources import SUITE, Source
from pn_explorer.core.games.suites import find_position, load_suite
from pn_explorer.core.runs.runner import run_item
from pn_explorer.core.tree import ROOT
from tests.app.windows import shown_window

WAC_001 = Source(SUITE, "wac-mates", "WAC.001")


@pytest.fixture
def window(qtbot):
    window = shown_window(qtbot, (1600, 1000), source=WAC_001)
    yield window
    window.paper.cancel()


def test_figure_3_1_shows_its_numbers_and_bold_path(window):
    window.paper.actions["3.1"].trigger()
    search = window.driver.search
    tree = search.tree
    assert window.problem.title.lower().startswith("figure 3.1")
    items = [item for item in window.tree_view.displayed_nodes() if item.kind == "node"]
    assert len(items) == len(tree)  # the whole figure is drawn
    for item in items:
        assert (item.proof, item.disproof) == tree.numbers(item.node)
    assert {item.node for item in items if item.highlighted} == set(tree.most_proving_path())
    assert [item.name for item in items if item.highlighted] == ["A", "C", "G", "L"]
    assert window.statusBar().currentMessage().startswith("Figure 3.1")


def test_figure_3_9_opens_wac_014_with_the_thesis_numbers(window):
    window.paper.actions["3.9"].trigger()
    position = find_position(load_suite("paper-figures"), "WAC.014")
    assert window.driver.search.game.root_board.fen() == position.fen
    assert window.board_view.fen == position.fen  # the root is the most-proving node
    assert "324,542" in window.statusBar().currentMessage()
    assert "2. Qf6" in window.narration.text()


def test_figures_4_show_the_curves_with_the_papers_parameters(window):
    window.paper.actions["4"].trigger()
    assert window.params.algo == PN2
    assert (window.params.value("a"), window.params.value("b"), window.params.max_nodes) == (
        600_000,
        80_000,
        300_000,
    )
    assert window.curves.isVisible()
    assert window.driver.search.capabilities.two_levels
    assert window.statusBar().currentMessage().startswith("Figures 4.1–4.3")


def test_opening_another_problem_during_figure_3_11_drops_the_rings(qtbot, window):
    """Found by the random-action run: Figure 3.11 started, then Figure 3.1 opened and run to its
    end; the tree's end must not be taken for WAC.213's (no exception, no rings)."""
    window.paper.actions["3.11"].trigger()
    window.paper.actions["3.1"].trigger()
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.driver.finished_search, timeout=30_000)
    qtbot.wait(200)
    assert window.problem.title.lower().startswith("figure 3.1")
    assert not window.paper.overlay.nodes
    assert not window.paper.overlay.isVisible()


def test_wac_213_rings_every_node_of_one_position(qtbot, window):
    window.paper.actions["3.11"].trigger()
    overlay = window.paper.overlay
    qtbot.waitUntil(lambda: bool(overlay.nodes), timeout=120_000)
    search = window.driver.search
    tree = search.tree
    root = search.game.root_board
    hashes = {}
    for node in range(len(tree)):
        board = root.copy(stack=False)
        for move in search.game.board_after(tree.moves_to(node)).move_stack:
            board.push(move)
        hashes[node] = chess.polyglot.zobrist_hash(board)
    ringed = {hashes[node] for node in overlay.nodes}
    assert len(ringed) == 1
    (key,) = ringed
    assert overlay.nodes == {node for node, value in hashes.items() if value == key}
    assert len(overlay.nodes) >= 2
    figure = root.copy(stack=False)
    line = "Rxh7+ Kxh7 Qh5+ Kg8 Rxg7+ Kxg7 Bh6+ Kh7 Bg5+ Kg7 Qh6+ Kf7 Qf6+ Kg8 Qg6+ Kh8"
    for san in line.split(" "):
        figure.push_san(san)
    assert key == chess.polyglot.zobrist_hash(figure)  # the thesis's Figure 3.12, reached often
    assert "Figure 3.12's position" in overlay.text
    window.tree_view.update()
    qtbot.wait(50)
    drawn = overlay.drawn()
    assert drawn and set(drawn) <= overlay.nodes and ROOT not in drawn
    assert f"{len(overlay.nodes)} nodes in the tree" in overlay.text
    assert overlay.isVisible()


@pytest.fixture
def few_positions(monkeypatch):
    """The suite runs on the first positions only (the 82 take minutes)."""
    whole = paper_runs.paper_items

    def first(kind):
        items = whole(kind)
        per_position = 2 if kind == paper_runs.CHAPTER_4 else 1
        return items[: 2 * per_position]

    monkeypatch.setattr(paper_runs, "paper_items", first)
    return first


def test_table_3_1_runs_in_the_background_beside_the_thesis(qtbot, window, few_positions):
    window.paper.actions["table"].trigger()
    panel = window.paper.runs
    assert window.paper.dock.isVisible() and panel.busy
    qtbot.waitUntil(lambda: not panel.busy, timeout=120_000)
    assert panel.progress.value() == panel.table.rowCount() == 2
    expected = {item.position_id: run_item(item) for item in few_positions("table-3-1")}
    for row in range(2):
        position = panel.table.item(row, 0).text()
        assert panel.table.item(row, 3).text() == f"{expected[position].nodes_created:,}"
    assert "Thesis: 79 of 82 solved" in panel.summary.text()
    assert "Ours: 2 of 2 solved, every proof verified" in panel.summary.text()


def test_chapter_4_compares_pn2_with_pn_and_can_be_cancelled(qtbot, window, few_positions):
    window.paper.actions["ch4"].trigger()
    panel = window.paper.runs
    qtbot.waitUntil(lambda: not panel.busy, timeout=180_000)
    assert panel.table.rowCount() == 4
    assert "Thesis (§4.5): on 92 positions" in panel.summary.text()
    assert "1.97×" in panel.summary.text()
    window.paper.actions["ch4"].trigger()
    processes = panel.jobs.processes()
    assert processes and all(process.is_alive() for process in processes)
    panel.cancel()
    assert not panel.busy and all(not process.is_alive() for process in processes)
    assert panel.summary.text().startswith("Cancelled")


def test_the_ringed_position_is_figure_3_12s_when_repeated_else_the_most_repeated():
    from pn_explorer.app.tree_view.occurrences import chosen_group

    groups = {11: [1, 2], 22: [3, 4, 5], 33: [6]}
    assert chosen_group(groups, 11) == (11, [1, 2])
    assert chosen_group(groups, 33) == (22, [3, 4, 5])
    assert chosen_group(groups, None) == (22, [3, 4, 5])
