"""Play a move on a python-chess board and take it back again, without the move stack.

An expansion plays each child, counts its moves (and, for df-pn, tests it for a mate in one)
and takes it back at once: nothing is ever searched from there. python-chess's `push` saves the
board and the move on two stacks and handles every kind of move, 3.5 µs for a move and its `pop`
here. `make` moves the bitboards of a plain move itself and hands back python-chess's own
snapshot of the board before it (the one `pop` restores), which `unmake` puts back. Promotions,
castling, en passant, the capture of a king (illegal positions), variants and Chess960 boards, and
boards where python-chess would first tidy something up (promoted pieces, castling rights it would
clean) go through `push` and `pop`, so the board is always exactly what `push` makes of it: a
test compares the snapshots after every pseudo-legal move of the suites' positions and of random
play from them.

Only for a move taken back before anyone reads the move stack: while it is on the board, the
board's `move_stack` does not show it.
"""

from __future__ import annotations

import chess

Saved = chess._BoardState | None
"""What `unmake` needs: python-chess's own snapshot of the board before the move (the one `pop`
restores), or None for a move `make` left to `push`."""

_BACK_RANK = {chess.WHITE: chess.BB_RANK_1, chess.BLACK: chess.BB_RANK_8}


def make(board: chess.Board, move: chess.Move) -> Saved:
    """Play the pseudo-legal `move` on `board` as `board.push` would (plain moves of standard
    chess by hand, anything else by `push`)."""
    origin, target = move.from_square, move.to_square
    from_bb, to_bb = 1 << origin, 1 << target
    rights = board.castling_rights
    pawns, kings = board.pawns, board.kings
    if (
        move.promotion
        or board.promoted
        or type(board) is not chess.Board  # a variant's push does more
        or board.chess960  # castling is king takes rook, maybe a one-file king move
        or kings & to_bb
        or (kings & from_bb and abs((origin & 7) - (target & 7)) > 1)
        or (pawns & from_bb and target == board.ep_square)
        or (rights and rights != board.clean_castling_rights())
    ):
        board.push(move)
        return None
    saved = chess._BoardState(board)  # what `pop` restores, so `unmake` restores the same
    knights, bishops, rooks, queens = board.knights, board.bishops, board.rooks, board.queens
    occupied_co = board.occupied_co
    white, black = occupied_co[chess.WHITE], occupied_co[chess.BLACK]
    turn = board.turn
    clock = board.halfmove_clock + 1
    if (black if turn else white) & to_bb:
        clock = 0
        keep = ~to_bb
        if pawns & to_bb:
            pawns &= keep
        elif knights & to_bb:
            knights &= keep
        elif bishops & to_bb:
            bishops &= keep
        elif rooks & to_bb:
            rooks &= keep
        else:
            queens &= keep
        if turn:
            black &= keep
        else:
            white &= keep
    moved = from_bb | to_bb
    ep_square = None
    if pawns & from_bb:
        pawns ^= moved
        clock = 0
        if target - origin == 16:
            ep_square = origin + 8
        elif origin - target == 16:
            ep_square = origin - 8
    elif knights & from_bb:
        knights ^= moved
    elif bishops & from_bb:
        bishops ^= moved
    elif rooks & from_bb:
        rooks ^= moved
    elif queens & from_bb:
        queens ^= moved
    else:
        kings ^= moved
        rights &= ~_BACK_RANK[turn]
    if turn:
        white ^= moved
    else:
        black ^= moved
        board.fullmove_number += 1
    board.pawns, board.knights, board.bishops = pawns, knights, bishops
    board.rooks, board.queens, board.kings = rooks, queens, kings
    occupied_co[chess.WHITE], occupied_co[chess.BLACK] = white, black
    board.occupied = white | black
    board.castling_rights = rights & ~moved
    board.ep_square = ep_square
    board.halfmove_clock = clock
    board.turn = not turn
    return saved


def unmake(board: chess.Board, saved: Saved) -> None:
    """Take back the move `make` played, which returned `saved`."""
    if saved is None:
        board.pop()
    else:
        saved.restore(board)
