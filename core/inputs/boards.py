"""Chess positions the user gives: a FEN or a python-chess board, checked to be a legal position
of standard chess, with what is wrong said in words (never python-chess's raw message)."""

from __future__ import annotations

import chess

from ..errors import InvalidPositionError
from .text import brief, shown

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
            raise InvalidPositionError(f"illegal position: {text}")
    for color in chess.COLORS:
        pawns = len(board.pieces(chess.PAWN, color))
        if pawns + _promotions_needed(board, color) > 8:
            side = chess.COLOR_NAMES[color].capitalize()
            raise InvalidPositionError(
                f"illegal position: {side} has more pieces than its pawns could have promoted to"
            )


FIELDS = "board, side to move, castling, en passant, halfmove clock, move number"
PIECE_LETTERS = "KQRBNPkqrbnp"
EN_PASSANT_SQUARES = {
    chess.SQUARE_NAMES[square] for square in chess.SquareSet(chess.BB_RANK_3 | chess.BB_RANK_6)
}


def _rank_problem(rank: str, number: int) -> str | None:
    """What is wrong with one rank of a FEN's board field (`number` 8 … 1), or None."""
    squares = 0
    previous_digit = False
    for character in rank:
        if character in "12345678":
            if previous_digit:
                return f"rank {number} has two digits in a row ({shown(rank)})"
            squares += int(character)
            previous_digit = True
        elif character in PIECE_LETTERS:
            squares += 1
            previous_digit = False
        else:
            return (
                f"rank {number} holds {shown(character)}, which is neither a piece letter "
                "(KQRBNP for White, kqrbnp for Black) nor an empty-square count 1–8"
            )
    if squares != 8:
        return f"rank {number} ({shown(rank)}) covers {squares} squares instead of 8"
    return None


def fen_problem(fields: list[str]) -> str | None:
    """The first thing wrong with a FEN's fields, in words (None: python-chess will read it).

    Missing trailing fields take python-chess's defaults (White to move, no castling, …)."""
    if len(fields) > 6:
        return f"it has {len(fields)} fields; a FEN has at most 6 ({FIELDS})"
    ranks = fields[0].split("/")
    if len(ranks) != 8:
        return (
            f"the board field has {len(ranks)} rank{'s' if len(ranks) != 1 else ''}; "
            "a FEN gives 8, from rank 8 down to rank 1, separated by '/'"
        )
    for number, rank in zip(range(8, 0, -1), ranks, strict=True):
        problem = _rank_problem(rank, number)
        if problem is not None:
            return problem
    if len(fields) > 1 and fields[1] not in ("w", "b"):
        return f"the side to move is {shown(fields[1])}; it must be 'w' (White) or 'b' (Black)"
    if len(fields) > 2 and not (fields[2] == "-" or set(fields[2]) <= set("KQkq")):
        return f"the castling field is {shown(fields[2])}; it must be '-' or letters of KQkq"
    if len(fields) > 3 and fields[3] != "-" and fields[3] not in EN_PASSANT_SQUARES:
        return (
            f"the en passant field is {shown(fields[3])}; it must be '-' or a square on rank 3 "
            "or 6, such as e3"
        )
    for index, name in ((4, "halfmove clock"), (5, "move number")):
        if len(fields) > index and not (fields[index].isascii() and fields[index].isdigit()):
            return f"the {name} is {shown(fields[index])}; it must be a whole number"
    return None


def parse_fen(fen: str) -> chess.Board:
    """A legal standard-chess board from a FEN, or InvalidPositionError saying what is wrong in
    words (the FEN itself is not repeated: the user has it in front of them).

    A FEN of only the first four fields (EPD style) is accepted; clocks default to 0 1.
    """
    text = " ".join(fen.split())
    if not text:
        raise InvalidPositionError("empty FEN")
    fields = text.split(" ")
    problem = fen_problem(fields)
    if problem is not None:
        raise InvalidPositionError(f"malformed FEN: {problem}")
    if len(fields) == 4:
        text += " 0 1"
    try:
        board = chess.Board(text)
    except ValueError as error:
        reason = str(error).split(": '", 1)[0]
        raise InvalidPositionError(f"malformed FEN: {brief(reason)}") from None
    check_board(board)
    return board
