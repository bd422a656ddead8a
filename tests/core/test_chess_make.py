"""`make`/`unmake` must leave the board exactly as python-chess's `push`/`pop` do: every search's
expansion relies on it, and a wrong square would change what is counted and proved."""

from __future__ import annotations

import chess
import chess.variant
from hypothesis import given
from hypothesis import strategies as st

from pn_explorer.core.games.chess_make import make, unmake
from pn_explorer.core.games.chess_mate_in_one import mating_move
from pn_explorer.core.games.suites import load_suite
from tests.helpers import played_from


def snapshot(board: chess.Board) -> dict:
    """Everything `push` may change apart from the move stack: python-chess's own snapshot of
    the board, the one `pop` restores."""
    return vars(chess._BoardState(board))


def assert_same_as_push(board: chess.Board) -> None:
    before = snapshot(board)
    for move in list(board.pseudo_legal_moves):
        reference = board.copy(stack=False)
        reference.push(move)
        saved = make(board, move)
        assert snapshot(board) == snapshot(reference), move
        unmake(board, saved)
        assert snapshot(board) == before, move


def test_the_awkward_moves() -> None:
    # Castling both ways with rights on both sides, en passant, promotions and under-promotions,
    # captures of a rook that still has castling rights, a king that loses them.
    for fen in (
        "r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/Pp2P3/2N2Q1p/1PPBBPPP/R3K2R b KQkq a3 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "4k3/8/8/8/8/8/8/R3K2R w KQ - 12 40",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",  # a rook takes a rook in the corner
        "r3k2r/8/8/8/4Q3/8/8/4K3 w kq - 0 1",  # illegal: the queen can take the king
    ):
        assert_same_as_push(chess.Board(fen))


def test_chess960_and_variants_go_through_push() -> None:
    # Chess960 castles king-takes-rook, here with a one-file king move (b1a1, which mates);
    # a variant's push does more (an atomic capture explodes, crazyhouse fills a pocket).
    board = chess.Board("2rkr3/2p1p3/8/8/8/8/8/RK6 w A - 0 1", chess960=True)
    assert_same_as_push(board)
    assert board.san(mating_move(board)) == "O-O-O#"
    for variant, fen in (
        (chess.variant.AtomicBoard, "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2"),
        (chess.variant.CrazyhouseBoard, chess.variant.CrazyhouseBoard.starting_fen),
        (chess.variant.ThreeCheckBoard, "4k3/8/8/8/8/8/8/4KQ2 w - - 0 1 +0+0"),
    ):
        variant_board = variant(fen)
        before = variant_board.fen()
        for move in list(variant_board.pseudo_legal_moves):
            reference = variant_board.copy(stack=False)
            reference.push(move)
            saved = make(variant_board, move)
            assert variant_board.fen() == reference.fen(), move
            unmake(variant_board, saved)
            assert variant_board.fen() == before, move


def test_rights_python_chess_would_clean_go_through_push() -> None:
    # The FEN claims castling rights with no rook on h1: `push` cleans them first.
    board = chess.Board("4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1")
    assert board.castling_rights != board.clean_castling_rights()
    assert_same_as_push(board)


_POSITIONS = [p.board for p in load_suite("matetrack-dev")] + [
    p.board for p in load_suite("endgame-mates")
]


@given(st.integers(0, len(_POSITIONS) - 1), st.lists(st.integers(0, 200), max_size=16))
def test_every_pseudo_legal_move_matches_push(start: int, choices: list[int]) -> None:
    """From suite positions and random play after them (promoted pieces included)."""
    assert_same_as_push(played_from(_POSITIONS[start], choices))
