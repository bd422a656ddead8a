"""Move ordering of §3.3.2: from-square h8…a1, then to-square, then promotion Q R B N."""

import chess

from pn_explorer.core.games.chess_codes import decode_move, encode_move, ordered_legal_moves

CHAPTER_ORDER = [
    "h2h4",
    "h2h3",
    "g2g4",
    "g2g3",
    "f2f4",
    "f2f3",
    "e2e4",
    "e2e3",
    "d2d4",
    "d2d3",
    "c2c4",
    "c2c3",
    "b2b4",
    "b2b3",
    "a2a4",
    "a2a3",
    "g1h3",
    "g1f3",
    "b1c3",
    "b1a3",
]


def test_initial_position_order_is_the_chapters():
    codes = ordered_legal_moves(chess.Board())
    assert [decode_move(code).uci() for code in codes] == CHAPTER_ORDER


def test_promotions_are_ordered_queen_rook_bishop_knight():
    board = chess.Board("1n5k/P7/8/8/8/8/8/K7 w - - 0 1")
    moves = [decode_move(code).uci() for code in ordered_legal_moves(board)]
    assert moves[:8] == ["a7b8q", "a7b8r", "a7b8b", "a7b8n", "a7a8q", "a7a8r", "a7a8b", "a7a8n"]


def test_codes_round_trip():
    for move in chess.Board(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    ).legal_moves:
        assert decode_move(encode_move(move)) == move
