"""The mop-up estimate of a won endgame: how far the defending king is from a mating square.

A heuristic for df-pn's initial proof numbers (Nagai's df-pn+ starts a new node with numbers
from knowledge of the game instead of 1). Long endgame mates (KRK, KQ against a rook, two
bishops) are won by driving the lone king to the edge and bringing the attacking king close, as
engines evaluate such endings (Stockfish's KX-versus-K: push to the edge, push close). Mobility
alone (§3.3.1) cannot see that progress, and a proof-number search stays near the root. So in
an ending where the defender has at most one man besides the king, and it is not a queen
(`applies`), a position's estimate is twice the defending king's distance from the edge plus how
much farther than two squares the kings stand apart (`distance_after`): 0 where mates happen, at
most 11. Anywhere else it is not used: where the defender keeps pawns or pieces, mates come from
tactics, not from a king walk. Counting pawns matters: with the rule "one piece besides pawns",
38 of matetrack-dev's 110 positions used the estimate, and there it cost df-pn two proofs and up
to 35× the nodes on the others (mtd.005, a mate in 2: 238,989 nodes against 6,952).
"""

from __future__ import annotations

import chess


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
    """The estimate after `move` from `board` (read without playing it: only a king move
    changes it): 2 · the defending king's distance from the edge + (distance of the kings − 2)⁺."""
    defender = not attacker
    defending_king = board.king(defender)
    attacking_king = board.king(attacker)
    if defending_king is None or attacking_king is None:
        return 0
    if move.from_square == defending_king:
        defending_king = move.to_square
    elif move.from_square == attacking_king:
        attacking_king = move.to_square
    file, rank = chess.square_file(defending_king), chess.square_rank(defending_king)
    edge = min(file, 7 - file, rank, 7 - rank)
    return 2 * edge + max(0, chess.square_distance(defending_king, attacking_king) - 2)
