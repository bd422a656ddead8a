"""The Polyglot Zobrist hash of a chess position, kept move by move.

python-chess's `chess.polyglot.zobrist_hash` walks the whole board; a search that hashes every
child it generates (df-pn, DAG PN) instead keeps the pieces' term of the hash for the path it is
on and updates it for each move (`pieces_hash_after`); the terms that are not pieces (castling
rights, en passant file, side to move: `rest_hash`) are read off the board after the move. A test
compares the result with `chess.polyglot.zobrist_hash` along random games.
"""

from __future__ import annotations

import chess
import chess.polyglot

ZOBRIST = chess.polyglot.POLYGLOT_RANDOM_ARRAY
HASHER = chess.polyglot.ZobristHasher(ZOBRIST)
_CASTLING_TERMS: dict[int, int] = {}


def rest_hash(board: chess.Board) -> int:
    """The Polyglot Zobrist terms that are not pieces: castling rights, en passant file, turn."""
    rights = board.castling_rights
    castling = _CASTLING_TERMS.get(rights)
    if castling is None:
        castling = _CASTLING_TERMS[rights] = HASHER.hash_castling(board)
    rest = castling ^ (ZOBRIST[780] if board.turn else 0)
    if board.ep_square is not None:
        rest ^= HASHER.hash_ep_square(board)
    return rest


def pieces_hash_after(board: chess.Board, move: chess.Move, pieces_hash: int) -> int:
    """The pieces' Zobrist term after `move`, from the term before it (board not yet pushed)."""
    mover = board.piece_type_at(move.from_square)
    assert mover is not None, "a move starts from a piece"
    color = 1 if board.turn else 0  # Polyglot's piece index: (type - 1) * 2 + (1 for White)
    to_square = move.to_square
    pieces_hash ^= ZOBRIST[64 * ((mover - 1) * 2 + color) + move.from_square]
    captured = board.piece_type_at(to_square)
    if captured is not None:
        pieces_hash ^= ZOBRIST[64 * ((captured - 1) * 2 + 1 - color) + to_square]
    elif mover == chess.PAWN and to_square == board.ep_square:
        taken = to_square - 8 if board.turn else to_square + 8
        pieces_hash ^= ZOBRIST[64 * (1 - color) + taken]
    landed = move.promotion or mover
    pieces_hash ^= ZOBRIST[64 * ((landed - 1) * 2 + color) + to_square]
    if mover == chess.KING and abs(to_square - move.from_square) == 2:
        rank = move.from_square & ~7
        rook_from, rook_to = (
            (rank + 7, rank + 5) if to_square > move.from_square else (rank, rank + 3)
        )
        rook = 64 * ((chess.ROOK - 1) * 2 + color)
        pieces_hash ^= ZOBRIST[rook + rook_from] ^ ZOBRIST[rook + rook_to]
    return pieces_hash


TURN_TERM = ZOBRIST[780]
"""The term for White to move: a move by White removes it, a move by Black adds it."""
