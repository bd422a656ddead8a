"""Pn² search (thesis ch. 4): the fraction and budget rule, discarding, counting, stepping into
and over the second level, the memory bound and verified proofs."""

from __future__ import annotations

import math

import chess
import networkx as nx
import pytest

from pn_explorer.core.errors import InvalidLimitError
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.explicit_tree import AndOrTree, ExplicitTreeGame
from pn_explorer.core.games.solution import mate_solution
from pn_explorer.core.games.suites import RESOURCES
from pn_explorer.core.proofs.proof import proof_tree
from pn_explorer.core.search.events import SecondLevelEnded, SecondLevelStarted, SecondLevelStepped
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.pn2 import Pn2Search, fraction_logistic, second_level_budget
from pn_explorer.core.search.types import Limits, Phase, Result, StopReason
from pn_explorer.core.tree import ROOT, Tree
from pn_explorer.core.values import INF, Value

SMALL_A, SMALL_B = 2_000, 500
"""Parameters that make the second level grow early, so it matters on small searches."""


def wac(position_id: str) -> chess.Board:
    """A position of the shipped wac-mates suite, by its id (e.g. "WAC.001")."""
    for line in (RESOURCES / "suites" / "wac-mates.epd").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            board, operations = chess.Board.from_epd(line)
            if operations["id"] == position_id:
                return board
    raise KeyError(position_id)


def uniform_tree(depth: int, branching: int, leaf_value: str = "false") -> AndOrTree:
    """A complete tree: OR nodes at even depths, AND at odd, every leaf `leaf_value`.

    Nodes are named by their path: "r", "r0", "r01", ...
    """
    graph = nx.DiGraph()
    frontier = ["r"]
    graph.add_node("r", type="OR")
    for level in range(1, depth + 1):
        next_frontier = []
        for parent in frontier:
            for index in range(branching):
                name = f"{parent}{index}"
                if level == depth:
                    graph.add_node(name, value=leaf_value)
                else:
                    graph.add_node(name, type="OR" if level % 2 == 0 else "AND")
                graph.add_edge(parent, name)
                next_frontier.append(name)
        frontier = next_frontier
    return AndOrTree.from_graph(graph)


def tree_game(name: str) -> ExplicitTreeGame:
    return ExplicitTreeGame(AndOrTree.from_file(RESOURCES / "trees" / f"{name}.json"))


def columns(tree: Tree) -> dict[str, list[int]]:
    return {name: list(getattr(tree, name)) for name in Tree.__slots__}


def counts(search: Pn2Search) -> tuple[int, ...]:
    return (
        search.nodes_created,
        search.nodes_in_memory,
        search.peak_nodes_in_memory,
        search.second_level_searches,
        search.nodes_discarded,
        search.iterations,
    )


# -- the fraction and the budget rule (§4.2) -------------------------------------------------------


def test_fraction_logistic_on_hand_checked_values():
    assert fraction_logistic(600_000, 600_000, 80_000) == 0.5
    # (a - x) / b = 7.5 and 3.75: 1 / (1 + e^7.5) and 1 / (1 + e^3.75).
    assert fraction_logistic(0, 600_000, 80_000) == pytest.approx(1 / 1809.0424, rel=1e-6)
    assert fraction_logistic(300_000, 600_000, 80_000) == pytest.approx(1 / 43.521082, rel=1e-6)
    # x = a + b ln 3 gives 1 / (1 + 1/3) = 3/4.
    assert fraction_logistic(100 + 10 * math.log(3), 100, 10) == pytest.approx(0.75)
    assert fraction_logistic(10**9, 100, 10) == 1.0
    assert fraction_logistic(0, 10**9, 1) == 0.0  # exp(10^9) would overflow: f is 0 there


def test_budget_is_x_times_f_of_x_bounded_by_n_minus_x():
    # f(100K) = 1/2 with a = 100K: half the first-level size.
    assert second_level_budget(100_000, 300_000, 100_000, 10_000, "logistic") == 50_000
    # The paper's example: 225K first-level nodes and f = 1 leave room for only 75K.
    assert second_level_budget(225_000, 300_000, 1, 1, "one") == 75_000
    assert second_level_budget(100_000, 300_000, 1, 1, "one") == 100_000
    # f ≈ 1 near the cap: N - x wins.
    assert second_level_budget(290_000, 300_000, 100, 1, "logistic") == 10_000
    # x·f(x) is rounded down: 3 · 1/2 = 1.5 → 1.
    assert second_level_budget(3, 1_000, 3, 1, "logistic") == 1
    # No cap: x·f(x) alone.
    assert second_level_budget(225_000, None, 1, 1, "one") == 225_000


def test_budget_always_lets_the_second_level_expand_its_root():
    # The paper's defaults early on: 1000 · f(1000) ≈ 0.56 → 0, raised to the root + 30 children.
    assert second_level_budget(1_000, 300_000, 600_000, 80_000, "logistic", root_moves=30) == 31
    assert second_level_budget(3, 1_000, 3, 1, "logistic", root_moves=2) == 3
    # At the cap the one expansion no longer fits under N - x = 0: the caller must stop.
    assert second_level_budget(300_000, 300_000, 1, 1, "one", root_moves=20) == 21


@pytest.mark.parametrize(
    "parameters",
    [
        {"a": 0},
        {"b": -1},
        {"a": math.nan},
        {"b": math.inf},
        {"a": "600000"},
        {"b": True},
        {"fraction": "two"},
        {"fraction": "One"},
    ],
)
def test_bad_parameters_raise_invalid_limit_error(parameters):
    with pytest.raises(InvalidLimitError):
        Pn2Search(tree_game("small-proof"), Limits(max_nodes=100), **parameters)


# -- what the first level keeps (§4.1) -------------------------------------------------------------


def test_unsolved_second_level_leaves_exactly_the_root_children():
    """Hand-checked with f ≡ 1 on a complete binary tree whose leaves lie far below.

    Iteration 1 expands r (budget 3 = r + 2 children), iteration 2 expands r0 (x = 3, budget 3).
    Iteration 3 evaluates r00 with x = 5, budget 5: r00 is expanded (r000, r001), then r000 too
    (r0000, r0001); then the budget is used up. r000 and r001 are kept, the two below discarded.
    """
    search = Pn2Search(
        ExplicitTreeGame(uniform_tree(8, 2)), Limits(max_nodes=10_000), fraction="one"
    )
    search.step_iteration()
    search.step_iteration()
    assert len(search.tree) == 5
    report = search.step_phase()
    assert report.path == [0, 1, 3]
    node = 3
    report = search.step_into()
    started = report.last(SecondLevelStarted)
    assert started.first_level_node == node and started.budget == 5
    assert search.second_level_root == node
    inner_reports = [report.last(SecondLevelStepped).inner]
    while report.last(SecondLevelEnded) is None:
        second = search.second_level.tree
        expected = {
            "move": list(second.move[1:3]),
            "proof": list(second.proof[1:3]),
            "disproof": list(second.disproof[1:3]),
            "flags": list(second.flags[1:3]),
        }
        assert search.nodes_in_memory == 5 + len(second)
        report = search.step_into()
        inner_reports.append(report.last(SecondLevelStepped).inner)
    event = report.last(SecondLevelEnded)
    assert [r.phases for r in inner_reports] == [
        [Phase.SELECT],
        [Phase.EXPAND],
        [Phase.UPDATE],
        [Phase.SELECT],
        [Phase.EXPAND],
        [Phase.UPDATE],
        [Phase.SELECT],
    ]
    assert event.outcome.reason is StopReason.MEMORY
    assert (event.size, event.kept, event.discarded) == (5, [5, 6], 2)
    assert report.phases == [Phase.EXPAND]
    assert search.second_level is None and search.second_level_root is None

    tree = search.tree
    assert list(tree.children(node)) == [5, 6]
    assert [tree.move[c] for c in (5, 6)] == expected["move"]
    assert [search.game.tree.nodes[tree.move[c]].name for c in (5, 6)] == ["r000", "r001"]
    assert [tree.proof[c] for c in (5, 6)] == expected["proof"] == [2, 2]
    # r000 was expanded in the second level, so its disproof number is no longer its mobility.
    assert [tree.disproof[c] for c in (5, 6)] == expected["disproof"] == [2, 1]
    assert not any(tree.is_expanded(c) for c in (5, 6))
    assert all(tree.evaluation(c) is Value.UNKNOWN and not tree.is_or(c) for c in (5, 6))
    assert len(tree) == 7
    assert search.nodes_in_memory == 7
    assert search.nodes_discarded == 2
    assert search.nodes_created == 1 + 2 + 2 + 4 == len(tree) + search.nodes_discarded
    assert search.peak_nodes_in_memory == 5 + 5
    assert report.new_children == [(5, 2, 2), (6, 2, 1)]


def test_solved_second_level_leaves_no_second_level_node_behind():
    """small-proof with f ≡ 1: iteration 2 evaluates D (x = 4, budget 4): D → K → K1, K2 both
    false, so the second level disproves D. D takes the value, as a leaf; all 3 nodes below go."""
    search = Pn2Search(tree_game("small-proof"), Limits(max_nodes=1_000), fraction="one")
    search.step_iteration()
    assert len(search.tree) == 4
    report = search.step_over()
    event = report.last(SecondLevelEnded)
    node = 3
    assert search.game.tree.nodes[search.tree.move[node]].name == "D"
    assert event.first_level_node == node and event.budget == 4
    assert event.outcome.result is Result.DISPROVED
    assert (event.size, event.kept, event.discarded) == (4, [], 3)
    assert search.second_level is None
    assert len(search.tree) == 4 and search.nodes_in_memory == 4
    assert not search.tree.is_expanded(node)
    search.step_phase()  # the update gives D the second level's numbers
    assert search.tree.numbers(node) == (INF, 0)
    assert search.nodes_created == 7 == len(search.tree) + search.nodes_discarded


def test_small_proof_is_proved_and_every_solved_evaluation_leaves_nothing_behind():
    search = Pn2Search(tree_game("small-proof"), Limits(max_nodes=1_000), fraction="one")
    solved_evaluations = 0
    while True:
        report = search.step_into()
        event = report.last(SecondLevelEnded)
        if event is not None:
            assert search.second_level is None
            assert search.nodes_in_memory == len(search.tree)
            if event.outcome.solved:
                solved_evaluations += 1
                assert event.kept == [] and event.discarded == event.size - 1
                assert not search.tree.is_expanded(event.first_level_node)
        if report.outcome is not None:
            break
    assert search.outcome.result is Result.PROVED
    assert solved_evaluations >= 2
    assert search.nodes_created == len(search.tree) + search.nodes_discarded
    assert search.proof().size() >= proof_tree(search.tree).size()


# -- stepping --------------------------------------------------------------------------------------


def finished(search: Pn2Search, step: str) -> Pn2Search:
    if step == "run":
        assert search.run() is not None
    elif step == "slices":
        while search.run(max_iterations=1) is None:
            pass
    elif step == "time_slices":  # slices end inside second-level searches too
        while search.run(max_seconds=0.005) is None:
            pass
    else:
        while getattr(search, step)().outcome is None:
            pass
    return search


STEPS = ["run", "slices", "time_slices", "step_into", "step_over", "step_phase", "step_iteration"]


@pytest.mark.parametrize("game", ["small-proof", "uniform", "wac"])
def test_stepping_into_over_and_running_build_the_same_first_level_tree(game):
    def make() -> Pn2Search:
        if game == "wac":
            return Pn2Search(
                ChessGame(wac("WAC.001")), Limits(max_nodes=20_000), a=SMALL_A, b=SMALL_B
            )
        if game == "uniform":
            return Pn2Search(
                ExplicitTreeGame(uniform_tree(6, 3, "true")), Limits(max_nodes=100), fraction="one"
            )
        return Pn2Search(tree_game(game), Limits(max_nodes=1_000), fraction="one")

    reference = finished(make(), "run")
    assert reference.second_level_searches > 3
    for step in STEPS[1:]:
        other = finished(make(), step)
        assert other.outcome == reference.outcome, step
        assert columns(other.tree) == columns(reference.tree), step
        assert counts(other) == counts(reference), step


def test_step_into_reports_the_second_level_as_it_grows():
    search = Pn2Search(ChessGame(wac("WAC.001")), Limits(max_nodes=20_000), a=SMALL_A, b=SMALL_B)
    starts = ends = 0
    while search.outcome is None:
        report = search.step_into()
        stepped = report.last(SecondLevelStepped)
        ended = report.last(SecondLevelEnded)
        assert search.nodes_in_memory <= 20_000
        if stepped is None:
            assert search.second_level is None and ended is None
            continue
        started = report.last(SecondLevelStarted)
        if started is not None:
            starts += 1
            budget = started.budget
            assert stepped.inner.phases == [Phase.SELECT]
        if ended is not None:
            ends += 1
            assert search.second_level is None
            assert ended.size - 1 == len(ended.kept) + ended.discarded
            assert [c for c, _, _ in report.new_children] == ended.kept
        else:
            live = search.second_level
            assert live is not None and search.second_level_root == stepped.first_level_node
            assert len(live.tree) <= budget
            for change in stepped.inner.changed:
                assert live.tree.numbers(change.node) == (change.new_proof, change.new_disproof)
    assert starts == ends == search.second_level_searches
    assert search.outcome.result is Result.PROVED


# -- memory and counting ---------------------------------------------------------------------------


def test_peak_nodes_in_memory_never_above_n_and_memory_stop():
    cap = 1_000
    search = Pn2Search(ChessGame(wac("WAC.014")), Limits(max_nodes=cap), a=500, b=150)
    outcome = search.run()
    assert outcome.result is Result.UNKNOWN and outcome.reason is StopReason.MEMORY
    assert cap - 40 < search.peak_nodes_in_memory <= cap
    assert search.nodes_created > 5 * cap
    assert search.nodes_created == len(search.tree) + search.nodes_discarded
    assert search.nodes_in_memory == len(search.tree) <= cap

    stepped = Pn2Search(ChessGame(wac("WAC.014")), Limits(max_nodes=cap), a=500, b=150)
    highest = 0
    while stepped.step_into().outcome is None:
        highest = max(highest, stepped.nodes_in_memory)
        assert highest <= stepped.peak_nodes_in_memory <= cap
    assert counts(stepped) == counts(search)
    assert highest == search.peak_nodes_in_memory


def test_with_f_near_zero_pn2_is_pn():
    """f ≈ 0: every second level is one expansion, so the first level makes PN's iterations with
    PN's numbers; only nodes the second level solved keep no children."""
    board = wac("WAC.001")
    pn = ProofNumberSearch(ChessGame(board), Limits(max_nodes=100_000))
    pn2 = Pn2Search(ChessGame(board), Limits(max_nodes=100_000), a=1e9, b=1)
    assert pn.run() == pn2.run()
    assert (pn2.iterations, pn2.nodes_created) == (pn.iterations, pn.nodes_created)
    assert pn2.second_level_searches == pn2.iterations
    stack = [(ROOT, ROOT)]
    while stack:
        mine, theirs = stack.pop()
        assert pn2.tree.numbers(mine) == pn.tree.numbers(theirs)
        if pn2.tree.is_expanded(mine):
            by_move = {pn.tree.move[c]: c for c in pn.tree.children(theirs)}
            stack.extend((c, by_move[pn2.tree.move[c]]) for c in pn2.tree.children(mine))
        elif pn.tree.is_expanded(theirs):
            assert pn2.tree.is_solved(mine)


# -- proofs ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("position_id", "fraction"),
    [
        ("WAC.001", "logistic"),
        ("WAC.104", "logistic"),
        ("WAC.132", "logistic"),
        ("WAC.161", "logistic"),
        ("WAC.250", "logistic"),
        ("WAC.267", "logistic"),
        ("WAC.132", "one"),
    ],
)
def test_pn2_proofs_pass_the_verifier(position_id, fraction):
    """The second level solves leaves whose subtrees it throws away; `proof` recovers them, so
    the stitched proof is larger than what the first-level tree holds, and it verifies."""
    game = ChessGame(wac(position_id))
    search = Pn2Search(game, Limits(max_nodes=20_000), a=SMALL_A, b=SMALL_B, fraction=fraction)
    assert search.run().result is Result.PROVED
    assert search.peak_nodes_in_memory <= 20_000
    skeleton = proof_tree(search.tree)
    proof = search.proof()
    assert proof.size() > skeleton.size()
    solution = mate_solution(game, proof)
    assert solution.verified and solution.mate_in >= 1


def test_root_proved_by_its_first_second_level_search():
    """Mate in one: the first second level proves the root, which keeps no children; the proof
    is recovered whole."""
    game = ChessGame.from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    search = Pn2Search(game, Limits(max_nodes=1_000))
    assert search.run().result is Result.PROVED
    assert len(search.tree) == 1 and search.second_level_searches == 1
    solution = mate_solution(game, search.proof())
    assert (solution.mate_in, solution.main_line_uci) == (1, ["a1a8"])


def test_root_already_decided():
    game = ChessGame.from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")  # Black to move is mated
    search = Pn2Search(game, Limits(max_nodes=100))
    assert search.outcome.reason is StopReason.ROOT_TERMINAL
    assert search.run().result is Result.DISPROVED
    assert search.nodes_created == 1 and search.second_level_searches == 0


def test_cancel_stops_before_the_next_iteration():
    search = Pn2Search(ChessGame(wac("WAC.006")), Limits(max_nodes=20_000), a=SMALL_A, b=SMALL_B)
    assert search.run(max_iterations=5) is None
    search.cancel()
    assert search.run().reason is StopReason.CANCELLED
    assert search.iterations == 5 and search.second_level is None
