"""Independent check of a claimed disproof ("no mate in N or fewer", or with no bound "no forced
mate"), replayed with python-chess.

The counterpart of `core.proofs.verify` for the other answer. A search hands over the disproof
tree it read out of what it keeps (`core.search.contract.Search.disproof`: df-pn from its table,
PN and Pn² from their trees, DAG PN from its graph along real paths) as nested dicts of UCI
moves, under a mate-length bound (`core.search.dfpn_shortest`: "a mate within `max_plies`
plies") or without one (a disproved root: no mate at any length), and nothing from the search is
trusted: the replay builds its own standard-chess board from the FEN, and python-chess's move
generator, not the search's, says which moves exist. It confirms that

* at every attacker node *every* legal move is answered (each key a legal move, none missing),
* at every defender node one legal reply is given,
* and every line ends where a rule ends it without the attacker mating: the bound, where there
  is one (a position `max_plies` plies deep whose side to move, the defender, is not mated), the
  attacker mated, stalemate, the fifty-move rule (the defender claims the draw), the attacker's
  insufficient material (python-chess's test, which never says so while a mate remains
  possible), or a position that already stood on the line from the root, found by the replay
  itself from its own boards (an empty subtree is never taken for a repetition on the tree's
  word).

A rule that ends a line settles the node whatever lies below it in the tree. The repetition is
sound without any rule of the game, with a bound or without: along a shortest mate's every line
the distance to mate falls at each ply (a position reached again with a fuller fifty-move clock is
no nearer to mate), so if the attacker had a forced mate, within the bound or at any length, its
shortest one, played against the defender's replies in the tree, would reach a leaf where no rule
above applies. Without a bound the tree is thus a defender strategy that never loses: where a line
returns to a position of its own, the defender plays on from there as it did before, and the
attacker never mates. Positions before the root do not count (a repetition of one of them is
refused). Lines deeper than `MAX_PLIES` are refused rather than risk the interpreter's recursion
limit.

A subtree reached again at the same position, clock and ply is checked once where it rests on no
repetition above its own node; otherwise on every path. A failure raises VerificationError naming
the line where the disproof breaks: a "no shorter mate" or "no forced mate" is never reported on
the search's word.
"""

from __future__ import annotations

from dataclasses import dataclass

import chess

from ..errors import VerificationError
from .claims import no_mate_within
from .verify import MAX_PLIES, UciProof, standard_root

_NOTHING_ABOVE = 1 << 30
"""What a subtree that rests on no repetition rests on: deeper than any line."""


@dataclass(frozen=True, slots=True)
class VerifiedDisproof:
    """What the replay established: no mate in `moves` or fewer (`plies` plies searched), or with
    both None no forced mate at any length, over a replay of `nodes` positions."""

    moves: int | None
    plies: int | None
    nodes: int


def verify_disproof(
    root: chess.Board | str,
    disproof: UciProof,
    attacker: chess.Color,
    max_plies: int | None,
) -> VerifiedDisproof:
    """Replay `disproof` from `root` and return what it proves: that `attacker` cannot mate
    within `max_plies` plies (the mate-length bound of `core.proofs.claims.plies_for_mate_in`),
    or with `max_plies` None that it has no forced mate at all, whoever is to move at the root.
    Raises VerificationError where it does not hold."""
    if max_plies is not None and not 1 <= max_plies <= MAX_PLIES:
        raise VerificationError(f"a bound of {max_plies} plies cannot be checked")
    board = standard_root(root)
    checker = _Replay(board, attacker, max_plies)
    checker.replay(disproof)
    moves = None if max_plies is None else no_mate_within(max_plies, board.turn == attacker)
    return VerifiedDisproof(moves, max_plies, checker.nodes)


class _Replay:
    """Depth-first replay on one board; returns the shallowest ply of the line from the root
    whose position a repetition below each node goes back to."""

    def __init__(self, board: chess.Board, attacker: chess.Color, max_plies: int | None) -> None:
        self.board = board
        self.attacker = attacker
        self.max_plies = max_plies
        self.nodes = 0
        self.line: dict[object, list[int]] = {}
        """Each position on the line from the root to the node: the plies it stands at."""
        self.checked: set[tuple] = set()
        """(subtree, position, clock, ply) already checked and resting on nothing above."""

    def fail(self, text: str) -> VerificationError:
        moves = " ".join(move.uci() for move in self.board.move_stack)
        return VerificationError(f"after {moves or '(root)'}: {text}")

    def ended(self, key: object) -> int | None:
        """Where a rule ends the line at the board (the ply a repetition goes back to, or
        `_NOTHING_ABOVE`), None where the game goes on; raises where the defender is mated."""
        board = self.board
        if board.is_checkmate():
            if board.turn != self.attacker:
                raise self.fail("the defender is mated")
            return _NOTHING_ABOVE
        if self.max_plies is not None and len(board.move_stack) >= self.max_plies:
            return _NOTHING_ABOVE
        if board.is_stalemate() or board.is_fifty_moves():
            return _NOTHING_ABOVE
        if board.has_insufficient_material(self.attacker):
            return _NOTHING_ABOVE
        earlier = self.line.get(key)
        return earlier[-1] if earlier else None

    def replay(self, subtree: UciProof) -> int:
        board = self.board
        ply = len(board.move_stack)
        key = board._transposition_key()
        seen = (id(subtree), key, board.halfmove_clock, ply)
        if seen in self.checked:
            return _NOTHING_ABOVE
        self.nodes += 1
        if not isinstance(subtree, dict):
            raise self.fail("malformed disproof node")
        rests_on = self.ended(key)
        if rests_on is not None:
            return rests_on
        if not subtree:
            raise self.fail("the disproof ends here, but no rule ends the line")
        if ply >= MAX_PLIES:
            raise self.fail(f"disproof deeper than {MAX_PLIES} plies")
        legal = {move.uci() for move in board.legal_moves}
        illegal = [move for move in subtree if move not in legal]
        if illegal:
            raise self.fail(f"{illegal[0]!r} is not a legal move")
        if board.turn == self.attacker:
            missing = sorted(legal - set(subtree))
            if missing:
                raise self.fail(f"the attacker's {', '.join(missing)} is not answered")
        elif len(subtree) != 1:
            raise self.fail(f"{len(subtree)} defender replies given, one expected")
        self.line.setdefault(key, []).append(ply)
        rests_on = _NOTHING_ABOVE
        try:
            for uci, child in subtree.items():
                board.push(chess.Move.from_uci(uci))
                try:
                    rests_on = min(rests_on, self.replay(child))
                finally:
                    board.pop()
        finally:
            plies = self.line[key]
            plies.pop()
            if not plies:
                del self.line[key]
        if rests_on >= ply:
            self.checked.add(seen)
        return rests_on
