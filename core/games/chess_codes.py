"""Chess moves as small integers, in the thesis's move order.

The searches store a move as an int (`core.games.game`): from-square, to-square and promotion
piece packed so that sorting the codes in descending order is the thesis's order (§3.3.2).
"""

from __future__ import annotations

import chess


def encode_move(move: chess.Move) -> int:
    """Move code whose descending order is the thesis's move order (§3.3.2).

    From-square in the high bits, then to-square, then promotion piece: python-chess numbers a1=0
    … h8=63, so h8, g8, …, a1 is descending; Queen(5) > Rook > Bishop > Knight(2).
    """
    return move.from_square << 9 | move.to_square << 3 | (move.promotion or 0)


_MOVE_CACHE: dict[int, chess.Move] = {}


def decode_move(code: int) -> chess.Move:
    """The chess.Move of a code (shared objects: at most 64·64·5 distinct moves exist)."""
    move = _MOVE_CACHE.get(code)
    if move is None:
        move = chess.Move(code >> 9, (code >> 3) & 63, (code & 7) or None)
        _MOVE_CACHE[code] = move
    return move


def ordered_legal_moves(board: chess.Board) -> list[int]:
    """Legal move codes in the thesis's order: from-square h8…a1, then to-square, then Q R B N."""
    codes = [encode_move(move) for move in board.generate_legal_moves()]
    codes.sort(reverse=True)
    return codes
