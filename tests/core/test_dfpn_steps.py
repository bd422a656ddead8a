"""df-pn stepped event by event: the same search as `run`, the thresholds each frame reports, the
back-ups, and the table hits by position."""

from __future__ import annotations

import random

import pytest

from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.explicit_tree import ExplicitTreeGame
from pn_explorer.core.games.suites import find_position, load_suite
from pn_explorer.core.inputs.boards import parse_fen
from pn_explorer.core.search.algorithms import AlgorithmSpec, create_stepper
from pn_explorer.core.search.contract import Stepper
from pn_explorer.core.search.dfpn import DfpnSearch
from pn_explorer.core.search.dfpn_steps import TRACE_FLOOR, DfpnStepper
from pn_explorer.core.search.events import BackUpReason, EventKind
from pn_explorer.core.search.types import Limits, Result
from pn_explorer.core.values import INF
from tests.core.test_dfpn import RecordingDfpn, random_tree, three_child_tree

CHESS = ["WAC.001", "WAC.009", "WAC.222"]


def chess(position_id: str) -> ChessGame:
    return ChessGame(find_position(load_suite("wac-mates"), position_id).board)


def table_contents(search: DfpnSearch) -> list[tuple[int, ...]]:
    table = search.table
    columns = (table.keys, table.proof, table.disproof, table.work, table.distance)
    return [tuple(column[slot] for column in columns) for slot in range(len(table.keys))]


def step_to_end(search: DfpnStepper) -> int:
    steps = 0
    while search.outcome is None:
        search.step_event()
        steps += 1
    return steps


def assert_same_search(run: DfpnSearch, stepped: DfpnStepper) -> None:
    assert stepped.outcome == run.outcome
    assert stepped.nodes_created == run.nodes_created
    assert stepped.iterations == run.iterations
    assert stepped.root_numbers == run.root_numbers
    assert stepped.table_hits == run.table_hits
    assert table_contents(stepped) == table_contents(run)


@pytest.mark.parametrize("position_id", CHESS)
def test_stepping_creates_the_nodes_run_creates_on_chess(position_id: str) -> None:
    limits = Limits(max_nodes=50_000, max_iterations=3_000)
    run = DfpnSearch(chess(position_id), limits)
    run.run()
    stepped = DfpnStepper(chess(position_id), limits)
    assert step_to_end(stepped) > stepped.iterations  # expansions and back-ups
    assert_same_search(run, stepped)


@pytest.mark.parametrize("seed", range(6))
def test_stepping_creates_the_nodes_run_creates_on_explicit_trees(seed: int) -> None:
    tree = random_tree(random.Random(seed), 6)
    run = DfpnSearch(ExplicitTreeGame(tree), Limits())
    run.run()
    stepped = DfpnStepper(ExplicitTreeGame(tree), Limits())
    step_to_end(stepped)
    assert_same_search(run, stepped)


def test_sliced_runs_keep_the_path_and_equal_one_run() -> None:
    """The app's full-speed slices resume the paused recursion instead of restarting at the root."""
    limits = Limits(max_nodes=50_000)
    run = DfpnSearch(chess("WAC.001"), limits)
    run.run()
    stepped = DfpnStepper(chess("WAC.001"), limits)
    stepped.step_iteration()
    while stepped.run(max_iterations=7) is None:
        pass
    assert_same_search(run, stepped)


def test_create_stepper_offers_dfpn_as_a_stepper_stepped_by_events() -> None:
    stepper = create_stepper(AlgorithmSpec("dfpn"), chess("WAC.001"), Limits())
    assert isinstance(stepper, Stepper)
    assert stepper.capabilities.two_levels is False and stepper.second_level is None
    assert [unit.name for unit in stepper.step_units] == ["event", "iteration"]
    assert not stepper.capabilities.quizzable and stepper.capabilities.replayable


def test_each_frame_reports_the_thresholds_mid_was_called_with() -> None:
    """On three_child_tree every expansion's frame carries the (φ_t, δ_t) of that MID call, as a
    search recording its calls sees them: R ∞/∞, then A with ∞ − 3 + 1 and δ₂ + 1 = 3."""
    recorded = RecordingDfpn(three_child_tree(), Limits())
    recorded.run()
    stepped = DfpnStepper(three_child_tree(), Limits())
    seen = []
    while stepped.outcome is None:
        for event in stepped.step_event().events:
            if event.kind is EventKind.EXPANDED:
                frame = stepped.frames[-1]
                assert len(stepped.frames) == event.depth + 1
                seen.append(
                    (stepped.game.position_label(), frame.phi_threshold, frame.delta_threshold)
                )
    assert seen == recorded.calls
    assert seen[:2] == [("R", INF, INF), ("A", INF - 3 + 1, 3)]


def test_a_back_up_names_the_threshold_reached_before_the_frame_is_popped() -> None:
    """A (AND) returns when its δ = pn(A) reaches δ_t = 3: the event says so while A's frame is
    still the deepest, and the next step pops it (R turns to C)."""
    stepped = DfpnStepper(three_child_tree(), Limits())
    while True:
        events = stepped.step_event().events
        if events and events[0].kind is EventKind.BACKED_UP and events[0].depth == 1:
            break
    frame = stepped.frames[-1]
    assert len(stepped.frames) == 2 and stepped.game.node_name(frame.move) == "A"
    assert frame.backing_up is BackUpReason.DELTA
    assert frame.numbers[0] == frame.delta >= frame.delta_threshold == 3
    stepped.step_event()
    assert stepped.game.node_name(stepped.frames[-1].move) == "C"
    assert step_to_end(stepped) and stepped.outcome.result is Result.PROVED


def test_the_drawn_tree_is_the_path_with_each_frames_children() -> None:
    stepped = DfpnStepper(three_child_tree(), Limits())
    for _ in range(3):
        stepped.step_event()
    assert stepped.tree is None  # the contract's search tree: df-pn keeps none
    tree = stepped.drawn_tree
    path = tree.most_proving_path()
    assert len(path) == len(stepped.frames)
    for node, frame in zip(path, stepped.frames, strict=True):
        assert tree.numbers(node) == frame.numbers
        assert len(tree.children(node)) == len(frame.children.moves)
    assert [tree.move[node] for node in path[1:]] == stepped.path_moves


def test_hits_count_children_found_in_the_table_by_position() -> None:
    """With a table that never replaces, a child is found in the table every time it is generated
    again (as an unsolved child) after its first generation; positions generated from two parents
    are labelled transpositions."""
    game = ChessGame(parse_fen("8/8/8/8/8/2k5/8/K6R w - - 0 1"))  # KRK: many transpositions
    stepped = DfpnStepper(game, Limits(max_nodes=1_000_000, max_iterations=400))
    generated: dict[int, int] = {}
    while stepped.outcome is None:
        report = stepped.step_event()
        for event in report.events:
            if event.kind is EventKind.EXPANDED:
                children = stepped.frames[-1].children
                for key, terminal in zip(children.keys, children.terminal, strict=True):
                    if not terminal:
                        generated[key] = generated.get(key, 0) + 1
    assert stepped.table.replacements == 0
    trace = stepped.path_trace
    assert sum(trace.hits.values()) == stepped.table_hits > 0
    assert dict(trace.hits) == {key: n - 1 for key, n in generated.items() if n > 1}
    transposed = [key for key in trace.hits if len(trace.parents[key]) > 1]
    assert transposed
    key = transposed[0]
    assert trace.transposition_label(key) == f"seen {trace.hits[key]}× — transposition"


def test_the_trace_keeps_only_what_its_frames_show() -> None:
    """Hits and parents are kept for the frames' children only (bounded by the path), however
    many positions the search generates: 1M-entry searches must not leave one record each."""
    game = ChessGame(parse_fen("8/8/8/8/8/2k5/8/K6R w - - 0 1"))
    stepped = DfpnStepper(game, Limits(max_iterations=6_000))
    trace = stepped.path_trace
    most = widest = 0
    while stepped.outcome is None:
        stepped.step_iteration()
        widest = max(widest, sum(len(frame.children.keys) for frame in stepped.frames))
        most = max(most, len(trace.parents), len(trace.hits))
        # twice the most the frames showed at a pruning, the slack, one expansion's children
        assert most <= 2 * widest + TRACE_FLOOR + 64
    assert stepped.nodes_created > 10 * most
    for frame in stepped.frames:
        for key in frame.children.keys:
            assert frame.key in trace.parents.get(key, {frame.key})


@pytest.mark.parametrize("limits", [Limits(max_iterations=30), Limits(max_nodes=64)])
def test_a_limit_stop_marks_the_frames_stopped(limits) -> None:
    """Stopped by a limit (iterations, the work budget of a small table), the frames left on the
    stack are not "searching": the trace says why the search stopped."""
    stepped = DfpnStepper(chess("WAC.222"), limits)
    assert stepped.path_trace.stopped == ""
    step_to_end(stepped)
    assert not stepped.outcome.solved
    assert stepped.frames and all(frame.backing_up is None for frame in stepped.frames[1:])
    assert stepped.path_trace.stopped == str(stepped.outcome)


def test_a_solved_root_is_not_marked_stopped() -> None:
    stepped = DfpnStepper(three_child_tree(), Limits())
    step_to_end(stepped)
    assert stepped.outcome.solved and stepped.path_trace.stopped == ""


def test_threats_are_tested_only_down_to_the_threat_depth() -> None:
    """With threats on and `threat_depth` 0, WAC.001's root flags its threatening quiet moves
    and no deeper frame tests any; with depth 2, a frame at ply 2 may flag them too."""
    stepped = DfpnStepper(chess("WAC.001"), threat_divisor=2, threat_depth=0)
    deepest = 0
    for _ in range(40):
        stepped.step_iteration()
        for depth, frame in enumerate(stepped.frames):
            deepest = max(deepest, depth)
            if depth > 0:
                assert not any(frame.children.threat)
    assert any(stepped.frames[0].children.threat) and deepest >= 2
    deeper = DfpnStepper(chess("WAC.001"), threat_divisor=2, threat_depth=2)
    flagged_below_root = False
    for _ in range(40):
        deeper.step_iteration()
        flagged_below_root |= any(any(frame.children.threat) for frame in deeper.frames[1:3])
    assert flagged_below_root
    with pytest.raises(ValueError, match="threat_depth"):
        DfpnStepper(chess("WAC.001"), threat_divisor=2, threat_depth=-1)
