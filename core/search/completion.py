"""Playing a strategy's early leaves out to the end of the game, so that a referee can replay it.

A search may settle a position before the game ends there: an m,n,k game's one-ply lookahead
calls a position lost where the defender can make a line next move, where the attacker has no
safe move, or where no line is left free for the attacker (Allis's dead positions). Those are
sound rules of the game, but they are the searched game's own code: an independent referee knows
only the rules, and a leaf where its game goes on is one it must refuse. So before a disproof is
replayed, every leaf where the game goes on (the cursor's plain `evaluate` says unknown, and no
mate-length bound ends the line there) is replaced by a strategy that plays it out: found by a
plain exhaustive search over the cursor's moves (no lookahead, no numbers), the moves that end
the game at once tried first, positions remembered by their hash where the game's positions do
not depend on the path. The referee then checks every move of it, so this search vouches for
nothing: a wrong completion is refused like any other wrong disproof.
"""

from __future__ import annotations

from ..errors import VerificationError
from ..games.game import Game
from ..proofs.proof import ProofNode
from ..values import Value, counted

COMPLETION_BUDGET = 2_000_000
"""Positions the play-out of one strategy's leaves may visit before it gives up (the strategy
is then not certified: the claim is withdrawn, never made on the search's word)."""


def completed(
    game: Game, strategy: ProofNode, proving: bool, max_plies: int | None = None
) -> ProofNode:
    """`strategy` (a proof, or with `proving` False a disproof, from the root of `game`'s
    problem) with every leaf where the game goes on played out to the end of the game. Raises
    VerificationError where a leaf cannot be played out within `COMPLETION_BUDGET` positions or
    does not hold under the plain rules. A game whose `expand` settles nothing early
    (`Capabilities.settles_early`) has nothing to play out: its strategy is given back as it is,
    and its referee refuses a leaf where the game goes on."""
    if not game.capabilities.settles_early:
        return strategy
    game.reset()
    return _Completion(game, proving, max_plies).walk(strategy, 0)


class _Completion:
    """One play-out: the cursor stands on the node being read."""

    def __init__(self, game: Game, proving: bool, max_plies: int | None) -> None:
        self.game = game
        self.proving = proving
        self.max_plies = max_plies
        self.won = Value.TRUE if proving else Value.FALSE
        self.left = COMPLETION_BUDGET
        self.remembers = not game.capabilities.repetitions
        self.known: dict[int, ProofNode | None] = {}

    def walk(self, node: ProofNode, ply: int) -> ProofNode:
        """`node` with its leaves played out (the subtrees that need none kept as they are)."""
        game = self.game
        if not node.children:
            if self._ends(ply):
                return node
            found = self._solve(ply)
            if found is None:
                side = "proof" if self.proving else "disproof"
                raise VerificationError(
                    f"a {side} leaf {ply} plies deep does not hold when played out "
                    f"({game.position_label()})"
                )
            return found
        children = {}
        for move, child in node.children.items():
            game.push(move)
            try:
                children[move] = self.walk(child, ply + 1)
            finally:
                game.pop()
        if all(children[move] is child for move, child in node.children.items()):
            return node
        return ProofNode(node.is_or, children)

    def _ends(self, ply: int) -> bool:
        """Whether the line ends here for a referee: the game is over, or the bound is reached."""
        if self.game.evaluate().value is not Value.UNKNOWN:
            return True
        return self.max_plies is not None and ply >= self.max_plies

    def _solve(self, ply: int) -> ProofNode | None:
        """The strategy from the cursor's position to the end of the game (None: there is none
        within the bound)."""
        game = self.game
        value = game.evaluate().value
        if value is not Value.UNKNOWN:
            return ProofNode(game.is_or()) if value is self.won else None
        if self.max_plies is not None and ply >= self.max_plies:
            return None if self.proving else ProofNode(game.is_or())
        key = game.position_hash() if self.remembers else None
        if key is not None and key in self.known:
            return self.known[key]
        self.left -= 1
        if self.left < 0:
            raise VerificationError(
                f"playing a leaf out to the end of the game took over "
                f"{counted(COMPLETION_BUDGET, 'position')}"
            )
        is_or = game.is_or()
        chooses = is_or == self.proving
        out = ProofNode(is_or)
        for move in self._moves(chooses):
            game.push(move)
            try:
                sub = self._solve(ply + 1)
            finally:
                game.pop()
            if chooses and sub is not None:
                out.children[move] = sub
                break
            if not chooses:
                if sub is None:
                    out.children.clear()
                    break
                out.children[move] = sub
        found = out if out.children else None
        if key is not None:
            self.known[key] = found
        return found

    def _moves(self, chooses: bool) -> list[int]:
        """The cursor's moves; for the side choosing, those that end the game its way first."""
        game = self.game
        moves = game.ordered_moves()
        if not chooses:
            return moves
        ending = []
        for move in moves:
            game.push(move)
            if game.evaluate().value is self.won:
                ending.append(move)
            game.pop()
        return ending + [move for move in moves if move not in ending]
