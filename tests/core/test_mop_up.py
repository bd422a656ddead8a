"""The mop-up estimate and df-pn's heuristic initialisation: where it applies, what it counts,
that it reaches df-pn's initial numbers, and that elsewhere it changes nothing."""

from __future__ import annotations

import chess

from pn_explorer.core.games import mop_up
from pn_explorer.core.games.chess_game import ChessGame, decode_move
from pn_explorer.core.games.suites import find_position, load_suite
from pn_explorer.core.inputs.boards import parse_fen
from pn_explorer.core.runs.runner import describe_search
from pn_explorer.core.search.dfpn import DfpnSearch
from pn_explorer.core.search.numbers import leaf_numbers
from pn_explorer.core.search.types import Limits
from pn_explorer.core.values import Value

KRK = "8/8/8/3k4/8/8/8/R3K3 w - - 0 1"


def estimate(board: chess.Board, attacker: chess.Color) -> int:
    """The estimate of `board` itself, read from the whole board: the reference that
    `distance_after`, which reads only the men a move changes, is checked against."""
    defending_king, attacking_king = board.king(not attacker), board.king(attacker)
    assert defending_king is not None and attacking_king is not None
    ours = board.occupied_co[attacker]
    return mop_up.by_material(
        attacker,
        attacking_king,
        defending_king,
        (board.pawns & ours, board.knights & ours, board.bishops & ours, board.rooks & ours),
        board.queens & ours,
        bool(board.occupied_co[not attacker] & ~(board.pawns | board.kings)),
    )


def test_it_applies_to_endings_with_at_most_one_defending_man_and_no_queen() -> None:
    assert mop_up.applies(parse_fen(KRK), chess.WHITE)
    assert mop_up.applies(parse_fen("5r2/8/8/1k6/6Q1/8/8/K7 w - - 0 1"), chess.WHITE)  # KQ v R
    assert mop_up.applies(parse_fen("7Q/8/8/8/8/8/K3k1p1/8 w - - 0 1"), chess.WHITE)  # KQ v P
    # matetrack's mtd.005, a mate in 2: a bishop and three pawns are not a lone king's ending
    assert not mop_up.applies(parse_fen("8/5R2/2K1P3/4k3/8/b1PPpp1B/5p2/8 w - - 0 1"), chess.WHITE)
    assert not mop_up.applies(parse_fen("8/8/8/3k4/8/2p5/8/R3K2b w - - 0 1"), chess.WHITE)
    assert not mop_up.applies(parse_fen("8/8/8/3k4/8/8/1q6/R3K3 w - - 0 1"), chess.WHITE)
    assert not mop_up.applies(parse_fen("8/8/2r5/3k4/8/5b2/8/R3K3 w - - 0 1"), chess.WHITE)
    assert not mop_up.applies(chess.Board(), chess.WHITE)


def test_the_estimate_is_zero_where_mates_happen_and_follows_a_king_move() -> None:
    cornered = parse_fen("k7/8/1K6/8/8/8/8/7R w - - 0 1")
    assert mop_up.distance_after(cornered, chess.Move.from_uci("h1h2"), chess.WHITE) == 0
    board = parse_fen(KRK)  # black king d5: 3 from the edge; kings 4 apart
    assert mop_up.distance_after(board, chess.Move.from_uci("a1a2"), chess.WHITE) == 2 * 3 + 2
    assert mop_up.distance_after(board, chess.Move.from_uci("e1e2"), chess.WHITE) == 2 * 3 + 1
    board.push(chess.Move.from_uci("a1a2"))
    assert mop_up.distance_after(board, chess.Move.from_uci("d5c6"), chess.WHITE) == 2 * 2 + 3


def test_a_rook_or_a_queen_mates_on_any_edge() -> None:
    # Black king a5, on the edge and three squares from the nearest corner; kings 2 apart.
    for piece in ("R", "Q"):
        board = parse_fen(f"8/8/8/k7/8/2K5/8/2{piece}5 w - - 0 1")
        assert estimate(board, chess.WHITE) == 0
    board = parse_fen("8/8/8/2k5/8/2K5/8/2R5 w - - 0 1")  # king c5: 2 from the edge
    assert estimate(board, chess.WHITE) == 2 * 2


def test_bishop_and_knight_drive_the_king_to_a_corner_of_the_bishops_colour() -> None:
    # Kings c2 and h8 (6 apart: 4 beyond two); bishop c1 stands on a dark square, like h8.
    right = parse_fen("7k/8/8/8/8/8/2K5/2B1N3 w - - 0 1")
    assert estimate(right, chess.WHITE) == 0 + 4
    # The same king in a light corner is seven king-steps' taxicab from a1 and from h8.
    wrong = parse_fen("k7/8/8/8/8/8/2K5/2B1N3 w - - 0 1")
    assert estimate(wrong, chess.WHITE) == 7 + 4
    # A light-squared bishop (d1) turns it round: h8 is now the wrong corner.
    assert estimate(parse_fen("7k/8/8/8/8/8/2K5/3BN3 w - - 0 1"), chess.WHITE) == 7 + 4
    # On the way: black king d4 is 3 + 3 from a1 (4 + 4 from h8); kings d4 and c2 2 apart.
    assert estimate(parse_fen("8/8/8/8/3k4/8/2K5/2B1N3 w - - 0 1"), chess.WHITE) == 6


def test_two_bishops_drive_the_king_to_the_edge_like_a_rook() -> None:
    # Black king a5: on the edge, so 0 for two bishops as for a rook; a knight and a
    # dark-squared bishop (c1) count the four steps to a1, the nearest dark corner.
    for pieces in ("2BB4", "2R5"):
        board = parse_fen(f"8/8/8/k7/8/2K5/8/{pieces} w - - 0 1")
        assert estimate(board, chess.WHITE) == 0
    bishop_and_knight = parse_fen("8/8/8/k7/8/2K5/8/2B1N3 w - - 0 1")
    assert estimate(bishop_and_knight, chess.WHITE) == 4
    # Black king c5, two from the edge, kings two apart: 2 · 2, for two bishops as for a rook.
    assert estimate(parse_fen("8/8/8/2k5/8/2K5/8/2BB4 w - - 0 1"), chess.WHITE) == 4


def test_a_pawn_that_must_promote_counts_before_the_mate() -> None:
    # KBP v KB (egd.005): the pawn on d6 has two steps left; a bishop alone cannot mate.
    board = parse_fen("8/8/3P3k/8/6B1/8/3K4/7b w - - 0 1")
    assert estimate(board, chess.WHITE) == mop_up.MATING_MOST + 2 * 2
    assert mop_up.distance_after(board, chess.Move.from_uci("d6d7"), chess.WHITE) == 12 + 2
    assert mop_up.distance_after(board, chess.Move.from_uci("d2e3"), chess.WHITE) == 12 + 4
    # Once it promotes the queen's edge rule takes over: king h7 is 0 from the edge, kings d2
    # and h7 5 apart.
    board = parse_fen("8/3P3k/8/8/6B1/8/3K4/7b w - - 0 1")
    promotion = chess.Move.from_uci("d7d8q")
    assert mop_up.distance_after(board, promotion, chess.WHITE) == 0 + 3
    # Without its pawn the bishop has nothing to mate with: the farthest there is.
    assert estimate(parse_fen("8/8/8/k7/8/2K5/8/2B5 w - - 0 1"), chess.WHITE) == 24
    # A rook mates a bare king alone: its pawn does not have to promote first.
    rook_and_pawn = parse_fen("8/8/8/k7/8/2K5/3P4/2R5 w - - 0 1")
    assert estimate(rook_and_pawn, chess.WHITE) == 0


def test_the_estimate_after_a_move_is_the_estimate_of_the_position_it_leads_to() -> None:
    """`distance_after` reads captures, promotions and en passant without playing the move."""
    boards = [p.board for p in load_suite("endgame-mates")]
    boards += [
        parse_fen("8/1P6/8/8/8/2k5/8/K5n1 w - - 0 1"),  # a promotion with a capture near
        parse_fen("4k3/8/8/8/1Pp5/8/8/3BK3 b - b3 0 1"),  # en passant, Black to move
    ]
    for board in boards:
        for attacker in (chess.WHITE, chess.BLACK):
            for move in board.legal_moves:
                after = board.copy(stack=False)
                after.push(move)
                expected = estimate(after, attacker)
                assert mop_up.distance_after(board, move, attacker) == expected


def test_the_estimate_stays_within_its_range() -> None:
    assert mop_up.MOST == 24
    pawn_far = parse_fen("8/8/8/k7/8/2K5/3P4/2N5 w - - 0 1")  # a knight cannot mate alone
    assert estimate(pawn_far, chess.WHITE) == mop_up.MOST
    black_pawn = parse_fen("2n5/3p4/2k5/8/8/8/8/K7 b - - 0 1")  # Black mates: d7 has 6 steps
    assert estimate(black_pawn, chess.BLACK) == mop_up.MOST


def test_dfpn_adds_the_weighted_estimate_to_a_new_childs_proof_number() -> None:
    game = ChessGame(parse_fen(KRK))
    search = DfpnSearch(game, Limits(max_nodes=1_000), mop_up_weight=4)
    children = search.generate_children()
    expansion = game.expand(10_000)
    for index, move in enumerate(children.moves):
        value = expansion.values[index]
        assert value is Value.UNKNOWN
        proof, disproof = leaf_numbers(value, expansion.mobility[index], False, "mobility")
        estimate = mop_up.distance_after(game.board, decode_move(move), chess.WHITE)
        assert game.mop_up_distance(move) == estimate
        assert (children.proof[index], children.disproof[index]) == (proof + 4 * estimate, disproof)


def test_outside_such_endings_and_on_trees_the_weight_changes_nothing() -> None:
    position = find_position(load_suite("wac-mates"), "WAC.001")
    counts = []
    for weight in (0, 4):
        search = DfpnSearch(
            ChessGame(position.board), Limits(max_nodes=100_000), mop_up_weight=weight
        )
        search.run()
        counts.append((search.nodes_created, search.iterations, search.root_numbers))
    assert counts[0] == counts[1]


def test_the_estimate_proves_krk_where_mobility_alone_does_not_within_the_budget() -> None:
    """egd.013 (KRK, mate in 14): df-pn with the estimate proves it (a verified mate) within
    300,000 nodes created; with mobility alone it is still unsolved there."""
    position = find_position(load_suite("endgame-mates"), "egd.013")
    outcomes = {}
    for weight in (0, 4):
        game = ChessGame(position.board)
        search = DfpnSearch(game, Limits(max_nodes=1_000_000), mop_up_weight=weight)
        search.work_budget = 300_000
        search.run()
        outcomes[weight] = describe_search(game, search, "dfpn", position.id)
    assert outcomes[4].verified and outcomes[4].mate_in >= 14
    assert outcomes[0].result == "unknown"
