"""Figure 3.1 of the thesis: the numbers of every node and the most-proving path A–C–G–L."""

from pn_explorer.core.games.explicit_tree import AndOrTree
from pn_explorer.core.games.suites import BUILTIN_TREES
from pn_explorer.core.search.snapshot import snapshot_search
from pn_explorer.core.search.types import Result, StopReason


def _names(search, tree, nodes):
    return [tree.nodes[search.tree.move[n]].name if n else tree.nodes[0].name for n in nodes]


def test_every_node_has_the_figures_numbers():
    tree = AndOrTree.from_file(BUILTIN_TREES["figure-3-1"])
    search = snapshot_search(tree)
    assert len(search.tree) == len(tree.nodes) == 16
    for node in range(len(search.tree)):
        data = tree.nodes[search.tree.move[node]] if node else tree.nodes[0]
        assert data.expected is not None
        assert search.tree.numbers(node) == data.expected, data.name


def test_the_most_proving_path_is_a_c_g_l():
    tree = AndOrTree.from_file(BUILTIN_TREES["figure-3-1"])
    search = snapshot_search(tree)
    path = search.tree.most_proving_path()
    assert _names(search, tree, path) == ["A", "C", "G", "L"] == tree.most_proving_path
    report = search.step_phase()
    assert _names(search, tree, report.path) == ["A", "C", "G", "L"]


def test_stepping_the_snapshot_stops_at_the_frontier_leaf():
    tree = AndOrTree.from_file(BUILTIN_TREES["figure-3-1"])
    search = snapshot_search(tree)
    report = search.step_iteration()
    assert report.outcome.result is Result.UNKNOWN
    assert report.outcome.reason is StopReason.FRONTIER
    assert "L" in report.outcome.detail
