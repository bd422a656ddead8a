"""The tree draft: edits, undo/redo, problems at the node, and an exact round trip through the
tree file."""

import json

import pytest

from pn_explorer.core.errors import TreeEditError, TreeFileError
from pn_explorer.core.games.explicit_tree import AndOrTree, ExplicitTreeGame
from pn_explorer.core.games.suites import BUILTIN_TREES
from pn_explorer.core.games.tree_catalog import load_tree
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.types import Result
from pn_explorer.core.trees.edit import ERROR, WARNING, TreeDraft


def _by_label(draft: TreeDraft) -> dict[str, int]:
    return {draft.label(key): key for key in draft.node_keys()}


@pytest.mark.parametrize("name", list(BUILTIN_TREES))
def test_every_built_in_tree_round_trips_exactly(name, tmp_path):
    original = json.loads(BUILTIN_TREES[name].read_text(encoding="utf-8"))
    draft = TreeDraft.from_file(BUILTIN_TREES[name])
    assert draft.to_node_link() == original
    draft.save(tmp_path / "again.json")
    assert json.loads((tmp_path / "again.json").read_text(encoding="utf-8")) == original


def _proof_tree() -> TreeDraft:
    """A → B (AND) with leaves B1 true, B2 true: built by edits only."""
    draft = TreeDraft.new("made by hand")
    root = draft.root()
    b = draft.add_child(root)
    b1, b2 = draft.add_child(b), draft.add_child(b)
    draft.set_value(b1, "true")
    draft.set_value(b2, "true")
    return draft


def test_edits_build_a_tree_the_search_proves_and_that_round_trips(tmp_path):
    draft = _proof_tree()
    assert [draft.label(k) for k in draft.node_keys()] == ["A", "B", "C", "D"]
    assert draft.node_type(1) == "AND" and draft.problems() == []
    path = tmp_path / "hand.json"
    draft.save(path)
    again = TreeDraft.from_file(path)
    assert again.to_node_link() == draft.to_node_link()
    tree = AndOrTree.from_file(path)
    assert [node.name for node in tree.nodes] == ["A", "B", "C", "D"]
    assert ProofNumberSearch(ExplicitTreeGame(tree)).run().result is Result.PROVED
    assert ProofNumberSearch(ExplicitTreeGame(draft.to_tree())).run().result is Result.PROVED


def test_rename_type_remove_undo_and_redo():
    draft = _proof_tree()
    keys = _by_label(draft)
    draft.rename(keys["C"], "mate")
    draft.set_type(keys["B"], "or")
    assert draft.node_type(keys["B"]) == "OR" and draft.label(keys["C"]) == "mate"
    draft.remove(keys["B"])
    assert draft.node_keys() == [keys["A"]]
    assert draft.problems_at(keys["A"])[0].severity == WARNING
    assert draft.undo() and draft.undo()
    assert draft.node_type(keys["B"]) == "AND" and draft.label(keys["C"]) == "mate"
    assert draft.redo() and draft.node_type(keys["B"]) == "OR"
    assert draft.can_redo
    draft.add_child(keys["A"])
    assert not draft.can_redo


def test_adding_a_child_to_a_valued_leaf_makes_it_internal():
    draft = _proof_tree()
    keys = _by_label(draft)
    child = draft.add_child(keys["C"])
    assert draft.value(keys["C"]) == "unknown" and "value" not in draft.node_data(keys["C"])
    assert draft.node_type(child) == "AND"  # C is an OR node under the AND node B
    assert draft.label(child) == "E"


def test_bad_edits_give_messages():
    draft = _proof_tree()
    keys = _by_label(draft)
    with pytest.raises(TreeEditError, match="is the root: it cannot be removed"):
        draft.remove(keys["A"])
    with pytest.raises(TreeEditError, match="has children: only a leaf has a value"):
        draft.set_value(keys["B"], "true")
    with pytest.raises(TreeEditError, match="not 'XOR'"):
        draft.set_type(keys["B"], "xor")
    with pytest.raises(TreeEditError, match="not 'maybe'"):
        draft.set_value(keys["C"], "maybe")
    with pytest.raises(TreeEditError, match="no node 99"):
        draft.add_child(99)
    assert not draft.problems()


def test_problems_are_named_at_their_node():
    draft = _proof_tree()
    keys = _by_label(draft)
    draft.rename(keys["D"], "C")
    draft.rename(keys["B"], "")
    messages = {(p.key, p.severity, p.message) for p in draft.problems()}
    assert (keys["D"], ERROR, "the name 'C' is used by another node") in messages
    assert (keys["C"], ERROR, "the name 'C' is used by another node") in messages
    assert (keys["B"], ERROR, "the node has no name") in messages
    with pytest.raises(TreeFileError, match="the tree has 3 errors"):
        draft.to_tree()
    leaf = draft.add_child(keys["C"])
    assert [p.message for p in draft.problems_at(leaf)] == [
        "a leaf without a value: make it true or false, or give it children "
        "(as it is, a search that selects it stops here)"
    ]


def test_a_file_with_a_cycle_opens_as_a_draft_with_the_cycle_named():
    data = {
        "directed": True,
        "multigraph": False,
        "graph": {},
        "nodes": [
            {"id": "R", "type": "OR"},
            {"id": "x", "type": "AND"},
            {"id": "y", "type": "OR"},
            {"id": "z", "value": "maybe", "type": "XOR"},
        ],
        "edges": [
            {"source": "R", "target": "x"},
            {"source": "x", "target": "y"},
            {"source": "y", "target": "x"},
            {"source": "z", "target": "R"},
        ],
    }
    draft = TreeDraft.from_node_link(data)
    keys = _by_label(draft)
    messages = [(p.key, p.message) for p in draft.problems()]
    assert (keys["x"], "2 parents ('R', 'y'): a tree has one") in messages
    assert (keys["y"], "on a cycle: 'x' → 'y' → 'x'") in messages or (
        keys["y"],
        "on a cycle: 'y' → 'x' → 'y'",
    ) in messages
    assert (keys["z"], "type 'XOR' is not OR or AND") in messages
    assert (keys["z"], "value 'maybe' is not true, false or unknown") in messages
    assert draft.to_node_link() == data


def test_a_snapshot_edited_is_no_longer_the_figure():
    draft = TreeDraft.from_file(BUILTIN_TREES["figure-3-1"])
    keys = _by_label(draft)
    draft.rename(keys["C"], "C'")
    assert draft.to_node_link()["graph"]["most_proving_path"] == ["A", "C'", "G", "L"]
    draft.set_value(keys["L"], "true")
    data = draft.to_node_link()
    assert "most_proving_path" not in data["graph"]
    assert all("expected_proof" not in node for node in data["nodes"])


def test_a_generated_tree_opens_as_a_draft():
    tree = load_tree("random:depth=3,branching=2,seed=4")
    draft = TreeDraft.from_tree(tree)
    again = draft.to_tree()
    assert [(n.name, n.is_or, n.value, n.children) for n in again.nodes] == [
        (n.name, n.is_or, n.value, n.children) for n in tree.nodes
    ]
    assert again.name == tree.name


def test_typing_a_name_letter_by_letter_is_one_edit_to_undo():
    draft = _proof_tree()
    keys = _by_label(draft)
    for typed in ("m", "ma", "mat", "mate"):
        draft.rename(keys["C"], typed)
    draft.rename(keys["D"], "x")
    assert draft.undo() and draft.label(keys["C"]) == "mate" and draft.label(keys["D"]) == "D"
    assert draft.undo() and draft.label(keys["C"]) == "C"


def test_an_undeclared_type_is_the_one_the_reader_gives():
    draft = TreeDraft.from_file(BUILTIN_TREES["figure-3-1"])
    tree = draft.to_tree()
    names = {draft.label(k): k for k in draft.node_keys()}
    assert all(draft.is_or(names[node.name]) == node.is_or for node in tree.nodes)
