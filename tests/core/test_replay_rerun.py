"""Replay of the searches restored by re-running (DAG PN, df-pn): the state a rewind rebuilds at
iteration k equals a fresh run to k — every column of the graph or the table, the counters, the
recursion's frames — going back and forward, and stepping on from a rewind continues the same
search node for node. The restore yields between slices, so the window never waits on it."""

from __future__ import annotations

import pytest

from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.explicit_tree import AndOrTree, ExplicitTreeGame
from pn_explorer.core.games.suites import BUILTIN_TREES
from pn_explorer.core.runs.replay import Replay
from pn_explorer.core.search import rerun
from pn_explorer.core.search.algorithms import AlgorithmSpec, create_stepper
from pn_explorer.core.search.dag_tree import DagTree
from pn_explorer.core.search.types import EVENT, ITERATION, PHASE, Limits
from tests.helpers import tree_columns, wac

DAG = AlgorithmSpec("dagpn")
DFPN = AlgorithmSpec("dfpn")


def dag_state(search) -> tuple:
    """Every column of DAG PN's graph, its index and counters, and where it stands."""
    tree = search.tree
    extra = tuple(getattr(tree, name).tobytes() for name in DagTree.__slots__[:-1])
    return (
        tree_columns(tree),
        extra,
        sorted(tree.extra_parents.items()),
        sorted(search._index.items()),
        search.iterations,
        search.nodes_created,
        (search.transpositions, search.pinned, search.separate, search.shared_draws),
        search.next_phase,
        search.selected_node,
    )


def dfpn_state(search) -> tuple:
    """df-pn's table (every column and counter), its counts, the frames of its recursion (key,
    thresholds, children's numbers) and the trace's hits."""
    table = search.table
    columns = tuple(
        getattr(table, name).tobytes()
        for name in ("keys", "proof", "disproof", "work", "distance", "clock", "flags")
    )
    counters = tuple(
        getattr(table, name)
        for name in ("entries", "peak", "probes", "hits", "stores", "replacements", "refused")
    )
    frames = tuple(
        (
            frame.key,
            frame.phi_threshold,
            frame.delta_threshold,
            tuple(frame.children.proof),
            tuple(frame.children.disproof),
            frame.backing_up,
        )
        for frame in search.frames
    )
    return (
        columns,
        counters,
        search.iterations,
        search.nodes_created,
        search.table_hits,
        frames,
        dict(search.path_trace.hits),
        search.root_numbers,
        search.path_moves,
    )


STATE = {"dagpn": dag_state, "dfpn": dfpn_state}


def chess_maker(spec: AlgorithmSpec, position: str, limits: Limits):
    board = wac(position).board
    return lambda: create_stepper(spec, ChessGame(board), limits)


def fresh_state(spec: AlgorithmSpec, make, k: int) -> tuple:
    search = make()
    search.run(max_iterations=k)
    assert search.iterations == k and search.outcome is None
    return STATE[spec.name](search)


@pytest.mark.parametrize(
    ("spec", "position", "recorded", "rewinds"),
    [
        (DAG, "WAC.001", 100, [0, 1, 50, 99, 3, 100, 64]),
        (DFPN, "WAC.222", 300, [0, 1, 150, 299, 7, 300, 42]),
    ],
    ids=["dagpn", "dfpn"],
)
def test_state_at_k_equals_a_fresh_run_to_k(spec, position, recorded, rewinds, monkeypatch):
    monkeypatch.setattr(rerun, "RESTORE_SLICE_SECONDS", 0.0)  # a slice per iteration
    make = chess_maker(spec, position, Limits(max_nodes=100_000))
    replay = Replay(make(), make)
    replay.run(max_iterations=recorded)
    assert replay.furthest_iteration == recorded
    for k in rewinds:
        pieces = sum(1 for _ in replay.rewinding(k))
        assert pieces >= (k if replay.live is not replay._furthest else 0), k
        assert replay.iterations == k
        assert STATE[spec.name](replay.live) == fresh_state(spec, make, k), k


@pytest.mark.parametrize(("spec", "small"), [(DAG, PHASE), (DFPN, EVENT)], ids=["dagpn", "dfpn"])
def test_stepping_on_from_a_rewind_continues_the_same_search(spec, small):
    make = chess_maker(spec, "WAC.001", Limits(max_nodes=100_000))
    reference = make()
    reference.run()
    replay = Replay(make(), make)
    replay.run(max_iterations=40)
    replay.step(small)
    replay.to_iteration(10)
    for _ in range(7):
        replay.step(small)
    replay.step(ITERATION)
    replay.to_iteration(25)
    assert replay.run() is reference.outcome or replay.outcome == reference.outcome
    assert (replay.nodes_created, replay.iterations) == (
        reference.nodes_created,
        reference.iterations,
    )
    for k in (3, replay.furthest_iteration - 1):
        replay.to_iteration(k)
        assert STATE[spec.name](replay.live) == fresh_state(spec, make, k)


@pytest.mark.parametrize("spec", [DAG, DFPN], ids=["dagpn", "dfpn"])
def test_a_tree_file_replays_to_the_end_and_back(spec):
    tree = AndOrTree.from_file(BUILTIN_TREES["small-proof"])

    def make():
        return create_stepper(spec, ExplicitTreeGame(tree), Limits())

    replay = Replay(make(), make)
    while replay.outcome is None:
        replay.smallest_step()
    outcome, furthest = replay.outcome, replay.furthest_iteration
    assert outcome.solved and furthest > 2
    for k in range(furthest - 1, -1, -1):
        replay.to_iteration(k)
        assert replay.outcome is None and replay.iterations == k
    while replay.outcome is None:
        replay.step(ITERATION)
    assert replay.outcome == outcome and replay.furthest_iteration == furthest
