"""The defending king's flight squares: df-pn+ knowledge for the positions where the attacker is
to move.

Nagai's df-pn+ (2002) starts a new node with numbers from knowledge of the game instead of 1.
Mobility (thesis §3.3.1) gives a defender's node the number of its replies, but every position
where the attacker is to move starts at proof number 1, however much room the defending king
has. A mate is nearer where the king has fewer squares to flee to, which is how mating attacks
are judged by eye and by engines' king-safety terms; so with a flight weight (`DfpnSearch(
flight_weight=…)`) such a node starts at 1 plus the weight per flight square. The count is read
off the position before the defender's move, without playing it (`flights_after`), as the
mop-up estimate is (`core.games.mop_up`).
"""

from __future__ import annotations

import chess


def flights_after(board: chess.Board, move: chess.Move, attacker: chess.Color) -> int:
    """Squares next to the defending king, after the defender's `move` from `board`, that are
    neither its own men's nor attacked by the attacker (a slider's line runs on through the
    king's square, and a man the move captures attacks nothing). Castling's rook and en
    passant's pawn are not followed: a heuristic, not a rule."""
    defender = not attacker
    king = board.king(defender)
    if king is None:
        return 0
    moved, landed = chess.BB_SQUARES[move.from_square], chess.BB_SQUARES[move.to_square]
    if move.from_square == king:
        king = move.to_square
    own = board.occupied_co[defender] & ~moved | landed
    occupied = (board.occupied & ~moved | landed) & ~chess.BB_SQUARES[king]
    flights = 0
    for square in chess.scan_forward(chess.BB_KING_ATTACKS[king] & ~own):
        if not board.attackers_mask(attacker, square, occupied) & ~landed:
            flights += 1
    return flights
