"""The move into each node of a search tree, named as a game names it: SAN and UCI for chess,
the node's name for a tree file. A game kind hands these to the GraphML export and the window
(`GameKind.tree_move_labels`)."""

from __future__ import annotations

from collections.abc import Callable

import chess

from ..tree import ROOT, Tree
from .chess_codes import decode_move

MoveLabels = Callable[[Tree, list[int]], dict[int, tuple[str, str]]]
"""Names the move into each of the given nodes: node -> (label, uci)."""


def chess_move_labels(root_board: chess.Board) -> MoveLabels:
    """SAN and UCI of the move into each node, walking the chosen nodes with one board."""

    def labels(tree: Tree, nodes: list[int]) -> dict[int, tuple[str, str]]:
        chosen = set(nodes)
        found = {ROOT: ("", "")}
        board = root_board.copy(stack=False)
        stack: list[tuple[int, bool]] = [(ROOT, False)]
        while stack:
            node, leaving = stack.pop()
            if leaving:
                board.pop()
                continue
            if node != ROOT:
                move = decode_move(tree.move[node])
                found[node] = (board.san(move), move.uci())
                board.push(move)
                stack.append((node, True))
            stack.extend((child, False) for child in tree.children(node) if child in chosen)
        return found

    return labels


def named_move_labels(name: Callable[[int], str]) -> MoveLabels:
    """A tree file's node names as the moves (they have no UCI)."""
    return lambda tree, nodes: {node: (name(tree.move[node]), "") for node in nodes}
