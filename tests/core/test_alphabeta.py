"""The depth-first mate-in-n baseline: right depth, no early mates, orderings, limits, proofs."""

import chess
import pytest

from pn_explorer.core.errors import InvalidLimitError
from pn_explorer.core.games.chess_codes import decode_move, encode_move
from pn_explorer.core.games.chess_game import ChessGame, power_ordered_moves
from pn_explorer.core.games.explicit_tree import AndOrTree, ExplicitTreeGame
from pn_explorer.core.games.solution import mate_solution, verify_tree_proof
from pn_explorer.core.games.suites import RESOURCES, load_suite
from pn_explorer.core.search.alphabeta import (
    REFUTATIONS_PER_PLY,
    AlphaBetaMateSearch,
    shortest_mate,
)
from pn_explorer.core.search.defaults import POWER, SQUARE
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.types import Limits, Result, StopReason

WAC = {position.id: position for position in load_suite("wac-mates")}
MATE_IN_TWO = [pid for pid, position in WAC.items() if position.mate_length == 2]
QUICK_MATE_IN_THREE = ["WAC.097", "WAC.102"]

MATE_IN_ONE = {
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1": "a1a8",
    "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1": "a8a1",
    "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3": "f3f7",
    "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1": "f1f8",
}


def solve(board_or_fen, **options):
    game = ChessGame(
        board_or_fen if isinstance(board_or_fen, chess.Board) else chess.Board(board_or_fen)
    )
    search = AlphaBetaMateSearch(game, options.pop("limits", Limits(max_nodes=200_000)), **options)
    return game, search, search.run()


@pytest.mark.parametrize("fen", list(MATE_IN_ONE))
def test_mate_in_one_found_at_depth_one(fen):
    game, search, outcome = solve(fen)
    assert outcome.result is Result.PROVED
    assert (search.mate_in, search.depth_reached) == (1, 1)
    solution = mate_solution(game, search.proof())
    assert solution.mate_in == 1
    key = MATE_IN_ONE[fen]
    if key is not None:
        assert solution.main_line_uci == [key]


def test_root_counts_one_and_each_generated_position_one():
    """Power order tries the rook first and its first move, Ra8, mates: root + one child."""
    _, search, _ = solve("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    assert search.nodes_created == 2
    assert search.peak_nodes_in_memory == 1


@pytest.mark.parametrize("position_id", MATE_IN_TWO)
def test_wac_mates_in_two_found_at_depth_two_and_verified(position_id):
    game, search, outcome = solve(WAC[position_id].board)
    assert outcome.result is Result.PROVED and outcome.reason is StopReason.SOLVED
    assert search.mate_in == 2 and search.no_mate_within == 1
    solution = mate_solution(game, search.proof())
    assert solution.mate_in == 2
    assert solution.first_move_san in WAC[position_id].best_moves
    assert search.peak_nodes_in_memory <= 3
    assert game.board.fen() == game.root_board.fen()


@pytest.mark.parametrize("position_id", QUICK_MATE_IN_THREE)
def test_mate_in_three_found_at_depth_three(position_id):
    game, search, outcome = solve(WAC[position_id].board)
    assert outcome.result is Result.PROVED
    assert search.depth_reached == 3 and search.no_mate_within == 2
    assert mate_solution(game, search.proof()).mate_in == 3


@pytest.mark.parametrize("position_id", QUICK_MATE_IN_THREE)
def test_no_mate_found_when_shortest_is_longer_than_max_depth(position_id):
    _, search, outcome = solve(WAC[position_id].board, max_depth=2)
    assert outcome.result is Result.UNKNOWN and outcome.reason is StopReason.DEPTH
    assert search.no_mate_within == 2 and search.mate_in is None
    with pytest.raises(ValueError):
        search.proof()


def test_mate_in_two_not_found_at_depth_one():
    _, search, outcome = solve(WAC["WAC.004"].board, max_depth=1)
    assert outcome.reason is StopReason.DEPTH and search.nodes_created > 1


SAMPLE = MATE_IN_TWO[:8] + ["WAC.102"]


@pytest.mark.parametrize("ordering", [POWER, SQUARE])
def test_refutation_ordering_changes_node_counts_never_results(ordering):
    changed = 0
    for position_id in SAMPLE:
        verdicts = []
        for refutation in (True, False):
            game, search, outcome = solve(
                WAC[position_id].board, ordering=ordering, refutation_ordering=refutation
            )
            verdicts.append(
                (
                    outcome.result,
                    search.mate_in,
                    mate_solution(game, search.proof()).mate_in,
                    search.nodes_created,
                )
            )
        assert verdicts[0][:3] == verdicts[1][:3]
        changed += verdicts[0][3] != verdicts[1][3]
    assert changed > 0


def test_static_orders_agree_on_results():
    for position_id in SAMPLE:
        results = {
            solve(WAC[position_id].board, ordering=ordering)[1].mate_in
            for ordering in (POWER, SQUARE)
        }
        assert len(results) == 1


def test_power_order_defender_king_first_attacker_king_last():
    board = chess.Board("r3k2r/pppq1ppp/2n1bn2/3p4/3P4/2N1BN2/PPPQ1PPP/R3K2R w KQkq - 0 1")
    white = [decode_move(code) for code in power_ordered_moves(board, chess.WHITE)]
    kinds = [board.piece_type_at(move.from_square) for move in white]
    order = [chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN, chess.KING]
    assert kinds == sorted(kinds, key=order.index) and kinds[-1] == chess.KING
    assert "e1g1" in [move.uci() for move in white[kinds.index(chess.KING) :]]
    assert len(white) == board.legal_moves.count()
    board.turn = chess.BLACK
    black = [decode_move(code) for code in power_ordered_moves(board, chess.WHITE)]
    kinds = [board.piece_type_at(move.from_square) for move in black]
    order = [chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN]
    assert kinds == sorted(kinds, key=order.index) and kinds[0] == chess.KING


def test_power_order_keeps_square_order_within_a_piece_group():
    board = chess.Board("4k3/8/8/8/8/8/8/R3K2R w - - 0 1")
    codes = power_ordered_moves(board, chess.WHITE)
    rooks = [
        code for code in codes if board.piece_type_at(decode_move(code).from_square) == chess.ROOK
    ]
    assert rooks == sorted(rooks, reverse=True)
    assert decode_move(rooks[0]).uci() == "h1h8"


def test_refutation_list_most_recent_first_without_duplicates():
    search = AlphaBetaMateSearch(ChessGame(chess.Board()), max_depth=1)
    for move in (1, 2, 3, 2):
        search.record_refutation(1, move)
    assert search._refutations[1] == [2, 3, 1]
    for move in range(10, 10 + REFUTATIONS_PER_PLY + 3):
        search.record_refutation(1, move)
    assert len(search._refutations[1]) == REFUTATIONS_PER_PLY


def test_refutations_move_to_the_front_of_the_defenders_list():
    game = ChessGame(chess.Board())
    search = AlphaBetaMateSearch(game, max_depth=1, ordering=SQUARE)
    game.push(encode_move(chess.Move.from_uci("e2e4")))
    static = search.generate_moves(False, 1)
    e7e5, g8f6 = (encode_move(chess.Move.from_uci(uci)) for uci in ("e7e5", "g8f6"))
    search.record_refutation(1, e7e5)
    search.record_refutation(1, g8f6)
    search.record_refutation(1, encode_move(chess.Move.from_uci("a1a8")))
    moves = search.generate_moves(False, 1)
    assert moves[:2] == [g8f6, e7e5]
    assert sorted(moves) == sorted(static) and len(set(moves)) == len(moves)
    assert search.generate_moves(True, 1) == static


def test_all_keys_tries_every_root_move():
    game, first, _ = solve(WAC["WAC.004"].board)
    _, every, outcome = solve(WAC["WAC.004"].board, all_keys=True)
    assert outcome.result is Result.PROVED and every.mate_in == 2
    assert [game.san_line([key])[0] for key in every.keys] == ["Qxh7+"]
    assert every.nodes_created > first.nodes_created
    assert mate_solution(game, every.proof()).mate_in == 2


def test_slices_resume_to_the_same_result_and_count():
    _, whole, expected = solve(WAC["WAC.097"].board)
    game = ChessGame(WAC["WAC.097"].board)
    search = AlphaBetaMateSearch(game, Limits(max_nodes=200_000))
    slices = 0
    while (outcome := search.run(max_iterations=100)) is None:
        slices += 1
        assert search.nodes_in_memory <= 2 * search.depth_reached
    assert slices > 5
    assert outcome == expected and search.nodes_created == whole.nodes_created
    assert mate_solution(game, search.proof()).mate_in == 3
    assert game.board.fen() == game.root_board.fen()


def test_node_budget_bounds_nodes_created():
    _, search, outcome = solve(WAC["WAC.014"].board, limits=Limits(max_nodes=500))
    assert outcome.result is Result.UNKNOWN and outcome.reason is StopReason.MEMORY
    assert search.nodes_created == 500
    assert "no mate in" in outcome.detail


def test_time_limit_and_cancel_are_honoured():
    _, search, outcome = solve(
        WAC["WAC.014"].board, limits=Limits(max_nodes=None, max_seconds=0.05)
    )
    assert outcome.reason is StopReason.TIME and search.elapsed >= 0.05
    game = ChessGame(WAC["WAC.014"].board)
    search = AlphaBetaMateSearch(game, Limits(max_nodes=None))
    assert search.run(max_iterations=50) is None
    search.cancel()
    assert search.run().reason is StopReason.CANCELLED
    assert search.nodes_created == 51
    assert game.board.fen() == game.root_board.fen()


def test_terminal_roots_are_decided_without_search():
    stalemated = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
    attacker_mated = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"
    lone_king = "8/8/8/4k3/8/8/8/4KQ2 b - - 0 1"
    for fen in (stalemated, attacker_mated, lone_king):
        _, search, outcome = solve(fen)
        assert outcome.result is Result.DISPROVED and outcome.reason is StopReason.ROOT_TERMINAL
        assert search.nodes_created == 1


def test_explicit_tree_proved_and_verified_with_frontier_leaf_skipped():
    tree = AndOrTree.from_file(RESOURCES / "trees" / "small-proof.json")
    search = AlphaBetaMateSearch(ExplicitTreeGame(tree), ordering=SQUARE)
    assert search.run().result is Result.PROVED
    assert verify_tree_proof(tree, search.proof()) == search.proof().size()


TREE = """{"nodes": [{"id": "A", "type": "OR"}, {"id": "B", "type": "AND"},
 {"id": "C", "type": "AND"}, {"id": "B1", "value": "false"}, {"id": "B2", "type": "OR"},
 {"id": "B21", "value": "true"}, {"id": "C1", "value": "false"}],
 "edges": [{"source": "A", "target": "B"}, {"source": "A", "target": "C"},
 {"source": "B", "target": "B1"}, {"source": "B", "target": "B2"},
 {"source": "B2", "target": "B21"}, {"source": "C", "target": "C1"}]}"""


def test_exhausted_tree_without_depth_cut_is_disproved():
    search = AlphaBetaMateSearch(ExplicitTreeGame(AndOrTree.from_json_text(TREE)), ordering=SQUARE)
    outcome = search.run()
    assert outcome.result is Result.DISPROVED and outcome.reason is StopReason.SOLVED
    assert search.depth_reached == 2 and search.nodes_created == 1 + 2 + 4


def test_snapshot_with_only_frontier_leaves_left_is_unknown():
    tree = AndOrTree.from_file(RESOURCES / "trees" / "figure-3-1.json")
    outcome = AlphaBetaMateSearch(ExplicitTreeGame(tree), ordering=SQUARE).run()
    assert outcome.result is Result.UNKNOWN and outcome.reason is StopReason.FRONTIER


@pytest.mark.parametrize("position_id,given", [("WAC.004", 4), ("WAC.097", 6), ("WAC.102", 4)])
def test_shortest_mate_finds_the_true_length(position_id, given):
    known = WAC[position_id].mate_length
    found = shortest_mate(WAC[position_id].board, given)
    assert found.mate_in == known and found.exact and found.shorter_found
    assert found.refuted_up_to == known - 1
    assert found.solution.mate_in == known


def test_shortest_mate_confirms_a_shortest_proof():
    found = shortest_mate(WAC["WAC.097"].fen, 3)
    assert (found.mate_in, found.exact, found.refuted_up_to) == (3, True, 2)
    assert not found.shorter_found and found.solution is None
    assert found.outcome.reason is StopReason.DEPTH
    assert found.text == "mate in 3 is the shortest (no mate in 2 or fewer)"


def test_shortest_mate_after_pn_finds_what_pn_missed():
    """PN proves a mate in 10 on WAC.253 (Figure 3.10's weakness); the shortest is a mate in 4."""
    game = ChessGame(WAC["WAC.253"].board)
    pn = ProofNumberSearch(game, Limits(max_nodes=200_000))
    assert pn.run().result is Result.PROVED
    length = mate_solution(game, pn.proof()).mate_in
    assert length > 4
    found = shortest_mate(game, length)
    assert (found.mate_in, found.exact, found.shorter_found) == (4, True, True)
    assert found.solution.mate_in == 4
    assert found.text.startswith(f"mate in 4, shorter than the mate in {length} proved")
    data = found.to_dict()
    assert (data["mate_in"], data["given"], data["main_line"][0]) == (
        4,
        length,
        found.solution.first_move_san,
    )


def test_shortest_mate_unconfirmed_when_the_budget_runs_out():
    found = shortest_mate(WAC["WAC.014"].board, 4, Limits(max_nodes=300))
    assert found.mate_in == 4 and not found.exact and found.outcome.reason is StopReason.MEMORY
    assert "not settled" in found.text and found.to_dict()["exact"] is False


@pytest.mark.parametrize(
    "options",
    [
        {"max_depth": 0},
        {"max_depth": -2},
        {"max_depth": 1.5},
        {"max_depth": True},
        {"ordering": "random"},
    ],
)
def test_bad_parameters_raise(options):
    with pytest.raises(InvalidLimitError):
        AlphaBetaMateSearch(ChessGame(chess.Board()), **options)


def test_bad_limits_and_lengths_raise():
    with pytest.raises(InvalidLimitError):
        Limits(max_nodes=0)
    with pytest.raises(InvalidLimitError):
        AlphaBetaMateSearch(ExplicitTreeGame(AndOrTree.from_json_text(TREE)), ordering=POWER)
    for length in (0, -1, 2.0, None):
        with pytest.raises(InvalidLimitError):
            shortest_mate(chess.Board(), length)
