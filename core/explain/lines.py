"""Words for nodes of a search tree: moves and lines in the game's own notation (numbered SAN for
chess, node names for a tree file) and the two sides' names, without touching the search's own
game cursor."""

from __future__ import annotations

from ..games.game import Game
from ..games.registry import kind_of
from ..tree import Tree


class Lines:
    """Labels of one search's tree; `attacker` / `defender` name the sides in sentences."""

    def __init__(self, game: Game, tree: Tree) -> None:
        self.game = game
        self.tree = tree
        self.kind = kind_of(game)
        self._labels: dict[int, str] = {}
        self.attacker, self.defender = self.kind.sides(game)

    def moves(self, node: int) -> list[str]:
        """The moves from the root to `node` as the game labels them (SAN, node names).

        Lines share their beginnings (the most-proving path, the deepest lines), so each node's
        own label is worked out once and kept: SAN is the slow part of python-chess here. Only
        labels are kept, never whole lines, so a line costs its length (a line per node of a
        path 100,000 plies deep would be quadratic)."""
        path = self.tree.path_to(node)
        labels = self._labels
        start = len(path) - 1
        while start > 0 and path[start] not in labels:
            start -= 1
        if start < len(path) - 1:
            found = self.kind.move_labels(self.game, self.tree.moves_to(node))
            for depth in range(start + 1, len(path)):
                labels[path[depth]] = found[depth - 1]
        return [labels[step] for step in path[1:]]

    def line(self, node: int) -> str:
        """The line to `node` as a reader writes it: `1. Qxf4 Kg8 2. Qf7+`, or `A → C → G`."""
        return self.kind.join_line(self.kind.root_text(self.game), self.moves(node))

    def move(self, node: int) -> str:
        """The last move into `node` alone (SAN, or the node's name)."""
        known = self._labels.get(node)
        if known is not None:
            return known
        moves = self.moves(node)
        return moves[-1] if moves else "the root"
