"""Replaying a proof under a game's own rules, for the board games (m,n,k, Connect-Four,
OpenSpiel): the independent check every proof passes before it is reported, as python-chess's
replay is for chess (`core.proofs.verify`).

A `Referee` knows nothing of the search: it is the game's rules written a second time, as
plainly as possible (a grid and a scan of every line for the m,n,k family; OpenSpiel's own
implementation for its games), so a bug in the searched game's fast code (bitboards, hashing)
cannot vouch for itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..errors import VerificationError
from .proof import ProofNode

MAX_PLIES = 800
"""Deeper proofs are refused rather than risk the interpreter's recursion limit."""


class Referee(Protocol):
    """A game's rules, plainly: who moves, what is legal, and whether the goal is reached."""

    def attacker_to_move(self) -> bool: ...

    def legal(self) -> list[int]: ...

    def play(self, move: int) -> None: ...

    def undo(self) -> None: ...

    def goal_reached(self) -> bool | None:
        """True where the game is over and the attacker's goal holds, False where it is over
        and does not; None while the game goes on."""

    def describe(self, move: int) -> str:
        """A move in the game's notation, for messages."""


@dataclass(frozen=True, slots=True)
class VerifiedGameProof:
    """An accepted proof: its size (nodes replayed) and depth (plies)."""

    nodes: int
    plies: int


def verify_game_proof(referee: Referee, proof: ProofNode) -> VerifiedGameProof:
    """Replay `proof` on `referee` from its start: at each attacker node one legal move, at each
    defender node every legal reply, every leaf a finished game where the goal holds. Raises
    VerificationError naming the line where it fails."""
    return _replay(referee, proof, proving=True)


def verify_game_disproof(
    referee: Referee, disproof: ProofNode, max_plies: int | None = None
) -> VerifiedGameProof:
    """Replay `disproof` on `referee` from its start as the defender's strategy: at each attacker
    node every legal move answered, at each defender node one legal reply, every leaf a finished
    game where the goal does not hold, or under a search's bound (`max_plies`: the goal within so
    many plies) a line that reaches the bound with the game going on. Whose move it is comes from
    the referee at every node, never from the depth (a player may move twice running). Raises
    VerificationError naming the line where it fails."""
    return _replay(referee, disproof, proving=False, bound=max_plies)


def _replay(
    referee: Referee, tree: ProofNode, proving: bool, bound: int | None = None
) -> VerifiedGameProof:
    """The one replay of both: the side whose strategy `tree` is (the attacker's for a proof,
    the defender's for a disproof) gives one move where it is to move, the other side's every
    legal move is covered, and every line ends in a finished game that goes that side's way."""
    what = "proof" if proving else "disproof"
    line: list[str] = []
    nodes = 0

    def fail(text: str) -> VerificationError:
        where = " ".join(line) if line else "the start"
        return VerificationError(f"after {where}: {text}")

    def replay(node: ProofNode, depth: int) -> int:
        nonlocal nodes
        nodes += 1
        if depth > MAX_PLIES:
            raise fail(f"{what} deeper than {MAX_PLIES} plies")
        over = referee.goal_reached()
        if over is not None:
            if node.children:
                raise fail(f"the {what} goes on after the game has ended")
            if over is not proving:
                raise fail(f"the game ends here {'without' if proving else 'with'} the goal")
            return 0
        if not node.children:
            if bound is not None and depth >= bound:
                return 0
            raise fail(f"the {what} ends but the game goes on")
        legal = referee.legal()
        chooses = referee.attacker_to_move() == proving
        if chooses:
            if len(node.children) != 1:
                mover = "attacker" if proving else "defender"
                raise fail(f"{len(node.children)} {mover} moves given, one expected")
        else:
            missing = sorted(set(legal) - set(node.children))
            if missing:
                mover = "defender" if proving else "attacker"
                raise fail(f"the {mover}'s {referee.describe(missing[0])} is not answered")
        deepest = 0
        for move, child in node.children.items():
            if move not in legal:
                raise fail(f"move {move} is not legal")
            line.append(referee.describe(move))
            referee.play(move)
            deepest = max(deepest, 1 + replay(child, depth + 1))
            referee.undo()
            line.pop()
        return deepest

    plies = replay(tree, 0)
    return VerifiedGameProof(nodes, plies)
