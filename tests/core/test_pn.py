"""PN search (Figures 3.2–3.6): proofs, disproofs, stepping, determinism, limits."""

import chess
import pytest
from helpers import tree_columns, wac

from pn_explorer.core.errors import InvalidLimitError
from pn_explorer.core.games.chess_game import ChessGame, plain_count
from pn_explorer.core.games.explicit_tree import AndOrTree, ExplicitTreeGame
from pn_explorer.core.games.solution import mate_solution, refutation
from pn_explorer.core.games.suites import BUILTIN_TREES
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.types import Limits, Phase, Result, StopReason
from pn_explorer.core.tree import ROOT
from pn_explorer.core.values import INF


@pytest.mark.parametrize(
    "position_id",
    ["WAC.001", "WAC.004", "WAC.005", "WAC.012", "WAC.027", "WAC.050", "WAC.035", "WAC.009"],
)
def test_small_wac_mates_are_proved_and_verified(position_id):
    position = wac(position_id)
    game = ChessGame(position.board)
    search = ProofNumberSearch(game, Limits(max_nodes=100_000))
    outcome = search.run()
    assert outcome.result is Result.PROVED
    solution = mate_solution(game, search.proof())
    assert solution.verified
    assert solution.mate_in == position.mate_length
    assert solution.first_move_san in position.best_moves
    assert solution.main_line_san[-1].endswith("#")


@pytest.mark.parametrize("fen", ["k7/P7/1K6/8/8/8/8/8 w - - 0 1", "7k/7P/6K1/8/8/8/8/8 w - - 0 1"])
def test_draws_and_stalemates_are_disproved_with_a_refutation(fen):
    game = ChessGame.from_fen(fen)
    search = ProofNumberSearch(game)
    assert search.run().result is Result.DISPROVED
    lines = refutation(game, search.tree).lines
    assert len(lines) == len(list(game.root_board.legal_moves))
    assert any("stalemate" in reply for _move, reply in lines)
    assert all(reply not in ("not refuted", "not searched") for _move, reply in lines)


@pytest.mark.parametrize(
    "fen, reason",
    [
        ("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", "stalemate"),
        ("6k1/8/8/8/8/8/5PPP/r5K1 w - - 0 1", "checkmate"),
        ("k7/8/1K6/8/8/8/8/8 w - - 0 1", "insufficient"),
    ],
)
def test_a_root_already_over_gets_its_verdict_at_once(fen, reason):
    search = ProofNumberSearch(ChessGame.from_fen(fen))
    assert search.outcome.result is Result.DISPROVED
    assert search.outcome.reason is StopReason.ROOT_TERMINAL
    assert reason in search.outcome.detail
    assert search.run() is search.outcome


def _explicit_search():
    return ProofNumberSearch(ExplicitTreeGame(AndOrTree.from_file(BUILTIN_TREES["small-proof"])))


def test_stepping_phase_by_phase_builds_the_same_tree_as_running():
    for make in (
        _explicit_search,
        lambda: ProofNumberSearch(ChessGame(wac("WAC.049").board), Limits(10_000)),
    ):
        stepped, ran = make(), make()
        phases = []
        while stepped.outcome is None:
            report = stepped.step_phase()
            phases.extend(report.phases)
        ran.run()
        assert tree_columns(stepped.tree) == tree_columns(ran.tree)
        assert stepped.outcome == ran.outcome
        assert stepped.iterations == ran.iterations
        assert phases[:3] == [Phase.SELECT, Phase.EXPAND, Phase.UPDATE]


def test_step_reports_say_what_changed():
    search = _explicit_search()
    select = search.step_phase()
    assert select.path == [ROOT] and select.phases == [Phase.SELECT]
    expand = search.step_phase()
    assert [child for child, _p, _d in expand.new_children] == [1, 2, 3]
    assert [(p, d) for _c, p, d in expand.new_children] == [(2, 1), (3, 1), (1, 1)]
    search.step_phase()
    second = search.step_iteration()
    assert second.path == [ROOT, 3]
    assert [(c.node, c.new_proof, c.new_disproof) for c in second.changed] == [
        (3, 1, 2),
        (ROOT, 1, 4),
    ]
    assert [(c.old_proof, c.old_disproof) for c in second.changed] == [(1, 1), (1, 3)]


def test_numbers_are_exact_sums_and_minima_everywhere():
    search = ProofNumberSearch(ChessGame(wac("WAC.006").board), Limits(20_000))
    search.run()
    tree = search.tree
    for node in range(len(tree)):
        children = tree.children(node)
        if not children:
            continue
        proofs = [tree.proof[c] for c in children]
        disproofs = [tree.disproof[c] for c in children]
        if tree.is_or(node):
            expected = (min(proofs), min(sum(disproofs), INF))
        else:
            expected = (min(sum(proofs), INF), min(disproofs))
        assert tree.numbers(node) == expected


def test_the_fast_counter_builds_the_same_tree_as_python_chess_counting():
    board = wac("WAC.014").board
    fast = ProofNumberSearch(ChessGame(board), Limits(6_000))
    plain = ProofNumberSearch(ChessGame(board, counter=plain_count), Limits(6_000))
    fast.run()
    plain.run()
    assert tree_columns(fast.tree) == tree_columns(plain.tree)


def test_same_input_same_tree():
    first = ProofNumberSearch(ChessGame(wac("WAC.006").board), Limits(5_000))
    second = ProofNumberSearch(ChessGame(wac("WAC.006").board), Limits(5_000))
    first.run()
    second.run()
    assert tree_columns(first.tree) == tree_columns(second.tree)


def test_node_cap_is_never_exceeded_and_is_reported():
    search = ProofNumberSearch(ChessGame(wac("WAC.014").board), Limits(max_nodes=3_000))
    outcome = search.run()
    assert outcome.result is Result.UNKNOWN and outcome.reason is StopReason.MEMORY
    assert 2_800 < search.nodes_in_memory <= 3_000
    assert search.nodes_created == len(search.tree)


def test_iteration_limit_slices_and_cancel():
    search = ProofNumberSearch(ChessGame(wac("WAC.014").board), Limits(max_iterations=50))
    assert search.run(max_iterations=10) is None
    assert search.iterations == 10
    assert search.run().reason is StopReason.ITERATIONS
    assert search.iterations == 50
    cancelled = ProofNumberSearch(ChessGame(wac("WAC.014").board))
    cancelled.run(max_iterations=5)
    cancelled.cancel()
    assert cancelled.run().reason is StopReason.CANCELLED


def test_time_limit_stops_the_search():
    search = ProofNumberSearch(ChessGame(wac("WAC.014").board), Limits(max_seconds=0.2))
    outcome = search.run()
    assert outcome.reason is StopReason.TIME
    assert 0.2 <= search.elapsed < 5


def test_runs_continue_after_phase_steps():
    search = ProofNumberSearch(ChessGame(wac("WAC.001").board))
    search.step_phase()
    search.step_phase()
    assert search.next_phase is Phase.UPDATE
    assert search.run().result is Result.PROVED


@pytest.mark.parametrize(
    "kwargs",
    [
        {"max_nodes": 0},
        {"max_nodes": -5},
        {"max_iterations": 0},
        {"max_seconds": -1.0},
        {"max_seconds": float("nan")},
        {"max_nodes": 1.5},
    ],
)
def test_nonsense_limits_raise_a_typed_error(kwargs):
    with pytest.raises(InvalidLimitError):
        Limits(**kwargs)


def test_unit_initialisation_is_available():
    search = ProofNumberSearch(
        ChessGame(chess.Board()), Limits(max_iterations=1), initialisation="unit"
    )
    search.run()
    assert all(search.tree.numbers(child) == (1, 1) for child in search.tree.children(ROOT))
