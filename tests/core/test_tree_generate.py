"""The random tree generator: reproducible from its spec, across runs and processes; bad specs
are refused by name."""

import json
import subprocess
import sys

import networkx as nx
import pytest

from pn_explorer.core.errors import InvalidLimitError, PnExplorerError, TreeSpecError
from pn_explorer.core.games.explicit_tree import AndOrTree, ExplicitTreeGame
from pn_explorer.core.games.random_trees import (
    node_name,
    node_names,
    parse_spec,
    random_graph,
    random_tree,
)
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.types import Result

SPEC = "random:depth=5,branching=2-4,true=0.3,seed=7"


def _data(spec: str) -> str:
    return json.dumps(nx.node_link_data(random_graph(parse_spec(spec)), edges="edges"))


def test_the_same_seed_gives_the_same_tree_and_another_seed_another():
    assert _data(SPEC) == _data(SPEC)
    assert _data(SPEC) != _data(SPEC.replace("seed=7", "seed=8"))


def test_the_same_tree_in_two_other_processes():
    code = (
        "import json, networkx as nx;"
        "from pn_explorer.core.games.random_trees import parse_spec, random_graph;"
        f"print(json.dumps(nx.node_link_data(random_graph(parse_spec({SPEC!r})), edges='edges')))"
    )
    outputs = [
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": str(seed)},
        ).stdout.strip()
        for seed in (1, 2)
    ]
    assert outputs[0] == outputs[1] == _data(SPEC)


def test_the_tree_follows_its_parameters():
    tree = random_tree(SPEC)
    assert tree.name == "random:depth=5,branching=2-4,true=0.3,false=0.7,root=or,seed=7"
    assert tree.nodes[0].is_or
    depth = {0: 0}
    for index, node in enumerate(tree.nodes):
        for child in node.children:
            depth[child] = depth[index] + 1
            assert tree.nodes[child].is_or == (depth[child] % 2 == 0)
        if node.children:
            assert 2 <= len(node.children) <= 4
        else:
            assert depth[index] == 5
            assert node.value.name in ("TRUE", "FALSE")
    leaves = [node for node in tree.nodes if not node.children]
    share = sum(node.value.name == "TRUE" for node in leaves) / len(leaves)
    assert 0.2 < share < 0.4


def test_a_generated_tree_is_solved_by_pn():
    tree = random_tree("random:depth=6,branching=2-3,true=0.5,root=and,seed=3")
    assert not tree.nodes[0].is_or
    assert ProofNumberSearch(ExplicitTreeGame(tree)).run().result in (
        Result.PROVED,
        Result.DISPROVED,
    )


def test_both_shares_below_one_leave_unknown_frontier_leaves():
    tree = random_tree("random:depth=3,branching=3,true=0.2,false=0.2,seed=5")
    values = {node.value.name for node in tree.nodes if not node.children}
    assert "UNKNOWN" in values


def test_defaults_and_the_canonical_text_round_trip():
    spec = parse_spec("random:")
    assert parse_spec(spec.text()) == spec
    assert spec.text() == "random:depth=4,branching=2,true=0.5,false=0.5,root=or,seed=1"


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("random:colour=red", "unknown key 'colour'"),
        ("random:depth", "depth has no value"),
        ("random:depth=3,depth=4", "depth is given twice"),
        ("random:depth=20", "depth must be at most 12"),
        ("random:depth=x", "random: depth must be a whole number, not 'x'"),
        ("random:depth=0", "random: depth must be positive"),
        ("random:branching=4-2", "runs from high to low"),
        ("random:branching=2-3-4", "branching must be N or LOW-HIGH"),
        ("random:branching=11", "at most 10"),
        ("random:true=1.5", "true must be a share from 0 to 1, not '1.5'"),
        ("random:false=nan", "false must be a share from 0 to 1"),
        ("random:true=0.7,false=0.6", "add up to more than 1"),
        ("random:root=xor", "root must be or or and, not 'xor'"),
        ("random:seed=-1", "random: seed must be at least 0"),
        ("random:depth=12,branching=10", "could make"),
    ],
)
def test_a_bad_spec_is_refused_by_name(spec, words):
    with pytest.raises(PnExplorerError) as caught:
        random_tree(spec)
    assert isinstance(caught.value, (TreeSpecError, InvalidLimitError))
    assert words in str(caught.value)


@pytest.mark.parametrize(
    "spec",
    [
        SPEC,
        "random:depth=12,branching=2,seed=7",
        "random:depth=3,branching=3,true=0.2,false=0.2,root=and,seed=5",
        "random:depth=5,branching=1-5,true=0.4,false=0.4,seed=11",
    ],
)
def test_the_fast_tree_is_the_tree_the_file_reader_makes_of_the_graph(spec):
    """`random_tree` skips networkx (the window builds it on the GUI thread); it must give node
    for node the tree `AndOrTree.from_graph` reads from the graph the editor saves."""
    fast = random_tree(spec)
    read = AndOrTree.from_graph(random_graph(parse_spec(spec)), parse_spec(spec).text())
    assert fast.name == read.name
    assert [(n.name, n.is_or, n.value, n.children, n.move, n.expected) for n in fast.nodes] == [
        (n.name, n.is_or, n.value, n.children, n.move, n.expected) for n in read.nodes
    ]


def test_node_names_all_at_once_are_the_names_one_by_one():
    assert node_names(800) == [node_name(i) for i in range(800)]
    assert node_names(28)[-3:] == ["Z", "AA", "AB"]
