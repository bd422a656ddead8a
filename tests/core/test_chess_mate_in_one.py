"""The one-move mate test df-pn runs on every new attacker-to-move node: it must find a mate
exactly when python-chess says one exists, including the rare kinds of check."""

from __future__ import annotations

import chess
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pn_explorer.core.games.chess_mate_in_one import (
    checking_candidates,
    mating_move,
    threatens_mate,
)
from pn_explorer.core.games.suites import load_suite
from tests.helpers import played_from


def mates(board: chess.Board) -> list[chess.Move]:
    """Every mating move, by trying them all (the reference)."""
    found = []
    for move in board.legal_moves:
        board.push(move)
        if board.is_checkmate():
            found.append(move)
        board.pop()
    return found


@pytest.mark.parametrize(
    ("fen", "san"),
    [
        ("6q1/1K6/2P5/1P6/8/7Q/3n3N/7k w - - 0 1", "Nf3#"),  # discovered check
        ("K2B4/6N1/8/5pP1/2q4k/1r3Q1q/8/6n1 w - f6 0 2", "g6#"),  # discovered by a pawn
        ("2Qr4/k4B2/5N2/1pP5/8/3p4/8/3K2B1 w - b6 0 2", "cxb6#"),  # en passant
        ("8/P7/k3b1p1/BpP3p1/8/8/1n6/5K2 w - b6 0 2", "a8=Q#"),  # promotion
        ("8/P7/1k1N4/2pPn3/5n2/R1K5/5P2/8 w - c6 0 2", "a8=N#"),  # under-promotion
        ("r5rk/6pp/7N/8/8/8/8/6K1 w - - 0 1", "Nf7#"),  # smothered
    ],
)
def test_the_only_mate_of_each_kind_is_found(fen: str, san: str) -> None:
    board = chess.Board(fen)
    assert [board.san(move) for move in mates(board)] == [san]
    before = board.fen()
    assert board.san(mating_move(board)) == san
    assert board.fen() == before


def test_castling_with_check_is_a_candidate_and_can_mate() -> None:
    board = chess.Board("4R3/p5Q1/2P5/8/5k2/7p/8/R3K2R w KQ - 0 1")
    castle = board.parse_san("O-O")
    assert castle in checking_candidates(board)
    assert mating_move(board) in mates(board)


def test_no_mate_when_every_check_has_an_answer() -> None:
    board = chess.Board("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")
    assert not mates(board)
    assert mating_move(board) is None


def test_a_pinned_piece_cannot_mate() -> None:
    # The knight on e2 would mate on f3 (and is a candidate) but is pinned by the rook on e8.
    board = chess.Board("4r3/8/8/8/8/8/4N1pp/4K2k w - - 0 1")
    assert chess.Move.from_uci("e2g3") in checking_candidates(board)
    assert mates(board) == []
    assert mating_move(board) is None


_POSITIONS = [p.board for p in load_suite("matetrack-dev")] + [
    p.board for p in load_suite("mate-in-2")
]


@given(st.integers(0, len(_POSITIONS) - 1), st.lists(st.integers(0, 200), max_size=10))
def test_found_exactly_when_python_chess_finds_one(start: int, choices: list[int]) -> None:
    """From suite positions and random play after them, the fast test agrees with trying every
    move: a mate is returned exactly when one exists, and what is returned mates."""
    board = played_from(_POSITIONS[start], choices)
    if board.is_game_over():
        return
    expected = mates(board)
    found = mating_move(board)
    if not expected:
        assert found is None
        return
    assert found in expected
    assert set(expected) <= set(checking_candidates(board))


def _passed(board: chess.Board) -> chess.Board:
    """The same position with the other side to move (a null move: no en passant)."""
    passed = board.copy(stack=False)
    passed.turn = not passed.turn
    passed.ep_square = None
    return passed


def test_a_quiet_rook_move_threatens_the_back_rank_mate() -> None:
    """After 1. Rf4 (from matetrack mtd.046's line) White threatens Rf8#; after 1. Rh4 not."""
    threat = chess.Board("1k6/2p1p1r1/2P3Pn/2B5/5R2/K2pp3/8/8 b - - 1 3")
    assert threatens_mate(threat)
    passed = _passed(threat)
    assert [passed.san(move) for move in mates(passed)] == ["Rf8#"]
    quiet = chess.Board("1k6/2p1p1r1/2P3Pn/2B5/7R/K2pp3/8/8 b - - 1 3")
    assert not threatens_mate(quiet) and not mates(_passed(quiet))


def test_the_threat_test_restores_the_board() -> None:
    board = chess.Board("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3")
    before = (board.fen(), board.ep_square, board.turn)  # Black may take en passant on e3
    assert board.ep_square == chess.E3
    threatens_mate(board)
    assert (board.fen(), board.ep_square, board.turn) == before


@given(st.integers(0, len(_POSITIONS) - 1), st.lists(st.integers(0, 200), max_size=16))
def test_a_threat_is_found_exactly_when_a_pass_allows_a_mate(
    start: int, choices: list[int]
) -> None:
    """From suite positions and random play: a threat exactly when, the side to move passing,
    the other side has a mate in one (python-chess trying every move)."""
    board = played_from(_POSITIONS[start], choices)
    if board.is_check() or board.is_game_over():
        return
    assert threatens_mate(board) == bool(mates(_passed(board)))
