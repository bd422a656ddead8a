"""A DAG PN node's parents in words (no Qt): the "2 parents" marker and each parent's line.

A node of DAG PN's graph reached by several paths is drawn once, under its first parent
(`core.search.dag_tree.DagTree`); these words name all its parents, for the tree view's marker and
the node's details beside the board.
"""

from __future__ import annotations

from collections.abc import Callable

import chess

from core.games.chess_game import decode_move
from core.tree import Tree


def parents_marker(tree: Tree, node: int) -> str:
    """The words under a shared node ("2 parents"); "" for a node with one parent (every node
    of a tree)."""
    count = len(tree.parents(node))
    return f"{count} parents" if count > 1 else ""


def parent_lines(
    tree: Tree,
    root: chess.Board | None,
    node: int,
    name: Callable[[int], str] | None = None,
) -> list[str]:
    """Each parent's line from the root down to `node` (SAN on a chess board, else node names
    by `name`), first parent first."""
    lines = []
    for parent in tree.parents(node):
        moves = [*tree.moves_to(parent), tree.move_to(parent, node)]
        if root is not None:
            lines.append(root.variation_san([decode_move(code) for code in moves]))
        else:
            lines.append(" → ".join(map(name, moves)))
    return lines


def parents_text(
    tree: Tree,
    root: chess.Board | None,
    node: int,
    name: Callable[[int], str] | None = None,
) -> str:
    """A shared node's parents for the node's details: "2 parents (transposition): …"; ""
    otherwise."""
    marker = parents_marker(tree, node)
    if not marker:
        return ""
    lines = parent_lines(tree, root, node, name)
    return f"{marker} (transposition): " + "  |  ".join(lines)
