"""Independent check of a claimed mate: replay the proof tree with python-chess alone.

Nothing from the search is trusted: not its move generator, its move counter, its terminal rules,
its tree or its board object (the replay builds its own standard-chess board from the FEN). The
proof comes in as nested dicts of UCI moves; starting from the root position the verifier confirms
that every attacker move is legal, that at every defender node *every* legal reply is answered,
and that every leaf is checkmate of the defender. A failure raises VerificationError naming the
line where the proof breaks: a wrong mate is never reported. A dict reached twice (df-pn's
transpositions share subtrees) is replayed once per position it is played from, so such proofs
stay linear in their distinct nodes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import chess

from ..errors import VerificationError
from .claims import mate_length

UciProof = dict[str, Any]
"""A proof tree as nested dicts: UCI move -> the proof after it ({} at a mated leaf)."""


@dataclass(frozen=True, slots=True)
class VerifiedMate:
    """What the replay established: mate in `moves` against the longest defence in the proof."""

    moves: int
    plies: int
    nodes: int


MAX_PLIES = 800
"""Deeper proofs are refused rather than risk the interpreter's recursion limit."""


def _line(board: chess.Board, root_plies: int) -> str:
    moves = [move.uci() for move in board.move_stack[root_plies:]]
    return " ".join(moves) if moves else "(root)"


def standard_root(root: chess.Board | str) -> chess.Board:
    """A standard-chess board of its own for a replay, built from the root's FEN: never the
    caller's board object, which might follow a variant's rules (e.g. Atomic's)."""
    fen = root if isinstance(root, str) else root.fen()
    try:
        board = chess.Board(fen)
    except ValueError:
        raise VerificationError("the root position is not a standard chess FEN") from None
    if board.status() != chess.STATUS_VALID:
        raise VerificationError("the root position is not legal in standard chess")
    return board


def verify_mate(
    root: chess.Board | str, proof: UciProof, attacker: chess.Color | None = None
) -> VerifiedMate:
    """Replay `proof` from `root` and return the mate it proves; `attacker` (by default the side
    to move) is the side that mates, so a `bm #-N` proof starts with every defender move.

    The replay runs under the rules it verifies: a standard-chess board built here from the root's
    FEN, never the caller's board object (which might follow a variant's rules, e.g. Atomic's).
    """
    board = standard_root(root)
    attacker = board.turn if attacker is None else attacker
    checker = _Replay(board, attacker)
    plies = checker.replay(proof)
    return VerifiedMate(mate_length(plies, board.turn == attacker), plies, checker.nodes)


class _Replay:
    """Depth-first replay on one board; returns the plies to mate below each node."""

    def __init__(self, board: chess.Board, attacker: chess.Color) -> None:
        self.board = board
        self.attacker = attacker
        self.root_plies = len(board.move_stack)
        self.nodes = 0
        self.verified: dict[tuple, int] = {}
        """Plies to mate of each (subtree, position) already replayed: a subtree shared by
        transpositions is checked once per position it is played from."""

    def fail(self, text: str) -> VerificationError:
        return VerificationError(f"after {_line(self.board, self.root_plies)}: {text}")

    def replay(self, subtree: UciProof) -> int:
        board = self.board
        seen = (id(subtree), board._transposition_key())
        if seen in self.verified:
            return self.verified[seen]
        self.nodes += 1
        if not isinstance(subtree, dict):
            raise self.fail("malformed proof node")
        if len(board.move_stack) - self.root_plies > MAX_PLIES:
            raise self.fail(f"proof deeper than {MAX_PLIES} plies")
        if board.turn == self.attacker:
            if len(subtree) != 1:
                raise self.fail(
                    "the attacker's move is missing (no mate here)"
                    if not subtree
                    else f"{len(subtree)} attacker moves given, one expected"
                )
        elif not subtree:
            if not board.is_checkmate():
                raise self.fail("the proof ends but the defender is not mated")
            return 0
        else:
            legal = {move.uci() for move in board.legal_moves}
            if not legal:
                raise self.fail("the defender is stalemated, not mated")
            missing = sorted(legal - set(subtree))
            if missing:
                raise self.fail(f"the defender's {', '.join(missing)} is not answered")
        deepest = 0
        for uci, child in subtree.items():
            try:
                move = chess.Move.from_uci(uci)
            except (ValueError, TypeError):
                raise self.fail(f"{uci!r} is not a move") from None
            if not board.is_legal(move):
                raise self.fail(f"{uci} is not legal")
            board.push(move)
            deepest = max(deepest, 1 + self.replay(child))
            board.pop()
        self.verified[seen] = deepest
        return deepest
