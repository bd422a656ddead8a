"""Independent check of a claimed disproof: "no mate in N or fewer", replayed with python-chess.

The counterpart of `core.proofs.verify` for the other answer. A mate-length-bounded search
(`core.search.dfpn_shortest`) that disproves "a mate within `max_plies` plies" hands over its
disproof tree as nested dicts of UCI moves, and nothing from the search is trusted: the replay
builds its own standard-chess board from the FEN, and python-chess's move generator, not the
search's, says which moves exist. It confirms that

* at every attacker node *every* legal move is answered (each key a legal move, none missing),
* at every defender node one legal reply is given,
* and every line ends where a rule ends it without the attacker mating: the bound (a position
  `max_plies` plies deep whose side to move, the defender, is not mated), the attacker mated,
  stalemate, the fifty-move rule (the defender claims the draw), the attacker's insufficient
  material (python-chess's test, which never says so while a mate remains possible), or a
  position that already stood on the line from the root.

A rule that ends a line settles the node whatever lies below it in the tree. The repetition is
sound without any rule of the game: along a shortest mate's every line the distance to mate
falls at each ply, so if a mate within the bound existed, the attacker's shortest one, played
against the defender's replies in the tree, would reach a leaf where no rule above applies.
Positions before the root do not count (a repetition of one of them is refused).

A subtree reached again at the same position, clock and ply is checked once where it rests on no
repetition above its own node; otherwise on every path. A failure raises VerificationError naming
the line where the disproof breaks: a "no shorter mate" is never reported on the search's word.
"""

from __future__ import annotations

from dataclasses import dataclass

import chess

from pn_explorer.core.errors import VerificationError
from pn_explorer.core.proofs.claims import no_mate_within
from pn_explorer.core.proofs.verify import MAX_PLIES, UciProof, standard_root

_NOTHING_ABOVE = 1 << 30
"""What a subtree that rests on no repetition rests on: deeper than any line."""


@dataclass(frozen=True, slots=True)
class VerifiedDisproof:
    """What the replay established: no mate in `moves` or fewer (`plies` plies searched), over a
    replay of `nodes` positions."""

    moves: int
    plies: int
    nodes: int


def verify_disproof(
    root: chess.Board | str, disproof: UciProof, attacker: chess.Color, max_plies: int
) -> VerifiedDisproof:
    """Replay `disproof` from `root` and return what it proves: that `attacker` cannot mate
    within `max_plies` plies (the mate-length bound of `core.proofs.claims.plies_for_mate_in`),
    whoever is to move at the root. Raises VerificationError where it does not hold."""
    if max_plies < 1 or max_plies > MAX_PLIES:
        raise VerificationError(f"a bound of {max_plies} plies cannot be checked")
    board = standard_root(root)
    checker = _Replay(board, attacker, max_plies)
    checker.replay(disproof)
    moves = no_mate_within(max_plies, board.turn == attacker)
    return VerifiedDisproof(moves, max_plies, checker.nodes)


class _Replay:
    """Depth-first replay on one board; returns the shallowest ply of the line from the root
    whose position a repetition below each node goes back to."""

    def __init__(self, board: chess.Board, attacker: chess.Color, max_plies: int) -> None:
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
        if len(board.move_stack) >= self.max_plies:
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
