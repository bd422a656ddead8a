"""Words for nodes of a search tree: moves and lines (numbered SAN for chess, node names for a
tree file) and the two sides' names, without touching the search's own game cursor."""

from __future__ import annotations

from core.games.chess_game import ChessGame, decode_move
from core.games.explicit_tree import ExplicitTreeGame
from core.proofs.claims import side_names
from core.proofs.solution import numbered_line
from core.tree import Tree


class Lines:
    """Labels of one search's tree; `attacker` / `defender` name the sides in sentences."""

    def __init__(self, game: ChessGame | ExplicitTreeGame, tree: Tree) -> None:
        self.game = game
        self.tree = tree
        self.chess = isinstance(game, ChessGame)
        self._labels: dict[int, str] = {}
        if self.chess:
            self.attacker, self.defender = side_names(game.attacker)
        else:
            self.attacker, self.defender = "the attacker", "the defender"

    def moves(self, node: int) -> list[str]:
        """The moves from the root to `node`: SAN for chess, node names for a tree file.

        Lines share their beginnings (the most-proving path, the deepest lines), so each node's
        own label is worked out once and kept: SAN is the slow part of python-chess here. Only
        labels are kept, never whole lines, so a line costs its length (a line per node of a
        path 100,000 plies deep would be quadratic)."""
        path = self.tree.path_to(node)
        labels = self._labels
        start = len(path) - 1
        while start > 0 and path[start] not in labels:
            start -= 1
        board = self.game.board_after(self.tree.moves_to(path[start])) if self.chess else None
        for step in path[start + 1 :]:
            code = self.tree.move[step]
            if board is not None:
                move = decode_move(code)
                labels[step] = board.san(move)
                board.push(move)
            else:
                labels[step] = self.game.node_name(code)
        return [labels[step] for step in path[1:]]

    def line(self, node: int) -> str:
        """The line to `node` as a reader writes it: `1. Qxf4 Kg8 2. Qf7+`, or `A → C → G`."""
        moves = self.moves(node)
        if self.chess:
            return numbered_line(self.game.root_board, moves)
        return " → ".join([self.game.tree.nodes[0].name, *moves])

    def move(self, node: int) -> str:
        """The last move into `node` alone (SAN, or the node's name)."""
        known = self._labels.get(node)
        if known is not None:
            return known
        moves = self.moves(node)
        return moves[-1] if moves else "the root"
