"""Explicit AND/OR tree files: what is accepted, what is refused in one clear sentence."""

import json

import pytest

from pn_explorer.core.errors import TreeFileError
from pn_explorer.core.games.explicit_tree import AndOrTree, ExplicitTreeGame
from pn_explorer.core.games.solution import verify_tree_proof
from pn_explorer.core.games.suites import BUILTIN_TREES
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.types import Result


def _tree(nodes, edges, **graph):
    return json.dumps(
        {"directed": True, "multigraph": False, "graph": graph, "nodes": nodes, "edges": edges}
    )


def test_types_come_from_the_data_not_from_depth():
    tree = AndOrTree.from_file(BUILTIN_TREES["figure-3-1"])
    by_name = {node.name: node for node in tree.nodes}
    assert by_name["A"].is_or and by_name["C"].is_or and not by_name["B"].is_or
    assert [tree.nodes[c].name for c in by_name["A"].children] == ["B", "C", "D"]


def test_the_small_tree_is_proved_and_its_proof_checks_against_the_file():
    tree = AndOrTree.from_file(BUILTIN_TREES["small-proof"])
    search = ProofNumberSearch(ExplicitTreeGame(tree))
    assert search.run().result is Result.PROVED
    proof = search.proof()
    assert verify_tree_proof(tree, proof) == proof.size()
    assert [tree.nodes[c].name for c in proof.main_line()] == ["C", "H", "H1", "H11"]


def test_a_disproved_tree():
    text = _tree(
        [{"id": "R", "type": "OR"}, {"id": "x", "value": False}, {"id": "y", "value": "false"}],
        [{"source": "R", "target": "x"}, {"source": "R", "target": "y"}],
    )
    search = ProofNumberSearch(ExplicitTreeGame(AndOrTree.from_json_text(text)))
    assert search.run().result is Result.DISPROVED


def test_links_key_of_older_networkx_is_accepted():
    text = json.dumps(
        {
            "nodes": [{"id": 1, "type": "AND"}, {"id": 2, "value": True}],
            "links": [{"source": 1, "target": 2}],
        }
    )
    assert len(AndOrTree.from_json_text(text).nodes) == 2


@pytest.mark.parametrize(
    "text, words",
    [
        ("{", "not valid JSON"),
        ("[]", "top level must be a JSON object"),
        ('{"nodes": []}', "no 'edges'"),
        (_tree([], []), "no nodes"),
        (_tree([{"id": "a", "type": "OR"}, {"id": "b", "type": "OR"}], []), "exactly one root"),
        (
            _tree(
                [{"id": "a", "type": "OR"}, {"id": "b"}, {"id": "c", "type": "AND"}],
                [{"source": "a", "target": "b"}, {"source": "c", "target": "b"}],
            ),
            "exactly one root",
        ),
        (
            _tree([{"id": "a", "type": "XOR"}, {"id": "b"}], [{"source": "a", "target": "b"}]),
            "not OR or AND",
        ),
        (_tree([{"id": "a"}, {"id": "b"}], [{"source": "a", "target": "b"}]), "has no type"),
        (
            _tree(
                [{"id": "a", "type": "OR"}, {"id": "b", "value": "maybe"}],
                [{"source": "a", "target": "b"}],
            ),
            "not true, false or unknown",
        ),
        (
            _tree(
                [{"id": "a", "type": "OR", "value": True}, {"id": "b"}],
                [{"source": "a", "target": "b"}],
            ),
            "only leaves",
        ),
    ],
)
def test_bad_tree_files_raise_a_typed_error(text, words):
    with pytest.raises(TreeFileError, match=words):
        AndOrTree.from_json_text(text)


def test_unreadable_tree_file(tmp_path):
    with pytest.raises(TreeFileError, match="cannot read"):
        AndOrTree.from_file(tmp_path / "missing.json")
