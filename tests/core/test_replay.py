"""The replay: the state it rebuilds at iteration k equals a fresh run to k, every column and
counter, for PN and Pn², on chess and on a tree file, going back, forward and on from a rewind."""

from __future__ import annotations

import pytest

from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.explicit_tree import AndOrTree, ExplicitTreeGame
from pn_explorer.core.games.suites import BUILTIN_TREES
from pn_explorer.core.runs.replay import Replay
from pn_explorer.core.search import tree_history
from pn_explorer.core.search.algorithms import AlgorithmSpec, create_stepper
from pn_explorer.core.search.snapshot import snapshot_search
from pn_explorer.core.search.types import OVER, PHASE, Limits
from tests.helpers import tree_columns, wac

PN_LIMITS = Limits(max_nodes=200_000)
PN2_LIMITS = Limits(max_nodes=4_000)
PN2_SPEC = AlgorithmSpec("pn2", a=300, b=100)


def state(search) -> tuple:
    """Everything a fresh run to k fixes: all tree columns, the counters, where the next
    selection starts, and (Pn²) the second-level counts."""
    return (
        tree_columns(search.tree),
        search.iterations,
        search.nodes_created,
        search.nodes_in_memory,
        search.peak_nodes_in_memory,
        search._current,
        search.second_level_searches,
        getattr(search, "nodes_discarded", None),
        search.second_level,
        search.outcome,
    )


def chess_maker(spec: AlgorithmSpec, limits: Limits, position: str = "WAC.014"):
    board = wac(position).board
    return lambda: create_stepper(spec, ChessGame(board), limits)


def fresh_state(make, k: int) -> tuple:
    search = make()
    search.run(max_iterations=k)
    assert search.iterations == k
    search.outcome = None  # a run stopped by `max_iterations` has not ended: the replay's neither
    return state(search)


@pytest.mark.parametrize(
    ("spec", "limits", "recorded", "rewinds"),
    [
        (AlgorithmSpec("pn"), PN_LIMITS, 800, [0, 1, 7, 420, 799, 3, 800, 500]),
        (PN2_SPEC, PN2_LIMITS, 60, [0, 1, 30, 59, 2, 60, 17]),
    ],
    ids=["pn", "pn2"],
)
def test_state_at_k_equals_a_fresh_run_to_k_on_chess(spec, limits, recorded, rewinds, monkeypatch):
    monkeypatch.setattr(tree_history, "UNDO_SLICE", 7)  # many slices: each resumes correctly
    make = chess_maker(spec, limits)
    replay = Replay(make(), make)
    replay.run(max_iterations=recorded)
    assert replay.furthest_iteration == recorded
    for k in rewinds:
        replay.to_iteration(k)
        expected = fresh_state(make, k)
        actual = state(replay.live)
        if k == recorded:
            actual = actual[:-1] + (None,)
        assert actual == expected, k


@pytest.mark.parametrize("spec", [AlgorithmSpec("pn"), PN2_SPEC], ids=["pn", "pn2"])
def test_stepping_on_from_a_rewind_continues_the_same_search(spec):
    limits = PN_LIMITS if spec.name == "pn" else PN2_LIMITS
    make = chess_maker(spec, limits)
    replay = Replay(make(), make)
    replay.run(max_iterations=40)
    replay.to_iteration(10)
    for _ in range(7):
        replay.step(PHASE)
    replay.step_iteration()
    replay.step(OVER)
    replay.run(max_iterations=0)  # finish the iteration under way
    behind = replay.iterations
    assert behind < 40 and replay.live is not replay._furthest
    assert state(replay.live) == fresh_state(make, behind)
    replay.run(max_iterations=60 - behind)
    assert replay.iterations == 60 == replay.furthest_iteration
    assert replay.live is replay._furthest
    for k in (60, 45, 12):
        replay.to_iteration(k)
        assert state(replay.live) == fresh_state(make, k), k


def test_a_rewind_from_the_middle_of_an_iteration_forgets_the_half_done_expansion():
    make = chess_maker(AlgorithmSpec("pn"), PN_LIMITS)
    replay = Replay(make(), make)
    replay.run(max_iterations=30)
    replay.step(PHASE)
    replay.step(PHASE)  # selected and expanded; the update is pending
    assert replay.update_pending
    replay.to_iteration(30)
    assert not replay.update_pending and state(replay.live) == fresh_state(make, 30)
    replay.to_iteration(29)
    assert state(replay.live) == fresh_state(make, 29)
    replay.run(max_iterations=5)
    replay.to_iteration(31)
    assert state(replay.live) == fresh_state(make, 31)


def test_tree_files_replay_too():
    tree = AndOrTree.from_file(BUILTIN_TREES["small-proof"])
    spec = AlgorithmSpec("pn")

    def make():
        return create_stepper(spec, ExplicitTreeGame(tree), Limits())

    replay = Replay(make(), make)
    assert replay.run() is not None and replay.outcome.solved
    for k in range(replay.furthest_iteration - 1, -1, -1):
        replay.to_iteration(k)
        assert state(replay.live) == fresh_state(make, k), k
    replay.to_iteration(replay.furthest_iteration)
    assert replay.outcome.solved


def test_a_snapshot_is_iteration_zero():
    """Figure 3.1 opens as a search in progress: that is where its timeline starts."""
    tree = AndOrTree.from_file(BUILTIN_TREES["figure-3-1"])

    def make():
        return snapshot_search(tree)

    replay = Replay(make(), make)
    replay.run(max_iterations=3)  # L, the most-proving leaf, has nothing below it in the file
    assert replay.furthest_iteration == 0 and replay.outcome is not None
    replay.to_iteration(0)
    assert tree_columns(replay.tree) == tree_columns(make().tree)


def test_the_log_holds_the_plot_series():
    make = chess_maker(AlgorithmSpec("pn"), PN_LIMITS)
    replay = Replay(make(), make)
    replay.run(max_iterations=50)
    log = replay.log
    assert len(log.root_proof) == len(log.root_disproof) == len(log.nodes) == 51
    fresh = make()
    for k in (0, 1, 25, 50):
        fresh.run(max_iterations=k - fresh.iterations)
        assert (log.root_proof[k], log.root_disproof[k]) == fresh.root_numbers
        assert log.nodes[k] == fresh.nodes_in_memory


def test_rewinding_out_of_range_is_refused_and_a_moved_search_stops_a_sliced_rewind():
    make = chess_maker(AlgorithmSpec("pn"), PN_LIMITS)
    replay = Replay(make(), make)
    replay.run(max_iterations=20)
    with pytest.raises(ValueError):
        replay.to_iteration(21)
    live = replay.live
    pieces = replay.rewinding(3)
    next(pieces)
    replay.step_iteration()  # the search moves on: the half-done rewind must not install
    for _ in pieces:
        pass
    assert replay.live is live and replay.iterations == 21


def test_stepping_on_from_the_furthest_iteration_rebuilt_records_what_follows():
    make = chess_maker(AlgorithmSpec("pn"), PN_LIMITS)
    replay = Replay(make(), make)
    replay.run(max_iterations=12)
    replay.step(PHASE)  # halfway through iteration 13
    replay.to_iteration(12)  # the state at rest after 12: a rebuilt copy
    assert replay.live is not replay._furthest
    for _ in range(6):
        replay.step(PHASE)  # two whole iterations, phase by phase
    replay.to_iteration(5)
    replay.to_iteration(14)
    assert replay.furthest_iteration == 14
    assert state(replay.live) == fresh_state(make, 14)
