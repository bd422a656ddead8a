"""The mop-up estimate of a won endgame: how far the attacker is from a mating position, judged
by the material on the board.

A heuristic for df-pn's initial proof numbers (Nagai's df-pn+ starts a new node with numbers
from knowledge of the game instead of 1). Long endgame mates are won by a plan that mobility
alone (§3.3.1) cannot see, and a proof-number search stays near the root. Engines evaluate such
endings by their material, one rule per ending (Stockfish's `src/endgame.cpp`: `Endgame<KXK>`
and `Endgame<KQKR>` push the lone king to the edge and the kings together, `Endgame<KBNK>`
pushes it to a corner of the bishop's colour, and the endings with a pawn against a piece,
KBPKB and KRPKR, are judged by the pawn, not by a mating net), and so does this estimate, on
the material after each move (`distance_after`). Each rule that drives the king adds the kings'
term, how much farther than two squares the kings stand apart (0–5):

* A rook, a queen or two bishops (of both colours) mate on an edge: 2 · the defending king's
  distance from the edge (0–6). Two bishops mate in a corner, yet the corner's distance (as a
  rook's edge plus the king steps to the nearest corner) made df-pn slower on both KBBK
  endgames of the development set, and Stockfish drives KBBK with its edge table too.
* Bishop and knight (the bishops on one colour) mate only in a corner of the bishop's colour: the
  taxicab distance to the nearer such corner (0–7: a king in the wrong corner is seven from
  both), as Stockfish's newer `push_to_corner` counts it.
* A pawn must promote before it mates where the pieces alone cannot: no queen against a
  defending piece (KBP v KB, KRP v KR), no mating material against a bare king or a pawn (KNP
  v K, KP v K). Promotion first, then the mate: `MATING_MOST` + `PROMOTION_STEP` · the steps
  the most advanced pawn has left, above every mating position, so that a pawn step and the
  promotion both count as progress (after it the queen's edge rule takes over).
* Material that cannot force mate (a lone minor piece, two knights, bishops of one colour with
  no knight) is the farthest from mate there is: `MOST`.

So the estimate is 0 where mates happen and at most `MOST` (24; the edge's and the corners'
rules stay within 0–12, 0–11 for a rook or a queen). It is used only where the
defender keeps at most one man besides the king, and it is not a queen (`applies`): where the
defender keeps pawns or pieces, mates come from tactics, not from a king walk. Counting pawns
matters: with the rule "one piece besides pawns", 38 of matetrack-dev's 110 positions used the
estimate, and there it cost df-pn two proofs and up to 35× the nodes on the others (mtd.005, a
mate in 2: 238,989 nodes against 6,952). The measurements behind each rule are in
`docs/benchmarks.md`.
"""

from __future__ import annotations

import chess

MATING_MOST = 12
"""The largest estimate of a position with mating material and no pawn to promote first: a
king in the wrong corner for bishop and knight (7) with the kings seven squares apart (5)."""
PROMOTION_STEP = 2
"""What each step the most advanced pawn has left to promotion adds."""
MOST = MATING_MOST + 6 * PROMOTION_STEP
"""The largest estimate: a pawn six steps from promotion, or no mating material at all."""


def _edge(square: chess.Square) -> int:
    file, rank = chess.square_file(square), chess.square_rank(square)
    return min(file, 7 - file, rank, 7 - rank)


def _taxicab(square: chess.Square, corners: tuple[chess.Square, ...]) -> int:
    file, rank = chess.square_file(square), chess.square_rank(square)
    return min(abs(file - chess.square_file(c)) + abs(rank - chess.square_rank(c)) for c in corners)


_EDGE = tuple(2 * _edge(square) for square in chess.SQUARES)
_DARK_CORNER = tuple(_taxicab(square, (chess.A1, chess.H8)) for square in chess.SQUARES)
_LIGHT_CORNER = tuple(_taxicab(square, (chess.A8, chess.H1)) for square in chess.SQUARES)
_KINGS = tuple(
    tuple(max(0, chess.square_distance(a, b) - 2) for b in chess.SQUARES) for a in chess.SQUARES
)


def applies(board: chess.Board, attacker: chess.Color) -> bool:
    """Whether the estimate is meant for this position: the defender keeps at most one man
    besides the king (a pawn or a piece), and not a queen."""
    defender = not attacker
    men = [
        piece_type
        for piece_type in (chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN)
        for _ in board.pieces(piece_type, defender)
    ]
    return len(men) <= 1 and chess.QUEEN not in men


def distance_after(board: chess.Board, move: chess.Move, attacker: chess.Color) -> int:
    """The estimate of the position after `move` from `board`, read without playing it (df-pn
    asks for every new node): only the men the move moves, takes or promotes change."""
    defender = not attacker
    defending_king, attacking_king = board.king(defender), board.king(attacker)
    if defending_king is None or attacking_king is None:
        return 0
    ours = board.occupied_co[attacker]
    men = [board.pawns & ours, board.knights & ours, board.bishops & ours, board.rooks & ours]
    queens = board.queens & ours
    defender_pieces = board.occupied_co[defender] & ~(board.pawns | board.kings)
    origin, target = chess.BB_SQUARES[move.from_square], chess.BB_SQUARES[move.to_square]
    if ours & origin:
        defender_pieces &= ~target
        if move.from_square == attacking_king:
            attacking_king = move.to_square
        elif move.promotion:
            men[0] &= ~origin
            if move.promotion == chess.QUEEN:
                queens |= target
            else:
                men[move.promotion - 1] |= target
        elif queens & origin:
            queens ^= origin | target
        else:
            kind = next(index for index, bits in enumerate(men) if bits & origin)
            men[kind] ^= origin | target
    else:
        if move.from_square == defending_king:
            defending_king = move.to_square
        elif move.promotion or defender_pieces & origin:
            defender_pieces = (defender_pieces & ~origin) | target
        if board.is_en_passant(move):
            target = chess.BB_SQUARES[move.to_square + (8 if defender == chess.BLACK else -8)]
        men = [bits & ~target for bits in men]
        queens &= ~target
    return by_material(
        attacker, attacking_king, defending_king, tuple(men), queens, bool(defender_pieces)
    )


def by_material(
    attacker: chess.Color,
    attacking_king: chess.Square,
    defending_king: chess.Square,
    men: tuple[chess.Bitboard, ...],
    queens: chess.Bitboard,
    defender_has_piece: bool,
) -> int:
    """The module's rules, on the attacker's `men` (pawns, knights, bishops, rooks), queens
    and the kings, and whether the defender keeps a piece: where the pieces alone cannot mate,
    a pawn must promote first."""
    pawns, knights, bishops, rooks = men
    light, dark = bishops & chess.BB_LIGHT_SQUARES, bishops & chess.BB_DARK_SQUARES
    mating = queens or rooks or (bishops and knights) or (light and dark)
    if pawns and not (queens if defender_has_piece else mating):
        if attacker == chess.WHITE:
            steps = 7 - chess.square_rank(chess.msb(pawns))
        else:
            steps = chess.square_rank(chess.lsb(pawns))
        return MATING_MOST + PROMOTION_STEP * steps
    if not mating:
        return MOST
    kings = _KINGS[defending_king][attacking_king]
    if queens or rooks or (light and dark):
        return _EDGE[defending_king] + kings
    return (_LIGHT_CORNER if light else _DARK_CORNER)[defending_king] + kings
