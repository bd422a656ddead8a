"""Lines through a solved tree: the node a line of moves leads to, and a disproved root's
refutation (every attacker move with the reply that holds)."""

import json

from pn_explorer.core.games.explicit_tree import AndOrTree, ExplicitTreeGame
from pn_explorer.core.games.solution import tree_refutation
from pn_explorer.core.games.suites import BUILTIN_TREES
from pn_explorer.core.proofs.proof import main_line_nodes, node_after_moves, refutation_nodes
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.types import Result
from pn_explorer.core.tree import ROOT


def _solved(text: str) -> ProofNumberSearch:
    search = ProofNumberSearch(ExplicitTreeGame(AndOrTree.from_json_text(text)))
    search.run()
    return search


def test_a_line_of_moves_leads_to_its_node_and_stops_where_the_tree_does():
    search = ProofNumberSearch(ExplicitTreeGame(AndOrTree.from_file(BUILTIN_TREES["small-proof"])))
    assert search.run().result is Result.PROVED
    tree = search.tree
    line = main_line_nodes(tree)
    moves = search.proof().main_line()
    assert [tree.move[node] for node in line[1:]] == moves
    for length in range(len(moves) + 1):
        assert node_after_moves(tree, moves[:length]) == line[length]
    assert node_after_moves(tree, [*moves[:2], -1, *moves[2:]]) == line[2]
    assert node_after_moves(tree, []) == ROOT


def test_a_disproved_root_is_refuted_move_by_move():
    nodes = [
        {"id": "R", "type": "OR"},
        {"id": "A", "type": "AND"},
        {"id": "B", "value": False},
        {"id": "A1", "value": True},
        {"id": "A2", "value": False},
    ]
    edges = [["R", "A"], ["R", "B"], ["A", "A1"], ["A", "A2"]]
    search = _solved(
        json.dumps(
            {
                "directed": True,
                "nodes": nodes,
                "edges": [{"source": s, "target": t} for s, t in edges],
            }
        )
    )
    assert search.outcome.result is Result.DISPROVED
    tree = search.tree
    pairs = refutation_nodes(tree)
    assert [child for child, _ in pairs] == list(tree.children(ROOT))
    for child, reply in pairs:
        assert reply is None or (tree.parent[reply] == child and tree.disproof[reply] == 0)
    assert tree_refutation(search.game, tree).lines == [("A", "refuted by A2"), ("B", "disproved")]
