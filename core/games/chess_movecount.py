"""Count legal chess moves without building Move objects.

Proof-number search needs the number of legal moves (mobility) and whether the side to move is in
check at every node it creates. ``board.legal_moves.count()`` builds and legality-tests one
``chess.Move`` per move; here whole sets of moves are counted at once with bitboards and
``int.bit_count()``, using python-chess's own attack tables so that the result is exactly what
``board.legal_moves.count()`` returns for standard chess, including its conventions for odd
positions (for example an adjacent enemy king counts as a checker).

Standard castling is counted inline with the same tests as ``generate_castling_moves``. The rare
cases are delegated to python-chess, which keeps them exact at little cost: en passant (only when
a pawn actually stands next to the en passant square), castling on a Chess960-flagged board or
with unusual castling rights, and boards without exactly one non-promoted king of the side to
move or of a variant class (delegated entirely).
"""

from __future__ import annotations

import chess

_BB_ALL = chess.BB_ALL
_KNIGHT = chess.BB_KNIGHT_ATTACKS
_KING = chess.BB_KING_ATTACKS
_PAWN = chess.BB_PAWN_ATTACKS
_DIAG_ATT = chess.BB_DIAG_ATTACKS
_DIAG_MASK = chess.BB_DIAG_MASKS
_RANK_ATT = chess.BB_RANK_ATTACKS
_RANK_MASK = chess.BB_RANK_MASKS
_FILE_ATT = chess.BB_FILE_ATTACKS
_FILE_MASK = chess.BB_FILE_MASKS
_RAYS = chess.BB_RAYS
_BACKRANKS = chess.BB_BACKRANKS
_NOT_FILE_A = _BB_ALL ^ chess.BB_FILE_A
_NOT_FILE_H = _BB_ALL ^ chess.BB_FILE_H
_WHITE_DOUBLE_TARGETS = chess.BB_RANK_3 | chess.BB_RANK_4
_BLACK_DOUBLE_TARGETS = chess.BB_RANK_6 | chess.BB_RANK_5
_RANK_2 = chess.BB_RANK_2
_RANK_7 = chess.BB_RANK_7

# Empty-board slider reach from each square: a cheap "could any slider matter here" pre-test
# (shared with `core.games.chess_mate_in_one`, as is BETWEEN).
ORTHO_REACH = [_RANK_ATT[sq][0] | _FILE_ATT[sq][0] for sq in chess.SQUARES]
DIAG_REACH = [_DIAG_ATT[sq][0] for sq in chess.SQUARES]
# chess.between as a table, so the hot path does one lookup instead of a function call.
BETWEEN = [[chess.between(a, b) for b in chess.SQUARES] for a in chess.SQUARES]

# Per side to move: back rank, and the squares where a castling king and rook land (c+d with the
# a-side rook, f+g with the h-side rook), which must be empty for any castling to exist.
_CASTLE_BACKRANK = {chess.WHITE: chess.BB_RANK_1, chess.BLACK: chess.BB_RANK_8}
_CASTLE_A_LANDING = {
    chess.WHITE: chess.BB_C1 | chess.BB_D1,
    chess.BLACK: chess.BB_C8 | chess.BB_D8,
}
_CASTLE_H_LANDING = {
    chess.WHITE: chess.BB_F1 | chess.BB_G1,
    chess.BLACK: chess.BB_F8 | chess.BB_G8,
}
_CASTLE_KING = {chess.WHITE: chess.BB_E1, chess.BLACK: chess.BB_E8}
# Standard castling per side: (rook, squares that must be empty, square the king crosses,
# king's target, rook's target bitboard).
_CASTLE_STANDARD = {
    chess.WHITE: (
        (chess.BB_H1, chess.BB_F1 | chess.BB_G1, chess.F1, chess.G1, chess.BB_F1),
        (chess.BB_A1, chess.BB_B1 | chess.BB_C1 | chess.BB_D1, chess.D1, chess.C1, chess.BB_D1),
    ),
    chess.BLACK: (
        (chess.BB_H8, chess.BB_F8 | chess.BB_G8, chess.F8, chess.G8, chess.BB_F8),
        (chess.BB_A8, chess.BB_B8 | chess.BB_C8 | chess.BB_D8, chess.D8, chess.C8, chess.BB_D8),
    ),
}


def _pawn_move_count(pawns: int, white: bool, occupied: int, them: int, mask: int) -> int:
    """Count pawn moves (promotions x4) of ``pawns`` landing in ``mask``, set-wise.

    Mirrors python-chess's ``generate_pseudo_legal_moves`` bit for bit, including double pushes
    computed from the unmasked single pushes.
    """
    empty = ~occupied
    if white:
        single = (pawns << 8) & empty
        double = (single << 8) & empty & _WHITE_DOUBLE_TARGETS & mask
        west = ((pawns & _NOT_FILE_A) << 7) & them & mask
        east = ((pawns & _NOT_FILE_H) << 9) & them & mask
        may_promote = pawns & _RANK_7
    else:
        single = (pawns >> 8) & empty
        double = (single >> 8) & empty & _BLACK_DOUBLE_TARGETS & mask
        west = ((pawns & _NOT_FILE_A) >> 9) & them & mask
        east = ((pawns & _NOT_FILE_H) >> 7) & them & mask
        may_promote = pawns & _RANK_2
    single &= mask
    count = single.bit_count() + double.bit_count() + west.bit_count() + east.bit_count()
    if may_promote:
        count += 3 * (
            (single & _BACKRANKS).bit_count()
            + (west & _BACKRANKS).bit_count()
            + (east & _BACKRANKS).bit_count()
        )
    return count


def count_legal_moves_and_check(
    board: chess.Board, king_steps_suffice: bool = False
) -> tuple[int, bool]:
    """Return (number of legal moves, side to move is in check) for a standard-chess board.

    Both come from one computation of the checkers, so a caller telling checkmate from
    stalemate pays for it once. The count equals ``board.legal_moves.count()`` and the flag
    equals ``board.is_check()``. With `king_steps_suffice`, a count of the king's steps alone is
    returned when it is not 0: enough for a caller that asks only whether a move exists (is
    this check a mate?), and the king's steps are counted first and most often exist.
    """
    turn = board.turn
    occupied_co = board.occupied_co
    our = occupied_co[turn]
    them = occupied_co[not turn]
    kings = board.kings
    king_bb = kings & our
    if (
        not king_bb
        or king_bb & (king_bb - 1)
        or king_bb & board.promoted
        or board.uci_variant != "chess"
    ):
        return board.legal_moves.count(), board.is_check()

    king = king_bb.bit_length() - 1
    occupied = board.occupied
    pawns = board.pawns
    knights = board.knights
    bishops = board.bishops
    rooks = board.rooks
    queens = board.queens
    rooks_queens = rooks | queens
    bishops_queens = bishops | queens
    their_rq = rooks_queens & them
    their_bq = bishops_queens & them
    their_knights = knights & them
    their_kings = kings & them
    rank_att = _RANK_ATT
    rank_mask = _RANK_MASK
    file_att = _FILE_ATT
    file_mask = _FILE_MASK
    diag_att = _DIAG_ATT
    diag_mask = _DIAG_MASK
    knight_att = _KNIGHT
    king_att = _KING

    # Checkers and pinned pieces from one pass over the enemy sliders aimed at the king: no piece
    # in between makes a checker, exactly one of ours makes a pin (python-chess's
    # _slider_blockers and attackers_mask).
    checkers = (
        knight_att[king] & their_knights
        | _PAWN[turn][king] & pawns & them
        | king_att[king] & their_kings
    )
    blockers = 0
    snipers = ORTHO_REACH[king] & their_rq | DIAG_REACH[king] & their_bq
    if snipers:
        between_row = BETWEEN[king]
        while snipers:
            sniper = snipers.bit_length() - 1
            sniper_bb = 1 << sniper
            snipers ^= sniper_bb
            inside = between_row[sniper] & occupied
            if not inside:
                checkers |= sniper_bb
            elif not inside & (inside - 1):
                blockers |= inside
        blockers &= our

    # King steps. python-chess tests each target with the king still on the board; in check it
    # first removes the squares on the lines of sliding checkers (the king cannot step back).
    targets = king_att[king] & ~our
    if checkers:
        sliding = checkers & (bishops_queens | rooks)
        rays = _RAYS[king]
        while sliding:
            checker = sliding.bit_length() - 1
            checker_bb = 1 << checker
            sliding ^= checker_bb
            targets &= ~(rays[checker] & ~checker_bb)
    count = 0
    if targets:
        their_pawns = pawns & them
        if turn:
            targets &= ~(((their_pawns & _NOT_FILE_A) >> 9) | ((their_pawns & _NOT_FILE_H) >> 7))
        else:
            targets &= ~(((their_pawns & _NOT_FILE_A) << 7) | ((their_pawns & _NOT_FILE_H) << 9))
        while targets:
            sq = targets.bit_length() - 1
            targets ^= 1 << sq
            if knight_att[sq] & their_knights or king_att[sq] & their_kings:
                continue
            if (
                ORTHO_REACH[sq] & their_rq
                and (
                    rank_att[sq][rank_mask[sq] & occupied] | file_att[sq][file_mask[sq] & occupied]
                )
                & their_rq
            ):
                continue
            if DIAG_REACH[sq] & their_bq and diag_att[sq][diag_mask[sq] & occupied] & their_bq:
                continue
            count += 1

    if count and king_steps_suffice:
        return count, bool(checkers)
    if checkers:
        if checkers & (checkers - 1):
            return count, True
        checker = checkers.bit_length() - 1
        mask = BETWEEN[king][checker] | checkers
    else:
        mask = _BB_ALL ^ our

    # Other pieces: unpinned ones move anywhere in the mask, pinned ones only along the pin line.
    free = our & ~blockers
    bb = knights & free
    while bb:
        sq = bb.bit_length() - 1
        bb ^= 1 << sq
        count += (knight_att[sq] & mask).bit_count()
    # The empty-board reach test skips the occupancy lookup for sliders that cannot reach the
    # mask at all, which is most of them when the mask is a few squares next to a checked king.
    diag_reach = DIAG_REACH
    ortho_reach = ORTHO_REACH
    bb = bishops_queens & free
    while bb:
        sq = bb.bit_length() - 1
        bb ^= 1 << sq
        if diag_reach[sq] & mask:
            count += (diag_att[sq][diag_mask[sq] & occupied] & mask).bit_count()
    bb = rooks_queens & free
    while bb:
        sq = bb.bit_length() - 1
        bb ^= 1 << sq
        if ortho_reach[sq] & mask:
            count += (
                (rank_att[sq][rank_mask[sq] & occupied] | file_att[sq][file_mask[sq] & occupied])
                & mask
            ).bit_count()
    our_pawns = pawns & our
    if our_pawns & free:
        count += _pawn_move_count(our_pawns & free, turn, occupied, them, mask)
    if blockers:
        rays = _RAYS[king]
        bb = blockers
        while bb:
            sq = bb.bit_length() - 1
            sq_bb = 1 << sq
            bb ^= sq_bb
            line = mask & rays[sq]
            if sq_bb & pawns:
                count += _pawn_move_count(sq_bb, turn, occupied, them, line)
            elif not sq_bb & knights:
                count += (board.attacks_mask(sq) & line).bit_count()

    ep_square = board.ep_square
    if ep_square:
        count += _count_en_passant(board, king, blockers, checkers, mask, ep_square)

    if not checkers:
        backrank = _CASTLE_BACKRANK[turn]
        rights = board.castling_rights & backrank
        if rights and king_bb & backrank:
            count += _count_castling(board, king, king_bb, blockers, rights)
        return count, False
    return count, True


def _count_en_passant(
    board: chess.Board, king: int, blockers: int, checkers: int, mask: int, ep_square: int
) -> int:
    """Count legal en passant captures by asking python-chess, but only if a capturer exists.

    En passant legality (horizontal skewers, pins of the capturer, capturing a checking pawn) is
    subtle and rare, so exactness is worth a few Move objects here.
    """
    ep_bb = 1 << ep_square
    if board.occupied & ep_bb:
        return 0
    turn = board.turn
    capturers = (
        board.pawns
        & board.occupied_co[turn]
        & _PAWN[not turn][ep_square]
        & chess.BB_RANKS[4 if turn else 3]
    )
    if not capturers:
        return 0
    if checkers and not (
        ep_bb & mask or ep_square + (-8 if turn else 8) == checkers.bit_length() - 1
    ):
        return 0
    is_safe = board._is_safe
    count = 0
    while capturers:
        sq = capturers.bit_length() - 1
        capturers ^= 1 << sq
        if is_safe(king, blockers, chess.Move(sq, ep_square)):
            count += 1
    return count


def _attacked(
    sq: int,
    occupied: int,
    turn: bool,
    their_pawns: int,
    their_knights: int,
    their_kings: int,
    their_rq: int,
    their_bq: int,
) -> bool:
    """python-chess's ``attackers_mask(not turn, sq, occupied)`` reduced to a yes/no."""
    return bool(
        _KNIGHT[sq] & their_knights
        or _KING[sq] & their_kings
        or _PAWN[turn][sq] & their_pawns
        or (_RANK_ATT[sq][_RANK_MASK[sq] & occupied] | _FILE_ATT[sq][_FILE_MASK[sq] & occupied])
        & their_rq
        or _DIAG_ATT[sq][_DIAG_MASK[sq] & occupied] & their_bq
    )


def _count_castling(board: chess.Board, king: int, king_bb: int, blockers: int, rights: int) -> int:
    """Count legal castling moves of a side that is not in check and has a castling right.

    Standard castling (king on e1/e8, rights only on corner squares holding our rooks) is
    counted inline with exactly the tests of ``generate_castling_moves``: landing and path
    squares empty, and the king's path not attacked under the occupancy that method uses.
    Anything else (Chess960 flag, unusual rights) is delegated to python-chess once a cheap
    test, the first condition of ``generate_castling_moves``, says a castling may exist.
    """
    turn = board.turn
    occupied = board.occupied
    them = board.occupied_co[not turn]
    if (
        board.chess960
        or king_bb != _CASTLE_KING[turn]
        or rights & ~(board.rooks & board.occupied_co[turn] & chess.BB_CORNERS)
    ):
        others = occupied ^ king_bb
        while rights:
            rook_bb = rights & -rights
            rights ^= rook_bb
            landing = _CASTLE_A_LANDING[turn] if rook_bb < king_bb else _CASTLE_H_LANDING[turn]
            if not (others ^ rook_bb) & landing:
                is_safe = board._is_safe
                return sum(
                    1 for move in board.generate_castling_moves() if is_safe(king, blockers, move)
                )
        return 0

    rooks_queens = board.rooks | board.queens
    bishops_queens = board.bishops | board.queens
    attack_sets = (
        turn,
        board.pawns & them,
        board.knights & them,
        board.kings & them,
        rooks_queens & them,
        bishops_queens & them,
    )
    without_king = occupied ^ king_bb
    count = 0
    for rook_bb, empty, king_path, king_to, rook_to in _CASTLE_STANDARD[turn]:
        if (
            rights & rook_bb
            and not occupied & empty
            and not _attacked(king, without_king, *attack_sets)
            and not _attacked(king_path, without_king, *attack_sets)
            and not _attacked(king_to, without_king ^ rook_bb ^ rook_to, *attack_sets)
        ):
            count += 1
    return count


def count_legal_moves(board: chess.Board) -> int:
    """Return ``board.legal_moves.count()`` for a standard-chess board, without building moves.

    Used for mobility in the mate search, where this runs once per node.
    """
    return count_legal_moves_and_check(board)[0]
