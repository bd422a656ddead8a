"""Chess positions the user gives: a FEN or a python-chess board, checked to be a legal position
of standard chess, with what is wrong said in words (never python-chess's raw message)."""

from __future__ import annotations

import chess

from core.errors import InvalidPositionError
from core.inputs.text import brief, shown

_STATUS_TEXT = [
    (chess.STATUS_NO_WHITE_KING, "White has no king"),
    (chess.STATUS_NO_BLACK_KING, "Black has no king"),
    (chess.STATUS_TOO_MANY_KINGS, "a side has more than one king"),
    (chess.STATUS_TOO_MANY_WHITE_PAWNS, "White has more than 8 pawns"),
    (chess.STATUS_TOO_MANY_BLACK_PAWNS, "Black has more than 8 pawns"),
    (chess.STATUS_PAWNS_ON_BACKRANK, "a pawn stands on the first or last rank"),
    (chess.STATUS_TOO_MANY_WHITE_PIECES, "White has more than 16 pieces"),
    (chess.STATUS_TOO_MANY_BLACK_PIECES, "Black has more than 16 pieces"),
    (chess.STATUS_BAD_CASTLING_RIGHTS, "castling rights do not match the kings and rooks"),
    (chess.STATUS_INVALID_EP_SQUARE, "the en passant square is impossible"),
    (chess.STATUS_OPPOSITE_CHECK, "the side not to move is in check"),
    (chess.STATUS_TOO_MANY_CHECKERS, "the king is attacked by more pieces than possible"),
    (chess.STATUS_IMPOSSIBLE_CHECK, "the check given is impossible"),
    (chess.STATUS_RACE_CHECK, "race check"),
]


def _promotions_needed(board: chess.Board, color: chess.Color) -> int:
    """Pieces beyond a side's starting set (one queen, two rooks, two knights, a bishop on each
    square colour): each must have been a pawn, which python-chess's status() does not count."""
    bishops = board.pieces_mask(chess.BISHOP, color)
    return (
        max(0, len(board.pieces(chess.QUEEN, color)) - 1)
        + max(0, len(board.pieces(chess.ROOK, color)) - 2)
        + max(0, len(board.pieces(chess.KNIGHT, color)) - 2)
        + max(0, chess.popcount(bishops & chess.BB_LIGHT_SQUARES) - 1)
        + max(0, chess.popcount(bishops & chess.BB_DARK_SQUARES) - 1)
    )


def check_board(board: chess.Board) -> None:
    """Raise InvalidPositionError, with the first problem in words, if the position is illegal
    in standard chess (python-chess's status(), then material no promotions can explain)."""
    if type(board) is not chess.Board or board.chess960:
        raise InvalidPositionError(
            f"the variant {board.uci_variant!r} is not standard chess, and PN Explorer proves "
            "mates in standard chess only"
        )
    status = board.status()
    for flag, text in _STATUS_TEXT:
        if status & flag:
            raise InvalidPositionError(f"illegal position: {text} ({board.fen()})")
    for color in chess.COLORS:
        pawns = len(board.pieces(chess.PAWN, color))
        if pawns + _promotions_needed(board, color) > 8:
            side = chess.COLOR_NAMES[color].capitalize()
            raise InvalidPositionError(
                f"illegal position: {side} has more pieces than its pawns could have promoted "
                f"to ({board.fen()})"
            )


def parse_fen(fen: str) -> chess.Board:
    """A legal standard-chess board from a FEN, or InvalidPositionError saying what is wrong.

    A FEN of only the first four fields (EPD style) is accepted; clocks default to 0 1.
    """
    text = " ".join(fen.split())
    if not text:
        raise InvalidPositionError("empty FEN")
    fields = text.split(" ")
    if len(fields) == 4:
        text += " 0 1"
    try:
        board = chess.Board(text)
    except ValueError as error:
        reason = str(error).split(": '", 1)[0]
        raise InvalidPositionError(f"malformed FEN {shown(fen.strip())}: {brief(reason)}") from None
    check_board(board)
    return board
