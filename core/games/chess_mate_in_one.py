"""Find a mate in one by trying only the moves that can give check.

df-pn proves a position where the attacker mates in one the moment it is generated, the way
tsume-shogi solvers test every new node for a one-move mate (Seo's and Nagai's solvers): the node
then never has to be expanded, and a defender's reply that walks into a mate counts nothing
towards its parent's proof number, so a quiet move that threatens mate looks as strong as it is.

Testing all ~35 moves would cost more than the expansion it saves, so only the moves that can
check are tried: a knight, bishop, rook, queen or pawn landing on a square from which it attacks
the defending king (read from python-chess's attack tables with the board's occupancy), any move
of a piece that stands alone between its own slider and that king (a discovered check), and the
rare moves that can check in other ways (promotions, castling, en passant). A candidate after
which the defending king can step to a square nobody attacks is no mate, which the attack tables
tell without playing it; the others are played, and mate when legal, giving check and leaving the
defender no legal move.
"""

from __future__ import annotations

import chess
from chess import (
    BB_DIAG_ATTACKS,
    BB_DIAG_MASKS,
    BB_FILE_ATTACKS,
    BB_FILE_MASKS,
    BB_KING_ATTACKS,
    BB_KNIGHT_ATTACKS,
    BB_PAWN_ATTACKS,
    BB_RANK_ATTACKS,
    BB_RANK_MASKS,
)

from .chess_make import make, unmake
from .chess_movecount import (
    BETWEEN,
    DIAG_REACH,
    ORTHO_REACH,
    count_legal_moves_and_check,
)

_scan = chess.scan_reversed
_PROMOTING_RANK = {chess.WHITE: chess.BB_RANK_7, chess.BLACK: chess.BB_RANK_2}


def checking_candidates(board: chess.Board) -> list[chess.Move]:
    """Pseudo-legal moves of the side to move that may give check: every check is among them.

    Direct checks are read square by square from the attack tables (no move generator: this
    runs for every new node df-pn generates with the attacker to move); the rare kinds of check
    go through python-chess's generator.
    """
    us = board.turn
    king = board.king(not us)
    if king is None:
        return []
    occupied = board.occupied
    our = board.occupied_co[us]
    free = ~our
    diagonal = _diagonal(king, occupied) & free
    straight = _straight(king, occupied) & free
    moves: list[chess.Move] = []
    move = _move
    if diagonal:
        for square in _scan(board.bishops & our):
            for target in _scan(_diagonal(square, occupied) & diagonal):
                moves.append(move(square, target))
    if straight:
        for square in _scan(board.rooks & our):
            for target in _scan(_straight(square, occupied) & straight):
                moves.append(move(square, target))
    lines = diagonal | straight
    if lines:
        for square in _scan(board.queens & our):
            reach = _diagonal(square, occupied) | _straight(square, occupied)
            for target in _scan(reach & lines):
                moves.append(move(square, target))
    knight_checks = BB_KNIGHT_ATTACKS[king] & free
    if knight_checks:
        for square in _scan(board.knights & our):
            for target in _scan(BB_KNIGHT_ATTACKS[square] & knight_checks):
                moves.append(move(square, target))
    promoting = board.pawns & our & _PROMOTING_RANK[us]
    pawns = board.pawns & our & ~promoting
    pawn_checks = BB_PAWN_ATTACKS[not us][king] & free
    if pawns and pawn_checks & _pawn_reach(pawns, us):
        moves.extend(board.generate_pseudo_legal_moves(pawns, pawn_checks))
    rare = promoting | _discovering_pieces(board, king, our)
    if rare:
        moves.extend(board.generate_pseudo_legal_moves(rare))
    if board.castling_rights & our:
        moves.extend(board.generate_castling_moves())
    if board.ep_square is not None:
        moves.extend(board.generate_pseudo_legal_ep())
    return moves


def _diagonal(square: int, occupied: int) -> int:
    """A bishop's attacks from `square`, given `occupied`."""
    return BB_DIAG_ATTACKS[square][BB_DIAG_MASKS[square] & occupied]


def _straight(square: int, occupied: int) -> int:
    """A rook's attacks from `square`, given `occupied`."""
    return (
        BB_RANK_ATTACKS[square][BB_RANK_MASKS[square] & occupied]
        | (BB_FILE_ATTACKS[square][BB_FILE_MASKS[square] & occupied])
    )


def _pawn_reach(pawns: int, white: bool) -> int:
    """Every square these pawns could reach in one move on an empty board (push, double push,
    capture): a cheap test whether any of them can land on a checking square."""
    if white:
        single = pawns << 8
        return (
            single
            | (single & chess.BB_RANK_3) << 8
            | (pawns & ~chess.BB_FILE_A) << 7
            | (pawns & ~chess.BB_FILE_H) << 9
        )
    single = pawns >> 8
    return (
        single
        | (single & chess.BB_RANK_6) >> 8
        | (pawns & ~chess.BB_FILE_A) >> 9
        | (pawns & ~chess.BB_FILE_H) >> 7
    )


_MOVES: dict[tuple[int, int], chess.Move] = {}


def _move(from_square: int, to_square: int) -> chess.Move:
    """The (shared) move object of a non-promotion move."""
    found = _MOVES.get((from_square, to_square))
    if found is None:
        found = _MOVES[from_square, to_square] = chess.Move(from_square, to_square)
    return found


def _discovering_pieces(board: chess.Board, king: int, our: int) -> int:
    """Our pieces that stand alone between one of our sliders and the defending king."""
    straight_sliders = (board.rooks | board.queens) & our & ORTHO_REACH[king]
    diagonal_sliders = (board.bishops | board.queens) & our & DIAG_REACH[king]
    snipers = straight_sliders | diagonal_sliders
    occupied = board.occupied
    between_row = BETWEEN[king]
    pieces = 0
    while snipers:
        sniper = snipers.bit_length() - 1
        snipers ^= 1 << sniper
        inside = between_row[sniper] & occupied
        if inside and not inside & (inside - 1):
            pieces |= inside & our
    return pieces


def mating_move(board: chess.Board) -> chess.Move | None:
    """A move of the side to move that checkmates at once, or None (the board is restored).

    A candidate after which the defending king can step to a square nobody attacks is no mate,
    and most checks are answered so: that is read from the attack tables without playing the
    move (`_king_steps_away`); the rest are played and their replies counted."""
    illegal = board.was_into_check
    king = board.king(not board.turn)
    tried: set[chess.Move] = set()
    for move in checking_candidates(board):
        if move in tried:
            continue
        tried.add(move)
        if king is not None and _king_steps_away(board, move, king):
            continue
        saved = make(board, move)
        if illegal():
            unmake(board, saved)
            continue
        count, check = count_legal_moves_and_check(board, king_steps_suffice=True)
        unmake(board, saved)
        if check and count == 0:
            return move
    return None


def threatens_mate(board: chess.Board) -> bool:
    """Whether the side not to move (it just made a quiet move; the side to move is not in
    check) would mate in one if the side to move passed: the null move is the turn flipped and
    the en passant square cleared, the board restored afterwards. df-pn starts such a move's
    proof number lower (`core.search.dfpn`)."""
    ep_square = board.ep_square
    board.turn = not board.turn
    board.ep_square = None
    try:
        return mating_move(board) is not None
    finally:
        board.turn = not board.turn
        board.ep_square = ep_square


def _king_steps_away(board: chess.Board, move: chess.Move, king: int) -> bool:
    """Whether after `move` (a plain move: no promotion, castling or en passant, for which this
    says False) the defending `king` has a square to step to that no attacking man attacks."""
    us = board.turn
    origin, target = move.from_square, move.to_square
    mover = board.piece_type_at(origin)
    if move.promotion or mover is None or board.is_castling(move) or board.is_en_passant(move):
        return False
    origin_bb, target_bb = 1 << origin, 1 << target
    squares = BB_KING_ATTACKS[king] & ~(board.occupied_co[not us] & ~target_bb)
    if not squares:
        return False
    # The sliders see through the king's square: it cannot step back along their line.
    seen = ((board.occupied & ~origin_bb) | target_bb) & ~(1 << king)
    squares &= ~_attacks(mover, us, target, seen)
    attackers_mask = board.attackers_mask
    return any(not attackers_mask(us, square, seen) & ~origin_bb for square in _scan(squares))


def _attacks(piece_type: int, color: bool, square: int, occupied: int) -> int:
    """The squares a man of this type and colour on `square` attacks, given `occupied`."""
    if piece_type == chess.PAWN:
        return BB_PAWN_ATTACKS[color][square]
    if piece_type == chess.KNIGHT:
        return BB_KNIGHT_ATTACKS[square]
    if piece_type == chess.KING:
        return BB_KING_ATTACKS[square]
    reach = 0
    if piece_type in (chess.BISHOP, chess.QUEEN):
        reach |= _diagonal(square, occupied)
    if piece_type in (chess.ROOK, chess.QUEEN):
        reach |= _straight(square, occupied)
    return reach
