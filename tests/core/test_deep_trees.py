"""A tree file 10,000 plies deep costs linear work in the core: loading it as a snapshot, solving
it with its replay recorded, explaining it; a node wider than the tree holds is refused as read.
Each check counts operations (cursor moves, path steps walked, undo entries), never seconds,
against a bound a few times the node count; the quadratic versions did about half the square of
the depth (50 million at this depth)."""

import json

import pytest
from deep_trees import chain, fan

from pn_explorer.core.errors import TreeFileError
from pn_explorer.core.explain.explain import explain
from pn_explorer.core.games.explicit_tree import AndOrTree, ExplicitTreeGame
from pn_explorer.core.runs.replay import Replay
from pn_explorer.core.search.algorithms import AlgorithmSpec, create_stepper
from pn_explorer.core.search.defaults import PN
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.snapshot import snapshot_search
from pn_explorer.core.search.types import Limits
from pn_explorer.core.tree import MOST_CHILDREN, Tree

DEPTH = 10_000
NODES = DEPTH + 1


@pytest.fixture
def steps_walked(monkeypatch) -> dict[str, int]:
    """Counts of the work that was quadratic: cursor moves and the nodes of every root path."""
    counts = {"push": 0, "pop": 0, "path nodes": 0}
    push, pop, path_to = ExplicitTreeGame.push, ExplicitTreeGame.pop, Tree.path_to

    def counted_push(game, move):
        counts["push"] += 1
        push(game, move)

    def counted_pop(game):
        counts["pop"] += 1
        pop(game)

    def counted_path_to(tree, node):
        path = path_to(tree, node)
        counts["path nodes"] += len(path)
        return path

    monkeypatch.setattr(ExplicitTreeGame, "push", counted_push)
    monkeypatch.setattr(ExplicitTreeGame, "pop", counted_pop)
    monkeypatch.setattr(Tree, "path_to", counted_path_to)
    return counts


def _loaded(snapshot: bool) -> AndOrTree:
    return AndOrTree.from_json_text(json.dumps(chain(DEPTH, snapshot)), source="deep.json")


def test_a_deep_snapshot_loads_with_one_cursor_move_per_node(steps_walked):
    search = snapshot_search(_loaded(snapshot=True))
    assert len(search.tree) == NODES
    assert search.tree.most_proving_path()[-1] == DEPTH  # every node is in, the path ends deep
    assert steps_walked["push"] <= NODES and steps_walked["pop"] <= NODES
    assert steps_walked["path nodes"] <= 2 * NODES


def test_explaining_a_deep_snapshot_walks_each_path_node_a_few_times(steps_walked):
    search = snapshot_search(_loaded(snapshot=True))
    before = steps_walked["path nodes"]
    explanation = explain(search)
    assert explanation.hold_up.path[-1] == DEPTH
    assert explanation.effort[0].deepest_line.endswith(f"n{DEPTH - 1} → n{DEPTH}")
    assert steps_walked["path nodes"] - before <= 10 * NODES


def test_recording_a_deep_search_logs_what_its_updates_changed_and_rewinds_exactly(steps_walked):
    game = ExplicitTreeGame(_loaded(snapshot=False))

    def make():
        return create_stepper(AlgorithmSpec(PN), ExplicitTreeGame(game.tree), Limits())

    replay = Replay(make(), make)
    replay.run()
    assert replay.outcome is not None and replay.iterations == DEPTH
    assert len(replay.live.checkpoint().change_node) <= 2 * NODES  # the undo log
    assert steps_walked["path nodes"] <= 2 * NODES
    halfway = DEPTH // 2
    rebuilt = replay.to_iteration(halfway)
    fresh = make()
    fresh.run(max_iterations=halfway)
    assert len(rebuilt.tree) == len(fresh.tree)
    assert list(rebuilt.tree.proof) == list(fresh.tree.proof)
    assert list(rebuilt.tree.disproof) == list(fresh.tree.disproof)


def test_a_node_wider_than_a_tree_holds_is_refused_as_the_file_is_read():
    with pytest.raises(TreeFileError, match=r"node 'root' has 65,536 children \(at most 65,535\)"):
        AndOrTree.from_json_text(json.dumps(fan(MOST_CHILDREN + 1)), source="wide.json")
    widest = ExplicitTreeGame(AndOrTree.from_json_text(json.dumps(fan(MOST_CHILDREN)), "w.json"))
    search = ProofNumberSearch(widest)
    assert search.run() is not None and search.tree.child_count[0] == MOST_CHILDREN
